/*
 * test_pool.c - the web server's worker pool (src/web/pool.c) on its own:
 * who frees a job and when. The pool alone frees a job, once, after its
 * run has returned and its worker's slot has forgotten it, so that cancel
 * and tick (called under the pool's lock on the jobs in the slots) never
 * reach a freed job; a job that asks to go again is queued again, not
 * freed; a stopping pool runs and frees every queued job.
 *
 * The jobs here are never really freed (the `free` callback marks them),
 * so that a cancel or a tick that comes after the free is counted rather
 * than a crash; the checks are made on the main thread.
 */
#include "support.h"

#include "web/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

typedef struct test_job {
    web_job base;
    pool *p;
    atomic_int runs, frees, cancels, ticks;
    atomic_int late; /* cancel or tick after the free */
    atomic_bool started, cancelled, release;
    int again;       /* times to ask to go again */
    bool stubborn;   /* runs on when cancelled, until the pool stops */
    struct test_job *submit_at_end; /* a foreground job run submits last */
} test_job;

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void wait_for(atomic_bool *flag)
{
    for (int i = 0; i < 5000 && !atomic_load(flag); i++)
        sleep_ms(1);
}

static void job_run(web_job *job, pool_worker *w)
{
    test_job *j = (test_job *)job;
    atomic_fetch_add(&j->runs, 1);
    atomic_store(&j->started, true);
    /* Runs until cancelled (the pool wants the worker) or released. */
    for (int i = 0; i < 5000 && !atomic_load(&j->release); i++) {
        if (j->stubborn ? pool_stopping(j->p) : atomic_load(&j->cancelled))
            break;
        sleep_ms(1);
    }
    if (j->again > 0) {
        j->again--;
        atomic_store(&j->cancelled, false);
        pool_job_again(w);
    }
    /* The end of a job: another request comes while the worker still
     * counts as busy (the shape of the use after free of an analysis that
     * freed itself before its slot was cleared). */
    if (j->submit_at_end) {
        pool_reserve(j->p);
        pool_submit(j->p, &j->submit_at_end->base);
    }
}

static void tjob_free(web_job *job)
{
    test_job *j = (test_job *)job;
    atomic_fetch_add(&j->frees, 1);
    /* Off its worker now: a tick must not reach it. */
    pool_tick(j->p);
}

static void job_cancel(web_job *job)
{
    test_job *j = (test_job *)job;
    if (atomic_load(&j->frees))
        atomic_fetch_add(&j->late, 1);
    atomic_fetch_add(&j->cancels, 1);
    atomic_store(&j->cancelled, true);
}

static void job_tick(web_job *job)
{
    test_job *j = (test_job *)job;
    if (atomic_load(&j->frees))
        atomic_fetch_add(&j->late, 1);
    atomic_fetch_add(&j->ticks, 1);
}

static void init_job(test_job *j, pool *p, bool background, int priority)
{
    memset(j, 0, sizeof *j);
    j->base.run = job_run;
    j->base.free = tjob_free;
    j->base.cancel = job_cancel;
    j->base.tick = job_tick;
    j->base.background = background;
    j->base.priority = priority;
    j->p = p;
}

static void wait_frees(test_job *j, int n)
{
    for (int i = 0; i < 5000 && atomic_load(&j->frees) < n; i++)
        sleep_ms(1);
}

/* A background job that ends by making the pool look at its slot (a
 * foreground job on a full pool): the pool cancels it while it is alive,
 * frees it once, after its slot is cleared, and never touches it after. */
static void freed_after_its_slot(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 4);
    assert_non_null(p);
    test_job bg, fg;
    init_job(&bg, p, true, 0);
    init_job(&fg, p, false, 0);
    atomic_store(&fg.release, true);
    bg.submit_at_end = &fg;
    pool_submit(p, &bg.base);
    wait_for(&bg.started);
    pool_tick(p);
    assert_int_equal(atomic_load(&bg.ticks), 1);
    atomic_store(&bg.release, true);
    wait_frees(&fg, 1);
    wait_frees(&bg, 1);
    pool_tick(p);
    pool_free(p);
    assert_int_equal(atomic_load(&bg.runs), 1);
    assert_int_equal(atomic_load(&bg.frees), 1);
    assert_int_equal(atomic_load(&bg.cancels), 1); /* by the foreground job */
    assert_int_equal(atomic_load(&bg.late), 0);
    assert_int_equal(atomic_load(&fg.runs), 1);
    assert_int_equal(atomic_load(&fg.frees), 1);
    assert_int_equal(atomic_load(&fg.late), 0);
}

/* A foreground job on a full pool stops the background job (cancel), which
 * asks to go again: it is queued again, runs after, and is freed once. */
static void again_is_queued_not_freed(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 4);
    assert_non_null(p);
    test_job bg, fg;
    init_job(&bg, p, true, 1);
    init_job(&fg, p, false, 0);
    atomic_store(&fg.release, true);
    bg.again = 1;
    pool_submit(p, &bg.base);
    wait_for(&bg.started);
    assert_true(pool_reserve(p));
    pool_submit(p, &fg.base);
    wait_frees(&fg, 1);
    assert_int_equal(atomic_load(&bg.cancels), 1);
    /* Runs again after the foreground job; released, it ends. */
    for (int i = 0; i < 5000 && atomic_load(&bg.runs) < 2; i++)
        sleep_ms(1);
    atomic_store(&bg.release, true);
    wait_frees(&bg, 1);
    pool_free(p);
    assert_int_equal(atomic_load(&bg.runs), 2);
    assert_int_equal(atomic_load(&bg.frees), 1);
    assert_int_equal(atomic_load(&bg.late), 0);
    assert_int_equal(atomic_load(&fg.frees), 1);
}

/* A stopping pool cancels the running job, runs every queued one (so that
 * it can answer) and frees each once. */
static void stop_runs_and_frees_all(void **state)
{
    (void)state;
    pool *p = pool_new(1, 1, 8);
    assert_non_null(p);
    test_job running, fg[3], bg[3];
    init_job(&running, p, true, 0);
    running.stubborn = true; /* holds the only worker until the pool stops */
    pool_submit(p, &running.base);
    wait_for(&running.started);
    for (int i = 0; i < 3; i++) {
        init_job(&fg[i], p, false, 0);
        atomic_store(&fg[i].release, true);
        init_job(&bg[i], p, true, 0);
        atomic_store(&bg[i].release, true);
        pool_submit(p, &bg[i].base);
        assert_true(pool_reserve(p));
        pool_submit(p, &fg[i].base);
    }
    pool_stats st;
    pool_get_stats(p, &st);
    assert_int_equal(st.running, 1);
    assert_int_equal(st.waiting, 3);
    assert_int_equal(st.waiting_background, 3);
    pool_free(p);
    assert_int_equal(atomic_load(&running.runs), 1);
    assert_int_equal(atomic_load(&running.frees), 1);
    assert_true(atomic_load(&running.cancels) >= 1);
    assert_int_equal(atomic_load(&running.late), 0);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(atomic_load(&fg[i].runs), 1);
        assert_int_equal(atomic_load(&fg[i].frees), 1);
        assert_int_equal(atomic_load(&bg[i].runs), 1);
        assert_int_equal(atomic_load(&bg[i].frees), 1);
        assert_int_equal(atomic_load(&bg[i].late), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(freed_after_its_slot),
        cmocka_unit_test(again_is_queued_not_freed),
        cmocka_unit_test(stop_runs_and_frees_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
