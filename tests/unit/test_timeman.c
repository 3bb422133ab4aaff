/*
 * test_timeman.c - time management under a clock (timeman.c,
 * docs/engine.md "Time"): the smart manager's scale of the soft budget
 * (more time when the best move changes or the score drops, less when it is
 * settled or proven), the TimeManager option, a forced move answered at
 * once, and whole games on a short clock with increment that never run
 * out of time.
 */
#include "support.h"

#include "engine/engine.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static aw_engine *new_engine(void)
{
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    assert_non_null(e);
    assert_int_equal(aw_engine_set_option(e, "Hash", "16", &err), 0);
    return e;
}

/* Feed `n` iterations (best moves and scores) to a fresh state with the
 * clock `elapsed` seconds into a search whose soft budget is 1 s (hard
 * `hard` s); returns the last answer. */
static bool feed_hard(aw_engine *e, const aw_move *best, const int *score, int n, double elapsed,
                      double hard)
{
    tm_state s;
    memset(&s, 0, sizeof s);
    e->soft_time = 1.0;
    e->hard_time = hard;
    bool go = true;
    for (int i = 0; i < n; i++) {
        e->start = now() - elapsed;
        go = search_time_continue(e, &s, i + 1, best[i], score[i]);
    }
    return go;
}

static bool feed(aw_engine *e, const aw_move *best, const int *score, int n, double elapsed)
{
    return feed_hard(e, best, score, n, elapsed, 4.0);
}

static void test_scale(void **state)
{
    (void)state;
    aw_engine *e = new_engine();
    aw_move same[12], late[12];
    int flat[12], drop[12], won[12];
    for (int i = 0; i < 12; i++) {
        same[i] = (aw_move)2;
        late[i] = i < 11 ? (aw_move)2 : (aw_move)4;
        flat[i] = 101;
        drop[i] = i < 11 ? 101 : -99;
        won[i] = sc_end(5, 9);
    }
    /* Simple: 55% of the soft budget, whatever the search says. */
    e->time_manager = TM_SIMPLE;
    assert_true(feed(e, late, drop, 12, 0.50));
    assert_false(feed(e, late, drop, 12, 0.60));
    assert_false(feed(e, same, flat, 12, 0.60));
    e->time_manager = TM_SMART;
    /* Settled (the same move for 11 iterations): half the budget. */
    assert_false(feed(e, same, flat, 12, 0.30));
    assert_true(feed(e, same, flat, 12, 0.25));
    assert_false(feed(e, same, flat, 7, 0.40)); /* 6 iterations: 0.7 */
    assert_true(feed(e, same, flat, 7, 0.36));
    /* The best move changed in the last iteration: twice the budget. */
    assert_true(feed(e, late, flat, 12, 1.05));
    assert_false(feed(e, late, flat, 12, 1.15));
    /* The score dropped by two seeds (and the move changed): 1.67 x 2,
     * kept to 2.5 times the budget... */
    assert_true(feed(e, late, drop, 12, 1.30));
    assert_false(feed(e, late, drop, 12, 1.40));
    /* ...and to the hard limit. */
    assert_true(feed_hard(e, late, drop, 12, 1.05, 2.0));
    assert_false(feed_hard(e, late, drop, 12, 1.15, 2.0));
    /* The score dropped, the move did not change: 1.67. */
    aw_move keep[3] = {(aw_move)2, (aw_move)2, (aw_move)2};
    int fell[3] = {101, 101, -99};
    assert_true(feed(e, keep, fell, 3, 0.88));
    assert_false(feed(e, keep, fell, 3, 0.95));
    /* A proven result kept for 3 iterations: a quarter (of the stable
     * half: the floor of 0.25). */
    assert_false(feed(e, same, won, 12, 0.15));
    assert_true(feed(e, same, won, 12, 0.10));
    /* No clock (movetime: soft = hard), or pondering: no say. */
    e->hard_time = 1.0;
    tm_state s;
    memset(&s, 0, sizeof s);
    e->soft_time = 1.0;
    e->start = now() - 5;
    assert_true(search_time_continue(e, &s, 1, (aw_move)2, 0));
    aw_engine_free(e);
}

static void test_option(void **state)
{
    (void)state;
    aw_engine *e = new_engine();
    aw_error err;
    char buf[32];
    assert_string_equal(aw_engine_get_option(e, "TimeManager", buf, sizeof buf), "smart");
    assert_int_equal(aw_engine_set_option(e, "TimeManager", "simple", &err), 0);
    assert_string_equal(aw_engine_get_option(e, "TimeManager", buf, sizeof buf), "simple");
    assert_int_equal(aw_engine_set_option(e, "timemanager", "SMART", &err), 0);
    assert_string_equal(aw_engine_get_option(e, "TimeManager", buf, sizeof buf), "smart");
    assert_int_equal(aw_engine_set_option(e, "TimeManager", "clever", &err), -1);
    assert_non_null(strstr(err.msg, "TimeManager"));
    assert_non_null(strstr(err.msg, "clever"));
    aw_engine_free(e);
}

/* One legal move under a long clock: answered at once; a position with a
 * choice takes a good part of its budget. */
static void test_forced_fast(void **state)
{
    (void)state;
    aw_engine *e = new_engine();
    aw_error err;
    const aw_rules r = aw_rules_default();
    aw_limits l = {0};
    l.time_ms[0] = l.time_ms[1] = 60000;
    l.inc_ms[0] = l.inc_ms[1] = 1000;
    aw_search_result res;
    const aw_position forced = t_pos("0-0-0-0-0-1-4-4-4-4-4-4-12-11-S");
    aw_move moves[AW_MAX_MOVES];
    assert_int_equal(aw_generate(&r, &forced, moves), 1);
    assert_int_equal(aw_engine_set_position(e, &r, &forced, &err), 0);
    assert_int_equal(aw_engine_ready(e, &err), 0); /* the table made before the clock runs */
    double t0 = now();
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    const double forced_time = now() - t0;
    assert_int_equal(res.best, moves[0]);
    const aw_position open = aw_position_start(AW_SOUTH);
    assert_int_equal(aw_engine_set_position(e, &r, &open, &err), 0);
    t0 = now();
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    const double open_time = now() - t0;
    print_message("forced move %.3f s, start position %.3f s\n", forced_time, open_time);
    /* The budget is about 2.5 s; a settled search spends a fifth of it at
     * least (half of it before the last iteration starts). */
    assert_true(forced_time < 0.1);
    assert_true(open_time > 0.2);
    assert_true(open_time > 5 * forced_time);
    aw_engine_free(e);
}

/* Whole games, the engine (the smart manager, the default) against itself,
 * on a clock of 1 s + 20 ms (200 ms + 10 ms under the sanitizers): every
 * move is timed here, from the call to the answer, and no clock ever goes
 * below zero. (The simple manager, kept as it was for comparisons, lets
 * the clock settle at a few tens of ms on such a clock: a loaded machine
 * can make it lose there.) */
static void test_never_flags(void **state)
{
    (void)state;
    const bool slow = t_sanitized();
    const int64_t base = slow ? 200 : 1000, inc = slow ? 10 : 20;
    const aw_rules r = aw_rules_default();
    for (int game = 0; game < 2; game++) {
        aw_engine *e = new_engine();
        aw_error err;
        aw_position start = aw_position_start(AW_SOUTH);
        aw_game *g = aw_game_new(&r, &start);
        assert_non_null(g);
        /* Two games: two first moves. */
        aw_game_play(g, (aw_move)(game ? 3 : 5), NULL);
        int64_t clock[2] = {base, base};
        int64_t lowest = base;
        int moves = 0;
        while (aw_game_status(g) == AW_ONGOING && aw_game_ply(g) < 400) {
            const int side = aw_game_position(g)->side;
            aw_limits l = {0};
            l.time_ms[0] = clock[0];
            l.time_ms[1] = clock[1];
            l.inc_ms[0] = l.inc_ms[1] = inc;
            assert_int_equal(aw_engine_set_game(e, g, &err), 0);
            aw_search_result res;
            const double t0 = now();
            assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
            const int64_t used = (int64_t)((now() - t0) * 1000 + 0.999);
            clock[side] -= used;
            if (clock[side] < lowest)
                lowest = clock[side];
            if (clock[side] < 0)
                fail_msg("game %d: out of time at ply %d (used %lld ms)", game + 1, aw_game_ply(g),
                         (long long)used);
            clock[side] += inc;
            assert_int_equal(aw_game_play(g, res.best, &err), 0);
            moves++;
        }
        assert_true(moves > 20);
        print_message("game %d: %d moves, lowest clock %lld ms\n", game + 1, moves,
                      (long long)lowest);
        aw_game_free(g);
        aw_engine_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scale),
        cmocka_unit_test(test_option),
        cmocka_unit_test(test_forced_fast),
        cmocka_unit_test(test_never_flags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
