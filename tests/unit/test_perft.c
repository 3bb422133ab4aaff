/*
 * test_perft.c - perft tables, kept as golden data in tests/data/perft.txt.
 *
 * The abapa counts from the start position are the ones two independent
 * engines agree on (issue 2). Every other line was computed by the simple
 * reference implementation (reference.c), with `test_perft --generate`,
 * which prints the data file anew. The tests compare aw_perft with the
 * file, and aw_perft with the reference live on random positions.
 *
 * Data lines:  RULES [K=V ...] | POSITION | COUNT1 COUNT2 ... COUNTd
 */
#include "support.h"
#include "reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct perft_case {
    const char *rules;    /* preset, then optional overrides */
    const char *position; /* "start" or a position string */
    int depth;
} perft_case;

/* The cases --generate computes with the reference (depths chosen to keep
 * the reference to a few seconds each). */
static const perft_case generated[] = {
    {"seven-turns", "start", 11},
    {"grand-slam", "start", 11},
    {"two-seeds", "start", 9},
    {"abapa direction=cw", "start", 8},
    {"abapa", "0-0-0-0-0-12-0-3-3-3-3-3-10-11-S", 9},
    {"abapa", "0-1-0-0-0-23-0-2-2-2-2-2-7-7-S", 9},
    {"abapa", "6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4", 9},
    {"abapa", "2-0-3-1-1-2-1-1-2-0-3-1-15-16-N", 11},
    {"abapa", "1-0-0-0-0-2-1-1-0-0-0-0-20-23-S", 14},
    {"abapa", "0-0-1-0-0-0-0-0-1-0-0-0-23-23-S", 30},
    {"abapa", "0-0-1-0-0-1-0-0-1-0-0-0-22-23-S", 28},
    {"abapa", "13-0-0-0-0-0-1-1-1-1-1-1-14-15-S", 9},
    {"abapa", "3-0-0-0-2-0-0-0-0-0-0-0-20-23-S", 14},
    {"abapa repetition=2", "0-0-1-0-0-1-0-0-1-0-0-0-22-23-S", 28},
    {"two-seeds", "0-0-0-0-0-3-1-2-1-4-4-4-14-15-S", 10},
    {"two-seeds", "2-2-0-3-1-2-2-2-0-2-1-2-14-15-N", 10},
    {"grand-slam", "1-0-0-0-0-2-1-1-0-0-0-0-20-23-S", 14},
    {"grand-slam", "0-2-1-3-1-0-2-1-1-0-1-1-17-18-S-15", 12},
    {"seven-turns", "0-2-1-3-1-0-2-1-1-0-1-1-17-18-S-9", 12},
    {"seven-turns", "3-0-0-1-0-0-0-0-0-0-0-0-20-24-S", 3},
    {"abapa captures=2,3,4 grand-slam=capture", "4-4-3-3-2-1-5-4-2-2-1-1-8-8-S", 9},
    {"abapa captures=1,3", "4-4-3-3-2-1-5-4-2-2-1-1-8-8-S", 9},
    {"abapa captures=2,3,5,7,9", "4-4-3-3-2-1-5-4-2-2-1-1-8-8-S", 9},
    {"abapa target=20", "4-1-2-3-2-1-1-0-3-2-1-2-13-13-N", 10},
    {"abapa play-on=yes", "1-2-0-2-1-2-1-0-2-1-1-0-19-16-S", 11},
    {"abapa no-capture=10", "2-1-1-2-0-1-1-1-2-1-0-1-17-18-S-3", 14},
};

static aw_position case_position(const char *text)
{
    return strcmp(text, "start") == 0 ? aw_position_start(AW_SOUTH) : t_pos(text);
}

static aw_rules case_rules(const char *text)
{
    char preset[64];
    const char *space = strchr(text, ' ');
    size_t n = space ? (size_t)(space - text) : strlen(text);
    snprintf(preset, sizeof preset, "%.*s", (int)n, text);
    return t_rules(preset, space ? space + 1 : NULL);
}

static int generate(void)
{
    printf("# perft golden data: RULES [K=V ...] | POSITION | counts for depth 1..d\n"
           "# abapa from the start: the counts two independent engines agree on (issue 2).\n"
           "# Every other line: computed by tests/unit/reference.c (test_perft --generate).\n"
           "abapa | start | 6 36 190 1014 5219 27332 139157 711414 3592872 18137964 91558687 "
           "460005710\n");
    for (size_t i = 0; i < sizeof generated / sizeof generated[0]; i++) {
        aw_rules r = case_rules(generated[i].rules);
        aw_position p = case_position(generated[i].position);
        uint64_t counts[AW_PERFT_MAX_DEPTH + 1];
        ref_perft(&r, &p, generated[i].depth, counts);
        printf("%s | %s |", generated[i].rules, generated[i].position);
        for (int d = 1; d <= generated[i].depth; d++)
            printf(" %llu", (unsigned long long)counts[d]);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}

static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        s[--n] = 0;
    return s;
}

/* Every line of the golden file; under the sanitizers the abapa start line
 * stops at depth 11 (depth 12 alone takes minutes there). */
static void golden_file(void **state)
{
    (void)state;
    char *data = t_read_data("perft.txt");
    int lines = 0;
    char *save = NULL;
    for (char *line = strtok_r(data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || !line[0])
            continue;
        char *f[3], *s2 = NULL;
        f[0] = strtok_r(line, "|", &s2);
        f[1] = strtok_r(NULL, "|", &s2);
        f[2] = strtok_r(NULL, "|", &s2);
        assert_non_null(f[2]);
        aw_rules r = case_rules(trim(f[0]));
        aw_position p = case_position(trim(f[1]));
        uint64_t want[AW_PERFT_MAX_DEPTH + 1];
        int depth = 0;
        for (char *tok = strtok(f[2], " "); tok; tok = strtok(NULL, " "))
            want[++depth] = strtoull(tok, NULL, 10);
        if (t_sanitized() && depth > 11)
            depth = 11;
        uint64_t got[AW_PERFT_MAX_DEPTH + 1];
        aw_perft(&r, &p, depth, got);
        for (int d = 1; d <= depth; d++)
            if (got[d] != want[d])
                fail_msg("%s | %s: depth %d: %llu, expected %llu", trim(f[0]), trim(f[1]), d,
                         (unsigned long long)got[d], (unsigned long long)want[d]);
        lines++;
    }
    free(data);
    assert_true(lines >= 20);
}

/* aw_perft against the reference on random positions of every rule set. */
static void random_positions(void **state)
{
    (void)state;
    static const char *const sets[] = {"abapa", "seven-turns", "grand-slam", "two-seeds"};
    uint64_t rng = 42;
    for (int i = 0; i < 200; i++) {
        aw_rules r = t_rules(sets[i % 4], NULL);
        /* A random position reached by play, so it is a plausible one. */
        aw_game *g = aw_game_new(&r, NULL);
        int plies = (int)(t_rand(&rng) % 80);
        for (int k = 0; k < plies && aw_game_status(g) == AW_ONGOING; k++) {
            aw_move m[AW_MAX_MOVES];
            int n = aw_generate(&r, aw_game_position(g), m);
            aw_game_play(g, m[t_rand(&rng) % (unsigned)n], NULL);
        }
        aw_position p = *aw_game_position(g);
        aw_game_free(g);
        uint64_t want[8], got[8];
        ref_perft(&r, &p, 5, want);
        aw_perft(&r, &p, 5, got);
        for (int d = 0; d <= 5; d++)
            assert_int_equal(got[d], want[d]);
    }
}

typedef struct divided {
    uint64_t sum;
    int calls, total;
} divided;

static void add_move(void *ctx, aw_move move, int index, int total, uint64_t count)
{
    divided *d = ctx;
    (void)move;
    assert_int_equal(index, d->calls);
    d->calls++;
    d->total = total;
    d->sum += count;
}

/* Divide: the root moves' counts add up to the total, for every family. */
static void divide(void **state)
{
    (void)state;
    static const char *const sets[] = {"abapa", "grand-slam", "two-seeds", "relay"};
    uint64_t rng = 7;
    for (int i = 0; i < 40; i++) {
        aw_rules r = t_rules(sets[i % 4], NULL);
        aw_game *g = aw_game_new(&r, NULL);
        int plies = (int)(t_rand(&rng) % 30);
        for (int k = 0; k < plies && aw_game_status(g) == AW_ONGOING; k++) {
            aw_move m[AW_MAX_MOVES];
            int n = aw_generate(&r, aw_game_position(g), m);
            aw_game_play(g, m[t_rand(&rng) % (unsigned)n], NULL);
        }
        const int depth = 1 + i % 5;
        uint64_t whole[8], parts[8];
        divided d = {0, 0, 0};
        aw_perft(&r, aw_game_position(g), depth, whole);
        aw_perft_divide(&r, aw_game_position(g), depth, parts, add_move, &d);
        for (int k = 0; k <= depth; k++)
            assert_int_equal(parts[k], whole[k]);
        assert_int_equal(d.sum, whole[depth]);
        assert_int_equal((uint64_t)d.calls, whole[1]);
        aw_game_free(g);
    }
}

/* Depth 0 counts the empty sequence; a finished game has no moves. */
static void edges(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_position start = aw_position_start(AW_SOUTH);
    uint64_t c[4];
    assert_int_equal(aw_perft(&r, &start, 0, c), 0);
    assert_int_equal(c[0], 1);
    aw_position over = t_pos("3-0-0-1-0-0-0-0-0-0-0-0-20-24-S");
    aw_perft(&r, &over, 3, c);
    assert_int_equal(c[1], 0);
    assert_int_equal(c[3], 0);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--generate") == 0)
        return generate();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden_file),
        cmocka_unit_test(random_positions),
        cmocka_unit_test(edges),
        cmocka_unit_test(divide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
