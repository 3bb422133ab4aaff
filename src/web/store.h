/*
 * store.h - where the web server keeps its games: one SQLite database file
 * (store.c is the only part of the program that includes sqlite3.h).
 *
 * Every function may be called from any thread (one connection, one mutex
 * inside); a callback of store_each_* is called without that mutex held, so
 * it may call the store itself (save, delete, ...). Functions that can fail
 * take a buffer for the reason (err, size; NULL or 0 to ignore it), which
 * names the file and the problem.
 */
#ifndef AW_WEB_STORE_H
#define AW_WEB_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct store store;

typedef struct store_game {
    const char *id;         /* 16 hex digits (any text of 1 to 64 bytes is taken) */
    int64_t created_ms, updated_ms; /* Unix time, ms */
    bool finished;
    const char *rules;      /* the rule set's name, for the archive */
    const char *south, *north; /* players' names, for the archive */
    const char *result;     /* "1-0", "0-1", "1/2-1/2", "*" */
    const char *reason;     /* end word ("" while unfinished) */
    int moves;              /* plies */
    const char *record;     /* the record's text */
    const char *meta;       /* JSON text the web keeps with it (seats, tokens, invite, clock,
                               event number); opaque to the store */
} store_game;

/* How a commit reaches the disk. NORMAL (the default): a committed save
 * survives the process being killed; a power loss or a crash of the system
 * may lose the last commits (never the file's consistency). FULL: every
 * commit is flushed to the disk (fsync) before the save returns, which
 * survives a power loss too, at the cost of a disk flush per move.
 * DEFAULT: the environment variable AWALE_DB_SYNC ("normal" or "full"),
 * NORMAL when it is not set. */
typedef enum store_sync { STORE_SYNC_DEFAULT, STORE_SYNC_NORMAL, STORE_SYNC_FULL } store_sync;

typedef struct store_options {
    store_sync sync;
    int busy_timeout_ms; /* how long a write waits for another program's lock
                            (e.g. `sqlite3 FILE .backup`); 0: 5000 */
} store_options;

/* What the status endpoint and the load bench show. */
typedef struct store_stats {
    int64_t bytes;        /* the file and its write-ahead log, in bytes */
    int64_t games;        /* every game kept */
    int64_t finished;     /* of which finished (the archive) */
} store_stats;

/* The schema version this program writes and the newest it reads. */
#define STORE_SCHEMA_VERSION 1

/* Open (create) the database at path: refuses by name a file that is not an SQLite database,
 * an SQLite database that is not awale's (application_id), one from a newer schema version;
 * migrates an older one in a transaction. NULL with the reason in err. Never overwrites. */
store *store_open(const char *path, char *err, size_t size);
/* The same with options (NULL: the defaults, as store_open). Also refuses a
 * damaged database, a directory, a place it cannot write, and a file that
 * another awale server has open. A new file is created with mode 0600; an
 * existing empty file is taken as a new database. */
store *store_open_ex(const char *path, const store_options *opt, char *err, size_t size);
void store_close(store *st);
/* Insert or replace a game; committed (durable against a crash of the process) on return.
 * 0, or -1 with the reason in err. */
int store_save(store *st, const store_game *g, char *err, size_t size);
/* 0 (also when there was no such game), or -1 with the reason in err. */
int store_delete(store *st, const char *id, char *err, size_t size);
/* Every unfinished game, for the start of the server: fn called for each (the strings live
 * during the call). fn returns non-zero to stop. 0 (also when fn stopped), or -1. */
int store_each_unfinished(store *st, int (*fn)(const store_game *g, void *ctx), void *ctx,
                          char *err, size_t size);
/* Finished games, newest first (record and meta are NULL), and how many there are.
 * Newest first: by updated_ms, then by id, both descending. limit at most 1000. */
int store_each_finished(store *st, int offset, int limit,
                        int (*fn)(const store_game *g, void *ctx), void *ctx, char *err, size_t size);
/* The number of finished games, or -1 on an error. */
int store_count_finished(store *st);
/* One game (finished or not): its record text (malloc'ed) or NULL (none / error).
 * No such game: NULL with err set to "" (an error sets a reason). */
char *store_record(store *st, const char *id, bool *finished, char *err, size_t size);
/* The file's size and the games it holds. 0, or -1 with the reason in err. */
int store_figures(store *st, store_stats *out, char *err, size_t size);
/* The path the store was opened with. */
const char *store_path(const store *st);

#endif
