/*
 * test_relay_differential.c - the relay game of the library against the
 * simple reference (reference_relay.c) over random games: at every position
 * of every game the legal moves (in order), the position after each of them,
 * the seeds it captures, the end status (repetition included) and the final
 * scores must agree.
 *
 * 10,000 games of the relay preset from the start, 2,000 from random set-up
 * positions, and 200 games (random set-ups) under each of the 72
 * combinations of skip-origin, chain, no-move, repetition and no-capture;
 * then games from positions with capture-free cycles, so that repetitions
 * (rare in random games) are compared too.
 */
#include "support.h"
#include "reference_relay.h"

#include <stdio.h>
#include <string.h>

enum { MAX_PLIES = 2000 };

/* Repetition in the reference: compare with every earlier position. */
static int rr_repeated(const rr_rules *r, const rr_state *hist, int n)
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

/* A random position: 48 seeds spread over pits and stores. */
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

static void fail_at(const aw_rules *r, const aw_game *g, const char *what)
{
    char buf[AW_POSITION_MAX], from[AW_POSITION_MAX], diff[256], moves[2048] = "";
    aw_rules_diff(r, diff, sizeof diff);
    for (int i = 0; i < aw_game_ply(g) && strlen(moves) + 8 < sizeof moves; i++) {
        char m[AW_MOVE_MAX];
        strcat(moves, " ");
        strcat(moves, aw_move_format(r, aw_game_move(g, i), m));
    }
    fail_msg("relay %s: %s at %s (from %s after%s)", diff, what,
             aw_position_format(aw_game_position(g), buf),
             aw_position_format(aw_game_start(g), from), moves);
}

/* Plays one random game, comparing at every position; counts its end in
 * ends[status]. Returns the plies played. */
static long compare_game(const aw_rules *r, const aw_position *start, uint64_t *rng,
                         rr_state *hist, int ends[])
{
    const rr_rules rr = rr_rules_of(r);
    aw_game *g = aw_game_new(r, start);
    assert_non_null(g);
    int n = 0;
    hist[n++] = rr_from(start);
    long plies = 0;
    for (;;) {
        const aw_position *p = aw_game_position(g);
        const rr_state *s = &hist[n - 1];
        aw_position as_ref = rr_to(s);
        if (memcmp(&as_ref, p, sizeof *p) != 0)
            fail_at(r, g, "positions differ");
        if (aw_position_row(p, 0) + aw_position_row(p, 1) + p->score[0] + p->score[1] != AW_SEEDS)
            fail_at(r, g, "seeds not conserved");

        int want = rr_status(&rr, s);
        if (want == AW_ONGOING && rr_repeated(&rr, hist, n))
            want = AW_END_REPETITION;
        aw_status st = aw_game_status(g);
        if ((int)st != want) {
            char what[96];
            snprintf(what, sizeof what, "status %s, reference %s", aw_status_word(st),
                     aw_status_word((aw_status)want));
            fail_at(r, g, what);
        }
        if (st != AW_ONGOING) {
            ends[st]++;
            int got[2], ref[2];
            aw_game_scores(g, got);
            rr_final(s, ref);
            if (got[0] != ref[0] || got[1] != ref[1])
                fail_at(r, g, "final scores differ");
            break;
        }
        if (n > MAX_PLIES)
            break;

        aw_move moves[AW_MAX_MOVES];
        rr_move ref_moves[24];
        int count = aw_generate(r, p, moves), ref_count = rr_moves(&rr, s, ref_moves);
        if (count != ref_count)
            fail_at(r, g, "number of legal moves differs");
        for (int i = 0; i < count; i++) {
            if (moves[i] != rr_to_move(ref_moves[i]))
                fail_at(r, g, "legal moves differ");
            aw_position after = *p;
            rr_state ref_after = *s;
            int taken = aw_play(r, &after, moves[i]);
            int ref_taken = rr_play(&rr, &ref_after, ref_moves[i]);
            aw_position ref_pos = rr_to(&ref_after);
            if (taken != ref_taken || memcmp(&after, &ref_pos, sizeof after) != 0) {
                char m[AW_MOVE_MAX], what[160], a[AW_POSITION_MAX], b[AW_POSITION_MAX];
                snprintf(what, sizeof what, "%s gives %s (%d taken), reference %s (%d taken)",
                         aw_move_format(r, moves[i], m), aw_position_format(&after, a), taken,
                         aw_position_format(&ref_pos, b), ref_taken);
                fail_at(r, g, what);
            }
        }
        int pick = (int)(t_rand(rng) % (unsigned)count);
        aw_error err;
        if (aw_game_play(g, moves[pick], &err))
            fail_at(r, g, err.msg);
        hist[n] = hist[n - 1];
        rr_play(&rr, &hist[n], ref_moves[pick]);
        n++;
        plies++;
    }
    aw_game_free(g);
    return plies;
}

static rr_state history[MAX_PLIES + 2];

static void run_games(const aw_rules *r, int games, uint64_t seed, bool random_starts)
{
    uint64_t rng = seed;
    long plies = 0;
    int ends[AW_END_AGREEMENT + 1] = {0};
    for (int i = 0; i < games; i++) {
        aw_position start =
            random_starts ? random_position(&rng) : aw_position_start((int)(t_rand(&rng) & 1));
        plies += compare_game(r, &start, &rng, history, ends);
    }
    char diff[256], tally[256] = "";
    if (!aw_rules_diff(r, diff, sizeof diff))
        snprintf(diff, sizeof diff, "(preset)");
    for (int st = 1; st <= AW_END_AGREEMENT; st++)
        if (ends[st])
            snprintf(tally + strlen(tally), sizeof tally - strlen(tally), " %s %d",
                     aw_status_word((aw_status)st), ends[st]);
    print_message("relay %s: %d games, %ld plies agree; ends:%s\n", diff, games, plies, tally);
}

static void relay_preset(void **state)
{
    (void)state;
    aw_rules r = t_rules("relay", NULL);
    run_games(&r, 10000, 1, false);
    run_games(&r, 2000, 2, true);
}

static void relay_parameters(void **state)
{
    (void)state;
    static const char *const skip[] = {"skip-origin=no", "skip-origin=yes"};
    static const char *const chain[] = {"chain=forward", "chain=backward"};
    static const char *const no_move[] = {"no-move=end", "no-move=pass"};
    static const char *const repetition[] = {"repetition=0", "repetition=2", "repetition=3"};
    static const char *const no_capture[] = {"no-capture=0", "no-capture=5", "no-capture=20"};
    int combo = 0;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            for (int c = 0; c < 2; c++)
                for (int d = 0; d < 3; d++)
                    for (int e = 0; e < 3; e++) {
                        char overrides[160];
                        snprintf(overrides, sizeof overrides, "%s %s %s %s %s", skip[a], chain[b],
                                 no_move[c], repetition[d], no_capture[e]);
                        aw_rules r = t_rules("relay", overrides);
                        run_games(&r, 200, 100 + (uint64_t)combo++, true);
                    }
    assert_int_equal(combo, 72);
}

/* Positions with capture-free two-ply cycles, where repetitions happen. */
static void relay_repetitions(void **state)
{
    (void)state;
    static const char *const cycles[] = {
        "1-1-1-4-1-0-0-3-1-1-1-0-16-18-N",  "0-3-1-1-9-1-6-3-2-0-1-0-11-10-S-1",
        "0-9-1-7-1-0-0-3-1-0-3-1-16-6-N",   "1-0-4-1-0-0-3-1-0-1-1-0-1-35-N-9",
        "0-0-1-1-1-3-0-0-1-0-0-0-31-10-S-1", "1-1-4-1-1-0-0-3-1-1-0-1-22-12-N-2",
        "0-1-9-0-1-1-0-1-9-1-3-0-10-12-N-5",
    };
    static const char *const rules[] = {"repetition=2", "repetition=3 no-move=pass"};
    uint64_t rng = 7;
    int ends[AW_END_AGREEMENT + 1] = {0};
    for (int k = 0; k < 2; k++) {
        aw_rules r = t_rules("relay", rules[k]);
        for (int c = 0; c < (int)(sizeof cycles / sizeof cycles[0]); c++) {
            aw_position start = t_pos(cycles[c]);
            for (int i = 0; i < 150; i++)
                compare_game(&r, &start, &rng, history, ends);
        }
    }
    print_message("games from cycling positions: %d end by repetition\n",
                  ends[AW_END_REPETITION]);
    assert_true(ends[AW_END_REPETITION] > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(relay_preset),
        cmocka_unit_test(relay_parameters),
        cmocka_unit_test(relay_repetitions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
