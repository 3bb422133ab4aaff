/*
 * cmd_bench.c - `awale bench`: speed figures anyone can rerun. Figures go to
 * stdout; nothing here fails on timing.
 *
 *   awale bench         the search's signature: a fixed set of positions from
 *                       every rule set searched to a fixed depth on one thread,
 *                       the table cleared between positions. The total node
 *                       count changes only when search behaviour changes (quote
 *                       it in commit messages); nodes per second is the speed.
 *   awale bench perft   move-generator speed: perft from the start position,
 *                       with and without the table of subtree counts.
 */
#include "cli.h"
#include "front/engine_setup.h"

#include <stdlib.h>
#include <string.h>

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench_perft(int argc, char **argv)
{
    const char *cmd = "bench perft";
    cli_rules cr = {0};
    long long depth = -1, runs = 5;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, AW_PERFT_MAX_DEPTH, &depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--runs", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--runs", v, 1, 1000, &runs))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale bench --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    aw_rules rules;
    aw_position start;
    int bad = cli_rules_build(cmd, &cr, &rules, &start);
    if (bad)
        return bad;
    if (depth < 0)
        depth = rules.family == AW_FAMILY_RELAY ? 8 : 12;
    printf("perft bench: rules %s, depths 1..%lld from %s, %lld runs on one thread\n", rules.name,
           depth, cr.position ? cr.position : "the start position", runs);
    double times[1000];
    uint64_t counts[AW_PERFT_MAX_DEPTH + 1], leaves = 0, made = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = cli_now();
        made = aw_perft(&rules, &start, (int)depth, counts);
        times[r] = cli_now() - t0;
        printf("  run %d: %.3f s\n", r + 1, times[r]);
        fflush(stdout);
    }
    for (int d = 1; d <= depth; d++)
        leaves += counts[d];
    qsort(times, (size_t)runs, sizeof times[0], compare_double);
    double median = times[runs / 2];
    printf("median %.3f s (min %.3f, max %.3f) for %llu sequences and %llu positions made\n",
           median, times[0], times[runs - 1], (unsigned long long)leaves, (unsigned long long)made);
    printf("nodes per second: %.1f M sequences/s, %.1f M positions made/s\n",
           (double)leaves / median / 1e6, (double)made / median / 1e6);
    return EXIT_OK;
}

/* The search bench positions: rule set, position, depth. */
static const struct {
    const char *rules, *position;
    int depth;
} bench_positions[] = {
    {"abapa", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 18},
    {"abapa", "1-9-9-0-0-1-2-9-0-1-1-2-2-11-S", 18},
    {"abapa", "4-5-7-12-1-1-1-4-0-3-4-6-0-0-S-12", 18},
    {"abapa", "0-1-2-0-0-3-1-0-2-0-1-0-20-18-S", 18},
    {"abapa", "0-0-1-0-0-0-0-0-1-0-0-0-23-23-S", 18},
    {"seven-turns", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 18},
    {"seven-turns", "4-5-7-12-1-1-1-4-0-3-4-6-0-0-S-12", 18},
    {"grand-slam", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N", 18},
    {"grand-slam", "1-9-9-0-0-1-2-9-0-1-1-2-2-11-S", 18},
    {"two-seeds", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 18},
    {"two-seeds", "0-1-1-1-1-1-1-3-5-6-5-5-6-12-N-1", 18},
    {"relay", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", 12},
    {"relay", "1-4-0-12-1-0-1-6-0-3-7-7-3-3-S", 12},
    {"relay", "2-1-2-1-2-8-0-2-2-2-1-1-16-8-S-1", 12},
};

static int bench_search(int argc, char **argv)
{
    const char *cmd = "bench";
    long long depth = 0;
    const char *eval = NULL, *eval_file = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, 40, &depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--eval", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            eval = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--eval-file", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            eval_file = v;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale bench --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    aw_error err;
    engine_config ec = engine_config_default();
    ec.hash_mb = 16;
    ec.eval = eval;
    aw_engine *engine = engine_setup_new(&ec, &err);
    if (!engine) {
        cli_error(cmd, "%s", err.msg);
        return EXIT_INPUT;
    }
    if (eval_file && aw_engine_set_option(engine, "EvalFile", eval_file, &err)) {
        cli_error(cmd, "%s", err.msg);
        aw_engine_free(engine);
        return EXIT_INPUT;
    }
    if (eval || eval_file) {
        char e[16], f[256];
        printf("evaluation: %s%s%s\n", aw_engine_get_option(engine, "Eval", e, sizeof e),
               eval_file ? ", network " : "", eval_file ? aw_engine_get_option(engine, "EvalFile", f, sizeof f) : "");
    }
    const int count = (int)(sizeof bench_positions / sizeof bench_positions[0]);
    uint64_t total = 0;
    double seconds = 0;
    for (int i = 0; i < count; i++) {
        aw_rules rules;
        aw_position pos;
        if (aw_rules_preset(bench_positions[i].rules, &rules, &err) ||
            aw_position_parse(bench_positions[i].position, &pos, &err)) {
            cli_error(cmd, "bench position %d: %s", i + 1, err.msg);
            aw_engine_free(engine);
            return EXIT_INPUT;
        }
        aw_engine_clear(engine);
        aw_engine_set_position(engine, &rules, &pos, NULL);
        aw_limits limits = {0};
        limits.depth = depth ? (int)depth : bench_positions[i].depth;
        aw_search_result res;
        double t0 = cli_now();
        if (aw_search_run(engine, &limits, NULL, NULL, &res, &err)) {
            cli_error(cmd, "%s", err.msg);
            aw_engine_free(engine);
            return EXIT_INPUT;
        }
        double t = cli_now() - t0;
        seconds += t;
        total += res.info.nodes;
        char m[AW_MOVE_MAX], sc[48] = "-";
        if (res.info.lines)
            aw_score_format(&res.info.line[0].score, sc, sizeof sc);
        printf("%2d %-11s %-34s depth %2d  %10llu nodes  bestmove %-3s %s\n", i + 1,
               bench_positions[i].rules, bench_positions[i].position, limits.depth,
               (unsigned long long)res.info.nodes, aw_move_format(&rules, res.best, m), sc);
        fflush(stdout);
    }
    aw_engine_free(engine);
    printf("total nodes %llu\n", (unsigned long long)total);
    printf("time %.3f s, %.0f nodes per second\n", seconds,
           seconds > 0 ? (double)total / seconds : 0.0);
    return EXIT_OK;
}

int cmd_bench(int argc, char **argv)
{
    if (argc < 2 || cli_is_option(argv[1]))
        return bench_search(argc, argv);
    if (strcmp(argv[1], "perft") == 0)
        return bench_perft(argc - 1, argv + 1);
    if (strcmp(argv[1], "tables") == 0)
        return cmd_tables_bench(argc - 1, argv + 1);
    cli_error("bench", "unknown bench '%s' (known: perft, tables, or none for the search bench)",
              argv[1]);
    return EXIT_USAGE;
}
