/*
 * search.c - the search driver: iterative deepening with aspiration windows
 * and MultiPV, lazy SMP threads sharing the table, levels, the endgame
 * tables' answers at the root, and the reports (info per completed depth,
 * the final result). The engine object is engine.c, the scores score.c,
 * the clock and the stop checks timeman.c, the trees tree_oware.c and
 * tree_relay.c.
 *
 * Threads: worker 0 runs in the caller's thread (aw_search_run) or in the
 * background thread (aw_search_start) and reports; workers 1.. run the same
 * iterative deepening, odd ones a ply deeper, and meet in the shared table,
 * so the main thread finds its subtrees already searched (lazy SMP). The
 * main thread's last completed iteration gives the move. Stop is an atomic flag every
 * thread reads every 1024 nodes; the main thread also checks the clock and
 * the node limit there.
 *
 * An iteration that is stopped (timeman.c) is thrown away; the move is the
 * previous iteration's.
 */
#include "engine.h"

#include "book_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------- the driver */

static int root_compare(const void *a, const void *b)
{
    const root_move *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    if (x->prev_score != y->prev_score)
        return x->prev_score > y->prev_score ? -1 : 1;
    return 0;
}

/* Stable sort of root[first..n) by score, then previous score. */
static void sort_root(worker *w, int first)
{
    for (int i = first + 1; i < w->nroot; i++) {
        root_move t = w->root[i];
        int j = i;
        while (j > first && root_compare(&t, &w->root[j - 1]) < 0) {
            w->root[j] = w->root[j - 1];
            j--;
        }
        w->root[j] = t;
    }
}

static int root_search(worker *w, int depth, int alpha, int beta, int first)
{
    return w->eng->rules.family == AW_FAMILY_OWARE ? oware_root(w, depth, alpha, beta, first)
                                                   : relay_root(w, depth, alpha, beta, first);
}

/* The value of each legal move of *p by the tables (seeds it takes minus
 * the value of the position it leads to); false when they do not cover
 * *p. */
static bool table_moves(const engine *e, const aw_position *p, aw_move moves[AW_MAX_MOVES],
                        int value[AW_MAX_MOVES], int *n)
{
    if (!e->probe || board_seeds(p) > e->probe_seeds ||
        aw_position_status(&e->rules, p) != AW_ONGOING)
        return false;
    *n = aw_generate(&e->rules, p, moves);
    for (int i = 0; i < *n; i++) {
        aw_position c = *p;
        const int taken = aw_play(&e->rules, &c, moves[i]);
        int net;
        if (!e->probe(e->probe_ctx, &e->rules, &c, &net))
            return false;
        value[i] = taken - net;
    }
    return true;
}

/* Where the tables are exact, a line shown keeps their value: it ends
 * before the first move that, in a position they cover, gives some of it
 * away (the search's line may, beyond what it could see). */
static void keep_value(const engine *e, root_move *rm)
{
    aw_position p = e->root;
    for (int i = 0; i < rm->pv_len; i++) {
        aw_move moves[AW_MAX_MOVES];
        int value[AW_MAX_MOVES], n, best = -AW_SEEDS - 1, mine = best;
        if (table_moves(e, &p, moves, value, &n)) {
            for (int j = 0; j < n; j++) {
                best = value[j] > best ? value[j] : best;
                if (moves[j] == rm->pv[i])
                    mine = value[j];
            }
            if (mine < best) {
                rm->pv_len = i;
                return;
            }
        }
        aw_play(&e->rules, &p, rm->pv[i]);
    }
}

/* Whether the game ends right after the line (its last move ends it),
 * the game's history counted for repetition. */
static bool line_ends(const engine *e, const aw_move *pv, int len)
{
    if (len <= 0)
        return false;
    aw_position line[AW_SEARCH_MAX_PV + 1];
    line[0] = e->root;
    bool captured = false; /* since the root: the history no longer counts */
    int since = 0;         /* first position of the line since the last capture */
    for (int i = 0; i < len; i++) {
        if (aw_position_status(&e->rules, &line[i]) != AW_ONGOING ||
            !aw_is_legal(&e->rules, &line[i], pv[i]))
            return false;
        line[i + 1] = line[i];
        if (aw_play(&e->rules, &line[i + 1], pv[i])) {
            captured = true;
            since = i + 1;
        }
    }
    const aw_position *end = &line[len];
    if (aw_position_status(&e->rules, end) != AW_ONGOING)
        return true;
    if (!e->rules.repetition)
        return false;
    int seen = 1;
    for (int i = since; i < len; i++)
        seen += line[i].side == end->side && memcmp(line[i].pits, end->pits, AW_PITS) == 0;
    if (!captured)
        for (int i = 0; i < e->hist_len - 1; i++)
            seen += e->hist[i].side == end->side && memcmp(e->hist[i].pits, end->pits, AW_PITS) == 0;
    return seen >= e->rules.repetition;
}

/* The public score of a root line. A draw has a distance only when its line
 * ends the game. Inside tables that are exact the score is the tables'
 * result of the line's first move (every root move kept keeps the root's
 * value), with the search's distance when the search proved that very
 * result by reaching the end of the game, else without a distance: the
 * search's own score there may be an estimate (the end lies beyond its
 * horizon) or a margin that a target ends earlier. */
static aw_score line_score(const engine *e, const root_move *rm)
{
    aw_score s = sc_public(rm->score, 0);
    if (s.kind == AW_SCORE_DRAW && line_ends(e, rm->pv, rm->pv_len))
        s.plies = rm->pv_len;
    if (!e->tb_exact) {
        /* Tables that are not exact but that no repetition rule can spoil
         * (tb_keep) give the search wins and losses that hold under their
         * count of endless play (sc_table: no distance), which is no
         * proof. (A level one is an estimate already, see tree_oware.c.) */
        if ((s.kind == AW_SCORE_WIN || s.kind == AW_SCORE_LOSS) && s.plies == 0) {
            s.kind = AW_SCORE_SEEDS;
            s.value = 100 * s.margin;
            s.margin = 0;
        }
        return s;
    }
    if (!e->tb_root)
        return s;
    aw_position c = e->root;
    const int taken = aw_play(&e->rules, &c, rm->move);
    int net;
    if (!e->probe(e->probe_ctx, &e->rules, &c, &net))
        return s;
    const aw_score t = aw_tables_score(&e->rules, &e->root, taken - net);
    if (t.kind == s.kind && t.margin == s.margin && s.plies > 0)
        return s;
    return t;
}

/* The tables' own answer, where they are exact and hold the plies to the
 * end of the game (docs/engine.md, "Endgame tables"): every root move with
 * its value and plies, best first (the value, then the fewest plies when
 * the value is not negative, the most when it is: the tables' rule, so the
 * first is aw_tables_move), each line the tables' continuation, each score
 * their result. No search: the answer is the same at any depth, node count
 * or time, and played by both sides it ends the game with the margin they
 * promise in exactly the plies they give. False when the probe is not the
 * tables' or they do not cover the root with plies. */
static bool table_answer(engine *e, const aw_move *moves, int n, int lines)
{
    if (e->probe != aw_tables_probe_hook || n <= 0)
        return false;
    const aw_tables *t = e->probe_ctx;
    int v, d;
    /* The hook checks that the tables are those of the rules. */
    if (!e->probe(e->probe_ctx, &e->rules, &e->root, &v) ||
        !aw_tables_probe_plies(t, &e->root, &v, &d))
        return false;
    struct table_move {
        aw_move move;
        int value, plies;
    } rm[AW_MAX_MOVES];
    uint64_t probes = 1;
    for (int i = 0; i < n; i++) {
        aw_position c = e->root;
        const int taken = aw_play(&e->rules, &c, moves[i]);
        int cv, cp;
        probes++;
        if (!aw_tables_probe_plies(t, &c, &cv, &cp))
            return false;
        rm[i].move = moves[i];
        rm[i].value = taken - cv;
        rm[i].plies = 1 + cp;
    }
    /* Stable: among equals, the first in move order (aw_tables_move's). */
    for (int i = 1; i < n; i++) {
        const struct table_move x = rm[i];
        int j = i;
        while (j > 0 && (x.value > rm[j - 1].value ||
                         (x.value == rm[j - 1].value &&
                          (x.value >= 0 ? x.plies < rm[j - 1].plies : x.plies > rm[j - 1].plies)))) {
            rm[j] = rm[j - 1];
            j--;
        }
        rm[j] = x;
    }
    /* A target can end the game before the end the plies count: then the
     * result holds (docs/tables.md) but not its distance. */
    const bool to_the_end = e->rules.target <= 0 || e->rules.play_on;
    aw_search_info *info = &e->result.info;
    memset(info, 0, sizeof *info);
    info->depth = 1;
    info->lines = lines < n ? lines : n;
    for (int i = 0; i < info->lines; i++) {
        aw_search_line *l = &info->line[i];
        l->pv[0] = rm[i].move;
        l->length = 1;
        aw_position p = e->root;
        aw_play(&e->rules, &p, rm[i].move);
        aw_move m;
        while (l->length < AW_SEARCH_MAX_PV && aw_position_status(&e->rules, &p) == AW_ONGOING &&
               aw_tables_move(t, &p, &m)) {
            probes += 8;
            l->pv[l->length++] = m;
            aw_play(&e->rules, &p, m);
        }
        l->score = aw_tables_score(&e->rules, &e->root, rm[i].value);
        if (to_the_end)
            l->score.plies = rm[i].plies;
        if (l->length > info->seldepth)
            info->seldepth = l->length;
    }
    info->nodes = probes;
    info->time_ms = (int64_t)((search_now() - e->start) * 1000);
    e->result.best = rm[0].move;
    e->result.ponder = info->line[0].length > 1 ? info->line[0].pv[1] : AW_MOVE_NONE;
    e->result.tables = true;
    if (e->info)
        e->info(info, e->user);
    return true;
}

/* Extend a PV from the table (a table cut-off leaves it short). */
static void extend_pv(engine *e, root_move *rm)
{
    aw_position p = e->root;
    int i;
    for (i = 0; i < rm->pv_len; i++) {
        if (!aw_is_legal(&e->rules, &p, rm->pv[i]) ||
            aw_position_status(&e->rules, &p) != AW_ONGOING) {
            rm->pv_len = i;
            return;
        }
        aw_play(&e->rules, &p, rm->pv[i]);
    }
    while (rm->pv_len < AW_SEARCH_MAX_PV && rm->pv_len < 24 &&
           aw_position_status(&e->rules, &p) == AW_ONGOING) {
        uint64_t key;
        if (e->rules.family == AW_FAMILY_OWARE) {
            fboard f = fb_from_position(&p);
            key = key_oware(&f, e->rules.no_capture != 0);
        } else {
            key = key_generic(&p, e->rules.no_capture != 0);
        }
        tt_data t;
        if (!tt_probe(&e->table, key, &t) || t.move == TT_NO_MOVE)
            break;
        aw_move m = index_move(t.move);
        if (!aw_is_legal(&e->rules, &p, m))
            break;
        rm->pv[rm->pv_len++] = m;
        aw_play(&e->rules, &p, m);
    }
    if (e->tb_exact)
        keep_value(e, rm);
}

static void fill_info(engine *e, worker *w, int depth, int lines, aw_search_info *info)
{
    double now = search_now();
    memset(info, 0, sizeof *info);
    info->depth = depth;
    info->seldepth = w->seldepth;
    info->nodes = search_total_nodes(e);
    info->time_ms = (int64_t)((now - e->start) * 1000);
    double secs = now - e->start;
    info->nps = secs > 0 ? (uint64_t)((double)info->nodes / secs) : 0;
    info->hashfull = tt_hashfull(&e->table);
    if (lines > w->nroot)
        lines = w->nroot;
    if (!w->completed)
        lines = 0;
    info->lines = lines;
    for (int i = 0; i < lines; i++) {
        root_move *rm = &w->snap[i];
        aw_search_line *l = &info->line[i];
        l->length = rm->pv_len;
        memcpy(l->pv, rm->pv, (size_t)rm->pv_len * sizeof(aw_move));
        l->score = line_score(e, rm);
    }
}

/* Level settings: depth cap, softmax temperature (hundredths of a seed). */
static const struct {
    int depth, temperature;
} levels[11] = {{0, 0},    {1, 400}, {2, 250}, {3, 180}, {4, 120}, {5, 80},
                {6, 50},   {8, 30},  {10, 15}, {14, 6},  {0, 0}};

#ifdef AW_SMP_STATS
/* -DAW_SMP_STATS builds: each thread's table counters after its last
 * completed iteration, printed by the main thread with each depth. */
static uint64_t smp_stat[AW_SEARCH_MAX_THREADS][TT_STATS];
static uint64_t smp_nodes[AW_SEARCH_MAX_THREADS];
static int smp_depth[AW_SEARCH_MAX_THREADS];

static void smp_report(engine *e, int depth)
{
    fprintf(stderr, "smp depth %d time %.3f", depth, search_now() - e->start);
    for (int t = 0; t < e->nworkers; t++) {
        const uint64_t *c = smp_stat[t];
        fprintf(stderr, " | t%d depth %d nodes %llu probes %llu hit %.1f%% foreign %.1f%%", t,
                smp_depth[t], (unsigned long long)smp_nodes[t], (unsigned long long)c[0],
                c[0] ? 100.0 * (double)c[1] / (double)c[0] : 0.0,
                c[1] ? 100.0 * (double)c[2] / (double)c[1] : 0.0);
    }
    fprintf(stderr, "\n");
}
#endif

/* One thread's iterative deepening. Only worker 0 reports and decides when
 * to stop. */
static void iterate(worker *w)
{
    engine *e = w->eng;
    const int multipv = w->id == 0 ? e->result.info.lines : 1;
    int prev = 0;
    w->completed = 0;
#ifdef AW_SMP_STATS
    tt_stat_thread = w->id;
    memset(tt_stat, 0, sizeof tt_stat);
#endif
    tm_state tm;
    memset(&tm, 0, sizeof tm);
    for (int depth = 1 + (w->id & 1); depth <= e->max_depth; depth++) {
        w->seldepth = 0;
        w->horizon_evals = 0;
        for (int i = 0; i < w->nroot; i++) {
            w->root[i].prev_score = w->root[i].score;
        }
        for (int pv = 0; pv < multipv && pv < w->nroot; pv++) {
            int delta = 30, alpha = -SC_INF, beta = SC_INF;
            if (depth >= 4 && multipv == 1 && !sc_is_proven(prev)) {
                alpha = prev - delta;
                beta = prev + delta;
            }
            for (;;) {
                int v = root_search(w, depth, alpha, beta, pv);
                if (w->stopped)
                    break;
                sort_root(w, pv);
                if (v <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = alpha - delta < -SC_INF ? -SC_INF : alpha - delta;
                    if (sc_is_proven(v) || alpha < -SC_PROVEN)
                        alpha = -SC_INF;
                } else if (v >= beta) {
                    beta = beta + delta > SC_INF ? SC_INF : beta + delta;
                    if (sc_is_proven(v) || beta > SC_PROVEN)
                        beta = SC_INF;
                } else {
                    break;
                }
                delta += delta;
            }
            if (w->stopped)
                break;
        }
        if (w->stopped)
            break;
        sort_root(w, 0);
        prev = w->root[0].score;
        w->completed = depth;
        memcpy(w->snap, w->root, sizeof w->root[0] * (size_t)w->nroot);
#ifdef AW_SMP_STATS
        memcpy(smp_stat[w->id], tt_stat, sizeof tt_stat);
        smp_nodes[w->id] = w->nodes;
        smp_depth[w->id] = depth;
        if (w->id == 0)
            smp_report(e, depth);
#endif
        if (w->id != 0)
            continue;
        for (int i = 0; i < multipv && i < w->nroot; i++)
            extend_pv(e, &w->snap[i]);
        search_publish(w);
        fill_info(e, w, depth, multipv, &e->result.info);
        if (e->info)
            e->info(&e->result.info, e->user);
        /* Solved: no estimate was used anywhere in this iteration. */
        if (w->horizon_evals == 0)
            break;
        /* Time (timeman.c): do not start an iteration that cannot finish,
         * and spend more where the search is unsettled. */
        if (!search_time_continue(e, &tm, depth, w->root[0].move, w->root[0].score))
            break;
        /* A forced move (one legal, or one that the tables keep) needs no
         * time; a move the caller asked to search alone (searchmoves: the
         * review's value of the move played) gets its time like any. */
        if (w->nroot == 1 && !e->limits.only_count && e->soft_time > 0 &&
            !atomic_load(&e->pondering) && depth >= 4)
            break;
    }
}

static void *helper_main(void *arg)
{
    worker *w = arg;
    iterate(w);
    search_publish(w);
    return NULL;
}

/* The root's legal moves (none when the game is over there, by the rules
 * or by repetition), kept to the searchmoves when any is legal. */
static int root_moves(const engine *e, aw_move moves[AW_MAX_MOVES])
{
    const aw_limits *l = &e->limits;
    aw_status st = aw_position_status(&e->rules, &e->root);
    int n = st == AW_ONGOING ? aw_generate(&e->rules, &e->root, moves) : 0;
    if (st == AW_ONGOING && e->rules.repetition) {
        /* Repetition at the root ends the game as well. */
        int seen = 1;
        const aw_position *now = &e->hist[e->hist_len - 1];
        for (int i = e->hist_len - 3; i >= 0; i -= 2)
            if (memcmp(e->hist[i].pits, now->pits, AW_PITS) == 0)
                seen++;
        if (seen >= e->rules.repetition)
            n = 0;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        bool ok = !l->only_count;
        for (int j = 0; j < l->only_count && !ok; j++)
            ok = l->only[j] == moves[i];
        if (ok)
            moves[m++] = moves[i];
    }
    if (m == 0 && l->only_count)
        m = n; /* none of the searchmoves is legal: search them all */
    return m;
}

/* Only the root moves that keep the tables' value, when the tables know
 * every one of them. Returns the number kept. */
static int keep_table_moves(const engine *e, aw_move *moves, int n)
{
    int value[AW_MAX_MOVES], best = -AW_SEEDS - 1;
    bool known = true;
    for (int i = 0; i < n && known; i++) {
        aw_position c = e->root;
        const int taken = aw_play(&e->rules, &c, moves[i]);
        int net;
        known = e->probe(e->probe_ctx, &e->rules, &c, &net);
        value[i] = taken - net;
        best = value[i] > best ? value[i] : best;
    }
    if (!known)
        return n;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (value[i] == best)
            moves[m++] = moves[i];
    return m;
}

/* A result found before the search ends waits for stop, or for ponderhit
 * (and, with `infinite`, for stop alone). */
static void hold_result(engine *e, bool infinite)
{
    while (!atomic_load(&e->stop) && (infinite || atomic_load(&e->pondering))) {
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
    }
}

/* Levels: which of the `shown` lines of bw to play, by a softmax over the
 * root moves' scores, the way people miss the best move more often when it
 * is only a little better; the chosen line is then reported first. */
static int level_pick(engine *e, const worker *bw, int shown)
{
    const int temp = levels[e->level].temperature;
    const int top = bw->snap[0].score;
    double weight[AW_MAX_MOVES], sum = 0;
    for (int i = 0; i < shown; i++) {
        int s = bw->snap[i].score;
        double d = (double)(top - s) / temp;
        weight[i] = s <= -SC_INF || d > 8 ? 0 : exp(-d);
        sum += weight[i];
    }
    double r = (double)(rng_next(&e->rng) >> 11) / 9007199254740992.0 * sum;
    int pick;
    for (pick = 0; pick < shown - 1; pick++) {
        r -= weight[pick];
        if (r < 0)
            break;
    }
    if (weight[pick] == 0)
        pick = 0;
    if (pick) {
        /* Report the chosen line first. */
        aw_search_line chosen = e->result.info.line[pick];
        memmove(&e->result.info.line[1], &e->result.info.line[0], sizeof chosen * (size_t)pick);
        e->result.info.line[0] = chosen;
    }
    return pick;
}

static void run_search(engine *e)
{
    const aw_limits *l = &e->limits;
    worker *main_w = &e->workers[0];
    e->start = e->ponderhit_time = search_now();
    search_budget(e);
    e->max_depth = l->depth > 0 && l->depth < AW_SEARCH_MAX_DEPTH ? l->depth : AW_SEARCH_MAX_DEPTH;
    const bool noisy = e->level < 10;
    if (noisy && levels[e->level].depth < e->max_depth)
        e->max_depth = levels[e->level].depth;
    e->table.gen = (e->table.gen + 1) & 31;

    aw_move moves[AW_MAX_MOVES];
    int n = root_moves(e, moves);
    /* The endgame tables (docs/engine.md, "Endgame tables"). Where their
     * values are proofs (aw_tables_exact), a table hit is a proven result
     * and the scores shown are the tables' (line_score). Where no
     * repetition rule can spoil the tables' value (they are exact, or the
     * rules have none), only the moves that keep it are searched at the
     * root (where exact, in the root's whole layer: tree_oware.c), so none
     * of it can be given away, and the search (whose probes answer only
     * after a capture) looks for the fastest way to cash it in: values
     * alone do not say which of several equal moves makes progress. Under
     * a repetition rule that can fire, the value-keeping moves may walk
     * into a repetition that the game's history makes final, so every move
     * is searched, the repetition rule and the history deciding, and the
     * tables only evaluate (estimates, never proofs). */
    e->tb_root = e->probe && board_seeds(&e->root) <= e->probe_seeds;
    e->tb_exact = e->probe && aw_tables_exact(&e->rules);
    e->tb_keep = e->tb_exact || e->rules.repetition == 0;
    if (e->tb_root && e->tb_exact && !noisy) {
        /* Exact tables with the plies to the end answer without a search;
         * the result waits for stop or ponderhit like a search's. */
        int lines = l->multipv > 0 ? l->multipv : e->multipv;
        memset(&e->result, 0, sizeof e->result);
        if (table_answer(e, moves, n, lines < 1 ? 1 : lines)) {
            hold_result(e, l->infinite);
            return;
        }
    }
    if (e->tb_root && e->tb_keep && n > 1)
        n = keep_table_moves(e, moves, n);
    int lines = l->multipv > 0 ? l->multipv : e->multipv;
    if (noisy)
        lines = n;
    if (lines > n)
        lines = n;
    if (lines < 1)
        lines = 1;
    memset(&e->result, 0, sizeof e->result);
    e->result.best = n ? moves[0] : AW_MOVE_NONE;
    e->result.ponder = AW_MOVE_NONE;
    e->result.info.lines = lines;

    /* The opening book, at every level (BookVariety gives the choice; the
     * front ends set it by level), not for analysis (infinite). A ponder
     * search holds its book move until ponderhit or stop. */
    if (n > 0 && e->book && e->own_book && !l->infinite &&
        book_choose(e->book, &e->rules, &e->root, moves, n, e->book_variety, &e->book_rng, lines,
                    &e->result)) {
        hold_result(e, false);
        e->result.info.time_ms = (int64_t)((search_now() - e->start) * 1000);
        return;
    }

#ifdef AW_SMP_STATS
    memset(smp_stat, 0, sizeof smp_stat);
    memset(smp_depth, 0, sizeof smp_depth);
    memset(smp_nodes, 0, sizeof smp_nodes);
#endif
    for (int t = 0; t < e->nworkers; t++) {
        worker *w = &e->workers[t];
        w->eng = e;
        w->id = t;
        w->nodes = 0;
        atomic_store(&w->published, 0);
        w->stopped = false;
        w->completed = 0;
        w->nroot = n;
        for (int i = 0; i < n; i++) {
            w->root[i].move = moves[i];
            w->root[i].score = w->root[i].prev_score = -SC_INF;
            w->root[i].pv[0] = moves[i];
            w->root[i].pv_len = 1;
        }
    }
    if (n > 0) {
        int started = 1;
        for (int t = 1; t < e->nworkers; t++)
            if (pthread_create(&e->workers[t].thread, NULL, helper_main, &e->workers[t]) == 0)
                started++;
            else
                break;
        iterate(main_w);
        search_publish(main_w);
        /* In ponder or infinite mode the result waits for stop or ponderhit. */
        hold_result(e, l->infinite);
        atomic_store(&e->stop, true);
        for (int t = 1; t < started; t++)
            pthread_join(e->workers[t].thread, NULL);
    }

    /* The result: the main thread's last completed iteration. (Taking a
     * helper's when it got a ply further scored +39 =13 -48 for two
     * threads against one at 40 ms a move; the main thread's alone
     * +45 =15 -40 - neither significant, and this is the simpler.) */
    worker *bw = main_w;
    if (n > 0 && bw->completed > 0) {
        const int shown = bw == main_w ? lines : 1;
        for (int i = 0; i < shown; i++)
            extend_pv(e, &bw->snap[i]);
        fill_info(e, bw, bw->completed, shown, &e->result.info);
        const int pick = noisy && shown > 1 ? level_pick(e, bw, shown) : 0;
        const root_move *chosen = &bw->snap[pick];
        /* Stopped in the middle of an iteration: a move that already beat
         * the previous best at the new depth is better still. */
        if (!noisy && lines == 1 && bw == main_w && main_w->root[0].depth == bw->completed + 1 &&
            main_w->root[0].score > -SC_INF && main_w->root[0].move != chosen->move &&
            main_w->root[0].score > chosen->score) {
            /* Its line is checked and completed like the others. */
            extend_pv(e, &main_w->root[0]);
            chosen = &main_w->root[0];
        }
        e->result.best = chosen->move;
        e->result.ponder = chosen->pv_len > 1 ? chosen->pv[1] : AW_MOVE_NONE;
    } else {
        fill_info(e, main_w, 0, 0, &e->result.info);
    }
    if (e->result.info.nodes == 0)
        e->result.info.nodes = search_total_nodes(e);
}

/* The search threads' state and the table (every page touched: tt_init),
 * if they are not made yet or no longer fit Threads. */
static int make_state(engine *e, aw_error *err)
{
    if (!e->workers || e->nworkers != e->threads) {
        free(e->workers);
        e->workers = calloc((size_t)e->threads, sizeof *e->workers);
        if (!e->workers) {
            e->nworkers = 0;
            return aw_fail(err, "out of memory for %d search threads", e->threads);
        }
        e->nworkers = e->threads;
    }
    if (!e->table.slots && tt_init(&e->table, (size_t)e->hash_mb))
        return aw_fail(err, "out of memory for a %d MB table", e->hash_mb);
    return 0;
}

int aw_engine_ready(aw_engine *e, aw_error *err)
{
    if (atomic_load(&e->running) || e->joinable)
        return 0; /* a search runs: its state is made */
    return make_state(e, err);
}

static int prepare(engine *e, const aw_limits *limits, aw_info_fn info, aw_done_fn done, void *user,
                   aw_error *err)
{
    if (atomic_load(&e->running) || e->joinable)
        return aw_fail(err, "a search is already running");
    if (make_state(e, err))
        return -1;
    /* The tables of the Tables option serve full strength only, as the
     * front ends give theirs (src/front/engine_setup.c): below Level 10
     * an engine plays its endgames as a person of that level would. */
    if (e->tables_open) {
        const bool full = e->level >= 10;
        if (full && !e->probe)
            aw_engine_set_probe(e, aw_tables_probe_hook, e->tables_open,
                                aw_tables_seeds(e->tables_open));
        else if (!full && e->probe_ctx == e->tables_open)
            aw_engine_set_probe(e, NULL, NULL, 0);
    }
    static const aw_limits none = {0};
    e->limits = limits ? *limits : none;
    if (e->limits.only_count > AW_MAX_MOVES)
        e->limits.only_count = AW_MAX_MOVES;
    if (e->limits.only_count && e->limits.only) {
        memcpy(e->only, e->limits.only, (size_t)e->limits.only_count * sizeof(aw_move));
        e->limits.only = e->only;
    } else {
        e->limits.only_count = 0;
    }
    e->info = info;
    e->done = done;
    e->user = user;
    atomic_store(&e->stop, false);
    /* Held stops: one that came before this point (stop_asked is set
     * before stop) is seen here, one after sets stop itself. */
    if (e->hold_stops && atomic_load(&e->stop_asked))
        atomic_store(&e->stop, true);
    atomic_store(&e->pondering, e->limits.ponder);
    e->was_pondering = e->limits.ponder;
    return 0;
}

int aw_search_run(aw_engine *e, const aw_limits *limits, aw_info_fn info, void *user,
                  aw_search_result *result, aw_error *err)
{
    if (prepare(e, limits, info, NULL, user, err))
        return -1;
    atomic_store(&e->running, true);
    run_search(e);
    atomic_store(&e->running, false);
    if (result)
        *result = e->result;
    return 0;
}

static void *bg_main(void *arg)
{
    engine *e = arg;
    run_search(e);
    atomic_store(&e->running, false);
    if (e->done)
        e->done(&e->result, e->user);
    return NULL;
}

int aw_search_start(aw_engine *e, const aw_limits *limits, aw_info_fn info, aw_done_fn done,
                    void *user, aw_error *err)
{
    if (prepare(e, limits, info, done, user, err))
        return -1;
    atomic_store(&e->running, true);
    if (pthread_create(&e->bg, NULL, bg_main, e)) {
        atomic_store(&e->running, false);
        return aw_fail(err, "cannot start the search thread");
    }
    e->joinable = true;
    return 0;
}
