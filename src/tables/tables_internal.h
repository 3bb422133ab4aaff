/*
 * tables_internal.h - what the endgame-table modules share: the dense index
 * of a layer (boards with exactly n seeds), the table key of a rule set, the
 * move and unmove primitives on the fast board, and the file format.
 *
 * Conventions used everywhere in src/tables:
 * - A board is normalised so that the side to move is South: a North-to-move
 *   position is turned round (its two rows swapped), which on the fast board
 *   is swapping the two 8-byte halves.
 * - Layer n holds every board with exactly n seeds on it, C(n+11, 11) of
 *   them, ranked in colex order (index.c). A table value is a signed byte.
 * - Rule sets with a no-capture limit L keep L planes per layer, one per
 *   value of the counter 0..L-1; plane c starts at entry c * size.
 */
#ifndef AW_TABLES_INTERNAL_H
#define AW_TABLES_INTERNAL_H

#include "rules/board.h"

#include <stdint.h>

#define TB_MAX_SEEDS AW_SEEDS
#define TB_NO_EXIT (-128) /* best exit value of a position without exits */

/* ------------------------------------------------------------------ index */

/* rank_term[i][c] = C(c + i, i + 1): the term of pit i when pits 0..i hold
 * c seeds together. */
extern const uint64_t tb_rank_term[11][TB_MAX_SEEDS + 1];

/* C(m, k) for m <= 60, k <= 12. */
uint64_t tb_binomial(int m, int k);

/* Boards with exactly n seeds in 12 pits: C(n + 11, 11). */
uint64_t tb_layer_size(int n);

/* Rank of a board (bytes 0..5, 8..13 of the fast board) among the boards
 * with the same number of seeds. */
static inline uint64_t tb_rank(const fb_pits *p)
{
    const uint8_t *b = p->b;
    int c = b[0];
    uint64_t r = tb_rank_term[0][c];
    c += b[1], r += tb_rank_term[1][c];
    c += b[2], r += tb_rank_term[2][c];
    c += b[3], r += tb_rank_term[3][c];
    c += b[4], r += tb_rank_term[4][c];
    c += b[5], r += tb_rank_term[5][c];
    c += b[8], r += tb_rank_term[6][c];
    c += b[9], r += tb_rank_term[7][c];
    c += b[10], r += tb_rank_term[8][c];
    c += b[11], r += tb_rank_term[9][c];
    c += b[12], r += tb_rank_term[10][c];
    AW_ASSERT(c <= TB_MAX_SEEDS && r < tb_layer_size(c + b[13]));
    return r;
}

/* The board of rank r in layer n (r < tb_layer_size(n)). */
void tb_unrank(uint64_t r, int n, fb_pits *out);

/* The board of the next rank in the same layer (in place). Returns 0 after
 * the last board. */
static inline int tb_next(fb_pits *p)
{
    uint8_t *b = p->b;
    int s = 0;
    for (int i = 0; i < 11; i++) {
        const int here = FB_BYTE(i), up = FB_BYTE(i + 1);
        s += b[here];
        if (b[up]) {
            b[up]--;
            for (int j = 0; j < i; j++)
                b[FB_BYTE(j)] = 0;
            b[here] = (uint8_t)(s + 1);
            return 1;
        }
    }
    return 0;
}

/* Turn the board round: North's row becomes the row of the side to move. */
static inline void tb_turn(fb_pits *p)
{
    const uint64_t t = p->q[0];
    p->q[0] = p->q[1];
    p->q[1] = t;
}

/* ------------------------------------------------------------- table key */

/* What a table's values depend on: the rule parameters that change play or
 * the final count from the board onwards. The target, the play-on flag, the
 * agreement and the direction do not enter (see docs/tables.md). */
typedef struct tb_key {
    uint64_t captures;
    uint8_t slam;        /* aw_grand_slam */
    uint8_t cannot_feed; /* aw_leftover: MOVER, OPPONENT, NOBODY */
    uint8_t empty_row;   /* aw_leftover: OWNER, NOBODY */
    uint8_t convention;  /* endless play: 0 = the seeds on the board split evenly */
    uint16_t no_capture; /* L; 0 = no limit */
} tb_key;

/* The key of a rule set, or -1 with a message when tables cannot serve it. */
int tb_key_of(const aw_rules *rules, tb_key *key, aw_error *err);

/* Planes per layer: L, or 1 without a no-capture limit. */
static inline int tb_planes(const tb_key *k) { return k->no_capture ? k->no_capture : 1; }

/* Directory name under the tables directory for a key: the preset name
 * when the key is a preset's, else a name spelling out the parameters. */
void tb_key_dirname(const tb_key *key, char *buf, size_t size);

/* Value of a finished position (mover South, n seeds on the board, ended
 * by `status`) for the mover, from the board onwards. */
int tb_terminal_value(const tb_key *k, const fb_pits *p, aw_status status);

/* The history-free end of a board with the mover South (no counter):
 * AW_ONGOING, AW_END_EMPTY_BOARD, AW_END_EMPTY_ROW or AW_END_CANNOT_FEED. */
static inline aw_status tb_board_status(const fb_pits *p)
{
    const unsigned nonempty = fb_nonempty(p);
    if (!nonempty)
        return AW_END_EMPTY_BOARD;
    if (!(nonempty & 0x3Fu))
        return AW_END_EMPTY_ROW;
    if (!(nonempty & 0x3F00u) && !(fb_feeding(p) & 0x3Fu))
        return AW_END_CANNOT_FEED;
    return AW_ONGOING;
}

/* Legal moves of South (bytes 0..5). */
static inline unsigned tb_moves(const fb_pits *p)
{
    const unsigned nonempty = fb_nonempty(p);
    if (nonempty & 0x3F00u)
        return nonempty & 0x3Fu;
    return fb_feeding(p) & 0x3Fu;
}

/* Play South's move from byte `from` of *p into *c. Returns the seeds
 * captured (removed from c). */
static inline int tb_play(const tb_key *k, const fb_pits *p, int from, fb_pits *c)
{
    const int n = p->b[from];
#if defined(__SSE2__)
    c->v = _mm_add_epi8(p->v, _mm_loadu_si128((const __m128i *)fb_sow_table[from][n]));
#else
    for (int j = 0; j < 16; j++)
        c->b[j] = (uint8_t)(p->b[j] + fb_sow_table[from][n][j]);
#endif
    const int last = fb_sow_last[from][n];
    if (last < 8 || !(k->captures >> c->b[last] & 1))
        return 0;
    int j = last, taken = 0;
    while (j >= 8 && (k->captures >> c->b[j] & 1))
        taken += c->b[j--];
    if (k->slam == AW_SLAM_VOID) {
        int sums[2];
        fb_row_sums(c, sums);
        if (taken == sums[1])
            return 0;
    }
    for (int x = j + 1; x <= last; x++)
        c->b[x] = 0;
    return taken;
}

/* Quiet predecessors: every board p (in q's frame, North to move) with a
 * legal move of North that leads to q without a capture. Writes the
 * predecessors, turned round so that their mover is South, into out (at
 * most 6 * 48) and returns how many. Each (origin, seeds) pair gives one. */
int tb_unmoves(const tb_key *k, const fb_pits *q, fb_pits *out);

/* ------------------------------------------------------------ file format */

#define TB_MAGIC "AWALETB1"
#define TB_VERSION 2     /* written; version 1 (values only) is still read */
#define TB_VERSION_OLD 1 /* read for rule sets without a no-capture limit */
#define TB_HEADER_SIZE 128
#define TB_BLOCK_ENTRY_SIZE 24
#define TB_BLOCK_ENTRIES (UINT32_C(1) << 22) /* payload bytes per block */
#define TB_COMPRESS_NONE 0
#define TB_COMPRESS_ZSTD 1

typedef struct tb_header {
    uint32_t version;
    tb_key key;
    int seeds;
    uint32_t planes;
    uint64_t entries;       /* planes * C(seeds + 11, 11) */
    uint32_t block_entries; /* payload bytes per block (the last may hold fewer) */
    uint32_t blocks;
    uint32_t compression;
    uint32_t plies_bytes;   /* bytes per entry of plies to the end: 0 (none), 1 or 2 */
    char rules_name[24];    /* informative: the rule set it was built for */
    uint64_t file_size;     /* expected size of the whole file */
} tb_header;

typedef struct tb_block {
    uint64_t offset;   /* from the start of the file */
    uint32_t stored;   /* bytes stored (compressed or not) */
    uint32_t raw;      /* payload bytes in the block */
    uint64_t checksum; /* of the raw payload bytes */
} tb_block;

/* The payload of a layer: the values (one signed byte per entry), then,
 * when plies_bytes > 0, the plies to the end of the game (plies_bytes per
 * entry, little-endian). */
static inline uint64_t tb_payload_bytes(const tb_header *h)
{
    return h->entries * (1 + (uint64_t)h->plies_bytes);
}

/* The largest number of plies to the end a layer of n seeds can hold with
 * a no-capture limit L: fewer than L plies between captures, and at most n
 * captures. */
static inline uint32_t tb_plies_bound(int n, int L) { return (uint32_t)L * (uint32_t)(n + 1); }

/* Entry i of a plies array stored `width` bytes per entry. */
static inline int tb_plies_at(const uint8_t *plies, int width, uint64_t i)
{
    return width == 1 ? plies[i] : plies[2 * i] | plies[2 * i + 1] << 8;
}

/* A layer in memory: the values, and the plies to the end (rule sets with
 * a no-capture limit; NULL otherwise), plies_bytes per entry. One
 * allocation: plies points into it. */
typedef struct tb_data {
    int8_t *values;
    const uint8_t *plies;
    int plies_bytes;
    uint64_t entries;
} tb_data;

/* A 64-bit checksum of n bytes (not cryptographic; detects damage). */
uint64_t tb_checksum(const void *data, size_t n);

/* Encode a header and its block index into buf (TB_HEADER_SIZE +
 * blocks * TB_BLOCK_ENTRY_SIZE bytes). */
void tb_header_encode(const tb_header *h, const tb_block *blocks, uint8_t *buf);

/* Parse and check the header at the start of a file of file_size bytes:
 * magic, version, sizes, the header checksum. Returns 0, or -1 with a
 * message. The block index follows; see tb_blocks_parse. */
int tb_header_parse(const uint8_t *buf, size_t size, uint64_t file_size, tb_header *h,
                    aw_error *err);

/* Parse the block index (buf points at the start of the file and holds at
 * least the header and the index) and check it against the header: offsets
 * in order, inside the file, sizes consistent, its checksum. Returns 0 or -1
 * with a message. */
int tb_blocks_parse(const uint8_t *buf, size_t size, const tb_header *h, tb_block *blocks,
                    aw_error *err);

/* Bytes of header plus block index. */
static inline size_t tb_index_bytes(uint32_t blocks)
{
    return TB_HEADER_SIZE + (size_t)blocks * TB_BLOCK_ENTRY_SIZE;
}

/* Check a whole file held in memory and decode its payload into out
 * (tb_payload_bytes(h) bytes, may be NULL to only check). Returns 0 or -1
 * with a message that says what is wrong. */
int tb_file_decode(const uint8_t *file, size_t size, tb_header *h, uint8_t *out, aw_error *err);

/* Ask for huge pages on a big array (fewer TLB misses on random access);
 * a hint, silently ignored where not available. */
void tb_huge_pages(void *p, size_t size);

/* Whether zstd compression is compiled in. */
int tb_zstd_available(void);

/* Read and check the layer file `path`, expecting `key` and `seeds`; on
 * success *out holds the layer (free with tb_data_free). */
int tb_load_layer(const char *path, const tb_key *key, int seeds, tb_data *out, aw_error *err);
void tb_data_free(tb_data *d);

/* Read and check the layer file `path` block by block, handing each block's
 * payload bytes (at payload offset `at`) to sink, which returns 0 or -1
 * with a message. *h receives the header. Memory: one block. */
typedef int (*tb_sink_fn)(void *ctx, uint64_t at, const uint8_t *data, uint32_t n, aw_error *err);
int tb_stream_layer(const char *path, const tb_key *key, int seeds, tb_header *h, tb_sink_fn sink,
                    void *ctx, aw_error *err);

/* A layer file mapped read-only (the build reads its smaller layers so,
 * instead of holding copies: the pages are the kernel's file cache, shared,
 * clean, and given back under memory pressure). */
typedef struct tb_map {
    void *base;            /* the whole file */
    size_t size;
    const int8_t *values;  /* the payload: values, plane after plane */
    const uint8_t *plies;  /* then the plies to the end (NULL without) */
    int plies_bytes;
    uint64_t entries;
} tb_map;

/* Map the layer file `path` (checked block by block first when `check`:
 * one block of memory). Returns 0; 1 when the file cannot be mapped as it
 * is (compressed, or no mmap here), for the caller to load it instead; or
 * -1 with a message. Release with tb_unmap_layer. */
int tb_map_layer(const char *path, const tb_key *key, int seeds, bool check, tb_map *m,
                 aw_error *err);
void tb_unmap_layer(tb_map *m);
/* Enter every page of a mapped layer in the page tables now (the file
 * cache's pages, read from the disk where they are not there), so that
 * probes do not each take a page fault on first touch. Linux 5.14 and
 * later; elsewhere nothing. */
void tb_map_populate(const tb_map *m);

/* Write a layer atomically (temporary file, fsync, rename): the values, and
 * with a no-capture limit the plies to the end (stored in 1 byte per entry
 * when every one fits, else 2). */
int tb_write_layer(const char *path, const tb_key *key, const char *rules_name, int seeds,
                   const int8_t *values, const uint16_t *plies, uint64_t entries, int compress,
                   aw_error *err);

/* A layer written block by block, in payload order, by whoever holds it
 * (the distributed build streams it to one writer). tb_writer_open takes
 * the header's fields (seeds, key, entries, plies_bytes, compression);
 * tb_writer_put adds payload bytes; tb_writer_close checks the count,
 * writes the header and index, syncs and renames (0), or removes the
 * temporary file (abandon). */
typedef struct tb_writer tb_writer;
tb_writer *tb_writer_open(const char *path, const tb_key *key, const char *rules_name, int seeds,
                          uint64_t entries, int plies_bytes, int compress, aw_error *err);
int tb_writer_put(tb_writer *w, const void *data, size_t n, aw_error *err);
int tb_writer_close(tb_writer *w, bool abandon, aw_error *err);

/* ------------------------------------------------------------- the build */

/* A build worker's buffers (build.c), which the memory estimate counts
 * (estimate.c): its stack of positions to unmove, and the predecessors of
 * a batch of them. */
#define STACK_ENTRIES (1u << 21)
#define UNMOVE_BATCH 8
#define PRED_MAX (UNMOVE_BATCH * 6 * AW_SEEDS)

/* The table key of the rules (into *key), and whether the build options
 * can be built at all: the seed count, compression (estimate.c). 0, or -1
 * with err. */
int tb_build_check(const aw_rules *rules, const aw_tables_build_options *opt, tb_key *key,
                   aw_error *err);

/* How a build keeps its finished layers, which the captures of the bigger
 * layers read: 0 (the default), their files mapped (a compressed one held
 * as a copy); 1, every one held as a copy in memory, the way before the
 * mapping (for the test that both give the same files). Set before a build,
 * never while one runs. */
extern int tb_build_in_memory;

/* The bytes of the smaller layers a build of `seeds` seeds reads (its
 * largest layer's captures: every layer from seeds - the smallest capture
 * down), mapped from their files: the file cache keeps them while memory
 * allows (what aw_tables_build_memory leaves out). */
uint64_t tb_build_read_bytes(const tb_key *k, int seeds);

/* mkdir -p */
int tb_make_dirs(const char *path, aw_error *err);

/* The ranks of the MPI job this process has joined (aw_tables_mpi_begin),
 * 1 when none or in a program built without MPI; with more than one,
 * aw_tables_build spreads the layers over them (build_mpi.c). */
int tb_mpi_ranks(void);
int tb_build_mpi(const char *dir, const aw_rules *rules, const aw_tables_build_options *opt,
                 aw_error *err);

/* The file name of layer n: DIR/KEYDIR/layer-NN.awt */
int tb_layer_path(const char *dir, const tb_key *key, int seeds, char *buf, size_t size);

#endif
