/*
 * build_mpi.c - the table build spread over the ranks of an MPI job
 * (`make mpi`, then `mpirun -np N awale tables build ...`). Compiled into
 * every program, but only the MPI build (AW_HAVE_MPI) holds more than the
 * stubs at the end of the file: the default program has no MPI dependency.
 *
 * Layout (docs/tables.md, "Across machines"). Every layer, and every plane
 * of it, is cut into N equal ranges of ranks, one per MPI rank: rank r owns
 * the positions r*chunk .. (r+1)*chunk - 1 of each layer, chunk = ceil(size
 * / N). A rank keeps only its range of the finished layers (plane 0, the one
 * captures lead to) and of the layer being built, so the memory per rank is
 * the single-process figure divided by N. No copy of the smaller layers:
 * at 48 seeds they are 0.9 TB, and the figures (docs/tables.md) show that
 * the capture look-ups they would save cost less network than the copy.
 *
 * What travels, always in batches, each an all-to-all exchange:
 * - initialising a layer: the captures of each position lead to positions
 *   of smaller layers owned by any rank. A batch of positions makes a batch
 *   of requests (8 bytes: layer and offset in the owner's range) per owner;
 *   owners answer with the values (1 byte, or 3 with the plies to the end);
 * - solving without a limit: the retrograde propagation of build.c by
 *   thresholds, in rounds. Unmoving a placed position gives predecessors;
 *   those a rank owns are updated at once, the others are sent to their
 *   owner (8 bytes: offset and kind of update), which applies them after
 *   the exchange, placing positions that then unmove in the next round. A
 *   threshold ends when no rank has work left and nothing is in flight;
 * - solving with a limit: each plane reads the next one at the quiet
 *   children, by requests and answers as for the captures;
 * - writing: the ranks send their ranges, plane by plane, to rank 0, which
 *   writes the file block by block (the same bytes as the single-process
 *   build: the values do not depend on the order of the work); reading a
 *   kept layer, rank 0 checks the file block by block and sends each rank
 *   its range of plane 0.
 *
 * Every round ends with one small all-reduce (work left, stop, error,
 * progress), so a rank that fails, or a Ctrl-C, stops every rank at the same
 * point; a rank that dies takes the job down (mpirun reports it), and the
 * finished layers, written atomically, are kept for the resume.
 *
 * Each rank runs one thread: the layout is one rank per core.
 */
#define _DEFAULT_SOURCE
#include "tables_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* Whether the environment says an MPI launcher started this process with
 * more than one rank. */
static int launched_ranks(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE",
                                       "MPI_LOCALNRANKS"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && atoi(v) > 0)
            return atoi(v);
    }
    return 0;
}

int aw_tables_mpi_launched(void) { return launched_ranks(); }

uint64_t aw_tables_build_memory_ranks(const aw_rules *rules, int seeds, int ranks)
{
    tb_key k;
    if (ranks <= 1)
        return aw_tables_build_memory(rules, seeds, 0);
    if (tb_key_of(rules, &k, NULL) || seeds < 0 || seeds > TB_MAX_SEEDS)
        return 0;
    uint64_t lower = 0;
    for (int n = 0; n < seeds; n++)
        lower += (tb_layer_size(n) + (uint64_t)ranks - 1) / (uint64_t)ranks;
    const uint64_t top = (tb_layer_size(seeds) + (uint64_t)ranks - 1) / (uint64_t)ranks;
    uint64_t work = top * (uint64_t)(tb_planes(&k) + 1);
    if (k.no_capture) {
        lower *= 3;
        work += top * (2 * (uint64_t)tb_planes(&k) + 4);
    }
    /* Batches of requests and answers, the queue of placed positions, the
     * updates in flight (docs/tables.md). */
    return lower + work + (160u << 20);
}

#if defined(AW_HAVE_MPI)

#include <mpi.h>

static int mpi_started; /* MPI_Init was called here */
static int mpi_rank, mpi_size = 1;

int aw_tables_mpi_begin(int *rank)
{
    *rank = 0;
    if (launched_ranks() <= 1)
        return 1;
    int inited = 0;
    MPI_Initialized(&inited);
    if (!inited) {
        int provided;
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
            return 1;
        mpi_started = 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    *rank = mpi_rank;
    return mpi_size;
}

void aw_tables_mpi_end(void)
{
    if (mpi_started) {
        MPI_Finalize();
        mpi_started = 0;
        mpi_size = 1;
        mpi_rank = 0;
    }
}

bool aw_tables_mpi_available(void) { return true; }

int tb_mpi_ranks(void) { return mpi_started ? mpi_size : 1; }

/* ------------------------------------------------------------- the builder */

#define BATCH (1u << 18)       /* positions per batch of look-ups           */
#define QUEUE (1u << 20)       /* placed positions waiting to be unmoved    */
#define OUT_MAX (1u << 20)     /* updates collected before an exchange      */
#define SCAN_CHUNK 65536       /* positions scanned between two checks      */
#define PIECE (1u << 22)       /* bytes per message when moving a layer     */
#define WORKING 63             /* request "layer": the working plane c + 1 */
#define KIND_LOSS (UINT64_C(1) << 63)
#define ST_COUNT 0x0Fu
#define ST_RESOLVED 0x10u
#define ST_PENDING 0x20u

enum { TAG_VALUES = 11, TAG_PLIES = 12, TAG_DONE = 13, TAG_FILE = 14 };
enum { SENT_REQUESTS, SENT_ANSWERS, SENT_UPDATES, SENT_FILE, SENT_KINDS };

typedef struct dist {
    MPI_Comm comm;
    int me, np, node_ranks;
    tb_key key;
    char rules_name[24];
    const aw_tables_build_options *opt;
    int L, planes;
    /* Finished layers: this rank's range of plane 0. */
    int8_t *low_val[TB_MAX_SEEDS + 1];
    uint16_t *low_plies[TB_MAX_SEEDS + 1];
    uint64_t low_chunk[TB_MAX_SEEDS + 1];
    /* The layer being built: its range here. */
    int n;
    uint64_t size, chunk, lo, local;
    int8_t *val;   /* no limit: best exit, then value; limit: every plane */
    uint8_t *st;   /* no limit: quiet moves left and flags                */
    int8_t *exits; /* limit: best exit and the plies of the best exits    */
    uint16_t *near, *far, *plies;
    int t; /* threshold, or the plane being computed */
    /* Look-ups: requests in send order, the slot each answers. */
    uint64_t *rq_word, *rq_send, *rq_recv;
    uint32_t *rq_slot, *rq_slot_sorted;
    uint16_t *rq_dest;
    uint8_t *ans_send, *ans_recv;
    size_t rq_n, rq_cap, recv_cap, ans_cap;
    int *scount, *sdispl, *rcount, *rdispl;
    /* Propagation: placed positions to unmove, updates to send. */
    fb_pits *queue;
    uint32_t qlen, qcap; /* qcap: QUEUE, less for small layers so that the
                            overflow path (pending, sweeps) is tested too */
    uint64_t *out_word, *out_sorted, *in_word;
    int64_t *status_send, *status_recv; /* 5 per rank, see exchange_updates */
    uint16_t *out_dest;
    size_t out_n, in_cap;
    int pending, sweeping;
    uint64_t scan_at, sweep_at;
    fb_pits pred[8 * 6 * AW_SEEDS];
    uint64_t local_rank[8 * 6 * AW_SEEDS]; /* of pred[], or UINT64_MAX */
    /* Agreement and progress. */
    int stop, error;
    char msg[256];
    uint64_t done, done_global, done_before;
    double last_report;
    aw_tables_progress prog;
    uint64_t sent[SENT_KINDS]; /* bytes sent to other ranks, this layer */
    uint64_t rounds;
} dist;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void say(const dist *d, const char *fmt, ...) AW_PRINTF(2, 3);
static void say(const dist *d, const char *fmt, ...)
{
    if (d->me != 0 || !d->opt->log)
        return;
    char line[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    d->opt->log(d->opt->ctx, line);
}

/* A failure of this rank: kept until the next agreement tells every rank. */
static void fail_here(dist *d, const char *fmt, ...) AW_PRINTF(2, 3);
static void fail_here(dist *d, const char *fmt, ...)
{
    if (d->error)
        return;
    d->error = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
}

static inline uint64_t chunk_of(uint64_t size, int np) { return (size + (uint64_t)np - 1) / (uint64_t)np; }
static inline uint64_t range_lo(uint64_t size, uint64_t chunk, int r)
{
    const uint64_t lo = chunk * (uint64_t)r;
    return lo < size ? lo : size;
}
static inline uint64_t range_len(uint64_t size, uint64_t chunk, int r)
{
    return range_lo(size, chunk, r + 1) - range_lo(size, chunk, r);
}

static void report(dist *d, const char *phase, bool force)
{
    const double t = now();
    if (!force && t - d->last_report < 0.05)
        return;
    d->last_report = t;
    d->prog.phase = phase;
    d->prog.done = d->done_before + d->done_global;
    const aw_tables_build_options *o = d->opt;
    if (o->progress && o->progress(o->ctx, &d->prog))
        d->stop = 1;
}

/* What every rank learnt of the others at an agreement point: work left
 * and updates sent (summed), stop and error flags, progress. Returns 0, or
 * -1 with the message when a rank failed or the build was stopped. */
static int settle(dist *d, const int64_t sum[4], const char *phase, aw_error *err)
{
    d->done_global = (uint64_t)sum[3];
    if (sum[2] & ~INT64_C(0xFFFF)) {
        /* The lowest failing rank tells what went wrong. */
        int mine = d->error ? d->me : d->np, first;
        MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, d->comm);
        char msg[sizeof d->msg];
        memcpy(msg, d->msg, sizeof msg);
        MPI_Bcast(msg, (int)sizeof msg, MPI_CHAR, first, d->comm);
        msg[sizeof msg - 1] = 0;
        return aw_fail(err, "rank %d of %d: %s", first, d->np, msg);
    }
    if (sum[2])
        return aw_fail(err, "interrupted");
    report(d, phase, false);
    return 0;
}

/* This rank's flags for an agreement: stop (low bits), error (high). */
static int64_t flags_of(const dist *d) { return (d->stop ? 1 : 0) + (d->error ? INT64_C(1) << 16 : 0); }

/* Every rank's state at the same point (one all-reduce): work left
 * (summed into *active), stop, error, progress. */
static int agree(dist *d, int64_t active, int64_t *active_sum, const char *phase, aw_error *err)
{
    int64_t in[4] = {active, 0, flags_of(d), (int64_t)d->done}, out[4];
    MPI_Allreduce(in, out, 4, MPI_INT64_T, MPI_SUM, d->comm);
    if (active_sum)
        *active_sum = out[0];
    return settle(d, out, phase, err);
}

/* A buffer that cannot grow while the ranks exchange: the exchange cannot
 * go on without it, so every rank stops at once (mpirun reports it; the
 * finished layers are kept). */
static void die(dist *d, const char *what)
{
    fprintf(stderr, "awale: tables build: rank %d of %d: out of memory (or past 2^31 entries "
                    "in one exchange) for %s of layer %d; stopping every rank\n",
            d->me, d->np, what, d->n);
    MPI_Abort(d->comm, 1);
}

/* -------------------------------------------------------------- look-ups */

static int grow(void **p, size_t *cap, size_t want, size_t elem)
{
    if (want <= *cap)
        return 0;
    size_t c = *cap ? *cap : 4096;
    while (c < want)
        c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

static int rq_reserve(dist *d, size_t want)
{
    if (want <= d->rq_cap)
        return 0;
    size_t c = d->rq_cap ? d->rq_cap : 4096;
    while (c < want)
        c *= 2;
    uint64_t *w = realloc(d->rq_word, c * sizeof *w);
    if (w)
        d->rq_word = w;
    uint64_t *s = realloc(d->rq_send, c * sizeof *s);
    if (s)
        d->rq_send = s;
    uint32_t *sl = realloc(d->rq_slot, c * sizeof *sl);
    if (sl)
        d->rq_slot = sl;
    uint32_t *ss = realloc(d->rq_slot_sorted, c * sizeof *ss);
    if (ss)
        d->rq_slot_sorted = ss;
    uint16_t *de = realloc(d->rq_dest, c * sizeof *de);
    if (de)
        d->rq_dest = de;
    if (!w || !s || !sl || !ss || !de)
        return -1;
    d->rq_cap = c;
    return 0;
}

/* Ask for entry `index` of layer k (plane 0), or of the working plane
 * c + 1 (k = WORKING, in layer d->n); the answer comes back to `slot`. */
static inline void ask(dist *d, int k, uint64_t index, uint32_t slot)
{
    const uint64_t chunk = k == WORKING ? d->chunk : d->low_chunk[k];
    const uint64_t owner = index / chunk;
    const size_t i = d->rq_n++;
    d->rq_word[i] = (uint64_t)k << 56 | (index - owner * chunk);
    d->rq_slot[i] = slot;
    d->rq_dest[i] = (uint16_t)owner;
}

static inline void prefetch(const void *p)
{
#if defined(__GNUC__)
    __builtin_prefetch(p, 1, 0);
#else
    (void)p;
#endif
}

#define AHEAD 16 /* look-ups and updates prefetched this far ahead */

/* Where the answer to a request lies: its value, its plies (or NULL). */
static inline const int8_t *answer_at(const dist *d, uint64_t word, const uint16_t **plies)
{
    const int k = (int)(word >> 56);
    const uint64_t off = word & ((UINT64_C(1) << 56) - 1);
    if (k == WORKING) {
        *plies = d->plies + (uint64_t)(d->t + 1) * d->local + off;
        return d->val + (uint64_t)(d->t + 1) * d->local + off;
    }
    *plies = d->low_plies[k] ? d->low_plies[k] + off : NULL;
    return d->low_val[k] + off;
}

/* The answer to one request: the value, and with a limit the plies. */
static inline void answer(const dist *d, uint64_t word, uint8_t *out, int width)
{
    const int k = (int)(word >> 56);
    const uint64_t off = word & ((UINT64_C(1) << 56) - 1);
    const int8_t *v;
    const uint16_t *p;
    if (k == WORKING) {
        v = d->val + (uint64_t)(d->t + 1) * d->local + off;
        p = d->plies + (uint64_t)(d->t + 1) * d->local + off;
    } else {
        v = d->low_val[k] + off;
        p = d->low_plies[k] ? d->low_plies[k] + off : NULL;
    }
    out[0] = (uint8_t)*v;
    if (width == 3) {
        out[1] = (uint8_t)*p;
        out[2] = (uint8_t)(*p >> 8);
    }
}

/* Send the requests gathered, serve the others', and get the answers: on
 * return d->ans_recv holds `width` bytes per request, d->rq_slot_sorted
 * the slot of each, both in the same order. Collective. */
static int exchange_requests(dist *d, int width, size_t *count)
{
    const int np = d->np;
    memset(d->scount, 0, (size_t)np * sizeof *d->scount);
    for (size_t i = 0; i < d->rq_n; i++)
        d->scount[d->rq_dest[i]]++;
    d->sdispl[0] = 0;
    for (int r = 1; r < np; r++)
        d->sdispl[r] = d->sdispl[r - 1] + d->scount[r - 1];
    int *fill = d->rcount; /* scratch until the counts are exchanged */
    memcpy(fill, d->sdispl, (size_t)np * sizeof *fill);
    for (size_t i = 0; i < d->rq_n; i++) {
        const int at = fill[d->rq_dest[i]]++;
        d->rq_send[at] = d->rq_word[i];
        d->rq_slot_sorted[at] = d->rq_slot[i];
    }
    MPI_Alltoall(d->scount, 1, MPI_INT, d->rcount, 1, MPI_INT, d->comm);
    size_t incoming = 0;
    for (int r = 0; r < np; r++)
        incoming += (size_t)d->rcount[r];
    /* MPI counts and displacements are ints. */
    if (incoming * (size_t)width > INT32_MAX ||
        grow((void **)&d->rq_recv, &d->recv_cap, incoming + 1, sizeof *d->rq_recv))
        die(d, "the look-ups");
    d->rdispl[0] = 0;
    for (int r = 1; r < np; r++)
        d->rdispl[r] = d->rdispl[r - 1] + d->rcount[r - 1];
    const size_t need = (incoming > d->rq_n ? incoming : d->rq_n) * (size_t)width + 1;
    if (need > d->ans_cap) {
        uint8_t *a = realloc(d->ans_send, need), *b = realloc(d->ans_recv, need);
        if (a)
            d->ans_send = a;
        if (b)
            d->ans_recv = b;
        if (!a || !b)
            die(d, "the look-ups");
        d->ans_cap = need;
    }
    MPI_Alltoallv(d->rq_send, d->scount, d->sdispl, MPI_UINT64_T, d->rq_recv, d->rcount, d->rdispl,
                  MPI_UINT64_T, d->comm);
    for (size_t i = 0; i < incoming; i++) {
        if (i + AHEAD < incoming) {
            const uint16_t *pp;
            prefetch(answer_at(d, d->rq_recv[i + AHEAD], &pp));
            if (pp)
                prefetch(pp);
        }
        answer(d, d->rq_recv[i], d->ans_send + i * (size_t)width, width);
    }
    for (int r = 0; r < np; r++) {
        if (r != d->me) {
            d->sent[SENT_REQUESTS] += (uint64_t)d->scount[r] * 8;
            d->sent[SENT_ANSWERS] += (uint64_t)d->rcount[r] * (uint64_t)width;
        }
        d->scount[r] *= width, d->sdispl[r] *= width;
        d->rcount[r] *= width, d->rdispl[r] *= width;
    }
    MPI_Alltoallv(d->ans_send, d->rcount, d->rdispl, MPI_BYTE, d->ans_recv, d->scount, d->sdispl,
                  MPI_BYTE, d->comm);
    *count = d->rq_n;
    d->rq_n = 0;
    return 0;
}

/* --------------------------------------------------------- initialising */

/* Best exit of every position here: captures looked up in the smaller
 * layers (wherever they are), ends of game; with a limit, the plies of
 * the best exits. */
static int phase_init(dist *d, aw_error *err)
{
    const int limit = d->L != 0, width = limit ? 3 : 1;
    const uint64_t rounds = (d->chunk + BATCH - 1) / BATCH;
    int *bst = malloc(BATCH * sizeof *bst);
    uint16_t *nr = malloc(BATCH * sizeof *nr), *fr = malloc(BATCH * sizeof *fr);
    uint8_t *quiet = malloc(BATCH);
    if (!bst || !nr || !fr || !quiet || rq_reserve(d, (size_t)BATCH * 6))
        fail_here(d, "out of memory initialising layer %d", d->n);
    if (agree(d, 0, NULL, "initialising", err))
        goto fail;
    for (uint64_t round = 0; round < rounds; round++) {
        const uint64_t b0 = round * BATCH;
        const uint64_t m = b0 >= d->local ? 0 : d->local - b0 < BATCH ? d->local - b0 : BATCH;
        fb_pits p;
        if (m)
            tb_unrank(d->lo + b0, d->n, &p);
        for (uint64_t i = 0; i < m; i++) {
            const aw_status s = tb_board_status(&p);
            quiet[i] = 0;
            bst[i] = TB_NO_EXIT;
            nr[i] = fr[i] = 0;
            if (s != AW_ONGOING) {
                bst[i] = tb_terminal_value(&d->key, &p, s);
            } else {
                unsigned mask = tb_moves(&p);
                while (mask) {
                    const int from = __builtin_ctz(mask);
                    mask &= mask - 1;
                    fb_pits c;
                    const int taken = tb_play(&d->key, &p, from, &c);
                    if (!taken) {
                        quiet[i]++;
                        continue;
                    }
                    tb_turn(&c);
                    ask(d, d->n - taken, tb_rank(&c), (uint32_t)(i << 6 | (uint64_t)taken));
                }
            }
            tb_next(&p);
        }
        size_t count;
        if (exchange_requests(d, width, &count) == 0) {
            for (size_t j = 0; j < count; j++) {
                const uint32_t slot = d->rq_slot_sorted[j];
                const uint8_t *a = d->ans_recv + j * (size_t)width;
                const uint32_t i = slot >> 6;
                const int v = (int)(slot & 63) - (int8_t)a[0];
                if (v > bst[i]) {
                    bst[i] = v;
                    if (limit)
                        nr[i] = fr[i] = (uint16_t)(1 + (a[1] | a[2] << 8));
                } else if (limit && v == bst[i]) {
                    const uint16_t dd = (uint16_t)(1 + (a[1] | a[2] << 8));
                    nr[i] = dd < nr[i] ? dd : nr[i];
                    fr[i] = dd > fr[i] ? dd : fr[i];
                }
            }
            for (uint64_t i = 0; i < m; i++) {
                const uint64_t r = b0 + i;
                if (limit) {
                    d->exits[r] = (int8_t)bst[i];
                    d->near[r] = nr[i];
                    d->far[r] = fr[i];
                } else {
                    d->val[r] = (int8_t)bst[i];
                    d->st[r] = quiet[i];
                }
            }
            d->done += m;
        }
        if (agree(d, 0, NULL, "initialising", err))
            goto fail;
    }
    free(bst), free(nr), free(fr), free(quiet);
    return 0;
fail:
    free(bst), free(nr), free(fr), free(quiet);
    return -1;
}

/* ------------------------------------------------- solving with a limit */

static int phase_planes(dist *d, aw_error *err)
{
    const uint64_t rounds = (d->chunk + BATCH - 1) / BATCH;
    int8_t(*mv)[7] = malloc(BATCH * sizeof *mv);
    uint16_t(*md)[7] = malloc(BATCH * sizeof *md);
    uint8_t *moves = malloc(BATCH);
    if (!mv || !md || !moves || rq_reserve(d, (size_t)BATCH * 6))
        fail_here(d, "out of memory solving layer %d", d->n);
    if (agree(d, 0, NULL, "solving", err))
        goto fail;
    for (int c = d->L - 1; c >= 0; c--) {
        d->t = c;
        d->prog.threshold = c;
        int8_t *out = d->val + (uint64_t)c * d->local;
        uint16_t *out_plies = d->plies + (uint64_t)c * d->local;
        const int last = c + 1 >= d->L;
        for (uint64_t round = 0; round < rounds; round++) {
            const uint64_t b0 = round * BATCH;
            const uint64_t m = b0 >= d->local ? 0 : d->local - b0 < BATCH ? d->local - b0 : BATCH;
            fb_pits p;
            if (m)
                tb_unrank(d->lo + b0, d->n, &p);
            for (uint64_t i = 0; i < m; i++) {
                moves[i] = 0;
                unsigned mask = tb_board_status(&p) == AW_ONGOING ? tb_moves(&p) : 0;
                while (mask) {
                    const int from = __builtin_ctz(mask);
                    mask &= mask - 1;
                    fb_pits ch;
                    if (tb_play(&d->key, &p, from, &ch))
                        continue;
                    tb_turn(&ch);
                    if (last) {
                        const aw_status s = tb_board_status(&ch);
                        mv[i][moves[i]] =
                            (int8_t)(s == AW_ONGOING ? 0 : -tb_terminal_value(&d->key, &ch, s));
                        md[i][moves[i]++] = 1;
                        continue;
                    }
                    ask(d, WORKING, tb_rank(&ch), (uint32_t)(i << 3 | moves[i]));
                    moves[i]++;
                }
                tb_next(&p);
            }
            size_t count;
            if (exchange_requests(d, 3, &count) == 0) {
                for (size_t j = 0; j < count; j++) {
                    const uint32_t slot = d->rq_slot_sorted[j];
                    const uint8_t *a = d->ans_recv + j * 3;
                    mv[slot >> 3][slot & 7] = (int8_t)-(int8_t)a[0];
                    md[slot >> 3][slot & 7] = (uint16_t)(1 + (a[1] | a[2] << 8));
                }
                for (uint64_t i = 0; i < m; i++) {
                    const uint64_t r = b0 + i;
                    int v = d->exits[r];
                    for (int j = 0; j < moves[i]; j++)
                        v = mv[i][j] > v ? mv[i][j] : v;
                    int dd;
                    if (v >= 0) {
                        dd = d->exits[r] == v ? d->near[r] : INT32_MAX;
                        for (int j = 0; j < moves[i]; j++)
                            if (mv[i][j] == v && md[i][j] < dd)
                                dd = md[i][j];
                    } else {
                        dd = d->exits[r] == v ? d->far[r] : 0;
                        for (int j = 0; j < moves[i]; j++)
                            if (mv[i][j] == v && md[i][j] > dd)
                                dd = md[i][j];
                    }
                    out[r] = (int8_t)v;
                    out_plies[r] = (uint16_t)dd;
                }
                d->done += m;
            }
            if (agree(d, 0, NULL, "solving", err))
                goto fail;
        }
    }
    free(mv), free(md), free(moves);
    return 0;
fail:
    free(mv), free(md), free(moves);
    return -1;
}

/* ---------------------------------------------- solving without a limit */

/* Place local position r with value v: claimed once; queued with its board
 * (the value in spare byte 6), or marked pending when the queue is full. */
static inline void place(dist *d, uint64_t r, int v, const fb_pits *board)
{
    if (d->st[r] & ST_RESOLVED)
        return;
    d->st[r] |= ST_RESOLVED;
    d->val[r] = (int8_t)v;
    if (d->qlen < d->qcap) {
        fb_pits *e = &d->queue[d->qlen++];
        if (board)
            *e = *board;
        else
            tb_unrank(d->lo + r, d->n, e);
        e->b[6] = (uint8_t)v;
    } else {
        d->st[r] |= ST_PENDING;
        d->pending = 1;
    }
}

/* An update of local position r: a quiet move of it leads into L_t (loss:
 * it is worth t) or into W_t (one quiet move fewer left). */
static inline void apply(dist *d, uint64_t r, bool loss, const fb_pits *board)
{
    const int t = d->t;
    if (loss) {
        place(d, r, t, board);
        return;
    }
    const uint8_t old = d->st[r];
    d->st[r] = (uint8_t)(old - 1);
    if ((old & (ST_COUNT | ST_RESOLVED)) == 1 && d->val[r] <= -t)
        place(d, r, -t, board);
}

/* Unmove up to 8 queued positions: their predecessors here are updated at
 * once (every address prefetched before the first update, as in build.c),
 * the others collected for their owners. */
static void unmove_some(dist *d)
{
    fb_pits q[8];
    int8_t v[8];
    int count = 0;
    while (d->qlen && count < 8) {
        q[count] = d->queue[--d->qlen];
        v[count] = (int8_t)q[count].b[6];
        q[count].b[6] = 0;
        count++;
    }
    int n = 0;
    for (int j = 0; j < count; j++) {
        const int got = tb_unmoves(&d->key, &q[j], d->pred + n);
        for (int i = n; i < n + got; i++) {
            const uint64_t g = tb_rank(&d->pred[i]);
            const uint64_t owner = g / d->chunk;
            const bool loss = v[j] < 0;
            if ((int)owner == d->me) {
                d->local_rank[i] = (g - d->lo) | (loss ? KIND_LOSS : 0);
                prefetch(&d->st[g - d->lo]);
                if (!loss)
                    prefetch(&d->val[g - d->lo]);
            } else {
                d->local_rank[i] = UINT64_MAX;
                d->out_word[d->out_n] = (g - owner * d->chunk) | (loss ? KIND_LOSS : 0);
                d->out_dest[d->out_n++] = (uint16_t)owner;
            }
        }
        n += got;
    }
    for (int i = 0; i < n; i++)
        if (d->local_rank[i] != UINT64_MAX)
            apply(d, d->local_rank[i] & ~KIND_LOSS, (d->local_rank[i] & KIND_LOSS) != 0,
                  &d->pred[i]);
    d->done += (uint64_t)count;
}

static inline void scan_one(dist *d, uint64_t r)
{
    const uint8_t s = d->st[r];
    if (s & ST_RESOLVED)
        return;
    const int e = d->val[r], t = d->t;
    if (e >= t)
        place(d, r, t, NULL);
    else if ((s & ST_COUNT) == 0 && e <= -t)
        place(d, r, -t, NULL);
}

/* Local work of one round, bounded so that the rounds stay short and the
 * updates to send fit their buffer. */
static void local_work(dist *d)
{
    const size_t room = OUT_MAX - 8 * 6 * AW_SEEDS;
    uint64_t budget = 1u << 18;
    while (budget && d->out_n < room) {
        if (d->qlen) {
            unmove_some(d);
            budget = budget > 8 ? budget - 8 : 0;
        } else if (d->scan_at < d->local) {
            const uint64_t end = d->scan_at + SCAN_CHUNK < d->local ? d->scan_at + SCAN_CHUNK : d->local;
            uint64_t r = d->scan_at;
#if defined(__SSE2__)
            /* 16 positions at a time: most are resolved or stay put. */
            const int t = d->t;
            const __m128i above = _mm_set1_epi8((char)(t - 1)), below = _mm_set1_epi8((char)(1 - t));
            const __m128i resolved = _mm_set1_epi8((char)ST_RESOLVED), cnt = _mm_set1_epi8(ST_COUNT);
            const __m128i zero = _mm_setzero_si128();
            for (; r + 16 <= end; r += 16) {
                const __m128i sv = _mm_loadu_si128((const __m128i *)(d->st + r));
                const __m128i ev = _mm_loadu_si128((const __m128i *)(d->val + r));
                const __m128i open = _mm_cmpeq_epi8(_mm_and_si128(sv, resolved), zero);
                const __m128i win = _mm_cmpgt_epi8(ev, above);
                const __m128i lose = _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(sv, cnt), zero),
                                                   _mm_cmplt_epi8(ev, below));
                unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(open, _mm_or_si128(win, lose)));
                while (m) {
                    scan_one(d, r + (unsigned)__builtin_ctz(m));
                    m &= m - 1;
                }
            }
#endif
            for (; r < end; r++)
                scan_one(d, r);
            d->scan_at = end;
            budget = budget > SCAN_CHUNK / 16 ? budget - SCAN_CHUNK / 16 : 0;
        } else if (d->sweeping) {
            /* Positions left pending when the queue was full. */
            uint64_t r = d->sweep_at;
            for (; r < d->local && d->qlen < d->qcap; r++)
                if (d->st[r] & ST_PENDING) {
                    d->st[r] &= (uint8_t)~ST_PENDING;
                    fb_pits *e = &d->queue[d->qlen++];
                    tb_unrank(d->lo + r, d->n, e);
                    e->b[6] = (uint8_t)d->val[r];
                }
            d->sweep_at = r;
            if (r >= d->local)
                d->sweeping = 0;
        } else if (d->pending) {
            d->pending = 0;
            d->sweeping = 1;
            d->sweep_at = 0;
        } else {
            break;
        }
    }
}

/* One round's exchange of updates. With the counts goes each rank's state
 * (work left before the exchange, updates sent, flags, progress), summed
 * into sum[]: the round's agreement costs no collective of its own. */
static void exchange_updates(dist *d, int64_t active, int64_t sum[4])
{
    const int np = d->np;
    memset(d->scount, 0, (size_t)np * sizeof *d->scount);
    for (size_t i = 0; i < d->out_n; i++)
        d->scount[d->out_dest[i]]++;
    d->sdispl[0] = 0;
    for (int r = 1; r < np; r++)
        d->sdispl[r] = d->sdispl[r - 1] + d->scount[r - 1];
    int *fill = d->rcount;
    memcpy(fill, d->sdispl, (size_t)np * sizeof *fill);
    for (size_t i = 0; i < d->out_n; i++)
        d->out_sorted[fill[d->out_dest[i]]++] = d->out_word[i];
    for (int r = 0; r < np; r++) {
        int64_t *rec = d->status_send + 5 * r;
        rec[0] = d->scount[r];
        rec[1] = active;
        rec[2] = (int64_t)d->out_n;
        rec[3] = flags_of(d);
        rec[4] = (int64_t)d->done;
    }
    MPI_Alltoall(d->status_send, 5, MPI_INT64_T, d->status_recv, 5, MPI_INT64_T, d->comm);
    memset(sum, 0, 4 * sizeof *sum);
    for (int r = 0; r < np; r++) {
        const int64_t *rec = d->status_recv + 5 * r;
        d->rcount[r] = (int)rec[0];
        sum[0] += rec[1];
        sum[1] += rec[2];
        sum[2] += rec[3];
        sum[3] += rec[4];
    }
    size_t incoming = 0;
    for (int r = 0; r < np; r++)
        incoming += (size_t)d->rcount[r];
    if (incoming > INT32_MAX || grow((void **)&d->in_word, &d->in_cap, incoming + 1, sizeof *d->in_word))
        die(d, "the updates");
    d->rdispl[0] = 0;
    for (int r = 1; r < np; r++)
        d->rdispl[r] = d->rdispl[r - 1] + d->rcount[r - 1];
    MPI_Alltoallv(d->out_sorted, d->scount, d->sdispl, MPI_UINT64_T, d->in_word, d->rcount,
                  d->rdispl, MPI_UINT64_T, d->comm);
    for (int r = 0; r < np; r++)
        if (r != d->me)
            d->sent[SENT_UPDATES] += (uint64_t)d->scount[r] * 8;
    d->out_n = 0;
    for (size_t i = 0; i < incoming; i++) {
        if (i + AHEAD < incoming) {
            const uint64_t a = d->in_word[i + AHEAD] & ~KIND_LOSS;
            prefetch(&d->st[a]);
            prefetch(&d->val[a]);
        }
        const uint64_t w = d->in_word[i];
        apply(d, w & ~KIND_LOSS, (w & KIND_LOSS) != 0, NULL);
    }
}

/* A threshold ends when, at an exchange, no rank had work left and none
 * sent an update: nothing can change after it. */
static int phase_thresholds(dist *d, aw_error *err)
{
    for (int t = d->n; t >= 1; t--) {
        d->t = t;
        d->prog.threshold = t;
        d->scan_at = 0;
        d->pending = d->sweeping = 0;
        for (;;) {
            if (!d->error)
                local_work(d);
            const int64_t active =
                !d->error && (d->qlen || d->scan_at < d->local || d->pending || d->sweeping);
            int64_t sum[4];
            exchange_updates(d, active, sum);
            d->rounds++;
            if (settle(d, sum, "solving", err))
                return -1;
            if (!sum[0] && !sum[1])
                break;
        }
    }
    d->prog.threshold = 0;
    uint64_t zeros = 0;
    for (uint64_t r = 0; r < d->local; r++)
        if (!(d->st[r] & ST_RESOLVED)) {
            d->val[r] = 0;
            zeros++;
        }
    d->done += zeros;
    return agree(d, 0, NULL, "solving", err);
}

/* ------------------------------------------------------ moving a layer */

/* Write layer n: every rank sends its ranges to rank 0, plane by plane,
 * values then plies, and rank 0 writes the file block by block. */
static int write_layer(dist *d, const char *path, aw_error *err)
{
    const uint64_t planes = (uint64_t)d->planes;
    int width = 0;
    if (d->L) {
        int most = 0, all;
        for (uint64_t i = 0; i < d->local * planes; i++)
            most = d->plies[i] > most ? d->plies[i] : most;
        MPI_Allreduce(&most, &all, 1, MPI_INT, MPI_MAX, d->comm);
        width = all < 256 ? 1 : 2;
    }
    tb_writer *w = NULL;
    aw_error we;
    if (d->me == 0) {
        w = tb_writer_open(path, &d->key, d->rules_name, d->n, d->size * planes, width,
                           d->opt->compress, &we);
        if (!w)
            fail_here(d, "%s", we.msg);
    }
    if (agree(d, 0, NULL, "writing", err))
        return -1;
    uint8_t *buf = malloc(PIECE + 2);
    if (!buf)
        fail_here(d, "out of memory writing layer %d", d->n);
    if (agree(d, 0, NULL, "writing", err)) {
        free(buf);
        if (w)
            tb_writer_close(w, true, &we);
        return -1;
    }
    int ok = 1;
    for (int section = 0; section < (width ? 2 : 1); section++) {
        const uint64_t esize = section ? (uint64_t)width : 1;
        for (uint64_t c = 0; c < planes; c++) {
            for (int r = 0; r < d->np; r++) {
                const uint64_t len = range_len(d->size, d->chunk, r) * esize;
                for (uint64_t at = 0; at < len; at += PIECE) {
                    const size_t n = len - at < PIECE ? (size_t)(len - at) : PIECE;
                    if (r == d->me) {
                        const uint64_t base = c * d->local;
                        if (section == 0) {
                            memcpy(buf, d->val + base + at, n);
                        } else {
                            for (size_t i = 0; i < n / esize; i++) {
                                const uint16_t v = d->plies[base + at / esize + i];
                                buf[i * esize] = (uint8_t)v;
                                if (esize == 2)
                                    buf[i * esize + 1] = (uint8_t)(v >> 8);
                            }
                        }
                        if (d->me != 0) {
                            MPI_Send(buf, (int)n, MPI_BYTE, 0, TAG_FILE, d->comm);
                            d->sent[SENT_FILE] += n;
                        }
                    } else if (d->me == 0) {
                        MPI_Recv(buf, (int)n, MPI_BYTE, r, TAG_FILE, d->comm, MPI_STATUS_IGNORE);
                    }
                    if (d->me == 0 && ok && tb_writer_put(w, buf, n, &we)) {
                        fail_here(d, "%s", we.msg);
                        ok = 0;
                    }
                }
            }
        }
    }
    free(buf);
    if (d->me == 0 && tb_writer_close(w, !ok || d->error, &we) && !d->error)
        fail_here(d, "%s", we.msg);
    return agree(d, 0, NULL, "writing", err);
}

typedef struct reader {
    dist *d;
    const tb_header *h; /* filled before the first block comes */
    uint8_t *buf;
} reader;

/* Rank 0's sink: the bytes of plane 0 (values, then plies) go to their
 * owners, each message an 8-byte offset in the owner's range and bytes. */
static int route(void *ctx, uint64_t at, const uint8_t *data, uint32_t n, aw_error *err)
{
    reader *rd = ctx;
    dist *d = rd->d;
    const uint64_t size = d->size, chunk = d->chunk;
    (void)err;
    for (int section = 0; section < (rd->h->plies_bytes ? 2 : 1); section++) {
        const uint64_t esize = section ? (uint64_t)rd->h->plies_bytes : 1;
        const uint64_t start = section ? rd->h->entries : 0, end = start + size * esize;
        uint64_t lo = at > start ? at : start, hi = at + n < end ? at + n : end;
        while (lo < hi) {
            const uint64_t entry = (lo - start) / esize, owner = entry / chunk;
            const uint64_t owner_end = start + range_lo(size, chunk, (int)owner + 1) * esize;
            const uint64_t piece_end = hi < owner_end ? hi : owner_end;
            const uint64_t off = lo - start - range_lo(size, chunk, (int)owner) * esize;
            const size_t len = (size_t)(piece_end - lo);
            if ((int)owner == d->me) {
                if (section)
                    memcpy((uint8_t *)d->low_plies[d->n] + off, data + (lo - at), len);
                else
                    memcpy(d->low_val[d->n] + off, data + (lo - at), len);
            } else {
                memcpy(rd->buf, &off, 8);
                memcpy(rd->buf + 8, data + (lo - at), len);
                MPI_Send(rd->buf, (int)(len + 8), MPI_BYTE, (int)owner,
                         section ? TAG_PLIES : TAG_VALUES, d->comm);
            }
            lo = piece_end;
        }
    }
    return 0;
}

/* Read layer n if its file is there and checks out: each rank gets its
 * range of plane 0. Returns 1 when kept, 0 when it must be built, -1 on a
 * failure. */
static int read_layer(dist *d, const char *path, aw_error *err)
{
    int exists = d->me == 0 ? access(path, F_OK) == 0 : 0;
    MPI_Bcast(&exists, 1, MPI_INT, 0, d->comm);
    if (!exists)
        return 0;
    report(d, "checking", true);
    const uint64_t mine = range_len(d->size, d->chunk, d->me);
    d->low_val[d->n] = malloc(mine + 1);
    if (d->L)
        d->low_plies[d->n] = malloc(2 * mine + 2);
    uint8_t *buf = malloc(TB_BLOCK_ENTRIES + 16);
    if (!d->low_val[d->n] || (d->L && !d->low_plies[d->n]) || !buf)
        fail_here(d, "out of memory reading layer %d", d->n);
    if (agree(d, 0, NULL, "checking", err)) {
        free(buf);
        return -1;
    }
    int done[2] = {0, 0}; /* status, width */
    if (d->me == 0) {
        tb_header h;
        memset(&h, 0, sizeof h);
        reader rd = {d, &h, buf};
        aw_error e;
        if (tb_stream_layer(path, &d->key, d->n, &h, route, &rd, &e) != 0) {
            done[0] = 1;
            say(d, "layer %d: %s; building it again", d->n, e.msg);
        }
        done[1] = (int)h.plies_bytes;
        for (int r = 1; r < d->np; r++)
            MPI_Send(done, 2, MPI_INT, r, TAG_DONE, d->comm);
    } else {
        for (;;) {
            MPI_Status s;
            MPI_Probe(0, MPI_ANY_TAG, d->comm, &s);
            if (s.MPI_TAG == TAG_DONE) {
                MPI_Recv(done, 2, MPI_INT, 0, TAG_DONE, d->comm, MPI_STATUS_IGNORE);
                break;
            }
            int len;
            MPI_Get_count(&s, MPI_BYTE, &len);
            MPI_Recv(buf, len, MPI_BYTE, 0, s.MPI_TAG, d->comm, MPI_STATUS_IGNORE);
            uint64_t off;
            memcpy(&off, buf, 8);
            uint8_t *dest = s.MPI_TAG == TAG_PLIES ? (uint8_t *)d->low_plies[d->n] : (uint8_t *)d->low_val[d->n];
            const uint64_t cap = s.MPI_TAG == TAG_PLIES ? 2 * mine : mine;
            if (len >= 8 && dest && off + (uint64_t)(len - 8) <= cap)
                memcpy(dest + off, buf + 8, (size_t)len - 8);
        }
    }
    free(buf);
    if (done[0]) {
        free(d->low_val[d->n]);
        free(d->low_plies[d->n]);
        d->low_val[d->n] = NULL;
        d->low_plies[d->n] = NULL;
        return agree(d, 0, NULL, "checking", err) ? -1 : 0;
    }
    if (d->L && done[1] == 1) {
        /* One byte per entry on file: widen in place, from the end. */
        uint8_t *raw = (uint8_t *)d->low_plies[d->n];
        for (uint64_t i = mine; i-- > 0;)
            d->low_plies[d->n][i] = raw[i];
    } else if (d->L) {
        uint8_t *raw = (uint8_t *)d->low_plies[d->n];
        for (uint64_t i = 0; i < mine; i++)
            d->low_plies[d->n][i] = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    }
    d->low_chunk[d->n] = d->chunk;
    return agree(d, 0, NULL, "checking", err) ? -1 : 1;
}

/* ------------------------------------------------------------- the build */

static uint64_t layer_units(const tb_key *k, int n)
{
    return (uint64_t)(tb_planes(k) + 1) * tb_layer_size(n);
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static void free_working(dist *d)
{
    free(d->val), free(d->st), free(d->exits), free(d->near), free(d->far), free(d->plies);
    d->val = NULL, d->st = NULL, d->exits = NULL, d->near = d->far = d->plies = NULL;
}

static int build_one(dist *d, const char *path, aw_error *err)
{
    const uint64_t local = d->local, planes = (uint64_t)d->planes;
    d->val = malloc(local * planes + 1);
    if (d->L) {
        d->exits = malloc(local + 1);
        d->near = malloc(local * 2 + 2);
        d->far = malloc(local * 2 + 2);
        d->plies = malloc(local * planes * 2 + 2);
    } else {
        d->st = malloc(local + 1);
    }
    if (!d->val || (d->L ? !d->exits || !d->near || !d->far || !d->plies : !d->st))
        fail_here(d, "out of memory for its %llu positions of layer %d",
                  (unsigned long long)local, d->n);
    if (agree(d, 0, NULL, "initialising", err) || phase_init(d, err))
        return -1;
    if (d->L ? phase_planes(d, err) : phase_thresholds(d, err))
        return -1;
    report(d, "writing", true);
    return write_layer(d, path, err);
}

static int build_all(dist *d, const char *dir, aw_error *err)
{
    char sub[4096], path[4200], name[128];
    tb_key_dirname(&d->key, name, sizeof name);
    if (snprintf(sub, sizeof sub, "%s/%s", dir, name) >= (int)sizeof sub)
        fail_here(d, "directory name too long");
    else if (d->me == 0 && tb_make_dirs(sub, err))
        fail_here(d, "%s", err->msg);
    if (agree(d, 0, NULL, "checking", err))
        return -1;
    const int seeds = d->opt->seeds;
    for (int n = 0; n <= seeds; n++) {
        d->n = n;
        d->size = tb_layer_size(n);
        d->chunk = chunk_of(d->size, d->np);
        d->lo = range_lo(d->size, d->chunk, d->me);
        d->local = range_len(d->size, d->chunk, d->me);
        d->qcap = d->local / 64 < 64 ? 64 : d->local / 64 > QUEUE ? QUEUE : (uint32_t)(d->local / 64);
        d->prog.seeds = n;
        d->prog.threshold = 0;
        d->done = 0;
        d->done_global = 0;
        memset(d->sent, 0, sizeof d->sent);
        d->rounds = 0;
        tb_layer_path(dir, &d->key, n, path, sizeof path);
        const int kept = read_layer(d, path, err);
        if (kept < 0)
            return -1;
        if (kept) {
            d->done_before += layer_units(&d->key, n);
            d->prog.loaded++;
            continue;
        }
        if (d->prog.loaded && !d->prog.built && n == d->prog.loaded)
            say(d, "layers 0..%d kept from an earlier build (checked)", n - 1);
        /* For the tests (tests/mpi): a rank killed, or failing, at the
         * start of a layer. */
        const char *kill_at = getenv("AWALE_TEST_KILL_RANK");
        const char *fail_at = getenv("AWALE_TEST_FAIL_RANK");
        int kr, kn;
        if (kill_at && sscanf(kill_at, "%d:%d", &kr, &kn) == 2 && kr == d->me && kn == n)
            raise(SIGKILL);
        if (fail_at && sscanf(fail_at, "%d:%d", &kr, &kn) == 2 && kr == d->me && kn == n)
            fail_here(d, "failing on purpose at layer %d (AWALE_TEST_FAIL_RANK)", n);
        const double t0 = now(), c0 = cpu_seconds();
        if (build_one(d, path, err)) {
            free_working(d);
            return -1;
        }
        const double dt = now() - t0, dc = cpu_seconds() - c0;
        /* What each rank sent, gathered on rank 0 for the log. */
        uint64_t mine[SENT_KINDS + 2], *all = d->me == 0 ? malloc(sizeof mine * (size_t)d->np) : NULL;
        memcpy(mine, d->sent, sizeof d->sent);
        mine[SENT_KINDS] = d->rounds;
        mine[SENT_KINDS + 1] = (uint64_t)(dc * 1000);
        MPI_Gather(mine, SENT_KINDS + 2, MPI_UINT64_T, all, SENT_KINDS + 2, MPI_UINT64_T, 0, d->comm);
        if (all) {
            uint64_t lo_b = UINT64_MAX, hi_b = 0, sum[SENT_KINDS] = {0}, cpu = 0;
            for (int r = 0; r < d->np; r++) {
                uint64_t b = 0;
                for (int k = 0; k < SENT_KINDS; k++)
                    b += all[r * (SENT_KINDS + 2) + k], sum[k] += all[r * (SENT_KINDS + 2) + k];
                lo_b = b < lo_b ? b : lo_b;
                hi_b = b > hi_b ? b : hi_b;
                cpu += all[r * (SENT_KINDS + 2) + SENT_KINDS + 1];
            }
            const double np = d->np;
            say(d,
                "layer %2d: %llu positions in %.2f s (%.0f positions/s), %d ranks, %.1f CPU s; "
                "sent per rank %.2f MB (least %.2f, most %.2f): look-ups %.2f + answers %.2f, "
                "updates %.2f, file %.2f; %llu rounds",
                n, (unsigned long long)d->size, dt, dt > 0 ? (double)d->size / dt : 0.0, d->np,
                (double)cpu / 1000, (double)(sum[0] + sum[1] + sum[2] + sum[3]) / np / 1e6,
                (double)lo_b / 1e6, (double)hi_b / 1e6, (double)sum[SENT_REQUESTS] / np / 1e6,
                (double)sum[SENT_ANSWERS] / np / 1e6, (double)sum[SENT_UPDATES] / np / 1e6,
                (double)sum[SENT_FILE] / np / 1e6, (unsigned long long)d->rounds);
            free(all);
        }
        /* Keep plane 0 of this rank's range for the captures of the next
         * layers. */
        int8_t *keep = d->val;
        d->val = NULL;
        if (d->L) {
            int8_t *small = realloc(keep, d->local + 1);
            keep = small ? small : keep;
            uint16_t *p = realloc(d->plies, d->local * 2 + 2);
            d->low_plies[n] = p ? p : d->plies;
            d->plies = NULL;
        }
        d->low_val[n] = keep;
        d->low_chunk[n] = d->chunk;
        free_working(d);
        d->done_before += layer_units(&d->key, n);
        d->prog.built++;
    }
    /* The peak memory of every rank. */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    long rss = ru.ru_maxrss, most, least;
    double cpu = cpu_seconds(), cpu_sum;
    MPI_Reduce(&rss, &most, 1, MPI_LONG, MPI_MAX, 0, d->comm);
    MPI_Reduce(&rss, &least, 1, MPI_LONG, MPI_MIN, 0, d->comm);
    MPI_Reduce(&cpu, &cpu_sum, 1, MPI_DOUBLE, MPI_SUM, 0, d->comm);
    say(d, "%d ranks (%d on this node): peak memory per rank %.1f..%.1f MB (max RSS), CPU time "
           "of all ranks %.2f s",
        d->np, d->node_ranks, (double)least / 1024, (double)most / 1024, cpu_sum);
    d->done = 0;
    d->done_global = 0;
    report(d, "done", true);
    return 0;
}

int tb_build_mpi(const char *dir, const aw_rules *rules, const aw_tables_build_options *opt,
                 aw_error *err)
{
    dist *d = calloc(1, sizeof *d);
    int ok = d != NULL, all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all) {
        free(d);
        return aw_fail(err, "out of memory");
    }
    d->comm = MPI_COMM_WORLD;
    MPI_Comm_rank(d->comm, &d->me);
    MPI_Comm_size(d->comm, &d->np);
    MPI_Comm node;
    MPI_Comm_split_type(d->comm, MPI_COMM_TYPE_SHARED, d->me, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &d->node_ranks);
    MPI_Comm_free(&node);
    d->opt = opt;
    d->last_report = -1;
    int rc = -1;
    if (tb_key_of(rules, &d->key, err))
        goto done; /* the same on every rank */
    if (opt->seeds < 0 || opt->seeds > TB_MAX_SEEDS) {
        aw_fail(err, "seed count %d out of range 0..%d", opt->seeds, TB_MAX_SEEDS);
        goto done;
    }
    if (opt->compress && !tb_zstd_available()) {
        aw_fail(err, "compression needs zstd, and this program was built without it "
                     "(install libzstd-dev and rebuild)");
        goto done;
    }
    if (d->np > 65535) {
        aw_fail(err, "at most 65535 ranks, not %d", d->np);
        goto done;
    }
    d->L = d->key.no_capture;
    d->planes = tb_planes(&d->key);
    snprintf(d->rules_name, sizeof d->rules_name, "%s", rules->name);
    const uint64_t need = aw_tables_build_memory_ranks(rules, opt->seeds, d->np);
    /* The ranks of one machine share its memory. */
    if (opt->memory_limit && need * (uint64_t)d->node_ranks > opt->memory_limit) {
        aw_fail(err, "building %d seeds needs about %.2f GB of memory per rank, %.2f GB for the %d "
                     "ranks on this machine, more than the limit of %.2f GB",
                opt->seeds, (double)need / 1e9, (double)need * d->node_ranks / 1e9, d->node_ranks,
                (double)opt->memory_limit / 1e9);
        goto done;
    }
    d->scount = calloc((size_t)d->np, sizeof(int));
    d->sdispl = calloc((size_t)d->np, sizeof(int));
    d->rcount = calloc((size_t)d->np, sizeof(int));
    d->rdispl = calloc((size_t)d->np, sizeof(int));
    d->status_send = calloc((size_t)d->np * 5, sizeof(int64_t));
    d->status_recv = calloc((size_t)d->np * 5, sizeof(int64_t));
    if (!d->L) {
        d->queue = malloc(QUEUE * sizeof *d->queue);
        d->out_word = malloc(OUT_MAX * sizeof *d->out_word);
        d->out_sorted = malloc(OUT_MAX * sizeof *d->out_sorted);
        d->out_dest = malloc(OUT_MAX * sizeof *d->out_dest);
    }
    if (!d->scount || !d->sdispl || !d->rcount || !d->rdispl || !d->status_send || !d->status_recv ||
        (!d->L && (!d->queue || !d->out_word || !d->out_sorted || !d->out_dest)))
        fail_here(d, "out of memory");
    d->prog.max_seeds = opt->seeds;
    for (int n = 0; n <= opt->seeds; n++)
        d->prog.total += layer_units(&d->key, n);
    d->prog.memory = need;
    d->prog.threads = 1;
    d->prog.ranks = d->np;
    rc = build_all(d, dir, err);
done:
    free_working(d);
    for (int n = 0; n <= TB_MAX_SEEDS; n++) {
        free(d->low_val[n]);
        free(d->low_plies[n]);
    }
    free(d->rq_word), free(d->rq_send), free(d->rq_recv), free(d->rq_slot);
    free(d->rq_slot_sorted), free(d->rq_dest), free(d->ans_send), free(d->ans_recv);
    free(d->scount), free(d->sdispl), free(d->rcount), free(d->rdispl);
    free(d->status_send), free(d->status_recv);
    free(d->queue), free(d->out_word), free(d->out_sorted), free(d->out_dest), free(d->in_word);
    free(d);
    return rc;
}

#else /* no MPI: one process, and the stubs */

int aw_tables_mpi_begin(int *rank)
{
    *rank = 0;
    return 1;
}

void aw_tables_mpi_end(void) {}

bool aw_tables_mpi_available(void) { return false; }

int tb_mpi_ranks(void) { return 1; }

int tb_build_mpi(const char *dir, const aw_rules *rules, const aw_tables_build_options *opt,
                 aw_error *err)
{
    (void)dir, (void)rules, (void)opt;
    return aw_fail(err, "this program was built without MPI (build it with 'make mpi')");
}

#endif
