/*
 * test_report.c - aw_play_report, the seed-by-seed form of a move that the
 * front ends show, against the fast generators: over random games of every
 * rule set (and random set-up positions) the position after the move, the
 * seeds captured and the refusal of illegal moves must agree with aw_play,
 * and the recorded steps applied to the position before the move must give
 * the position after it. Plus hand-made cases whose report is known: a
 * chain of captures, a grand slam of each policy, a relay with laps.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

/* Apply a report's steps to *p (the position before the move). */
static void apply_steps(const aw_move_report *r, aw_position *p)
{
    int hand = 0;
    for (int i = 0; i < r->nsteps; i++) {
        const aw_step *s = &r->steps[i];
        assert_true(s->pit < AW_PITS);
        switch (s->kind) {
        case AW_STEP_TAKE:
            assert_int_equal(hand, 0); /* a lap starts with an empty hand */
            assert_int_equal(p->pits[s->pit], s->count);
            hand = s->count;
            p->pits[s->pit] = 0;
            break;
        case AW_STEP_SOW:
            assert_true(hand > 0);
            hand--;
            p->pits[s->pit]++;
            assert_int_equal(p->pits[s->pit], s->count);
            break;
        case AW_STEP_CAPTURE:
            assert_int_equal(hand, 0);
            assert_int_equal(p->pits[s->pit], s->count);
            p->score[r->mover] = (uint8_t)(p->score[r->mover] + s->count);
            p->pits[s->pit] = 0;
            break;
        default: fail_msg("bad step kind %d", s->kind);
        }
    }
    assert_int_equal(hand, 0);
}

static void check_move(const aw_rules *r, const aw_position *before, aw_move m)
{
    aw_position fast = *before, slow = *before;
    static aw_move_report rep;
    const int taken = aw_play(r, &fast, m);
    assert_int_equal(aw_play_report(r, &slow, m, &rep), taken);
    char a[AW_POSITION_MAX], b[AW_POSITION_MAX];
    assert_string_equal(aw_position_format(&slow, b), aw_position_format(&fast, a));
    assert_int_equal(rep.captured, taken);
    assert_int_equal(rep.mover, before->side);
    assert_int_equal(rep.move, m);
    int sum = 0;
    for (int i = 0; i < rep.npits; i++)
        sum += rep.pit_seeds[i];
    assert_int_equal(sum, taken);
    assert_true(!rep.slam_void || (rep.grand_slam && taken == 0));
    if (!rep.truncated) {
        aw_position p = *before;
        apply_steps(&rep, &p);
        assert_memory_equal(p.pits, fast.pits, AW_PITS);
        assert_memory_equal(p.score, fast.score, 2);
    }
    if (m != AW_MOVE_PASS) {
        assert_int_equal(rep.seeds, before->pits[AW_MOVE_PIT(m)]);
        assert_true(rep.laps >= 1);
        assert_true(rep.sown >= rep.seeds);
        if (r->family == AW_FAMILY_OWARE)
            assert_int_equal(rep.sown, rep.seeds);
    }
    /* NULL report: same play. */
    aw_position q = *before;
    assert_int_equal(aw_play_report(r, &q, m, NULL), taken);
    assert_memory_equal(&q, &fast, sizeof q);
}

static void random_games(const aw_rules *r, uint64_t seed, int games)
{
    uint64_t rng = seed;
    for (int g = 0; g < games; g++) {
        aw_position p = aw_position_start((int)(t_rand(&rng) & 1));
        if (g % 3 == 1) { /* a random set-up position */
            memset(p.pits, 0, sizeof p.pits);
            int board = 1 + (int)(t_rand(&rng) % 48);
            for (int s = 0; s < board; s++)
                p.pits[t_rand(&rng) % 12]++;
            p.score[0] = (uint8_t)(t_rand(&rng) % (unsigned)(48 - board + 1));
            p.score[1] = (uint8_t)(48 - board - p.score[0]);
        }
        for (int ply = 0; ply < 300 && aw_position_status(r, &p) == AW_ONGOING; ply++) {
            aw_move moves[AW_MAX_MOVES];
            const int n = aw_generate(r, &p, moves);
            if (n == 0)
                break;
            /* Illegal moves are refused and change nothing. */
            for (int pit = 0; pit < AW_PITS; pit++) {
                const aw_move m = (aw_move)(pit | ((t_rand(&rng) & 1) ? AW_MOVE_CW : 0));
                if (!aw_is_legal(r, &p, m)) {
                    aw_position q = p;
                    assert_int_equal(aw_play_report(r, &q, m, NULL), -1);
                    assert_memory_equal(&q, &p, sizeof q);
                }
            }
            for (int i = 0; i < n; i++)
                check_move(r, &p, moves[i]);
            aw_play(r, &p, moves[t_rand(&rng) % (unsigned)n]);
        }
    }
}

static void every_rule_set(void **state)
{
    (void)state;
    const int games = t_sanitized() ? 60 : 400;
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        aw_rules r = t_rules(aw_rules_preset_name(i), NULL);
        random_games(&r, 1000 + (uint64_t)i, games);
    }
    /* Parameters that change the sowing or the captures. */
    aw_rules r = t_rules("abapa", "grand-slam=capture");
    random_games(&r, 7, games / 4);
    r = t_rules("relay", "skip-origin=yes");
    random_games(&r, 8, games / 4);
    r = t_rules("relay", "chain=backward");
    random_games(&r, 9, games / 4);
    r = t_rules("relay", "no-move=pass");
    random_games(&r, 10, games / 4);
}

static void chain_capture(void **state)
{
    (void)state;
    /* abapa: F with 3 seeds lands in c; c (3) b (2) a (3) are taken. */
    aw_rules r = t_rules("abapa", NULL);
    aw_position p = t_pos("0-0-0-0-0-3-1-2-1-4-4-4-14-15-S");
    aw_move_report rep;
    assert_int_equal(aw_play_report(&r, &p, 5, &rep), 7);
    t_assert_pos(&p, "0-0-0-0-0-0-0-0-0-4-4-4-21-15-N");
    assert_int_equal(rep.seeds, 3);
    assert_int_equal(rep.last, 8);
    assert_int_equal(rep.npits, 3);
    assert_int_equal(rep.pits[0], 8);
    assert_int_equal(rep.pit_seeds[0], 2);
    assert_int_equal(rep.pits[1], 7);
    assert_int_equal(rep.pit_seeds[1], 3);
    assert_int_equal(rep.pits[2], 6);
    assert_int_equal(rep.pit_seeds[2], 2);
    assert_false(rep.grand_slam);
    /* 1 take + 3 sows + 3 captures */
    assert_int_equal(rep.nsteps, 7);
    assert_int_equal(rep.steps[0].kind, AW_STEP_TAKE);
    assert_int_equal(rep.steps[3].kind, AW_STEP_SOW);
    assert_int_equal(rep.steps[3].pit, 8);
    assert_int_equal(rep.steps[4].kind, AW_STEP_CAPTURE);
}

static void grand_slam(void **state)
{
    (void)state;
    /* F with 2 seeds fills a and b to 2 and 3: North's whole row. */
    const char *start = "0-0-0-0-0-2-1-2-0-0-0-0-20-23-S";
    aw_move_report rep;
    aw_rules r = t_rules("abapa", NULL); /* a grand slam captures nothing */
    aw_position p = t_pos(start);
    assert_int_equal(aw_play_report(&r, &p, 5, &rep), 0);
    assert_true(rep.grand_slam);
    assert_true(rep.slam_void);
    assert_int_equal(rep.npits, 0);
    t_assert_pos(&p, "0-0-0-0-0-0-2-3-0-0-0-0-20-23-N-1");
    r = t_rules("abapa", "grand-slam=capture");
    p = t_pos(start);
    assert_int_equal(aw_play_report(&r, &p, 5, &rep), 5);
    assert_true(rep.grand_slam);
    assert_false(rep.slam_void);
    assert_int_equal(rep.npits, 2);
}

static void relay_laps(void **state)
{
    (void)state;
    aw_rules r = t_rules("relay", NULL);
    aw_position p = aw_position_start(AW_SOUTH);
    aw_move_report rep;
    /* C+ from the start: 4 seeds into D E F a, a held 4: relay back. */
    const aw_position before = p;
    aw_play_report(&r, &p, 2, &rep);
    assert_true(rep.laps >= 2);
    assert_true(rep.sown > rep.seeds);
    aw_position fast = before;
    aw_play(&r, &fast, 2);
    assert_memory_equal(&fast, &p, sizeof p);
    /* A pass says so. */
    aw_rules rp = t_rules("relay", "no-move=pass");
    aw_position q = t_pos("1-1-1-1-1-1-0-0-0-0-0-4-19-19-S");
    assert_true(aw_is_legal(&rp, &q, AW_MOVE_PASS));
    assert_int_equal(aw_play_report(&rp, &q, AW_MOVE_PASS, &rep), 0);
    assert_int_equal(rep.laps, 0);
    assert_int_equal(rep.last, -1);
    assert_int_equal(rep.nsteps, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_rule_set),
        cmocka_unit_test(chain_capture),
        cmocka_unit_test(grand_slam),
        cmocka_unit_test(relay_laps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
