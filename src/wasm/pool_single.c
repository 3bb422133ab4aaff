/*
 * pool_single.c - the pool of src/web/pool.h without threads, for the
 * WebAssembly build (make web-static): the page's worker has one thread,
 * so jobs wait in the two queues until the host runs them (pool_run_one,
 * called by the Web Worker between the messages it reads: one job per
 * call), foreground jobs first, then the background job of the highest
 * priority. A job runs to its end on the host's call: nothing else runs
 * meanwhile, so nothing can cancel it (a foreground job submitted by a
 * running job, e.g. an analysis started again, waits for the next call),
 * but a job that can pause asks pool_slice_over and gives the worker back
 * (a review: pool_job_again, it goes on at the next call);
 * the analysis stream, which runs until stopped, lives in a worker of its
 * own that the page ends (web/js/transport.js).
 *
 * Ownership, as pool.h says: from pool_submit on the job is the pool's,
 * which alone frees it (its `free` callback) once `run` has returned and
 * the job has left the (single) worker; `cancel` and `tick` are called
 * only while the job is on the worker, i.e. inside its `run`; a job put
 * back by pool_job_again goes to the end of its queue instead of being
 * freed. pool_free runs what is still queued with pool_stopping true, so
 * that each job answers at once, then frees it.
 */
#include "wasm/pool_single.h"
#include "web/job_queue.h"

#include <stdlib.h>
#include <time.h>

struct pool {
    pool_worker worker;        /* the one worker (index 0) */
    web_job *running;          /* on the worker (NULL: idle or finishing) */
    bool running_bg;
    int queue_max, max_bg;
    job_queue fg, bg;          /* waiting: foreground, background */
    int fg_waiting, bg_waiting, reserved;
    unsigned long long done;
    bool stopping;
    long long started_ms;      /* when the running job began */
    int slice_ms;
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool pool_slice_over(pool *p)
{
    return p->running && now_ms() - p->started_ms >= p->slice_ms;
}

void pool_set_slice(pool *p, int ms) { p->slice_ms = ms > 0 ? ms : POOL_SLICE_MS; }

pool *pool_new(int workers, int max_background, int queue_max)
{
    (void)workers, (void)max_background;
    pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->worker.index = 0;
    p->worker.pool = p;
    p->queue_max = queue_max < 0 ? 0 : queue_max;
    p->max_bg = 1;
    p->slice_ms = POOL_SLICE_MS;
    return p;
}

/* The job on the worker leaves it: its place is given back once. */
static void release(pool *p)
{
    if (p->worker.released)
        return;
    p->worker.released = true;
    p->running = NULL;
    p->done++;
}

static void run_job(pool *p, web_job *j)
{
    p->running = j;
    p->running_bg = j->background;
    p->worker.released = false;
    p->worker.again = false;
    p->started_ms = now_ms();
    j->run(j, &p->worker);
    release(p);
    if (p->worker.again && j->background && !p->stopping) {
        p->bg_waiting++;
        job_queue_push(&p->bg, j);
        return;
    }
    j->free(j); /* off the worker and every queue */
}

int pool_run_one(pool *p)
{
    web_job *j = NULL;
    if (p->fg.head) {
        j = job_queue_pop(&p->fg);
        p->fg_waiting--;
    } else if (p->bg.head) {
        j = job_queue_pop_best(&p->bg);
        p->bg_waiting--;
    }
    if (j)
        run_job(p, j);
    return pool_waiting(p);
}

int pool_waiting(pool *p) { return p->fg_waiting + p->bg_waiting; }

void pool_free(pool *p)
{
    if (!p)
        return;
    p->stopping = true;
    while (pool_run_one(p) > 0) {
    }
    aw_engine_free(p->worker.engine);
    free(p);
}

bool pool_stopping(pool *p) { return p->stopping; }

bool pool_reserve(pool *p)
{
    const int idle = p->running ? 0 : 1;
    const bool ok = !p->stopping && p->fg_waiting + p->reserved < p->queue_max + idle;
    if (ok)
        p->reserved++;
    return ok;
}

void pool_unreserve(pool *p) { p->reserved--; }

void pool_submit(pool *p, web_job *job)
{
    if (job->background) {
        job_queue_push(&p->bg, job);
        p->bg_waiting++;
        return;
    }
    p->reserved--;
    job_queue_push(&p->fg, job);
    p->fg_waiting++;
}

void pool_job_finished(pool_worker *worker) { release(worker->pool); }

void pool_job_again(pool_worker *worker) { worker->again = true; }

void pool_get_stats(pool *p, pool_stats *st)
{
    st->workers = 1;
    st->max_background = p->max_bg;
    st->queue_max = p->queue_max;
    st->running = p->running ? 1 : 0;
    st->running_background = p->running && p->running_bg ? 1 : 0;
    st->waiting = p->fg_waiting;
    st->waiting_background = p->bg_waiting;
    st->done = p->done;
}

void pool_tick(pool *p)
{
    if (p->running && p->running->tick)
        p->running->tick(p->running);
}

void pool_set_hash(pool *p, int hash_mb) { (void)p, (void)hash_mb; }
