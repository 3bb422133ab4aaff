/*
 * uci_random.c - the state machine of `awale uci` under random command
 * streams (docs/protocol.md, "The session").
 *
 *     uci_random AWALE [--seed S] [--count N] [--from K] [--deadline MS] [-v]
 *
 * Each sequence starts `AWALE uci`, sends `debug on` and a random mix of
 * every command - go of every kind (depth, nodes, movetime, clocks,
 * infinite, ponder, bare, mate, searchmoves, malformed), stop, ponderhit,
 * position (legal, illegal, malformed, finished games), setoption (valid and
 * invalid, Hash and Threads included), ucinewgame, isready, uci, garbage -
 * with random pauses, a quarter of them without any stop or ponderhit; then
 * `isready`, which must be answered within the deadline, and `quit` or the
 * end of the input, after which the program must exit with status 0 within
 * the deadline. A hang fails the sequence (the engine is killed), it never
 * hangs the test.
 *
 * The output is checked line by line. In debug mode the engine reports each
 * go it accepts ("info string debug: go N: rules R; position P"), so:
 *   - every line is a protocol line, whole;
 *   - accepted searches and bestmoves alternate: exactly one bestmove per
 *     go, and none missing at the exit;
 *   - a go, setoption or ucinewgame sent during a search stops it first
 *     ("info string go: stopping the running search first"): that line
 *     comes between a search's start and its bestmove, never outside one;
 *   - every well-formed go line is accepted, and every malformed go line is
 *     rejected with an info string;
 *   - every bestmove is legal in its search's position under its rules, its
 *     ponder move legal after it; 0000 only where there is no move;
 *   - one readyok per isready, one uciok per uci.
 * Each sequence is made from the seed and its number, so a failure prints
 * the command that replays it alone (timing may differ from run to run).
 */
#include "awale.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------ utilities */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A number in [lo, hi]. */
static int rnd(uint64_t *s, int lo, int hi) { return lo + (int)(rng_next(s) % (uint64_t)(hi - lo + 1)); }

static bool chance(uint64_t *s, int percent) { return rnd(s, 1, 100) <= percent; }

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        fprintf(stderr, "uci_random: out of memory\n");
        exit(2);
    }
    return p;
}

typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void text_add(text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = (t->n + n + 1) * 2;
        t->s = xrealloc(t->s, t->cap);
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = 0;
}

/* ------------------------------------------------------------- commands */

typedef enum kind { K_OTHER, K_GO, K_GO_BAD, K_ISREADY, K_UCI } kind;

typedef struct command {
    char *line; /* without its newline */
    int delay_ms; /* pause before it is sent */
    kind kind;
} command;

typedef struct sequence {
    command *cmd;
    int n, cap;
    bool eof;        /* end with the end of the input instead of quit */
    bool quit_early; /* quit right after the last isready, without waiting */
} sequence;

static void seq_add(sequence *q, kind k, int delay, const char *fmt, ...)
{
    char buf[1 << 12];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (q->n == q->cap) {
        q->cap = q->cap ? 2 * q->cap : 64;
        q->cmd = xrealloc(q->cmd, (size_t)q->cap * sizeof *q->cmd);
    }
    q->cmd[q->n].line = strdup(buf);
    q->cmd[q->n].delay_ms = delay;
    q->cmd[q->n].kind = k;
    if (!q->cmd[q->n].line)
        exit(2);
    q->n++;
}

static void seq_free(sequence *q)
{
    for (int i = 0; i < q->n; i++)
        free(q->cmd[i].line);
    free(q->cmd);
    memset(q, 0, sizeof *q);
}

/* The generator follows the rules it last set, to write moves that are
 * mostly legal; the engine may have refused the change (a bad value),
 * which only makes more positions illegal. */
typedef struct gen {
    uint64_t rng;
    aw_rules rules;
} gen;

/* A random game from `start`: up to `plies` moves, written into buf (words,
 * or run together); *end is the position reached. */
static void random_moves(gen *g, const aw_position *start, int plies, char *buf, size_t size,
                         aw_position *end)
{
    aw_position p = *start;
    size_t k = 0;
    bool together = chance(&g->rng, 20);
    buf[0] = 0;
    for (int i = 0; i < plies && aw_position_status(&g->rules, &p) == AW_ONGOING; i++) {
        aw_move m[AW_MAX_MOVES];
        int n = aw_generate(&g->rules, &p, m);
        if (n == 0)
            break;
        aw_move mv = m[rnd(&g->rng, 0, n - 1)];
        char t[AW_MOVE_MAX];
        aw_move_format(&g->rules, mv, t);
        if (k + strlen(t) + 2 >= size)
            break;
        k += (size_t)snprintf(buf + k, size - k, "%s%s", k && !together ? " " : "", t);
        aw_play(&g->rules, &p, mv);
    }
    if (end)
        *end = p;
}

static const char *const finished_fens[] = {
    "3-0-0-1-0-0-0-0-0-0-0-0-20-24-S", /* over: North cannot be fed        */
    "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N", /* over: empty board                */
    "0-0-0-0-0-2-1-2-0-0-0-1-22-20-S", /* a win in one                     */
    "0-0-0-0-1-2-1-1-0-0-0-0-20-23-S", /* lost in a few plies              */
    "3-0-0-0-2-0-0-0-0-0-0-0-20-23-S", /* proven at once                   */
    "1-0-0-0-0-0-0-0-0-0-0-1-23-23-S",
};

static void gen_position(gen *g, sequence *q, int delay)
{
    char moves[2048], fen[AW_POSITION_MAX];
    aw_position start = aw_position_start(AW_SOUTH), end;
    int r = rnd(&g->rng, 1, 100);
    if (r <= 40) {
        random_moves(g, &start, rnd(&g->rng, 0, 60), moves, sizeof moves, NULL);
        if (moves[0])
            seq_add(q, K_OTHER, delay, "position startpos moves %s", moves);
        else
            seq_add(q, K_OTHER, delay, "position startpos");
    } else if (r <= 60) {
        random_moves(g, &start, rnd(&g->rng, 0, 80), moves, sizeof moves, &end);
        aw_position_format(&end, fen);
        random_moves(g, &end, rnd(&g->rng, 0, 4), moves, sizeof moves, NULL);
        if (moves[0])
            seq_add(q, K_OTHER, delay, "position fen %s moves %s", fen, moves);
        else
            seq_add(q, K_OTHER, delay, "position fen %s", fen);
    } else if (r <= 75) {
        /* A legal game, then a move that is probably not legal (any pit). */
        random_moves(g, &start, rnd(&g->rng, 0, 20), moves, sizeof moves, &end);
        aw_move bad = (aw_move)rnd(&g->rng, 0, 11);
        if (g->rules.family == AW_FAMILY_RELAY && chance(&g->rng, 50))
            bad |= AW_MOVE_CW;
        char t[AW_MOVE_MAX];
        seq_add(q, K_OTHER, delay, "position startpos moves %s %s", moves,
                aw_move_format(&g->rules, bad, t));
    } else if (r <= 88) {
        int n = (int)(sizeof finished_fens / sizeof finished_fens[0]);
        seq_add(q, K_OTHER, delay, "position fen %s", finished_fens[rnd(&g->rng, 0, n - 1)]);
    } else {
        static const char *const bad[] = {
            "position",           "position fen 4-4-4",   "position sideways",
            "position startpos C f", "position startpos moves C x",
            "position fen 4-4-4-4-4-4-4-4-4-4-4-5-0-0-S", "position startpos moves",
        };
        seq_add(q, K_OTHER, delay, "%s", bad[rnd(&g->rng, 0, (int)(sizeof bad / sizeof bad[0]) - 1)]);
    }
}

static void gen_setoption(gen *g, sequence *q, int delay)
{
    static const char *const fixed[] = {
        "setoption name Hash value 0",       "setoption name Hash value lots",
        "setoption name Hash value 70000",   "setoption name Threads value 0",
        "setoption name Threads value 999",  "setoption name Threads value x",
        "setoption name Level value 99",     "setoption name Level value 10",
        "setoption name MultiPV value 0",    "setoption name Eval value material",
        "setoption name Eval value tuned",   "setoption name Eval value bogus",
        "setoption name Rules value chess",  "setoption name Rule target value 99",
        "setoption name Rule bogus value 1", "setoption name OwnBook value true",
        "setoption name OwnBook value false", "setoption name BookVariety value 50",
        "setoption name BookFile value none", "setoption name BookFile value /nonexistent.awb",
        "setoption name BookFile value",     "setoption name Ponder value true",
        "setoption name Ponder value maybe", "setoption name Nope value 1",
        "setoption",                         "setoption name",
        "setoption name Tables value /nonexistent/tables",
        "setoption name NullMove value true", "setoption name Reductions value false",
        "setoption name Quiescence value true", "setoption name Seed value 7",
    };
    int r = rnd(&g->rng, 1, 100);
    if (r <= 12) {
        seq_add(q, K_OTHER, delay, "setoption name Hash value %d", rnd(&g->rng, 1, 32));
    } else if (r <= 24) {
        seq_add(q, K_OTHER, delay, "setoption name Threads value %d", rnd(&g->rng, 1, 3));
    } else if (r <= 30) {
        seq_add(q, K_OTHER, delay, "setoption name Level value %d", rnd(&g->rng, 1, 10));
    } else if (r <= 36) {
        seq_add(q, K_OTHER, delay, "setoption name MultiPV value %d", rnd(&g->rng, 1, 4));
    } else if (r <= 46) {
        /* A rule set: the generator follows it. */
        static const char *const presets[] = {"abapa", "abapa", "grand-slam", "seven-turns",
                                              "two-seeds", "relay"};
        const char *name = presets[rnd(&g->rng, 0, 5)];
        aw_rules_preset(name, &g->rules, NULL);
        seq_add(q, K_OTHER, delay, "setoption name Rules value %s", name);
    } else if (r <= 52) {
        int target = rnd(&g->rng, 20, 26);
        char v[16];
        snprintf(v, sizeof v, "%d", target);
        aw_rules_set(&g->rules, "target", v, NULL);
        seq_add(q, K_OTHER, delay, "setoption name Rule target value %d", target);
    } else {
        seq_add(q, K_OTHER, delay, "%s",
                fixed[rnd(&g->rng, 0, (int)(sizeof fixed / sizeof fixed[0]) - 1)]);
    }
}

static void gen_go(gen *g, sequence *q, int delay)
{
    int r = rnd(&g->rng, 1, 100);
    if (r <= 16) {
        seq_add(q, K_GO, delay, "go depth %d", chance(&g->rng, 85) ? rnd(&g->rng, 1, 7)
                                                                    : rnd(&g->rng, 8, 12));
    } else if (r <= 26) {
        seq_add(q, K_GO, delay, "go nodes %d", rnd(&g->rng, 1, 30000));
    } else if (r <= 36) {
        seq_add(q, K_GO, delay, "go movetime %d", rnd(&g->rng, 1, 50));
    } else if (r <= 46) {
        int t = rnd(&g->rng, -50, 400), u = rnd(&g->rng, 0, 400);
        if (chance(&g->rng, 50))
            seq_add(q, K_GO, delay, "go wtime %d btime %d winc %d binc %d", t, u,
                    rnd(&g->rng, 0, 20), rnd(&g->rng, 0, 20));
        else if (chance(&g->rng, 50))
            seq_add(q, K_GO, delay, "go wtime %d btime %d movestogo %d", t, u, rnd(&g->rng, 1, 40));
        else
            seq_add(q, K_GO, delay, "go stime %d ntime %d", t, u);
    } else if (r <= 56) {
        seq_add(q, K_GO, delay, chance(&g->rng, 80) ? "go infinite" : "go infinite depth 3");
    } else if (r <= 66) {
        static const char *const ponder[] = {"go ponder", "go ponder wtime 200 btime 200 winc 5 binc 5",
                                             "go ponder movetime 20", "go ponder depth 3",
                                             "go ponder nodes 2000"};
        seq_add(q, K_GO, delay, "%s", ponder[rnd(&g->rng, 0, 4)]);
    } else if (r <= 72) {
        seq_add(q, K_GO, delay, "go");
    } else if (r <= 76) {
        seq_add(q, K_GO, delay, "go mate %d", rnd(&g->rng, 1, 3));
    } else if (r <= 82) {
        char moves[64];
        aw_position start = aw_position_start(rnd(&g->rng, 0, 1));
        random_moves(g, &start, rnd(&g->rng, 1, 3), moves, sizeof moves, NULL);
        seq_add(q, K_GO, delay, "go depth %d searchmoves %s", rnd(&g->rng, 1, 5), moves);
    } else if (r <= 86) {
        static const char *const odd[] = {"go flurb depth 2", "go infinite searchmoves",
                                          "go depth 1000", "go nodes 1000000000000000",
                                          "go movetime 1000000000000", "go depth 3 depth 5"};
        seq_add(q, K_GO, delay, "%s", odd[rnd(&g->rng, 0, 5)]);
    } else {
        static const char *const bad[] = {
            "go depth x",       "go depth 0",        "go depth -3",          "go nodes -3",
            "go nodes",         "go movetime",       "go movetime abc",      "go binc",
            "go wtime 10 binc", "go depth 1001",     "go depth 99999999999999999999",
            "go movetime 1e3",  "go nodes 0",        "go movestogo 0",       "go mate 0",
            "go winc -5",       "go depth 5 depth x", "go depth 3 nodes",    "go infinite movetime",
            "go ponder wtime",  "go movetime 1000000000001", "go depth 2.5",
        };
        seq_add(q, K_GO_BAD, delay, "%s", bad[rnd(&g->rng, 0, (int)(sizeof bad / sizeof bad[0]) - 1)]);
    }
}

/* Garbage with no letters, so that no command word hides in it. */
static void gen_garbage(gen *g, sequence *q, int delay)
{
    static const char *const fixed[] = {"", "   ", "\t", "foo", "xyzzy 12", "is ready", "stopp",
                                        "goo depth 3", "Go depth 3", "STOP", "\001\377", "quitt"};
    if (chance(&g->rng, 60)) {
        seq_add(q, K_OTHER, delay, "%s",
                fixed[rnd(&g->rng, 0, (int)(sizeof fixed / sizeof fixed[0]) - 1)]);
        return;
    }
    static const char chars[] = "0123456789 -+*#@!?.,;:~\t\r\001\177\200\351\377";
    char buf[64];
    int n = rnd(&g->rng, 1, 40);
    for (int i = 0; i < n; i++)
        buf[i] = chars[rnd(&g->rng, 0, (int)sizeof chars - 2)];
    buf[n] = 0;
    seq_add(q, K_OTHER, delay, "%s", buf);
}

static void make_sequence(uint64_t seed, int number, sequence *q)
{
    gen g;
    g.rng = seed ^ (UINT64_C(0xd1b54a32d192ed03) * (uint64_t)(number + 1));
    rng_next(&g.rng);
    g.rules = aw_rules_default();
    memset(q, 0, sizeof *q);
    if (chance(&g.rng, 30))
        seq_add(q, K_UCI, 0, "uci");
    seq_add(q, K_OTHER, 0, "debug on");
    const bool stopless = chance(&g.rng, 25);
    const bool long_line = chance(&g.rng, 1);
    const int n = rnd(&g.rng, 3, 40);
    for (int i = 0; i < n; i++) {
        int d = rnd(&g.rng, 1, 100);
        int delay = d <= 65 ? 0 : d <= 90 ? rnd(&g.rng, 0, 3) : rnd(&g.rng, 5, 30);
        int r = rnd(&g.rng, 1, 100);
        if (r <= 28)
            gen_go(&g, q, delay);
        else if (r <= 40)
            stopless ? gen_go(&g, q, delay) : seq_add(q, K_OTHER, delay, "stop");
        else if (r <= 44)
            stopless ? gen_position(&g, q, delay) : seq_add(q, K_OTHER, delay, "ponderhit");
        else if (r <= 62)
            gen_position(&g, q, delay);
        else if (r <= 74)
            gen_setoption(&g, q, delay);
        else if (r <= 78)
            seq_add(q, K_OTHER, delay, "ucinewgame");
        else if (r <= 86)
            seq_add(q, K_ISREADY, delay, "isready");
        else if (r <= 87)
            seq_add(q, K_UCI, delay, "uci");
        else if (r <= 88)
            seq_add(q, K_OTHER, delay, chance(&g.rng, 50) ? "debug on" : "register later");
        else
            gen_garbage(&g, q, delay);
    }
    if (long_line) {
        /* Over the engine's 1 MB line limit: ignored with a message. */
        size_t size = (1u << 20) + 100;
        char *big = malloc(size + 1);
        if (!big)
            exit(2);
        memset(big, '7', size);
        memcpy(big, "go depth ", 9);
        big[size] = 0;
        seq_add(q, K_OTHER, 0, "%s", "");
        free(q->cmd[q->n - 1].line);
        q->cmd[q->n - 1].line = big;
    }
    seq_add(q, K_ISREADY, rnd(&g.rng, 0, 1) ? 0 : rnd(&g.rng, 0, 20), "isready");
    q->eof = chance(&g.rng, 30);
    q->quit_early = chance(&g.rng, 30);
    /* The end of the input waits for a search with limits to end by
     * itself: one that would take hours (go depth 1000) is stopped first. */
    int last = -1;
    for (int i = 0; i < q->n; i++)
        if (q->cmd[i].kind == K_GO)
            last = i;
    if (q->eof && last >= 0 &&
        (strcmp(q->cmd[last].line, "go depth 1000") == 0 ||
         strcmp(q->cmd[last].line, "go nodes 1000000000000000") == 0 ||
         strcmp(q->cmd[last].line, "go movetime 1000000000000") == 0)) {
        seq_add(q, K_OTHER, 0, "stop");
        command t = q->cmd[q->n - 1];
        q->cmd[q->n - 1] = q->cmd[q->n - 2];
        q->cmd[q->n - 2] = t;
    }
}

/* ----------------------------------------------------------- running */

typedef struct run {
    text out;           /* everything the engine printed */
    int status;         /* waitpid status */
    bool exited;
    char fail[512];     /* why the run failed ("" when it did not) */
} run;

static int count_lines(const text *t, const char *line)
{
    int n = 0;
    size_t len = strlen(line);
    for (const char *p = t->s; p && *p;) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == len && memcmp(p, line, len) == 0)
            n++;
        if (!e)
            break;
        p = e + 1;
    }
    return n;
}

/* Read what is there (non-blocking); false at the end of the output. */
static bool drain(int fd, text *out)
{
    char buf[65536];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n > 0) {
            text_add(out, buf, (size_t)n);
            continue;
        }
        if (n == 0)
            return false;
        if (errno == EINTR)
            continue;
        return true; /* EAGAIN */
    }
}

/* Wait up to ms for output (and read it); false at the end of the output. */
static bool pump(int fd, text *out, double ms)
{
    struct pollfd p = {fd, POLLIN, 0};
    int rc = poll(&p, 1, ms < 0 ? 0 : (int)ms);
    if (rc > 0)
        return drain(fd, out);
    return true;
}

/* Write a whole line while reading the output; false (with a reason) when
 * the engine stops reading for `deadline` ms or has gone. */
static bool send_line(int in, int outfd, text *out, const char *line, double deadline, char *why,
                      size_t whysize, bool *open_out)
{
    size_t len = strlen(line), done = 0;
    char *buf = malloc(len + 1);
    if (!buf)
        exit(2);
    memcpy(buf, line, len);
    buf[len] = '\n';
    len++;
    const double start = now_ms();
    while (done < len) {
        ssize_t n = write(in, buf + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN) {
            snprintf(why, whysize, "the engine closed its input (%s) before '%.60s'",
                     strerror(errno), line);
            free(buf);
            return false;
        }
        if (now_ms() - start > deadline) {
            snprintf(why, whysize, "the engine stopped reading its input for %.0f ms (at '%.60s')",
                     deadline, line);
            free(buf);
            return false;
        }
        struct pollfd p[2] = {{in, POLLOUT, 0}, {*open_out ? outfd : -1, POLLIN, 0}};
        if (poll(p, 2, 50) > 0 && (p[1].revents & (POLLIN | POLLHUP)))
            *open_out = drain(outfd, out);
    }
    free(buf);
    return true;
}

static void run_sequence(const char *awale, const sequence *q, double deadline, run *r)
{
    memset(r, 0, sizeof *r);
    int in[2], out[2];
    if (pipe(in) || pipe(out)) {
        perror("uci_random: pipe");
        exit(2);
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("uci_random: fork");
        exit(2);
    }
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl(awale, awale, "uci", (char *)NULL);
        fprintf(stderr, "uci_random: cannot run %s: %s\n", awale, strerror(errno));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    bool open_out = true, ok = true;
    int isready = 0;
    for (int i = 0; i < q->n && ok; i++) {
        const double until = now_ms() + q->cmd[i].delay_ms;
        while (open_out && now_ms() < until)
            open_out = pump(out[0], &r->out, until - now_ms());
        ok = send_line(in[1], out[0], &r->out, q->cmd[i].line, deadline, r->fail, sizeof r->fail,
                       &open_out);
        isready += q->cmd[i].kind == K_ISREADY;
    }
    /* The last isready must be answered within the deadline. */
    if (ok && !q->quit_early) {
        const double until = now_ms() + deadline;
        while (open_out && count_lines(&r->out, "readyok") < isready && now_ms() < until)
            open_out = pump(out[0], &r->out, until - now_ms());
        if (count_lines(&r->out, "readyok") < isready) {
            snprintf(r->fail, sizeof r->fail, "isready not answered within %.0f ms", deadline);
            ok = false;
        }
    }
    if (ok && !q->eof)
        ok = send_line(in[1], out[0], &r->out, "quit", deadline, r->fail, sizeof r->fail, &open_out);
    close(in[1]);
    /* quit or the end of the input: the program ends within the deadline. */
    const double until = now_ms() + deadline;
    while (open_out && now_ms() < until)
        open_out = pump(out[0], &r->out, until - now_ms());
    while (!r->exited && now_ms() < until) {
        pid_t w = waitpid(pid, &r->status, WNOHANG);
        if (w == pid)
            r->exited = true;
        else
            pump(-1, &r->out, 10);
    }
    if (!r->exited) {
        kill(pid, SIGKILL);
        waitpid(pid, &r->status, 0);
        if (ok)
            snprintf(r->fail, sizeof r->fail, "the engine did not exit within %.0f ms after %s",
                     deadline, q->eof ? "the end of its input" : "quit");
        ok = false;
    }
    close(out[0]);
    if (ok && count_lines(&r->out, "readyok") < isready)
        snprintf(r->fail, sizeof r->fail, "%d isready, %d readyok", isready,
                 count_lines(&r->out, "readyok"));
    else if (ok && !(WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0)) {
        if (WIFSIGNALED(r->status))
            snprintf(r->fail, sizeof r->fail, "the engine was killed by signal %d",
                     WTERMSIG(r->status));
        else
            snprintf(r->fail, sizeof r->fail, "the engine exited with status %d",
                     WEXITSTATUS(r->status));
    }
}

/* ----------------------------------------------------------- checking */

typedef struct tally {
    long sequences, commands, accepted, stopped, rejected, bestmoves, zero;
} tally;

typedef struct search {
    bool have_pos;
    aw_rules rules;
    aw_position pos;
    bool game_over_said; /* "info string the game is over" or "go failed" */
} search;

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* "rules NAME k=v...; position P" or "...; no position" */
static bool parse_debug_go(const char *s, search *sr, char *why, size_t whysize)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", s);
    char *semi = strchr(buf, ';');
    if (!starts(buf, "rules ") || !semi) {
        snprintf(why, whysize, "malformed debug line");
        return false;
    }
    *semi = 0;
    char *save = NULL, *w = strtok_r(buf + 6, " ", &save);
    aw_error err;
    if (!w || aw_rules_preset(w, &sr->rules, &err)) {
        snprintf(why, whysize, "debug line: bad rule set");
        return false;
    }
    while ((w = strtok_r(NULL, " ", &save)))
        if (aw_rules_set_arg(&sr->rules, w, &err)) {
            snprintf(why, whysize, "debug line: %s", err.msg);
            return false;
        }
    const char *rest = semi + 1;
    while (*rest == ' ')
        rest++;
    sr->game_over_said = false;
    if (strcmp(rest, "no position") == 0) {
        sr->have_pos = false;
        return true;
    }
    if (!starts(rest, "position ") || aw_position_parse(rest + 9, &sr->pos, &err)) {
        snprintf(why, whysize, "debug line: bad position");
        return false;
    }
    sr->have_pos = true;
    return true;
}

static bool check_bestmove(const char *s, const search *sr, char *why, size_t whysize)
{
    char best[32] = "", pk[32] = "", ponder[32] = "", extra[32] = "";
    int n = sscanf(s, "%31s %31s %31s %31s", best, pk, ponder, extra);
    if (n != 1 && !(n == 3 && strcmp(pk, "ponder") == 0)) {
        snprintf(why, whysize, "malformed bestmove line");
        return false;
    }
    if (strcmp(best, "0000") == 0) {
        if (!sr->have_pos || aw_position_status(&sr->rules, &sr->pos) != AW_ONGOING ||
            sr->game_over_said)
            return true;
        snprintf(why, whysize, "bestmove 0000 in a position with moves");
        return false;
    }
    if (!sr->have_pos) {
        snprintf(why, whysize, "a move for a search without a position");
        return false;
    }
    const char *p = best;
    aw_move m;
    aw_error err;
    if (aw_move_parse_next(&sr->rules, &p, &m, &err) != 1 || *p ||
        aw_position_status(&sr->rules, &sr->pos) != AW_ONGOING ||
        !aw_is_legal(&sr->rules, &sr->pos, m)) {
        char fen[AW_POSITION_MAX];
        snprintf(why, whysize, "bestmove %s is not legal in %s (%s)", best,
                 aw_position_format(&sr->pos, fen), sr->rules.name);
        return false;
    }
    if (n == 3) {
        aw_position after = sr->pos;
        aw_play(&sr->rules, &after, m);
        aw_move pm;
        p = ponder;
        if (aw_move_parse_next(&sr->rules, &p, &pm, &err) != 1 || *p ||
            aw_position_status(&sr->rules, &after) != AW_ONGOING ||
            !aw_is_legal(&sr->rules, &after, pm)) {
            snprintf(why, whysize, "ponder move %s is not legal after %s", ponder, best);
            return false;
        }
    }
    return true;
}

static void check_output(const sequence *q, run *r, tally *t)
{
    int want_go = 0, want_bad = 0, want_uci = 0;
    for (int i = 0; i < q->n; i++) {
        want_go += q->cmd[i].kind == K_GO;
        want_bad += q->cmd[i].kind == K_GO_BAD;
        want_uci += q->cmd[i].kind == K_UCI;
    }
    bool pending = false;
    int accepted = 0, stopped = 0, rejected = 0, bestmoves = 0, uciok = 0, lineno = 0;
    search sr;
    memset(&sr, 0, sizeof sr);
    char why[400] = "";
    for (char *p = r->out.s; p && *p && !why[0];) {
        char *e = strchr(p, '\n');
        if (!e) {
            snprintf(why, sizeof why, "the output ends in the middle of a line");
            break;
        }
        *e = 0;
        const char *l = p;
        lineno++;
        if (starts(l, "info string debug: go ")) {
            int n = -1, used = 0;
            if (sscanf(l + 22, "%d: %n", &n, &used) != 1 || used == 0 || n != accepted + 1)
                snprintf(why, sizeof why, "debug go line out of order (expected go %d)",
                         accepted + 1);
            else if (pending)
                snprintf(why, sizeof why, "a search started before the last one's bestmove");
            else if (parse_debug_go(l + 22 + used, &sr, why, sizeof why)) {
                pending = true;
                accepted++;
            }
        } else if (starts(l, "bestmove ")) {
            bestmoves++;
            if (!pending)
                snprintf(why, sizeof why, "a bestmove without a search");
            else if (check_bestmove(l + 9, &sr, why, sizeof why)) {
                pending = false;
                t->zero += strcmp(l, "bestmove 0000") == 0;
            }
        } else if (strstr(l, ": stopping the running search first") &&
                   (starts(l, "info string go:") || starts(l, "info string setoption ") ||
                    starts(l, "info string ucinewgame:"))) {
            /* the search it stops gives its bestmove next, checked above */
            stopped += starts(l, "info string go:");
            if (!pending)
                snprintf(why, sizeof why, "a search stopped while none was running");
        } else if (starts(l, "info string ignored: go ")) {
            rejected++;
        } else if (starts(l, "info string the game is over") || starts(l, "info string go failed")) {
            sr.game_over_said = true;
        } else if (strcmp(l, "uciok") == 0) {
            uciok++;
        } else if (starts(l, "info string ") || starts(l, "id name ") || starts(l, "id author ") ||
                   starts(l, "option name ") || strcmp(l, "readyok") == 0) {
            /* fine */
        } else if (starts(l, "info depth ")) {
            if (!strstr(l, " score ") || !strstr(l, " nodes "))
                snprintf(why, sizeof why, "malformed info line");
        } else {
            snprintf(why, sizeof why, "not a protocol line");
        }
        *e = '\n';
        if (why[0]) {
            snprintf(r->fail, sizeof r->fail, "output line %d: %s: '%.*s'", lineno, why,
                     (int)(e - p > 200 ? 200 : e - p), p);
            return;
        }
        p = e + 1;
    }
    if (pending)
        snprintf(r->fail, sizeof r->fail, "search %d never gave its bestmove", accepted);
    else if (accepted != want_go)
        snprintf(r->fail, sizeof r->fail, "%d well-formed go sent, %d accepted", want_go,
                 accepted);
    else if (rejected != want_bad)
        snprintf(r->fail, sizeof r->fail, "%d malformed go sent, %d rejected", want_bad, rejected);
    else if (bestmoves != accepted)
        snprintf(r->fail, sizeof r->fail, "%d searches, %d bestmoves", accepted, bestmoves);
    else if (uciok != want_uci)
        snprintf(r->fail, sizeof r->fail, "%d uci, %d uciok", want_uci, uciok);
    t->accepted += accepted;
    t->stopped += stopped;
    t->rejected += rejected;
    t->bestmoves += bestmoves;
}

static void show_failure(const char *awale, uint64_t seed, int number, const sequence *q,
                         const run *r)
{
    fprintf(stderr, "uci_random: FAIL in sequence %d: %s\n", number, r->fail);
    fprintf(stderr, "  replay it: %s %s --seed %" PRIu64 " --from %d --count 1\n", "uci_random",
            awale, seed, number);
    fprintf(stderr, "  sent (pause in ms before each line):\n");
    for (int i = 0; i < q->n; i++)
        fprintf(stderr, "    [%2d] %.120s%s\n", q->cmd[i].delay_ms, q->cmd[i].line,
                strlen(q->cmd[i].line) > 120 ? "..." : "");
    fprintf(stderr, "    %s\n", q->eof ? "(end of input)" : q->quit_early ? "quit (at once)" : "quit");
    fprintf(stderr, "  received:\n");
    int lines = 0;
    for (const char *p = r->out.s; p && *p && lines < 300; lines++) {
        const char *e = strchr(p, '\n');
        int n = e ? (int)(e - p) : (int)strlen(p);
        fprintf(stderr, "    %.*s%s\n", n > 160 ? 160 : n, p, n > 160 ? "..." : "");
        if (!e)
            break;
        p = e + 1;
    }
}

static void usage(void)
{
    fprintf(stderr, "usage: uci_random AWALE [--seed S] [--count N] [--from K] [--deadline MS] [-v]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    const char *awale = argv[1];
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    int count = 200, from = 0;
    double deadline = 10000;
    bool verbose = false;
    for (int i = 2; i < argc; i++) {
        char *end = NULL;
        if (strcmp(argv[i], "-v") == 0) {
            verbose = true;
            continue;
        }
        if (i + 1 >= argc)
            usage();
        const char *v = argv[++i];
        errno = 0;
        if (strcmp(argv[i - 1], "--seed") == 0)
            seed = strtoull(v, &end, 10);
        else if (strcmp(argv[i - 1], "--count") == 0)
            count = (int)strtol(v, &end, 10);
        else if (strcmp(argv[i - 1], "--from") == 0)
            from = (int)strtol(v, &end, 10);
        else if (strcmp(argv[i - 1], "--deadline") == 0)
            deadline = strtod(v, &end);
        else
            usage();
        if (!end || *end || errno || count < 0 || from < 0 || deadline <= 0)
            usage();
    }
    signal(SIGPIPE, SIG_IGN);
    printf("uci_random: %d command sequences from seed %" PRIu64 " (deadline %.0f ms)\n", count,
           seed, deadline);
    fflush(stdout);
    tally t;
    memset(&t, 0, sizeof t);
    const double start = now_ms();
    for (int k = from; k < from + count; k++) {
        sequence q;
        make_sequence(seed, k, &q);
        run r;
        run_sequence(awale, &q, deadline, &r);
        if (!r.fail[0])
            check_output(&q, &r, &t);
        t.sequences++;
        t.commands += q.n;
        if (r.fail[0]) {
            show_failure(awale, seed, k, &q, &r);
            free(r.out.s);
            seq_free(&q);
            return 1;
        }
        if (verbose)
            printf("  sequence %d: %d commands, ok\n", k, q.n);
        free(r.out.s);
        seq_free(&q);
    }
    printf("uci_random: %ld sequences, %ld commands: %ld searches (%ld bestmove 0000), %ld "
           "stopped by the next go, %ld malformed go rejected; all answered (%.1f s)\n",
           t.sequences, t.commands, t.accepted, t.zero, t.stopped, t.rejected,
           (now_ms() - start) / 1000);
    return 0;
}
