/*
 * seen.h - sets of 64-bit hashes, and the hashes of positions and games,
 * with which `awale match` and `awale selfplay` keep their openings
 * distinct and notice games that repeat an earlier one (docs/match.md).
 */
#ifndef AW_SEEN_H
#define AW_SEEN_H

#include "awale.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An open-addressing set, with an int for each hash; zero-initialise it
 * ({0}) before use. */
typedef struct seen_set {
    uint64_t *slot; /* 0: empty (a hash of 0 is stored as 1) */
    int *value;
    size_t cap, count;
} seen_set;

/* Add h (with value v): 1 when it was there already (its value is kept),
 * 0 when added, -1 out of memory. */
int seen_add(seen_set *s, uint64_t h, int v);
bool seen_has(const seen_set *s, uint64_t h);
/* Whether h is there, and its value into *v. */
bool seen_find(const seen_set *s, uint64_t h, int *v);
void seen_free(seen_set *s);

/* One step of the hashes below: h combined with a value. */
uint64_t seen_mix(uint64_t h, uint64_t v);

/* A position: pits, stores, side to move and the plies without capture. */
uint64_t seen_position(const aw_position *p);

/* A game: its start, its moves and `who` (which player was South), so that
 * two games hash alike when the same players played the same moves from
 * the same start on the same sides. */
uint64_t seen_game(const aw_game *g, int who);

#endif
