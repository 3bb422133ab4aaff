/*
 * reference_tables.c - see reference_tables.h. Slow on purpose.
 */
#include "reference_tables.h"

#include <stdlib.h>
#include <string.h>

#define NONE 1000

typedef struct node {
    uint64_t key;       /* 12 pit counts, 4 bits each, mover first      */
    int seeds;
    int value;          /* NONE until known                              */
    int best_exit;      /* -NONE when no capture and not over            */
    int terminal;
    int nquiet;
    int quiet[AW_MAX_MOVES]; /* indices of the quiet children            */
} node;

struct ref_tables {
    aw_rules rules;
    int seeds;
    node *nodes;
    size_t count;
    /* With a no-capture limit: memo of (index, counter): the value and the
     * plies to the end (the side the value favours hurries, the other
     * holds out, both keeping the value). */
    int *memo;
    int *memo_plies;
};

static uint64_t key_of(const aw_position *p)
{
    uint64_t k = 0;
    const int first = p->side == AW_NORTH ? 6 : 0;
    for (int i = 0; i < 12; i++)
        k |= (uint64_t)p->pits[(first + i) % 12] << (4 * i);
    return k;
}

/* A position with the mover South from a key. */
static aw_position pos_of(uint64_t key)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    int n = 0;
    for (int i = 0; i < 12; i++) {
        p.pits[i] = (uint8_t)(key >> (4 * i) & 15);
        n += p.pits[i];
    }
    p.score[0] = (uint8_t)(48 - n);
    p.side = AW_SOUTH;
    return p;
}

static int cmp_node(const void *a, const void *b)
{
    const node *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

static long find(const ref_tables *t, uint64_t key)
{
    size_t lo = 0, hi = t->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->nodes[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->count && t->nodes[lo].key == key ? (long)lo : -1;
}

static void enumerate(ref_tables *t, int pit, int left, uint64_t key, size_t *cap)
{
    if (pit == 12) {
        if (t->count == *cap) {
            *cap = *cap ? 2 * *cap : 1024;
            t->nodes = realloc(t->nodes, *cap * sizeof *t->nodes);
        }
        memset(&t->nodes[t->count], 0, sizeof t->nodes[0]);
        t->nodes[t->count].key = key;
        t->nodes[t->count].seeds = t->seeds - left;
        t->count++;
        return;
    }
    for (int c = 0; c <= left; c++)
        enumerate(t, pit + 1, left - c, key | (uint64_t)c << (4 * pit), cap);
}

/* Net value for the mover of a finished game (from the board on). */
static int final_net(const aw_rules *r, const aw_position *p, aw_status s)
{
    int sc[2];
    aw_final_scores(r, p, s, sc);
    const int me = p->side;
    return (sc[me] - p->score[me]) - (sc[!me] - p->score[!me]);
}

static int memo_value(ref_tables *t, long i, int c, int *plies);

/* Value of position i (mover South) at counter c, with a limit, and its
 * plies to the end. */
static int limit_value(ref_tables *t, long i, int c, int *plies)
{
    aw_position p = pos_of(t->nodes[i].key);
    p.quiet = (uint16_t)c;
    aw_status s = aw_position_status(&t->rules, &p);
    *plies = 0;
    if (s != AW_ONGOING)
        return final_net(&t->rules, &p, s);
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(&t->rules, &p, moves), best = -NONE, value[AW_MAX_MOVES],
        after[AW_MAX_MOVES];
    for (int m = 0; m < n; m++) {
        aw_position ch = p;
        int taken = aw_play(&t->rules, &ch, moves[m]);
        long j = find(t, key_of(&ch));
        value[m] = taken - memo_value(t, j, ch.quiet, &after[m]);
        if (value[m] > best)
            best = value[m];
    }
    *plies = best >= 0 ? NONE : 0;
    for (int m = 0; m < n; m++)
        if (value[m] == best && (best >= 0 ? 1 + after[m] < *plies : 1 + after[m] > *plies))
            *plies = 1 + after[m];
    return best;
}

static int memo_value(ref_tables *t, long i, int c, int *plies)
{
    const int L = t->rules.no_capture;
    if (c > L)
        c = L;
    const size_t at = (size_t)i * (size_t)(L + 1) + (size_t)c;
    if (t->memo[at] == NONE)
        t->memo[at] = limit_value(t, i, c, &t->memo_plies[at]);
    *plies = t->memo_plies[at];
    return t->memo[at];
}

ref_tables *ref_tables_solve(const aw_rules *rules, int seeds)
{
    ref_tables *t = calloc(1, sizeof *t);
    t->rules = *rules;
    t->rules.target = 0; /* the value leaves the target out */
    t->seeds = seeds;
    size_t cap = 0;
    for (int s = 0; s <= seeds; s++) {
        const int save = t->seeds;
        t->seeds = s;
        enumerate(t, 0, s, 0, &cap);
        t->seeds = save;
    }
    qsort(t->nodes, t->count, sizeof *t->nodes, cmp_node);
    const aw_rules *r = &t->rules;
    if (r->no_capture) {
        size_t slots = t->count * (size_t)(r->no_capture + 1);
        t->memo = malloc(slots * sizeof *t->memo);
        t->memo_plies = malloc(slots * sizeof *t->memo_plies);
        for (size_t i = 0; i < slots; i++)
            t->memo[i] = NONE;
        return t;
    }
    /* Moves, exits and quiet children. */
    for (size_t i = 0; i < t->count; i++) {
        node *nd = &t->nodes[i];
        aw_position p = pos_of(nd->key);
        nd->value = NONE;
        nd->best_exit = -NONE;
        aw_status s = aw_position_status(r, &p);
        if (s != AW_ONGOING) {
            nd->terminal = 1;
            nd->best_exit = final_net(r, &p, s);
        }
    }
    /* Layer by layer: captures lead to smaller, solved layers. */
    for (int layer = 0; layer <= seeds; layer++) {
        for (size_t i = 0; i < t->count; i++) {
            node *nd = &t->nodes[i];
            if (nd->seeds != layer || nd->terminal)
                continue;
            aw_position p = pos_of(nd->key);
            aw_move moves[AW_MAX_MOVES];
            int n = aw_generate(r, &p, moves);
            for (int m = 0; m < n; m++) {
                aw_position ch = p;
                int taken = aw_play(r, &ch, moves[m]);
                long j = find(t, key_of(&ch));
                if (taken) {
                    int v = taken - t->nodes[j].value;
                    if (v > nd->best_exit)
                        nd->best_exit = v;
                } else {
                    nd->quiet[nd->nquiet++] = (int)j;
                }
            }
        }
        for (int th = layer; th >= 1; th--) {
            for (int changed = 1; changed;) {
                changed = 0;
                for (size_t i = 0; i < t->count; i++) {
                    node *nd = &t->nodes[i];
                    if (nd->seeds != layer || nd->value != NONE)
                        continue;
                    int win = nd->best_exit >= th, all_w = 1;
                    for (int q = 0; q < nd->nquiet; q++) {
                        int cv = t->nodes[nd->quiet[q]].value;
                        if (cv != NONE && cv <= -th)
                            win = 1;
                        if (cv == NONE || cv < th)
                            all_w = 0;
                    }
                    if (win) {
                        nd->value = th;
                        changed = 1;
                    } else if (all_w && nd->best_exit <= -th) {
                        nd->value = -th;
                        changed = 1;
                    }
                }
            }
        }
        for (size_t i = 0; i < t->count; i++)
            if (t->nodes[i].seeds == layer && t->nodes[i].value == NONE)
                t->nodes[i].value = 0;
    }
    return t;
}

void ref_tables_free(ref_tables *t)
{
    if (!t)
        return;
    free(t->nodes);
    free(t->memo);
    free(t->memo_plies);
    free(t);
}

int ref_tables_value(ref_tables *t, const aw_position *pos)
{
    int n = 0;
    for (int i = 0; i < 12; i++)
        n += pos->pits[i];
    if (n > t->seeds)
        return NONE;
    long i = find(t, key_of(pos));
    if (i < 0)
        return NONE;
    int plies;
    if (t->rules.no_capture)
        return memo_value(t, i, pos->quiet, &plies);
    return t->nodes[i].value;
}

int ref_tables_plies(ref_tables *t, const aw_position *pos)
{
    int n = 0;
    for (int i = 0; i < 12; i++)
        n += pos->pits[i];
    long i = find(t, key_of(pos));
    if (n > t->seeds || i < 0 || !t->rules.no_capture)
        return -1;
    int plies;
    memo_value(t, i, pos->quiet, &plies);
    return plies;
}
