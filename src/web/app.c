/*
 * app.c - the web application as a value (app.h): its configuration, the
 * games registry and the worker pool, the thread that opens the endgame
 * tables (shared.c), what happens to a game that leaves the registry, stopping,
 * and the tick that expires idle games and keeps streams alive; the
 * importer, a thread that parses imported records so that a slow parse
 * never holds an HTTP thread; the streams each client holds.
 */
#include "web/internal.h"

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
    c.max_body = 256 * 1024;
    c.client_connections = 32;
    c.client_games = 16;
    c.client_streams = 4;
    c.request_timeout_s = 20;
    c.rate[RL_REQUESTS] = (ratelimit_rule){20, 1000, 60};
    c.rate[RL_GAMES] = (ratelimit_rule){30, 600000, 30};
    c.rate[RL_INVITES] = (ratelimit_rule){30, 600000, 30};
    c.rate_addresses = RATELIMIT_DEFAULT_ADDRESSES;
    c.max_connections = 1024;
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

bool app_client_stream_take(web_app *a, const char *client)
{
    if (!client)
        return true;
    bool ok = true;
    pthread_mutex_lock(&a->import_lock);
    int i = 0;
    while (i < a->nclients && strcmp(a->clients[i].addr, client) != 0)
        i++;
    if (i < a->nclients) {
        ok = a->clients[i].streams < a->cfg.client_streams;
        a->clients[i].streams += ok;
    } else if (a->nclients < a->cfg.max_streams) {
        snprintf(a->clients[i].addr, sizeof a->clients[i].addr, "%s", client);
        a->clients[i].streams = 1;
        a->nclients++;
    } else {
        ok = false; /* not reached: the server's own limit comes first */
    }
    pthread_mutex_unlock(&a->import_lock);
    return ok;
}

void web_app_client_stream_closed(web_app *a, const char *client)
{
    if (!client)
        return;
    pthread_mutex_lock(&a->import_lock);
    for (int i = 0; i < a->nclients; i++)
        if (strcmp(a->clients[i].addr, client) == 0) {
            if (--a->clients[i].streams <= 0)
                a->clients[i] = a->clients[--a->nclients];
            break;
        }
    pthread_mutex_unlock(&a->import_lock);
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
    atomic_init(&a->requests, 0);
    a->started_ms = a->last_ping_ms = web_now_ms();
    json_object_seed(0);
    registry_hooks hooks = {game_gone, game_destroy};
    a->reg = registry_new(cfg->max_games, cfg->ttl_ms, hooks);
    const int bg = cfg->searches > 1 ? cfg->searches - 1 : 1;
    a->pool = pool_new(cfg->searches, bg, cfg->queue);
    a->clients = calloc((size_t)(cfg->max_streams > 0 ? cfg->max_streams : 1), sizeof *a->clients);
    a->rl = ratelimit_new(cfg->rate, RL_KINDS, cfg->rate_addresses);
    if (a->clients && a->rl)
        a->importer_running = pthread_create(&a->importer, NULL, importer, a) == 0;
    if (!a->reg || !a->pool || !a->importer_running) {
        snprintf(err, errsize, "cannot start the worker threads");
        web_app_free(a);
        return NULL;
    }
    pool_set_hash(a->pool, cfg->hash_mb);
    if (cfg->open_tables) {
        a->loader_running = pthread_create(&a->loader, NULL, app_tables_loader, a) == 0;
        /* The default rule set's tables from the start (the abapa small set
         * is built the first time), ready for the first games. */
        const aw_rules rules = aw_rules_default();
        app_tables(a, &rules);
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
    ratelimit_free(a->rl);
    free(a);
}

int web_app_games(web_app *a) { return registry_count(a->reg); }

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
    pthread_mutex_unlock(&g->lock);
}

static void game_gone(web_game *g)
{
    pthread_mutex_lock(&g->lock);
    g->stop_asked = true;
    session_stop(g->s);
    review_stop(g);
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
    review_free(g);
    session_free(g->s);
    free(g->state);
    free(g->evals);
    pthread_cond_destroy(&g->idle);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

void web_app_tick(web_app *a)
{
    const int64_t now = web_now_ms();
    registry_expire(a->reg, now);
    pool_tick(a->pool);
    if (now - a->last_ping_ms >= a->cfg.keepalive_ms) {
        a->last_ping_ms = now;
        pthread_mutex_lock(&a->import_lock);
        void (*ping)(web_game *, void *) = a->hooks.ping;
        pthread_mutex_unlock(&a->import_lock);
        if (ping)
            registry_each(a->reg, ping, a);
    }
}

