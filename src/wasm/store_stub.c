/*
 * store_stub.c - the games' store (src/web/store.h) in the page, which has
 * no database: the web app runs with db_path NULL (games in memory only),
 * so nothing opens it; should anything try, it is refused by name. The
 * archive of finished games needs the server (`awale serve`).
 */
#include "web/store.h"

#include <stdio.h>

#define NO_STORE "the archive of games needs the server (awale serve): none in the page"

static void say(char *err, size_t size)
{
    if (err && size)
        snprintf(err, size, "%s", NO_STORE);
}

store *store_open(const char *path, char *err, size_t size)
{
    (void)path;
    say(err, size);
    return NULL;
}

store *store_open_ex(const char *path, const store_options *opt, char *err, size_t size)
{
    (void)opt;
    return store_open(path, err, size);
}

void store_close(store *st) { (void)st; }

int store_save(store *st, const store_game *g, char *err, size_t size)
{
    (void)st, (void)g;
    say(err, size);
    return -1;
}

int store_delete(store *st, const char *id, char *err, size_t size)
{
    (void)st, (void)id;
    say(err, size);
    return -1;
}

int store_each_unfinished(store *st, int (*fn)(const store_game *g, void *ctx), void *ctx,
                          char *err, size_t size)
{
    (void)st, (void)fn, (void)ctx;
    say(err, size);
    return -1;
}

int store_each_finished(store *st, int offset, int limit,
                        int (*fn)(const store_game *g, void *ctx), void *ctx, char *err, size_t size)
{
    (void)st, (void)offset, (void)limit, (void)fn, (void)ctx;
    say(err, size);
    return -1;
}

int store_count_finished(store *st)
{
    (void)st;
    return -1;
}

char *store_record(store *st, const char *id, bool *finished, char *err, size_t size)
{
    (void)st, (void)id;
    if (finished)
        *finished = false;
    say(err, size);
    return NULL;
}

int store_figures(store *st, store_stats *out, char *err, size_t size)
{
    (void)st, (void)out;
    say(err, size);
    return -1;
}

const char *store_path(const store *st)
{
    (void)st;
    return "";
}
