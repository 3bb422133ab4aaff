/*
 * lab.c - build/wasm/awale-lab.wasm: the library compiled to WebAssembly,
 * driven by arguments, for the differential tests (tests/wasm/core.test.mjs)
 * and the speed figures (scripts/bench-wasm.mjs). A WASI command module: run
 * it with web/wasm/wasi.js (or node:wasi) and one of
 *
 *   perft [RULES] DEPTH            'd count' for d = 1..DEPTH, as `awale perft`
 *   replay [RULES] MOVE...         each position, then ongoing / over S-N REASON,
 *   replay --record FILE           as `awale replay` ('-' reads stdin)
 *   search [RULES] [--hash MB] --depth D [MOVE...]
 *                                  'depth D seldepth S score X nodes N pv ...'
 *                                  per depth (as `awale analyze`, without its
 *                                  nps and time), then 'bestmove X'; one thread,
 *                                  no book, no tables
 *   bench [--depth D]              the positions of `awale bench`: each one's
 *                                  nodes and best move, the total, nodes/s
 *   bench-perft [RULES] [--depth D] [--runs N]
 *                                  perft timed, median, sequences per second
 *   playout [--rules R] --seed S --games N [--plies P]
 *                                  N random games (records, docs/records.md)
 *   tables build [--rules R] --seeds N [--dir D]
 *                                  builds the endgame tables in D (default
 *                                  /tables) on one thread; prints the time and
 *                                  each file with its size
 *   tables probe [--rules R] --seeds N [--dir D] POS
 *                                  'value V' then each move and its value, as
 *                                  `awale tables probe` (its first lines)
 *   tables plan                    the seeds the page builds for each rule set
 *                                  (src/wasm/tables.c)
 *   tables page [--rules R] POS    the page's tables (src/wasm/tables.c: built
 *                                  in /tables on first use): seeds, bytes, value
 *
 * RULES: --rules R, --rule K=V (repeatable), --position POS, as in awale.
 * Uses the public header only (and src/wasm/tables.h). Exit status 0, 1 on bad input, 2 on bad usage.
 */
#include "wasm/tables.h"

#include <awale.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { OK = 0, INPUT = 1, USAGE = 2 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int usage(const char *what)
{
    fprintf(stderr, "awale-lab: %s\n", what);
    return USAGE;
}

/* Common options: the rules and the start. */
typedef struct setup {
    aw_rules rules;
    aw_position start;
    const char *preset;
    const char *assign[32];
    int nassign;
    const char *position;
} setup;

/* 1 when argv[*i] was a rules option (consumed), 0 when not, -1 on error. */
static int rules_option(setup *s, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "--rules") && strcmp(a, "--rule") && strcmp(a, "--position"))
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "awale-lab: %s needs a value\n", a);
        return -1;
    }
    const char *v = argv[++*i];
    if (!strcmp(a, "--rules"))
        s->preset = v;
    else if (!strcmp(a, "--position"))
        s->position = v;
    else if (s->nassign < 32)
        s->assign[s->nassign++] = v;
    else
        return -1;
    return 1;
}

static int rules_build(setup *s)
{
    aw_error err;
    if (aw_rules_preset(s->preset ? s->preset : "abapa", &s->rules, &err)) {
        fprintf(stderr, "awale-lab: %s\n", err.msg);
        return USAGE;
    }
    for (int i = 0; i < s->nassign; i++)
        if (aw_rules_set_arg(&s->rules, s->assign[i], &err)) {
            fprintf(stderr, "awale-lab: %s\n", err.msg);
            return USAGE;
        }
    if (s->position) {
        if (aw_position_parse(s->position, &s->start, &err)) {
            fprintf(stderr, "awale-lab: bad position '%s': %s\n", s->position, err.msg);
            return INPUT;
        }
    } else {
        s->start = aw_position_start(AW_SOUTH);
    }
    return OK;
}

static int number(const char *text, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < lo || v > hi) {
        fprintf(stderr, "awale-lab: bad number '%s' (%ld..%ld)\n", text, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* ------------------------------------------------------------------ perft */

static int cmd_perft(int argc, char **argv)
{
    setup s = {0};
    long depth = -1;
    for (int i = 1; i < argc; i++) {
        int rc = rules_option(&s, argc, argv, &i);
        if (rc < 0)
            return USAGE;
        if (rc == 0 && (depth >= 0 || number(argv[i], 1, AW_PERFT_MAX_DEPTH, &depth)))
            return usage("perft: give one DEPTH");
    }
    if (depth < 0)
        return usage("perft: missing DEPTH");
    int bad = rules_build(&s);
    if (bad)
        return bad;
    uint64_t counts[AW_PERFT_MAX_DEPTH + 1], leaves = 0;
    double t0 = now();
    uint64_t made = aw_perft(&s.rules, &s.start, (int)depth, counts);
    double dt = now() - t0;
    for (int d = 1; d <= depth; d++) {
        printf("%d %llu\n", d, (unsigned long long)counts[d]);
        leaves += counts[d];
    }
    fprintf(stderr, "perft: %.3f s, %llu sequences (%.1f M/s), %llu positions made (%.1f M/s)\n",
            dt, (unsigned long long)leaves, dt > 0 ? (double)leaves / dt / 1e6 : 0.0,
            (unsigned long long)made, dt > 0 ? (double)made / dt / 1e6 : 0.0);
    return OK;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmd_bench_perft(int argc, char **argv)
{
    setup s = {0};
    long depth = -1, runs = 5;
    for (int i = 1; i < argc; i++) {
        int rc = rules_option(&s, argc, argv, &i);
        if (rc < 0)
            return USAGE;
        if (rc)
            continue;
        if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
            if (number(argv[++i], 1, AW_PERFT_MAX_DEPTH, &depth))
                return USAGE;
        } else if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
            if (number(argv[++i], 1, 1000, &runs))
                return USAGE;
        } else {
            return usage("bench-perft: unexpected argument");
        }
    }
    int bad = rules_build(&s);
    if (bad)
        return bad;
    if (depth < 0)
        depth = s.rules.family == AW_FAMILY_RELAY ? 8 : 12;
    double times[1000];
    uint64_t counts[AW_PERFT_MAX_DEPTH + 1], leaves = 0, made = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        made = aw_perft(&s.rules, &s.start, (int)depth, counts);
        times[r] = now() - t0;
    }
    for (int d = 1; d <= depth; d++)
        leaves += counts[d];
    qsort(times, (size_t)runs, sizeof times[0], compare_double);
    double median = times[runs / 2];
    printf("median %.3f s (min %.3f, max %.3f) for %llu sequences and %llu positions made\n",
           median, times[0], times[runs - 1], (unsigned long long)leaves, (unsigned long long)made);
    printf("nodes per second: %.1f M sequences/s, %.1f M positions made/s\n",
           (double)leaves / median / 1e6, (double)made / median / 1e6);
    return OK;
}

/* ----------------------------------------------------------------- replay */

static void print_end(const aw_game *g)
{
    aw_status st = aw_game_status(g);
    if (st == AW_ONGOING) {
        puts("ongoing");
    } else {
        int scores[2];
        aw_game_scores(g, scores);
        printf("over %d-%d %s\n", scores[0], scores[1], aw_status_word(st));
    }
}

static char *read_all(const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return NULL;
    size_t size = 0, cap = 4096;
    char *text = malloc(cap);
    size_t n;
    while (text && (n = fread(text + size, 1, cap - size - 1, f)) > 0) {
        size += n;
        if (cap - size < 2) {
            char *more = realloc(text, cap * 2);
            if (!more) {
                free(text);
                text = NULL;
            }
            text = more;
            cap *= 2;
        }
    }
    if (text)
        text[size] = 0;
    if (f != stdin)
        fclose(f);
    return text;
}

static int replay_record(const char *path)
{
    char *text = read_all(path);
    if (!text) {
        fprintf(stderr, "awale-lab: cannot read %s\n", path);
        return INPUT;
    }
    /* Every record first (a bad one stops before anything is printed). */
    aw_record *recs[4096];
    int n = 0, line = 1, status = OK;
    const char *p = text;
    aw_error err;
    for (;;) {
        aw_record *rec = aw_record_read(&p, &line, &err);
        if (!rec) {
            if (err.msg[0]) {
                fprintf(stderr, "awale-lab: %s: %s\n", path, err.msg);
                status = INPUT;
            } else if (n == 0) {
                fprintf(stderr, "awale-lab: %s: no game record in the file\n", path);
                status = INPUT;
            }
            break;
        }
        if (n == (int)(sizeof recs / sizeof recs[0])) {
            aw_record_free(rec);
            status = INPUT;
            break;
        }
        recs[n++] = rec;
    }
    for (int i = 0; i < n && status == OK; i++) {
        const aw_game *g = aw_record_game_const(recs[i]);
        char buf[AW_POSITION_MAX];
        if (n > 1)
            printf("%sgame %d\n", i ? "\n" : "", i + 1);
        for (int k = 1; k <= aw_game_ply(g); k++)
            puts(aw_position_format(aw_game_position_at(g, k), buf));
        const char *result = aw_record_result(recs[i]);
        const char *term = aw_record_tag(recs[i], "Termination");
        if (aw_game_status(g) == AW_ONGOING && strcmp(result, "*") != 0)
            printf("result %s%s%s\n", result, term ? " " : "", term ? term : "");
        else
            print_end(g);
    }
    for (int i = 0; i < n; i++)
        aw_record_free(recs[i]);
    free(text);
    return status;
}

/* Plays the move words on game; prints each position when `show`. */
static int play_words(aw_game *game, const char **words, int nwords, bool show)
{
    const aw_rules *rules = aw_game_rules(game);
    int number = 0;
    aw_error err;
    for (int w = 0; w < nwords; w++) {
        const char *text = words[w];
        aw_move move;
        int rc;
        while ((rc = aw_move_parse_next(rules, &text, &move, &err)) != 0) {
            number++;
            char shown[AW_MOVE_MAX], buf[AW_POSITION_MAX];
            if (rc < 0) {
                fprintf(stderr, "awale-lab: move %d is malformed: %s\n", number, err.msg);
                return INPUT;
            }
            if (aw_game_play(game, move, &err)) {
                fprintf(stderr, "awale-lab: move %d (%s) is illegal: %s\n", number,
                        aw_move_format(rules, move, shown), err.msg);
                return INPUT;
            }
            if (show)
                puts(aw_position_format(aw_game_position(game), buf));
        }
    }
    return OK;
}

static int cmd_replay(int argc, char **argv)
{
    setup s = {0};
    const char **words = calloc((size_t)argc + 1, sizeof *words);
    int nwords = 0;
    if (!words)
        return INPUT;
    for (int i = 1; i < argc; i++) {
        int rc = rules_option(&s, argc, argv, &i);
        if (rc < 0) {
            free(words);
            return USAGE;
        }
        if (rc)
            continue;
        if (!strcmp(argv[i], "--record") && i + 1 < argc) {
            free(words);
            return replay_record(argv[i + 1]);
        }
        words[nwords++] = argv[i];
    }
    int status = rules_build(&s);
    aw_game *game = status ? NULL : aw_game_new(&s.rules, &s.start);
    if (!status && !game)
        status = INPUT;
    if (!status)
        status = play_words(game, words, nwords, true);
    if (!status)
        print_end(game);
    aw_game_free(game);
    free(words);
    return status;
}

/* ----------------------------------------------------------------- search */

static aw_engine *engine_new(long hash)
{
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    char num[32];
    snprintf(num, sizeof num, "%ld", hash);
    if (!e || aw_engine_set_option(e, "Level", "10", &err) ||
        aw_engine_set_option(e, "Threads", "1", &err) ||
        aw_engine_set_option(e, "Hash", num, &err) ||
        aw_engine_set_option(e, "OwnBook", "false", &err) ||
        aw_engine_set_option(e, "BookVariety", "0", &err)) {
        fprintf(stderr, "awale-lab: %s\n", err.msg);
        aw_engine_free(e);
        return NULL;
    }
    aw_engine_set_book(e, NULL);
    aw_engine_set_probe(e, NULL, NULL, 0);
    aw_engine_clear(e);
    return e;
}

static void on_info(const aw_search_info *info, void *user)
{
    const aw_rules *rules = user;
    for (int i = 0; i < info->lines; i++) {
        const aw_search_line *l = &info->line[i];
        char score[48], m[AW_MOVE_MAX];
        aw_score_format(&l->score, score, sizeof score);
        printf("depth %d", info->depth);
        if (info->lines > 1)
            printf(" multipv %d", i + 1);
        printf(" seldepth %d score %s nodes %llu pv", info->seldepth, score,
               (unsigned long long)info->nodes);
        for (int k = 0; k < l->length; k++)
            printf(" %s", aw_move_format(rules, l->pv[k], m));
        putchar('\n');
    }
}

static int cmd_search(int argc, char **argv)
{
    setup s = {0};
    long depth = 0, hash = 64;
    const char **words = calloc((size_t)argc + 1, sizeof *words);
    int nwords = 0;
    if (!words)
        return INPUT;
    for (int i = 1; i < argc; i++) {
        int rc = rules_option(&s, argc, argv, &i);
        if (rc < 0)
            goto usage;
        if (rc)
            continue;
        if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
            if (number(argv[++i], 1, AW_SEARCH_MAX_DEPTH, &depth))
                goto usage;
        } else if (!strcmp(argv[i], "--hash") && i + 1 < argc) {
            if (number(argv[++i], 1, 4096, &hash))
                goto usage;
        } else {
            words[nwords++] = argv[i];
        }
    }
    if (!depth) {
        free(words);
        return usage("search: give --depth D");
    }
    int status = rules_build(&s);
    aw_game *game = status ? NULL : aw_game_new(&s.rules, &s.start);
    aw_engine *engine = status ? NULL : engine_new(hash);
    if (!status && (!game || !engine))
        status = INPUT;
    if (!status)
        status = play_words(game, words, nwords, false);
    if (!status) {
        if (aw_game_status(game) != AW_ONGOING) {
            puts("bestmove none");
        } else {
            aw_error err;
            aw_search_result res;
            aw_limits limits = {0};
            limits.depth = (int)depth;
            aw_engine_set_game(engine, game, NULL);
            if (aw_search_run(engine, &limits, on_info, (void *)aw_game_rules(game), &res, &err)) {
                fprintf(stderr, "awale-lab: %s\n", err.msg);
                status = INPUT;
            } else {
                char m[AW_MOVE_MAX];
                printf("bestmove %s\n", aw_move_format(aw_game_rules(game), res.best, m));
            }
        }
    }
    aw_engine_free(engine);
    aw_game_free(game);
    free(words);
    return status;
usage:
    free(words);
    return USAGE;
}

/* The positions of `awale bench` (src/cli/cmd_bench.c): the same total node
 * count on both builds shows that the search behaves the same. */
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

static int cmd_bench(int argc, char **argv)
{
    long depth = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
            if (number(argv[++i], 1, 40, &depth))
                return USAGE;
        } else {
            return usage("bench: unexpected argument");
        }
    }
    aw_engine *engine = engine_new(16);
    if (!engine)
        return INPUT;
    const int count = (int)(sizeof bench_positions / sizeof bench_positions[0]);
    uint64_t total = 0;
    double seconds = 0;
    for (int i = 0; i < count; i++) {
        aw_rules rules;
        aw_position pos;
        aw_error err;
        if (aw_rules_preset(bench_positions[i].rules, &rules, &err) ||
            aw_position_parse(bench_positions[i].position, &pos, &err)) {
            fprintf(stderr, "awale-lab: bench position %d: %s\n", i + 1, err.msg);
            aw_engine_free(engine);
            return INPUT;
        }
        aw_engine_clear(engine);
        aw_engine_set_position(engine, &rules, &pos, NULL);
        aw_limits limits = {0};
        limits.depth = depth ? (int)depth : bench_positions[i].depth;
        aw_search_result res;
        double t0 = now();
        if (aw_search_run(engine, &limits, NULL, NULL, &res, &err)) {
            fprintf(stderr, "awale-lab: %s\n", err.msg);
            aw_engine_free(engine);
            return INPUT;
        }
        seconds += now() - t0;
        total += res.info.nodes;
        char m[AW_MOVE_MAX], sc[48] = "-";
        if (res.info.lines)
            aw_score_format(&res.info.line[0].score, sc, sizeof sc);
        printf("%2d %-11s %-34s depth %2d  %10llu nodes  bestmove %-3s %s\n", i + 1,
               bench_positions[i].rules, bench_positions[i].position, limits.depth,
               (unsigned long long)res.info.nodes, aw_move_format(&rules, res.best, m), sc);
    }
    aw_engine_free(engine);
    printf("total nodes %llu\n", (unsigned long long)total);
    printf("time %.3f s, %.0f nodes per second\n", seconds,
           seconds > 0 ? (double)total / seconds : 0.0);
    return OK;
}

/* ---------------------------------------------------------------- playout */

static int cmd_playout(int argc, char **argv)
{
    setup s = {0};
    long seed = -1, games = 1, plies = 400;
    for (int i = 1; i < argc; i++) {
        int rc = rules_option(&s, argc, argv, &i);
        if (rc < 0)
            return USAGE;
        if (rc)
            continue;
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (number(argv[++i], 0, 2147483647L, &seed))
                return USAGE;
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            if (number(argv[++i], 1, 100000, &games))
                return USAGE;
        } else if (!strcmp(argv[i], "--plies") && i + 1 < argc) {
            if (number(argv[++i], 0, AW_RECORD_MOVES_MAX, &plies))
                return USAGE;
        } else {
            return usage("playout: unexpected argument");
        }
    }
    if (seed < 0)
        return usage("playout: give --seed S");
    int bad = rules_build(&s);
    if (bad)
        return bad;
    uint64_t state = (uint64_t)seed * 0x9E3779B97F4A7C15ull + 1;
    for (long g = 0; g < games; g++) {
        aw_record *rec = aw_record_new(&s.rules, &s.start);
        if (!rec)
            return INPUT;
        aw_game_playout(aw_record_game(rec), &state, (int)plies);
        char *text = aw_record_format(rec);
        if (!text) {
            aw_record_free(rec);
            return INPUT;
        }
        printf("%s%s", g ? "\n" : "", text);
        free(text);
        aw_record_free(rec);
    }
    return OK;
}

/* ----------------------------------------------------------------- tables */

static uint64_t list_files(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    uint64_t total = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth < 4)
                total += list_files(path, depth + 1);
        } else {
            printf("file %s %lld\n", path, (long long)st.st_size);
            total += (uint64_t)st.st_size;
        }
    }
    closedir(d);
    return total;
}

static int cmd_tables(int argc, char **argv)
{
    setup s = {0};
    long seeds = -1;
    const char *dir = "/tables", *pos_text = NULL;
    if (argc == 2 && !strcmp(argv[1], "plan")) {
        for (int i = 0; i < aw_rules_preset_count(); i++) {
            aw_rules r;
            aw_error err;
            if (aw_rules_preset(aw_rules_preset_name(i), &r, &err) == 0)
                printf("%s %d\n", r.name, awale_wasm_tables_seeds(&r));
        }
        return OK;
    }
    if (argc < 2 || (strcmp(argv[1], "build") && strcmp(argv[1], "probe") && strcmp(argv[1], "page")))
        return usage("tables: build, probe, plan or page");
    const bool build = !strcmp(argv[1], "build"), page = !strcmp(argv[1], "page");
    if (page)
        seeds = 0;
    for (int i = 2; i < argc; i++) {
        int rc = rules_option(&s, argc, argv, &i);
        if (rc < 0)
            return USAGE;
        if (rc)
            continue;
        if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
            if (number(argv[++i], 0, 48, &seeds))
                return USAGE;
        } else if (!strcmp(argv[i], "--dir") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!build && !pos_text) {
            pos_text = argv[i];
        } else {
            return usage("tables: unexpected argument");
        }
    }
    if (seeds < 0)
        return usage("tables: give --seeds N");
    int bad = rules_build(&s);
    if (bad)
        return bad;
    aw_error err;
    if (build) {
        aw_tables_build_options opt;
        memset(&opt, 0, sizeof opt);
        opt.seeds = (int)seeds;
        opt.threads = 1;
        double t0 = now();
        if (aw_tables_build(dir, &s.rules, &opt, &err)) {
            fprintf(stderr, "awale-lab: %s\n", err.msg);
            return INPUT;
        }
        double dt = now() - t0;
        uint64_t bytes = list_files(dir, 0);
        printf("built %ld seeds (%llu positions) in %.3f s, %llu bytes\n", seeds,
               (unsigned long long)aw_tables_positions((int)seeds), dt, (unsigned long long)bytes);
        return OK;
    }
    if (!pos_text)
        return usage("tables probe: give a position");
    aw_position pos;
    if (aw_position_parse(pos_text, &pos, &err)) {
        fprintf(stderr, "awale-lab: bad position '%s': %s\n", pos_text, err.msg);
        return INPUT;
    }
    aw_tables *t;
    if (page) {
        t = awale_wasm_tables_open(&s.rules, NULL);
        if (!t)
            return INPUT;
        printf("seeds %d bytes %llu\n", aw_tables_seeds(t),
               (unsigned long long)list_files(AWALE_WASM_TABLES_DIR, 0));
    } else if (!(t = aw_tables_open(dir, &s.rules, (int)seeds, &err))) {
        fprintf(stderr, "awale-lab: %s\n", err.msg);
        return INPUT;
    }
    int value, status = OK;
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    if (!aw_tables_probe(t, &pos, &value)) {
        fprintf(stderr, "awale-lab: the position is not in the tables\n");
        status = INPUT;
    } else {
        printf("value %d\n", value);
        int n = aw_tables_probe_moves(t, &pos, moves, values);
        for (int i = 0; i < n; i++) {
            char m[AW_MOVE_MAX];
            printf("%s %d\n", aw_move_format(&s.rules, moves[i], m), values[i]);
        }
    }
    aw_tables_close(t);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage("give a command: perft, replay, search, bench, bench-perft, playout, "
                     "tables");
    const char *c = argv[1];
    int rc;
    if (!strcmp(c, "perft"))
        rc = cmd_perft(argc - 1, argv + 1);
    else if (!strcmp(c, "replay"))
        rc = cmd_replay(argc - 1, argv + 1);
    else if (!strcmp(c, "search"))
        rc = cmd_search(argc - 1, argv + 1);
    else if (!strcmp(c, "bench"))
        rc = cmd_bench(argc - 1, argv + 1);
    else if (!strcmp(c, "bench-perft"))
        rc = cmd_bench_perft(argc - 1, argv + 1);
    else if (!strcmp(c, "playout"))
        rc = cmd_playout(argc - 1, argv + 1);
    else if (!strcmp(c, "tables"))
        rc = cmd_tables(argc - 1, argv + 1);
    else
        rc = usage("unknown command");
    fflush(stdout);
    return rc;
}
