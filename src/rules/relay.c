/*
 * relay.c - the relay game of source 004 (rules.md section 4).
 * Placeholder until the relay issue lands: no moves, so every relay game is
 * over at once. Not exposed as done anywhere.
 */
#include "rules_internal.h"

int relay_generate(const aw_rules *r, const aw_position *p, aw_move moves[AW_MAX_MOVES])
{
    (void)r;
    (void)p;
    (void)moves;
    return 0;
}

int relay_play(const aw_rules *r, aw_position *p, aw_move m)
{
    (void)r;
    (void)m;
    p->side ^= 1;
    return 0;
}

aw_status relay_status(const aw_rules *r, const aw_position *p)
{
    (void)r;
    (void)p;
    return AW_END_NO_MOVE;
}
