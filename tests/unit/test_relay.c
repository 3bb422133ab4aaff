/*
 * test_relay.c - the relay game (docs/relay.md) through the game
 * interface: every worked case of tests/data/worked-relay.txt, bad moves
 * and their messages, the endless-relay guard, and perft against the
 * golden tables of tests/data/perft-relay.txt (computed by the simple
 * reference of reference_relay.c, whose low depths are recomputed here so a
 * stale table cannot hide).
 *
 *     test_relay --write-perft   prints the perft table from the reference
 *                                (slow), in the format of perft-relay.txt
 */
#include "support.h"
#include "reference_relay.h"
#include "rules/rules_internal.h"

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

/* "relay skip-origin=yes chain=backward": a preset and overrides. */
static aw_rules rules_of(const char *spec)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *space = strchr(buf, ' ');
    if (space)
        *space++ = 0;
    return t_rules(buf, space);
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

static void legal_list(const aw_rules *r, const aw_position *p, char *out, size_t size)
{
    aw_move list[AW_MAX_MOVES];
    int n = aw_generate(r, p, list);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX];
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "",
                 aw_move_format(r, list[i], m));
    }
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
        char got[128];
        legal_list(rules, &start, got, sizeof got);
        if (strcmp(got, exp) != 0)
            fail_msg("%s: legal moves '%s', expected '%s'", where, got, exp);
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
    char *data = t_read_data("worked-relay.txt");
    int cases = 0;
    char *lines = NULL; /* t_rules uses strtok: strtok_r here */
    for (char *line = strtok_r(data, "\n", &lines); line; line = strtok_r(NULL, "\n", &lines)) {
        if (line[0] == '#' || !line[0])
            continue;
        char *f[4], *save = NULL;
        char copy[512];
        snprintf(copy, sizeof copy, "%s", line);
        f[0] = strtok_r(copy, "|", &save);
        for (int i = 1; i < 4; i++)
            f[i] = strtok_r(NULL, "|", &save);
        assert_non_null(f[3]);
        aw_rules rules = rules_of(trim(f[0]));
        char where[600];
        snprintf(where, sizeof where, "worked-relay.txt: %s | %s | %s", trim(f[0]), trim(f[1]),
                 trim(f[2]));
        run_case(&rules, trim(f[1]), trim(f[2]), trim(f[3]), where);
        cases++;
    }
    free(data);
    assert_true(cases >= 25);
}

/* ------------------------------------------------------------ bad moves */

static void expect_parse_error(const aw_rules *r, const char *text, const char *fragment)
{
    aw_move moves[8];
    aw_error err = {{0}};
    int n = aw_moves_parse(r, text, moves, 8, &err);
    if (n >= 0)
        fail_msg("'%s' parsed as %d moves", text, n);
    if (!strstr(err.msg, fragment))
        fail_msg("'%s': message '%s' lacks '%s'", text, err.msg, fragment);
}

static void expect_illegal(const aw_rules *r, const char *pos, const char *move,
                           const char *fragment)
{
    aw_position p = t_pos(pos);
    aw_move m;
    aw_error err;
    assert_int_equal(aw_moves_parse(r, move, &m, 1, &err), 1);
    aw_game *g = aw_game_new(r, &p);
    assert_non_null(g);
    err.msg[0] = 0;
    if (aw_game_play(g, m, &err) == 0)
        fail_msg("%s was accepted in %s", move, pos);
    if (!strstr(err.msg, fragment))
        fail_msg("%s in %s: message '%s' lacks '%s'", move, pos, err.msg, fragment);
    assert_false(aw_is_legal(r, &p, m));
    /* The game is untouched. */
    assert_int_equal(aw_game_ply(g), 0);
    aw_game_free(g);
}

static void bad_moves(void **state)
{
    (void)state;
    aw_rules r = t_rules("relay", NULL), pass = t_rules("relay", "no-move=pass");
    const char *start = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";
    expect_parse_error(&r, "C", "'C' needs a direction: C+ (counterclockwise");
    expect_parse_error(&r, "C*", "needs a direction");
    expect_parse_error(&r, "C+ d", "move 2: 'd' needs a direction");
    expect_parse_error(&r, "x+", "'x' is not a pit letter");
    expect_parse_error(&r, "+", "'+' is not a pit letter");
    expect_illegal(&r, start, "d+", "d is North's pit, and South is to move");
    expect_illegal(&r, "1-0-4-4-4-4-4-4-4-4-4-4-3-4-S", "A+",
                   "pit A holds a single seed; a move needs at least 2");
    expect_illegal(&r, "1-0-4-4-4-4-4-4-4-4-4-4-3-4-S", "B-", "pit B is empty");
    expect_illegal(&r, start, "pass", "passing is not allowed");
    expect_illegal(&pass, start, "pass", "South can move, and may pass only without a move");
    expect_illegal(&pass, "1-0-1-0-1-0-2-2-2-2-2-2-16-17-S", "C+",
                   "South has no such pit and must pass");
    expect_illegal(&r, "1-0-1-0-1-0-2-2-2-2-2-2-16-17-S", "a+", "the game is over");

    /* Moves that cannot come from the parser get a sentence too. */
    aw_position p = t_pos(start);
    char buf[256];
    assert_non_null(aw_explain_illegal(&r, &p, (aw_move)0x2C, buf, sizeof buf));
    assert_non_null(strstr(buf, "no such move"));
    assert_null(aw_explain_illegal(&r, &p, (aw_move)(2 | AW_MOVE_CW), buf, sizeof buf));

    /* A pass run together with other moves, as the match runner sends
     * them ("moves C+passb-"). */
    aw_move mv[8];
    assert_int_equal(aw_moves_parse(&pass, "C+passb-", mv, 8, NULL), 3);
    assert_int_equal(mv[1], AW_MOVE_PASS);
    assert_int_equal(mv[2], 7 | AW_MOVE_CW);

    /* The Oware rule sets have no passing and no directions. */
    aw_rules abapa = t_rules("abapa", NULL);
    expect_parse_error(&abapa, "pass", "'p' is not a pit letter");
    expect_parse_error(&abapa, "C+", "have no direction");
}

/* ------------------------------------------------- the endless-relay guard */

static void relay_guard(void **state)
{
    (void)state;
    /* 12-0-0-0-0-0-3-3-3-3-3-3 A+ with skip-origin relays for 8 laps
     * (worked-relay.txt): a limit of 8 laps lets it end, 7 does not. */
    aw_position p = t_pos("12-0-0-0-0-0-3-3-3-3-3-3-10-8-S");
    uint8_t pits[AW_PITS];
    int laps = 0, dir = -1;
    memcpy(pits, p.pits, AW_PITS);
    assert_int_equal(relay_sow(pits, 0, true, 8, &laps, &dir), 3); /* ends in D */
    assert_int_equal(laps, 8);
    assert_int_equal(dir, 1); /* the 8th lap ran clockwise */
    memcpy(pits, p.pits, AW_PITS);
    assert_int_equal(relay_sow(pits, 0, true, 7, &laps, &dir), -1);

    /* relay_sow checks for a recurring lap from the first lap on: over
     * random positions it must agree with the game interface (no false
     * alarm), and every relay must end far below the lap limit. */
    uint64_t rng = 42;
    int longest = 0;
    aw_rules rules[2] = {t_rules("relay", NULL), t_rules("relay", "skip-origin=yes")};
    for (int it = 0; it < 20000; it++) {
        aw_position q;
        memset(&q, 0, sizeof q);
        int board = 2 + (int)(t_rand(&rng) % 47);
        for (int s = 0; s < board; s++)
            q.pits[t_rand(&rng) % AW_PITS]++;
        q.score[0] = (uint8_t)(AW_SEEDS - board);
        const aw_rules *r = &rules[it & 1];
        for (int pit = 0; pit < AW_ROW; pit++) {
            if (q.pits[pit] < 2)
                continue;
            for (int cw = 0; cw < 2; cw++) {
                aw_move m = (aw_move)(pit | (cw ? AW_MOVE_CW : 0));
                memcpy(pits, q.pits, AW_PITS);
                int last = relay_sow(pits, m, r->skip_origin, RELAY_MAX_LAPS, &laps, &dir);
                assert_true(last >= 0);
                assert_true(aw_is_legal(r, &q, m));
                if (laps > longest)
                    longest = laps;
                /* The pits after the sowing are those of aw_play, but for
                 * the captured ones. */
                aw_position after = q;
                int taken = aw_play(r, &after, m);
                int differ = 0;
                for (int i = 0; i < AW_PITS; i++)
                    differ += pits[i] != after.pits[i];
                assert_true(taken ? differ > 0 : differ == 0);
            }
        }
    }
    print_message("longest relay in 20000 random positions: %d laps\n", longest);
    assert_true(longest < 1000);
}

/* -------------------------------------------------------------- perft */

/* Lines of perft-relay.txt: RULES | POSITION | c1 c2 ... (depth 1, 2, ...). */
static const char *const perft_cases[][2] = {
    {"relay", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
    {"relay skip-origin=yes", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
    {"relay chain=backward", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"},
    {"relay no-move=pass", "1-0-1-0-1-0-2-2-2-2-2-2-16-17-S"},
    {"relay", "0-0-1-1-1-3-0-0-1-0-0-0-31-10-S"},
    {"relay repetition=2", "0-0-1-1-1-3-0-0-1-0-0-0-31-10-S"},
    {"relay repetition=0", "0-0-1-1-1-3-0-0-1-0-0-0-31-10-S"},
    {"relay", "0-3-1-1-9-1-6-3-2-0-1-0-11-10-S-1"},
    {"relay no-move=pass skip-origin=yes", "1-1-4-1-1-0-0-3-1-1-0-1-22-12-N-2"},
    {"relay", "2-7-7-7-1-4-4-0-4-4-4-0-4-0-N"},
    {"relay chain=backward no-move=pass", "0-1-9-0-1-1-0-1-9-1-3-0-10-12-N-5"},
    {"relay no-capture=6", "3-5-0-6-2-1-6-0-2-7-1-3-6-6-S-3"},
};
#define PERFT_CASES ((int)(sizeof perft_cases / sizeof perft_cases[0]))

static int perft_depth(int i) { return i < 3 ? 7 : 8; }

static void write_perft(void)
{
    printf("# Relay perft: RULES | POSITION | counts of move sequences of 1, 2, ... plies.\n"
           "# Computed by the simple reference (tests/unit/reference_relay.c) with\n"
           "#   build/release/tests/test_relay --write-perft\n"
           "# and compared with aw_perft by test_relay.\n");
    for (int i = 0; i < PERFT_CASES; i++) {
        aw_rules r = rules_of(perft_cases[i][0]);
        rr_rules rr = rr_rules_of(&r);
        aw_position p = t_pos(perft_cases[i][1]);
        uint64_t counts[AW_PERFT_MAX_DEPTH + 1];
        int depth = perft_depth(i);
        rr_perft(&rr, &p, depth, counts);
        printf("%s | %s |", perft_cases[i][0], perft_cases[i][1]);
        for (int d = 1; d <= depth; d++)
            printf(" %llu", (unsigned long long)counts[d]);
        printf("\n");
        fflush(stdout);
    }
}

static void perft_tables(void **state)
{
    (void)state;
    char *data = t_read_data("perft-relay.txt");
    int lines = 0;
    char *rest = NULL; /* t_rules uses strtok: strtok_r here */
    for (char *line = strtok_r(data, "\n", &rest); line; line = strtok_r(NULL, "\n", &rest)) {
        if (line[0] == '#' || !line[0])
            continue;
        char *f[3], *save = NULL;
        f[0] = strtok_r(line, "|", &save);
        f[1] = strtok_r(NULL, "|", &save);
        f[2] = strtok_r(NULL, "|", &save);
        assert_non_null(f[2]);
        aw_rules r = rules_of(trim(f[0]));
        aw_position p = t_pos(trim(f[1]));
        uint64_t want[AW_PERFT_MAX_DEPTH + 1], got[AW_PERFT_MAX_DEPTH + 1];
        int depth = 0;
        char *s = f[2];
        for (;;) {
            char *end;
            unsigned long long v = strtoull(s, &end, 10);
            if (end == s)
                break;
            want[++depth] = v;
            s = end;
        }
        assert_true(depth >= 4);
        aw_perft(&r, &p, depth, got);
        for (int d = 1; d <= depth; d++)
            if (got[d] != want[d])
                fail_msg("perft %s from %s, depth %d: %llu, table says %llu", trim(f[0]),
                         trim(f[1]), d, (unsigned long long)got[d], (unsigned long long)want[d]);
        /* The table itself: its first depths again from the reference. */
        rr_rules rr = rr_rules_of(&r);
        uint64_t ref[AW_PERFT_MAX_DEPTH + 1];
        int check = depth < 4 ? depth : 4;
        rr_perft(&rr, &p, check, ref);
        for (int d = 1; d <= check; d++)
            assert_int_equal(ref[d], want[d]);
        lines++;
    }
    free(data);
    assert_int_equal(lines, PERFT_CASES);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--write-perft") == 0) {
        write_perft();
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_cases),
        cmocka_unit_test(bad_moves),
        cmocka_unit_test(relay_guard),
        cmocka_unit_test(perft_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
