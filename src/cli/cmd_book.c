/*
 * cmd_book.c - `awale book`: build, probe and describe opening books
 * (docs/book.md).
 *
 *   build   grows a book by drop-out expansion (aw_book_build) into --out,
 *           resuming from the file when it is there; it is written every
 *           --save-every positions and at the end, always atomically, so
 *           Ctrl-C (which stops the searches at once) loses at most the
 *           expansion under way
 *   probe   the book moves of a position with their values, best first
 *   info    what a book holds, after checking it
 */
#define _DEFAULT_SOURCE
#include "cli.h"

#include "front/books.h"
#include "front/interrupt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct book_args {
    cli_rules cr;
    const char *out, *book;
    long long depth, positions, threads, hash, save_every;
    unsigned long long nodes;
    double alpha;
    bool alpha_given, quiet;
    const char *words[AW_SEARCH_MAX_PV + 2];
    int nwords;
} book_args;

static int parse_args(const char *cmd, int argc, char **argv, book_args *a, bool build)
{
    memset(a, 0, sizeof *a);
    a->alpha = 2.0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &a->cr, argc, argv, &i, true);
        if (rc < 0)
            return -1;
        if (rc > 0)
            continue;
        long long n;
        if (build && (rc = cli_option(cmd, argc, argv, &i, "--out", &v)) != 0) {
            if (rc < 0)
                return -1;
            if (!*v) {
                cli_error(cmd, "--out needs a file name");
                return -1;
            }
            a->out = v;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, AW_SEARCH_MAX_DEPTH, &a->depth))
                return -1;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--nodes", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--nodes", v, 1, 1000000000000LL, &n))
                return -1;
            a->nodes = (unsigned long long)n;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--positions", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--positions", v, 1, 16777216, &a->positions))
                return -1;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--threads", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--threads", v, 1, AW_SEARCH_MAX_THREADS, &a->threads))
                return -1;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--hash", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--hash", v, 1, 65536, &a->hash))
                return -1;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--save-every", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--save-every", v, 1, 16777216, &a->save_every))
                return -1;
        } else if (build && (rc = cli_option(cmd, argc, argv, &i, "--alpha", &v)) != 0) {
            char *end;
            errno = 0;
            double x = rc > 0 ? strtod(v, &end) : 0;
            if (rc < 0 || errno || end == v || *end || !(x >= 0 && x <= 1000)) {
                if (rc > 0)
                    cli_error(cmd, "bad value '%s' for --alpha (expected a number from 0 to 1000)",
                              v);
                return -1;
            }
            a->alpha = x;
            a->alpha_given = true;
        } else if (build && cli_flag(argv, i, "--quiet")) {
            a->quiet = true;
        } else if (!build && (rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return -1;
            a->book = v;
        } else if (!build && !cli_is_option(argv[i]) && a->nwords < AW_SEARCH_MAX_PV) {
            a->words[a->nwords++] = argv[i];
        } else {
            if (cli_is_option(argv[i]))
                cli_error(cmd, "unknown option '%s' (see 'awale book --help')", argv[i]);
            else
                cli_error(cmd, "unexpected argument '%s' (see 'awale book --help')", argv[i]);
            return -1;
        }
    }
    if (a->depth && a->nodes) {
        cli_error(cmd, "give --depth or --nodes, not both");
        return -1;
    }
    return 0;
}

static void format_line(const aw_rules *rules, const aw_move *line, int n, char *buf, size_t size)
{
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX];
        const size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", i ? " " : "", aw_move_format(rules, line[i], m));
    }
}

/* ------------------------------------------------------------------- build */

typedef struct progress_ctx {
    const aw_rules *rules;
    bool tty, quiet;
    double start, last;
    int first;          /* positions when this run started */
    long long target;   /* the positions asked for (the chunks' end) */
    uint64_t searches0; /* searches of the earlier chunks  */
    uint64_t searches;
} progress_ctx;

static int on_progress(void *ctx, const aw_book_progress *p)
{
    progress_ctx *c = ctx;
    c->searches = c->searches0 + p->searches;
    const double t = cli_now();
    if (!c->quiet && (c->tty ? t - c->last >= 0.25 : t - c->last >= 30)) {
        c->last = t;
        const double el = t - c->start;
        const int made = p->positions - c->first;
        char eta[32] = "?", spent[32], score[32], line[160];
        if (made > 0 && el > 1 && c->target > p->positions)
            cli_fmt_time(el * (double)(c->target - p->positions) / made, eta, sizeof eta);
        cli_fmt_time(el, spent, sizeof spent);
        aw_score_format(&p->root, score, sizeof score);
        format_line(c->rules, p->line, p->line_length < 8 ? p->line_length : 8, line, sizeof line);
        fprintf(stderr, "%spositions %d/%lld (%d inner)  root %s %s  %.1f searches/s  %s, ETA %s%s",
                c->tty ? "\r\033[K" : "", p->positions, c->target, p->inner, score, line,
                el > 0 ? (double)c->searches / el : 0.0, spent, eta, c->tty ? "" : "\n");
        fflush(stderr);
    }
    return interrupt_caught();
}

static int book_build(int argc, char **argv)
{
    const char *cmd = "book build";
    book_args a;
    if (parse_args(cmd, argc, argv, &a, true))
        return EXIT_USAGE;
    aw_rules rules;
    aw_position root;
    int bad = cli_rules_build(cmd, &a.cr, &rules, &root);
    if (bad)
        return bad;
    char out_buf[256];
    if (!a.out) {
        snprintf(out_buf, sizeof out_buf, "book-%s.awb", rules.name);
        a.out = out_buf;
    }
    aw_error err;
    aw_book *book = NULL;
    if (access(a.out, F_OK) == 0) {
        book = aw_book_load(a.out, &err);
        if (!book) {
            cli_error(cmd, "%s; remove it or give another --out", err.msg);
            return EXIT_INPUT;
        }
        aw_book_info info;
        aw_book_get_info(book, &info);
        if (!a.cr.position)
            root = info.root;
        if (!a.depth && !a.nodes) {
            a.depth = info.depth;
            a.nodes = info.nodes;
        }
        if (!a.hash)
            a.hash = info.hash_mb;
        if (!a.alpha_given)
            a.alpha = info.alpha;
    }
    if (!a.depth && !a.nodes)
        a.depth = 14;
    if (!a.positions)
        a.positions = 10000;
    if (!a.save_every)
        a.save_every = 1000;
    aw_book_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.depth = (int)a.depth;
    opt.nodes = a.nodes;
    opt.alpha = a.alpha;
    opt.threads = a.threads > 0 ? (int)a.threads : 1;
    opt.hash_mb = (int)a.hash;
    progress_ctx pc = {.rules = &rules, .tty = isatty(2) != 0, .quiet = a.quiet,
                       .target = a.positions};
    pc.start = cli_now();
    pc.last = pc.start - 100;
    opt.progress = on_progress;
    opt.ctx = &pc;
    char where[AW_POSITION_MAX], search[64];
    if (opt.depth)
        snprintf(search, sizeof search, "depth %d", opt.depth);
    else
        snprintf(search, sizeof search, "%llu nodes", (unsigned long long)opt.nodes);
    if (!a.quiet) {
        int have = 0;
        if (book) {
            aw_book_info info;
            aw_book_get_info(book, &info);
            have = info.positions;
        }
        fprintf(stderr,
                "%s the %s book %s (%d positions) from %s: up to %lld positions, leaves searched "
                "to %s (%d MB table), alpha %g, %d thread%s\n",
                book ? "growing" : "building", rules.name, a.out, have,
                aw_position_format(&root, where), a.positions, search,
                opt.hash_mb ? opt.hash_mb : 16, opt.alpha, opt.threads, opt.threads > 1 ? "s" : "");
    }
    if (book) {
        aw_book_info info;
        aw_book_get_info(book, &info);
        pc.first = info.positions;
    }
    interrupt_guard ig;
    interrupt_catch(&ig, 0, NULL);
    int status = EXIT_OK;
    bool complete = false, stopped = false;
    for (;;) {
        int have = 0;
        if (book) {
            aw_book_info info;
            aw_book_get_info(book, &info);
            have = info.positions;
        }
        const long long chunk = have + a.save_every < a.positions ? have + a.save_every : a.positions;
        opt.positions = (int)chunk;
        aw_book *grown = aw_book_build(book, &rules, &root, &opt, &stopped, &err);
        pc.searches0 = pc.searches;
        if (!grown) {
            if (!stopped) {
                if (pc.tty && !a.quiet)
                    fputs("\r\033[K", stderr);
                cli_error(cmd, "%s", err.msg);
                status = EXIT_INPUT;
            }
            break;
        }
        aw_book_free(book);
        book = grown;
        aw_book_info info;
        aw_book_get_info(book, &info);
        if (aw_book_save(book, a.out, &err)) {
            cli_error(cmd, "%s", err.msg);
            status = EXIT_INPUT;
            break;
        }
        /* Complete: the root's value is proven, or every leaf is. */
        complete = !stopped && info.positions < chunk;
        if (stopped || complete || info.positions >= a.positions)
            break;
    }
    interrupt_release(&ig);
    if (pc.tty && !a.quiet)
        fputs("\r\033[K", stderr);
    if (status != EXIT_OK) {
        aw_book_free(book);
        return status;
    }
    if (book) {
        aw_book_info info;
        aw_book_get_info(book, &info);
        char score[32];
        aw_score_format(&info.value, score, sizeof score);
        fprintf(stderr, "%s%s: %d positions (%d inner, longest line %d plies), root value %s, "
                        "%llu searches in %.0f s\n",
                stopped ? "interrupted; written " : complete ? "complete (nothing left to expand); " : "",
                a.out, info.positions, info.inner, info.max_plies, score,
                (unsigned long long)pc.searches, cli_now() - pc.start);
        if (stopped)
            fprintf(stderr, "run the same command again to go on\n");
    } else if (stopped) {
        cli_error(cmd, "interrupted before the root was scored; nothing written");
    }
    aw_book_free(book);
    return stopped ? 130 : EXIT_OK;
}

/* ------------------------------------------------------------------- probe */

static int open_book(const char *cmd, const book_args *a, const aw_rules *rules, aw_book **book)
{
    if (cli_book_open(cmd, a->book, rules, book))
        return EXIT_INPUT;
    if (!*book) {
        if (a->book && strcmp(a->book, "none") == 0)
            cli_error(cmd, "--book none: no book to look at");
        else
            cli_error(cmd, "no built-in book for the %s rules (give --book FILE)", rules->name);
        return EXIT_INPUT;
    }
    return EXIT_OK;
}

static int book_probe(int argc, char **argv)
{
    const char *cmd = "book probe";
    book_args a;
    if (parse_args(cmd, argc, argv, &a, false))
        return EXIT_USAGE;
    aw_rules rules;
    aw_position pos;
    int bad = cli_rules_build(cmd, &a.cr, &rules, &pos);
    if (bad)
        return bad;
    int w = 0;
    aw_error err;
    if (w < a.nwords && strcmp(a.words[w], "start") == 0) {
        w++;
    } else if (w < a.nwords && !a.cr.position && strchr(a.words[w], '-') &&
               aw_position_parse(a.words[w], &pos, NULL) == 0) {
        w++;
    }
    for (; w < a.nwords; w++) {
        const char *t = a.words[w];
        aw_move m;
        int rc;
        while ((rc = aw_move_parse_next(&rules, &t, &m, &err)) == 1) {
            char why[256];
            if (aw_position_status(&rules, &pos) != AW_ONGOING ||
                aw_explain_illegal(&rules, &pos, m, why, sizeof why)) {
                char mv[AW_MOVE_MAX];
                cli_error(cmd, "%s cannot be played: %s", aw_move_format(&rules, m, mv),
                          aw_position_status(&rules, &pos) != AW_ONGOING ? "the game is over"
                                                                          : why);
                return EXIT_INPUT;
            }
            aw_play(&rules, &pos, m);
        }
        if (rc < 0) {
            cli_error(cmd, "'%s' is neither a position nor moves: %s", a.words[w], err.msg);
            return EXIT_INPUT;
        }
    }
    aw_book *book;
    int rc = open_book(cmd, &a, &rules, &book);
    if (rc)
        return rc;
    aw_move moves[AW_MAX_MOVES];
    aw_score scores[AW_MAX_MOVES];
    const int n = aw_book_probe(book, &rules, &pos, moves, scores);
    if (n == 0) {
        printf("not in the book\n");
    } else {
        for (int i = 0; i < n; i++) {
            char m[AW_MOVE_MAX], s[32];
            printf("%s %s\n", aw_move_format(&rules, moves[i], m),
                   aw_score_format(&scores[i], s, sizeof s));
        }
        /* The book's line: its best moves while they stay in the book. */
        aw_move line[AW_SEARCH_MAX_PV];
        int len = 0;
        aw_position p = pos;
        aw_move bm[AW_MAX_MOVES];
        aw_score bs[AW_MAX_MOVES];
        while (len < AW_SEARCH_MAX_PV && aw_book_probe(book, &rules, &p, bm, bs) > 0) {
            line[len++] = bm[0];
            aw_play(&rules, &p, bm[0]);
        }
        char text[AW_SEARCH_MAX_PV * 4];
        format_line(&rules, line, len, text, sizeof text);
        printf("line %s\n", text);
    }
    aw_book_free(book);
    return EXIT_OK;
}

/* -------------------------------------------------------------------- info */

static int book_info(int argc, char **argv)
{
    const char *cmd = "book info";
    book_args a;
    if (parse_args(cmd, argc, argv, &a, false))
        return EXIT_USAGE;
    if (a.nwords) {
        cli_error(cmd, "unexpected argument '%s' (see 'awale book --help')", a.words[0]);
        return EXIT_USAGE;
    }
    aw_rules rules;
    int bad = cli_rules_build(cmd, &a.cr, &rules, NULL);
    if (bad)
        return bad;
    aw_book *book;
    aw_error err;
    if (a.book && strcmp(a.book, "none") != 0 && strcmp(a.book, "builtin") != 0) {
        book = aw_book_load(a.book, &err);
    } else {
        book = books_builtin_for(&rules, &err);
        if (!book && !err.msg[0])
            snprintf(err.msg, sizeof err.msg, "no built-in book for the %s rules (give --book FILE)",
                     rules.name);
    }
    if (!book) {
        cli_error(cmd, "%s", err.msg);
        return EXIT_INPUT;
    }
    aw_book_info info;
    aw_book_get_info(book, &info);
    char rules_text[512], pos[AW_POSITION_MAX], score[32];
    aw_rules_diff(&info.rules, rules_text, sizeof rules_text);
    printf("book %s\n", a.book ? a.book : "built-in");
    printf("rules %s%s%s\n", info.rules.name, rules_text[0] ? " " : "", rules_text);
    printf("root %s\n", aw_position_format(&info.root, pos));
    printf("positions %d (%d inner)\n", info.positions, info.inner);
    printf("longest line %d plies\n", info.max_plies);
    if (info.depth)
        printf("leaf searches depth %d, %d MB table\n", info.depth, info.hash_mb);
    else
        printf("leaf searches %llu nodes, %d MB table\n", (unsigned long long)info.nodes,
               info.hash_mb);
    printf("alpha %g\n", info.alpha);
    printf("value %s\n", aw_score_format(&info.value, score, sizeof score));
    /* The rules its values hold under (docs/book.md, "Rules"), and, when
     * rules were given, whether it holds under them. */
    char depends[512], free_[512];
    aw_book_scope(book, depends, sizeof depends, free_, sizeof free_);
    printf("depends on %s\n", depends[0] ? depends : "nothing");
    if (free_[0])
        printf("holds under %s\n", free_);
    if (a.cr.preset || a.cr.count) {
        char given[512];
        aw_error note;
        aw_rules_diff(&rules, given, sizeof given);
        if (aw_book_rules_check(book, &rules, &note))
            printf("under %s%s%s: does not hold: %s\n", rules.name, given[0] ? " " : "", given,
                   note.msg);
        else
            printf("under %s%s%s: holds%s%s\n", rules.name, given[0] ? " " : "", given,
                   note.msg[0] ? ": " : "", note.msg);
    }
    size_t size;
    void *bytes = aw_book_encode(book, &size);
    if (bytes)
        printf("size %zu bytes\n", size);
    free(bytes);
    aw_book_free(book);
    return EXIT_OK;
}

int cmd_book(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage("book", stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "build") == 0)
        return book_build(argc - 1, argv + 1);
    if (strcmp(argv[1], "probe") == 0)
        return book_probe(argc - 1, argv + 1);
    if (strcmp(argv[1], "info") == 0)
        return book_info(argc - 1, argv + 1);
    cli_error("book", "unknown action '%s' (expected build, probe or info)", argv[1]);
    return EXIT_USAGE;
}
