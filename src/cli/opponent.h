/*
 * opponent.h - the computer player of `awale play`: the engine at a level
 * (1-10) and a time per move, and the hint that shows the engine's choice
 * with the line of play behind it.
 */
#ifndef AW_OPPONENT_H
#define AW_OPPONENT_H

#include "awale.h"

#include <stddef.h>

typedef struct opponent opponent_t;

/* A computer player at `level` (1..10) thinking up to `movetime_ms` per
 * move; `seed` drives the mistakes of levels below 10. NULL when out of
 * memory. */
opponent_t *opponent_new(int level, int movetime_ms, uint64_t seed);
void opponent_free(opponent_t *o);

/* Endgame tables (NULL: none) for the full-strength player and the hints;
 * lower levels play without them, as people do. The caller keeps them
 * open while the opponent lives. */
void opponent_set_tables(opponent_t *o, const aw_tables *tables);

/* An opening book (NULL: none) for the full-strength player and the
 * hints (OwnBook); lower levels play without it. The caller keeps it while
 * the opponent lives. */
void opponent_set_book(opponent_t *o, const aw_book *book);

/* The move the computer plays in the game's current position, or
 * AW_MOVE_NONE when the game is over. *from_book (may be NULL) tells
 * whether it came from the opening book. */
aw_move opponent_choose(opponent_t *o, const aw_game *game, bool *from_book);

/* The engine's suggestion at full strength, and why in words: its score
 * for the side to move and the line it expects, captures marked
 * ("D(+3)"). AW_MOVE_NONE when the game is over. */
aw_move opponent_hint(opponent_t *o, const aw_game *game, char *why, size_t size);

#endif
