/*
 * fuzz_tables.c - fuzz target for the table file reader: the header parser,
 * the block-index parser and the whole-file check (checksums, zstd frames,
 * value ranges, plies bounds). Whatever the bytes, the reader must answer with
 * 0 or with a message, never crash or read out of bounds; a file it accepts
 * must decode to values inside -seeds..seeds (and plies within their bound)
 * and must encode back to the same header.
 */
#include "tables/tables_internal.h"

#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint8_t *data, size_t size);

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
    if (size < TB_HEADER_SIZE)
        return 0;
    uint8_t *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    const uint32_t blocks = (uint32_t)copy[52] | (uint32_t)copy[53] << 8 | (uint32_t)copy[54] << 16 |
                            (uint32_t)copy[55] << 24;
    if ((uint64_t)blocks * TB_BLOCK_ENTRY_SIZE <= size - TB_HEADER_SIZE)
        put64(copy + 88, tb_checksum(copy + TB_HEADER_SIZE, (size_t)blocks * TB_BLOCK_ENTRY_SIZE));
    put64(copy + 120, tb_checksum(copy, 120));
    check(copy, size);
    free(copy);
    return 0;
}

static void check(const uint8_t *data, size_t size)
{
    tb_header h;
    aw_error err;
    err.msg[0] = 0;
    if (tb_header_parse(data, size, size, &h, &err) != 0) {
        CHECK(err.msg[0] != 0);
        return;
    }
    CHECK(h.seeds <= TB_MAX_SEEDS && h.entries == h.planes * tb_layer_size(h.seeds));
    if (h.entries > (UINT64_C(1) << 24))
        return; /* keep the fuzzer's memory small */
    uint8_t *payload = malloc(tb_payload_bytes(&h) + 1);
    if (!payload)
        return;
    int8_t *values = (int8_t *)payload;
    tb_header again;
    err.msg[0] = 0;
    if (tb_file_decode(data, size, &again, payload, &err) == 0) {
        for (uint64_t i = 0; i < h.entries; i++)
            CHECK(values[i] >= -h.seeds && values[i] <= h.seeds);
        for (uint64_t i = 0; h.plies_bytes && i < h.entries; i++)
            CHECK((uint32_t)tb_plies_at(payload + h.entries, (int)h.plies_bytes, i) <=
                  tb_plies_bound(h.seeds, h.key.no_capture));
        /* The same header and index come back out of the encoder. */
        tb_block *blocks = malloc((size_t)h.blocks * sizeof *blocks + 1);
        uint8_t *head = malloc(tb_index_bytes(h.blocks));
        CHECK(blocks && head);
        CHECK(tb_blocks_parse(data, size, &h, blocks, NULL) == 0);
        tb_header_encode(&h, blocks, head);
        CHECK(memcmp(head, data, tb_index_bytes(h.blocks)) == 0);
        free(blocks);
        free(head);
    } else {
        CHECK(err.msg[0] != 0);
    }
    free(payload);
}
