/*
 * reference_relay.h - a deliberately simple implementation of the relay game,
 * written straight from the rules (docs/relay.md) and sharing no code with
 * src/rules/relay.c, so the differential tests and the perft tables can
 * check the library against it. Slow on purpose: one seed at a time, every
 * lap remembered and compared with all earlier ones, whole-row rescans.
 */
#ifndef AW_REFERENCE_RELAY_H
#define AW_REFERENCE_RELAY_H

#include "awale.h"

/* The rule parameters the reference reads (from an aw_rules). */
typedef struct rr_rules {
    int skip_origin;    /* a lap does not sow into the pit it emptied        */
    int chain_backward; /* the capture chain runs against the last lap       */
    int pass;           /* a player without a move passes                    */
    int no_capture;     /* plies without capture that end the game; 0 = off */
    int repetition;     /* n-th occurrence ends the game; 0 = off           */
} rr_rules;

typedef struct rr_state {
    int pits[12];
    int store[2];
    int side;
    int quiet;
} rr_state;

/* A relay still going after this many laps counts as endless (docs/relay.md). */
#define RR_MAX_LAPS 65536

/* Moves as text-like pairs: pit 0..11 and direction +1 ('+') or -1 ('-');
 * pit -1 is a pass. */
typedef struct rr_move {
    int pit;
    int dir;
} rr_move;

rr_rules rr_rules_of(const aw_rules *r);
rr_state rr_from(const aw_position *p);
aw_position rr_to(const rr_state *s);
aw_move rr_to_move(rr_move m);

/* Legal moves of the side to move (mechanics only, like aw_generate), in
 * the order A+ A- B+ B- ...; returns how many. */
int rr_moves(const rr_rules *r, const rr_state *s, rr_move moves[24]);

/* Play a legal move. Returns the seeds captured. */
int rr_play(const rr_rules *r, rr_state *s, rr_move m);

/* History-free end: AW_ONGOING or the aw_status that ends the game. */
int rr_status(const rr_rules *r, const rr_state *s);

/* Final scores after an end: the stores. */
void rr_final(const rr_state *s, int out[2]);

/* Perft with repetition along the path: counts[0..depth]. */
void rr_perft(const rr_rules *r, const aw_position *start, int depth, uint64_t counts[]);

#endif
