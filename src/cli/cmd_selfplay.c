/*
 * cmd_selfplay.c - `awale selfplay`: engine settings (or another awale
 * program, e.g. an earlier version) play each other from varied openings,
 * colours alternated, and the result is reported as wins, draws and losses
 * with an Elo estimate and its 95% error margin. It also writes the
 * positions of its games with their results, the data the evaluation is
 * tuned on (tools/tune.c, docs/engine.md).
 *
 * Each opening (a few random plies that leave the game balanced, drawn
 * from a seed by src/match/openings.c, the same for both games of a pair)
 * is played twice, A as South then A as North. Games run in
 * `--concurrency` threads, each with its own two engines; the openings are
 * drawn in game order under the lock, so a seed gives the same openings
 * whatever the concurrency. Games that repeat an earlier one are counted
 * and warned about. Ctrl-C stops the games in progress and prints the
 * result so far.
 */
#include "cli.h"
#include "match/openings.h"
#include "front/engine_setup.h"
#include "front/interrupt.h"
#include "match/proc.h"
#include "match/seen.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define MAX_GAME_PLIES 600

typedef struct player {
    char options[512]; /* "Name=value,Name=value" */
    const char *exe;   /* another awale program, asked through 'analyze' */
    const char *args;  /* more arguments for its 'analyze' (e.g. --tables none) */
} player;

typedef struct match {
    aw_rules rules;
    aw_position start;
    player p[2];
    aw_limits limits;
    int games, opening_plies, concurrency;
    uint64_t seed;
    FILE *record;
    bool quiet;
    const aw_book *book; /* given to every engine; used with OwnBook=true */
    /* Shared progress. */
    pthread_mutex_t lock;
    int next_game, done;
    int wins, draws, losses; /* from A's view */
    opening_gen *gen;        /* the openings, and the current one */
    opening current;
    aw_move current_moves[OPENING_PLIES_MAX];
    seen_set seen;           /* hashes of the games played */
    int repeats;             /* games that repeat an earlier one */
    char failure[600];       /* why the openings stopped, if they did */
} match;


/* A player's engine: its --a/--b options, the book given to all (used
 * only when the options turn OwnBook on, as before the options). */
static aw_engine *player_engine(const char *options, const aw_book *book, aw_error *err)
{
    char opts[600];
    snprintf(opts, sizeof opts, "OwnBook=false%s%s", options && options[0] ? "," : "",
             options ? options : "");
    engine_config ec = engine_config_default();
    ec.book = book;
    ec.options = opts;
    return engine_setup_new(&ec, err);
}

/* The move of an external awale program: 'EXE analyze' on the game, run
 * without a shell (its arguments are words of an argv, whatever they
 * contain) and given a deadline: a program that hangs loses its move. */
static aw_move external_move(const match *m, const player *pl, const aw_game *g)
{
    enum { MAX_ARGS = 40 + 2 * 16 + 8 };
    char *argv[MAX_ARGS];
    int argc = 0;
    char start[AW_POSITION_MAX], diff[512], extra[512];
    char depth[24], nodes[24], movetime[24];
    char moves[MAX_GAME_PLIES * AW_MOVE_MAX + 1];
    argv[argc++] = (char *)pl->exe;
    argv[argc++] = "analyze";
    snprintf(extra, sizeof extra, "%s", pl->args ? pl->args : "");
    char *save = NULL;
    for (char *tok = strtok_r(extra, " ", &save); tok && argc < 40; tok = strtok_r(NULL, " ", &save))
        argv[argc++] = tok;
    argv[argc++] = "--rules";
    argv[argc++] = (char *)m->rules.name;
    argv[argc++] = "--position";
    argv[argc++] = aw_position_format(aw_game_start(g), start);
    aw_rules_diff(&m->rules, diff, sizeof diff);
    save = NULL;
    for (char *tok = strtok_r(diff, " ", &save); tok && argc < 40 + 2 * 16;
         tok = strtok_r(NULL, " ", &save)) {
        argv[argc++] = "--rule";
        argv[argc++] = tok;
    }
    const aw_limits *l = &m->limits;
    if (l->depth) {
        snprintf(depth, sizeof depth, "%d", l->depth);
        argv[argc++] = "--depth";
        argv[argc++] = depth;
    }
    if (l->nodes) {
        snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)l->nodes);
        argv[argc++] = "--nodes";
        argv[argc++] = nodes;
    }
    if (l->movetime_ms) {
        snprintf(movetime, sizeof movetime, "%lld", (long long)l->movetime_ms);
        argv[argc++] = "--movetime";
        argv[argc++] = movetime;
    }
    argv[argc++] = "--hash";
    argv[argc++] = "16";
    /* The moves in one word, run together ("CfFb"), as the match runner
     * sends them by default: one argument whatever the game's length. */
    size_t used = 0;
    for (int i = 0; i < aw_game_ply(g) && i < MAX_GAME_PLIES; i++) {
        char mv[AW_MOVE_MAX];
        const size_t k = strlen(aw_move_format(&m->rules, aw_game_move(g, i), mv));
        memcpy(moves + used, mv, k);
        used += k;
    }
    moves[used] = 0;
    if (used)
        argv[argc++] = moves;
    argv[argc] = NULL;

    proc child;
    char err[256], line[256];
    if (proc_spawn(&child, argv, NULL, false, err, sizeof err))
        return AW_MOVE_NONE;
    /* A generous deadline: ten times the move time, at least a minute. */
    const int64_t allowed = l->movetime_ms ? 10 * (int64_t)l->movetime_ms + 60000 : 600000;
    const int64_t deadline = proc_now_ms() + allowed;
    aw_move best = AW_MOVE_NONE;
    while (proc_read_line(&child, line, sizeof line, deadline, -1) == PROC_OK)
        if (strncmp(line, "bestmove ", 9) == 0) {
            const char *t = line + 9;
            aw_move mv;
            if (aw_move_parse_next(&m->rules, &t, &mv, NULL) == 1)
                best = mv;
        }
    proc_stop(&child, 100);
    return best;
}

static void record_game(match *m, const aw_game *g, int from_ply, const int *scores_cp,
                        const int final[2])
{
    if (!m->record)
        return;
    pthread_mutex_lock(&m->lock);
    for (int i = from_ply; i < aw_game_ply(g); i++) {
        const aw_position *p = aw_game_position_at(g, i);
        char text[AW_POSITION_MAX];
        const int me = p->side;
        const int margin = final[me] - final[!me];
        fprintf(m->record, "%s %s %d %d\n", aw_position_format(p, text),
                margin > 0 ? "1" : margin < 0 ? "0" : "0.5", margin, scores_cp[i]);
    }
    fflush(m->record);
    pthread_mutex_unlock(&m->lock);
}

/* Play game number `k` from opening `op`; returns A's result: 1, 0.5 or 0
 * as 2, 1, 0, or -1 when interrupted or broken. *hash: the game's (seen.h). */
static int play_game(match *m, aw_engine *eng[2], int k, const opening *op, uint64_t *hash)
{
    const int a_side = k % 2; /* A plays South in even games */
    aw_game *g = aw_game_new(&m->rules, &op->start);
    if (!g)
        return -1;
    for (int i = 0; i < op->nmoves; i++)
        if (aw_game_play(g, op->moves[i], NULL)) { /* not reached: drawn as legal */
            aw_game_free(g);
            return -1;
        }
    const int from_ply = aw_game_ply(g);
    for (int s = 0; s < 2; s++)
        aw_engine_clear(eng[s]);
    int local_scores[MAX_GAME_PLIES + 64];
    while (aw_game_status(g) == AW_ONGOING && aw_game_ply(g) < MAX_GAME_PLIES) {
        if (interrupt_caught()) {
            aw_game_free(g);
            return -1;
        }
        const int side = aw_game_position(g)->side;
        const int who = side == a_side ? 0 : 1;
        aw_move mv;
        int score = 0;
        if (m->p[who].exe) {
            mv = external_move(m, &m->p[who], g);
        } else {
            aw_search_result res;
            aw_engine_set_game(eng[who], g, NULL);
            if (aw_search_run(eng[who], &m->limits, NULL, NULL, &res, NULL)) {
                aw_game_free(g);
                return -1;
            }
            mv = res.best;
            if (res.info.lines) {
                const aw_score *sc = &res.info.line[0].score;
                score = sc->kind == AW_SCORE_SEEDS ? sc->value : sc->kind == AW_SCORE_DRAW ? 0
                        : sc->margin > 0 ? 10000 + sc->margin : -10000 + sc->margin;
            }
        }
        local_scores[aw_game_ply(g)] = score;
        aw_error err;
        if (mv == AW_MOVE_NONE || aw_game_play(g, mv, &err)) {
            /* A player without a legal answer loses the game. */
            int result = who == 0 ? 0 : 2;
            *hash = seen_mix(seen_game(g, a_side), 1);
            aw_game_free(g);
            fprintf(stderr, "awale selfplay: game %d: player %c gave no legal move\n", k + 1,
                    'A' + who);
            return result;
        }
    }
    int sc[2];
    aw_game_scores(g, sc);
    if (aw_game_status(g) == AW_ONGOING) {
        /* Too long: each takes his own row. */
        const aw_position *p = aw_game_position(g);
        sc[0] += aw_position_row(p, AW_SOUTH);
        sc[1] += aw_position_row(p, AW_NORTH);
    }
    record_game(m, g, from_ply, local_scores, sc);
    *hash = seen_game(g, a_side);
    aw_game_free(g);
    const int a = sc[a_side], b = sc[!a_side];
    return a > b ? 2 : a == b ? 1 : 0;
}

static void *worker_main(void *arg)
{
    match *m = arg;
    aw_engine *eng[2] = {NULL, NULL};
    aw_error err;
    for (int s = 0; s < 2; s++) {
        if (!(eng[s] = player_engine(m->p[s].options, m->book, &err))) {
            fprintf(stderr, "awale selfplay: player %c: %s\n", 'A' + s, err.msg);
            interrupt_raise();
            goto out;
        }
    }
    aw_move moves[OPENING_PLIES_MAX];
    for (;;) {
        /* The game, and its opening: a new one for the first game of a
         * pair, drawn here in game order. */
        opening op = {.moves = moves};
        pthread_mutex_lock(&m->lock);
        int k = m->next_game < m->games && !interrupt_caught() ? m->next_game++ : -1;
        if (k >= 0 && k % 2 == 0 &&
            opening_gen_next(m->gen, &m->current, m->failure, sizeof m->failure)) {
            interrupt_raise();
            k = -1;
        }
        if (k >= 0) {
            op = m->current;
            op.moves = moves;
            memcpy(moves, m->current.moves, sizeof *moves * (size_t)m->current.nmoves);
        }
        pthread_mutex_unlock(&m->lock);
        if (k < 0 || interrupt_caught())
            break;
        uint64_t hash = 0;
        int r = play_game(m, eng, k, &op, &hash);
        if (r < 0)
            break;
        pthread_mutex_lock(&m->lock);
        if (seen_add(&m->seen, hash, k) == 1 && m->repeats++ == 0) {
            int other = 0;
            seen_find(&m->seen, hash, &other);
            fprintf(stderr,
                    "%sawale selfplay: warning: games %d and %d are the same game (the same "
                    "start, the same player on each side, the same moves); the result counts "
                    "the repeats\n",
                    !m->quiet && isatty(2) ? "\n" : "", other < k ? other + 1 : k + 1,
                    other < k ? k + 1 : other + 1);
        }
        m->done++;
        if (r == 2)
            m->wins++;
        else if (r == 1)
            m->draws++;
        else
            m->losses++;
        const bool tty = isatty(2);
        if (!m->quiet && (tty || m->done % (m->games / 10 > 0 ? m->games / 10 : 1) == 0)) {
            fprintf(stderr, "%sgames %d/%d  A: +%d =%d -%d%s", tty ? "\r" : "", m->done,
                    m->games, m->wins, m->draws, m->losses, tty ? "" : "\n");
            fflush(stderr);
        }
        pthread_mutex_unlock(&m->lock);
    }
out:
    for (int s = 0; s < 2; s++)
        aw_engine_free(eng[s]);
    return NULL;
}

/* Elo of a score fraction. */
static double elo_of(double s)
{
    if (s <= 0.01)
        return -800;
    if (s >= 0.99)
        return 800;
    return -400.0 * log10(1.0 / s - 1.0);
}

int cmd_selfplay(int argc, char **argv)
{
    const char *cmd = "selfplay";
    cli_rules cr = {0};
    static match m;
    memset(&m, 0, sizeof m);
    long long games = 100, depth = 0, movetime = 0, nodes = 0, plies = OPENING_PLIES_DEFAULT,
              seed = 1, concurrency = 1;
    const char *record = NULL, *book_opt = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--games", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--games", v, 1, 10000000, &games))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, AW_SEARCH_MAX_DEPTH, &depth))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--movetime", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--movetime", v, 1, 3600000, &movetime))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--nodes", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--nodes", v, 1, 1000000000000LL, &nodes))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--opening-plies", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--opening-plies", v, 0, OPENING_PLIES_MAX, &plies))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--seed", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--seed", v, 0, 1LL << 40, &seed))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--concurrency", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--concurrency", v, 1, 64, &concurrency))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--a", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            snprintf(m.p[0].options, sizeof m.p[0].options, "%s", v);
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--b", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            snprintf(m.p[1].options, sizeof m.p[1].options, "%s", v);
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--a-exe", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            m.p[0].exe = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--b-exe", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            m.p[1].exe = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--a-args", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            m.p[0].args = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--b-args", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            m.p[1].args = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--record", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            record = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            book_opt = v;
        } else if (cli_flag(argv, i, "--quiet")) {
            m.quiet = true;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale selfplay --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!depth && !movetime && !nodes)
        movetime = 100;
    for (int s = 0; s < 2; s++)
        if (m.p[s].exe && access(m.p[s].exe, X_OK) != 0) {
            cli_error(cmd, "--%c-exe %s: not an executable program", 'a' + s, m.p[s].exe);
            return EXIT_USAGE;
        }
    int bad = cli_rules_build(cmd, &cr, &m.rules, &m.start);
    if (bad)
        return bad;
    if (aw_position_status(&m.rules, &m.start) != AW_ONGOING) {
        cli_error(cmd, "the game is already over in the start position");
        return EXIT_INPUT;
    }
    /* Check the engine options before the first game. */
    for (int s = 0; s < 2; s++) {
        aw_error err;
        aw_engine *e = player_engine(m.p[s].options, NULL, &err);
        if (!e) {
            cli_error(cmd, "--%c: %s", 'a' + s, err.msg);
            return EXIT_USAGE;
        }
        aw_engine_free(e);
    }
    aw_book *book = NULL;
    if (cli_book_open(cmd, book_opt, &m.rules, &book))
        return EXIT_INPUT;
    m.book = book;
    if (record) {
        m.record = fopen(record, "a");
        if (!m.record) {
            cli_error(cmd, "cannot open %s: %s", record, strerror(errno));
            aw_book_free(book);
            return EXIT_INPUT;
        }
    }
    m.games = (int)games;
    m.opening_plies = (int)plies;
    m.seed = (uint64_t)seed;
    m.concurrency = (int)concurrency;
    m.limits.depth = (int)depth;
    m.limits.movetime_ms = movetime;
    m.limits.nodes = (uint64_t)nodes;
    char text[600];
    m.gen = opening_gen_new(&m.rules, &m.start, m.opening_plies, m.seed, text, sizeof text);
    if (!m.gen) {
        cli_error(cmd, "%s", text);
        if (m.record)
            fclose(m.record);
        aw_book_free(book);
        return EXIT_INPUT;
    }
    m.current.moves = m.current_moves;
    opening_gen_describe(m.opening_plies, &m.start, m.seed, text, sizeof text);
    printf("openings: %s\n", text);
    fflush(stdout);
    pthread_mutex_init(&m.lock, NULL);
    interrupt_guard ig;
    interrupt_catch(&ig, INTERRUPT_RESTART, NULL);
    pthread_t threads[64];
    int started = 0;
    for (int t = 0; t < m.concurrency; t++)
        if (pthread_create(&threads[t], NULL, worker_main, &m) == 0)
            started++;
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    interrupt_release(&ig);
    if (!m.quiet && isatty(2))
        fputc('\n', stderr);
    if (m.record)
        fclose(m.record);
    aw_book_free(book);
    pthread_mutex_destroy(&m.lock);
    opening_stats ost = opening_gen_stats(m.gen);
    opening_gen_free(m.gen);
    seen_free(&m.seen);
    if (m.failure[0]) {
        cli_error(cmd, "%s", m.failure);
        return EXIT_INPUT;
    }

    const int n = m.wins + m.draws + m.losses;
    printf("A: %s%s\nB: %s%s\n", m.p[0].exe ? m.p[0].exe : "engine ",
           m.p[0].exe ? "" : (m.p[0].options[0] ? m.p[0].options : "(defaults)"),
           m.p[1].exe ? m.p[1].exe : "engine ",
           m.p[1].exe ? "" : (m.p[1].options[0] ? m.p[1].options : "(defaults)"));
    printf("games %d: A wins %d, draws %d, A losses %d\n", n, m.wins, m.draws, m.losses);
    if (n > 0) {
        double s = (m.wins + 0.5 * m.draws) / n;
        double var = (m.wins * (1 - s) * (1 - s) + m.draws * (0.5 - s) * (0.5 - s) +
                      m.losses * s * s) / n;
        double se = sqrt(var / n);
        double lo = elo_of(s - 1.96 * se), hi = elo_of(s + 1.96 * se);
        if (m.wins + m.draws == 0 || m.losses + m.draws == 0)
            printf("score %.1f%%, Elo difference A-B %s (every game %s: no margin can be "
                   "given)\n",
                   100 * s, s > 0.5 ? "above +800" : "below -800", s > 0.5 ? "won" : "lost");
        else
            printf("score %.1f%%, Elo difference A-B %+.0f (95%%: %+.0f .. %+.0f, +-%.0f)\n",
                   100 * s, fabs(elo_of(s)) < 0.5 ? 0.0 : elo_of(s), lo, hi, (hi - lo) / 2);
    }
    if (m.opening_plies) {
        char notes[256];
        opening_stats_notes(&ost, notes, sizeof notes);
        printf("openings: %d drawn%s\n", ost.drawn, notes);
    }
    if (m.repeats) {
        printf("repeated games: %d of %d repeat an earlier game: the result rests on %d distinct "
               "game%s\n",
               m.repeats, n, n - m.repeats, n - m.repeats == 1 ? "" : "s");
        fprintf(stderr,
                "awale selfplay: warning: %d of %d games repeat an earlier game (the same start, "
                "the same player on each side, the same moves): the result rests on %d distinct "
                "game%s. Give more opening plies (--opening-plies), or players whose choices "
                "vary.\n",
                m.repeats, n, n - m.repeats, n - m.repeats == 1 ? "" : "s");
    }
    if (interrupt_caught())
        printf("interrupted after %d games\n", n);
    return EXIT_OK;
}
