/*
 * estimate.c - what a table build will take, before it starts: the threads
 * it runs by default, the memory of one process (aw_tables_build_memory)
 * or of each rank of a distributed build (aw_tables_build_memory_ranks),
 * the positions up to a seed count, and whether the options can be built
 * at all. The builds (build.c, build_mpi.c)
 * and the front ends ask here, so that neither build calls the other back.
 */
#include "tables_internal.h"

#include <unistd.h>

int aw_tables_threads(void)
{
#if defined(__wasi__)
    return 1; /* WebAssembly: one thread (src/wasm/include/pthread.h) */
#else
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > AW_TABLES_MAX_THREADS ? AW_TABLES_MAX_THREADS : (int)n;
#endif
}

/* The layers one process (ranks 1) or one rank of a distributed build
 * holds in its memory: the layer being built, values (all planes) plus one
 * byte of state or of best exit, with a limit also the plies to the end (2
 * bytes, all planes) and the plies of the best exits (4 bytes); a rank of a
 * distributed build also its share of every smaller layer (1 byte, 3 with
 * a limit). One process reads the smaller layers from their files, mapped
 * (build.c): the file cache holds them, see tb_build_read_bytes. */
static uint64_t layers_bytes(const tb_key *k, int seeds, int ranks)
{
    uint64_t lower = 0;
    for (int n = 0; ranks > 1 && n < seeds; n++)
        lower += (tb_layer_size(n) + (uint64_t)ranks - 1) / (uint64_t)ranks;
    const uint64_t top = (tb_layer_size(seeds) + (uint64_t)ranks - 1) / (uint64_t)ranks;
    uint64_t work = top * (uint64_t)(tb_planes(k) + 1);
    if (k->no_capture) {
        lower *= 3;
        work += top * (2 * (uint64_t)tb_planes(k) + 4);
    }
    return lower + work;
}

uint64_t tb_build_read_bytes(const tb_key *k, int seeds)
{
    /* The smallest capture decides the biggest layer read. */
    int least = 1;
    while (least < 64 && !(k->captures >> least & 1))
        least++;
    uint64_t bytes = 0;
    for (int n = 0; n <= seeds - least; n++)
        bytes += tb_layer_size(n);
    return k->no_capture ? 3 * bytes : bytes;
}

/* The buffers of the build's workers (build.c). */
static uint64_t stack_bytes(int threads)
{
    return (uint64_t)threads *
           (STACK_ENTRIES * sizeof(fb_pits) + PRED_MAX * (sizeof(fb_pits) + sizeof(uint64_t) + 1));
}

uint64_t aw_tables_build_memory(const aw_rules *rules, int seeds, int threads)
{
    tb_key k;
    if (tb_key_of(rules, &k, NULL) || seeds < 0 || seeds > TB_MAX_SEEDS)
        return 0;
    if (threads <= 0)
        threads = aw_tables_threads();
    /* The layer being built, the workers, and writing, the index, the
     * rest; not the smaller layers (mapped files, tb_build_read_bytes). */
    return layers_bytes(&k, seeds, 1) + stack_bytes(threads) + (64u << 20);
}

uint64_t aw_tables_build_memory_ranks(const aw_rules *rules, int seeds, int ranks)
{
    tb_key k;
    if (ranks <= 1)
        return aw_tables_build_memory(rules, seeds, 0);
    if (tb_key_of(rules, &k, NULL) || seeds < 0 || seeds > TB_MAX_SEEDS)
        return 0;
    /* Batches of requests and answers, the queue of placed positions, the
     * updates in flight (docs/tables.md). */
    return layers_bytes(&k, seeds, ranks) + (160u << 20);
}

int tb_build_check(const aw_rules *rules, const aw_tables_build_options *opt, tb_key *key,
                   aw_error *err)
{
    if (tb_key_of(rules, key, err))
        return -1;
    if (opt->seeds < 0 || opt->seeds > TB_MAX_SEEDS)
        return aw_fail(err, "seed count %d out of range 0..%d", opt->seeds, TB_MAX_SEEDS);
    if (opt->compress && !tb_zstd_available())
        return aw_fail(err, "compression needs zstd, and this program was built without it "
                            "(install libzstd-dev and rebuild)");
    return 0;
}

uint64_t aw_tables_positions(int seeds)
{
    uint64_t total = 0;
    for (int n = 0; n <= seeds && n <= TB_MAX_SEEDS; n++)
        total += tb_layer_size(n);
    return total;
}
