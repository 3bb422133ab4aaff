/*
 * test_review.c - game review: marks on games built so that the right mark
 * is known from the endgame tables (the only winning move is !, a forced
 * win thrown away is ??, a draw thrown away is ??), the same verdicts from
 * the search alone, the marks' rules on real games (losses, thresholds,
 * forced moves, the summary's counts), the review written into a record
 * and read back, and a review stopped half-way, then resumed.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tables_dir[64];
static aw_tables *tables;

static int setup(void **state)
{
    (void)state;
    snprintf(tables_dir, sizeof tables_dir, "/tmp/awale-review-XXXXXX");
    if (!mkdtemp(tables_dir))
        return -1;
    aw_rules r = aw_rules_default();
    aw_error err;
    tables = aw_tables_open_or_build(tables_dir, &r, 8, &err);
    if (!tables)
        fprintf(stderr, "tables: %s\n", err.msg);
    return tables ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    aw_tables_close(tables);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tables_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static aw_engine *engine(void)
{
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    assert_non_null(e);
    assert_int_equal(aw_engine_set_option(e, "Hash", "4", &err), 0);
    return e;
}

/* A random position with `seeds` on the board, the rest in the stores
 * (neither at the target), `side` to move; its game must go on. */
static bool random_position(uint64_t *rng, int seeds, aw_position *out)
{
    aw_rules r = aw_rules_default();
    aw_position p = aw_position_start((int)(t_rand(rng) & 1));
    memset(p.pits, 0, sizeof p.pits);
    for (int i = 0; i < seeds; i++)
        p.pits[t_rand(rng) % AW_PITS]++;
    const int south = (AW_SEEDS - seeds) / 2 - 3 + (int)(t_rand(rng) % 7);
    p.score[0] = (uint8_t)south;
    p.score[1] = (uint8_t)(AW_SEEDS - seeds - south);
    if (p.score[0] >= 25 || p.score[1] >= 25 || aw_position_status(&r, &p) != AW_ONGOING)
        return false;
    *out = p;
    return true;
}

/* The final margin of every move of *p with perfect play (mover's view). */
static int margins(const aw_position *p, aw_move *moves, int *margin)
{
    int value[AW_MAX_MOVES];
    const int n = aw_tables_probe_moves(tables, p, moves, value);
    for (int i = 0; i < n; i++)
        margin[i] = p->score[p->side] - p->score[!p->side] + value[i];
    return n;
}

static aw_review *review_at(const aw_position *start, aw_move move, bool with_tables, int depth,
                            aw_game **game);

static aw_review *review_of(const aw_position *start, aw_move move, bool with_tables,
                            aw_game **game)
{
    return review_at(start, move, with_tables, 40, game);
}

/* The review of one move from *start, searches to `depth`. */
static aw_review *review_at(const aw_position *start, aw_move move, bool with_tables, int depth,
                            aw_game **game)
{
    aw_rules r = aw_rules_default();
    *game = aw_game_new(&r, start);
    assert_non_null(*game);
    assert_int_equal(aw_game_play(*game, move, NULL), 0);
    aw_engine *e = engine();
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = depth;
    if (with_tables) {
        opt.probe = aw_tables_probe_hook;
        opt.probe_ctx = tables;
        opt.probe_seeds = aw_tables_seeds(tables);
    }
    aw_error err;
    aw_review *rv = aw_review_game(e, *game, &opt, &err);
    if (!rv)
        fail_msg("review: %s", err.msg);
    aw_engine_free(e);
    assert_int_equal(rv->count, 1);
    assert_int_equal(rv->total, 1);
    return rv;
}

static const char *comment_of(const aw_review *rv, const aw_game *g)
{
    static char text[1024];
    aw_record *rec = aw_record_new(aw_game_rules(g), aw_game_start(g));
    assert_non_null(rec);
    assert_int_equal(aw_game_play(aw_record_game(rec), aw_game_move(g, 0), NULL), 0);
    assert_int_equal(aw_review_annotate(rv, rec, "t", NULL), 0);
    const char *c = aw_record_comment(rec, 1);
    snprintf(text, sizeof text, "%s", c ? c : "");
    assert_int_equal(aw_record_mark(rec, 0), rv->move[0].mark);
    aw_record_free(rec);
    return text;
}

/* Positions where exactly one move wins and another does not: playing the
 * winning move is !, another ??, with the tables (exact, and the comment
 * says so) and with the search alone (proven). The same for a draw. */
static void test_known_marks(void **state)
{
    (void)state;
    uint64_t rng = 2024;
    int wins = 0, draws = 0, searched = 0;
    for (int tries = 0; tries < 200000 && (wins < 6 || draws < 4); tries++) {
        aw_position p;
        if (!random_position(&rng, 3 + (int)(t_rand(&rng) % 6), &p))
            continue;
        aw_move moves[AW_MAX_MOVES];
        int margin[AW_MAX_MOVES];
        const int n = margins(&p, moves, margin);
        if (n < 2)
            continue;
        int winners = 0, w = -1, other = -1, best = -99;
        for (int i = 0; i < n; i++) {
            best = margin[i] > best ? margin[i] : best;
            if (margin[i] > 0) {
                winners++;
                w = i;
            } else {
                other = i;
            }
        }
        if (winners == 1 && wins < 6) {
            wins++;
            for (int t = 0; t < 2; t++) {
                aw_game *g;
                aw_review *rv = review_of(&p, moves[w], t == 0, &g);
                const aw_review_move *m = &rv->move[0];
                if (t == 1 && m->best_score.kind != AW_SCORE_WIN) {
                    /* Beyond the search's horizon (long play without a
                     * capture, which the tables count as an even split):
                     * nothing proven to judge by. */
                    aw_review_free(rv);
                    aw_game_free(g);
                    break;
                }
                searched += t == 1;
                assert_int_equal(m->best, moves[w]);
                assert_int_equal(m->best_score.kind, AW_SCORE_WIN);
                assert_int_equal(m->loss, 0);
                assert_false(m->result_lost);
                assert_true(m->mark == AW_MARK_GOOD || m->mark == AW_MARK_BRILLIANT);
                assert_int_equal(m->source, t == 0 ? AW_REVIEW_TABLES : AW_REVIEW_SEARCH);
                const char *c = comment_of(rv, g);
                assert_non_null(strstr(c, "the only move that keeps the win"));
                assert_true((strncmp(c, "tables: ", 8) == 0) == (t == 0));
                if (t == 0)
                    assert_int_equal(m->best_score.margin, margin[w]);
                aw_review_free(rv);
                aw_game_free(g);
                /* The win thrown away. */
                rv = review_of(&p, moves[other], t == 0, &g);
                m = &rv->move[0];
                assert_int_equal(m->mark, AW_MARK_BLUNDER);
                assert_true(m->result_lost);
                assert_int_equal(m->best, moves[w]);
                assert_true(m->played_score.kind != AW_SCORE_WIN);
                c = comment_of(rv, g);
                assert_non_null(strstr(c, "throws away the win"));
                assert_int_equal(rv->nturning, 1);
                assert_int_equal(rv->side[p.side].marks[AW_MARK_BLUNDER], 1);
                aw_review_free(rv);
                aw_game_free(g);
            }
        } else if (winners == 0 && best == 0 && draws < 4) {
            int drawing = -1, losing = -1;
            for (int i = 0; i < n; i++) {
                if (margin[i] == 0)
                    drawing = i;
                else
                    losing = i;
            }
            if (losing < 0)
                continue;
            draws++;
            aw_game *g;
            aw_review *rv = review_of(&p, moves[losing], true, &g);
            const aw_review_move *m = &rv->move[0];
            assert_int_equal(m->mark, AW_MARK_BLUNDER);
            assert_true(m->result_lost);
            assert_int_equal(m->best_score.kind, AW_SCORE_DRAW);
            assert_int_equal(m->played_score.kind, AW_SCORE_LOSS);
            assert_non_null(strstr(comment_of(rv, g), "throws away the draw"));
            aw_review_free(rv);
            aw_game_free(g);
            rv = review_of(&p, moves[drawing], true, &g);
            assert_int_equal(rv->move[0].loss, 0);
            assert_true(rv->move[0].mark == AW_MARK_NONE || rv->move[0].mark == AW_MARK_GOOD ||
                        rv->move[0].mark == AW_MARK_BRILLIANT);
            aw_review_free(rv);
            aw_game_free(g);
        }
    }
    assert_int_equal(wins, 6);
    assert_int_equal(draws, 4);
    assert_true(searched >= 3);
}

static aw_position position_of(const char *text)
{
    aw_position p;
    aw_error err;
    if (aw_position_parse(text, &p, &err))
        fail_msg("%s: %s", text, err.msg);
    return p;
}

static aw_move move_of(const char *text)
{
    aw_rules r = aw_rules_default();
    aw_move m;
    const char *t = text;
    assert_int_equal(aw_move_parse_next(&r, &t, &m, NULL), 1);
    return m;
}

/* The moves of one side that are marked, and what the summary counts. */
static int marked(const aw_review *rv)
{
    int n = 0;
    for (int i = 0; i < rv->count; i++)
        n += rv->move[i].mark != AW_MARK_NONE;
    for (int s = 0; s < 2; s++)
        for (int mk = 1; mk < 7; mk++)
            n += rv->side[s].marks[mk];
    return n;
}

/* A win is a win. North to move: f reaches 25 at once (win +16 in 1), e
 * wins by more later (win +18 in 3, the engine's choice): f is the best
 * move, no mistake; e is no mistake either, only a remark. The same with
 * the tables: South's F ends the game at once (win +9), B wins by more
 * (+14) at a distance the tables do not know. */
static void test_win_is_a_win(void **state)
{
    (void)state;
    static const struct {
        const char *pos, *quick, *big;
        bool tables;
        const char *remark;
    } cases[] = {
        {"1-0-2-1-0-1-5-0-1-1-2-3-9-22-N", "f", "e", false,
         "keeps the win (win +18 in 3); f wins sooner (win +16 in 1)"},
        {"1-1-0-2-0-1-1-0-0-0-1-0-24-17-S", "F", "B", true,
         "tables: keeps the win (win +14); F wins sooner (win +9 in 1)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const aw_position p = position_of(cases[k].pos);
        aw_game *g;
        aw_review *rv = review_at(&p, move_of(cases[k].quick), cases[k].tables, 14, &g);
        const aw_review_move *m = &rv->move[0];
        assert_int_equal(m->played_score.kind, AW_SCORE_WIN);
        assert_int_equal(m->played_score.plies, 1);
        assert_int_equal(m->best, m->played);
        assert_int_equal(m->mark, AW_MARK_NONE);
        assert_int_equal(m->loss, 0);
        assert_false(m->result_lost);
        assert_int_equal(marked(rv), 0);
        assert_int_equal(rv->nturning, 0);
        assert_true(rv->side[p.side].average_loss == 0);
        /* The bigger win was the next best, and still earns the quick one no !. */
        assert_int_equal(m->second, move_of(cases[k].big));
        assert_int_equal(m->second_score.kind, AW_SCORE_WIN);
        assert_true(m->second_score.margin > m->played_score.margin);
        assert_string_equal(comment_of(rv, g), "");
        aw_review_free(rv);
        aw_game_free(g);

        rv = review_at(&p, move_of(cases[k].big), cases[k].tables, 14, &g);
        m = &rv->move[0];
        assert_int_equal(m->best, move_of(cases[k].quick));
        assert_int_equal(m->mark, AW_MARK_NONE);
        assert_int_equal(m->loss, 0);
        assert_false(m->result_lost);
        assert_int_equal(marked(rv), 0);
        assert_string_equal(comment_of(rv, g), cases[k].remark);
        aw_review_free(rv);
        aw_game_free(g);
    }
}

/* Positions of the tables where every move keeps the same result, by
 * different margins: all wins, or all losses. Whatever is played, no mark
 * and no loss; where the move is not the best, a remark. */
static void test_result_kept(void **state)
{
    (void)state;
    uint64_t rng = 77;
    int wins = 0, losses = 0;
    for (int tries = 0; tries < 200000 && (wins < 4 || losses < 4); tries++) {
        aw_position p;
        if (!random_position(&rng, 3 + (int)(t_rand(&rng) % 6), &p))
            continue;
        aw_move moves[AW_MAX_MOVES];
        int margin[AW_MAX_MOVES];
        const int n = margins(&p, moves, margin);
        if (n < 2)
            continue;
        int lo = 0, hi = 0;
        for (int i = 1; i < n; i++) {
            lo = margin[i] < margin[lo] ? i : lo;
            hi = margin[i] > margin[hi] ? i : hi;
        }
        const bool all_win = margin[lo] > 0, all_lose = margin[hi] < 0;
        if (margin[hi] - margin[lo] < 2 || (!all_win && !all_lose) ||
            (all_win ? wins : losses) >= 4)
            continue;
        /* A move that ends the game at once is the soonest win (the
         * review prefers it); keep to the margins. */
        bool ends = false;
        aw_rules r = aw_rules_default();
        for (int i = 0; i < n; i++) {
            aw_position c = p;
            aw_play(&r, &c, moves[i]);
            ends |= aw_position_status(&r, &c) != AW_ONGOING;
        }
        if (ends)
            continue;
        *(all_win ? &wins : &losses) += 1;
        aw_game *g;
        aw_review *rv = review_of(&p, moves[lo], true, &g);
        const aw_review_move *m = &rv->move[0];
        assert_int_equal(m->best, moves[hi]);
        assert_int_equal(m->mark, AW_MARK_NONE);
        assert_int_equal(m->loss, 0);
        assert_false(m->result_lost);
        assert_int_equal(marked(rv), 0);
        assert_non_null(strstr(comment_of(rv, g), all_win ? "tables: keeps the win (win +"
                                                           : "tables: loses in any case (loss -"));
        assert_non_null(strstr(comment_of(rv, g), all_win ? " wins by more (win +"
                                                           : " loses by less (loss "));
        aw_review_free(rv);
        aw_game_free(g);
    }
    assert_int_equal(wins, 4);
    assert_int_equal(losses, 4);
}

static int lvl_rank(aw_mark m)
{
    switch (m) {
    case AW_MARK_DUBIOUS: return 1;
    case AW_MARK_MISTAKE: return 2;
    case AW_MARK_BLUNDER: return 3;
    default: return 0;
    }
}

/* A game of two engines at low levels (so that they err), reviewed: the
 * rules of the marks hold move by move, the summary counts them, and the
 * record written reads back with the same marks and comments. */
/* The thresholds' scale: 100 for the linear model, the material one, and
 * where Eval=nnue plays the linear model (a no-capture limit, the relay
 * game); for the network at least 100, the more the fewer seeds. */
static void test_scale(void **state)
{
    (void)state;
    aw_engine *e = engine();
    aw_error err;
    aw_rules abapa = t_rules("abapa", NULL), seven = t_rules("seven-turns", NULL),
             relay = t_rules("relay", NULL);
    const aw_position full = aw_position_start(AW_SOUTH);
    aw_position few = t_pos("1-0-0-2-1-0-0-1-1-5-2-3-9-23-N"), mid = full;
    for (int i = 0; i < AW_PITS; i++)
        mid.pits[i] = 2;
    mid.score[0] = mid.score[1] = 12;
    const int big = aw_review_scale(e, &abapa, &full), middle = aw_review_scale(e, &abapa, &mid),
              small = aw_review_scale(e, &abapa, &few);
    assert_true(big >= 100 && middle >= big && small >= middle && small > 100);
    assert_int_equal(aw_review_scale(e, &seven, &mid), 100);
    const aw_position relay_start = aw_position_start(AW_SOUTH);
    assert_int_equal(aw_review_scale(e, &relay, &relay_start), 100);
    assert_int_equal(aw_review_scale(NULL, &abapa, &few), 100);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(aw_engine_set_option(e, "Eval", k ? "material" : "linear", &err), 0);
        assert_int_equal(aw_review_scale(e, &abapa, &few), 100);
    }
    assert_int_equal(aw_engine_set_option(e, "Eval", "nnue", &err), 0);
    assert_int_equal(aw_review_scale(e, &abapa, &few), small);
    aw_engine_free(e);
}

/* aw_review_judge, the judgement the review and the trainer share, on
 * scores made by hand. */
static aw_score est(int hundredths)
{
    aw_score s = {AW_SCORE_SEEDS, hundredths, 0, 0};
    return s;
}
static aw_score proven(aw_score_kind kind, int margin, int plies)
{
    aw_score s = {kind, 100 * margin, margin, plies};
    return s;
}

static void test_judge(void **state)
{
    (void)state;
    int loss = -1;
    const aw_score win3 = proven(AW_SCORE_WIN, 3, 9), win1 = proven(AW_SCORE_WIN, 1, 31),
                   draw = proven(AW_SCORE_DRAW, 0, 12), loss2 = proven(AW_SCORE_LOSS, -2, 7),
                   loss6 = proven(AW_SCORE_LOSS, -6, 3);
    /* A proven result kept costs nothing, however it is kept. */
    assert_int_equal(aw_review_judge(&win3, &win1, 100, &loss), AW_MARK_NONE);
    assert_int_equal(loss, 0);
    assert_int_equal(aw_review_judge(&loss2, &loss6, 100, &loss), AW_MARK_NONE);
    assert_int_equal(loss, 0);
    /* One thrown away is a blunder, even for little. */
    assert_int_equal(aw_review_judge(&win1, &draw, 100, &loss), AW_MARK_BLUNDER);
    assert_int_equal(loss, 100);
    assert_int_equal(aw_review_judge(&draw, &loss2, 100, &loss), AW_MARK_BLUNDER);
    assert_int_equal(loss, 200);
    const aw_score e150 = est(150);
    assert_int_equal(aw_review_judge(&win1, &e150, 100, NULL), AW_MARK_BLUNDER);
    /* Estimates: by the seeds lost, against the thresholds times the scale. */
    const aw_score e0 = est(0), e_99 = est(-99), e_100 = est(-100), e_250 = est(-250),
                   e_400 = est(-400);
    assert_int_equal(aw_review_judge(&e0, &e_99, 100, &loss), AW_MARK_NONE);
    assert_int_equal(loss, 99);
    assert_int_equal(aw_review_judge(&e0, &e_100, 100, NULL), AW_MARK_DUBIOUS);
    assert_int_equal(aw_review_judge(&e0, &e_250, 100, NULL), AW_MARK_MISTAKE);
    assert_int_equal(aw_review_judge(&e0, &e_400, 100, NULL), AW_MARK_BLUNDER);
    assert_int_equal(aw_review_judge(&e0, &e_100, 150, NULL), AW_MARK_NONE);
    assert_int_equal(aw_review_judge(&e0, &e_250, 150, NULL), AW_MARK_DUBIOUS);
    assert_int_equal(aw_review_judge(&e0, &e_400, 200, NULL), AW_MARK_MISTAKE);
    /* A better move than the best costs nothing; a proven loss turned into
     * an estimate is no blunder, its cost is the seeds. */
    assert_int_equal(aw_review_judge(&e_100, &e0, 100, &loss), AW_MARK_NONE);
    assert_int_equal(loss, 0);
    assert_int_equal(aw_review_judge(&loss2, &e_250, 100, &loss), AW_MARK_NONE);
    assert_int_equal(loss, 50);
}

static void test_real_game(void **state)
{
    (void)state;
    const char *presets[] = {"abapa", "grand-slam", "relay"};
    for (int k = 0; k < 3; k++) {
        aw_rules r = t_rules(presets[k], NULL);
        aw_position start = aw_position_start(AW_SOUTH);
        aw_game *g = aw_game_new(&r, &start);
        aw_engine *player = engine();
        aw_error err;
        assert_int_equal(aw_engine_set_option(player, "Level", "3", &err), 0);
        assert_int_equal(aw_engine_set_option(player, "Seed", "7", &err), 0);
        const int plies = t_sanitized() ? 16 : 40;
        while (aw_game_status(g) == AW_ONGOING && aw_game_ply(g) < plies) {
            aw_search_result res;
            aw_limits lim = {.depth = 3};
            assert_int_equal(aw_engine_set_game(player, g, &err), 0);
            assert_int_equal(aw_search_run(player, &lim, NULL, NULL, &res, &err), 0);
            assert_int_equal(aw_game_play(g, res.best, &err), 0);
        }
        aw_engine_free(player);
        aw_engine *e = engine();
        aw_review_options opt;
        memset(&opt, 0, sizeof opt);
        opt.limits.depth = k == 2 ? 4 : 8;
        if (k == 0) {
            opt.probe = aw_tables_probe_hook;
            opt.probe_ctx = tables;
            opt.probe_seeds = aw_tables_seeds(tables);
        }
        aw_review *rv = aw_review_game(e, g, &opt, &err);
        if (!rv)
            fail_msg("%s", err.msg);
        assert_int_equal(rv->count, aw_game_ply(g));
        assert_false(rv->stopped);
        int marks[2][7] = {{0}}, bad = 0;
        for (int i = 0; i < rv->count; i++) {
            const aw_review_move *m = &rv->move[i];
            assert_int_equal(m->ply, i);
            assert_int_equal(m->played, aw_game_move(g, i));
            assert_int_equal(m->mover, aw_game_position_at(g, i)->side);
            assert_true(m->loss >= 0);
            /* The best's proven result kept (a win sooner or later, by
             * more or less): no loss, no mark, whatever the margins. */
            const bool kept = m->best_score.kind != AW_SCORE_SEEDS &&
                              m->best_score.kind == m->played_score.kind;
            if (kept)
                assert_int_equal(m->loss, 0);
            else
                assert_true(aw_score_compare(&m->played_score, &m->best_score) <= 0);
            marks[m->mover][m->mark]++;
            if (m->legal == 1) {
                assert_int_equal(m->mark, AW_MARK_NONE);
                continue;
            }
            if (m->played == m->best) {
                assert_int_equal(m->loss, 0);
                assert_true(m->mark == AW_MARK_NONE || m->mark == AW_MARK_GOOD ||
                            m->mark == AW_MARK_BRILLIANT);
                assert_true(m->pv_length >= 1 && m->pv[0] == m->best);
                continue;
            }
            /* The mark follows the loss (or the result thrown away), on
             * the scale of the engine's estimates for a search's values. */
            const int sc = m->source == AW_REVIEW_SEARCH
                               ? aw_review_scale(e, &r, aw_game_position_at(g, i))
                               : 100;
            int want = m->loss >= AW_REVIEW_BLUNDER * sc / 100     ? 3
                       : m->loss >= AW_REVIEW_MISTAKE * sc / 100    ? 2
                       : m->loss >= AW_REVIEW_INACCURACY * sc / 100 ? 1
                                                                    : 0;
            if (m->result_lost)
                want = 3;
            else if (kept)
                want = 0;
            assert_int_equal(lvl_rank(m->mark), want);
            bad += want > 0;
        }
        if (k < 2)
            assert_true(bad > 0); /* level 3 errs (the relay game's is too short to be sure) */
        for (int s = 0; s < 2; s++)
            for (int mk = 0; mk < 7; mk++)
                assert_int_equal(rv->side[s].marks[mk], marks[s][mk]);
        /* Into a record, out as text, and back. */
        aw_record *rec = aw_record_new(&r, &start);
        assert_int_equal(aw_record_set_game(rec, g, &err), 0);
        assert_int_equal(aw_record_set_comment(rec, 3, "kept", &err), 0);
        assert_int_equal(aw_review_annotate(rv, rec, "test review", &err), 0);
        char *text = aw_record_format(rec);
        const char *p = text;
        aw_record *back = aw_record_read(&p, NULL, &err);
        if (!back)
            fail_msg("%s\n%s", err.msg, text);
        assert_int_equal(aw_game_ply(aw_record_game(back)), aw_game_ply(g));
        for (int i = 0; i < rv->count; i++) {
            assert_int_equal(aw_record_mark(back, i), rv->move[i].mark);
            const char *a = aw_record_comment(rec, i + 1), *b = aw_record_comment(back, i + 1);
            assert_true((a == NULL) == (b == NULL));
            if (a)
                assert_string_equal(a, b);
            if (rv->move[i].mark != AW_MARK_NONE)
                assert_non_null(a);
        }
        assert_non_null(strstr(aw_record_comment(back, 3), "kept"));
        const char *summary = aw_record_comment(back, 0);
        assert_non_null(summary);
        assert_true(strncmp(summary, "test review: South: ", 20) == 0);
        assert_non_null(strstr(summary, "turning points: "));
        /* Annotating a record of another game is refused. */
        aw_record *other = aw_record_new(&r, &start);
        aw_move first[AW_MAX_MOVES];
        aw_generate(&r, &start, first);
        assert_int_equal(aw_game_play(aw_record_game(other), first[0] == aw_game_move(g, 0)
                                                                 ? first[1]
                                                                 : first[0],
                                      NULL),
                         0);
        assert_int_equal(aw_review_annotate(rv, other, NULL, &err), -1);
        aw_record_free(other);
        free(text);
        aw_record_free(back);
        aw_record_free(rec);
        aw_review_free(rv);
        aw_engine_free(e);
        aw_game_free(g);
    }
}

static int record_opening(const char *text)
{
    aw_error err;
    const char *p = text;
    aw_record *rec = aw_record_read(&p, NULL, &err);
    if (!rec)
        fail_msg("%s: %s", text, err.msg);
    const int n = aw_review_opening(rec);
    aw_record_free(rec);
    return n;
}

/* The set opening of `awale match` records: its moves are valued but not
 * judged (no mark, no loss, outside the summary and the turning points),
 * and the moves after it are judged as without it. */
static void test_opening(void **state)
{
    (void)state;
    assert_int_equal(record_opening("1. C c 2. B d 3. B f 4. B a {opening} 5. A *"), 8);
    assert_int_equal(record_opening("1. C c 2. B {opening / best F +0.1; played -2} 2... d *"), 3);
    assert_int_equal(record_opening("1. C c {an opening} 2. B d *"), 0);
    assert_int_equal(record_opening("1. C c {openings} 2. B d *"), 0);
    assert_int_equal(record_opening("{opening} 1. C c *"), 0);
    assert_int_equal(record_opening("1. C c *"), 0);

    /* A game of weak engines, reviewed without and with a set opening
     * that ends on its first marked move. */
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    aw_engine *player = engine();
    aw_error err;
    assert_int_equal(aw_engine_set_option(player, "Level", "2", &err), 0);
    assert_int_equal(aw_engine_set_option(player, "Seed", "11", &err), 0);
    while (aw_game_status(g) == AW_ONGOING && aw_game_ply(g) < 24) {
        aw_search_result res;
        aw_limits lim = {.depth = 2};
        assert_int_equal(aw_engine_set_game(player, g, &err), 0);
        assert_int_equal(aw_search_run(player, &lim, NULL, NULL, &res, &err), 0);
        assert_int_equal(aw_game_play(g, res.best, &err), 0);
    }
    aw_engine_free(player);
    aw_engine *e = engine();
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = 6;
    aw_review *all = aw_review_game(e, g, &opt, &err);
    assert_non_null(all);
    int first = -1;
    for (int i = 0; i < all->count && first < 0; i++)
        if (all->move[i].mark == AW_MARK_MISTAKE || all->move[i].mark == AW_MARK_BLUNDER)
            first = i;
    assert_true(first >= 0 && first + 1 < all->count);
    opt.opening = first + 1;
    aw_review *rv = aw_review_game(e, g, &opt, &err);
    assert_non_null(rv);
    int moves[2] = {0, 0};
    for (int i = 0; i < rv->count; i++) {
        const aw_review_move *m = &rv->move[i], *a = &all->move[i];
        assert_int_equal(m->opening, i <= first);
        assert_false(a->opening);
        assert_int_equal(m->best_score.value, a->best_score.value);
        if (m->opening) {
            assert_int_equal(m->mark, AW_MARK_NONE);
            assert_int_equal(m->loss, 0);
            assert_false(m->result_lost);
        } else {
            assert_int_equal(m->mark, a->mark);
            assert_int_equal(m->loss, a->loss);
            moves[m->mover]++;
        }
    }
    for (int s = 0; s < 2; s++)
        assert_int_equal(rv->side[s].moves, moves[s]);
    for (int i = 0; i < rv->nturning; i++)
        assert_true(rv->turning[i] > first);
    char buf[1024];
    char want[64];
    snprintf(want, sizeof want, "; not judged: the set opening (%d move%s)", first + 1,
             first ? "s" : "");
    assert_non_null(strstr(aw_review_summary(rv, g, buf, sizeof buf), want));
    assert_null(strstr(aw_review_summary(all, g, buf, sizeof buf), "not judged"));
    /* Written into a record: no mark, no comment on the opening. */
    aw_record *rec = aw_record_new(&r, &start);
    assert_int_equal(aw_record_set_game(rec, g, &err), 0);
    assert_int_equal(aw_record_set_comment(rec, first + 1, "opening", &err), 0);
    assert_int_equal(aw_review_opening(rec), first + 1);
    assert_int_equal(aw_review_annotate(rv, rec, "t", &err), 0);
    for (int i = 0; i <= first; i++) {
        assert_int_equal(aw_record_mark(rec, i), AW_MARK_NONE);
        if (i < first)
            assert_null(aw_record_comment(rec, i + 1));
    }
    assert_string_equal(aw_record_comment(rec, first + 1), "opening");
    assert_int_equal(aw_review_opening(rec), first + 1);
    aw_record_free(rec);
    aw_review_free(rv);
    aw_review_free(all);
    aw_engine_free(e);
    aw_game_free(g);
}

static int stop_after(void *ctx, const aw_review *so_far, int reviewing)
{
    int *calls = ctx;
    (*calls)++;
    assert_true(reviewing >= so_far->count);
    return so_far->count >= 3;
}

/* A review stopped by its callback keeps the moves done. */
static void test_stop(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    aw_move moves[16];
    const int n = aw_moves_parse(&r, "CfFbAaEcDd", moves, 16, NULL);
    for (int i = 0; i < n; i++)
        assert_int_equal(aw_game_play(g, moves[i], NULL), 0);
    aw_engine *e = engine();
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = 4;
    int calls = 0;
    opt.progress = stop_after;
    opt.ctx = &calls;
    aw_error err;
    aw_review *rv = aw_review_game(e, g, &opt, &err);
    assert_non_null(rv);
    assert_true(rv->stopped);
    assert_int_equal(rv->count, 3);
    assert_int_equal(rv->total, n);
    assert_true(calls >= 3);
    char buf[512];
    assert_non_null(strstr(aw_review_summary(rv, g, buf, sizeof buf),
                           "(reviewed 3 of 10 moves, stopped)"));
    aw_review_free(rv);
    aw_engine_free(e);
    aw_game_free(g);
}

typedef struct stop_between {
    aw_engine *engine;
    int at, calls_after;
} stop_between;

/* Stops the engine between two searches (after move `at` is done), the way
 * another thread may, and lets the callback itself say nothing. */
static int stop_engine_at(void *ctx, const aw_review *so_far, int reviewing)
{
    (void)reviewing;
    stop_between *sb = ctx;
    if (so_far->count > sb->at)
        sb->calls_after++;
    if (so_far->count == sb->at)
        aw_search_stop(sb->engine);
    return 0;
}

/* A stop that comes between two of the review's searches holds: the next
 * search does not clear it, the review ends there, and the engine's next
 * review is not stopped by it. */
static void test_stop_between_searches(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    aw_move moves[16];
    const int n = aw_moves_parse(&r, "CfFbAaEcDd", moves, 16, NULL);
    for (int i = 0; i < n; i++)
        assert_int_equal(aw_game_play(g, moves[i], NULL), 0);
    aw_engine *e = engine();
    stop_between sb = {e, 2, 0};
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = 4;
    opt.progress = stop_engine_at;
    opt.ctx = &sb;
    aw_error err;
    aw_review *rv = aw_review_game(e, g, &opt, &err);
    assert_non_null(rv);
    assert_true(rv->stopped);
    assert_int_equal(rv->count, 2);
    assert_int_equal(sb.calls_after, 0);
    /* A stop before the review began is not this review's. */
    aw_search_stop(e);
    opt.progress = NULL;
    assert_int_equal(aw_review_resume(e, g, rv, &opt, &err), 0);
    assert_false(rv->stopped);
    assert_int_equal(rv->count, n);
    aw_review_free(rv);
    aw_engine_free(e);
    aw_game_free(g);
}

static int stop_at_six(void *ctx, const aw_review *so_far, int reviewing)
{
    (void)ctx;
    (void)reviewing;
    return so_far->count >= 6;
}

/* A review goes on where it stopped, and over moves played since; the
 * moves reviewed before are kept as they were. */
static void test_resume(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    aw_move moves[16];
    const int n = aw_moves_parse(&r, "CfFbAaEcDd", moves, 16, NULL);
    for (int i = 0; i < n; i++)
        assert_int_equal(aw_game_play(g, moves[i], NULL), 0);
    aw_engine *e = engine();
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = 4;
    int calls = 0;
    opt.progress = stop_after;
    opt.ctx = &calls;
    aw_error err;
    aw_review *rv = aw_review_game(e, g, &opt, &err);
    assert_non_null(rv);
    assert_int_equal(rv->count, 3);
    aw_review_move first[3];
    memcpy(first, rv->move, sizeof first);
    /* Not the reviewed game: refused, nothing changes. */
    aw_game *other = aw_game_new(&r, &start);
    assert_int_equal(aw_game_play(other, 3, NULL), 0);
    assert_int_equal(aw_review_resume(e, other, rv, &opt, &err), -1);
    assert_string_equal(err.msg, "the game has 1 moves, the review 3");
    for (int i = 1; i < 3; i++)
        assert_int_equal(aw_game_play(other, aw_game_move(g, i), NULL), 0);
    assert_int_equal(aw_review_resume(e, other, rv, &opt, &err), -1);
    assert_string_equal(err.msg, "the game's move 1 is not the reviewed game's");
    assert_int_equal(rv->count, 3);
    aw_game_free(other);
    /* Stopped again at 6, then to the end of the game, which went on. */
    opt.progress = stop_at_six;
    assert_int_equal(aw_review_resume(e, g, rv, &opt, &err), 0);
    assert_true(rv->stopped);
    assert_int_equal(rv->count, 6);
    for (int extra = 0; extra < 2; extra++) {
        aw_move legal[AW_MAX_MOVES];
        assert_true(aw_generate(&r, aw_game_position(g), legal) > 0);
        assert_int_equal(aw_game_play(g, legal[0], NULL), 0);
    }
    opt.progress = NULL;
    assert_int_equal(aw_review_resume(e, g, rv, &opt, &err), 0);
    assert_false(rv->stopped);
    assert_int_equal(rv->total, n + 2);
    assert_int_equal(rv->count, n + 2);
    assert_memory_equal(rv->move, first, sizeof first);
    int marks = 0;
    for (int i = 0; i < rv->count; i++) {
        const aw_review_move *m = &rv->move[i];
        assert_int_equal(m->ply, i);
        assert_int_equal(m->played, aw_game_move(g, i));
        assert_true(aw_is_legal(&r, aw_game_position_at(g, i), m->best));
        assert_true(m->loss >= 0);
    }
    for (int side = 0; side < 2; side++) {
        assert_int_equal(rv->side[side].moves, (n + 2) / 2);
        for (int mk = 0; mk < 7; mk++)
            marks += rv->side[side].marks[mk];
    }
    assert_int_equal(marks, n + 2);
    char buf[512];
    assert_null(strstr(aw_review_summary(rv, g, buf, sizeof buf), "reviewed"));
    /* Nothing new: nothing to do. */
    assert_int_equal(aw_review_resume(e, g, rv, &opt, &err), 0);
    assert_int_equal(rv->count, n + 2);
    aw_review_free(rv);
    aw_engine_free(e);
    aw_game_free(g);
}

/* One move at a time: stops the review once a move more is done. */
static int one_move(void *ctx, const aw_review *so_far, int reviewing)
{
    (void)reviewing;
    const int *from = ctx;
    return so_far->count > *from;
}

/* At a fixed depth a move's verdict depends on the game alone: a review
 * paused after every move, with other searches on the same engine in
 * between (the web page's slices, a hint asked meanwhile), gives what one
 * review in a go gives on a fresh engine. */
static void test_paused_same_verdicts(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    uint64_t rng = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 30 && aw_game_status(g) == AW_ONGOING; i++) {
        aw_move legal[AW_MAX_MOVES];
        const int n = aw_generate(&r, aw_game_position(g), legal);
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        assert_int_equal(aw_game_play(g, legal[rng % (uint64_t)n], NULL), 0);
    }
    const int total = aw_game_ply(g);
    aw_error err;
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = 7;
    aw_engine *whole_engine = engine();
    aw_review *whole = aw_review_game(whole_engine, g, &opt, &err);
    assert_non_null(whole);
    assert_int_equal(whole->count, total);

    aw_engine *e = engine();
    int from = 0;
    opt.progress = one_move;
    opt.ctx = &from;
    aw_review *sliced = aw_review_game(e, g, &opt, &err);
    assert_non_null(sliced);
    while (sliced->count < total) {
        assert_true(sliced->stopped);
        /* A deeper search of another position of the game meanwhile. */
        const aw_position *other = aw_game_position_at(g, (sliced->count * 7 + 3) % total);
        assert_int_equal(aw_engine_set_position(e, &r, other, &err), 0);
        aw_limits deep = {0};
        deep.depth = 10;
        aw_search_result res;
        assert_int_equal(aw_search_run(e, &deep, NULL, NULL, &res, &err), 0);
        from = sliced->count;
        assert_int_equal(aw_review_resume(e, g, sliced, &opt, &err), 0);
        assert_int_equal(sliced->count, from + 1);
    }
    for (int i = 0; i < total; i++) {
        const aw_review_move *a = &whole->move[i], *b = &sliced->move[i];
        assert_int_equal(a->best, b->best);
        assert_int_equal(a->second, b->second);
        assert_int_equal(aw_score_compare(&a->best_score, &b->best_score), 0);
        assert_int_equal(a->best_score.plies, b->best_score.plies);
        assert_int_equal(aw_score_compare(&a->played_score, &b->played_score), 0);
        assert_int_equal(a->played_score.plies, b->played_score.plies);
        assert_int_equal(aw_score_compare(&a->second_score, &b->second_score), 0);
        assert_int_equal(a->second_score.plies, b->second_score.plies);
        assert_int_equal(a->loss, b->loss);
        assert_int_equal(a->mark, b->mark);
        assert_int_equal(a->depth, b->depth);
        assert_int_equal(a->pv_length, b->pv_length);
        assert_memory_equal(a->pv, b->pv, sizeof a->pv[0] * (size_t)a->pv_length);
    }
    aw_review_free(whole);
    aw_review_free(sliced);
    aw_engine_free(whole_engine);
    aw_engine_free(e);
    aw_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_marks),
        cmocka_unit_test(test_win_is_a_win),
        cmocka_unit_test(test_result_kept),
        cmocka_unit_test(test_opening),
        cmocka_unit_test(test_scale), cmocka_unit_test(test_judge),
        cmocka_unit_test(test_real_game),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_paused_same_verdicts),
        cmocka_unit_test(test_stop_between_searches),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
