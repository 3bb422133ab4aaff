/*
 * tree_oware.c - the search tree of the Oware family, on the fast board.
 *
 * Principal variation search with a shared transposition table, the table
 * move first, then captures (largest first), killers and history; late
 * quiet moves are searched a ply shallower first (re-searched when they
 * surprise). Every node checks the end of the game exactly: the
 * history-free ends of board.h, and repetition, looked for only where it can
 * fire (a capture-free cycle in Oware takes at least 12 plies, see
 * rules/perft.c) in the path and in the game's history before the root. A
 * position whose occurrences reach the rule's count ends the game (each
 * player takes his own row); one that recurs inside the tree before that is
 * scored as an estimate of that end (sc_cycle), the usual way to keep cycles
 * finite, and never as a proven result: the game goes on there.
 *
 * Endgame tables (docs/engine.md, "Endgame tables"): a hit below the
 * root's seed count is a proven result where they are exact, a result for
 * the search where no repetition rule can spoil them, an estimate under a
 * repetition rule; in the root's layer, where they are exact both sides keep
 * to value-keeping moves, and under a repetition rule they judge the
 * horizon.
 *
 * Nothing here allocates, locks or does I/O: a node is a 24-byte board
 * copied into its children, sowing is one vector add.
 */
#include "engine.h"
#include "nnue.h"

#include <string.h>

#define MIN_CYCLE 12

/* The rule parameters the hot loop reads, copied so that byte stores to the
 * board (which may alias anything) do not force reloads. */
typedef struct ctx {
    worker *w;
    engine *e;
    const aw_rules *r;
    const eval_weights *weights;
    const nnue_net *net; /* Eval=nnue: the network, else NULL */
    uint64_t captures;
    bool slam_void;
    int target, no_capture, repetition;
    int root_run; /* capture-free plies up to the root */
    int root_seeds;
    bool tb_trust;  /* table hits are results (sc_table), not estimates    */
    bool tb_keep;   /* in the root's layer, keep to value-keeping moves
                       (exact tables covering the root)                    */
    bool tb_eval;   /* at the horizon of the root's layer, the tables'
                       estimate instead of the evaluation                  */
    int null_ply; /* ply of the last null move on the path, or -2 */
    bool null_move, quiescence, reductions;
} ctx;

static inline uint64_t board_key(const ctx *c, const fboard *f)
{
    return key_oware(f, c->no_capture != 0);
}

/* Play byte `from` of *f into *c; returns the seeds taken. */
static inline int make_child(const ctx *x, const fboard *f, int from, fboard *c)
{
    const int mover = f->side;
    const int k = f->pits.b[from], origin = FB_PIT(from);
#if defined(__SSE2__)
    c->pits.v = _mm_add_epi8(f->pits.v, _mm_loadu_si128((const __m128i *)fb_sow_table[origin][k]));
#else
    for (int j = 0; j < 16; j++)
        c->pits.b[j] = (uint8_t)(f->pits.b[j] + fb_sow_table[origin][k][j]);
#endif
    const int last = fb_sow_last[origin][k], lo = mover ? 0 : 8;
    int taken = 0;
    if ((unsigned)(last - lo) < 6u && (x->captures >> c->pits.b[last] & 1)) {
        int j = last;
        while (j >= lo && (x->captures >> c->pits.b[j] & 1))
            taken += c->pits.b[j--];
        if (x->slam_void) {
            int sums[2];
            fb_row_sums(&c->pits, sums);
            if (taken == sums[!mover])
                taken = 0;
        }
        if (taken)
            for (int y = j + 1; y <= last; y++)
                c->pits.b[y] = 0;
    }
    c->score[0] = (uint8_t)(f->score[0] + (mover ? 0 : taken));
    c->score[1] = (uint8_t)(f->score[1] + (mover ? taken : 0));
    c->side = (uint8_t)!mover;
    c->unused = 0;
    c->quiet = taken ? 0 : (uint16_t)(f->quiet + (f->quiet < UINT16_MAX));
    return taken;
}

/* The evaluation of *f, the board at `ply`: the network on the
 * accumulators of that ply, or the linear model (or the score difference
 * alone). */
static inline int evaluate(const ctx *x, const fboard *f, int ply)
{
    if (x->net) {
        worker *w = x->w;
        if (!w->acc_ok[ply]) {
            /* Up from the last board on the path that has them. */
            int k = ply;
            while (!w->acc_ok[k - 1])
                k--;
            for (; k <= ply; k++) {
                nnue_update(x->net, &w->acc[k - 1], &w->nn_pits[k - 1], &w->nn_pits[k], &w->acc[k]);
                w->acc_ok[k] = true;
            }
        }
#if defined(AW_CHECKS)
        nnue_acc ref; /* the incremental accumulators are the board's */
        nnue_refresh(x->net, &f->pits, &ref);
        AW_ASSERT(memcmp(&ref, &x->w->acc[ply], sizeof ref) == 0);
#endif
        return nnue_evaluate(x->net, &x->w->acc[ply], x->r, f);
    }
    return eval_oware(x->r, x->weights, f);
}

/* Going from *f at `ply` into its child *c (once per child searched, not
 * for every child made for the ordering): the child's board is noted, its
 * accumulators are made from the parent's by the pits the sowing changed
 * when an evaluation asks for them (evaluate). */
static inline void descend(const ctx *x, const fboard *f, const fboard *c, int ply)
{
    (void)f;
    if (x->net) {
        x->w->nn_pits[ply + 1] = c->pits;
        x->w->acc_ok[ply + 1] = false;
    }
}

/* Final score difference, mover's view, of a game that ended in *f. */
static int final_margin(const aw_rules *r, const fboard *f, aw_status st)
{
    const int me = f->side;
    int sums[2];
    fb_row_sums(&f->pits, sums);
    const int own = sums[me], opp = sums[!me];
    int a = f->score[me], b = f->score[!me];
    switch (st) {
    case AW_END_EMPTY_ROW:
        if (r->empty_row == AW_LEFT_OWNER)
            b += own + opp;
        break;
    case AW_END_CANNOT_FEED:
        if (r->cannot_feed == AW_LEFT_MOVER)
            a += own + opp;
        else if (r->cannot_feed == AW_LEFT_OPPONENT)
            b += own + opp;
        break;
    case AW_END_REPETITION:
        a += own;
        b += opp;
        break;
    default: break;
    }
    return a - b;
}

enum { REP_NONE, REP_CYCLE, REP_END };

/* Whether the board at `ply` (capture-free run `run`) repeats: REP_END when
 * its occurrences in the path and in the game before the root reach the
 * rule's count (the game ends there), REP_CYCLE when it recurs inside the
 * tree but the game goes on (scored as an estimate, sc_cycle), else
 * REP_NONE. */
static int repeats(const ctx *x, const fb_pits *now, int ply, int run)
{
    const worker *w = x->w;
    const engine *e = x->e;
    int seen = 1;
    bool cycle = false;
    for (int back = 2; back <= run; back += 2) {
        const fb_pits *p;
        if (back <= ply) {
            p = &w->opath[ply - back];
        } else {
            int i = e->hist_len - 1 - (back - ply);
            if (i < 0)
                break;
            p = &e->ohist[i];
        }
        if (p->q[0] == now->q[0] && p->q[1] == now->q[1]) {
            if (++seen >= x->repetition)
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

/* The tables' value of *f (seeds on the board: `seeds`), or false. */
static inline bool probe_value(const ctx *x, const fboard *f, int seeds, int *net)
{
    if (seeds > x->e->probe_seeds)
        return false;
    aw_position p = fb_to_position(f);
    return x->e->probe(x->e->probe_ctx, x->r, &p, net);
}

/* A table hit: only below the root's seed count, that is after a capture.
 * In the root's own layer the values of the tables cannot tell progress
 * from marking time, so the search goes on there (keeping to the moves the
 * tables approve where it may, see search.c) and meets the tables after a
 * capture. A result (sc_table) where no repetition rule can spoil the value
 * (reported as proven only where the tables are exact, see search.c), else
 * an estimate. */
static int probe_tables(const ctx *x, const fboard *f, int seeds, int ply, int *score)
{
    int net;
    if (seeds >= x->root_seeds || !probe_value(x, f, seeds, &net))
        return 0;
    const int margin = f->score[f->side] - f->score[!f->side] + net;
    if (x->tb_trust && (margin || x->e->tb_exact)) {
        *score = sc_table(margin, ply);
    } else {
        x->w->horizon_evals++;
        *score = sc_table_estimate(margin, ply);
    }
    return 1;
}

/* Quiescence: at the horizon, captures are followed (up to `left` more
 * plies) before the position is judged, the side to move standing pat on
 * the evaluation. A capture cannot repeat a position, so only the
 * history-free ends are checked. */
static int qsearch(ctx *x, const fboard *f, int alpha, int beta, int ply, int left)
{
    worker *w = x->w;
    w->horizon_evals++;
    const int stand = evaluate(x, f, ply);
    if (stand >= beta || left <= 0 || ply >= MAX_PLY)
        return stand;
    if (stand > alpha)
        alpha = stand;
    int best = stand;
    unsigned mask = fb_legal_mask(f);
    while (mask) {
        const int from = __builtin_ctz(mask);
        mask &= mask - 1;
        fboard c;
        if (!make_child(x, f, from, &c))
            continue;
        if ((++w->nodes & 1023) == 0)
            search_check(w);
        if (w->stopped)
            return 0;
        if (ply + 1 > w->seldepth)
            w->seldepth = ply + 1;
        int v;
        aw_status st = fb_status(x->r, &c);
        if (st != AW_ONGOING)
            v = -sc_end(final_margin(x->r, &c, st), ply + 1);
        else {
            descend(x, f, &c, ply);
            v = -qsearch(x, &c, -beta, -alpha, ply + 1, left - 1);
        }
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

static int search(ctx *x, const fboard *f, uint64_t key, int depth, int alpha, int beta, int ply,
                  int run, bool pv_node)
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

    /* The end of the game. */
    aw_status st = fb_status(x->r, f);
    w->opath[ply] = f->pits;
    if (st == AW_ONGOING && x->repetition && run >= MIN_CYCLE) {
        const int rep = repeats(x, &f->pits, ply, run);
        if (rep == REP_END) {
            st = AW_END_REPETITION;
        } else if (rep == REP_CYCLE) {
            w->horizon_evals++;
            return sc_cycle(final_margin(x->r, f, AW_END_REPETITION));
        }
    }
    if (st != AW_ONGOING)
        return sc_end(final_margin(x->r, f, st), ply);
    if (ply >= MAX_PLY) {
        w->horizon_evals++;
        return evaluate(x, f, ply);
    }
    int seeds = 0;
    if (x->e->probe) {
        int sums[2], v;
        fb_row_sums(&f->pits, sums);
        seeds = sums[0] + sums[1];
        if (probe_tables(x, f, seeds, ply, &v))
            return v;
    }
    if (depth <= 0) {
        int net;
        if (x->tb_eval && probe_value(x, f, seeds, &net)) {
            /* The root's layer, under a repetition rule that can fire: the
             * tables' estimate is a better judge than the evaluation. */
            w->horizon_evals++;
            return sc_table_estimate(f->score[f->side] - f->score[!f->side] + net, ply);
        }
        if (x->quiescence)
            return qsearch(x, f, alpha, beta, ply, 6);
        w->horizon_evals++;
        return evaluate(x, f, ply);
    }

    /* Mate-distance pruning: no line from here beats a win at this ply. */
    const int best_possible = SC_WIN + 256 * AW_SEEDS - 2 * ply;
    if (alpha >= best_possible)
        return alpha;

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

    /* Null move: when the side to move is well ahead, let the opponent
     * move twice at a reduced depth; if that still fails high, so would a
     * real move. Not right after another null move, not near the end
     * (few seeds: waiting moves and zugzwang decide there). */
    if (x->null_move && !pv_node && depth >= 3 && x->null_ply != ply - 1 && beta > -SC_PROVEN &&
        beta < SC_PROVEN) {
        int sums[2];
        fb_row_sums(&f->pits, sums);
        if (sums[0] + sums[1] >= 16 && sums[f->side] > 0 && sums[!f->side] > 0 &&
            evaluate(x, f, ply) >= beta) {
            fboard nb = *f;
            nb.side ^= 1;
            descend(x, f, &nb, ply);
            const int saved = x->null_ply, r = 2 + depth / 6;
            x->null_ply = ply;
            int v = -search(x, &nb, board_key(x, &nb), depth - 1 - r, -beta, -beta + 1, ply + 1, 0,
                            false);
            x->null_ply = saved;
            if (w->stopped)
                return 0;
            if (v >= beta && v < SC_PROVEN)
                return v;
        }
    }

    /* Children, scored for ordering. */
    const unsigned mask = fb_legal_mask(f);
    fboard child[6];
    int from_of[6], order[6], n = 0;
    int taken_of[6];
    uint64_t key_of[6];
    const int side = f->side;
    unsigned m = mask;
    while (m) {
        const int from = __builtin_ctz(m);
        m &= m - 1;
        const int taken = make_child(x, f, from, &child[n]);
        const int pit = FB_PIT(from);
        int s;
        if (pit == tt_move)
            s = 1 << 30;
        else if (taken)
            s = (1 << 24) + taken * 256;
        else if (pit == w->killer[ply][0])
            s = (1 << 23);
        else if (pit == w->killer[ply][1])
            s = (1 << 22);
        else
            s = w->history[side][pit];
        from_of[n] = from;
        taken_of[n] = taken;
        if (depth > 1) {
            key_of[n] = board_key(x, &child[n]);
            tt_prefetch(&x->e->table, key_of[n]);
        } else {
            key_of[n] = 0;
        }
        order[n] = s;
        n++;
    }
    /* In the root's layer inside tables that are exact, only the moves that
     * keep the tables' value (for either side): a move that gives some away
     * is worse, by the tables' exact count, for the side that plays it, so
     * the search loses nothing, the line it shows keeps the value, and the
     * tree is small enough to look deep for the capture that cashes the
     * value in (which only hastens the end: keeping the value is enough
     * for the result, as every cycle ends at the no-capture limit the
     * tables count). Where they only count endless play by convention, the
     * winner's lines that give some of the value away for a capture are
     * kept: proven captures within the horizon are what lead the search
     * out of marking time (measured: 0 of 100 won abapa positions without
     * the repetition rule failed to win that way, 4 with the restriction
     * on both sides). */
    if (x->tb_keep && seeds == x->root_seeds && n > 1) {
        int value[6], best = -AW_SEEDS - 1;
        bool known = true;
        for (int i = 0; i < n && known; i++) {
            int net;
            known = probe_value(x, &child[i], seeds - taken_of[i], &net);
            value[i] = taken_of[i] - net;
            best = value[i] > best ? value[i] : best;
        }
        if (known) {
            int k = 0;
            for (int i = 0; i < n; i++)
                if (value[i] == best) {
                    child[k] = child[i];
                    from_of[k] = from_of[i];
                    taken_of[k] = taken_of[i];
                    key_of[k] = key_of[i];
                    order[k] = order[i];
                    k++;
                }
            n = k;
        }
    }

    const int alpha0 = alpha;
    int best = -SC_INF, best_pit = TT_NO_MOVE;
    for (int i = 0; i < n; i++) {
        /* Pick the best remaining child. */
        int bi = i;
        for (int j = i + 1; j < n; j++)
            if (order[j] > order[bi])
                bi = j;
        if (bi != i) {
            fboard tb = child[i];
            child[i] = child[bi];
            child[bi] = tb;
            int tmp = from_of[i];
            from_of[i] = from_of[bi];
            from_of[bi] = tmp;
            tmp = taken_of[i];
            taken_of[i] = taken_of[bi];
            taken_of[bi] = tmp;
            uint64_t tk = key_of[i];
            key_of[i] = key_of[bi];
            key_of[bi] = tk;
            tmp = order[i];
            order[i] = order[bi];
            order[bi] = tmp;
        }
        const fboard *c = &child[i];
        descend(x, f, c, ply);
        const int crun = taken_of[i] ? 0 : run + 1;
        int v;
        bool full = pv_node; /* the child's last search was a PV search */
        if (i == 0) {
            v = -search(x, c, key_of[i], depth - 1, -beta, -alpha, ply + 1, crun, pv_node);
        } else {
            full = false;
            int r = 0;
            if (x->reductions && depth >= 3 && i >= 2 && !taken_of[i] && order[i] < (1 << 22))
                r = 1 + (depth >= 6 && i >= 3);
            v = -search(x, c, key_of[i], depth - 1 - r, -alpha - 1, -alpha, ply + 1, crun, false);
            if (v > alpha && r)
                v = -search(x, c, key_of[i], depth - 1, -alpha - 1, -alpha, ply + 1, crun, false);
            if (v > alpha && v < beta && pv_node) {
                v = -search(x, c, key_of[i], depth - 1, -beta, -alpha, ply + 1, crun, true);
                full = true;
            }
        }
        if (w->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_pit = FB_PIT(from_of[i]);
            if (v > alpha) {
                alpha = v;
                if (pv_node) {
                    /* The child's line only when a PV search made it: a
                     * null-window fail high leaves pv[ply + 1] from
                     * another child. */
                    const int clen = full ? w->pv_len[ply + 1] : 0;
                    w->pv[ply][0] = (uint8_t)best_pit;
                    memcpy(&w->pv[ply][1], w->pv[ply + 1], (size_t)clen);
                    w->pv_len[ply] = clen + 1;
                }
                if (v >= beta) {
                    if (!taken_of[i]) {
                        if (w->killer[ply][0] != best_pit) {
                            w->killer[ply][1] = w->killer[ply][0];
                            w->killer[ply][0] = (uint8_t)best_pit;
                        }
                        update_history(w, side, best_pit, depth * depth);
                        for (int j = 0; j < i; j++)
                            if (!taken_of[j])
                                update_history(w, side, FB_PIT(from_of[j]), -depth * depth);
                    }
                    break;
                }
            }
        }
    }
    const int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&x->e->table, key, sc_to_tt(best, ply), depth, best_pit, bound);
    return best;
}

static void setup(ctx *x, worker *w)
{
    engine *e = w->eng;
    x->w = w;
    x->e = e;
    x->r = &e->rules;
    x->weights = e->weights;
    x->net = NULL;
    if (e->eval_kind == EVAL_NNUE && nnue_suits(&e->rules))
        x->net = e->own_net ? e->own_net : nnue_builtin(); /* NULL: linear */
    x->captures = e->rules.captures;
    x->slam_void = e->rules.grand_slam == AW_SLAM_VOID;
    x->target = e->rules.play_on ? 0 : e->rules.target;
    x->no_capture = e->rules.no_capture;
    x->repetition = e->rules.repetition;
    x->root_run = e->hist_len - 1;
    x->root_seeds = aw_position_row(&e->root, 0) + aw_position_row(&e->root, 1);
    x->tb_trust = e->tb_keep;
    x->tb_keep = e->tb_root && e->tb_exact;
    x->tb_eval = e->tb_root && !e->tb_keep;
    x->null_ply = -2;
    x->null_move = e->null_move;
    x->quiescence = e->quiescence;
    x->reductions = e->reductions;
}

int oware_root(worker *w, int depth, int alpha, int beta, int first)
{
    ctx x;
    setup(&x, w);
    engine *e = w->eng;
    const fboard root = fb_from_position(&e->root);
    w->opath[0] = root.pits;
    w->pv_len[0] = 0;
    if (x.net) {
        nnue_refresh(x.net, &root.pits, &w->acc[0]);
        w->nn_pits[0] = root.pits;
        w->acc_ok[0] = true;
    }
    int best = -SC_INF;
    for (int i = first; i < w->nroot; i++) {
        root_move *rm = &w->root[i];
        fboard c;
        const int from = FB_BYTE(AW_MOVE_PIT(rm->move));
        const int taken = make_child(&x, &root, from, &c);
        descend(&x, &root, &c, 0);
        const int crun = taken ? 0 : x.root_run + 1;
        const uint64_t ckey = board_key(&x, &c);
        int v;
        bool full = true; /* the move's last search was a PV search */
        if (i == first) {
            v = -search(&x, &c, ckey, depth - 1, -beta, -alpha, 1, crun, true);
        } else {
            v = -search(&x, &c, ckey, depth - 1, -alpha - 1, -alpha, 1, crun, false);
            full = false;
            if (v > alpha && v < beta && !w->stopped) {
                v = -search(&x, &c, ckey, depth - 1, -beta, -alpha, 1, crun, true);
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
            /* Keep the new best first among the lines still open. */
            root_move tmp = *rm;
            memmove(&w->root[first + 1], &w->root[first], sizeof *rm * (size_t)(i - first));
            w->root[first] = tmp;
        }
    }
    return best;
}
