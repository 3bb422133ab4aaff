/*
 * test_match_stats.c - the statistics of `awale match` (src/match/stats.c,
 * compiled in here: the match runner is part of the program, not the
 * library). Elo and its margin are checked against a plain bisection on the
 * logistic curve, their symmetries and their shrinking with more games; the
 * SPRT against its bounds and the decisions the match tests rely on.
 */
#include "support.h"

#include "../../src/match/stats.c"

/* The Elo difference whose expected score is s, by bisection. */
static double elo_by_bisection(double s)
{
    double lo = -2000, hi = 2000;
    for (int i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        double expected = 1 / (1 + pow(10, -mid / 400));
        if (expected < s)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

static void elo_matches_the_curve(void **state)
{
    (void)state;
    for (int w = 0; w <= 30; w += 3)
        for (int d = 0; d <= 20; d += 5)
            for (int l = 0; l <= 30; l += 7) {
                match_score s = {w, d, l};
                double elo, margin;
                bool finite = stats_elo(&s, &elo, &margin);
                int n = w + d + l;
                if (n == 0 || w + d / 2.0 == 0 || l + d / 2.0 == 0) {
                    assert_false(finite);
                    continue;
                }
                assert_true(finite);
                double want = elo_by_bisection((w + 0.5 * d) / n);
                assert_true(fabs(elo - want) < 1e-6);
                /* The interval's ends map through the same curve. */
                if (!isinf(margin)) {
                    double m = (w + 0.5 * d) / n;
                    double var = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
                    double se = sqrt(var / n);
                    double half = (elo_by_bisection(m + 1.959964 * se) -
                                   elo_by_bisection(m - 1.959964 * se)) / 2;
                    assert_true(fabs(margin - half) < 1e-6);
                }
            }
    /* The textbook value: 75% is +190.8 Elo. */
    match_score s = {3, 0, 1};
    double elo, margin;
    assert_true(stats_elo(&s, &elo, &margin));
    assert_true(fabs(elo - 190.85) < 0.01);
}

static void elo_symmetry_and_size(void **state)
{
    (void)state;
    match_score a = {30, 20, 10}, b = {10, 20, 30};
    double ea, ma, eb, mb;
    assert_true(stats_elo(&a, &ea, &ma));
    assert_true(stats_elo(&b, &eb, &mb));
    assert_true(fabs(ea + eb) < 1e-9);
    assert_true(fabs(ma - mb) < 1e-9);
    /* Four times the games, about half the margin. */
    match_score c = {120, 80, 40};
    double ec, mc;
    assert_true(stats_elo(&c, &ec, &mc));
    assert_true(fabs(ec - ea) < 1e-9);
    assert_true(mc < ma * 0.55 && mc > ma * 0.45);
    /* An even score is 0 Elo. */
    match_score even = {5, 4, 5};
    assert_true(stats_elo(&even, &ea, &ma));
    assert_true(fabs(ea) < 1e-9);
    /* All won, all lost: no finite estimate. */
    match_score all = {7, 0, 0};
    assert_false(stats_elo(&all, &ea, &ma));
    assert_true(isinf(ea) && ea > 0);
    /* An interval that reaches a score of 0: its lower end is -inf, its
     * upper end the curve at the upper score. */
    match_score low = {0, 2, 10};
    double lo, hi;
    assert_true(stats_elo(&low, &ea, &ma));
    assert_true(isinf(ma));
    stats_elo_interval(&low, &lo, &hi);
    assert_true(isinf(lo) && lo < 0);
    assert_true(hi > ea && !isinf(hi));
    stats_elo_interval(&a, &lo, &hi);
    stats_elo(&a, &ea, &ma);
    assert_true(fabs((hi - lo) / 2 - ma) < 1e-9);
    match_score none = {0, 0, 0};
    assert_false(stats_elo(&none, &ea, &ma));
    assert_true(stats_score(&none) == 0.5);
}

static void sprt(void **state)
{
    (void)state;
    double lo, hi;
    stats_sprt_bounds(0.05, 0.05, &lo, &hi);
    assert_true(fabs(hi - log(19)) < 1e-9 && fabs(lo + log(19)) < 1e-9);
    /* Results better than elo1 push the LLR up, worse than elo0 down, and
     * more of the same pushes further. */
    match_score good = {60, 30, 30}, bad = {30, 30, 60};
    assert_true(stats_llr(&good, 0, 10) > 0);
    assert_true(stats_llr(&bad, 0, 10) < 0);
    match_score good2 = {120, 60, 60};
    assert_true(stats_llr(&good2, 0, 10) > 1.9 * stats_llr(&good, 0, 10));
    match_score none = {0, 0, 0};
    assert_true(stats_llr(&none, 0, 10) == 0);
    /* One-sided matches still decide: 6 straight wins accept Elo 50 over 0,
     * 5 do not (tests/cli/test_match.sh relies on it). */
    match_score five = {5, 0, 0}, six = {6, 0, 0}, lost = {0, 0, 6};
    assert_true(stats_llr(&five, 0, 50) < hi);
    assert_true(stats_llr(&six, 0, 50) >= hi);
    assert_true(stats_llr(&lost, 0, 50) <= lo);
}

/* The match: 20 games at +16 =2 -2 is +301.3 Elo, and the interval
 * is +155..+804, not the +/- 324.3 of its half width (-23..+626). */
static void interval_ends(void **state)
{
    (void)state;
    match_score s = {16, 2, 2};
    double elo, margin, lo, hi;
    assert_true(stats_elo(&s, &elo, &margin));
    stats_elo_interval(&s, &lo, &hi);
    assert_true(fabs(elo - 301.3) < 0.05);
    assert_true(lo > 150 && lo < 160);
    assert_true(hi > 800 && hi < 810);
    assert_true(hi - elo > 2 * (elo - lo)); /* far from symmetric */
}

/* Pentanomial: the Elo of the mean pair score, with an interval from the
 * pair scores' variance, checked by hand; pairs that cancel (WL) narrow it
 * against the games' view of the same games; all pairs won: no estimate. */
static void pentanomial(void **state)
{
    (void)state;
    match_pairs p = {{1, 2, 3, 4, 5}};
    assert_int_equal(stats_pairs(&p), 15);
    double elo, lo, hi;
    assert_true(stats_pairs_elo(&p, &elo, &lo, &hi));
    double m = (0 * 1 + 0.25 * 2 + 0.5 * 3 + 0.75 * 4 + 1 * 5) / 15.0;
    double var = (1 * m * m + 2 * (0.25 - m) * (0.25 - m) + 3 * (0.5 - m) * (0.5 - m) +
                  4 * (0.75 - m) * (0.75 - m) + 5 * (1 - m) * (1 - m)) / 15.0;
    double se = sqrt(var / 15);
    assert_true(fabs(elo - elo_by_bisection(m)) < 1e-6);
    assert_true(fabs(lo - elo_by_bisection(m - 1.959964 * se)) < 1e-6);
    assert_true(fabs(hi - elo_by_bisection(m + 1.959964 * se)) < 1e-6);
    /* All pairs even: 0, and no width. 8 DD, 8 WL (each won by the
     * colour its opening favours), 2 LD, 2 WD: the 40 games are 10 W,
     * 20 D, 10 L, and the pairs' interval is narrower than the games'. */
    match_pairs even = {{0, 0, 20, 0, 0}};
    assert_true(stats_pairs_elo(&even, &elo, &lo, &hi));
    assert_true(fabs(elo) < 1e-9 && fabs(lo) < 1e-9 && fabs(hi) < 1e-9);
    match_pairs mixed = {{0, 2, 16, 2, 0}};
    match_score games = {10, 20, 10};
    double tlo, thi, e2, m2;
    assert_true(stats_pairs_elo(&mixed, &elo, &lo, &hi));
    assert_true(stats_elo(&games, &e2, &m2));
    stats_elo_interval(&games, &tlo, &thi);
    assert_true(hi - lo < thi - tlo);
    match_pairs won = {{0, 0, 0, 0, 3}};
    assert_false(stats_pairs_elo(&won, &elo, &lo, &hi));
    assert_true(isinf(elo) && elo > 0);
    match_pairs none = {{0}};
    assert_false(stats_pairs_elo(&none, &elo, &lo, &hi));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(elo_matches_the_curve),
        cmocka_unit_test(interval_ends),
        cmocka_unit_test(pentanomial),
        cmocka_unit_test(elo_symmetry_and_size),
        cmocka_unit_test(sprt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
