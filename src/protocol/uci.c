/*
 * uci.c - the engine protocol (docs/protocol.md): commands are read on the
 * main thread, searches run in the background (aw_search_start), so that
 * `stop`, `isready` and the rest are answered while a search runs.
 *
 * Two threads write: the main thread (answers) and the search thread (info
 * lines and bestmove, from the engine's callbacks). Every line is written
 * whole under one lock. The bestmove of `go infinite` and `go ponder` is
 * held until `stop` or `ponderhit`, as the protocol asks, even when the
 * search ends by itself (a proven result, a finished game).
 *
 * The state machine (docs/protocol.md): a search is *pending* from the `go`
 * that starts it until its bestmove is printed (under the lock, by
 * whichever thread prints it). While one is pending, `go`, `setoption` and
 * `ucinewgame` first stop it, as `stop` does (an `info string` says so,
 * then its bestmove comes out), and are then carried out; everything else
 * is answered at once. The main thread never waits for a search to end by
 * itself: it only joins a search whose bestmove is out (its thread is
 * ending) or one it has just stopped, so `isready`, `stop` and `quit` are
 * always read and answered promptly, and every `go` gets one bestmove.
 *
 * Nothing a GUI sends can end the program but `quit` and the end of the
 * input: every unknown, malformed or ill-timed command gets an
 * `info string` saying why it was ignored. `quit` stops a running search;
 * the end of the input lets one that ends by itself finish (finish_input),
 * so that a script can pipe `position` and `go depth N` in and read the
 * answer to depth N.
 */
#include "protocol/uci.h"

#include "front/engine_setup.h"
#include "protocol/uci_parse.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct session {
    FILE *out;
    pthread_mutex_t lock; /* the output, and the search state below */
    aw_engine *engine;
    aw_rules rules;
    aw_game *game;      /* the position of the last `position`           */
    bool position_ok;   /* false after a `position` that failed          */
    char position_error[512];
    bool debug;
    int searches;       /* accepted go commands (numbered in debug mode) */
    bool searching;     /* main thread only: started and not yet joined  */
    /* search state, under lock */
    bool pending;       /* a go accepted, its bestmove not yet printed   */
    bool hold;          /* infinite or ponder: bestmove waits            */
    bool ponder;        /* the search is a ponder search                 */
    bool limited;       /* its limits end it by itself once released     */
    bool released;      /* stop or ponderhit received                    */
    bool have_result;   /* a held bestmove                               */
    aw_search_result held;
    aw_rules search_rules; /* the rules of the running search (for moves) */
    int multipv;        /* lines to print (the MultiPV option at `go`)    */
    /* the opening book: the built-in one for the rules, or a file
     * (BookFile), or none (BookFile none) */
    const aw_book *const *builtin;
    int nbuiltin;
    aw_book *file_book;
    bool no_book;
    char book_file[512];
    int book_variety;   /* the BookVariety set (the engine plays with at
                           least its Level's: level_book) */
} session;

static void say_locked(session *s, const char *fmt, va_list ap)
{
    vfprintf(s->out, fmt, ap);
    fputc('\n', s->out);
    fflush(s->out);
}

static void say(session *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void say(session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&s->lock);
    say_locked(s, fmt, ap);
    pthread_mutex_unlock(&s->lock);
    va_end(ap);
}

/* "info string ..." with the text on one line (no newline may slip in). */
static void info_string(session *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void info_string(session *s, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    say(s, "info string %s", buf);
}

/* --------------------------------------------------------- search output */

static void format_score(const aw_score *sc, char *buf, size_t size)
{
    /* Proven results as "mate": moves (of the side to move) to the end of
     * the game, positive for a win, negative for a loss; without a known
     * distance (the endgame tables) as a cp beyond every estimate,
     * UCI_CP_PROVEN + 100 x the margin. */
    int moves = (sc->plies + 1) / 2;
    if (moves < 1)
        moves = 1;
    if ((sc->kind == AW_SCORE_WIN || sc->kind == AW_SCORE_LOSS) && sc->plies == 0) {
        snprintf(buf, size, "cp %d",
                 sc->margin > 0 ? UCI_CP_PROVEN + 100 * sc->margin
                                : -UCI_CP_PROVEN + 100 * sc->margin);
        return;
    }
    switch (sc->kind) {
    case AW_SCORE_WIN: snprintf(buf, size, "mate %d", moves); break;
    case AW_SCORE_LOSS: snprintf(buf, size, "mate -%d", moves); break;
    case AW_SCORE_DRAW: snprintf(buf, size, "cp 0"); break;
    default: snprintf(buf, size, "cp %d", sc->value); break;
    }
}

static void on_info(const aw_search_info *info, void *user)
{
    session *s = user;
    pthread_mutex_lock(&s->lock);
    int lines = s->multipv < info->lines ? s->multipv : info->lines;
    for (int i = 0; i < lines; i++) {
        const aw_search_line *l = &info->line[i];
        char score[32];
        format_score(&l->score, score, sizeof score);
        fprintf(s->out, "info depth %d seldepth %d", info->depth, info->seldepth);
        if (lines > 1)
            fprintf(s->out, " multipv %d", i + 1);
        fprintf(s->out, " score %s nodes %llu nps %llu hashfull %d time %lld", score,
                (unsigned long long)info->nodes, (unsigned long long)info->nps, info->hashfull,
                (long long)info->time_ms);
        if (l->length > 0) {
            fputs(" pv", s->out);
            for (int k = 0; k < l->length; k++) {
                char m[AW_MOVE_MAX];
                fprintf(s->out, " %s", aw_move_format(&s->search_rules, l->pv[k], m));
            }
        }
        fputc('\n', s->out);
    }
    fflush(s->out);
    pthread_mutex_unlock(&s->lock);
}

/* Under lock: the bestmove of the pending search, which is then over. */
static void print_bestmove(session *s, const aw_search_result *r)
{
    s->pending = false;
    char best[AW_MOVE_MAX], ponder[AW_MOVE_MAX];
    if (r->book && r->best != AW_MOVE_NONE) {
        /* "info string book move C (+0.35; book C +0.35 D +0.20 ...)" */
        char line[512], score[32], m[AW_MOVE_MAX];
        size_t n = 0;
        line[0] = 0;
        for (int i = 0; i < r->info.lines && n + 48 < sizeof line; i++)
            n += (size_t)snprintf(line + n, sizeof line - n, " %s %s",
                                  aw_move_format(&s->search_rules, r->info.line[i].pv[0], m),
                                  aw_score_format(&r->info.line[i].score, score, sizeof score));
        fprintf(s->out, "info string book move %s (%s; book%s)\n",
                aw_move_format(&s->search_rules, r->best, best),
                aw_score_format(&r->info.line[0].score, score, sizeof score), line);
    }
    if (r->best == AW_MOVE_NONE) {
        fprintf(s->out, "bestmove 0000\n");
    } else if (r->ponder != AW_MOVE_NONE) {
        fprintf(s->out, "bestmove %s ponder %s\n", aw_move_format(&s->search_rules, r->best, best),
                aw_move_format(&s->search_rules, r->ponder, ponder));
    } else {
        fprintf(s->out, "bestmove %s\n", aw_move_format(&s->search_rules, r->best, best));
    }
    fflush(s->out);
}

static void on_done(const aw_search_result *r, void *user)
{
    session *s = user;
    pthread_mutex_lock(&s->lock);
    if (s->hold && !s->released) {
        s->held = *r;
        s->have_result = true;
    } else {
        print_bestmove(s, r);
    }
    pthread_mutex_unlock(&s->lock);
}

/* Stop the search, if any, and wait for it: its bestmove is printed (a held
 * one here, else by on_done before the thread ends). Every stop point of
 * the search is checked within a few thousand nodes, so this is prompt. */
static void finish_search(session *s)
{
    pthread_mutex_lock(&s->lock);
    s->released = true;
    if (s->have_result) {
        print_bestmove(s, &s->held);
        s->have_result = false;
    }
    pthread_mutex_unlock(&s->lock);
    if (s->searching) {
        aw_search_stop(s->engine);
        aw_search_wait(s->engine, NULL);
        s->searching = false;
    }
}

/* At the end of the input: a search that ends by itself (a go with depth,
 * nodes, mate, movetime or a clock, not held by infinite or an unreleased
 * ponder) is waited for, so that its bestmove comes from the search it
 * asked for; one that would never end (go infinite, go ponder, a go
 * without limits) is stopped. Either way its bestmove is printed. */
static void finish_input(session *s)
{
    pthread_mutex_lock(&s->lock);
    const bool ends = s->pending && s->limited && (!s->hold || s->released);
    pthread_mutex_unlock(&s->lock);
    if (ends && s->searching) {
        aw_search_wait(s->engine, NULL);
        s->searching = false;
    }
    finish_search(s);
}

/* Before a command that needs the engine (`what`: go, setoption,
 * ucinewgame): a pending search is stopped first, as `stop` would, and
 * its bestmove printed, after an info string written under the same lock
 * as the test, so that it always comes between the search's start and
 * its bestmove. A search whose bestmove is already out is joined (its
 * thread is ending). So every go gets exactly one bestmove, in order, and
 * the main thread never waits for a search to end by itself. */
static void engine_take(session *s, const char *what)
{
    pthread_mutex_lock(&s->lock);
    if (s->pending) {
        fprintf(s->out, "info string %s: stopping the running search first\n", what);
        fflush(s->out);
    }
    pthread_mutex_unlock(&s->lock);
    finish_search(s);
}

/* ---------------------------------------------------------- the commands */

static void new_position(session *s, const aw_position *start)
{
    aw_game_free(s->game);
    s->game = aw_game_new(&s->rules, start);
    s->position_ok = s->game != NULL;
}

/* The values a rule parameter takes, as a UCI combo when they are a plain
 * list of words ("void, capture"), else NULL. */
static bool combo_values(const char *values, char words[][24], int *n)
{
    *n = 0;
    const char *p = values;
    while (*p) {
        const char *w = p;
        while (*p && (islower((unsigned char)*p) || *p == '-'))
            p++;
        if (p == w || (size_t)(p - w) >= sizeof words[0] || *n == 8)
            return false;
        snprintf(words[(*n)++], sizeof words[0], "%.*s", (int)(p - w), w);
        if (*p == 0)
            break;
        if (p[0] != ',' || p[1] != ' ')
            return false;
        p += 2;
    }
    return *n >= 2;
}

static void on_uci(session *s)
{
    pthread_mutex_lock(&s->lock);
    FILE *o = s->out;
    fprintf(o, "id name awale %s\n", AW_VERSION);
    fprintf(o, "id author the awale developers\n");
    /* The defaults are the values this session starts with. */
    for (int i = 0; i < aw_engine_option_count(); i++) {
        const aw_engine_option *opt = aw_engine_option_info(i);
        char value[300];
        if (!aw_engine_get_option(s->engine, opt->name, value, sizeof value))
            value[0] = 0;
        if (strcmp(opt->type, "spin") == 0)
            fprintf(o, "option name %s type spin default %s min %lld max %lld\n", opt->name,
                    value, opt->min, opt->max);
        else if (strcmp(opt->type, "check") == 0)
            fprintf(o, "option name %s type check default %s\n", opt->name, value);
        else
            fprintf(o, "option name %s type string default %s\n", opt->name,
                    value[0] ? value : "<empty>");
    }
    fprintf(o, "option name BookFile type string default <empty>\n");
    fprintf(o, "option name Ponder type check default false\n");
    fprintf(o, "option name Rules type combo default %s", aw_rules_preset_name(0));
    for (int i = 0; i < aw_rules_preset_count(); i++)
        fprintf(o, " var %s", aw_rules_preset_name(i));
    fputc('\n', o);
    aw_rules def = aw_rules_default();
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        char value[160], words[8][24];
        int n;
        if (!aw_rules_get(&def, name, value, sizeof value))
            continue;
        if (combo_values(aw_rules_param_values(i), words, &n)) {
            fprintf(o, "option name Rule %s type combo default %s", name, value);
            for (int k = 0; k < n; k++)
                fprintf(o, " var %s", words[k]);
            fputc('\n', o);
        } else {
            fprintf(o, "option name Rule %s type string default %s\n", name, value);
        }
    }
    fprintf(o, "uciok\n");
    fflush(o);
    pthread_mutex_unlock(&s->lock);
}

/* Level means here what it means in every front end (engine_setup.c): no
 * book at levels 1-4 (on_go), a random choice among the book moves within
 * the level's variety at 5-9, the endgame tables at 10 only (the engine).
 * The engine plays with the larger of BookVariety and the level's. */
static void level_book(session *s)
{
    char buf[32];
    const int level = atoi(aw_engine_get_option(s->engine, "Level", buf, sizeof buf));
    const int v = engine_book_variety(level);
    snprintf(buf, sizeof buf, "%d", v > s->book_variety ? v : s->book_variety);
    aw_error err;
    aw_engine_set_option(s->engine, "BookVariety", buf, &err);
}

/* Make the table (every page touched) and the threads' state now, not in
 * the next go's time: a 256 MB table takes a second to make on some
 * systems. At setoption Hash or Threads, isready and ucinewgame, which may
 * take as long as they need. */
static void engine_ready(session *s, const char *what)
{
    aw_error err;
    if (aw_engine_ready(s->engine, &err))
        info_string(s, "%s: %s (the next go will try again)", what, err.msg);
}

/* "abapa" or "abapa repetition=2". */
static const char *rules_text(const aw_rules *r, char *buf, size_t size)
{
    char diff[400];
    aw_rules_diff(r, diff, sizeof diff);
    snprintf(buf, size, "%s%s%s", r->name, diff[0] ? " " : "", diff);
    return buf;
}

/* After BookFile, Rules or Rule NAME: whether the book in use holds under
 * the rules of the moment, said when it is not simply the book of these
 * rules (docs/book.md, "Rules"): a book built for other rules is used when
 * they differ only in parameters its values do not depend on, and refused,
 * with the parameter named, when they do not. */
static void book_note(session *s)
{
    char here[480], there[480];
    aw_error note;
    rules_text(&s->rules, here, sizeof here);
    if (s->file_book) {
        aw_book_info info;
        aw_book_get_info(s->file_book, &info);
        rules_text(&info.rules, there, sizeof there);
        if (aw_book_rules_check(s->file_book, &s->rules, &note))
            info_string(s, "BookFile: the book is for %s and does not hold under %s: %s; it is "
                           "used only under rules it holds for", there, here, note.msg);
        else if (note.msg[0])
            info_string(s, "BookFile: the book is for %s and holds under %s: %s", there, here,
                        note.msg);
        return;
    }
    if (s->no_book)
        return;
    for (int i = 0; i < s->nbuiltin; i++)
        if (aw_book_rules_check(s->builtin[i], &s->rules, &note) == 0) {
            if (note.msg[0]) {
                aw_book_info info;
                aw_book_get_info(s->builtin[i], &info);
                info_string(s, "the built-in book for %s holds under %s: %s",
                            rules_text(&info.rules, there, sizeof there), here, note.msg);
            }
            return;
        }
    for (int i = 0; i < s->nbuiltin; i++) {
        aw_book_info info;
        aw_book_get_info(s->builtin[i], &info);
        if (strcmp(info.rules.name, s->rules.name) == 0 &&
            aw_book_rules_check(s->builtin[i], &s->rules, &note))
            info_string(s, "the built-in book for %s does not hold under %s: %s; playing without "
                           "a book", info.rules.name, here, note.msg);
    }
}

static void on_setoption(session *s, const uci_command *c)
{
    const char *value = c->has_value ? c->value : "";
    aw_error err;
    if (strcasecmp(c->name, "Ponder") == 0) {
        if (strcasecmp(value, "true") && strcasecmp(value, "false"))
            info_string(s, "setoption Ponder: '%s' is not true or false; ignored", value);
        return;
    }
    char what[UCI_NAME_MAX + 16];
    snprintf(what, sizeof what, "setoption %s", c->name);
    engine_take(s, what);
    if (strcasecmp(c->name, "BookFile") == 0) {
        /* Empty (or <empty>): the built-in book; none: no book; else a file,
         * checked before it replaces the book in use. */
        aw_book *b = NULL;
        if (*value && strcmp(value, "<empty>") && strcasecmp(value, "none")) {
            b = aw_book_load(value, &err);
            if (!b) {
                info_string(s, "setoption BookFile ignored: %s", err.msg);
                return;
            }
        }
        s->no_book = !b && strcasecmp(value, "none") == 0;
        aw_book_free(s->file_book);
        s->file_book = b;
        snprintf(s->book_file, sizeof s->book_file, "%.500s", value);
        book_note(s);
        return;
    }
    if (strcasecmp(c->name, "Rules") == 0) {
        aw_rules r;
        if (aw_rules_preset(value, &r, &err)) {
            info_string(s, "setoption Rules ignored: %s", err.msg);
            return;
        }
        s->rules = r;
        aw_position start = aw_position_start(AW_SOUTH);
        new_position(s, &start);
        book_note(s);
        return;
    }
    if (strncasecmp(c->name, "Rule ", 5) == 0) {
        const char *param = c->name + 5;
        while (*param == ' ')
            param++;
        aw_rules r = s->rules;
        if (aw_rules_set(&r, param, value, &err)) {
            info_string(s, "setoption %s ignored: %s", c->name, err.msg);
            return;
        }
        s->rules = r;
        aw_position start = aw_position_start(AW_SOUTH);
        new_position(s, &start);
        book_note(s);
        return;
    }
    for (int i = 0; i < aw_engine_option_count(); i++)
        if (strcasecmp(aw_engine_option_info(i)->name, c->name) == 0) {
            if (aw_engine_set_option(s->engine, c->name, value, &err)) {
                info_string(s, "setoption %s ignored: %s", c->name, err.msg);
            } else if (strcasecmp(c->name, "Hash") == 0 || strcasecmp(c->name, "Threads") == 0) {
                engine_ready(s, c->name);
            } else if (strcasecmp(c->name, "Level") == 0 ||
                       strcasecmp(c->name, "BookVariety") == 0) {
                if (strcasecmp(c->name, "BookVariety") == 0)
                    s->book_variety = atoi(value);
                level_book(s);
            }
            return;
        }
    info_string(s, "setoption: no option '%s' (the options are listed after 'uci')", c->name);
}

static void on_position(session *s, const uci_command *c)
{
    aw_position start = c->startpos ? aw_position_start(AW_SOUTH) : c->fen;
    aw_game *g = aw_game_new(&s->rules, &start);
    if (!g) {
        info_string(s, "position ignored: out of memory");
        return;
    }
    const char *p = c->moves;
    aw_move m;
    aw_error err;
    int n = 0;
    while (p && aw_move_parse_next(&s->rules, &p, &m, &err) == 1) {
        n++;
        if (aw_game_play(g, m, &err)) {
            char mv[AW_MOVE_MAX];
            snprintf(s->position_error, sizeof s->position_error,
                     "move %d (%s) cannot be played: %s", n, aw_move_format(&s->rules, m, mv),
                     err.msg);
            info_string(s, "position ignored: %s; no position until the next 'position'",
                        s->position_error);
            aw_game_free(g);
            aw_game_free(s->game);
            s->game = NULL;
            s->position_ok = false;
            return;
        }
    }
    aw_game_free(s->game);
    s->game = g;
    s->position_ok = true;
}

/* Debug mode: the search a go starts, with what it searches, so that a log
 * (or a test) can check each bestmove against its position. */
static void debug_go(session *s)
{
    char rules[400] = "", pos[AW_POSITION_MAX];
    aw_rules_diff(&s->rules, rules, sizeof rules);
    if (s->position_ok)
        info_string(s, "debug: go %d: rules %s%s%s; position %s", s->searches, s->rules.name,
                    rules[0] ? " " : "", rules, aw_position_format(aw_game_position(s->game), pos));
    else
        info_string(s, "debug: go %d: rules %s%s%s; no position", s->searches, s->rules.name,
                    rules[0] ? " " : "", rules);
}

/* The book for the rules of the moment: BookFile's, none, or the built-in
 * one for these rules. */
static const aw_book *current_book(const session *s)
{
    if (s->file_book || s->no_book)
        return s->file_book;
    for (int i = 0; i < s->nbuiltin; i++)
        if (aw_book_matches(s->builtin[i], &s->rules))
            return s->builtin[i];
    return NULL;
}

static void on_go(session *s, const uci_command *c)
{
    engine_take(s, "go");
    s->searches++;
    if (s->debug)
        debug_go(s);
    if (!s->position_ok) {
        info_string(s, "no position to search: %s", s->position_error);
        say(s, "bestmove 0000");
        return;
    }
    aw_status st = aw_game_status(s->game);
    if (st != AW_ONGOING) {
        char why[256];
        info_string(s, "the game is over: %s",
                    aw_status_explain(st, &s->rules, aw_game_position(s->game), why, sizeof why));
        say(s, "bestmove 0000");
        return;
    }
    aw_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = c->depth;
    lim.nodes = c->nodes;
    lim.movetime_ms = c->movetime;
    lim.time_ms[0] = c->time[0];
    lim.time_ms[1] = c->time[1];
    lim.inc_ms[0] = c->inc[0];
    lim.inc_ms[1] = c->inc[1];
    lim.movestogo = c->movestogo;
    lim.infinite = c->infinite;
    lim.ponder = c->ponder;
    if (c->mate) {
        info_string(s, "go mate %d: searching %d plies deep for a proven result", c->mate,
                    2 * c->mate);
        if (!lim.depth || lim.depth > 2 * c->mate)
            lim.depth = 2 * c->mate;
    }
    aw_move only[AW_MAX_MOVES];
    int nonly = 0;
    for (int i = 0; i < c->searchmove_count; i++) {
        char mv[AW_MOVE_MAX];
        if (aw_is_legal(&s->rules, aw_game_position(s->game), c->searchmoves[i]))
            only[nonly++] = c->searchmoves[i];
        else
            info_string(s, "go searchmoves: %s is not legal here; left out",
                        aw_move_format(&s->rules, c->searchmoves[i], mv));
    }
    lim.only = nonly ? only : NULL;
    lim.only_count = nonly;
    aw_error err;
    /* The book answers a go limited by time (or by nothing): a depth, a
     * node count, a mate search or searchmoves ask for a search, and
     * levels 1-4 play without it. */
    char lv[16];
    const bool book_level =
        engine_book_variety(atoi(aw_engine_get_option(s->engine, "Level", lv, sizeof lv))) >= 0;
    const bool searching_asked = c->depth || c->nodes || c->mate || c->searchmove_count;
    aw_engine_set_book(s->engine, book_level && !searching_asked ? current_book(s) : NULL);
    if (aw_engine_set_game(s->engine, s->game, &err)) {
        info_string(s, "go failed: %s", err.msg);
        say(s, "bestmove 0000");
        return;
    }
    pthread_mutex_lock(&s->lock);
    s->pending = true;
    s->hold = c->infinite || c->ponder;
    s->ponder = c->ponder;
    const int side = aw_game_position(s->game)->side;
    s->limited = c->depth || c->nodes || c->mate || c->movetime > 0 || c->time[side] ||
                 c->inc[side] > 0;
    s->released = false;
    s->have_result = false;
    s->search_rules = s->rules;
    char mpv[16];
    s->multipv = aw_engine_get_option(s->engine, "MultiPV", mpv, sizeof mpv) ? atoi(mpv) : 1;
    if (s->multipv < 1)
        s->multipv = 1;
    pthread_mutex_unlock(&s->lock);
    if (aw_search_start(s->engine, &lim, on_info, on_done, s, &err)) {
        pthread_mutex_lock(&s->lock);
        s->pending = false;
        pthread_mutex_unlock(&s->lock);
        info_string(s, "go failed: %s", err.msg);
        say(s, "bestmove 0000");
        return;
    }
    s->searching = true;
}

/* The expected move was played: a pending ponder search goes on as a normal
 * one (or gives its held bestmove now). */
static void on_ponderhit(session *s)
{
    pthread_mutex_lock(&s->lock);
    const bool ok = s->pending && s->ponder && !s->released;
    if (ok) {
        s->released = true;
        if (s->have_result) {
            print_bestmove(s, &s->held);
            s->have_result = false;
        }
    }
    pthread_mutex_unlock(&s->lock);
    if (ok)
        aw_search_ponderhit(s->engine);
    else
        info_string(s, "ponderhit ignored: no ponder search is running");
}

/* Read one line into buf (NUL-terminated, without its newline); a longer
 * line is cut and its rest skipped (*cut set). false at the end of input. */
static bool read_line(FILE *in, char *buf, size_t size, bool *cut)
{
    size_t n = 0;
    int ch;
    *cut = false;
    while ((ch = getc(in)) != EOF && ch != '\n') {
        if (n + 1 < size)
            buf[n++] = (char)ch;
        else
            *cut = true;
    }
    buf[n] = 0;
    return ch != EOF || n > 0;
}

int uci_main(FILE *in, FILE *out, const aw_rules *rules, const aw_book *const *books, int nbooks)
{
    session s;
    memset(&s, 0, sizeof s);
    s.out = out;
    s.rules = *rules;
    pthread_mutex_init(&s.lock, NULL);
    aw_error err;
    s.engine = aw_engine_new(&err);
    char *line = malloc(UCI_LINE_MAX);
    aw_position start = aw_position_start(AW_SOUTH);
    new_position(&s, &start);
    if (!s.engine || !line || !s.game) {
        fprintf(stderr, "awale uci: %s\n", s.engine ? "out of memory" : err.msg);
        aw_engine_free(s.engine);
        free(line);
        aw_game_free(s.game);
        return 1;
    }
    s.builtin = books;
    s.nbuiltin = nbooks;
    bool cut, quit = false;
    while (read_line(in, line, UCI_LINE_MAX, &cut)) {
        if (cut) {
            info_string(&s, "a line longer than %d bytes was ignored", UCI_LINE_MAX - 1);
            continue;
        }
        uci_command c;
        uci_parse_command(&s.rules, line, &c);
        for (int i = 0; i < c.warn_count; i++)
            info_string(&s, "%s", c.warn[i]);
        if (c.kind == UCI_NONE) {
            if (c.error[0])
                info_string(&s, "ignored: %s", c.error);
            continue;
        }
        if (c.kind == UCI_QUIT) {
            quit = true;
            break;
        }
        switch (c.kind) {
        case UCI_UCI: on_uci(&s); break;
        case UCI_DEBUG: s.debug = c.debug_on; break;
        case UCI_ISREADY:
            engine_ready(&s, "isready");
            say(&s, "readyok");
            break;
        case UCI_REGISTER: break;
        case UCI_SETOPTION: on_setoption(&s, &c); break;
        case UCI_NEWGAME:
            engine_take(&s, "ucinewgame");
            aw_engine_clear(s.engine);
            engine_ready(&s, "ucinewgame");
            new_position(&s, &start);
            break;
        case UCI_POSITION: on_position(&s, &c); break;
        case UCI_GO: on_go(&s, &c); break;
        case UCI_STOP: {
            pthread_mutex_lock(&s.lock);
            const bool pending = s.pending;
            pthread_mutex_unlock(&s.lock);
            if (!pending && s.debug)
                info_string(&s, "stop: no search is running");
            finish_search(&s);
            break;
        }
        case UCI_PONDERHIT: on_ponderhit(&s); break;
        default: break;
        }
    }
    if (quit)
        finish_search(&s);
    else
        finish_input(&s);
    aw_engine_free(s.engine);
    aw_book_free(s.file_book);
    aw_game_free(s.game);
    free(line);
    pthread_mutex_destroy(&s.lock);
    return 0;
}
