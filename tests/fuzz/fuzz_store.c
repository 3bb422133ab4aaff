/*
 * fuzz_store.c - fuzz target for the web server's games database
 * (src/web/store.c): the input is written to a file, which the store opens
 * as it would the --db file of `awale serve`, then lists everything it
 * holds, reads each game's record, saves and deletes a game. Whatever the
 * bytes, the store must open the file or refuse it with a message naming
 * it, never crash, read out of bounds or leak.
 */
#include "web/store.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[256], path[320];
static store *current;

static void cleanup(void)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        char p[400];
        snprintf(p, sizeof p, "%s%s", path, tails[i]);
        unlink(p);
    }
}

static void remove_dir(void)
{
    cleanup();
    rmdir(dir);
}

static int visit(const store_game *g, void *ctx)
{
    (void)ctx;
    CHECK(g->id && g->rules && g->south && g->north && g->result && g->reason);
    bool finished = false;
    char err[512];
    char *rec = store_record(current, g->id, &finished, err, sizeof err);
    free(rec);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/awale-fuzz-store-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir))
            abort();
        snprintf(path, sizeof path, "%s/games.db", dir);
        atexit(remove_dir);
    }
    cleanup();
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();

    char err[1024] = "";
    store *st = store_open(path, err, sizeof err);
    if (!st) {
        CHECK(err[0] && strstr(err, path));
        return 0;
    }
    current = st;
    store_each_unfinished(st, visit, NULL, err, sizeof err);
    store_each_finished(st, 0, 50, visit, NULL, err, sizeof err);
    store_each_finished(st, 3, 2, visit, NULL, err, sizeof err);
    (void)store_count_finished(st);
    store_stats fig;
    if (store_figures(st, &fig, err, sizeof err) == 0)
        CHECK(fig.games >= fig.finished && fig.bytes >= 0);
    store_game g = {.id = "00000000fuzzfuzz", .created_ms = 1, .updated_ms = 2, .finished = true,
                    .rules = "abapa", .south = "a", .north = "b", .result = "1-0",
                    .reason = "resignation", .moves = 1, .record = "1. A a", .meta = "{}"};
    if (store_save(st, &g, err, sizeof err) == 0)
        store_delete(st, g.id, err, sizeof err);
    store_close(st);
    current = NULL;
    return 0;
}
