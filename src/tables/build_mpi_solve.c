/*
 * build_mpi_solve.c - the distributed build's work on one layer (see
 * build_mpi.c for the layout and what travels): the look-ups of values
 * owned by other ranks, in batches of requests and answers; initialising a
 * layer from its captures; solving it with a limit, plane by plane; and
 * without one, by the retrograde propagation of build.c in thresholds and
 * rounds, updates for other ranks' positions exchanged between rounds.
 * Only with AW_HAVE_MPI (the default program has no MPI dependency).
 */
#define _DEFAULT_SOURCE
#include "build_mpi.h"

#if defined(AW_HAVE_MPI)

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        tbm_die(d, "the look-ups");
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
            tbm_die(d, "the look-ups");
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
int tbm_phase_init(dist *d, aw_error *err)
{
    const int limit = d->L != 0, width = limit ? 3 : 1;
    const uint64_t rounds = (d->chunk + BATCH - 1) / BATCH;
    int *bst = malloc(BATCH * sizeof *bst);
    uint16_t *nr = malloc(BATCH * sizeof *nr), *fr = malloc(BATCH * sizeof *fr);
    uint8_t *quiet = malloc(BATCH);
    if (!bst || !nr || !fr || !quiet || rq_reserve(d, (size_t)BATCH * 6))
        tbm_fail_here(d, "out of memory initialising layer %d", d->n);
    if (tbm_agree(d, 0, NULL, "initialising", err))
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
        if (tbm_agree(d, 0, NULL, "initialising", err))
            goto fail;
    }
    free(bst), free(nr), free(fr), free(quiet);
    return 0;
fail:
    free(bst), free(nr), free(fr), free(quiet);
    return -1;
}

/* ------------------------------------------------- solving with a limit */

int tbm_phase_planes(dist *d, aw_error *err)
{
    const uint64_t rounds = (d->chunk + BATCH - 1) / BATCH;
    int8_t(*mv)[7] = malloc(BATCH * sizeof *mv);
    uint16_t(*md)[7] = malloc(BATCH * sizeof *md);
    uint8_t *moves = malloc(BATCH);
    if (!mv || !md || !moves || rq_reserve(d, (size_t)BATCH * 6))
        tbm_fail_here(d, "out of memory solving layer %d", d->n);
    if (tbm_agree(d, 0, NULL, "solving", err))
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
            if (tbm_agree(d, 0, NULL, "solving", err))
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
        rec[3] = tbm_flags_of(d);
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
        tbm_die(d, "the updates");
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
int tbm_phase_thresholds(dist *d, aw_error *err)
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
            if (tbm_settle(d, sum, "solving", err))
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
    return tbm_agree(d, 0, NULL, "solving", err);
}

#endif
