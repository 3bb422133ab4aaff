/*
 * test_engine.c - the search, checked against a plain exhaustive minimax
 * written here on the public game interface (no table, no ordering, no
 * pruning): forced wins found at the depth where they first exist, exact
 * values of small endgames, never an illegal move under any limit, stop
 * and time limits honoured, repetition through the game's history, MultiPV,
 * levels, determinism, bad options rejected.
 */
#include "support.h"

#include "engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const presets[] = {"abapa", "seven-turns", "grand-slam", "two-seeds", "relay"};
#define NPRESETS 5

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static aw_engine *new_engine(const char *hash_mb)
{
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    assert_non_null(e);
    assert_int_equal(aw_engine_set_option(e, "Hash", hash_mb, &err), 0);
    return e;
}

static int margin_of(const aw_rules *r, const aw_position *p, aw_status st)
{
    int sc[2];
    aw_final_scores(r, p, st, sc);
    return sc[p->side] - sc[!p->side];
}

/* A random position: a random game of `plies` from the start. */
static aw_position random_position(const aw_rules *r, uint64_t *rng, int plies)
{
    aw_position p = aw_position_start((int)(t_rand(rng) & 1));
    for (int i = 0; i < plies; i++) {
        if (aw_position_status(r, &p) != AW_ONGOING)
            break;
        aw_move moves[AW_MAX_MOVES];
        int n = aw_generate(r, &p, moves);
        if (!n)
            break;
        aw_position q = p;
        aw_play(r, &q, moves[t_rand(rng) % (uint64_t)n]);
        if (aw_position_status(r, &q) != AW_ONGOING && i < plies - 1)
            continue; /* keep games going */
        p = q;
    }
    return p;
}

/* A random position with `seeds` seeds on the board and scores below any
 * target. */
static aw_position small_position(uint64_t *rng, int seeds)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    for (int s = 0; s < seeds; s++)
        p.pits[t_rand(rng) % 12]++;
    int rest = AW_SEEDS - seeds, lo = rest - 23;
    p.score[0] = (uint8_t)(lo + (int)(t_rand(rng) % (uint64_t)(23 - lo + 1)));
    p.score[1] = (uint8_t)(rest - p.score[0]);
    p.side = (uint8_t)(t_rand(rng) & 1);
    return p;
}

/* ---------------------------------------------------- plain minimax */

/* Whether the mover can force a game end with a positive final margin
 * within `depth` plies: +1 yes, -1 the opponent can force one, 0 neither. */
static int forced(const aw_rules *r, const aw_position *p, int depth)
{
    aw_status st = aw_position_status(r, p);
    if (st != AW_ONGOING) {
        int m = margin_of(r, p, st);
        return m > 0 ? 1 : m < 0 ? -1 : 0;
    }
    if (depth == 0)
        return 0;
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(r, p, moves), best = -2;
    for (int i = 0; i < n && best < 1; i++) {
        aw_position c = *p;
        aw_play(r, &c, moves[i]);
        int v = -forced(r, &c, depth - 1);
        if (v > best)
            best = v;
    }
    return n ? best : 0;
}

/* Exact final margin with perfect play, memoised on the whole position
 * (the rule sets used here end every game without repetition). */
#define MEMO_BITS 20
#define MEMO_SIZE (1u << MEMO_BITS)
typedef struct memo {
    aw_position key[MEMO_SIZE];
    int8_t value[MEMO_SIZE];
    bool used[MEMO_SIZE];
    size_t count;
} memo;

static int exact(const aw_rules *r, const aw_position *p, memo *m)
{
    aw_status st = aw_position_status(r, p);
    if (st != AW_ONGOING)
        return margin_of(r, p, st);
    uint64_t h = aw_position_hash(p) ^ (uint64_t)p->quiet * UINT64_C(0x9e3779b97f4a7c15);
    size_t i = (size_t)(h >> (64 - MEMO_BITS));
    while (m->used[i]) {
        if (memcmp(&m->key[i], p, sizeof *p) == 0)
            return m->value[i];
        i = (i + 1) & (MEMO_SIZE - 1);
    }
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(r, p, moves), best = -100;
    for (int k = 0; k < n; k++) {
        aw_position c = *p;
        aw_play(r, &c, moves[k]);
        int v = -exact(r, &c, m);
        if (v > best)
            best = v;
    }
    if (!n)
        best = p->score[p->side] - p->score[!p->side];
    if (m->count >= MEMO_SIZE / 2)
        return best; /* full: stop remembering */
    i = (size_t)(h >> (64 - MEMO_BITS));
    while (m->used[i])
        i = (i + 1) & (MEMO_SIZE - 1);
    m->count++;
    m->used[i] = true;
    m->key[i] = *p;
    m->value[i] = (int8_t)best;
    return best;
}

static aw_search_result search_depth(aw_engine *e, const aw_rules *r, const aw_position *p,
                                     int depth)
{
    aw_error err;
    assert_int_equal(aw_engine_set_position(e, r, p, &err), 0);
    aw_engine_clear(e);
    aw_limits l = {0};
    l.depth = depth;
    aw_search_result res;
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    return res;
}

/* ------------------------------------------------------------- tests */

/* A full-width search (Reductions=false) finds a forced win at exactly the
 * depth where it first exists and never before; the default engine, which
 * searches late moves a ply shallower first, finds it a little later at
 * worst. Either way the move played keeps the win. */
static void test_forced_wins(void **state)
{
    (void)state;
    aw_engine *full = new_engine("4"), *e = new_engine("4");
    aw_error err;
    assert_int_equal(aw_engine_set_option(full, "Reductions", "false", &err), 0);
    uint64_t rng = 11;
    int found = 0, tried = 0, late = 0;
    const int want = t_sanitized() ? 25 : 80;
    while (found < want && tried < 20000) {
        tried++;
        const aw_rules r = t_rules(presets[tried % NPRESETS], NULL);
        const bool relay = r.family == AW_FAMILY_RELAY;
        aw_position p = relay ? random_position(&r, &rng, 20 + (int)(t_rand(&rng) % 60))
                              : small_position(&rng, 3 + (int)(t_rand(&rng) % 12));
        if (aw_position_status(&r, &p) != AW_ONGOING)
            continue;
        const int maxd = relay ? 4 : 7;
        int d = 1;
        while (d <= maxd && forced(&r, &p, d) != 1)
            d++;
        if (d > maxd)
            continue;
        found++;
        char text[AW_POSITION_MAX];
        aw_position_format(&p, text);
        aw_search_result res = search_depth(full, &r, &p, d);
        const aw_search_line *l = &res.info.line[0];
        if (l->score.kind != AW_SCORE_WIN || l->score.plies > d)
            fail_msg("%s %s: a win in %d plies, full-width depth %d says kind %d in %d", r.name,
                     text, d, d, (int)l->score.kind, l->score.plies);
        aw_position c = p;
        assert_true(aw_is_legal(&r, &p, res.best));
        aw_play(&r, &c, res.best);
        if (forced(&r, &c, l->score.plies - 1) != -1)
            fail_msg("%s %s: engine's move does not keep the win", r.name, text);
        if (d > 1) {
            res = search_depth(full, &r, &p, d - 1);
            if (res.info.line[0].score.kind == AW_SCORE_WIN)
                fail_msg("%s %s: a win claimed at depth %d, shortest is %d", r.name, text, d - 1,
                         d);
            res = search_depth(e, &r, &p, d - 1);
            if (res.info.line[0].score.kind == AW_SCORE_WIN)
                fail_msg("%s %s: a win claimed at depth %d, shortest is %d", r.name, text, d - 1,
                         d);
        }
        /* The default engine. */
        int depth = d;
        for (; depth <= d + 8; depth++) {
            res = search_depth(e, &r, &p, depth);
            if (res.info.line[0].score.kind == AW_SCORE_WIN)
                break;
        }
        if (depth > d + 8)
            fail_msg("%s %s: a win in %d plies not found by depth %d", r.name, text, d, d + 8);
        late += depth > d;
        c = p;
        aw_play(&r, &c, res.best);
        if (res.info.line[0].score.plies <= d + 2 &&
            forced(&r, &c, res.info.line[0].score.plies - 1) != -1)
            fail_msg("%s %s: engine's move does not keep the win", r.name, text);
    }
    assert_true(found >= want);
    print_message("forced wins: %d positions, %d found later than their depth by the default "
                  "search\n",
                  found, late);
    aw_engine_free(full);
    aw_engine_free(e);
}

static void test_exact_endgames(void **state)
{
    (void)state;
    static const char *const sets[][2] = {
        {"seven-turns", NULL},
        {"grand-slam", NULL},
        {"abapa", "repetition=0 no-capture=8"},
        {"two-seeds", "repetition=0 no-capture=8"},
    };
    memo *m = malloc(sizeof *m);
    assert_non_null(m);
    aw_engine *e = new_engine("8");
    uint64_t rng = 5;
    const int per_set = t_sanitized() ? 6 : 25;
    for (int s = 0; s < 4; s++) {
        const aw_rules r = t_rules(sets[s][0], sets[s][1]);
        for (int k = 0; k < per_set; k++) {
            aw_position p = small_position(&rng, 2 + (int)(t_rand(&rng) % (s == 1 ? 5 : 7)));
            p.quiet = (uint16_t)(t_rand(&rng) % 4);
            if (aw_position_status(&r, &p) != AW_ONGOING) {
                k--;
                continue;
            }
            memset(m->used, 0, sizeof m->used);
            m->count = 0;
            int want = exact(&r, &p, m);
            aw_search_result res = search_depth(e, &r, &p, AW_SEARCH_MAX_DEPTH);
            const aw_score *sc = &res.info.line[0].score;
            int got = sc->kind == AW_SCORE_SEEDS ? 1000 : sc->margin;
            char text[AW_POSITION_MAX];
            if (got != want)
                fail_msg("%s %s: exact margin %d, engine %d (kind %d, depth %d)", r.name,
                         aw_position_format(&p, text), want, got, (int)sc->kind, res.info.depth);
            /* The move played achieves it. */
            aw_position c = p;
            aw_play(&r, &c, res.best);
            memset(m->used, 0, sizeof m->used);
            m->count = 0;
            assert_int_equal(-exact(&r, &c, m), want);
        }
    }
    aw_engine_free(e);
    free(m);
}

static void test_never_illegal(void **state)
{
    (void)state;
    aw_engine *e = new_engine("2");
    uint64_t rng = 3;
    const int rounds = t_sanitized() ? 60 : 300;
    for (int k = 0; k < rounds; k++) {
        aw_rules r = t_rules(presets[k % NPRESETS], NULL);
        if (k % 7 == 3)
            r = t_rules(presets[k % NPRESETS], "no-capture=9");
        if (k % 11 == 5)
            r = t_rules(presets[k % NPRESETS], "repetition=2");
        aw_position p = random_position(&r, &rng, (int)(t_rand(&rng) % 150));
        aw_limits l = {0};
        switch (k % 5) {
        case 0: l.depth = 1 + (int)(t_rand(&rng) % 6); break;
        case 1: l.nodes = 1 + t_rand(&rng) % 3000; break;
        case 2: l.movetime_ms = 1 + (int64_t)(t_rand(&rng) % 5); break;
        case 3:
            l.time_ms[p.side] = 1 + (int64_t)(t_rand(&rng) % 50);
            break;
        default: l.nodes = 1; break;
        }
        l.multipv = 1 + (int)(t_rand(&rng) % 3);
        aw_error err;
        aw_engine_set_position(e, &r, &p, &err);
        aw_search_result res;
        assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
        char text[AW_POSITION_MAX];
        if (aw_position_status(&r, &p) != AW_ONGOING) {
            assert_int_equal(res.best, AW_MOVE_NONE);
        } else if (!aw_is_legal(&r, &p, res.best)) {
            fail_msg("%s %s: illegal best move %d", r.name, aw_position_format(&p, text),
                     res.best);
        }
        if (res.ponder != AW_MOVE_NONE) {
            aw_position c = p;
            aw_play(&r, &c, res.best);
            assert_true(aw_is_legal(&r, &c, res.ponder));
        }
        /* Every reported line is a legal sequence. */
        for (int i = 0; i < res.info.lines; i++) {
            aw_position c = p;
            const aw_search_line *line = &res.info.line[i];
            for (int j = 0; j < line->length; j++) {
                if (!aw_is_legal(&r, &c, line->pv[j]))
                    fail_msg("%s %s: line %d move %d illegal", r.name,
                             aw_position_format(&p, text), i, j);
                aw_play(&r, &c, line->pv[j]);
            }
        }
    }
    aw_engine_free(e);
}

/* A search stopped while it re-searches a root move that failed high at
 * the new depth plays that move (search.c); the expected reply must be
 * that move's own, legal after it. The null-window search that failed
 * high used to leave the line of the move searched before it: after 1000
 * nodes here the best move became e (pit 10) and the reply A (pit 0, a
 * reply to a), which North's e does not allow. */
static void test_ponder_after_fail_high(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_position p = t_pos("2-4-0-5-3-1-1-1-0-3-2-1-12-13-N-9");
    aw_engine *e = new_engine("1");
    aw_error err;
    /* The tree where the case was met: the linear evaluation's. */
    assert_int_equal(aw_engine_set_option(e, "Eval", "linear", &err), 0);
    int stopped_early = 0;
    for (uint64_t nodes = 1; nodes <= 4000; nodes += 333) {
        aw_engine_clear(e);
        assert_int_equal(aw_engine_set_position(e, &r, &p, &err), 0);
        aw_limits l = {0};
        l.nodes = nodes;
        aw_search_result res;
        assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
        assert_true(aw_is_legal(&r, &p, res.best));
        stopped_early += res.info.lines > 0 && res.best != res.info.line[0].pv[0];
        if (res.ponder != AW_MOVE_NONE) {
            aw_position c = p;
            aw_play(&r, &c, res.best);
            if (!aw_is_legal(&r, &c, res.ponder))
                fail_msg("%llu nodes: ponder %d is not legal after %d",
                         (unsigned long long)nodes, res.ponder, res.best);
        }
    }
    /* The case itself was met: a best move from an unfinished depth. */
    assert_true(stopped_early > 0);
    aw_engine_free(e);
}

static void test_stop_and_time(void **state)
{
    (void)state;
    aw_engine *e = new_engine("16");
    const double slack = t_sanitized() ? 0.5 : 0.15;
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_error err;
    aw_engine_set_position(e, &r, &start, &err);

    /* movetime */
    aw_limits l = {0};
    l.movetime_ms = 200;
    aw_search_result res;
    double t0 = now();
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    double t = now() - t0;
    assert_true(t < 0.2 + slack);
    assert_true(aw_is_legal(&r, &start, res.best));

    /* a clock of 300 ms for the whole game, no increment */
    memset(&l, 0, sizeof l);
    l.time_ms[0] = 300;
    l.time_ms[1] = 300;
    t0 = now();
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    t = now() - t0;
    assert_true(t < 0.3 * 0.5 + slack);
    assert_true(aw_is_legal(&r, &start, res.best));

    /* infinite in the background, stopped from here */
    memset(&l, 0, sizeof l);
    l.infinite = true;
    assert_int_equal(aw_search_start(e, &l, NULL, NULL, NULL, &err), 0);
    assert_true(aw_search_running(e));
    assert_int_not_equal(aw_engine_set_option(e, "Hash", "8", &err), 0);
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    assert_true(aw_search_running(e));
    t0 = now();
    aw_search_stop(e);
    assert_int_equal(aw_search_wait(e, &res), 0);
    assert_true(now() - t0 < slack);
    assert_true(aw_is_legal(&r, &start, res.best));
    assert_true(res.info.depth >= 1);

    /* stop at once, before the first depth completes */
    assert_int_equal(aw_search_start(e, &l, NULL, NULL, NULL, &err), 0);
    aw_search_stop(e);
    assert_int_equal(aw_search_wait(e, &res), 0);
    assert_true(aw_is_legal(&r, &start, res.best));

    /* ponder, then ponderhit with a movetime */
    memset(&l, 0, sizeof l);
    l.ponder = true;
    l.movetime_ms = 100;
    assert_int_equal(aw_search_start(e, &l, NULL, NULL, NULL, &err), 0);
    nanosleep(&pause, NULL);
    nanosleep(&pause, NULL);
    assert_true(aw_search_running(e)); /* pondering ignores the time */
    t0 = now();
    aw_search_ponderhit(e);
    assert_int_equal(aw_search_wait(e, &res), 0);
    assert_true(now() - t0 < 0.1 + slack);
    assert_true(aw_is_legal(&r, &start, res.best));

    /* node limit, exact on one thread */
    memset(&l, 0, sizeof l);
    l.nodes = 5000;
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_true(res.info.nodes <= 5000 + 1024);
    assert_true(aw_is_legal(&r, &start, res.best));

    /* two threads */
    assert_int_equal(aw_engine_set_option(e, "Threads", "2", &err), 0);
    memset(&l, 0, sizeof l);
    l.movetime_ms = 100;
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_true(aw_is_legal(&r, &start, res.best));
    aw_engine_free(e);
}

static int infos;
static void count_info(const aw_search_info *info, void *user)
{
    (void)user;
    assert_int_equal(info->depth, infos + 1);
    infos++;
}

static void test_multipv_and_info(void **state)
{
    (void)state;
    aw_engine *e = new_engine("4");
    aw_rules r = aw_rules_default();
    aw_position p = aw_position_start(AW_SOUTH);
    aw_error err;
    aw_engine_set_position(e, &r, &p, &err);
    aw_limits l = {0};
    l.depth = 7;
    l.multipv = 4;
    aw_search_result res;
    infos = 0;
    assert_int_equal(aw_search_run(e, &l, count_info, NULL, &res, &err), 0);
    assert_int_equal(infos, 7);
    assert_int_equal(res.info.lines, 4);
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < i; j++)
            assert_int_not_equal(res.info.line[i].pv[0], res.info.line[j].pv[0]);
        if (i)
            assert_true(aw_score_compare(&res.info.line[i - 1].score, &res.info.line[i].score) >= 0);
    }
    assert_int_equal(res.best, res.info.line[0].pv[0]);
    /* More lines than moves: one per legal move. */
    l.multipv = 12;
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.info.lines, 6);
    aw_engine_free(e);
}

/* The forced cycle of docs/rules.md: with repetition=2, the game's history
 * makes the repetition come a ply sooner than the tree alone shows. */
static void test_repetition_history(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", "repetition=2");
    aw_position start = t_pos("0-0-1-0-0-0-0-0-1-0-0-0-23-23-S");
    aw_game *g = aw_game_new(&r, &start);
    aw_move moves[AW_MAX_MOVES];
    aw_generate(&r, &start, moves);
    assert_int_equal(aw_game_play(g, moves[0], NULL), 0);
    aw_engine *e = new_engine("1");
    aw_error err;
    aw_limits l = {0};
    l.depth = 20;
    aw_search_result res;
    assert_int_equal(aw_engine_set_game(e, g, &err), 0);
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.info.line[0].score.kind, AW_SCORE_DRAW);
    assert_int_equal(res.info.line[0].score.plies, 11);
    assert_int_equal(aw_engine_set_position(e, &r, aw_game_position(g), &err), 0);
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.info.line[0].score.kind, AW_SCORE_DRAW);
    assert_int_equal(res.info.line[0].score.plies, 12);
    /* A finished game has no move. */
    for (int i = 0; i < 11; i++) {
        aw_generate(&r, aw_game_position(g), moves);
        assert_int_equal(aw_game_play(g, moves[0], NULL), 0);
    }
    assert_int_equal(aw_game_status(g), AW_END_REPETITION);
    assert_int_equal(aw_engine_set_game(e, g, &err), 0);
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.best, AW_MOVE_NONE);
    aw_engine_free(e);
    aw_game_free(g);
}

/* A cycle inside the search is not the end of the game when the rule asks
 * for more occurrences: with repetition=3 the forced cycle (one seed a
 * side) brings the start back every 12 plies, and the game ends only at its
 * third occurrence, 24 plies on. The search must not call the second one a
 * proven draw (it did: "draw in 12"); with the first two occurrences in the
 * game's history, the next one is the end, 12 plies away. */
static void test_cycles_are_not_ends(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    assert_int_equal(r.repetition, 3);
    aw_position start = t_pos("0-0-1-0-0-0-0-0-1-0-0-0-23-23-S");
    aw_engine *e = new_engine("1");
    aw_error err;
    aw_limits l = {0};
    l.depth = 22;
    aw_search_result res;
    assert_int_equal(aw_engine_set_position(e, &r, &start, &err), 0);
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.info.line[0].score.kind, AW_SCORE_SEEDS);
    aw_game *g = aw_game_new(&r, &start);
    aw_move moves[AW_MAX_MOVES];
    for (int i = 0; i < 12; i++) {
        aw_generate(&r, aw_game_position(g), moves);
        assert_int_equal(aw_game_play(g, moves[0], NULL), 0);
    }
    t_assert_pos(aw_game_position(g), "0-0-1-0-0-0-0-0-1-0-0-0-23-23-S-12");
    assert_int_equal(aw_engine_set_game(e, g, &err), 0);
    assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.info.line[0].score.kind, AW_SCORE_DRAW);
    assert_int_equal(res.info.line[0].score.plies, 12);
    aw_engine_free(e);
    aw_game_free(g);
}

static uint64_t bench_nodes(aw_engine *e)
{
    uint64_t total = 0;
    for (int k = 0; k < NPRESETS; k++) {
        aw_rules r = t_rules(presets[k], NULL);
        aw_position p = aw_position_start(AW_SOUTH);
        aw_search_result res = search_depth(e, &r, &p, k == 4 ? 6 : 9);
        total += res.info.nodes;
    }
    return total;
}

static void test_deterministic(void **state)
{
    (void)state;
    aw_engine *e = new_engine("4");
    uint64_t a = bench_nodes(e), b = bench_nodes(e);
    assert_true(a > 0);
    assert_int_equal(a, b);
    aw_engine_free(e);
    e = new_engine("4");
    assert_int_equal(bench_nodes(e), a);
    aw_engine_free(e);
}

static void test_levels(void **state)
{
    (void)state;
    aw_error err;
    aw_engine *e = new_engine("2");
    uint64_t rng = 9;
    aw_rules r = aw_rules_default();
    for (int level = 1; level <= 10; level++) {
        char num[16];
        snprintf(num, sizeof num, "%d", level);
        assert_int_equal(aw_engine_set_option(e, "Level", num, &err), 0);
        for (int k = 0; k < 5; k++) {
            aw_position p = random_position(&r, &rng, 10 + k * 7);
            aw_engine_set_position(e, &r, &p, &err);
            aw_limits l = {0};
            l.movetime_ms = 20;
            aw_search_result res;
            assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
            if (aw_position_status(&r, &p) == AW_ONGOING)
                assert_true(aw_is_legal(&r, &p, res.best));
            if (level < 10 && res.info.lines)
                assert_true(res.info.depth <= 14);
        }
    }
    /* Level 1 never throws away a capture that wins the game. */
    assert_int_equal(aw_engine_set_option(e, "Level", "1", &err), 0);
    aw_position p = t_pos("0-0-0-0-0-3-1-2-1-4-4-4-22-7-S");
    for (int k = 0; k < 10; k++) {
        aw_engine_set_position(e, &r, &p, &err);
        aw_search_result res;
        aw_limits l = {0};
        assert_int_equal(aw_search_run(e, &l, NULL, NULL, &res, &err), 0);
        assert_int_equal(res.best, 5); /* F captures 2+1+2... and wins */
    }
    aw_engine_free(e);
}

static void test_options(void **state)
{
    (void)state;
    aw_error err;
    aw_engine *e = new_engine("1");
    assert_int_equal(aw_engine_set_option(e, "Nonsense", "1", &err), -1);
    assert_non_null(strstr(err.msg, "Nonsense"));
    assert_int_equal(aw_engine_set_option(e, "Threads", "0", &err), -1);
    assert_non_null(strstr(err.msg, "Threads"));
    assert_int_equal(aw_engine_set_option(e, "Level", "11", &err), -1);
    assert_int_equal(aw_engine_set_option(e, "Level", "x", &err), -1);
    assert_int_equal(aw_engine_set_option(e, "Eval", "magic", &err), -1);
    assert_int_equal(aw_engine_set_option(e, "hash", "2", &err), 0);
    char buf[32];
    assert_string_equal(aw_engine_get_option(e, "Hash", buf, sizeof buf), "2");
    assert_null(aw_engine_get_option(e, "Nonsense", buf, sizeof buf));
    for (int i = 0; i < aw_engine_option_count(); i++)
        assert_non_null(aw_engine_option_info(i)->name);
    assert_null(aw_engine_option_info(aw_engine_option_count()));
    assert_int_equal(aw_search_wait(e, NULL), -1);
    aw_engine_free(e);
}

/* The evaluation's fast sum equals its feature list weighted (what the
 * tuner fits), and is odd (estimates never look like an exact draw). */
static void test_eval_matches_features(void **state)
{
    (void)state;
    uint64_t rng = 17;
    for (int k = 0; k < 4000; k++) {
        const aw_rules r = t_rules(presets[k % 4], NULL);
        aw_position p = random_position(&r, &rng, (int)(t_rand(&rng) % 120));
        fboard f = fb_from_position(&p);
        uint16_t idx[EV_MAX_ACTIVE];
        int16_t cnt[EV_MAX_ACTIVE];
        int phase;
        int n = eval_features(&r, &f, idx, cnt, &phase);
        assert_true(n <= EV_MAX_ACTIVE);
        int mg = 0, eg = 0;
        for (int i = 0; i < n; i++) {
            assert_true(idx[i] < EV_FEATURES);
            mg += cnt[i] * eval_tuned.mg[idx[i]];
            eg += cnt[i] * eval_tuned.eg[idx[i]];
        }
        int want = 100 * (p.score[p.side] - p.score[!p.side]) +
                   (mg * phase + eg * (AW_SEEDS - phase)) / AW_SEEDS;
        if (want > SC_EVAL_MAX - 1)
            want = SC_EVAL_MAX - 1;
        if (want < -SC_EVAL_MAX + 1)
            want = -SC_EVAL_MAX + 1;
        int got = eval_oware(&r, &eval_tuned, &f);
        assert_int_equal(got, want | 1);
        if (EVAL_DEFAULT == EVAL_LINEAR) /* else test_nnue.c checks it */
            assert_int_equal(aw_engine_evaluate(&r, &p), got);
        assert_true(got & 1);
    }
}

/* The relay game's evaluation: its features weighted as the tuner fits
 * them, odd, the same for a position and its mirror image (the rules
 * treat both sides alike), the attack feature the best capture indeed, and
 * Eval=material the store difference alone. */
static void test_eval_relay(void **state)
{
    (void)state;
    const aw_rules r = t_rules("relay", NULL);
    uint64_t rng = 23;
    for (int k = 0; k < 2000; k++) {
        aw_position p = random_position(&r, &rng, (int)(t_rand(&rng) % 40));
        uint16_t idx[EV_MAX_ACTIVE];
        int16_t cnt[EV_MAX_ACTIVE];
        int phase;
        const int n = relay_features(&r, &p, idx, cnt, &phase);
        assert_true(n <= EV_MAX_ACTIVE);
        int mg = 0, eg = 0, attack = -1;
        for (int i = 0; i < n; i++) {
            assert_true(idx[i] < RV_FEATURES);
            mg += cnt[i] * relay_tuned.mg[idx[i]];
            eg += cnt[i] * relay_tuned.eg[idx[i]];
            if (idx[i] >= RV_ATTACK && idx[i] < RV_THREAT)
                attack = idx[i] - RV_ATTACK;
        }
        int want = 100 * (p.score[p.side] - p.score[!p.side]) +
                   (mg * phase + eg * (AW_SEEDS - phase)) / AW_SEEDS;
        want = want > SC_EVAL_MAX - 1 ? SC_EVAL_MAX - 1 : want < -SC_EVAL_MAX + 1 ? -SC_EVAL_MAX + 1 : want;
        const int got = eval_relay(&r, &relay_tuned, &p);
        assert_int_equal(got, want | 1);
        assert_int_equal(aw_engine_evaluate(&r, &p), got);
        /* The attack: the most any move captures (12 and more in one). */
        aw_move moves[AW_MAX_MOVES];
        const int nm = aw_generate(&r, &p, moves);
        int best = 0;
        for (int i = 0; i < nm; i++) {
            aw_position c = p;
            const int t = aw_play(&r, &c, moves[i]);
            best = t > best ? t : best;
        }
        assert_int_equal(attack, best < 12 ? best : 12);
        /* The mirror image. */
        aw_position m = p;
        for (int i = 0; i < AW_PITS; i++)
            m.pits[i] = p.pits[(i + AW_ROW) % AW_PITS];
        m.score[0] = p.score[1];
        m.score[1] = p.score[0];
        m.side = (uint8_t)!p.side;
        assert_int_equal(eval_relay(&r, &relay_tuned, &m), got);
        assert_int_equal(eval_relay(&r, NULL, &p),
                         (100 * (p.score[p.side] - p.score[!p.side])) | 1);
    }
}

static void test_score_format(void **state)
{
    (void)state;
    char buf[48];
    aw_score s = {AW_SCORE_SEEDS, 125, 0, 0};
    assert_string_equal(aw_score_format(&s, buf, sizeof buf), "+1.25");
    s.value = -50;
    assert_string_equal(aw_score_format(&s, buf, sizeof buf), "-0.50");
    aw_score w = {AW_SCORE_WIN, 300, 3, 17};
    assert_string_equal(aw_score_format(&w, buf, sizeof buf), "win +3 in 17");
    aw_score d = {AW_SCORE_DRAW, 0, 0, 4};
    assert_string_equal(aw_score_format(&d, buf, sizeof buf), "draw in 4");
    aw_score d0 = {AW_SCORE_DRAW, 0, 0, 0}; /* an opening book's: no distance */
    assert_string_equal(aw_score_format(&d0, buf, sizeof buf), "draw");
    assert_true(aw_score_compare(&w, &s) > 0);
    assert_true(aw_score_compare(&d, &s) > 0);
    aw_score w2 = {AW_SCORE_WIN, 300, 3, 9};
    assert_true(aw_score_compare(&w2, &w) > 0);
    /* Proven results without a distance (the endgame tables'). */
    aw_score t = {AW_SCORE_WIN, 300, 3, 0};
    assert_string_equal(aw_score_format(&t, buf, sizeof buf), "win +3");
    t.kind = AW_SCORE_LOSS;
    t.margin = -2;
    assert_string_equal(aw_score_format(&t, buf, sizeof buf), "loss -2");
    t.kind = AW_SCORE_DRAW;
    assert_string_equal(aw_score_format(&t, buf, sizeof buf), "draw");
    /* The engine's scale: a table result is odd, one point below a game
     * end at the same ply and above one a ply later, and has no distance. */
    for (int m = 1; m <= AW_SEEDS; m++)
        for (int p = 1; p <= 127; p++) {
            const int v = sc_table(m, p);
            assert_true(v < sc_end(m, p) && (p == 127 || v > sc_end(m, p + 1)));
            assert_true(m == 1 || v > sc_end(m - 1, 1)); /* the margin first */
            aw_score a = sc_public(v, 0), b = sc_public(-v, 0), c = sc_public(sc_end(m, p), 0);
            assert_int_equal(a.kind, AW_SCORE_WIN);
            assert_int_equal(a.margin, m);
            assert_int_equal(a.plies, 0);
            assert_int_equal(b.kind, AW_SCORE_LOSS);
            assert_int_equal(b.margin, -m);
            assert_int_equal(b.plies, 0);
            assert_int_equal(c.margin, m);
            assert_int_equal(c.plies, p);
            /* The estimate: the margin, less than half a seed for speed. */
            const int e = sc_table_estimate(m, p), f = sc_table_estimate(-m, p);
            assert_true((e & 1) && (f & 1));
            assert_true(e > 100 * m && e < 100 * m + 50);
            assert_true(f <= -100 * m + 1 && f > -100 * m - 50);
            assert_true(p == 127 || e >= sc_table_estimate(m, p + 1));
        }
}

/* Under a time limit a forced move is played at depth 4, but a move the
 * caller asks to search alone (searchmoves, as the review values the move
 * played) is searched for its time like any other. */
static void test_searchmoves_get_their_time(void **state)
{
    (void)state;
    aw_engine *e = new_engine("4");
    aw_error err;
    const aw_rules r = aw_rules_default();
    const aw_position start = aw_position_start(AW_SOUTH);
    assert_int_equal(aw_engine_set_position(e, &r, &start, &err), 0);
    const aw_move only = 2;
    aw_limits lim = {.movetime_ms = 200, .only = &only, .only_count = 1};
    aw_search_result res;
    assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.best, only);
    if (res.info.depth <= 4)
        fail_msg("the move searched alone stopped at depth %d", res.info.depth);
    /* One legal move (North's row empty: only F feeds it): depth 4 is enough. */
    const aw_position forced = t_pos("0-0-0-0-0-1-0-0-0-0-0-0-23-24-S");
    assert_int_equal(aw_engine_set_position(e, &r, &forced, &err), 0);
    aw_limits timed = {.movetime_ms = 2000};
    const double t0 = now();
    assert_int_equal(aw_search_run(e, &timed, NULL, NULL, &res, &err), 0);
    assert_int_equal(res.best, 5);
    assert_true(now() - t0 < 1.0);
    aw_engine_free(e);
}

/* Resident memory of this process in kB (Linux), or -1. */
static long resident_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = -1, rss = -1;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
            rss = -1;
        fclose(f);
    }
    return rss < 0 ? -1 : rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/* An engine holds no table until it searches (a game between people, or
 * one whose Hash is set after it is made, never pays for the default 64
 * MB); its first search makes it at the size set last. */
static void test_table_made_by_the_first_search(void **state)
{
    (void)state;
    if (resident_kb() < 0)
        skip();
    enum { N = 4 };
    aw_engine *e[N];
    const long before = resident_kb();
    for (int i = 0; i < N; i++) {
        aw_error err;
        assert_non_null(e[i] = aw_engine_new(&err));
        aw_engine_clear(e[i]);
    }
    const long made = resident_kb();
    if (made - before > 16 * 1024)
        fail_msg("%d engines that never searched hold %ld kB", N, made - before);
    aw_limits lim = {.depth = 2};
    aw_search_result res;
    aw_error err;
    for (int i = 0; i < N; i++) {
        assert_int_equal(aw_engine_set_option(e[i], "Hash", "8", &err), 0);
        assert_int_equal(aw_search_run(e[i], &lim, NULL, NULL, &res, &err), 0);
        assert_true(res.best != AW_MOVE_NONE);
        char buf[16];
        assert_string_equal(aw_engine_get_option(e[i], "Hash", buf, sizeof buf), "8");
    }
    const long searched = resident_kb();
    if (searched - made < N * 8 * 1024 * 3 / 4)
        fail_msg("%d engines after a search hold %ld kB, not their 8 MB tables", N, searched - made);
    /* A table in use is made again at its new size at once. */
    assert_int_equal(aw_engine_set_option(e[0], "Hash", "1", &err), 0);
    assert_int_equal(aw_search_run(e[0], &lim, NULL, NULL, &res, &err), 0);
    for (int i = 0; i < N; i++)
        aw_engine_free(e[i]);
}

/* aw_engine_ready makes the table, every page touched, before any search
 * (the protocol's isready: the first go after a 256 MB Hash took 1.5 s,
 * its pages touched in the move's time); then clearing it keeps it. */
static void test_ready_makes_the_table(void **state)
{
    (void)state;
    if (resident_kb() < 0)
        skip();
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    assert_non_null(e);
    assert_int_equal(aw_engine_set_option(e, "Hash", "32", &err), 0);
    const long before = resident_kb();
    assert_int_equal(aw_engine_ready(e, &err), 0);
    const long made = resident_kb();
    if (made - before < 32 * 1024 * 3 / 4)
        fail_msg("after aw_engine_ready the engine holds %ld kB more, not its 32 MB table",
                 made - before);
    assert_int_equal(aw_engine_ready(e, &err), 0); /* made: nothing to do */
    aw_engine_clear(e);
    aw_limits lim = {.depth = 3};
    aw_search_result res;
    assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
    assert_true(res.best != AW_MOVE_NONE);
    aw_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_made_by_the_first_search),
        cmocka_unit_test(test_ready_makes_the_table),
        cmocka_unit_test(test_searchmoves_get_their_time),
        cmocka_unit_test(test_score_format),
        cmocka_unit_test(test_eval_matches_features),
        cmocka_unit_test(test_eval_relay),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_forced_wins),
        cmocka_unit_test(test_exact_endgames),
        cmocka_unit_test(test_never_illegal),
        cmocka_unit_test(test_multipv_and_info),
        cmocka_unit_test(test_repetition_history),
        cmocka_unit_test(test_cycles_are_not_ends),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_ponder_after_fail_high),
        cmocka_unit_test(test_stop_and_time),
    };
    if (getenv("AW_TEST_ONLY"))
        cmocka_set_test_filter(getenv("AW_TEST_ONLY"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
