/*
 * book.c - what the opening-book modules share: the keys and verification
 * hashes of positions, the values a book holds (a move's value from its
 * child's, a finished position's), the rules as one line of text, and the
 * moves of a position with where they lead. The book is in rooms: the
 * file and its loader (book_file.c), the graph of positions the loader
 * checks and the builder grows (book_graph.c, book_build.c), the probe and
 * the choice of a move (book_probe.c), and which rules its values hold
 * under (book_rules.c). docs/book.md.
 */
#include "book_internal.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- hashing */

static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

uint64_t book_checksum(const void *data, size_t n)
{
    const uint8_t *p = data;
    const uint64_t k1 = UINT64_C(0x9E3779B185EBCA87), k2 = UINT64_C(0xC2B2AE3D27D4EB4F);
    uint64_t h = k1 ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = 0;
        for (int j = 7; j >= 0; j--)
            w = w << 8 | p[i + (size_t)j];
        h = rotl(h ^ (w * k2), 31) * k1;
    }
    for (; i < n; i++)
        h = rotl(h ^ (p[i] * k1), 23) * k2;
    return mix64e(h ^ (h >> 29));
}

/* A position as the book keys it (docs/book.md): seen from the side to
 * move, whose pits come first, so that a position and its mirror image
 * with the other side to move (the rules treat both sides alike) are one
 * entry. a: pits 0..7 of that view, one byte each, little-endian; b: pits
 * 8..11, then the mover's score (byte 4) and the opponent's (byte 5); q:
 * the no-capture counter in rule sets that have a limit, else 0. Built
 * byte by byte, so that keys are the same on every machine. */
static void book_words(const aw_rules *rules, const aw_position *pos, uint64_t *a, uint64_t *b,
                       uint64_t *q)
{
    const int off = pos->side == AW_NORTH ? AW_ROW : 0;
    *a = *b = 0;
    for (int i = 0; i < 8; i++)
        *a |= (uint64_t)pos->pits[(i + off) % AW_PITS] << 8 * i;
    for (int i = 8; i < AW_PITS; i++)
        *b |= (uint64_t)pos->pits[(i + off) % AW_PITS] << 8 * (i - 8);
    *b |= (uint64_t)pos->score[pos->side] << 32 | (uint64_t)pos->score[!pos->side] << 40;
    *q = rules->no_capture ? pos->quiet : 0;
}

uint64_t book_key(const aw_rules *rules, const aw_position *pos)
{
    uint64_t a, b, q;
    book_words(rules, pos, &a, &b, &q);
    return mix64e(a ^ mix64e(b ^ mix64e(q + UINT64_C(0x9E3779B97F4A7C15))));
}

uint32_t book_check(const aw_rules *rules, const aw_position *pos)
{
    uint64_t a, b, q;
    book_words(rules, pos, &a, &b, &q);
    const uint64_t h = mix64e((a ^ UINT64_C(0x2545F4914F6CDD1D)) * UINT64_C(0x94D049BB133111EB) +
                              mix64e(b ^ UINT64_C(0x5851F42D4C957F2D)) +
                              q * UINT64_C(0x27BB2EE687B0B0FD));
    return (uint32_t)(h >> 32);
}

/* ------------------------------------------------------------- values */

/* Margin and plies of a proven value (|v| > SC_PROVEN). */
static void proven_parts(int v, int *margin, int *plies)
{
    const int d = (v < 0 ? -v : v) - SC_WIN;
    const int m = (d + 255) / 256;
    *margin = m;
    *plies = (256 * m - d) / 2;
}

int book_up(int child_value)
{
    int w = -child_value, m, p;
    if (w > SC_PROVEN || w < -SC_PROVEN) {
        proven_parts(w, &m, &p);
        if (p < 127) /* the engine's scale stops counting at 127 plies */
            w += w > 0 ? -2 : 2;
    }
    return w;
}

int book_end_value(const aw_rules *rules, const aw_position *pos, aw_status status)
{
    int sc[2];
    aw_final_scores(rules, pos, status, sc);
    return sc_end(sc[pos->side] - sc[!pos->side], 0);
}

bool book_value_ok(int v)
{
    if (v == 0)
        return true;
    if (v >= -SC_EVAL_MAX && v <= SC_EVAL_MAX)
        return (v & 1) != 0;
    if (v <= SC_PROVEN && v >= -SC_PROVEN)
        return false;
    const int d = (v < 0 ? -v : v) - SC_WIN;
    if (d < 2 || (d & 1) || d > 256 * AW_SEEDS)
        return false;
    int m, p;
    proven_parts(v, &m, &p);
    return m >= 1 && m <= AW_SEEDS && p >= 0 && p <= 127;
}

/* ------------------------------------------------------------- rules */

int book_rules_text(const aw_rules *rules, char *buf, size_t size)
{
    char diff[512];
    aw_rules_diff(rules, diff, sizeof diff);
    int n = snprintf(buf, size, "%s%s%s", rules->name, diff[0] ? " " : "", diff);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int book_rules_parse(const char *text, aw_rules *rules, aw_error *err)
{
    char buf[BOOK_RULES_TEXT + 1];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL, *word = strtok_r(buf, " ", &save);
    if (!word)
        return aw_fail(err, "no rule set in the header");
    if (aw_rules_preset(word, rules, err))
        return -1;
    while ((word = strtok_r(NULL, " ", &save)))
        if (aw_rules_set_arg(rules, word, err))
            return -1;
    return 0;
}

bool book_rules_equal(const aw_rules *a, const aw_rules *b)
{
    return a->family == b->family && a->captures == b->captures &&
           a->grand_slam == b->grand_slam && a->cannot_feed == b->cannot_feed &&
           a->empty_row == b->empty_row && a->agreement == b->agreement &&
           a->target == b->target && a->no_capture == b->no_capture &&
           a->repetition == b->repetition && a->play_on == b->play_on &&
           a->skip_origin == b->skip_origin && a->chain_backward == b->chain_backward &&
           a->no_move_pass == b->no_move_pass;
}

int book_children(const aw_rules *rules, const aw_position *pos, aw_move move[AW_MAX_MOVES],
                  aw_position child[AW_MAX_MOVES], aw_status status[AW_MAX_MOVES])
{
    if (aw_position_status(rules, pos) != AW_ONGOING)
        return 0;
    const int n = aw_generate(rules, pos, move);
    for (int i = 0; i < n; i++) {
        child[i] = *pos;
        aw_play(rules, &child[i], move[i]);
        status[i] = aw_position_status(rules, &child[i]);
    }
    return n;
}
