/*
 * eval_scale.c - how the network's values compare with the linear model's,
 * in seeds, on positions of self-play games: the measurement the review's
 * marks and the trainer's verdicts were recalibrated on (docs/review.md,
 * "The values behind the marks").
 *
 * Plays GAMES games (abapa) from RANDOM uniformly random plies, then the
 * network at PLAYNODES nodes a move for both sides; every STEP-th position
 * after the opening (while the game goes on) is searched to DEPTH with
 * MultiPV 2 by each evaluation (no tables, no book, a cleared table each
 * time), and one other legal move picked at random is searched alone with
 * the same limits (aw_limits.only), as a review values a move played. One
 * line per position:
 *
 *   game ply seeds lin_best lin_second lin_other nn_best nn_second nn_other final
 *
 * values in hundredths of a seed from the mover's view (a proven result:
 * 100 x its margin, suffixed with '*'), final the game's final margin from
 * the mover's view. scripts/eval-scale.py reads it.
 *
 *   make build/release/eval_scale
 *   build/release/eval_scale GAMES SEED [DEPTH RANDOM STEP PLAYNODES] > scale.txt
 *
 * (docs/review.md: 100 1 14 6 4 20000.)
 */
#include "awale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static aw_engine *engine(const char *eval)
{
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    if (!e || aw_engine_set_option(e, "Eval", eval, &err) ||
        aw_engine_set_option(e, "OwnBook", "false", &err)) {
        fprintf(stderr, "eval_scale: %s\n", err.msg);
        exit(1);
    }
    return e;
}

static void put(const aw_score *s)
{
    if (s->kind == AW_SCORE_SEEDS)
        printf(" %d", s->value);
    else
        printf(" %d*", s->kind == AW_SCORE_DRAW ? 0 : 100 * s->margin);
}

/* Best, second best (or the best again with one legal move), and `other`. */
static void values(aw_engine *e, const aw_game *g, int depth, aw_move other)
{
    aw_error err;
    aw_search_result r;
    aw_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.multipv = 2;
    aw_engine_clear(e);
    if (aw_engine_set_game(e, g, &err) || aw_search_run(e, &lim, NULL, NULL, &r, &err)) {
        fprintf(stderr, "eval_scale: %s\n", err.msg);
        exit(1);
    }
    put(&r.info.line[0].score);
    put(&r.info.line[r.info.lines > 1 ? 1 : 0].score);
    lim.multipv = 1;
    lim.only = &other;
    lim.only_count = 1;
    aw_engine_clear(e);
    if (aw_engine_set_game(e, g, &err) || aw_search_run(e, &lim, NULL, NULL, &r, &err)) {
        fprintf(stderr, "eval_scale: %s\n", err.msg);
        exit(1);
    }
    put(&r.info.line[0].score);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: eval_scale GAMES SEED [DEPTH RANDOM STEP PLAYNODES]\n");
        return 2;
    }
    const int games = atoi(argv[1]);
    rng = strtoull(argv[2], NULL, 10) * 0x9E3779B97F4A7C15ull + 1;
    const int depth = argc > 3 ? atoi(argv[3]) : 14;
    const int random_plies = argc > 4 ? atoi(argv[4]) : 6;
    const int step = argc > 5 ? atoi(argv[5]) : 4;
    const long long play_nodes = argc > 6 ? atoll(argv[6]) : 20000;
    const aw_rules rules = aw_rules_default();
    const aw_position start = aw_position_start(AW_SOUTH);
    aw_engine *lin = engine("linear"), *nn = engine("nnue"), *player = engine("nnue");
    aw_error err;

    for (int gi = 0; gi < games; gi++) {
        aw_game *g = aw_game_new(&rules, &start);
        aw_move moves[AW_MAX_MOVES];
        aw_engine_clear(player);
        for (int ply = 0; ply < 300 && aw_game_status(g) == AW_ONGOING; ply++) {
            const int n = aw_game_legal(g, moves);
            aw_move m = moves[next_random() % (unsigned)n];
            if (ply >= random_plies) {
                aw_limits lim;
                memset(&lim, 0, sizeof lim);
                lim.nodes = (uint64_t)play_nodes;
                aw_search_result r;
                if (aw_engine_set_game(player, g, &err) ||
                    aw_search_run(player, &lim, NULL, NULL, &r, &err)) {
                    fprintf(stderr, "eval_scale: %s\n", err.msg);
                    return 1;
                }
                m = r.best;
            }
            if (aw_game_play(g, m, &err)) {
                fprintf(stderr, "eval_scale: %s\n", err.msg);
                return 1;
            }
        }
        int fin[2];
        aw_game_scores(g, fin);
        const int plies = aw_game_ply(g);
        aw_game *replay = aw_game_new(&rules, &start);
        for (int k = 0; k < plies; k++) {
            if (k >= random_plies && (k - random_plies) % step == 0) {
                const aw_position *p = aw_game_position(replay);
                const int n = aw_game_legal(replay, moves);
                if (n >= 2) {
                    int seeds = 0;
                    for (int i = 0; i < AW_PITS; i++)
                        seeds += p->pits[i];
                    const aw_move other = moves[next_random() % (unsigned)n];
                    printf("%d %d %d", gi, k, seeds);
                    values(lin, replay, depth, other);
                    values(nn, replay, depth, other);
                    printf(" %d\n", fin[p->side] - fin[1 - p->side]);
                    fflush(stdout);
                }
            }
            if (aw_game_play(replay, aw_game_move(g, k), &err)) {
                fprintf(stderr, "eval_scale: %s\n", err.msg);
                return 1;
            }
        }
        aw_game_free(replay);
        aw_game_free(g);
        fprintf(stderr, "game %d/%d: %d plies\n", gi + 1, games, plies);
    }
    aw_engine_free(lin);
    aw_engine_free(nn);
    aw_engine_free(player);
    return 0;
}
