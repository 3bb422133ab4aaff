/*
 * test_rules.c - rule sets as data (presets, every parameter, bad names
 * and values) and games with history (undo, agreement, repetition, final
 * scores of every kind of end).
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

static void presets(void **state)
{
    (void)state;
    aw_rules r;
    assert_int_equal(aw_rules_preset_count(), 5);
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        assert_int_equal(aw_rules_preset(aw_rules_preset_name(i), &r, NULL), 0);
        assert_string_equal(r.name, aw_rules_preset_name(i));
        assert_true(strlen(aw_rules_preset_summary(i)) > 20);
        char diff[256];
        assert_int_equal(aw_rules_diff(&r, diff, sizeof diff), 0);
        assert_string_equal(diff, "");
    }
    /* The table of docs/rules.md. */
    r = t_rules("abapa", NULL);
    assert_int_equal(r.captures, (1u << 2) | (1u << 3));
    assert_int_equal(r.grand_slam, AW_SLAM_VOID);
    assert_int_equal(r.target, 25);
    assert_int_equal(r.repetition, 3);
    assert_int_equal(r.no_capture, 0);
    r = t_rules("seven-turns", NULL);
    assert_int_equal(r.no_capture, 14);
    assert_int_equal(r.agreement, AW_LEFT_FORBIDDEN);
    r = t_rules("grand-slam", NULL);
    assert_int_equal(r.grand_slam, AW_SLAM_CAPTURE);
    assert_int_equal(r.cannot_feed, AW_LEFT_NOBODY);
    assert_int_equal(r.empty_row, AW_LEFT_NOBODY);
    assert_int_equal(r.no_capture, 21);
    r = t_rules("two-seeds", NULL);
    assert_int_equal(r.captures, 1u << 2);
    assert_int_equal(r.target, 24);
    assert_int_equal(aw_rules_default().family, AW_FAMILY_OWARE);
    aw_error err;
    assert_int_equal(aw_rules_preset("awari", &r, &err), -1);
    assert_non_null(strstr(err.msg, "unknown rule set 'awari'"));
    assert_non_null(strstr(err.msg, "abapa"));
}

/* Every parameter: set a value, read it back, describe it in words. */
static void parameters(void **state)
{
    (void)state;
    static const struct {
        const char *preset, *name, *value, *words;
    } cases[] = {
        {"abapa", "captures", "2", "makes 2 in an opponent pit"},
        {"abapa", "captures", "2,3,4", "makes 2, 3 or 4 in"},
        {"abapa", "captures", "2,3", "makes 2 or 3 in"},
        {"abapa", "grand-slam", "capture", "captures"},
        {"abapa", "grand-slam", "void", "captures nothing"},
        {"abapa", "cannot-feed", "opponent", "go to his opponent"},
        {"abapa", "cannot-feed", "none", "not counted"},
        {"abapa", "cannot-feed", "mover", "player who cannot feed"},
        {"abapa", "empty-row", "none", "not counted"},
        {"abapa", "empty-row", "owner", "adds the seeds of his own row"},
        {"abapa", "target", "24", "the target score is 24 seeds"},
        {"abapa", "target", "0", "no target"},
        {"abapa", "no-capture", "7", "7 consecutive plies"},
        {"abapa", "no-capture", "0", "no limit"},
        {"abapa", "repetition", "2", "occurrence 2"},
        {"abapa", "repetition", "0", "do not end"},
        {"abapa", "play-on", "yes", "goes on"},
        {"abapa", "play-on", "no", "wins, and the game ends there"},
        {"abapa", "direction", "cw", "clockwise"},
        {"abapa", "agreement", "no", "cannot end by agreement"},
        {"relay", "skip-origin", "yes", "skips"},
        {"relay", "chain", "backward", "against"},
        {"relay", "no-move", "pass", "passes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aw_rules r = t_rules(cases[i].preset, NULL);
        aw_error err;
        if (aw_rules_set(&r, cases[i].name, cases[i].value, &err))
            fail_msg("%s=%s: %s", cases[i].name, cases[i].value, err.msg);
        char buf[256];
        assert_string_equal(aw_rules_get(&r, cases[i].name, buf, sizeof buf), cases[i].value);
        aw_rules_describe(&r, cases[i].name, buf, sizeof buf);
        if (!strstr(buf, cases[i].words))
            fail_msg("%s=%s described as '%s'", cases[i].name, cases[i].value, buf);
    }
    /* Every parameter has a name, values and help; the diff names changes. */
    for (int i = 0; i < aw_rules_param_count(); i++) {
        assert_non_null(aw_rules_param_name(i));
        assert_non_null(aw_rules_param_values(i));
        assert_non_null(aw_rules_param_help(i));
    }
    aw_rules r = t_rules("abapa", "target=24 repetition=2");
    char diff[256];
    assert_int_equal(aw_rules_diff(&r, diff, sizeof diff), 2);
    assert_string_equal(diff, "target=24 repetition=2");
    assert_int_equal(r.target, 24);
}

static void bad_parameters(void **state)
{
    (void)state;
    static const struct {
        const char *preset, *assignment, *fragment;
    } cases[] = {
        {"abapa", "target=49", "bad value '49' for rule parameter 'target'"},
        {"abapa", "target=-1", "bad value '-1'"},
        {"abapa", "target=", "bad value ''"},
        {"abapa", "target=2x", "bad value '2x'"},
        {"abapa", "captures=0", "bad value '0'"},
        {"abapa", "captures=2,,3", "bad value"},
        {"abapa", "captures=49", "bad value"},
        {"abapa", "captures=", "bad value"},
        {"abapa", "repetition=1", "expected 0 (off) or n >= 2"},
        {"abapa", "grand-slam=maybe", "expected void, capture"},
        {"abapa", "play-on=true", "expected no, yes"},
        {"abapa", "direction=left", "expected ccw, cw"},
        {"abapa", "colour=red", "unknown rule parameter 'colour'"},
        {"abapa", "=3", "expected NAME=VALUE"},
        {"abapa", "target", "expected NAME=VALUE"},
        {"abapa", "chain=forward", "does not apply to the Oware game"},
        {"relay", "captures=2", "does not apply to the relay game"},
        {"abapa", "averyveryveryveryverylongparametername=1", "unknown rule parameter"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aw_rules r = t_rules(cases[i].preset, NULL), before = r;
        aw_error err = {{0}};
        if (aw_rules_set_arg(&r, cases[i].assignment, &err) == 0)
            fail_msg("'%s' was accepted", cases[i].assignment);
        if (!strstr(err.msg, cases[i].fragment))
            fail_msg("'%s': message '%s' lacks '%s'", cases[i].assignment, err.msg,
                     cases[i].fragment);
        assert_memory_equal(&r, &before, sizeof r);
    }
}

static void play_moves(aw_game *g, const char *moves)
{
    aw_move m[64];
    aw_error err;
    int n = aw_moves_parse(aw_game_rules(g), moves, m, 64, &err);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++)
        if (aw_game_play(g, m[i], &err))
            fail_msg("move %d: %s", i + 1, err.msg);
}

static void undo_and_history(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_game *g = aw_game_new(&r, NULL);
    play_moves(g, "CfFb");
    assert_int_equal(aw_game_ply(g), 4);
    t_assert_pos(aw_game_position(g), "6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4");
    assert_int_equal(aw_game_move(g, 1), 11);
    assert_int_equal(aw_game_move(g, 9), AW_MOVE_NONE);
    t_assert_pos(aw_game_position_at(g, 1), "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1");
    assert_null(aw_game_position_at(g, 5));
    assert_int_equal(aw_game_undo(g, 2), 2);
    t_assert_pos(aw_game_position(g), "5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2");
    assert_int_equal(aw_game_undo(g, 5), 2);
    assert_int_equal(aw_game_undo(g, 1), 0);
    t_assert_pos(aw_game_position(g), "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    /* A long game grows the history. */
    for (int i = 0; i < 300 && aw_game_status(g) == AW_ONGOING; i++) {
        aw_move m[AW_MAX_MOVES];
        aw_generate(&r, aw_game_position(g), m);
        assert_int_equal(aw_game_play(g, m[0], NULL), 0);
    }
    aw_position start = t_pos("0-0-1-0-0-0-0-0-1-0-0-0-23-23-S");
    aw_game_reset(g, &start);
    assert_int_equal(aw_game_ply(g), 0);
    t_assert_pos(aw_game_start(g), "0-0-1-0-0-0-0-0-1-0-0-0-23-23-S");
    aw_game_free(g);
}

static void repetition(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_position start = t_pos("0-0-1-0-0-0-0-0-1-0-0-0-23-23-S");
    aw_game *g = aw_game_new(&r, &start);
    /* The forced cycle: C c D d E e F f a A b B ... */
    for (int ply = 1; ply <= 24; ply++) {
        aw_move m[AW_MAX_MOVES];
        assert_int_equal(aw_generate(&r, aw_game_position(g), m), 1);
        assert_int_equal(aw_game_status(g), AW_ONGOING);
        assert_int_equal(aw_game_play(g, m[0], NULL), 0);
        if (ply == 12)
            assert_int_equal(aw_game_occurrences(g), 2);
    }
    assert_int_equal(aw_game_occurrences(g), 3);
    assert_int_equal(aw_game_status(g), AW_END_REPETITION);
    int sc[2];
    aw_game_scores(g, sc);
    assert_int_equal(sc[0], 24);
    assert_int_equal(sc[1], 24);
    aw_error err;
    assert_int_not_equal(aw_game_play(g, 2, &err), 0);
    assert_non_null(strstr(err.msg, "game is over"));
    /* Undo reopens the game; with repetition=2 it ends at ply 12. */
    aw_game_undo(g, 1);
    assert_int_equal(aw_game_status(g), AW_ONGOING);
    aw_game_free(g);
    r = t_rules("abapa", "repetition=2");
    g = aw_game_new(&r, &start);
    int plies = 0;
    while (aw_game_status(g) == AW_ONGOING) {
        aw_move m[AW_MAX_MOVES];
        aw_generate(&r, aw_game_position(g), m);
        aw_game_play(g, m[0], NULL);
        plies++;
    }
    assert_int_equal(plies, 12);
    aw_game_free(g);
}

static void agreement(void **state)
{
    (void)state;
    aw_position p = t_pos("3-0-0-1-0-0-2-1-0-0-0-0-20-21-S");
    static const struct {
        const char *preset;
        int allowed, south, north;
    } cases[] = {
        {"abapa", 1, 24, 24}, {"two-seeds", 1, 24, 24}, {"grand-slam", 1, 20, 21}, {"seven-turns", 0, 0, 0}};
    for (size_t i = 0; i < 4; i++) {
        aw_rules r = t_rules(cases[i].preset, NULL);
        aw_game *g = aw_game_new(&r, &p);
        aw_error err;
        int rc = aw_game_agree(g, &err);
        if (!cases[i].allowed) {
            assert_int_not_equal(rc, 0);
            assert_non_null(strstr(err.msg, "do not allow"));
            assert_int_equal(aw_game_status(g), AW_ONGOING);
        } else {
            assert_int_equal(rc, 0);
            assert_int_equal(aw_game_status(g), AW_END_AGREEMENT);
            int sc[2];
            aw_game_scores(g, sc);
            assert_int_equal(sc[0], cases[i].south);
            assert_int_equal(sc[1], cases[i].north);
            assert_int_not_equal(aw_game_agree(g, &err), 0);
            assert_int_equal(aw_game_undo(g, 1), 1);
            assert_int_equal(aw_game_status(g), AW_ONGOING);
        }
        aw_game_free(g);
    }
}

/* Every end is explained in words and has a one-word reason. */
/* A translator that counts the sentences it is asked for and keeps them
 * as they are (NULL: the English), then one that says them all otherwise. */
static const char *count_tr(void *ctx, const char *text)
{
    (void)text;
    ++*(int *)ctx;
    return NULL;
}
static const char *shout_tr(void *ctx, const char *text)
{
    (void)ctx;
    static char said[4][256]; /* a sentence and the pieces filled into it */
    static int next;
    char *out = said[next++ % 4];
    snprintf(out, sizeof said[0], "SHOUT %s", text);
    return out;
}

static void ends_explained(void **state)
{
    (void)state;
    static const struct {
        const char *preset, *position, *word, *fragment;
    } cases[] = {
        {"abapa", "0-0-0-0-0-1-0-0-0-0-0-0-25-22-N", "target", "South reached the target of 25"},
        {"abapa", "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S", "empty-board", "no seed is left"},
        {"grand-slam", "0-0-0-0-0-0-1-0-0-0-0-0-24-23-S", "empty-row", "South has no seed"},
        {"abapa", "3-0-0-1-0-0-0-0-0-0-0-0-20-24-S", "cannot-feed", "South takes the seeds left"},
        {"seven-turns", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-14", "no-capture", "14 plies"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aw_rules r = t_rules(cases[i].preset, NULL);
        aw_position p = t_pos(cases[i].position);
        aw_status st = aw_position_status(&r, &p);
        assert_string_equal(aw_status_word(st), cases[i].word);
        char buf[256];
        aw_status_explain(st, &r, &p, buf, sizeof buf);
        if (!strstr(buf, cases[i].fragment))
            fail_msg("%s: '%s' lacks '%s'", cases[i].position, buf, cases[i].fragment);
        /* The same through a translator: the same English when it keeps
         * the sentences, other words when it says them otherwise. */
        char same[256], other[256];
        int calls = 0;
        aw_status_explain_translated(st, &r, &p, same, sizeof same, count_tr, &calls);
        assert_string_equal(buf, same);
        assert_true(calls > 0);
        aw_status_explain_translated(st, &r, &p, other, sizeof other, shout_tr, NULL);
        assert_non_null(strstr(other, "SHOUT"));
        /* and an illegal move there: the game is over */
        calls = 0;
        const aw_move nowhere = 14; /* no such pit */
        assert_non_null(aw_explain_illegal(&r, &p, nowhere, buf, sizeof buf));
        aw_explain_illegal_translated(&r, &p, nowhere, same, sizeof same, count_tr, &calls);
        assert_string_equal(buf, same);
        assert_true(calls > 1);
    }
    /* play-on: reaching the target does not end the game. */
    aw_rules r = t_rules("abapa", "play-on=yes");
    aw_position p = t_pos("0-0-0-0-0-1-0-1-0-0-0-0-25-21-N");
    assert_int_equal(aw_position_status(&r, &p), AW_ONGOING);
    /* empty-row=owner gives the opponent his own row (set-up position). */
    r = t_rules("abapa", NULL);
    p = t_pos("0-0-0-0-0-0-1-2-0-0-0-0-20-25-S");
    r.target = 0;
    int sc[2];
    aw_final_scores(&r, &p, aw_position_status(&r, &p), sc);
    assert_int_equal(sc[0], 20);
    assert_int_equal(sc[1], 28);
    /* cannot-feed=opponent (the other reading of the seven-turns rules). */
    r = t_rules("seven-turns", "cannot-feed=opponent");
    p = t_pos("3-0-0-1-0-0-0-0-0-0-0-0-20-24-S");
    aw_final_scores(&r, &p, aw_position_status(&r, &p), sc);
    assert_int_equal(sc[0], 20);
    assert_int_equal(sc[1], 28);
}

/* Whether any of the words occurs in text. */
static bool mentions(const char *text, const char *const *words)
{
    for (; *words; words++)
        if (strstr(text, *words))
            return true;
    return false;
}

/* Every parameter's words go through the caller's translator
 * (aw_rules_describe_translated), which is how the front ends say them in
 * the player's language: a sentence is one string of the catalogue. */
static void describe_translated(void **state)
{
    (void)state;
    static const char *const variants[] = {NULL, "no-capture=1", "no-capture=0", "captures=2",
                                           "captures=none", "grand-slam=capture", "target=0",
                                           "play-on=yes", "direction=cw", "agreement=no",
                                           "cannot-feed=opponent", "repetition=0"};
    for (int i = 0; i < aw_rules_preset_count(); i++)
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            aw_rules r = t_rules(aw_rules_preset_name(i), NULL);
            if (variants[v] && aw_rules_set_arg(&r, variants[v], NULL))
                continue;
            for (int k = 0; k < aw_rules_param_count(); k++) {
                const char *name = aw_rules_param_name(k);
                char en[256], same[256], other[256];
                int calls = 0;
                aw_rules_describe(&r, name, en, sizeof en);
                aw_rules_describe_translated(&r, name, same, sizeof same, count_tr, &calls);
                assert_string_equal(en, same);
                if (calls == 0)
                    fail_msg("%s %s: '%s' not translated", r.name, name, en);
                aw_rules_describe_translated(&r, name, other, sizeof other, shout_tr, NULL);
                if (strcmp(en, other) == 0)
                    fail_msg("%s %s: '%s' kept by a translator", r.name, name, en);
            }
        }
}

/* What players read names nothing they do not have (the project's internal
 * sources), and the parameters of a rule set, read one after another, say
 * each thing once: only one of them tells that reaching the target ends the
 * game. */
static void descriptions_say_things_once(void **state)
{
    (void)state;
    static const char *const internal[] = {"source", "rules.md", "seeds/", "shared", NULL};
    static const char *const overrides[] = {NULL, "play-on=yes", "target=0", "target=10"};
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        const char *summary = aw_rules_preset_summary(i);
        if (mentions(summary, internal))
            fail_msg("summary of %s: '%s'", aw_rules_preset_name(i), summary);
        for (size_t o = 0; o < sizeof overrides / sizeof overrides[0]; o++) {
            aw_rules r = t_rules(aw_rules_preset_name(i), NULL);
            if (overrides[o] && aw_rules_set_arg(&r, overrides[o], NULL))
                continue; /* target does not apply to the relay game */
            char number[16];
            snprintf(number, sizeof number, "%d seeds", r.target);
            const char *const target[] = {"target", r.target ? number : "target", NULL};
            const char *const end[] = {"end", NULL};
            int both = 0;
            for (int k = 0; k < aw_rules_param_count(); k++) {
                const char *name = aw_rules_param_name(k);
                if (!aw_rules_param_applies(&r, name))
                    continue;
                char words[256];
                aw_rules_describe(&r, name, words, sizeof words);
                if (mentions(words, internal))
                    fail_msg("%s %s: '%s'", r.name, name, words);
                both += mentions(words, target) && mentions(words, end);
            }
            if (both > 1)
                fail_msg("%s %s: %d parameters say that the target ends the game", r.name,
                         overrides[o] ? overrides[o] : "", both);
        }
    }
}

static const char *howto(const char *preset, const char *overrides)
{
    static char buf[AW_HOWTO_MAX];
    aw_rules r = t_rules(preset, overrides);
    size_t n = aw_rules_howto(&r, buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    return buf;
}

static void expect_has(const char *text, const char *what, bool present)
{
    if ((strstr(text, what) != NULL) != present)
        fail_msg("'%s' %s in:\n%s", what, present ? "missing" : "present", text);
}

static void how_to_play(void **state)
{
    (void)state;
    static const char *const internal[] = {"source", "rules.md", "seeds/", "shared", NULL};
    /* Every preset: whole lines, no internal reference, and a buffer too
     * small gets a NUL-terminated prefix and the same length. */
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        aw_rules r = t_rules(aw_rules_preset_name(i), NULL);
        char full[AW_HOWTO_MAX], small[40];
        size_t n = aw_rules_howto(&r, full, sizeof full);
        assert_true(n > 200 && n < sizeof full);
        assert_int_equal(n, strlen(full));
        assert_int_equal(full[n - 1], '\n');
        assert_null(strstr(full, "\n\n"));
        assert_false(mentions(full, internal));
        assert_int_equal(aw_rules_howto(&r, small, sizeof small), n);
        assert_int_equal(strlen(small), sizeof small - 1);
        assert_memory_equal(small, full, sizeof small - 1);
        assert_int_equal(aw_rules_howto(&r, NULL, 0), n);
    }
    /* The text follows the parameters. */
    expect_has(howto("abapa", NULL), "makes 2 or 3 seeds", true);
    expect_has(howto("abapa", NULL), "first to capture 25 seeds", true);
    expect_has(howto("abapa", NULL), "comes up 3 times", true);
    expect_has(howto("abapa", NULL), "counterclockwise", true);
    expect_has(howto("abapa", NULL), "captures nothing", true);
    expect_has(howto("abapa", NULL), "you take the seeds left", true);
    expect_has(howto("abapa", NULL), "without a capture", false);
    expect_has(howto("two-seeds", NULL), "makes exactly 2 seeds", true);
    expect_has(howto("two-seeds", NULL), "first to capture 24 seeds", true);
    expect_has(howto("abapa", "captures=2,3,4"), "one of these counts in a pit of your "
                                                 "opponent's: 2,3,4", true);
    expect_has(howto("grand-slam", NULL), "(a grand slam) is allowed", true);
    expect_has(howto("grand-slam", NULL), "21 moves in a row without a capture", true);
    expect_has(howto("grand-slam", NULL), "no seed on his turn", true);
    expect_has(howto("abapa", NULL), "no seed on his turn", false);
    expect_has(howto("seven-turns", NULL), "cannot agree to stop", true);
    expect_has(howto("seven-turns", NULL), "comes up", false);
    expect_has(howto("abapa", "cannot-feed=opponent"), "he takes the seeds left", true);
    expect_has(howto("abapa", "play-on=yes"), "25 seeds does not end the game", true);
    expect_has(howto("abapa", "target=0"), "25", false);
    expect_has(howto("abapa", "direction=cw"), "clockwise, into the pits that follow: along "
                                               "your row to the left", true);
    expect_has(howto("abapa", "no-capture=30 repetition=2"), "30 moves in a row", true);
    expect_has(howto("abapa", "no-capture=30 repetition=2"), "comes up 2 times", true);
    expect_has(howto("relay", NULL), "to your right (C+)", true);
    expect_has(howto("relay", NULL), "also sows into the pit it came from", true);
    expect_has(howto("relay", "skip-origin=yes"), "skips the pit it came from", true);
    expect_has(howto("relay", NULL), "in the direction of the last lap", true);
    expect_has(howto("relay", "chain=backward"), "against the last lap", true);
    expect_has(howto("relay", "no-move=pass"), "passes", true);
    expect_has(howto("relay", NULL), "passes", false);
    expect_has(howto("relay", NULL), "Only the stores count", true);
    expect_has(howto("relay", "repetition=0"), "comes up", false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presets),          cmocka_unit_test(parameters),
        cmocka_unit_test(bad_parameters),   cmocka_unit_test(undo_and_history),
        cmocka_unit_test(repetition),       cmocka_unit_test(agreement),
        cmocka_unit_test(ends_explained),   cmocka_unit_test(descriptions_say_things_once),
        cmocka_unit_test(describe_translated),
        cmocka_unit_test(how_to_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
