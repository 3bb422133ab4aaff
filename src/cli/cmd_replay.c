/*
 * cmd_replay.c - `awale replay`: play moves from the start or a position and
 * print each position reached, then `ongoing` or `over S-N REASON`.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int cmd_replay(int argc, char **argv)
{
    const char *cmd = "replay";
    cli_rules cr = {0};
    const char **words = calloc((size_t)argc, sizeof *words);
    int nwords = 0;
    if (!words)
        return EXIT_INPUT;
    for (int i = 1; i < argc; i++) {
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0) {
            free(words);
            return EXIT_USAGE;
        }
        if (rc > 0)
            continue;
        if (strcmp(argv[i], "--") == 0) {
            while (++i < argc)
                words[nwords++] = argv[i];
            break;
        }
        if (cli_is_option(argv[i])) {
            cli_error(cmd, "unknown option '%s' (see 'awale replay --help')", argv[i]);
            free(words);
            return EXIT_USAGE;
        }
        words[nwords++] = argv[i];
    }
    aw_rules rules;
    aw_position start;
    if (cli_rules_build(cmd, &cr, &rules, &start)) {
        free(words);
        return EXIT_INPUT;
    }
    aw_game *game = aw_game_new(&rules, &start);
    if (!game) {
        free(words);
        return EXIT_INPUT;
    }
    int status = EXIT_OK, number = 0;
    char buf[AW_POSITION_MAX];
    aw_error err;
    for (int w = 0; w < nwords && status == EXIT_OK; w++) {
        const char *text = words[w];
        aw_move move;
        int rc;
        while (status == EXIT_OK && (rc = aw_move_parse_next(&rules, &text, &move, &err)) != 0) {
            number++;
            char shown[AW_MOVE_MAX];
            if (rc < 0) {
                cli_error(cmd, "move %d is malformed: %s", number, err.msg);
                status = EXIT_INPUT;
            } else if (aw_game_play(game, move, &err)) {
                cli_error(cmd, "move %d (%s) is illegal: %s", number,
                          aw_move_format(&rules, move, shown), err.msg);
                status = EXIT_INPUT;
            } else {
                puts(aw_position_format(aw_game_position(game), buf));
            }
        }
    }
    if (status == EXIT_OK) {
        aw_status st = aw_game_status(game);
        if (st == AW_ONGOING) {
            puts("ongoing");
        } else {
            int scores[2];
            aw_game_scores(game, scores);
            printf("over %d-%d %s\n", scores[0], scores[1], aw_status_word(st));
        }
    }
    aw_game_free(game);
    free(words);
    return status;
}
