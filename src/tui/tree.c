/*
 * tree.c - the moves as a tree in the full screen (docs/variations.md):
 * the move list drawn with its variations (each in parentheses on lines of
 * its own, indented under the move it replaces, deeper ones deeper; the
 * current move in reverse video), and the tree mode (w) that walks it:
 * back and forward along the line, up and down between the variations of
 * a move, promote, delete, back to the main line. The session owns the
 * tree and decides (session_goto & co.); this file only shows it and sends
 * the keys.
 *
 * The drawing reads a copy (tree_copy, made by tui_sync while the thread is
 * idle, like the other copies: the thread's search may add a move to the
 * session's tree while the screen is drawn). The copy keeps, per node id,
 * its parent, move, ply, mark, whether it is on the main line and its
 * children; ids are the session's, below aw_record_node_limit.
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tree_copy {
    int limit;      /* ids below it                                  */
    int current;    /* the current node                              */
    bool branched;  /* a node with two children or more              */
    signed char *alive;
    int *parent, *ply, *first, *count; /* children: kids[first .. first+count) */
    int *kids;
    aw_move *move;
    aw_mark *mark;
    bool *main;
};

void tui_tree_free(tui *t)
{
    struct tree_copy *c = t->tree;
    if (!c)
        return;
    free(c->alive);
    free(c->parent);
    free(c->ply);
    free(c->first);
    free(c->count);
    free(c->kids);
    free(c->move);
    free(c->mark);
    free(c->main);
    free(c);
    t->tree = NULL;
}

/* Copy the session's tree (thread idle). */
void tui_tree_sync(tui *t)
{
    tui_tree_free(t);
    const aw_record *rec = session_tree(t->s);
    const int n = rec ? aw_record_node_limit(rec) : 0;
    if (n <= 0)
        return;
    struct tree_copy *c = t->tree = calloc(1, sizeof *c);
    if (!c)
        return;
    c->limit = n;
    c->current = session_node(t->s);
    c->alive = calloc((size_t)n, 1);
    c->parent = calloc((size_t)n, sizeof *c->parent);
    c->ply = calloc((size_t)n, sizeof *c->ply);
    c->first = calloc((size_t)n, sizeof *c->first);
    c->count = calloc((size_t)n, sizeof *c->count);
    c->kids = calloc((size_t)n, sizeof *c->kids);
    c->move = calloc((size_t)n, sizeof *c->move);
    c->mark = calloc((size_t)n, sizeof *c->mark);
    c->main = calloc((size_t)n, sizeof *c->main);
    if (!c->alive || !c->parent || !c->ply || !c->first || !c->count || !c->kids || !c->move ||
        !c->mark || !c->main || c->current < 0 || c->current >= n) {
        tui_tree_free(t);
        return;
    }
    int used = 0;
    for (int id = 0; id < n; id++) {
        if (!aw_record_node_exists(rec, id))
            continue;
        c->alive[id] = 1;
        c->parent[id] = aw_record_node_parent(rec, id);
        c->ply[id] = aw_record_node_ply(rec, id);
        c->move[id] = aw_record_node_move(rec, id);
        c->mark[id] = aw_record_node_mark(rec, id);
        c->main[id] = aw_record_node_on_main_line(rec, id);
        const int k = aw_record_node_children(rec, id);
        c->first[id] = used;
        for (int i = 0; i < k && used < n; i++)
            c->kids[used++] = aw_record_node_child(rec, id, i);
        c->count[id] = used - c->first[id];
        if (c->count[id] > 1)
            c->branched = true;
    }
}

static int child(const struct tree_copy *c, int node, int i)
{
    return node >= 0 && node < c->limit && c->alive[node] && i < c->count[node]
               ? c->kids[c->first[node] + i]
               : -1;
}

bool tui_tree_shown(const tui *t)
{
    const struct tree_copy *c = t->tree;
    return c && (t->tree_mode || c->branched || !c->main[c->current]);
}

/* ------------------------------------------------------------ drawing */

typedef struct tline {
    char text[160];
    int len;
    int hl, hl_len; /* the current move: its bytes, -1 when not here */
} tline;

typedef struct canvas {
    tline *lines;
    int n, cap, width, indent;
    int cur_line;
    const struct tree_copy *c;
    const aw_rules *rules;
    int first_side; /* the side to move at the start */
} canvas;

static void new_line(canvas *o, int indent)
{
    if (o->n == o->cap) {
        const int cap = o->cap ? o->cap * 2 : 32;
        tline *l = realloc(o->lines, sizeof *l * (size_t)cap);
        if (!l)
            return;
        o->lines = l;
        o->cap = cap;
    }
    if (indent > o->width / 2)
        indent = o->width / 2;
    tline *l = &o->lines[o->n++];
    memset(l->text, ' ', (size_t)indent);
    l->text[indent] = 0;
    l->len = indent;
    l->hl = -1;
    l->hl_len = 0;
    o->indent = indent;
}

/* A word on the current line (wrapped at the width, same indent); the
 * current move's bytes are `hl` .. `hl + hl_len` of it (hl -1: none). */
static void put(canvas *o, const char *word, bool space, int hl, int hl_len)
{
    if (o->n == 0)
        new_line(o, 0);
    if (o->n == 0)
        return;
    tline *l = &o->lines[o->n - 1];
    const int wl = (int)strlen(word);
    if (l->len > o->indent && l->len + (space ? 1 : 0) + wl > o->width) {
        new_line(o, o->indent);
        l = &o->lines[o->n - 1];
        space = false;
    }
    if (l->len + 1 + wl >= (int)sizeof l->text)
        return;
    if (space && l->len > o->indent)
        l->text[l->len++] = ' ';
    if (hl >= 0) {
        l->hl = l->len + hl;
        l->hl_len = hl_len;
        o->cur_line = o->n - 1;
    }
    memcpy(l->text + l->len, word, (size_t)wl + 1);
    l->len += wl;
}

/* Ply p's number and whether South plays it. */
static int number(const canvas *o, int ply, bool *south)
{
    const int k = ply - 1 + (o->first_side == AW_NORTH);
    *south = k % 2 == 0;
    return k / 2 + 1;
}

/* A move as a word: "12. C", "12... f" (numbered), "f"; with its mark,
 * and the parenthesis that opens a variation. */
static void put_move(canvas *o, int node, bool numbered, const char *open)
{
    const struct tree_copy *c = o->c;
    char m[AW_MOVE_MAX], word[64];
    bool south;
    const int k = number(o, c->ply[node], &south);
    aw_move_format(o->rules, c->move[node], m);
    int at;
    if (south)
        at = snprintf(word, sizeof word, "%s%d. ", open, k);
    else if (numbered)
        at = snprintf(word, sizeof word, "%s%d... ", open, k);
    else
        at = snprintf(word, sizeof word, "%s", open);
    snprintf(word + at, sizeof word - (size_t)at, "%s%s", m,
             c->mark[node] != AW_MARK_NONE ? aw_mark_text(c->mark[node]) : "");
    put(o, word, true, node == c->current ? at : -1, (int)strlen(m));
}

/* A variation from `node`, in parentheses, the variations inside it on
 * lines of their own, further in. */
static void variation(canvas *o, int node, int indent, int depth)
{
    const struct tree_copy *c = o->c;
    new_line(o, indent);
    bool numbered = true;
    for (int n = node; n >= 0; n = child(c, n, 0)) {
        put_move(o, n, numbered, n == node ? "(" : "");
        numbered = false;
        const int parent = c->parent[n];
        if (n != node && child(c, parent, 0) == n && c->count[parent] > 1 && depth < 32) {
            for (int i = 1; i < c->count[parent]; i++)
                variation(o, child(c, parent, i), indent + 2, depth + 1);
            if (child(c, n, 0) >= 0) /* (else the parenthesis closes there) */
                new_line(o, indent);
            numbered = true;
        }
    }
    put(o, ")", false, -1, 0);
}

/* The moves panel as a tree from row y (rows rows): "Moves", then the main
 * line as it flows, broken where a move has variations. */
int tui_tree_draw(const tui *t, const rect *p, int y, int rows)
{
    const struct tree_copy *c = t->tree;
    screen_put(y, p->x, p->w, A_BOLD, t->tree_mode ? _("Moves: the tree (w)") : _("Moves"));
    if (rows < 2 || !c)
        return 1;
    canvas o;
    memset(&o, 0, sizeof o);
    o.c = c;
    o.rules = tui_rules(t);
    o.first_side = t->start.side;
    o.width = p->w < (int)sizeof o.lines[0].text - 8 ? p->w : (int)sizeof o.lines[0].text - 8;
    o.cur_line = -1;
    new_line(&o, 0);
    bool numbered = true;
    for (int node = 0; child(c, node, 0) >= 0;) {
        const int next = child(c, node, 0);
        bool south;
        number(&o, c->ply[next], &south);
        if (south && o.lines[o.n - 1].len > 0)
            put(&o, " ", false, -1, 0); /* two spaces between pairs */
        put_move(&o, next, numbered, "");
        numbered = false;
        if (c->count[node] > 1) {
            for (int i = 1; i < c->count[node]; i++)
                variation(&o, child(c, node, i), 2, 1);
            if (child(c, next, 0) >= 0)
                new_line(&o, 0);
            numbered = true;
        }
        node = next;
    }
    if (c->current == 0 && t->tree_mode)
        put(&o, _("(the start)"), true, -1, 0);
    /* The lines that fit, the current move's among them. */
    const int room = rows - 1;
    int first = 0;
    if (o.n > room) {
        first = o.cur_line >= 0 ? o.cur_line - room / 2 : o.n - room;
        if (first > o.n - room)
            first = o.n - room;
        if (first < 0)
            first = 0;
    }
    int used = 1;
    for (int i = first; i < o.n && used < rows; i++, used++) {
        const tline *l = &o.lines[i];
        screen_put(y + used, p->x, p->w, A_NORMAL, l->text);
        if (l->hl >= 0) {
            char word[64];
            snprintf(word, sizeof word, "%.*s", l->hl_len, l->text + l->hl);
            screen_put(y + used, p->x + l->hl, l->hl_len, A_REVERSE, word);
        }
    }
    free(o.lines);
    return used;
}

/* ------------------------------------------------------------ the keys */

/* The first move of the variation that `node` is in: where its line
 * leaves its parent's (the node itself on the main line). */
static int variation_start(const struct tree_copy *c, int node)
{
    while (node > 0 && !c->main[node] && child(c, c->parent[node], 0) == node)
        node = c->parent[node];
    return node;
}

static void went(tui *t, session_code code, const aw_error *err, const char *done)
{
    if (code != SESSION_OK) {
        tui_note(t, screen_attr(CP_ERROR), "%s", err->msg[0] ? err->msg : session_why(code));
        return;
    }
    t->msg[0] = t->prev[0] = 0;
    t->view.last = -1;
    t->view.captured = 0;
    tui_sync(t);
    if (done)
        tui_note(t, screen_attr(CP_INFO), "%s", done);
    else
        t->note[0] = 0;
}

static void go(tui *t, int node)
{
    if (node < 0)
        return;
    aw_error err = {{0}};
    went(t, session_goto(t->s, node, &err), &err, NULL);
}

void tui_tree_enter(tui *t)
{
    tui_idle(t);
    tui_sync(t);
    aw_error err = {{0}};
    /* (going to the current move: refused when the game keeps no
     * variations, clocks) */
    const session_code code = t->tree ? session_goto(t->s, t->tree->current, &err) : SESSION_OK;
    if (!t->tree || code != SESSION_OK) {
        tui_note(t, screen_attr(CP_ERROR), "%s",
                 !t->tree ? _("This game keeps no variations.")
                 : err.msg[0] ? err.msg : session_why(code));
        return;
    }
    t->tree_mode = true;
    if (!t->set->moves) {
        t->set->moves = true;
        t->tree_opened_moves = true;
        tui_relayout(t);
    }
    t->note[0] = 0; /* (the prompt and the key bar say what the keys do) */
}

static void leave(tui *t)
{
    t->tree_mode = false;
    t->note[0] = 0;
    if (t->tree_opened_moves) {
        t->set->moves = false;
        t->tree_opened_moves = false;
        tui_relayout(t);
    }
}

void tui_tree_key(tui *t, action a)
{
    tui_idle(t);
    const struct tree_copy *c = t->tree;
    if (!c) {
        leave(t);
        return;
    }
    const int cur = c->current;
    aw_error err = {{0}};
    switch (a.kind) {
    case ACT_RESIZE:
    case ACT_REDRAW: tui_relayout(t); return;
    case ACT_HELP: tui_help(t); return;
    case ACT_QUIT:
    case ACT_CANCEL:
    case ACT_PLAY: leave(t); return;
    case ACT_LEFT: go(t, cur > 0 ? c->parent[cur] : -1); return;
    case ACT_RIGHT: go(t, child(c, cur, 0)); return;
    case ACT_HOME: go(t, 0); return;
    case ACT_END: {
        int n = cur;
        while (child(c, n, 0) >= 0)
            n = child(c, n, 0);
        go(t, n);
        return;
    }
    case ACT_UP:
    case ACT_DOWN: {
        /* the other variations of this move: its parent's children */
        if (cur <= 0)
            return;
        const int parent = c->parent[cur];
        int i = 0;
        while (i < c->count[parent] && child(c, parent, i) != cur)
            i++;
        const int j = a.kind == ACT_UP ? i - 1 : i + 1;
        if (j < 0 || j >= c->count[parent])
            tui_note(t, screen_attr(CP_INFO), "%s", _("No other variation here."));
        else
            go(t, child(c, parent, j));
        return;
    }
    case ACT_MOVES: /* m */
        went(t, session_main_line(t->s, &err), &err, _("Back on the main line."));
        return;
    default: break;
    }
    if (a.key == 'p' || a.key == 'P') {
        went(t, session_promote(t->s, cur, &err), &err, _("This line is now the main line."));
    } else if (a.key == 'd' || a.key == 'D') {
        const int from = variation_start(c, cur);
        if (from <= 0 || c->main[from])
            tui_note(t, screen_attr(CP_ERROR), "%s", session_why(SESSION_MAIN_LINE));
        else
            went(t, session_delete_variation(t->s, from, &err), &err, _("Variation deleted."));
    } else if (a.key == 'w' || a.key == 'W') {
        leave(t);
    }
}
