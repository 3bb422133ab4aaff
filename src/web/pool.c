/*
 * pool.c - worker threads and two job queues (pool.h). One mutex and one
 * condition variable guard the queues and the counts; jobs run with the
 * mutex released. A running background job is kept in its worker's slot
 * so that a foreground job that finds every worker busy can cancel the one
 * that started first.
 *
 * Ownership (the one rule): the pool owns every job from pool_submit to
 * its end and alone frees it. A worker's slot (`job`) points at a job only
 * while that job is alive: the slot is cleared under the lock (by
 * pool_job_finished or when run returns) before the job's `free` callback
 * is called, so cancel and tick, called under the lock on the jobs in the
 * slots, never see a freed job, nor a game that only the job kept alive.
 */
#include "web/pool.h"
#include "web/job_queue.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORKERS 64

typedef struct worker {
    pool *p;
    pthread_t thread;
    pool_worker ctx;
    web_job *job;        /* running now (NULL: idle or finishing) */
    bool bg;             /* the job is a background one */
    unsigned long long started; /* order of start, for the oldest */
} worker;

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    worker w[MAX_WORKERS];
    int nworkers, max_bg, queue_max;
    job_queue fg, bg;          /* waiting: foreground, background */
    int fg_waiting, bg_waiting, reserved;
    int running, running_bg;
    unsigned long long starts, done;
    atomic_bool stopping;
    int hash_mb;
};

/* A background job of `priority` finds no place: stop the oldest running
 * one of a lower priority (lock held). */
static void make_room(pool *p, int priority)
{
    worker *oldest = NULL;
    for (int i = 0; i < p->nworkers; i++) {
        worker *w = &p->w[i];
        if (w->job && w->bg && w->job->priority < priority &&
            (!oldest || w->started < oldest->started))
            oldest = w;
    }
    if (oldest && oldest->job->cancel)
        oldest->job->cancel(oldest->job);
}

/* Queue a background job (lock held): one of a higher priority that finds
 * no place stops a running one of a lower priority. */
static void queue_background(pool *p, web_job *job)
{
    job_queue_push(&p->bg, job);
    p->bg_waiting++;
    if (job->priority > 0 && (p->running_bg >= p->max_bg || p->running == p->nworkers))
        make_room(p, job->priority);
}

/* The job on this worker leaves it (lock held): its place is given back
 * once, and the slot forgets it. */
static void release(pool *p, worker *w)
{
    if (w->ctx.released)
        return;
    w->ctx.released = true;
    w->job = NULL;
    p->running--;
    if (w->bg)
        p->running_bg--;
    p->done++;
    pthread_cond_broadcast(&p->cond);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    pool *p = w->p;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        web_job *j = NULL;
        if (p->fg.head) {
            j = job_queue_pop(&p->fg);
            p->fg_waiting--;
        } else if (p->bg.head && (p->running_bg < p->max_bg || p->stopping)) {
            j = job_queue_pop_best(&p->bg);
            p->bg_waiting--;
        } else if (p->stopping) {
            break;
        } else {
            pthread_cond_wait(&p->cond, &p->lock);
            continue;
        }
        w->job = j;
        w->bg = j->background;
        w->started = ++p->starts;
        w->ctx.released = false;
        w->ctx.again = false;
        p->running++;
        if (j->background)
            p->running_bg++;
        pthread_mutex_unlock(&p->lock);
        j->run(j, &w->ctx);
        pthread_mutex_lock(&p->lock);
        release(p, w);
        if (w->ctx.again && j->background) {
            queue_background(p, j);
            continue;
        }
        /* Off the slot and every queue: nobody reaches it any more. */
        pthread_mutex_unlock(&p->lock);
        j->free(j);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    aw_engine_free(w->ctx.engine);
    w->ctx.engine = NULL;
    return NULL;
}

pool *pool_new(int workers, int max_background, int queue_max)
{
    if (workers < 1)
        workers = 1;
    if (workers > MAX_WORKERS)
        workers = MAX_WORKERS;
    pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cond, NULL);
    atomic_init(&p->stopping, false);
    p->max_bg = max_background < 1 ? 1 : max_background > workers ? workers : max_background;
    p->queue_max = queue_max < 0 ? 0 : queue_max;
    p->hash_mb = 16;
    for (int i = 0; i < workers; i++) {
        p->w[i].p = p;
        p->w[i].ctx.index = i;
        p->w[i].ctx.pool = p;
        if (pthread_create(&p->w[i].thread, NULL, worker_main, &p->w[i])) {
            p->nworkers = i;
            pool_free(p);
            return NULL;
        }
        p->nworkers = i + 1;
    }
    return p;
}

void pool_set_hash(pool *p, int hash_mb) { p->hash_mb = hash_mb; }

void pool_job_finished(pool_worker *ctx)
{
    pool *p = ctx->pool;
    pthread_mutex_lock(&p->lock);
    release(p, &p->w[ctx->index]);
    pthread_mutex_unlock(&p->lock);
}

void pool_job_again(pool_worker *ctx) { ctx->again = true; }

bool pool_stopping(pool *p) { return atomic_load(&p->stopping); }

void pool_free(pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    atomic_store(&p->stopping, true);
    for (int i = 0; i < p->nworkers; i++)
        if (p->w[i].job && p->w[i].job->cancel)
            p->w[i].job->cancel(p->w[i].job);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nworkers; i++)
        pthread_join(p->w[i].thread, NULL);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

bool pool_reserve(pool *p)
{
    pthread_mutex_lock(&p->lock);
    /* Waiting jobs and reservations against the queue's length; a job that
     * can start at once (an idle worker) does not wait. */
    const int idle = p->nworkers - p->running;
    const bool ok = !p->stopping && p->fg_waiting + p->reserved < p->queue_max + idle;
    if (ok)
        p->reserved++;
    pthread_mutex_unlock(&p->lock);
    return ok;
}

void pool_unreserve(pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->reserved--;
    pthread_mutex_unlock(&p->lock);
}

void pool_submit(pool *p, web_job *job)
{
    pthread_mutex_lock(&p->lock);
    if (job->background) {
        queue_background(p, job);
    } else {
        p->reserved--;
        job_queue_push(&p->fg, job);
        p->fg_waiting++;
        /* No idle worker: stop the background job that started first. */
        if (p->running == p->nworkers) {
            worker *oldest = NULL;
            for (int i = 0; i < p->nworkers; i++) {
                worker *w = &p->w[i];
                if (w->job && w->bg && (!oldest || w->started < oldest->started))
                    oldest = w;
            }
            if (oldest && oldest->job->cancel)
                oldest->job->cancel(oldest->job);
        }
    }
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
}

void pool_tick(pool *p)
{
    pthread_mutex_lock(&p->lock);
    for (int i = 0; i < p->nworkers; i++)
        if (p->w[i].job && p->w[i].job->tick)
            p->w[i].job->tick(p->w[i].job);
    pthread_mutex_unlock(&p->lock);
}

void pool_get_stats(pool *p, pool_stats *st)
{
    pthread_mutex_lock(&p->lock);
    st->workers = p->nworkers;
    st->max_background = p->max_bg;
    st->queue_max = p->queue_max;
    st->running = p->running;
    st->running_background = p->running_bg;
    st->waiting = p->fg_waiting;
    st->waiting_background = p->bg_waiting;
    st->done = p->done;
    pthread_mutex_unlock(&p->lock);
}
