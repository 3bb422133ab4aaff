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

#include "web/secret.h" /* SECRET_HEX: a token or an invitation code, 128 bits in hex */
#include "front/session.h"
#include "web/http.h"
#include "web/stream.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define GAME_ID_LEN 16
#define GAME_STREAMS 4          /* analysis streams of one game */
#define GAME_EVENT_STREAMS 32   /* event streams of one game (players and watchers) */
#define GAME_EVENT_RING 64      /* the last events a game keeps for a resumed stream */
#define SEAT_NAME_MAX 100       /* a player's name, bytes with its NUL (24 characters) */

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

/* A seat of a game with a friend's seat (web/seats.c). */
typedef enum seat_kind { SEAT_HUMAN = 0, SEAT_ENGINE, SEAT_FRIEND } seat_kind;
typedef struct game_seat {
    seat_kind kind;
    char name[SEAT_NAME_MAX];
    char token[SECRET_HEX + 1]; /* "": a seat nobody holds by token */
    bool joined;                /* a person holds the token */
    int present;                /* event streams open with the seat's token */
    int64_t away_since_ms;      /* the last of them closed then (0: none closed) */
    bool away_said;             /* "away" was sent since */
    int64_t last_message_ms;
} game_seat;

/* An event kept for streams that resume (web/events.c): its number and
 * its text as sent. */
typedef struct game_event {
    unsigned id;
    char *text;
} game_event;

typedef struct registry registry;
struct answer_job;
struct game_review;
struct game_trainer;

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
    char *analysis_last;     /* the running analysis's last "info" event as sent
                              * (a new reader gets it at once); NULL: none yet */
    unsigned analysis_last_version; /* the version it analyses */
    struct game_review *review; /* the game's review (web/review.c); NULL: none asked */
    struct game_trainer *trainer; /* learn from your mistakes (web/trainer.c); NULL: none */
    /* Between people (web/seats.c): the seats, the invitation, a rematch. */
    bool friend;             /* a seat is a friend's: changes need a seat's token */
    game_seat seats[2];
    char invite[SECRET_HEX + 1];
    bool invite_used;
    char rematch[GAME_ID_LEN + 1]; /* the rematch's game ("": none) */
    char rematch_token[2][SECRET_HEX + 1]; /* its tokens, for this game's seats */
    int64_t created_wall_ms, updated_wall_ms; /* Unix time */
    /* Events (web/events.c): numbered, the last ones kept, and the streams
     * that follow them. */
    unsigned event_id;
    game_event ring[GAME_EVENT_RING];
    int ring_len, ring_start;
    web_stream *watchers[GAME_EVENT_STREAMS];
    int nwatchers;
    atomic_bool stored_over; /* saved as finished: may leave memory once idle */
    bool explored;           /* counted by the opening explorer (explorer.c) */
    /* Registry's (under its mutex). */
    int refs;
    atomic_bool gone;        /* left the registry: no new work */
    int64_t last_used_ms;
    char client[WEB_CLIENT_MAX]; /* the address that made it ("": none) */
    registry *reg;
    struct web_app *app;     /* the app it belongs to (set once, at its making) */
} web_game;

/* Hooks: `gone` when a game leaves the registry (deleted, expired, server
 * stopping: stop its work, end its streams), `destroy` when its last
 * reference goes. */
typedef struct registry_hooks {
    void (*gone)(web_game *g);
    void (*destroy)(web_game *g);
} registry_hooks;

/* At most max_games games without a friend's seat (they expire after
 * ttl_ms unused) and max_friend_games with one (which never expire here:
 * the app ends those abandoned, web/seats.c). */
registry *registry_new(int max_games, int max_friend_games, int64_t ttl_ms, registry_hooks hooks);
/* Remove every game (gone hook), then free the registry; games still
 * referenced are destroyed by their last registry_put. */
void registry_free(registry *r);

/* Monotonic milliseconds; and the time of day (Unix time, ms). */
int64_t web_now_ms(void);
int64_t web_wall_ms(void);

/* Where a new game goes: its id (NULL: a fresh random one; a game read
 * back from the database keeps its own), the client that holds it (an
 * address; NULL: nobody in particular) and how many that client may hold,
 * and whether a seat is a friend's (counted apart). */
typedef struct registry_place {
    const char *id;
    const char *client;
    int client_max;
    bool friend;
} registry_place;

/* A new game around session s (taken), with one reference for the caller.
 * NULL when the registry is full or holds the id already (*full set),
 * when the client already holds client_max games (*client_full set), or
 * out of memory. */
web_game *registry_add(registry *r, session *s, const registry_place *place, bool *full,
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
/* (Games with a friend's seat expire only once saved as finished.) */
/* When the registry is full: remove the game unused for the longest time
 * if that is at least min_idle_ms and nothing uses it (gone hook). True
 * when one left. */
bool registry_evict_idle(registry *r, int64_t now_ms, int64_t min_idle_ms);
/* Mark a game used now (a stream that reads it keeps it alive). */
void registry_touch(web_game *g);

int registry_count(registry *r);
int registry_count_friend(registry *r);
int registry_max(registry *r);
int registry_max_friend(registry *r);
int64_t registry_ttl_ms(registry *r);

/* Call fn on every game, each held by a reference during the call. */
void registry_each(registry *r, void (*fn)(web_game *g, void *ctx), void *ctx);

#endif
