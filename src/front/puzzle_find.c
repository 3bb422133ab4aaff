/*
 * puzzle_find.c - the puzzle finder and checker (docs/puzzles.md).
 *
 * A position is a puzzle when exactly one move wins, or, when none wins,
 * exactly one move saves the draw (searched with the linear evaluation, on
 * whose scale the estimates' bounds are set). Two ways to know:
 *   - the endgame tables, where they cover the position and their values
 *     are proofs (aw_tables_exact: rule sets with a no-capture limit): the
 *     margin of every move is exact;
 *   - otherwise a search of every root move (MultiPV) to the finder's
 *     depth: the solution is a proven win (the search reached the end of
 *     every line it relied on), or an estimate of at least PUZZLE_WIN_EST,
 *     while every other move is proven not to win or estimated at most
 *     PUZZLE_NOT_WIN_EST (a gap of 3 seeds at least); for the draw, the
 *     solution is a proven draw and every other move a proven loss or an
 *     estimate of at most PUZZLE_LOSE_EST.
 * A cheap search (depth 6) filters the positions first: only those with a
 * gap between the two best moves are searched deeply.
 *
 * The solution line: the solver's move, the defender's best reply (the
 * search's principal variation, or the tables' move that holds out
 * longest), then the solver's next move while it is again the only one
 * that wins (the same test), up to PUZZLE_FIND_LINE moves; it ends with a
 * move of the solver, when the game ends, or when more than one move keeps
 * the win (the win is then clear enough: any of them does).
 *
 * Themes are read off the line (src/front/puzzles.h); the rating comes
 * from the depth at which the search first settles on the move and keeps
 * it, the alternatives that capture as much, whether the move is quiet, and
 * the number of moves to find (puzzle_rating).
 */
#include "front/puzzle_find.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/engine_setup.h"

#define FILTER_DEPTH 6
#define FILTER_GAP 250

struct puzzle_finder {
    aw_rules rules;
    char rules_name[16];
    int depth;
    uint64_t nodes;
    const aw_tables *tables;
    bool tables_exact;
    aw_engine *engine; /* the checker: full strength, the tables */
    aw_engine *player; /* the games' players                     */
    atomic_int stopped;
    /* positions examined (hashes; open addressing, 0 = empty) */
    uint64_t *seen;
    size_t seen_size, seen_count;
    /* per search: the best move at each depth */
    aw_move best_at[AW_SEARCH_MAX_DEPTH + 2];
    int last_depth;
};

int puzzle_default_depth(const aw_rules *rules)
{
    return rules->family == AW_FAMILY_RELAY ? 10 : 16;
}

puzzle_finder *puzzle_finder_new(const puzzle_find_config *cfg, aw_error *err)
{
    puzzle_finder *pf = calloc(1, sizeof *pf);
    if (!pf) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    if (aw_rules_preset(cfg->rules_name, &pf->rules, err)) {
        free(pf);
        return NULL;
    }
    snprintf(pf->rules_name, sizeof pf->rules_name, "%s", cfg->rules_name);
    pf->depth = cfg->depth > 0 ? cfg->depth : puzzle_default_depth(&pf->rules);
    pf->nodes = cfg->nodes;
    pf->tables = cfg->tables;
    pf->tables_exact = cfg->tables && aw_tables_exact(&pf->rules);
    engine_config ec = engine_config_default();
    ec.threads = cfg->threads > 0 ? cfg->threads : 1;
    ec.hash_mb = cfg->hash_mb > 0 ? cfg->hash_mb : 16;
    ec.tables = cfg->tables;
    /* The linear evaluation, not the front ends' network: the estimates'
     * bounds (PUZZLE_*_EST) were set, and the shipped puzzles found and
     * checked, on its scale; the network's estimates spread wider (checked
     * with it, 7 of the 960 puzzles fall short of a bound although their
     * move is the one it plays: docs/puzzles.md, "The evaluation"). */
    ec.options = "OwnBook=false,Eval=linear";
    pf->engine = engine_setup_new(&ec, err);
    ec.tables = NULL;
    ec.threads = 1;
    ec.hash_mb = 4;
    pf->player = pf->engine ? engine_setup_new(&ec, err) : NULL;
    pf->seen_size = 1 << 16;
    pf->seen = calloc(pf->seen_size, sizeof *pf->seen);
    if (!pf->engine || !pf->player || !pf->seen) {
        if (pf->engine && pf->player)
            snprintf(err->msg, sizeof err->msg, "out of memory");
        puzzle_finder_free(pf);
        return NULL;
    }
    return pf;
}

void puzzle_finder_free(puzzle_finder *pf)
{
    if (!pf)
        return;
    aw_engine_free(pf->engine);
    aw_engine_free(pf->player);
    free(pf->seen);
    free(pf);
}

void puzzle_finder_stop(puzzle_finder *pf)
{
    pf->stopped = 1;
    aw_search_stop(pf->engine);
    aw_search_stop(pf->player);
}

bool puzzle_finder_stopped(const puzzle_finder *pf) { return pf->stopped; }

/* ------------------------------------------------------------ helpers */

/* Whether hash h was seen before; records it. */
static bool seen_before(puzzle_finder *pf, uint64_t h)
{
    if (!h)
        h = 1;
    if (pf->seen_count * 2 >= pf->seen_size) {
        size_t size = pf->seen_size * 2;
        uint64_t *t = calloc(size, sizeof *t);
        if (!t)
            return false;
        for (size_t i = 0; i < pf->seen_size; i++)
            if (pf->seen[i])
                for (size_t j = pf->seen[i] & (size - 1);; j = (j + 1) & (size - 1))
                    if (!t[j]) {
                        t[j] = pf->seen[i];
                        break;
                    }
        free(pf->seen);
        pf->seen = t;
        pf->seen_size = size;
    }
    for (size_t j = h & (pf->seen_size - 1);; j = (j + 1) & (pf->seen_size - 1)) {
        if (pf->seen[j] == h)
            return true;
        if (!pf->seen[j]) {
            pf->seen[j] = h;
            pf->seen_count++;
            return false;
        }
    }
}

static uint64_t position_key(const aw_position *pos)
{
    return aw_position_hash(pos) ^ ((uint64_t)pos->quiet << 1);
}

void puzzle_finder_mark_seen(puzzle_finder *pf, const aw_position *pos)
{
    seen_before(pf, position_key(pos));
}

static int seeds_on_board(const aw_position *pos)
{
    int n = 0;
    for (int i = 0; i < AW_PITS; i++)
        n += pos->pits[i];
    return n;
}

static void on_info(const aw_search_info *info, void *user)
{
    puzzle_finder *pf = user;
    if (info->depth >= 0 && info->depth <= AW_SEARCH_MAX_DEPTH && info->lines > 0 &&
        info->line[0].length > 0) {
        pf->best_at[info->depth] = info->line[0].pv[0];
        pf->last_depth = info->depth;
    }
}

/* Every root move searched to `depth`: info->line[] best first. -1 when
 * stopped or on error. */
static int search_all(puzzle_finder *pf, const aw_position *pos, int depth, uint64_t nodes,
                      aw_search_info *out, aw_error *err)
{
    if (pf->stopped)
        return -1;
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(&pf->rules, pos, moves);
    if (aw_engine_set_position(pf->engine, &pf->rules, pos, err))
        return -1;
    aw_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.nodes = nodes;
    lim.multipv = n;
    memset(pf->best_at, 0xFF, sizeof pf->best_at);
    pf->last_depth = 0;
    aw_search_result res;
    if (aw_search_run(pf->engine, &lim, on_info, pf, &res, err))
        return -1;
    if (pf->stopped) {
        snprintf(err->msg, sizeof err->msg, "stopped");
        return -1;
    }
    *out = res.info;
    return 0;
}

typedef enum verdict_kind { NONE = 0, WINS = 1, SAVES = 2 } verdict_kind;

typedef struct bounds {
    int win, not_win, lose;
} bounds;

static const bounds find_bounds = {PUZZLE_WIN_EST, PUZZLE_NOT_WIN_EST, PUZZLE_LOSE_EST};
static const bounds verify_bounds = {PUZZLE_VERIFY_WIN_EST, PUZZLE_VERIFY_NOT_WIN_EST,
                                     PUZZLE_VERIFY_LOSE_EST};

static bool s_wins(const aw_score *s, const bounds *b)
{
    return s->kind == AW_SCORE_WIN || (s->kind == AW_SCORE_SEEDS && s->value >= b->win);
}
static bool s_not_win(const aw_score *s, const bounds *b)
{
    return s->kind == AW_SCORE_LOSS || s->kind == AW_SCORE_DRAW ||
           (s->kind == AW_SCORE_SEEDS && s->value <= b->not_win);
}
static bool s_loses(const aw_score *s, const bounds *b)
{
    return s->kind == AW_SCORE_LOSS || (s->kind == AW_SCORE_SEEDS && s->value <= b->lose);
}

/* What a MultiPV search says of the root: the only winning move (WINS),
 * the only drawing one (SAVES), or NONE. *move: that move. */
static verdict_kind judge_search(const aw_search_info *info, int legal, const bounds *b,
                                 verdict_kind want, aw_move *move)
{
    if (info->lines < legal || legal < 2)
        return NONE;
    const aw_search_line *best = &info->line[0];
    if (best->length < 1)
        return NONE;
    *move = best->pv[0];
    if (want != SAVES && s_wins(&best->score, b)) {
        for (int i = 1; i < info->lines; i++)
            if (!s_not_win(&info->line[i].score, b))
                return NONE;
        return WINS;
    }
    if (want != WINS && best->score.kind == AW_SCORE_DRAW) {
        for (int i = 1; i < info->lines; i++)
            if (!s_loses(&info->line[i].score, b))
                return NONE;
        return SAVES;
    }
    return NONE;
}

/* The same from exact tables: the margin of every move. -2: not covered. */
static verdict_kind judge_tables(const puzzle_finder *pf, const aw_position *pos,
                                 verdict_kind want, aw_move *move, aw_move *reply_hint)
{
    (void)reply_hint;
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    int n = aw_tables_probe_moves(pf->tables, pos, moves, values);
    if (n < 2)
        return NONE;
    int base = pos->score[pos->side] - pos->score[!pos->side];
    int wins = 0, draws = 0;
    aw_move win = AW_MOVE_NONE, draw = AW_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        int margin = base + values[i];
        if (margin > 0)
            wins++, win = moves[i];
        else if (margin == 0)
            draws++, draw = moves[i];
    }
    if (want != SAVES && wins == 1) {
        *move = win;
        return WINS;
    }
    if (want != WINS && wins == 0 && draws == 1) {
        *move = draw;
        return SAVES;
    }
    return NONE;
}

static bool tables_cover(const puzzle_finder *pf, const aw_position *pos)
{
    return pf->tables_exact && seeds_on_board(pos) <= aw_tables_seeds(pf->tables);
}

/* Whether tables that do not prove values (abapa, two-seeds: endless play
 * counted as an even split) still cover *pos and agree: `move` alone has
 * the best value, a win (or, for the draw, a draw). */
static bool tables_agree(const puzzle_finder *pf, const aw_position *pos, aw_move move,
                         verdict_kind v)
{
    if (!pf->tables || seeds_on_board(pos) > aw_tables_seeds(pf->tables))
        return false;
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    int n = aw_tables_probe_moves(pf->tables, pos, moves, values);
    int base = pos->score[pos->side] - pos->score[!pos->side];
    int mine = -1000, others = -1000;
    for (int i = 0; i < n; i++) {
        if (moves[i] == move)
            mine = values[i];
        else if (values[i] > others)
            others = values[i];
    }
    if (mine == -1000 || mine <= others)
        return false;
    return v == WINS ? base + mine > 0 && base + others <= 0 : base + mine == 0 && base + others < 0;
}

/* The defender's reply in the tables: the move that keeps the value (the
 * longest resistance when losing), else the best value. */
static aw_move tables_reply(const puzzle_finder *pf, const aw_position *pos)
{
    aw_move m;
    if (aw_tables_move(pf->tables, pos, &m))
        return m;
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    int n = aw_tables_probe_moves(pf->tables, pos, moves, values);
    int best = -1;
    for (int i = 0; i < n; i++)
        if (best < 0 || values[i] > values[best])
            best = i;
    return best < 0 ? AW_MOVE_NONE : moves[best];
}

/* Judge a position: the tables where they prove, else the search. With
 * the search, *reply is the defender's answer of the principal variation
 * after the move (AW_MOVE_NONE when none). -1 stopped/error. */
static int judge(puzzle_finder *pf, const aw_position *pos, int depth, const bounds *b,
                 verdict_kind want, aw_move *move, aw_move *reply, bool *by_tables,
                 aw_search_info *info, aw_error *err)
{
    *reply = AW_MOVE_NONE;
    *by_tables = false;
    aw_move legal[AW_MAX_MOVES];
    int n = aw_generate(&pf->rules, pos, legal);
    if (tables_cover(pf, pos)) {
        *by_tables = true;
        verdict_kind v = judge_tables(pf, pos, want, move, NULL);
        if (v != NONE) {
            aw_position after = *pos;
            aw_play(&pf->rules, &after, *move);
            if (aw_position_status(&pf->rules, &after) == AW_ONGOING)
                *reply = tables_reply(pf, &after);
        }
        if (info)
            memset(info, 0, sizeof *info);
        return v;
    }
    aw_search_info local;
    aw_search_info *si = info ? info : &local;
    if (search_all(pf, pos, depth, pf->nodes, si, err))
        return -1;
    verdict_kind v = judge_search(si, n, b, want, move);
    if (v != NONE && si->line[0].length >= 2)
        *reply = si->line[0].pv[1];
    return v;
}

/* ------------------------------------------------------------ themes */

static bool is_grand_slam(const aw_rules *rules, const aw_position *pos, aw_move m)
{
    aw_position p = *pos;
    aw_move_report r;
    if (aw_play_report(rules, &p, m, &r) < 0)
        return false;
    return r.grand_slam;
}

static unsigned line_themes(const puzzle_finder *pf, const aw_position *start,
                            const aw_move *line, int length, bool by_tables)
{
    if (length <= 0)
        return by_tables ? PUZZLE_THEME_ENDGAME : 0;
    const aw_rules *rules = &pf->rules;
    unsigned t = 0;
    int solver = start->side;
    aw_position p = *start;
    /* A grand slam among the first move's alternatives (a trap under
     * rules where it takes nothing, the point where it takes all). */
    aw_move legal[AW_MAX_MOVES];
    int n = aw_generate(rules, start, legal);
    for (int i = 0; i < n; i++)
        if (is_grand_slam(rules, start, legal[i]))
            t |= PUZZLE_THEME_GRAND_SLAM;
    for (int i = 0; i < length; i++) {
        bool mine = i % 2 == 0;
        if (mine && aw_position_row(&p, !solver) == 0)
            t |= PUZZLE_THEME_FEEDING;
        if (i > 0 && aw_position_status(rules, &p) != AW_ONGOING)
            break;
        aw_move_report *r = malloc(sizeof *r);
        if (!r)
            return t;
        if (aw_play_report(rules, &p, line[i], r) < 0) {
            free(r);
            break;
        }
        if (r->grand_slam)
            t |= PUZZLE_THEME_GRAND_SLAM;
        if (mine && r->npits >= 2)
            t |= PUZZLE_THEME_CAPTURE_CHAIN;
        if (mine && r->seeds >= 12)
            t |= PUZZLE_THEME_COUNTING;
        free(r);
        /* Starving: the defender is left without a seed by the solver's
         * move, or runs out and the game ends (the solver cannot or need
         * not feed him), or has no move left (relay). */
        aw_status st = aw_position_status(rules, &p);
        if ((aw_position_row(&p, !solver) == 0 && (mine || st != AW_ONGOING)) ||
            (mine && st == AW_END_NO_MOVE))
            t |= PUZZLE_THEME_STARVING;
        if (st == AW_END_TARGET && p.score[solver] >= rules->target)
            t |= PUZZLE_THEME_COUNTING;
    }
    if (by_tables)
        t |= PUZZLE_THEME_ENDGAME;
    return t;
}

/* ------------------------------------------------------------ rating */

/* The ply of the line at which the solver's gain shows: the solver's
 * captures minus the defender's since the start reach 2 seeds, or the game
 * ends; the line's length + 1 when it never does (a quiet plan). */
static int payoff_ply(const puzzle_finder *pf, const aw_position *start, const aw_move *line,
                      int length)
{
    aw_position p = *start;
    int solver = start->side, gain = 0;
    for (int i = 0; i < length; i++) {
        if (!aw_is_legal(&pf->rules, &p, line[i]))
            break;
        int c = aw_play(&pf->rules, &p, line[i]);
        gain += i % 2 == 0 ? c : -c;
        if (gain >= 2 || aw_position_status(&pf->rules, &p) != AW_ONGOING)
            return i + 1;
    }
    (void)solver;
    return length + 1;
}

/* The points of a middling puzzle of each rule set, where the curve
 * crosses 1600: the puzzles each rule set's games give differ (the relay
 * game's are found at a shallower depth, seven-turns' and grand-slam's are
 * more often short endgames), and each rule set's players have their own
 * ratings, so each set is centred on its own (docs/puzzles.md). */
static int rating_center(const char *rules)
{
    static const struct {
        const char *rules;
        int center;
    } centers[] = {{"abapa", 750}, {"two-seeds", 750}, {"seven-turns", 450},
                   {"grand-slam", 450}, {"relay", 300}};
    for (size_t i = 0; rules && i < sizeof centers / sizeof centers[0]; i++)
        if (strcmp(rules, centers[i].rules) == 0)
            return centers[i].center;
    return 750;
}

int puzzle_rating(const char *rules, int dfirst, int tempting, bool quiet, int solver_moves,
                  int legal, int payoff)
{
    if (dfirst < 1)
        dfirst = 1;
    if (payoff < 1)
        payoff = 1;
    if (dfirst > 17)
        dfirst = 17;
    if (payoff > 13)
        payoff = 13;
    /* Points for each signal, then mapped by a logistic curve onto
     * 600..2600, so that each rule set's puzzles spread over the whole
     * range with their median near 1450 (calibrated on the shipped
     * builds: docs/puzzles.md, "Ratings"). */
    int raw = 95 * (dfirst - 1) + 130 * tempting + (quiet ? 220 : 0) +
              110 * (solver_moves - 1) + 30 * (legal - 2) + 40 * (payoff - 1);
    int r = (int)lround(600.0 + 2000.0 / (1.0 + exp(-(raw - rating_center(rules)) / 250.0)));
    if (r < PUZZLE_RATING_MIN)
        r = PUZZLE_RATING_MIN;
    if (r > PUZZLE_RATING_MAX)
        r = PUZZLE_RATING_MAX;
    return r;
}

/* ------------------------------------------------------------ finding */

static int first_depth(puzzle_finder *pf, const aw_position *pos, aw_move move, aw_error *err)
{
    aw_error e;
    aw_engine_set_option(pf->player, "Level", "10", &e);
    aw_engine_clear(pf->player);
    if (aw_engine_set_position(pf->player, &pf->rules, pos, err))
        return -1;
    aw_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = pf->depth;
    lim.nodes = pf->nodes;
    memset(pf->best_at, 0xFF, sizeof pf->best_at);
    pf->last_depth = 0;
    aw_search_result res;
    if (aw_search_run(pf->player, &lim, on_info, pf, &res, err))
        return -1;
    if (pf->stopped) {
        snprintf(err->msg, sizeof err->msg, "stopped");
        return -1;
    }
    if (pf->last_depth < 1 || pf->best_at[pf->last_depth] != move)
        return pf->depth + 1; /* it never settles on it */
    int d = pf->last_depth;
    while (d > 1 && pf->best_at[d - 1] == move)
        d--;
    return d;
}

int puzzle_finder_try(puzzle_finder *pf, const aw_position *pos, puzzle *out,
                      puzzle_find_info *info, aw_error *err)
{
    memset(info, 0, sizeof *info);
    if (pf->stopped) {
        snprintf(err->msg, sizeof err->msg, "stopped");
        return -1;
    }
    if (aw_position_status(&pf->rules, pos) != AW_ONGOING)
        return 0;
    aw_move legal[AW_MAX_MOVES];
    int n = aw_generate(&pf->rules, pos, legal);
    if (n < 2)
        return 0;
    if (seen_before(pf, position_key(pos))) {
        info->seen = true;
        return 0;
    }

    /* The quick filter (not for positions the tables decide). */
    aw_search_info si;
    if (!tables_cover(pf, pos)) {
        if (search_all(pf, pos, FILTER_DEPTH, 0, &si, err))
            return -1;
        info->nodes += si.nodes;
        if (si.lines < n)
            return 0;
        const aw_score *a = &si.line[0].score, *b = &si.line[1].score;
        bool proven_gap = (a->kind == AW_SCORE_WIN && b->kind != AW_SCORE_WIN) ||
                          (a->kind == AW_SCORE_DRAW && b->kind == AW_SCORE_LOSS);
        if (!proven_gap && (a->value - b->value < FILTER_GAP ||
                            (a->kind == AW_SCORE_SEEDS && a->value < FILTER_GAP &&
                             a->value > -FILTER_GAP)))
            return 0;
    }
    info->deep = true;

    /* The deep check of the root. */
    aw_move move, reply;
    bool by_tables;
    aw_engine_clear(pf->engine);
    int v = judge(pf, pos, pf->depth, &find_bounds, NONE, &move, &reply, &by_tables, &si, err);
    if (v < 0)
        return -1;
    info->nodes += si.nodes;
    if (v == NONE)
        return 0;
    aw_move root_pv[AW_SEARCH_MAX_PV];
    int root_pv_len = 0;
    if (!by_tables && si.lines > 0) {
        root_pv_len = si.line[0].length;
        memcpy(root_pv, si.line[0].pv, (size_t)root_pv_len * sizeof *root_pv);
    }
    /* The depth from which a plain search (one line, no tables) keeps the
     * move: how far one must look to see it. */
    int dfirst = first_depth(pf, pos, move, err);
    if (dfirst < 0)
        return -1;

    /* The line. */
    puzzle pz;
    memset(&pz, 0, sizeof pz);
    pz.id = -1;
    pz.rules = pf->rules;
    snprintf(pz.rules_name, sizeof pz.rules_name, "%s", pf->rules_name);
    pz.position = *pos;
    aw_position_format(pos, pz.position_text);
    pz.solution[pz.length++] = move;
    aw_position at = *pos;
    aw_play(&pf->rules, &at, move);
    while (pz.length + 2 <= PUZZLE_FIND_LINE && reply != AW_MOVE_NONE &&
           aw_position_status(&pf->rules, &at) == AW_ONGOING) {
        aw_position next = at;
        if (!aw_is_legal(&pf->rules, &next, reply))
            break;
        aw_play(&pf->rules, &next, reply);
        if (aw_position_status(&pf->rules, &next) != AW_ONGOING)
            break;
        aw_move m2, r2;
        bool bt2;
        int v2 = judge(pf, &next, pf->depth, &find_bounds, (verdict_kind)v, &m2, &r2, &bt2, NULL,
                       err);
        if (v2 < 0)
            return -1;
        if (v2 != v)
            break;
        pz.solution[pz.length++] = reply;
        pz.solution[pz.length++] = m2;
        by_tables = by_tables && bt2;
        aw_play(&pf->rules, &next, m2);
        at = next;
        reply = r2;
    }

    /* Themes, from the line and from the search's whole line after the
     * first move when it says more (where the win lands). */
    pz.themes = line_themes(pf, pos, pz.solution, pz.length, by_tables);
    if (root_pv_len > 0 && root_pv[0] == move && root_pv_len > pz.length)
        pz.themes |= line_themes(pf, pos, root_pv, root_pv_len, false) &
                     (PUZZLE_THEME_STARVING | PUZZLE_THEME_COUNTING);
    if (!by_tables && tables_agree(pf, pos, move, v))
        pz.themes |= PUZZLE_THEME_ENDGAME;
    int payoff = payoff_ply(pf, pos, root_pv_len > 0 && root_pv[0] == move ? root_pv : pz.solution,
                            root_pv_len > 0 && root_pv[0] == move ? root_pv_len : pz.length);
    aw_position p1 = *pos;
    int took = aw_play(&pf->rules, &p1, move);
    int tempting = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i] == move)
            continue;
        aw_position q = *pos;
        int c = aw_play(&pf->rules, &q, legal[i]);
        if (c > 0 && c >= took)
            tempting++;
    }
    info->dfirst = dfirst;
    info->tempting = tempting;
    info->payoff = payoff;
    pz.rating = puzzle_rating(pf->rules_name, dfirst, tempting, took == 0, (pz.length + 1) / 2,
                              n, payoff);
    *out = pz;
    return 1;
}

/* ------------------------------------------------------------ games */

static uint64_t next_rand(uint64_t *s)
{
    uint64_t x = (*s += 0x9E3779B97F4A7C15ull);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

int puzzle_finder_game(puzzle_finder *pf, uint64_t *seed, aw_position *positions, int max)
{
    aw_game *g = aw_game_new(&pf->rules, NULL);
    if (!g)
        return -1;
    int count = 0;
    int opening = 2 + (int)(next_rand(seed) % 7);
    int level[2] = {3 + (int)(next_rand(seed) % 8), 3 + (int)(next_rand(seed) % 8)};
    int depth[2] = {3 + (int)(next_rand(seed) % 6), 3 + (int)(next_rand(seed) % 6)};
    int noise = (int)(next_rand(seed) % 12); /* percent of random moves */
    for (int ply = 0; ply < 400 && aw_game_status(g) == AW_ONGOING; ply++) {
        if (pf->stopped) {
            aw_game_free(g);
            return -1;
        }
        aw_move moves[AW_MAX_MOVES];
        int n = aw_game_legal(g, moves);
        if (n == 0)
            break;
        const aw_position *pos = aw_game_position(g);
        if (ply >= opening && n >= 2 && count < max)
            positions[count++] = *pos;
        aw_move m;
        if (ply < opening || (int)(next_rand(seed) % 100) < noise) {
            m = moves[next_rand(seed) % (uint64_t)n];
        } else {
            int side = pos->side;
            char opt[64];
            aw_error e;
            snprintf(opt, sizeof opt, "%d", level[side]);
            aw_engine_set_option(pf->player, "Level", opt, &e);
            snprintf(opt, sizeof opt, "%llu", (unsigned long long)(next_rand(seed) % 2147483647));
            aw_engine_set_option(pf->player, "Seed", opt, &e);
            if (aw_engine_set_game(pf->player, g, &e)) {
                aw_game_free(g);
                return count;
            }
            aw_limits lim;
            memset(&lim, 0, sizeof lim);
            lim.depth = depth[side];
            aw_search_result res;
            if (aw_search_run(pf->player, &lim, NULL, NULL, &res, &e) ||
                res.best == AW_MOVE_NONE) {
                aw_game_free(g);
                return pf->stopped ? -1 : count;
            }
            m = res.best;
        }
        aw_error e;
        if (aw_game_play(g, m, &e))
            break;
    }
    aw_game_free(g);
    return count;
}

/* ------------------------------------------------------------ checking */

int puzzle_finder_verify(puzzle_finder *pf, const puzzle *p, int depth, char *why, size_t size)
{
    if (depth <= 0)
        depth = pf->depth + 2;
    if (strcmp(p->rules_name, pf->rules_name) != 0) {
        snprintf(why, size, "the puzzle is for %s, not %s", p->rules_name, pf->rules_name);
        return 1;
    }
    aw_position at = p->position;
    verdict_kind kind = NONE;
    aw_engine_clear(pf->engine);
    for (int i = 0; i < p->length; i += 2) {
        aw_move move, reply;
        bool by_tables;
        aw_error err;
        aw_search_info si;
        int v = judge(pf, &at, depth, &verify_bounds, kind, &move, &reply, &by_tables, &si, &err);
        if (v < 0) {
            snprintf(why, size, "%s", err.msg);
            return -1;
        }
        char want[AW_MOVE_MAX], got[AW_MOVE_MAX];
        aw_move_format(&pf->rules, p->solution[i], want);
        if (v == NONE) {
            /* Say what the search or the tables see instead. */
            if (by_tables)
                snprintf(why, size, "move %d (%s): the tables find %s", i + 1, want,
                         kind == SAVES ? "no single drawing move" : "no single winning move");
            else {
                char s0[32], s1[32], m1[AW_MOVE_MAX];
                aw_score_format(&si.line[0].score, s0, sizeof s0);
                if (si.lines >= 2)
                    aw_score_format(&si.line[1].score, s1, sizeof s1);
                else
                    snprintf(s1, sizeof s1, "-");
                snprintf(why, size,
                         "move %d (%s): at depth %d no move is the only one that wins or "
                         "saves the draw (best %s %s, second %s %s)",
                         i + 1, want, depth,
                         aw_move_format(&pf->rules, si.line[0].pv[0], got), s0,
                         si.lines >= 2 ? aw_move_format(&pf->rules, si.line[1].pv[0], m1) : "-",
                         s1);
            }
            return 1;
        }
        if (kind == NONE)
            kind = (verdict_kind)v;
        if (move != p->solution[i]) {
            snprintf(why, size, "move %d: %s is the only %s, not %s", i + 1,
                     aw_move_format(&pf->rules, move, got),
                     v == WINS ? "winning move" : "drawing move", want);
            return 1;
        }
        aw_play(&pf->rules, &at, p->solution[i]);
        if (i + 1 < p->length)
            aw_play(&pf->rules, &at, p->solution[i + 1]);
    }
    return 0;
}
