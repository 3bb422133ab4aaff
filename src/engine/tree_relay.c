/*
 * tree_relay.c - the search tree for rule sets played through the generic
 * game interface (the relay game): the same principal variation search as
 * tree_oware.c on aw_position nodes, with aw_generate / aw_play /
 * aw_position_status / aw_final_scores, so that whatever the relay move
 * generator does, the search follows it.
 *
 * Repetition: a capture changes the seeds on the board for good, so only
 * positions since the last capture are compared, every second ply (the same
 * side to move), in the path and in the game before the root; the game
 * ends when a position reaches the rule's count of occurrences, and a
 * position that recurs inside the tree before that is scored as an estimate
 * of the repetition end (sc_cycle).
 */
#include "engine.h"

#include <string.h>

typedef struct ctx {
    worker *w;
    engine *e;
    const aw_rules *r;
    const relay_weights *weights; /* NULL: Eval=material */
} ctx;

static inline uint64_t pos_key(const ctx *x, const aw_position *p)
{
    return key_generic(p, x->r->no_capture != 0);
}

static int final_margin(const aw_rules *r, const aw_position *p, aw_status st)
{
    int sc[2];
    aw_final_scores(r, p, st, sc);
    return sc[p->side] - sc[!p->side];
}

enum { REP_NONE, REP_CYCLE, REP_END };

/* REP_END when the occurrences of *now in the path and the game before the
 * root reach the rule's count, REP_CYCLE when it recurs inside the tree but
 * the game goes on, else REP_NONE (as in tree_oware.c). */
static int repeats(const ctx *x, const aw_position *now, int ply, int run)
{
    const worker *w = x->w;
    const engine *e = x->e;
    int seen = 1;
    bool cycle = false;
    for (int back = 2; back <= run; back += 2) {
        const aw_position *p;
        if (back <= ply) {
            p = &w->gpath[ply - back];
        } else {
            int i = e->hist_len - 1 - (back - ply);
            if (i < 0)
                break;
            p = &e->hist[i];
        }
        if (memcmp(p->pits, now->pits, AW_PITS) == 0) {
            if (++seen >= x->r->repetition)
                return REP_END;
            cycle |= back <= ply;
        }
    }
    return cycle ? REP_CYCLE : REP_NONE;
}

static inline void update_history(worker *w, int side, int idx, int bonus)
{
    int32_t *h = &w->history[side][idx];
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / 16384;
}

static inline int seeds_on_board(const aw_position *p)
{
    return aw_position_row(p, 0) + aw_position_row(p, 1);
}

static int search(ctx *x, const aw_position *p, int depth, int alpha, int beta, int ply, int run,
                  bool pv_node)
{
    worker *w = x->w;
    if (pv_node)
        w->pv_len[ply] = 0;
    if ((++w->nodes & 1023) == 0)
        search_check(w);
    if (w->stopped)
        return 0;
    if (ply > w->seldepth)
        w->seldepth = ply;

    aw_status st = aw_position_status(x->r, p);
    w->gpath[ply] = *p;
    if (st == AW_ONGOING && x->r->repetition && run >= 2) {
        const int rep = repeats(x, p, ply, run);
        if (rep == REP_END) {
            st = AW_END_REPETITION;
        } else if (rep == REP_CYCLE) {
            w->horizon_evals++;
            return sc_cycle(final_margin(x->r, p, AW_END_REPETITION));
        }
    }
    if (st != AW_ONGOING)
        return sc_end(final_margin(x->r, p, st), ply);
    if (ply >= MAX_PLY || depth <= 0) {
        w->horizon_evals++;
        return eval_relay(x->r, x->weights, p);
    }
    if (x->e->probe && seeds_on_board(p) <= x->e->probe_seeds) {
        int net;
        if (x->e->probe(x->e->probe_ctx, x->r, p, &net)) {
            /* A proven result only where the tables are (engine.h). */
            const int margin = p->score[p->side] - p->score[!p->side] + net;
            if (x->e->tb_keep && (margin || x->e->tb_exact))
                return sc_table(margin, ply);
            w->horizon_evals++;
            return sc_table_estimate(margin, ply);
        }
    }
    const int best_possible = SC_WIN + 256 * AW_SEEDS - 2 * ply;
    if (alpha >= best_possible)
        return alpha;

    const uint64_t key = pos_key(x, p);
    tt_data t;
    int tt_move = TT_NO_MOVE;
    if (tt_probe(&x->e->table, key, &t)) {
        tt_move = t.move;
        const int v = sc_from_tt(t.score, ply);
        if (!pv_node && t.depth >= depth &&
            (t.bound == BOUND_EXACT || (t.bound == BOUND_LOWER && v >= beta) ||
             (t.bound == BOUND_UPPER && v <= alpha))) {
            if (!sc_is_proven(v))
                w->horizon_evals++;
            return v;
        }
    }

    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(x->r, p, moves);
    if (n == 0) {
        /* Mechanics without moves though the status says the game goes on
         * (should not happen): score it as it stands. */
        return sc_end(p->score[p->side] - p->score[!p->side], ply);
    }
    aw_position child[AW_MAX_MOVES];
    int order[AW_MAX_MOVES], taken_of[AW_MAX_MOVES], idx_of[AW_MAX_MOVES];
    const int side = p->side;
    for (int i = 0; i < n; i++) {
        child[i] = *p;
        taken_of[i] = aw_play(x->r, &child[i], moves[i]);
        idx_of[i] = move_index(moves[i]);
        int s;
        if (idx_of[i] == tt_move)
            s = 1 << 30;
        else if (taken_of[i])
            s = (1 << 24) + taken_of[i] * 256;
        else if (idx_of[i] == w->killer[ply][0])
            s = 1 << 23;
        else if (idx_of[i] == w->killer[ply][1])
            s = 1 << 22;
        else
            s = w->history[side][idx_of[i]];
        order[i] = s;
    }

    const int alpha0 = alpha;
    int best = -SC_INF, best_idx = TT_NO_MOVE;
    for (int i = 0; i < n; i++) {
        int bi = i;
        for (int j = i + 1; j < n; j++)
            if (order[j] > order[bi])
                bi = j;
        if (bi != i) {
            aw_position tp = child[i];
            child[i] = child[bi];
            child[bi] = tp;
            int tmp = order[i];
            order[i] = order[bi];
            order[bi] = tmp;
            tmp = taken_of[i];
            taken_of[i] = taken_of[bi];
            taken_of[bi] = tmp;
            tmp = idx_of[i];
            idx_of[i] = idx_of[bi];
            idx_of[bi] = tmp;
        }
        const aw_position *c = &child[i];
        const int crun = taken_of[i] ? 0 : run + 1;
        int v;
        bool full = pv_node; /* the child's last search was a PV search */
        if (i == 0) {
            v = -search(x, c, depth - 1, -beta, -alpha, ply + 1, crun, pv_node);
        } else {
            full = false;
            int r = 0;
            if (x->e->reductions && depth >= 3 && i >= 3 && !taken_of[i] && order[i] < (1 << 22))
                r = 1;
            v = -search(x, c, depth - 1 - r, -alpha - 1, -alpha, ply + 1, crun, false);
            if (v > alpha && r)
                v = -search(x, c, depth - 1, -alpha - 1, -alpha, ply + 1, crun, false);
            if (v > alpha && v < beta && pv_node) {
                v = -search(x, c, depth - 1, -beta, -alpha, ply + 1, crun, true);
                full = true;
            }
        }
        if (w->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_idx = idx_of[i];
            if (v > alpha) {
                alpha = v;
                if (pv_node) {
                    /* The child's line only when a PV search made it: a
                     * null-window fail high leaves pv[ply + 1] from
                     * another child. */
                    const int clen = full ? w->pv_len[ply + 1] : 0;
                    w->pv[ply][0] = index_move(best_idx);
                    memcpy(&w->pv[ply][1], w->pv[ply + 1], (size_t)clen);
                    w->pv_len[ply] = clen + 1;
                }
                if (v >= beta) {
                    if (!taken_of[i]) {
                        if (w->killer[ply][0] != best_idx) {
                            w->killer[ply][1] = w->killer[ply][0];
                            w->killer[ply][0] = (uint8_t)best_idx;
                        }
                        update_history(w, side, best_idx, depth * depth);
                        for (int j = 0; j < i; j++)
                            if (!taken_of[j])
                                update_history(w, side, idx_of[j], -depth * depth);
                    }
                    break;
                }
            }
        }
    }
    const int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&x->e->table, key, sc_to_tt(best, ply), depth, best_idx, bound);
    return best;
}

int relay_root(worker *w, int depth, int alpha, int beta, int first)
{
    ctx x = {w, w->eng, &w->eng->rules,
             w->eng->eval_kind != EVAL_MATERIAL ? &relay_tuned : NULL};
    engine *e = w->eng;
    const int root_run = e->hist_len - 1;
    w->gpath[0] = e->root;
    w->pv_len[0] = 0;
    int best = -SC_INF;
    for (int i = first; i < w->nroot; i++) {
        root_move *rm = &w->root[i];
        aw_position c = e->root;
        const int taken = aw_play(x.r, &c, rm->move);
        const int crun = taken ? 0 : root_run + 1;
        int v;
        bool full = true; /* the move's last search was a PV search */
        if (i == first) {
            v = -search(&x, &c, depth - 1, -beta, -alpha, 1, crun, true);
        } else {
            v = -search(&x, &c, depth - 1, -alpha - 1, -alpha, 1, crun, false);
            full = false;
            if (v > alpha && v < beta && !w->stopped) {
                v = -search(&x, &c, depth - 1, -beta, -alpha, 1, crun, true);
                full = true;
            }
        }
        w->nodes++;
        if (w->stopped)
            return best;
        if (i == first || v > alpha) {
            rm->score = v;
            rm->depth = depth;
            rm->pv[0] = rm->move;
            /* A null-window fail high (v >= beta) has no line of its own. */
            int len = full ? w->pv_len[1] + 1 : 1;
            if (len > AW_SEARCH_MAX_PV)
                len = AW_SEARCH_MAX_PV;
            for (int k = 1; k < len; k++)
                rm->pv[k] = (aw_move)w->pv[1][k - 1];
            rm->pv_len = len;
        } else {
            rm->score = -SC_INF;
        }
        if (v > best)
            best = v;
        if (v > alpha) {
            alpha = v;
            if (v >= beta)
                break;
            root_move tmp = *rm;
            memmove(&w->root[first + 1], &w->root[first], sizeof *rm * (size_t)(i - first));
            w->root[first] = tmp;
        }
    }
    return best;
}
