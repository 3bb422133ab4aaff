/*
 * cmd_puzzles.c - `awale puzzles build|export|verify|stats` and `awale
 * puzzle` (docs/puzzles.md).
 *
 * build: positions from engine games (src/front/puzzle_find.c plays them)
 * or from the games of a records file go through the finder until --count
 * puzzles are found. Puzzles of an existing --out file for the same rules
 * are kept and count (the same command resumes). The file is rewritten
 * atomically (textfile_write) every few puzzles and at the end; Ctrl-C
 * stops the search and keeps what was found.
 * export: the shipped puzzles, one a line. verify: every puzzle of a file
 * (or every shipped one) checked again, deeper; exit 1 when one fails.
 * stats: counts by rule set and theme, and the spread of the ratings.
 * puzzle: plays them in the terminal, line by line, in the player's
 * language: the board as `awale play --plain` draws it, the defender's
 * replies, a streak and a rating that follows the results.
 */
#include "cli.h"
#include "cli/play_text.h"
#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/puzzle_find.h"
#include "front/puzzles.h"
#include "front/textfile.h"
#include "front/words.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FILE_MAX ((size_t)64 << 20)

/* ------------------------------------------------------------ a list */

typedef struct plist {
    puzzle *items;
    int count, cap;
} plist;

static int plist_add(plist *l, const puzzle *p)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        puzzle *t = realloc(l->items, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        l->items = t;
        l->cap = cap;
    }
    l->items[l->count++] = *p;
    return 0;
}

/* The puzzles of a text: each line parsed; a bad line is reported as
 * "NAME:LINE: message" and counted in *bad. lines[] (may be NULL) gets the
 * line of each puzzle. */
static int read_puzzles(const char *name, const char *text, plist *out, int **lines, int *bad)
{
    int line = 0;
    *bad = 0;
    const char *s = text;
    while (*s) {
        line++;
        size_t len = strcspn(s, "\n");
        char *one = malloc(len + 1);
        if (!one)
            return -1;
        memcpy(one, s, len);
        one[len] = 0;
        puzzle p;
        aw_error err;
        int rc = puzzle_parse_line(one, &p, &err);
        free(one);
        if (rc < 0) {
            fprintf(stderr, "%s:%d: %s\n", name, line, err.msg);
            (*bad)++;
        } else if (rc == 1) {
            p.id = out->count;
            if (plist_add(out, &p))
                return -1;
            if (lines) {
                int *t = realloc(*lines, (size_t)out->cap * sizeof *t);
                if (!t)
                    return -1;
                *lines = t;
                t[out->count - 1] = line;
            }
        }
        s += len;
        if (*s == '\n')
            s++;
    }
    return 0;
}

static char *format_file(const plist *l, const char *rules, const char *header)
{
    size_t size = 4096 + (size_t)l->count * 600;
    char *text = malloc(size);
    if (!text)
        return NULL;
    size_t n = (size_t)snprintf(text, size,
                                "# awale puzzles for %s (docs/puzzles.md), one a line:\n"
                                "# rules<TAB>position<TAB>solution<TAB>themes<TAB>rating\n%s",
                                rules, header ? header : "");
    for (int i = 0; i < l->count; i++) {
        char line[600];
        puzzle_format_line(&l->items[i], line, sizeof line);
        n += (size_t)snprintf(text + n, size - n, "%s\n", line);
    }
    return text;
}

static int preset_option(const char *cmd, const char *v, aw_rules *rules)
{
    aw_error err;
    if (aw_rules_preset(v, rules, &err)) {
        cli_error(cmd, "unknown rule set '%s' (abapa, seven-turns, grand-slam, two-seeds, relay)",
                  v);
        return -1;
    }
    return 0;
}

static int theme_option(const char *cmd, const char *v, unsigned *themes)
{
    int bit = puzzle_theme_parse(v);
    if (bit < 0) {
        cli_error(cmd,
                  _("unknown theme '%s' (capture-chain, grand-slam, starving, feeding, counting, "
                    "endgame)"),
                  v);
        return -1;
    }
    *themes |= 1u << bit;
    return 0;
}

/* ------------------------------------------------------------ build */

static puzzle_finder *the_finder;
static void stop_finder(void)
{
    if (the_finder)
        puzzle_finder_stop(the_finder);
}

typedef struct build_state {
    const char *cmd, *out, *rules_name;
    char header[512];
    plist found;
    int target;
    int examined, deep, games, written, rejected;
    int small;  /* puzzles with SMALL_BOARD seeds or fewer on the board */
    bool vary;  /* engine games: limit the small ones                   */
    double t0;
    bool tty, quiet, signals;
} build_state;

static int save(build_state *b)
{
    if (!b->out)
        return 0;
    char *text = format_file(&b->found, b->rules_name, b->header);
    char err[512];
    if (!text || textfile_write(b->out, text, err, sizeof err)) {
        cli_error(b->cmd, "%s", text ? err : "out of memory");
        free(text);
        return -1;
    }
    free(text);
    b->written = b->found.count;
    return 0;
}

static void progress(build_state *b, bool last)
{
    if (b->quiet)
        return;
    double t = cli_now() - b->t0;
    char el[32];
    cli_fmt_time(t, el, sizeof el);
    if (b->tty)
        fprintf(stderr, "\r%d/%d puzzles, %d positions (%d searched deeply), %d games, %s  %s",
                b->found.count, b->target, b->examined, b->deep, b->games, el, last ? "\n" : "");
    else if (last || b->found.count % 10 == 0)
        fprintf(stderr, "%d/%d puzzles, %d positions (%d searched deeply), %d games, %s\n",
                b->found.count, b->target, b->examined, b->deep, b->games, el);
}

static int board_seeds(const aw_position *pos)
{
    int n = 0;
    for (int i = 0; i < AW_PITS; i++)
        n += pos->pits[i];
    return n;
}

/* Engine games end in small endgames again and again: at most a quarter
 * of the puzzles found in them have SMALL_BOARD seeds or fewer on the
 * board, so that the collection spans the whole game. */
#define SMALL_BOARD 8

/* Try one position; -1 to stop. */
static int consider(build_state *b, puzzle_finder *pf, const aw_position *pos)
{
    bool small = board_seeds(pos) <= SMALL_BOARD;
    if (b->vary && small && b->small * 4 >= b->target)
        return 0;
    puzzle p;
    puzzle_find_info info;
    aw_error err;
    int rc = puzzle_finder_try(pf, pos, &p, &info, &err);
    if (rc < 0)
        return -1;
    if (info.seen)
        return 0;
    b->examined++;
    b->deep += info.deep;
    if (rc == 1) {
        /* Kept only when the re-check (deeper) agrees, as `verify` will. */
        char why[512];
        int v = puzzle_finder_verify(pf, &p, 0, why, sizeof why);
        if (v < 0)
            return -1;
        if (v > 0) {
            b->rejected++;
            return 0;
        }
        p.id = b->found.count;
        b->small += small;
        if (b->signals)
            fprintf(stderr, "signals dfirst %d tempting %d payoff %d length %d rating %d\n",
                    info.dfirst, info.tempting, info.payoff, p.length, p.rating);
        if (plist_add(&b->found, &p))
            return -1;
        progress(b, false);
        if (b->found.count - b->written >= 10 && save(b))
            return -1;
    } else if (b->tty && b->examined % 50 == 0)
        progress(b, false);
    return b->found.count >= b->target ? -1 : 0;
}

static int build(int argc, char **argv)
{
    const char *cmd = "puzzles build";
    const char *rules_name = NULL, *records = NULL, *out = NULL, *tables_opt = NULL;
    long long count = 0, seed = 1, depth = 0, nodes = 0, threads = 1;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--rules", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            rules_name = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--count", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--count", v, 1, 1000000, &count))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--records", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            records = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--out", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            out = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--seed", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--seed", v, 0, (1LL << 62), &seed))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 7, 40, &depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--nodes", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--nodes", v, 1000, (1LL << 40), &nodes))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--threads", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--threads", v, 1, AW_SEARCH_MAX_THREADS, &threads))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            tables_opt = v;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale puzzles --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!rules_name) {
        cli_error(cmd, "--rules R is needed (abapa, seven-turns, grand-slam, two-seeds, relay)");
        return EXIT_USAGE;
    }
    if (!count) {
        cli_error(cmd, "--count N is needed (the number of puzzles to find)");
        return EXIT_USAGE;
    }
    aw_rules rules;
    if (preset_option(cmd, rules_name, &rules))
        return EXIT_USAGE;

    build_state b;
    memset(&b, 0, sizeof b);
    b.cmd = cmd;
    b.out = out;
    b.rules_name = rules_name;
    b.target = (int)count;
    b.tty = isatty(STDERR_FILENO) != 0;
    b.quiet = quiet;
    b.signals = getenv("AWALE_PUZZLE_SIGNALS") != NULL; /* calibration (docs/puzzles.md) */

    /* The records first: a bad file is bad input, before any search. */
    char *records_text = NULL;
    if (records) {
        char err[512];
        if (!(records_text = textfile_read(records, FILE_MAX, err, sizeof err))) {
            cli_error(cmd, "%s", err);
            return EXIT_INPUT;
        }
    }
    /* The puzzles already in --out are kept. */
    if (out && access(out, F_OK) == 0) {
        char err[512];
        char *text = textfile_read(out, FILE_MAX, err, sizeof err);
        int bad = 0;
        if (!text || read_puzzles(out, text, &b.found, NULL, &bad) || bad) {
            if (!text)
                cli_error(cmd, "%s", err);
            else
                cli_error(cmd, "%s: %d bad line%s: fix or remove the file first", out, bad,
                          bad == 1 ? "" : "s");
            free(text);
            free(records_text);
            free(b.found.items);
            return EXIT_INPUT;
        }
        free(text);
        for (int i = 0; i < b.found.count; i++)
            if (strcmp(b.found.items[i].rules_name, rules_name) != 0) {
                cli_error(cmd, "%s holds puzzles for %s, not %s", out,
                          b.found.items[i].rules_name, rules_name);
                free(records_text);
                free(b.found.items);
                return EXIT_INPUT;
            }
        b.written = b.found.count;
        for (int i = 0; i < b.found.count; i++)
            b.small += board_seeds(&b.found.items[i].position) <= SMALL_BOARD;
    }
    b.vary = !records;

    aw_tables *tables = rules.family == AW_FAMILY_RELAY ? NULL
                                                         : cli_tables_open(cmd, tables_opt, &rules);
    puzzle_find_config cfg = {.rules_name = rules_name,
                              .depth = (int)depth,
                              .nodes = (uint64_t)nodes,
                              .tables = tables,
                              .threads = (int)threads};
    aw_error err;
    puzzle_finder *pf = puzzle_finder_new(&cfg, &err);
    if (!pf) {
        cli_error(cmd, "%s", err.msg);
        aw_tables_close(tables);
        free(records_text);
        free(b.found.items);
        return EXIT_INPUT;
    }
    for (int i = 0; i < b.found.count; i++)
        puzzle_finder_mark_seen(pf, &b.found.items[i].position);
    snprintf(b.header, sizeof b.header,
             "# found by: awale puzzles build --rules %s --count %lld --seed %lld --depth %d%s%s\n",
             rules_name, count, seed, depth ? (int)depth : puzzle_default_depth(&rules),
             records ? " --records " : "", records ? records : "");
    if (!quiet)
        fprintf(stderr, "looking for %d %s puzzles (%d kept from %s), depth %d, tables up to %d seeds%s\n",
                b.target, rules_name, b.found.count, out ? out : "-",
                depth ? (int)depth : puzzle_default_depth(&rules),
                tables ? aw_tables_seeds(tables) : 0,
                tables && aw_tables_exact(&rules) ? " (exact)" : "");

    the_finder = pf;
    interrupt_guard guard;
    interrupt_catch(&guard, INTERRUPT_TERM | INTERRUPT_RESTART, stop_finder);
    b.t0 = cli_now();
    int status = EXIT_OK;
    bool done = b.found.count >= b.target;
    if (records_text && !done) {
        const char *s = records_text;
        int line = 1;
        for (;;) {
            aw_error e;
            aw_record *rec = aw_record_read(&s, &line, &e);
            if (!rec) {
                if (e.msg[0]) {
                    cli_error(cmd, "%s: %s", records, e.msg);
                    status = EXIT_INPUT;
                }
                break;
            }
            const aw_game *g = aw_record_game_const(rec);
            bool same = strcmp(aw_game_rules(g)->name, rules_name) == 0;
            b.games += same;
            for (int k = 0; same && k <= aw_game_ply(g) && !done; k++)
                done = consider(&b, pf, aw_game_position_at(g, k)) < 0;
            aw_record_free(rec);
            if (done)
                break;
        }
    } else {
        uint64_t rs = (uint64_t)seed * 0x9E3779B97F4A7C15ull + 1;
        enum { MAXPOS = 800 };
        aw_position *positions = malloc(MAXPOS * sizeof *positions);
        while (positions && !done) {
            int n = puzzle_finder_game(pf, &rs, positions, MAXPOS);
            if (n < 0)
                break;
            b.games++;
            for (int k = 0; k < n && !done; k++)
                done = consider(&b, pf, &positions[k]) < 0;
        }
        free(positions);
    }
    bool stopped = puzzle_finder_stopped(pf) || interrupt_caught();
    interrupt_release(&guard);
    the_finder = NULL;
    progress(&b, true);
    if (stopped && !quiet)
        fprintf(stderr, "stopped: %d puzzles kept\n", b.found.count);
    if (out) {
        if (save(&b))
            status = EXIT_INPUT;
    } else {
        char *text = format_file(&b.found, rules_name, b.header);
        if (text)
            fputs(text, stdout);
        free(text);
    }
    if (!quiet) {
        char el[32];
        cli_fmt_time(cli_now() - b.t0, el, sizeof el);
        fprintf(stderr,
                "%d puzzles in %s (%.1f s): %d positions examined, %d searched deeply, %d "
                "refused by the deeper re-check, %d games\n",
                b.found.count, el, cli_now() - b.t0, b.examined, b.deep, b.rejected, b.games);
    }
    puzzle_finder_free(pf);
    aw_tables_close(tables);
    free(records_text);
    free(b.found.items);
    return status;
}

/* ------------------------------------------------------------ export */

static bool wanted(const puzzle *p, unsigned themes)
{
    return !themes || (p->themes & themes);
}

static int export(int argc, char **argv)
{
    const char *cmd = "puzzles export";
    const char *rules_name = NULL;
    unsigned themes = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--rules", &v)) != 0) {
            aw_rules r;
            if (rc < 0 || preset_option(cmd, v, &r))
                return EXIT_USAGE;
            rules_name = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--theme", &v)) != 0) {
            if (rc < 0 || theme_option(cmd, v, &themes))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale puzzles --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    for (int s = 0; s < puzzles_rule_sets(); s++) {
        const char *r = puzzles_rule_set(s);
        if (rules_name && strcmp(r, rules_name) != 0)
            continue;
        for (int i = 0; i < puzzles_count(r); i++) {
            const puzzle *p = puzzles_get(r, i);
            char line[600];
            if (wanted(p, themes))
                printf("%s\n", puzzle_format_line(p, line, sizeof line));
        }
    }
    return EXIT_OK;
}

/* ------------------------------------------------------------ sources */

/* The puzzles of FILE (bad lines reported, *bad counted), or every shipped
 * one (of `rules_name` only when given). */
static int load_source(const char *cmd, const char *file, const char *rules_name, plist *l,
                       int **lines, int *bad)
{
    *bad = 0;
    if (file) {
        char err[512];
        char *text = textfile_read(file, FILE_MAX, err, sizeof err);
        if (!text) {
            cli_error(cmd, "%s", err);
            return -1;
        }
        int rc = read_puzzles(file, text, l, lines, bad);
        free(text);
        if (rc)
            return -1;
        if (rules_name) {
            int k = 0;
            for (int i = 0; i < l->count; i++)
                if (strcmp(l->items[i].rules_name, rules_name) == 0) {
                    if (lines)
                        (*lines)[k] = (*lines)[i];
                    l->items[k++] = l->items[i];
                }
            l->count = k;
        }
        return 0;
    }
    for (int s = 0; s < puzzles_rule_sets(); s++) {
        const char *r = puzzles_rule_set(s);
        if (rules_name && strcmp(r, rules_name) != 0)
            continue;
        for (int i = 0; i < puzzles_count(r); i++)
            if (plist_add(l, puzzles_get(r, i)))
                return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ verify */

static int verify(int argc, char **argv)
{
    const char *cmd = "puzzles verify";
    const char *file = NULL, *rules_name = NULL, *tables_opt = NULL;
    long long depth = 0, nodes = 0, every = 1;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--rules", &v)) != 0) {
            aw_rules r;
            if (rc < 0 || preset_option(cmd, v, &r))
                return EXIT_USAGE;
            rules_name = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, 60, &depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--every", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--every", v, 1, 1000000, &every))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--nodes", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--nodes", v, 1000, (1LL << 40), &nodes))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            tables_opt = v;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (cli_is_option(argv[i]) || file) {
            cli_error(cmd, "unexpected argument '%s' (see 'awale puzzles --help')", argv[i]);
            return EXIT_USAGE;
        } else {
            file = argv[i];
        }
    }
    plist l = {0};
    int *lines = NULL, bad = 0;
    if (load_source(cmd, file, rules_name, &l, file ? &lines : NULL, &bad)) {
        free(l.items);
        free(lines);
        return EXIT_INPUT;
    }
    int failed = bad, checked = 0;
    double t0 = cli_now();
    interrupt_guard guard;
    interrupt_catch(&guard, INTERRUPT_TERM | INTERRUPT_RESTART, stop_finder);
    bool stopped = false;
    /* One finder per rule set, in the order met. */
    for (int s = 0; s < aw_rules_preset_count() && !stopped; s++) {
        const char *r = aw_rules_preset_name(s);
        bool any = false;
        for (int i = 0; i < l.count && !any; i++)
            any = strcmp(l.items[i].rules_name, r) == 0;
        if (!any)
            continue;
        aw_rules rules;
        aw_error err;
        aw_rules_preset(r, &rules, &err);
        aw_tables *tables =
            rules.family == AW_FAMILY_RELAY ? NULL : cli_tables_open(cmd, tables_opt, &rules);
        puzzle_find_config cfg = {.rules_name = r, .nodes = (uint64_t)nodes, .tables = tables};
        puzzle_finder *pf = puzzle_finder_new(&cfg, &err);
        if (!pf) {
            cli_error(cmd, "%s", err.msg);
            aw_tables_close(tables);
            failed++;
            break;
        }
        the_finder = pf;
        for (int i = 0; i < l.count; i++) {
            const puzzle *p = &l.items[i];
            if (strcmp(p->rules_name, r) != 0 || i % every != 0)
                continue;
            char why[512];
            int rc = puzzle_finder_verify(pf, p, (int)depth, why, sizeof why);
            if (rc < 0) {
                stopped = true;
                break;
            }
            checked++;
            if (rc > 0) {
                failed++;
                char text[600];
                if (file)
                    printf("%s:%d: %s\n", file, lines[i], why);
                else
                    printf("%s #%d: %s\n", r, p->id, why);
                printf("    %s\n", puzzle_format_line(p, text, sizeof text));
            }
            if (!quiet && isatty(STDERR_FILENO))
                fprintf(stderr, "\r%d/%d checked, %d failed", checked, l.count, failed);
        }
        the_finder = NULL;
        puzzle_finder_free(pf);
        aw_tables_close(tables);
    }
    interrupt_release(&guard);
    if (!quiet && isatty(STDERR_FILENO))
        fprintf(stderr, "\n");
    printf("%d puzzle%s checked in %.1f s: %d failed%s\n", checked, checked == 1 ? "" : "s",
           cli_now() - t0, failed, stopped ? " (stopped before the end)" : "");
    free(l.items);
    free(lines);
    return failed || stopped ? EXIT_INPUT : EXIT_OK;
}

/* ------------------------------------------------------------ stats */

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static int quantile(const int *sorted, int n, double q)
{
    int i = (int)floor(q * (n - 1) + 0.5);
    return sorted[i < 0 ? 0 : i >= n ? n - 1 : i];
}

static int stats(int argc, char **argv)
{
    const char *cmd = "puzzles stats";
    const char *file = NULL, *rules_name = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--rules", &v)) != 0) {
            aw_rules r;
            if (rc < 0 || preset_option(cmd, v, &r))
                return EXIT_USAGE;
            rules_name = v;
        } else if (cli_is_option(argv[i]) || file) {
            cli_error(cmd, "unexpected argument '%s' (see 'awale puzzles --help')", argv[i]);
            return EXIT_USAGE;
        } else {
            file = argv[i];
        }
    }
    plist l = {0};
    int bad = 0;
    if (load_source(cmd, file, rules_name, &l, NULL, &bad) || bad) {
        free(l.items);
        return EXIT_INPUT;
    }
    printf("%-12s %6s", "rules", "count");
    for (int t = 0; t < PUZZLE_THEMES; t++)
        printf(" %13s", puzzle_theme_name(t));
    printf("  %s\n", "rating min/q1/median/q3/max");
    int *ratings = malloc(((size_t)l.count + 1) * sizeof *ratings);
    for (int s = 0; s < aw_rules_preset_count() && ratings; s++) {
        const char *r = aw_rules_preset_name(s);
        int n = 0, by[PUZZLE_THEMES] = {0};
        for (int i = 0; i < l.count; i++) {
            const puzzle *p = &l.items[i];
            if (strcmp(p->rules_name, r) != 0)
                continue;
            ratings[n++] = p->rating;
            for (int t = 0; t < PUZZLE_THEMES; t++)
                by[t] += (p->themes >> t) & 1;
        }
        if (!n)
            continue;
        qsort(ratings, (size_t)n, sizeof *ratings, cmp_int);
        printf("%-12s %6d", r, n);
        for (int t = 0; t < PUZZLE_THEMES; t++)
            printf(" %13d", by[t]);
        printf("  %d/%d/%d/%d/%d\n", ratings[0], quantile(ratings, n, 0.25),
               quantile(ratings, n, 0.5), quantile(ratings, n, 0.75), ratings[n - 1]);
    }
    free(ratings);
    free(l.items);
    return EXIT_OK;
}

/* ------------------------------------------------------------ puzzles */

int cmd_puzzles(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage("puzzles", stderr);
        return EXIT_USAGE;
    }
    const char *sub = argv[1];
    if (strcmp(sub, "build") == 0)
        return build(argc - 1, argv + 1);
    if (strcmp(sub, "export") == 0)
        return export(argc - 1, argv + 1);
    if (strcmp(sub, "verify") == 0)
        return verify(argc - 1, argv + 1);
    if (strcmp(sub, "stats") == 0)
        return stats(argc - 1, argv + 1);
    cli_error("puzzles", "unknown subcommand '%s' (build, export, verify, stats)", sub);
    return EXIT_USAGE;
}

/* ------------------------------------------------------------ puzzle */

static void themes_words(unsigned themes, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int t = 0; t < PUZZLE_THEMES; t++)
        if (themes & (1u << t))
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? ", " : "",
                                  _(puzzle_theme_title(t)));
}

static const char *translate(void *ctx, const char *text)
{
    (void)ctx;
    return _(text);
}

/* A line without its end and surrounding spaces, lower case kept. */
static bool read_line(char *buf, size_t size)
{
    if (!fgets(buf, (int)size, stdin))
        return false;
    size_t n = strlen(buf);
    while (n && isspace((unsigned char)buf[n - 1]))
        buf[--n] = 0;
    size_t k = 0;
    while (buf[k] && isspace((unsigned char)buf[k]))
        k++;
    memmove(buf, buf + k, n - k + 1);
    return true;
}

/* The commands of `awale puzzle`, in English, French and Portuguese. */
typedef enum pcmd { P_NONE, P_QUIT, P_HELP, P_BOARD, P_HINT, P_ANSWER, P_NEXT } pcmd;
static const struct {
    const char *word;
    pcmd c;
} pwords[] = {
    {"quit", P_QUIT},         {"exit", P_QUIT},      {"q", P_QUIT},          {"quitter", P_QUIT},
    {"sortir", P_QUIT},       {"sair", P_QUIT},      {"help", P_HELP},       {"?", P_HELP},
    {"aide", P_HELP},         {"ajuda", P_HELP},     {"board", P_BOARD},     {"plateau", P_BOARD},
    {"tabuleiro", P_BOARD},   {"hint", P_HINT},      {"conseil", P_HINT},    {"indice", P_HINT},
    {"indice", P_HINT},       {"sugestao", P_HINT},  {"sugestão", P_HINT},   {"dica", P_HINT},
    {"answer", P_ANSWER},     {"solution", P_ANSWER}, {"réponse", P_ANSWER}, {"reponse", P_ANSWER},
    {"resposta", P_ANSWER},   {"solução", P_ANSWER}, {"solucao", P_ANSWER},  {"next", P_NEXT},
    {"suivant", P_NEXT},      {"suivante", P_NEXT},  {"próximo", P_NEXT},    {"proximo", P_NEXT},
    {"seguinte", P_NEXT},
};

static pcmd pcmd_of(const char *line)
{
    for (size_t i = 0; i < sizeof pwords / sizeof pwords[0]; i++)
        if (strcmp(line, pwords[i].word) == 0)
            return pwords[i].c;
    return P_NONE;
}

static void puzzle_help(void)
{
    printf("%s", _("Commands:\n"
                   "  a letter   play that pit (your row)\n"
                   "  hint       what kind of move it is\n"
                   "  answer     show the solution (the puzzle counts as missed)\n"
                   "  next       skip to another puzzle\n"
                   "  board      draw the board again\n"
                   "  quit       stop\n"));
}

int cmd_puzzle(int argc, char **argv)
{
    const char *cmd = "puzzle";
    const char *rules_name = "abapa";
    unsigned themes = 0;
    long long rating = 1500, seed = -1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--rules", &v)) != 0) {
            aw_rules r;
            if (rc < 0 || preset_option(cmd, v, &r))
                return EXIT_USAGE;
            rules_name = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--theme", &v)) != 0) {
            if (rc < 0 || theme_option(cmd, v, &themes))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--rating", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--rating", v, PUZZLE_RATING_MIN, PUZZLE_RATING_MAX,
                                     &rating))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--seed", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--seed", v, 0, (1LL << 62), &seed))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--lang", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (!i18n_known(v)) {
                cli_error(cmd, _("bad value '%s' for --lang (expected en, fr or pt)"), v);
                return EXIT_USAGE;
            }
        } else {
            cli_error(cmd, _("unexpected argument '%s' (see 'awale puzzle --help')"), argv[i]);
            return EXIT_USAGE;
        }
    }
    if (puzzles_count(rules_name) == 0) {
        cli_error(cmd, _("there are no puzzles for %s"), rules_name);
        return EXIT_INPUT;
    }
    if (themes && !puzzles_pick(rules_name, 0, themes, 0)) {
        cli_error(cmd, _("there are no puzzles for %s with that theme"), rules_name);
        return EXIT_INPUT;
    }
    if (seed < 0)
        seed = (long long)time(NULL);

    double player = (double)rating;
    int streak = 0, best = 0, solved = 0, tried = 0, last = -1;
    bool quit = false;
    printf(_("Puzzles for %s: find the only move that wins (or, where nothing wins,\n"
             "the only one that saves the draw). Type 'help' for the commands.\n"),
           rules_name);
    for (long long round = 0; !quit; round++) {
        const puzzle *p =
            puzzles_pick_other(rules_name, (int)lround(player), themes, last, seed + round);
        if (!p)
            break;
        last = p->id;
        int solver = p->position.side;
        char tw[256];
        themes_words(p->themes, tw, sizeof tw);
        printf("\n");
        printf(_("Puzzle %d of %s, rating %d. %s to move.\n"), p->id + 1, rules_name, p->rating,
               words_side(solver));
        aw_position at = p->position;
        line_board_puzzle(&p->rules, &at);
        int step = 0; /* index in the solution of the solver's next move */
        int outcome = -1; /* 1 solved, 0 missed, -1 skipped */
        while (outcome < 0 && !quit) {
            printf(_("Your move (%s): "), words_side(solver));
            fflush(stdout);
            char line[256];
            if (!read_line(line, sizeof line)) {
                printf("\n");
                quit = true;
                break;
            }
            if (!line[0])
                continue;
            pcmd pc = pcmd_of(line);
            if (pc == P_QUIT) {
                quit = true;
                break;
            }
            if (pc == P_HELP) {
                puzzle_help();
                continue;
            }
            if (pc == P_BOARD) {
                line_board_puzzle(&p->rules, &at);
                continue;
            }
            if (pc == P_NEXT) {
                printf("%s\n", _("Skipped."));
                break;
            }
            if (pc == P_ANSWER) {
                char l2[256];
                printf(_("The solution: %s\n"),
                       words_line(&p->rules, &at, p->solution + step, p->length - step, l2,
                                  sizeof l2));
                outcome = 0;
                break;
            }
            if (pc == P_HINT) {
                aw_position q = at;
                int took = aw_play(&p->rules, &q, p->solution[step]);
                if (took > 0)
                    printf(P_("Hint: the move captures %d seed.\n", "Hint: the move captures %d seeds.\n", took),
                           took);
                else
                    printf("%s\n", _("Hint: a quiet move, without a capture."));
                if (tw[0])
                    printf(_("Themes: %s.\n"), tw);
                continue;
            }
            char words[256];
            if (p->rules.family == AW_FAMILY_RELAY)
                line_relay_words(line, words, sizeof words);
            else
                snprintf(words, sizeof words, "%s", line);
            aw_move m;
            aw_error e;
            const char *t = words;
            int rc = aw_move_parse_next(&p->rules, &t, &m, &e);
            while (rc == 1 && *t == ' ')
                t++;
            if (rc != 1 || *t) {
                printf(_("'%s' is not a move or a command (type 'help').\n"), line);
                continue;
            }
            if (!aw_is_legal(&p->rules, &at, m)) {
                char why[256];
                printf("%s\n", aw_explain_illegal_translated(&p->rules, &at, m, why, sizeof why,
                                                             translate, NULL));
                continue;
            }
            char mv[AW_MOVE_MAX];
            if (m != p->solution[step]) {
                char l2[256];
                printf(_("%s is not it. The solution: %s\n"), aw_move_format(&p->rules, m, mv),
                       words_line(&p->rules, &at, p->solution + step, p->length - step, l2,
                                  sizeof l2));
                outcome = 0;
                break;
            }
            aw_play(&p->rules, &at, m);
            printf(_("%s: right.\n"), aw_move_format(&p->rules, m, mv));
            step++;
            if (step >= p->length) {
                outcome = 1;
                break;
            }
            aw_move reply = p->solution[step++];
            aw_play(&p->rules, &at, reply);
            printf(_("%s replies %s.\n"), words_side(!solver), aw_move_format(&p->rules, reply, mv));
            line_board_puzzle(&p->rules, &at);
        }
        if (outcome >= 0) {
            if (tw[0])
                printf(_("Themes: %s.\n"), tw);
            tried++;
            double expected = 1.0 / (1.0 + pow(10.0, (p->rating - player) / 400.0));
            player += 40.0 * (outcome - expected);
            if (player < PUZZLE_RATING_MIN)
                player = PUZZLE_RATING_MIN;
            if (player > PUZZLE_RATING_MAX)
                player = PUZZLE_RATING_MAX;
            if (outcome == 1) {
                solved++;
                streak++;
                if (streak > best)
                    best = streak;
                printf(_("Solved! Streak %d. Your rating: %d.\n"), streak, (int)lround(player));
            } else {
                streak = 0;
                printf(_("Missed. Streak 0. Your rating: %d.\n"), (int)lround(player));
            }
        }
    }
    printf(_("%d of %d puzzles solved, best streak %d, rating %d.\n"), solved, tried, best,
           (int)lround(player));
    return EXIT_OK;
}
