/*
 * internal.h - what the modules of the web application share (http.c,
 * app.c, state.c, analysis.c, jobs.c, routes.c): the application value,
 * the jobs whose answer a request waits for, and the functions one module
 * gives the others. Nothing here is for the rest of the program (app.h
 * and web.h are).
 */
#ifndef AW_WEB_INTERNAL_H
#define AW_WEB_INTERNAL_H

#include "front/session.h"
#include "web/app.h"
#include "web/games.h"
#include "web/pool.h"

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>

#define MAX_TABLES 32
#define EVAL_DEPTH 14      /* an evaluation's search: this depth... */
#define EVAL_NODES 300000  /* ...or this many nodes */
#define MAX_MULTIPV 8
#define MAX_RECORD (64 * 1024) /* an imported record's text, at most */
#define IMPORT_QUEUE 8         /* imports waiting for the importer, at most */
#define IDLE_EVICT_MS (10 * 60 * 1000) /* a full server takes the place of a game idle so long */

/* A record import, parsed by the importer thread (never a request's):
 * the request's fields and the pending reply its connection waits for. */
typedef struct import_job {
    struct import_job *next;
    web_pending *p;
    json_t *body;
    char client[WEB_CLIENT_MAX];
    bool has_client;
} import_job;

/* What the app calls back in the files above it, set by the server
 * (server.c) before it answers any request, so that app.c calls nothing
 * above itself: the importer's work (routes_import: the answer in j->p,
 * completed) and the keep-alive of a game's streams (analysis_ping, a
 * registry_each callback, every keepalive_ms). */
typedef struct app_hooks {
    void (*import)(web_app *a, import_job *j);
    void (*ping)(web_game *g, void *app);
} app_hooks;
void app_set_hooks(web_app *a, app_hooks hooks);

/* The streams a client holds: analysis streams and event streams. */
typedef struct client_count {
    char addr[WEB_CLIENT_MAX];
    int streams, events;
} client_count;

/* An invitation: its code and its game (web/seats.c). */
typedef struct invite_entry {
    char code[SECRET_HEX + 1];
    char id[GAME_ID_LEN + 1];
} invite_entry;

struct store;
struct ratelimit;

/* The endgame tables of one rule set: asked for by a game, then opened
 * (or built) by the loader thread, never by a request's thread. */
typedef struct tables_entry {
    char key[600]; /* rule set name and its differences from the preset */
    aw_rules rules;
    aw_tables *tables; /* once ready: the set, or NULL (none) */
    bool ready;
} tables_entry;

struct web_app {
    web_config cfg;
    registry *reg;
    pool *pool;
    pthread_mutex_t lock; /* tables cache */
    pthread_cond_t tables_wanted;
    pthread_t loader;
    bool loader_running, loader_quit;
    tables_entry tables[MAX_TABLES];
    int ntables;
    atomic_bool stopping;
    atomic_int streams;
    int64_t started_ms, last_ping_ms, last_abandon_ms;
    atomic_ullong requests;
    /* The importer: record imports, one at a time (import_lock). */
    pthread_mutex_t import_lock;
    pthread_cond_t import_wanted;
    pthread_t importer;
    bool importer_running, importer_quit;
    import_job *imports, *imports_tail;
    app_hooks hooks; /* under import_lock */
    int nimports;
    /* Streams per client (import_lock too): one entry per client holding
     * one, at most max_streams + max_event_streams. */
    client_count *clients;
    int nclients;
    atomic_int event_streams;
    /* Invitations (seats.c), under invite_lock. */
    pthread_mutex_t invite_lock;
    invite_entry *invites;
    int ninvites, max_invites;
    /* Where games are kept (NULL: in memory only; store.h: any thread). */
    struct store *store;
    int restored;
    /* The opening explorer's index of games (explorer.c), made at its first use. */
    struct explorer *explorer;
    /* What each client may do in a time (ratelimit.h: its own locks). */
    struct ratelimit *rate;
};

/* app.c: queue a record import (takes the job); false when the queue is
 * full or the importer is not running. routes_create.c: the importer's
 * work. app_client_stream_take counts one more stream for a client: false
 * when it holds its limit. */
bool app_import_submit(web_app *a, import_job *j);
void routes_import(web_app *a, import_job *j);
bool app_client_stream_take(web_app *a, const char *client);
/* An event stream for a client: false with the answer set (the server's or
 * the client's limit); app_event_stream_closed gives it back. */
bool app_event_stream_take(web_app *a, const char *client, web_reply *r);
void app_event_stream_closed(web_app *a, const char *client);

/* app.c: the limits per client in time (ratelimit.h, a->rate): a request
 * (routes.c, before anything else), a game made, an invitation taken.
 * False with the answer set (429, {"error", "code": "rate_limited",
 * "retry_after": S} and Retry-After) when the client is over its limit. */
enum { RATE_REQUESTS = RL_REQUESTS, RATE_GAMES = RL_GAMES, RATE_INVITES = RL_INVITES };
bool app_rate_take(web_app *a, int kind, const char *client, web_reply *r);

/* http.c: a JSON value (a new reference, taken) as the answer. */
void web_reply_value(web_reply *r, int status, json_t *o);

/* shared.c: the endgame tables and the book for a game's rules (opened
 * once, shared read-only by every game; NULL: none). Tables are opened by a
 * thread of their own (app_tables_loader, which app.c starts): app_tables
 * answers at once, NULL until they are ready (the first call asks for
 * them). app_attach_tables gives a game without tables those of its rules
 * once they are ready (lock held, no job): true when it did.
 * app_tables_json: what the server holds. */
const aw_tables *app_tables(web_app *a, const aw_rules *rules);
void *app_tables_loader(void *app);
bool app_attach_tables(web_app *a, web_game *g);
json_t *app_tables_json(web_app *a);
const aw_book *app_book(web_app *a, const aw_rules *rules);
/* app.c: give the game's session to a job (lock held, no job running): from now
 * on a stop (a change that claims the session, the game's deletion, the
 * server stopping) stops that job's search even before it begins. */
void app_begin_job(web_app *a, web_game *g, game_job job);

/* state.c: a game's state as JSON (lock held, session free to read):
 * state_refresh rebuilds the cached text and returns the state (a new
 * reference); state_reply answers with it plus `extra` fields (taken). */
json_t *state_refresh(web_game *g);
/* The game's clock as the API shows it (null: none). Lock held. */
json_t *state_clock_json(web_game *g);
void state_reply(web_game *g, web_reply *r, int status, json_t *extra);
/* The same with a state just made (taken; NULL: made now). */
void state_reply_state(web_game *g, web_reply *r, int status, json_t *state, json_t *extra);
/* What is known of the value of the position at `ply` (lock held). */
void state_store_eval(web_game *g, int ply, const aw_position *pos, int depth,
                      const aw_score *score, bool exact);
void state_store_thought(web_game *g, int ply, const aw_position *pos, const session_thought *t);
/* The values known of every position (lock held), and the engine's
 * thought: its move's score and the line it expects. */
json_t *state_evals(web_game *g);
json_t *state_thought(const aw_rules *rules, const aw_position *pos, const session_thought *t);

/* analysis.c: events to a game's streams and the analysis that follows
 * the game (lock held), keep-alives (registry_each callback). */
void analysis_broadcast(web_app *a, web_game *g, const char *event, json_t *data);
json_t *analysis_position_event(web_game *g, int multipv);
void analysis_kick(web_app *a, web_game *g);
void analysis_ping(web_game *g, void *ctx);

/* jobs.c: the jobs whose answer a request waits for (a pending reply):
 * the computer's move, a hint, the computer's view of a proposed end, the
 * evaluations. job_new holds the game and makes the pending reply; the
 * request sets the game's job and submits it; the pool frees it (job_free)
 * after its run, which ends with job_end (the worker back, the answer). */
typedef struct answer_job {
    web_job base;
    web_app *a;
    web_game *g;
    web_pending *p;
    int status;           /* of the answer */
    json_t *played;       /* moves already played by the request */
    int64_t movetime_ms;  /* a hint's time */
    int proposer;         /* agreement */
    /* The computer's move (under the game's lock): its search has begun;
     * an undo cancelled it (the move is not played). */
    bool started, cancelled;
    /* Evaluations: the positions to evaluate. */
    aw_rules rules;
    aw_position *positions;
    int *plies;
    int npositions;
    int total_plies;
} answer_job;

/* review.c: the review of a game, run in the background (lock held for
 * all): review_start begins one with these limits (or goes on with the one
 * there: 0 when the same review is under way or done, 1 when one was
 * queued, -1 with the reason); review_json says where it is; review_stop
 * stops it (the moves done are kept); review_free at the game's end. */
typedef struct game_review game_review;
typedef enum review_state {
    REVIEW_NONE = 0,
    REVIEW_QUEUED,
    REVIEW_RUNNING,
    REVIEW_DONE,
    REVIEW_STOPPED,
    REVIEW_FAILED
} review_state;
#define REVIEW_DEPTH 14        /* a review's search: this depth...          */
#define REVIEW_MOVETIME 1000   /* ...or this many ms, whichever comes first */
#define REVIEW_MAX_DEPTH 40
int review_start(web_app *a, web_game *g, int depth, int64_t movetime_ms, char *why, size_t size);
json_t *review_json(web_game *g);
/* A review done: its better lines into the game's tree, once, when the
 * session is free (lock held). */
void review_store_lines(web_app *a, web_game *g);
void review_stop(web_game *g);
void review_free(web_game *g);
const char *review_state_word(review_state s);

/* The game's review when it is complete and the game still begins with
 * its moves (lock held): the review, the game it reviewed and its limits;
 * NULL else. */
const aw_review *review_complete(web_game *g, const aw_game **game, int *depth,
                                 int64_t *movetime_ms);

/* trainer.c: learn from your mistakes (lock held for stop and free: the
 * game's trainer ended, its search stopped; freed now or by its job). */
typedef struct game_trainer game_trainer;
void trainer_web_stop(web_game *g);
void trainer_web_free(web_game *g);
void handle_trainer(web_app *a, web_game *g, const web_request *req, web_reply *r);
web_outcome handle_trainer_try(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending);

answer_job *job_new(web_app *a, web_game *g, void (*run)(web_job *, pool_worker *));
void job_end(answer_job *j, pool_worker *w);
void job_free(web_job *job);
void job_move(web_job *job, pool_worker *w);
void job_hint(web_job *job, pool_worker *w);
void job_agree(web_job *job, pool_worker *w);
void job_evaluations(web_job *job, pool_worker *w);

#endif
