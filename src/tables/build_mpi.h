/*
 * build_mpi.h - what the two files of the distributed table build share
 * (build_mpi.c: MPI itself, the agreement between the ranks, moving layers
 * to and from the files, the build; build_mpi_solve.c: the look-ups across
 * ranks and the three phases that compute a layer). Only with AW_HAVE_MPI.
 */
#ifndef AW_BUILD_MPI_H
#define AW_BUILD_MPI_H

#if defined(AW_HAVE_MPI)
#include "tables_internal.h"

#include <mpi.h>

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

/* This rank's flags for an agreement: stop (low bits), error (high). */
static inline int64_t tbm_flags_of(const dist *d) { return (d->stop ? 1 : 0) + (d->error ? INT64_C(1) << 16 : 0); }

/* A failure of this rank: kept until the next agreement tells every rank. */
void tbm_fail_here(dist *d, const char *fmt, ...) AW_PRINTF(2, 3);
/* What every rank learnt of the others at an agreement point (see
 * build_mpi.c). Returns 0, or -1 with the message when a rank failed or the
 * build was stopped. */
int tbm_settle(dist *d, const int64_t sum[4], const char *phase, aw_error *err);
/* Every rank's state at the same point (one all-reduce): work left
 * (summed into *active), stop, error, progress. */
int tbm_agree(dist *d, int64_t active, int64_t *active_sum, const char *phase, aw_error *err);
/* Out of memory during an exchange: every rank stops at once. */
void tbm_die(dist *d, const char *what);

/* The phases of a layer (build_mpi_solve.c): its values from the captures
 * (look-ups in the smaller layers), then with a limit plane by plane, or
 * without one by retrograde propagation in thresholds. 0, or -1 with err. */
int tbm_phase_init(dist *d, aw_error *err);
int tbm_phase_planes(dist *d, aw_error *err);
int tbm_phase_thresholds(dist *d, aw_error *err);

#endif
#endif
