/*
 * fuzz_puzzle.c - fuzz target for the puzzle line parser
 * (src/front/puzzles.c, puzzle_parse_line). Any text: a comment or blank
 * line (0), a refusal with a message (-1), or a puzzle (1) whose printed
 * line parses back to the same puzzle and prints the same again, with a
 * solution of an odd number of legal moves and a rating in range.
 */
#include "front/puzzles.h"

#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    puzzle p;
    aw_error err;
    err.msg[0] = 0;
    int rc = puzzle_parse_line(text, &p, &err);
    CHECK(rc >= -1 && rc <= 1);
    if (rc < 0)
        CHECK(err.msg[0] != 0);
    if (rc == 1) {
        CHECK(p.length >= 1 && p.length <= AW_PUZZLE_LINE_MAX && p.length % 2 == 1);
        CHECK(p.rating >= PUZZLE_RATING_MIN && p.rating <= PUZZLE_RATING_MAX);
        CHECK(p.themes < (1u << PUZZLE_THEMES));
        aw_position at = p.position;
        for (int i = 0; i < p.length; i++) {
            CHECK(aw_is_legal(&p.rules, &at, p.solution[i]));
            aw_play(&p.rules, &at, p.solution[i]);
        }
        char line[512], again[512];
        puzzle q;
        CHECK(puzzle_parse_line(puzzle_format_line(&p, line, sizeof line), &q, &err) == 1);
        CHECK(strcmp(puzzle_format_line(&q, again, sizeof again), line) == 0);
        CHECK(memcmp(&q.position, &p.position, sizeof p.position) == 0);
        CHECK(q.length == p.length && q.themes == p.themes && q.rating == p.rating);
        CHECK(memcmp(q.solution, p.solution, (size_t)p.length) == 0);
    }
    free(text);
    return 0;
}
