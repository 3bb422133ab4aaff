/*
 * reference.c - the simple reference rules (see reference.h). Every rule is
 * written the plainest way: loops over seeds and pits, conditions in the
 * order the rules state them (docs/rules.md, "The end").
 */
#include "reference.h"

#include <stdlib.h>
#include <string.h>

ref_state ref_from(const aw_position *p)
{
    ref_state s;
    for (int i = 0; i < 12; i++)
        s.pits[i] = p->pits[i];
    s.score[0] = p->score[0];
    s.score[1] = p->score[1];
    s.side = p->side;
    s.quiet = p->quiet;
    return s;
}

aw_position ref_to(const ref_state *s)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < 12; i++)
        p.pits[i] = (uint8_t)s->pits[i];
    p.score[0] = (uint8_t)s->score[0];
    p.score[1] = (uint8_t)s->score[1];
    p.side = (uint8_t)s->side;
    p.quiet = (uint16_t)s->quiet;
    return p;
}

static int owner(int pit) { return pit < 6 ? 0 : 1; }

static int row_total(const ref_state *s, int player)
{
    int t = 0;
    for (int i = 0; i < 12; i++)
        if (owner(i) == player)
            t += s->pits[i];
    return t;
}

/* Does sowing from `pit` put at least one seed in the opponent's row? */
static int sows_into_opponent(const ref_state *s, int pit)
{
    int seeds = s->pits[pit], at = pit;
    while (seeds > 0) {
        at = (at + 1) % 12;
        if (at == pit)
            continue;
        if (owner(at) != s->side)
            return 1;
        seeds--;
    }
    return 0;
}

int ref_moves(const aw_rules *r, const ref_state *s, int moves[12])
{
    (void)r;
    int n = 0;
    int opponent_empty = row_total(s, 1 - s->side) == 0;
    for (int pit = 0; pit < 12; pit++) {
        if (owner(pit) != s->side || s->pits[pit] == 0)
            continue;
        if (opponent_empty && !sows_into_opponent(s, pit))
            continue;
        moves[n++] = pit;
    }
    return n;
}

static int in_capture_set(const aw_rules *r, int count)
{
    return count >= 1 && count <= 48 && ((r->captures >> count) & 1);
}

void ref_play(const aw_rules *r, ref_state *s, int pit)
{
    int seeds = s->pits[pit], at = pit;
    s->pits[pit] = 0;
    while (seeds > 0) {
        at = (at + 1) % 12;
        if (at == pit)
            continue; /* the origin is skipped */
        s->pits[at]++;
        seeds--;
    }
    /* Which pits would be captured. */
    int captured[12] = {0}, gain = 0;
    int p = at;
    while (owner(p) != s->side && in_capture_set(r, s->pits[p])) {
        captured[p] = 1;
        gain += s->pits[p];
        if (p == 0)
            break;
        p--;
        if (owner(p) == s->side)
            break;
    }
    if (gain > 0) {
        /* A grand slam leaves the opponent's whole row empty. */
        int left = 0;
        for (int i = 0; i < 12; i++)
            if (owner(i) != s->side && !captured[i])
                left += s->pits[i];
        if (left == 0 && r->grand_slam == AW_SLAM_VOID)
            gain = 0;
    }
    if (gain > 0) {
        for (int i = 0; i < 12; i++)
            if (captured[i])
                s->pits[i] = 0;
        s->score[s->side] += gain;
        s->quiet = 0;
    } else if (s->quiet < 65535) {
        s->quiet++;
    }
    s->side = 1 - s->side;
}

int ref_status(const aw_rules *r, const ref_state *s)
{
    if (r->target > 0 && !r->play_on && (s->score[0] >= r->target || s->score[1] >= r->target))
        return AW_END_TARGET;
    if (row_total(s, 0) + row_total(s, 1) == 0)
        return AW_END_EMPTY_BOARD;
    if (row_total(s, s->side) == 0)
        return AW_END_EMPTY_ROW;
    int moves[12];
    if (ref_moves(r, s, moves) == 0)
        return AW_END_CANNOT_FEED;
    if (r->no_capture > 0 && s->quiet >= r->no_capture)
        return AW_END_NO_CAPTURE;
    return AW_ONGOING;
}

void ref_final(const aw_rules *r, const ref_state *s, int status, int out[2])
{
    int me = s->side, you = 1 - s->side;
    out[0] = s->score[0];
    out[1] = s->score[1];
    int mine = row_total(s, me), yours = row_total(s, you);
    if (status == AW_END_EMPTY_ROW && r->empty_row == AW_LEFT_OWNER) {
        out[you] += yours;
    } else if (status == AW_END_CANNOT_FEED) {
        if (r->cannot_feed == AW_LEFT_MOVER)
            out[me] += mine + yours;
        else if (r->cannot_feed == AW_LEFT_OPPONENT)
            out[you] += mine + yours;
    } else if (status == AW_END_REPETITION) {
        out[me] += mine;
        out[you] += yours;
    }
}

typedef struct ref_walk {
    const aw_rules *r;
    int depth;
    uint64_t *counts;
    ref_state path[AW_PERFT_MAX_DEPTH + 2];
} ref_walk;

/* Has the position at path[ply] occurred rules->repetition times? Compare
 * with every earlier position of the path (same pits, same side). */
static int repeated(const ref_walk *w, int ply)
{
    if (w->r->repetition == 0)
        return 0;
    int seen = 0;
    for (int i = 0; i <= ply; i++)
        if (w->path[i].side == w->path[ply].side &&
            memcmp(w->path[i].pits, w->path[ply].pits, sizeof w->path[i].pits) == 0)
            seen++;
    return seen >= w->r->repetition;
}

static void walk(ref_walk *w, int ply)
{
    if (ply == w->depth || ref_status(w->r, &w->path[ply]) != AW_ONGOING || repeated(w, ply))
        return;
    int moves[12];
    int n = ref_moves(w->r, &w->path[ply], moves);
    for (int i = 0; i < n; i++) {
        w->counts[ply + 1]++;
        w->path[ply + 1] = w->path[ply];
        ref_play(w->r, &w->path[ply + 1], moves[i]);
        walk(w, ply + 1);
    }
}

void ref_perft(const aw_rules *r, const aw_position *start, int depth, uint64_t counts[])
{
    ref_walk *w = calloc(1, sizeof *w);
    if (!w)
        abort();
    w->r = r;
    w->depth = depth;
    w->counts = counts;
    for (int d = 0; d <= depth; d++)
        counts[d] = 0;
    counts[0] = 1;
    w->path[0] = ref_from(start);
    walk(w, 0);
    free(w);
}
