/*
 * test_session.c - the game session shared by the front ends: people's
 * moves and the computer's, undo to a person's turn and redo of exactly
 * what was undone, agreement (forbidden, asked of a person, judged by the
 * computer), records that keep the players, and the words for moves.
 */
#include "support.h"

#include "front/engine_setup.h"
#include "front/i18n.h"
#include "front/players.h"
#include "front/session.h"
#include "front/words.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static session *new_session(const char *rules, const char *pos, bool south_computer,
                            bool north_computer)
{
    session_config c = session_config_default();
    c.rules = t_rules(rules, NULL);
    if (pos)
        c.start = t_pos(pos);
    c.computer[0] = south_computer;
    c.computer[1] = north_computer;
    c.movetime_ms = 30;
    c.hint_ms = 30;
    c.seed = 1;
    c.hash_mb = 1;
    aw_error err;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    return s;
}

static void people_and_undo(void **state)
{
    (void)state;
    session *s = new_session("abapa", NULL, false, false);
    aw_error err;
    assert_int_equal(session_undo(s), 0);
    assert_int_equal(session_redo(s), 0);
    assert_int_equal(session_play(s, 2, NULL, &err), 0);  /* C */
    assert_int_equal(session_play(s, 11, NULL, &err), 0); /* f */
    /* An illegal move says why and changes nothing. */
    assert_int_equal(session_may_play(s, 11, &err), SESSION_ILLEGAL);
    assert_int_equal(session_play(s, 11, NULL, &err), SESSION_ILLEGAL);
    assert_non_null(strstr(err.msg, "North's pit"));
    assert_int_equal(aw_game_ply(session_game(s)), 2);
    /* Between people, one move at a time. */
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(session_undo(s), 0);
    assert_true(session_can_redo(s));
    assert_int_equal(session_redo(s), 1);
    assert_int_equal(session_redo(s), 1);
    assert_int_equal(session_redo(s), 0);
    t_assert_pos(session_position(s), "5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2");
    /* A new move clears what could be redone. */
    session_undo(s);
    assert_int_equal(session_play(s, 10, NULL, &err), 0); /* e instead of f */
    assert_false(session_can_redo(s));
    session_free(s);
}

static void against_the_computer(void **state)
{
    (void)state;
    session *s = new_session("abapa", NULL, false, true);
    aw_error err;
    aw_move_report rep;
    session_thought t;
    assert_false(session_computer_to_move(s));
    assert_int_equal(session_computer_turn(s, NULL), SESSION_PERSONS_TURN);
    assert_int_equal(session_computer_play(s, NULL, NULL, &rep, &t, &err), SESSION_PERSONS_TURN);
    assert_non_null(strstr(err.msg, "not the computer's turn"));
    assert_int_equal(session_play(s, 2, &rep, &err), 0);
    assert_int_equal(rep.seeds, 4);
    assert_true(session_computer_to_move(s));
    /* A person cannot move for the computer. */
    assert_int_equal(session_person_turn(s, NULL), SESSION_COMPUTERS_TURN);
    assert_int_equal(session_play(s, 7, NULL, &err), SESSION_COMPUTERS_TURN);
    assert_non_null(strstr(err.msg, "the computer's turn"));
    assert_string_equal(err.msg, "it is the computer's turn");
    assert_int_equal(session_computer_play(s, NULL, NULL, &rep, &t, &err), 0);
    assert_int_equal(rep.mover, AW_NORTH);
    assert_true(t.best == rep.move);
    /* Undo takes back the reply and the move: the person's turn again. */
    assert_int_equal(session_undo(s), 2);
    assert_int_equal(aw_game_ply(session_game(s)), 0);
    assert_int_equal(session_redo(s), 2);
    assert_int_equal(aw_game_ply(session_game(s)), 2);
    /* In two steps: the move found may be dropped, then the person's
     * move taken back alone. */
    assert_int_equal(session_undo(s), 2);
    assert_int_equal(session_play(s, 3, NULL, &err), 0);
    aw_search_result res;
    assert_int_equal(session_computer_think(s, NULL, NULL, &res, &err), 0);
    assert_int_equal(aw_game_ply(session_game(s)), 1);
    assert_true(aw_is_legal(session_rules(s), session_position(s), res.best));
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(aw_game_ply(session_game(s)), 0);
    assert_int_equal(session_computer_move(s, &res, &rep, &t, &err), SESSION_PERSONS_TURN);
    assert_int_equal(session_play(s, 3, NULL, &err), 0);
    assert_int_equal(session_computer_think(s, NULL, NULL, &res, &err), 0);
    assert_int_equal(session_computer_move(s, &res, &rep, &t, &err), 0);
    assert_true(rep.move == res.best && t.best == res.best);
    assert_int_equal(aw_game_ply(session_game(s)), 2);
    /* A hint for the side to move. */
    assert_int_equal(session_hint(s, 20, NULL, NULL, &t, &err), 0);
    assert_true(aw_is_legal(session_rules(s), session_position(s), t.best));
    session_free(s);
}

static void agreement(void **state)
{
    (void)state;
    agreement_answer a;
    aw_error err;
    /* No agreement in seven-turns. */
    session *s = new_session("seven-turns", NULL, false, true);
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_NO_AGREEMENT);
    assert_non_null(strstr(a.why.msg, "no end by agreement"));
    assert_int_equal(aw_game_status(session_game(s)), AW_ONGOING);
    session_free(s);
    /* A person proposes, never the computer, and the computer answers for
     * itself. */
    s = new_session("abapa", NULL, false, true);
    bool computer_answers = false;
    assert_int_equal(session_may_agree(s, AW_NORTH, NULL, &err), SESSION_PROPOSER_COMPUTER);
    assert_non_null(strstr(err.msg, "North is played by the computer"));
    assert_int_equal(session_may_agree(s, AW_SOUTH, &computer_answers, NULL), SESSION_OK);
    assert_true(computer_answers);
    assert_int_equal(session_agree_accepted(s, AW_SOUTH, &err), SESSION_COMPUTER_ANSWERS);
    assert_int_equal(aw_game_status(session_game(s)), AW_ONGOING);
    session_free(s);
    /* Between people the other is asked. */
    s = new_session("abapa", NULL, false, false);
    assert_int_equal(session_may_agree(s, AW_SOUTH, &computer_answers, NULL), SESSION_OK);
    assert_false(computer_answers);
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_OK);
    assert_int_equal(a.verdict, AGREE_ASK);
    assert_int_equal(aw_game_status(session_game(s)), AW_ONGOING);
    assert_int_equal(session_agree_accepted(s, AW_SOUTH, &err), SESSION_OK);
    assert_int_equal(aw_game_status(session_game(s)), AW_END_AGREEMENT);
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_OVER);
    assert_int_equal(session_agree_accepted(s, AW_SOUTH, &err), SESSION_OVER);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OVER);
    assert_non_null(strstr(err.msg, "the game is over"));
    /* Undo takes back the agreement alone. */
    assert_int_equal(session_undo(s), 1);
    assert_int_equal(aw_game_status(session_game(s)), AW_ONGOING);
    session_free(s);
    /* The computer (North) would lose by ending now: it declines. */
    s = new_session("abapa", "5-4-4-4-4-4-4-4-4-4-4-3-0-0-S", false, true);
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_OK);
    assert_int_equal(a.verdict, AGREE_DECLINED);
    assert_int_equal(a.agreed[0], 25);
    assert_int_equal(a.agreed[1], 23);
    assert_int_equal(a.agreed_margin, -2);
    assert_int_equal(aw_game_status(session_game(s)), AW_ONGOING);
    session_free(s);
    /* Ending now wins for the computer: accepted. */
    s = new_session("abapa", "0-0-0-0-0-1-0-0-0-0-0-3-20-24-S", false, true);
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_OK);
    assert_int_equal(a.verdict, AGREE_ENDED);
    assert_int_equal(aw_game_status(session_game(s)), AW_END_AGREEMENT);
    session_free(s);
}

static void agreement_from_tables(void **state)
{
    (void)state;
    char dir[] = "/tmp/awale-session-XXXXXX";
    assert_non_null(mkdtemp(dir));
    aw_rules r = t_rules("abapa", NULL);
    aw_error err;
    aw_tables *t = aw_tables_open_or_build(dir, &r, 6, &err);
    assert_non_null(t);
    /* A level end now, but North wins by 4 with perfect play. */
    session_config c = session_config_default();
    c.start = t_pos("0-0-1-0-0-1-0-0-1-1-0-0-22-22-S");
    c.computer[1] = true;
    c.movetime_ms = c.hint_ms = 30;
    c.hash_mb = 1;
    c.tables = t;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    int margin;
    assert_true(session_tables_margin(s, &margin));
    assert_int_equal(margin, -4);
    agreement_answer a;
    assert_int_equal(session_agree(s, AW_SOUTH, &a), SESSION_OK);
    assert_int_equal(a.verdict, AGREE_DECLINED);
    assert_true(a.from_tables);
    assert_int_equal(a.agreed_margin, 0);
    assert_int_equal(a.expected_margin, 4);
    session_free(s);
    /* The same board with North to move... and South the computer: South
     * loses with perfect play, so a level end suits it. */
    c.start = t_pos("0-0-1-0-0-1-0-0-1-1-0-0-22-22-S");
    c.computer[1] = false;
    c.computer[0] = true;
    s = session_new(&c, &err);
    /* South (the computer) is to move: the person proposes on its turn. */
    assert_int_equal(session_agree(s, AW_NORTH, &a), SESSION_OK);
    assert_int_equal(a.verdict, AGREE_ENDED);
    session_free(s);
    /* Tables given once the session runs (opened in the background), also
     * after the adviser was made. */
    c.computer[0] = false;
    c.computer[1] = true;
    c.level = 10;
    c.tables = NULL;
    s = session_new(&c, &err);
    assert_false(session_tables_margin(s, &margin));
    session_thought th;
    assert_int_equal(session_hint(s, 30, NULL, NULL, &th, &err), 0);
    session_set_tables(s, t);
    assert_true(session_tables_margin(s, &margin));
    assert_int_equal(margin, -4);
    assert_int_equal(session_hint(s, 30, NULL, NULL, &th, &err), 0);
    assert_true(aw_is_legal(session_rules(s), session_position(s), th.best));
    session_free(s);
    aw_tables_close(t);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

static void records_keep_players(void **state)
{
    (void)state;
    session_config c = session_config_default();
    c.computer[0] = true;
    c.level = 4;
    c.movetime_ms = 20;
    c.hash_mb = 1;
    aw_error err;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    assert_int_equal(session_computer_play(s, NULL, NULL, NULL, NULL, &err), 0);
    assert_int_equal(session_play(s, 8, NULL, &err), 0); /* c */
    aw_record *rec = session_record(s);
    assert_non_null(rec);
    assert_string_equal(aw_record_tag(rec, "South"), "awale (level 4)");
    assert_string_equal(aw_record_tag(rec, "North"), "player");
    char *text = aw_record_format(rec);
    aw_record_free(rec);
    const char *p = text;
    rec = aw_record_read(&p, NULL, &err);
    free(text);
    assert_non_null(rec);
    session_config base = session_config_default(); /* two people, level 3 */
    session *back = session_from_record(rec, &base, &err);
    aw_record_free(rec);
    assert_non_null(back);
    assert_true(session_get_config(back)->computer[0]);
    assert_false(session_get_config(back)->computer[1]);
    assert_int_equal(session_get_config(back)->level, 4);
    assert_int_equal(session_get_config(back)->movetime_ms, 20);
    assert_int_equal(aw_game_ply(session_game(back)), 2);
    assert_memory_equal(session_position(back), session_position(s), sizeof(aw_position));
    session_free(back);
    session_free(s);
}

/* Who sits where, the players in words, the end said to the person, and
 * the words of every reason code. */
static void players(void **state)
{
    (void)state;
    char buf[64];
    aw_error err;
    session *s = new_session("abapa", "0-0-0-0-0-1-0-0-0-0-0-3-20-24-S", true, false);
    assert_true(players_against_computer(s));
    assert_int_equal(players_seat(s), AW_NORTH);
    assert_int_equal(players_proposer(s), AW_NORTH);
    assert_string_equal(players_name(s, AW_SOUTH, buf, sizeof buf), "South (computer)");
    assert_string_equal(players_name(s, AW_NORTH, buf, sizeof buf), "North (you)");
    assert_null(players_verdict(s));
    /* North (the person) ends it by agreement, 20 against 24 + 4. */
    assert_int_equal(session_agree_accepted(s, AW_NORTH, &err), SESSION_COMPUTER_ANSWERS);
    session_free(s);
    s = new_session("abapa", NULL, false, false);
    assert_false(players_against_computer(s));
    assert_int_equal(players_seat(s), AW_SOUTH);
    assert_int_equal(players_proposer(s), AW_SOUTH);
    assert_int_equal(session_play(s, 2, NULL, &err), SESSION_OK);
    assert_int_equal(players_proposer(s), AW_NORTH); /* the side to move */
    assert_string_equal(players_name(s, AW_NORTH, buf, sizeof buf), "North");
    assert_int_equal(session_agree_accepted(s, AW_NORTH, &err), SESSION_OK);
    assert_null(players_verdict(s)); /* two people: the result line says it */
    session_free(s);
    /* Against the computer, a win said to the person. */
    s = new_session("abapa", "0-0-0-0-0-1-1-0-0-0-0-1-24-21-S", false, true);
    assert_int_equal(session_play(s, 5, NULL, &err), SESSION_OK); /* F takes a: 26 */
    assert_int_equal(session_ongoing(s, &err), SESSION_OVER);
    assert_string_equal(players_verdict(s), "You win. Well played!");
    session_free(s);
    for (session_code c = SESSION_OK; c <= SESSION_FAILED; c++)
        assert_true(c == SESSION_OK ? !session_why(c)[0] : session_why(c)[0] != 0);
}

static void words(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_position p = t_pos("0-0-0-0-0-3-1-2-1-4-4-4-14-15-S");
    aw_move_report rep;
    char buf[256];
    aw_play_report(&r, &p, 5, &rep);
    assert_string_equal(words_move(&r, &rep, NULL, buf, sizeof buf),
                        "South plays F: sows 3 seeds and captures 7 seeds: 2 from a, 3 from b "
                        "and 2 from c.");
    p = t_pos("0-0-0-4-0-0-0-1-4-4-4-4-13-14-S");
    aw_play_report(&r, &p, 3, &rep);
    assert_string_equal(words_move(&r, &rep, "South (computer)", buf, sizeof buf),
                        "South (computer) plays D: sows 4 seeds and captures 2 seeds from b.");
    int sc[2] = {24, 24};
    assert_string_equal(words_result(sc, buf, sizeof buf), "South 24, North 24: a draw");
    assert_string_equal(words_perfect(-1, buf, sizeof buf), "North wins by 1 seed with perfect play");
    aw_score score = {AW_SCORE_SEEDS, -125, 0, 0};
    assert_string_equal(words_score_you(&score, buf, sizeof buf), "about 1.25 seeds behind");
}

/* Untranslated, the front's words for the library's structured values are
 * the library's own sentences: every end, every illegal move and every rule
 * parameter, over random games of every rule set. */
static void words_match_the_library(void **state)
{
    (void)state;
    const char *presets[] = {"abapa", "seven-turns", "grand-slam", "two-seeds", "relay"};
    uint64_t rng = 12345;
    int ends = 0, illegal = 0;
    for (size_t r = 0; r < sizeof presets / sizeof presets[0]; r++) {
        const aw_rules rules = t_rules(presets[r], NULL);
        for (int i = 0; i < aw_rules_param_count(); i++) {
            const char *name = aw_rules_param_name(i);
            char a[256], b[256];
            if (!aw_rules_param_applies(&rules, name))
                continue;
            assert_non_null(words_rule(&rules, name, a, sizeof a));
            assert_string_equal(a, aw_rules_describe(&rules, name, b, sizeof b));
        }
        for (int game = 0; game < 40; game++) {
            aw_game *g = aw_game_new(&rules, NULL);
            assert_non_null(g);
            for (int ply = 0; ply < 400; ply++) {
                const aw_position *p = aw_game_position(g);
                const aw_status st = aw_game_status(g);
                char a[512], b[512];
                assert_string_equal(words_status(st, &rules, p, a, sizeof a),
                                    aw_status_explain(st, &rules, p, b, sizeof b));
                /* every pit, both directions, and a pass */
                for (int m = 0; m < 2 * AW_PITS + 1; m++) {
                    const aw_move move = m == 2 * AW_PITS ? AW_MOVE_PASS
                                         : (aw_move)((m % AW_PITS) | (m >= AW_PITS ? AW_MOVE_CW : 0));
                    const char *wa = words_illegal(&rules, p, move, a, sizeof a);
                    const char *wb = aw_explain_illegal(&rules, p, move, b, sizeof b);
                    assert_true((wa == NULL) == (wb == NULL));
                    if (!wa)
                        continue;
                    illegal++;
                    /* the library names its lap limit; the front says "too long" */
                    if (strstr(wb, "relay would never end"))
                        assert_non_null(strstr(wa, "relay would never end"));
                    else
                        assert_string_equal(wa, wb);
                }
                if (st != AW_ONGOING) {
                    ends++;
                    break;
                }
                aw_move moves[AW_MAX_MOVES];
                const int n = aw_generate(&rules, p, moves);
                assert_true(n > 0);
                assert_int_equal(aw_game_play(g, moves[t_rand(&rng) % (uint64_t)n], NULL), 0);
            }
            if (rules.agreement != AW_LEFT_FORBIDDEN && aw_game_status(g) == AW_ONGOING) {
                char a[512], b[512];
                aw_game_agree(g, NULL);
                assert_string_equal(
                    words_status(AW_END_AGREEMENT, &rules, aw_game_position(g), a, sizeof a),
                    aw_status_explain(AW_END_AGREEMENT, &rules, aw_game_position(g), b, sizeof b));
            }
            aw_game_free(g);
        }
    }
    assert_true(ends > 50);
    assert_true(illegal > 1000);
    /* every rule set's summary, as the library says it */
    for (int i = 0; i < aw_rules_preset_count(); i++)
        assert_string_equal(words_preset_summary(aw_rules_preset_name(i)),
                            aw_rules_preset_summary(i));
    for (int level = 1; level <= 10; level++)
        assert_string_equal(words_level(level), engine_level_description(level));
}

/* The catalogs of the build tree: French words, then English again, and
 * the ASCII fallback of the terminal interface. */
static void languages(void **state)
{
    (void)state;
    char buf[512];
    setenv("AWALE_LOCALEDIR", AW_TEST_LOCALEDIR, 1);
    if (!i18n_localedir() && (i18n_init("fr"), !i18n_localedir())) {
        /* built without msgfmt: nothing to translate with */
        assert_string_equal(i18n_language(), "fr");
        i18n_set_language("en");
        skip();
    }
    assert_string_equal(i18n_language(), "fr");
    assert_string_equal(words_side(AW_SOUTH), "Sud");
    const aw_rules rules = aw_rules_default();
    aw_position p = t_pos("4-4-4-4-4-4-0-0-0-0-0-0-10-14-S");
    assert_string_equal(words_illegal(&rules, &p, 0, buf, sizeof buf),
                        "la rangée de Nord est vide : Sud doit nourrir Nord (coups permis : C D E F)");
    aw_move_report r;
    aw_position q = aw_position_start(AW_SOUTH);
    aw_play_report(&rules, &q, 2, &r);
    assert_string_equal(words_move(&rules, &r, NULL, buf, sizeof buf), "Sud joue C : sème 4 graines.");
    assert_int_equal(i18n_set_language("xx"), -1);
    assert_int_equal(i18n_set_language("en"), 0);
    assert_string_equal(words_side(AW_SOUTH), "South");
    assert_string_equal(words_move(&rules, &r, NULL, buf, sizeof buf), "South plays C: sows 4 seeds.");
    assert_string_equal(i18n_ascii("Sud sème « vite » à l’été…", buf, sizeof buf),
                        "Sud seme \"vite\" a l'ete...");
    assert_string_equal(i18n_ascii("日x", buf, sizeof buf), "?x");
    i18n_set_language("fr");
    assert_string_equal(words_side(AW_NORTH), "Nord");
    i18n_set_language("en");
}

/* A stop that comes after session_arm but before the worker thread has
 * begun its search (the web server's jobs, the full-screen game's thread)
 * stops that search as soon as it begins: it is not forgotten, and the
 * search does not run its 5 seconds. Repeated, since the thread usually
 * begins after the stop but not always. */
typedef struct worker_job {
    session *s;
    bool computer;
    int rc;
    session_thought t;
} worker_job;

static void *worker_main(void *arg)
{
    worker_job *j = arg;
    aw_error err;
    aw_move_report rep;
    j->rc = j->computer ? session_computer_play(j->s, NULL, NULL, &rep, &j->t, &err)
                        : session_hint(j->s, 5000, NULL, NULL, &j->t, &err);
    return NULL;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void stop_before_the_search_begins(void **state)
{
    (void)state;
    session_config c = session_config_default();
    c.computer[AW_NORTH] = true;
    c.level = 10;
    c.movetime_ms = 5000;
    c.hint_ms = 5000;
    c.hash_mb = 1;
    c.seed = 1;
    aw_error err;
    session *s = session_new(&c, &err);
    assert_non_null(s);
    for (int i = 0; i < 40; i++) {
        const bool computer = i % 2;
        if (computer)
            assert_int_equal(session_play(s, 2, NULL, &err), 0);
        worker_job j = {s, computer, -1, {0}};
        pthread_t th;
        const double t0 = now_ms();
        session_arm(s);
        assert_int_equal(pthread_create(&th, NULL, worker_main, &j), 0);
        session_stop(s);
        pthread_join(th, NULL);
        const double took = now_ms() - t0;
        assert_int_equal(j.rc, 0);
        assert_true(aw_is_legal(session_rules(s), aw_game_position_at(session_game(s), computer),
                                j.t.best));
        if (took > 2000)
            fail_msg("round %d (%s): the stop was lost, the search ran %.0f ms", i,
                     computer ? "the computer's move" : "a hint", took);
        if (computer)
            assert_int_equal(session_undo(s), 2);
    }
    /* A stop before the arming is forgotten: the next search runs. */
    session_stop(s);
    session_arm(s);
    session_thought t;
    const double t0 = now_ms();
    assert_int_equal(session_hint(s, 100, NULL, NULL, &t, &err), 0);
    assert_true(now_ms() - t0 >= 90);
    assert_true(t.info.depth > 1);
    session_free(s);
}

/* The same for a review (the full-screen game's thread): a stop after
 * session_arm, before the review begins, stops it at once; without the
 * arming, a stop from before is forgotten (the blocking use). */
static void stop_before_the_review_begins(void **state)
{
    (void)state;
    session *s = new_session("abapa", NULL, false, false);
    aw_error err;
    aw_move moves[4];
    assert_int_equal(aw_moves_parse(session_rules(s), "CfFb", moves, 4, &err), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(session_play(s, moves[i], NULL, &err), 0);
    session_arm(s);
    session_stop(s);
    aw_review *r = session_review(s, 4, NULL, NULL, &err);
    assert_non_null(r);
    assert_true(r->stopped);
    assert_int_equal(r->count, 0);
    aw_review_free(r);
    session_stop(s);
    r = session_review(s, 4, NULL, NULL, &err);
    assert_non_null(r);
    assert_false(r->stopped);
    assert_int_equal(r->count, 4);
    aw_review_free(r);
    session_free(s);
}

/* A game from an `awale match` record keeps its set opening: the review
 * does not judge it (and says so in words), a saved record marks it again,
 * and an undo into it and other moves shorten it. */
static void match_opening(void **state)
{
    (void)state;
    aw_error err;
    const char *p = "[Event \"awale match\"]\n\n1. C c 2. B d 3. B f 4. B a {opening} 5. A *\n";
    aw_record *rec = aw_record_read(&p, NULL, &err);
    assert_non_null(rec);
    session_config base = session_config_default();
    session *s = session_from_record(rec, &base, &err);
    aw_record_free(rec);
    assert_non_null(s);
    assert_int_equal(session_opening(s), 8);
    aw_review *r = session_review(s, 2, NULL, NULL, &err);
    assert_non_null(r);
    assert_int_equal(r->count, 9);
    for (int i = 0; i < 9; i++) {
        assert_int_equal(r->move[i].opening, i < 8);
        if (i < 8)
            assert_int_equal(r->move[i].mark, AW_MARK_NONE);
    }
    assert_int_equal(r->side[0].moves + r->side[1].moves, 1);
    char said[512];
    words_review_move(session_rules(s), aw_game_position_at(session_game(s), 0), &r->move[0],
                      said, sizeof said);
    assert_string_equal(said, "A move of the set opening: neither player chose it, so it is "
                              "not judged.");
    aw_review_free(r);
    /* Saved, the record says where the opening ends. */
    rec = session_record(s);
    assert_non_null(rec);
    assert_string_equal(aw_record_comment(rec, 8), "opening");
    assert_int_equal(aw_review_opening(rec), 8);
    aw_record_free(rec);
    /* Back into the opening, and another move: only the moves before it
     * stay set. */
    while (aw_game_ply(session_game(s)) > 6)
        assert_true(session_undo(s) > 0);
    const int ply = aw_game_ply(session_game(s));
    assert_int_equal(session_opening(s), ply);
    aw_move opening[8], legal[AW_MAX_MOVES];
    assert_int_equal(aw_moves_parse(session_rules(s), "CcBdBfBa", opening, 8, &err), 8);
    const int n = aw_generate(session_rules(s), session_position(s), legal);
    aw_move other = legal[0] == opening[ply] ? legal[1] : legal[0];
    assert_true(n > 1);
    assert_int_equal(session_play(s, other, NULL, &err), 0);
    assert_int_equal(session_opening(s), ply);
    rec = session_record(s);
    assert_int_equal(aw_review_opening(rec), ply);
    aw_record_free(rec);
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(people_and_undo),     cmocka_unit_test(against_the_computer),
        cmocka_unit_test(agreement),           cmocka_unit_test(agreement_from_tables),
        cmocka_unit_test(records_keep_players), cmocka_unit_test(players),
        cmocka_unit_test(words),
        cmocka_unit_test(words_match_the_library), cmocka_unit_test(languages),
        cmocka_unit_test(stop_before_the_search_begins),
        cmocka_unit_test(stop_before_the_review_begins),
        cmocka_unit_test(match_opening),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
