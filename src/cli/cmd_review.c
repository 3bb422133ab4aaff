/*
 * cmd_review.c - `awale review`: every move of one or more games judged by
 * the engine (aw_review_game, docs/review.md) and the games written back
 * as records with marks, comments and a summary. A thin layer: reading the
 * games, setting the engine up, a progress bar on a terminal, Ctrl-C.
 */
#include "cli.h"

#include "front/engine_setup.h"
#include "front/interrupt.h"
#include "front/textfile.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static aw_engine *volatile running_engine; /* for the SIGINT handler only */

static void on_interrupt(void)
{
    if (running_engine)
        aw_search_stop(running_engine);
}

typedef struct progress {
    bool tty;
    int game, games;
    double last;
} progress;

static int on_progress(void *ctx, const aw_review *so_far, int reviewing)
{
    progress *p = ctx;
    const double now = cli_now();
    if (p->tty && (now - p->last >= 0.1 || reviewing == so_far->total)) {
        p->last = now;
        const int width = 30, done = so_far->total ? width * so_far->count / so_far->total : width;
        char bar[64];
        for (int i = 0; i < width; i++)
            bar[i] = i < done ? '#' : '.';
        bar[width] = 0;
        fprintf(stderr, "\r\033[Kreviewing");
        if (p->games > 1)
            fprintf(stderr, " game %d/%d", p->game, p->games);
        fprintf(stderr, " [%s] move %d of %d", bar, reviewing < so_far->total ? reviewing + 1 : reviewing,
                so_far->total);
        fflush(stderr);
    }
    return interrupt_caught();
}

typedef struct review_args {
    cli_rules cr;
    long long depth, movetime, threads, hash;
    const char *tables_opt, *book_opt, *eval;
    const char *words[512];
    int nwords;
} review_args;

static bool is_file(const char *w)
{
    struct stat st;
    return strcmp(w, "-") == 0 || stat(w, &st) == 0;
}

/* Review one game and print it annotated. EXIT_OK, EXIT_INPUT, or 130
 * when interrupted (what was done is printed). */
static int review_one(const char *cmd, const review_args *a, aw_record *rec, progress *pr)
{
    const aw_game *game = aw_record_game_const(rec);
    const aw_rules *rules = aw_game_rules(game);
    aw_tables *tables = cli_tables_open(cmd, a->tables_opt, rules);
    aw_book *book = NULL;
    if (cli_book_open(cmd, a->book_opt, rules, &book)) {
        aw_tables_close(tables);
        return EXIT_INPUT;
    }
    engine_config cfg = engine_config_front();
    if (a->eval)
        cfg.eval = a->eval; /* the marks follow its scale (aw_review_scale) */
    cfg.threads = (int)a->threads;
    cfg.hash_mb = (int)a->hash;
    cfg.tables = tables;
    cfg.book = book;
    aw_error err;
    aw_engine *engine = engine_setup_new(&cfg, &err);
    if (!engine) {
        cli_error(cmd, "%s", err.msg);
        aw_tables_close(tables);
        aw_book_free(book);
        return EXIT_INPUT;
    }
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = (int)a->depth;
    opt.limits.movetime_ms = a->movetime;
    if (!a->depth && !a->movetime)
        opt.limits.depth = 14;
    if (tables) {
        opt.probe = aw_tables_probe_hook;
        opt.probe_ctx = tables;
        opt.probe_seeds = aw_tables_seeds(tables);
    }
    opt.progress = on_progress;
    opt.ctx = pr;
    opt.opening = aw_review_opening(rec); /* `awale match`'s {opening}: not judged */
    running_engine = engine;
    aw_review *r = aw_review_game(engine, game, &opt, &err);
    running_engine = NULL;
    if (pr->tty)
        fputs("\r\033[K", stderr);
    int status = EXIT_OK;
    if (!r) {
        cli_error(cmd, "%s", err.msg);
        status = EXIT_INPUT;
    } else {
        char title[160];
        if (a->depth || !a->movetime)
            snprintf(title, sizeof title, "awale %s review, depth %d", AW_VERSION,
                     opt.limits.depth);
        else
            snprintf(title, sizeof title, "awale %s review, %lld ms a search", AW_VERSION,
                     a->movetime);
        if (tables) {
            const size_t n = strlen(title);
            snprintf(title + n, sizeof title - n, ", tables %d seeds", aw_tables_seeds(tables));
        }
        char annotator[64];
        snprintf(annotator, sizeof annotator, "awale %s", AW_VERSION);
        if (aw_review_annotate(r, rec, title, &err) ||
            aw_record_set_tag(rec, "Annotator", annotator, &err)) {
            cli_error(cmd, "%s", err.msg);
            status = EXIT_INPUT;
        } else {
            char *text = aw_record_format(rec);
            if (!text) {
                cli_error(cmd, "out of memory");
                status = EXIT_INPUT;
            } else {
                fputs(text, stdout);
                fflush(stdout);
                free(text);
            }
        }
        if (r->stopped)
            status = 130;
        aw_review_free(r);
    }
    aw_engine_free(engine);
    aw_tables_close(tables);
    aw_book_free(book);
    return status;
}

int cmd_review(int argc, char **argv)
{
    const char *cmd = "review";
    review_args a;
    memset(&a, 0, sizeof a);
    a.threads = 1;
    a.hash = 64;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &a.cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, AW_SEARCH_MAX_DEPTH, &a.depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--movetime", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--movetime", v, 1, 1000LL * 3600 * 24, &a.movetime))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--threads", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--threads", v, 1, AW_SEARCH_MAX_THREADS, &a.threads))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--hash", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--hash", v, 1, 65536, &a.hash))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            a.tables_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            a.book_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--eval", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (!cli_eval_name(cmd, v))
                return EXIT_USAGE;
            a.eval = v;
        } else if (cli_is_option(argv[i])) {
            cli_error(cmd, "unknown option '%s' (see 'awale review --help')", argv[i]);
            return EXIT_USAGE;
        } else if (a.nwords == (int)(sizeof a.words / sizeof a.words[0])) {
            cli_error(cmd, "too many move words");
            return EXIT_USAGE;
        } else {
            a.words[a.nwords++] = argv[i];
        }
    }
    if (a.depth && a.movetime) {
        cli_error(cmd, "give --depth or --movetime, not both");
        return EXIT_USAGE;
    }
    if (a.nwords == 0) {
        cli_error(cmd, "give a file of game records ('-': standard input) or the moves of a game "
                       "(see 'awale review --help')");
        return EXIT_USAGE;
    }
    /* The games: records from a file, or one game from the moves given. */
    aw_record *recs[4096];
    int nrecs = 0, status = EXIT_OK;
    char *text = NULL;
    if (a.nwords == 1 && is_file(a.words[0])) {
        if (a.cr.preset || a.cr.count || a.cr.position) {
            cli_error(cmd, "the records say their rules and start: --rules, --rule and "
                           "--position go with moves, not with a file");
            return EXIT_USAGE;
        }
        char msg[512];
        text = textfile_read(a.words[0], (size_t)64 << 20, msg, sizeof msg);
        if (!text) {
            cli_error(cmd, "%s", msg);
            return EXIT_INPUT;
        }
        const char *p = text;
        int line = 1;
        for (;;) {
            aw_error err;
            aw_record *rec = aw_record_read(&p, &line, &err);
            if (!rec) {
                if (err.msg[0]) {
                    cli_error(cmd, "%s: %s", strcmp(a.words[0], "-") ? a.words[0] : "stdin",
                              err.msg);
                    status = EXIT_INPUT;
                }
                break;
            }
            if (nrecs == (int)(sizeof recs / sizeof recs[0])) {
                aw_record_free(rec);
                cli_error(cmd, "more than %d games in %s", nrecs, a.words[0]);
                status = EXIT_INPUT;
                break;
            }
            recs[nrecs++] = rec;
        }
        if (status == EXIT_OK && nrecs == 0) {
            cli_error(cmd, "%s: no game record in it", a.words[0]);
            status = EXIT_INPUT;
        }
    } else {
        aw_rules rules;
        aw_position start;
        if (cli_rules_build(cmd, &a.cr, &rules, &start))
            return EXIT_INPUT;
        aw_record *rec = aw_record_new(&rules, &start);
        if (!rec) {
            cli_error(cmd, "out of memory");
            return EXIT_INPUT;
        }
        recs[nrecs++] = rec;
        aw_game *g = aw_record_game(rec);
        for (int w = 0; w < a.nwords && status == EXIT_OK; w++) {
            const char *t = a.words[w];
            aw_move m;
            aw_error err;
            int rc;
            while ((rc = aw_move_parse_next(&rules, &t, &m, &err)) > 0) {
                char mt[AW_MOVE_MAX];
                aw_error why;
                if (aw_game_play(g, m, &why)) {
                    cli_error(cmd, "move %d (%s): %s", aw_game_ply(g) + 1,
                              aw_move_format(&rules, m, mt), why.msg);
                    status = EXIT_INPUT;
                    break;
                }
            }
            if (rc < 0) {
                cli_error(cmd, "'%s' is neither a record file nor moves: %s", a.words[w],
                          err.msg);
                status = EXIT_INPUT;
            }
        }
    }
    free(text);

    interrupt_guard ig;
    interrupt_catch(&ig, 0, on_interrupt);
    progress pr = {.tty = isatty(2) != 0, .games = nrecs, .last = -1};
    for (int i = 0; i < nrecs && status == EXIT_OK; i++) {
        pr.game = i + 1;
        if (i > 0)
            fputc('\n', stdout);
        status = review_one(cmd, &a, recs[i], &pr);
    }
    interrupt_release(&ig);
    if (status == 130)
        fprintf(stderr, "awale review: interrupted; the moves reviewed so far are written\n");
    for (int i = 0; i < nrecs; i++)
        aw_record_free(recs[i]);
    return status;
}
