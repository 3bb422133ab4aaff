/*
 * cmd_tables.c - `awale tables`: build, probe, check and measure the endgame
 * tables (docs/tables.md).
 *
 *   build   every layer up to --seeds, resumable, progress bar with ETA on a
 *           terminal, Ctrl-C stops cleanly (finished layers are kept)
 *   probe   "value V" on the first line, then each legal move and its value
 *   info    the layers in a directory, each checked
 *   bench   a build from scratch into a temporary directory, with figures
 *           (also 'awale bench tables')
 */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 700
#include "cli.h"
#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/messages.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_SEEDS 12

/* The rank of this process in a distributed build (0 otherwise): only rank
 * 0 speaks. */
static int my_rank;
static int my_ranks = 1;


/* Options every tables subcommand shares. */
typedef struct tables_args {
    cli_rules cr;
    const char *dir;
    long long seeds, threads;
    double memory_gb;
    bool compress, keep;
    const char *pos;
} tables_args;

static int parse_args(const char *cmd, int argc, char **argv, tables_args *a, bool want_pos)
{
    memset(a, 0, sizeof *a);
    a->seeds = -1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &a->cr, argc, argv, &i, false);
        if (rc < 0)
            return -1;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--dir", &v)) != 0) {
            if (rc < 0)
                return -1;
            if (!*v) {
                cli_error(cmd, "--dir needs a directory name");
                return -1;
            }
            a->dir = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--seeds", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--seeds", v, 0, AW_SEEDS, &a->seeds))
                return -1;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--threads", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--threads", v, 1, AW_TABLES_MAX_THREADS, &a->threads))
                return -1;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--memory", &v)) != 0) {
            char *end;
            errno = 0;
            double gb = rc > 0 ? strtod(v, &end) : 0;
            if (rc < 0 || errno || end == v || *end || !(gb > 0) || gb > 1e6) {
                if (rc > 0)
                    cli_error(cmd, "bad value '%s' for --memory (expected gigabytes, e.g. 8 or 0.5)", v);
                return -1;
            }
            a->memory_gb = gb;
        } else if (cli_flag(argv, i, "--compress")) {
            a->compress = true;
        } else if (cli_flag(argv, i, "--keep")) {
            a->keep = true;
        } else if (want_pos && !cli_is_option(argv[i]) && !a->pos) {
            a->pos = argv[i];
        } else {
            if (cli_is_option(argv[i]))
                cli_error(cmd, "unknown option '%s' (see 'awale tables --help')", argv[i]);
            else
                cli_error(cmd, "unexpected argument '%s' (see 'awale tables --help')", argv[i]);
            return -1;
        }
    }
    return 0;
}

static const char *tables_dir(const char *cmd, const tables_args *a, char *buf, size_t size)
{
    if (a->dir)
        return a->dir;
    if (!aw_tables_default_dir(buf, size)) {
        cli_error(cmd, "no tables directory: set HOME or XDG_DATA_HOME, or give --dir");
        return NULL;
    }
    return buf;
}

/* ---------------------------------------------------------------- progress */

typedef struct bar {
    bool tty;
    double start, last;
    uint64_t done0; /* work done before this run (kept layers) */
    bool started;
} bar;

/* The largest anonymous resident memory seen while a build ran (kB, from
 * /proc/self/status on Linux; 0 elsewhere): what the process itself holds,
 * without the pages of the mapped layer files that the maximum resident
 * size also counts. Main thread only. */
static uint64_t peak_anon_kb;

static void sample_anon(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return;
    char line[256];
    unsigned long long kb;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "RssAnon: %llu", &kb) == 1) {
            if (kb > peak_anon_kb)
                peak_anon_kb = kb;
            break;
        }
    fclose(f);
}

static int on_progress(void *ctx, const aw_tables_progress *p)
{
    bar *b = ctx;
    const double t = cli_now();
    sample_anon();
    if (my_rank != 0)
        return interrupt_caught();
    if (!b->started && strcmp(p->phase, "checking") != 0) {
        b->started = true;
        b->done0 = p->done;
        b->start = t;
    }
    /* Under mpirun the ranks write into pipes, not to the terminal: rank 0
     * then says where the build is every 10 seconds, one line each. */
    const bool lines = !b->tty && my_ranks > 1;
    if ((b->tty || lines) && (t - b->last >= (lines ? 10 : 0.2) || strcmp(p->phase, "done") == 0)) {
        if (lines && !b->last) {
            b->last = t;
            return interrupt_caught();
        }
        b->last = t;
        const double frac = p->total ? (double)p->done / (double)p->total : 1;
        char eta[32] = "?", spent[32];
        const double work = (double)(p->done - b->done0), el = t - b->start;
        if (b->started && work > 0 && el > 1)
            cli_fmt_time(el * (double)(p->total - p->done) / work, eta, sizeof eta);
        cli_fmt_time(b->started ? el : 0, spent, sizeof spent);
        char bars[31];
        const int fill = (int)(frac * 30);
        for (int i = 0; i < 30; i++)
            bars[i] = i < fill ? '#' : '.';
        bars[30] = 0;
        if (lines && strcmp(p->phase, "done") != 0)
            fprintf(stderr, "progress %5.1f%%  layer %2d/%d %s  %s elapsed, ETA %s\n", 100 * frac,
                    p->seeds, p->max_seeds, p->phase, spent, eta);
        else if (!lines)
            fprintf(stderr, "\r[%s] %5.1f%%  layer %2d/%d %-12s  %s elapsed, ETA %s   ", bars,
                    100 * frac, p->seeds, p->max_seeds, p->phase, spent, eta);
        fflush(stderr);
    }
    return interrupt_caught();
}

static void on_log(void *ctx, const char *line)
{
    bar *b = ctx;
    if (b->tty)
        fprintf(stderr, "\r\033[K");
    fprintf(stderr, "%s\n", line);
}

/* The memory a build of `seeds` seeds needs to run at full speed: what it
 * holds, and the smaller layers it reads (mapped from their files: the
 * layers from seeds less the smallest capture down, 1 byte a position, 3
 * with a no-capture limit). */
static uint64_t full_speed_memory(const aw_rules *rules, int seeds, int threads)
{
    int least = 1;
    while (least < 63 && !(rules->captures >> least & 1))
        least++;
    const uint64_t read = seeds >= least ? aw_tables_positions(seeds - least) : 0;
    return aw_tables_build_memory(rules, seeds, threads) + (rules->no_capture ? 3 : 1) * read;
}

/* The most seeds this machine can build tables for at full speed: the
 * build's memory and the smaller layers it reads within 90% of the physical
 * memory (the build's own default limit). */
static int buildable_seeds(const aw_rules *rules)
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return AW_SEEDS;
    const uint64_t limit = (uint64_t)pages * (uint64_t)page / 10 * 9;
    const int threads = aw_tables_threads();
    int seeds = 0;
    while (seeds < AW_SEEDS && full_speed_memory(rules, seeds + 1, threads) <= limit)
        seeds++;
    return seeds;
}

/* Build with a progress bar; returns an exit status. */
static int run_build(const char *cmd, const char *dir, const aw_rules *rules, const tables_args *a,
                     bool quiet)
{
    aw_tables_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seeds = (int)a->seeds;
    opt.threads = (int)a->threads;
    opt.compress = a->compress;
    if (a->memory_gb > 0) {
        opt.memory_limit = (uint64_t)(a->memory_gb * 1e9);
    } else {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        if (pages > 0 && page > 0)
            opt.memory_limit = (uint64_t)pages * (uint64_t)page / 10 * 9;
    }
    bar b = {.tty = isatty(2) != 0};
    opt.progress = on_progress;
    opt.log = quiet ? NULL : on_log;
    opt.ctx = &b;
    const int threads = a->threads > 0 ? (int)a->threads : aw_tables_threads();
    if (!quiet && my_ranks > 1 && my_rank == 0)
        fprintf(stderr,
                "building %s tables up to %d seeds (%llu positions) in %s, %d MPI ranks of one "
                "thread, memory needed about %.2f GB per rank%s\n",
                rules->name, opt.seeds, (unsigned long long)aw_tables_positions(opt.seeds), dir,
                my_ranks, (double)aw_tables_build_memory_ranks(rules, opt.seeds, my_ranks) / 1e9,
                a->compress ? ", compressed" : "");
    else if (!quiet && my_rank == 0)
        fprintf(stderr,
                "building %s tables up to %d seeds (%llu positions) in %s, %d threads, "
                "memory needed about %.2f GB%s\n",
                rules->name, opt.seeds, (unsigned long long)aw_tables_positions(opt.seeds), dir,
                threads, (double)aw_tables_build_memory(rules, opt.seeds, threads) / 1e9,
                a->compress ? ", compressed" : "");
    /* Ctrl-C stops cleanly; so does the SIGTERM with which mpirun passes
     * an interruption on to the ranks. */
    interrupt_guard ig;
    interrupt_catch(&ig, my_ranks > 1 ? INTERRUPT_TERM : 0, NULL);
    aw_error err;
    const int rc = aw_tables_build(dir, rules, &opt, &err);
    interrupt_release(&ig);
    if (b.tty && my_rank == 0)
        fprintf(stderr, "\r\033[K");
    if (rc && my_rank != 0)
        return interrupt_caught() || strcmp(err.msg, "interrupted") == 0 ? 130 : EXIT_INPUT;
    if (rc) {
        if (interrupt_caught() || strcmp(err.msg, "interrupted") == 0) {
            cli_error(cmd, "interrupted; the finished layers are kept in %s: run the same command "
                           "again to resume",
                      dir);
            return 130;
        }
        cli_error(cmd, "%s", err.msg);
        return EXIT_INPUT;
    }
    return EXIT_OK;
}

/* ------------------------------------------------------------------- build */

/* Join the MPI job when started by mpirun (a program built with `make
 * mpi`); refuse to run N copies of a program built without MPI. Returns 0,
 * or an exit status. */
static int join_ranks(const char *cmd)
{
    const int launched = aw_tables_mpi_launched();
    my_ranks = aw_tables_mpi_begin(&my_rank);
    if (launched > 1 && my_ranks == 1) {
        if (aw_tables_mpi_available())
            cli_error(cmd, "started by an MPI launcher with %d processes, but could not join the "
                           "MPI job",
                      launched);
        else
            cli_error(cmd, "started by an MPI launcher with %d processes, but this awale was built "
                           "without MPI: each process would build every layer on its own (build "
                           "the MPI program with 'make mpi')",
                      launched);
        return EXIT_USAGE;
    }
    return 0;
}

static int leave_ranks(int rc)
{
    aw_tables_mpi_end();
    my_rank = 0;
    my_ranks = 1;
    return rc;
}

static int tables_build(int argc, char **argv)
{
    const char *cmd = "tables build";
    tables_args a;
    int bad = join_ranks(cmd);
    if (bad)
        return leave_ranks(bad);
    if (parse_args(cmd, argc, argv, &a, false))
        return leave_ranks(EXIT_USAGE);
    if (a.seeds < 0) {
        cli_error(cmd, "missing --seeds N (e.g. 'awale tables build --seeds 12')");
        return leave_ranks(EXIT_USAGE);
    }
    aw_rules rules;
    char buf[4096];
    const char *dir = tables_dir(cmd, &a, buf, sizeof buf);
    aw_error err;
    if (!dir)
        return leave_ranks(EXIT_INPUT);
    bad = cli_rules_build(cmd, &a.cr, &rules, NULL);
    if (bad)
        return leave_ranks(bad);
    if (aw_tables_supported(&rules, &err)) {
        cli_error(cmd, "%s", err.msg);
        return leave_ranks(EXIT_INPUT);
    }
    const double t0 = cli_now();
    int rc = run_build(cmd, dir, &rules, &a, false);
    if (rc == EXIT_OK && my_rank == 0)
        fprintf(stderr, "done: layers 0..%lld in %s (%.1f s)\n", a.seeds, dir, cli_now() - t0);
    return leave_ranks(rc);
}

/* ------------------------------------------------------------------- probe */

static const char *side_name(int side) { return side == AW_SOUTH ? "South" : "North"; }

/* What the tables say of *pos (value `value`), in words: a proof where they
 * are exact for the rules (aw_tables_exact), else the convention's estimate,
 * said as such. */
static void verdict_text(const aw_rules *rules, const aw_position *pos, int value, char *buf,
                         size_t size)
{
    const aw_score s = aw_tables_score(rules, pos, value);
    const int me = pos->side, margin = s.kind == AW_SCORE_SEEDS ? s.value / 100 : s.margin;
    char result[64];
    if (margin == 0)
        snprintf(result, sizeof result, "a draw");
    else
        snprintf(result, sizeof result, "%s wins by %d", side_name(margin > 0 ? me : !me),
                 margin > 0 ? margin : -margin);
    if (s.kind != AW_SCORE_SEEDS)
        snprintf(buf, size, "%s with perfect play", result);
    else if (rules->no_capture)
        snprintf(buf, size, "%s if the game is played to its end (the tables' estimate: the "
                            "target of %d may decide it first)", result, rules->target);
    else if (rules->repetition)
        snprintf(buf, size, "%s if endless play splits the board evenly (the tables' estimate: "
                            "the repetition rule may decide otherwise)", result);
    else
        snprintf(buf, size, "%s if endless play splits the board evenly (the tables' estimate: "
                            "these rules never end endless play)", result);
}

static int tables_probe(int argc, char **argv)
{
    const char *cmd = "tables probe";
    tables_args a;
    if (parse_args(cmd, argc, argv, &a, true))
        return EXIT_USAGE;
    if (!a.pos) {
        cli_error(cmd, "missing POS (e.g. 'awale tables probe 0-0-0-0-1-2-1-1-0-0-0-0-20-23-S')");
        return EXIT_USAGE;
    }
    aw_rules rules;
    char buf[4096];
    const char *dir = tables_dir(cmd, &a, buf, sizeof buf);
    aw_error err;
    if (!dir)
        return EXIT_INPUT;
    int bad = cli_rules_build(cmd, &a.cr, &rules, NULL);
    if (bad)
        return bad;
    aw_position pos;
    if (aw_position_parse(a.pos, &pos, &err)) {
        cli_error(cmd, "bad position '%s': %s", a.pos, err.msg);
        return EXIT_INPUT;
    }
    if (aw_tables_supported(&rules, &err)) {
        cli_error(cmd, "%s", err.msg);
        return EXIT_INPUT;
    }
    const int seeds = aw_position_row(&pos, 0) + aw_position_row(&pos, 1);
    /* First use: the small set builds in seconds. A damaged file is an
     * error, reported. */
    aw_tables *t = aw_tables_open(dir, &rules, DEFAULT_SEEDS, NULL);
    if (!t || aw_tables_seeds(t) < DEFAULT_SEEDS)
        fprintf(stderr, "building the %s endgame tables up to %d seeds in %s (first use)...\n",
                rules.name, DEFAULT_SEEDS, dir);
    aw_tables_close(t);
    if (!(t = aw_tables_open_or_build(dir, &rules, DEFAULT_SEEDS, &err))) {
        cli_error(cmd, "%s", err.msg);
        return EXIT_INPUT;
    }
    if (seeds > DEFAULT_SEEDS) {
        aw_tables_close(t);
        if (!(t = aw_tables_open(dir, &rules, seeds, &err))) {
            cli_error(cmd, "%s", err.msg);
            return EXIT_INPUT;
        }
    }
    int value;
    if (!aw_tables_probe(t, &pos, &value)) {
        /* Suggest only what this machine can build: its memory decides. */
        const int can = buildable_seeds(&rules);
        if (seeds <= can)
            cli_error(cmd, "the position has %d seeds on the board; the tables in %s cover up to %d "
                           "(build more with 'awale tables build --seeds %d')",
                      seeds, dir, aw_tables_seeds(t), seeds);
        else if (can > aw_tables_seeds(t))
            cli_error(cmd, "the position has %d seeds on the board; the tables in %s cover up to %d, "
                           "and this machine can build up to %d ('awale tables build --seeds %d'; "
                           "%d seeds would need about %.0f GB of memory)",
                      seeds, dir, aw_tables_seeds(t), can, can, seeds,
                      (double)full_speed_memory(&rules, seeds, aw_tables_threads()) / 1e9);
        else
            cli_error(cmd, "the position has %d seeds on the board; the tables in %s cover up to %d, "
                           "as many as this machine can build (%d seeds would need about %.0f GB "
                           "of memory)",
                      seeds, dir, aw_tables_seeds(t), seeds,
                      (double)full_speed_memory(&rules, seeds, aw_tables_threads()) / 1e9);
        aw_tables_close(t);
        return EXIT_INPUT;
    }
    printf("value %d\n", value);
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    const int n = aw_tables_probe_moves(t, &pos, moves, values);
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX];
        printf("%s %d\n", aw_move_format(&rules, moves[i], m), values[i]);
    }
    char verdict[256];
    verdict_text(&rules, &pos, value, verdict, sizeof verdict);
    printf("%s\n", verdict);
    aw_tables_close(t);
    return EXIT_OK;
}

/* -------------------------------------------------------------------- info */

static int tables_info(int argc, char **argv)
{
    const char *cmd = "tables info";
    tables_args a;
    if (parse_args(cmd, argc, argv, &a, false))
        return EXIT_USAGE;
    aw_rules rules;
    char buf[4096];
    const char *dir = tables_dir(cmd, &a, buf, sizeof buf);
    aw_error err;
    if (!dir)
        return EXIT_INPUT;
    int bad = cli_rules_build(cmd, &a.cr, &rules, NULL);
    if (bad)
        return bad;
    aw_tables *t = aw_tables_open(dir, &rules, a.seeds > 0 ? (int)a.seeds : 0, &err);
    if (!t) {
        cli_error(cmd, "%s", err.msg);
        return EXIT_INPUT;
    }
    printf("rules %s\nseeds %d\npositions %llu\nbytes %llu\n", rules.name, aw_tables_seeds(t),
           (unsigned long long)aw_tables_positions(aw_tables_seeds(t)),
           (unsigned long long)aw_tables_bytes(t));
    printf("checked: every layer up to %d seeds is whole\n", aw_tables_seeds(t));
    aw_tables_close(t);
    return EXIT_OK;
}

/* ------------------------------------------------------------------- bench */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static uint64_t dir_bytes;
static int add_size(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)path, (void)ftw;
    if (flag == FTW_F)
        dir_bytes += (uint64_t)st->st_size;
    return 0;
}

int cmd_tables_bench(int argc, char **argv)
{
    const char *cmd = "bench tables";
    tables_args a;
    int bad = join_ranks(cmd);
    if (bad)
        return leave_ranks(bad);
    if (parse_args(cmd, argc, argv, &a, false))
        return leave_ranks(EXIT_USAGE);
    if (a.seeds < 0)
        a.seeds = 16;
    aw_rules rules;
    aw_error err;
    bad = cli_rules_build(cmd, &a.cr, &rules, NULL);
    if (bad)
        return leave_ranks(bad);
    if (aw_tables_supported(&rules, &err)) {
        cli_error(cmd, "%s", err.msg);
        return leave_ranks(EXIT_INPUT);
    }
    char tmp[4096];
    const char *dir = a.dir;
    if (!dir) {
        const char *base = getenv("TMPDIR");
        snprintf(tmp, sizeof tmp, "%s/awale-bench-tables.XXXXXX", base && *base ? base : "/tmp");
        if (!mkdtemp(tmp)) {
            cli_error(cmd, "cannot create a temporary directory: %s", strerror(errno));
            return leave_ranks(EXIT_INPUT);
        }
        dir = tmp;
    }
    const int threads = a.threads > 0 ? (int)a.threads : aw_tables_threads();
    double load[3] = {0, 0, 0};
    getloadavg(load, 3);
    /* A distributed build: rank 0 reports; the library's log adds each
     * layer's figures and every rank's CPU time and memory. */
    const bool speak = my_rank == 0;
    if (speak && my_ranks > 1)
        printf("tables bench: rules %s, layers 0..%lld (%llu positions), %d MPI ranks, %s\n",
               rules.name, a.seeds, (unsigned long long)aw_tables_positions((int)a.seeds),
               my_ranks, a.compress ? "zstd" : "uncompressed");
    else if (speak)
        printf("tables bench: rules %s, layers 0..%lld (%llu positions), %d threads, %s\n",
               rules.name, a.seeds, (unsigned long long)aw_tables_positions((int)a.seeds), threads,
               a.compress ? "zstd" : "uncompressed");
    if (speak)
        printf("load average before: %.2f %.2f %.2f; memory bound stated: %.2f GB%s\n", load[0],
               load[1], load[2],
               (double)(my_ranks > 1 ? aw_tables_build_memory_ranks(&rules, (int)a.seeds, my_ranks)
                                     : aw_tables_build_memory(&rules, (int)a.seeds, threads)) /
                   1e9,
               my_ranks > 1 ? " per rank" : "");
    fflush(stdout);
    struct rusage ru0, ru1;
    getrusage(RUSAGE_SELF, &ru0);
    const double t0 = cli_now();
    int rc = run_build(cmd, dir, &rules, &a, false);
    const double dt = cli_now() - t0;
    getrusage(RUSAGE_SELF, &ru1);
    if (rc == EXIT_OK && speak) {
        const double cpu = (double)(ru1.ru_utime.tv_sec - ru0.ru_utime.tv_sec) +
                           (double)(ru1.ru_utime.tv_usec - ru0.ru_utime.tv_usec) * 1e-6 +
                           (double)(ru1.ru_stime.tv_sec - ru0.ru_stime.tv_sec) +
                           (double)(ru1.ru_stime.tv_usec - ru0.ru_stime.tv_usec) * 1e-6;
        const double pos = (double)aw_tables_positions((int)a.seeds);
        dir_bytes = 0;
        nftw(dir, add_size, 16, FTW_PHYS);
        getloadavg(load, 3);
        printf("built in %.2f s wall, %.2f s CPU%s\n", dt, cpu,
               my_ranks > 1 ? " (rank 0; all ranks: the log's last line)" : "");
        if (my_ranks > 1)
            printf("positions per second: %.0f overall (per core: from the CPU time of all ranks, "
                   "the log's last line)\n",
                   pos / dt);
        else
            printf("positions per second: %.0f overall, %.0f per core (per CPU second)\n",
                   pos / dt, cpu > 0 ? pos / cpu : 0.0);
        printf("bytes per position on disk: %.3f (%llu bytes)\n", (double)dir_bytes / pos,
               (unsigned long long)dir_bytes);
        printf("peak memory (max RSS): %.1f MB%s\n", (double)ru1.ru_maxrss / 1024.0,
               my_ranks > 1 ? " (rank 0)" : "");
        if (peak_anon_kb)
            printf("peak memory held (anonymous, sampled 20 times a second): %.1f MB; the rest "
                   "of the RSS is the mapped files' pages in the file cache\n",
                   (double)peak_anon_kb / 1024.0);
        /* Probe speed: random positions of the largest layer. */
        aw_tables *t = aw_tables_open(dir, &rules, 0, &err);
        if (t) {
            uint64_t state = 1, probes = 2000000;
            long long sum = 0;
            aw_position p;
            memset(&p, 0, sizeof p);
            const double p0 = cli_now();
            for (uint64_t i = 0; i < probes; i++) {
                memset(p.pits, 0, sizeof p.pits);
                for (int s = 0; s < a.seeds; s++) {
                    state = state * UINT64_C(6364136223846793005) + 1442695040888963407u;
                    p.pits[(state >> 33) % 12]++;
                }
                p.side = (uint8_t)(i & 1);
                int v = 0;
                aw_tables_probe(t, &p, &v);
                sum += v;
            }
            const double pt = cli_now() - p0;
            printf("probes: %.1f M/s (random positions of %lld seeds, position making included; "
                   "checksum %lld)\n",
                   (double)probes / pt / 1e6, a.seeds, sum);
            aw_tables_close(t);
        }
        printf("load average after: %.2f %.2f %.2f\n", load[0], load[1], load[2]);
    }
    if (!a.dir && !a.keep)
        nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    else if (!a.dir && speak)
        printf("tables kept in %s\n", tmp);
    else if (!a.dir)
        rmdir(tmp); /* only rank 0 writes files */
    return leave_ranks(rc);
}

int cmd_tables(int argc, char **argv)
{
    if (argc < 2) {
        cli_error("tables", "which action? build, probe, info or bench (see 'awale tables --help')");
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "build") == 0)
        return tables_build(argc - 1, argv + 1);
    if (strcmp(argv[1], "probe") == 0)
        return tables_probe(argc - 1, argv + 1);
    if (strcmp(argv[1], "info") == 0)
        return tables_info(argc - 1, argv + 1);
    if (strcmp(argv[1], "bench") == 0)
        return cmd_tables_bench(argc - 1, argv + 1);
    cli_error("tables", "unknown action '%s' (known: build, probe, info, bench)", argv[1]);
    return EXIT_USAGE;
}

/* ------------------------------------------------- tables for the front ends */

aw_tables *cli_tables_open(const char *cmd, const char *option, const aw_rules *rules)
{
    if (option && strcmp(option, "none") == 0)
        return NULL;
    if (aw_tables_supported(rules, NULL))
        return NULL; /* the relay game has none */
    char buf[4096];
    const char *dir = option;
    if (!dir && !(dir = aw_tables_default_dir(buf, sizeof buf)))
        return NULL;
    aw_error err;
    aw_tables *t = aw_tables_open(dir, rules, DEFAULT_SEEDS, NULL);
    if (!t || aw_tables_seeds(t) < DEFAULT_SEEDS) {
        aw_tables_close(t);
        fprintf(stderr,
                _("building the %s endgame tables up to %d seeds in %s for perfect endgames "
                  "(first use, a few seconds)...\n"),
                rules->name, DEFAULT_SEEDS, dir);
        if (!(t = aw_tables_open_or_build(dir, rules, DEFAULT_SEEDS, &err))) {
            char said[512];
            cli_error(cmd, _("endgame tables not used: %s"),
                      messages_translate(err.msg, said, sizeof said, NULL, NULL));
            return NULL;
        }
    }
    /* Every layer there is, beyond the small set. */
    aw_tables *all = aw_tables_open(dir, rules, 0, &err);
    if (!all) {
        char said[512];
        cli_error(cmd, _("endgame tables beyond %d seeds not used: %s"), aw_tables_seeds(t),
                  messages_translate(err.msg, said, sizeof said, NULL, NULL));
        return t;
    }
    aw_tables_close(t);
    return all;
}

bool cli_tables_verdict(const aw_tables *t, const aw_rules *rules, const aw_position *pos,
                        char *buf, size_t size)
{
    int value;
    if (!t || !aw_tables_probe_hook((void *)t, rules, pos, &value))
        return false;
    verdict_text(rules, pos, value, buf, size);
    return true;
}
