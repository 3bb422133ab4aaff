/*
 * bench_updates.c - what the table builder's random updates cost, and
 * whether sorting them by address first would pay (docs/tables.md,
 * section 7): `make bench-updates`, or
 *
 *     bench_updates POSITIONS UPDATES [BUCKET_BITS]
 *
 * An array of 2 bytes per position in 2 MB pages, as the builder's cells
 * (src/tables/build.c), and UPDATES random positions (a fixed generator:
 * every run draws the same). Each update is an atomic decrement of a
 * position's second byte, as an unmove's. Two ways, one after the other:
 *
 *   direct:   the builder's: batches of 48, every address prefetched, then
 *             the batch before updated (the loads overlap);
 *   bucketed: the updates first sorted by position into buckets of
 *             2^BUCKET_BITS positions (a counting sort: a count, then a
 *             scatter into a second array), then applied bucket after
 *             bucket, so that each bucket's updates fall in a range small
 *             enough to stay in the cache.
 *
 * Prints nanoseconds per update for each, and the sort's share. A figure,
 * never a test: it does not fail on timing.
 */
#define _DEFAULT_SOURCE /* madvise(MADV_HUGEPAGE), MAP_ANONYMOUS */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define BATCH 48

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static int number(const char *text, const char *what, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-' || v < lo || v > hi) {
        fprintf(stderr, "bench_updates: %s must be a number from %llu to %llu, not '%s'\n", what,
                (unsigned long long)lo, (unsigned long long)hi, text);
        return -1;
    }
    *out = v;
    return 0;
}

/* One update: the decrement an unmove makes; counts the "last move" case
 * so that the compiler cannot drop the work. */
static inline uint64_t update(uint8_t *cells, uint64_t r)
{
    const uint8_t old = __atomic_fetch_sub(cells + 2 * r + 1, 1, __ATOMIC_RELAXED);
    return (old & 0x1F) == 1;
}

int main(int argc, char **argv)
{
    uint64_t positions, updates, bits = 19;
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: bench_updates POSITIONS UPDATES [BUCKET_BITS]\n");
        return 2;
    }
    if (number(argv[1], "POSITIONS", 1, UINT64_C(1) << 36, &positions) ||
        number(argv[2], "UPDATES", 1, UINT64_C(1) << 32, &updates) ||
        (argc == 4 && number(argv[3], "BUCKET_BITS", 4, 32, &bits)))
        return 2;
    const size_t bytes = (size_t)(2 * positions);
    uint8_t *cells = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint64_t *order = malloc(updates * sizeof *order);
    uint64_t *sorted = malloc(updates * sizeof *sorted);
    const uint64_t buckets = (positions >> bits) + 1;
    uint64_t *start = calloc(buckets + 1, sizeof *start);
    if (cells == MAP_FAILED || !order || !sorted || !start) {
        fprintf(stderr, "bench_updates: out of memory (%zu bytes of cells, %llu updates)\n", bytes,
                (unsigned long long)updates);
        return 1;
    }
    madvise(cells, bytes, MADV_HUGEPAGE);
    memset(cells, 0x05, bytes);
    uint64_t s = UINT64_C(88172645463325252);
    for (uint64_t i = 0; i < updates; i++)
        order[i] = next_random(&s) % positions;

    uint64_t last = 0;
    double t0 = now();
    for (uint64_t i = 0; i < updates + BATCH; i += BATCH) {
        for (uint64_t j = i; j < i + BATCH && j < updates; j++)
            __builtin_prefetch(cells + 2 * order[j] + 1, 1, 3);
        if (i >= BATCH)
            for (uint64_t j = i - BATCH; j < i && j < updates; j++)
                last += update(cells, order[j]);
    }
    const double direct = now() - t0;

    t0 = now();
    for (uint64_t i = 0; i < updates; i++)
        start[(order[i] >> bits) + 1]++;
    for (uint64_t b = 0; b < buckets; b++)
        start[b + 1] += start[b];
    for (uint64_t i = 0; i < updates; i++)
        sorted[start[order[i] >> bits]++] = order[i];
    const double sort = now() - t0;
    for (uint64_t i = 0; i < updates; i++)
        last += update(cells, sorted[i]);
    const double bucketed = now() - t0;

    const double per = 1e9 / (double)updates;
    printf("%llu positions (%.2f GB of cells), %llu updates (%.3f per position), "
           "buckets of %llu positions (%.1f KB)\n",
           (unsigned long long)positions, (double)bytes / 1e9, (unsigned long long)updates,
           (double)updates / (double)positions, (unsigned long long)(UINT64_C(1) << bits),
           (double)(UINT64_C(2) << bits) / 1024);
    printf("direct   %6.1f ns per update\n", direct * per);
    printf("bucketed %6.1f ns per update (sorting %.1f, applying %.1f)\n", bucketed * per,
           sort * per, (bucketed - sort) * per);
    printf("(%llu last moves)\n", (unsigned long long)last);
    munmap(cells, bytes);
    free(order);
    free(sorted);
    free(start);
    return 0;
}
