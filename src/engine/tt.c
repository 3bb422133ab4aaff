/*
 * tt.c - the transposition table shared by every search thread.
 *
 * Buckets of four 64-bit entries (32 bytes, two buckets a cache line). An
 * entry packs everything into one word that is loaded and stored with
 * relaxed atomics, so threads share the table without locks and a reader
 * never sees half of one entry and half of another: score 16 bits, depth 8,
 * move 5, bound 2, generation 5, and 28 bits of the key (the bucket index
 * gives others). Replacement: the entry of the same key, else the one with
 * the least depth, older generations counting as shallower.
 */
#define _GNU_SOURCE /* madvise */
#include "engine.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Statistics for the measurement of lazy SMP (docs/engine.md, "Threads"),
 * only in a build made with -DAW_SMP_STATS: probes, hits, and hits on an
 * entry that another thread wrote (the writer of each entry is kept in a
 * side array). The release build has none of it. */
#ifdef AW_SMP_STATS
_Thread_local int tt_stat_thread;
_Thread_local uint64_t tt_stat[TT_STATS];
static uint8_t *tt_writer;
#endif

#define KEY_BITS 28
#define KEY_OF(k) ((uint64_t)((k) >> (64 - KEY_BITS)))

static inline uint64_t pack(uint64_t key, int score, int depth, int move, int bound, unsigned gen)
{
    return (uint64_t)(uint16_t)(int16_t)score | (uint64_t)(uint8_t)depth << 16 |
           (uint64_t)(move & 31) << 24 | (uint64_t)(bound & 3) << 29 | (uint64_t)(gen & 31) << 31 |
           KEY_OF(key) << 36;
}

int tt_init(tt *t, size_t mb)
{
    size_t bytes = mb << 20, buckets = 1;
    while (buckets * 2 * 32 <= bytes)
        buckets *= 2;
    /* 2 MB aligned, and huge pages where the system has them: the table
     * is probed at random, and TLB misses are most of a probe's cost. */
    const size_t size = buckets * 4 * sizeof(uint64_t);
    void *mem = NULL;
    if (posix_memalign(&mem, (size_t)2 << 20, size))
        return -1;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(mem, size, MADV_HUGEPAGE);
#endif
    memset(mem, 0, size); /* touch every page now, not during a search */
    _Atomic uint64_t *slots = mem;
#ifdef AW_SMP_STATS
    free(tt_writer);
    tt_writer = calloc(buckets * 4, 1);
#endif
    free((void *)t->slots);
    t->slots = slots;
    t->buckets = buckets;
    t->mb = mb;
    t->gen = 0;
    return 0;
}

void tt_free(tt *t)
{
#ifdef AW_SMP_STATS
    free(tt_writer);
    tt_writer = NULL;
#endif
    free((void *)t->slots);
    t->slots = NULL;
    t->buckets = 0;
}

/* Between searches only (no thread reads the table), so one memset: the
 * pages are already there, and 256 MB clear in a few tens of ms. */
void tt_clear(tt *t)
{
    if (t->slots)
        memset((void *)t->slots, 0, t->buckets * 4 * sizeof(uint64_t));
    t->gen = 0;
}

bool tt_probe(const tt *t, uint64_t key, tt_data *out)
{
    _Atomic uint64_t *b = &t->slots[(key & (t->buckets - 1)) * 4];
    const uint64_t check = KEY_OF(key);
#ifdef AW_SMP_STATS
    tt_stat[TT_STAT_PROBES]++;
#endif
    for (int i = 0; i < 4; i++) {
        uint64_t e = atomic_load_explicit(&b[i], memory_order_relaxed);
        if (e >> 36 == check && e) {
#ifdef AW_SMP_STATS
            tt_stat[TT_STAT_HITS]++;
            if (tt_writer && tt_writer[(key & (t->buckets - 1)) * 4 + (size_t)i] != tt_stat_thread)
                tt_stat[TT_STAT_FOREIGN]++;
#endif
            out->score = (int16_t)(uint16_t)(e & 0xFFFF);
            out->depth = (int)(e >> 16 & 0xFF);
            out->move = (int)(e >> 24 & 31);
            out->bound = (int)(e >> 29 & 3);
            return true;
        }
    }
    return false;
}

void tt_store(tt *t, uint64_t key, int score, int depth, int move, int bound)
{
    _Atomic uint64_t *b = &t->slots[(key & (t->buckets - 1)) * 4];
    const uint64_t check = KEY_OF(key);
    int victim = 0, worst = 1 << 30;
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    for (int i = 0; i < 4; i++) {
        uint64_t e = atomic_load_explicit(&b[i], memory_order_relaxed);
        if (e >> 36 == check && e) {
            /* Same position: keep a deeper exact result unless this one is
             * exact too; keep its move when we have none. */
            int old_depth = (int)(e >> 16 & 0xFF), old_bound = (int)(e >> 29 & 3);
            if (move == TT_NO_MOVE)
                move = (int)(e >> 24 & 31);
            if (bound != BOUND_EXACT && old_bound == BOUND_EXACT && old_depth > depth + 2 &&
                (unsigned)(e >> 31 & 31) == t->gen)
                return;
            victim = i;
            break;
        }
        int age = (int)((t->gen - (unsigned)(e >> 31 & 31)) & 31);
        int value = e ? (int)(e >> 16 & 0xFF) - 8 * age : -1000;
        if (value < worst) {
            worst = value;
            victim = i;
        }
    }
    atomic_store_explicit(&b[victim], pack(key, score, depth, move, bound, t->gen),
                          memory_order_relaxed);
#ifdef AW_SMP_STATS
    tt_stat[TT_STAT_STORES]++;
    if (tt_writer)
        tt_writer[(key & (t->buckets - 1)) * 4 + (size_t)victim] = (uint8_t)tt_stat_thread;
#endif
}

int tt_hashfull(const tt *t)
{
    size_t n = t->buckets * 4 < 4000 ? t->buckets * 4 : 4000, used = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t e = atomic_load_explicit(&t->slots[i], memory_order_relaxed);
        used += e && (unsigned)(e >> 31 & 31) == t->gen;
    }
    return n ? (int)(used * 1000 / n) : 0;
}
