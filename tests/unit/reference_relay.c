/*
 * reference_relay.c - the simple relay reference (see reference_relay.h).
 * Each rule of docs/relay.md is written the plainest way: seeds sown one
 * at a time, "was the pit empty?" asked before each seed lands, every lap
 * start kept in a list and compared with all earlier ones, conditions in the
 * order the rules state them.
 */
#include "reference_relay.h"

#include <stdlib.h>
#include <string.h>

rr_rules rr_rules_of(const aw_rules *r)
{
    rr_rules x;
    x.skip_origin = r->skip_origin ? 1 : 0;
    x.chain_backward = r->chain_backward ? 1 : 0;
    x.pass = r->no_move_pass ? 1 : 0;
    x.no_capture = r->no_capture;
    x.repetition = r->repetition;
    return x;
}

rr_state rr_from(const aw_position *p)
{
    rr_state s;
    for (int i = 0; i < 12; i++)
        s.pits[i] = p->pits[i];
    s.store[0] = p->score[0];
    s.store[1] = p->score[1];
    s.side = p->side;
    s.quiet = p->quiet;
    return s;
}

aw_position rr_to(const rr_state *s)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < 12; i++)
        p.pits[i] = (uint8_t)s->pits[i];
    p.score[0] = (uint8_t)s->store[0];
    p.score[1] = (uint8_t)s->store[1];
    p.side = (uint8_t)s->side;
    p.quiet = (uint16_t)s->quiet;
    return p;
}

aw_move rr_to_move(rr_move m)
{
    if (m.pit < 0)
        return AW_MOVE_PASS;
    return (aw_move)(m.pit | (m.dir < 0 ? AW_MOVE_CW : 0));
}

static int owner(int pit) { return pit < 6 ? 0 : 1; }

static int row_total(const int pits[12], int player)
{
    int t = 0;
    for (int i = 0; i < 12; i++)
        if (owner(i) == player)
            t += pits[i];
    return t;
}

/* One lap start: the board, the pit about to be emptied, the direction. */
typedef struct lap_start {
    int pits[12];
    int pit;
    int dir;
} lap_start;

/* Relay sowing from `pit` in direction `dir` (+1 or -1) on pits[]. Returns
 * 1 when the relay ends (*last: the pit of the last seed, *last_dir: the
 * direction of the last lap; *touched: whether a seed fell into the row of
 * player `watch`), 0 when it never ends. */
static int sow(const rr_rules *r, int pits[12], int pit, int dir, int watch, int *last,
               int *last_dir, int *touched)
{
    lap_start *seen = NULL;
    int count = 0, capacity = 0;
    *touched = 0;
    for (;;) {
        /* Has this lap start occurred before in this move? */
        for (int i = 0; i < count; i++) {
            if (seen[i].pit == pit && seen[i].dir == dir &&
                memcmp(seen[i].pits, pits, sizeof seen[i].pits) == 0) {
                free(seen);
                return 0;
            }
        }
        if (count == RR_MAX_LAPS) {
            free(seen);
            return 0;
        }
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 16;
            seen = realloc(seen, sizeof *seen * (size_t)capacity);
            if (!seen)
                abort();
        }
        memcpy(seen[count].pits, pits, sizeof seen[count].pits);
        seen[count].pit = pit;
        seen[count].dir = dir;
        count++;

        int hand = pits[pit];
        pits[pit] = 0;
        int at = pit, was_empty = 0;
        while (hand > 0) {
            at = (at + dir + 12) % 12;
            if (r->skip_origin && at == pit)
                continue;
            was_empty = pits[at] == 0;
            pits[at]++;
            hand--;
            if (owner(at) == watch)
                *touched = 1;
        }
        if (was_empty) {
            *last = at;
            *last_dir = dir;
            free(seen);
            return 1;
        }
        pit = at;    /* relay: take the seeds of the last pit ...   */
        dir = -dir;  /* ... and sow them the other way              */
    }
}

/* The legal pit moves of `player` in s (passes not included). When
 * `feeding` is set, only the moves that drop a seed into the other row. */
static int pit_moves(const rr_rules *r, const rr_state *s, int player, int feeding,
                     rr_move moves[24])
{
    int n = 0;
    for (int pit = 0; pit < 12; pit++) {
        if (owner(pit) != player || s->pits[pit] < 2)
            continue;
        for (int k = 0; k < 2; k++) {
            int dir = k == 0 ? 1 : -1;
            int copy[12], last, last_dir, touched;
            memcpy(copy, s->pits, sizeof copy);
            if (!sow(r, copy, pit, dir, 1 - player, &last, &last_dir, &touched))
                continue;
            if (feeding && !touched)
                continue;
            moves[n].pit = pit;
            moves[n].dir = dir;
            n++;
        }
    }
    return n;
}

int rr_moves(const rr_rules *r, const rr_state *s, rr_move moves[24])
{
    int n = pit_moves(r, s, s->side, 0, moves);
    if (n == 0 && r->pass) {
        moves[0].pit = -1;
        moves[0].dir = 0;
        n = 1;
    }
    return n;
}

int rr_play(const rr_rules *r, rr_state *s, rr_move m)
{
    int gain = 0;
    if (m.pit >= 0) {
        int last, last_dir, touched;
        if (!sow(r, s->pits, m.pit, m.dir, 1 - s->side, &last, &last_dir, &touched))
            abort(); /* the caller plays legal moves only */
        /* The last seed fell into an empty pit. On the mover's side it
         * captures the facing pit, then on along the own row. */
        if (owner(last) == s->side && s->pits[11 - last] > 0) {
            int step = r->chain_backward ? -last_dir : last_dir;
            int pit = last;
            for (;;) {
                gain += s->pits[11 - pit];
                s->pits[11 - pit] = 0;
                int next = pit + step;
                if (next < 0 || next > 11 || owner(next) != s->side)
                    break; /* end of the row */
                if (s->pits[next] != 0 || s->pits[11 - next] == 0)
                    break; /* a full own pit, or nothing facing it */
                pit = next;
            }
        }
        s->store[s->side] += gain;
    }
    if (gain > 0)
        s->quiet = 0;
    else if (s->quiet < 65535)
        s->quiet++;
    s->side = 1 - s->side;
    return gain;
}

int rr_status(const rr_rules *r, const rr_state *s)
{
    rr_move moves[24];
    int me = s->side, you = 1 - s->side;
    if (row_total(s->pits, 0) + row_total(s->pits, 1) == 0)
        return AW_END_EMPTY_BOARD;
    if (row_total(s->pits, me) == 0)
        return AW_END_EMPTY_ROW;
    if (row_total(s->pits, you) == 0 && pit_moves(r, s, me, 1, moves) == 0)
        return AW_END_CANNOT_FEED;
    if (pit_moves(r, s, me, 0, moves) == 0) {
        if (!r->pass)
            return AW_END_NO_MOVE;
        if (pit_moves(r, s, you, 0, moves) == 0)
            return AW_END_NO_MOVE; /* nobody can move: no passing back and forth */
    }
    if (r->no_capture > 0 && s->quiet >= r->no_capture)
        return AW_END_NO_CAPTURE;
    return AW_ONGOING;
}

void rr_final(const rr_state *s, int out[2])
{
    out[0] = s->store[0];
    out[1] = s->store[1];
}

typedef struct rr_walk {
    const rr_rules *r;
    int depth;
    uint64_t *counts;
    rr_state path[AW_PERFT_MAX_DEPTH + 2];
} rr_walk;

static int repeated(const rr_walk *w, int ply)
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

static void walk(rr_walk *w, int ply)
{
    if (ply == w->depth || rr_status(w->r, &w->path[ply]) != AW_ONGOING || repeated(w, ply))
        return;
    rr_move moves[24];
    int n = rr_moves(w->r, &w->path[ply], moves);
    for (int i = 0; i < n; i++) {
        w->counts[ply + 1]++;
        w->path[ply + 1] = w->path[ply];
        rr_play(w->r, &w->path[ply + 1], moves[i]);
        walk(w, ply + 1);
    }
}

void rr_perft(const rr_rules *r, const aw_position *start, int depth, uint64_t counts[])
{
    rr_walk *w = calloc(1, sizeof *w);
    if (!w)
        abort();
    w->r = r;
    w->depth = depth;
    w->counts = counts;
    for (int d = 0; d <= depth; d++)
        counts[d] = 0;
    counts[0] = 1;
    w->path[0] = rr_from(start);
    walk(w, 0);
    free(w);
}
