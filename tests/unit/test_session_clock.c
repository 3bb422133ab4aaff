/*
 * test_session_clock.c - the session's clocks with a time source the test
 * moves by hand (a flag falls exactly at zero, the increment, a restore,
 * the computer's thinking charged), resignation, offers between two
 * persons with every refusal, undo of a resignation or a loss on time on
 * its own, and records that keep the end and the clocks.
 */
#include "support.h"

#include "front/players.h"
#include "front/session.h"
#include "front/words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t fake_now(void *ctx) { return *(int64_t *)ctx; }

static session *clocked(int64_t *now, int64_t base, int64_t inc, bool south_computer,
                        bool north_computer, const char *rules)
{
    session_config c = session_config_default();
    c.rules = t_rules(rules ? rules : "abapa", NULL);
    c.computer[0] = south_computer;
    c.computer[1] = north_computer;
    c.movetime_ms = c.hint_ms = 30;
    c.seed = 1;
    c.hash_mb = 1;
    c.clock_base_ms = base;
    c.clock_increment_ms = inc;
    c.now_ms = fake_now;
    c.now_ctx = now;
    aw_error err;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    return s;
}

static void assert_clock(const session *s, int64_t south, int64_t north, int running)
{
    session_clock k;
    session_clock_read(s, &k);
    assert_true(k.on);
    assert_int_equal(k.remaining_ms[0], south);
    assert_int_equal(k.remaining_ms[1], north);
    assert_int_equal(k.running, running);
}

static void assert_result(const session *s, session_end kind, int winner, const char *result,
                          const char *reason)
{
    struct session_result r;
    session_result(s, &r);
    assert_int_equal(r.over, kind != SESSION_END_NONE);
    assert_int_equal(r.kind, kind);
    assert_int_equal(r.winner, winner);
    assert_string_equal(r.result, result);
    assert_string_equal(r.reason, reason);
}

static void clock_words(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(words_clock(300000, buf, sizeof buf), "5:00");
    assert_string_equal(words_clock(3723000, buf, sizeof buf), "1:02:03");
    assert_string_equal(words_clock(10000, buf, sizeof buf), "0:10");
    assert_string_equal(words_clock(9499, buf, sizeof buf), "0:09.4");
    assert_string_equal(words_clock(-5, buf, sizeof buf), "0:00.0");
}

static void no_clock(void **state)
{
    (void)state;
    int64_t now = 0;
    session *s = clocked(&now, 0, 5000, false, false, NULL);
    session_clock k;
    session_clock_read(s, &k);
    assert_false(k.on);
    assert_int_equal(k.running, -1);
    session_clock_start(s);
    now += 1000000;
    assert_false(session_clock_check(s));
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    assert_result(s, SESSION_END_NONE, -1, "*", "");
    /* A clock longer than three hours is refused with words. */
    session_config c = *session_get_config(s);
    c.clock_base_ms = SESSION_CLOCK_MAX_MS + 1;
    aw_error err;
    assert_null(session_new(&c, &err));
    assert_non_null(strstr(err.msg, "3 hours"));
    session_free(s);
}

static void flag_falls_at_zero(void **state)
{
    (void)state;
    int64_t now = 1000;
    aw_error err;
    session *s = clocked(&now, 1000, 500, false, false, NULL);
    assert_clock(s, 1000, 1000, -1);
    /* Nothing runs before the start. */
    now += 5000;
    assert_clock(s, 1000, 1000, -1);
    session_clock_start(s);
    assert_clock(s, 1000, 1000, AW_SOUTH);
    now += 300;
    assert_clock(s, 700, 1000, AW_SOUTH);
    /* South's move: 300 ms taken, 500 given. */
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    assert_clock(s, 1200, 1000, AW_NORTH);
    /* North: one millisecond left still plays... */
    now += 999;
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    assert_false(session_clock_check(s));
    assert_clock(s, 1200, 1, AW_NORTH);
    /* ... none left is a loss, noticed when the move comes in. */
    now += 1;
    assert_int_equal(session_ongoing(s, &err), SESSION_OVER);
    assert_non_null(strstr(err.msg, "North ran out of time"));
    assert_result(s, SESSION_END_TIME, AW_SOUTH, "1-0", "time forfeit");
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OVER);
    assert_non_null(strstr(err.msg, "North ran out of time"));
    assert_int_equal(aw_game_ply(session_game(s)), 1);
    /* The clocks stopped at the end. */
    now += 10000;
    assert_clock(s, 1200, 0, -1);
    assert_false(session_clock_check(s));
    assert_result(s, SESSION_END_TIME, AW_SOUTH, "1-0", "time forfeit");
    session_free(s);
}

static void check_ends_once(void **state)
{
    (void)state;
    int64_t now = 0;
    session *s = clocked(&now, 2000, 0, false, false, NULL);
    session_clock_start(s);
    now += 2500;
    assert_true(session_clock_check(s));
    assert_false(session_clock_check(s));
    assert_result(s, SESSION_END_TIME, AW_NORTH, "0-1", "time forfeit");
    /* Restarted: full clocks, stopped. */
    session_restart(s, NULL);
    assert_clock(s, 2000, 2000, -1);
    assert_result(s, SESSION_END_NONE, -1, "*", "");
    session_free(s);
}

static void first_move_starts_the_clock(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    session *s = clocked(&now, 60000, 2000, false, false, NULL);
    now += 7000; /* not started: not South's time */
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    assert_clock(s, 62000, 60000, AW_NORTH);
    now += 1500;
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OK);
    assert_clock(s, 62000, 60500, AW_SOUTH);
    session_free(s);
}

static void restore(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    session *s = clocked(&now, 60000, 0, false, false, NULL);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK); /* North to move */
    const int64_t times[2] = {12000, 400};
    session_clock_restore(s, times, false);
    assert_clock(s, 12000, 400, -1);
    now += 100000; /* stopped: nothing changes */
    assert_clock(s, 12000, 400, -1);
    session_clock_restore(s, times, true);
    assert_clock(s, 12000, 400, AW_NORTH);
    now += 399;
    assert_clock(s, 12000, 1, AW_NORTH);
    now += 1;
    assert_true(session_clock_check(s));
    assert_result(s, SESSION_END_TIME, AW_SOUTH, "1-0", "time forfeit");
    session_free(s);
}

static void computer_on_its_clock(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    aw_search_result res;
    /* The computer plays South: its thinking is charged to it. */
    session *s = clocked(&now, 60000, 1000, true, false, NULL);
    assert_int_equal(session_computer_think(s, NULL, NULL, &res, &err), SESSION_OK);
    assert_clock(s, 60000, 60000, AW_SOUTH); /* the fake time did not move */
    now += 700;
    assert_int_equal(session_computer_move(s, &res, NULL, NULL, &err), SESSION_OK);
    assert_clock(s, 60300, 60000, AW_NORTH);
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OK);
    /* Its flag falls while it thinks: the move found is not played. */
    assert_int_equal(session_computer_think(s, NULL, NULL, &res, &err), SESSION_OK);
    now += 60300;
    assert_int_equal(session_computer_move(s, &res, NULL, NULL, &err), SESSION_OVER);
    assert_non_null(strstr(err.msg, "South ran out of time"));
    assert_false(session_computer_to_move(s));
    assert_result(s, SESSION_END_TIME, AW_NORTH, "0-1", "time forfeit");
    assert_int_equal(aw_game_ply(session_game(s)), 2);
    session_free(s);
}

/* With the real time: half a second on its clock and five seconds a move
 * configured, the computer paces itself on the clock and does not lose. */
static void computer_paces_itself(void **state)
{
    (void)state;
    session_config c = session_config_default();
    c.computer[0] = true;
    c.level = 10;
    c.movetime_ms = c.hint_ms = 5000;
    c.hash_mb = 1;
    c.clock_base_ms = 500;
    aw_error err;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    assert_int_equal(session_computer_play(s, NULL, NULL, NULL, NULL, &err), SESSION_OK);
    session_clock k;
    session_clock_read(s, &k);
    assert_true(k.remaining_ms[AW_SOUTH] > 0 && k.remaining_ms[AW_SOUTH] < 500);
    assert_int_equal(k.running, AW_NORTH);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    session_free(s);
}

static void resignation(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    session *s = clocked(&now, 10000, 0, false, true, NULL);
    assert_int_equal(session_resign(s, AW_NORTH, &err), SESSION_NOT_PERSON);
    assert_non_null(strstr(err.msg, "North is played by the computer"));
    session_clock_start(s);
    now += 3000;
    assert_int_equal(session_resign(s, AW_SOUTH, &err), SESSION_OK);
    assert_result(s, SESSION_END_RESIGNATION, AW_NORTH, "0-1", "resignation");
    assert_clock(s, 7000, 10000, -1); /* stopped */
    assert_int_equal(session_ongoing(s, &err), SESSION_OVER);
    assert_non_null(strstr(err.msg, "South resigned"));
    assert_int_equal(session_resign(s, AW_SOUTH, &err), SESSION_OVER);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OVER);
    assert_false(session_computer_to_move(s));
    char text[300];
    assert_string_equal(words_session_over(s, text, sizeof text),
                        "Game over: South resigned. North wins.");
    assert_string_equal(players_verdict(s), "The computer wins.");
    session_free(s);
    /* Between people, either side resigns, at any turn. */
    s = clocked(&now, 0, 0, false, false, NULL);
    assert_int_equal(session_resign(s, AW_NORTH, &err), SESSION_OK);
    assert_result(s, SESSION_END_RESIGNATION, AW_SOUTH, "1-0", "resignation");
    session_free(s);
}

static void undo_takes_back_the_end_alone(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    session *s = clocked(&now, 5000, 1000, false, false, NULL);
    session_clock_start(s);
    now += 1000;
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK); /* South 5000 */
    now += 6000; /* North's flag falls */
    assert_int_equal(session_ongoing(s, NULL), SESSION_OVER);
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(aw_game_ply(session_game(s)), 1);
    assert_result(s, SESSION_END_NONE, -1, "*", "");
    /* North's turn again with the time it began with. */
    assert_clock(s, 5000, 5000, AW_NORTH);
    /* Then the move, with South's time as at its turn. */
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(aw_game_ply(session_game(s)), 0);
    assert_clock(s, 5000, 5000, AW_SOUTH);
    /* A resignation alone too. */
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    assert_int_equal(session_resign(s, AW_NORTH, &err), SESSION_OK);
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(aw_game_ply(session_game(s)), 1);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OK);
    session_free(s);
}

static void offers_refused(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    session_offer_kind kind;
    int by = -1;
    /* Not with the computer. */
    session *s = clocked(&now, 0, 0, false, true, NULL);
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_END, &err), SESSION_NOT_PERSON);
    session_free(s);
    /* Not an end where the rules have none. */
    s = clocked(&now, 0, 0, false, false, "seven-turns");
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_END, &err), SESSION_NO_AGREEMENT);
    session_free(s);
    s = clocked(&now, 0, 0, false, false, NULL);
    assert_int_equal(session_offer_answer(s, AW_NORTH, true, &err), SESSION_NO_OFFER);
    assert_false(session_offer_pending(s, &kind, &by));
    /* No move of one's own to take back. */
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_TAKEBACK, &err), SESSION_NO_TAKEBACK);
    assert_non_null(strstr(err.msg, "South has no move"));
    /* No rematch before the end. */
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_REMATCH, &err), SESSION_NOT_OVER);
    /* One offer at a time; the other side answers it. */
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_END, &err), SESSION_OK);
    assert_true(session_offer_pending(s, &kind, &by));
    assert_int_equal(kind, OFFER_END);
    assert_int_equal(by, AW_SOUTH);
    assert_int_equal(session_offer(s, AW_NORTH, OFFER_END, &err), SESSION_OFFER_PENDING);
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_END, &err), SESSION_OFFER_PENDING);
    assert_int_equal(session_offer_answer(s, AW_SOUTH, true, &err), SESSION_OWN_OFFER);
    assert_true(session_offer_pending(s, NULL, NULL));
    /* Declined: play on. */
    assert_int_equal(session_offer_answer(s, AW_NORTH, false, &err), SESSION_OK);
    assert_false(session_offer_pending(s, NULL, NULL));
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    /* A move drops a pending end. */
    assert_int_equal(session_offer(s, AW_NORTH, OFFER_END, &err), SESSION_OK);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    assert_false(session_offer_pending(s, NULL, NULL));
    assert_int_equal(session_offer_answer(s, AW_SOUTH, true, &err), SESSION_NO_OFFER);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    session_free(s);
}

static void offers_accepted(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    session *s = clocked(&now, 0, 0, false, false, NULL);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);  /* C */
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OK); /* f */
    /* South takes back its move, North's reply with it: South's turn. */
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_TAKEBACK, &err), SESSION_OK);
    assert_int_equal(session_offer_answer(s, AW_NORTH, true, &err), SESSION_OK);
    assert_int_equal(aw_game_ply(session_game(s)), 0);
    assert_int_equal(session_position(s)->side, AW_SOUTH);
    assert_false(session_can_redo(s));
    /* North's own last move only: North's turn again. */
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OK);
    assert_int_equal(session_offer(s, AW_NORTH, OFFER_TAKEBACK, &err), SESSION_OK);
    assert_int_equal(session_offer_answer(s, AW_SOUTH, true, &err), SESSION_OK);
    assert_int_equal(aw_game_ply(session_game(s)), 1);
    assert_int_equal(session_position(s)->side, AW_NORTH);
    /* An end accepted: over by agreement. */
    assert_int_equal(session_offer(s, AW_NORTH, OFFER_END, &err), SESSION_OK);
    assert_int_equal(session_offer_answer(s, AW_SOUTH, true, &err), SESSION_OK);
    struct session_result r;
    session_result(s, &r);
    assert_true(r.over);
    assert_int_equal(r.kind, SESSION_END_AGREEMENT);
    assert_string_equal(r.reason, "agreement");
    /* Over: no takeback, a rematch. */
    assert_int_equal(session_offer(s, AW_NORTH, OFFER_TAKEBACK, &err), SESSION_OVER);
    assert_int_equal(session_offer(s, AW_NORTH, OFFER_REMATCH, &err), SESSION_OK);
    assert_int_equal(session_offer_answer(s, AW_NORTH, true, &err), SESSION_OWN_OFFER);
    assert_int_equal(session_offer_answer(s, AW_SOUTH, true, &err), SESSION_OK);
    assert_false(session_offer_pending(s, NULL, NULL));
    session_free(s);
    /* A flag that falls drops a pending end. */
    s = clocked(&now, 1000, 0, false, false, NULL);
    session_clock_start(s);
    assert_int_equal(session_offer(s, AW_SOUTH, OFFER_END, &err), SESSION_OK);
    now += 1000;
    assert_int_equal(session_offer_answer(s, AW_NORTH, true, &err), SESSION_NO_OFFER);
    session_result(s, &r);
    assert_int_equal(r.kind, SESSION_END_TIME);
    session_free(s);
}

/* The record of s, read back as a session. */
static session *round_trip(const session *s, int64_t *now, char **text_out)
{
    char *text = session_record_text(s);
    assert_non_null(text);
    const char *p = text;
    aw_error err;
    aw_record *rec = aw_record_read(&p, NULL, &err);
    if (!rec)
        fail_msg("%s\n%s", err.msg, text);
    session_config base = session_config_default();
    base.now_ms = fake_now;
    base.now_ctx = now;
    session *back = session_from_record(rec, &base, &err);
    assert_non_null(back);
    aw_record_free(rec);
    if (text_out)
        *text_out = text;
    else
        free(text);
    return back;
}

static void records(void **state)
{
    (void)state;
    int64_t now = 0;
    aw_error err;
    char *text;
    /* A resignation with clocks: TimeControl, [%clk], Result, Termination. */
    session *s = clocked(&now, 300000, 3000, false, false, NULL);
    session_clock_start(s);
    now += 4000;
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK); /* 299000 */
    now += 61500;
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OK); /* 241500 */
    assert_int_equal(session_resign(s, AW_SOUTH, &err), SESSION_OK);
    session *back = round_trip(s, &now, &text);
    assert_non_null(strstr(text, "[TimeControl \"300+3\"]"));
    assert_non_null(strstr(text, "[Termination \"resignation\"]"));
    assert_non_null(strstr(text, "[Result \"0-1\"]"));
    assert_non_null(strstr(text, "[%clk 0:04:59]"));
    assert_non_null(strstr(text, "[%clk 0:04:01.5]"));
    free(text);
    assert_result(back, SESSION_END_RESIGNATION, AW_NORTH, "0-1", "resignation");
    assert_clock(back, 299000, 241500, -1);
    assert_int_equal(session_get_config(back)->clock_increment_ms, 3000);
    /* Undo takes the resignation back; the clocks wait for a start. */
    assert_int_equal(session_undo(back), 1);
    assert_clock(back, 299000, 241500, -1);
    session_free(back);
    session_free(s);

    /* A loss on time, with a sub-second clock. */
    s = clocked(&now, 1500, 0, false, false, NULL);
    session_clock_start(s);
    now += 2000;
    assert_true(session_clock_check(s));
    back = round_trip(s, &now, &text);
    assert_non_null(strstr(text, "[TimeControl \"1.5+0\"]"));
    assert_non_null(strstr(text, "[Termination \"time forfeit\"]"));
    free(text);
    assert_result(back, SESSION_END_TIME, AW_NORTH, "0-1", "time forfeit");
    assert_clock(back, 0, 1500, -1);
    session_free(back);
    session_free(s);

    /* Abandoned: no result. */
    s = clocked(&now, 0, 0, false, false, NULL);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    session_abandon(s);
    assert_result(s, SESSION_END_ABANDONED, -1, "*", "abandoned");
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_OVER);
    back = round_trip(s, &now, &text);
    assert_non_null(strstr(text, "[Termination \"abandoned\"]"));
    assert_null(strstr(text, "TimeControl"));
    free(text);
    assert_result(back, SESSION_END_ABANDONED, -1, "*", "abandoned");
    session_clock k;
    session_clock_read(back, &k);
    assert_false(k.on);
    session_free(back);
    session_free(s);

    /* A game that goes on keeps its clocks and goes on. */
    s = clocked(&now, 60000, 0, false, false, NULL);
    session_clock_start(s);
    now += 2500;
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    back = round_trip(s, &now, NULL);
    assert_result(back, SESSION_END_NONE, -1, "*", "");
    assert_clock(back, 57500, 60000, -1);
    session_clock_start(back);
    assert_clock(back, 57500, 60000, AW_NORTH);
    session_free(back);
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clock_words),
        cmocka_unit_test(no_clock),
        cmocka_unit_test(flag_falls_at_zero),
        cmocka_unit_test(check_ends_once),
        cmocka_unit_test(first_move_starts_the_clock),
        cmocka_unit_test(restore),
        cmocka_unit_test(computer_on_its_clock),
        cmocka_unit_test(computer_paces_itself),
        cmocka_unit_test(resignation),
        cmocka_unit_test(undo_takes_back_the_end_alone),
        cmocka_unit_test(offers_refused),
        cmocka_unit_test(offers_accepted),
        cmocka_unit_test(records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
