/*
 * analysis.c - the analysis streamed to the pages (Server-Sent Events): a
 * background job on the pool that analyses the game's current position
 * with the session's adviser and sends each completed depth to every
 * stream of the game; it stops when the game changes (and starts again on
 * the new position), when nobody reads, when a move needs the worker, or
 * after the analysis time. Streams that cannot take an event are dropped.
 *
 * Ownership: an analysis job holds a reference to its game from
 * analysis_kick on; the pool frees the job (analysis_free) once it is off
 * its worker, and only that drops the reference (pool.h), so that the
 * pool's cancel always finds the job and its game alive. A stream has two
 * references (stream.h): the game's list (dropped when the game drops the
 * stream or is destroyed) and the reader's, which also holds the game.
 */
#include "web/internal.h"

#include "web/events.h"
#include "web/jsonout.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- streams */

/* Send an event's text to every stream of the game (lock held); streams
 * that cannot take it (ended, too slow) are dropped. */
static void broadcast_text(web_game *g, const char *event, const char *text)
{
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
}

/* Send an event to every stream of the game (lock held). */
void analysis_broadcast(web_app *a, web_game *g, const char *event, json_t *data)
{
    char *text = data ? json_dumps(data, JSON_COMPACT) : NULL;
    json_decref(data);
    (void)a;
    if (!text)
        return;
    broadcast_text(g, event, text);
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


static void analysis_cancel(web_job *j)
{
    analysis_job *aj = (analysis_job *)j;
    atomic_store(&aj->cancelled, true);
    session_stop(aj->g->s);
}

static void analysis_free(web_job *j)
{
    analysis_job *aj = (analysis_job *)j;
    registry_put(aj->g);
    free(aj);
}

static void analysis_info(const aw_search_info *info, void *user)
{
    analysis_job *aj = user;
    web_game *g = aj->g;
    json_t *o = jo_search_info(&aj->rules, &aj->pos, info);
    json_object_set_new(o, "ply", json_integer(aj->ply));
    json_object_set_new(o, "version", json_integer(aj->version));
    pthread_mutex_lock(&g->lock);
    if (info->lines > 0 && info->line[0].length > 0)
        state_store_eval(g, aj->ply, &aj->pos, info->depth, &info->line[0].score, false);
    /* Sent, and kept as the last one for the readers who come next (a page
     * that reopens its stream: a language switched, a network back) */
    char *text = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    if (text) {
        broadcast_text(g, "info", text);
        free(g->analysis_last);
        g->analysis_last = text;
        g->analysis_last_version = aj->version;
    }
    if (g->nstreams == 0) { /* nobody reads any more */
        g->stop_asked = true;
        session_stop(g->s);
    }
    pthread_mutex_unlock(&g->lock);
}

/* The event that opens the analysis of a position. */
json_t *analysis_position_event(web_game *g, int multipv)
{
    const aw_game *gm = session_game(g->s);
    char text[AW_POSITION_MAX];
    int margin;
    json_t *tables = session_tables_margin(g->s, &margin)
                         ? jo_perfect(margin, session_tables_exact(g->s))
                         : json_null();
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
        return;
    }
    int multipv = 1;
    for (int i = 0; i < g->nstreams; i++)
        if (g->streams[i]->multipv > multipv)
            multipv = g->streams[i]->multipv;
    const aw_game *gm = session_game(g->s);
    aw_status st = aw_game_status(gm);
    if (st != AW_ONGOING) {
        pthread_mutex_unlock(&g->lock);
        return;
    }
    app_begin_job(a, g, JOB_ANALYSIS);
    if (atomic_load(&aj->cancelled)) /* cancelled before the arming: stop now */
        session_stop(g->s);
    aj->rules = *session_rules(g->s);
    aj->pos = *aw_game_position(gm);
    aj->ply = aw_game_ply(gm);
    aj->version = g->version;
    free(g->analysis_last);
    g->analysis_last = NULL;
    analysis_broadcast(a, g, "position", analysis_position_event(g, multipv));
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
    free(g->analysis_last);
    g->analysis_last = NULL;
    const bool stopped = g->stop_asked || atomic_load(&aj->cancelled);
    g->stop_asked = false;
    if (rc == 0 && !stopped) {
        g->analysed = true;
        g->analysed_version = aj->version;
        analysis_broadcast(a, g, "done",
                  json_pack("{s:i, s:i, s:s, s:i}", "ply", aj->ply, "version", (int)aj->version,
                            "reason", "time", "depth", res.info.depth));
    } else if (rc != 0) {
        analysis_broadcast(a, g, "error", json_pack("{s:s}", "error", err.msg));
    }
    pthread_cond_broadcast(&g->idle);
    /* Stopped to let a move through: start again when a worker is free. */
    if (atomic_load(&aj->cancelled))
        analysis_kick(a, g);
    pthread_mutex_unlock(&g->lock);
}

/* Start the analysis of the current position when pages follow it and
 * nothing else uses the session (lock held). */
void analysis_kick(web_app *a, web_game *g)
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
            analysis_broadcast(a, g, "position", analysis_position_event(g, 1));
        }
        return;
    }
    analysis_job *aj = calloc(1, sizeof *aj);
    if (!aj)
        return;
    aj->base.run = analysis_run;
    aj->base.free = analysis_free;
    aj->base.cancel = analysis_cancel;
    aj->base.background = true;
    aj->a = a;
    aj->g = g;
    atomic_init(&aj->cancelled, false);
    registry_hold(g);
    g->analysis_queued = true;
    if (session_computer_to_move(g->s))
        analysis_broadcast(a, g, "waiting", json_pack("{s:s}", "reason", "computer"));
    pool_submit(a->pool, &aj->base);
}

void web_app_stream_closed(web_app *a, web_stream *s)
{
    if (s->kind == WEB_STREAM_EVENTS) {
        events_closed(a, s);
        return;
    }
    web_app_client_stream_closed(a, s->client[0] ? s->client : NULL);
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

/* ------------------------------------------------------------- ticks */

void analysis_ping(web_game *g, void *ctx)
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

