/*
 * shared.c - what every game of the web app shares, read-only once made:
 * the endgame tables, one set per rule set, opened (or built) by a thread
 * of their own when a game first asks for them (app_tables answers NULL
 * meanwhile, so no request waits), and the opening books given at the
 * start. The app (app.c) starts and stops the thread; the jobs and the
 * review (jobs.c, review.c) ask for what they need here, so that none of
 * them reaches back into the app.
 */
#include "web/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void tables_key(const aw_rules *rules, char *key, size_t size)
{
    char diff[512];
    aw_rules_diff(rules, diff, sizeof diff);
    snprintf(key, size, "%s %s", rules->name, diff);
}

const aw_tables *app_tables(web_app *a, const aw_rules *rules)
{
    if (!a->cfg.open_tables || aw_tables_supported(rules, NULL))
        return NULL;
    char key[600];
    tables_key(rules, key, sizeof key);
    pthread_mutex_lock(&a->lock);
    for (int i = 0; i < a->ntables; i++)
        if (strcmp(a->tables[i].key, key) == 0) {
            const aw_tables *t = a->tables[i].ready ? a->tables[i].tables : NULL;
            pthread_mutex_unlock(&a->lock);
            return t;
        }
    /* Asked for the first time: the loader opens them (once per rule set,
     * kept read-only and shared by every game); none meanwhile. */
    if (a->ntables < MAX_TABLES && a->loader_running) {
        tables_entry *e = &a->tables[a->ntables++];
        snprintf(e->key, sizeof e->key, "%s", key);
        e->rules = *rules;
        e->tables = NULL;
        e->ready = false;
        pthread_cond_signal(&a->tables_wanted);
    } else if (a->ntables < MAX_TABLES && !a->loader_quit) {
        /* No thread for the loader (the page's WebAssembly has none): they
         * are opened now, by the caller, once. */
        tables_entry *e = &a->tables[a->ntables++];
        snprintf(e->key, sizeof e->key, "%s", key);
        e->rules = *rules;
        e->tables = NULL;
        e->ready = false;
        pthread_mutex_unlock(&a->lock);
        aw_tables *t = a->cfg.open_tables(rules, a->cfg.tables_ctx);
        pthread_mutex_lock(&a->lock);
        e->tables = t;
        e->ready = true;
        pthread_mutex_unlock(&a->lock);
        return t;
    }
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

/* The loader: opens (or builds: the abapa small set) the tables asked for,
 * one rule set at a time, without the lock. */
void *app_tables_loader(void *arg)
{
    web_app *a = arg;
    pthread_mutex_lock(&a->lock);
    for (;;) {
        int next = -1;
        for (int i = 0; i < a->ntables && next < 0; i++)
            if (!a->tables[i].ready)
                next = i;
        if (a->loader_quit)
            break;
        if (next < 0) {
            pthread_cond_wait(&a->tables_wanted, &a->lock);
            continue;
        }
        const aw_rules rules = a->tables[next].rules;
        pthread_mutex_unlock(&a->lock);
        aw_tables *t = a->cfg.open_tables(&rules, a->cfg.tables_ctx);
        pthread_mutex_lock(&a->lock);
        a->tables[next].tables = t;
        a->tables[next].ready = true;
    }
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

bool app_attach_tables(web_app *a, web_game *g)
{
    if (g->job != JOB_NONE || session_get_config(g->s)->tables)
        return false;
    const aw_tables *t = app_tables(a, session_rules(g->s));
    if (!t)
        return false;
    session_set_tables(g->s, t);
    return true;
}

json_t *app_tables_json(web_app *a)
{
    json_t *list = json_array();
    pthread_mutex_lock(&a->lock);
    for (int i = 0; i < a->ntables; i++) {
        const tables_entry *e = &a->tables[i];
        char diff[512];
        aw_rules_diff(&e->rules, diff, sizeof diff);
        json_array_append_new(
            list, json_pack("{s:s, s:s, s:s, s:i}", "rules", e->rules.name, "diff", diff, "state",
                            !e->ready ? "loading" : e->tables ? "ready" : "none", "seeds",
                            e->ready && e->tables ? aw_tables_seeds(e->tables) : 0));
    }
    pthread_mutex_unlock(&a->lock);
    return list;
}

const aw_book *app_book(web_app *a, const aw_rules *rules)
{
    for (int i = 0; i < a->cfg.nbooks; i++)
        if (aw_book_matches(a->cfg.books[i], rules))
            return a->cfg.books[i];
    return NULL;
}
