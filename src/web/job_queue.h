/*
 * job_queue.h - a queue of waiting jobs (web_job's `next` links), as the
 * two pools keep them: src/web/pool.c (threads, under its lock) and
 * src/wasm/pool_single.c (the page's one thread). First in, first out,
 * or the first of the highest priority. The queue owns no job: the pool
 * that holds the queue does (pool.h); it is guarded by that pool's lock.
 */
#ifndef AWALE_WEB_JOB_QUEUE_H
#define AWALE_WEB_JOB_QUEUE_H

#include "web/pool.h"

typedef struct job_queue {
    web_job *head, *tail;
} job_queue;

/* At the end. */
void job_queue_push(job_queue *q, web_job *j);
/* The first; NULL when empty. */
web_job *job_queue_pop(job_queue *q);
/* The first of the highest priority; NULL when empty. */
web_job *job_queue_pop_best(job_queue *q);

#endif
