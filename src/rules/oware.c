/*
 * oware.c - the Oware family's move generator: legal moves with feeding,
 * sowing with the origin skipped, captures with the grand-slam policies, and
 * the end conditions that need no history (docs/rules.md).
 *
 * Invariants: pits + scores = 48 before and after every move; a move never
 * sows into its own origin. Sowing is arithmetic when a lap is full: k >= 11
 * seeds give every other pit k / 11 and the next k % 11 pits one more, so a
 * move costs the same whatever the number of seeds. Captures are looked at
 * only when the last seed lands in the opponent's row.
 */
#include "rules_internal.h"

#include <string.h>

static inline int row_sum(const uint8_t *row)
{
    return row[0] + row[1] + row[2] + row[3] + row[4] + row[5];
}

static inline bool captures(const aw_rules *r, int count)
{
    return (r->captures >> count) & 1;
}

int oware_generate(const aw_rules *r, const aw_position *p, aw_move moves[AW_MAX_MOVES])
{
    (void)r;
    const int base = p->side * AW_ROW;
    const uint8_t *own = p->pits + base;
    const bool opponent_empty = row_sum(p->pits + (AW_ROW - base)) == 0;
    int n = 0;
    for (int i = 0; i < AW_ROW; i++) {
        /* With the opponent's row empty a move must reach it: k >= 6 - i. */
        if (own[i] && (!opponent_empty || own[i] >= AW_ROW - i))
            moves[n++] = (aw_move)(base + i);
    }
    return n;
}

int oware_play(const aw_rules *r, aw_position *p, aw_move m)
{
    const int origin = AW_MOVE_PIT(m);
    const int k = p->pits[origin];
    uint8_t *pits = p->pits;
    int last;
    pits[origin] = 0;
    if (k < 11) {
        int j = origin;
        for (int s = 0; s < k; s++) {
            if (++j == AW_PITS)
                j = 0;
            pits[j]++;
        }
        last = j;
    } else {
        /* Full laps of the 11 other pits, then the remainder. */
        const int laps = k / 11, rest = k % 11;
        for (int j = 0; j < AW_PITS; j++)
            pits[j] = (uint8_t)(pits[j] + laps);
        pits[origin] = 0;
        int j = origin;
        for (int s = 0; s < rest; s++) {
            if (++j == AW_PITS)
                j = 0;
            pits[j]++;
        }
        last = rest ? j : (origin + AW_PITS - 1) % AW_PITS;
    }

    const int mover = p->side;
    const int opp_lo = mover ? 0 : AW_ROW, opp_hi = opp_lo + AW_ROW;
    int taken = 0, first = last;
    if (last >= opp_lo && last < opp_hi && captures(r, pits[last])) {
        while (first >= opp_lo && captures(r, pits[first])) {
            taken += pits[first];
            first--;
        }
        /* pits first+1 .. last are captured. A grand slam leaves the
         * opponent's row empty. */
        if (r->grand_slam == AW_SLAM_VOID && taken == row_sum(pits + opp_lo))
            taken = 0;
        if (taken) {
            for (int j = first + 1; j <= last; j++)
                pits[j] = 0;
            p->score[mover] = (uint8_t)(p->score[mover] + taken);
        }
    }
    position_moved(p, mover, taken);
    return taken;
}

aw_status oware_status(const aw_rules *r, const aw_position *p)
{
    if (r->target && !r->play_on && (p->score[0] >= r->target || p->score[1] >= r->target))
        return AW_END_TARGET;
    const int base = p->side * AW_ROW;
    const int own = row_sum(p->pits + base), opp = row_sum(p->pits + (AW_ROW - base));
    if (own + opp == 0)
        return AW_END_EMPTY_BOARD;
    if (own == 0)
        return AW_END_EMPTY_ROW;
    if (opp == 0) {
        bool feeds = false;
        for (int i = 0; i < AW_ROW; i++)
            feeds |= p->pits[base + i] >= AW_ROW - i;
        if (!feeds)
            return AW_END_CANNOT_FEED;
    }
    if (r->no_capture && p->quiet >= r->no_capture)
        return AW_END_NO_CAPTURE;
    return AW_ONGOING;
}
