/*
 * test_pool_single.c - the pool of the page's WebAssembly build
 * (src/wasm/pool_single.c, the API of src/web/pool.h with no thread),
 * compiled for the machine: jobs wait until the host runs them, one per
 * call, foreground first, then the background job of the highest priority;
 * the pool alone frees a job, once, after its run; a job that asks to go
 * again is queued again, not freed; tick reaches a job only while it runs;
 * a stopping pool runs every queued job with pool_stopping true, then frees
 * it; the queue of foreground jobs is bounded by the reservations.
 */
#include "support.h"

#include "wasm/pool_single.h"

#include <string.h>
#include <time.h>

typedef struct test_job {
    web_job base;
    pool *p;
    int runs, frees, ticks;
    int again;          /* times to ask to go again */
    bool running;
    bool late;          /* freed while running, or run after its free */
    bool saw_stopping;
    bool tick_inside;   /* call pool_tick from inside the run */
    bool finish_early;  /* give the worker back before returning */
    int *order, *norder; /* where the runs are recorded, by id */
    int id;
} test_job;

static void job_run(web_job *job, pool_worker *w)
{
    test_job *j = (test_job *)job;
    if (j->frees)
        j->late = true;
    j->running = true;
    j->runs++;
    if (j->order)
        j->order[(*j->norder)++] = j->id;
    if (pool_stopping(j->p))
        j->saw_stopping = true;
    if (j->finish_early) {
        pool_stats st;
        pool_job_finished(w);
        pool_get_stats(j->p, &st);
        assert_int_equal(st.running, 0); /* its place is given back at once */
    }
    if (j->tick_inside)
        pool_tick(j->p);
    if (j->again > 0) {
        j->again--;
        pool_job_again(w);
    }
    j->running = false;
}

static void job_free(web_job *job)
{
    test_job *j = (test_job *)job;
    if (j->running)
        j->late = true;
    j->frees++;
}

static void job_tick(web_job *job) { ((test_job *)job)->ticks++; }

static void job_init(test_job *j, pool *p, int id, bool background, int priority)
{
    memset(j, 0, sizeof *j);
    j->base.run = job_run;
    j->base.free = job_free;
    j->base.tick = job_tick;
    j->base.background = background;
    j->base.priority = priority;
    j->p = p;
    j->id = id;
}

static void foreground_first_then_priority(void **state)
{
    (void)state;
    pool *p = pool_new(4, 3, 4);
    assert_non_null(p);
    int order[8], n = 0;
    test_job low, high, fg;
    job_init(&low, p, 1, true, 0);
    job_init(&high, p, 2, true, 1);
    job_init(&fg, p, 3, false, 0);
    low.order = high.order = fg.order = order;
    low.norder = high.norder = fg.norder = &n;
    pool_submit(p, &low.base);
    pool_submit(p, &high.base);
    assert_true(pool_reserve(p));
    pool_submit(p, &fg.base);
    /* Nothing runs until the host asks. */
    assert_int_equal(low.runs + high.runs + fg.runs, 0);
    assert_int_equal(pool_waiting(p), 3);
    assert_int_equal(pool_run_one(p), 2);
    assert_int_equal(pool_run_one(p), 1);
    assert_int_equal(pool_run_one(p), 0);
    assert_int_equal(pool_run_one(p), 0); /* nothing left: nothing happens */
    assert_int_equal(n, 3);
    assert_int_equal(order[0], 3);
    assert_int_equal(order[1], 2);
    assert_int_equal(order[2], 1);
    for (test_job *j = &low; j; j = j == &low ? &high : j == &high ? &fg : NULL) {
        assert_int_equal(j->runs, 1);
        assert_int_equal(j->frees, 1);
        assert_false(j->late);
    }
    pool_stats st;
    pool_get_stats(p, &st);
    assert_int_equal(st.done, 3);
    assert_int_equal(st.workers, 1);
    pool_free(p);
}

static void again_is_queued_not_freed(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 4);
    test_job j;
    job_init(&j, p, 1, true, 0);
    j.again = 2;
    pool_submit(p, &j.base);
    assert_int_equal(pool_run_one(p), 1); /* back in its queue */
    assert_int_equal(j.frees, 0);
    assert_int_equal(pool_run_one(p), 1);
    assert_int_equal(j.frees, 0);
    assert_int_equal(pool_run_one(p), 0);
    assert_int_equal(j.runs, 3);
    assert_int_equal(j.frees, 1);
    assert_false(j.late);
    pool_free(p);
}

static void tick_only_while_running(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 4);
    test_job j;
    job_init(&j, p, 1, true, 0);
    j.tick_inside = true;
    j.finish_early = true;
    pool_submit(p, &j.base);
    pool_tick(p); /* queued, not running: no tick */
    assert_int_equal(j.ticks, 0);
    pool_run_one(p);
    /* The tick inside the run came after pool_job_finished: the job had
     * left its worker, so none either. */
    assert_int_equal(j.ticks, 0);
    test_job k;
    job_init(&k, p, 2, true, 0);
    k.tick_inside = true;
    pool_submit(p, &k.base);
    pool_run_one(p);
    assert_int_equal(k.ticks, 1);
    pool_tick(p); /* done: no tick */
    assert_int_equal(k.ticks, 1);
    assert_int_equal(j.frees + k.frees, 2);
    pool_free(p);
}

static void reservations_bound_the_queue(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 2);
    /* An idle worker and two waiting places. */
    assert_true(pool_reserve(p));
    assert_true(pool_reserve(p));
    assert_true(pool_reserve(p));
    assert_false(pool_reserve(p));
    pool_unreserve(p);
    assert_true(pool_reserve(p));
    pool_unreserve(p);
    pool_unreserve(p);
    pool_unreserve(p);
    pool_free(p);
}

static void stop_runs_and_frees_all(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 4);
    test_job a, b;
    job_init(&a, p, 1, false, 0);
    job_init(&b, p, 2, true, 0);
    b.again = 5; /* a stopping pool queues nothing again */
    assert_true(pool_reserve(p));
    pool_submit(p, &a.base);
    pool_submit(p, &b.base);
    pool_free(p);
    assert_int_equal(a.runs, 1);
    assert_int_equal(b.runs, 1);
    assert_true(a.saw_stopping);
    assert_true(b.saw_stopping);
    assert_int_equal(a.frees, 1);
    assert_int_equal(b.frees, 1);
}

static bool slice_before, slice_after;

static void slicer_run(web_job *job, pool_worker *w)
{
    (void)w;
    test_job *j = (test_job *)job;
    j->runs++;
    slice_before = pool_slice_over(j->p);
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < 20);
    slice_after = pool_slice_over(j->p);
}

static void slice_of_time(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 4);
    assert_false(pool_slice_over(p)); /* nothing runs */
    pool_set_slice(p, 10);
    test_job j;
    job_init(&j, p, 1, true, 0);
    j.base.run = slicer_run;
    pool_submit(p, &j.base);
    pool_run_one(p);
    assert_int_equal(j.runs, 1);
    assert_false(slice_before); /* a fresh slice at each run */
    assert_true(slice_after);
    assert_false(pool_slice_over(p)); /* over with the run */
    assert_int_equal(j.frees, 1);
    pool_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(foreground_first_then_priority),
        cmocka_unit_test(again_is_queued_not_freed),
        cmocka_unit_test(tick_only_while_running),
        cmocka_unit_test(reservations_bound_the_queue),
        cmocka_unit_test(stop_runs_and_frees_all),
        cmocka_unit_test(slice_of_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
