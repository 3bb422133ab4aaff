/*
 * test_abi.c - what bindings rely on: the version and struct layout the
 * library reports (aw_version, aw_abi_layout) agree with the header and the
 * compiler; a game's copy (aw_game_clone) is a separate game with the same
 * history; the moves that can be played now (aw_game_legal) are the
 * generator's while the game goes on and none once it is over; random
 * playouts (aw_game_playout) are legal, repeatable games.
 */
#include "support.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static void version_macros_agree(void **state)
{
    (void)state;
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", AW_VERSION_MAJOR, AW_VERSION_MINOR, AW_VERSION_PATCH);
    assert_string_equal(v, AW_VERSION);
    assert_string_equal(aw_version(), AW_VERSION);
}

static void layout_answers(void **state)
{
    (void)state;
    assert_int_equal(aw_abi_layout("aw_rules", NULL), (long)sizeof(aw_rules));
    assert_int_equal(aw_abi_layout("aw_rules", "target"), (long)offsetof(aw_rules, target));
    assert_int_equal(aw_abi_layout("aw_position", "quiet"), (long)offsetof(aw_position, quiet));
    assert_int_equal(aw_abi_layout("aw_search_result", "info"),
                     (long)offsetof(aw_search_result, info));
    assert_int_equal(aw_abi_layout("aw_limits", NULL), (long)sizeof(aw_limits));
    assert_int_equal(aw_abi_layout("aw_error", "msg"), 0);
    /* Unknown names answer -1, never a guess. */
    assert_int_equal(aw_abi_layout("aw_rules", "no_such_field"), -1);
    assert_int_equal(aw_abi_layout("aw_nothing", NULL), -1);
    assert_int_equal(aw_abi_layout(NULL, "target"), -1);
}

/* Random games of every rule set: at every ply a clone has the same
 * history, plays on without touching the original, and aw_game_legal is
 * aw_generate's list until the game ends, then empty. */
static void clone_and_legal(void **state)
{
    (void)state;
    uint64_t seed = 14;
    const char *presets[] = {"abapa", "seven-turns", "grand-slam", "two-seeds", "relay"};
    int games = t_sanitized() ? 10 : 60;
    for (size_t p = 0; p < sizeof presets / sizeof presets[0]; p++) {
        aw_rules r = t_rules(presets[p], NULL);
        for (int gi = 0; gi < games; gi++) {
            aw_game *g = aw_game_new(&r, NULL);
            assert_non_null(g);
            for (;;) {
                aw_move legal[AW_MAX_MOVES], gen[AW_MAX_MOVES];
                int n = aw_game_legal(g, legal);
                if (aw_game_status(g) != AW_ONGOING) {
                    assert_int_equal(n, 0);
                    break;
                }
                int m = aw_generate(&r, aw_game_position(g), gen);
                assert_int_equal(n, m);
                assert_memory_equal(legal, gen, (size_t)n);
                assert_true(n > 0);
                aw_game *c = aw_game_clone(g);
                assert_non_null(c);
                assert_int_equal(aw_game_ply(c), aw_game_ply(g));
                for (int i = 0; i <= aw_game_ply(g); i++)
                    assert_memory_equal(aw_game_position_at(c, i), aw_game_position_at(g, i),
                                        sizeof(aw_position));
                assert_int_equal(aw_game_status(c), aw_game_status(g));
                aw_move move = legal[t_rand(&seed) % (uint64_t)n];
                aw_position before = *aw_game_position(g);
                assert_int_equal(aw_game_play(c, move, NULL), 0);
                assert_memory_equal(aw_game_position(g), &before, sizeof before);
                assert_int_equal(aw_game_play(g, move, NULL), 0);
                assert_memory_equal(aw_game_position(c), aw_game_position(g), sizeof before);
                aw_game_free(c);
            }
            aw_game_free(g);
        }
    }
}

/* Random playouts: legal games (replayed move by move they give the same
 * positions) that end, or stop at the limit; the same seed gives the same
 * game; the first moves are spread over every legal move. */
static void playouts(void **state)
{
    (void)state;
    const char *presets[] = {"abapa", "seven-turns", "grand-slam", "two-seeds", "relay"};
    int games = t_sanitized() ? 20 : 200;
    for (size_t p = 0; p < sizeof presets / sizeof presets[0]; p++) {
        aw_rules r = t_rules(presets[p], NULL);
        int first[AW_PITS * 2] = {0};
        for (int gi = 0; gi < games; gi++) {
            uint64_t seed = 1000 + (uint64_t)gi, again = seed;
            aw_game *g = aw_game_new(&r, NULL);
            int n = aw_game_playout(g, &seed, 100000);
            assert_int_equal(n, aw_game_ply(g));
            assert_true(n > 0);
            assert_int_not_equal(aw_game_status(g), AW_ONGOING);
            assert_true(seed != again);
            aw_game *h = aw_game_new(&r, NULL);
            for (int i = 0; i < n; i++) {
                assert_int_equal(aw_game_play(h, aw_game_move(g, i), NULL), 0);
                assert_memory_equal(aw_game_position(h), aw_game_position_at(g, i + 1),
                                    sizeof(aw_position));
            }
            /* The same seed, the same game; a limit stops it. */
            aw_game_reset(h, NULL);
            assert_int_equal(aw_game_playout(h, &again, 100000), n);
            for (int i = 0; i < n; i++)
                assert_int_equal(aw_game_move(h, i), aw_game_move(g, i));
            aw_game_reset(h, NULL);
            again = 1000 + (uint64_t)gi;
            int cut = n / 2;
            assert_int_equal(aw_game_playout(h, &again, cut), cut);
            assert_int_equal(aw_game_ply(h), cut);
            aw_game_free(h);
            aw_game_free(g);
        }
        /* The first move: each legal one about equally often (100 times
         * each expected; the binomial spread is about 10). */
        aw_move legal[AW_MAX_MOVES];
        aw_position start = aw_position_start(AW_SOUTH);
        int nlegal = aw_generate(&r, &start, legal);
        aw_game *g = aw_game_new(&r, NULL);
        uint64_t seed = 7;
        for (int i = 0; i < 100 * nlegal; i++) {
            aw_game_reset(g, NULL);
            assert_int_equal(aw_game_playout(g, &seed, 1), 1);
            aw_move m = aw_game_move(g, 0);
            first[AW_MOVE_PIT(m) + (m & AW_MOVE_CW ? 12 : 0)]++;
        }
        aw_game_free(g);
        for (int i = 0; i < nlegal; i++) {
            int k = AW_MOVE_PIT(legal[i]) + (legal[i] & AW_MOVE_CW ? 12 : 0);
            assert_in_range(first[k], 50, 150);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_macros_agree),
        cmocka_unit_test(layout_answers),
        cmocka_unit_test(clone_and_legal),
        cmocka_unit_test(playouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
