/*
 * routes.c - the API (docs/api.md): requests in, JSON out. It only
 * translates: the game is a session (src/front/session.c), values come from
 * the library and are put into JSON by jsonout.c, and anything that makes
 * the engine think runs as a job on the worker pool (pool.c), never here.
 *
 * Each request is checked before anything changes: the Host (loopback
 * only, against DNS rebinding, unless the server listens elsewhere), the
 * Origin of a change (no cross-site requests), the method, the body's
 * size, type and JSON, every field's type and range, the game's id. A bad
 * request gets {"error": "..."} and a 4xx status and changes nothing.
 *
 * A game's session is used by one thread at a time (games.h). A change
 * first claims the session: an analysis or a hint running on it is stopped
 * (a hint then answers with what it found), while the computer's move is
 * waited for by nobody: the change is refused (409) until it is played.
 */
#include "web/app.h"

#include "front/engine_setup.h"
#include "front/session.h"
#include "front/words.h"
#include "web/games.h"
#include "web/jsonout.h"
#include "web/pool.h"
#include "web/static.h"

#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define MAX_TABLES 32
#define EVAL_DEPTH 14
#define EVAL_NODES 300000
#define MAX_MULTIPV 8

typedef struct tables_entry {
    char key[600]; /* rule set name and its differences from the preset */
    aw_tables *tables;
} tables_entry;

struct web_app {
    web_config cfg;
    registry *reg;
    pool *pool;
    pthread_mutex_t lock; /* tables cache */
    tables_entry tables[MAX_TABLES];
    int ntables;
    atomic_bool stopping;
    atomic_int streams;
    int64_t started_ms, last_ping_ms;
    atomic_ullong requests;
};

/* ------------------------------------------------------------ replies */

void web_reply_free(web_reply *r)
{
    free(r->body);
    r->body = NULL;
}

void web_reply_json_text(web_reply *r, int status, char *text)
{
    free(r->body);
    r->status = status;
    r->type = "application/json";
    r->body = text;
    r->len = text ? strlen(text) : 0;
    if (!text) { /* out of memory while writing the answer */
        r->status = 500;
        r->body = strdup("{\"error\":\"out of memory\"}");
        r->len = r->body ? strlen(r->body) : 0;
    }
}

void web_reply_error(web_reply *r, int status, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *o = json_pack("{s:s}", "error", msg);
    web_reply_json_text(r, status, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
}

/* Take a JSON value (a new reference) as the answer. */
static void reply_json(web_reply *r, int status, json_t *o)
{
    web_reply_json_text(r, status, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
}

web_pending *web_pending_new(void)
{
    web_pending *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    p->refs = 2;
    return p;
}

bool web_pending_arm(web_pending *p, void (*notify)(void *ctx), void *ctx)
{
    pthread_mutex_lock(&p->lock);
    const bool done = p->done;
    if (!done) {
        p->armed = true;
        p->notify = notify;
        p->ctx = ctx;
    }
    pthread_mutex_unlock(&p->lock);
    return done;
}

void web_pending_complete(web_pending *p)
{
    pthread_mutex_lock(&p->lock);
    p->done = true;
    void (*notify)(void *) = p->armed ? p->notify : NULL;
    void *ctx = p->ctx;
    p->armed = false;
    pthread_mutex_unlock(&p->lock);
    if (notify)
        notify(ctx);
}

void web_pending_release(web_pending *p)
{
    pthread_mutex_lock(&p->lock);
    const bool last = --p->refs == 0;
    pthread_mutex_unlock(&p->lock);
    if (last) {
        web_reply_free(&p->reply);
        pthread_mutex_destroy(&p->lock);
        free(p);
    }
}

/* ------------------------------------------------------ configuration */

web_config web_config_default(void)
{
    web_config c;
    memset(&c, 0, sizeof c);
    c.host = "127.0.0.1";
    c.port = 8080;
    c.max_games = 32;
    c.ttl_ms = 3600 * 1000;
    c.max_body = 256 * 1024;
    c.searches = 2;
    c.queue = 8;
    c.max_streams = 8;
    c.hash_mb = 16;
    c.max_movetime_ms = 60000;
    c.hint_ms = 1000;
    c.analysis_ms = 30000;
    c.eval_budget_ms = 3000;
    c.keepalive_ms = 5000;
    return c;
}

/* ------------------------------------------------ tables, book, sessions */

static const aw_tables *tables_for(web_app *a, const aw_rules *rules)
{
    if (!a->cfg.open_tables || aw_tables_supported(rules, NULL))
        return NULL;
    char key[600], diff[512];
    aw_rules_diff(rules, diff, sizeof diff);
    snprintf(key, sizeof key, "%s %s", rules->name, diff);
    pthread_mutex_lock(&a->lock);
    for (int i = 0; i < a->ntables; i++)
        if (strcmp(a->tables[i].key, key) == 0) {
            const aw_tables *t = a->tables[i].tables;
            pthread_mutex_unlock(&a->lock);
            return t;
        }
    /* Opened once per rule set, kept (read-only, shared by every game). */
    aw_tables *t = a->cfg.open_tables(rules, a->cfg.tables_ctx);
    if (a->ntables < MAX_TABLES) {
        snprintf(a->tables[a->ntables].key, sizeof a->tables[0].key, "%s", key);
        a->tables[a->ntables++].tables = t;
    } else {
        aw_tables_close(t);
        t = NULL;
    }
    pthread_mutex_unlock(&a->lock);
    return t;
}

static const aw_book *book_for(web_app *a, const aw_rules *rules)
{
    return a->cfg.book && aw_book_matches(a->cfg.book, rules) ? a->cfg.book : NULL;
}

static void game_gone(web_game *g);
static void game_destroy(web_game *g);

web_app *web_app_new(const web_config *cfg, char *err, size_t errsize)
{
    web_app *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    a->cfg = *cfg;
    pthread_mutex_init(&a->lock, NULL);
    atomic_init(&a->stopping, false);
    atomic_init(&a->streams, 0);
    atomic_init(&a->requests, 0);
    a->started_ms = a->last_ping_ms = web_now_ms();
    json_object_seed(0);
    registry_hooks hooks = {game_gone, game_destroy};
    a->reg = registry_new(cfg->max_games, cfg->ttl_ms, hooks);
    const int bg = cfg->searches > 1 ? cfg->searches - 1 : 1;
    a->pool = pool_new(cfg->searches, bg, cfg->queue);
    if (!a->reg || !a->pool) {
        snprintf(err, errsize, "cannot start the worker threads");
        web_app_free(a);
        return NULL;
    }
    pool_set_hash(a->pool, cfg->hash_mb);
    return a;
}

static void stop_game(web_game *g, void *ctx);

void web_app_stop(web_app *a)
{
    atomic_store(&a->stopping, true);
    registry_each(a->reg, stop_game, a);
}

void web_app_free(web_app *a)
{
    if (!a)
        return;
    atomic_store(&a->stopping, true);
    pool_free(a->pool); /* jobs release their games */
    registry_free(a->reg);
    for (int i = 0; i < a->ntables; i++)
        aw_tables_close(a->tables[i].tables);
    pthread_mutex_destroy(&a->lock);
    free(a);
}

int web_app_games(web_app *a) { return registry_count(a->reg); }

/* --------------------------------------------------------- game state */

static const char *side_of(const session *s, int side)
{
    return session_is_human(s, side) ? "human" : "engine";
}

static json_t *players_json(const session *s)
{
    const session_config *c = session_get_config(s);
    json_t *o = json_object();
    for (int side = 0; side < 2; side++) {
        json_t *p = json_pack("{s:s}", "type", side_of(s, side));
        if (!session_is_human(s, side))
            json_object_set_new(p, "level", json_integer(c->level));
        json_object_set_new(o, jo_side_word(side), p);
    }
    return o;
}

/* Every move played, with what it did (no steps) and the position after it. */
static json_t *moves_json(const session *s)
{
    const aw_game *gm = session_game(s);
    const aw_rules *r = session_rules(s);
    json_t *list = json_array();
    aw_move_report *rep = malloc(sizeof *rep);
    if (!rep)
        return list;
    for (int i = 0; i < aw_game_ply(gm); i++) {
        aw_position p = *aw_game_position_at(gm, i);
        char text[AW_POSITION_MAX];
        if (aw_play_report(r, &p, aw_game_move(gm, i), rep) < 0)
            break;
        json_t *m = jo_report(r, rep, false);
        json_object_set_new(m, "ply", json_integer(i + 1));
        json_object_set_new(m, "after", json_string(aw_position_format(&p, text)));
        json_array_append_new(list, m);
    }
    free(rep);
    return list;
}

static const char *job_word(game_job j)
{
    switch (j) {
    case JOB_MOVE: return "move";
    case JOB_HINT: return "hint";
    case JOB_AGREE: return "agree";
    default: return NULL;
    }
}

/* The state of a game (lock held, session free to read). */
static json_t *state_json(web_game *g)
{
    session *s = g->s;
    const aw_game *gm = session_game(s);
    const aw_rules *r = session_rules(s);
    const aw_position *pos = session_position(s);
    const session_config *c = session_get_config(s);
    const aw_status st = aw_game_status(gm);
    char text[AW_POSITION_MAX];
    json_t *legal = json_array();
    if (st == AW_ONGOING) {
        aw_move moves[AW_MAX_MOVES];
        const int n = aw_generate(r, pos, moves);
        for (int i = 0; i < n; i++)
            json_array_append_new(legal, jo_move(r, moves[i]));
    }
    int margin;
    json_t *tables = session_tables_margin(s, &margin) ? jo_perfect(margin) : json_null();
    json_t *o = json_pack(
        "{s:s, s:o, s:o, s:i, s:I, s:s, s:s, s:o, s:i, s:o, s:o, s:o, s:s?, s:b, s:s?, s:b, s:b, "
        "s:b, s:o, s:i}",
        "id", g->id, "rules", jo_rules(r), "players", players_json(s), "level", c->level,
        "movetime", (json_int_t)c->movetime_ms, "start", aw_position_format(aw_game_start(gm), text),
        "position", aw_position_format(pos, (char[AW_POSITION_MAX]){0}), "board", jo_position(pos),
        "ply", aw_game_ply(gm), "moves", moves_json(s), "legal", legal, "status", jo_status(gm),
        "to_move", st == AW_ONGOING ? jo_side_letter(pos->side) : NULL, "computer_to_move",
        session_computer_to_move(s), "thinking", job_word(g->job), "can_undo",
        aw_game_ply(gm) > 0 || st == AW_END_AGREEMENT, "can_redo",
        session_can_redo(s) && st == AW_ONGOING, "agreement_allowed",
        r->agreement != AW_LEFT_FORBIDDEN, "tables", tables, "version", (int)g->version);
    return o;
}

/* Rebuild the cached state text; returns the state (a new reference) for
 * answers that add to it. Lock held, session free to read. */
static json_t *refresh_state(web_game *g)
{
    json_t *o = state_json(g);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    if (text) {
        free(g->state);
        g->state = text;
    }
    return o;
}

/* Answer with the state plus `extra` fields (may be NULL; taken). */
static void reply_state(web_game *g, web_reply *r, int status, json_t *extra)
{
    json_t *o = refresh_state(g);
    if (o && extra)
        json_object_update(o, extra);
    json_decref(extra);
    reply_json(r, status, o);
}

/* What is known of the value of the position at `ply` (lock held). */
static void store_eval(web_game *g, int ply, const aw_position *pos, int depth, const aw_score *score,
                       bool exact)
{
    if (ply < 0 || ply > 100000)
        return;
    if (ply >= g->nevals) {
        const int n = ply + 64;
        eval_point *e = realloc(g->evals, sizeof *e * (size_t)n);
        if (!e)
            return;
        memset(e + g->nevals, 0, sizeof *e * (size_t)(n - g->nevals));
        g->evals = e;
        g->nevals = n;
    }
    eval_point *e = &g->evals[ply];
    const uint64_t h = aw_position_hash(pos);
    if (e->hash == h && e->depth > 0 && (e->exact || e->depth > depth) && !exact)
        return;
    e->hash = h;
    e->depth = depth > 0 ? depth : 1;
    e->score = *score;
    e->exact = exact;
}

/* The engine's view of the position it searched at `ply`. */
static void store_thought(web_game *g, int ply, const aw_position *pos, const session_thought *t)
{
    if (t->info.lines > 0 && t->info.line[0].length > 0)
        store_eval(g, ply, pos, t->book ? 1 : t->info.depth, &t->info.line[0].score, false);
}

/* ---------------------------------------------------------- streams */

/* Send an event to every stream of the game (lock held); streams that
 * cannot take it (ended, too slow) are dropped. */
static void broadcast(web_app *a, web_game *g, const char *event, json_t *data)
{
    char *text = data ? json_dumps(data, JSON_COMPACT) : NULL;
    json_decref(data);
    if (!text)
        return;
    for (int i = 0; i < g->nstreams;) {
        web_stream *s = g->streams[i];
        if (web_stream_event(s, event, text)) {
            i++;
            continue;
        }
        web_stream_end(s);
        g->streams[i] = g->streams[--g->nstreams];
        web_stream_release(s);
    }
    (void)a;
    free(text);
}

/* ---------------------------------------------------------- analysis */

typedef struct analysis_job {
    web_job base;
    web_app *a;
    web_game *g;
    atomic_bool cancelled;
    /* What is analysed. */
    aw_rules rules;
    aw_position pos;
    int ply;
    unsigned version;
} analysis_job;

static void analysis_kick(web_app *a, web_game *g);

static void analysis_cancel(web_job *j)
{
    analysis_job *aj = (analysis_job *)j;
    atomic_store(&aj->cancelled, true);
    session_stop(aj->g->s);
}

static void analysis_info(const aw_search_info *info, void *user)
{
    analysis_job *aj = user;
    web_game *g = aj->g;
    /* A stop that came before the search started is applied here. */
    if (atomic_load(&aj->cancelled) || g->stop_asked)
        session_stop(g->s);
    json_t *o = jo_search_info(&aj->rules, &aj->pos, info);
    json_object_set_new(o, "ply", json_integer(aj->ply));
    json_object_set_new(o, "version", json_integer(aj->version));
    pthread_mutex_lock(&g->lock);
    if (info->lines > 0 && info->line[0].length > 0)
        store_eval(g, aj->ply, &aj->pos, info->depth, &info->line[0].score, false);
    broadcast(aj->a, g, "info", o);
    if (g->nstreams == 0) { /* nobody reads any more */
        g->stop_asked = true;
        session_stop(g->s);
    }
    pthread_mutex_unlock(&g->lock);
}

/* The event that opens the analysis of a position. */
static json_t *position_event(web_game *g, int multipv)
{
    const aw_game *gm = session_game(g->s);
    char text[AW_POSITION_MAX];
    int margin;
    json_t *tables = session_tables_margin(g->s, &margin) ? jo_perfect(margin) : json_null();
    return json_pack("{s:i, s:s, s:s, s:o, s:o, s:i, s:i}", "ply", aw_game_ply(gm), "position",
                     aw_position_format(aw_game_position(gm), text), "side",
                     jo_side_letter(aw_game_position(gm)->side), "status", jo_status(gm), "tables",
                     tables, "multipv", multipv, "version", (int)g->version);
}

static void analysis_run(web_job *j, pool_worker *w)
{
    (void)w;
    analysis_job *aj = (analysis_job *)j;
    web_app *a = aj->a;
    web_game *g = aj->g;
    pthread_mutex_lock(&g->lock);
    g->analysis_queued = false;
    if (g->gone || g->nstreams == 0 || g->job != JOB_NONE || g->waiters > 0 ||
        atomic_load(&aj->cancelled) || pool_stopping(a->pool) || atomic_load(&a->stopping)) {
        pthread_mutex_unlock(&g->lock);
        goto out;
    }
    int multipv = 1;
    for (int i = 0; i < g->nstreams; i++)
        if (g->streams[i]->multipv > multipv)
            multipv = g->streams[i]->multipv;
    const aw_game *gm = session_game(g->s);
    aw_status st = aw_game_status(gm);
    if (st != AW_ONGOING) {
        pthread_mutex_unlock(&g->lock);
        goto out;
    }
    g->job = JOB_ANALYSIS;
    g->stop_asked = false;
    aj->rules = *session_rules(g->s);
    aj->pos = *aw_game_position(gm);
    aj->ply = aw_game_ply(gm);
    aj->version = g->version;
    broadcast(a, g, "position", position_event(g, multipv));
    pthread_mutex_unlock(&g->lock);

    aw_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.movetime_ms = a->cfg.analysis_ms;
    limits.multipv = multipv;
    aw_search_result res;
    aw_error err;
    const int rc = session_analyze(g->s, &limits, analysis_info, aj, &res, &err);

    pthread_mutex_lock(&g->lock);
    g->job = JOB_NONE;
    const bool stopped = g->stop_asked || atomic_load(&aj->cancelled);
    g->stop_asked = false;
    if (rc == 0 && !stopped) {
        g->analysed = true;
        g->analysed_version = aj->version;
        broadcast(a, g, "done",
                  json_pack("{s:i, s:i, s:s, s:i}", "ply", aj->ply, "version", (int)aj->version,
                            "reason", "time", "depth", res.info.depth));
    } else if (rc != 0) {
        broadcast(a, g, "error", json_pack("{s:s}", "error", err.msg));
    }
    pthread_cond_broadcast(&g->idle);
    /* Stopped to let a move through: start again when a worker is free. */
    if (atomic_load(&aj->cancelled))
        analysis_kick(a, g);
    pthread_mutex_unlock(&g->lock);
out:
    registry_put(g);
    free(aj);
}

/* Start the analysis of the current position when pages follow it and
 * nothing else uses the session (lock held). */
static void analysis_kick(web_app *a, web_game *g)
{
    if (g->nstreams == 0 || g->analysis_queued || g->job != JOB_NONE || g->gone ||
        atomic_load(&a->stopping))
        return;
    if (g->analysed && g->analysed_version == g->version)
        return;
    const aw_game *gm = session_game(g->s);
    if (aw_game_status(gm) != AW_ONGOING) {
        if (!(g->analysed && g->analysed_version == g->version)) {
            g->analysed = true;
            g->analysed_version = g->version;
            broadcast(a, g, "position", position_event(g, 1));
        }
        return;
    }
    analysis_job *aj = calloc(1, sizeof *aj);
    if (!aj)
        return;
    aj->base.run = analysis_run;
    aj->base.cancel = analysis_cancel;
    aj->base.background = true;
    aj->a = a;
    aj->g = g;
    atomic_init(&aj->cancelled, false);
    registry_hold(g);
    g->analysis_queued = true;
    if (session_computer_to_move(g->s))
        broadcast(a, g, "waiting", json_pack("{s:s}", "reason", "computer"));
    pool_submit(a->pool, &aj->base);
}

/* ------------------------------------------------- lifecycle of games */

static void stop_game(web_game *g, void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&g->lock);
    g->stop_asked = true;
    session_stop(g->s);
    for (int i = 0; i < g->nstreams; i++) {
        web_stream_event(g->streams[i], "gone", "{\"reason\":\"the server is stopping\"}");
        web_stream_end(g->streams[i]);
        web_stream_release(g->streams[i]);
    }
    g->nstreams = 0;
    pthread_mutex_unlock(&g->lock);
}

static void game_gone(web_game *g)
{
    pthread_mutex_lock(&g->lock);
    g->stop_asked = true;
    session_stop(g->s);
    for (int i = 0; i < g->nstreams; i++) {
        web_stream_event(g->streams[i], "gone", "{\"reason\":\"the game was deleted or expired\"}");
        web_stream_end(g->streams[i]);
        web_stream_release(g->streams[i]);
    }
    g->nstreams = 0;
    pthread_mutex_unlock(&g->lock);
}

static void game_destroy(web_game *g)
{
    for (int i = 0; i < g->nstreams; i++)
        web_stream_release(g->streams[i]);
    session_free(g->s);
    free(g->state);
    free(g->evals);
    pthread_cond_destroy(&g->idle);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

/* Claim the session for a change (lock held in and out): stop an analysis
 * or a hint that uses it; refuse while the computer plays or judges. */
static bool claim(web_game *g, web_reply *r)
{
    g->waiters++;
    for (;;) {
        if (g->gone) {
            web_reply_error(r, 404, "no game '%s' (deleted or expired)", g->id);
            g->waiters--;
            return false;
        }
        if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
            web_reply_error(r, 409, "%s: wait for its answer",
                            g->job == JOB_MOVE ? "the computer is thinking about its move"
                                               : "the computer is considering the proposed end");
            g->waiters--;
            return false;
        }
        if (g->job == JOB_NONE)
            break;
        g->stop_asked = true;
        session_stop(g->s);
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 5 * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&g->idle, &g->lock, &ts);
    }
    g->waiters--;
    return true;
}

/* ------------------------------------------------- jobs that answer */

typedef struct answer_job {
    web_job base;
    web_app *a;
    web_game *g;
    web_pending *p;
    int status;           /* of the answer */
    json_t *played;       /* moves already played by the request */
    int64_t movetime_ms;  /* a hint's time */
    int proposer;         /* agreement */
    /* Evaluations: the positions to evaluate. */
    aw_rules rules;
    aw_position *positions;
    int *plies;
    int npositions;
    int total_plies;
} answer_job;

static answer_job *answer_job_new(web_app *a, web_game *g, void (*run)(web_job *, pool_worker *))
{
    answer_job *j = calloc(1, sizeof *j);
    web_pending *p = j ? web_pending_new() : NULL;
    if (!p) {
        free(j);
        return NULL;
    }
    j->base.run = run;
    j->a = a;
    j->g = g;
    j->p = p;
    registry_hold(g);
    return j;
}

static void answer_job_end(answer_job *j, pool_worker *w)
{
    pool_job_finished(w);
    web_pending_complete(j->p);
    web_pending_release(j->p);
    registry_put(j->g);
    json_decref(j->played);
    free(j->positions);
    free(j->plies);
    free(j);
}

/* The engine's thought as JSON: its move's score and the line it expects. */
static json_t *thought_json(const aw_rules *rules, const aw_position *pos, const session_thought *t)
{
    json_t *o = json_pack("{s:o, s:b, s:i}", "move", jo_move(rules, t->best), "book", t->book,
                          "depth", t->info.depth);
    if (t->info.lines > 0 && t->info.line[0].length > 0) {
        const aw_search_line *l = &t->info.line[0];
        char words[1024];
        json_t *pv = json_array();
        for (int k = 0; k < l->length; k++)
            json_array_append_new(pv, jo_move(rules, l->pv[k]));
        json_object_set_new(o, "score", jo_score(&l->score, pos->side));
        json_object_set_new(o, "line", pv);
        json_object_set_new(o, "line_text",
                            json_string(words_line(rules, pos, l->pv, l->length, words, sizeof words)));
    }
    return o;
}

/* A job that starts once the server stops changes nothing: 503. */
static bool refuse_stopping(answer_job *j, pool_worker *w)
{
    if (!atomic_load(&j->a->stopping))
        return false;
    pthread_mutex_lock(&j->g->lock);
    j->g->job = JOB_NONE;
    pthread_cond_broadcast(&j->g->idle);
    pthread_mutex_unlock(&j->g->lock);
    web_reply_error(&j->p->reply, 503, "the server is stopping");
    answer_job_end(j, w);
    return true;
}

static void move_run(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_game *g = j->g;
    if (refuse_stopping(j, w))
        return;
    aw_move_report *rep = malloc(sizeof *rep);
    session_thought t;
    aw_error err = {{0}};
    memset(&t, 0, sizeof t);
    const aw_position before = *session_position(g->s);
    const int ply = aw_game_ply(session_game(g->s));
    const int rc = rep ? session_computer_play(g->s, NULL, NULL, rep, &t, &err) : -1;
    pthread_mutex_lock(&g->lock);
    g->job = JOB_NONE;
    g->stop_asked = false;
    json_t *extra = json_object();
    if (rc == 0) {
        g->version++;
        store_thought(g, ply, &before, &t);
        json_t *m = jo_report(session_rules(g->s), rep, true);
        json_object_set_new(m, "thought", thought_json(session_rules(g->s), &before, &t));
        json_array_append_new(j->played, m);
    } else {
        json_object_set_new(extra, "computer_error",
                            json_string(err.msg[0] ? err.msg : "out of memory"));
    }
    json_object_set(extra, "played", j->played);
    if (g->gone)
        web_reply_error(&j->p->reply, 404, "no game '%s': deleted while the computer was thinking",
                        g->id);
    else
        reply_state(g, &j->p->reply, j->status, json_incref(extra));
    json_decref(extra);
    pthread_cond_broadcast(&g->idle);
    analysis_kick(j->a, g);
    pthread_mutex_unlock(&g->lock);
    free(rep);
    answer_job_end(j, w);
}

static void hint_run(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_game *g = j->g;
    if (refuse_stopping(j, w))
        return;
    session_thought t;
    aw_error err = {{0}};
    memset(&t, 0, sizeof t);
    const aw_rules rules = *session_rules(g->s);
    const aw_position pos = *session_position(g->s);
    const int ply = aw_game_ply(session_game(g->s));
    const int rc = session_hint(g->s, j->movetime_ms, NULL, NULL, &t, &err);
    pthread_mutex_lock(&g->lock);
    g->job = JOB_NONE;
    const bool stopped = g->stop_asked;
    g->stop_asked = false;
    int margin;
    const bool exact = session_tables_margin(g->s, &margin);
    if (rc != 0 || t.best == AW_MOVE_NONE) {
        web_reply_error(&j->p->reply, 409, "no hint: %s", err.msg[0] ? err.msg : "no move");
    } else {
        store_thought(g, ply, &pos, &t);
        json_t *o = thought_json(&rules, &pos, &t);
        char text[1200], score[96], line[1024], m[AW_MOVE_MAX];
        if (t.info.lines > 0 && t.info.line[0].length > 0) {
            const aw_search_line *l = &t.info.line[0];
            snprintf(text, sizeof text, "Hint: %s%s. For the player to move: %s; expected line: %s.",
                     aw_move_format(&rules, t.best, m), t.book ? " (opening book)" : "",
                     words_score_you(&l->score, score, sizeof score),
                     words_line(&rules, &pos, l->pv, l->length < 8 ? l->length : 8, line,
                                sizeof line));
        } else {
            snprintf(text, sizeof text, "Hint: %s.", aw_move_format(&rules, t.best, m));
        }
        char ptext[AW_POSITION_MAX];
        json_object_set_new(o, "text", json_string(text));
        json_object_set_new(o, "ply", json_integer(ply));
        json_object_set_new(o, "position", json_string(aw_position_format(&pos, ptext)));
        json_object_set_new(o, "side", json_string(jo_side_letter(pos.side)));
        json_object_set_new(o, "stopped", json_boolean(stopped));
        json_object_set_new(o, "tables", exact ? jo_perfect(margin) : json_null());
        reply_json(&j->p->reply, 200, o);
    }
    json_decref(refresh_state(g));
    pthread_cond_broadcast(&g->idle);
    analysis_kick(j->a, g);
    pthread_mutex_unlock(&g->lock);
    answer_job_end(j, w);
}

static void agree_run(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_game *g = j->g;
    if (refuse_stopping(j, w))
        return;
    agreement_answer ans;
    const session_agreement v = session_agree(g->s, j->proposer, &ans);
    pthread_mutex_lock(&g->lock);
    g->job = JOB_NONE;
    g->stop_asked = false;
    if (v == AGREE_ENDED)
        g->version++;
    char result[96], text[400];
    words_result(ans.agreed, result, sizeof result);
    if (v == AGREE_ENDED)
        snprintf(text, sizeof text, "The computer accepts: %s.", result);
    else if (ans.agreed_margin < 0)
        snprintf(text, sizeof text, "The computer declines: ending now it would lose (%s).", result);
    else if (ans.from_tables)
        snprintf(text, sizeof text,
                 "The computer declines: ending now gives %s, but the endgame tables say it wins "
                 "by %d with perfect play.",
                 result, ans.expected_margin);
    else if (ans.proven)
        snprintf(text, sizeof text,
                 "The computer declines: ending now gives %s, but it sees a forced win by %d.",
                 result, ans.expected_margin);
    else
        snprintf(text, sizeof text,
                 "The computer declines: ending now gives %s, but it expects to do better by "
                 "playing on (about %+d seeds).",
                 result, ans.expected_margin);
    json_t *o = json_pack("{s:s, s:[i,i], s:i, s:b, s:b, s:i, s:s}", "verdict",
                          v == AGREE_ENDED ? "ended" : "declined", "agreed", ans.agreed[0],
                          ans.agreed[1], "agreed_margin", ans.agreed_margin, "from_tables",
                          ans.from_tables, "proven", ans.proven, "expected_margin",
                          ans.expected_margin, "text", text);
    reply_state(g, &j->p->reply, 200, json_pack("{s:o}", "agreement", o));
    pthread_cond_broadcast(&g->idle);
    analysis_kick(j->a, g);
    pthread_mutex_unlock(&g->lock);
    answer_job_end(j, w);
}

/* The evaluations of the game's positions as JSON (lock held). */
static json_t *evals_json(web_game *g)
{
    const aw_game *gm = session_game(g->s);
    json_t *list = json_array();
    const int n = aw_game_ply(gm);
    for (int i = 0; i <= n; i++) {
        const aw_position *p = aw_game_position_at(gm, i);
        const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
        if (!e || e->depth == 0 || e->hash != aw_position_hash(p)) {
            json_array_append_new(list, json_null());
            continue;
        }
        json_array_append_new(list, json_pack("{s:i, s:o, s:i, s:b}", "ply", i, "score",
                                              jo_score(&e->score, p->side), "depth", e->depth,
                                              "exact", e->exact));
    }
    return list;
}

/* Evaluations: a short search of each position not yet known well, on the
 * worker's own engine (the session is not used, so this runs beside the
 * game's own jobs), until the time budget is spent. */
static void evals_run(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_app *a = j->a;
    web_game *g = j->g;
    aw_error err;
    if (!w->engine) {
        engine_config ec = engine_config_default();
        ec.hash_mb = a->cfg.hash_mb;
        w->engine = engine_setup_new(&ec, &err);
    }
    const aw_tables *tables = tables_for(a, &j->rules);
    const int64_t start = web_now_ms();
    int done = 0;
    aw_score *scores = calloc((size_t)(j->npositions ? j->npositions : 1), sizeof *scores);
    int *depths = calloc((size_t)(j->npositions ? j->npositions : 1), sizeof *depths);
    bool *exact = calloc((size_t)(j->npositions ? j->npositions : 1), sizeof *exact);
    if (w->engine && scores && depths && exact) {
        aw_engine_clear(w->engine);
        aw_engine_set_probe(w->engine, tables ? aw_tables_probe_hook : NULL, (void *)tables,
                            tables ? aw_tables_seeds(tables) : 0);
        for (int i = 0; i < j->npositions; i++) {
            if (web_now_ms() - start > a->cfg.eval_budget_ms || pool_stopping(a->pool) ||
                atomic_load(&a->stopping) || g->gone)
                break;
            const aw_position *p = &j->positions[i];
            int value;
            if (tables && aw_tables_probe_hook((void *)tables, &j->rules, p, &value)) {
                const int m = p->score[p->side] - p->score[!p->side] + value;
                scores[i].kind = m > 0 ? AW_SCORE_WIN : m < 0 ? AW_SCORE_LOSS : AW_SCORE_DRAW;
                scores[i].margin = m;
                scores[i].value = 100 * m;
                depths[i] = 100;
                exact[i] = true;
                done++;
                continue;
            }
            aw_limits lim;
            memset(&lim, 0, sizeof lim);
            lim.depth = EVAL_DEPTH;
            lim.nodes = EVAL_NODES;
            aw_search_result res;
            if (aw_engine_set_position(w->engine, &j->rules, p, &err) ||
                aw_search_run(w->engine, &lim, NULL, NULL, &res, &err) || res.info.lines < 1)
                break;
            scores[i] = res.info.line[0].score;
            depths[i] = res.info.depth;
            done++;
        }
    }
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < done; i++)
        store_eval(g, j->plies[i], &j->positions[i], depths[i], &scores[i], exact[i]);
    if (g->gone) {
        web_reply_error(&j->p->reply, 404, "no game '%s' (deleted or expired)", g->id);
    } else {
        json_t *list = evals_json(g);
        bool complete = true;
        for (size_t i = 0; i < json_array_size(list) && i + 1 < json_array_size(list); i++)
            if (json_is_null(json_array_get(list, i)))
                complete = false;
        reply_json(&j->p->reply, 200,
                   json_pack("{s:o, s:b, s:i, s:i}", "evaluations", list, "complete", complete,
                             "ply", aw_game_ply(session_game(g->s)), "version", (int)g->version));
    }
    pthread_mutex_unlock(&g->lock);
    free(scores);
    free(depths);
    free(exact);
    answer_job_end(j, w);
}

/* ------------------------------------------------ request helpers */

static const char *query_value(const web_request *req, const char *key, bool *present)
{
    *present = false;
    for (int i = 0; i < req->nquery; i++)
        if (strcmp(req->query[i].key, key) == 0) {
            *present = true;
            return req->query[i].value ? req->query[i].value : "";
        }
    return NULL;
}

/* A whole number query argument in [lo, hi]: 0 absent, 1 set, -1 bad
 * (answer set). */
static int query_int(const web_request *req, web_reply *r, const char *key, long long lo,
                     long long hi, long long *out)
{
    bool present;
    const char *v = query_value(req, key, &present);
    if (!present)
        return 0;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (!*v || *end || n < lo || n > hi || !isdigit((unsigned char)v[0])) {
        web_reply_error(r, 400, "query argument '%s' must be a whole number from %lld to %lld",
                        key, lo, hi);
        return -1;
    }
    *out = n;
    return 1;
}

/* Only the query arguments of `allowed` (NULL-terminated). */
static bool query_only(const web_request *req, web_reply *r, const char *const allowed[])
{
    if (req->query_overflow) {
        web_reply_error(r, 400, "too many query arguments");
        return false;
    }
    for (int i = 0; i < req->nquery; i++) {
        bool ok = false;
        for (int k = 0; allowed[k]; k++)
            ok |= strcmp(req->query[i].key, allowed[k]) == 0;
        if (!ok) {
            web_reply_error(r, 400, "unknown query argument '%.40s'", req->query[i].key);
            return false;
        }
    }
    return true;
}

/* The request's JSON object (a new reference); an empty body is {}. NULL
 * with the answer set for a body that is not a JSON object. */
static json_t *body_object(const web_request *req, web_reply *r)
{
    if (req->body_len == 0 || !req->body)
        return json_object();
    json_error_t e;
    json_t *o = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &e);
    if (!o) {
        web_reply_error(r, 400, "bad JSON: %s (line %d, column %d)", e.text, e.line, e.column);
        return NULL;
    }
    if (!json_is_object(o)) {
        json_decref(o);
        web_reply_error(r, 400, "the body must be a JSON object");
        return NULL;
    }
    return o;
}

/* Only the fields of `allowed` (NULL-terminated). */
static bool fields_only(json_t *o, web_reply *r, const char *const allowed[])
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        bool ok = false;
        for (int k = 0; allowed[k]; k++)
            ok |= strcmp(key, allowed[k]) == 0;
        if (!ok) {
            char list[256] = "";
            for (int k = 0; allowed[k]; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                         allowed[k]);
            web_reply_error(r, 400, "unknown field '%.40s' (expected: %s)", key, list);
            return false;
        }
    }
    return true;
}

/* Field getters: 0 absent (or null), 1 set, -1 wrong type (answer set). */
static int field_string(json_t *o, web_reply *r, const char *key, const char **out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v)) {
        web_reply_error(r, 400, "field '%s' must be a string", key);
        return -1;
    }
    *out = json_string_value(v);
    if (strlen(*out) != json_string_length(v)) {
        web_reply_error(r, 400, "field '%s' holds a NUL character", key);
        return -1;
    }
    return 1;
}

static int field_int(json_t *o, web_reply *r, const char *key, long long lo, long long hi,
                     long long *out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        web_reply_error(r, 400, "field '%s' must be a whole number from %lld to %lld", key, lo, hi);
        return -1;
    }
    *out = json_integer_value(v);
    return 1;
}

static int field_bool(json_t *o, web_reply *r, const char *key, bool *out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_boolean(v)) {
        web_reply_error(r, 400, "field '%s' must be true or false", key);
        return -1;
    }
    *out = json_is_true(v);
    return 1;
}

/* "S", "N", "south", "north" (any case). */
static int parse_side(const char *v)
{
    if (!strcasecmp(v, "s") || !strcasecmp(v, "south"))
        return AW_SOUTH;
    if (!strcasecmp(v, "n") || !strcasecmp(v, "north"))
        return AW_NORTH;
    return -1;
}

/* "human" or "engine" ("computer" too): 0, 1, or -1. */
static int parse_player(const char *v)
{
    if (!strcmp(v, "human"))
        return 0;
    if (!strcmp(v, "engine") || !strcmp(v, "computer"))
        return 1;
    return -1;
}

/* -------------------------------------------------------- handlers */

static void handle_rules(web_reply *r) { reply_json(r, 200, jo_rule_catalogue()); }

static void handle_levels(web_reply *r)
{
    json_t *list = json_array();
    for (int level = 1; level <= 10; level++)
        json_array_append_new(list, json_pack("{s:i, s:s}", "level", level, "text",
                                              engine_level_description(level)));
    reply_json(r, 200, json_pack("{s:o, s:i}", "levels", list, "default", 3));
}

static void handle_server(web_app *a, web_reply *r)
{
    pool_stats st;
    pool_get_stats(a->pool, &st);
    reply_json(
        r, 200,
        json_pack("{s:s, s:i, s:i, s:I, s:I, s:i, s:i, s:i, s:i, s:i, s:i, s:I, s:I, s:I, s:I, "
                  "s:i}",
                  "version", AW_VERSION, "games", registry_count(a->reg), "max_games",
                  registry_max(a->reg), "game_ttl_ms", (json_int_t)registry_ttl_ms(a->reg),
                  "max_body", (json_int_t)a->cfg.max_body, "searches", st.workers,
                  "searches_running", st.running, "searches_waiting", st.waiting, "queue",
                  st.queue_max, "streams", atomic_load(&a->streams), "max_streams",
                  a->cfg.max_streams, "max_movetime_ms", (json_int_t)a->cfg.max_movetime_ms,
                  "analysis_ms", (json_int_t)a->cfg.analysis_ms, "uptime_ms",
                  (json_int_t)(web_now_ms() - a->started_ms), "requests",
                  (json_int_t)atomic_load(&a->requests), "hash_mb", a->cfg.hash_mb));
}

/* Let the computer play its move when it is its turn: queue the job with
 * the reservation made before the change (lock held). Returns true when a
 * job was queued (the answer is pending). */
static bool computer_reply(web_app *a, web_game *g, bool reserved, int status, json_t *played,
                           const char *location, web_pending **pending)
{
    if (!session_computer_to_move(g->s)) {
        if (reserved)
            pool_unreserve(a->pool);
        return false;
    }
    answer_job *j = reserved ? answer_job_new(a, g, move_run) : NULL;
    if (!j) {
        if (reserved)
            pool_unreserve(a->pool);
        return false;
    }
    j->status = status;
    if (location)
        snprintf(j->p->reply.location, sizeof j->p->reply.location, "%s", location);
    j->played = played ? json_incref(played) : json_array();
    g->job = JOB_MOVE;
    json_decref(refresh_state(g));
    *pending = j->p;
    pool_submit(a->pool, &j->base);
    return true;
}

/* The reports of the last n moves of the game, with their steps. */
static json_t *last_reports(const session *s, int n)
{
    const aw_game *gm = session_game(s);
    json_t *list = json_array();
    aw_move_report *rep = malloc(sizeof *rep);
    for (int i = aw_game_ply(gm) - n; rep && i < aw_game_ply(gm); i++) {
        if (i < 0)
            continue;
        aw_position p = *aw_game_position_at(gm, i);
        if (aw_play_report(session_rules(s), &p, aw_game_move(gm, i), rep) >= 0)
            json_array_append_new(list, jo_report(session_rules(s), rep, true));
    }
    free(rep);
    return list;
}

static web_outcome handle_create(web_app *a, const web_request *req, web_reply *r,
                                 web_pending **pending)
{
    static const char *const allowed[] = {"rules", "rule",     "position", "first", "south", "north",
                                          "level", "movetime", "record",   "reply", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    session *s = NULL;
    aw_record *rec = NULL;
    aw_error err;
    const char *rules_name = NULL, *position = NULL, *first = NULL, *south = NULL, *north = NULL,
               *record = NULL;
    long long level = 3, movetime = a->cfg.max_movetime_ms < 1000 ? a->cfg.max_movetime_ms : 1000;
    bool reply = true;
    if (!fields_only(body, r, allowed) || field_string(body, r, "rules", &rules_name) < 0 ||
        field_bool(body, r, "reply", &reply) < 0 ||
        field_string(body, r, "position", &position) < 0 ||
        field_string(body, r, "first", &first) < 0 || field_string(body, r, "south", &south) < 0 ||
        field_string(body, r, "north", &north) < 0 || field_string(body, r, "record", &record) < 0 ||
        field_int(body, r, "level", 1, 10, &level) < 0 ||
        field_int(body, r, "movetime", 10, a->cfg.max_movetime_ms, &movetime) < 0)
        goto done;
    json_t *rule = json_object_get(body, "rule");
    if (rule && !json_is_null(rule) && !json_is_object(rule)) {
        web_reply_error(r, 400, "field 'rule' must be an object of parameters, e.g. {\"target\": 24}");
        goto done;
    }
    session_config cfg = session_config_default();
    cfg.level = (int)level;
    cfg.movetime_ms = movetime;
    cfg.hint_ms = a->cfg.hint_ms;
    cfg.hash_mb = a->cfg.hash_mb;
    cfg.threads = 1;
    cfg.computer[AW_SOUTH] = false;
    cfg.computer[AW_NORTH] = true;
    if (south) {
        const int p = parse_player(south);
        if (p < 0) {
            web_reply_error(r, 400, "field 'south' must be \"human\" or \"engine\"");
            goto done;
        }
        cfg.computer[AW_SOUTH] = p;
    }
    if (north) {
        const int p = parse_player(north);
        if (p < 0) {
            web_reply_error(r, 400, "field 'north' must be \"human\" or \"engine\"");
            goto done;
        }
        cfg.computer[AW_NORTH] = p;
    }
    if (record) {
        if (rules_name || (rule && !json_is_null(rule)) || position || first) {
            web_reply_error(r, 400, "a record brings its own rules and start: leave out 'rules', "
                                    "'rule', 'position' and 'first'");
            goto done;
        }
        const char *t = record;
        int line = 1;
        rec = aw_record_read(&t, &line, &err);
        if (!rec) {
            web_reply_error(r, 400, "record: %s", err.msg[0] ? err.msg : "no game record in it");
            goto done;
        }
        const aw_rules *rr = aw_game_rules(aw_record_game_const(rec));
        cfg.tables = tables_for(a, rr);
        cfg.book = book_for(a, rr);
        /* The players of the request, when it names them, over the record's. */
        if (south || north) {
            aw_record_set_tag(rec, "South", cfg.computer[0] ? "awale (level)" : "player", NULL);
            aw_record_set_tag(rec, "North", cfg.computer[1] ? "awale (level)" : "player", NULL);
        }
        char num[32];
        if (json_object_get(body, "level")) {
            snprintf(num, sizeof num, "%lld", level);
            aw_record_set_tag(rec, "Level", num, NULL);
        }
        if (json_object_get(body, "movetime")) {
            snprintf(num, sizeof num, "%lld", movetime);
            aw_record_set_tag(rec, "MoveTime", num, NULL);
        }
        if (!(s = session_from_record(rec, &cfg, &err))) {
            web_reply_error(r, 400, "record: %s", err.msg);
            goto done;
        }
    } else {
        if (rules_name && aw_rules_preset(rules_name, &cfg.rules, &err)) {
            web_reply_error(r, 400, "rules: %s", err.msg);
            goto done;
        }
        if (rule && json_is_object(rule)) {
            const char *key;
            json_t *v;
            json_object_foreach(rule, key, v)
            {
                char value[64];
                if (json_is_string(v))
                    snprintf(value, sizeof value, "%s", json_string_value(v));
                else if (json_is_integer(v))
                    snprintf(value, sizeof value, "%lld", (long long)json_integer_value(v));
                else if (json_is_boolean(v))
                    snprintf(value, sizeof value, "%s", json_is_true(v) ? "yes" : "no");
                else {
                    web_reply_error(r, 400, "rule '%.40s': the value must be a string, a number "
                                            "or true/false", key);
                    goto done;
                }
                if (aw_rules_set(&cfg.rules, key, value, &err)) {
                    web_reply_error(r, 400, "rule: %s", err.msg);
                    goto done;
                }
            }
        }
        if (position && aw_position_parse(position, &cfg.start, &err)) {
            web_reply_error(r, 400, "position: %s", err.msg);
            goto done;
        }
        if (first) {
            const int side = parse_side(first);
            if (side < 0) {
                web_reply_error(r, 400, "field 'first' must be \"S\" or \"N\"");
                goto done;
            }
            if (position) {
                web_reply_error(r, 400, "'first' cannot go with 'position' (the position says "
                                        "who moves)");
                goto done;
            }
            cfg.start.side = (uint8_t)side;
        }
        cfg.tables = tables_for(a, &cfg.rules);
        cfg.book = book_for(a, &cfg.rules);
        if (!(s = session_new(&cfg, &err))) {
            web_reply_error(r, 400, "%s", err.msg);
            goto done;
        }
    }
    /* Room for the computer's first move, before the game exists. */
    const bool needs_engine = reply && session_computer_to_move(s);
    if (needs_engine && !pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
        goto done;
    }
    bool full;
    web_game *g = registry_add(a->reg, s, &full);
    if (!g) {
        if (needs_engine)
            pool_unreserve(a->pool);
        if (full) {
            web_reply_error(r, 503, "the server holds its limit of %d games; idle games expire "
                                    "after %lld minutes, or delete one",
                            registry_max(a->reg), (long long)(registry_ttl_ms(a->reg) / 60000));
            r->retry_after = 60;
        } else {
            web_reply_error(r, 500, "out of memory");
        }
        goto done;
    }
    s = NULL; /* the game's now */
    snprintf(r->location, sizeof r->location, "/api/games/%s", g->id);
    pthread_mutex_lock(&g->lock);
    if (computer_reply(a, g, needs_engine, 201, NULL, r->location, pending)) {
        out = WEB_PENDING;
    } else {
        reply_state(g, r, 201, NULL);
    }
    pthread_mutex_unlock(&g->lock);
    registry_put(g);
done:
    session_free(s);
    aw_record_free(rec);
    json_decref(body);
    return out;
}

static void handle_get_state(web_game *g, web_reply *r)
{
    pthread_mutex_lock(&g->lock);
    if (!g->state)
        json_decref(refresh_state(g));
    char *copy = g->state ? strdup(g->state) : NULL;
    pthread_mutex_unlock(&g->lock);
    web_reply_json_text(r, 200, copy);
}

static web_outcome handle_move(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending)
{
    static const char *const allowed[] = {"move", "computer", "reply", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    const char *text = NULL;
    bool computer = false, reply = true;
    const int has_move = fields_only(body, r, allowed) ? field_string(body, r, "move", &text) : -1;
    const int has_computer = has_move < 0 ? -1 : field_bool(body, r, "computer", &computer);
    if (has_move < 0 || has_computer < 0 || field_bool(body, r, "reply", &reply) < 0)
        goto done;
    if (has_move == 0 && !computer) {
        web_reply_error(r, 400, "field 'move' is missing: a pit letter such as \"C\" (relay: "
                                "\"C+\" or \"C-\"), or \"computer\": true for the computer's move");
        goto done;
    }
    if (has_move && computer) {
        web_reply_error(r, 400, "give either 'move' or \"computer\": true, not both");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    if (!claim(g, r)) {
        pthread_mutex_unlock(&g->lock);
        goto done;
    }
    const aw_rules *rules = session_rules(g->s);
    const aw_status st = aw_game_status(session_game(g->s));
    aw_error err;
    char why[300];
    if (st != AW_ONGOING) {
        web_reply_error(r, 409, "the game is over: %s",
                        aw_status_explain(st, rules, session_position(g->s), why, sizeof why));
    } else if (computer) {
        if (!session_computer_to_move(g->s)) {
            web_reply_error(r, 409, "it is not the computer's turn: %s plays a person",
                            words_side(session_position(g->s)->side));
        } else if (!pool_reserve(a->pool)) {
            web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue "
                                    "is full; try again in a moment");
            r->retry_after = 2;
        } else if (computer_reply(a, g, true, 200, NULL, NULL, pending)) {
            out = WEB_PENDING;
        }
    } else {
        aw_move moves[64];
        const int n = aw_moves_parse(rules, text, moves, 64, &err);
        if (n < 0) {
            web_reply_error(r, 400, "field 'move': %s", err.msg);
        } else if (n != 1) {
            web_reply_error(r, 400, "field 'move' must hold exactly one move, not %d", n);
        } else if (session_computer_to_move(g->s)) {
            web_reply_error(r, 409, "it is the computer's turn (%s)",
                            words_side(session_position(g->s)->side));
        } else {
            /* The computer will answer: make sure it can before playing. */
            aw_position after = *session_position(g->s);
            const bool legal = aw_is_legal(rules, &after, moves[0]);
            bool reserve = false;
            if (legal) {
                aw_play(rules, &after, moves[0]);
                reserve = reply && session_get_config(g->s)->computer[after.side];
            }
            aw_move_report *rep = malloc(sizeof *rep);
            if (reserve && !pool_reserve(a->pool)) {
                web_reply_error(r, 503, "the server is busy: every engine is thinking and the "
                                        "queue is full; try again in a moment");
                r->retry_after = 2;
            } else if (!rep) {
                if (reserve)
                    pool_unreserve(a->pool);
                web_reply_error(r, 500, "out of memory");
            } else if (session_play(g->s, moves[0], rep, &err)) {
                if (reserve)
                    pool_unreserve(a->pool);
                char m[AW_MOVE_MAX];
                web_reply_error(r, 422, "%s cannot be played: %s", aw_move_format(rules, moves[0], m),
                                err.msg);
            } else {
                g->version++;
                const int ply = aw_game_ply(session_game(g->s));
                (void)ply;
                json_t *played = json_array();
                json_array_append_new(played, jo_report(rules, rep, true));
                if (computer_reply(a, g, reserve, 200, played, NULL, pending)) {
                    out = WEB_PENDING;
                } else {
                    reply_state(g, r, 200, json_pack("{s:O}", "played", played));
                    analysis_kick(a, g);
                }
                json_decref(played);
            }
            free(rep);
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return out;
}

/* Undo and redo. */
static web_outcome handle_history(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                  web_pending **pending, bool redo)
{
    static const char *const allowed[] = {"reply", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    bool reply = true;
    if (!fields_only(body, r, allowed) || field_bool(body, r, "reply", &reply) < 0) {
        json_decref(body);
        return WEB_REPLY;
    }
    json_decref(body);
    pthread_mutex_lock(&g->lock);
    if (!claim(g, r)) {
        pthread_mutex_unlock(&g->lock);
        return WEB_REPLY;
    }
    /* Reserve a place in case the computer is to move after the change. */
    const bool reserved = reply && pool_reserve(a->pool);
    const int n = redo ? session_redo(g->s) : session_undo(g->s);
    if (n == 0) {
        if (reserved)
            pool_unreserve(a->pool);
        web_reply_error(r, 409, redo ? "nothing to redo" : "nothing to undo");
    } else {
        g->version++;
        json_t *extra = json_pack("{s:i}", redo ? "redone" : "undone", n);
        json_t *played = redo ? last_reports(g->s, n) : json_array();
        json_object_set(extra, "played", played);
        if (session_computer_to_move(g->s) && !reserved) {
            /* The computer moves on a later request ("computer": true). */
            reply_state(g, r, 200, extra);
            analysis_kick(a, g);
        } else if (computer_reply(a, g, reserved, 200, played, NULL, pending)) {
            json_decref(extra);
            out = WEB_PENDING;
        } else {
            reply_state(g, r, 200, extra);
            analysis_kick(a, g);
        }
        json_decref(played);
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

static web_outcome handle_hint(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending)
{
    static const char *const allowed[] = {"movetime", NULL};
    long long ms = 0;
    if (!query_only(req, r, allowed) ||
        query_int(req, r, "movetime", 10, a->cfg.max_movetime_ms, &ms) < 0)
        return WEB_REPLY;
    pthread_mutex_lock(&g->lock);
    web_outcome out = WEB_REPLY;
    if (!claim(g, r)) {
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    char why[300];
    const aw_status st = aw_game_status(session_game(g->s));
    if (st != AW_ONGOING) {
        web_reply_error(r, 409, "the game is over: %s",
                        aw_status_explain(st, session_rules(g->s), session_position(g->s), why,
                                          sizeof why));
    } else if (!pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
    } else {
        answer_job *j = answer_job_new(a, g, hint_run);
        if (!j) {
            pool_unreserve(a->pool);
            web_reply_error(r, 500, "out of memory");
        } else {
            j->movetime_ms = ms;
            g->job = JOB_HINT;
            json_decref(refresh_state(g));
            *pending = j->p;
            pool_submit(a->pool, &j->base);
            out = WEB_PENDING;
        }
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

static web_outcome handle_agree(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending)
{
    static const char *const allowed[] = {"side", "accepted", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *side_text = NULL;
    bool accepted = false;
    web_outcome out = WEB_REPLY;
    if (!fields_only(body, r, allowed) || field_string(body, r, "side", &side_text) < 0 ||
        field_bool(body, r, "accepted", &accepted) < 0)
        goto done;
    int side = -1;
    if (side_text && (side = parse_side(side_text)) < 0) {
        web_reply_error(r, 400, "field 'side' must be \"S\" or \"N\"");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    if (!claim(g, r)) {
        pthread_mutex_unlock(&g->lock);
        goto done;
    }
    const aw_rules *rules = session_rules(g->s);
    const aw_position *pos = session_position(g->s);
    const session_config *c = session_get_config(g->s);
    const aw_status st = aw_game_status(session_game(g->s));
    char why[300];
    if (side < 0) /* against the computer: the person; else the side to move */
        side = c->computer[0] != c->computer[1] ? (c->computer[0] ? AW_NORTH : AW_SOUTH) : pos->side;
    if (st != AW_ONGOING) {
        web_reply_error(r, 409, "the game is over: %s",
                        aw_status_explain(st, rules, pos, why, sizeof why));
    } else if (rules->agreement == AW_LEFT_FORBIDDEN) {
        web_reply_error(r, 409, "the %s rules have no end by agreement: the game is played out",
                        rules->name);
    } else if (c->computer[side]) {
        web_reply_error(r, 400, "%s is played by the computer: a person proposes the end",
                        words_side(side));
    } else if (!c->computer[!side]) {
        /* Two people: the other one answers on the page. */
        int sc[2];
        char result[96];
        aw_final_scores(rules, pos, AW_END_AGREEMENT, sc);
        words_result(sc, result, sizeof result);
        if (accepted) {
            session_agree_accepted(g->s);
            g->version++;
            reply_state(g, r, 200,
                        json_pack("{s:{s:s, s:[i,i], s:s}}", "agreement", "verdict", "ended",
                                  "agreed", sc[0], sc[1], "text", result));
            analysis_kick(a, g);
        } else {
            char text[300];
            snprintf(text, sizeof text,
                     "%s proposes to end the game here (final score %s). %s, do you agree?",
                     words_side(side), result, words_side(!side));
            reply_state(g, r, 200,
                        json_pack("{s:{s:s, s:[i,i], s:s, s:s}}", "agreement", "verdict", "ask",
                                  "agreed", sc[0], sc[1], "to", jo_side_letter(!side), "text",
                                  text));
        }
    } else if (accepted) {
        web_reply_error(r, 400, "the computer answers for itself: leave out 'accepted'");
    } else if (!pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
    } else {
        answer_job *j = answer_job_new(a, g, agree_run);
        if (!j) {
            pool_unreserve(a->pool);
            web_reply_error(r, 500, "out of memory");
        } else {
            j->proposer = side;
            g->job = JOB_AGREE;
            json_decref(refresh_state(g));
            *pending = j->p;
            pool_submit(a->pool, &j->base);
            out = WEB_PENDING;
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return out;
}

static web_outcome handle_evaluations(web_app *a, web_game *g, const web_request *req,
                                      web_reply *r, web_pending **pending)
{
    static const char *const allowed[] = {NULL};
    if (!query_only(req, r, allowed))
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
        /* The game is about to change: answer with what is known. */
        reply_json(r, 200, json_pack("{s:o, s:b, s:i, s:i}", "evaluations", evals_json(g),
                                     "complete", false, "ply",
                                     aw_game_ply(session_game(g->s)), "version", (int)g->version));
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    const aw_game *gm = session_game(g->s);
    const int n = aw_game_ply(gm);
    answer_job *j = NULL;
    int missing = 0;
    for (int i = 0; i <= n; i++) {
        const aw_position *p = aw_game_position_at(gm, i);
        const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
        const bool over = i == n && aw_game_status(gm) != AW_ONGOING;
        if (!over && (!e || e->depth == 0 || e->hash != aw_position_hash(p)))
            missing++;
    }
    if (missing == 0) {
        reply_json(r, 200, json_pack("{s:o, s:b, s:i, s:i}", "evaluations", evals_json(g),
                                     "complete", true, "ply", n, "version", (int)g->version));
    } else if (!pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
    } else if (!(j = answer_job_new(a, g, evals_run))) {
        pool_unreserve(a->pool);
        web_reply_error(r, 500, "out of memory");
    } else {
        j->rules = *session_rules(g->s);
        j->positions = malloc(sizeof *j->positions * (size_t)missing);
        j->plies = malloc(sizeof *j->plies * (size_t)missing);
        for (int i = 0; j->positions && j->plies && i <= n; i++) {
            const aw_position *p = aw_game_position_at(gm, i);
            const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
            const bool over = i == n && aw_game_status(gm) != AW_ONGOING;
            if (!over && (!e || e->depth == 0 || e->hash != aw_position_hash(p))) {
                j->positions[j->npositions] = *p;
                j->plies[j->npositions++] = i;
            }
        }
        *pending = j->p;
        pool_submit(a->pool, &j->base);
        out = WEB_PENDING;
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

static void handle_record(web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"format", NULL};
    if (!query_only(req, r, allowed))
        return;
    bool present;
    const char *format = query_value(req, "format", &present);
    if (present && strcmp(format, "json") != 0 && strcmp(format, "text") != 0) {
        web_reply_error(r, 400, "query argument 'format' must be json or text");
        return;
    }
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
        pthread_mutex_unlock(&g->lock);
        web_reply_error(r, 409, "the computer is thinking: ask again once it has answered");
        return;
    }
    /* An analysis or a hint only reads the session: the record can be
     * written beside them. */
    aw_record *rec = session_record(g->s);
    char *text = rec ? aw_record_format(rec) : NULL;
    const int plies = aw_game_ply(session_game(g->s));
    pthread_mutex_unlock(&g->lock);
    aw_record_free(rec);
    if (!text) {
        web_reply_error(r, 500, "out of memory");
        return;
    }
    if (present && strcmp(format, "text") == 0) {
        r->status = 200;
        r->type = "text/plain; charset=utf-8";
        r->body = text;
        r->len = strlen(text);
        snprintf(r->disposition, sizeof r->disposition,
                 "attachment; filename=\"awale-%s.txt\"", g->id);
        return;
    }
    reply_json(r, 200, json_pack("{s:s, s:s, s:i}", "id", g->id, "record", text, "plies", plies));
    free(text);
}

static web_outcome handle_analysis(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                   web_stream **stream)
{
    static const char *const allowed[] = {"multipv", NULL};
    long long multipv = 1;
    if (!query_only(req, r, allowed) || query_int(req, r, "multipv", 1, MAX_MULTIPV, &multipv) < 0)
        return WEB_REPLY;
    if (atomic_fetch_add(&a->streams, 1) >= a->cfg.max_streams) {
        atomic_fetch_sub(&a->streams, 1);
        web_reply_error(r, 503, "the server has %d analysis streams open, its limit; close one "
                                "and try again",
                        a->cfg.max_streams);
        r->retry_after = 5;
        return WEB_REPLY;
    }
    web_stream *s = web_stream_new();
    pthread_mutex_lock(&g->lock);
    if (!s || g->nstreams >= GAME_STREAMS || g->gone) {
        pthread_mutex_unlock(&g->lock);
        atomic_fetch_sub(&a->streams, 1);
        if (s) {
            web_stream_release(s);
            web_stream_release(s);
        }
        web_reply_error(r, s ? 503 : 500,
                        s ? "this game already has %d analysis streams open; close one" : "out of memory",
                        GAME_STREAMS);
        return WEB_REPLY;
    }
    s->multipv = (int)multipv;
    s->owner = g;
    registry_hold(g); /* the reader's */
    g->streams[g->nstreams++] = s;
    web_stream_raw(s, "retry: 3000\n\n");
    /* A new reader with more lines than the running analysis: start again. */
    if (g->job == JOB_ANALYSIS) {
        json_t *ev = position_event(g, (int)multipv);
        char *text = json_dumps(ev, JSON_COMPACT);
        json_decref(ev);
        if (text)
            web_stream_event(s, "position", text);
        free(text);
    } else if (g->analysed && g->analysed_version == g->version) {
        g->analysed = false; /* this reader has seen nothing yet */
    }
    if (g->job == JOB_MOVE) {
        web_stream_event(s, "waiting", "{\"reason\":\"computer\"}");
    }
    analysis_kick(a, g);
    pthread_mutex_unlock(&g->lock);
    r->status = 200;
    r->type = "text/event-stream; charset=utf-8";
    *stream = s;
    return WEB_STREAM;
}

void web_app_stream_closed(web_app *a, web_stream *s)
{
    /* Without the game's lock (the server may call this from a thread of
     * the HTTP library): the ended stream is dropped by the next event,
     * and an analysis that finds nobody left stops itself. */
    web_game *g = s->owner;
    web_stream_end(s);
    atomic_fetch_sub(&a->streams, 1);
    registry_touch(g);
    registry_put(g);
    web_stream_release(s);
}

/* --------------------------------------------------------- dispatch */

/* Loopback names only, unless the server listens elsewhere: a page on
 * another site cannot reach this server through its own name (DNS
 * rebinding). */
static bool host_allowed(const web_app *a, const char *host)
{
    if (a->cfg.any_host || !host)
        return true;
    char name[256];
    snprintf(name, sizeof name, "%s", host);
    char *colon = NULL;
    if (name[0] == '[') {
        char *close = strchr(name, ']');
        if (!close)
            return false;
        colon = close[1] == ':' ? close + 1 : NULL;
        if (close[1] && !colon)
            return false;
        close[1] = 0;
    } else {
        colon = strrchr(name, ':');
        if (colon)
            *colon = 0;
    }
    if (colon)
        for (const char *p = colon + 1; *p; p++)
            if (!isdigit((unsigned char)*p))
                return false;
    if (!strcasecmp(name, "localhost") || !strcmp(name, "[::1]"))
        return true;
    int b[4];
    char extra;
    return sscanf(name, "%d.%d.%d.%d%c", &b[0], &b[1], &b[2], &b[3], &extra) == 4 && b[0] == 127 &&
           b[1] >= 0 && b[1] < 256 && b[2] >= 0 && b[2] < 256 && b[3] >= 0 && b[3] < 256;
}

/* A change must come from this server's own page (or no page at all). */
static bool origin_allowed(const web_request *req)
{
    if (!req->origin)
        return true;
    const char *o = req->origin;
    if (strncmp(o, "http://", 7) == 0)
        o += 7;
    else
        return false;
    return req->host && strcasecmp(o, req->host) == 0;
}

static bool valid_id(const char *id, size_t len)
{
    if (len != GAME_ID_LEN)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)id[i]) && !(id[i] >= 'a' && id[i] <= 'f'))
            return false;
    return true;
}

static void method_not_allowed(web_reply *r, const char *method, const char *path,
                               const char *allow)
{
    web_reply_error(r, 405, "method %.20s is not allowed on %.80s (allowed: %s)", method, path,
                    allow);
    r->allow = allow;
}

static web_outcome serve_static(const web_request *req, web_reply *r)
{
    const bool get = !strcmp(req->method, "GET") || !strcmp(req->method, "HEAD");
    if (!get) {
        method_not_allowed(r, req->method, req->path, "GET, HEAD");
        return WEB_REPLY;
    }
    const web_static *f = web_static_find(req->path);
    if (!f) {
        web_reply_error(r, 404, "no such page: %.100s", req->path);
        return WEB_REPLY;
    }
    r->etag = f->etag;
    r->is_static = true;
    r->type = f->type;
    if (req->if_none_match && strstr(req->if_none_match, f->etag)) {
        r->status = 304;
        return WEB_REPLY;
    }
    r->status = 200;
    r->fixed = f->data;
    r->len = f->size;
    return WEB_REPLY;
}

web_outcome web_route(web_app *a, const web_request *req, web_reply *r, web_pending **pending,
                      web_stream **stream)
{
    memset(r, 0, sizeof *r);
    *pending = NULL;
    *stream = NULL;
    atomic_fetch_add(&a->requests, 1);
    const char *path = req->path ? req->path : "";
    const char *m = req->method ? req->method : "";
    if (!host_allowed(a, req->host)) {
        web_reply_error(r, 403, "host '%.80s' is not this server: it answers on localhost only",
                        req->host);
        return WEB_REPLY;
    }
    if (atomic_load(&a->stopping)) {
        web_reply_error(r, 503, "the server is stopping");
        return WEB_REPLY;
    }
    if (strncmp(path, "/api/", 5) != 0 && strcmp(path, "/api") != 0)
        return serve_static(req, r);

    const bool get = !strcmp(m, "GET") || !strcmp(m, "HEAD");
    const bool post = !strcmp(m, "POST");
    const bool del = !strcmp(m, "DELETE");
    if (req->body_too_large) {
        web_reply_error(r, 413, "the request body is larger than %zu bytes", a->cfg.max_body);
        return WEB_REPLY;
    }
    if ((post || del) && !origin_allowed(req)) {
        web_reply_error(r, 403, "cross-origin request refused (Origin %.80s)", req->origin);
        return WEB_REPLY;
    }
    if (req->body_len > 0 && (!req->content_type ||
                              strncasecmp(req->content_type, "application/json", 16) != 0 ||
                              (req->content_type[16] && req->content_type[16] != ';' &&
                               req->content_type[16] != ' '))) {
        web_reply_error(r, 415, "the body must be JSON, sent with Content-Type: application/json");
        return WEB_REPLY;
    }
    static const char *const no_query[] = {NULL};
    if (!strcmp(path, "/api/rules") || !strcmp(path, "/api/levels") ||
        !strcmp(path, "/api/server")) {
        if (!get)
            method_not_allowed(r, m, path, "GET, HEAD");
        else if (query_only(req, r, no_query)) {
            if (!strcmp(path, "/api/rules"))
                handle_rules(r);
            else if (!strcmp(path, "/api/levels"))
                handle_levels(r);
            else
                handle_server(a, r);
        }
        return WEB_REPLY;
    }
    if (!strcmp(path, "/api/games") || !strcmp(path, "/api/games/")) {
        if (!post) {
            method_not_allowed(r, m, path, "POST");
            return WEB_REPLY;
        }
        if (!query_only(req, r, no_query))
            return WEB_REPLY;
        return handle_create(a, req, r, pending);
    }
    if (strncmp(path, "/api/games/", 11) != 0) {
        web_reply_error(r, 404, "no such API endpoint: %.100s (see /api/rules, /api/games)", path);
        return WEB_REPLY;
    }
    const char *id = path + 11;
    const char *slash = strchr(id, '/');
    const size_t idlen = slash ? (size_t)(slash - id) : strlen(id);
    const char *rest = slash ? slash + 1 : "";
    static const struct {
        const char *name, *allow;
    } subs[] = {
        {"", "GET, HEAD, DELETE"}, {"moves", "POST"},    {"undo", "POST"},
        {"redo", "POST"},          {"agree", "POST"},    {"hint", "GET, HEAD"},
        {"analysis", "GET"},       {"record", "GET, HEAD"}, {"evaluations", "GET, HEAD"},
    };
    int sub = -1;
    for (int i = 0; i < (int)(sizeof subs / sizeof subs[0]); i++)
        if (!strcmp(rest, subs[i].name))
            sub = i;
    if (sub < 0) {
        web_reply_error(r, 404, "no such API endpoint: %.100s", path);
        return WEB_REPLY;
    }
    const char *allow = subs[sub].allow;
    const bool ok = sub == 0 ? get || del : strstr(allow, "POST") ? post : get;
    if (!ok || (sub == 6 && strcmp(m, "GET") != 0)) {
        method_not_allowed(r, m, path, allow);
        return WEB_REPLY;
    }
    if (req->body_len > 0 && !post) {
        web_reply_error(r, 400, "a %.20s request takes no body", m);
        return WEB_REPLY;
    }
    if (!valid_id(id, idlen)) {
        web_reply_error(r, 404, "no game '%.*s' (ids are %d hexadecimal digits)",
                        (int)(idlen > 40 ? 40 : idlen), id, GAME_ID_LEN);
        return WEB_REPLY;
    }
    char gid[GAME_ID_LEN + 1];
    memcpy(gid, id, GAME_ID_LEN);
    gid[GAME_ID_LEN] = 0;
    if (sub == 0 && del) {
        if (!query_only(req, r, no_query))
            return WEB_REPLY;
        if (registry_remove(a->reg, gid))
            reply_json(r, 200, json_pack("{s:s, s:b}", "id", gid, "deleted", true));
        else
            web_reply_error(r, 404, "no game '%s' (deleted or expired)", gid);
        return WEB_REPLY;
    }
    web_game *g = registry_get(a->reg, gid);
    if (!g) {
        web_reply_error(r, 404, "no game '%s' (deleted or expired)", gid);
        return WEB_REPLY;
    }
    web_outcome out = WEB_REPLY;
    const bool takes_query = sub == 5 || sub == 6 || sub == 7;
    if (!takes_query && !query_only(req, r, no_query)) {
        registry_put(g);
        return WEB_REPLY;
    }
    switch (sub) {
    case 0: handle_get_state(g, r); break;
    case 1: out = handle_move(a, g, req, r, pending); break;
    case 2: out = handle_history(a, g, req, r, pending, false); break;
    case 3: out = handle_history(a, g, req, r, pending, true); break;
    case 4: out = handle_agree(a, g, req, r, pending); break;
    case 5: out = handle_hint(a, g, req, r, pending); break;
    case 6: out = handle_analysis(a, g, req, r, stream); break;
    case 7: handle_record(g, req, r); break;
    case 8: out = handle_evaluations(a, g, req, r, pending); break;
    }
    registry_put(g);
    return out;
}

/* ------------------------------------------------------------- ticks */

static void ping_game(web_game *g, void *ctx)
{
    web_app *a = ctx;
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < g->nstreams;) {
        if (web_stream_event(g->streams[i], NULL, "keep-alive")) {
            i++;
            continue;
        }
        web_stream *s = g->streams[i];
        web_stream_end(s);
        g->streams[i] = g->streams[--g->nstreams];
        web_stream_release(s);
    }
    pthread_mutex_unlock(&g->lock);
    (void)a;
}

void web_app_tick(web_app *a)
{
    const int64_t now = web_now_ms();
    registry_expire(a->reg, now);
    if (now - a->last_ping_ms >= a->cfg.keepalive_ms) {
        a->last_ping_ms = now;
        registry_each(a->reg, ping_game, a);
    }
}
