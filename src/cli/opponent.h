/*
 * opponent.h - the computer player of `awale play`.
 */
#ifndef AW_OPPONENT_H
#define AW_OPPONENT_H

#include "awale.h"

/* The move the computer plays in the game's current position, or
 * AW_MOVE_NONE when the game is over. */
aw_move opponent_choose(const aw_rules *rules, const aw_game *game);

#endif
