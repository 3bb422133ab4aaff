/*
 * record_read.c - reading game records (docs/records.md; the record itself
 * and writing are record.c). The text is read once, front to back: the tag
 * pairs first (kept as read, with their lines, until the rules and the
 * start are known), then the moves, each played through the game interface
 * as it is read, with their comments, marks and the result; a text that
 * contradicts the game it describes is rejected with the line and the
 * reason. Every message is an English format (fail_at), translated by the
 * front ends (src/front/messages.c).
 */
#include "record_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    out->name = record_dup(name, n);
    out->value = record_dup(value, k);
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

/* Set the comments read since the last move on node n: after its move
 * (joined to the comment it has: a comment after a variation belongs to the
 * move the variation is an alternative to), or before it. */
static int flush_comment(reader *r, aw_record *rec, int n, bool before)
{
    if (r->note_len == 0)
        return 0;
    r->note_len = 0;
    /* The tree is not in step with the game while it is read: the fields
     * are set here, not through the node API (which would follow the game). */
    char **slot = before ? &rec->nodes[n].before : &rec->nodes[n].comment;
    char *joined = NULL;
    const char *text = r->note;
    if (*slot) {
        size_t a = strlen(*slot), b = strlen(r->note);
        if (!(joined = malloc(a + b + 2)))
            return aw_fail(r->err, "out of memory");
        memcpy(joined, *slot, a);
        joined[a] = ' ';
        memcpy(joined + a + 1, r->note, b + 1);
        text = joined;
    }
    aw_error e;
    char *c;
    int rc = record_comment_prepare(text, rec->nodes[n].ply, before, &c, &e);
    free(joined);
    if (rc)
        return fail_at(r, r->note_line, "%s", e.msg);
    free(*slot);
    *slot = c;
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
    snprintf(buf, size, "%d%s %s", record_round_of(start->side, k),
             (start->side + k) % 2 == AW_SOUTH ? "." : "...", mv);
    return buf;
}

/* A variation being read: the move it is an alternative to (where the
 * reading goes on after its ')') and the line of its '('. */
typedef struct frame {
    int resume;
    int line;
} frame;

/* Read the movetext up to its result (or the end of the text, or the next
 * record's tags) into the record's tree. *result is the terminating result
 * or NULL; *res_line its line.
 *
 * The record's game follows the line being read: a '(' takes back the
 * move it is an alternative to, the variation's moves are played on, and
 * its ')' takes them back and plays that move again. So each move is
 * checked with its whole history (repetition), every variation starts from
 * its parent's position as it stands, and the time is linear in the text.
 * At the end the game holds the main line. */
static int read_moves(reader *r, aw_record *rec, const char **result, int *res_line)
{
    aw_game *g = aw_record_game(rec);
    const aw_rules *rules = aw_game_rules(g);
    char what[160], label[48];
    frame frames[AW_RECORD_DEPTH_MAX];
    int depth = 0;
    int cur = AW_RECORD_ROOT; /* the last move read (the root: none yet) */
    bool fresh = false;       /* just after '(': no move of the variation yet */
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
        if (depth > 0 && (!*p || *p == '['))
            return fail_at(r, frames[depth - 1].line,
                           "the variation opened by '(' on this line is not closed by ')'");
        if (!*p || *p == '[')
            return flush_comment(r, rec, cur, false);
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
        if (*p == '(') {
            if (fresh || cur == AW_RECORD_ROOT)
                return fail_at(r, line, "'(' opens a variation but no move comes before it (a "
                                        "variation is an alternative to the move just before it)");
            if (depth == AW_RECORD_DEPTH_MAX)
                return fail_at(r, line, "variations nested more than %d deep (the limit of one "
                                        "record)", AW_RECORD_DEPTH_MAX);
            if (flush_comment(r, rec, cur, false))
                return -1;
            frames[depth++] = (frame){.resume = cur, .line = line};
            aw_game_undo(g, 1);
            cur = rec->nodes[cur].parent;
            fresh = true;
            r->p++;
            continue;
        }
        if (*p == ')') {
            if (depth == 0)
                return fail_at(r, line, "')' closes no variation");
            if (fresh)
                return fail_at(r, line, "an empty variation '()': a variation holds moves");
            if (flush_comment(r, rec, cur, false))
                return -1;
            const frame *f = &frames[--depth];
            aw_game_undo(g, rec->nodes[cur].ply - rec->nodes[f->resume].ply + 1);
            aw_error e;
            if (aw_game_play(g, rec->nodes[f->resume].move, &e)) /* played before: out of memory */
                return fail_at(r, line, "%s", e.msg);
            cur = f->resume;
            r->p++;
            continue;
        }
        if (*p == '$')
            return fail_at(r, line, "numeric annotations (%s) are not part of the format",
                           shown(p, what, sizeof what));
        static const char *const results[] = {"1/2-1/2", "1-0", "0-1", "*"};
        for (size_t i = 0; i < 4; i++) {
            size_t n = strlen(results[i]);
            if (strncmp(p, results[i], n) == 0 && (!p[n] || isspace((unsigned char)p[n]))) {
                if (depth > 0)
                    return fail_at(r, frames[depth - 1].line,
                                   "the variation opened by '(' on this line is not closed by "
                                   "')' before the result %s (line %d)", results[i], line);
                r->p = p + n;
                *result = results[i];
                *res_line = line;
                return flush_comment(r, rec, cur, false);
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
            const int want = record_round_of(aw_game_start(g)->side, k);
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
        if (rec->nlive - 1 >= AW_RECORD_NODES_MAX)
            return fail_at(r, line, "the record has more than %d moves, variations included (the "
                                    "limit of one record)", AW_RECORD_NODES_MAX);
        if (aw_game_play(g, m, &e))
            return fail_at(r, line, "%s cannot be played: %s",
                           ply_label(g, k, m, label, sizeof label), e.msg);
        if (fresh) {
            for (int c = rec->nodes[cur].first; c >= 0; c = rec->nodes[c].next)
                if (rec->nodes[c].move == m)
                    return fail_at(r, line,
                                   "the variation opened on line %d starts with %s, a move "
                                   "already given in this position (a variation is an "
                                   "alternative)", frames[depth - 1].line,
                                   ply_label(g, k, m, label, sizeof label));
        } else if (flush_comment(r, rec, cur, false)) {
            return -1;
        }
        const int node = record_child_new(rec, cur, m, false);
        if (node < 0)
            return aw_fail(r->err, "out of memory");
        if (fresh && flush_comment(r, rec, node, true))
            return -1;
        cur = node;
        fresh = false;
        /* A mark right after the move: !, ?, !!, ??, !?, ?!. */
        size_t n = 0;
        while (r->p[n] == '!' || r->p[n] == '?')
            n++;
        if (n) {
            const int mark = record_mark_of(r->p, n);
            if (mark < 0)
                return fail_at(r, line, "%s: %.*s is not a move mark (marks: ! ? !! ?? !? ?!)",
                               ply_label(g, k, m, label, sizeof label), (int)(n < 8 ? n : 8),
                               r->p);
            rec->nodes[node].mark = (uint8_t)mark;
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
    aw_game *g = aw_record_game(rec);
    const raw_tag *rt = raw_find(tags, n, "Result");
    const raw_tag *tt = raw_find(tags, n, "Termination");
    aw_error e;
    if (tt && strcmp(tt->value, "agreement") == 0 && aw_game_status(g) == AW_ONGOING &&
        aw_game_agree(g, &e))
        return fail_at(r, tt->line, "tag Termination \"agreement\": %s", e.msg);
    if (rt && !record_is_result(rt->value))
        return fail_at(r, rt->line, "tag Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *",
                       rt->value);
    if (rt && result && strcmp(rt->value, result) != 0)
        return fail_at(r, res_line, "the moves end with %s but the Result tag (line %d) says %s",
                       result, rt->line, rt->value);
    const char *given = result ? result : rt ? rt->value : NULL;
    const int given_line = result ? res_line : rt ? rt->line : r->line;
    aw_status st = aw_game_status(g);
    if (st != AW_ONGOING) {
        const char *actual = record_game_result(g);
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
    if (tt && record_status_of_word(tt->value) != AW_ONGOING)
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
        if (record_tag_derived(name) || strcmp(name, "Result") == 0 || strcmp(name, "Termination") == 0)
            continue;
        if (aw_record_set_tag(rec, name, tags[i].value, &e)) {
            fail_at(&r, tags[i].line, "%s", e.msg);
            goto fail;
        }
    }
    const char *result;
    int res_line = r.line;
    if (read_moves(&r, rec, &result, &res_line))
        goto fail;
    if (record_main_rebuilt(rec)) {
        aw_fail(err, "out of memory");
        goto fail;
    }
    if (settle_end(&r, rec, tags, ntags, result, res_line))
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
