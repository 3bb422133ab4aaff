/*
 * score.c - scores between the engine and its callers: the internal value
 * (engine.h: seeds in hundredths, wins and losses as SC_WIN + 256 m - 2 p,
 * odd values the tables' results of unknown distance) as a public aw_score
 * and back, their order, and their one text form ("+0.35", "win +4 in 12",
 * "draw"). Used by the search, the opening books and the review; it calls
 * nothing of theirs.
 */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>

aw_score sc_public(int v, int pv_plies)
{
    aw_score s = {AW_SCORE_SEEDS, v, 0, 0};
    if (v > SC_PROVEN || v < -SC_PROVEN) {
        /* Odd: a result of the tables (sc_table), whose distance is not
         * known. */
        int d = (v > 0 ? v : -v) - SC_WIN;
        const bool unknown = d & 1;
        d += unknown;
        const int m = (d + 255) / 256;
        s.kind = v > 0 ? AW_SCORE_WIN : AW_SCORE_LOSS;
        s.margin = v > 0 ? m : -m;
        s.plies = unknown ? 0 : (256 * m - d) / 2;
        s.value = 100 * s.margin;
    } else if (v == 0) {
        s.kind = AW_SCORE_DRAW;
        s.plies = pv_plies;
    }
    return s;
}

int sc_internal(const aw_score *s)
{
    switch (s->kind) {
    case AW_SCORE_WIN: return sc_end(s->margin > 0 ? s->margin : 1, s->plies);
    case AW_SCORE_LOSS: return sc_end(s->margin < 0 ? s->margin : -1, s->plies);
    case AW_SCORE_DRAW: return 0;
    default: return s->value;
    }
}

int aw_score_compare(const aw_score *a, const aw_score *b)
{
    int x = sc_internal(a), y = sc_internal(b);
    return (x > y) - (x < y);
}

char *aw_score_format(const aw_score *s, char *buf, size_t size)
{
    char in[16] = "";
    if (s->kind != AW_SCORE_SEEDS && s->plies > 0)
        snprintf(in, sizeof in, " in %d", s->plies);
    switch (s->kind) {
    case AW_SCORE_WIN: snprintf(buf, size, "win +%d%s", s->margin, in); break;
    case AW_SCORE_LOSS: snprintf(buf, size, "loss %d%s", s->margin, in); break;
    case AW_SCORE_DRAW: snprintf(buf, size, "draw%s", in); break;
    default:
        snprintf(buf, size, "%c%d.%02d", s->value < 0 ? '-' : '+', abs(s->value) / 100,
                 abs(s->value) % 100);
        break;
    }
    return buf;
}
