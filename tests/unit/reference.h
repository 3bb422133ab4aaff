/*
 * reference.h - a deliberately simple implementation of the Oware rules,
 * written straight from the rules (docs/rules.md) and sharing no code with the
 * library, so the differential tests can check the fast core against it.
 * Slow on purpose: seed-by-seed sowing, whole-row rescans, no tables.
 */
#ifndef AW_REFERENCE_H
#define AW_REFERENCE_H

#include "awale.h"

typedef struct ref_state {
    int pits[12];
    int score[2];
    int side;
    int quiet;
} ref_state;

ref_state ref_from(const aw_position *p);
aw_position ref_to(const ref_state *s);

/* Legal moves (absolute pits) of the side to move; returns how many. */
int ref_moves(const aw_rules *r, const ref_state *s, int moves[12]);

/* Play a legal move. */
void ref_play(const aw_rules *r, ref_state *s, int pit);

/* History-free end: 0 ongoing, else an aw_status value. */
int ref_status(const aw_rules *r, const ref_state *s);

/* Final scores after an end with `status`. */
void ref_final(const aw_rules *r, const ref_state *s, int status, int out[2]);

/* Perft with history (repetition), counts[1..depth]. Exponential and slow. */
void ref_perft(const aw_rules *r, const aw_position *start, int depth, uint64_t counts[]);

#endif
