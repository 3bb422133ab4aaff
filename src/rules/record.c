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
#include "rules_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_NAME_MAX AW_RECORD_TAG_NAME_MAX
#define TAG_VALUE_MAX AW_RECORD_TAG_VALUE_MAX
/* The tags a written record adds to those of its list: Result,
 * Termination, Rules, Rule, SetUp, FEN. */
#define TAGS_WRITTEN 6
#define OWN_TAGS_MAX (AW_RECORD_TAGS_MAX - TAGS_WRITTEN)
#define LINE_WIDTH 79

typedef struct tag {
    char *name, *value;
} tag;

struct aw_record {
    aw_game *game;
    tag *tags;
    int ntags, tagcap;
    char **comments; /* comments[i]: after i moves, or NULL */
    int ncomments;   /* slots allocated */
    uint8_t *marks;  /* marks[i]: the mark of move i (aw_mark), 0 none */
    int nmarks;      /* slots allocated */
};

static const char *const derived_tags[] = {"Rules", "Rule", "SetUp", "FEN"};
static const char *const roster[] = {"Event", "Site", "Date", "Round", "South", "North"};

static char *dup_text(const char *s, size_t n)
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
    if (!rec->game) {
        free(rec);
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
    for (int i = 0; i < rec->ncomments; i++)
        free(rec->comments[i]);
    free(rec->comments);
    free(rec->marks);
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
    aw_game_free(rec->game);
    rec->game = copy;
    for (int i = aw_game_ply(copy) + 1; i < rec->ncomments; i++) {
        free(rec->comments[i]);
        rec->comments[i] = NULL;
    }
    for (int i = aw_game_ply(copy); i < rec->nmarks; i++)
        rec->marks[i] = AW_MARK_NONE;
    return 0;
}

static bool is_derived(const char *name)
{
    for (size_t i = 0; i < sizeof derived_tags / sizeof derived_tags[0]; i++)
        if (strcmp(name, derived_tags[i]) == 0)
            return true;
    return false;
}

static bool is_result(const char *v)
{
    return strcmp(v, "1-0") == 0 || strcmp(v, "0-1") == 0 || strcmp(v, "1/2-1/2") == 0 ||
           strcmp(v, "*") == 0;
}

/* The end of the rules named by `word`, or AW_ONGOING. */
static aw_status status_of_word(const char *word)
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
    if (is_derived(name))
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
    if (strcmp(name, "Result") == 0 && !is_result(value))
        return aw_fail(err, "tag Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *", value);
    if (strcmp(name, "Termination") == 0 && status_of_word(value) != AW_ONGOING)
        return aw_fail(err,
                       "tag Termination: '%s' is an end of the rules, which the game itself "
                       "records (end by agreement with aw_game_agree)",
                       value);
    char *v = dup_text(value, len);
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
    char *nm = dup_text(name, n);
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

int aw_record_set_comment(aw_record *rec, int ply, const char *text, aw_error *err)
{
    if (ply < 0 || ply > aw_game_ply(rec->game))
        return aw_fail(err, "no comment after move %d: the game has %d moves", ply,
                       aw_game_ply(rec->game));
    char *c = NULL;
    if (text) {
        if (strchr(text, '}'))
            return aw_fail(err, "a comment cannot hold '}'");
        if (!(c = collapse(text)))
            return aw_fail(err, "out of memory");
        const size_t len = strlen(c);
        if (len > AW_RECORD_COMMENT_MAX) {
            free(c);
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
    }
    if (ply >= rec->ncomments) {
        if (!c)
            return 0;
        int cap = rec->ncomments * 2 > ply + 16 ? rec->ncomments * 2 : ply + 16;
        char **cs = realloc(rec->comments, sizeof *cs * (size_t)cap);
        if (!cs) {
            free(c);
            return aw_fail(err, "out of memory");
        }
        for (int i = rec->ncomments; i < cap; i++)
            cs[i] = NULL;
        rec->comments = cs;
        rec->ncomments = cap;
    }
    free(rec->comments[ply]);
    rec->comments[ply] = c;
    return 0;
}

const char *aw_record_comment(const aw_record *rec, int ply)
{
    if (ply < 0 || ply >= rec->ncomments || ply > aw_game_ply(rec->game))
        return NULL;
    return rec->comments[ply];
}

/* ------------------------------------------------------------- marks */

static const char *const mark_texts[] = {"", "!", "?", "!!", "??", "!?", "?!"};

const char *aw_mark_text(aw_mark mark)
{
    return (unsigned)mark < sizeof mark_texts / sizeof mark_texts[0] ? mark_texts[mark] : "";
}

/* The mark spelt by the n bytes at s, or -1. */
static int mark_of(const char *s, size_t n)
{
    for (int i = 1; i < (int)(sizeof mark_texts / sizeof mark_texts[0]); i++)
        if (strlen(mark_texts[i]) == n && strncmp(s, mark_texts[i], n) == 0)
            return i;
    return -1;
}

int aw_record_set_mark(aw_record *rec, int move, aw_mark mark, aw_error *err)
{
    if (move < 0 || move >= aw_game_ply(rec->game))
        return aw_fail(err, "no move %d to mark: the game has %d moves", move + 1,
                       aw_game_ply(rec->game));
    if ((unsigned)mark >= sizeof mark_texts / sizeof mark_texts[0])
        return aw_fail(err, "%d is not a move mark", (int)mark);
    if (move >= rec->nmarks) {
        if (mark == AW_MARK_NONE)
            return 0;
        int cap = rec->nmarks * 2 > move + 64 ? rec->nmarks * 2 : move + 64;
        uint8_t *m = realloc(rec->marks, (size_t)cap);
        if (!m)
            return aw_fail(err, "out of memory");
        memset(m + rec->nmarks, 0, (size_t)(cap - rec->nmarks));
        rec->marks = m;
        rec->nmarks = cap;
    }
    rec->marks[move] = (uint8_t)mark;
    return 0;
}

aw_mark aw_record_mark(const aw_record *rec, int move)
{
    if (move < 0 || move >= rec->nmarks || move >= aw_game_ply(rec->game))
        return AW_MARK_NONE;
    return (aw_mark)rec->marks[move];
}

/* The result of a finished game from its final scores; NULL while it goes on. */
static const char *game_result(const aw_game *game)
{
    if (aw_game_status(game) == AW_ONGOING)
        return NULL;
    int sc[2];
    aw_game_scores(game, sc);
    return sc[0] > sc[1] ? "1-0" : sc[0] < sc[1] ? "0-1" : "1/2-1/2";
}

const char *aw_record_result(const aw_record *rec)
{
    const char *r = game_result(rec->game);
    if (!r)
        r = aw_record_tag(rec, "Result");
    return r ? r : "*";
}

/* Round number of ply k (0-based) of a game whose first mover is `first`:
 * a round is South's move then North's. */
static int round_of(int first, int k) { return first == AW_SOUTH ? k / 2 + 1 : (k + 1) / 2 + 1; }

/* ------------------------------------------------------------- writing */

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
    int col; /* column in the movetext */
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

/* One word of movetext (pre, the n bytes of w, post), wrapping lines at
 * LINE_WIDTH. */
static void put_word(sbuf *b, const char *pre, const char *w, size_t n, const char *post)
{
    int len = (int)(strlen(pre) + n + strlen(post));
    if (b->col > 0 && b->col + 1 + len > LINE_WIDTH) {
        sb_puts(b, "\n");
        b->col = 0;
    } else if (b->col > 0) {
        sb_puts(b, " ");
        b->col++;
    }
    sb_puts(b, pre);
    sb_put(b, w, n);
    sb_puts(b, post);
    b->col += len;
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

char *aw_record_format(const aw_record *rec)
{
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
    const int ply = aw_game_ply(g);
    const char *c = aw_record_comment(rec, 0);
    if (c)
        put_comment(&b, c);
    for (int k = 0; k < ply; k++) {
        char word[32], mv[AW_MOVE_MAX + 2];
        int side = (start->side + k) % 2;
        aw_move_format(rules, aw_game_move(g, k), mv);
        strcat(mv, aw_mark_text(aw_record_mark(rec, k)));
        if (side == AW_SOUTH)
            snprintf(word, sizeof word, "%d.", round_of(start->side, k));
        else if (k == 0 || aw_record_comment(rec, k))
            snprintf(word, sizeof word, "%d...", round_of(start->side, k));
        else
            word[0] = 0;
        if (word[0])
            put_text(&b, word);
        put_text(&b, mv);
        if ((c = aw_record_comment(rec, k + 1)))
            put_comment(&b, c);
    }
    const char *res = aw_record_result(rec);
    put_text(&b, res);
    sb_puts(&b, "\n");
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* ------------------------------------------------------------- reading */

typedef struct reader {
    const char *p;
    const char *begin; /* where the record starts, for AW_RECORD_TEXT_MAX */
    int line;
    aw_error *err;
    /* The comments read since the last move, joined by spaces: set on the
     * record once, when a move, the result or the end follows. */
    char *note;
    size_t note_len, note_cap;
    int note_line; /* where the first of them starts */
} reader;

/* Tag pairs as read, with their lines, before they are sorted out. */
typedef struct raw_tag {
    char *name, *value;
    int line;
} raw_tag;

static void skip_space(reader *r)
{
    while (*r->p && isspace((unsigned char)*r->p)) {
        if (*r->p == '\n')
            r->line++;
        r->p++;
    }
}

/* Spaces and tabs only, inside a tag pair. */
static void skip_blank(reader *r)
{
    while (*r->p == ' ' || *r->p == '\t')
        r->p++;
}

static int fail_at(reader *r, int line, const char *fmt, ...) AW_PRINTF(3, 4);

/* Fill r->err with "line N: " and the message; returns -1. */
static int fail_at(reader *r, int line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return aw_fail(r->err, "line %d: %s", line, msg);
}

/* Copy n bytes of user text into buf for a message: control bytes, DEL and
 * bytes that start no complete UTF-8 character become \xNN, so that a
 * message never holds a raw control character nor a '?' standing for an
 * unknown one; text beyond `max` bytes is cut (at a character) and "..."
 * added. Returns buf. */
static const char *printable(const char *s, size_t n, size_t max, char *buf, size_t size)
{
    size_t k = 0, i = 0;
    for (; i < n && i < max; ) {
        const unsigned char c = (unsigned char)s[i];
        size_t len = 1;
        if (c >= 0xC2 && c <= 0xF4) { /* a UTF-8 lead byte: keep a whole character */
            len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            for (size_t j = 1; j < len; j++)
                if (i + j >= n || ((unsigned char)s[i + j] & 0xC0) != 0x80)
                    len = 1;
        }
        if (len > 1 && i + len > max)
            break;
        const bool escape = len == 1 && (c < 0x20 || c >= 0x7F);
        if (k + (escape ? 4 : len) + 4 > size)
            break;
        if (escape)
            k += (size_t)snprintf(buf + k, size - k, "\\x%02x", c);
        else {
            memcpy(buf + k, s + i, len);
            k += len;
        }
        i += len;
    }
    if (i < n && k + 4 <= size) {
        memcpy(buf + k, "...", 3);
        k += 3;
    }
    buf[k] = 0;
    return buf;
}

/* What stands at p, for messages: "the end of the text", "the end of the
 * line", or the rest of the word in quotes ('junk]', '\x01x'). */
static const char *shown(const char *p, char *buf, size_t size)
{
    if (!*p)
        return "the end of the text";
    if (*p == '\n' || *p == '\r')
        return "the end of the line";
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '\n' && p[n] != '\r')
        n++;
    char word[128];
    printable(p, n, 24, word, sizeof word);
    snprintf(buf, size, "'%s'", word);
    return buf;
}

/* Parse `[Name "value"]` at r->p (which is '['). Messages name what is
 * wrong in words: "tag [Event "x" has no closing ']'". */
static int read_tag(reader *r, raw_tag *out)
{
    char what[160], shown_name[160], shown_value[160];
    const int line = r->line;
    r->p++;
    skip_blank(r);
    const char *name = r->p;
    while (isalnum((unsigned char)*r->p) || *r->p == '_')
        r->p++;
    size_t n = (size_t)(r->p - name);
    if (n == 0)
        return fail_at(r, line, "bad tag pair: expected a tag name after '[' (as in [Name \"value\"]), "
                                "found %s",
                       shown(name, what, sizeof what));
    printable(name, n, 40, shown_name, sizeof shown_name);
    if (n > TAG_NAME_MAX)
        return fail_at(r, line, "bad tag pair: the tag name '%s' is longer than %d characters",
                       shown_name, TAG_NAME_MAX);
    skip_blank(r);
    if (*r->p != '"')
        return fail_at(r, line, "bad tag pair: expected a quoted value after [%s, found %s",
                       shown_name, shown(r->p, what, sizeof what));
    r->p++;
    const char *start = r->p;
    char value[TAG_VALUE_MAX + 1];
    size_t k = 0;
    for (;;) {
        char c = *r->p;
        if (c == '\\' && (r->p[1] == '"' || r->p[1] == '\\')) {
            c = r->p[1];
            r->p++;
        } else if (c == '"') {
            r->p++;
            break;
        } else if (c == 0 || c == '\n' || c == '\r') {
            return fail_at(r, line, "bad tag pair: the value of [%s is not closed by '\"' on its line",
                           shown_name);
        }
        if (k == TAG_VALUE_MAX) {
            return fail_at(r, line, "bad tag pair: the value of [%s is longer than %d characters",
                           shown_name, TAG_VALUE_MAX);
        }
        value[k++] = c;
        r->p++;
    }
    value[k] = 0;
    printable(start, (size_t)(r->p - 1 - start), 40, shown_value, sizeof shown_value);
    for (size_t i = 0; i < k; i++)
        if ((unsigned char)value[i] < 0x20 && value[i] != '\t') {
            /* Refused here, before any tag's value reaches a message. */
            const unsigned char c = (unsigned char)value[i];
            return fail_at(r, line, "tag %s: the value holds a control character (byte 0x%02x)",
                           shown_name, c);
        }
    skip_blank(r);
    if (*r->p != ']') {
        if (!*r->p || *r->p == '\n' || *r->p == '\r')
            return fail_at(r, line, "tag [%s \"%s\" has no closing ']'", shown_name, shown_value);
        return fail_at(r, line, "tag [%s \"%s\": expected ']' after the value, found %s",
                       shown_name, shown_value, shown(r->p, what, sizeof what));
    }
    r->p++;
    out->name = dup_text(name, n);
    out->value = dup_text(value, k);
    out->line = line;
    if (!out->name || !out->value) {
        free(out->name);
        free(out->value);
        return aw_fail(r->err, "out of memory");
    }
    return 0;
}

/* Append `text` (n bytes) to the comments read since the last move. */
static int add_comment(reader *r, const char *text, size_t n, int line)
{
    if (r->note_len + n + 2 > r->note_cap) {
        size_t cap = r->note_cap ? r->note_cap : 256;
        while (r->note_len + n + 2 > cap)
            cap *= 2;
        char *t = realloc(r->note, cap);
        if (!t)
            return aw_fail(r->err, "out of memory");
        r->note = t;
        r->note_cap = cap;
    }
    if (r->note_len == 0)
        r->note_line = line;
    else
        r->note[r->note_len++] = ' ';
    memcpy(r->note + r->note_len, text, n);
    r->note_len += n;
    r->note[r->note_len] = 0;
    return 0;
}

/* Set the comments read since the last move on the record, after the
 * moves played so far. */
static int flush_comment(reader *r, aw_record *rec)
{
    if (r->note_len == 0)
        return 0;
    r->note_len = 0;
    aw_error e;
    if (aw_record_set_comment(rec, aw_game_ply(rec->game), r->note, &e))
        return fail_at(r, r->note_line, "%s", e.msg);
    return 0;
}

/* The record may not reach past AW_RECORD_TEXT_MAX bytes from its start. */
static int check_size(reader *r, int line)
{
    if (r->p - r->begin > AW_RECORD_TEXT_MAX)
        return fail_at(r, line, "the record is longer than %d bytes (the limit of one record)",
                       AW_RECORD_TEXT_MAX);
    return 0;
}

/* Label of ply k for messages: "12. C" or "12... a". */
static const char *ply_label(const aw_game *g, int k, aw_move m, char *buf, size_t size)
{
    const aw_position *start = aw_game_start(g);
    char mv[AW_MOVE_MAX];
    aw_move_format(aw_game_rules(g), m, mv);
    snprintf(buf, size, "%d%s %s", round_of(start->side, k),
             (start->side + k) % 2 == AW_SOUTH ? "." : "...", mv);
    return buf;
}

/* Read the movetext up to its result (or the end of the text, or the next
 * record's tags). *result is the terminating result or NULL; *res_line its
 * line. */
static int read_moves(reader *r, aw_record *rec, const char **result, int *res_line)
{
    aw_game *g = rec->game;
    const aw_rules *rules = aw_game_rules(g);
    char what[160], label[48];
    *result = NULL;
    for (;;) {
        skip_space(r);
        if (check_size(r, r->line))
            return -1;
        if (*r->p == ',') { /* as the move parser, take commas for spaces */
            r->p++;
            continue;
        }
        const char *p = r->p;
        const int line = r->line;
        if (!*p || *p == '[')
            return flush_comment(r, rec);
        if (*p == '{') {
            const char *e = strchr(p, '}');
            if (!e)
                return fail_at(r, line,
                               "a comment opened by '{' is not closed by '}' before the end of the text");
            for (const char *q = p; q < e; q++)
                r->line += *q == '\n';
            r->p = e + 1;
            if (check_size(r, line) || add_comment(r, p + 1, (size_t)(e - p - 1), line))
                return -1;
            continue;
        }
        if (*p == ';') {
            const char *e = strchr(p, '\n');
            if (!e)
                e = p + strlen(p);
            r->p = e;
            if (check_size(r, line) || add_comment(r, p + 1, (size_t)(e - p - 1), line))
                return -1;
            continue;
        }
        if (*p == '(')
            return fail_at(r, line, "variations in parentheses are not part of the format");
        if (*p == '$')
            return fail_at(r, line, "numeric annotations (%s) are not part of the format",
                           shown(p, what, sizeof what));
        static const char *const results[] = {"1/2-1/2", "1-0", "0-1", "*"};
        for (size_t i = 0; i < 4; i++) {
            size_t n = strlen(results[i]);
            if (strncmp(p, results[i], n) == 0 && (!p[n] || isspace((unsigned char)p[n]))) {
                r->p = p + n;
                *result = results[i];
                *res_line = line;
                return flush_comment(r, rec);
            }
        }
        if (isdigit((unsigned char)*p)) {
            const char *q = p;
            long number = 0;
            while (isdigit((unsigned char)*q)) {
                if (number < 100000000)
                    number = number * 10 + (*q - '0');
                q++;
            }
            if (*q != '.')
                return fail_at(r, line, "%s is neither a move number (such as 12.) nor a result",
                               shown(p, what, sizeof what));
            while (*q == '.')
                q++;
            const int k = aw_game_ply(g);
            const int want = round_of(aw_game_start(g)->side, k);
            if (number != want)
                return fail_at(r, line, "move number %ld where %d was expected", number, want);
            r->p = q;
            continue;
        }
        if (*p == '!' || *p == '?') {
            size_t n = 0;
            while ((p[n] == '!' || p[n] == '?') && n < 8)
                n++;
            return fail_at(r, line, "the mark %.*s follows no move", (int)n, p);
        }
        aw_move m;
        aw_error e;
        const char *q = p;
        if (aw_move_parse_next(rules, &q, &m, &e) < 0)
            return fail_at(r, line, "%s", e.msg);
        r->p = q;
        const int k = aw_game_ply(g);
        if (k >= AW_RECORD_MOVES_MAX)
            return fail_at(r, line, "the record has more than %d moves (the limit of one record)",
                           AW_RECORD_MOVES_MAX);
        if (flush_comment(r, rec))
            return -1;
        if (aw_game_play(g, m, &e))
            return fail_at(r, line, "%s cannot be played: %s",
                           ply_label(g, k, m, label, sizeof label), e.msg);
        /* A mark right after the move: !, ?, !!, ??, !?, ?!. */
        size_t n = 0;
        while (r->p[n] == '!' || r->p[n] == '?')
            n++;
        if (n) {
            const int mark = mark_of(r->p, n);
            if (mark < 0)
                return fail_at(r, line, "%s: %.*s is not a move mark (marks: ! ? !! ?? !? ?!)",
                               ply_label(g, k, m, label, sizeof label), (int)(n < 8 ? n : 8),
                               r->p);
            aw_record_set_mark(rec, k, (aw_mark)mark, NULL);
            r->p += n;
        }
    }
}

static void free_raw(raw_tag *tags, int n)
{
    for (int i = 0; i < n; i++) {
        free(tags[i].name);
        free(tags[i].value);
    }
    free(tags);
}

static const raw_tag *raw_find(const raw_tag *tags, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(tags[i].name, name) == 0)
            return &tags[i];
    return NULL;
}

/* The rule set and start position from the tags Rules, Rule and FEN. */
static int rules_from_tags(reader *r, const raw_tag *tags, int n, aw_rules *rules,
                           aw_position *start)
{
    aw_error e;
    const raw_tag *t = raw_find(tags, n, "Rules");
    if (aw_rules_preset(t ? t->value : "abapa", rules, &e))
        return fail_at(r, t ? t->line : 1, "tag Rules: %s", e.msg);
    for (int i = 0; i < n; i++) {
        if (strcmp(tags[i].name, "Rule") != 0)
            continue;
        const char *p = tags[i].value;
        for (;;) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (!*p)
                break;
            const char *w = p;
            while (*p && *p != ' ' && *p != '\t')
                p++;
            char word[256];
            snprintf(word, sizeof word, "%.*s", (int)(p - w), w);
            if (aw_rules_set_arg(rules, word, &e))
                return fail_at(r, tags[i].line, "tag Rule: %s", e.msg);
        }
    }
    *start = aw_position_start(AW_SOUTH);
    if ((t = raw_find(tags, n, "FEN")) && aw_position_parse(t->value, start, &e))
        return fail_at(r, t->line, "tag FEN: %s", e.msg);
    return 0;
}

/* Check the result and termination read against the game, and keep those
 * of an unfinished game as tags. */
static int settle_end(reader *r, aw_record *rec, const raw_tag *tags, int n, const char *result,
                      int res_line)
{
    aw_game *g = rec->game;
    const raw_tag *rt = raw_find(tags, n, "Result");
    const raw_tag *tt = raw_find(tags, n, "Termination");
    aw_error e;
    if (tt && strcmp(tt->value, "agreement") == 0 && aw_game_status(g) == AW_ONGOING &&
        aw_game_agree(g, &e))
        return fail_at(r, tt->line, "tag Termination \"agreement\": %s", e.msg);
    if (rt && !is_result(rt->value))
        return fail_at(r, rt->line, "tag Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *",
                       rt->value);
    if (rt && result && strcmp(rt->value, result) != 0)
        return fail_at(r, res_line, "the moves end with %s but the Result tag (line %d) says %s",
                       result, rt->line, rt->value);
    const char *given = result ? result : rt ? rt->value : NULL;
    const int given_line = result ? res_line : rt ? rt->line : r->line;
    aw_status st = aw_game_status(g);
    if (st != AW_ONGOING) {
        const char *actual = game_result(g);
        int sc[2];
        aw_game_scores(g, sc);
        if (given && strcmp(given, actual) != 0)
            return fail_at(r, given_line,
                           "the result %s contradicts the game, which is over (%s): %s %d-%d",
                           given, aw_status_word(st), actual, sc[0], sc[1]);
        if (tt && strcmp(tt->value, "normal") != 0 && strcmp(tt->value, aw_status_word(st)) != 0)
            return fail_at(r, tt->line, "tag Termination says '%.60s' but the game ended by %s",
                           tt->value, aw_status_word(st));
        return 0;
    }
    if (tt && status_of_word(tt->value) != AW_ONGOING)
        return fail_at(r, tt->line, "tag Termination says '%s' but the game is not over",
                       tt->value);
    if (given && strcmp(given, "*") != 0 && aw_record_set_tag(rec, "Result", given, &e))
        return fail_at(r, given_line, "%s", e.msg);
    if (tt && aw_record_set_tag(rec, "Termination", tt->value, &e))
        return fail_at(r, tt->line, "%s", e.msg);
    return 0;
}

aw_record *aw_record_read(const char **text, int *line, aw_error *err)
{
    reader r = {.p = *text ? *text : "", .line = line && *line > 0 ? *line : 1, .err = err};
    if (err)
        err->msg[0] = 0;
    if (strncmp(r.p, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 byte order mark */
        r.p += 3;
    skip_space(&r);
    r.begin = r.p;
    if (!*r.p) {
        *text = r.p;
        if (line)
            *line = r.line;
        return NULL;
    }

    raw_tag *tags = NULL;
    int ntags = 0, cap = 0;
    aw_record *rec = NULL;
    while (*r.p == '[') {
        if (ntags == AW_RECORD_TAGS_MAX) {
            fail_at(&r, r.line, "more than %d tag pairs (the limit of one record)",
                    AW_RECORD_TAGS_MAX);
            goto fail;
        }
        if (check_size(&r, r.line))
            goto fail;
        if (ntags == cap) {
            cap = cap ? cap * 2 : 16;
            raw_tag *t = realloc(tags, sizeof *t * (size_t)cap);
            if (!t) {
                aw_fail(err, "out of memory");
                goto fail;
            }
            tags = t;
        }
        if (read_tag(&r, &tags[ntags]))
            goto fail;
        ntags++;
        const raw_tag *t = &tags[ntags - 1];
        const raw_tag *first = raw_find(tags, ntags - 1, t->name);
        if (first && strcmp(t->name, "Rule") != 0) {
            fail_at(&r, t->line, "tag %s given twice (first on line %d)", t->name, first->line);
            goto fail;
        }
        skip_space(&r);
    }

    aw_rules rules;
    aw_position start;
    if (rules_from_tags(&r, tags, ntags, &rules, &start))
        goto fail;
    if (!(rec = aw_record_new(&rules, &start))) {
        aw_fail(err, "out of memory");
        goto fail;
    }
    for (int i = 0; i < ntags; i++) {
        const char *name = tags[i].name;
        aw_error e;
        if (is_derived(name) || strcmp(name, "Result") == 0 || strcmp(name, "Termination") == 0)
            continue;
        if (aw_record_set_tag(rec, name, tags[i].value, &e)) {
            fail_at(&r, tags[i].line, "%s", e.msg);
            goto fail;
        }
    }
    const char *result;
    int res_line = r.line;
    if (read_moves(&r, rec, &result, &res_line) ||
        settle_end(&r, rec, tags, ntags, result, res_line))
        goto fail;
    free_raw(tags, ntags);
    free(r.note);
    *text = r.p;
    if (line)
        *line = r.line;
    return rec;

fail:
    free_raw(tags, ntags);
    free(r.note);
    aw_record_free(rec);
    *text = r.p;
    if (line)
        *line = r.line;
    return NULL;
}
