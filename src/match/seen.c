/*
 * seen.c - sets of 64-bit hashes (seen.h): linear probing in a table kept
 * at most half full, doubled as it grows.
 */
#include "match/seen.h"

#include <stdlib.h>

static size_t slot_of(uint64_t h, size_t cap) { return (size_t)(h ^ (h >> 29)) & (cap - 1); }

static int grow(seen_set *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    uint64_t *slot = calloc(cap, sizeof *slot);
    int *value = calloc(cap, sizeof *value);
    if (!slot || !value) {
        free(slot);
        free(value);
        return -1;
    }
    for (size_t i = 0; i < s->cap; i++)
        if (s->slot[i]) {
            size_t j = slot_of(s->slot[i], cap);
            while (slot[j])
                j = (j + 1) & (cap - 1);
            slot[j] = s->slot[i];
            value[j] = s->value[i];
        }
    free(s->slot);
    free(s->value);
    s->slot = slot;
    s->value = value;
    s->cap = cap;
    return 0;
}

/* The slot of h, or of the empty slot where it would go. */
static size_t probe(const seen_set *s, uint64_t h)
{
    size_t j = slot_of(h, s->cap);
    while (s->slot[j] && s->slot[j] != h)
        j = (j + 1) & (s->cap - 1);
    return j;
}

bool seen_find(const seen_set *s, uint64_t h, int *v)
{
    if (!s->cap)
        return false;
    h = h ? h : 1;
    size_t j = probe(s, h);
    if (!s->slot[j])
        return false;
    if (v)
        *v = s->value[j];
    return true;
}

bool seen_has(const seen_set *s, uint64_t h) { return seen_find(s, h, NULL); }

int seen_add(seen_set *s, uint64_t h, int v)
{
    h = h ? h : 1;
    if (seen_has(s, h))
        return 1;
    if (2 * (s->count + 1) > s->cap && grow(s))
        return -1;
    size_t j = probe(s, h);
    s->slot[j] = h;
    s->value[j] = v;
    s->count++;
    return 0;
}

void seen_free(seen_set *s)
{
    free(s->slot);
    free(s->value);
    s->slot = NULL;
    s->value = NULL;
    s->cap = s->count = 0;
}

uint64_t seen_mix(uint64_t h, uint64_t v)
{
    /* splitmix64's finaliser over the running hash and the value. */
    uint64_t z = h + v + UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t seen_position(const aw_position *p)
{
    uint64_t h = 0;
    for (int i = 0; i < AW_PITS; i++)
        h = seen_mix(h, p->pits[i]);
    h = seen_mix(h, p->score[0]);
    h = seen_mix(h, p->score[1]);
    h = seen_mix(h, p->side);
    return seen_mix(h, p->quiet);
}

uint64_t seen_game(const aw_game *g, int who)
{
    uint64_t h = seen_mix(seen_position(aw_game_start(g)), (uint64_t)who);
    for (int i = 0; i < aw_game_ply(g); i++)
        h = seen_mix(h, aw_game_move(g, i));
    return seen_mix(h, (uint64_t)aw_game_ply(g));
}
