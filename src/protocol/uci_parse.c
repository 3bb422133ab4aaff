/*
 * uci_parse.c - the words of the engine protocol, both ways (see
 * uci_parse.h and docs/protocol.md). Lines are split into words at spaces
 * and tabs; keywords are lower case, as in UCI. Nothing here keeps state,
 * allocates or prints: the caller reports the warnings and errors (as
 * `info string` lines in `awale uci`).
 *
 * Invariant: whatever the line, *out is fully initialised, its strings are
 * NUL-terminated, and a command of kind UCI_NONE carries an error unless
 * the line was blank.
 */
#include "protocol/uci_parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct word {
    const char *s;
    size_t n;
} word;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The next word at *p, advancing *p past it; false at the end. */
static bool next_word(const char **p, word *w)
{
    const char *s = *p;
    while (is_blank(*s))
        s++;
    if (!*s) {
        *p = s;
        return false;
    }
    w->s = s;
    while (*s && !is_blank(*s))
        s++;
    w->n = (size_t)(s - w->s);
    *p = s;
    return true;
}

static bool is(const word *w, const char *kw) { return strlen(kw) == w->n && memcmp(w->s, kw, w->n) == 0; }

/* A word for messages: printable, at most 40 characters. */
static const char *show(const word *w, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < w->n && k + 4 < size && i < 40; i++)
        buf[k++] = isprint((unsigned char)w->s[i]) ? w->s[i] : '?';
    if (w->n > 40 && k + 4 < size) {
        memcpy(buf + k, "...", 3);
        k += 3;
    }
    buf[k] = 0;
    return buf;
}

static void cmd_warn(uci_command *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void cmd_warn(uci_command *c, const char *fmt, ...)
{
    if (c->warn_count == UCI_WARN_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->warn[c->warn_count++], UCI_MSG_MAX, fmt, ap);
    va_end(ap);
}

static void cmd_error(uci_command *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void cmd_error(uci_command *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->error, UCI_MSG_MAX, fmt, ap);
    va_end(ap);
    c->kind = UCI_NONE;
}

/* A whole number in [lo, hi]. */
static bool number(const word *w, long long lo, long long hi, long long *out)
{
    char buf[24];
    if (w->n == 0 || w->n >= sizeof buf)
        return false;
    memcpy(buf, w->s, w->n);
    buf[w->n] = 0;
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (*end || errno || !(isdigit((unsigned char)buf[0]) || buf[0] == '-' || buf[0] == '+') ||
        v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Whether the whole word reads as moves (one or several run together). */
static int word_moves(const aw_rules *rules, const word *w, aw_move *moves, int max)
{
    char buf[64];
    if (w->n == 0 || w->n >= sizeof buf)
        return -1;
    memcpy(buf, w->s, w->n);
    buf[w->n] = 0;
    const char *p = buf;
    int n = 0;
    aw_move m;
    int rc;
    while ((rc = aw_move_parse_next(rules, &p, &m, NULL)) == 1) {
        if (n < max)
            moves[n] = m;
        n++;
    }
    return rc < 0 ? -1 : n;
}

static void extra_words(uci_command *c, const char *p, const char *command)
{
    word w;
    char shown[48];
    if (next_word(&p, &w))
        cmd_warn(c, "words after '%s' ignored, from '%s'", command, show(&w, shown, sizeof shown));
}

static void parse_setoption(uci_command *c, const char *p)
{
    word w;
    if (!next_word(&p, &w) || !is(&w, "name")) {
        cmd_error(c, "setoption: expected 'setoption name NAME [value VALUE]'");
        return;
    }
    size_t k = 0;
    const char *value = NULL;
    while (next_word(&p, &w)) {
        if (is(&w, "value")) {
            value = p;
            break;
        }
        if (k + w.n + 2 > sizeof c->name) {
            cmd_error(c, "setoption: the option name is longer than %d characters",
                      UCI_NAME_MAX - 1);
            return;
        }
        if (k)
            c->name[k++] = ' ';
        memcpy(c->name + k, w.s, w.n);
        k += w.n;
        c->name[k] = 0;
    }
    if (k == 0) {
        cmd_error(c, "setoption: no option name after 'name'");
        return;
    }
    if (value) {
        while (is_blank(*value))
            value++;
        size_t n = strlen(value);
        while (n && is_blank(value[n - 1]))
            n--;
        if (n >= sizeof c->value) {
            cmd_error(c, "setoption %s: the value is longer than %d characters", c->name,
                      UCI_VALUE_MAX - 1);
            return;
        }
        memcpy(c->value, value, n);
        c->value[n] = 0;
        c->has_value = true;
    }
    c->kind = UCI_SETOPTION;
}

static void parse_position(uci_command *c, const aw_rules *rules, const char *p)
{
    word w;
    char shown[48];
    if (!next_word(&p, &w)) {
        cmd_error(c, "position: expected 'startpos' or 'fen POSITION'");
        return;
    }
    if (is(&w, "startpos")) {
        c->startpos = true;
    } else if (is(&w, "fen")) {
        char buf[AW_POSITION_MAX + 8];
        aw_error err;
        if (!next_word(&p, &w)) {
            cmd_error(c, "position fen: the position string is missing");
            return;
        }
        if (w.n >= sizeof buf) {
            cmd_error(c, "position fen: '%s' is too long for a position string",
                      show(&w, shown, sizeof shown));
            return;
        }
        memcpy(buf, w.s, w.n);
        buf[w.n] = 0;
        if (aw_position_parse(buf, &c->fen, &err)) {
            cmd_error(c, "position fen %s: %s", show(&w, shown, sizeof shown), err.msg);
            return;
        }
    } else {
        cmd_error(c, "position: expected 'startpos' or 'fen POSITION', found '%s'",
                  show(&w, shown, sizeof shown));
        return;
    }
    if (next_word(&p, &w)) {
        if (!is(&w, "moves")) {
            cmd_error(c, "position: expected 'moves' after the start, found '%s'",
                      show(&w, shown, sizeof shown));
            return;
        }
        c->moves = p;
        const char *q = p;
        aw_move m;
        aw_error err;
        int rc;
        while ((rc = aw_move_parse_next(rules, &q, &m, &err)) == 1)
            c->move_count++;
        if (rc < 0) {
            cmd_error(c, "position: move %d: %s", c->move_count + 1, err.msg);
            return;
        }
    }
    c->kind = UCI_POSITION;
}

/* The limits of go that take a number, with the values they accept: a value
 * outside its range, not a whole number, or missing rejects the whole line
 * (no search starts), so that a typo never turns into a search without
 * limit. Clocks may be 0 or negative (a clock already run out: the engine
 * moves at once); times are in milliseconds, at most 10^12 (31 years). */
#define GO_TIME_MAX 1000000000000LL
static const struct go_limit {
    const char *name;
    long long lo, hi;
} go_limits[] = {
    {"depth", 1, 1000},          {"nodes", 1, 1000000000000000LL},
    {"movetime", 1, GO_TIME_MAX}, {"wtime", -GO_TIME_MAX, GO_TIME_MAX},
    {"btime", -GO_TIME_MAX, GO_TIME_MAX}, {"winc", 0, GO_TIME_MAX},
    {"binc", 0, GO_TIME_MAX},    {"movestogo", 1, 100000},
    {"mate", 1, 500},            {"stime", -GO_TIME_MAX, GO_TIME_MAX},
    {"ntime", -GO_TIME_MAX, GO_TIME_MAX}, {"sinc", 0, GO_TIME_MAX},
    {"ninc", 0, GO_TIME_MAX},
};
#define GO_LIMITS ((int)(sizeof go_limits / sizeof go_limits[0]))

static void parse_go(uci_command *c, const aw_rules *rules, const char *p)
{
    word w;
    char shown[48];
    c->kind = UCI_GO;
    bool have = next_word(&p, &w);
    while (have) {
        if (is(&w, "infinite")) {
            c->infinite = true;
        } else if (is(&w, "ponder")) {
            c->ponder = true;
        } else if (is(&w, "searchmoves")) {
            int before = c->searchmove_count;
            while ((have = next_word(&p, &w))) {
                aw_move m[AW_MAX_MOVES];
                int n = word_moves(rules, &w, m, AW_MAX_MOVES);
                if (n < 0)
                    break;
                for (int i = 0; i < n; i++) {
                    if (c->searchmove_count == AW_MAX_MOVES) {
                        cmd_warn(c, "go searchmoves: more than %d moves, the rest ignored",
                                 AW_MAX_MOVES);
                        break;
                    }
                    c->searchmoves[c->searchmove_count++] = m[i];
                }
            }
            if (c->searchmove_count == before)
                cmd_warn(c, "go searchmoves: no move follows");
            continue; /* w (when have) is the next keyword, not yet read */
        } else {
            int k = 0;
            while (k < GO_LIMITS && !is(&w, go_limits[k].name))
                k++;
            if (k == GO_LIMITS) {
                cmd_warn(c, "go: unknown word '%s' ignored", show(&w, shown, sizeof shown));
            } else {
                const struct go_limit *lim = &go_limits[k];
                long long v;
                if (!next_word(&p, &w)) {
                    cmd_error(c, "go %s: the value is missing; no search started", lim->name);
                    return;
                }
                if (!number(&w, lim->lo, lim->hi, &v)) {
                    cmd_error(c, "go %s: '%s' is not a whole number from %lld to %lld; "
                              "no search started", lim->name, show(&w, shown, sizeof shown),
                              lim->lo, lim->hi);
                    return;
                }
                switch (k) {
                case 0: c->depth = (int)v; break;
                case 1: c->nodes = (uint64_t)v; break;
                case 2: c->movetime = v; break;
                case 3: case 9: c->time[AW_SOUTH] = v > 0 ? v : 1; break;
                case 4: case 10: c->time[AW_NORTH] = v > 0 ? v : 1; break;
                case 5: case 11: c->inc[AW_SOUTH] = v; break;
                case 6: case 12: c->inc[AW_NORTH] = v; break;
                case 7: c->movestogo = (int)v; break;
                default: c->mate = (int)v; break;
                }
            }
        }
        have = next_word(&p, &w);
    }
}

void uci_parse_command(const aw_rules *rules, const char *line, uci_command *out)
{
    memset(out, 0, sizeof *out);
    const char *p = line ? line : "";
    word w, first = {0};
    char shown[48];
    bool any = false;
    while (next_word(&p, &w)) {
        if (!any)
            first = w;
        any = true;
        if (is(&w, "uci") || is(&w, "isready") || is(&w, "ucinewgame") || is(&w, "stop") ||
            is(&w, "ponderhit") || is(&w, "quit")) {
            out->kind = is(&w, "uci")          ? UCI_UCI
                        : is(&w, "isready")    ? UCI_ISREADY
                        : is(&w, "ucinewgame") ? UCI_NEWGAME
                        : is(&w, "stop")       ? UCI_STOP
                        : is(&w, "ponderhit")  ? UCI_PONDERHIT
                                               : UCI_QUIT;
            char name[16];
            snprintf(name, sizeof name, "%.*s", (int)w.n, w.s);
            extra_words(out, p, name);
            return;
        }
        if (is(&w, "debug")) {
            word v;
            if (!next_word(&p, &v) || !(is(&v, "on") || is(&v, "off"))) {
                cmd_error(out, "debug: expected 'debug on' or 'debug off'");
                return;
            }
            out->kind = UCI_DEBUG;
            out->debug_on = is(&v, "on");
            extra_words(out, p, "debug");
            return;
        }
        if (is(&w, "register")) {
            out->kind = UCI_REGISTER;
            return;
        }
        if (is(&w, "setoption")) {
            parse_setoption(out, p);
            return;
        }
        if (is(&w, "position")) {
            parse_position(out, rules, p);
            return;
        }
        if (is(&w, "go")) {
            parse_go(out, rules, p);
            return;
        }
        cmd_warn(out, "unknown word '%s' ignored", show(&w, shown, sizeof shown));
    }
    if (any) {
        /* No command at all: one error naming the first word, not warnings. */
        out->warn_count = 0;
        cmd_error(out, "unknown command '%s' (see docs/protocol.md)", show(&first, shown, sizeof shown));
    }
}

/* ------------------------------------------------------------ replies */

static void copy_word(char *dst, size_t size, const word *w)
{
    if (w->n >= size) {
        /* Too long to be a move: keep a marker that reads as no move. */
        snprintf(dst, size, "?");
        return;
    }
    memcpy(dst, w->s, w->n);
    dst[w->n] = 0;
}

/* Words from p up to (not including) the keyword `stop`, joined by single
 * spaces into dst. */
static void copy_words_until(char *dst, size_t size, const char **p, const char *stop)
{
    size_t k = 0;
    word w;
    dst[0] = 0;
    const char *save = *p;
    while (next_word(p, &w)) {
        if (stop && is(&w, stop)) {
            *p = save;
            break;
        }
        save = *p;
        if (k + w.n + 2 > size)
            continue;
        if (k)
            dst[k++] = ' ';
        memcpy(dst + k, w.s, w.n);
        k += w.n;
        dst[k] = 0;
    }
}

static void parse_info(uci_reply *r, const char *p)
{
    word w, v;
    long long n;
    while (next_word(&p, &w)) {
        if (is(&w, "string")) {
            r->is_string = true;
            return;
        }
        if (is(&w, "pv")) {
            r->has_pv = true;
            r->pv = p;
            return;
        }
        if (is(&w, "score")) {
            if (!next_word(&p, &v))
                return;
            bool mate = is(&v, "mate");
            if (!mate && !is(&v, "cp"))
                continue;
            if (next_word(&p, &v) && number(&v, -1000000000, 1000000000, &n)) {
                r->has_score = true;
                r->mate = mate;
                r->score = (int)n;
            }
            continue;
        }
        bool depth = is(&w, "depth"), nodes = is(&w, "nodes"), time = is(&w, "time");
        if (!depth && !nodes && !time)
            continue;
        if (!next_word(&p, &v) || !number(&v, 0, (long long)1 << 62, &n))
            continue;
        if (depth) {
            r->has_depth = true;
            r->depth = n > 100000 ? 100000 : (int)n;
        } else if (nodes) {
            r->has_nodes = true;
            r->nodes = (uint64_t)n;
        } else {
            r->has_time = true;
            r->time = n;
        }
    }
}

void uci_parse_reply(const char *line, uci_reply *out)
{
    memset(out, 0, sizeof *out);
    const char *p = line ? line : "";
    word w, v;
    if (!next_word(&p, &w))
        return;
    if (is(&w, "uciok")) {
        out->kind = UCIR_UCIOK;
    } else if (is(&w, "readyok")) {
        out->kind = UCIR_READYOK;
    } else if (is(&w, "id")) {
        if (!next_word(&p, &v) || !(is(&v, "name") || is(&v, "author")))
            return;
        out->kind = UCIR_ID;
        copy_word(out->id_field, sizeof out->id_field, &v);
        copy_words_until(out->text, sizeof out->text, &p, NULL);
    } else if (is(&w, "option")) {
        if (!next_word(&p, &v) || !is(&v, "name"))
            return;
        out->kind = UCIR_OPTION;
        copy_words_until(out->text, sizeof out->text, &p, "type");
    } else if (is(&w, "bestmove")) {
        out->kind = UCIR_BESTMOVE;
        if (next_word(&p, &v))
            copy_word(out->best, sizeof out->best, &v);
        if (next_word(&p, &v) && is(&v, "ponder") && next_word(&p, &v))
            copy_word(out->ponder, sizeof out->ponder, &v);
    } else if (is(&w, "info")) {
        out->kind = UCIR_INFO;
        parse_info(out, p);
    }
}
