/*
 * test_worked.c - every worked case of the Oware rule sets, read from
 * tests/data/worked-oware.txt, played through the game interface.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

static void expect_status(aw_game *g, const char *expected, const char *where)
{
    char got[64];
    aw_status st = aw_game_status(g);
    if (st == AW_ONGOING) {
        snprintf(got, sizeof got, "ongoing");
    } else {
        int sc[2];
        aw_game_scores(g, sc);
        snprintf(got, sizeof got, "over %d-%d %s", sc[0], sc[1], aw_status_word(st));
    }
    if (strcmp(got, expected) != 0)
        fail_msg("%s: expected '%s', got '%s'", where, expected, got);
}

static void run_case(const aw_rules *rules, const char *pos, const char *moves, const char *expect,
                     const char *where)
{
    aw_position start = t_pos(pos);
    aw_game *g = aw_game_new(rules, &start);
    assert_non_null(g);
    char exp[256];
    snprintf(exp, sizeof exp, "%s", expect);
    if (strcmp(moves, "legal") == 0) {
        aw_move list[AW_MAX_MOVES];
        int n = aw_generate(rules, &start, list);
        char got[64] = "";
        for (int i = 0; i < n; i++) {
            char m[AW_MOVE_MAX];
            strcat(got, i ? " " : "");
            strcat(got, aw_move_format(rules, list[i], m));
        }
        if (strcmp(got, exp) != 0)
            fail_msg("%s: legal moves '%s', expected '%s'", where, got, exp);
    } else if (strcmp(moves, "forced") == 0) {
        int plies = 0;
        while (aw_game_status(g) == AW_ONGOING) {
            aw_move list[AW_MAX_MOVES];
            int n = aw_generate(rules, aw_game_position(g), list);
            if (n != 1)
                fail_msg("%s: ply %d has %d moves, not 1", where, plies, n);
            assert_int_equal(aw_game_play(g, list[0], NULL), 0);
            plies++;
            if (plies % 12 == 0 && plies < 24)
                assert_memory_equal(aw_game_position(g)->pits, start.pits, AW_PITS);
            if (plies > 1000)
                fail_msg("%s: the game does not end", where);
        }
        int want_plies;
        char rest[128];
        if (sscanf(exp, "plies %d %127[^\n]", &want_plies, rest) != 2)
            fail_msg("%s: bad expectation", where);
        assert_int_equal(plies, want_plies);
        expect_status(g, rest, where);
    } else {
        if (strcmp(moves, "-") != 0) {
            aw_move list[64];
            aw_error err;
            int n = aw_moves_parse(rules, moves, list, 64, &err);
            if (n < 0)
                fail_msg("%s: %s", where, err.msg);
            for (int i = 0; i < n; i++)
                if (aw_game_play(g, list[i], &err))
                    fail_msg("%s: move %d: %s", where, i + 1, err.msg);
        }
        char *status = exp;
        if (strncmp(exp, "over", 4) != 0 && strncmp(exp, "ongoing", 7) != 0) {
            char *space = strchr(exp, ' ');
            if (space)
                *space = 0;
            t_assert_pos(aw_game_position(g), exp);
            status = space ? space + 1 : NULL;
        }
        if (status)
            expect_status(g, status, where);
    }
    aw_game_free(g);
}

static void worked_cases(void **state)
{
    (void)state;
    char *data = t_read_data("worked-oware.txt");
    int cases = 0, lineno = 0;
    for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n")) {
        lineno++;
        if (line[0] == '#' || !line[0])
            continue;
        char *f[4], *save = NULL;
        char copy[512];
        snprintf(copy, sizeof copy, "%s", line);
        f[0] = strtok_r(copy, "|", &save);
        for (int i = 1; i < 4; i++)
            f[i] = strtok_r(NULL, "|", &save);
        assert_non_null(f[3]);
        char sets[128];
        snprintf(sets, sizeof sets, "%s", trim(f[0]));
        char *save2 = NULL;
        for (char *name = strtok_r(sets, ",", &save2); name; name = strtok_r(NULL, ",", &save2)) {
            aw_rules rules = t_rules(trim(name), NULL);
            char where[600];
            snprintf(where, sizeof where, "worked-oware.txt case '%s' (%s)", trim(f[1]), name);
            run_case(&rules, trim(f[1]), trim(f[2]), trim(f[3]), where);
            cases++;
        }
    }
    free(data);
    assert_true(cases >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
