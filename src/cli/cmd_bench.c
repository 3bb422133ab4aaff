/*
 * cmd_bench.c - `awale bench`: speed figures anyone can rerun. Figures go to
 * stdout; nothing here fails on timing.
 *
 *   awale bench perft   move-generator speed: perft from the start position,
 *                       with and without the table of subtree counts.
 */
#include "cli.h"

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
    if (cli_rules_build(cmd, &cr, &rules, &start))
        return EXIT_INPUT;
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

int cmd_bench(int argc, char **argv)
{
    if (argc < 2) {
        cli_error("bench", "which bench? (perft; see 'awale bench --help')");
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "perft") == 0)
        return bench_perft(argc - 1, argv + 1);
    cli_error("bench", "unknown bench '%s' (known: perft)", argv[1]);
    return EXIT_USAGE;
}
