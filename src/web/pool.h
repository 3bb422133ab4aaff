/*
 * pool.h - the worker threads that run the engine for the web server, so
 * that searches never run on the HTTP threads and never more at once than
 * the machine has cores (or --searches says).
 *
 * Jobs are foreground (an engine move, a hint, an agreement, evaluations:
 * someone waits for the answer) or background (an analysis streamed to a
 * page: it runs until stopped). Foreground jobs go first; background jobs
 * use at most `max_background` workers, and a foreground job that finds no
 * idle worker stops the oldest running background job (its cancel
 * callback), so that moves never wait behind an analysis. Foreground jobs
 * wait in a bounded queue: a request reserves its place first and is
 * refused (503) when the queue is full, before it changes anything.
 */
#ifndef AW_WEB_POOL_H
#define AW_WEB_POOL_H

#include "awale.h"

#include <stdbool.h>

typedef struct pool pool;

/* What a worker thread keeps between jobs: an engine of its own for jobs
 * that do not use a game's session (evaluations), made on first use. */
typedef struct pool_worker {
    int index;
    aw_engine *engine;
    struct pool *pool;
    bool released;
} pool_worker;

typedef struct web_job web_job;
struct web_job {
    void (*run)(web_job *job, pool_worker *worker); /* owns and frees the job */
    void (*cancel)(web_job *job); /* stop a running job early (any thread); may be NULL */
    void (*tick)(web_job *job);   /* called about once a second while it runs; may be NULL */
    bool background;
    /* Background jobs: a higher priority starts first, and one that finds
     * no background place free stops the oldest running job of a lower
     * priority (a review asked for goes before the analyses). */
    int priority;
    web_job *next;
};

/* `workers` threads; at most `max_background` of them on background jobs;
 * at most `queue_max` foreground jobs waiting. NULL when threads cannot be
 * made. */
pool *pool_new(int workers, int max_background, int queue_max);
/* Stop: cancel the running jobs, run nothing more from the queues (each
 * queued job is run with `stopping` seen by pool_stopping, so it can answer
 * at once), join the threads and free. */
void pool_free(pool *p);
bool pool_stopping(pool *p);

/* Reserve a place for a foreground job; false when the queue is full (or
 * the pool stops). A reservation is then used by pool_submit or given back
 * by pool_unreserve. */
bool pool_reserve(pool *p);
void pool_unreserve(pool *p);
/* Queue a job: foreground jobs use a reservation. */
void pool_submit(pool *p, web_job *job);

/* A job about to answer gives its place back first, so that whoever reads
 * the answer and asks again finds the worker free (the job's last steps
 * run on; the pool counts it done). Called at most once per job; the pool
 * calls it itself when the job did not. */
void pool_job_finished(pool_worker *worker);

/* Figures for the server's status. */
typedef struct pool_stats {
    int workers, max_background, queue_max;
    int running, running_background, waiting, waiting_background;
    unsigned long long done;
} pool_stats;
void pool_get_stats(pool *p, pool_stats *st);

/* Call the tick of every running job (the server's tick). */
void pool_tick(pool *p);

/* Engine table size of the workers' own engines (MB). */
void pool_set_hash(pool *p, int hash_mb);

#endif
