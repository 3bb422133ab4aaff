/*
 * test_session_tree.c - the session's moves as a tree (src/front/session.c,
 * docs/variations.md): the move rule (a game being played goes on with the
 * new move, an old continuation kept as a variation; after the end a new
 * move is a variation), undo and redo along the current line, goto,
 * promote, delete, back to the main line, an end that makes its line the
 * main line, the review's better lines, the record round trip, and the
 * refusals (no variations with clocks or between two devices, no such
 * move, the main line cannot be deleted). After every step the session's
 * game is the line from the start to its current node.
 */
#include "support.h"

#include "front/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static session *new_session(bool north_computer, int64_t clock_ms)
{
    session_config c = session_config_default();
    c.rules = t_rules("abapa", NULL);
    c.computer[1] = north_computer;
    c.movetime_ms = 20;
    c.hint_ms = 20;
    c.seed = 1;
    c.hash_mb = 1;
    c.clock_base_ms = clock_ms;
    aw_error err;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    return s;
}

static aw_move mv(const char *text)
{
    aw_move m;
    aw_rules r = t_rules("abapa", NULL);
    assert_int_equal(aw_moves_parse(&r, text, &m, 1, NULL), 1);
    return m;
}

/* The session's game is the line from the start to its current node. */
static void check_line(const session *s)
{
    const aw_record *t = session_tree(s);
    const aw_game *g = session_game(s);
    int n = session_node(s);
    assert_true(aw_record_node_exists(t, n));
    assert_int_equal(aw_record_node_ply(t, n), aw_game_ply(g));
    for (int k = aw_game_ply(g) - 1; k >= 0; k--) {
        assert_int_equal(aw_record_node_move(t, n), aw_game_move(g, k));
        n = aw_record_node_parent(t, n);
    }
    assert_int_equal(n, AW_RECORD_ROOT);
}

static void play(session *s, const char *moves)
{
    aw_error err;
    for (const char *p = moves; *p; p++) {
        if (*p == ' ')
            continue;
        char one[2] = {*p, 0};
        if (session_play(s, mv(one), NULL, &err) != SESSION_OK)
            fail_msg("%c: %s", *p, err.msg);
        check_line(s);
    }
}

/* The movetext of the session's record (after the tags' blank line). */
static char *movetext(const session *s)
{
    char *text = session_record_text(s);
    assert_non_null(text);
    char *body = strstr(text, "\n\n");
    assert_non_null(body);
    memmove(text, body + 2, strlen(body + 2) + 1);
    for (char *c = text; *c; c++)
        if (*c == '\n')
            *c = ' ';
    size_t n = strlen(text);
    while (n && text[n - 1] == ' ')
        text[--n] = 0;
    return text;
}

static void assert_movetext(const session *s, const char *want)
{
    char *got = movetext(s);
    if (strcmp(got, want) != 0)
        fail_msg("movetext '%s', expected '%s'", got, want);
    free(got);
}

/* The node reached from the start by `moves` ("CfFb"), or -1. */
static int node_of(const session *s, const char *moves)
{
    const aw_record *t = session_tree(s);
    int n = AW_RECORD_ROOT;
    for (const char *p = moves; *p && n >= 0; p++) {
        char one[2] = {*p, 0};
        aw_move m = mv(one);
        int found = -1;
        for (int i = 0, c; (c = aw_record_node_child(t, n, i)) >= 0; i++)
            if (aw_record_node_move(t, c) == m)
                found = c;
        n = found;
    }
    return n;
}

/* A game being played: a new move after an undo goes on as the main line,
 * the old continuation is kept as a variation; redo is gone, as before. */
static void move_rule_while_playing(void **state)
{
    (void)state;
    session *s = new_session(false, 0);
    assert_true(session_variations(s));
    play(s, "CfF");
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(session_undo(s), 1);
    check_line(s);
    assert_true(session_can_redo(s));
    play(s, "e");
    assert_false(session_can_redo(s));
    assert_movetext(s, "1. C e (1... f 2. F) *");
    assert_true(aw_record_node_on_main_line(session_tree(s), session_node(s)));
    /* the same move again follows the existing child (no copy) */
    session_undo(s);
    play(s, "f");
    assert_movetext(s, "1. C f (1... e) 2. F *");
    assert_int_equal(session_node(s), node_of(s, "Cf"));
    session_free(s);
}

/* Once the main line is over (a resignation here), a new move anywhere is
 * a variation, the main line stays; undo and redo go along the line. */
static void move_rule_after_the_end(void **state)
{
    (void)state;
    session *s = new_session(false, 0);
    aw_error err;
    play(s, "CfFb");
    assert_int_equal(session_resign(s, AW_NORTH, &err), SESSION_OK);
    assert_int_equal(session_goto(s, node_of(s, "C"), &err), SESSION_OK);
    check_line(s);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK); /* the end is the main line's */
    play(s, "eA");
    assert_movetext(s, "1. C f (1... e 2. A) 2. F b 1-0");
    /* undo and redo along the variation */
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(session_node(s), node_of(s, "Ce"));
    assert_int_equal(session_redo(s), 1);
    assert_int_equal(session_node(s), node_of(s, "CeA"));
    /* at the end of the main line the resignation is there again */
    assert_int_equal(session_goto(s, node_of(s, "CfFb"), &err), SESSION_OK);
    assert_int_equal(session_ongoing(s, &err), SESSION_OVER);
    struct session_result r;
    session_result(s, &r);
    assert_int_equal(r.kind, SESSION_END_RESIGNATION);
    /* a move played at a node of the finished main line: a variation */
    assert_int_equal(session_goto(s, node_of(s, "CfF"), &err), SESSION_OK);
    play(s, "a");
    assert_movetext(s, "1. C f (1... e 2. A) 2. F b (2... a) 1-0");
    session_free(s);
}

static void goto_promote_delete(void **state)
{
    (void)state;
    session *s = new_session(false, 0);
    aw_error err;
    play(s, "CfFb");
    session_resign(s, AW_SOUTH, &err);
    session_goto(s, node_of(s, "C"), &err);
    play(s, "eAa");
    session_goto(s, node_of(s, "CeA"), &err);
    play(s, "d"); /* a variation inside the variation */
    assert_movetext(s, "1. C f (1... e 2. A a (2... d)) 2. F b 0-1");
    /* back to the main line: where the current line leaves it */
    assert_int_equal(session_main_line(s, &err), SESSION_OK);
    assert_int_equal(session_node(s), node_of(s, "C"));
    check_line(s);
    /* promote the deepest: its line becomes the main line, every level up */
    const int d = node_of(s, "CeAd");
    assert_int_equal(session_promote(s, d, &err), SESSION_OK);
    assert_true(aw_record_node_on_main_line(session_tree(s), d));
    assert_movetext(s, "1. C e (1... f 2. F b) 2. A d (2... a) *");
    assert_int_equal(session_node(s), node_of(s, "C")); /* the current node stays */
    check_line(s);
    /* the main line cannot be deleted; an unknown node is refused */
    assert_int_equal(session_delete_variation(s, d, &err), SESSION_MAIN_LINE);
    assert_string_equal(err.msg, "the main line cannot be deleted");
    assert_int_equal(session_delete_variation(s, 4242, &err), SESSION_NO_NODE);
    assert_string_equal(err.msg, "there is no such move in the game");
    assert_int_equal(session_goto(s, -3, &err), SESSION_NO_NODE);
    assert_int_equal(session_promote(s, 4242, &err), SESSION_NO_NODE);
    /* deleting the variation that holds the current node: to its parent */
    session_goto(s, node_of(s, "CfFb"), &err);
    const int f = node_of(s, "Cf");
    assert_int_equal(session_delete_variation(s, f, &err), SESSION_OK);
    assert_int_equal(session_node(s), node_of(s, "C"));
    assert_false(aw_record_node_exists(session_tree(s), f) &&
                 aw_record_node_move(session_tree(s), f) == mv("f"));
    assert_movetext(s, "1. C e 2. A d (2... a) *");
    check_line(s);
    /* the resignation went with its line: the main line is a game again,
     * so a move at its end goes on with it */
    session_goto(s, node_of(s, "CeAd"), &err);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    play(s, "B");
    assert_movetext(s, "1. C e 2. A d (2... a) 3. B *");
    session_free(s);
}

/* An end after an undo: the current line becomes the main line and what was
 * taken back after it is cut (as the redo stack always was). */
static void end_after_undo(void **state)
{
    (void)state;
    session *s = new_session(false, 0);
    aw_error err;
    play(s, "CfFb");
    session_undo(s);
    session_undo(s);
    assert_int_equal(session_resign(s, AW_SOUTH, &err), SESSION_OK);
    assert_movetext(s, "1. C f 0-1");
    assert_false(session_can_redo(s));
    /* undo takes the resignation back */
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    assert_movetext(s, "1. C f *");
    session_free(s);
}

/* Against the computer: an undo goes back to the person's turn; another
 * move keeps the old line (the person's move and the reply) as a
 * variation. */
static void against_the_computer(void **state)
{
    (void)state;
    session *s = new_session(true, 0);
    aw_error err;
    play(s, "C");
    assert_int_equal(session_computer_play(s, NULL, NULL, NULL, NULL, &err), SESSION_OK);
    check_line(s);
    assert_int_equal(session_undo(s), 2);
    check_line(s);
    play(s, "D");
    const aw_record *t = session_tree(s);
    assert_int_equal(aw_record_node_children(t, AW_RECORD_ROOT), 2);
    assert_int_equal(aw_record_node_move(t, aw_record_node_child(t, AW_RECORD_ROOT, 0)), mv("D"));
    assert_int_equal(aw_record_node_children(t, node_of(s, "C")), 1); /* the reply kept */
    session_free(s);
}

/* Clocks (and games between two devices): no variations, an undo cuts. */
static void refusals_without_variations(void **state)
{
    (void)state;
    session *s = new_session(false, 60000);
    aw_error err;
    assert_false(session_variations(s));
    session_set_variations(s, true); /* refused with clocks */
    assert_false(session_variations(s));
    play(s, "Cf");
    assert_int_equal(session_goto(s, AW_RECORD_ROOT, &err), SESSION_NO_VARIATIONS);
    assert_string_equal(err.msg,
                        "this game has no variations (clocks, or a game between two devices)");
    assert_int_equal(session_promote(s, session_node(s), &err), SESSION_NO_VARIATIONS);
    assert_int_equal(session_delete_variation(s, session_node(s), &err), SESSION_NO_VARIATIONS);
    assert_int_equal(session_main_line(s, &err), SESSION_NO_VARIATIONS);
    session_undo(s);
    play(s, "e");
    assert_int_equal(aw_record_node_children(session_tree(s), node_of(s, "C")), 1);
    char *text = session_record_text(s);
    assert_non_null(strstr(text, "1. C {[%clk"));
    assert_null(strchr(text, '('));
    free(text);
    session_free(s);

    /* a friend game: variations off by the front end */
    s = new_session(false, 0);
    session_set_variations(s, false);
    play(s, "CfF");
    session_undo(s);
    session_undo(s);
    play(s, "e");
    assert_movetext(s, "1. C e *");
    assert_int_equal(session_goto(s, AW_RECORD_ROOT, &err), SESSION_NO_VARIATIONS);
    assert_string_equal(session_why(SESSION_NO_VARIATIONS),
                        "this game has no variations (clocks, or a game between two devices)");
    assert_string_equal(session_why(SESSION_NO_NODE), "there is no such move in the game");
    assert_string_equal(session_why(SESSION_MAIN_LINE), "the main line cannot be deleted");
    session_free(s);
}

/* session_record writes the tree; session_from_record reads it back, the
 * current node at the end of the main line. */
static void record_round_trip(void **state)
{
    (void)state;
    session *s = new_session(false, 0);
    aw_error err;
    play(s, "CfFb");
    session_undo(s);
    session_undo(s);
    session_undo(s);
    play(s, "eA");
    session_goto(s, node_of(s, "C"), &err);
    char *text = session_record_text(s);
    const char *p = text;
    aw_record *rec = aw_record_read(&p, NULL, &err);
    assert_non_null(rec);
    session_config base = session_config_default();
    session *back = session_from_record(rec, &base, &err);
    assert_non_null(back);
    char *again = session_record_text(back);
    /* the same tree (the dates may differ only on a midnight) */
    assert_string_equal(strstr(text, "\n\n"), strstr(again, "\n\n"));
    assert_int_equal(session_node(back), node_of(back, "CeA"));
    assert_int_equal(aw_game_ply(session_game(back)), 3);
    check_line(back);
    assert_movetext(back, "1. C e (1... f 2. F b) 2. A *");
    free(again);
    free(text);
    aw_record_free(rec);
    session_free(back);
    session_free(s);

    /* an end by agreement after an undo: at its node, the end of the main
     * line; it comes back with the record and when going back to it */
    s = new_session(false, 0);
    play(s, "CfFb");
    session_undo(s);
    session_undo(s);
    agreement_answer a;
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_OK);
    assert_int_equal(a.verdict, AGREE_ASK);
    assert_int_equal(session_agree_accepted(s, AW_SOUTH, &err), SESSION_OK);
    assert_int_equal(aw_game_status(session_game(s)), AW_END_AGREEMENT);
    text = session_record_text(s);
    assert_non_null(strstr(text, "[Termination \"agreement\"]"));
    p = text;
    rec = aw_record_read(&p, NULL, &err);
    assert_non_null(rec);
    back = session_from_record(rec, &base, &err);
    assert_non_null(back);
    assert_int_equal(aw_game_status(session_game(back)), AW_END_AGREEMENT);
    assert_int_equal(session_goto(back, AW_RECORD_ROOT, &err), SESSION_OK);
    assert_int_equal(aw_game_status(session_game(back)), AW_ONGOING);
    play(back, "D");
    assert_int_equal(session_goto(back, node_of(back, "Cf"), &err), SESSION_OK);
    assert_int_equal(aw_game_status(session_game(back)), AW_END_AGREEMENT);
    assert_movetext(back, "1. C (1. D) 1... f 1-0");
    free(text);
    aw_record_free(rec);
    session_free(back);
    session_free(s);
}

/* A resignation read from a record, then taken back: the record written
 * again has no result (the tree holds the moves only, not the old tags). */
static void record_end_taken_back(void **state)
{
    (void)state;
    const char *text = "[South \"player\"]\n[North \"player\"]\n[Result \"0-1\"]\n"
                       "[Termination \"resignation\"]\n\n1. C f (1... e) 0-1\n";
    aw_error err;
    aw_record *rec = aw_record_read(&text, NULL, &err);
    assert_non_null(rec);
    session_config base = session_config_default();
    session *s = session_from_record(rec, &base, &err);
    assert_non_null(s);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OVER);
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(session_ongoing(s, NULL), SESSION_OK);
    char *out = session_record_text(s);
    assert_non_null(strstr(out, "[Result \"*\"]"));
    assert_null(strstr(out, "Termination"));
    assert_non_null(strstr(out, "1. C f (1... e) *"));
    free(out);
    aw_record_free(rec);
    session_free(s);
}

/* The review's better lines become variations of the moves they judge, with
 * the marks; not doubled. */
static void review_lines(void **state)
{
    (void)state;
    session *s = new_session(false, 0);
    play(s, "CfFb");
    aw_review_move moves[3];
    memset(moves, 0, sizeof moves);
    for (int k = 0; k < 3; k++) {
        moves[k].ply = k;
        moves[k].played = aw_game_move(session_game(s), k);
    }
    moves[1].mark = AW_MARK_MISTAKE; /* 1... f? better e, then A */
    moves[1].pv_length = 2;
    moves[1].pv[0] = mv("e");
    moves[1].pv[1] = mv("A");
    moves[2].mark = AW_MARK_GOOD; /* not a mistake: no line */
    moves[2].pv_length = 1;
    moves[2].pv[0] = mv("A");
    aw_review r;
    memset(&r, 0, sizeof r);
    r.count = 3;
    r.move = moves;
    assert_int_equal(session_add_review_lines(s, &r), 1);
    assert_movetext(s, "1. C f? (1... e 2. A) 2. F b *");
    assert_int_equal(session_add_review_lines(s, &r), 0);
    assert_movetext(s, "1. C f? (1... e 2. A) 2. F b *");
    check_line(s);
    session_set_variations(s, false);
    assert_int_equal(session_add_review_lines(s, &r), 0);
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_rule_while_playing), cmocka_unit_test(move_rule_after_the_end),
        cmocka_unit_test(goto_promote_delete),     cmocka_unit_test(end_after_undo),
        cmocka_unit_test(against_the_computer),    cmocka_unit_test(refusals_without_variations),
        cmocka_unit_test(record_round_trip),       cmocka_unit_test(review_lines),
        cmocka_unit_test(record_end_taken_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
