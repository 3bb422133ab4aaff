/*
 * review.c - game review (docs/review.md): every move of a game judged by
 * the engine (or exactly by the endgame tables), marked, summed up per
 * player, and written back into a record as marks, comments and the better
 * lines of the marked moves (variations).
 *
 * For each move: the position before it is searched with MultiPV 2 (the
 * best move and the best other one, for the marks ! and !!); when another
 * move was played, that move alone is searched under the same limits, so
 * that both values come from searches alike. Where the tables cover the
 * position every move gets its exact final margin instead. Values are
 * public scores from the mover's view: a proven result counts as its final
 * margin (value = 100 x margin), so that a loss in seeds compares estimates
 * and results on one scale.
 *
 * The review's order is its own (review_compare): the result first, then
 * the distance (a win sooner, a loss later), then the margin; the engine
 * puts the margin before the distance, so its lines are reordered, and a
 * move that ends the game at once is valued exactly. A move that keeps the
 * best move's proven result costs nothing and gets no mark (a win is a
 * win), at most a remark in the record. The moves of a set opening
 * (options.opening) are valued but not judged.
 *
 * Works through the public API (and aw_fail, and the held stops of engine.h:
 * a stop between two searches ends the review): the engine is the caller's.
 */
#include "awale.h"
#include "engine/engine.h"
#include "engine/nnue.h"
#include "rules/rules_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- values */

enum { R_UNKNOWN, R_WIN, R_DRAW, R_LOSS };

static int result_of(const aw_score *s)
{
    switch (s->kind) {
    case AW_SCORE_WIN: return R_WIN;
    case AW_SCORE_LOSS: return R_LOSS;
    case AW_SCORE_DRAW: return R_DRAW;
    default: return R_UNKNOWN;
    }
}

/* Hundredths of a seed: an estimate as it is, a result its margin. */
static int seeds_of(const aw_score *s)
{
    return s->kind == AW_SCORE_SEEDS ? s->value : s->kind == AW_SCORE_DRAW ? 0 : 100 * s->margin;
}

/* Whether going from `best` to `played` throws a proven result away: a
 * win for anything else, a draw for a loss. */
static bool thrown(const aw_score *best, const aw_score *played)
{
    const int b = result_of(best), p = result_of(played);
    return (b == R_WIN && p != R_WIN) || (b == R_DRAW && p == R_LOSS);
}

/* Both the same proven result: wins, draws or losses. */
static bool kept(const aw_score *best, const aw_score *played)
{
    const int b = result_of(best);
    return b != R_UNKNOWN && b == result_of(played);
}

/* The plies to a proven result's end, for ordering: an unknown distance
 * (0: the tables hold values, not distances) counts as farther than any. */
static int distance(const aw_score *s)
{
    return s->plies > 0 ? s->plies : 1 << 20;
}

static int sign(long d)
{
    return (d > 0) - (d < 0);
}

/* The review's order of values (mover's view; -1, 0, 1 as a is worse,
 * equal, better than b): the result first - a proven win above everything,
 * a proven loss below everything, draws and estimates between them by
 * their seeds - then, between two wins, the sooner, between two losses,
 * the later (the longer resistance), and only then the margin. The
 * engine's own order (aw_score_compare) puts the margin before the
 * distance. */
static int review_compare(const aw_score *a, const aw_score *b)
{
    const int ra = result_of(a), rb = result_of(b);
    const int ca = ra == R_WIN ? 2 : ra == R_LOSS ? 0 : 1, cb = rb == R_WIN ? 2 : rb == R_LOSS ? 0 : 1;
    if (ca != cb)
        return sign(ca - cb);
    if (ca == 1)
        return sign(seeds_of(a) - seeds_of(b));
    const int da = distance(a), db = distance(b);
    if (da != db)
        return ca == 2 ? sign(db - da) : sign(da - db);
    return sign(a->margin - b->margin);
}

/* What going from `best` to `played` cost, hundredths of a seed >= 0:
 * nothing when the move keeps the proven result (a win is a win, however
 * soon and by however much; a loss a loss), else the difference of the
 * seeds (a proven result counts as its final margin). */
static int loss_of(const aw_score *best, const aw_score *played)
{
    if (kept(best, played))
        return 0;
    const int l = seeds_of(best) - seeds_of(played);
    return l > 0 ? l : 0;
}

/* The network's estimates against the linear model's, percent, by the
 * network's output bucket (seeds on the board x 4 / 49: 0-12, 13-24, 25-36,
 * 37-48): what a loss the linear model puts at 100 is worth in the
 * network's values, measured on positions of self-play games
 * (tools/eval_scale.c, scripts/eval-scale.py; docs/review.md). */
static const int nnue_review_scale[NN_OUT_BUCKETS] = {200, 145, 120, 105};

int aw_review_scale(const aw_engine *eng, const aw_rules *rules, const aw_position *pos)
{
    if (!eng || !rules || !pos || eng->eval_kind != EVAL_NNUE || !nnue_suits(rules))
        return 100;
    const int b = nnue_bucket(board_seeds(pos));
    return nnue_review_scale[b < NN_OUT_BUCKETS ? b : NN_OUT_BUCKETS - 1];
}

/* A threshold (AW_REVIEW_*) for a move's values: exact ones (the tables)
 * and the book's (set on the linear model's values) as they are, a
 * search's estimates times the engine's scale. */
static int threshold(int t, int scale)
{
    return (int)((long)t * scale / 100);
}

/* The mark a move deserves by what it cost (awale.h). */
aw_mark aw_review_judge(const aw_score *best, const aw_score *played, int scale, int *loss_out)
{
    const int loss = loss_of(best, played);
    if (loss_out)
        *loss_out = loss;
    if (thrown(best, played))
        return AW_MARK_BLUNDER;
    if (kept(best, played))
        return AW_MARK_NONE;
    if (loss >= threshold(AW_REVIEW_BLUNDER, scale))
        return AW_MARK_BLUNDER;
    if (loss >= threshold(AW_REVIEW_MISTAKE, scale))
        return AW_MARK_MISTAKE;
    if (loss >= threshold(AW_REVIEW_INACCURACY, scale))
        return AW_MARK_DUBIOUS;
    return AW_MARK_NONE;
}

/* A result of the tables: `plies` 1 for a move that ends the game, else 0
 * (the distance is not known). */
static aw_score exact_score(int margin, int plies)
{
    aw_score s;
    memset(&s, 0, sizeof s);
    s.kind = margin > 0 ? AW_SCORE_WIN : margin < 0 ? AW_SCORE_LOSS : AW_SCORE_DRAW;
    s.margin = margin;
    s.value = 100 * margin;
    s.plies = plies;
    return s;
}

/* ------------------------------------------------------------- tables */

/* The exact final margin (mover's view) of every move of *pos from the
 * tables, and in plies[] (may be NULL) 1 for a move that ends the game, 0
 * for the others; false when they do not answer for every move. */
static bool table_margins(const aw_review_options *opt, const aw_rules *rules,
                          const aw_position *pos, const aw_move *moves, int n, int *margin,
                          int *plies)
{
    if (!opt->probe || board_seeds(pos) > opt->probe_seeds)
        return false;
    const int me = pos->side;
    for (int i = 0; i < n; i++) {
        aw_position c = *pos;
        aw_play(rules, &c, moves[i]);
        const aw_status st = aw_position_status(rules, &c);
        if (plies)
            plies[i] = st != AW_ONGOING;
        if (st != AW_ONGOING) {
            int sc[2];
            aw_final_scores(rules, &c, st, sc);
            margin[i] = sc[me] - sc[!me];
            continue;
        }
        int net;
        if (!opt->probe(opt->probe_ctx, rules, &c, &net))
            return false;
        margin[i] = c.score[me] - c.score[!me] - net;
    }
    return true;
}

/* The tables' line from *pos: the best move, again and again. */
static int table_line(const aw_review_options *opt, const aw_rules *rules, aw_position pos,
                      aw_move first, aw_move *pv, int max)
{
    int len = 0;
    aw_move m = first;
    while (len < max) {
        pv[len++] = m;
        aw_play(rules, &pos, m);
        if (aw_position_status(rules, &pos) != AW_ONGOING || len >= 12)
            break;
        aw_move moves[AW_MAX_MOVES];
        int margin[AW_MAX_MOVES];
        const int n = aw_generate(rules, &pos, moves);
        if (n == 0 || !table_margins(opt, rules, &pos, moves, n, margin, NULL))
            break;
        int b = 0;
        for (int i = 1; i < n; i++)
            if (margin[i] > margin[b])
                b = i;
        m = moves[b];
    }
    return len;
}

/* ------------------------------------------------------------ searches */

typedef struct ctx {
    aw_engine *engine;
    const aw_review_options *opt;
    aw_review *review;
    int reviewing;
} ctx;

/* Whether the review stops: aw_search_stop was called on the engine since
 * the review began (held from one search to the next), or the callback
 * says so. */
static int poll(ctx *c)
{
    if (search_stop_asked(c->engine) ||
        (c->opt->progress && c->opt->progress(c->opt->ctx, c->review, c->reviewing))) {
        c->review->stopped = true;
        return 1;
    }
    return 0;
}

/* One search of the engine's position. 0, 1 when stopped, -1 on error. */
static int search(ctx *c, int multipv, const aw_move *only, aw_search_result *res,
                  aw_error *err)
{
    aw_limits lim = c->opt->limits;
    if (!lim.depth && !lim.nodes && !lim.movetime_ms)
        lim.depth = 14;
    lim.infinite = lim.ponder = false;
    lim.time_ms[0] = lim.time_ms[1] = lim.inc_ms[0] = lim.inc_ms[1] = 0;
    lim.multipv = multipv;
    lim.only = only;
    lim.only_count = only ? 1 : 0;
    if (search_stop_asked(c->engine)) {
        c->review->stopped = true;
        return 1;
    }
    if (aw_search_run(c->engine, &lim, NULL, NULL, res, err))
        return -1;
    if (poll(c))
        return 1;
    return res->info.lines > 0 ? 0 : -1;
}

/* Review move k of the game whose position before it is `g`'s current.
 * 0, 1 when stopped, -1 on error. */
static int review_move(ctx *c, const aw_game *g, aw_move played, aw_review_move *rm,
                       aw_error *err)
{
    const aw_rules *rules = aw_game_rules(g);
    const aw_position *pos = aw_game_position(g);
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(rules, pos, moves);
    memset(rm, 0, sizeof *rm);
    rm->ply = aw_game_ply(g);
    rm->mover = pos->side;
    rm->legal = n;
    rm->played = played;
    rm->second = AW_MOVE_NONE;
    int margin[AW_MAX_MOVES], plies[AW_MAX_MOVES];
    if (table_margins(c->opt, rules, pos, moves, n, margin, plies)) {
        /* The best in the review's order (the move played among equal
         * ones), the best other. */
        aw_score v[AW_MAX_MOVES];
        memset(v, 0, sizeof v);
        int b = 0, p = 0, s = -1;
        for (int i = 0; i < n; i++) {
            v[i] = exact_score(margin[i], plies[i]);
            if (review_compare(&v[i], &v[b]) > 0)
                b = i;
            if (moves[i] == played)
                p = i;
        }
        if (review_compare(&v[p], &v[b]) == 0)
            b = p;
        for (int i = 0; i < n; i++)
            if (i != b && (s < 0 || review_compare(&v[i], &v[s]) > 0))
                s = i;
        rm->source = AW_REVIEW_TABLES;
        rm->best = moves[b];
        rm->best_score = v[b];
        rm->played_score = v[p];
        if (s >= 0) {
            rm->second = moves[s];
            rm->second_score = v[s];
        }
        rm->pv_length = table_line(c->opt, rules, *pos, rm->best, rm->pv, AW_SEARCH_MAX_PV);
        return 0;
    }
    if (aw_engine_set_game(c->engine, g, err))
        return -1;
    aw_search_result res;
    int rc = search(c, n > 1 ? 2 : 1, NULL, &res, err);
    if (rc)
        return rc;
    /* The lines best first in the review's order (a win sooner before a
     * bigger one later; a level below 10 could report them otherwise). */
    int order[AW_MAX_MOVES], nl = res.info.lines;
    for (int i = 0; i < nl; i++) {
        int j = i;
        while (j > 0 && review_compare(&res.info.line[i].score,
                                       &res.info.line[order[j - 1]].score) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    const aw_search_line *best = &res.info.line[order[0]];
    rm->source = res.book ? AW_REVIEW_BOOK : AW_REVIEW_SEARCH;
    rm->depth = res.book ? 0 : res.info.depth;
    rm->best = best->pv[0];
    rm->best_score = best->score;
    rm->pv_length = best->length;
    memcpy(rm->pv, best->pv, sizeof(aw_move) * (size_t)best->length);
    if (nl > 1) {
        rm->second = res.info.line[order[1]].pv[0];
        rm->second_score = res.info.line[order[1]].score;
    }
    /* A move that ends the game at once has its exact value, and a win
     * there is the soonest: the engine, which puts the margin first, may
     * have ranked a bigger win later above it, or left it out. */
    for (int i = 0; i < n; i++) {
        aw_position after = *pos;
        aw_play(rules, &after, moves[i]);
        const aw_status st = aw_position_status(rules, &after);
        if (st == AW_ONGOING)
            continue;
        int sc[2];
        aw_final_scores(rules, &after, st, sc);
        const aw_score v = exact_score(sc[rm->mover] - sc[!rm->mover], 1);
        if (review_compare(&v, &rm->best_score) <= 0)
            continue;
        if (moves[i] != rm->best) {
            rm->second = rm->best;
            rm->second_score = rm->best_score;
        }
        rm->best = moves[i];
        rm->best_score = v;
        rm->pv[0] = moves[i];
        rm->pv_length = 1;
    }
    if (played == rm->best) {
        rm->played_score = rm->best_score;
    } else if (played == rm->second) {
        rm->played_score = rm->second_score;
    } else {
        aw_search_result alone;
        if ((rc = search(c, 1, &played, &alone, err)))
            return rc;
        rm->played_score = alone.info.line[0].score;
    }
    /* The move played is at least as good as the best found: it is the
     * best (searches of different moves can disagree a little; or the
     * engine, which puts the margin first, preferred a bigger win later). */
    if (played != rm->best && review_compare(&rm->played_score, &rm->best_score) >= 0) {
        const aw_move m = rm->best;
        const aw_score v = rm->best_score;
        rm->best = played;
        rm->best_score = rm->played_score;
        rm->second = m;
        rm->second_score = v;
        rm->pv[0] = played;
        rm->pv_length = 1;
    }
    return 0;
}

/* Seeds captured by `m` in *pos, and by the reply `r` after it. */
static int gives_seeds(const aw_rules *rules, const aw_position *pos, const aw_review_move *rm)
{
    if (rm->pv_length < 2)
        return 0;
    aw_position p = *pos;
    const int mine = aw_play(rules, &p, rm->pv[0]);
    if (aw_position_status(rules, &p) != AW_ONGOING || !aw_is_legal(rules, &p, rm->pv[1]))
        return 0;
    const int theirs = aw_play(rules, &p, rm->pv[1]);
    return theirs - mine;
}

/* The scale of move m's thresholds (aw_review_scale for a search's
 * estimates, 100 for the tables' and the book's values). */
static int move_scale(const aw_engine *eng, const aw_rules *rules, const aw_position *pos,
                      const aw_review_move *m)
{
    return m->source == AW_REVIEW_SEARCH ? aw_review_scale(eng, rules, pos) : 100;
}

static void judge(const aw_engine *eng, const aw_rules *rules, const aw_position *pos,
                  aw_review_move *rm)
{
    rm->mark = AW_MARK_NONE;
    if (rm->opening) { /* set, not chosen: shown, not judged */
        rm->loss = 0;
        rm->result_lost = false;
        return;
    }
    rm->loss = loss_of(&rm->best_score, &rm->played_score);
    rm->result_lost = thrown(&rm->best_score, &rm->played_score);
    if (rm->legal <= 1)
        return;
    const int scale = move_scale(eng, rules, pos, rm);
    if (rm->played != rm->best) {
        rm->mark = aw_review_judge(&rm->best_score, &rm->played_score, scale, NULL);
        return;
    }
    if (rm->second == AW_MOVE_NONE)
        return;
    /* The only good move: the others throw the result away, or cost a
     * blunder's worth (a proven result kept costs nothing: a win only
     * sooner, later, bigger or smaller earns no !). */
    if (thrown(&rm->best_score, &rm->second_score) ||
        loss_of(&rm->best_score, &rm->second_score) >= threshold(AW_REVIEW_BLUNDER, scale))
        rm->mark = gives_seeds(rules, pos, rm) >= 2 ? AW_MARK_BRILLIANT : AW_MARK_GOOD;
}

/* ------------------------------------------------------------- summary */

/* Where a player stands: winning (2 seeds or more), level, or losing. */
static int band(const aw_score *s, int scale)
{
    const int v = seeds_of(s), t = threshold(AW_REVIEW_MISTAKE, scale);
    return v >= t ? 1 : v <= -t ? -1 : 0;
}

static bool turning(const aw_engine *eng, const aw_game *game, const aw_review_move *m)
{
    if (m->opening || (m->mark != AW_MARK_MISTAKE && m->mark != AW_MARK_BLUNDER))
        return false;
    const int scale =
        move_scale(eng, aw_game_rules(game), aw_game_position_at(game, m->ply), m);
    return m->result_lost || band(&m->played_score, scale) < band(&m->best_score, scale);
}

static long cost(const aw_review_move *m)
{
    return m->loss + (m->result_lost ? 1L << 20 : 0);
}

static void summarise(const aw_engine *eng, const aw_game *game, aw_review *r)
{
    memset(r->side, 0, sizeof r->side);
    double lost[2] = {0, 0};
    for (int i = 0; i < r->count; i++) {
        const aw_review_move *m = &r->move[i];
        if (m->opening)
            continue;
        aw_review_side *s = &r->side[m->mover];
        s->moves++;
        s->marks[m->mark]++;
        lost[m->mover] += m->loss < AW_REVIEW_LOSS_CAP ? m->loss : AW_REVIEW_LOSS_CAP;
    }
    for (int k = 0; k < 2; k++)
        r->side[k].average_loss = r->side[k].moves ? lost[k] / 100.0 / r->side[k].moves : 0;
    /* The costliest turning points (a result thrown away first), then in
     * game order. */
    r->nturning = 0;
    for (int i = 0; i < r->count; i++) {
        if (!turning(eng, game, &r->move[i]))
            continue;
        int at = r->nturning;
        while (at > 0 && cost(&r->move[r->turning[at - 1]]) < cost(&r->move[i]))
            at--;
        if (at >= AW_REVIEW_TURNING_MAX)
            continue;
        int n = r->nturning < AW_REVIEW_TURNING_MAX ? r->nturning : AW_REVIEW_TURNING_MAX - 1;
        for (int j = n; j > at; j--)
            r->turning[j] = r->turning[j - 1];
        r->turning[at] = i;
        if (r->nturning < AW_REVIEW_TURNING_MAX)
            r->nturning++;
    }
    for (int i = 1; i < r->nturning; i++)
        for (int j = i; j > 0 && r->turning[j - 1] > r->turning[j]; j--) {
            const int t = r->turning[j];
            r->turning[j] = r->turning[j - 1];
            r->turning[j - 1] = t;
        }
}

/* Review the moves of `game` from r->count on (the first r->count are
 * reviewed already), growing r to the game's length. 0, or -1 (the moves
 * reviewed before the error are kept). */
static int review_from(aw_engine *eng, const aw_game *game, aw_review *r,
                       const aw_review_options *opt, aw_error *err)
{
    static const aw_review_options none;
    if (!opt)
        opt = &none;
    const int total = aw_game_ply(game);
    if (total > r->total) {
        aw_review_move *m = realloc(r->move, sizeof *m * (size_t)total);
        if (!m)
            return aw_fail(err, "out of memory");
        memset(m + r->total, 0, sizeof *m * (size_t)(total - r->total));
        r->move = m;
        r->total = total;
    }
    aw_game *g = aw_game_new(aw_game_rules(game), aw_game_start(game));
    if (!g)
        return aw_fail(err, "out of memory");
    /* The moves already reviewed, played again: their positions are the
     * history of the next ones (repetition). */
    for (int k = 0; k < r->count; k++)
        if (aw_game_play(g, aw_game_move(game, k), err)) {
            aw_game_free(g);
            return -1;
        }
    r->stopped = false;
    /* From here a stop holds until the review returns, whenever it comes
     * (between two searches too); the callback is asked before the first
     * search for a stop that came before. */
    search_hold_stops(eng, true);
    ctx c = {eng, opt, r, r->count};
    int rc = r->count < total && poll(&c) ? 1 : 0;
    for (int k = r->count; k < total && !rc; k++) {
        c.reviewing = k;
        const aw_move played = aw_game_move(game, k);
        aw_review_move *rm = &r->move[k];
        /* Each move's searches begin from an empty table and history: at
         * a fixed depth a move's verdict then depends on the game alone,
         * not on what the engine searched before, nor on where the review
         * was paused and resumed. */
        aw_engine_clear(eng);
        rc = review_move(&c, g, played, rm, err);
        if (rc)
            break;
        rm->opening = k < opt->opening;
        judge(eng, aw_game_rules(g), aw_game_position(g), rm);
        if ((rc = aw_game_play(g, played, err)) != 0)
            break;
        r->count = k + 1;
        summarise(eng, game, r);
        c.reviewing = k + 1;
        if (k + 1 < total && poll(&c))
            break;
    }
    search_hold_stops(eng, false);
    summarise(eng, game, r);
    aw_game_free(g);
    return rc < 0 ? -1 : 0;
}

aw_review *aw_review_game(aw_engine *eng, const aw_game *game, const aw_review_options *opt,
                          aw_error *err)
{
    aw_review *r = calloc(1, sizeof *r);
    const int total = aw_game_ply(game);
    if (r)
        r->move = calloc((size_t)(total ? total : 1), sizeof *r->move);
    if (!r || !r->move) {
        aw_fail(err, "out of memory");
        aw_review_free(r);
        return NULL;
    }
    r->total = total;
    if (review_from(eng, game, r, opt, err)) {
        aw_review_free(r);
        return NULL;
    }
    return r;
}

int aw_review_resume(aw_engine *eng, const aw_game *game, aw_review *r,
                     const aw_review_options *opt, aw_error *err)
{
    if (aw_game_ply(game) < r->count)
        return aw_fail(err, "the game has %d moves, the review %d", aw_game_ply(game), r->count);
    for (int k = 0; k < r->count; k++)
        if (aw_game_move(game, k) != r->move[k].played)
            return aw_fail(err, "the game's move %d is not the reviewed game's", k + 1);
    return review_from(eng, game, r, opt, err);
}

void aw_review_free(aw_review *r)
{
    if (!r)
        return;
    free(r->move);
    free(r);
}

/* ------------------------------------------------------------- words */

/* "12." or "12..." for move k of a game that started with `first`. */
static void move_label(const aw_game *g, int k, char *buf, size_t size)
{
    const int first = aw_game_start(g)->side;
    const int round = first == AW_SOUTH ? k / 2 + 1 : (k + 1) / 2 + 1;
    snprintf(buf, size, "%d%s", round, (first + k) % 2 == AW_SOUTH ? "." : "...");
}

static void format_value(const aw_review_move *m, const aw_score *s, char *buf, size_t size)
{
    if (m->source == AW_REVIEW_TABLES) {
        char in[16] = "";
        if (s->plies > 0) /* a move that ends the game */
            snprintf(in, sizeof in, " in %d", s->plies);
        if (s->kind == AW_SCORE_WIN)
            snprintf(buf, size, "win +%d%s", s->margin, in);
        else if (s->kind == AW_SCORE_LOSS)
            snprintf(buf, size, "loss %d%s", s->margin, in);
        else
            snprintf(buf, size, "draw%s", in);
    } else {
        aw_score_format(s, buf, size);
    }
}

static void append(char *buf, size_t size, const char *fmt, ...) AW_PRINTF(3, 4);
static void append(char *buf, size_t size, const char *fmt, ...)
{
    const size_t n = strlen(buf);
    if (n + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

static const char *result_word(const aw_score *s)
{
    return result_of(s) == R_WIN ? "win" : "draw";
}

/* Whether an unmarked move gets a remark: it kept the best move's proven
 * win or loss, but the best wins sooner or by more, or holds out longer or
 * loses by less. No mark: a win is a win. */
static bool remark_due(const aw_review_move *m)
{
    return !m->opening && m->legal > 1 && m->mark == AW_MARK_NONE && m->played != m->best &&
           kept(&m->best_score, &m->played_score) && result_of(&m->best_score) != R_DRAW &&
           review_compare(&m->best_score, &m->played_score) > 0;
}

/* The remark of remark_due: "keeps the win (win +18 in 9); F wins sooner
 * (win +16 in 1)". */
static void move_remark(const aw_rules *rules, const aw_review_move *m, char *buf, size_t size)
{
    char best[40], played[40], mv[AW_MOVE_MAX];
    format_value(m, &m->best_score, best, sizeof best);
    format_value(m, &m->played_score, played, sizeof played);
    const bool win = result_of(&m->best_score) == R_WIN;
    const bool by_distance = distance(&m->best_score) != distance(&m->played_score);
    const char *how = win ? (by_distance ? "wins sooner" : "wins by more")
                          : (by_distance ? "holds out longer" : "loses by less");
    buf[0] = 0;
    if (m->source == AW_REVIEW_TABLES)
        append(buf, size, "tables: ");
    else if (m->source == AW_REVIEW_BOOK)
        append(buf, size, "book: ");
    append(buf, size, "%s (%s); %s %s (%s)", win ? "keeps the win" : "loses in any case", played,
           aw_move_format(rules, m->best, mv), how, best);
}

/* The comment of a marked move. */
static void move_comment(const aw_rules *rules, const aw_review_move *m, char *buf, size_t size)
{
    char best[40], played[40], second[40], mv[AW_MOVE_MAX], line[AW_SEARCH_MAX_PV * 4];
    format_value(m, &m->best_score, best, sizeof best);
    format_value(m, &m->played_score, played, sizeof played);
    line[0] = 0;
    for (int i = 0; i < m->pv_length && i < 10; i++) {
        char w[AW_MOVE_MAX];
        append(line, sizeof line, "%s%s", i ? " " : "", aw_move_format(rules, m->pv[i], w));
    }
    buf[0] = 0;
    if (m->source == AW_REVIEW_TABLES)
        append(buf, size, "tables: ");
    else if (m->source == AW_REVIEW_BOOK)
        append(buf, size, "book: ");
    if (m->mark == AW_MARK_GOOD || m->mark == AW_MARK_BRILLIANT) {
        format_value(m, &m->second_score, second, sizeof second);
        if (m->mark == AW_MARK_BRILLIANT)
            append(buf, size, "gives seeds away at once, and ");
        const int gap = loss_of(&m->best_score, &m->second_score);
        if (thrown(&m->best_score, &m->second_score))
            append(buf, size, "the only move that keeps the %s (%s)", result_word(&m->best_score),
                   best);
        else
            append(buf, size, "best by %d.%02d seeds (%s)", gap / 100, gap % 100, best);
        append(buf, size, "; next best %s %s", aw_move_format(rules, m->second, mv), second);
        return;
    }
    append(buf, size, "best %s %s", aw_move_format(rules, m->best, mv), best);
    if (m->source != AW_REVIEW_TABLES && m->pv_length > 1)
        append(buf, size, " (%s)", line);
    append(buf, size, "; played %s", played);
    if (m->result_lost)
        append(buf, size, ": throws away the %s", result_word(&m->best_score));
    else
        append(buf, size, ": loses %d.%02d seeds", m->loss / 100, m->loss % 100);
}

char *aw_review_summary(const aw_review *r, const aw_game *game, char *buf, size_t size)
{
    static const char *const names[2] = {"South", "North"};
    buf[0] = 0;
    for (int k = 0; k < 2; k++) {
        const aw_review_side *s = &r->side[k];
        const int b = s->marks[AW_MARK_BLUNDER], m = s->marks[AW_MARK_MISTAKE],
                  i = s->marks[AW_MARK_DUBIOUS],
                  g = s->marks[AW_MARK_GOOD] + s->marks[AW_MARK_BRILLIANT];
        append(buf, size,
               "%s%s: %d blunder%s, %d mistake%s, %d inaccurac%s, %d good move%s, "
               "%.2f seeds lost a move on average (%d move%s)",
               k ? "; " : "", names[k], b, b == 1 ? "" : "s", m, m == 1 ? "" : "s", i,
               i == 1 ? "y" : "ies", g, g == 1 ? "" : "s", s->average_loss, s->moves,
               s->moves == 1 ? "" : "s");
    }
    append(buf, size, "; turning points: ");
    if (r->nturning == 0)
        append(buf, size, "none");
    const aw_rules *rules = aw_game_rules(game);
    for (int i = 0; i < r->nturning; i++) {
        const aw_review_move *m = &r->move[r->turning[i]];
        char label[16], mv[AW_MOVE_MAX];
        move_label(game, m->ply, label, sizeof label);
        append(buf, size, "%s%s %s%s", i ? ", " : "", label, aw_move_format(rules, m->played, mv),
               aw_mark_text(m->mark));
    }
    int set = 0;
    for (int i = 0; i < r->count; i++)
        set += r->move[i].opening;
    if (set)
        append(buf, size, "; not judged: the set opening (%d move%s)", set, set == 1 ? "" : "s");
    if (r->count < r->total)
        append(buf, size, " (reviewed %d of %d moves%s)", r->count, r->total,
               r->stopped ? ", stopped" : "");
    return buf;
}

int aw_review_opening(const aw_record *rec)
{
    const aw_game *g = aw_record_game_const(rec);
    for (int ply = 1; ply <= aw_game_ply(g); ply++) {
        const char *c = aw_record_comment(rec, ply);
        if (c && strncmp(c, "opening", 7) == 0 && (c[7] == 0 || strncmp(c + 7, " / ", 3) == 0))
            return ply;
    }
    return 0;
}

/* Add `text` after the comment already at `ply`. */
static int add_comment(aw_record *rec, int ply, const char *text, aw_error *err)
{
    const char *old = aw_record_comment(rec, ply);
    if (!old)
        return aw_record_set_comment(rec, ply, text, err);
    char *joined = malloc(strlen(old) + strlen(text) + 4);
    if (!joined)
        return aw_fail(err, "out of memory");
    sprintf(joined, "%s / %s", old, text);
    const int rc = aw_record_set_comment(rec, ply, joined, err);
    free(joined);
    return rc;
}

/* The better line of a marked move (the review's pv from the position
 * before it) as a variation of the move: the moves that can be played, up
 * to the end of the line or the first that cannot (a line that the game's
 * history ends by repetition). A line already there is followed, not
 * doubled. 0, or -1 (out of memory, a limit of the record). */
static int add_better_line(aw_record *rec, const aw_review_move *m, aw_error *err)
{
    if (m->mark == AW_MARK_NONE || m->mark == AW_MARK_GOOD || m->mark == AW_MARK_BRILLIANT ||
        m->pv_length <= 0 || m->pv[0] == m->played)
        return 0;
    const aw_record *crec = rec;
    int node = AW_RECORD_ROOT;
    for (int i = 0; i < m->ply; i++)
        node = aw_record_node_child(crec, node, 0);
    if (node < 0)
        return aw_fail(err, "the record's move %d is not the reviewed game's", m->ply + 1);
    aw_game *g = aw_record_node_game(rec, node, err);
    if (!g)
        return -1;
    for (int i = 0; i < m->pv_length && i < AW_SEARCH_MAX_PV; i++) {
        aw_error e;
        if (aw_game_play(g, m->pv[i], &e))
            break; /* not playable there: the line stops */
        if ((node = aw_record_node_add(rec, node, m->pv[i], err)) < 0) {
            aw_game_free(g);
            return -1;
        }
    }
    aw_game_free(g);
    return 0;
}

int aw_review_annotate(const aw_review *r, aw_record *rec, const char *title, aw_error *err)
{
    const aw_game *g = aw_record_game_const(rec);
    if (aw_game_ply(g) < r->count)
        return aw_fail(err, "the record has %d moves, the review %d", aw_game_ply(g), r->count);
    for (int k = 0; k < r->count; k++)
        if (aw_game_move(g, k) != r->move[k].played)
            return aw_fail(err, "the record's move %d is not the reviewed game's", k + 1);
    const aw_rules *rules = aw_game_rules(g);
    char text[1024];
    for (int k = 0; k < r->count; k++) {
        const aw_review_move *m = &r->move[k];
        if (aw_record_set_mark(rec, k, m->mark, err))
            return -1;
        if (remark_due(m))
            move_remark(rules, m, text, sizeof text);
        else if (m->mark != AW_MARK_NONE)
            move_comment(rules, m, text, sizeof text);
        else
            continue;
        if (add_comment(rec, k + 1, text, err))
            return -1;
        if (add_better_line(rec, m, err))
            return -1;
    }
    char summary[800];
    aw_review_summary(r, g, summary, sizeof summary);
    snprintf(text, sizeof text, "%.200s%s%s", title ? title : "", title ? ": " : "", summary);
    return add_comment(rec, 0, text, err);
}
