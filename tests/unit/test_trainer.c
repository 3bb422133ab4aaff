/*
 * test_trainer.c - learn from your mistakes (src/front/trainer.c): the
 * exercises chosen from a review made by hand (only the side's ?!, ? and
 * ?? moves, not forced ones nor the set opening; an unfinished review or
 * one of another game refused), the best move accepted, the move played
 * refused, a bad move missed with a hint, a second try, then the answer;
 * a move as good as the best accepted in positions where the endgame
 * tables prove two moves equal, and a move that throws the result away
 * missed there; a hint that names a capture; a search stopped from another
 * thread, which counts nothing.
 */
#include "support.h"

#include "front/trainer.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char tables_dir[64];
static aw_tables *tables;

static int setup(void **state)
{
    (void)state;
    snprintf(tables_dir, sizeof tables_dir, "/tmp/awale-trainer-XXXXXX");
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

static aw_move mv(const char *text)
{
    aw_rules r = aw_rules_default();
    aw_move m;
    assert_int_equal(aw_moves_parse(&r, text, &m, 1, NULL), 1);
    return m;
}

/* A game of the start position and a review of it written by hand: every
 * move valued 0, marks as given ("" none), the best move the first legal
 * move other than the one played. */
static aw_review *hand_review(const char *moves, const char *const *marks, aw_game **game)
{
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    *game = aw_game_new(&r, &start);
    aw_move list[64];
    const int n = aw_moves_parse(&r, moves, list, 64, NULL);
    assert_true(n > 0);
    aw_review *rv = calloc(1, sizeof *rv);
    rv->move = calloc((size_t)n, sizeof *rv->move);
    rv->total = rv->count = n;
    for (int k = 0; k < n; k++) {
        aw_review_move *m = &rv->move[k];
        const aw_position *p = aw_game_position(*game);
        aw_move legal[AW_MAX_MOVES];
        m->legal = aw_generate(&r, p, legal);
        m->ply = k;
        m->mover = p->side;
        m->played = list[k];
        m->best = legal[0] == list[k] ? legal[1] : legal[0];
        m->pv[0] = m->best;
        m->pv_length = 1;
        m->best_score.kind = AW_SCORE_SEEDS;
        m->best_score.value = 300;
        m->played_score.kind = AW_SCORE_SEEDS;
        m->source = AW_REVIEW_SEARCH;
        m->depth = 6;
        const char *mk = marks[k];
        m->mark = !strcmp(mk, "?!")   ? AW_MARK_DUBIOUS
                  : !strcmp(mk, "?")  ? AW_MARK_MISTAKE
                  : !strcmp(mk, "??") ? AW_MARK_BLUNDER
                  : !strcmp(mk, "!")  ? AW_MARK_GOOD
                                      : AW_MARK_NONE;
        assert_int_equal(aw_game_play(*game, list[k], NULL), 0);
    }
    return rv;
}

static trainer_options opts(int side, int depth)
{
    trainer_options o;
    memset(&o, 0, sizeof o);
    o.side = side;
    o.limits.depth = depth;
    return o;
}

static void test_selection(void **state)
{
    (void)state;
    static const char *const marks[] = {"?!", "?", "", "??", "!", "?!", "?"};
    aw_game *g;
    aw_review *rv = hand_review("C f D e A b F", marks, &g);
    aw_error err;
    trainer_options o = opts(AW_SOUTH, 4);
    trainer *t = trainer_new(g, rv, &o, &err);
    assert_non_null(t);
    /* South's moves are plies 0, 2, 4, 6: marked ?!, "", "!", "?" */
    assert_int_equal(trainer_count(t), 2);
    assert_int_equal(trainer_get(t, 0)->ply, 0);
    assert_int_equal(trainer_get(t, 1)->ply, 6);
    assert_int_equal(trainer_get(t, 1)->number, 4);
    assert_int_equal(trainer_get(t, 1)->played, mv("F"));
    assert_int_equal(trainer_get(t, 0)->mark, AW_MARK_DUBIOUS);
    assert_null(trainer_get(t, 2));
    char buf[256];
    assert_string_equal(trainer_task_words(t, 1, buf, sizeof buf),
                        "Find a better move for South (move 4).");
    /* The position before the move, with the game's history. */
    aw_game *before = trainer_game_before(t, 1, &err);
    assert_non_null(before);
    assert_int_equal(aw_game_ply(before), 6);
    assert_memory_equal(aw_game_position(before), &trainer_get(t, 1)->position,
                        sizeof(aw_position));
    aw_game_free(before);
    trainer_free(t);

    o.side = AW_NORTH; /* plies 1 (?), 3 (??), 5 (?!) */
    t = trainer_new(g, rv, &o, &err);
    assert_int_equal(trainer_count(t), 3);
    assert_int_equal(trainer_get(t, 2)->ply, 5);
    trainer_free(t);
    o.side = TRAINER_BOTH;
    t = trainer_new(g, rv, &o, &err);
    assert_int_equal(trainer_count(t), 5);
    trainer_free(t);

    /* A move of the set opening, a forced move: no exercise. */
    rv->move[1].opening = true;
    rv->move[3].legal = 1;
    o.side = AW_NORTH;
    t = trainer_new(g, rv, &o, &err);
    assert_int_equal(trainer_count(t), 1);
    trainer_free(t);

    /* A review not finished; a review of another game. */
    rv->count = 3;
    assert_null(trainer_new(g, rv, &o, &err));
    assert_non_null(strstr(err.msg, "not finished"));
    rv->count = rv->total;
    rv->move[2].played = mv("E");
    assert_null(trainer_new(g, rv, &o, &err));
    assert_non_null(strstr(err.msg, "not of this game"));
    aw_review_free(rv);
    aw_game_free(g);
}

/* The best move: accepted at once, without a search. The move played:
 * a miss with a hint; an illegal move: refused with the rules' words. */
static void test_best_and_played(void **state)
{
    (void)state;
    static const char *const marks[] = {"?", "", "??"};
    aw_game *g;
    aw_review *rv = hand_review("C f D", marks, &g);
    aw_error err;
    trainer_options o = opts(AW_SOUTH, 4);
    trainer *t = trainer_new(g, rv, &o, &err);
    assert_int_equal(trainer_count(t), 2);
    aw_engine *e = engine();
    trainer_verdict v;
    const trainer_exercise *x = trainer_get(t, 0);
    assert_int_equal(trainer_try(t, 0, x->best, e, &v, &err), 0);
    assert_int_equal(v.kind, TRAINER_BEST);
    assert_false(v.played);
    assert_int_equal(x->state, TRAINER_FIRST);
    assert_int_equal(v.next, 1);
    assert_non_null(strstr(v.words, "is the best move"));
    /* Done: no second try. */
    assert_int_equal(trainer_try(t, 0, x->best, e, &v, &err), -1);
    assert_non_null(strstr(err.msg, "done"));

    x = trainer_get(t, 1);
    assert_int_equal(trainer_try(t, 1, x->played, e, &v, &err), 0);
    assert_int_equal(v.kind, TRAINER_MISS);
    assert_true(v.played);
    assert_false(v.valued);
    assert_non_null(strstr(v.words, "the move you played"));
    assert_non_null(strstr(v.hint, "Hint:"));
    assert_int_equal(x->state, TRAINER_RETRY);
    /* The played move again: the answer. */
    assert_int_equal(trainer_try(t, 1, x->played, e, &v, &err), 0);
    assert_int_equal(v.kind, TRAINER_ANSWER);
    assert_non_null(strstr(v.words, "The best move was"));
    assert_int_equal(x->state, TRAINER_SHOWN);
    assert_int_equal(v.next, trainer_count(t));
    trainer_progress p;
    trainer_get_progress(t, &p);
    assert_int_equal(p.first, 1);
    assert_int_equal(p.shown, 1);
    assert_int_equal(p.open, 0);
    char buf[256];
    assert_string_equal(trainer_summary_words(t, buf, sizeof buf),
                        "2 exercises: found at the first try 1, at the second 0, answers shown 1.");
    assert_int_equal(trainer_try(t, 5, x->best, e, &v, &err), -1);
    assert_non_null(strstr(err.msg, "no exercise 5"));
    trainer_free(t);

    /* An illegal move: the rules say why. */
    t = trainer_new(g, rv, &o, &err);
    assert_int_equal(trainer_try(t, 1, mv("b"), e, &v, &err), -1);
    assert_non_null(strstr(err.msg, "North"));
    assert_int_equal(trainer_get(t, 1)->state, TRAINER_OPEN);
    trainer_free(t);
    aw_engine_free(e);
    aw_review_free(rv);
    aw_game_free(g);
}

/* A random position with `seeds` on the board (the tables' reach). */
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

static int margins(const aw_position *p, aw_move *moves, int *margin)
{
    int value[AW_MAX_MOVES];
    const int n = aw_tables_probe_moves(tables, p, moves, value);
    for (int i = 0; i < n; i++)
        margin[i] = p->score[p->side] - p->score[!p->side] + value[i];
    return n;
}

/* Positions where the tables prove: the move played costs a seed or more,
 * two moves share the best margin, and a fourth move is worse than the
 * played one by a seed or more. The review (with the tables) marks the
 * move played; the trainer accepts the best and the equal one (good, exact
 * values), misses the worse one with a hint, and after a second miss gives
 * the answer. */
static void test_tables_near_best(void **state)
{
    (void)state;
    uint64_t rng = 22;
    int found = 0;
    aw_rules r = aw_rules_default();
    aw_engine *e = engine();
    for (int tries = 0; tries < 300000 && found < 4; tries++) {
        aw_position p;
        if (!random_position(&rng, 4 + (int)(t_rand(&rng) % 5), &p))
            continue;
        aw_move moves[AW_MAX_MOVES];
        int margin[AW_MAX_MOVES];
        const int n = margins(&p, moves, margin);
        if (n < 4)
            continue;
        int top = -99;
        for (int i = 0; i < n; i++)
            if (margin[i] > top)
                top = margin[i];
        int at_top = 0, played = -1, worse = -1;
        for (int i = 0; i < n; i++)
            if (margin[i] == top)
                at_top++;
        if (at_top != 2 || top <= 0)
            continue;
        /* the move played: a win thrown away; a worse move: lower still */
        for (int i = 0; i < n; i++)
            if (margin[i] < 0 && (played < 0 || margin[i] > margin[played]))
                played = i;
        for (int i = 0; i < n; i++)
            if (played >= 0 && i != played && margin[i] < margin[played])
                worse = i;
        if (played < 0 || worse < 0)
            continue;
        aw_game *g = aw_game_new(&r, &p);
        assert_int_equal(aw_game_play(g, moves[played], NULL), 0);
        aw_review_options ro;
        memset(&ro, 0, sizeof ro);
        ro.limits.depth = 8;
        ro.probe = aw_tables_probe_hook;
        ro.probe_ctx = tables;
        ro.probe_seeds = aw_tables_seeds(tables);
        aw_error err;
        aw_review *rv = aw_review_game(e, g, &ro, &err);
        assert_non_null(rv);
        assert_int_equal(rv->move[0].source, AW_REVIEW_TABLES);
        assert_int_equal(rv->move[0].mark, AW_MARK_BLUNDER);
        trainer_options o = opts(p.side, 8);
        o.probe = ro.probe;
        o.probe_ctx = ro.probe_ctx;
        o.probe_seeds = ro.probe_seeds;
        trainer *t = trainer_new(g, rv, &o, &err);
        assert_non_null(t);
        assert_int_equal(trainer_count(t), 1);
        const trainer_exercise *x = trainer_get(t, 0);
        aw_move other = AW_MOVE_NONE;
        for (int i = 0; i < n; i++)
            if (margin[i] == top && moves[i] != x->best)
                other = moves[i];
        assert_true(other != AW_MOVE_NONE);
        trainer_verdict v;
        /* the equal move: accepted, exact value */
        assert_int_equal(trainer_try(t, 0, other, e, &v, &err), 0);
        assert_int_equal(v.kind, TRAINER_GOOD);
        assert_int_equal(v.loss, 0);
        assert_int_equal(v.score.margin, top);
        assert_int_equal(x->state, TRAINER_FIRST);
        trainer_free(t);

        /* the worse move, twice: a miss with a hint, then the answer */
        t = trainer_new(g, rv, &o, &err);
        x = trainer_get(t, 0);
        assert_int_equal(trainer_try(t, 0, moves[worse], e, &v, &err), 0);
        assert_int_equal(v.kind, TRAINER_MISS);
        assert_true(v.valued);
        assert_int_equal(v.score.margin, margin[worse]);
        assert_true(v.loss >= AW_REVIEW_INACCURACY);
        assert_true(strlen(v.hint) > 6);
        assert_non_null(strstr(v.words, "not good enough"));
        assert_int_equal(x->state, TRAINER_RETRY);
        assert_int_equal(trainer_try(t, 0, moves[worse], e, &v, &err), 0);
        assert_int_equal(v.kind, TRAINER_ANSWER);
        char mb[AW_MOVE_MAX], want[64];
        snprintf(want, sizeof want, "The best move was %s ", aw_move_format(&r, x->best, mb));
        assert_non_null(strstr(v.words, want));
        assert_int_equal(x->state, TRAINER_SHOWN);
        trainer_free(t);

        /* a miss, then the best move: solved at the second try */
        t = trainer_new(g, rv, &o, &err);
        x = trainer_get(t, 0);
        assert_int_equal(trainer_try(t, 0, moves[worse], e, &v, &err), 0);
        assert_int_equal(trainer_try(t, 0, x->best, e, &v, &err), 0);
        assert_int_equal(v.kind, TRAINER_BEST);
        assert_int_equal(x->state, TRAINER_SECOND);
        trainer_free(t);
        aw_review_free(rv);
        aw_game_free(g);
        found++;
    }
    aw_engine_free(e);
    assert_int_equal(found, 4);
}

/* A near-best move valued by a search of that move alone: the start
 * position, where the engine values several moves within a seed of the
 * best (accepted), and a move that gives seeds away (missed); the
 * threshold is the review's inaccuracy on the scale of the engine's
 * estimates (aw_review_scale), checked with the linear model (scale 100)
 * and the network. */
static void search_valued(const char *eval)
{
    aw_rules r = aw_rules_default();
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    aw_engine *e = engine();
    aw_error err0;
    assert_int_equal(aw_engine_set_option(e, "Eval", eval, &err0), 0);
    const int scale = aw_review_scale(e, &r, &start);
    assert_true(strcmp(eval, "linear") ? scale >= 100 : scale == 100);
    /* What the engine makes of every move at depth 8. */
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(&r, &start, moves);
    aw_score v8[AW_MAX_MOVES];
    aw_error err;
    for (int i = 0; i < n; i++) {
        aw_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.depth = 8;
        lim.only = &moves[i];
        lim.only_count = 1;
        aw_search_result res;
        aw_engine_clear(e);
        assert_int_equal(aw_engine_set_game(e, g, &err), 0);
        assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
        v8[i] = res.info.line[0].score;
    }
    int b = 0;
    for (int i = 1; i < n; i++)
        if (v8[i].value > v8[b].value)
            b = i;
    /* The review said: the best is moves[b]; the move played was another
     * (marked ?!); every other move is accepted or not by its value. */
    int played = b == 0 ? 1 : 0;
    assert_int_equal(aw_game_play(g, moves[played], NULL), 0);
    aw_review *rv = calloc(1, sizeof *rv);
    rv->move = calloc(1, sizeof *rv->move);
    rv->total = rv->count = 1;
    aw_review_move *m = &rv->move[0];
    m->legal = n;
    m->mover = AW_SOUTH;
    m->played = moves[played];
    m->best = moves[b];
    m->best_score = v8[b];
    m->pv[0] = moves[b];
    m->pv_length = 1;
    m->mark = AW_MARK_DUBIOUS;
    m->depth = 8;
    int good = 0, missed = 0;
    for (int i = 0; i < n; i++) {
        if (i == b || i == played)
            continue;
        trainer_options o = opts(AW_SOUTH, 8);
        trainer *t = trainer_new(g, rv, &o, &err);
        trainer_verdict v;
        assert_int_equal(trainer_try(t, 0, moves[i], e, &v, &err), 0);
        const bool near = v8[b].value - v8[i].value < AW_REVIEW_INACCURACY * scale / 100;
        assert_int_equal(v.kind, near ? TRAINER_GOOD : TRAINER_MISS);
        assert_int_equal(v.score.value, v8[i].value);
        good += near;
        missed += !near;
        trainer_free(t);
    }
    assert_true(good + missed == n - 2);
    /* Both kinds seen with the linear model, whose values of the start's
     * moves at depth 8 spread both sides of the threshold (the network's
     * are all close). */
    if (scale == 100)
        assert_true(good > 0 && missed > 0);
    aw_review_free(rv);
    aw_engine_free(e);
    aw_game_free(g);
}

static void test_search_valued(void **state)
{
    (void)state;
    search_valued("linear");
    search_valued("nnue");
}

/* The hint names a capture: South's D (3 seeds) ends in North's a. */
static void test_hint_capture(void **state)
{
    (void)state;
    aw_rules r = aw_rules_default();
    /* pits A..F a..f, scores, side */
    aw_position p = t_pos("1-1-1-3-1-1-1-4-4-4-4-4-9-10-S");
    aw_game *g = aw_game_new(&r, &p);
    aw_position after = p;
    const int got = aw_play(&r, &after, mv("D"));
    assert_true(got > 0);
    assert_int_equal(aw_game_play(g, mv("A"), NULL), 0);
    aw_review *rv = calloc(1, sizeof *rv);
    rv->move = calloc(1, sizeof *rv->move);
    rv->total = rv->count = 1;
    rv->move[0] = (aw_review_move){.legal = 6, .mover = AW_SOUTH, .played = mv("A"),
                                   .best = mv("D"), .mark = AW_MARK_MISTAKE, .pv_length = 1};
    rv->move[0].pv[0] = mv("D");
    trainer_options o = opts(AW_SOUTH, 4);
    aw_error err;
    trainer *t = trainer_new(g, rv, &o, &err);
    const trainer_exercise *x = trainer_get(t, 0);
    assert_int_equal(x->hint.kind, TRAINER_HINT_CAPTURES);
    assert_int_equal(x->hint.seeds, got);
    char buf[256], want[128];
    assert_int_equal(got, 2);
    snprintf(want, sizeof want, "Hint: the best move captures 2 seeds (from a).");
    assert_non_null(strstr(trainer_hint_words(t, 0, buf, sizeof buf), want));
    trainer_free(t);
    aw_review_free(rv);
    aw_game_free(g);
}

/* The relay game: moves with a direction; the one played missed, the same
 * pit the other way valued as another move, the hint from the relay's own
 * sowing. */
static void test_relay(void **state)
{
    (void)state;
    aw_rules r = t_rules("relay", NULL);
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *g = aw_game_new(&r, &start);
    aw_move played, best, other;
    assert_int_equal(aw_moves_parse(&r, "C+", &played, 1, NULL), 1);
    assert_int_equal(aw_moves_parse(&r, "E-", &best, 1, NULL), 1);
    assert_int_equal(aw_moves_parse(&r, "C-", &other, 1, NULL), 1);
    assert_int_equal(aw_game_play(g, played, NULL), 0);
    aw_review *rv = calloc(1, sizeof *rv);
    rv->move = calloc(1, sizeof *rv->move);
    rv->total = rv->count = 1;
    rv->move[0] = (aw_review_move){.legal = 12, .mover = AW_SOUTH, .played = played, .best = best,
                                   .mark = AW_MARK_DUBIOUS, .pv_length = 1, .depth = 4};
    rv->move[0].pv[0] = best;
    rv->move[0].best_score.kind = AW_SCORE_SEEDS;
    trainer_options o = opts(AW_SOUTH, 4);
    aw_error err;
    trainer *t = trainer_new(g, rv, &o, &err);
    assert_non_null(t);
    const trainer_exercise *x = trainer_get(t, 0);
    /* the hint from the relay's own sowing: what E- does there */
    aw_position after = x->position;
    aw_move_report rep;
    const int got = aw_play_report(&r, &after, best, &rep);
    char buf[256];
    trainer_hint_words(t, 0, buf, sizeof buf);
    if (got > 0) {
        assert_int_equal(x->hint.kind, TRAINER_HINT_CAPTURES);
        assert_int_equal(x->hint.seeds, got);
        assert_non_null(strstr(buf, "Hint: the best move captures"));
    } else {
        assert_int_not_equal(x->hint.kind, TRAINER_HINT_CAPTURES);
        assert_non_null(strstr(buf, "Hint: the best move "));
    }
    aw_engine *e = engine();
    trainer_verdict v;
    assert_int_equal(trainer_try(t, 0, played, e, &v, &err), 0);
    assert_int_equal(v.kind, TRAINER_MISS);
    assert_true(v.played);
    /* the same pit the other way is another move: valued, not "played" */
    assert_int_equal(trainer_try(t, 0, other, e, &v, &err), 0);
    assert_false(v.played);
    assert_true(v.valued);
    assert_true(v.kind == TRAINER_GOOD || v.kind == TRAINER_ANSWER);
    trainer_free(t);
    aw_engine_free(e);
    aw_review_free(rv);
    aw_game_free(g);
}

typedef struct stopper {
    trainer *t;
} stopper;

static void *stop_later(void *arg)
{
    stopper *s = arg;
    struct timespec ts = {0, 150 * 1000000};
    nanosleep(&ts, NULL);
    trainer_stop(s->t);
    return NULL;
}

/* A search stopped from another thread: 1, nothing counted. */
static void test_stop(void **state)
{
    (void)state;
    static const char *const marks[] = {"?"};
    aw_game *g;
    aw_review *rv = hand_review("A", marks, &g);
    trainer_options o = opts(AW_SOUTH, 60);
    aw_error err;
    trainer *t = trainer_new(g, rv, &o, &err);
    aw_engine *e = engine();
    const trainer_exercise *x = trainer_get(t, 0);
    aw_move other = AW_MOVE_NONE;
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(trainer_rules(t), &x->position, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] != x->best && moves[i] != x->played)
            other = moves[i];
    pthread_t th;
    stopper s = {t};
    assert_int_equal(pthread_create(&th, NULL, stop_later, &s), 0);
    trainer_verdict v;
    assert_int_equal(trainer_try(t, 0, other, e, &v, &err), 1);
    pthread_join(th, NULL);
    assert_int_equal(x->state, TRAINER_OPEN);
    trainer_free(t);
    aw_engine_free(e);
    aw_review_free(rv);
    aw_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_selection),
        cmocka_unit_test(test_best_and_played),
        cmocka_unit_test(test_tables_near_best),
        cmocka_unit_test(test_search_valued),
        cmocka_unit_test(test_hint_capture),
        cmocka_unit_test(test_relay),
        cmocka_unit_test(test_stop),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
