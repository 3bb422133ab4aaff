/*
 * test_differential.c - the fast core against the simple reference
 * (reference.c) over random games: at every position of every game the legal
 * moves, the position after the move, the end status and the final scores
 * must agree, both through the public game interface and on the fast board
 * of board.h that perft and the search use.
 *
 * 10,000 games per Oware rule set, plus games under random parameter
 * combinations, from the start and from random set-up positions.
 */
#include "support.h"
#include "reference.h"
#include "rules/board.h"

#include <stdio.h>
#include <string.h>

/* Repetition in the reference: compare with every earlier position. */
static int ref_repeated(const aw_rules *r, const ref_state *hist, int n)
{
    if (!r->repetition)
        return 0;
    int seen = 0;
    for (int i = 0; i < n; i++)
        if (hist[i].side == hist[n - 1].side &&
            memcmp(hist[i].pits, hist[n - 1].pits, sizeof hist[i].pits) == 0)
            seen++;
    return seen >= r->repetition;
}

/* A random position: 48 seeds spread over pits and scores. */
static aw_position random_position(uint64_t *rng)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    int board = (int)(t_rand(rng) % 49);
    for (int s = 0; s < board; s++)
        p.pits[t_rand(rng) % 12]++;
    int rest = AW_SEEDS - board;
    p.score[0] = (uint8_t)(t_rand(rng) % (unsigned)(rest + 1));
    p.score[1] = (uint8_t)(rest - p.score[0]);
    p.side = (uint8_t)(t_rand(rng) & 1);
    p.quiet = (uint16_t)(t_rand(rng) % 4 == 0 ? t_rand(rng) % 30 : 0);
    return p;
}

enum { MAX_PLIES = 2000 };

static void compare_game(const aw_rules *r, const aw_position *start, uint64_t *rng,
                         ref_state *hist, long *plies_total)
{
    aw_game *g = aw_game_new(r, start);
    assert_non_null(g);
    ref_state s = ref_from(start);
    fboard fb = fb_from_position(start);
    int n = 0;
    hist[n++] = s;
    for (int ply = 0; ply < MAX_PLIES; ply++) {
        char want[AW_POSITION_MAX], got[AW_POSITION_MAX];
        aw_position rp = ref_to(&s);
        aw_position_format(&rp, want);
        aw_position_format(aw_game_position(g), got);
        if (strcmp(want, got) != 0)
            fail_msg("ply %d: reference %s, library %s", ply, want, got);
        aw_position fp = fb_to_position(&fb);
        aw_position_format(&fp, got);
        if (strcmp(want, got) != 0)
            fail_msg("ply %d: reference %s, fast board %s", ply, want, got);

        /* Status, with the reference's own repetition count. */
        int rs = ref_status(r, &s);
        if (rs == AW_ONGOING && ref_repeated(r, hist, n))
            rs = AW_END_REPETITION;
        aw_status gs = aw_game_status(g);
        if ((int)gs != rs)
            fail_msg("%s: status reference %d, library %d (%s)", want, rs, (int)gs,
                     aw_status_word(gs));
        aw_status fs = fb_status(r, &fb);
        if (rs != AW_END_REPETITION && (int)fs != rs)
            fail_msg("%s: status reference %d, fast board %d", want, rs, (int)fs);

        /* Legal moves. */
        int rm[12], rn = ref_moves(r, &s, rm);
        aw_move lm[AW_MAX_MOVES];
        int ln = aw_generate(r, aw_game_position(g), lm);
        assert_int_equal(rn, ln);
        unsigned mask = fb_legal_mask(&fb), want_mask = 0;
        for (int i = 0; i < rn; i++) {
            assert_int_equal(rm[i], AW_MOVE_PIT(lm[i]));
            want_mask |= 1u << FB_BYTE(rm[i]);
        }
        assert_int_equal(mask, want_mask);

        if (rs != AW_ONGOING) {
            int ref_sc[2], lib_sc[2];
            ref_final(r, &s, rs, ref_sc);
            aw_game_scores(g, lib_sc);
            if (ref_sc[0] != lib_sc[0] || ref_sc[1] != lib_sc[1])
                fail_msg("%s over (%s): reference %d-%d, library %d-%d", want,
                         aw_status_word(gs), ref_sc[0], ref_sc[1], lib_sc[0], lib_sc[1]);
            /* Playing on is refused. */
            if (ln > 0)
                assert_int_not_equal(aw_game_play(g, lm[0], NULL), 0);
            break;
        }
        int pick = (int)(t_rand(rng) % (unsigned)rn);
        ref_play(r, &s, rm[pick]);
        aw_error err;
        if (aw_game_play(g, lm[pick], &err))
            fail_msg("%s: legal move refused: %s", want, err.msg);
        fb_play(r, &fb, FB_BYTE(rm[pick]));
        hist[n++] = s;
        (*plies_total)++;
    }
    aw_game_free(g);
}

static void run_games(const aw_rules *r, int games, uint64_t seed, bool random_starts)
{
    static ref_state hist[MAX_PLIES + 2];
    uint64_t rng = seed;
    long plies = 0;
    for (int i = 0; i < games; i++) {
        aw_position start = random_starts && i % 2 ? random_position(&rng)
                                                   : aw_position_start((int)(t_rand(&rng) & 1));
        compare_game(r, &start, &rng, hist, &plies);
    }
    print_message("%s: %d games, %ld plies agree\n", r->name, games, plies);
}

static int games_per_set(void) { return 10000; }

static void abapa(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    run_games(&r, games_per_set(), 1, false);
    run_games(&r, 2000, 2, true);
}

static void seven_turns(void **state)
{
    (void)state;
    aw_rules r = t_rules("seven-turns", NULL);
    run_games(&r, games_per_set(), 3, false);
    run_games(&r, 2000, 4, true);
}

static void grand_slam(void **state)
{
    (void)state;
    aw_rules r = t_rules("grand-slam", NULL);
    run_games(&r, games_per_set(), 5, false);
    run_games(&r, 2000, 6, true);
}

static void two_seeds(void **state)
{
    (void)state;
    aw_rules r = t_rules("two-seeds", NULL);
    run_games(&r, games_per_set(), 7, false);
    run_games(&r, 2000, 8, true);
}

/* Random combinations of every parameter. */
static void random_parameters(void **state)
{
    (void)state;
    static const char *const captures[] = {"2,3", "2", "3", "1,2,3", "2,3,4", "4"};
    static const char *const slam[] = {"void", "capture"};
    static const char *const feed[] = {"mover", "opponent", "none"};
    static const char *const empty[] = {"owner", "none"};
    static const char *const yesno[] = {"no", "yes"};
    uint64_t rng = 99;
    for (int combo = 0; combo < 60; combo++) {
        char over[256];
        snprintf(over, sizeof over,
                 "captures=%s grand-slam=%s cannot-feed=%s empty-row=%s target=%d no-capture=%d "
                 "repetition=%d play-on=%s",
                 captures[t_rand(&rng) % 6], slam[t_rand(&rng) % 2], feed[t_rand(&rng) % 3],
                 empty[t_rand(&rng) % 2], (int)(t_rand(&rng) % 4 == 0 ? 0 : 15 + t_rand(&rng) % 20),
                 (int)(t_rand(&rng) % 3 == 0 ? 0 : 4 + t_rand(&rng) % 30),
                 (int)(t_rand(&rng) % 3 == 0 ? 0 : 2 + t_rand(&rng) % 3), yesno[t_rand(&rng) % 2]);
        aw_rules r = t_rules("abapa", over);
        run_games(&r, 300, 1000 + (uint64_t)combo, true);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(abapa),       cmocka_unit_test(seven_turns),
        cmocka_unit_test(grand_slam),  cmocka_unit_test(two_seeds),
        cmocka_unit_test(random_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
