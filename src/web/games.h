/*
 * games.h - the games a web server holds: each a session (src/front) with
 * an id, a lock, the job that uses its session now, the cached state the
 * API answers with, what is known of each position's value, and the
 * analysis streams that follow it. The registry finds games by id, counts
 * them against a limit and lets idle ones expire.
 *
 * Locking: the registry's mutex guards the table, the reference counts and
 * the last-use times; a game's mutex guards the rest of the game. A
 * session is used by one thread at a time: whoever holds the game's lock
 * while `job` is JOB_NONE, or the worker running the job (which releases
 * the lock while the engine thinks). session_stop may be called by anyone.
 */
#ifndef AW_WEB_GAMES_H
#define AW_WEB_GAMES_H

#include "front/session.h"
#include "web/http.h"
#include "web/stream.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define GAME_ID_LEN 16
#define GAME_STREAMS 4

typedef enum game_job {
    JOB_NONE = 0,
    JOB_MOVE,     /* the computer's move (queued or thinking) */
    JOB_HINT,     /* a hint */
    JOB_AGREE,    /* the computer judges a proposed end */
    JOB_ANALYSIS  /* the analysis streamed to the pages */
} game_job;

/* The best value known of a position of the game (the engine's move, a
 * hint, the analysis, or an evaluation), from the view of the side to move
 * there. */
typedef struct eval_point {
    uint64_t hash;  /* of the position it is for: stale entries are ignored */
    int depth;      /* 0: unknown */
    aw_score score;
    bool exact;     /* from the endgame tables */
} eval_point;

typedef struct registry registry;
struct answer_job;
struct game_review;

typedef struct web_game {
    char id[GAME_ID_LEN + 1];
    pthread_mutex_t lock;
    pthread_cond_t idle;     /* broadcast when a job ends */
    session *s;
    game_job job;
    struct answer_job *move_job; /* JOB_MOVE's job: an undo may cancel it */
    atomic_bool stop_asked;  /* the running job was asked to stop */
    int waiters;             /* requests waiting to claim the session */
    unsigned version;        /* changes with every change of the game */
    char *state;             /* the state as JSON text, for `version` */
    eval_point *evals;       /* per ply, [0..nevals) */
    int nevals;
    /* Analysis: the pages following it, and its job. */
    web_stream *streams[GAME_STREAMS];
    int nstreams;
    bool analysis_queued;
    bool analysed;           /* the analysis of `analysed_version` ran to its end */
    unsigned analysed_version;
    struct game_review *review; /* the game's review (web/review.c); NULL: none asked */
    /* Registry's (under its mutex). */
    int refs;
    atomic_bool gone;        /* left the registry: no new work */
    int64_t last_used_ms;
    char client[WEB_CLIENT_MAX]; /* the address that made it ("": none) */
    registry *reg;
} web_game;

/* Hooks: `gone` when a game leaves the registry (deleted, expired, server
 * stopping: stop its work, end its streams), `destroy` when its last
 * reference goes. */
typedef struct registry_hooks {
    void (*gone)(web_game *g);
    void (*destroy)(web_game *g);
} registry_hooks;

registry *registry_new(int max_games, int64_t ttl_ms, registry_hooks hooks);
/* Remove every game (gone hook), then free the registry; games still
 * referenced are destroyed by their last registry_put. */
void registry_free(registry *r);

/* Monotonic milliseconds. */
int64_t web_now_ms(void);

/* A new game around session s (taken), with a fresh random id, one
 * reference for the caller, held by `client` (an address; NULL: nobody in
 * particular). NULL when the registry is full (*full set), when the client
 * already holds client_max games (*client_full set), or out of memory. */
web_game *registry_add(registry *r, session *s, const char *client, int client_max, bool *full,
                       bool *client_full);
/* The game with this id, with a reference for the caller and its idle time
 * restarted; NULL when there is none. */
web_game *registry_get(registry *r, const char *id);
/* One more reference to a game the caller holds. */
void registry_hold(web_game *g);
void registry_put(web_game *g);
/* Delete: the game leaves the registry (gone hook). False when unknown. */
bool registry_remove(registry *r, const char *id);
/* Remove games idle for longer than the time to live and not in use (no
 * reference but the registry's). Returns how many. */
int registry_expire(registry *r, int64_t now_ms);
/* When the registry is full: remove the game unused for the longest time
 * if that is at least min_idle_ms and nothing uses it (gone hook). True
 * when one left. */
bool registry_evict_idle(registry *r, int64_t now_ms, int64_t min_idle_ms);
/* Mark a game used now (a stream that reads it keeps it alive). */
void registry_touch(web_game *g);

int registry_count(registry *r);
int registry_max(registry *r);
int64_t registry_ttl_ms(registry *r);

/* Call fn on every game, each held by a reference during the call. */
void registry_each(registry *r, void (*fn)(web_game *g, void *ctx), void *ctx);

#endif
