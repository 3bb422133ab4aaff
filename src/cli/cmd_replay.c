/*
 * cmd_replay.c - `awale replay`: play moves from the start or a position and
 * print each position reached, then `ongoing` or `over S-N REASON`.
 */
#include "cli.h"
#include "front/textfile.h"

#include <stdlib.h>
#include <string.h>

/* `--record FILE`: read every record of FILE (checking each move), then
 * print each game's positions and how it ended. */
static int replay_record(const char *cmd, const char *path)
{
    char msg[512];
    char *text = textfile_read(path, (size_t)64 << 20, msg, sizeof msg);
    if (!text) {
        cli_error(cmd, "%s", msg);
        return EXIT_INPUT;
    }
    aw_record **recs = NULL;
    int n = 0, line = 1, status = EXIT_OK;
    const char *p = text;
    aw_error err;
    for (;;) {
        aw_record *rec = aw_record_read(&p, &line, &err);
        if (!rec) {
            if (err.msg[0]) {
                cli_error(cmd, "%s: %s", path, err.msg);
                status = EXIT_INPUT;
            } else if (n == 0) {
                cli_error(cmd, "%s: no game record in the file", path);
                status = EXIT_INPUT;
            }
            break;
        }
        aw_record **more = realloc(recs, sizeof *recs * (size_t)(n + 1));
        if (!more) {
            aw_record_free(rec);
            status = EXIT_INPUT;
            break;
        }
        recs = more;
        recs[n++] = rec;
    }
    for (int i = 0; i < n && status == EXIT_OK; i++) {
        const aw_game *g = aw_record_game_const(recs[i]);
        char buf[AW_POSITION_MAX];
        if (n > 1)
            printf("%sgame %d\n", i ? "\n" : "", i + 1);
        for (int k = 1; k <= aw_game_ply(g); k++)
            puts(aw_position_format(aw_game_position_at(g, k), buf));
        aw_status st = aw_game_status(g);
        const char *result = aw_record_result(recs[i]);
        const char *term = aw_record_tag(recs[i], "Termination");
        if (st != AW_ONGOING) {
            int scores[2];
            aw_game_scores(g, scores);
            printf("over %d-%d %s\n", scores[0], scores[1], aw_status_word(st));
        } else if (strcmp(result, "*") != 0) {
            printf("result %s%s%s\n", result, term ? " " : "", term ? term : "");
        } else {
            puts("ongoing");
        }
    }
    for (int i = 0; i < n; i++)
        aw_record_free(recs[i]);
    free(recs);
    free(text);
    return status;
}

int cmd_replay(int argc, char **argv)
{
    const char *cmd = "replay";
    cli_rules cr = {0};
    const char **words = calloc((size_t)argc, sizeof *words);
    const char *record = NULL;
    int nwords = 0;
    if (!words)
        return EXIT_INPUT;
    for (int i = 1; i < argc; i++) {
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc == 0)
            rc = cli_option(cmd, argc, argv, &i, "--record", &record);
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
    if (record) {
        free(words);
        if (nwords || cr.preset || cr.count || cr.position) {
            cli_error(cmd, "--record takes the rules, start and moves from the record: no "
                           "--rules, --rule, --position or moves with it");
            return EXIT_USAGE;
        }
        return replay_record(cmd, record);
    }
    aw_rules rules;
    aw_position start;
    int bad = cli_rules_build(cmd, &cr, &rules, &start);
    if (bad) {
        free(words);
        return bad;
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
