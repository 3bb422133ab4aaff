/*
 * cmd_analyze.c - `awale analyze`: search the position reached after the
 * given moves and print one line per completed depth (score from the
 * mover's view, nodes, speed, principal variation), then `bestmove X`.
 * The moves are played in a game, so the history before the analysed
 * position counts for repetition. Ctrl-C stops the search and still prints
 * the best move found so far.
 */
#include "cli.h"
#include "front/engine_setup.h"
#include "front/interrupt.h"

#include <stdlib.h>
#include <string.h>

static aw_engine *interrupted_engine; /* for the SIGINT handler only */

static void on_interrupt(void)
{
    if (interrupted_engine)
        aw_search_stop(interrupted_engine);
}

typedef struct printer {
    const aw_rules *rules;
} printer;

/* "C f F b" into buf. */
static void format_pv(const aw_rules *rules, const aw_search_line *l, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < l->length; i++) {
        char m[AW_MOVE_MAX];
        aw_move_format(rules, l->pv[i], m);
        size_t k = strlen(m);
        if (used + k + 2 >= size)
            break;
        if (i)
            buf[used++] = ' ';
        memcpy(buf + used, m, k + 1);
        used += k;
    }
}

void cli_print_info(const aw_rules *rules, const aw_search_info *info, FILE *out)
{
    for (int i = 0; i < info->lines; i++) {
        const aw_search_line *l = &info->line[i];
        char score[48], pv[AW_SEARCH_MAX_PV * 4];
        aw_score_format(&l->score, score, sizeof score);
        format_pv(rules, l, pv, sizeof pv);
        fprintf(out, "depth %d", info->depth);
        if (info->lines > 1)
            fprintf(out, " multipv %d", i + 1);
        fprintf(out, " seldepth %d score %s nodes %llu nps %llu time %lld pv %s\n",
                info->seldepth, score, (unsigned long long)info->nodes,
                (unsigned long long)info->nps, (long long)info->time_ms, pv);
    }
    fflush(out);
}

void cli_print_book(const aw_book *book, const aw_rules *rules, const aw_position *pos, FILE *out)
{
    aw_move moves[AW_MAX_MOVES];
    aw_score scores[AW_MAX_MOVES];
    const int n = aw_book_probe(book, rules, pos, moves, scores);
    if (n == 0)
        return;
    fprintf(out, "book");
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX], sc[48];
        fprintf(out, " %s %s", aw_move_format(rules, moves[i], m),
                aw_score_format(&scores[i], sc, sizeof sc));
    }
    fputc('\n', out);
    fflush(out);
}

static void on_info(const aw_search_info *info, void *user)
{
    const printer *p = user;
    cli_print_info(p->rules, info, stdout);
}

int cmd_analyze(int argc, char **argv)
{
    const char *cmd = "analyze";
    cli_rules cr = {0};
    long long depth = 0, movetime = 0, nodes = 0, multipv = 1, threads = 1, hash = 64;
    const char *eval = NULL, *tables_opt = NULL, *book_opt = NULL;
    const char *moves_text[512];
    int nmoves = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, AW_SEARCH_MAX_DEPTH, &depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--movetime", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--movetime", v, 1, 1000LL * 3600 * 24 * 365, &movetime))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--nodes", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--nodes", v, 1, 1000000000000000LL, &nodes))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--multipv", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--multipv", v, 1, AW_MAX_MOVES, &multipv))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--threads", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--threads", v, 1, AW_SEARCH_MAX_THREADS, &threads))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--hash", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--hash", v, 1, 65536, &hash))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            tables_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            book_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--eval", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (!cli_eval_name(cmd, v))
                return EXIT_USAGE;
            eval = v;
        } else if (cli_is_option(argv[i])) {
            cli_error(cmd, "unknown option '%s' (see 'awale analyze --help')", argv[i]);
            return EXIT_USAGE;
        } else {
            if (nmoves == (int)(sizeof moves_text / sizeof moves_text[0])) {
                cli_error(cmd, "too many move words");
                return EXIT_USAGE;
            }
            moves_text[nmoves++] = argv[i];
        }
    }
    if (!depth && !movetime && !nodes)
        movetime = 1000;

    aw_rules rules;
    aw_position start;
    int bad = cli_rules_build(cmd, &cr, &rules, &start);
    if (bad)
        return bad;
    aw_game *game = aw_game_new(&rules, &start);
    aw_error err;
    aw_engine *engine = aw_engine_new(&err);
    if (!game || !engine) {
        cli_error(cmd, "out of memory");
        aw_game_free(game);
        aw_engine_free(engine);
        return EXIT_INPUT;
    }
    int status = EXIT_OK;
    for (int w = 0; w < nmoves && status == EXIT_OK; w++) {
        const char *text = moves_text[w];
        aw_move m;
        int rc;
        while ((rc = aw_move_parse_next(&rules, &text, &m, &err)) > 0) {
            char mt[AW_MOVE_MAX];
            aw_error why;
            if (aw_game_play(game, m, &why)) {
                cli_error(cmd, "move %d (%s): %s", aw_game_ply(game) + 1,
                          aw_move_format(&rules, m, mt), why.msg);
                status = EXIT_INPUT;
                break;
            }
        }
        if (rc < 0) {
            cli_error(cmd, "%s", err.msg);
            status = EXIT_INPUT;
        }
    }
    aw_tables *tables = NULL;
    aw_book *book = NULL;
    if (status == EXIT_OK) {
        engine_config ec = engine_config_default();
        ec.hash_mb = (int)hash;
        ec.threads = (int)threads;
        ec.eval = eval;
        ec.tables = tables = cli_tables_open(cmd, tables_opt, &rules);
        if (engine_setup_apply(engine, &ec, &err)) {
            cli_error(cmd, "%s", err.msg);
            status = EXIT_INPUT;
        }
        if (status == EXIT_OK && cli_book_open(cmd, book_opt, &rules, &book))
            status = EXIT_INPUT;
    }
    if (status == EXIT_OK) {
        aw_status st = aw_game_status(game);
        if (st != AW_ONGOING) {
            char why[256];
            int sc[2];
            aw_game_scores(game, sc);
            printf("game over: %s (final score %d-%d)\nbestmove none\n",
                   aw_status_explain(st, &rules, aw_game_position(game), why, sizeof why), sc[0],
                   sc[1]);
        } else {
            aw_engine_set_game(engine, game, NULL);
            /* The opening book's moves first, when it has the position;
             * the search that follows is the engine's own (OwnBook off). */
            if (book)
                cli_print_book(book, &rules, aw_game_position(game), stdout);
            aw_engine_set_option(engine, "OwnBook", "false", NULL);
            aw_limits limits = {0};
            limits.depth = (int)depth;
            limits.movetime_ms = movetime;
            limits.nodes = (uint64_t)nodes;
            limits.multipv = (int)multipv;
            printer p = {&rules};
            aw_search_result res;
            interrupted_engine = engine;
            interrupt_guard ig;
            interrupt_catch(&ig, INTERRUPT_RESTART, on_interrupt);
            int rc = aw_search_run(engine, &limits, on_info, &p, &res, &err);
            interrupt_release(&ig);
            interrupted_engine = NULL;
            if (rc) {
                cli_error(cmd, "%s", err.msg);
                status = EXIT_INPUT;
            } else {
                char m[AW_MOVE_MAX], verdict[128];
                if (cli_tables_verdict(tables, &rules, aw_game_position(game), verdict, sizeof verdict))
                    printf("tables: %s\n", verdict);
                printf("bestmove %s\n", aw_move_format(&rules, res.best, m));
            }
        }
    }
    aw_engine_free(engine);
    aw_book_free(book);
    aw_tables_close(tables);
    aw_game_free(game);
    return status;
}
