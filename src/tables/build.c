/*
 * build.c - building the endgame tables by retrograde analysis, layer by
 * layer (seeds on the board), smallest first, on all cores.
 *
 * The value of a position is the net number of seeds the side to move can
 * guarantee from the board onwards (docs/tables.md). A capture leads to a
 * smaller layer, already solved, so within a layer only quiet moves link
 * positions, and the layer's values follow from its "exits" (captures and
 * ends of game, whose values are known when the layer starts) and the
 * convention that endless quiet play is worth 0 (the seeds split evenly).
 *
 * Without a no-capture limit: thresholds, as one propagation. For t > 0 let
 * W_t be the positions worth >= t and L_t those worth <= -t. A position is in
 * W_t when an exit gives >= t or a quiet move leads into L_t, and in L_t when
 * every exit gives <= -t and every quiet move leads into W_t: W_t and L_t are
 * the attractors of the exits, and a position in neither for t = 1 is worth
 * 0. Both only grow as t falls, so one pass does every threshold: for
 * t = n .. 1, a scan adds the positions that the exits alone place (best
 * exit >= t, or no unresolved quiet move left and best exit <= -t), and each
 * position placed is "unmoved" to its quiet predecessors: a predecessor of an
 * L_t position goes into W_t; a predecessor of a W_t position loses one of
 * its uncounted quiet moves and goes into L_t when none is left and its best
 * exit is <= -t. A position enters at the first (largest) t, so its value is
 * +t or -t; the rest are 0. Every position is initialised once (its moves
 * played forward, captures looked up in the smaller layers) and unmoved at
 * most once: about two passes of move generation per position, with one
 * byte of value and one byte of state (quiet moves left, resolved,
 * pending).
 *
 * With a no-capture limit L the counter is part of the position and play is
 * finite: V_c(p) = max(best exit, max over quiet moves of -V_{c+1}(child)),
 * V_L = the end of game (its value, or 0 for the no-capture end). L forward
 * sweeps per layer, one plane each.
 *
 * Parallelism: the ranks of a layer are cut into chunks handed out by an
 * atomic counter; states are updated with atomic byte operations, and a
 * position is claimed once (fetch-or of the resolved bit). Newly placed
 * positions go on the claiming thread's bounded stack; when it is full they
 * are marked pending in their state byte and a later sweep picks them up,
 * so memory stays bounded whatever the layer. The caller's thread runs the
 * progress callback (and so sees Ctrl-C) while the workers run.
 *
 * Speed: nearly all the time is random reads and updates over big arrays
 * (the smaller layers for captures, the layer's states for unmoves).
 * Positions are handled 16 at a time and unmoves 8 at a time, every address
 * prefetched before the first is used, so that the cache misses overlap:
 * this halved the time per position.
 *
 * Memory: the finished layers are not held; their files are mapped
 * read-only (keep_layer; a compressed one through an unlinked copy of its
 * plane 0), so the build holds only the layer it is building, and the file
 * cache keeps the smaller layers while memory allows (docs/tables.md).
 */
#include "tables_internal.h"

#include "util/io.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 65536
#define ST_COUNT 0x0Fu
#define ST_RESOLVED 0x10u
#define ST_PENDING 0x20u

typedef struct builder builder;
typedef void (*phase_fn)(builder *b, int tid);

typedef struct worker {
    builder *b;
    int tid;
    phase_fn fn;
    pthread_t thread;
    fb_pits *stack; /* placed positions to unmove, value in byte 6 */
    uint32_t depth;
    uint32_t cap; /* entries used this layer: small layers use few, so that
                     the overflow path is exercised by the tests too */
    /* Predecessors of two batches of unmoves (two halves of PRED_MAX, see
     * drain): boards, ranks, and the value of the position they lead to. */
    fb_pits *pred;
    uint64_t *rank;
    int8_t *from;
} worker;

struct builder {
    tb_key key;
    char rules_name[24];
    int max_seeds;
    int threads;
    const aw_tables_build_options *opt;
    const int8_t *lower[TB_MAX_SEEDS + 1]; /* plane 0 of each finished layer */
    const uint8_t *lower_plies[TB_MAX_SEEDS + 1]; /* its plies to the end (limit), */
    int lower_plies_w[TB_MAX_SEEDS + 1];          /* that many bytes each (LE)     */
    tb_map maps[TB_MAX_SEEDS + 1]; /* the finished layers' files, mapped (or unused) */
    /* The layer being built. */
    int n;
    uint64_t size;
    int8_t *val;   /* the values (plane 0..L-1 with a limit), as written */
    uint8_t *cell; /* no limit: per position, 2 bytes side by side, the best
                      exit then the value (val_at) and the quiet moves left
                      and flags (st_at); compacted into val when solved */
    int8_t *exits; /* best exit (with a limit) */
    uint16_t *plies;     /* plies to the end, every plane (with a limit) */
    uint16_t *exit_near; /* fewest and most plies to the end over the exits */
    uint16_t *exit_far;  /* that give the best exit (with a limit)          */
    int t;         /* threshold, or the plane being computed */
    /* Shared between threads. */
    uint64_t next_chunk;
    uint64_t done;    /* work units, for the progress */
    int overflow;     /* a stack was full: pending positions wait */
    int stop;
    int running;
    pthread_mutex_t lock; /* guards running for the wait */
    pthread_cond_t finished;
    worker workers[AW_TABLES_MAX_THREADS];
    /* Progress. */
    aw_tables_progress prog;
    uint64_t done_before; /* units of the finished layers */
};

/* ----------------------------------------------------------------- helpers */

static inline uint8_t ld8(const uint8_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline int8_t ldv(const int8_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void stv(int8_t *p, int v) { __atomic_store_n(p, (int8_t)v, __ATOMIC_RELAXED); }

/* A position's two bytes share a cache line: an unmove that reads or
 * writes both misses the cache once. */
static inline int8_t *val_at(const builder *b, uint64_t r) { return (int8_t *)(b->cell + 2 * r); }
static inline uint8_t *st_at(const builder *b, uint64_t r) { return b->cell + 2 * r + 1; }

static inline void prefetch(const void *p)
{
#if defined(__GNUC__)
    __builtin_prefetch(p, 1, 3);
#else
    (void)p;
#endif
}

/* Take the next chunk; returns 0 when none is left or the build stops. */
static int take_chunk(builder *b, uint64_t *lo, uint64_t *hi)
{
    if (__atomic_load_n(&b->stop, __ATOMIC_RELAXED))
        return 0;
    uint64_t c = __atomic_fetch_add(&b->next_chunk, 1, __ATOMIC_RELAXED);
    if (c * CHUNK >= b->size)
        return 0;
    *lo = c * CHUNK;
    *hi = *lo + CHUNK < b->size ? *lo + CHUNK : b->size;
    return 1;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    builder *b = w->b;
    w->fn(b, w->tid);
    pthread_mutex_lock(&b->lock);
    if (--b->running == 0)
        pthread_cond_signal(&b->finished);
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

static void report(builder *b, const char *phase)
{
    const aw_tables_build_options *o = b->opt;
    b->prog.phase = phase;
    b->prog.done = b->done_before + __atomic_load_n(&b->done, __ATOMIC_RELAXED);
    if (o->progress && o->progress(o->ctx, &b->prog))
        __atomic_store_n(&b->stop, 1, __ATOMIC_RELAXED);
}

/* Run fn on every worker thread; report progress while they run and once
 * when they are done. */
static int run_phase(builder *b, phase_fn fn, const char *phase, aw_error *err)
{
    b->next_chunk = 0;
#if defined(__wasi__)
    /* WebAssembly has no threads (src/wasm/include/pthread.h): the one
     * worker runs on the calling thread, progress is reported once a phase. */
    if (b->threads == 1) {
        b->running = 0;
        b->workers[0].fn = fn;
        fn(b, 0);
        if (!__atomic_load_n(&b->stop, __ATOMIC_RELAXED))
            report(b, phase);
        return __atomic_load_n(&b->stop, __ATOMIC_RELAXED) ? aw_fail(err, "interrupted") : 0;
    }
#endif
    b->running = b->threads;
    int started = 0;
    for (int i = 0; i < b->threads; i++) {
        worker *w = &b->workers[i];
        w->fn = fn;
        if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
            __atomic_store_n(&b->stop, 1, __ATOMIC_RELAXED);
            pthread_mutex_lock(&b->lock);
            b->running -= b->threads - i;
            pthread_mutex_unlock(&b->lock);
            break;
        }
        started++;
    }
    pthread_mutex_lock(&b->lock);
    while (b->running > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        if (pthread_cond_timedwait(&b->finished, &b->lock, &until) != 0 && b->running > 0) {
            pthread_mutex_unlock(&b->lock);
            report(b, phase);
            pthread_mutex_lock(&b->lock);
        }
    }
    pthread_mutex_unlock(&b->lock);
    for (int i = 0; i < started; i++)
        pthread_join(b->workers[i].thread, NULL);
    if (started < b->threads)
        return aw_fail(err, "cannot start %d threads", b->threads);
    if (!__atomic_load_n(&b->stop, __ATOMIC_RELAXED))
        report(b, phase);
    if (__atomic_load_n(&b->stop, __ATOMIC_RELAXED))
        return aw_fail(err, "interrupted");
    return 0;
}

/* ------------------------------------------------------------ initialising */

/* Positions are handled in groups of GROUP: first every move of the group
 * is played and the places its children's values will be read from are
 * prefetched, then the values are read. The reads are random over big
 * arrays; issuing them together lets the memory system serve them at once
 * instead of one cache miss after another. */
#define GROUP 16

static void phase_init(builder *b, int tid)
{
    (void)tid;
    uint64_t lo, hi;
    const int limit = b->key.no_capture != 0;
    while (take_chunk(b, &lo, &hi)) {
        fb_pits p;
        tb_unrank(lo, b->n, &p);
        for (uint64_t r0 = lo; r0 < hi; r0 += GROUP) {
            const int m = hi - r0 < GROUP ? (int)(hi - r0) : GROUP;
            int best[GROUP], quiet[GROUP], gain[GROUP * 6], owner[GROUP * 6], count = 0;
            int near[GROUP], far[GROUP];
            const int8_t *where[GROUP * 6];
            const uint8_t *far_where[GROUP * 6];
            int far_w[GROUP * 6];
            for (int i = 0; i < m; i++) {
                const aw_status s = tb_board_status(&p);
                quiet[i] = 0;
                best[i] = TB_NO_EXIT;
                near[i] = far[i] = 0;
                if (s != AW_ONGOING) {
                    best[i] = tb_terminal_value(&b->key, &p, s);
                } else {
                    unsigned mask = tb_moves(&p);
                    while (mask) {
                        const int from = __builtin_ctz(mask);
                        mask &= mask - 1;
                        fb_pits c;
                        const int taken = tb_play(&b->key, &p, from, &c);
                        if (!taken) {
                            quiet[i]++;
                            continue;
                        }
                        tb_turn(&c);
                        const uint64_t r = tb_rank(&c);
                        where[count] = b->lower[b->n - taken] + r;
                        prefetch(where[count]);
                        if (limit) {
                            const int w = b->lower_plies_w[b->n - taken];
                            far_where[count] = b->lower_plies[b->n - taken] + r * (uint64_t)w;
                            far_w[count] = w;
                            prefetch(far_where[count]);
                        }
                        gain[count] = taken;
                        owner[count++] = i;
                    }
                }
                tb_next(&p);
            }
            for (int k = 0; k < count; k++) {
                const int v = gain[k] - *where[k], i = owner[k];
                if (v > best[i]) {
                    best[i] = v;
                    if (limit)
                        near[i] = far[i] = 1 + tb_plies_at(far_where[k], far_w[k], 0);
                } else if (limit && v == best[i]) {
                    const int d = 1 + tb_plies_at(far_where[k], far_w[k], 0);
                    near[i] = d < near[i] ? d : near[i];
                    far[i] = d > far[i] ? d : far[i];
                }
            }
            for (int i = 0; i < m; i++) {
                if (limit) {
                    b->exits[r0 + (uint64_t)i] = (int8_t)best[i];
                    b->exit_near[r0 + (uint64_t)i] = (uint16_t)near[i];
                    b->exit_far[r0 + (uint64_t)i] = (uint16_t)far[i];
                } else {
                    *val_at(b, r0 + (uint64_t)i) = (int8_t)best[i];
                    *st_at(b, r0 + (uint64_t)i) = (uint8_t)quiet[i];
                }
            }
        }
        __atomic_fetch_add(&b->done, hi - lo, __ATOMIC_RELAXED);
    }
}

/* ------------------------------------------------- solving without a limit */

/* Place position r with value v (claim it once); push it (with its board,
 * the value in spare byte 6) or, when the stack is full, mark it pending. */
static inline void place(builder *b, worker *w, uint64_t r, int v, const fb_pits *board)
{
    const uint8_t old = __atomic_fetch_or(st_at(b, r), ST_RESOLVED, __ATOMIC_RELAXED);
    if (old & ST_RESOLVED)
        return;
    stv(val_at(b, r), v);
    if (w->depth < w->cap) {
        fb_pits *e = &w->stack[w->depth++];
        if (board)
            *e = *board;
        else
            tb_unrank(r, b->n, e);
        e->b[6] = (uint8_t)v;
    } else {
        __atomic_fetch_or(st_at(b, r), ST_PENDING, __ATOMIC_RELAXED);
        __atomic_store_n(&b->overflow, 1, __ATOMIC_RELAXED);
    }
}

/* Unmoving is pipelined over batches of UNMOVE_BATCH placed positions: the
 * predecessors of one batch are generated, ranked and their state bytes
 * prefetched (prepare, into one half of the worker's buffers) while those
 * of the batch before, prefetched one step earlier, are updated (apply),
 * so that the loads have a whole batch's work to arrive in. The order of
 * the updates does not change the result (claims are atomic). */
static int prepare(builder *b, worker *w, const fb_pits *q, const int8_t *v, int count, int half)
{
    fb_pits *pred = w->pred + half * PRED_MAX;
    uint64_t *rank = w->rank + half * PRED_MAX;
    int8_t *from = w->from + half * PRED_MAX;
    int n = 0;
    for (int j = 0; j < count; j++) {
        const int got = tb_unmoves(&b->key, &q[j], pred + n);
        for (int i = n; i < n + got; i++) {
            rank[i] = tb_rank(&pred[i]);
            from[i] = v[j];
            prefetch(st_at(b, rank[i]));
        }
        n += got;
    }
    return n;
}

static void apply(builder *b, worker *w, int half, int n)
{
    const int t = b->t;
    const fb_pits *pred = w->pred + half * PRED_MAX;
    const uint64_t *rank = w->rank + half * PRED_MAX;
    const int8_t *from = w->from + half * PRED_MAX;
    for (int i = 0; i < n; i++) {
        const uint64_t r = rank[i];
        if (from[i] < 0) {
            if (!(ld8(st_at(b, r)) & ST_RESOLVED))
                place(b, w, r, t, &pred[i]); /* a move into L_t: worth t */
        } else {
            const uint8_t old = __atomic_fetch_sub(st_at(b, r), 1, __ATOMIC_RELAXED);
            if ((old & (ST_COUNT | ST_RESOLVED)) == 1 && ldv(val_at(b, r)) <= -t)
                place(b, w, r, -t, &pred[i]); /* every quiet move into W_t, no exit better */
        }
    }
}

/* Unmove every position on the worker's stack, and those they place. */
static void drain(builder *b, worker *w)
{
    uint64_t done = 0;
    fb_pits q[UNMOVE_BATCH];
    int8_t v[UNMOVE_BATCH];
    int ready = -1, ready_n = 0; /* the half prepared and not yet applied */
    while (w->depth || ready >= 0) {
        int count = 0;
        while (w->depth && count < UNMOVE_BATCH) {
            q[count] = w->stack[--w->depth];
            v[count] = (int8_t)q[count].b[6];
            q[count].b[6] = 0;
            count++;
        }
        const int half = ready == 0 ? 1 : 0;
        const int n = count ? prepare(b, w, q, v, count, half) : 0;
        if (ready >= 0)
            apply(b, w, ready, ready_n);
        ready = count ? half : -1;
        ready_n = n;
        done += (uint64_t)count;
    }
    if (done)
        __atomic_fetch_add(&b->done, done, __ATOMIC_RELAXED);
}

/* The board of rank r into *cur: stepped on from the board of rank *at
 * (the last one made) when r is at most STEP_MAX ranks further, else
 * unranked. Positions the scan places come in runs, and a step costs a few
 * byte operations where unranking walks the whole index table. */
#define STEP_MAX 16

static inline void board_at(const builder *b, uint64_t r, fb_pits *cur, uint64_t *at)
{
    if (*at <= r && r - *at <= STEP_MAX) {
        for (; *at < r; ++*at)
            tb_next(cur);
    } else {
        tb_unrank(r, b->n, cur);
        *at = r;
    }
}

/* Whether position r enters at threshold t by its exits alone; places it
 * (its board made by board_at from *cur, *at). */
static inline void scan_one(builder *b, worker *w, uint64_t r, int t, fb_pits *cur, uint64_t *at)
{
    const uint8_t s = ld8(st_at(b, r));
    if (s & ST_RESOLVED)
        return;
    const int e = ldv(val_at(b, r));
    if (e >= t) {
        board_at(b, r, cur, at);
        place(b, w, r, t, cur);
    } else if ((s & ST_COUNT) == 0 && e <= -t) {
        board_at(b, r, cur, at);
        place(b, w, r, -t, cur);
    }
}

static void phase_scan(builder *b, int tid)
{
    worker *w = &b->workers[tid];
    const int t = b->t;
    uint64_t lo, hi;
    while (take_chunk(b, &lo, &hi)) {
        uint64_t r = lo, at = UINT64_MAX;
        fb_pits cur;
#if defined(__SSE2__) && !defined(AW_TSAN)
        /* 16 positions at a time: most are resolved or stay put. (Plain
         * vector loads: a byte changed meanwhile by another thread is looked
         * at again by scan_one, which decides with atomic operations. A
         * deliberate race, which the ThreadSanitizer build, make tsan, leaves
         * out: there every byte is read by scan_one.) */
        const __m128i above = _mm_set1_epi8((char)(t - 1)), below = _mm_set1_epi8((char)(1 - t));
        const __m128i resolved = _mm_set1_epi8((char)ST_RESOLVED), count = _mm_set1_epi8(ST_COUNT);
        const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi16(0xFF);
        for (; r + 16 <= hi; r += 16) {
            const __m128i c0 = _mm_loadu_si128((const __m128i *)(b->cell + 2 * r));
            const __m128i c1 = _mm_loadu_si128((const __m128i *)(b->cell + 2 * r + 16));
            const __m128i ev = _mm_packus_epi16(_mm_and_si128(c0, low), _mm_and_si128(c1, low));
            const __m128i sv = _mm_packus_epi16(_mm_srli_epi16(c0, 8), _mm_srli_epi16(c1, 8));
            const __m128i open = _mm_cmpeq_epi8(_mm_and_si128(sv, resolved), zero);
            const __m128i win = _mm_cmpgt_epi8(ev, above);
            const __m128i lose = _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(sv, count), zero),
                                               _mm_cmplt_epi8(ev, below));
            unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(open, _mm_or_si128(win, lose)));
            while (m) {
                scan_one(b, w, r + (unsigned)__builtin_ctz(m), t, &cur, &at);
                m &= m - 1;
            }
        }
#endif
        for (; r < hi; r++)
            scan_one(b, w, r, t, &cur, &at);
        drain(b, w);
    }
}

static void phase_pending(builder *b, int tid)
{
    worker *w = &b->workers[tid];
    uint64_t lo, hi;
    while (take_chunk(b, &lo, &hi)) {
        for (uint64_t r = lo; r < hi; r++) {
            if (!(ld8(st_at(b, r)) & ST_PENDING))
                continue;
            __atomic_fetch_and(st_at(b, r), (uint8_t)~ST_PENDING, __ATOMIC_RELAXED);
            /* The stack is empty here (drained), so this fits. */
            fb_pits *e = &w->stack[w->depth++];
            tb_unrank(r, b->n, e);
            e->b[6] = (uint8_t)ldv(val_at(b, r));
            drain(b, w);
        }
    }
}

static void phase_final(builder *b, int tid)
{
    (void)tid;
    uint64_t lo, hi;
    while (take_chunk(b, &lo, &hi)) {
        uint64_t zeros = 0;
        for (uint64_t r = lo; r < hi; r++)
            if (!(*st_at(b, r) & ST_RESOLVED)) {
                *val_at(b, r) = 0;
                zeros++;
            }
        __atomic_fetch_add(&b->done, zeros, __ATOMIC_RELAXED);
    }
}

static int solve_layer(builder *b, aw_error *err)
{
    for (int t = b->n; t >= 1; t--) {
        b->t = t;
        b->prog.threshold = t;
        if (run_phase(b, phase_scan, "solving", err))
            return -1;
        while (__atomic_load_n(&b->overflow, __ATOMIC_RELAXED)) {
            b->overflow = 0;
            if (run_phase(b, phase_pending, "solving", err))
                return -1;
        }
    }
    b->prog.threshold = 0;
    if (run_phase(b, phase_final, "solving", err))
        return -1;
    /* The values, every other byte of the cells, moved to the front (in
     * place: value r goes to byte r, at or before its cell's 2r), which
     * becomes b->val, the layer as written. */
    int8_t *v = (int8_t *)b->cell;
    for (uint64_t r = 0; r < b->size; r++)
        v[r] = v[2 * r];
    int8_t *shrunk = realloc(v, b->size); /* the other half back */
    b->val = shrunk ? shrunk : v;
    b->cell = NULL;
    return 0;
}

/* ---------------------------------------------------- solving with a limit */

/* Plane c: V_c(p) = max(best exit, max over quiet moves of -V_{c+1}(child)),
 * and the plies to the end along the moves that give V_c(p): the fewest
 * when V_c(p) >= 0 (the side that gains from the board hurries), the most
 * when it is negative (the other side holds out). A move that reaches the
 * limit ends the game at once (its child is terminal: 1 ply). */
static void phase_plane(builder *b, int tid)
{
    (void)tid;
    const int c = b->t, L = b->key.no_capture;
    int8_t *out = b->val + (uint64_t)c * b->size;
    uint16_t *out_plies = b->plies + (uint64_t)c * b->size;
    const int8_t *next = c + 1 < L ? b->val + (uint64_t)(c + 1) * b->size : NULL;
    const uint16_t *next_plies = c + 1 < L ? b->plies + (uint64_t)(c + 1) * b->size : NULL;
    uint64_t lo, hi;
    while (take_chunk(b, &lo, &hi)) {
        fb_pits p;
        tb_unrank(lo, b->n, &p);
        for (uint64_t r0 = lo; r0 < hi; r0 += GROUP) {
            const int m = hi - r0 < GROUP ? (int)(hi - r0) : GROUP;
            int best[GROUP], owner[GROUP * 6], count = 0;
            /* Per position: the value of each move and its plies. */
            int mv[GROUP][7], md[GROUP][7], moves[GROUP];
            uint64_t where[GROUP * 6];
            for (int i = 0; i < m; i++) {
                const uint64_t r = r0 + (uint64_t)i;
                best[i] = b->exits[r];
                moves[i] = 0;
                unsigned mask = tb_board_status(&p) == AW_ONGOING ? tb_moves(&p) : 0;
                while (mask) {
                    const int from = __builtin_ctz(mask);
                    mask &= mask - 1;
                    fb_pits ch;
                    if (tb_play(&b->key, &p, from, &ch))
                        continue;
                    tb_turn(&ch);
                    if (!next) {
                        /* The counter reaches the limit: the child's game
                         * is over, by its own end or by the limit (0). */
                        const aw_status s = tb_board_status(&ch);
                        mv[i][moves[i]] = s == AW_ONGOING ? 0 : -tb_terminal_value(&b->key, &ch, s);
                        md[i][moves[i]++] = 1;
                        continue;
                    }
                    where[count] = tb_rank(&ch);
                    prefetch(next + where[count]);
                    prefetch(next_plies + where[count]);
                    owner[count++] = i;
                }
                tb_next(&p);
            }
            for (int k = 0; k < count; k++) {
                const int i = owner[k];
                mv[i][moves[i]] = -next[where[k]];
                md[i][moves[i]++] = 1 + next_plies[where[k]];
            }
            for (int i = 0; i < m; i++) {
                const uint64_t r = r0 + (uint64_t)i;
                for (int j = 0; j < moves[i]; j++)
                    best[i] = mv[i][j] > best[i] ? mv[i][j] : best[i];
                const int v = best[i];
                int d;
                if (v >= 0) {
                    d = b->exits[r] == v ? b->exit_near[r] : INT32_MAX;
                    for (int j = 0; j < moves[i]; j++)
                        if (mv[i][j] == v && md[i][j] < d)
                            d = md[i][j];
                } else {
                    d = b->exits[r] == v ? b->exit_far[r] : 0;
                    for (int j = 0; j < moves[i]; j++)
                        if (mv[i][j] == v && md[i][j] > d)
                            d = md[i][j];
                }
                out[r] = (int8_t)v;
                out_plies[r] = (uint16_t)d;
            }
        }
        __atomic_fetch_add(&b->done, hi - lo, __ATOMIC_RELAXED);
    }
}

static int solve_planes(builder *b, aw_error *err)
{
    for (int c = b->key.no_capture - 1; c >= 0; c--) {
        b->t = c;
        b->prog.threshold = c;
        if (run_phase(b, phase_plane, "solving", err))
            return -1;
    }
    return 0;
}

/* --------------------------------------------------------------- the build */

static uint64_t layer_units(const tb_key *k, int n)
{
    return (uint64_t)(tb_planes(k) + 1) * tb_layer_size(n);
}

int tb_make_dirs(const char *path, aw_error *err)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return aw_fail(err, "directory name too long");
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == 0) {
            const char save = *p;
            *p = 0;
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return aw_fail(err, "cannot create directory %s: %s", buf, strerror(errno));
            *p = save;
            if (!save)
                break;
        }
    }
    return 0;
}

static void say(const builder *b, const char *fmt, ...) AW_PRINTF(2, 3);
static void say(const builder *b, const char *fmt, ...)
{
    if (!b->opt->log)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    b->opt->log(b->opt->ctx, line);
}

static double seconds_of(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void) { return seconds_of(CLOCK_MONOTONIC); }

/* Build layer b->n into memory (b->val); 0 or -1. */
static int build_layer(builder *b, aw_error *err)
{
    const int planes = tb_planes(&b->key);
    const uint64_t size = b->size;
    if (b->key.no_capture) {
        b->val = malloc(size * (uint64_t)planes);
        b->exits = malloc(size);
        b->plies = malloc(size * (uint64_t)planes * sizeof *b->plies);
        b->exit_near = malloc(size * sizeof *b->exit_near);
        b->exit_far = malloc(size * sizeof *b->exit_far);
    } else {
        b->cell = malloc(2 * size);
    }
    if (b->key.no_capture ? !b->val || !b->exits || !b->plies || !b->exit_near || !b->exit_far
                          : !b->cell)
        return aw_fail(err, "out of memory for the layer of %d seeds (%llu bytes)", b->n,
                       (unsigned long long)(size * (uint64_t)(planes + 1) *
                                            (b->key.no_capture ? 3 : 1)));
    if (b->key.no_capture) {
        tb_huge_pages(b->val, size * (uint64_t)planes);
        tb_huge_pages(b->exits, size);
    } else {
        tb_huge_pages(b->cell, 2 * size);
    }
    b->done = 0;
    const uint64_t cap = size / 64 < 64 ? 64 : size / 64 > STACK_ENTRIES ? STACK_ENTRIES : size / 64;
    for (int i = 0; i < b->threads; i++)
        b->workers[i].cap = (uint32_t)cap;
    if (run_phase(b, phase_init, "initialising", err))
        return -1;
    return b->key.no_capture ? solve_planes(b, err) : solve_layer(b, err);
}

static void free_layer(builder *b)
{
    free(b->val);
    free(b->cell);
    free(b->exits);
    free(b->plies);
    free(b->exit_near);
    free(b->exit_far);
    b->val = NULL;
    b->cell = NULL;
    b->exits = NULL;
    b->plies = NULL;
    b->exit_near = NULL;
    b->exit_far = NULL;
}

int tb_build_in_memory = 0;

/* A compressed layer is mapped from a copy of its plane 0 in a file of
 * its own (values, then the plies, w bytes each): created next to the
 * layer, removed at once (it lives as long as the mapping, and a build
 * that dies leaves nothing behind). */
#if !defined(__wasi__) /* (no mapped copies in WebAssembly: map_copy below) */
typedef struct copy_sink {
    int fd;
    uint64_t size, entries; /* plane 0, all planes */
    const tb_header *h;
} copy_sink;

static int put_at(int fd, const void *data, size_t n, uint64_t at, aw_error *err)
{
    if (io_pwrite_all(fd, data, n, (off_t)at))
        return aw_fail(err, "cannot write a copy of a layer: %s", strerror(errno));
    return 0;
}

/* Payload bytes [at, at + n) of the layer: keep those of plane 0. */
static int copy_block(void *ctx, uint64_t at, const uint8_t *data, uint32_t n, aw_error *err)
{
    copy_sink *c = ctx;
    const uint64_t end = at + n, w = c->h->plies_bytes;
    /* The values of plane 0: payload [0, size). */
    if (at < c->size) {
        const uint64_t to = end < c->size ? end : c->size;
        if (put_at(c->fd, data, (size_t)(to - at), at, err))
            return -1;
    }
    /* Their plies: payload [entries, entries + size * w), after them. */
    const uint64_t lo = c->entries, hi = c->entries + c->size * w;
    if (w && end > lo && at < hi) {
        const uint64_t from = at > lo ? at : lo, to = end < hi ? end : hi;
        if (put_at(c->fd, data + (from - at), (size_t)(to - from), c->size + (from - lo), err))
            return -1;
    }
    return 0;
}

#endif

static int map_copy(builder *b, const char *path, int n, bool loaded, tb_map *m, aw_error *err)
{
#if defined(__wasi__)
    (void)b, (void)path, (void)n, (void)loaded, (void)m, (void)err;
    return 1;
#else
    const uint64_t size = b->size;
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.plane0.XXXXXX", path);
    const int fd = mkstemp(tmp);
    if (fd < 0)
        return aw_fail(err, "cannot create %s: %s", tmp, strerror(errno));
    unlink(tmp);
    int w = 0, rc = -1;
    if (loaded) {
        tb_header h;
        copy_sink c = {.fd = fd, .size = size, .entries = size * (uint64_t)tb_planes(&b->key),
                       .h = &h};
        if (tb_stream_layer(path, &b->key, n, &h, copy_block, &c, err))
            goto done;
        w = (int)h.plies_bytes;
    } else {
        if (put_at(fd, b->val, size, 0, err))
            goto done;
        if (b->key.no_capture) {
            uint16_t most = 0;
            for (uint64_t i = 0; i < size; i++)
                most = b->plies[i] > most ? b->plies[i] : most;
            w = most < 256 ? 1 : 2;
            uint8_t buf[8192];
            for (uint64_t i = 0, at = size; i < size;) {
                size_t k = 0;
                for (; i < size && k + 2 <= sizeof buf; i++) {
                    buf[k++] = (uint8_t)b->plies[i];
                    if (w == 2)
                        buf[k++] = (uint8_t)(b->plies[i] >> 8);
                }
                if (put_at(fd, buf, k, at, err))
                    goto done;
                at += k;
            }
        }
    }
    const size_t bytes = (size_t)(size * (uint64_t)(1 + w));
    void *base = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
        aw_fail(err, "cannot map a copy of the layer of %d seeds: %s", n, strerror(errno));
        goto done;
    }
    m->base = base;
    m->size = bytes;
    m->values = base;
    m->plies = w ? (const uint8_t *)base + size : NULL;
    m->plies_bytes = w;
    m->entries = size;
    rc = 0;
done:
    close(fd);
    return rc;
#endif
}


/* Keep layer n (just built into b->val and b->plies when !loaded, else
 * found in `path`) for the captures of the bigger layers: b->lower[n] and
 * b->lower_plies[n]. By default the layer's file is mapped, and a layer
 * found on disk is checked first; a compressed file (or tb_build_in_memory)
 * is held as a copy of its plane 0 in owned[n]. 0, or -1 with err. */
static int keep_layer(builder *b, const char *path, int n, bool loaded, void **owned,
                      aw_error *err)
{
    const uint64_t size = b->size;
    if (!tb_build_in_memory) {
        int rc = tb_map_layer(path, &b->key, n, loaded, &b->maps[n], err);
        if (rc < 0)
            return -1;
        if (rc > 0)
            rc = map_copy(b, path, n, loaded, &b->maps[n], err);
        if (rc < 0)
            return -1;
        if (rc == 0) {
            b->lower[n] = b->maps[n].values;
            b->lower_plies[n] = b->maps[n].plies;
            b->lower_plies_w[n] = b->maps[n].plies_bytes;
            return 0;
        }
    }
    /* A copy: plane 0 of the values, then (with a limit) of the plies,
     * w bytes each, little-endian. */
    tb_data d = {0};
    int w = 0;
    if (loaded) {
        if (tb_load_layer(path, &b->key, n, &d, err))
            return -1;
        w = d.plies_bytes;
    } else if (b->key.no_capture) {
        uint16_t most = 0;
        for (uint64_t i = 0; i < size; i++)
            most = b->plies[i] > most ? b->plies[i] : most;
        w = most < 256 ? 1 : 2;
    }
    uint8_t *copy = malloc(size * (uint64_t)(1 + w) + 1);
    if (!copy) {
        tb_data_free(&d);
        return aw_fail(err, "out of memory for the layer of %d seeds", n);
    }
    memcpy(copy, loaded ? d.values : b->val, size);
    uint8_t *plies = copy + size;
    if (loaded && w)
        memcpy(plies, d.plies, size * (uint64_t)w);
    else
        for (uint64_t i = 0; w && i < size; i++) {
            plies[w * i] = (uint8_t)b->plies[i];
            if (w == 2)
                plies[2 * i + 1] = (uint8_t)(b->plies[i] >> 8);
        }
    tb_data_free(&d);
    owned[n] = copy;
    b->lower[n] = (const int8_t *)copy;
    b->lower_plies[n] = w ? plies : NULL;
    b->lower_plies_w[n] = w;
    return 0;
}

int aw_tables_build(const char *dir, const aw_rules *rules, const aw_tables_build_options *opt,
                    aw_error *err)
{
    if (tb_mpi_ranks() > 1)
        return tb_build_mpi(dir, rules, opt, err);
    builder *b = calloc(1, sizeof *b);
    if (!b)
        return aw_fail(err, "out of memory");
    int rc = -1;
    void *owned[TB_MAX_SEEDS + 1] = {0};
    if (tb_build_check(rules, opt, &b->key, err))
        goto done;
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->finished, NULL);
    b->opt = opt;
    b->max_seeds = opt->seeds;
    b->threads = opt->threads > 0 ? opt->threads : aw_tables_threads();
    if (b->threads > AW_TABLES_MAX_THREADS)
        b->threads = AW_TABLES_MAX_THREADS;
    snprintf(b->rules_name, sizeof b->rules_name, "%s", rules->name);
    const uint64_t need = aw_tables_build_memory(rules, opt->seeds, b->threads);
    if (opt->memory_limit && need > opt->memory_limit) {
        aw_fail(err, "building %d seeds needs about %.2f GB of memory, more than the limit of "
                     "%.2f GB",
                opt->seeds, (double)need / 1e9, (double)opt->memory_limit / 1e9);
        goto done;
    }
    char sub[4096], path[4200], name[128];
    tb_key_dirname(&b->key, name, sizeof name);
    if (snprintf(sub, sizeof sub, "%s/%s", dir, name) >= (int)sizeof sub) {
        aw_fail(err, "directory name too long");
        goto done;
    }
    if (tb_make_dirs(sub, err))
        goto done;
    for (int i = 0; i < b->threads; i++) {
        b->workers[i].b = b;
        b->workers[i].tid = i;
        worker *w = &b->workers[i];
        if (!b->key.no_capture &&
            (!(w->stack = malloc(STACK_ENTRIES * sizeof(fb_pits))) ||
             !(w->pred = malloc(2 * PRED_MAX * sizeof(fb_pits))) ||
             !(w->rank = malloc(2 * PRED_MAX * sizeof(uint64_t))) ||
             !(w->from = malloc(2 * PRED_MAX)))) {
            aw_fail(err, "out of memory");
            goto done;
        }
    }
    b->prog.max_seeds = opt->seeds;
    b->prog.total = 0;
    for (int n = 0; n <= opt->seeds; n++)
        b->prog.total += layer_units(&b->key, n);
    b->prog.memory = need;
    b->prog.threads = b->threads;
    say(b, "memory: %.2f GB held (the largest layer and the workers); the smaller layers it "
           "reads, %.2f GB, are mapped from their files and stay in the file cache while free "
           "memory allows",
        (double)need / 1e9, (double)tb_build_read_bytes(&b->key, opt->seeds) / 1e9);
    for (int n = 0; n <= opt->seeds; n++) {
        b->n = n;
        b->size = tb_layer_size(n);
        b->prog.seeds = n;
        b->prog.threshold = 0;
        b->done = 0;
        tb_layer_path(dir, &b->key, n, path, sizeof path);
        /* A finished layer is kept, once it checks out. */
        if (access(path, F_OK) == 0) {
            aw_error e;
            report(b, "checking");
            if (keep_layer(b, path, n, true, owned, &e) == 0) {
                b->done_before += layer_units(&b->key, n);
                b->prog.loaded++;
                continue;
            }
            say(b, "layer %d: %s; building it again", n, e.msg);
        }
        if (b->prog.loaded && !b->prog.built && n == b->prog.loaded)
            say(b, "layers 0..%d kept from an earlier build (checked)", n - 1);
        const double t0 = now(), cpu0 = seconds_of(CLOCK_PROCESS_CPUTIME_ID);
        if (build_layer(b, err))
            goto done;
        report(b, "writing");
        if (tb_write_layer(path, &b->key, b->rules_name, n, b->val, b->plies,
                           b->size * (uint64_t)tb_planes(&b->key), opt->compress, err))
            goto done;
        const double dt = now() - t0, cpu = seconds_of(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
        say(b, "layer %2d: %llu positions in %.2f s (%.0f positions/s), %.1f CPU s (%.0f per CPU s)",
            n, (unsigned long long)b->size, dt, dt > 0 ? (double)b->size / dt : 0.0, cpu,
            cpu > 0 ? (double)b->size / cpu : 0.0);
        /* Keep plane 0 for the captures of the next layers: from its file,
         * or (compressed, or the in-memory mode) a copy. */
        if (keep_layer(b, path, n, false, owned, err))
            goto done;
        free_layer(b);
        b->done_before += layer_units(&b->key, n);
        b->prog.built++;
    }
    b->done = 0;
    report(b, "done");
    rc = 0;
done:
    free_layer(b);
    for (int i = 0; i < AW_TABLES_MAX_THREADS; i++) {
        free(b->workers[i].stack);
        free(b->workers[i].pred);
        free(b->workers[i].rank);
        free(b->workers[i].from);
    }
    for (int n = 0; n <= TB_MAX_SEEDS; n++) {
        free(owned[n]);
        tb_unmap_layer(&b->maps[n]);
    }
    if (b->opt) {
        pthread_mutex_destroy(&b->lock);
        pthread_cond_destroy(&b->finished);
    }
    free(b);
    return rc;
}
