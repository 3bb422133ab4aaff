/*
 * record.c - game records: the PGN-like text of docs/records.md, read and
 * written in one place so that every front end (play, replay, the match
 * runner, the engine protocol, a web page) shares it.
 *
 *     [Event "Club evening"]
 *     [South "Ama"]
 *     [North "awale level 3"]
 *     [Result "1-0"]
 *     [Rules "abapa"]
 *     [Rule "target=24"]
 *
 *     1. C f 2. F b {a comment} 3. A ... 1-0
 *
 * A record owns an aw_game, so a record that reads is a legal game: every
 * move is played through the game interface as it is read. Invariants:
 * - the tag list never holds the derived tags (Rules, Rule, SetUp, FEN);
 *   they are written from the game's rule set and start position;
 * - once the game is over by the rules, the result and the termination are
 *   the game's, whatever the tags say; a text that contradicts them is
 *   rejected;
 * - comments[i] is the comment after i moves, white space collapsed, no '}'
 *   (so that formatting then reading gives the same record and text).
 *
 * Nothing here is on a hot path: plain allocation, no I/O. Reading is
 * linear in the text: the comments read after a move are gathered in one
 * buffer and set once (joining them one by one was quadratic), arrays grow
 * geometrically, a tag value is allocated at its own length, and a record
 * is held to the limits AW_RECORD_*_MAX of awale.h (which also bound the
 * searches for a tag name and the repetition checks of aw_game_play).
 */
#include "record_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tags a written record adds to those of its list: Result,
 * Termination, Rules, Rule, SetUp, FEN. */
#define TAGS_WRITTEN 6
#define OWN_TAGS_MAX (AW_RECORD_TAGS_MAX - TAGS_WRITTEN)
#define LINE_WIDTH 79

typedef rec_tag tag;

static const char *const derived_tags[] = {"Rules", "Rule", "SetUp", "FEN"};
static const char *const roster[] = {"Event", "Site", "Date", "Round", "South", "North"};

char *record_dup(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

/* ---------------------------------------------------------- the record */

aw_record *aw_record_new(const aw_rules *rules, const aw_position *start)
{
    aw_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return NULL;
    rec->game = aw_game_new(rules, start);
    if (!rec->game || record_tree_init(rec)) {
        aw_record_free(rec);
        return NULL;
    }
    return rec;
}

void aw_record_free(aw_record *rec)
{
    if (!rec)
        return;
    for (int i = 0; i < rec->ntags; i++) {
        free(rec->tags[i].name);
        free(rec->tags[i].value);
    }
    free(rec->tags);
    record_tree_free(rec);
    aw_game_free(rec->game);
    free(rec);
}

aw_game *aw_record_game(aw_record *rec) { return rec->game; }
const aw_game *aw_record_game_const(const aw_record *rec) { return rec->game; }

/* A copy of `game`: its rules, start, moves and an end by agreement. */
static aw_game *game_copy(const aw_game *game, aw_error *err)
{
    aw_game *copy = aw_game_new(aw_game_rules(game), aw_game_start(game));
    if (!copy) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    for (int i = 0; i < aw_game_ply(game); i++)
        if (aw_game_play(copy, aw_game_move(game, i), err)) {
            aw_game_free(copy);
            return NULL;
        }
    if (aw_game_status(game) == AW_END_AGREEMENT && aw_game_status(copy) != AW_END_AGREEMENT &&
        aw_game_agree(copy, err)) {
        aw_game_free(copy);
        return NULL;
    }
    return copy;
}

int aw_record_set_game(aw_record *rec, const aw_game *game, aw_error *err)
{
    aw_game *copy = game_copy(game, err);
    if (!copy)
        return -1;
    if (record_sync(rec)) {
        aw_game_free(copy);
        return aw_fail(err, "out of memory");
    }
    /* Another rule set: the variations may not be legal any more. */
    const bool same_rules = memcmp(aw_game_rules(rec->game), aw_game_rules(copy),
                                   sizeof(aw_rules)) == 0;
    aw_game_free(rec->game);
    rec->game = copy;
    if (!same_rules)
        record_tree_clear(rec);
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    return 0;
}

bool record_tag_derived(const char *name)
{
    for (size_t i = 0; i < sizeof derived_tags / sizeof derived_tags[0]; i++)
        if (strcmp(name, derived_tags[i]) == 0)
            return true;
    return false;
}

bool record_is_result(const char *v)
{
    return strcmp(v, "1-0") == 0 || strcmp(v, "0-1") == 0 || strcmp(v, "1/2-1/2") == 0 ||
           strcmp(v, "*") == 0;
}

/* The end of the rules named by `word`, or AW_ONGOING. */
aw_status record_status_of_word(const char *word)
{
    for (int s = AW_END_TARGET; s <= AW_END_AGREEMENT; s++)
        if (strcmp(word, aw_status_word((aw_status)s)) == 0)
            return (aw_status)s;
    return AW_ONGOING;
}

static int find_tag(const aw_record *rec, const char *name)
{
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->tags[i].name, name) == 0)
            return i;
    return -1;
}

int aw_record_set_tag(aw_record *rec, const char *name, const char *value, aw_error *err)
{
    size_t n = strlen(name);
    if (n == 0 || n > TAG_NAME_MAX)
        return aw_fail(err, "a tag name has 1 to %d characters", TAG_NAME_MAX);
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)name[i]) && name[i] != '_')
            return aw_fail(err, "tag name '%.64s': only letters, digits and '_' are allowed", name);
    if (record_tag_derived(name))
        return aw_fail(err, "tag %s is derived from the game's rules and start position", name);
    int at = find_tag(rec, name);
    if (!value) {
        if (at >= 0) {
            free(rec->tags[at].name);
            free(rec->tags[at].value);
            memmove(&rec->tags[at], &rec->tags[at + 1],
                    sizeof *rec->tags * (size_t)(rec->ntags - at - 1));
            rec->ntags--;
        }
        return 0;
    }
    size_t len = strlen(value);
    if (len > TAG_VALUE_MAX)
        return aw_fail(err, "tag %s: the value is longer than %d characters", name, TAG_VALUE_MAX);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)value[i] < 0x20 || value[i] == 0x7f)
            return aw_fail(err, "tag %s: the value holds a control character (byte 0x%02x)",
                          name, (unsigned char)value[i]);
    if (strcmp(name, "Result") == 0 && !record_is_result(value))
        return aw_fail(err, "tag Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *", value);
    if (strcmp(name, "Termination") == 0 && record_status_of_word(value) != AW_ONGOING)
        return aw_fail(err,
                       "tag Termination: '%s' is an end of the rules, which the game itself "
                       "records (end by agreement with aw_game_agree)",
                       value);
    char *v = record_dup(value, len);
    if (!v)
        return aw_fail(err, "out of memory");
    if (at >= 0) {
        free(rec->tags[at].value);
        rec->tags[at].value = v;
        return 0;
    }
    if (rec->ntags >= OWN_TAGS_MAX) {
        free(v);
        return aw_fail(err,
                       "a record holds at most %d tags of its own (%d tag pairs with the ones "
                       "written from its game)",
                       OWN_TAGS_MAX, AW_RECORD_TAGS_MAX);
    }
    if (rec->ntags == rec->tagcap) {
        int cap = rec->tagcap ? rec->tagcap * 2 : 8;
        tag *t = realloc(rec->tags, sizeof *t * (size_t)cap);
        if (!t) {
            free(v);
            return aw_fail(err, "out of memory");
        }
        rec->tags = t;
        rec->tagcap = cap;
    }
    char *nm = record_dup(name, n);
    if (!nm) {
        free(v);
        return aw_fail(err, "out of memory");
    }
    rec->tags[rec->ntags].name = nm;
    rec->tags[rec->ntags].value = v;
    rec->ntags++;
    return 0;
}

const char *aw_record_tag(const aw_record *rec, const char *name)
{
    int at = find_tag(rec, name);
    return at >= 0 ? rec->tags[at].value : NULL;
}

int aw_record_tag_count(const aw_record *rec) { return rec->ntags; }

const char *aw_record_tag_name(const aw_record *rec, int i)
{
    return i >= 0 && i < rec->ntags ? rec->tags[i].name : NULL;
}

const char *aw_record_tag_value(const aw_record *rec, int i)
{
    return i >= 0 && i < rec->ntags ? rec->tags[i].value : NULL;
}

/* `text` with white space (and control characters) collapsed to single
 * spaces and trimmed; malloc'ed. */
static char *collapse(const char *text)
{
    size_t n = strlen(text), k = 0;
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    bool space = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c <= 0x20 || c == 0x7f) {
            space = k > 0;
            continue;
        }
        if (space)
            out[k++] = ' ';
        space = false;
        out[k++] = (char)c;
    }
    out[k] = 0;
    return out;
}

int record_comment_prepare(const char *text, int ply, bool before, char **out, aw_error *err)
{
    *out = NULL;
    if (!text)
        return 0;
    if (strchr(text, '}'))
        return aw_fail(err, "a comment cannot hold '}'");
    char *c = collapse(text);
    if (!c)
        return aw_fail(err, "out of memory");
    const size_t len = strlen(c);
    if (len > AW_RECORD_COMMENT_MAX) {
        free(c);
        if (before)
            return aw_fail(err, "the comment before move %d is longer than %d bytes (%zu)", ply,
                           AW_RECORD_COMMENT_MAX, len);
        if (ply == 0)
            return aw_fail(err, "the comment before the first move is longer than %d bytes "
                                "(%zu)", AW_RECORD_COMMENT_MAX, len);
        return aw_fail(err, "the comment after move %d is longer than %d bytes (%zu)", ply,
                       AW_RECORD_COMMENT_MAX, len);
    }
    if (!c[0]) {
        free(c);
        c = NULL;
    }
    *out = c;
    return 0;
}

int aw_record_set_comment(aw_record *rec, int ply, const char *text, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (ply < 0 || ply > rec->main_len)
        return aw_fail(err, "no comment after move %d: the game has %d moves", ply,
                       rec->main_len);
    return aw_record_node_set_comment(rec, rec->main[ply], text, err);
}

const char *aw_record_comment(const aw_record *rec, int ply)
{
    if (record_sync(rec) || ply < 0 || ply > rec->main_len)
        return NULL;
    return rec->nodes[rec->main[ply]].comment;
}

/* ------------------------------------------------------------- marks */

static const char *const mark_texts[] = {"", "!", "?", "!!", "??", "!?", "?!"};

const char *aw_mark_text(aw_mark mark)
{
    return (unsigned)mark < sizeof mark_texts / sizeof mark_texts[0] ? mark_texts[mark] : "";
}

/* The mark spelt by the n bytes at s, or -1. */
int record_mark_of(const char *s, size_t n)
{
    for (int i = 1; i < (int)(sizeof mark_texts / sizeof mark_texts[0]); i++)
        if (strlen(mark_texts[i]) == n && strncmp(s, mark_texts[i], n) == 0)
            return i;
    return -1;
}

int aw_record_set_mark(aw_record *rec, int move, aw_mark mark, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (move < 0 || move >= rec->main_len)
        return aw_fail(err, "no move %d to mark: the game has %d moves", move + 1,
                       rec->main_len);
    return aw_record_node_set_mark(rec, rec->main[move + 1], mark, err);
}

aw_mark aw_record_mark(const aw_record *rec, int move)
{
    if (record_sync(rec) || move < 0 || move >= rec->main_len)
        return AW_MARK_NONE;
    return (aw_mark)rec->nodes[rec->main[move + 1]].mark;
}

/* The result of a finished game from its final scores; NULL while it goes on. */
const char *record_game_result(const aw_game *game)
{
    if (aw_game_status(game) == AW_ONGOING)
        return NULL;
    int sc[2];
    aw_game_scores(game, sc);
    return sc[0] > sc[1] ? "1-0" : sc[0] < sc[1] ? "0-1" : "1/2-1/2";
}

const char *aw_record_result(const aw_record *rec)
{
    const char *r = record_game_result(rec->game);
    if (!r)
        r = aw_record_tag(rec, "Result");
    return r ? r : "*";
}

/* Round number of ply k (0-based) of a game whose first mover is `first`:
 * a round is South's move then North's. */
int record_round_of(int first, int k) { return first == AW_SOUTH ? k / 2 + 1 : (k + 1) / 2 + 1; }

/* ------------------------------------------------------------- writing */

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
    int col;     /* column in the movetext */
    bool open;   /* a '(' goes before the next word */
    size_t last; /* where the last word starts */
} sbuf;

static void sb_put(sbuf *b, const char *t, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, t, n);
    b->len += n;
    b->s[b->len] = 0;
}

static void sb_puts(sbuf *b, const char *t) { sb_put(b, t, strlen(t)); }

static void put_tag(sbuf *b, const char *name, const char *value)
{
    sb_puts(b, "[");
    sb_puts(b, name);
    sb_puts(b, " \"");
    for (const char *v = value; *v; v++) {
        if (*v == '"' || *v == '\\')
            sb_put(b, "\\", 1);
        sb_put(b, v, 1);
    }
    sb_puts(b, "\"]\n");
}

/* One word of movetext (a '(' opening a variation when b->open is set,
 * pre, the n bytes of w, post), wrapping lines at LINE_WIDTH. */
static void put_word(sbuf *b, const char *pre, const char *w, size_t n, const char *post)
{
    const char *open = b->open ? "(" : "";
    b->open = false;
    int len = (int)(strlen(open) + strlen(pre) + n + strlen(post));
    if (b->col > 0 && b->col + 1 + len > LINE_WIDTH) {
        sb_puts(b, "\n");
        b->col = 0;
    } else if (b->col > 0) {
        sb_puts(b, " ");
        b->col++;
    }
    b->last = b->len;
    sb_puts(b, open);
    sb_puts(b, pre);
    sb_put(b, w, n);
    sb_puts(b, post);
    b->col += len;
}

/* A ')' closing a variation, glued to the word before it: when it would
 * pass the line's width, that word goes to the next line with it. */
static void put_close(sbuf *b)
{
    if (!b->oom && b->col + 1 > LINE_WIDTH && b->last > 0 && b->s[b->last - 1] == ' ') {
        b->s[b->last - 1] = '\n';
        b->col = (int)(b->len - b->last);
    }
    sb_puts(b, ")");
    b->col++;
}

static void put_text(sbuf *b, const char *w) { put_word(b, "", w, strlen(w), ""); }

/* A comment word by word, so that long comments wrap; the reader collapses
 * the line breaks again. */
static void put_comment(sbuf *b, const char *c)
{
    bool first = true;
    for (const char *p = c; *p;) {
        const char *e = strchr(p, ' ');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        put_word(b, first ? "{" : "", p, n, e ? "" : "}");
        first = false;
        p = e ? e + 1 : p + n;
    }
}

/* The line that starts with node n, each move followed by its mark, its
 * comment and the variations that are alternatives to it, in parentheses
 * (recursion: as deep as the variations nest, AW_RECORD_DEPTH_MAX). Move
 * numbers as PGN writes them: before every South move, and before a North
 * move that opens a line or follows a comment or a variation ("12... b"). */
static void put_line(sbuf *b, const aw_record *rec, int n, int first_side)
{
    const aw_rules *rules = aw_game_rules(rec->game);
    bool numbered = true;
    for (; n >= 0; n = rec->nodes[n].first) {
        const rec_node *x = &rec->nodes[n];
        const int k = x->ply - 1;
        char word[32], mv[AW_MOVE_MAX + 2];
        aw_move_format(rules, x->move, mv);
        strcat(mv, aw_mark_text((aw_mark)x->mark));
        if ((first_side + k) % 2 == AW_SOUTH)
            snprintf(word, sizeof word, "%d.", record_round_of(first_side, k));
        else if (numbered)
            snprintf(word, sizeof word, "%d...", record_round_of(first_side, k));
        else
            word[0] = 0;
        if (word[0])
            put_text(b, word);
        put_text(b, mv);
        numbered = false;
        if (x->comment) {
            put_comment(b, x->comment);
            numbered = true;
        }
        if (rec->nodes[x->parent].first != n)
            continue; /* a variation's first move: its siblings are the caller's */
        for (int v = x->next; v >= 0; v = rec->nodes[v].next) {
            b->open = true;
            if (rec->nodes[v].before)
                put_comment(b, rec->nodes[v].before);
            put_line(b, rec, v, first_side);
            put_close(b);
            numbered = true;
        }
    }
}

char *aw_record_format(const aw_record *rec)
{
    if (record_sync(rec))
        return NULL;
    sbuf b = {0};
    const aw_game *g = rec->game;
    const aw_rules *rules = aw_game_rules(g);
    const aw_position *start = aw_game_start(g);
    aw_status st = aw_game_status(g);

    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
        const char *v = aw_record_tag(rec, roster[i]);
        if (v)
            put_tag(&b, roster[i], v);
    }
    put_tag(&b, "Result", aw_record_result(rec));
    const char *term = st != AW_ONGOING ? aw_status_word(st) : aw_record_tag(rec, "Termination");
    if (term)
        put_tag(&b, "Termination", term);
    put_tag(&b, "Rules", rules->name);
    char diff[1024];
    if (aw_rules_diff(rules, diff, sizeof diff) > 0)
        put_tag(&b, "Rule", diff);
    aw_position standard = aw_position_start(AW_SOUTH);
    if (memcmp(start, &standard, sizeof standard) != 0) {
        char pos[AW_POSITION_MAX];
        put_tag(&b, "SetUp", "1");
        put_tag(&b, "FEN", aw_position_format(start, pos));
    }
    for (int i = 0; i < rec->ntags; i++) {
        const char *name = rec->tags[i].name;
        bool listed = strcmp(name, "Result") == 0 || strcmp(name, "Termination") == 0;
        for (size_t k = 0; k < sizeof roster / sizeof roster[0]; k++)
            listed = listed || strcmp(name, roster[k]) == 0;
        if (!listed)
            put_tag(&b, name, rec->tags[i].value);
    }
    sb_puts(&b, "\n");

    b.col = 0;
    const char *c = rec->nodes[AW_RECORD_ROOT].comment;
    if (c)
        put_comment(&b, c);
    put_line(&b, rec, rec->nodes[AW_RECORD_ROOT].first, start->side);
    const char *res = aw_record_result(rec);
    put_text(&b, res);
    sb_puts(&b, "\n");
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
