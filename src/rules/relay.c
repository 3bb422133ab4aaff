/*
 * relay.c - the relay game (docs/relay.md): moves of a pit
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
 * What makes it fast: the 12 pits are two 64-bit words and a lap is one
 * entry of a compile-time table (lap_add): clear the emptied pit, add two
 * words that give every pit its gain (full rounds included), read the pit of
 * the last seed from the entry's spare byte. No loop over seeds, no branch
 * on the pit, no allocation. Generation must play every candidate (legality
 * depends on the relay ending), so a move is generated, and played, by the
 * same inline loop; a move takes 3.7 laps on average in random games.
 *
 * The endless-relay guard (docs/relay.md): the state at the start of a lap is
 * (pits, lap pit, direction); a relay never ends exactly when such a state
 * recurs. Relays of up to PLAIN_LAPS laps are plain loops; a longer one goes
 * to the out-of-line relay_long, which finds any recurrence with Brent's
 * algorithm (one saved state, compared at every lap, replaced at laps 64,
 * 128, 256, ...: once the saved lap lies on the cycle and the cycle is no
 * longer than the distance to the next power of two, the state comes round
 * again before the next replacement) and gives up after MAX_LAPS laps, so a
 * move costs at most about a millisecond. No relay of more than 285 laps
 * and no endless one was found (exhaustive search of every board of up to 16
 * seeds, hill-climbing search of boards of up to 200; docs/relay.md). With
 * skip-origin=no a lap can be undone (the emptied pit is the first pit with
 * the fewest seeds counting back from the last one), so an endless relay
 * would have to return to the board the move started from.
 */
#include "rules_internal.h"

#include <stdio.h>
#include <string.h>

#define PLAIN_LAPS 64
#define MAX_LAPS RELAY_MAX_LAPS

/* The 12 pits as two words: pit i in bits 8i..8i+7 of lo (i < 8) or of hi
 * (i >= 8, bits 8(i-8)..). Bytes never carry: no pit holds more than 48. */
typedef struct words {
    uint64_t lo, hi;
} words;

/* lap_add[skip][dir][o][k]: what every pit gains when the k seeds of pit o
 * are sown in direction dir (0 = '+', pit index up; 1 = '-'), pit o having
 * been emptied first: k / 12 full rounds (k / 11 with skip-origin, which
 * leave o out), then one more seed in the k % 12 (k % 11) next pits. The
 * top byte of hi (no pit) holds the pit of the last seed, so that a lap
 * reads one 16-byte entry. Compile-time constants, as in board.c. */
#define ROUND(s) ((s) ? 11 : 12)
#define DIST(d, o, i) ((d) ? ((o) - (i) + 12) % 12 : ((i) - (o) + 12) % 12)
#define GAIN(s, d, o, k, i)                                                                   \
    ((uint64_t)((i) == (o) ? ((s) ? 0 : (k) / 12)                                             \
                           : (k) / ROUND(s) + (DIST(d, o, i) <= (k) % ROUND(s) ? 1 : 0)))
#define LO(s, d, o, k)                                                                        \
    (GAIN(s, d, o, k, 0) | GAIN(s, d, o, k, 1) << 8 | GAIN(s, d, o, k, 2) << 16 |            \
     GAIN(s, d, o, k, 3) << 24 | GAIN(s, d, o, k, 4) << 32 | GAIN(s, d, o, k, 5) << 40 |      \
     GAIN(s, d, o, k, 6) << 48 | GAIN(s, d, o, k, 7) << 56)
#define HI(s, d, o, k)                                                                        \
    (GAIN(s, d, o, k, 8) | GAIN(s, d, o, k, 9) << 8 | GAIN(s, d, o, k, 10) << 16 |           \
     GAIN(s, d, o, k, 11) << 24)
#define ADD(s, d, o, k) {LO(s, d, o, k), HI(s, d, o, k) | (uint64_t)LAST(s, d, o, k) << 56}
#define STEP(d, o, n) ((d) ? ((o) - (n) + 24) % 12 : ((o) + (n)) % 12)
#define LAST(s, d, o, k)                                                                      \
    ((uint8_t)((k) % ROUND(s) ? STEP(d, o, (k) % ROUND(s)) : (s) && (k) ? STEP(d, o, 11) : (o)))
#define SEVEN(M, s, d, o, b)                                                                  \
    M(s, d, o, b), M(s, d, o, b + 1), M(s, d, o, b + 2), M(s, d, o, b + 3), M(s, d, o, b + 4), \
        M(s, d, o, b + 5), M(s, d, o, b + 6)
#define ALL_K(M, s, d, o)                                                                     \
    {SEVEN(M, s, d, o, 0), SEVEN(M, s, d, o, 7), SEVEN(M, s, d, o, 14), SEVEN(M, s, d, o, 21), \
     SEVEN(M, s, d, o, 28), SEVEN(M, s, d, o, 35), SEVEN(M, s, d, o, 42)}
#define ALL_O(M, s, d)                                                                        \
    {ALL_K(M, s, d, 0), ALL_K(M, s, d, 1), ALL_K(M, s, d, 2), ALL_K(M, s, d, 3),              \
     ALL_K(M, s, d, 4), ALL_K(M, s, d, 5), ALL_K(M, s, d, 6), ALL_K(M, s, d, 7),              \
     ALL_K(M, s, d, 8), ALL_K(M, s, d, 9), ALL_K(M, s, d, 10), ALL_K(M, s, d, 11)}
#define ALL(M) {{ALL_O(M, 0, 0), ALL_O(M, 0, 1)}, {ALL_O(M, 1, 0), ALL_O(M, 1, 1)}}

static const words lap_add[2][2][AW_PITS][AW_SEEDS + 1] = ALL(ADD);
#define HI_PITS UINT64_C(0xFFFFFFFF) /* the bytes of hi that are pits */

#undef ROUND
#undef DIST
#undef GAIN
#undef LO
#undef HI
#undef ADD
#undef STEP
#undef LAST
#undef SEVEN
#undef ALL_K
#undef ALL_O
#undef ALL

static inline words words_of(const uint8_t p[AW_PITS])
{
    words w = {0, 0};
    for (int i = 0; i < 8; i++)
        w.lo |= (uint64_t)p[i] << (8 * i);
    for (int i = 8; i < AW_PITS; i++)
        w.hi |= (uint64_t)p[i] << (8 * (i - 8));
    return w;
}

static inline void words_to(words w, uint8_t p[AW_PITS])
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w.lo >> (8 * i));
    for (int i = 8; i < AW_PITS; i++)
        p[i] = (uint8_t)(w.hi >> (8 * (i - 8)));
}

/* The seeds of pit i. Masks rather than a branch: i is unpredictable. */
static inline unsigned pit_of(const words *w, int i)
{
    const uint64_t high = UINT64_C(0) - (uint64_t)(i >> 3); /* all ones for pits 8..11 */
    return (unsigned)(((w->lo & ~high) | (w->hi & high)) >> (8 * (i & 7))) & 0xFF;
}

/* Whether a player's row holds a seed. */
static inline bool row_has_seeds(const words *w, int player)
{
    return player ? (w->lo >> 48) != 0 || (w->hi & 0xFFFFFFFFu) != 0
                  : (w->lo & UINT64_C(0xFFFFFFFFFFFF)) != 0;
}

/* Sow the seeds of pit o of *w in direction dir. Returns the pit that
 * received the last seed. */
static inline int sow_lap(words *w, int o, int dir, bool skip)
{
    const uint64_t high = UINT64_C(0) - (uint64_t)(o >> 3); /* all ones for pits 8..11 */
    const uint64_t mask = UINT64_C(0xFF) << (8 * (o & 7));
    const unsigned k = pit_of(w, o);
    w->lo &= ~(mask & ~high);
    w->hi &= ~(mask & high);
    const words *add = &lap_add[skip][dir][o][k];
    w->lo += add->lo;
    w->hi += add->hi & HI_PITS;
    return (int)(add->hi >> 56);
}

/* The relay once it has run `laps` laps: the same loop, with Brent's
 * recurrence check and the lap limit. Out of line: never reached in play. */
static int relay_long(words *w, int o, int dir, bool skip, int laps, int max_laps,
                      int *final_dir, int *laps_out)
{
    words saved = {0, 0};
    int saved_o = -1, saved_dir = 0;
    long power = laps > 0 ? laps : 1; /* the next lap count at which the state is saved */
    for (;;) {
        if (o == saved_o && dir == saved_dir && w->lo == saved.lo && w->hi == saved.hi)
            return -1; /* the lap state recurs: the relay never ends */
        if (laps == power) {
            saved = *w;
            saved_o = o;
            saved_dir = dir;
            power *= 2;
        }
        if (laps >= max_laps)
            return -1;
        const int last = sow_lap(w, o, dir, skip);
        laps++;
        if (pit_of(w, last) < 2) {
            *final_dir = dir;
            if (laps_out)
                *laps_out = laps;
            return last;
        }
        o = last;
        dir ^= 1;
    }
}

/* Relay sowing of a move from pit `origin` in direction `dir` on *w.
 * Returns the pit where the last seed fell (empty before it) and
 * *final_dir, the direction of the last lap; -1 for a relay that never
 * ends. */
static inline int relay_run(words *w, int origin, int dir, bool skip, int *final_dir)
{
    int o = origin;
    for (int laps = 1;; laps++) {
        const int last = sow_lap(w, o, dir, skip);
        if (pit_of(w, last) < 2) {
            *final_dir = dir;
            return last;
        }
        o = last;
        dir ^= 1;
        if (laps == PLAIN_LAPS)
            return relay_long(w, o, dir, skip, laps, MAX_LAPS, final_dir, NULL);
    }
}

int relay_sow(uint8_t pits[AW_PITS], aw_move move, bool skip_origin, int max_laps, int *laps,
              int *final_dir)
{
    int fd = 0, n = 0;
    words w = words_of(pits);
    const int dir = (move & AW_MOVE_CW) ? 1 : 0;
    const int last =
        relay_long(&w, AW_MOVE_PIT(move) % AW_PITS, dir, skip_origin, 0, max_laps, &fd, &n);
    words_to(w, pits);
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
    const int base = side * AW_ROW;
    const words start = words_of(p->pits);
    for (int i = base; i < base + AW_ROW; i++) {
        if (p->pits[i] < 2)
            continue;
        for (int dir = 0; dir < 2; dir++) {
            words w = start;
            int fd;
            if (!feeding) {
                if (relay_run(&w, i, dir, r->skip_origin, &fd) >= 0)
                    return true;
                continue;
            }
            /* Lap by lap, watching the opposite row: seeds leave a row
             * only as the pit of a new lap, so a seed dropped there shows
             * at the end of its lap. */
            int o = i, d = dir;
            bool fed = false;
            for (int laps = 1; laps <= MAX_LAPS; laps++) {
                const int last = sow_lap(&w, o, d, r->skip_origin);
                fed = row_has_seeds(&w, !side);
                if (fed || pit_of(&w, last) < 2)
                    break;
                o = last;
                d ^= 1;
            }
            /* It fed; is it a legal move, i.e. does its relay end? */
            w = start;
            if (fed && relay_run(&w, i, dir, r->skip_origin, &fd) >= 0)
                return true;
        }
    }
    return false;
}

int relay_generate(const aw_rules *r, const aw_position *p, aw_move moves[AW_MAX_MOVES])
{
    const int base = p->side * AW_ROW;
    const bool skip = r->skip_origin;
    const words start = words_of(p->pits);
    int n = 0;
    for (int i = base; i < base + AW_ROW; i++) {
        if (p->pits[i] < 2)
            continue;
        words w = start;
        int fd;
        if (relay_run(&w, i, 0, skip, &fd) >= 0)
            moves[n++] = (aw_move)i;
        w = start;
        if (relay_run(&w, i, 1, skip, &fd) >= 0)
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
        words w = words_of(p->pits);
        int fd;
        const int last =
            relay_run(&w, AW_MOVE_PIT(m) % AW_PITS, (m & AW_MOVE_CW) ? 1 : 0, r->skip_origin, &fd);
        if (last < 0)
            return 0; /* an endless relay is illegal: nothing is played */
        uint8_t b[AW_PITS];
        words_to(w, b);
        taken = capture(b, mover, last, fd, r->chain_backward);
        memcpy(p->pits, b, AW_PITS);
        p->score[mover] = (uint8_t)(p->score[mover] + taken);
    }
    position_moved(p, mover, taken);
    return taken;
}

aw_status relay_status(const aw_rules *r, const aw_position *p)
{
    const int side = p->side;
    const int own = aw_position_row(p, side), opp = aw_position_row(p, !side);
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
/* The sentences are marked TR for the catalogue and said in the caller's
 * language (rules_internal.h). */
#define TR(s) aw_lang_text(l, s)

const char *relay_explain(const aw_rules *r, const aw_position *p, aw_move move,
                          const aw_lang *l, char *buf, size_t size)
{
    const int mover = p->side, pit = AW_MOVE_PIT(move);
    const char *me = mover ? TR("North") : TR("South"), *you = mover ? TR("South") : TR("North");
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
            snprintf(buf, size,
                     TR("passing is not allowed in these rules (--rule no-move=pass allows it); "
                        "legal: %s"),
                     legal);
        else
            snprintf(buf, size, TR("%s can move, and may pass only without a move (legal: %s)"),
                     me, legal);
    } else if (pit >= AW_PITS || (move & ~(0x0F | AW_MOVE_CW))) {
        snprintf(buf, size, TR("there is no such move (legal: %s)"), legal);
    } else if (pit / AW_ROW != mover) {
        snprintf(buf, size, TR("%c is %s's pit, and %s is to move (%s plays %s, each with + or -)"),
                 text[0], you, me, me, mover ? "a-f" : "A-F");
    } else if (p->pits[pit] < 2) {
        const char *pass = must_pass ? (mover ? TR("; North has no such pit and must pass")
                                              : TR("; South has no such pit and must pass"))
                                     : "";
        if (p->pits[pit])
            snprintf(buf, size, TR("pit %c holds a single seed; a move needs at least 2%s"),
                     text[0], pass);
        else
            snprintf(buf, size, TR("pit %c is empty; a move needs at least 2%s"), text[0], pass);
    } else {
        snprintf(buf, size,
                 TR("%s is illegal: its relay would never end (the same pit, direction and board "
                    "would come round again, or it runs past %d laps)"),
                 text, RELAY_MAX_LAPS);
    }
    return buf;
}
