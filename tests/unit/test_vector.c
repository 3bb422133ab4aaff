/*
 * test_vector.c - vectors of games (aw_vector_*, src/rules/vector.c)
 * against games with history (aw_game_*): n games stepped together with
 * random legal actions, and the same moves played one by one in n aw_games.
 * After every step each game's position, ply count, legal-action mask and
 * observation must be the aw_game's; a game the vector says ended must have
 * ended there (repetition included), with the rewards of its final scores,
 * and start again. Every preset, absolute and relative actions, counts and
 * floats, and variants where repetition and the no-capture limit end many
 * games. Then the errors: a bad n, an action out of range or illegal (with
 * nothing played).
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The absolute move of an action, from the definitions of awale.h. */
static aw_move move_of(const aw_rules *r, int relative, int a, int side)
{
    const int relay = r->family == AW_FAMILY_RELAY;
    if (relay && a == (relative ? 12 : 24))
        return AW_MOVE_PASS;
    if (relative)
        return (aw_move)((a % 6 + 6 * side) | (a >= 6 ? AW_MOVE_CW : 0));
    return (aw_move)(a >= 12 ? (a - 12) | AW_MOVE_CW : a);
}

static void compare(const char *preset, const char *overrides, int flags, int n, int steps,
                    int *ends)
{
    aw_rules r = t_rules(preset, overrides);
    aw_error err;
    aw_vector *v = aw_vector_new(&r, n, flags, 12345, &err);
    assert_non_null(v);
    const int relative = flags & AW_VECTOR_RELATIVE;
    const int na = aw_vector_num_actions(v);
    assert_int_equal(na, (r.family == AW_FAMILY_RELAY ? 13 : 6) * (relative ? 1 : 2) -
                             (r.family == AW_FAMILY_RELAY && !relative ? 1 : 0));
    aw_game **g = calloc((size_t)n, sizeof *g);
    int32_t *act = calloc((size_t)n, sizeof *act);
    float *rew = calloc((size_t)n * 2, sizeof *rew);
    uint8_t *done = calloc((size_t)n, 1);
    uint8_t *mask = calloc((size_t)n * (size_t)na, 1);
    float *obs = calloc((size_t)n * AW_VECTOR_OBS, sizeof *obs); /* big enough for both */
    aw_position start = aw_position_start(AW_SOUTH);
    for (int i = 0; i < n; i++)
        g[i] = aw_game_new(&r, &start);
    uint8_t *players = calloc((size_t)n, 1);
    aw_vector_observe(v, obs, mask);
    for (int step = 0; step < steps; step++) {
        aw_vector_players(v, players);
        for (int i = 0; i < n; i++) {
            /* The mask and the observation are the game's. */
            aw_move legal[AW_MAX_MOVES];
            int k = aw_game_legal(g[i], legal);
            uint8_t want[25] = {0};
            const aw_position *p = aw_game_position(g[i]);
            for (int j = 0; j < k; j++) {
                int a = -1;
                for (int b = 0; b < na; b++)
                    if (move_of(&r, relative, b, p->side) == legal[j])
                        a = b;
                assert_true(a >= 0);
                want[a] = 1;
            }
            assert_memory_equal(mask + (size_t)i * (size_t)na, want, (size_t)na);
            assert_memory_equal(aw_vector_position(v, i), p, sizeof *p);
            assert_int_equal(aw_vector_ply(v, i), aw_game_ply(g[i]));
            assert_int_equal(players[i], p->side);
            for (int j = 0; j < AW_VECTOR_OBS; j++) {
                int value = j < AW_PITS ? p->pits[j] : p->score[j - AW_PITS];
                if (flags & AW_VECTOR_FLOAT)
                    assert_true(obs[(size_t)i * AW_VECTOR_OBS + (size_t)j] == value / 48.0f);
                else
                    assert_int_equal(((uint8_t *)obs)[(size_t)i * AW_VECTOR_OBS + (size_t)j],
                                     value);
            }
        }
        aw_vector_random_actions(v, act);
        assert_int_equal(aw_vector_step(v, act, rew, done, obs, mask, &err), 0);
        for (int i = 0; i < n; i++) {
            const aw_position *p = aw_game_position(g[i]);
            assert_int_equal(aw_game_play(g[i], move_of(&r, relative, act[i], p->side), &err), 0);
            aw_status st = aw_game_status(g[i]);
            assert_int_equal(done[i], st != AW_ONGOING);
            if (st == AW_ONGOING) {
                assert_true(rew[2 * i] == 0.0f && rew[2 * i + 1] == 0.0f);
                continue;
            }
            int sc[2];
            aw_game_scores(g[i], sc);
            float want = sc[0] > sc[1] ? 1.0f : sc[0] < sc[1] ? -1.0f : 0.0f;
            assert_true(rew[2 * i] == want && rew[2 * i + 1] == -want);
            ends[st]++;
            aw_game_reset(g[i], &start);
        }
    }
    for (int i = 0; i < n; i++)
        aw_game_free(g[i]);
    free(g);
    free(act);
    free(rew);
    free(done);
    free(mask);
    free(obs);
    free(players);
    aw_vector_free(v);
}

static void every_preset(void **state)
{
    (void)state;
    const int steps = t_sanitized() ? 300 : 1500;
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        for (int flags = 0; flags < 4; flags++) {
            int ends[16] = {0};
            compare(aw_rules_preset_name(i), NULL, flags, 64, steps, ends);
            int total = 0;
            for (int e = 0; e < 16; e++)
                total += ends[e];
            assert_true(total > 64); /* many games ended and started again */
        }
    }
}

static void repetitions_and_limits(void **state)
{
    (void)state;
    const int steps = t_sanitized() ? 400 : 2000;
    int ends[16] = {0};
    compare("abapa", "repetition=2", 0, 64, steps, ends);
    compare("two-seeds", "repetition=2", AW_VECTOR_RELATIVE, 64, steps, ends);
    compare("relay", "repetition=2", 0, 64, steps, ends);
    compare("relay", "repetition=2 no-move=pass", AW_VECTOR_RELATIVE, 64, steps, ends);
    compare("abapa", "no-capture=6", 0, 64, steps, ends);
    print_message("ends: repetition %d, no-capture %d, target %d\n", ends[AW_END_REPETITION],
                  ends[AW_END_NO_CAPTURE], ends[AW_END_TARGET]);
    assert_true(ends[AW_END_REPETITION] > 20);
    assert_true(ends[AW_END_NO_CAPTURE] > 20);
}

/* The same seed, the same actions and games; reset goes back to the start. */
static void seeded_and_reset(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    aw_vector *a = aw_vector_new(&r, 8, 0, 7, NULL), *b = aw_vector_new(&r, 8, 0, 7, NULL);
    int32_t x[8], y[8];
    for (int s = 0; s < 50; s++) {
        aw_vector_random_actions(a, x);
        aw_vector_random_actions(b, y);
        assert_memory_equal(x, y, sizeof x);
        assert_int_equal(aw_vector_step(a, x, NULL, NULL, NULL, NULL, NULL), 0);
        assert_int_equal(aw_vector_step(b, y, NULL, NULL, NULL, NULL, NULL), 0);
    }
    for (int i = 0; i < 8; i++)
        assert_memory_equal(aw_vector_position(a, i), aw_vector_position(b, i),
                            sizeof(aw_position));
    aw_vector_reset(a);
    aw_position start = aw_position_start(AW_SOUTH);
    for (int i = 0; i < 8; i++) {
        assert_memory_equal(aw_vector_position(a, i), &start, sizeof start);
        assert_int_equal(aw_vector_ply(a, i), 0);
    }
    assert_null(aw_vector_position(a, 8));
    assert_int_equal(aw_vector_ply(a, -1), -1);
    assert_int_equal(aw_vector_size(a), 8);
    aw_vector_free(a);
    aw_vector_free(b);
    aw_vector_free(NULL);
}

static void errors(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    aw_error err;
    assert_null(aw_vector_new(&r, 0, 0, 1, &err));
    assert_string_equal(err.msg, "the number of games must be from 1 to 1048576, not 0");
    assert_null(aw_vector_new(&r, 2, 8, 1, &err));
    assert_string_equal(err.msg, "unknown vector flags 0x8");
    aw_vector *v = aw_vector_new(&r, 3, 0, 1, &err);
    int32_t act[3] = {2, 12, 2};
    assert_int_equal(aw_vector_step(v, act, NULL, NULL, NULL, NULL, &err), -1);
    assert_string_equal(err.msg, "game 1: action 12 is out of range (0 to 11)");
    act[1] = 7;
    assert_int_equal(aw_vector_step(v, act, NULL, NULL, NULL, NULL, &err), -1);
    assert_string_equal(err.msg,
                        "game 1: action 7 (b) is illegal: b is North's pit, and South is to "
                        "move (South plays A-F)");
    /* Nothing was played. */
    aw_position start = aw_position_start(AW_SOUTH);
    for (int i = 0; i < 3; i++)
        assert_memory_equal(aw_vector_position(v, i), &start, sizeof start);
    act[1] = -1;
    assert_int_equal(aw_vector_step(v, act, NULL, NULL, NULL, NULL, &err), -1);
    assert_string_equal(err.msg, "game 1: action -1 is out of range (0 to 11)");
    /* An empty pit. */
    int32_t c[3] = {2, 2, 2}, rel[3] = {8, 8, 8};
    assert_int_equal(aw_vector_step(v, c, NULL, NULL, NULL, NULL, &err), 0);
    assert_int_equal(aw_vector_step(v, rel, NULL, NULL, NULL, NULL, &err), 0);
    assert_int_equal(aw_vector_step(v, c, NULL, NULL, NULL, NULL, &err), -1);
    assert_string_equal(err.msg, "game 0: action 2 (C) is illegal: pit C is empty");
    aw_vector_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_preset),
        cmocka_unit_test(repetitions_and_limits),
        cmocka_unit_test(seeded_and_reset),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
