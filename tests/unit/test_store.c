/*
 * test_store.c - the web server's games on disk (src/web/store.c) on its
 * own: saving, replacing, deleting and listing games; what survives a close
 * and a killed process; the files refused by name and left byte for byte as
 * they were; the migration of an empty database; several threads at once
 * (this test also runs under ThreadSanitizer, make tsan).
 */
#include "support.h"

#include "web/store.h"

#include <sqlite3.h>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define APP_ID 0x41776C65

static char dir[256];
static char err[1024];

static int setup(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/awale-store-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

static const char *at(const char *name)
{
    static char buf[4][512];
    static int i;
    i = (i + 1) % 4;
    snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
    return buf[i];
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

static void spit(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static store *open_ok(const char *path)
{
    err[0] = 0;
    store *st = store_open(path, err, sizeof err);
    if (!st)
        fail_msg("store_open(%s): %s", path, err);
    return st;
}

/* A game with fields made from n. */
typedef struct game_buf {
    char id[20], record[64], meta[64], south[16];
    store_game g;
} game_buf;

static store_game *game(game_buf *b, int n, bool finished, int64_t updated)
{
    snprintf(b->id, sizeof b->id, "%016x", (unsigned)n * 2654435761u);
    snprintf(b->record, sizeof b->record, "[Event \"game %d\"]\n1. A a *\n", n);
    snprintf(b->meta, sizeof b->meta, "{\"n\": %d}", n);
    snprintf(b->south, sizeof b->south, "South %d", n);
    b->g = (store_game){.id = b->id, .created_ms = 1000 + n, .updated_ms = updated,
                        .finished = finished, .rules = "abapa", .south = b->south,
                        .north = "computer", .result = finished ? "1-0" : "*",
                        .reason = finished ? "resignation" : "", .moves = n,
                        .record = b->record, .meta = b->meta};
    return &b->g;
}

static void save(store *st, const store_game *g)
{
    if (store_save(st, g, err, sizeof err))
        fail_msg("store_save: %s", err);
}

/* What a listing saw. */
typedef struct seen {
    int n, stop_at;
    char ids[400][20];
    int moves[400];
    bool full[400];
    store *save_into; /* when set, each game seen is saved again (re-entrance) */
} seen;

static int note(const store_game *g, void *ctx)
{
    seen *s = ctx;
    assert_true(s->n < 400);
    snprintf(s->ids[s->n], sizeof s->ids[0], "%s", g->id);
    s->moves[s->n] = g->moves;
    s->full[s->n] = g->record && g->meta;
    if (g->record) {
        char want[64];
        snprintf(want, sizeof want, "[Event \"game %d\"]\n1. A a *\n", g->moves);
        assert_string_equal(g->record, want);
    }
    assert_string_equal(g->rules, "abapa");
    assert_string_equal(g->north, "computer");
    assert_int_equal(g->created_ms, 1000 + g->moves);
    if (s->save_into) {
        store_game copy = *g;
        copy.updated_ms++;
        save(s->save_into, &copy);
    }
    s->n++;
    return s->stop_at && s->n == s->stop_at;
}

static void save_list_replace_delete(void **state)
{
    (void)state;
    const char *path = at("games.db");
    store *st = open_ok(path);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0600);

    game_buf b[3];
    save(st, game(&b[0], 1, false, 50));
    save(st, game(&b[1], 2, false, 60));
    save(st, game(&b[2], 3, true, 70));
    assert_int_equal(stat(at("games.db-wal"), &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0600);
    assert_int_equal(store_count_finished(st), 1);

    seen s = {0};
    assert_int_equal(store_each_unfinished(st, note, &s, err, sizeof err), 0);
    assert_int_equal(s.n, 2);
    assert_true(s.full[0] && s.full[1]);

    bool fin = true;
    char *rec = store_record(st, b[0].id, &fin, err, sizeof err);
    assert_non_null(rec);
    assert_string_equal(rec, b[0].record);
    assert_false(fin);
    free(rec);
    rec = store_record(st, b[2].id, &fin, err, sizeof err);
    assert_non_null(rec);
    assert_true(fin);
    free(rec);
    assert_null(store_record(st, "0123456789abcdef", &fin, err, sizeof err));
    assert_string_equal(err, "");

    /* Replace: the first game ends. */
    save(st, game(&b[0], 1, true, 80));
    assert_int_equal(store_count_finished(st), 2);
    memset(&s, 0, sizeof s);
    assert_int_equal(store_each_unfinished(st, note, &s, err, sizeof err), 0);
    assert_int_equal(s.n, 1);
    assert_string_equal(s.ids[0], b[1].id);

    /* Delete, twice (the second finds nothing: not an error). */
    assert_int_equal(store_delete(st, b[2].id, err, sizeof err), 0);
    assert_int_equal(store_delete(st, b[2].id, err, sizeof err), 0);
    assert_int_equal(store_count_finished(st), 1);
    assert_null(store_record(st, b[2].id, &fin, err, sizeof err));

    store_stats fig;
    assert_int_equal(store_figures(st, &fig, err, sizeof err), 0);
    assert_int_equal(fig.games, 2);
    assert_int_equal(fig.finished, 1);
    assert_true(fig.bytes > 0);

    /* An id out of bounds is refused. */
    game_buf other;
    store_game bad = *game(&other, 9, false, 1);
    bad.id = "";
    assert_int_equal(store_save(st, &bad, err, sizeof err), -1);
    assert_non_null(strstr(err, "id"));
    store_close(st);

    /* Reopened: everything is there. */
    st = open_ok(path);
    assert_int_equal(store_count_finished(st), 1);
    rec = store_record(st, b[0].id, &fin, err, sizeof err);
    assert_non_null(rec);
    assert_true(fin);
    free(rec);
    memset(&s, 0, sizeof s);
    assert_int_equal(store_each_unfinished(st, note, &s, err, sizeof err), 0);
    assert_int_equal(s.n, 1);
    store_close(st);
}

static void finished_order_offset_limit(void **state)
{
    (void)state;
    store *st = open_ok(at("archive.db"));
    game_buf b;
    /* 12 finished games: updated_ms 100..105, each twice (ties by id). */
    for (int i = 0; i < 12; i++)
        save(st, game(&b, i, true, 100 + i / 2));
    save(st, game(&b, 50, false, 999)); /* not in the archive */
    assert_int_equal(store_count_finished(st), 12);

    seen s = {0};
    assert_int_equal(store_each_finished(st, 0, 100, note, &s, err, sizeof err), 0);
    assert_int_equal(s.n, 12);
    for (int i = 0; i < 12; i++)
        assert_false(s.full[i]);
    for (int i = 1; i < 12; i++) {
        int a = s.moves[i - 1], c = s.moves[i];
        /* newer first; same time: greater id first */
        assert_true(a / 2 > c / 2 || (a / 2 == c / 2 && strcmp(s.ids[i - 1], s.ids[i]) > 0));
    }
    seen page = {0};
    assert_int_equal(store_each_finished(st, 3, 4, note, &page, err, sizeof err), 0);
    assert_int_equal(page.n, 4);
    for (int i = 0; i < 4; i++)
        assert_string_equal(page.ids[i], s.ids[3 + i]);
    seen end = {0};
    assert_int_equal(store_each_finished(st, 10, 20, note, &end, err, sizeof err), 0);
    assert_int_equal(end.n, 2);
    seen none = {0};
    assert_int_equal(store_each_finished(st, 40, 20, note, &none, err, sizeof err), 0);
    assert_int_equal(none.n, 0);
    assert_int_equal(store_each_finished(st, 0, 0, note, &none, err, sizeof err), 0);
    assert_int_equal(none.n, 0);
    seen stop = {.stop_at = 2};
    assert_int_equal(store_each_finished(st, 0, 10, note, &stop, err, sizeof err), 0);
    assert_int_equal(stop.n, 2);
    assert_int_equal(store_each_finished(st, -1, 10, note, &none, err, sizeof err), -1);
    assert_int_equal(store_each_finished(st, 0, 1001, note, &none, err, sizeof err), -1);
    store_close(st);
}

/* More unfinished games than one batch; a callback that saves (the
 * store's mutex is not held) and one that stops. */
static void unfinished_batches(void **state)
{
    (void)state;
    store *st = open_ok(at("many.db"));
    game_buf b;
    for (int i = 0; i < 150; i++)
        save(st, game(&b, i, false, 10));
    seen s = {.save_into = st};
    assert_int_equal(store_each_unfinished(st, note, &s, err, sizeof err), 0);
    assert_int_equal(s.n, 150);
    for (int i = 0; i < 150; i++)
        for (int j = 0; j < i; j++)
            assert_true(strcmp(s.ids[i], s.ids[j]) != 0);
    seen stop = {.stop_at = 70};
    assert_int_equal(store_each_unfinished(st, note, &stop, err, sizeof err), 0);
    assert_int_equal(stop.n, 70);
    store_close(st);
}

/* A child saves, then is killed without closing: the save is there. */
static void killed_process_keeps_its_saves(void **state)
{
    (void)state;
    const char *path = at("killed.db");
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char e[512];
        store *st = store_open(path, e, sizeof e);
        if (!st)
            _exit(3);
        game_buf b;
        for (int i = 0; i < 5; i++)
            if (store_save(st, game(&b, i, i == 4, 10 + i), e, sizeof e))
                _exit(4);
        kill(getpid(), SIGKILL);
        _exit(5);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGKILL);
    store *st = open_ok(path);
    assert_int_equal(store_count_finished(st), 1);
    seen s = {0};
    assert_int_equal(store_each_unfinished(st, note, &s, err, sizeof err), 0);
    assert_int_equal(s.n, 4);
    store_close(st);
}

static void second_opener_refused(void **state)
{
    (void)state;
    const char *path = at("busy.db");
    store *st = open_ok(path);
    assert_null(store_open(path, err, sizeof err));
    assert_non_null(strstr(err, "in use by another awale server"));
    store_close(st);
    store_close(open_ok(path));
}

/* Opening path is refused with a message holding `want`, and the file's
 * bytes are unchanged. */
static void refused(const char *path, const char *want)
{
    size_t n0, n1;
    char *before = slurp(path, &n0);
    char wal[600], shm[600];
    snprintf(wal, sizeof wal, "%s-wal", path);
    snprintf(shm, sizeof shm, "%s-shm", path);
    int had_wal = access(wal, F_OK), had_shm = access(shm, F_OK);
    err[0] = 0;
    store *st = store_open(path, err, sizeof err);
    if (st) {
        store_close(st);
        fail_msg("%s was opened; expected \"%s\"", path, want);
    }
    if (!strstr(err, want) || !strstr(err, path))
        fail_msg("opening %s: \"%s\"; expected \"%s\"", path, err, want);
    char *after = slurp(path, &n1);
    assert_int_equal(n0, n1);
    assert_memory_equal(before, after, n0);
    /* No log or shared memory file made beside it either. */
    assert_int_equal(access(wal, F_OK), had_wal);
    assert_int_equal(access(shm, F_OK), had_shm);
    free(before);
    free(after);
}

static void sql(const char *path, const char *text)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, text, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", text, msg);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

static int64_t sql_int(const char *path, const char *text)
{
    sqlite3 *db;
    sqlite3_stmt *s;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, text, -1, &s, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return v;
}

/* A database edited by hand (or by a fuzzer) with values outside what the
 * store writes: a finished flag of 5, of -3, of text. Only 1 counts as
 * finished, everywhere: the count, the figures and the listings agree. */
static void odd_finished_values(void **state)
{
    (void)state;
    const char *path = at("odd-values.db");
    store *st = open_ok(path);
    game_buf b;
    save(st, game(&b, 1, true, 1));
    store_close(st);
    sql(path, "INSERT INTO games(id, created_ms, updated_ms, finished, rules, south, north, "
              "result, reason, moves, record, meta) VALUES "
              "('00000000000000a5', 1, 2, 5, 'abapa', 'a', 'b', '*', '', 0, '', '{}'),"
              "('00000000000000a6', 1, 2, -3, 'abapa', 'a', 'b', '*', '', 0, '', '{}'),"
              "('00000000000000a7', 1, 2, 'yes', 'abapa', 'a', 'b', '*', '', 0, '', '{}')");
    st = open_ok(path);
    store_stats fig;
    assert_int_equal(store_figures(st, &fig, err, sizeof err), 0);
    assert_int_equal(fig.games, 4);
    assert_int_equal(fig.finished, 1);
    assert_int_equal(store_count_finished(st), 1);
    store_close(st);
}

static void refusals(void **state)
{
    (void)state;
    const char *text = at("notes.txt");
    spit(text, "These are my notes, not a database.\n", 36);
    refused(text, "is not an awale games database (not SQLite)");

    unsigned char junk[5000];
    uint64_t seed = 42;
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (unsigned char)t_rand(&seed);
    const char *random = at("random.bin");
    spit(random, junk, sizeof junk);
    refused(random, "is not an awale games database (not SQLite)");

    /* Short, with SQLite's first bytes. */
    const char *shortf = at("short.db");
    spit(shortf, "SQLite format 3", 16);
    refused(shortf, "(not SQLite)");

    const char *foreign = at("foreign.db");
    sql(foreign, "CREATE TABLE accounts(name TEXT, balance INTEGER);"
                 "INSERT INTO accounts VALUES('ana', 10);");
    refused(foreign, "is not an awale games database (an SQLite database of another program)");

    const char *other_app = at("other-app.db");
    sql(other_app, "PRAGMA application_id = 1234; CREATE TABLE t(x);");
    refused(other_app, "application_id 0x000004D2");
    /* Another program's, in WAL mode with its log left beside it. */
    const char *other_wal = at("other-wal.db");
    sql(other_wal, "PRAGMA journal_mode = WAL; CREATE TABLE t(x);");
    refused(other_wal, "an SQLite database of another program");

    /* Ours by its numbers, but its table is not the games'. */
    const char *odd = at("odd.db");
    sql(odd, "PRAGMA application_id = 1098345573; PRAGMA user_version = 1;"
             "CREATE TABLE games(id TEXT, x);");
    refused(odd, "is not an awale games database of schema 1");

    const char *newer = at("newer.db");
    store_close(open_ok(newer));
    sql(newer, "PRAGMA user_version = 7");
    refused(newer, "was made by a newer awale: schema 7, this one reads up to 1");

    /* Damaged: a database of games cut in half, and one with a page of
     * garbage. */
    const char *cut = at("cut.db");
    store *st = open_ok(cut);
    game_buf b;
    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    for (int i = 0; i < 100; i++) {
        store_game *g = game(&b, i, i % 2, i);
        g->meta = big;
        save(st, g);
    }
    store_close(st);
    size_t n;
    char *whole = slurp(cut, &n);
    assert_true(n > 100000);
    const char *garbled = at("garbled.db");
    for (size_t i = 8192; i < 8192 + 4096; i++)
        whole[i] = (char)t_rand(&seed);
    spit(garbled, whole, n);
    assert_int_equal(truncate(cut, (off_t)(n / 2)), 0);
    free(whole);
    refused(cut, "is damaged");
    refused(garbled, "is damaged");

    /* The header's page size garbled. */
    const char *header = at("header.db");
    store_close(open_ok(header));
    whole = slurp(header, &n);
    whole[16] = 3;
    whole[17] = 7;
    spit(header, whole, n);
    free(whole);
    refused(header, "is damaged");

    /* A path written with two slashes is still a path. */
    char twice[600];
    snprintf(twice, sizeof twice, "/%s", at("foreign.db"));
    refused(twice, "an SQLite database of another program");

    /* Places. */
    assert_null(store_open(dir, err, sizeof err));
    assert_non_null(strstr(err, "is a directory"));
    const char *nowhere = at("no/such/dir/games.db");
    assert_null(store_open(nowhere, err, sizeof err));
    assert_non_null(strstr(err, "cannot create"));
    assert_non_null(strstr(err, nowhere));
    assert_null(store_open("/proc/awale-games.db", err, sizeof err));
    assert_non_null(strstr(err, "/proc/awale-games.db"));
    assert_int_equal(access("/proc/awale-games.db", F_OK), -1);
    assert_null(store_open("", err, sizeof err));
    if (geteuid() != 0) {
        const char *ro = at("readonly.db");
        store_close(open_ok(ro));
        chmod(ro, 0400);
        refused(ro, "cannot write");
        const char *rodir = at("rodir");
        mkdir(rodir, 0500);
        char inside[600];
        snprintf(inside, sizeof inside, "%s/games.db", rodir);
        assert_null(store_open(inside, err, sizeof err));
        assert_non_null(strstr(err, "cannot create"));
    }
}

/* A database with no schema yet (version 0), ours or blank, is made. */
static void migrates_from_empty(void **state)
{
    (void)state;
    const char *v0 = at("v0.db");
    sql(v0, "PRAGMA application_id = 1098345573"); /* 0x41776C65 */
    assert_int_equal(sql_int(v0, "PRAGMA user_version"), 0);
    store *st = open_ok(v0);
    game_buf b;
    save(st, game(&b, 1, true, 5));
    store_close(st);
    assert_int_equal(sql_int(v0, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    assert_int_equal(sql_int(v0, "PRAGMA application_id"), APP_ID);
    assert_int_equal(sql_int(v0, "SELECT count(*) FROM games"), 1);

    /* An empty file is a new database. */
    const char *empty = at("empty.db");
    spit(empty, "", 0);
    store_close(open_ok(empty));
    assert_int_equal(sql_int(empty, "PRAGMA application_id"), APP_ID);
    /* In WAL mode: the header's read and write versions are 2. */
    size_t n;
    char *head = slurp(empty, &n);
    assert_true(n >= 100);
    assert_int_equal(head[18], 2);
    assert_int_equal(head[19], 2);
    free(head);
}

static void sync_options(void **state)
{
    (void)state;
    const char *path = at("sync.db");
    store_options o = {.sync = STORE_SYNC_FULL, .busy_timeout_ms = 100};
    store *st = store_open_ex(path, &o, err, sizeof err);
    assert_non_null(st);
    game_buf b;
    save(st, game(&b, 1, false, 1));
    store_close(st);
    setenv("AWALE_DB_SYNC", "sometimes", 1);
    assert_null(store_open(path, err, sizeof err));
    assert_non_null(strstr(err, "AWALE_DB_SYNC"));
    setenv("AWALE_DB_SYNC", "full", 1);
    store_close(open_ok(path));
    unsetenv("AWALE_DB_SYNC");
}

/* Several threads save, replace, read and list at once. */
typedef struct worker {
    store *st;
    int t, errors;
    pthread_t thread;
} worker;

static int count_cb(const store_game *g, void *ctx)
{
    (void)g;
    (*(int *)ctx)++;
    return 0;
}

static void *work(void *arg)
{
    worker *w = arg;
    char e[512];
    int rounds = t_sanitized() ? 60 : 200;
    for (int i = 0; i < rounds; i++) {
        game_buf b;
        store_game *g = game(&b, w->t * 1000 + i % 20, i >= rounds - 20, i);
        if (store_save(w->st, g, e, sizeof e))
            w->errors++;
        bool fin;
        char *r = store_record(w->st, g->id, &fin, e, sizeof e);
        if (!r || strcmp(r, g->record) != 0)
            w->errors++;
        free(r);
        int n = 0;
        if (store_each_finished(w->st, 0, 10, count_cb, &n, e, sizeof e) || n > 10)
            w->errors++;
        if (i % 10 == 0 && store_each_unfinished(w->st, count_cb, &n, e, sizeof e))
            w->errors++;
        if (store_count_finished(w->st) < 0)
            w->errors++;
        store_stats f;
        if (store_figures(w->st, &f, e, sizeof e))
            w->errors++;
    }
    return NULL;
}

static void threads_at_once(void **state)
{
    (void)state;
    store *st = open_ok(at("threads.db"));
    worker w[4];
    for (int t = 0; t < 4; t++) {
        w[t] = (worker){.st = st, .t = t};
        assert_int_equal(pthread_create(&w[t].thread, NULL, work, &w[t]), 0);
    }
    for (int t = 0; t < 4; t++) {
        pthread_join(w[t].thread, NULL);
        assert_int_equal(w[t].errors, 0);
    }
    /* Each thread ends with its 20 games finished. */
    assert_int_equal(store_count_finished(st), 80);
    store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(save_list_replace_delete),
        cmocka_unit_test(finished_order_offset_limit),
        cmocka_unit_test(unfinished_batches),
        cmocka_unit_test(killed_process_keeps_its_saves),
        cmocka_unit_test(second_opener_refused),
        cmocka_unit_test(refusals),
        cmocka_unit_test(odd_finished_values),
        cmocka_unit_test(migrates_from_empty),
        cmocka_unit_test(sync_options),
        cmocka_unit_test(threads_at_once),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
