/*
 * match.c - the match runner (docs/match.md): games between two engines
 * that speak the protocol, on `concurrency` worker threads, each worker
 * with its own pair of engine processes.
 *
 * Games come in pairs: games 2k and 2k+1 start from the same opening with
 * the colours swapped (engine 1 is South in even games). The openings come
 * from a file, in turn, or are drawn at random (openings.c) when game 2k is
 * taken, in game order, so that a seed gives the same openings whatever
 * the concurrency. A game that repeats an earlier one (the same start,
 * players on the same sides and moves: seen.c) is counted and warned
 * about, since the Elo then rests on fewer distinct games. An engine that
 * crashes, does not answer in time, or answers an illegal move loses the
 * game; it is killed, and started again for its next game. No wait is
 * without a deadline (proc.c), and Ctrl-C (a byte on a self-pipe that every
 * wait watches) ends the games in progress at once: they are not counted,
 * and the summary is printed for the games finished.
 *
 * Shared state (results, records, progress output) is under one lock; a
 * worker holds it only to take a game and to report one.
 */
#include "match/match.h"

#include "front/interrupt.h"
#include "front/textfile.h"
#include "match/seen.h"
#include "match/stats.h"
#include "protocol/uci_parse.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { F_TIME, F_ILLEGAL, F_CRASH, F_FAILURE, F_KINDS };
static const char *const forfeit_words[F_KINDS] = {"time forfeit", "illegal move", "crash",
                                                   "engine failure"};

typedef struct outcome {
    bool done;    /* played to a result (not cut short by Ctrl-C) */
    int south;    /* index of the engine playing South */
    int result;   /* +1 South won, -1 North won, 0 draw */
    char termination[32];
    char detail[400];
    int scores[2];
    int plies;
    int forfeit;  /* engine that forfeited, or -1 */
    int kind;     /* its F_* */
    uint64_t hash; /* of the game: start, who is South, moves (seen.h) */
    char *record;
    /* per engine: the largest time past a move's limit (movetime, or the
     * clock), in ms (<= 0: never over; INT64_MIN: no timed move), and the
     * ply it was played at */
    int64_t over_ms[2];
    int over_ply[2];
    /* per engine: the time of each of its moves, in ms (from go to
     * bestmove), malloc'd; and the least time its clock showed after a
     * move (INT64_MAX: no clock), and the ply */
    int64_t *times[2];
    int ntimes[2], cap_times[2];
    int64_t low_ms[2];
    int low_ply[2];
} outcome;

/* The times of every move of one engine across the match, for the report
 * (docs/match.md, "Time"). */
typedef struct time_use {
    int64_t *ms;
    int n, cap;
    int64_t low_ms; /* INT64_MAX: no clock */
    int low_game, low_ply;
} time_use;

typedef struct shared {
    const match_config *cfg;
    pthread_mutex_t lock;
    int next;
    int finished;
    bool stop, fatal, ever_ok[2];
    char fatal_msg[600];
    char sprt_msg[200];
    outcome *games;
    match_score score; /* engine 1's view */
    int forfeits[2][F_KINDS];
    int south_wins, north_wins, draws;
    int64_t last_write;
    bool write_failed;
    int cancel[2]; /* self-pipe: readable once the match must stop */
    opening_gen *gen; /* random openings (no file); the current one: */
    opening current;
    aw_move current_moves[OPENING_PLIES_MAX];
    seen_set seen;  /* hashes of the games finished */
    int repeats;    /* games finished that repeat an earlier one */
    int64_t over_ms[2]; /* the largest overrun of each engine (outcome) */
    int over_game[2], over_ply[2];
    time_use use[2];    /* each engine's move times, games finished */
} shared;

typedef struct worker {
    shared *sh;
    client c[2];
    pthread_t thread;
} worker;

/* Ctrl-C: the hook only writes a byte (async-signal-safe). */
static int cancel_write_fd = -1;

static void on_interrupt(void)
{
    if (cancel_write_fd >= 0) {
        int saved = errno;
        ssize_t w = write(cancel_write_fd, "x", 1);
        (void)w;
        errno = saved;
    }
}

static void cancel_all(shared *sh)
{
    ssize_t w = write(sh->cancel[1], "x", 1);
    (void)w;
}

static void set_fatal(shared *sh, const char *msg)
{
    pthread_mutex_lock(&sh->lock);
    if (!sh->fatal) {
        sh->fatal = true;
        snprintf(sh->fatal_msg, sizeof sh->fatal_msg, "%s", msg);
    }
    sh->stop = true;
    pthread_mutex_unlock(&sh->lock);
    cancel_all(sh);
}

/* The next game to play and its opening, copied into *op (whose moves
 * hold OPENING_PLIES_MAX); -1 when there is none. */
static int take_game(shared *sh, opening *op)
{
    const match_config *cfg = sh->cfg;
    char err[600];
    bool failed = false;
    pthread_mutex_lock(&sh->lock);
    int g = -1;
    if (!sh->stop && !interrupt_caught() && sh->next < cfg->games) {
        g = sh->next++;
        if (cfg->nopenings) {
            const opening *o = &cfg->openings[(g / 2) % cfg->nopenings];
            *op = *o; /* the file's openings stay alive through the match */
        } else {
            if (g % 2 == 0 && opening_gen_next(sh->gen, &sh->current, err, sizeof err)) {
                failed = true;
                g = -1;
            }
            aw_move *moves = op->moves;
            *op = sh->current;
            op->moves = moves;
            memcpy(moves, sh->current.moves, sizeof *moves * (size_t)sh->current.nmoves);
        }
    }
    pthread_mutex_unlock(&sh->lock);
    if (failed)
        set_fatal(sh, err);
    return g;
}

static const char *side_word(int side) { return side == AW_SOUTH ? "South" : "North"; }

/* ------------------------------------------------------------ one game */

typedef struct game_ctx {
    worker *w;
    const match_config *cfg;
    aw_record *rec;
    aw_game *game;
    outcome *o;
    int south;           /* engine index playing South */
    char *moves;         /* "C f F ..." for the position command */
    size_t moves_len, moves_cap;
} game_ctx;

static int engine_of(const game_ctx *g, int side) { return side == AW_SOUTH ? g->south : 1 - g->south; }

/* The engine at `side` loses: kind F_*, and why in words. */
static void forfeit(game_ctx *g, int side, int kind, const char *why)
{
    outcome *o = g->o;
    int e = engine_of(g, side);
    o->done = true;
    o->forfeit = e;
    o->kind = kind;
    o->result = side == AW_SOUTH ? -1 : 1;
    snprintf(o->termination, sizeof o->termination, "%s", forfeit_words[kind]);
    snprintf(o->detail, sizeof o->detail, "%s (%s) %s", side_word(side),
             g->cfg->engine[e].name, why);
    client_kill(&g->w->c[e]);
}

static int append_move(game_ctx *g, const char *mv)
{
    size_t n = strlen(mv);
    if (g->moves_len + n + 2 > g->moves_cap) {
        size_t cap = g->moves_cap ? g->moves_cap * 2 : 1024;
        while (g->moves_len + n + 2 > cap)
            cap *= 2;
        char *m = realloc(g->moves, cap);
        if (!m)
            return -1;
        g->moves = m;
        g->moves_cap = cap;
    }
    if (g->moves_len)
        g->moves[g->moves_len++] = ' ';
    memcpy(g->moves + g->moves_len, mv, n + 1);
    g->moves_len += n;
    return 0;
}

/* Start the engine at `side` if needed and tell it a new game begins.
 * Returns false when the game cannot go on (a forfeit, or the match
 * stops). */
static bool get_ready(game_ctx *g, int side)
{
    shared *sh = g->w->sh;
    int e = engine_of(g, side);
    client *c = &g->w->c[e];
    char why[400];
    int rc = CLIENT_OK;
    if (!c->running) {
        rc = client_start(c, &g->cfg->rules, g->cfg->start_timeout_ms, why, sizeof why);
        if (rc == CLIENT_OK) {
            pthread_mutex_lock(&sh->lock);
            sh->ever_ok[e] = true;
            pthread_mutex_unlock(&sh->lock);
        }
    }
    if (rc == CLIENT_OK)
        rc = client_newgame(c, g->cfg->start_timeout_ms, why, sizeof why);
    if (rc == CLIENT_OK)
        return true;
    client_kill(c);
    if (rc == CLIENT_CANCELLED)
        return false;
    pthread_mutex_lock(&sh->lock);
    bool ever = sh->ever_ok[e];
    pthread_mutex_unlock(&sh->lock);
    if (rc == CLIENT_EXEC || !ever) {
        char msg[600];
        snprintf(msg, sizeof msg, "engine %s: %s%s", g->cfg->engine[e].name, why,
                 rc == CLIENT_EXEC ? "" : " (at its first start: is it an engine of this protocol?)");
        set_fatal(sh, msg);
        return false;
    }
    char what[450];
    snprintf(what, sizeof what, "failed to start or to get ready: %s", why);
    forfeit(g, side, F_FAILURE, what);
    return false;
}

static void time_control_text(const match_config *cfg, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    if (cfg->base_ms)
        k += (size_t)snprintf(buf + k, size - k, "clock %gs+%gs", cfg->base_ms / 1000.0,
                              cfg->inc_ms / 1000.0);
    if (cfg->movetime_ms && k < size)
        k += (size_t)snprintf(buf + k, size - k, "%s%lld ms a move", k ? ", " : "",
                              (long long)cfg->movetime_ms);
    if (cfg->depth && k < size)
        k += (size_t)snprintf(buf + k, size - k, "%sdepth %d", k ? ", " : "", cfg->depth);
    if (cfg->nodes && k < size)
        snprintf(buf + k, size - k, "%s%llu nodes", k ? ", " : "", (unsigned long long)cfg->nodes);
}

static void set_tags(game_ctx *g, int index, const opening *op)
{
    const match_config *cfg = g->cfg;
    char buf[256];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    aw_record_set_tag(g->rec, "Event", cfg->event, NULL);
    strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    aw_record_set_tag(g->rec, "Date", buf, NULL);
    snprintf(buf, sizeof buf, "%d", index + 1);
    aw_record_set_tag(g->rec, "Round", buf, NULL);
    aw_record_set_tag(g->rec, "South", cfg->engine[g->south].name, NULL);
    aw_record_set_tag(g->rec, "North", cfg->engine[1 - g->south].name, NULL);
    time_control_text(cfg, buf, sizeof buf);
    aw_record_set_tag(g->rec, "TimeControl", buf, NULL);
    if (op->line) {
        snprintf(buf, sizeof buf, "%d", op->line);
        aw_record_set_tag(g->rec, "OpeningLine", buf, NULL);
    } else if (!cfg->nopenings && cfg->opening_plies) {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)cfg->seed);
        aw_record_set_tag(g->rec, "OpeningSeed", buf, NULL);
    }
}

/* Set the comment of `ply`, after the one already there ("opening / South
 * (x) crashed ..."), as review.c joins them: a forfeit at the opening's last
 * move kept only the forfeit. */
static void add_comment(aw_record *rec, int ply, const char *text)
{
    const char *old = aw_record_comment(rec, ply);
    if (!old || !old[0]) {
        aw_record_set_comment(rec, ply, text, NULL);
        return;
    }
    const size_t n = strlen(old) + strlen(text) + 4;
    char *joined = malloc(n);
    if (!joined)
        return;
    snprintf(joined, n, "%s / %s", old, text);
    aw_record_set_comment(rec, ply, joined, NULL);
    free(joined);
}

/* Play game `index` from opening `op` into *o. */
static void play_game(worker *w, int index, const opening *op, outcome *o)
{
    shared *sh = w->sh;
    const match_config *cfg = sh->cfg;
    memset(o, 0, sizeof *o);
    o->forfeit = -1;
    o->over_ms[0] = o->over_ms[1] = INT64_MIN;
    o->low_ms[0] = o->low_ms[1] = INT64_MAX;
    game_ctx g = {.w = w, .cfg = cfg, .o = o, .south = index % 2};
    o->south = g.south;
    const aw_position *start = &op->start;
    g.rec = aw_record_new(&cfg->rules, start);
    if (!g.rec) {
        set_fatal(sh, "out of memory");
        return;
    }
    g.game = aw_record_game(g.rec);
    const aw_rules *rules = aw_game_rules(g.game);
    char mv[AW_MOVE_MAX], why[400], what[600];
    bool ok = true;
    for (int i = 0; i < op->nmoves && ok; i++)
        ok = aw_game_play(g.game, op->moves[i], NULL) == 0 &&
             append_move(&g, aw_move_format(rules, op->moves[i], mv)) == 0;
    if (op->nmoves)
        aw_record_set_comment(g.rec, op->nmoves, "opening", NULL);
    set_tags(&g, index, op);

    char fen[AW_POSITION_MAX];
    aw_position standard = aw_position_start(AW_SOUTH);
    bool startpos = memcmp(start, &standard, sizeof standard) == 0;
    aw_position_format(start, fen);
    int64_t clock[2] = {cfg->base_ms, cfg->base_ms};
    bool adjudicated = false;

    if (ok && get_ready(&g, AW_SOUTH) && get_ready(&g, AW_NORTH)) {
        for (;;) {
            if (aw_game_status(g.game) != AW_ONGOING)
                break;
            if (cfg->max_plies && aw_game_ply(g.game) >= cfg->max_plies) {
                adjudicated = true;
                break;
            }
            const int side = aw_game_position(g.game)->side;
            const int e = engine_of(&g, side);
            client *c = &w->c[e];
            size_t plen = g.moves_len + 128;
            char *position = malloc(plen);
            if (!position) {
                set_fatal(sh, "out of memory");
                break;
            }
            int used = snprintf(position, plen, "position %s%s%s", startpos ? "startpos" : "fen ",
                                startpos ? "" : fen, g.moves_len ? " moves " : "");
            /* The moves as words, or run together (the default: engines of
             * the Oware dialect read "moves CfFb" and nothing else). */
            for (const char *m = g.moves; g.moves_len && *m; m++)
                if (*m != ' ' || cfg->engine[e].spaced_moves)
                    position[used++] = *m;
            position[used] = 0;
            char go[256];
            int k = snprintf(go, sizeof go, "go");
            if (cfg->base_ms)
                k += snprintf(go + k, sizeof go - (size_t)k,
                              " wtime %lld btime %lld winc %lld binc %lld",
                              (long long)clock[AW_SOUTH], (long long)clock[AW_NORTH],
                              (long long)cfg->inc_ms, (long long)cfg->inc_ms);
            if (cfg->movetime_ms)
                k += snprintf(go + k, sizeof go - (size_t)k, " movetime %lld",
                              (long long)cfg->movetime_ms);
            if (cfg->depth)
                k += snprintf(go + k, sizeof go - (size_t)k, " depth %d", cfg->depth);
            if (cfg->nodes)
                snprintf(go + k, sizeof go - (size_t)k, " nodes %llu",
                         (unsigned long long)cfg->nodes);
            int64_t budget = cfg->movetime_ms   ? cfg->movetime_ms
                             : cfg->base_ms     ? clock[side]
                                                : cfg->timeout_ms;
            if (cfg->base_ms && cfg->movetime_ms && clock[side] < budget)
                budget = clock[side];
            client_answer ans;
            int rc = client_think(c, position, go, budget + cfg->margin_ms, &ans, why, sizeof why);
            free(position);
            if ((cfg->movetime_ms || cfg->base_ms) && rc != CLIENT_CANCELLED &&
                ans.elapsed_ms - budget > o->over_ms[e]) {
                o->over_ms[e] = ans.elapsed_ms - budget;
                o->over_ply[e] = aw_game_ply(g.game) + 1;
            }
            if (rc == CLIENT_CANCELLED) {
                client_kill(c);
                break;
            }
            if (rc == CLIENT_TIMEOUT) {
                forfeit(&g, side, F_TIME, why);
                break;
            }
            if (rc != CLIENT_OK) {
                forfeit(&g, side, F_CRASH, why);
                break;
            }
            if (o->ntimes[e] == o->cap_times[e]) {
                const int cap = o->cap_times[e] ? 2 * o->cap_times[e] : 128;
                int64_t *t = realloc(o->times[e], (size_t)cap * sizeof *t);
                if (!t) {
                    set_fatal(sh, "out of memory");
                    break;
                }
                o->times[e] = t;
                o->cap_times[e] = cap;
            }
            o->times[e][o->ntimes[e]++] = ans.elapsed_ms;
            if (cfg->base_ms && clock[side] - ans.elapsed_ms < o->low_ms[e]) {
                o->low_ms[e] = clock[side] - ans.elapsed_ms;
                o->low_ply[e] = aw_game_ply(g.game) + 1;
            }
            if (cfg->base_ms) {
                if (ans.elapsed_ms > clock[side] + cfg->margin_ms) {
                    snprintf(what, sizeof what, "used %lld ms with %lld ms on its clock",
                             (long long)ans.elapsed_ms, (long long)clock[side]);
                    forfeit(&g, side, F_TIME, what);
                    break;
                }
                clock[side] -= ans.elapsed_ms;
                if (clock[side] < 0)
                    clock[side] = 0;
                clock[side] += cfg->inc_ms;
            }
            aw_move m;
            aw_error err;
            const char *q = ans.best;
            int prc = aw_move_parse_next(rules, &q, &m, &err);
            if (!ans.best[0]) {
                forfeit(&g, side, F_ILLEGAL, "answered 'bestmove' without a move");
                break;
            }
            if (prc != 1 || *q) {
                snprintf(what, sizeof what, "answered 'bestmove %s', which is not a move%s%s",
                         ans.best, prc < 0 ? ": " : "", prc < 0 ? err.msg : "");
                forfeit(&g, side, F_ILLEGAL, what);
                break;
            }
            if (aw_game_play(g.game, m, &err)) {
                snprintf(what, sizeof what, "answered the illegal move %s: %s", ans.best, err.msg);
                forfeit(&g, side, F_ILLEGAL, what);
                break;
            }
            if (append_move(&g, aw_move_format(rules, m, mv))) {
                set_fatal(sh, "out of memory");
                break;
            }
            char note[64];
            if (ans.has_score && ans.mate)
                snprintf(note, sizeof note, "%sM%d/%d %.3fs", ans.score >= 0 ? "+" : "-",
                         abs(ans.score), ans.depth, ans.elapsed_ms / 1000.0);
            else if (ans.has_score && (ans.score >= UCI_CP_PROVEN || ans.score <= -UCI_CP_PROVEN))
                /* A proven result without a distance (docs/protocol.md). */
                snprintf(note, sizeof note, "%s %+d/%d %.3fs", ans.score > 0 ? "win" : "loss",
                         (ans.score > 0 ? ans.score - UCI_CP_PROVEN : ans.score + UCI_CP_PROVEN) / 100,
                         ans.depth, ans.elapsed_ms / 1000.0);
            else if (ans.has_score)
                snprintf(note, sizeof note, "%+.2f/%d %.3fs", ans.score / 100.0, ans.depth,
                         ans.elapsed_ms / 1000.0);
            else
                snprintf(note, sizeof note, "%.3fs", ans.elapsed_ms / 1000.0);
            aw_record_set_comment(g.rec, aw_game_ply(g.game), note, NULL);
        }
    }

    o->plies = aw_game_ply(g.game);
    o->hash = seen_game(g.game, g.south);
    aw_game_scores(g.game, o->scores);
    aw_status st = aw_game_status(g.game);
    if (o->forfeit >= 0) {
        aw_record_set_tag(g.rec, "Result", o->result > 0 ? "1-0" : "0-1", NULL);
        aw_record_set_tag(g.rec, "Termination", o->termination, NULL);
        add_comment(g.rec, o->plies, o->detail);
    } else if (st != AW_ONGOING) {
        o->done = true;
        o->result = o->scores[0] > o->scores[1] ? 1 : o->scores[0] < o->scores[1] ? -1 : 0;
        snprintf(o->termination, sizeof o->termination, "%s", aw_status_word(st));
    } else if (adjudicated) {
        o->done = true;
        o->result = o->scores[0] > o->scores[1] ? 1 : o->scores[0] < o->scores[1] ? -1 : 0;
        snprintf(o->termination, sizeof o->termination, "adjudication");
        snprintf(o->detail, sizeof o->detail,
                 "%d plies played: adjudicated on the seeds captured, %d-%d", cfg->max_plies,
                 o->scores[0], o->scores[1]);
        aw_record_set_tag(g.rec, "Result", o->result > 0 ? "1-0" : o->result < 0 ? "0-1" : "1/2-1/2",
                          NULL);
        aw_record_set_tag(g.rec, "Termination", "adjudication", NULL);
        add_comment(g.rec, o->plies, o->detail);
    }
    if (o->done)
        o->record = aw_record_format(g.rec);
    aw_record_free(g.rec);
    free(g.moves);
}

/* ---------------------------------------------------------- reporting */

static void write_records(shared *sh, bool final)
{
    const match_config *cfg = sh->cfg;
    if (!cfg->records_path || sh->write_failed)
        return;
    int64_t now = proc_now_ms();
    if (!final && now - sh->last_write < 1000)
        return;
    sh->last_write = now;
    size_t total = 1;
    for (int i = 0; i < cfg->games; i++)
        if (sh->games[i].record)
            total += strlen(sh->games[i].record) + 1;
    char *text = malloc(total);
    if (!text)
        return;
    size_t k = 0;
    for (int i = 0; i < cfg->games; i++)
        if (sh->games[i].record) {
            size_t n = strlen(sh->games[i].record);
            if (k)
                text[k++] = '\n';
            memcpy(text + k, sh->games[i].record, n);
            k += n;
        }
    text[k] = 0;
    char err[512];
    if (textfile_write(cfg->records_path, text, err, sizeof err)) {
        fprintf(stderr, "awale match: %s\n", err);
        sh->write_failed = true;
    }
    free(text);
}

static const char *result_text(int r) { return r > 0 ? "1-0" : r < 0 ? "0-1" : "1/2-1/2"; }

static void report(shared *sh, int index, outcome *o)
{
    const match_config *cfg = sh->cfg;
    pthread_mutex_lock(&sh->lock);
    sh->games[index] = *o;
    sh->games[index].times[0] = sh->games[index].times[1] = NULL; /* freed below */
    if (o->done) {
        sh->finished++;
        int first_points = o->south == 0 ? o->result : -o->result; /* engine 1's view */
        if (first_points > 0)
            sh->score.wins++;
        else if (first_points < 0)
            sh->score.losses++;
        else
            sh->score.draws++;
        if (o->result > 0)
            sh->south_wins++;
        else if (o->result < 0)
            sh->north_wins++;
        else
            sh->draws++;
        if (o->forfeit >= 0)
            sh->forfeits[o->forfeit][o->kind]++;
        for (int e = 0; e < 2; e++)
            if (o->over_ms[e] > sh->over_ms[e]) {
                sh->over_ms[e] = o->over_ms[e];
                sh->over_game[e] = index + 1;
                sh->over_ply[e] = o->over_ply[e];
            }
        for (int e = 0; e < 2; e++) {
            time_use *u = &sh->use[e];
            if (u->n + o->ntimes[e] > u->cap) {
                int cap = u->cap ? u->cap : 1024;
                while (cap < u->n + o->ntimes[e])
                    cap *= 2;
                int64_t *t = realloc(u->ms, (size_t)cap * sizeof *t);
                if (t) {
                    u->ms = t;
                    u->cap = cap;
                }
            }
            if (u->n + o->ntimes[e] <= u->cap && o->ntimes[e]) {
                memcpy(u->ms + u->n, o->times[e], (size_t)o->ntimes[e] * sizeof *u->ms);
                u->n += o->ntimes[e];
            }
            if (o->low_ms[e] < u->low_ms) {
                u->low_ms = o->low_ms[e];
                u->low_game = index + 1;
                u->low_ply = o->low_ply[e];
            }
        }
        if (seen_add(&sh->seen, o->hash, index) == 1 && sh->repeats++ == 0) {
            int other = 0;
            seen_find(&sh->seen, o->hash, &other);
            fprintf(stderr,
                    "awale match: warning: games %d and %d are the same game (the same start, "
                    "the same engine on each side, the same moves); the summary counts the "
                    "repeats\n",
                    other < index ? other + 1 : index + 1, other < index ? index + 1 : other + 1);
        }
        const char *s = cfg->engine[o->south].name, *n = cfg->engine[1 - o->south].name;
        printf("game %d/%d: %s (South) - %s (North) %s %s", index + 1, cfg->games, s, n,
               result_text(o->result), o->termination);
        if (o->forfeit >= 0)
            printf(": %s", o->detail);
        else
            printf(" %d-%d in %d plies", o->scores[0], o->scores[1], o->plies);
        printf(" | %s %d-%d-%d (W-D-L) %.1f/%d\n", cfg->engine[0].name, sh->score.wins,
               sh->score.draws, sh->score.losses, sh->score.wins + 0.5 * sh->score.draws,
               stats_games(&sh->score));
        fflush(stdout);
        if (cfg->sprt && !sh->sprt_msg[0]) {
            double lo, hi, llr = stats_llr(&sh->score, cfg->elo0, cfg->elo1);
            stats_sprt_bounds(cfg->alpha, cfg->beta, &lo, &hi);
            if (llr >= hi || llr <= lo) {
                snprintf(sh->sprt_msg, sizeof sh->sprt_msg, "%s accepted after %d games",
                         llr >= hi ? "H1" : "H0", stats_games(&sh->score));
                sh->stop = true;
            }
        }
        write_records(sh, false);
    }
    pthread_mutex_unlock(&sh->lock);
    for (int e = 0; e < 2; e++) {
        free(o->times[e]);
        o->times[e] = NULL;
        o->ntimes[e] = o->cap_times[e] = 0;
    }
}

static int compare_ms(const void *a, const void *b)
{
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* "time per move of NAME: mean 0.412 s, median 0.398 s, max 1.204 s over
 * 1234 moves; lowest clock 3.210 s (game 7, ply 88); losses on time 0" */
static void time_report(shared *sh)
{
    const match_config *cfg = sh->cfg;
    for (int e = 0; e < 2; e++) {
        time_use *u = &sh->use[e];
        printf("time per move of %s: ", cfg->engine[e].name);
        if (!u->n) {
            printf("no move played");
        } else {
            qsort(u->ms, (size_t)u->n, sizeof *u->ms, compare_ms);
            double sum = 0;
            for (int i = 0; i < u->n; i++)
                sum += (double)u->ms[i];
            const double median = u->n % 2 ? (double)u->ms[u->n / 2]
                                            : ((double)u->ms[u->n / 2 - 1] + (double)u->ms[u->n / 2]) / 2;
            printf("mean %.3f s, median %.3f s, max %.3f s over %d move%s", sum / u->n / 1000.0,
                   median / 1000.0, (double)u->ms[u->n - 1] / 1000.0, u->n, u->n == 1 ? "" : "s");
        }
        if (cfg->base_ms) {
            if (u->low_ms != INT64_MAX)
                printf("; lowest clock %.3f s (game %d, ply %d)", (double)u->low_ms / 1000.0,
                       u->low_game, u->low_ply);
            printf("; losses on time %d", sh->forfeits[e][F_TIME]);
        }
        printf("\n");
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    aw_move moves[OPENING_PLIES_MAX];
    for (;;) {
        opening op = {.moves = moves};
        int g = take_game(w->sh, &op);
        if (g < 0)
            break;
        outcome o;
        play_game(w, g, &op, &o);
        if (!o.done) {
            free(o.record);
            o.record = NULL;
        }
        report(w->sh, g, &o);
    }
    client_quit(&w->c[0]);
    client_quit(&w->c[1]);
    return NULL;
}

/* Where the openings come from, for the first line and the summary. */
static void openings_text(const shared *sh, bool final, char *buf, size_t size)
{
    const match_config *cfg = sh->cfg;
    if (cfg->nopenings) {
        int pairs = (cfg->games + 1) / 2, most = (pairs + cfg->nopenings - 1) / cfg->nopenings;
        if (most > 1)
            snprintf(buf, size, "%d from %s, in turn: each starts up to %d pairs of games",
                     cfg->nopenings, cfg->openings_path, most);
        else
            snprintf(buf, size, "%d from %s, in turn", cfg->nopenings, cfg->openings_path);
        return;
    }
    char notes[256] = "";
    int k = 0;
    if (final) {
        opening_stats st = opening_gen_stats(sh->gen);
        opening_stats_notes(&st, notes, sizeof notes);
        k = st.drawn;
    }
    char what[400];
    opening_gen_describe(cfg->opening_plies, &cfg->start, cfg->seed, what, sizeof what);
    if (final && cfg->opening_plies)
        snprintf(buf, size, "%s; %d drawn%s", what, k, notes);
    else if (final)
        snprintf(buf, size, "%s", what);
    else if (cfg->opening_plies)
        snprintf(buf, size, "%s (--seed %llu plays them again)", what,
                 (unsigned long long)cfg->seed);
    else
        snprintf(buf, size, "%s", what);
}

/* ", 95% interval +155.2 to +804.4", or " +/- 12.3 (95%)" when the two ends
 * are as far from the estimate (to the tenth printed); an infinite end
 * prints as -inf or +inf. */
static void interval_text(double elo, double lo, double hi, char *buf, size_t size)
{
    char below[32], above[32];
    if (fabs(lo) < 0.05)
        lo = 0; /* "+0.0", never "-0.0" */
    if (fabs(hi) < 0.05)
        hi = 0;
    snprintf(below, sizeof below, "%.1f", elo - lo);
    snprintf(above, sizeof above, "%.1f", hi - elo);
    if (isfinite(lo) && isfinite(hi) && strcmp(below, above) == 0)
        snprintf(buf, size, " +/- %s (95%%)", above);
    else
        snprintf(buf, size, ", 95%% interval %+.1f to %+.1f", lo, hi);
}

/* The pairs of games finished both (games 2k and 2k+1: one opening, the
 * colours swapped), by the first engine's points in the two. */
static match_pairs count_pairs(const shared *sh)
{
    match_pairs p;
    memset(&p, 0, sizeof p);
    for (int k = 0; 2 * k + 1 < sh->cfg->games; k++) {
        const outcome *x = &sh->games[2 * k], *y = &sh->games[2 * k + 1];
        if (!x->done || !y->done)
            continue;
        /* half-points of engine 1: 2 a win, 1 a draw, 0 a loss */
        const int px = 1 + (x->south == 0 ? x->result : -x->result);
        const int py = 1 + (y->south == 0 ? y->result : -y->result);
        p.n[px + py]++;
    }
    return p;
}

static void summary(shared *sh, int status)
{
    const match_config *cfg = sh->cfg;
    const char *a = cfg->engine[0].name, *b = cfg->engine[1].name;
    const match_score *s = &sh->score;
    int n = stats_games(s);
    char tc[128];
    time_control_text(cfg, tc, sizeof tc);
    printf("\n");
    if (status == 130)
        printf("interrupted: %d of %d games finished\n", n, cfg->games);
    /* Every rule that differs from the preset: a match under
     * --rule repetition=2 is not one under abapa. */
    char diff[512];
    aw_rules_diff(&cfg->rules, diff, sizeof diff);
    printf("match %s vs %s: %d game%s, rules %s%s%s, %s\n", a, b, n, n == 1 ? "" : "s",
           cfg->rules.name, diff[0] ? " " : "", diff, tc);
    printf("%s: %d win%s, %d draw%s, %d loss%s; score %.1f/%d (%.1f%%)\n", a, s->wins,
           s->wins == 1 ? "" : "s", s->draws, s->draws == 1 ? "" : "s", s->losses,
           s->losses == 1 ? "" : "es", s->wins + 0.5 * s->draws, n, 100 * stats_score(s));
    double elo, margin;
    bool finite = stats_elo(s, &elo, &margin);
    if (finite && fabs(elo) < 0.05)
        elo = 0; /* "+0.0", never "-0.0" */
    if (!n)
        printf("Elo difference: none (no game finished)\n");
    else if (!finite)
        printf("Elo difference: %s (%s every game; no finite estimate)\n",
               elo > 0 ? "+inf" : "-inf", elo > 0 ? "won" : "lost");
    else {
        /* The interval by its two ends: the logistic curve makes it
         * asymmetric (+16 =2 -2 is +301.3, from +155.2 to +804.4), and a
         * margin would read as -23..+626. */
        double lo, hi;
        char ends[96];
        stats_elo_interval(s, &lo, &hi);
        interval_text(elo, lo, hi, ends, sizeof ends);
        printf("Elo difference: %+.1f%s (%s vs %s)\n", elo, ends, a, b);
    }
    match_pairs pairs = count_pairs(sh);
    if (stats_pairs(&pairs)) {
        double pe, plo, phi;
        char ends[96];
        printf("pairs: %d (each opening with both colours): LL %d, LD %d, DD/WL %d, WD %d, WW %d; ",
               stats_pairs(&pairs), pairs.n[0], pairs.n[1], pairs.n[2], pairs.n[3], pairs.n[4]);
        if (stats_pairs_elo(&pairs, &pe, &plo, &phi)) {
            if (fabs(pe) < 0.05)
                pe = 0;
            interval_text(pe, plo, phi, ends, sizeof ends);
            printf("pentanomial Elo %+.1f%s\n", pe, ends);
        } else {
            printf("pentanomial Elo %s (no finite estimate)\n", pe > 0 ? "+inf" : "-inf");
        }
    }
    if (cfg->sprt) {
        double lo, hi, llr = stats_llr(s, cfg->elo0, cfg->elo1);
        stats_sprt_bounds(cfg->alpha, cfg->beta, &lo, &hi);
        printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f (bounds %.2f, %.2f): %s\n",
               cfg->elo0, cfg->elo1, cfg->alpha, cfg->beta, llr, lo, hi,
               sh->sprt_msg[0] ? sh->sprt_msg : "no decision");
    }
    printf("South won %d, North won %d, draws %d\n", sh->south_wins, sh->north_wins, sh->draws);
    char text[800];
    openings_text(sh, true, text, sizeof text);
    printf("openings: %s\n", text);
    if (sh->repeats)
        printf("repeated games: %d of %d repeat an earlier game: the Elo rests on %d distinct "
               "game%s\n",
               sh->repeats, sh->finished, sh->finished - sh->repeats,
               sh->finished - sh->repeats == 1 ? "" : "s");
    for (int e = 0; e < 2; e++) {
        int total = 0;
        for (int k = 0; k < F_KINDS; k++)
            total += sh->forfeits[e][k];
        printf("forfeits of %s: %d", cfg->engine[e].name, total);
        const char *sep = " (";
        for (int k = 0; k < F_KINDS; k++)
            if (sh->forfeits[e][k]) {
                printf("%s%d %s", sep, sh->forfeits[e][k], forfeit_words[k]);
                sep = ", ";
            }
        printf("%s\n", total ? ")" : "");
    }
    if (cfg->movetime_ms || cfg->base_ms) {
        /* How close the engines kept to their time: the largest answer
         * time past a move's limit (from go to bestmove, as forfeits are
         * judged), over every game finished. */
        printf("largest overrun:");
        for (int e = 0; e < 2; e++) {
            printf("%s %s ", e ? "," : "", cfg->engine[e].name);
            if (sh->over_ms[e] > 0)
                printf("%lld ms (game %d, ply %d)", (long long)sh->over_ms[e], sh->over_game[e],
                       sh->over_ply[e]);
            else
                printf("none");
        }
        printf(" (margin %lld ms)\n", (long long)cfg->margin_ms);
    }
    time_report(sh);
    if (cfg->records_path && !sh->write_failed)
        printf("records: %s\n", cfg->records_path);
    fflush(stdout);
    if (sh->repeats)
        fprintf(stderr,
                "awale match: warning: %d of %d games repeat an earlier game (the same start, the "
                "same engine on each side, the same moves): the Elo rests on %d distinct game%s. "
                "%s\n",
                sh->repeats, sh->finished, sh->finished - sh->repeats,
                sh->finished - sh->repeats == 1 ? "" : "s",
                cfg->nopenings ? "Give more openings than game pairs, or engines whose choices vary."
                               : "Give more opening plies (--opening-plies), or engines whose "
                                 "choices vary.");
}

int match_run(const match_config *cfg)
{
    shared sh = {.cfg = cfg};
    sh.use[0].low_ms = sh.use[1].low_ms = INT64_MAX;
    sh.current.moves = sh.current_moves;
    pthread_mutex_init(&sh.lock, NULL);
    sh.games = calloc((size_t)cfg->games, sizeof *sh.games);
    int nworkers = cfg->concurrency < 1 ? 1 : cfg->concurrency;
    if (nworkers > cfg->games)
        nworkers = cfg->games > 0 ? cfg->games : 1;
    worker *workers = calloc((size_t)nworkers, sizeof *workers);
    if (!sh.games || !workers || pipe(sh.cancel) != 0) {
        fprintf(stderr, "awale match: out of memory\n");
        free(sh.games);
        free(workers);
        return 1;
    }
    if (!cfg->nopenings) {
        char err[600];
        sh.gen = opening_gen_new(&cfg->rules, &cfg->start, cfg->opening_plies, cfg->seed, err,
                                 sizeof err);
        if (!sh.gen) {
            fprintf(stderr, "awale match: %s\n", err);
            free(sh.games);
            free(workers);
            close(sh.cancel[0]);
            close(sh.cancel[1]);
            return 1;
        }
    }
    {
        char text[800];
        openings_text(&sh, false, text, sizeof text);
        printf("openings: %s\n", text);
        fflush(stdout);
    }
    fcntl(sh.cancel[0], F_SETFD, FD_CLOEXEC);
    fcntl(sh.cancel[1], F_SETFD, FD_CLOEXEC);
    fcntl(sh.cancel[1], F_SETFL, O_NONBLOCK);

    /* Ctrl-C and kill stop the match cleanly; a second Ctrl-C kills. A
     * write to an engine that has gone fails with EPIPE, not a signal. */
    struct sigaction old_pipe, ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    cancel_write_fd = sh.cancel[1];
    interrupt_guard ig;
    interrupt_catch(&ig, INTERRUPT_TERM | INTERRUPT_ONCE, on_interrupt);
    sigaction(SIGPIPE, &ign, &old_pipe);

    int started = 0;
    for (int i = 0; i < nworkers; i++) {
        workers[i].sh = &sh;
        for (int e = 0; e < 2; e++) {
            workers[i].c[e].spec = &cfg->engine[e];
            workers[i].c[e].name = cfg->engine[e].name;
            workers[i].c[e].cancel_fd = sh.cancel[0];
            workers[i].c[e].log = cfg->debug ? stderr : NULL;
            workers[i].c[e].p.pid = 0;
        }
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0)
            break;
        started++;
    }
    if (started == 0)
        worker_main(&workers[0]);
    for (int i = 0; i < started; i++)
        pthread_join(workers[i].thread, NULL);

    interrupt_release(&ig);
    sigaction(SIGPIPE, &old_pipe, NULL);
    cancel_write_fd = -1;

    int status = sh.fatal ? 1 : interrupt_caught() ? 130 : 0;
    write_records(&sh, true);
    if (sh.fatal)
        fprintf(stderr, "awale match: %s\n", sh.fatal_msg);
    summary(&sh, status);
    if (sh.write_failed && status == 0)
        status = 1;
    for (int i = 0; i < cfg->games; i++)
        free(sh.games[i].record);
    free(sh.games);
    free(workers);
    free(sh.use[0].ms);
    free(sh.use[1].ms);
    close(sh.cancel[0]);
    close(sh.cancel[1]);
    opening_gen_free(sh.gen);
    seen_free(&sh.seen);
    pthread_mutex_destroy(&sh.lock);
    return status;
}
