/*
 * relay.c - the relay game of source 004 (rules.md section 4): moves of a pit
 * holding 2 seeds or more in either direction, relay sowing, captures facing
 * an empty own pit, and the end conditions that need no history.
 *
 * Owns: relay_generate, relay_play, relay_status (reached through the game
 * interface of play.c), relay_explain (why a relay move is illegal, for
 * aw_explain_illegal) and relay_sow, the lap-by-lap sowing for the unit
 * tests.
 *
 * Invariants: pits + stores = 48 before and after every move; a move sows,
 * relays and captures on a private copy of the 12 pits, so an endless relay
 * (illegal, never played) leaves the position untouched. Moves are listed in
 * pit order, '+' before '-'. With no-move=pass a player without a legal move
 * has exactly one move, AW_MOVE_PASS; whether passing is allowed there (the
 * opponent must be able to move afterwards) is relay_status's business.
 *
 * Directions: '+' (counterclockwise) steps the pit index up, '-' down. A lap
 * takes every seed of its pit and sows one a pit in its direction; while its
 * last seed falls into a pit that held seeds (now 2 or more), the next lap
 * starts from that pit in the opposite direction.
 *
 * What makes it fast: a lap of k seeds costs k byte increments on a 12-byte
 * copy, or for k >= 12 (11 with skip-origin) one addition to every pit plus
 * the remainder; no allocation, no division for the usual small laps.
 * Generation must play every candidate (legality depends on the relay
 * ending), so a move is generated, and played, by the same inline loop.
 *
 * The endless-relay guard (rules.md 4.8): the state at the start of a lap is
 * (pits, lap pit, direction); a relay never ends exactly when such a state
 * recurs. Relays of up to PLAIN_LAPS laps are plain loops; a longer one goes
 * to the out-of-line relay_long, which finds any recurrence with Brent's
 * algorithm (one saved state, compared at every lap, replaced at laps 64,
 * 128, 256, ...: once the saved lap lies on the cycle and the cycle is no
 * longer than the distance to the next power of two, the state comes round
 * again before the next replacement) and gives up after MAX_LAPS laps, so a
 * move costs at most about a millisecond. No relay of more than 285 laps
 * and no endless one was found (exhaustive search of every board of up to 16
 * seeds, hill-climbing search of boards of up to 200; docs/relay.md).
 */
#include "rules_internal.h"

#include <stdio.h>
#include <string.h>

#define PLAIN_LAPS 64
#define MAX_LAPS RELAY_MAX_LAPS

static inline int row_sum(const uint8_t *row)
{
    return row[0] + row[1] + row[2] + row[3] + row[4] + row[5];
}

/* Sow the seeds of pit o of b in direction dir (0 = '+', 1 = '-'). Returns
 * the pit that received the last seed. */
static inline int sow_lap(uint8_t b[AW_PITS], int o, int dir, bool skip)
{
    int k = b[o];
    b[o] = 0;
    if (k >= AW_PITS - 1) {
        /* Full rounds: every pit (but a skipped origin) gets one seed each. */
        const int round = skip ? AW_PITS - 1 : AW_PITS;
        if (k >= round) {
            const int full = k / round;
            k -= full * round;
            for (int j = 0; j < AW_PITS; j++)
                b[j] = (uint8_t)(b[j] + full);
            if (skip)
                b[o] = 0;
            if (k == 0) /* the last seed went into the origin, or the pit before it */
                return skip ? (dir ? (o + 1) % AW_PITS : (o + AW_PITS - 1) % AW_PITS) : o;
        }
    }
    /* k < 12 (11 with skip): the remainder never comes round to o. */
    int j = o;
    if (dir == 0) {
        while (k--) {
            if (++j == AW_PITS)
                j = 0;
            b[j]++;
        }
    } else {
        while (k--) {
            if (--j < 0)
                j = AW_PITS - 1;
            b[j]++;
        }
    }
    return j;
}

/* The relay once it has run PLAIN_LAPS laps: the same loop, with Brent's
 * recurrence check and the lap limit. Out of line: never reached in play. */
static int relay_long(uint8_t b[AW_PITS], int o, int dir, bool skip, int laps, int max_laps,
                      int *final_dir, int *laps_out)
{
    uint8_t saved[AW_PITS];
    int saved_o = -1, saved_dir = 0;
    long power = laps > 0 ? laps : 1; /* the next lap count at which the state is saved */
    for (;;) {
        if (o == saved_o && dir == saved_dir && memcmp(b, saved, AW_PITS) == 0)
            return -1; /* the lap state recurs: the relay never ends */
        if (laps == power) {
            memcpy(saved, b, AW_PITS);
            saved_o = o;
            saved_dir = dir;
            power *= 2;
        }
        if (laps >= max_laps)
            return -1;
        const int last = sow_lap(b, o, dir, skip);
        laps++;
        if (b[last] < 2) {
            *final_dir = dir;
            if (laps_out)
                *laps_out = laps;
            return last;
        }
        o = last;
        dir ^= 1;
    }
}

/* Relay sowing of a move from pit `origin` in direction `dir` on b. Returns
 * the pit where the last seed fell (empty before it) and *final_dir, the
 * direction of the last lap; -1 for a relay that never ends. */
static inline int relay_run(uint8_t b[AW_PITS], int origin, int dir, bool skip, int *final_dir)
{
    int o = origin;
    for (int laps = 1;; laps++) {
        const int last = sow_lap(b, o, dir, skip);
        if (b[last] < 2) {
            *final_dir = dir;
            return last;
        }
        o = last;
        dir ^= 1;
        if (laps == PLAIN_LAPS)
            return relay_long(b, o, dir, skip, laps, MAX_LAPS, final_dir, NULL);
    }
}

int relay_sow(uint8_t pits[AW_PITS], aw_move move, bool skip_origin, int max_laps, int *laps,
              int *final_dir)
{
    int fd = 0, n = 0;
    const int dir = (move & AW_MOVE_CW) ? 1 : 0;
    const int last = relay_long(pits, AW_MOVE_PIT(move) % AW_PITS, dir, skip_origin, 0, max_laps, &fd, &n);
    if (laps)
        *laps = n;
    if (final_dir)
        *final_dir = fd;
    return last;
}

/* Captures of a relay whose last seed fell in pit `last`, the last lap
 * running in direction dir: the facing pit when `last` is the mover's, then
 * on along the row while own pits are empty and their facing pits are not.
 * Returns the seeds taken (removed from b). */
static inline int capture(uint8_t b[AW_PITS], int mover, int last, int dir, bool backward)
{
    const int lo = mover * AW_ROW;
    if ((unsigned)(last - lo) >= AW_ROW || b[AW_PITS - 1 - last] == 0)
        return 0;
    int taken = b[AW_PITS - 1 - last];
    b[AW_PITS - 1 - last] = 0;
    const int step = (dir == 0) != backward ? 1 : -1;
    for (int j = last + step; (unsigned)(j - lo) < AW_ROW && b[j] == 0 && b[AW_PITS - 1 - j];
         j += step) {
        taken += b[AW_PITS - 1 - j];
        b[AW_PITS - 1 - j] = 0;
    }
    return taken;
}

/* Whether `side` has a move whose relay ends; with feeding, one that also
 * drops a seed into the (empty) opposite row at some lap. */
static bool has_move(const aw_rules *r, const aw_position *p, int side, bool feeding)
{
    const int base = side * AW_ROW, opp = AW_ROW - base;
    for (int i = base; i < base + AW_ROW; i++) {
        if (p->pits[i] < 2)
            continue;
        for (int dir = 0; dir < 2; dir++) {
            uint8_t b[AW_PITS];
            memcpy(b, p->pits, AW_PITS);
            if (!feeding) {
                int fd;
                if (relay_run(b, i, dir, r->skip_origin, &fd) >= 0)
                    return true;
                continue;
            }
            /* Lap by lap, watching the opposite row: seeds leave a row
             * only as the pit of a new lap, so a seed dropped there shows
             * at the end of its lap. */
            int o = i, d = dir;
            bool fed = false;
            for (int laps = 1; laps <= MAX_LAPS; laps++) {
                const int last = sow_lap(b, o, d, r->skip_origin);
                fed |= row_sum(b + opp) > 0;
                if (fed || b[last] < 2)
                    break;
                o = last;
                d ^= 1;
            }
            if (fed) {
                /* It fed; is it a legal move, i.e. does its relay end? */
                memcpy(b, p->pits, AW_PITS);
                int fd;
                if (relay_run(b, i, dir, r->skip_origin, &fd) >= 0)
                    return true;
            }
        }
    }
    return false;
}

int relay_generate(const aw_rules *r, const aw_position *p, aw_move moves[AW_MAX_MOVES])
{
    const int base = p->side * AW_ROW;
    const bool skip = r->skip_origin;
    int n = 0;
    for (int i = base; i < base + AW_ROW; i++) {
        if (p->pits[i] < 2)
            continue;
        uint8_t b[AW_PITS];
        int fd;
        memcpy(b, p->pits, AW_PITS);
        if (relay_run(b, i, 0, skip, &fd) >= 0)
            moves[n++] = (aw_move)i;
        memcpy(b, p->pits, AW_PITS);
        if (relay_run(b, i, 1, skip, &fd) >= 0)
            moves[n++] = (aw_move)(i | AW_MOVE_CW);
    }
    if (n == 0 && r->no_move_pass)
        moves[n++] = AW_MOVE_PASS;
    return n;
}

int relay_play(const aw_rules *r, aw_position *p, aw_move m)
{
    const int mover = p->side;
    int taken = 0;
    if (m != AW_MOVE_PASS) {
        uint8_t b[AW_PITS];
        int fd;
        memcpy(b, p->pits, AW_PITS);
        const int last =
            relay_run(b, AW_MOVE_PIT(m) % AW_PITS, (m & AW_MOVE_CW) ? 1 : 0, r->skip_origin, &fd);
        if (last < 0)
            return 0; /* an endless relay is illegal: nothing is played */
        taken = capture(b, mover, last, fd, r->chain_backward);
        memcpy(p->pits, b, AW_PITS);
        p->score[mover] = (uint8_t)(p->score[mover] + taken);
    }
    if (taken)
        p->quiet = 0;
    else if (p->quiet < UINT16_MAX)
        p->quiet++;
    p->side = (uint8_t)(mover ^ 1);
    return taken;
}

aw_status relay_status(const aw_rules *r, const aw_position *p)
{
    const int side = p->side, base = side * AW_ROW;
    const int own = row_sum(p->pits + base), opp = row_sum(p->pits + (AW_ROW - base));
    if (own + opp == 0)
        return AW_END_EMPTY_BOARD; /* set-up positions only: a capture leaves its last seed */
    if (own == 0)
        return AW_END_EMPTY_ROW;
    if (opp == 0) {
        if (!has_move(r, p, side, true))
            return AW_END_CANNOT_FEED;
    } else if (!has_move(r, p, side, false)) {
        /* Passing is allowed only when the opponent can then move: two
         * players who both cannot move end the game. */
        if (!r->no_move_pass || !has_move(r, p, !side, false))
            return AW_END_NO_MOVE;
    }
    if (r->no_capture && p->quiet >= r->no_capture)
        return AW_END_NO_CAPTURE;
    return AW_ONGOING;
}

/* Why `move` cannot be played in *p (an ongoing relay game), as a sentence
 * in buf. Called by aw_explain_illegal for illegal moves only. */
const char *relay_explain(const aw_rules *r, const aw_position *p, aw_move move, char *buf,
                          size_t size)
{
    const int mover = p->side, pit = AW_MOVE_PIT(move);
    const char *me = mover ? "North" : "South", *you = mover ? "South" : "North";
    aw_move moves[AW_MAX_MOVES];
    const int n = relay_generate(r, p, moves);
    char legal[80] = "";
    for (int i = 0, used = 0; i < n; i++) {
        char m[AW_MOVE_MAX];
        used += snprintf(legal + used, sizeof legal - (size_t)used, "%s%s", i ? " " : "",
                         aw_move_format(r, moves[i], m));
    }
    const bool must_pass = n == 1 && moves[0] == AW_MOVE_PASS;
    char text[AW_MOVE_MAX];
    aw_move_format(r, move, text);
    if (move == AW_MOVE_PASS) {
        if (!r->no_move_pass)
            snprintf(buf, size, "passing is not allowed in these rules (--rule no-move=pass "
                                "allows it); legal: %s", legal);
        else
            snprintf(buf, size, "%s can move, and may pass only without a move (legal: %s)", me,
                     legal);
    } else if (pit >= AW_PITS || (move & ~(0x0F | AW_MOVE_CW))) {
        snprintf(buf, size, "there is no such move (legal: %s)", legal);
    } else if (pit / AW_ROW != mover) {
        snprintf(buf, size, "%c is %s's pit, and %s is to move (%s plays %s, each with + or -)",
                 text[0], you, me, me, mover ? "a-f" : "A-F");
    } else if (p->pits[pit] < 2) {
        snprintf(buf, size, "pit %c %s; a move needs at least 2%s", text[0],
                 p->pits[pit] ? "holds a single seed" : "is empty",
                 must_pass ? (mover ? "; North has no such pit and must pass"
                                    : "; South has no such pit and must pass")
                           : "");
    } else {
        snprintf(buf, size, "%s is illegal: its relay would never end (the same pit, direction "
                            "and board would come round again, or it runs past %d laps)",
                 text, RELAY_MAX_LAPS);
    }
    return buf;
}
