/*
 * fuzz_book.c - fuzz target for the opening-book reader (src/engine/book_file.c):
 * the header, the entries and the check of the tree behind them. Whatever
 * the bytes, the reader must answer with a book or a message, never crash
 * or read out of bounds; a book it accepts must encode back to the same
 * bytes, and every move it gives for its root must be legal.
 */
#include "engine/book_internal.h"

#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint8_t *data, size_t size)
{
    aw_error err;
    err.msg[0] = 0;
    aw_book *b = aw_book_read(data, size, &err);
    if (!b) {
        CHECK(err.msg[0] != 0);
        return;
    }
    size_t n;
    uint8_t *again = aw_book_encode(b, &n);
    CHECK(again && n == size && memcmp(again, data, size) == 0);
    free(again);
    aw_book_info info;
    aw_book_get_info(b, &info);
    aw_move moves[AW_MAX_MOVES], legal[AW_MAX_MOVES];
    aw_score scores[AW_MAX_MOVES];
    const int k = aw_book_probe(b, &info.rules, &info.root, moves, scores);
    const int nl = aw_generate(&info.rules, &info.root, legal);
    CHECK(k == 0 || k == nl);
    for (int i = 0; i < k; i++)
        CHECK(aw_is_legal(&info.rules, &info.root, moves[i]));
    aw_book_free(b);
}

static void put64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}

/* The input as it is, then with its checksums made right, so that the
 * fuzzer also reaches the checks behind them. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size);
    if (size < BOOK_HEADER_SIZE)
        return 0;
    uint8_t *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    put64(copy + 48, book_checksum(copy + BOOK_HEADER_SIZE, size - BOOK_HEADER_SIZE));
    put64(copy + 248, book_checksum(copy, 248));
    check(copy, size);
    free(copy);
    return 0;
}
