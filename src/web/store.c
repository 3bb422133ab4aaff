/*
 * store.c - the games kept on disk: one SQLite database (libsqlite3), the
 * only file of the program that speaks SQL. It owns the file (created 0600:
 * it holds the players' tokens), its schema and versions, and the refusals
 * of files that are not ours.
 *
 * Ownership and locking: a store owns one SQLite connection, its prepared
 * statements and one mutex (st->lock). Every function that touches the
 * connection or the statements takes the mutex for its whole use of them
 * and releases it before returning; nothing else is shared. The callbacks of
 * store_each_* are called with the mutex released, on copies of the rows
 * (taken a batch at a time), so that they may call the store. The
 * connection is opened with SQLITE_OPEN_NOMUTEX: the mutex here is the one
 * lock. Across processes, the open file keeps an flock(2) lock of its own
 * (a second descriptor, st->lock_fd, closed only after the connection), so
 * that two awale servers never share one database; other programs (the
 * sqlite3 shell making a backup) are only held off by SQLite's own locks,
 * which a write waits for (busy_timeout).
 *
 * Durability: WAL journal; synchronous NORMAL by default (each commit is in
 * the log before a save returns: a killed process loses nothing, a power
 * loss may lose the last commits), FULL on request (store_options, or
 * AWALE_DB_SYNC=full).
 *
 * Versions: PRAGMA application_id is STORE_APP_ID ("Awle") and PRAGMA
 * user_version the schema version. Opening reads the file first through a
 * read-only connection (so that a refused file is never written, not even
 * by a checkpoint of its log): a file without SQLite's header, a database
 * of another program, a newer schema or a damaged file is refused by name;
 * then, on the writing connection and in one transaction, each step of
 * `migrations` from the file's version up to STORE_SCHEMA_VERSION runs, and
 * the version is written last.
 */
#include "web/store.h"

#include <sqlite3.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define STORE_APP_ID 0x41776C65 /* "Awle" */
#define BATCH 64                /* rows copied per taking of the mutex */
#define MAX_LIMIT 1000          /* store_each_finished's largest page */
#define MAX_ID 64

enum { S_SAVE, S_DELETE, S_RECORD, S_COUNT, S_UNFINISHED, S_FINISHED, S_FIGURES, S_COUNT_ };

static const char *const statements[S_COUNT_] = {
    /* An upsert, not a REPLACE: the row keeps its rowid, which
     * store_each_unfinished walks. */
    [S_SAVE] = "INSERT INTO games(id, created_ms, updated_ms, finished, rules, south, "
               "north, result, reason, moves, record, meta) "
               "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) "
               "ON CONFLICT(id) DO UPDATE SET created_ms = ?2, updated_ms = ?3, finished = ?4, "
               "rules = ?5, south = ?6, north = ?7, result = ?8, reason = ?9, moves = ?10, "
               "record = ?11, meta = ?12",
    [S_DELETE] = "DELETE FROM games WHERE id = ?1",
    [S_RECORD] = "SELECT record, finished FROM games WHERE id = ?1",
    [S_COUNT] = "SELECT count(*) FROM games WHERE finished = 1",
    [S_UNFINISHED] = "SELECT id, created_ms, updated_ms, finished, rules, south, north, result, "
                     "reason, moves, record, meta, rowid FROM games "
                     "WHERE finished = 0 AND rowid > ?1 ORDER BY rowid LIMIT ?2",
    [S_FINISHED] = "SELECT id, created_ms, updated_ms, finished, rules, south, north, result, "
                   "reason, moves FROM games WHERE finished = 1 "
                   "ORDER BY updated_ms DESC, id DESC LIMIT ?1 OFFSET ?2",
    [S_FIGURES] = "SELECT count(*), coalesce(sum(finished = 1), 0) FROM games",
};

struct store {
    pthread_mutex_t lock;
    sqlite3 *db;
    sqlite3_stmt *stmt[S_COUNT_];
    int lock_fd;
    char *path;
};

/* ------------------------------------------------------------ messages */

static void fail(char *err, size_t size, const char *fmt, ...)
{
    if (!err || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
}

static bool damaged(int rc)
{
    rc &= 0xff;
    return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB;
}

/* The reason of a failed SQLite call on db, naming the file. */
static void db_fail(sqlite3 *db, int rc, const char *path, char *err, size_t size)
{
    const char *msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (damaged(rc))
        fail(err, size, "%s is damaged (%s): restore it from a backup, or move it away to start "
                        "a new one", path, msg);
    else if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
        fail(err, size, "%s is locked by another program (%s)", path, msg);
    else
        fail(err, size, "%s: %s", path, msg);
}

/* ------------------------------------------------------------ schema */

static int exec(sqlite3 *db, const char *sql, const char *path, char *err, size_t size)
{
    int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        db_fail(db, rc, path, err, size);
        return -1;
    }
    return 0;
}

/* Version 0 (an empty database) to 1: the table of games. Finished games
 * are listed newest first (games_archive); the unfinished ones are read in
 * the order of their rowids at the start of the server (games_unfinished). */
static int migrate_1(sqlite3 *db, const char *path, char *err, size_t size)
{
    return exec(db,
                "CREATE TABLE games ("
                " id TEXT PRIMARY KEY NOT NULL,"
                " created_ms INTEGER NOT NULL,"
                " updated_ms INTEGER NOT NULL,"
                " finished INTEGER NOT NULL,"
                " rules TEXT NOT NULL,"
                " south TEXT NOT NULL,"
                " north TEXT NOT NULL,"
                " result TEXT NOT NULL,"
                " reason TEXT NOT NULL,"
                " moves INTEGER NOT NULL,"
                " record TEXT NOT NULL,"
                " meta TEXT NOT NULL);"
                "CREATE INDEX games_archive ON games(finished, updated_ms DESC, id DESC);"
                "CREATE INDEX games_unfinished ON games(finished) WHERE finished = 0;",
                path, err, size);
}

/* migrations[v - 1] takes a database from version v - 1 to v; a new
 * version adds its step here and raises STORE_SCHEMA_VERSION. The steps run
 * in one transaction with the writing of the new user_version. */
typedef int (*migration)(sqlite3 *db, const char *path, char *err, size_t size);
static const migration migrations[] = {migrate_1};
_Static_assert(sizeof migrations / sizeof migrations[0] == STORE_SCHEMA_VERSION,
               "one migration per schema version");

static int pragma_int(sqlite3 *db, const char *sql, int64_t *out, const char *path, char *err,
                      size_t size)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &s, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(s);
        if (rc == SQLITE_ROW) {
            *out = sqlite3_column_int64(s, 0);
            rc = SQLITE_OK;
        } else if (rc == SQLITE_DONE) {
            *out = 0;
            rc = SQLITE_OK;
        }
    }
    if (rc != SQLITE_OK)
        db_fail(db, rc, path, err, size);
    sqlite3_finalize(s);
    return rc == SQLITE_OK ? 0 : -1;
}

/* Whether SQLite finds the file sound (PRAGMA quick_check: every page and
 * index read once, linear in the file's size). */
static int check_sound(sqlite3 *db, const char *path, char *err, size_t size)
{
    sqlite3_stmt *s = NULL;
    int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &s, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(s);
        if (rc == SQLITE_ROW) {
            const char *r = (const char *)sqlite3_column_text(s, 0);
            if (r && strcmp(r, "ok") == 0)
                rc = SQLITE_OK;
            else {
                fail(err, size, "%s is damaged (%s): restore it from a backup, or move it away "
                                "to start a new one", path, r ? r : "?");
                sqlite3_finalize(s);
                return -1;
            }
        }
    }
    if (rc != SQLITE_OK)
        db_fail(db, rc, path, err, size);
    sqlite3_finalize(s);
    return rc == SQLITE_OK ? 0 : -1;
}

/* Whether the database on db is one this program may use; its schema
 * version in *version (0: empty, to be made). -1 with the reason. */
static int inspect(sqlite3 *db, const char *path, bool check, int64_t *version, char *err,
                   size_t size)
{
    int64_t app, tables;
    if (pragma_int(db, "PRAGMA application_id", &app, path, err, size) ||
        pragma_int(db, "PRAGMA user_version", version, path, err, size) ||
        pragma_int(db, "SELECT count(*) FROM sqlite_master", &tables, path, err, size))
        return -1;
    if (app == 0 && (tables > 0 || *version != 0)) {
        fail(err, size, "%s is not an awale games database (an SQLite database of another "
                        "program)", path);
        return -1;
    }
    if (app != 0 && app != STORE_APP_ID) {
        fail(err, size, "%s is not an awale games database (an SQLite database of another "
                        "program: application_id 0x%08llX)", path,
             (unsigned long long)(uint32_t)app);
        return -1;
    }
    if (*version > STORE_SCHEMA_VERSION) {
        fail(err, size, "%s was made by a newer awale: schema %lld, this one reads up to %d",
             path, (long long)*version, STORE_SCHEMA_VERSION);
        return -1;
    }
    if (*version < 0) {
        fail(err, size, "%s is damaged (schema version %lld)", path, (long long)*version);
        return -1;
    }
    if (check && check_sound(db, path, err, size))
        return -1;
    return 0;
}

/* The statements of the store, prepared on its connection: they also
 * check that the tables have the shape this version expects. */
static int prepare_all(sqlite3 *db, sqlite3_stmt **stmt, const char *path, char *err,
                       size_t size)
{
    for (int i = 0; i < S_COUNT_; i++) {
        int rc = sqlite3_prepare_v3(db, statements[i], -1, SQLITE_PREPARE_PERSISTENT, &stmt[i],
                                    NULL);
        if (rc != SQLITE_OK) {
            if (damaged(rc))
                db_fail(db, rc, path, err, size);
            else
                fail(err, size, "%s is not an awale games database of schema %d (%s)", path,
                     STORE_SCHEMA_VERSION, sqlite3_errmsg(db));
            return -1;
        }
    }
    return 0;
}

/* Brings the database to STORE_SCHEMA_VERSION in one transaction, looking
 * at it again inside the transaction (another program may have changed it
 * since the read-only look), and prepares the statements before the
 * commit: a file whose tables are not what they should be is left as it
 * was. */
static int migrate(sqlite3 *db, sqlite3_stmt **stmt, const char *path, char *err, size_t size)
{
    if (exec(db, "BEGIN IMMEDIATE", path, err, size))
        return -1;
    int64_t version;
    if (inspect(db, path, false, &version, err, size))
        goto rollback;
    for (int64_t v = version; v < STORE_SCHEMA_VERSION; v++)
        if (migrations[v](db, path, err, size))
            goto rollback;
    if (version < STORE_SCHEMA_VERSION) {
        char sql[96];
        snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d",
                 STORE_APP_ID, STORE_SCHEMA_VERSION);
        if (exec(db, sql, path, err, size))
            goto rollback;
    }
    if (prepare_all(db, stmt, path, err, size) || exec(db, "COMMIT", path, err, size))
        goto rollback;
    return 0;
rollback:
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* ------------------------------------------------------------ opening */

static int sync_of(const store_options *opt, store_sync *out, char *err, size_t size)
{
    *out = opt ? opt->sync : STORE_SYNC_DEFAULT;
    if (*out != STORE_SYNC_DEFAULT)
        return 0;
    const char *env = getenv("AWALE_DB_SYNC");
    if (!env || !*env || strcmp(env, "normal") == 0)
        *out = STORE_SYNC_NORMAL;
    else if (strcmp(env, "full") == 0)
        *out = STORE_SYNC_FULL;
    else {
        fail(err, size, "AWALE_DB_SYNC is \"%s\": it must be normal or full", env);
        return -1;
    }
    return 0;
}

/* The directory part of path, where SQLite keeps its journal files. */
static void dir_of(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, size, ".");
    else if (slash == path)
        snprintf(buf, size, "/");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

static const unsigned char sqlite_magic[16] = "SQLite format 3";

/* The file's first bytes: 0 when it is empty, 1 when they are SQLite's
 * header, -1 (with the reason) otherwise. */
static int read_header(int fd, const char *path, char *err, size_t size)
{
    unsigned char head[100];
    size_t n = 0;
    while (n < sizeof head) {
        ssize_t r = pread(fd, head + n, sizeof head - n, (off_t)n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            fail(err, size, "cannot read %s: %s", path, strerror(errno));
            return -1;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (n == 0)
        return 0;
    if (n < sizeof head || memcmp(head, sqlite_magic, sizeof sqlite_magic) != 0) {
        fail(err, size, "%s is not an awale games database (not SQLite)", path);
        return -1;
    }
    return 1;
}

static bool exists(const char *path, const char *tail)
{
    char p[4200];
    snprintf(p, sizeof p, "%s%s", path, tail);
    return access(p, F_OK) == 0;
}

/* The look before any writing: a read-only connection. 1 when the file
 * must be recovered by a writing connection first (a hot journal), 0 when
 * it may be used, -1 (with the reason) when it is refused. */
static int look(const char *path, char *err, size_t size)
{
    /* With no journal beside it, the file holds everything: it is read as
     * immutable, so that SQLite does not even make the log and shared
     * memory files of a WAL database beside another program's file. */
    char uri[4096 * 3 + 32];
    /* "file:" then the path, escaped; an absolute path after an empty
     * authority ("file:///..."), so that "//x" stays a path. */
    size_t n = (size_t)snprintf(uri, sizeof uri, path[0] == '/' ? "file://" : "file:");
    for (const char *p = path; *p && n + 4 < sizeof uri; p++) {
        if (*p == '%' || *p == '?' || *p == '#')
            n += (size_t)snprintf(uri + n, sizeof uri - n, "%%%02X", (unsigned char)*p);
        else
            uri[n++] = *p;
    }
    uri[n] = 0;
    if (!exists(path, "-wal") && !exists(path, "-journal"))
        snprintf(uri + n, sizeof uri - n, "?immutable=1");
    sqlite3 *ro = NULL;
    int rc = sqlite3_open_v2(uri, &ro, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI,
                             NULL);
    if (rc != SQLITE_OK) {
        db_fail(ro, rc, path, err, size);
        sqlite3_close(ro);
        return -1;
    }
    sqlite3_extended_result_codes(ro, 1);
    int64_t version;
    char why[512] = "";
    int res = inspect(ro, path, true, &version, why, sizeof why) ? -1 : 0;
    if (res < 0 && sqlite3_extended_errcode(ro) == SQLITE_READONLY_ROLLBACK)
        res = 1;
    else if (res < 0)
        fail(err, size, "%s", why);
    sqlite3_close(ro);
    return res;
}

static void close_db(store *st)
{
    for (int i = 0; i < S_COUNT_; i++)
        sqlite3_finalize(st->stmt[i]);
    sqlite3_close(st->db);
}

store *store_open(const char *path, char *err, size_t size)
{
    return store_open_ex(path, NULL, err, size);
}

store *store_open_ex(const char *path, const store_options *opt, char *err, size_t size)
{
    if (err && size)
        err[0] = 0;
    if (!path || !*path) {
        fail(err, size, "no database file given");
        return NULL;
    }
    store_sync sync;
    if (sync_of(opt, &sync, err, size))
        return NULL;
    int busy = opt && opt->busy_timeout_ms > 0 ? opt->busy_timeout_ms : 5000;

    /* The file: made here (0600, never over another), or an existing
     * regular file whose first bytes are SQLite's or that is empty. */
    bool made = false;
    int fd;
    struct stat sb;
    if (stat(path, &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) {
            fail(err, size, "%s is a directory, not an awale games database", path);
            return NULL;
        }
        if (!S_ISREG(sb.st_mode)) {
            fail(err, size, "%s is not a regular file", path);
            return NULL;
        }
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            fail(err, size, "cannot open %s: %s", path, strerror(errno));
            return NULL;
        }
    } else if (errno == ENOENT) {
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) {
            fail(err, size, "cannot create %s: %s", path, strerror(errno));
            return NULL;
        }
        made = true;
    } else {
        fail(err, size, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }

    store *st = calloc(1, sizeof *st);
    if (!st || !(st->path = strdup(path))) {
        fail(err, size, "%s: out of memory", path);
        goto fail;
    }
    st->lock_fd = fd;
    int head = made ? 0 : read_header(fd, path, err, size);
    if (head < 0)
        goto fail;
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK)
            fail(err, size, "%s is in use by another awale server", path);
        else
            fail(err, size, "cannot lock %s: %s", path, strerror(errno));
        goto fail;
    }
    if (access(path, W_OK) != 0) {
        fail(err, size, "cannot write %s: %s", path, strerror(errno));
        goto fail;
    }
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    if (access(dir, W_OK | X_OK) != 0) {
        fail(err, size, "cannot write in %s, where %s keeps its journal: %s", dir, path,
             strerror(errno));
        goto fail;
    }
    if (head > 0 && look(path, err, size) < 0)
        goto fail;

    /* The writing connection. */
    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        db_fail(st->db, rc, path, err, size);
        goto fail;
    }
    sqlite3_extended_result_codes(st->db, 1);
    /* The file is an input: its schema may not run functions with side
     * effects, nor be written to by hand through SQL. */
    sqlite3_db_config(st->db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
    sqlite3_db_config(st->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
    if (sqlite3_db_readonly(st->db, "main") == 1) {
        fail(err, size, "cannot write %s", path);
        goto fail;
    }
    sqlite3_busy_timeout(st->db, busy);
    if (migrate(st->db, st->stmt, path, err, size))
        goto fail;
    /* WAL once the file is known to be ours (the journal mode is written
     * in the file's header). A file system without shared memory keeps
     * the rollback journal: slower, as safe. */
    if (exec(st->db, "PRAGMA journal_mode = WAL", path, err, size) ||
        exec(st->db, sync == STORE_SYNC_FULL ? "PRAGMA synchronous = FULL"
                                             : "PRAGMA synchronous = NORMAL", path, err, size))
        goto fail;
    pthread_mutex_init(&st->lock, NULL);
    return st;

fail:
    if (st) {
        close_db(st);
        free(st->path);
        free(st);
    }
    close(fd);
    if (made) {
        /* Nothing of anyone's: the file made here goes, with its journals. */
        static const char *const tails[] = {"", "-journal", "-wal", "-shm"};
        for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
            char p[4200];
            snprintf(p, sizeof p, "%s%s", path, tails[i]);
            unlink(p);
        }
    }
    return NULL;
}

void store_close(store *st)
{
    if (!st)
        return;
    close_db(st);
    close(st->lock_fd);
    pthread_mutex_destroy(&st->lock);
    free(st->path);
    free(st);
}

const char *store_path(const store *st)
{
    return st->path;
}

/* ------------------------------------------------------------ games */

static const char *or_empty(const char *s)
{
    return s ? s : "";
}

/* Ends a use of statement s (under the mutex): the reason of rc when it is
 * an error, the statement reset and its bindings cleared. */
static int done(store *st, sqlite3_stmt *s, int rc, char *err, size_t size)
{
    int bad = rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW;
    if (bad)
        db_fail(st->db, rc, st->path, err, size);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return bad ? -1 : 0;
}

int store_save(store *st, const store_game *g, char *err, size_t size)
{
    size_t idlen = g && g->id ? strlen(g->id) : 0;
    if (idlen == 0 || idlen > MAX_ID) {
        fail(err, size, "%s: a game's id must have 1 to %d characters", st->path, MAX_ID);
        return -1;
    }
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->stmt[S_SAVE];
    int rc = sqlite3_bind_text(s, 1, g->id, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_int64(s, 2, g->created_ms);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_int64(s, 3, g->updated_ms);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_int(s, 4, g->finished ? 1 : 0);
    const char *texts[] = {g->rules, g->south, g->north, g->result, g->reason};
    for (int i = 0; i < 5 && rc == SQLITE_OK; i++)
        rc = sqlite3_bind_text(s, 5 + i, or_empty(texts[i]), -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_int(s, 10, g->moves);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(s, 11, or_empty(g->record), -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(s, 12, or_empty(g->meta), -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(s);
    int res = done(st, s, rc, err, size);
    pthread_mutex_unlock(&st->lock);
    return res;
}

int store_delete(store *st, const char *id, char *err, size_t size)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->stmt[S_DELETE];
    int rc = sqlite3_bind_text(s, 1, or_empty(id), -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(s);
    int res = done(st, s, rc, err, size);
    pthread_mutex_unlock(&st->lock);
    return res;
}

/* A row copied out of a statement: the game and its strings in one block. */
typedef struct row {
    store_game g;
    char *mem;
    int64_t rowid; /* when full */
} row;

/* Copies the current row of s (columns in the order of the SELECTs above;
 * record and meta when full). -1 when out of memory. */
static int row_copy(sqlite3_stmt *s, bool full, row *out)
{
    static const int text_cols[] = {0, 4, 5, 6, 7, 8, 10, 11};
    int ntext = full ? 8 : 6;
    size_t len[8], total = 0;
    for (int i = 0; i < ntext; i++) {
        sqlite3_column_text(s, text_cols[i]);
        len[i] = (size_t)sqlite3_column_bytes(s, text_cols[i]);
        total += len[i] + 1;
    }
    char *mem = malloc(total), *p = mem;
    if (!mem)
        return -1;
    const char *str[8] = {0};
    for (int i = 0; i < ntext; i++) {
        const unsigned char *t = sqlite3_column_text(s, text_cols[i]);
        if (len[i])
            memcpy(p, t, len[i]);
        p[len[i]] = 0;
        str[i] = p;
        p += len[i] + 1;
    }
    out->mem = mem;
    out->rowid = full ? sqlite3_column_int64(s, 12) : 0;
    out->g = (store_game){
        .id = str[0],
        .created_ms = sqlite3_column_int64(s, 1),
        .updated_ms = sqlite3_column_int64(s, 2),
        .finished = sqlite3_column_int(s, 3) != 0,
        .rules = str[1],
        .south = str[2],
        .north = str[3],
        .result = str[4],
        .reason = str[5],
        .moves = sqlite3_column_int(s, 9),
        .record = full ? str[6] : NULL,
        .meta = full ? str[7] : NULL,
    };
    return 0;
}

static void rows_free(row *rows, int n)
{
    for (int i = 0; i < n; i++)
        free(rows[i].mem);
}

/* Steps s (bound, under the mutex) into rows (at most max); their number,
 * or -1 with the reason. */
static int rows_take(store *st, sqlite3_stmt *s, bool full, row *rows, int max, char *err,
                     size_t size)
{
    int n = 0, rc = SQLITE_DONE;
    while (n < max && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        if (row_copy(s, full, &rows[n])) {
            fail(err, size, "%s: out of memory", st->path);
            rows_free(rows, n);
            done(st, s, SQLITE_OK, NULL, 0);
            return -1;
        }
        n++;
    }
    if (n < max && rc != SQLITE_DONE) {
        rows_free(rows, n);
        done(st, s, rc, err, size);
        return -1;
    }
    done(st, s, SQLITE_OK, NULL, 0);
    return n;
}

int store_each_unfinished(store *st, int (*fn)(const store_game *g, void *ctx), void *ctx,
                          char *err, size_t size)
{
    /* By rowid, a batch at a time: a game saved again by fn keeps its
     * place (the save is an upsert), a game added comes later. */
    row rows[BATCH];
    int64_t last = INT64_MIN;
    for (;;) {
        pthread_mutex_lock(&st->lock);
        sqlite3_stmt *s = st->stmt[S_UNFINISHED];
        int rc = sqlite3_bind_int64(s, 1, last);
        if (rc == SQLITE_OK)
            rc = sqlite3_bind_int(s, 2, BATCH);
        int n = rc == SQLITE_OK ? rows_take(st, s, true, rows, BATCH, err, size)
                                : done(st, s, rc, err, size);
        pthread_mutex_unlock(&st->lock);
        if (n < 0)
            return -1;
        int stop = 0;
        for (int i = 0; i < n && !stop; i++)
            stop = fn(&rows[i].g, ctx);
        if (n > 0)
            last = rows[n - 1].rowid;
        rows_free(rows, n);
        if (stop || n < BATCH)
            return 0;
    }
}

int store_each_finished(store *st, int offset, int limit,
                        int (*fn)(const store_game *g, void *ctx), void *ctx, char *err, size_t size)
{
    if (offset < 0 || limit < 0 || limit > MAX_LIMIT) {
        fail(err, size, "%s: the archive is listed from an offset of 0 or more, at most %d "
                        "games at a time", st->path, MAX_LIMIT);
        return -1;
    }
    if (limit == 0)
        return 0;
    row *rows = malloc((size_t)limit * sizeof *rows);
    if (!rows) {
        fail(err, size, "%s: out of memory", st->path);
        return -1;
    }
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->stmt[S_FINISHED];
    int rc = sqlite3_bind_int(s, 1, limit);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_int(s, 2, offset);
    int n = rc == SQLITE_OK ? rows_take(st, s, false, rows, limit, err, size)
                            : done(st, s, rc, err, size);
    pthread_mutex_unlock(&st->lock);
    if (n < 0) {
        free(rows);
        return -1;
    }
    int stop = 0;
    for (int i = 0; i < n && !stop; i++)
        stop = fn(&rows[i].g, ctx);
    rows_free(rows, n);
    free(rows);
    return 0;
}

int store_count_finished(store *st)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->stmt[S_COUNT];
    int rc = sqlite3_step(s);
    int n = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
    done(st, s, rc, NULL, 0);
    pthread_mutex_unlock(&st->lock);
    return n;
}

char *store_record(store *st, const char *id, bool *finished, char *err, size_t size)
{
    if (err && size)
        err[0] = 0;
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->stmt[S_RECORD];
    char *text = NULL;
    int rc = sqlite3_bind_text(s, 1, or_empty(id), -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(s, 0);
        size_t n = (size_t)sqlite3_column_bytes(s, 0);
        text = malloc(n + 1);
        if (!text)
            fail(err, size, "%s: out of memory", st->path);
        else {
            if (n)
                memcpy(text, t, n);
            text[n] = 0;
            if (finished)
                *finished = sqlite3_column_int(s, 1) != 0;
        }
    }
    done(st, s, rc, err, size);
    pthread_mutex_unlock(&st->lock);
    return text;
}

static int64_t file_size(const char *path, const char *tail)
{
    char p[4200];
    struct stat sb;
    snprintf(p, sizeof p, "%s%s", path, tail);
    return stat(p, &sb) == 0 ? (int64_t)sb.st_size : 0;
}

int store_figures(store *st, store_stats *out, char *err, size_t size)
{
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *s = st->stmt[S_FIGURES];
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
        out->games = sqlite3_column_int64(s, 0);
        out->finished = sqlite3_column_int64(s, 1);
    }
    int res = done(st, s, rc, err, size);
    out->bytes = file_size(st->path, "") + file_size(st->path, "-wal");
    pthread_mutex_unlock(&st->lock);
    return res;
}
