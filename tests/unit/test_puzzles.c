/*
 * test_puzzles.c - the puzzles' line format (src/front/puzzles.c): good
 * lines read back as written, every bad line refused with a message that
 * names the field, the shipped puzzles all parse and belong to their file's
 * rule set, and puzzles_pick chooses within the window, the themes and the
 * exclusion, the same seed giving the same puzzle; the finder on positions
 * worked by hand (a puzzle, the start that is none, a grand slam trap) and
 * its re-check refusing a wrong solution; ratings in range and growing
 * with each difficulty signal.
 */
#include "support.h"

#include "front/puzzle_find.h"
#include "front/puzzles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void good_line_round_trips(void **state)
{
    (void)state;
    const char *line = "abapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-20-S\tF\tcapture-chain,counting\t700";
    puzzle p;
    aw_error err;
    assert_int_equal(puzzle_parse_line(line, &p, &err), 1);
    assert_string_equal(p.rules_name, "abapa");
    assert_int_equal(p.length, 1);
    assert_int_equal(p.solution[0], 5);
    assert_int_equal(p.themes, PUZZLE_THEME_CAPTURE_CHAIN | PUZZLE_THEME_COUNTING);
    assert_int_equal(p.rating, 700);
    assert_int_equal(p.id, -1);
    char buf[512];
    assert_string_equal(puzzle_format_line(&p, buf, sizeof buf), line);

    /* A line end, no themes. */
    assert_int_equal(puzzle_parse_line("abapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-20-S\tA b B\t-\t600\r\n",
                                       &p, &err),
                     1);
    assert_int_equal(p.length, 3);
    assert_int_equal(p.themes, 0);
    assert_string_equal(puzzle_format_line(&p, buf, sizeof buf),
                        "abapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-20-S\tA b B\t-\t600");
}

static void comments_and_blank_lines(void **state)
{
    (void)state;
    puzzle p;
    aw_error err;
    assert_int_equal(puzzle_parse_line("# a comment", &p, &err), 0);
    assert_int_equal(puzzle_parse_line("", &p, &err), 0);
    assert_int_equal(puzzle_parse_line("   \n", &p, &err), 0);
}

static void expect_error(const char *line, const char *words)
{
    puzzle p;
    aw_error err;
    err.msg[0] = 0;
    int rc = puzzle_parse_line(line, &p, &err);
    if (rc != -1 || !strstr(err.msg, words)) {
        fprintf(stderr, "line: %s\n  rc %d, message \"%s\", expected \"%s\"\n", line, rc, err.msg,
                words);
        fail();
    }
}

static void bad_lines(void **state)
{
    (void)state;
    const char *pos = "1-0-0-0-0-2-1-2-1-0-0-0-21-20-S";
    char line[512];
    expect_error("abapa", "1 field, expected 5");
    snprintf(line, sizeof line, "abapa\t%s\tF\tcounting", pos);
    expect_error(line, "the rating is missing");
    snprintf(line, sizeof line, "abapa\t%s\tF\tcounting\t700\textra", pos);
    expect_error(line, "more than 5 fields");
    snprintf(line, sizeof line, "chess\t%s\tF\t-\t700", pos);
    expect_error(line, "field 1 (rules): unknown rule set \"chess\"");
    expect_error("abapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-21-S\tF\t-\t700", "field 2 (position)");
    expect_error("abapa\t0-0-0-0-0-0-0-0-0-0-0-0-24-24-S\tF\t-\t700", "already over");
    snprintf(line, sizeof line, "abapa\t%s\t\t-\t700", pos);
    expect_error(line, "field 3 (solution) is empty");
    snprintf(line, sizeof line, "abapa\t%s\tB\t-\t700", pos);
    expect_error(line, "field 3 (solution): move 1 (B) is illegal");
    snprintf(line, sizeof line, "abapa\t%s\tA b\t-\t700", pos);
    expect_error(line, "an odd number");
    snprintf(line, sizeof line, "abapa\t%s\tF a F\t-\t700", pos);
    expect_error(line, "the game is over before move 2");
    snprintf(line, sizeof line, "abapa\t%s\tX\t-\t700", pos);
    expect_error(line, "field 3 (solution): move 1");
    snprintf(line, sizeof line, "abapa\t%s\tF\tcapture\t700", pos);
    expect_error(line, "field 4 (themes): unknown theme \"capture\"");
    snprintf(line, sizeof line, "abapa\t%s\tF\tcounting,,endgame\t700", pos);
    expect_error(line, "an empty theme");
    snprintf(line, sizeof line, "abapa\t%s\tF\tcounting,counting\t700", pos);
    expect_error(line, "\"counting\" twice");
    snprintf(line, sizeof line, "abapa\t%s\tF\t-\t7OO", pos);
    expect_error(line, "field 5 (rating): \"7OO\" is not a whole number");
    snprintf(line, sizeof line, "abapa\t%s\tF\t-\t3000", pos);
    expect_error(line, "3000 is out of range (600..2600)");
    snprintf(line, sizeof line, "abapa\t%s\tF\t-\t", pos);
    expect_error(line, "field 5 (rating) is empty");
    expect_error("abapa\tx\ty\tz\t1\nabapa", "more than one line");
}

static void themes(void **state)
{
    (void)state;
    for (int i = 0; i < PUZZLE_THEMES; i++) {
        assert_non_null(puzzle_theme_name(i));
        assert_non_null(puzzle_theme_title(i));
        assert_int_equal(puzzle_theme_parse(puzzle_theme_name(i)), i);
    }
    assert_null(puzzle_theme_name(PUZZLE_THEMES));
    assert_null(puzzle_theme_name(-1));
    assert_int_equal(puzzle_theme_parse("nope"), -1);
    char buf[128];
    assert_string_equal(puzzle_themes_format(0, buf, sizeof buf), "-");
    assert_string_equal(
        puzzle_themes_format(PUZZLE_THEME_GRAND_SLAM | PUZZLE_THEME_ENDGAME, buf, sizeof buf),
        "grand-slam,endgame");
}

/* Every shipped puzzle parses (a line that does not is left out of the
 * program: the count of lines with a puzzle must equal puzzles_count). */
static void shipped_puzzles_parse(void **state)
{
    (void)state;
    int sets = puzzles_rule_sets();
    assert_true(sets >= 1);
    for (int s = 0; s < sets; s++) {
        const char *rules = puzzles_rule_set(s);
        char path[256];
        snprintf(path, sizeof path, "data/puzzles-%s.tsv", rules);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        char line[2048];
        int lines = 0, n = 0;
        while (fgets(line, sizeof line, f)) {
            lines++;
            puzzle p;
            aw_error err;
            int rc = puzzle_parse_line(line, &p, &err);
            if (rc < 0) {
                fprintf(stderr, "%s:%d: %s\n", path, lines, err.msg);
                fail();
            }
            if (rc == 1) {
                assert_string_equal(p.rules_name, rules);
                const puzzle *q = puzzles_get(rules, n);
                assert_non_null(q);
                assert_int_equal(q->id, n);
                assert_string_equal(q->position_text, p.position_text);
                n++;
            }
        }
        fclose(f);
        assert_int_equal(puzzles_count(rules), n);
        assert_null(puzzles_get(rules, n));
        assert_null(puzzles_get(rules, -1));
    }
    assert_int_equal(puzzles_count("nope"), 0);
    assert_null(puzzles_get("nope", 0));
    assert_null(puzzles_pick("nope", 1500, 0, 1));
}

static void pick(void **state)
{
    (void)state;
    const char *rules = "abapa";
    int n = puzzles_count(rules);
    assert_true(n >= 2);
    /* The same seed, the same puzzle; within ±200 when one is. */
    for (long long seed = 0; seed < 50; seed++) {
        const puzzle *p = puzzles_pick(rules, 1500, 0, seed);
        assert_non_null(p);
        assert_ptr_equal(p, puzzles_pick(rules, 1500, 0, seed));
        const puzzle *q = puzzles_get(rules, (int)(seed % n));
        const puzzle *r = puzzles_pick(rules, q->rating, 0, seed);
        assert_true(abs(r->rating - q->rating) <= 200);
        /* Not the excluded one, when there is another. */
        const puzzle *o = puzzles_pick_other(rules, q->rating, 0, q->id, seed);
        assert_non_null(o);
        assert_int_not_equal(o->id, q->id);
        /* Themes: at least one of those asked for. */
        for (int t = 0; t < PUZZLE_THEMES; t++) {
            const puzzle *w = puzzles_pick(rules, 1500, 1u << t, seed);
            if (w)
                assert_true(w->themes & (1u << t));
        }
    }
    /* Far from every rating: the window widens until one fits. */
    assert_non_null(puzzles_pick(rules, 100000, 0, 3));
    assert_non_null(puzzles_pick(rules, 0, 0, 3));
    /* Seeds spread the choice. */
    int seen = 0;
    const puzzle *first = puzzles_pick(rules, 0, 0, 0);
    for (long long seed = 1; seed < 64; seed++)
        seen += puzzles_pick(rules, 0, 0, seed) != first;
    assert_true(seen > 0);
}

static puzzle_finder *finder(const char *rules)
{
    puzzle_find_config cfg = {.rules_name = rules, .depth = 10, .hash_mb = 4};
    aw_error err;
    puzzle_finder *pf = puzzle_finder_new(&cfg, &err);
    assert_non_null(pf);
    return pf;
}

static void finder_worked_positions(void **state)
{
    (void)state;
    puzzle_finder *pf = finder("abapa");
    puzzle p;
    puzzle_find_info info;
    aw_error err;
    /* South 21, North 20: F captures 2 + 3 from a and b (c keeps a seed,
     * so no grand slam) and reaches 26; A captures nothing. */
    aw_position pos = t_pos("1-0-0-0-0-2-1-2-1-0-0-0-21-20-S");
    assert_int_equal(puzzle_finder_try(pf, &pos, &p, &info, &err), 1);
    assert_int_equal(p.length, 1);
    assert_int_equal(p.solution[0], 5);
    assert_true(p.themes & PUZZLE_THEME_CAPTURE_CHAIN);
    assert_true(p.themes & PUZZLE_THEME_COUNTING);
    assert_false(p.themes & PUZZLE_THEME_GRAND_SLAM);
    assert_true(p.rating >= PUZZLE_RATING_MIN && p.rating <= PUZZLE_RATING_MAX);
    assert_string_equal(p.position_text, "1-0-0-0-0-2-1-2-1-0-0-0-21-20-S");
    char why[512];
    assert_int_equal(puzzle_finder_verify(pf, &p, 12, why, sizeof why), 0);
    /* Examined once: the second time it is passed by. */
    assert_int_equal(puzzle_finder_try(pf, &pos, &p, &info, &err), 0);
    assert_true(info.seen);
    /* The wrong move as the solution: the re-check names the right one. */
    p.solution[0] = 0;
    assert_int_equal(puzzle_finder_verify(pf, &p, 12, why, sizeof why), 1);
    assert_non_null(strstr(why, "F is the only winning move, not A"));
    /* The start: every move is about level, no puzzle. */
    pos = aw_position_start(AW_SOUTH);
    assert_int_equal(puzzle_finder_try(pf, &pos, &p, &info, &err), 0);
    /* c empty: F takes every seed of North's row. In abapa such a grand
     * slam captures nothing (and A captures nothing either): no puzzle. */
    pos = t_pos("1-0-0-0-0-2-1-2-0-0-0-0-22-20-S");
    assert_int_equal(puzzle_finder_try(pf, &pos, &p, &info, &err), 0);
    puzzle_finder_free(pf);
    /* Under grand-slam it captures both pits: 27, the only win, and North
     * is left without a seed. */
    pf = finder("grand-slam");
    assert_int_equal(puzzle_finder_try(pf, &pos, &p, &info, &err), 1);
    assert_int_equal(p.solution[0], 5);
    assert_int_equal(p.themes & (PUZZLE_THEME_GRAND_SLAM | PUZZLE_THEME_STARVING |
                                 PUZZLE_THEME_CAPTURE_CHAIN),
                     PUZZLE_THEME_GRAND_SLAM | PUZZLE_THEME_STARVING | PUZZLE_THEME_CAPTURE_CHAIN);
    assert_string_equal(p.rules_name, "grand-slam");
    puzzle_finder_free(pf);
}

static void ratings(void **state)
{
    (void)state;
    int base = puzzle_rating("abapa", 1, 0, false, 1, 2, 1);
    assert_true(base >= PUZZLE_RATING_MIN && base < 1000);
    assert_true(puzzle_rating("abapa", 6, 0, false, 1, 2, 1) > base);
    assert_true(puzzle_rating("abapa", 1, 2, false, 1, 2, 1) > base);
    assert_true(puzzle_rating("abapa", 1, 0, true, 1, 2, 1) > base);
    assert_true(puzzle_rating("abapa", 1, 0, false, 3, 2, 1) > base);
    assert_true(puzzle_rating("abapa", 1, 0, false, 1, 6, 1) > base);
    assert_true(puzzle_rating("abapa", 1, 0, false, 1, 2, 9) > base);
    int top = puzzle_rating("abapa", 17, 5, true, 5, 6, 13);
    assert_true(top <= PUZZLE_RATING_MAX && top > 2500);
    assert_true(puzzle_rating("abapa", 100, 100, true, 100, 12, 100) <= PUZZLE_RATING_MAX);
    /* Each rule set on its own curve: the same points rate higher where
     * its puzzles score fewer. */
    assert_true(puzzle_rating("relay", 3, 0, false, 1, 4, 3) >
                puzzle_rating("abapa", 3, 0, false, 1, 4, 3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_line_round_trips),
        cmocka_unit_test(comments_and_blank_lines),
        cmocka_unit_test(bad_lines),
        cmocka_unit_test(themes),
        cmocka_unit_test(shipped_puzzles_parse),
        cmocka_unit_test(pick),
        cmocka_unit_test(finder_worked_positions),
        cmocka_unit_test(ratings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
