/*
 * opponent.c - a simple computer player: a fixed-depth alpha-beta search on
 * the score difference. It stands in until the engine lands.
 */
#include "opponent.h"

#define DEPTH 6

static int negamax(const aw_rules *r, const aw_position *p, int depth, int alpha, int beta)
{
    aw_status st = aw_position_status(r, p);
    if (st != AW_ONGOING) {
        int sc[2];
        aw_final_scores(r, p, st, sc);
        return 1000 * (sc[p->side] - sc[!p->side]);
    }
    if (depth == 0)
        return p->score[p->side] - p->score[!p->side];
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(r, p, moves);
    int best = -1000000;
    for (int i = 0; i < n; i++) {
        aw_position c = *p;
        aw_play(r, &c, moves[i]);
        int v = -negamax(r, &c, depth - 1, -beta, -alpha);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

aw_move opponent_choose(const aw_rules *rules, const aw_game *game)
{
    if (aw_game_status(game) != AW_ONGOING)
        return AW_MOVE_NONE;
    const aw_position *p = aw_game_position(game);
    aw_move moves[AW_MAX_MOVES], best = AW_MOVE_NONE;
    int n = aw_generate(rules, p, moves), best_v = -2000000;
    for (int i = 0; i < n; i++) {
        aw_position c = *p;
        aw_play(rules, &c, moves[i]);
        int v = -negamax(rules, &c, DEPTH - 1, -2000000, -best_v);
        if (v > best_v) {
            best_v = v;
            best = moves[i];
        }
    }
    return best;
}
