/*
 * cmd_perft.c - `awale perft`: counts of legal move sequences per depth on
 * stdout (scripts read them), time and speed on stderr.
 */
#include "cli.h"

#include <string.h>
#include <unistd.h>

typedef struct report {
    const aw_rules *rules;
    bool divide;   /* print each root move's count */
    bool progress; /* show progress on stderr (a terminal) */
    double start;
} report;

static void each_root_move(void *ctx, aw_move move, int index, int total, uint64_t count)
{
    report *r = ctx;
    char text[AW_MOVE_MAX];
    if (r->divide)
        printf("%s %llu\n", aw_move_format(r->rules, move, text), (unsigned long long)count);
    if (r->progress) {
        double t = cli_now() - r->start;
        fprintf(stderr, "\rperft: %d of %d root moves done, %.1f s, about %.0f s left ", index + 1,
                total, t, t / (index + 1) * (total - index - 1));
        if (index + 1 == total)
            fprintf(stderr, "\r%60s\r", "");
    }
}

int cmd_perft(int argc, char **argv)
{
    const char *cmd = "perft";
    cli_rules cr = {0};
    long long depth = -1;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if (strcmp(argv[i], "--divide") == 0) {
            divide = true;
            continue;
        }
        if (cli_is_option(argv[i])) {
            cli_error(cmd, "unknown option '%s' (see 'awale perft --help')", argv[i]);
            return EXIT_USAGE;
        }
        if (depth >= 0) {
            cli_error(cmd, "unexpected argument '%s': give one DEPTH", argv[i]);
            return EXIT_USAGE;
        }
        if (cli_number(cmd, "DEPTH", argv[i], 1, AW_PERFT_MAX_DEPTH, &depth))
            return EXIT_USAGE;
    }
    if (depth < 0) {
        cli_error(cmd, "missing DEPTH (e.g. 'awale perft 8')");
        return EXIT_USAGE;
    }
    aw_rules rules;
    aw_position start;
    int bad = cli_rules_build(cmd, &cr, &rules, &start);
    if (bad)
        return bad;
    uint64_t counts[AW_PERFT_MAX_DEPTH + 1], leaves = 0;
    double t0 = cli_now();
    report r = {&rules, divide, !divide && isatty(STDERR_FILENO) && depth >= 12, t0};
    uint64_t made = aw_perft_divide(&rules, &start, (int)depth, counts, each_root_move, &r);
    double dt = cli_now() - t0;
    for (int d = 1; d <= depth; d++) {
        printf("%d %llu\n", d, (unsigned long long)counts[d]);
        leaves += counts[d];
    }
    fprintf(stderr, "perft: %.3f s, %llu sequences (%.1f M/s), %llu positions made (%.1f M/s)\n",
            dt, (unsigned long long)leaves, dt > 0 ? (double)leaves / dt / 1e6 : 0.0,
            (unsigned long long)made, dt > 0 ? (double)made / dt / 1e6 : 0.0);
    return EXIT_OK;
}
