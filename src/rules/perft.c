/*
 * perft.c - counting legal move sequences, the move generator's test and
 * speed measure.
 *
 * One depth-first walk to the full depth counts the sequences of every
 * length at once (the number of nodes at each ply). Nothing is played at the
 * last ply: a node one ply short adds its number of legal moves (bulk
 * counting). The Oware family walks on the fast board of board.h; the relay
 * game through the generic game interface.
 *
 * Repetition needs the history: each walk keeps the boards along its path
 * and, at a node whose run of capture-free plies is long enough, counts
 * the earlier occurrences of its board every second ply back through the
 * run. In the Oware family a capture-free cycle takes at least 12 plies:
 * over a cycle every boundary between neighbouring pits is crossed equally
 * often, so every pit receives a seed and, to end with its old count, must
 * be played at least once - 12 pits, 12 plies. Shorter runs are not looked
 * at. (A hash table of subtree counts was tried and dropped: from the start
 * position 3.40 million of the 3.59 million sequences of 9 plies end in
 * distinct positions, so transpositions save almost nothing.)
 */
#include "board.h"

#include <stdlib.h>
#include <string.h>

#define MIN_CYCLE 12

/* The rule parameters the hot loop reads, copied out of aw_rules so that
 * stores to the board (bytes, which may alias anything) do not force the
 * compiler to reload them. */
typedef struct hot_rules {
    uint64_t captures;
    bool slam_void;
    int target;     /* 0 when reaching a score does not end the game */
    int no_capture; /* 0 = off */
    int repetition; /* 0 = off */
} hot_rules;

typedef struct walk {
    const aw_rules *rules;
    hot_rules hot;
    int depth;
    int capture_values;      /* the counts a capture takes, listed */
    uint8_t capture_value[AW_SEEDS];
    bool capture_range;      /* the counts are consecutive */
#if defined(__SSE2__)
    /* The same as vectors: up to four counts (0xFF never matches), and for
     * consecutive counts lo..hi the test c - lo <= hi - lo, unsigned. */
    __m128i cap_value[4], cap_lo, cap_span;
#endif
    uint64_t *counts;
    uint64_t made;
    fb_pits path[AW_PERFT_MAX_DEPTH + 1];      /* Oware: boards along the path */
    aw_position gpath[AW_PERFT_MAX_DEPTH + 1]; /* relay */
} walk;

/* Number of bits set in a 6-bit mask, and in a mask of bytes 0..5, 8..13. */
static const uint8_t bits6[64] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6};

static inline int count_bits(unsigned mask) { return bits6[mask & 63] + bits6[(mask >> 8) & 63]; }

static bool oware_repeats(const walk *w, const fb_pits *now, int ply, int run)
{
    int seen = 1;
    for (int back = 2; back <= run && back <= ply; back += 2) {
        const fb_pits *p = &w->path[ply - back];
        if (p->q[0] == now->q[0] && p->q[1] == now->q[1] && ++seen >= w->hot.repetition)
            return true;
    }
    return false;
}

/* Sow from byte `from` of *f into *c (pits only). Returns the seeds the move
 * captures, already removed from c (the scores are the caller's). */
static inline int sow_and_capture(const hot_rules *h, const fb_pits *f, int mover, int from,
                                  fb_pits *c)
{
    const int k = f->b[from], origin = FB_PIT(from);
#if defined(__SSE2__)
    c->v = _mm_add_epi8(f->v, _mm_loadu_si128((const __m128i *)fb_sow_table[origin][k]));
#else
    for (int j = 0; j < 16; j++)
        c->b[j] = (uint8_t)(f->b[j] + fb_sow_table[origin][k][j]);
#endif
    const int last = fb_sow_last[origin][k], lo = mover ? 0 : 8;
    if ((unsigned)(last - lo) >= 6u || !(h->captures >> c->b[last] & 1))
        return 0;
    int j = last, taken = 0;
    while (j >= lo && (h->captures >> c->b[j] & 1))
        taken += c->b[j--];
    if (h->slam_void) {
        int sums[2];
        fb_row_sums(c, sums);
        if (taken == sums[!mover])
            return 0;
    }
    for (int x = j + 1; x <= last; x++)
        c->b[x] = 0;
    return taken;
}

/* The legal moves at a node (mover `side`, scores, counter), or 0 when the
 * game is over there by a history-free rule. */
static inline unsigned node_moves(const hot_rules *h, const fb_pits *p, int side, int score0,
                                  int score1, int quiet)
{
    if (h->target && (score0 >= h->target || score1 >= h->target))
        return 0;
    if (h->no_capture && quiet >= h->no_capture)
        return 0;
    const unsigned nonempty = fb_nonempty(p), own = side ? 0x3F00u : 0x003Fu;
    if (nonempty & ~own)
        return nonempty & own;
    return fb_feeding(p) & own; /* empty rows and cannot-feed give 0 */
}

/* The legal moves at node *f (ply `ply`, capture-free run `run`), or 0 when
 * the game is over there. Records the board on the path. */
static inline unsigned node_check(walk *w, const fboard *f, int ply, int run)
{
    const hot_rules *h = &w->hot;
    w->path[ply] = f->pits;
    unsigned mask = node_moves(h, &f->pits, f->side, f->score[0], f->score[1], f->quiet);
    if (mask && h->repetition && run >= MIN_CYCLE && oware_repeats(w, &f->pits, ply, run))
        return 0;
    return mask;
}

/* Play the move from byte `from` of *f into *c. Returns the seeds taken. */
static inline int make_child(const hot_rules *h, const fboard *f, int from, fboard *c)
{
    const int mover = f->side;
    const int taken = sow_and_capture(h, &f->pits, mover, from, &c->pits);
    c->score[0] = (uint8_t)(f->score[0] + (mover ? 0 : taken));
    c->score[1] = (uint8_t)(f->score[1] + (mover ? taken : 0));
    c->side = (uint8_t)!mover;
    c->quiet = taken ? 0 : (uint16_t)(f->quiet + (f->quiet < UINT16_MAX));
    return taken;
}

/* The number of legal moves summed over the children of *f reached by the
 * moves in `mask`: the last ply, counted without being played. A child's
 * scores only change (and can only reach the target) when its move
 * captures; its counter only grows when it does not. */
static inline uint64_t leaf_sum_general(walk *w, const fboard *f, unsigned mask, int ply, int run)
{
    const hot_rules *h = &w->hot;
    const int mover = f->side;
    const unsigned child_own = mover ? 0x003Fu : 0x3F00u;
    const int shift = mover ? 0 : 8;
    const bool quiet_ends = h->no_capture && f->quiet + 1 >= h->no_capture;
    const bool may_repeat = h->repetition && run + 1 >= MIN_CYCLE;
    uint64_t sum = 0;
    while (mask) {
        const int from = __builtin_ctz(mask);
        mask &= mask - 1;
        fb_pits c;
        const int taken = sow_and_capture(h, &f->pits, mover, from, &c);
        if (taken) {
            if (h->target && f->score[mover] + taken >= h->target)
                continue;
        } else if (quiet_ends) {
            continue;
        }
        const unsigned nonempty = fb_nonempty(&c);
        unsigned moves =
            nonempty & ~child_own ? nonempty & child_own : fb_feeding(&c) & child_own;
        if (moves && may_repeat && !taken) {
            w->path[ply + 1] = c;
            if (oware_repeats(w, &c, ply + 1, run + 1))
                moves = 0;
        }
        sum += bits6[(moves >> shift) & 63];
    }
    return sum;
}

#if defined(__SSE2__)
/* Bytes 0..5 of a 6-bit mask as 0x00 / 0xFF bytes of a word. */
#define B(i, m) ((m) >> (i)&1 ? UINT64_C(0xFF) << (8 * (i)) : 0)
#define E(m) (B(0, m) | B(1, m) | B(2, m) | B(3, m) | B(4, m) | B(5, m))
#define E4(m) E(m), E(m + 1), E(m + 2), E(m + 3)
#define E16(m) E4(m), E4(m + 4), E4(m + 8), E4(m + 12)
static const uint64_t row_bytes[64] = {E16(0), E16(16), E16(32), E16(48)};
#undef B
#undef E
#undef E4
#undef E16

static inline __m128i bytes_of_mask(unsigned mask)
{
    return _mm_set_epi64x((long long)row_bytes[(mask >> 8) & 63], (long long)row_bytes[mask & 63]);
}

/* leaf_sum without branches on the captures: the capture chain is found
 * with masks (the run of capturable opponent pits ending at the last seed).
 * Used when no repetition can fire at the children. */
static inline uint64_t leaf_sum_fast(walk *w, const fboard *f, unsigned mask, const bool range)
{
    const hot_rules *h = &w->hot;
    const int mover = f->side;
    const unsigned opp = mover ? 0x003Fu : 0x3F00u;
    const int shift = mover ? 0 : 8;
    const bool quiet_ends = h->no_capture && f->quiet + 1 >= h->no_capture;
    const int room = h->target ? h->target - f->score[mover] : 1 << 20; /* captures below this are safe */
    const __m128i *value = w->cap_value, lo = w->cap_lo, span = w->cap_span;
    uint64_t sum = 0;
    while (mask) {
        const int from = __builtin_ctz(mask);
        mask &= mask - 1;
        const int k = f->pits.b[from], origin = FB_PIT(from);
        __m128i c = _mm_add_epi8(f->pits.v, _mm_loadu_si128((const __m128i *)fb_sow_table[origin][k]));
        const int last = fb_sow_last[origin][k];
        /* Capturable opponent pits. */
        __m128i hit;
        if (range) {
            const __m128i d = _mm_sub_epi8(c, lo);
            hit = _mm_cmpeq_epi8(_mm_max_epu8(d, span), span);
        } else {
            hit = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(c, value[0]), _mm_cmpeq_epi8(c, value[1])),
                _mm_or_si128(_mm_cmpeq_epi8(c, value[2]), _mm_cmpeq_epi8(c, value[3])));
        }
        const unsigned cap = (unsigned)_mm_movemask_epi8(hit) & opp;
        const unsigned upto = (2u << last) - 1;
        const unsigned gaps = ~cap & upto;
        const unsigned from_bit = (unsigned)(31 - __builtin_clz((gaps << 1) | 1));
        unsigned run = upto & ~((1u << from_bit) - 1) & (0u - (cap >> last & 1));
        const unsigned nonempty = fb_nonempty((const fb_pits *)&c);
        if (h->slam_void && !(nonempty & opp & ~run))
            run = 0;
        int taken = 0;
        if (run) {
            const __m128i bytes = bytes_of_mask(run);
            const __m128i sad = _mm_sad_epu8(_mm_and_si128(c, bytes), _mm_setzero_si128());
            taken = _mm_cvtsi128_si32(sad) + _mm_extract_epi16(sad, 4);
            c = _mm_andnot_si128(bytes, c);
            if (taken >= room)
                continue;
        } else if (quiet_ends) {
            continue;
        }
        const unsigned after = run ? nonempty & ~run : nonempty;
        const unsigned moves = after & ~opp ? after & opp
                                            : fb_feeding((const fb_pits *)&c) & opp;
        sum += bits6[(moves >> shift) & 63];
    }
    return sum;
}
#endif

static inline uint64_t leaf_sum(walk *w, const fboard *f, unsigned mask, int ply, int run)
{
#if defined(__SSE2__)
    if (!(w->hot.repetition && run + 1 >= MIN_CYCLE) && w->capture_values > 0) {
        if (w->capture_range)
            return leaf_sum_fast(w, f, mask, true);
        if (w->capture_values <= 4)
            return leaf_sum_fast(w, f, mask, false);
    }
#endif
    return leaf_sum_general(w, f, mask, ply, run);
}

static void oware_walk(walk *w, const fboard *f, int ply, int run)
{
    unsigned mask = node_check(w, f, ply, run);
    if (!mask)
        return;
    const int n = count_bits(mask), left = w->depth - ply;
    w->counts[ply + 1] += (uint64_t)n;
    if (left == 1)
        return;
    if (left == 2) {
        w->made += (uint64_t)n;
        w->counts[ply + 2] += leaf_sum(w, f, mask, ply, run);
        return;
    }
    if (left == 3) {
        /* The children are the last nodes whose moves are played: handle
         * them here rather than by a call each. */
        uint64_t moves2 = 0, sum3 = 0;
        while (mask) {
            const int from = __builtin_ctz(mask);
            mask &= mask - 1;
            fboard c;
            const int child_run = make_child(&w->hot, f, from, &c) ? 0 : run + 1;
            const unsigned cmask = node_check(w, &c, ply + 1, child_run);
            if (!cmask)
                continue;
            moves2 += (uint64_t)count_bits(cmask);
            sum3 += leaf_sum(w, &c, cmask, ply + 1, child_run);
        }
        w->made += (uint64_t)n + moves2;
        w->counts[ply + 2] += moves2;
        w->counts[ply + 3] += sum3;
        return;
    }
    while (mask) {
        const int from = __builtin_ctz(mask);
        mask &= mask - 1;
        fboard c;
        const int taken = make_child(&w->hot, f, from, &c);
        w->made++;
        oware_walk(w, &c, ply + 1, taken ? 0 : run + 1);
    }
}

static bool generic_over(const walk *w, int ply, int run)
{
    const aw_position *now = &w->gpath[ply];
    if (aw_position_status(w->rules, now) != AW_ONGOING)
        return true;
    if (!w->rules->repetition || run < 2)
        return false;
    int seen = 1;
    for (int back = 2; back <= run && back <= ply; back += 2)
        if (memcmp(w->gpath[ply - back].pits, now->pits, AW_PITS) == 0 &&
            ++seen >= w->rules->repetition)
            return true;
    return false;
}

static void generic_walk(walk *w, int ply, int run)
{
    if (generic_over(w, ply, run))
        return;
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(w->rules, &w->gpath[ply], moves);
    w->counts[ply + 1] += (uint64_t)n;
    if (ply + 1 == w->depth)
        return;
    for (int i = 0; i < n; i++) {
        w->gpath[ply + 1] = w->gpath[ply];
        const int taken = aw_play(w->rules, &w->gpath[ply + 1], moves[i]);
        w->made++;
        generic_walk(w, ply + 1, taken ? 0 : run + 1);
    }
}

static void walk_init(walk *w, const aw_rules *rules, int depth)
{
    w->rules = rules;
    w->depth = depth;
    w->made = 0;
    w->hot = (hot_rules){.captures = rules->captures,
                         .slam_void = rules->grand_slam == AW_SLAM_VOID,
                         .target = rules->play_on ? 0 : rules->target,
                         .no_capture = rules->no_capture,
                         .repetition = rules->repetition};
    w->capture_values = 0;
    for (int c = 1; c <= AW_SEEDS; c++)
        if (rules->captures >> c & 1)
            w->capture_value[w->capture_values++] = (uint8_t)c;
    w->capture_range = w->capture_values > 0 &&
                       w->capture_value[w->capture_values - 1] - w->capture_value[0] + 1 ==
                           w->capture_values;
#if defined(__SSE2__)
    for (int i = 0; i < 4; i++)
        w->cap_value[i] =
            _mm_set1_epi8((char)(i < w->capture_values ? w->capture_value[i] : 0xFF));
    if (w->capture_values) {
        w->cap_lo = _mm_set1_epi8((char)w->capture_value[0]);
        w->cap_span = _mm_set1_epi8(
            (char)(w->capture_value[w->capture_values - 1] - w->capture_value[0]));
    }
#endif
}

/* The root is walked here, one move at a time, so that each move's count
 * can be reported; below it the walks above take over. */
uint64_t aw_perft_divide(const aw_rules *rules, const aw_position *pos, int depth,
                         uint64_t counts[], aw_perft_move_fn each, void *ctx)
{
    if (depth < 0)
        depth = 0;
    if (depth > AW_PERFT_MAX_DEPTH)
        depth = AW_PERFT_MAX_DEPTH;
    memset(counts, 0, sizeof *counts * (size_t)(depth + 1));
    counts[0] = 1;
    if (depth == 0)
        return 0;
    walk *w = malloc(sizeof *w);
    if (!w)
        return 0;
    walk_init(w, rules, depth);
    uint64_t sub[AW_PERFT_MAX_DEPTH + 1];
    aw_move moves[AW_MAX_MOVES];
    int n;
    const bool oware = rules->family == AW_FAMILY_OWARE;
    fboard root = fb_from_position(pos);
    w->gpath[0] = *pos;
    if (oware) {
        unsigned mask = node_check(w, &root, 0, 0);
        n = 0;
        while (mask) {
            moves[n++] = (aw_move)FB_PIT(__builtin_ctz(mask));
            mask &= mask - 1;
        }
    } else {
        n = generic_over(w, 0, 0) ? 0 : aw_generate(rules, pos, moves);
    }
    counts[1] = (uint64_t)n;
    for (int i = 0; i < n; i++) {
        memset(sub, 0, sizeof sub[0] * (size_t)(depth + 1));
        w->counts = sub;
        w->made++;
        if (oware) {
            fboard c;
            const int taken = make_child(&w->hot, &root, FB_BYTE(moves[i]), &c);
            if (depth > 1)
                oware_walk(w, &c, 1, taken ? 0 : 1);
        } else {
            w->gpath[1] = *pos;
            const int taken = aw_play(rules, &w->gpath[1], moves[i]);
            if (depth > 1)
                generic_walk(w, 1, taken ? 0 : 1);
        }
        for (int d = 2; d <= depth; d++)
            counts[d] += sub[d];
        if (each)
            each(ctx, moves[i], i, n, depth == 1 ? 1 : sub[depth]);
    }
    uint64_t made = w->made - (depth == 1 ? (uint64_t)n : 0);
    free(w);
    return made;
}

uint64_t aw_perft(const aw_rules *rules, const aw_position *pos, int depth, uint64_t counts[])
{
    return aw_perft_divide(rules, pos, depth, counts, NULL, NULL);
}
