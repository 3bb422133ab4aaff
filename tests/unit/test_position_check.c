/*
 * test_position_check.c - the position editor's checks
 * (src/front/position_check.c): every refusal with its words and the field
 * it names, in English and in French; and the differential property that
 * makes a refusal trustworthy: no position reached by play, in any rule
 * set, is ever refused (random games from the start, every position
 * checked while the game goes on).
 */
#include "support.h"

#include "front/i18n.h"
#include "front/position_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static position_problem check(const char *rules, const char *overrides, const char *text,
                              position_verdict *v)
{
    const aw_rules r = t_rules(rules, overrides);
    aw_position p;
    return position_check_text(&r, text, &p, v, NULL, NULL);
}

static void refused(const char *rules, const char *overrides, const char *text,
                    position_problem problem, int field, const char *words)
{
    position_verdict v;
    const position_problem got = check(rules, overrides, text, &v);
    if (got != problem || v.field != field || !strstr(v.msg, words))
        fail_msg("%s %s: problem %d field %d '%s', want %d %d '%s'", rules, text, got, v.field,
                 v.msg, problem, field, words);
}

static void accepted(void **state)
{
    (void)state;
    position_verdict v;
    assert_int_equal(check("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", &v), POSITION_OK);
    assert_string_equal(v.msg, "");
    assert_int_equal(v.field, POSITION_FIELD_NONE);
    /* scores of 2, 3 and their sums; a counter under the limit */
    assert_int_equal(check("abapa", NULL, "0-0-0-0-0-3-1-2-1-4-4-4-14-15-N", &v), POSITION_OK);
    assert_int_equal(check("seven-turns", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-13", &v),
                     POSITION_OK);
    /* no limit: any counter is kept */
    assert_int_equal(check("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-400", &v), POSITION_OK);
    /* two-seeds: even scores */
    assert_int_equal(check("two-seeds", NULL, "4-4-4-4-4-4-4-4-4-0-2-0-6-4-S", &v), POSITION_OK);
    /* relay: a capture takes a whole facing pit, so any score */
    assert_int_equal(check("relay", NULL, "4-4-4-4-4-4-4-4-4-4-4-3-1-0-S", &v), POSITION_OK);
    /* play-on: the target does not end the game, a score may pass it */
    assert_int_equal(check("abapa", "play-on=yes", "2-0-0-0-0-0-2-0-0-0-0-0-44-0-S", &v),
                     POSITION_OK);
    const aw_rules relay = t_rules("relay", NULL);
    assert_int_equal(position_total(&relay), 48);
}

static void refusals(void **state)
{
    (void)state;
    /* the string: the parser's own words */
    refused("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-3-0-0-S", POSITION_TEXT, -1,
            "pits and scores add up to 47 seeds, not 48");
    refused("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", POSITION_TEXT, 14,
            "bad side to move (field 15): 'X' (expected S or N)");
    refused("abapa", NULL, "", POSITION_TEXT, -1, "empty position string");
    refused("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-99-0-0-S", POSITION_TEXT, 11,
            "bad pit f (field 12): 99 is more than 48");
    refused("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0", POSITION_TEXT, 14,
            "side to move (field 15) is missing");
    /* the counter */
    refused("seven-turns", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-15", POSITION_COUNTER, 15,
            "the no-capture counter is 15, but these rules end the game after 14 moves without a "
            "capture: it can be 0 to 13");
    refused("grand-slam", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-22", POSITION_COUNTER, 15,
            "after 21 moves");
    refused("seven-turns", NULL, "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-14", POSITION_OVER, 15,
            "the game is already over in this position: ");
    /* scores the captures cannot make */
    refused("abapa", NULL, "4-4-4-4-4-4-4-4-4-4-4-3-1-0-S", POSITION_SCORE, 12,
            "South's score cannot be 1: a score is made of captures, and a captured pit holds 2 "
            "or 3 seeds in these rules");
    refused("two-seeds", NULL, "4-4-4-4-4-4-4-4-4-4-4-1-0-3-S", POSITION_SCORE, 13,
            "North's score cannot be 3: a score is made of captures, and a captured pit holds 2 "
            "seeds in these rules");
    refused("abapa", "captures=2,3,4", "4-4-4-4-4-4-4-4-4-4-4-3-1-0-S", POSITION_SCORE, 12,
            "holds 2, 3 or 4 seeds");
    /* the target */
    refused("abapa", "target=20", "0-0-0-0-0-4-4-0-0-0-0-0-20-20-S", POSITION_SCORE, -1,
            "both scores are at the target (20) or above: the game ends when the first player "
            "reaches it");
    refused("abapa", NULL, "2-0-0-0-0-0-2-0-0-0-0-0-44-0-S", POSITION_SCORE, 12,
            "South's score cannot be 44: the game ends at 25, and one move captures at most 15 "
            "seeds, so a score stops at 39");
    /* a grand slam that captures: 6 pits of 3 */
    refused("grand-slam", NULL, "2-0-0-0-0-0-2-0-0-0-0-0-0-44-N", POSITION_SCORE, 13,
            "at most 18 seeds, so a score stops at 42");
    /* already over */
    refused("abapa", NULL, "0-0-0-0-0-0-4-4-4-4-4-4-12-12-S", POSITION_OVER, 14,
            "the game is already over in this position: South has no seed");
    refused("abapa", NULL, "0-0-0-0-0-4-4-4-4-3-2-2-25-0-N", POSITION_OVER, -1,
            "the game is already over in this position: ");
    refused("abapa", NULL, "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S", POSITION_OVER, 14,
            "the game is already over in this position: ");
}

/* A position already parsed (the terminal's editor): its seed total. */
static void parsed(void **state)
{
    (void)state;
    const aw_rules r = aw_rules_default();
    aw_position p = aw_position_start(AW_SOUTH);
    position_verdict v;
    p.pits[0] = 7;
    assert_int_equal(position_check(&r, &p, &v, NULL, NULL), POSITION_TEXT);
    assert_string_equal(v.msg, "the pits and the scores hold 51 seeds; they must hold 48 (take "
                               "away 3)");
    memset(p.pits, 0, sizeof p.pits);
    assert_int_equal(position_check(&r, &p, &v, NULL, NULL), POSITION_TEXT);
    assert_string_equal(v.msg, "the pits and the scores hold 0 seeds; they must hold 48 (add 48)");
}

static void french(void **state)
{
    (void)state;
    setenv("AWALE_LOCALEDIR", AW_TEST_LOCALEDIR, 1);
    i18n_init("en");
    if (!i18n_localedir())
        skip(); /* built without msgfmt */
    const aw_rules r = t_rules("two-seeds", NULL);
    aw_position p;
    position_verdict v;
    assert_int_equal(position_check_text(&r, "4-4-4-4-4-4-4-4-4-4-4-1-3-0-S", &p, &v,
                                         i18n_translate_in, (void *)"fr"),
                     POSITION_SCORE);
    assert_string_equal(v.msg, "Le score de Sud ne peut pas être 3 : un score se fait de prises, "
                               "et une case prise contient 2 graines dans ces règles");
    assert_int_equal(position_check_text(&r, "4-4-4-4-4-4-4-4-4-4-4-3-0-0-S", &p, &v,
                                         i18n_translate_in, (void *)"fr"),
                     POSITION_TEXT);
    assert_string_equal(v.msg, "les cases et les scores font 47 graines, pas 48");
    assert_int_equal(position_check_text(&r, "4-4-4-4-x-4-4-4-4-4-4-4-0-0-S", &p, &v,
                                         i18n_translate_in, (void *)"fr"),
                     POSITION_TEXT);
    assert_int_equal(v.field, 4);
    assert_non_null(strstr(v.msg, "case E (champ 5)"));
    const aw_rules abapa = aw_rules_default();
    assert_int_equal(position_check_text(&abapa, "0-0-0-0-0-0-4-4-4-4-4-4-12-12-S", &p, &v,
                                         i18n_translate_in, (void *)"fr"),
                     POSITION_OVER);
    assert_non_null(strstr(v.msg, "la partie est déjà finie dans cette position : "));
    assert_null(strstr(v.msg, "South"));
    /* the same in the program's language (gettext), then English again */
    i18n_set_language("fr");
    assert_int_equal(position_check_text(&abapa, "4-4-4-4-4-4-4-4-4-4-4-3-1-0-S", &p, &v, NULL,
                                         NULL),
                     POSITION_SCORE);
    assert_non_null(strstr(v.msg, "Le score de Sud ne peut pas être 1"));
    assert_non_null(strstr(v.msg, "2 ou 3 graines"));
    i18n_set_language("en");
}

/* No position reached by play is refused: random games in every rule set,
 * each position checked while the game goes on. */
static void reachable_never_refused(void **state)
{
    (void)state;
    uint64_t seed = 22;
    const int games = t_sanitized() ? 60 : 400;
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        aw_rules r;
        assert_int_equal(aw_rules_preset(aw_rules_preset_name(i), &r, NULL), 0);
        long checked = 0;
        for (int g = 0; g < games; g++) {
            aw_position p = aw_position_start(g & 1 ? AW_NORTH : AW_SOUTH);
            for (int ply = 0; ply < 400 && aw_position_status(&r, &p) == AW_ONGOING; ply++) {
                position_verdict v;
                if (position_check(&r, &p, &v, NULL, NULL) != POSITION_OK) {
                    char text[AW_POSITION_MAX];
                    fail_msg("%s: %s refused: %s", r.name, aw_position_format(&p, text), v.msg);
                }
                checked++;
                aw_move moves[AW_MAX_MOVES];
                const int n = aw_generate(&r, &p, moves);
                if (n == 0)
                    break;
                aw_play(&r, &p, moves[t_rand(&seed) % (uint64_t)n]);
            }
        }
        assert_true(checked > games * 10);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepted),
        cmocka_unit_test(refusals),
        cmocka_unit_test(parsed),
        cmocka_unit_test(french),
        cmocka_unit_test(reachable_never_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
