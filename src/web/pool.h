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
 *
 * Ownership: from pool_submit on, a job belongs to the pool, and the pool
 * alone frees it (its `free` callback), once `run` has returned and the job
 * has left its worker, with the pool's lock released. `cancel` and `tick`
 * are called under the pool's lock, only while the job is on a worker (from
 * the moment it is taken from its queue until pool_job_finished or the end
 * of `run`): the job is alive then, and so is whatever it holds a reference
 * to (its game). A job never frees itself, and drops what it holds (the
 * game's reference) in its `free` callback only.
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
    bool released; /* the running job gave its place back (pool_job_finished) */
    bool again;    /* the running job goes back to its queue (pool_job_again) */
} pool_worker;

typedef struct web_job web_job;
struct web_job {
    /* Do the work, on a worker thread, without the pool's lock. Never
     * frees the job: the pool does, after (see pool_job_again). */
    void (*run)(web_job *job, pool_worker *worker);
    /* Free the job and drop what it holds: called by the pool alone, once,
     * when the job is off every worker and queue (without the pool's lock). */
    void (*free)(web_job *job);
    /* Stop a running job early: under the pool's lock, while the job is on
     * a worker; must not take the pool's lock. May be NULL. */
    void (*cancel)(web_job *job);
    /* Called about once a second while it runs (as cancel); may be NULL. */
    void (*tick)(web_job *job);
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
/* Queue a job: foreground jobs use a reservation. The job is the pool's
 * from now on (see the top of this file). */
void pool_submit(pool *p, web_job *job);

/* A job about to answer gives its place back first, so that whoever reads
 * the answer and asks again finds the worker free (the job's last steps
 * run on; the pool counts it done). Called at most once per job; the pool
 * calls it itself when the job did not. */
void pool_job_finished(pool_worker *worker);
/* Called by a background job's run before it returns: put the job back in
 * its queue once run has returned, instead of freeing it (a review paused
 * to give its worker to a move goes on later where it was). */
void pool_job_again(pool_worker *worker);

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
