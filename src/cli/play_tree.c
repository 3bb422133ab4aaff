/*
 * play_tree.c - line mode's commands for the moves as a tree
 * (docs/variations.md): `tree` prints the moves with their variations as a
 * record writes them, the current move in brackets; `goto MOVES` goes to
 * the move reached by MOVES from the start (`goto` alone: the start);
 * `promote` makes the current line the main line; `mainline` goes back to
 * the main line. The session decides (session_goto & co.); its refusals are
 * printed in the player's language.
 */
#include "play_text.h"

#include "front/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct text {
    char *s;
    size_t len, cap;
    size_t line; /* where the current printed line begins */
} text;

static void add(text *t, const char *word)
{
    const size_t n = strlen(word);
    if (t->len + n + 4 > t->cap) {
        const size_t cap = (t->len + n + 4) * 2;
        char *s = realloc(t->s, cap);
        if (!s)
            return;
        t->s = s;
        t->cap = cap;
    }
    /* words a space apart, lines of at most 72 columns, indented */
    if (t->len > t->line && t->len - t->line + 1 + n > 72) {
        memcpy(t->s + t->len, "\n  ", 3);
        t->len += 3;
        t->line = t->len - 2;
    } else if (t->len > t->line) {
        t->s[t->len++] = ' ';
    }
    memcpy(t->s + t->len, word, n + 1);
    t->len += n;
}

/* A closing parenthesis right after the last word. */
static void close_paren(text *t)
{
    if (t->len + 2 > t->cap) {
        char *s = realloc(t->s, t->cap + 16);
        if (!s)
            return;
        t->s = s;
        t->cap += 16;
    }
    memcpy(t->s + t->len, ")", 2);
    t->len++;
}

static void add_move(text *t, const session *s, const aw_record *rec, int node, bool numbered,
                     const char *open)
{
    char m[AW_MOVE_MAX], word[64];
    const int k = aw_record_node_ply(rec, node) - 1 + (aw_game_start(session_game(s))->side == AW_NORTH);
    const bool current = node == session_node(s);
    aw_move_format(session_rules(s), aw_record_node_move(rec, node), m);
    const aw_mark mark = aw_record_node_mark(rec, node);
    char num[24] = "";
    if (k % 2 == 0)
        snprintf(num, sizeof num, "%d. ", k / 2 + 1);
    else if (numbered)
        snprintf(num, sizeof num, "%d... ", k / 2 + 1);
    snprintf(word, sizeof word, "%s%s%s%s%s%s", open, num, current ? "[" : "", m,
             mark != AW_MARK_NONE ? aw_mark_text(mark) : "", current ? "]" : "");
    add(t, word);
}

/* The line from `node` on (its first children), with the variations of
 * each of its moves after it in parentheses; `open` before its first move. */
static void line_from(text *t, const session *s, const aw_record *rec, int node, bool variation,
                      int depth)
{
    bool numbered = true;
    for (int n = node; n >= 0;) {
        const int next = aw_record_node_child(rec, n, 0);
        add_move(t, s, rec, n, numbered, variation && n == node ? "(" : "");
        numbered = false;
        const int parent = aw_record_node_parent(rec, n);
        if ((!variation || n != node) && aw_record_node_child(rec, parent, 0) == n &&
            depth < AW_RECORD_DEPTH_MAX) {
            for (int i = 1; i < aw_record_node_children(rec, parent); i++) {
                line_from(t, s, rec, aw_record_node_child(rec, parent, i), true, depth + 1);
                numbered = true;
            }
        }
        n = next;
    }
    if (variation)
        close_paren(t);
}

void line_tree(const session *s)
{
    const aw_record *rec = session_tree(s);
    const int first = rec ? aw_record_node_child(rec, AW_RECORD_ROOT, 0) : -1;
    if (first < 0) {
        printf(_("No move yet.\n"));
        return;
    }
    text t = {0};
    line_from(&t, s, rec, first, false, 0);
    printf(_("The moves, variations in parentheses (the current move in brackets):\n"));
    printf("  %s\n", t.s ? t.s : "");
    if (session_node(s) == AW_RECORD_ROOT)
        printf(_("The game is at the start.\n"));
    free(t.s);
}

/* A refusal of the session, or what was done. */
static bool done(session_code code, const aw_error *err)
{
    if (code == SESSION_OK)
        return true;
    printf("%s\n", err->msg[0] ? err->msg : session_why(code));
    return false;
}

bool line_goto(session *s, const char *moves)
{
    const aw_record *rec = session_tree(s);
    if (!rec) {
        printf("%s\n", session_why(SESSION_NO_VARIATIONS));
        return false;
    }
    aw_move list[512];
    aw_error err = {{0}};
    const int n = moves && moves[0] ? aw_moves_parse(session_rules(s), moves, list, 512, &err) : 0;
    if (n < 0) {
        printf(_("goto: %s\n"), err.msg);
        return false;
    }
    int node = AW_RECORD_ROOT;
    for (int i = 0; i < n; i++) {
        int next = -1;
        for (int k = 0; k < aw_record_node_children(rec, node) && next < 0; k++)
            if (aw_record_node_move(rec, aw_record_node_child(rec, node, k)) == list[i])
                next = aw_record_node_child(rec, node, k);
        if (next < 0) {
            char m[AW_MOVE_MAX];
            printf(_("goto: the tree has no move %s there (move %d of those given); 'tree' shows "
                     "it.\n"),
                   aw_move_format(session_rules(s), list[i], m), i + 1);
            return false;
        }
        node = next;
    }
    return done(session_goto(s, node, &err), &err);
}

bool line_promote(session *s)
{
    aw_error err = {{0}};
    if (!done(session_promote(s, session_node(s), &err), &err))
        return false;
    printf("%s\n", _("This line is now the main line."));
    return true;
}

bool line_main_line(session *s)
{
    aw_error err = {{0}};
    if (!done(session_main_line(s, &err), &err))
        return false;
    printf("%s\n", _("Back on the main line."));
    return true;
}
