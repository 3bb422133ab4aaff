/*
 * fuzz_nnue.c - fuzz target for the network file loader (src/engine/nnue.c):
 * the AWNN header, its dimensions, the size, the checksum and the check of
 * the weights' sums. Whatever the bytes, the loader must answer with a net
 * or a message, never crash or read out of bounds, and leave the net it was
 * given untouched when it refuses; a net it accepts must write back to the
 * same bytes and evaluate positions (odd values within range, the same by
 * refresh and by incremental update).
 */
#include "engine/nnue.h"

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
    static nnue_net net, before;
    memset(&net, 0x5A, sizeof net);
    before = net;
    aw_error err;
    err.msg[0] = 0;
    if (nnue_load(&net, data, size, -1, &err)) {
        CHECK(err.msg[0] != 0);
        CHECK(memcmp(&net, &before, sizeof net) == 0);
        return;
    }
    uint8_t *again;
    size_t n;
    CHECK(nnue_write(&net, net.desc, &again, &n) == 0);
    /* The description is read up to its first NUL: the rest of its 64
     * bytes may differ; everything else is the same. */
    CHECK(n == size && memcmp(again, data, 36) == 0 &&
          memcmp(again + 100, data + 100, size - 104) == 0);
    free(again);
    if (net.family != NN_FAMILY_OWARE)
        return;
    /* A few positions along a fixed game, by update and by refresh. */
    const aw_rules r = aw_rules_default();
    aw_position p = aw_position_start(AW_SOUTH);
    fboard f = fb_from_position(&p);
    nnue_acc acc, ref;
    nnue_refresh(&net, &f.pits, &acc);
    for (int ply = 0; ply < 40 && aw_position_status(&r, &p) == AW_ONGOING; ply++) {
        aw_move moves[AW_MAX_MOVES];
        const int k = aw_generate(&r, &p, moves);
        if (!k)
            break;
        aw_play(&r, &p, moves[(size_t)ply * 7 % (size_t)k]);
        const fboard g = fb_from_position(&p);
        nnue_update(&net, &acc, &f.pits, &g.pits, &acc);
        nnue_refresh(&net, &g.pits, &ref);
        CHECK(memcmp(&acc, &ref, sizeof acc) == 0);
        const int v = nnue_evaluate(&net, &acc, &r, &g);
        CHECK((v & 1) && v <= SC_EVAL_MAX && v >= -SC_EVAL_MAX);
        f = g;
    }
}

static void put32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}

/* The input as it is, then with its checksum made right, so that the
 * fuzzer also reaches the checks behind it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size);
    if (size < NN_HEADER_SIZE + 4)
        return 0;
    uint8_t *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    put32(copy + size - 4, nnue_fnv1a(copy, size - 4));
    check(copy, size);
    free(copy);
    return 0;
}
