/*
 * report.c - aw_play_report: a move played seed by seed, the way a player
 * sees it, with every step recorded for the front ends (animation, words,
 * screen readers) and the sums they print (seeds sown, laps, pits captured,
 * a grand slam).
 *
 * This is the slow, obvious form of the rules, written apart from the fast
 * generators of oware.c and relay.c on purpose: the unit tests play random
 * games of every rule set with both and require the same positions, so each
 * checks the other. Legality comes from the game interface (aw_is_legal),
 * so an illegal move (an endless relay among them) is refused before a seed
 * moves. Invariant: the steps, applied to the position before the move,
 * give the position after it.
 */
#include "rules_internal.h"

#include <stddef.h>
#include <string.h>

typedef struct tracer {
    aw_move_report *r; /* may be NULL */
} tracer;

static void step(tracer *t, aw_step_kind kind, int pit, int count)
{
    aw_move_report *r = t->r;
    if (!r)
        return;
    if (r->nsteps == AW_REPORT_MAX_STEPS) {
        r->truncated = true;
        return;
    }
    r->steps[r->nsteps++] = (aw_step){(uint8_t)kind, (uint8_t)pit, (uint8_t)count};
}

static void captured(tracer *t, uint8_t pits[AW_PITS], int pit)
{
    aw_move_report *r = t->r;
    if (r && r->npits < AW_ROW) {
        r->pits[r->npits] = (uint8_t)pit;
        r->pit_seeds[r->npits++] = pits[pit];
    }
    step(t, AW_STEP_CAPTURE, pit, pits[pit]);
    pits[pit] = 0;
}

/* Sow the seeds of pit `from` one by one, stepping by `dir` (+1 or -1) and
 * skipping `from` when `skip`. Returns the pit of the last seed. */
static int sow(tracer *t, uint8_t pits[AW_PITS], int from, int dir, bool skip, int *sown)
{
    int k = pits[from], j = from;
    pits[from] = 0;
    step(t, AW_STEP_TAKE, from, k);
    while (k > 0) {
        j = (j + dir + AW_PITS) % AW_PITS;
        if (skip && j == from)
            continue;
        pits[j]++;
        k--;
        (*sown)++;
        step(t, AW_STEP_SOW, j, pits[j]);
    }
    return j;
}

static int oware_report(const aw_rules *rules, aw_position *pos, aw_move move, tracer *t)
{
    aw_move_report *r = t->r;
    const int mover = pos->side, origin = AW_MOVE_PIT(move);
    uint8_t pits[AW_PITS];
    memcpy(pits, pos->pits, AW_PITS);
    int sown = 0;
    const int last = sow(t, pits, origin, +1, true, &sown);
    if (r) {
        r->laps = 1;
        r->sown = sown;
        r->last = last;
    }
    /* Captures: from the last pit backwards while it is the opponent's and
     * holds a count of the capture set. */
    const int lo = mover ? 0 : AW_ROW, hi = lo + AW_ROW;
    int first = last, taken = 0;
    while (first >= lo && first < hi && ((rules->captures >> pits[first]) & 1)) {
        taken += pits[first];
        first--;
    }
    int row = 0;
    for (int j = lo; j < hi; j++)
        row += pits[j];
    if (taken && taken == row) {
        if (r)
            r->grand_slam = true;
        if (rules->grand_slam == AW_SLAM_VOID) {
            if (r)
                r->slam_void = true;
            taken = 0;
        }
    }
    if (taken)
        for (int j = last; j > first; j--)
            captured(t, pits, j);
    memcpy(pos->pits, pits, AW_PITS);
    return taken;
}

static int relay_report(const aw_rules *rules, aw_position *pos, aw_move move, tracer *t)
{
    aw_move_report *r = t->r;
    const int mover = pos->side;
    if (move == AW_MOVE_PASS) {
        if (r)
            r->last = -1;
        return 0;
    }
    uint8_t pits[AW_PITS];
    memcpy(pits, pos->pits, AW_PITS);
    int from = AW_MOVE_PIT(move), dir = (move & AW_MOVE_CW) ? -1 : +1, sown = 0, laps = 0, last;
    for (;;) {
        last = sow(t, pits, from, dir, rules->skip_origin, &sown);
        laps++;
        if (pits[last] < 2)
            break; /* the last seed fell into an empty pit */
        from = last;
        dir = -dir;
    }
    if (r) {
        r->seeds = pos->pits[AW_MOVE_PIT(move)];
        r->laps = laps;
        r->sown = sown;
        r->last = last;
    }
    /* A last seed in an empty pit of the mover's row takes the pit facing
     * it, then on along the row (in the last lap's direction, or against
     * it with chain=backward) while own pits are empty and facing ones not. */
    int taken = 0;
    const int lo = mover * AW_ROW;
    if (last >= lo && last < lo + AW_ROW && pits[AW_PITS - 1 - last]) {
        const int step_dir = (dir > 0) != rules->chain_backward ? 1 : -1;
        taken += pits[AW_PITS - 1 - last];
        captured(t, pits, AW_PITS - 1 - last);
        for (int j = last + step_dir; j >= lo && j < lo + AW_ROW && pits[j] == 0 &&
                                      pits[AW_PITS - 1 - j];
             j += step_dir) {
            taken += pits[AW_PITS - 1 - j];
            captured(t, pits, AW_PITS - 1 - j);
        }
    }
    memcpy(pos->pits, pits, AW_PITS);
    return taken;
}

int aw_play_report(const aw_rules *rules, aw_position *pos, aw_move move, aw_move_report *report)
{
    if (!aw_is_legal(rules, pos, move))
        return -1;
    if (report) {
        memset(report, 0, offsetof(aw_move_report, steps));
        report->move = move;
        report->mover = pos->side;
        report->seeds = move == AW_MOVE_PASS ? 0 : pos->pits[AW_MOVE_PIT(move) % AW_PITS];
    }
    tracer t = {report};
    const int mover = pos->side;
    const int taken = rules->family == AW_FAMILY_RELAY ? relay_report(rules, pos, move, &t)
                                                       : oware_report(rules, pos, move, &t);
    if (report)
        report->captured = taken;
    pos->score[mover] = (uint8_t)(pos->score[mover] + taken);
    position_moved(pos, mover, taken);
    return taken;
}
