/*
 * reference_tables.h - a plain exhaustive solver for small boards, written
 * from the definition of a table value in docs/tables.md and sharing no
 * code with src/tables: it plays through the public game interface
 * (aw_generate, aw_play, aw_position_status, aw_final_scores), keeps every
 * board in a sorted array, and finds values by sweeping to a fixpoint.
 */
#ifndef AW_REFERENCE_TABLES_H
#define AW_REFERENCE_TABLES_H

#include "awale.h"

typedef struct ref_tables ref_tables;

/* Solve every position with at most `seeds` seeds (<= 8) under `rules`.
 * Without a no-capture limit: endless quiet play is worth 0, values by
 * thresholds, each a fixpoint of whole sweeps. With a limit: plain
 * memoised minimax over (board, counter), with the plies to the end. */
ref_tables *ref_tables_solve(const aw_rules *rules, int seeds);
void ref_tables_free(ref_tables *t);

/* The value of *pos (side to move's view, counter included), or a value
 * outside -48..48 when the position has more seeds than solved. */
int ref_tables_value(ref_tables *t, const aw_position *pos);

/* With a no-capture limit, the plies to the end of *pos when both sides
 * keep the value, the side it favours (value >= 0) ending the game as fast
 * as it can and the other holding out; -1 without a limit. */
int ref_tables_plies(ref_tables *t, const aw_position *pos);

#endif
