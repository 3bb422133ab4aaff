/*
 * example.c - a small program over the installed awale library: it plays
 * the moves given on the command line from the start of a rule set, prints
 * the position reached, counts the move sequences from there (perft) and
 * asks the engine for its best move.
 *
 *   cc example.c $(pkg-config --cflags --libs awale) -o example
 *   ./example abapa C f F b
 */
#include <awale.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    aw_error err;
    aw_rules rules;
    if (aw_rules_preset(argc > 1 ? argv[1] : "abapa", &rules, &err) != 0) {
        fprintf(stderr, "example: %s\n", err.msg);
        return 2;
    }
    aw_position start = aw_position_start(AW_SOUTH);
    aw_game *game = aw_game_new(&rules, &start);
    if (!game)
        return 1;
    for (int i = 2; i < argc; i++) {
        aw_move moves[64];
        int n = aw_moves_parse(&rules, argv[i], moves, 64, &err);
        if (n < 0) {
            fprintf(stderr, "example: %s\n", err.msg);
            return 1;
        }
        for (int k = 0; k < n; k++)
            if (aw_game_play(game, moves[k], &err) != 0) {
                fprintf(stderr, "example: %s: %s\n", argv[i], err.msg);
                return 1;
            }
    }

    char text[AW_POSITION_MAX];
    const aw_position *pos = aw_game_position(game);
    printf("library %s, position %s\n", aw_version(), aw_position_format(pos, text));

    uint64_t counts[5];
    aw_perft(&rules, pos, 4, counts);
    for (int d = 1; d <= 4; d++)
        printf("perft %d %llu\n", d, (unsigned long long)counts[d]);

    aw_engine *engine = aw_engine_new(&err);
    if (!engine || aw_engine_set_game(engine, game, &err) != 0) {
        fprintf(stderr, "example: %s\n", err.msg);
        return 1;
    }
    aw_limits limits = {.depth = 8};
    aw_search_result result;
    if (aw_search_run(engine, &limits, NULL, NULL, &result, &err) != 0) {
        fprintf(stderr, "example: %s\n", err.msg);
        return 1;
    }
    char move[AW_MOVE_MAX], score[32];
    printf("bestmove %s score %s\n",
           result.best == AW_MOVE_NONE ? "none" : aw_move_format(&rules, result.best, move),
           aw_score_format(&result.info.line[0].score, score, sizeof score));
    aw_engine_free(engine);
    aw_game_free(game);
    return 0;
}
