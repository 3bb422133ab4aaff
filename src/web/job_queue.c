/*
 * job_queue.c - the queue of waiting jobs of both pools (job_queue.h).
 */
#include "web/job_queue.h"

#include <stddef.h>

void job_queue_push(job_queue *q, web_job *j)
{
    j->next = NULL;
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
}

web_job *job_queue_pop(job_queue *q)
{
    web_job *j = q->head;
    if (j) {
        q->head = j->next;
        if (!q->head)
            q->tail = NULL;
        j->next = NULL;
    }
    return j;
}

web_job *job_queue_pop_best(job_queue *q)
{
    web_job *best = q->head, *best_prev = NULL;
    for (web_job *prev = q->head, *j = q->head ? q->head->next : NULL; j; prev = j, j = j->next)
        if (j->priority > best->priority) {
            best = j;
            best_prev = prev;
        }
    if (!best || !best_prev)
        return job_queue_pop(q);
    best_prev->next = best->next;
    if (q->tail == best)
        q->tail = best_prev;
    best->next = NULL;
    return best;
}
