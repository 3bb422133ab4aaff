/*
 * test_notation.c - position strings and moves as text: round trips, and
 * bad input rejected with a message that names the problem.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

static void round_trips(void **state)
{
    (void)state;
    static const char *const good[] = {
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        "0-0-0-0-0-12-0-3-3-3-3-3-10-11-N",
        "48-0-0-0-0-0-0-0-0-0-0-0-0-0-S",
        "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N-65535",
        "2-3-2-2-2-0-3-4-4-4-4-4-7-7-N-1",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        aw_position p = t_pos(good[i]);
        t_assert_pos(&p, good[i]);
    }
    /* Spaces around, a lower-case side and an explicit zero counter are
     * accepted and printed in the canonical form. */
    aw_position p = t_pos("  4-4-4-4-4-4-4-4-4-4-4-4-0-0-s-0\n");
    t_assert_pos(&p, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    aw_position start = aw_position_start(AW_NORTH);
    t_assert_pos(&start, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N");
}

static void expect_bad(const char *text, const char *fragment)
{
    aw_position p;
    aw_error err = {{0}};
    if (aw_position_parse(text, &p, &err) == 0)
        fail_msg("'%s' was accepted", text ? text : "(null)");
    if (!strstr(err.msg, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", text ? text : "(null)", err.msg, fragment);
}

static void bad_positions(void **state)
{
    (void)state;
    expect_bad(NULL, "no position");
    expect_bad("", "empty position string");
    expect_bad("   ", "empty position string");
    expect_bad("4-4-4", "too short: pit D");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4", "South's score");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0", "side to move");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", "bad side to move");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-SN", "bad side to move");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-", "side to move");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-", "no-capture counter");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-x", "no-capture counter");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-70000", "more than 65535");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-1-2", "too long");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-5-0-0-S", "49 seeds, not 48");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-3-0-0-S", "47 seeds");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0--0-S", "North's score");
    expect_bad("-4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "pit A");
    expect_bad("4-4-4-4-4-4--4-4-4-4-4-0-0-S", "pit a (field 7) is empty");
    expect_bad("4-4-x-4-4-4-4-4-4-4-4-4-0-0-S", "pit C");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-1.5-0-S", "South's score");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-49-0-0-S", "more than 48");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-99999999999999999999-0-0-S", "more than 48");
    expect_bad("4 4 4 4 4 4 4 4 4 4 4 4 0 0 S", "pit A");
    expect_bad("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\x01", "side to move");
}

static int parse(const char *rules_name, const char *text, aw_move *m, int max, aw_error *err)
{
    aw_rules r = t_rules(rules_name, NULL);
    return aw_moves_parse(&r, text, m, max, err);
}

static void moves_as_text(void **state)
{
    (void)state;
    aw_move m[16];
    aw_error err;
    assert_int_equal(parse("abapa", "CfFb", m, 16, &err), 4);
    assert_int_equal(m[0], 2);
    assert_int_equal(m[1], 11);
    assert_int_equal(m[2], 5);
    assert_int_equal(m[3], 7);
    assert_int_equal(parse("abapa", " C  f,F\tb ", m, 16, &err), 4);
    assert_int_equal(parse("abapa", "", m, 16, &err), 0);
    assert_int_equal(parse("relay", "C+d-", m, 16, &err), 2);
    assert_int_equal(m[0], 2);
    assert_int_equal(m[1], 9 | AW_MOVE_CW);
    aw_rules relay = t_rules("relay", NULL), abapa = t_rules("abapa", NULL);
    char buf[AW_MOVE_MAX];
    assert_string_equal(aw_move_format(&relay, m[1], buf), "d-");
    assert_string_equal(aw_move_format(&abapa, 3, buf), "D");
    assert_string_equal(aw_move_format(&abapa, 6, buf), "a");
}

static void expect_bad_moves(const char *rules, const char *text, const char *fragment)
{
    aw_move m[4];
    aw_error err = {{0}};
    if (parse(rules, text, m, 4, &err) >= 0)
        fail_msg("'%s' was accepted", text);
    if (!strstr(err.msg, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", text, err.msg, fragment);
}

static void bad_moves(void **state)
{
    (void)state;
    expect_bad_moves("abapa", "CfG", "move 3: 'G' is not a pit letter");
    expect_bad_moves("abapa", "1", "move 1: '1' is not a pit letter");
    expect_bad_moves("abapa", "C+", "no direction");
    expect_bad_moves("abapa", "\xff", "byte 0xff");
    expect_bad_moves("abapa", "ABCDE", "too many moves");
    expect_bad_moves("relay", "C", "needs a direction");
    expect_bad_moves("relay", "C*", "needs a direction");
    expect_bad_moves("relay", "C+x", "move 2");
}

/* Illegal moves are refused by a game with the reason. */
static void illegal_moves(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_game *g = aw_game_new(&r, NULL);
    aw_error err;
    assert_int_not_equal(aw_game_play(g, 7, &err), 0);
    assert_non_null(strstr(err.msg, "North's pit, and South is to move"));
    assert_int_equal(aw_game_play(g, 2, &err), 0);
    assert_int_equal(aw_game_play(g, 6, &err), 0);
    assert_int_not_equal(aw_game_play(g, 2, &err), 0);
    assert_non_null(strstr(err.msg, "pit C is empty"));
    assert_int_not_equal(aw_game_play(g, 2 | AW_MOVE_CW, &err), 0);
    aw_game_free(g);

    aw_position feed = t_pos("3-0-0-0-2-0-0-0-0-0-0-0-20-23-S");
    g = aw_game_new(&r, &feed);
    assert_int_not_equal(aw_game_play(g, 0, &err), 0);
    assert_non_null(strstr(err.msg, "North's row is empty: South must give North seeds (legal: E)"));
    aw_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trips),   cmocka_unit_test(bad_positions),
        cmocka_unit_test(moves_as_text), cmocka_unit_test(bad_moves),
        cmocka_unit_test(illegal_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
