/*
 * board.h - the fast Oware board that perft, the search and the tables play
 * on (library-internal; the public form is aw_position).
 *
 * Layout: 16 bytes, South's pits A..F in bytes 0..5 and North's pits a..f in
 * bytes 8..13; bytes 6, 7, 14 and 15 stay 0. With this gap one SSE2 psadbw
 * gives both row sums and one movemask the empty pits of both rows.
 *
 * Sowing is one vector addition: sow_table[o][k] holds what every pit gains
 * when k seeds are sown from pit o (full laps of the 11 other pits, then the
 * rest), and -k at the origin, which holds exactly k. sow_last[o][k] is the
 * byte where the last seed lands. Captures are examined only when that byte
 * is on the opponent's row.
 *
 * Invariant: pits + scores = 48; unused bytes are 0.
 */
#ifndef AW_BOARD_H
#define AW_BOARD_H

#include "rules_internal.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef union fb_pits {
#if defined(__SSE2__)
    __m128i v;
#endif
    uint8_t b[16];
    uint64_t q[2];
} fb_pits;

typedef struct fboard {
    fb_pits pits;
    uint8_t score[2];
    uint8_t side;
    uint8_t unused;
    uint16_t quiet;
} fboard;

/* Byte of pit i (0..11) and pit of byte j. */
#define FB_BYTE(i) ((i) < 6 ? (i) : (i) + 2)
#define FB_PIT(j) ((j) < 8 ? (j) : (j)-2)

extern const uint8_t fb_sow_table[12][49][16];
extern const uint8_t fb_sow_last[12][49];

/* What a sowing does, in brief: the bytes that receive seeds, the byte of
 * the last seed and the seeds that byte gains. */
typedef struct fb_sow {
    uint16_t receive;
    uint8_t last;
    uint8_t gain;
} fb_sow;
extern const fb_sow fb_sow_info[12][49];

static inline fboard fb_from_position(const aw_position *p)
{
    fboard f;
    memset(&f, 0, sizeof f);
    for (int i = 0; i < AW_PITS; i++)
        f.pits.b[FB_BYTE(i)] = p->pits[i];
    f.score[0] = p->score[0];
    f.score[1] = p->score[1];
    f.side = p->side;
    f.quiet = p->quiet;
    return f;
}

static inline aw_position fb_to_position(const fboard *f)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < AW_PITS; i++)
        p.pits[i] = f->pits.b[FB_BYTE(i)];
    p.score[0] = f->score[0];
    p.score[1] = f->score[1];
    p.side = f->side;
    p.quiet = f->quiet;
    return p;
}

/* Seeds on South's row (sum[0]) and North's row (sum[1]). */
static inline void fb_row_sums(const fb_pits *p, int sum[2])
{
#if defined(__SSE2__)
    __m128i s = _mm_sad_epu8(p->v, _mm_setzero_si128());
    sum[0] = _mm_cvtsi128_si32(s);
    sum[1] = _mm_extract_epi16(s, 4);
#else
    /* Bytes sum to at most 48, so one multiplication adds them. */
    sum[0] = (int)((p->q[0] * UINT64_C(0x0101010101010101)) >> 56);
    sum[1] = (int)((p->q[1] * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* Bit j set when byte j is non-empty (bits 0..5 South, 8..13 North). */
static inline unsigned fb_nonempty(const fb_pits *p)
{
#if defined(__SSE2__)
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(p->v, _mm_setzero_si128())) & 0x3F3Fu;
#else
    unsigned m = 0;
    for (int j = 0; j < 16; j++)
        m |= (unsigned)(p->b[j] != 0) << j;
    return m & 0x3F3Fu;
#endif
}

/* Bit j set when byte j holds enough seeds to reach the other row: pit i
 * of a row (0..5) needs at least 6 - i. */
static inline unsigned fb_feeding(const fb_pits *p)
{
#if defined(__SSE2__)
    const __m128i need = _mm_setr_epi8(5, 4, 3, 2, 1, 0, 127, 127, 5, 4, 3, 2, 1, 0, 127, 127);
    return (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(p->v, need)) & 0x3F3Fu;
#else
    unsigned m = 0;
    for (int i = 0; i < 6; i++) {
        m |= (unsigned)(p->b[i] >= 6 - i) << i;
        m |= (unsigned)(p->b[8 + i] >= 6 - i) << (8 + i);
    }
    return m;
#endif
}

/* Legal moves of the side to move, as a mask of bytes (mechanics only). */
static inline unsigned fb_legal_mask(const fboard *f)
{
    const unsigned nonempty = fb_nonempty(&f->pits);
    const unsigned own = f->side ? 0x3F00u : 0x003Fu;
    if (nonempty & ~own)
        return nonempty & own;
    return fb_feeding(&f->pits) & own;
}

/* The history-free end conditions, in the order of the rules. */
static inline aw_status fb_status(const aw_rules *r, const fboard *f)
{
    if (r->target && !r->play_on && (f->score[0] >= r->target || f->score[1] >= r->target))
        return AW_END_TARGET;
    const unsigned nonempty = fb_nonempty(&f->pits);
    const unsigned own = f->side ? 0x3F00u : 0x003Fu;
    if (!nonempty)
        return AW_END_EMPTY_BOARD;
    if (!(nonempty & own))
        return AW_END_EMPTY_ROW;
    if (!(nonempty & ~own) && !(fb_feeding(&f->pits) & own))
        return AW_END_CANNOT_FEED;
    if (r->no_capture && f->quiet >= r->no_capture)
        return AW_END_NO_CAPTURE;
    return AW_ONGOING;
}

/* Play the move from byte `from` (legal). Returns the seeds captured. */
/* All the seeds of a fast board, pits and scores (48 for a position the
 * library made), for AW_ASSERT. */
static inline int fb_seeds(const fboard *f)
{
    int sums[2];
    fb_row_sums(&f->pits, sums);
    return sums[0] + sums[1] + f->score[0] + f->score[1];
}

static inline int fb_play(const aw_rules *r, fboard *f, int from)
{
#if defined(AW_CHECKS)
    const int seeds_before = fb_seeds(f);
#endif
    AW_ASSERT(FB_PIT(from) >= 0 && FB_PIT(from) < AW_PITS && f->pits.b[from] > 0);
    const int k = f->pits.b[from];
    const int origin = FB_PIT(from);
#if defined(__SSE2__)
    f->pits.v = _mm_add_epi8(f->pits.v, _mm_loadu_si128((const __m128i *)fb_sow_table[origin][k]));
#else
    for (int j = 0; j < 16; j++)
        f->pits.b[j] = (uint8_t)(f->pits.b[j] + fb_sow_table[origin][k][j]);
#endif
    const int mover = f->side;
    const int last = fb_sow_last[origin][k];
    int taken = 0;
    /* The opponent's row: bytes 8..13 for South's moves, 0..5 for North's. */
    const int lo = mover ? 0 : 8;
    if ((unsigned)(last - lo) < 6u && (r->captures >> f->pits.b[last] & 1)) {
        int j = last;
        while (j >= lo && (r->captures >> f->pits.b[j] & 1))
            taken += f->pits.b[j--];
        int sums[2];
        fb_row_sums(&f->pits, sums);
        if (r->grand_slam == AW_SLAM_VOID && taken == sums[!mover])
            taken = 0;
        if (taken) {
            for (int c = j + 1; c <= last; c++)
                f->pits.b[c] = 0;
            f->score[mover] = (uint8_t)(f->score[mover] + taken);
        }
    }
    if (taken)
        f->quiet = 0;
    else if (f->quiet < UINT16_MAX)
        f->quiet++;
    f->side = (uint8_t)(mover ^ 1);
    AW_ASSERT(fb_seeds(f) == seeds_before);
    AW_ASSERT((f->pits.q[0] | f->pits.q[1]) >> 48 == 0 && f->pits.b[6] == 0 && f->pits.b[7] == 0);
    return taken;
}

#endif
