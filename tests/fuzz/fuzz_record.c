/*
 * fuzz_record.c - fuzz target for the game-record reader (src/rules/record.c).
 * Every record read from the input must print as text that reads back to
 * the same game and tree of moves (variations, marks, comments) and prints
 * the same again; a rejected record must say at which line and why.
 * Reading stops at the first bad record, as callers do.
 */
#include "awale.h"

#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_round_trip(const aw_record *rec)
{
    char *text = aw_record_format(rec);
    CHECK(text != NULL);
    const char *p = text;
    int line = 1;
    aw_error err;
    aw_record *back = aw_record_read(&p, &line, &err);
    CHECK(back != NULL);
    const aw_game *a = aw_record_game_const(rec), *b = aw_record_game_const(back);
    CHECK(aw_game_ply(a) == aw_game_ply(b));
    for (int i = 0; i < aw_game_ply(a); i++)
        CHECK(aw_game_move(a, i) == aw_game_move(b, i));
    CHECK(memcmp(aw_game_start(a), aw_game_start(b), sizeof(aw_position)) == 0);
    CHECK(aw_game_status(a) == aw_game_status(b));
    CHECK(strcmp(aw_record_result(rec), aw_record_result(back)) == 0);
    /* The same tree: the reader numbers the nodes in the order of the text,
     * which the writer keeps. */
    CHECK(aw_record_node_limit(back) <= aw_record_node_limit(rec));
    for (int n = 0; n < aw_record_node_limit(back); n++) {
        if (!aw_record_node_exists(back, n))
            continue;
        CHECK(aw_record_node_exists(rec, n));
        CHECK(aw_record_node_parent(rec, n) == aw_record_node_parent(back, n));
        CHECK(aw_record_node_move(rec, n) == aw_record_node_move(back, n));
        CHECK(aw_record_node_mark(rec, n) == aw_record_node_mark(back, n));
        CHECK(aw_record_node_children(rec, n) == aw_record_node_children(back, n));
        const char *ca = aw_record_node_comment(rec, n), *cb = aw_record_node_comment(back, n);
        CHECK((ca == NULL) == (cb == NULL) && (!ca || strcmp(ca, cb) == 0));
        ca = aw_record_node_comment_before(rec, n);
        cb = aw_record_node_comment_before(back, n);
        CHECK((ca == NULL) == (cb == NULL) && (!ca || strcmp(ca, cb) == 0));
    }
    char *again = aw_record_format(back);
    CHECK(again != NULL && strcmp(text, again) == 0);
    free(again);
    aw_record_free(back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0; /* a NUL inside ends the text, as for a C string */
    const char *p = text;
    int line = 1;
    for (int n = 0; n < 64; n++) {
        aw_error err;
        const char *before = p;
        aw_record *rec = aw_record_read(&p, &line, &err);
        if (!rec) {
            CHECK(err.msg[0] == 0 || strncmp(err.msg, "line ", 5) == 0);
            break;
        }
        CHECK(p > before); /* a record always consumes text */
        check_round_trip(rec);
        aw_record_free(rec);
    }
    free(text);
    return 0;
}
