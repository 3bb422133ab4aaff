/*
 * app.c - the web application as a value (app.h): its configuration, the
 * games registry and the worker pool, the thread that opens the endgame
 * tables (shared.c), what happens to a game that leaves the registry, stopping,
 * and the tick that expires idle games and keeps streams alive; the
 * importer, a thread that parses imported records so that a slow parse
 * never holds an HTTP thread; the streams each client holds.
 */
#include "web/internal.h"

#include "web/events.h"
#include "web/explorer.h"
#include "web/persist.h"
#include "web/seats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ configuration */

web_config web_config_default(void)
{
    web_config c;
    memset(&c, 0, sizeof c);
    c.host = "127.0.0.1";
    c.port = 8080;
    c.max_games = 32;
    c.ttl_ms = 3600 * 1000;
    c.max_friend_games = 2000;
    c.friend_ttl_ms = (int64_t)30 * 24 * 3600 * 1000;
    c.max_event_streams = 4096;
    c.client_event_streams = 8;
    c.max_body = 256 * 1024;
    c.client_connections = 32;
    c.client_games = 16;
    c.client_streams = 4;
    c.request_timeout_s = 20;
    c.rate[RL_REQUESTS] = (ratelimit_rule){20, 1000, 60};
    c.rate[RL_GAMES] = (ratelimit_rule){30, 600000, 30};
    c.rate[RL_INVITES] = (ratelimit_rule){30, 600000, 30};
    c.rate_addresses = RATELIMIT_DEFAULT_ADDRESSES;
    c.max_connections = 8192;
    c.http_threads = 2;
    c.qr = -1;
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

/* ------------------------------------------------------------- jobs */

void app_begin_job(web_app *a, web_game *g, game_job job)
{
    if (app_attach_tables(a, g))
        json_decref(state_refresh(g));
    g->job = job;
    g->stop_asked = false;
    session_arm(g->s);
    /* Stops from before are forgotten: one that the server's stop sent
     * before this job existed is sent again. */
    if (atomic_load(&a->stopping) || g->gone) {
        g->stop_asked = true;
        session_stop(g->s);
    }
}

/* ------------------------------------------------------ the importer */

static void *importer(void *arg)
{
    web_app *a = arg;
    pthread_mutex_lock(&a->import_lock);
    for (;;) {
        if (a->importer_quit)
            break;
        import_job *j = a->imports;
        if (!j) {
            pthread_cond_wait(&a->import_wanted, &a->import_lock);
            continue;
        }
        a->imports = j->next;
        if (!a->imports)
            a->imports_tail = NULL;
        a->nimports--;
        void (*work)(web_app *, import_job *) = a->hooks.import;
        pthread_mutex_unlock(&a->import_lock);
        work(a, j);
        pthread_mutex_lock(&a->import_lock);
    }
    pthread_mutex_unlock(&a->import_lock);
    return NULL;
}

void app_set_hooks(web_app *a, app_hooks hooks)
{
    pthread_mutex_lock(&a->import_lock);
    a->hooks = hooks;
    pthread_mutex_unlock(&a->import_lock);
}

bool app_import_submit(web_app *a, import_job *j)
{
    pthread_mutex_lock(&a->import_lock);
    if (!a->importer_running && !a->importer_quit && a->hooks.import) {
        /* No thread for it (the page's WebAssembly has none): the record is
         * parsed now, by the caller, without the lock. */
        void (*work)(web_app *, import_job *) = a->hooks.import;
        pthread_mutex_unlock(&a->import_lock);
        j->next = NULL;
        work(a, j);
        return true;
    }
    const bool ok = a->importer_running && !a->importer_quit && a->hooks.import &&
                    a->nimports < IMPORT_QUEUE;
    if (ok) {
        j->next = NULL;
        if (a->imports_tail)
            a->imports_tail->next = j;
        else
            a->imports = j;
        a->imports_tail = j;
        a->nimports++;
        pthread_cond_signal(&a->import_wanted);
    }
    pthread_mutex_unlock(&a->import_lock);
    return ok;
}

/* ------------------------------------------------ streams per client */

/* The entry of a client (import_lock held): found, or made when `make`;
 * -1 when the table is full (not reached: the server's limits come first). */
static int client_entry(web_app *a, const char *client, bool make)
{
    for (int i = 0; i < a->nclients; i++)
        if (strcmp(a->clients[i].addr, client) == 0)
            return i;
    if (!make || a->nclients >= a->cfg.max_streams + a->cfg.max_event_streams)
        return -1;
    const int i = a->nclients++;
    snprintf(a->clients[i].addr, sizeof a->clients[i].addr, "%s", client);
    a->clients[i].streams = a->clients[i].events = 0;
    return i;
}

static void client_release(web_app *a, int i)
{
    if (a->clients[i].streams <= 0 && a->clients[i].events <= 0)
        a->clients[i] = a->clients[--a->nclients];
}

bool app_client_stream_take(web_app *a, const char *client)
{
    if (!client)
        return true;
    pthread_mutex_lock(&a->import_lock);
    const int i = client_entry(a, client, true);
    const bool ok = i >= 0 && a->clients[i].streams < a->cfg.client_streams;
    if (ok)
        a->clients[i].streams++;
    pthread_mutex_unlock(&a->import_lock);
    return ok;
}

void web_app_client_stream_closed(web_app *a, const char *client)
{
    if (!client)
        return;
    pthread_mutex_lock(&a->import_lock);
    const int i = client_entry(a, client, false);
    if (i >= 0) {
        a->clients[i].streams--;
        client_release(a, i);
    }
    pthread_mutex_unlock(&a->import_lock);
}

bool app_event_stream_take(web_app *a, const char *client, web_reply *r)
{
    if (atomic_fetch_add(&a->event_streams, 1) >= a->cfg.max_event_streams) {
        atomic_fetch_sub(&a->event_streams, 1);
        web_reply_error(r, 503, "the server has %d event streams open, its limit; try again later",
                        a->cfg.max_event_streams);
        r->retry_after = 10;
        return false;
    }
    if (!client)
        return true;
    pthread_mutex_lock(&a->import_lock);
    const int i = client_entry(a, client, true);
    const bool ok = i >= 0 && a->clients[i].events < a->cfg.client_event_streams;
    if (ok)
        a->clients[i].events++;
    pthread_mutex_unlock(&a->import_lock);
    if (!ok) {
        atomic_fetch_sub(&a->event_streams, 1);
        web_reply_value(r, 429,
                        json_pack("{s:s, s:s}", "error",
                                  "you have too many event streams open (the limit for one "
                                  "client); close one and try again",
                                  "code", "rate_limited"));
        r->retry_after = 10;
    }
    return ok;
}

void app_event_stream_closed(web_app *a, const char *client)
{
    atomic_fetch_sub(&a->event_streams, 1);
    if (!client)
        return;
    pthread_mutex_lock(&a->import_lock);
    const int i = client_entry(a, client, false);
    if (i >= 0) {
        a->clients[i].events--;
        client_release(a, i);
    }
    pthread_mutex_unlock(&a->import_lock);
}

int events_streams(web_app *a) { return atomic_load(&a->event_streams); }

bool app_rate_take(web_app *a, int kind, const char *client, web_reply *r)
{
    int retry = 0;
    if (ratelimit_take(a->rate, kind, client, web_now_ms(), &retry))
        return true;
    static const char *const what[RL_KINDS] = {"requests", "new games", "invitations taken"};
    char rule[48], msg[160];
    ratelimit_format(&a->cfg.rate[kind], rule, sizeof rule);
    snprintf(msg, sizeof msg, "too many %s from your address (at most %s); try again in %d s",
             what[kind], rule, retry);
    web_reply_value(r, 429, json_pack("{s:s, s:s, s:i}", "error", msg, "code", "rate_limited",
                                      "retry_after", retry));
    r->retry_after = retry;
    return false;
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
    pthread_cond_init(&a->tables_wanted, NULL);
    pthread_mutex_init(&a->import_lock, NULL);
    pthread_cond_init(&a->import_wanted, NULL);
    atomic_init(&a->stopping, false);
    atomic_init(&a->streams, 0);
    atomic_init(&a->event_streams, 0);
    atomic_init(&a->requests, 0);
    pthread_mutex_init(&a->invite_lock, NULL);
    a->max_invites = cfg->max_friend_games > 0 ? cfg->max_friend_games : 1;
    a->invites = calloc((size_t)a->max_invites, sizeof *a->invites);
    a->started_ms = a->last_ping_ms = web_now_ms();
    json_object_seed(0);
    registry_hooks hooks = {game_gone, game_destroy};
    a->reg = registry_new(cfg->max_games, cfg->max_friend_games, cfg->ttl_ms, hooks);
    const int bg = cfg->searches > 1 ? cfg->searches - 1 : 1;
    a->pool = pool_new(cfg->searches, bg, cfg->queue);
    a->clients = calloc((size_t)(cfg->max_streams + cfg->max_event_streams > 0
                                     ? cfg->max_streams + cfg->max_event_streams
                                     : 1),
                        sizeof *a->clients);
    a->rate = ratelimit_new(cfg->rate, RL_KINDS, cfg->rate_addresses);
    /* Without a thread for it, records are parsed by the request itself
     * (app_import_submit). */
    if (a->clients && a->invites && a->rate)
        a->importer_running = pthread_create(&a->importer, NULL, importer, a) == 0;
    if (!a->reg || !a->pool || !a->clients || !a->invites || !a->rate) {
        snprintf(err, errsize, "cannot start the worker threads");
        web_app_free(a);
        return NULL;
    }
    pool_set_hash(a->pool, cfg->hash_mb);
    if (persist_open(a, cfg->db_path, err, errsize) != 0) {
        web_app_free(a);
        return NULL;
    }
    if (cfg->open_tables) {
        a->loader_running = pthread_create(&a->loader, NULL, app_tables_loader, a) == 0;
        /* The default rule set's tables from the start (the abapa small set
         * is built the first time), ready for the first games. */
        const aw_rules rules = aw_rules_default();
        app_tables(a, &rules);
    }
    /* The unfinished games of the last run, with their ids and seats. */
    if (persist_restore(a, err, errsize) != 0) {
        web_app_free(a);
        return NULL;
    }
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
    if (a->importer_running) { /* an import under way is finished first */
        pthread_mutex_lock(&a->import_lock);
        a->importer_quit = true;
        pthread_cond_signal(&a->import_wanted);
        pthread_mutex_unlock(&a->import_lock);
        pthread_join(a->importer, NULL);
    }
    /* Imports never begun: answered (their connections may wait). */
    for (import_job *j = a->imports, *next; j; j = next) {
        next = j->next;
        web_reply_error(&j->p->reply, 503, "the server is stopping");
        web_pending_complete(j->p);
        web_pending_release(j->p);
        json_decref(j->body);
        free(j);
    }
    a->imports = a->imports_tail = NULL;
    pool_free(a->pool); /* jobs release their games */
    registry_free(a->reg);
    persist_close(a); /* nothing saves any more */
    explorer_free(a->explorer);
    if (a->loader_running) { /* a load under way is finished first */
        pthread_mutex_lock(&a->lock);
        a->loader_quit = true;
        pthread_cond_signal(&a->tables_wanted);
        pthread_mutex_unlock(&a->lock);
        pthread_join(a->loader, NULL);
    }
    for (int i = 0; i < a->ntables; i++)
        aw_tables_close(a->tables[i].tables);
    pthread_cond_destroy(&a->tables_wanted);
    pthread_mutex_destroy(&a->lock);
    pthread_cond_destroy(&a->import_wanted);
    pthread_mutex_destroy(&a->import_lock);
    free(a->clients);
    ratelimit_free(a->rate);
    free(a->invites);
    pthread_mutex_destroy(&a->invite_lock);
    free(a);
}

int web_app_games(web_app *a) { return registry_count(a->reg); }
int web_app_restored(web_app *a) { return a->restored; }

/* ------------------------------------------------- lifecycle of games */

static void stop_game(web_game *g, void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&g->lock);
    g->stop_asked = true;
    session_stop(g->s);
    review_stop(g);
    for (int i = 0; i < g->nstreams; i++) {
        web_stream_event(g->streams[i], "gone", "{\"reason\":\"the server is stopping\"}");
        web_stream_end(g->streams[i]);
        web_stream_release(g->streams[i]);
    }
    g->nstreams = 0;
    events_end(g, "the server is stopping");
    pthread_mutex_unlock(&g->lock);
}

static void game_gone(web_game *g)
{
    pthread_mutex_lock(&g->lock);
    g->stop_asked = true;
    session_stop(g->s);
    review_stop(g);
    trainer_web_stop(g);
    for (int i = 0; i < g->nstreams; i++) {
        web_stream_event(g->streams[i], "gone", "{\"reason\":\"the game was deleted or expired\"}");
        web_stream_end(g->streams[i]);
        web_stream_release(g->streams[i]);
    }
    g->nstreams = 0;
    events_end(g, "the game was deleted or expired");
    /* Expired or deleted unfinished: it goes from the database too (a
     * finished one stays in the archive; the server stopping keeps all). */
    web_app *a = g->app;
    if (a && !atomic_load(&a->stopping) && session_ongoing(g->s, NULL) == SESSION_OK)
        persist_forget(a, g);
    pthread_mutex_unlock(&g->lock);
    if (g->invite[0] && a)
        invites_remove(a, g->invite);
}

static void game_destroy(web_game *g)
{
    for (int i = 0; i < g->nstreams; i++)
        web_stream_release(g->streams[i]);
    review_free(g);
    trainer_web_free(g);
    events_free(g);
    session_free(g->s);
    free(g->state);
    free(g->evals);
    free(g->analysis_last);
    pthread_cond_destroy(&g->idle);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

static void abandon_game(web_game *g, void *ctx);

typedef struct tick_ctx {
    web_app *a;
    bool ping;
} tick_ctx;

static void tick_game(web_game *g, void *ctx)
{
    tick_ctx *t = ctx;
    events_tick(g, t->a);
    if (t->ping)
        events_ping(g);
}

void web_app_tick(web_app *a)
{
    const int64_t now = web_now_ms();
    registry_expire(a->reg, now);
    pool_tick(a->pool);
    tick_ctx t = {a, false};
    if (now - a->last_ping_ms >= a->cfg.keepalive_ms) {
        a->last_ping_ms = now;
        t.ping = true;
        pthread_mutex_lock(&a->import_lock);
        void (*ping)(web_game *, void *) = a->hooks.ping;
        pthread_mutex_unlock(&a->import_lock);
        if (ping)
            registry_each(a->reg, ping, a);
    }
    registry_each(a->reg, tick_game, &t);
    if (now - a->last_abandon_ms >= 5000) { /* every 5 seconds */
        a->last_abandon_ms = now;
        registry_each(a->reg, abandon_game, a);
    }
}

/* --------------------------------------------------------- clocks */

static void clock_game(web_game *g, void *ctx)
{
    web_app *a = ctx;
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_NONE && !g->gone && session_clock_check(g->s))
        json_decref(events_changed(a, g, "end", json_pack("{s:s}", "reason", "time forfeit")));
    pthread_mutex_unlock(&g->lock);
}

/* A game between two devices with no move (nor any change) for
 * friend_ttl_ms ends as abandoned: it goes to the archive, and leaves
 * memory once idle as finished games do. */
static void abandon_game(web_game *g, void *ctx)
{
    web_app *a = ctx;
    if (!g->friend)
        return;
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_NONE && !g->gone && session_ongoing(g->s, NULL) == SESSION_OK &&
        web_wall_ms() - g->updated_wall_ms > a->cfg.friend_ttl_ms) {
        session_abandon(g->s);
        json_decref(events_changed(a, g, "end", json_pack("{s:s}", "reason", "abandoned")));
    }
    pthread_mutex_unlock(&g->lock);
}

void web_app_clock_tick(web_app *a) { registry_each(a->reg, clock_game, a); }
