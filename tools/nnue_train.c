/*
 * nnue_train.c - trains the evaluation network of the Oware family
 * (src/engine/nnue.c, docs/engine.md "Evaluation") and exports it: the
 * network file (format "AWNN" version 1) and, optionally, the same bytes as
 * C (src/engine/nnue_weights.c, the built-in network). `make nnue` runs the
 * whole recipe (scripts/nnue.sh); docs/engine.md, "Training recipe".
 *
 * Input: lines "POSITION RESULT MARGIN SCORE" as written by
 * `awale selfplay --record` (the same as tools/tune.c reads). A line
 * without its newline at the end of a file is one still being written and
 * is left out. A malformed line is reported with its file and line number
 * and skipped.
 *
 * Model (float; the engine runs its integer image): per perspective (the
 * side to move's, the other's), 12 pits x 24 count buckets one-hot, seen
 * from that side (own pits in sowing order, then the opponent's); a
 * feature transformer of NN_HIDDEN units shared by both perspectives,
 * clipped ReLU to [0, 1]; one linear output per bucket of seeds on the
 * board (4) over both perspectives' units; plus the "direct" terms, the
 * linear model's features that are not pits (eval_features() from
 * EV_MOB_OWN on), weighted per bucket. eval = 100 * score difference +
 * 100 * output + direct (hundredths of a seed, the mover's view).
 *
 * Target, as tools/tune.c: sigmoid(k * eval) against lambda * result +
 * (1 - lambda) * sigmoid(k * search score), k fitted on the linear model.
 * Where the endgame tables cover a position (--tables), both parts are
 * exact: the result of perfect play and the final margin it reaches.
 * Training: minibatch Adam on the mean squared error; every tenth block of
 * 128 lines (about a game) is held out for validation; the epoch with the best validation
 * error is kept. The direct weights start from the linear model (each
 * bucket blends its full- and empty-board values), the hidden layer from
 * small random weights; with --linear-units four hidden units start as the
 * linear model's pit terms, so that training starts from today's
 * evaluation (it trains to a worse network: docs/engine.md). Ctrl-C stops after the current minibatch and still exports
 * the best network so far.
 *
 *   nnue_train [options] DATA...   (--help lists them)
 */
#include "engine/engine.h"
#include "engine/nnue.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HID 32
#define NB 4
#define QA 127
#define QB 64
#define INPUTS (12 * EV_BUCKETS)
#define NDIRECT (EV_FEATURES - EV_MOB_OWN)
#define MAXD 12
#define MAXT 16

/* Parameter layout (floats). */
#define P_FTB 0
#define P_FTW (P_FTB + HID)
#define P_OW (P_FTW + INPUTS * HID)
#define P_OB (P_OW + NB * 2 * HID)
#define P_D (P_OB + NB)
#define NPARAM (P_D + NB * NDIRECT)

typedef struct sample {
    uint8_t c[12]; /* count buckets, mover's view: own 0..5, opponent's 0..5 */
    uint8_t di[MAXD];
    int8_t dc[MAXD];
    uint8_t nd, bucket, seeds, valid;
    int16_t material; /* 100 * score difference, mover's view */
    int16_t linear;   /* the linear model's eval (without material) */
    float target;
} sample;

static atomic_bool interrupted;
static void on_interrupt(int sig)
{
    (void)sig;
    atomic_store(&interrupted, true);
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static int bucket_of(int seeds) { return seeds * NB / 49; }

/* ---------------------------------------------------------------- model */

static inline int feat(const sample *s, int persp, int i)
{
    /* Perspective 0: the mover's; 1: the other's (own pits = the
     * opponent's). */
    int pit = persp ? (i < 6 ? i + 6 : i - 6) : i;
    return i * EV_BUCKETS + s->c[pit];
}

/* Forward pass: the output in seeds (without material), with the
 * accumulators for the backward pass. */
static float forward(const float *w, const sample *s, float acc[2][HID])
{
    for (int p = 0; p < 2; p++) {
        for (int h = 0; h < HID; h++)
            acc[p][h] = w[P_FTB + h];
        for (int i = 0; i < 12; i++) {
            const float *col = &w[P_FTW + feat(s, p, i) * HID];
            for (int h = 0; h < HID; h++)
                acc[p][h] += col[h];
        }
    }
    const int b = s->bucket;
    const float *ow = &w[P_OW + b * 2 * HID];
    float y = w[P_OB + b];
    for (int p = 0; p < 2; p++)
        for (int h = 0; h < HID; h++) {
            float a = acc[p][h];
            a = a < 0 ? 0 : a > 1 ? 1 : a;
            y += a * ow[p * HID + h];
        }
    const float *d = &w[P_D + b * NDIRECT];
    for (int j = 0; j < s->nd; j++)
        y += s->dc[j] * d[s->di[j]];
    return y;
}

static double k_scale;
static int min_seeds; /* errors over the positions with at least so many seeds */

/* Adds the gradient of (sigmoid(k eval) - target)^2 to g; returns the
 * squared error. */
static double backward(const float *w, const sample *s, float *g)
{
    float acc[2][HID];
    const float y = forward(w, s, acc);
    const double ev = s->material + 100.0 * y;
    const double p = sigmoid(k_scale * ev);
    const double e = p - s->target;
    const float gy = (float)(2 * e * p * (1 - p) * k_scale * 100.0);
    const int b = s->bucket;
    const float *ow = &w[P_OW + b * 2 * HID];
    float *gow = &g[P_OW + b * 2 * HID];
    g[P_OB + b] += gy;
    float *gd = &g[P_D + b * NDIRECT];
    for (int j = 0; j < s->nd; j++)
        gd[s->di[j]] += gy * s->dc[j];
    for (int pp = 0; pp < 2; pp++) {
        float da[HID];
        for (int h = 0; h < HID; h++) {
            const float a = acc[pp][h];
            const float ac = a < 0 ? 0 : a > 1 ? 1 : a;
            gow[pp * HID + h] += gy * ac;
            da[h] = a > 0 && a < 1 ? gy * ow[pp * HID + h] : 0;
            g[P_FTB + h] += da[h];
        }
        for (int i = 0; i < 12; i++) {
            float *col = &g[P_FTW + feat(s, pp, i) * HID];
            for (int h = 0; h < HID; h++)
                col[h] += da[h];
        }
    }
    return e * e;
}

/* ------------------------------------------------------------ quantized */

typedef struct qnet {
    int16_t ftb[HID], ftw[INPUTS][HID], ow[NB][2 * HID], direct[NB][NDIRECT];
    int32_t ob[NB];
} qnet;

static int16_t q16(double v)
{
    long r = lround(v);
    return (int16_t)(r > 32767 ? 32767 : r < -32767 ? -32767 : r);
}

static void quantize(const float *w, qnet *q)
{
    for (int h = 0; h < HID; h++)
        q->ftb[h] = q16(w[P_FTB + h] * QA);
    for (int f = 0; f < INPUTS; f++)
        for (int h = 0; h < HID; h++)
            q->ftw[f][h] = q16(w[P_FTW + f * HID + h] * QA);
    for (int b = 0; b < NB; b++) {
        for (int j = 0; j < 2 * HID; j++)
            q->ow[b][j] = q16(w[P_OW + b * 2 * HID + j] * QB);
        q->ob[b] = (int32_t)lround(w[P_OB + b] * QA * QB);
        for (int j = 0; j < NDIRECT; j++)
            q->direct[b][j] = q16(w[P_D + b * NDIRECT + j] * 100);
    }
}

/* The engine's integer evaluation of a sample (before the clamp to
 * +-SC_EVAL_MAX and the | 1). */
static int qeval(const qnet *q, const sample *s)
{
    int acc[2][HID];
    for (int p = 0; p < 2; p++) {
        for (int h = 0; h < HID; h++)
            acc[p][h] = q->ftb[h];
        for (int i = 0; i < 12; i++) {
            const int16_t *col = q->ftw[feat(s, p, i)];
            for (int h = 0; h < HID; h++)
                acc[p][h] += col[h];
        }
    }
    const int b = s->bucket;
    int32_t S = q->ob[b];
    for (int p = 0; p < 2; p++)
        for (int h = 0; h < HID; h++) {
            int a = acc[p][h] < 0 ? 0 : acc[p][h] > QA ? QA : acc[p][h];
            S += a * q->ow[b][p * HID + h];
        }
    int D = 0;
    for (int j = 0; j < s->nd; j++)
        D += s->dc[j] * q->direct[b][s->di[j]];
    int v = s->material + S * 100 / (QA * QB) + D;
    if (v > SC_EVAL_MAX - 1)
        v = SC_EVAL_MAX - 1;
    if (v < -SC_EVAL_MAX + 1)
        v = -SC_EVAL_MAX + 1;
    return v | 1;
}

static int write_atomic(const char *path, const char *what, const void *data, size_t n,
                        const char *text)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        fprintf(stderr, "nnue_train: cannot write %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    bool ok = text ? fputs(text, f) >= 0 : fwrite(data, 1, n, f) == n;
    if (fclose(f) || !ok || rename(tmp, path)) {
        fprintf(stderr, "nnue_train: cannot write %s %s: %s\n", what, path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* ----------------------------------------------------------------- data */

static sample *data;
static size_t ndata, cap_data;
static size_t nbad;
static bool table_labels = true; /* false: the tables only split the figures */

/* Some validation positions, to check the exported network in the
 * engine's own evaluation against the trainer's image of it. */
#define NCHECK 4096
static aw_position check_pos[NCHECK];
static size_t check_idx[NCHECK], ncheck;

static bool parse_sample(const char *line, aw_position *pos, double *result, int *margin,
                         int *score, const char **why, aw_error *err)
{
    char ps[128], extra[2];
    if (sscanf(line, "%127s %lf %d %d %1s", ps, result, margin, score, extra) != 4) {
        *why = "expected POSITION RESULT MARGIN SCORE";
        return false;
    }
    if (aw_position_parse(ps, pos, err)) {
        *why = err->msg;
        return false;
    }
    if (*result != 0 && *result != 0.5 && *result != 1) {
        *why = "the result is not 0, 0.5 or 1";
        return false;
    }
    if (*margin < -AW_SEEDS || *margin > AW_SEEDS) {
        *why = "the margin is out of range";
        return false;
    }
    return true;
}

static int read_file(const aw_rules *rules, const char *path, aw_tables *tables, int tseeds,
                     size_t *nexact, float **scores)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "nnue_train: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[512];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == 0 || line[len - 1] != '\n') {
            if (feof(f))
                break; /* being written: left out */
            fprintf(stderr, "nnue_train: %s:%ld: bad line (too long)\n", path, lineno);
            nbad++;
            int ch;
            while ((ch = fgetc(f)) != EOF && ch != '\n')
                ;
            continue;
        }
        aw_position p;
        double result;
        int margin, score;
        const char *why = "";
        aw_error perr;
        if (!parse_sample(line, &p, &result, &margin, &score, &why, &perr)) {
            if (nbad < 20)
                fprintf(stderr, "nnue_train: %s:%ld: bad line (%s)\n", path, lineno, why);
            nbad++;
            continue;
        }
        if (aw_position_status(rules, &p) != AW_ONGOING)
            continue;
        if (ndata == cap_data) {
            cap_data = cap_data ? cap_data * 2 : 1 << 16;
            data = realloc(data, cap_data * sizeof *data);
            *scores = realloc(*scores, cap_data * sizeof **scores);
            if (!data || !*scores) {
                fprintf(stderr, "nnue_train: out of memory\n");
                exit(1);
            }
        }
        sample *s = &data[ndata];
        memset(s, 0, sizeof *s);
        fboard fb = fb_from_position(&p);
        uint16_t idx[EV_MAX_ACTIVE];
        int16_t cnt[EV_MAX_ACTIVE];
        int phase;
        int n = eval_features(rules, &fb, idx, cnt, &phase);
        int mg = 0, eg = 0;
        for (int j = 0; j < n; j++) {
            mg += cnt[j] * eval_tuned.mg[idx[j]];
            eg += cnt[j] * eval_tuned.eg[idx[j]];
            if (idx[j] < EV_MOB_OWN) {
                int pit = idx[j] / EV_BUCKETS;
                s->c[pit] = (uint8_t)(idx[j] % EV_BUCKETS);
            } else if (s->nd < MAXD) {
                s->di[s->nd] = (uint8_t)(idx[j] - EV_MOB_OWN);
                s->dc[s->nd++] = (int8_t)cnt[j];
            }
        }
        s->linear = (int16_t)((mg * phase + eg * (AW_SEEDS - phase)) / AW_SEEDS);
        s->seeds = (uint8_t)phase;
        s->bucket = (uint8_t)bucket_of(phase);
        s->material = (int16_t)(100 * (p.score[p.side] - p.score[!p.side]));
        s->valid = (lineno / 128) % 10 == 1; /* blocks of about a game */
        s->target = (float)result;
        float sc = (float)score;
        int value;
        if (tables && table_labels && phase <= tseeds && aw_tables_probe(tables, &p, &value)) {
            int m = p.score[p.side] - p.score[!p.side] + value;
            s->target = m > 0 ? 1.0f : m < 0 ? 0.0f : 0.5f;
            /* the exact margin, as a search score (never "proven": the
             * margin is kept) */
            sc = (float)(100 * m);
            (*nexact)++;
        } else if (score >= 10000)
            sc = 1e9f;
        else if (score <= -10000)
            sc = -1e9f;
        (*scores)[ndata] = sc;
        if (s->valid && ncheck < NCHECK) {
            check_pos[ncheck] = p;
            check_idx[ncheck++] = ndata;
        }
        ndata++;
    }
    fclose(f);
    return 0;
}

/* ------------------------------------------------------------- training */

typedef struct job {
    const float *w;
    float *g;
    const size_t *order;
    size_t from, to;
    double err;
    const qnet *q;
    int mode; /* 0: gradient, 1: float error, 2: quantized error */
    bool validation;
    size_t used;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    j->err = 0;
    j->used = 0;
    if (j->mode == 0) {
        memset(j->g, 0, NPARAM * sizeof *j->g);
        for (size_t i = j->from; i < j->to; i++)
            j->err += backward(j->w, &data[j->order[i]], j->g);
        j->used = j->to - j->from;
        return NULL;
    }
    for (size_t i = j->from; i < j->to; i++) {
        const sample *s = &data[i];
        if (s->valid != j->validation || s->seeds < min_seeds)
            continue;
        double ev;
        if (j->mode == 1) {
            float acc[2][HID];
            ev = s->material + 100.0 * forward(j->w, s, acc);
        } else
            ev = qeval(j->q, s);
        double e = sigmoid(k_scale * ev) - s->target;
        j->err += e * e;
        j->used++;
    }
    return NULL;
}

static int nthreads = 2;
static float *grads[MAXT];

static double run_parallel(int mode, const float *w, const qnet *q, const size_t *order,
                           size_t from, size_t to, bool validation)
{
    job jobs[MAXT];
    pthread_t th[MAXT];
    size_t n = to - from;
    int t = n < 256 ? 1 : nthreads;
    for (int i = 0; i < t; i++) {
        jobs[i] = (job){.w = w, .g = grads[i], .order = order, .from = from + n * i / t,
                        .to = from + n * (i + 1) / t, .q = q, .mode = mode,
                        .validation = validation};
    }
    for (int i = 1; i < t; i++)
        if (pthread_create(&th[i], NULL, run_job, &jobs[i])) {
            run_job(&jobs[i]);
            th[i] = 0;
            jobs[i].mode += 100; /* ran inline */
        }
    run_job(&jobs[0]);
    double err = 0;
    size_t used = 0;
    for (int i = 1; i < t; i++) {
        if (jobs[i].mode < 100)
            pthread_join(th[i], NULL);
        else
            jobs[i].mode -= 100;
    }
    for (int i = 0; i < t; i++) {
        err += jobs[i].err;
        used += jobs[i].used;
        if (mode == 0 && i > 0)
            for (int p = 0; p < NPARAM; p++)
                grads[0][p] += grads[i][p];
    }
    return used ? err / (double)used : 0;
}

static double float_error(const float *w, bool validation)
{
    return run_parallel(1, w, NULL, NULL, 0, ndata, validation);
}

static double qnet_error(const qnet *q, bool validation)
{
    return run_parallel(2, NULL, q, NULL, 0, ndata, validation);
}

static double quant_error(const float *w, bool validation)
{
    static qnet q;
    quantize(w, &q);
    return run_parallel(2, NULL, &q, NULL, 0, ndata, validation);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static float uniform(float a) { return (float)((double)(rng() >> 11) / 9007199254740992.0 * 2 - 1) * a; }

/* Initial weights: the linear model's (see the top of the file). */
static void init_weights(float *w, int lin_units)
{
    memset(w, 0, NPARAM * sizeof *w);
    for (int h = 0; h < HID; h++) {
        w[P_FTB + h] = 0.5f;
        for (int f = 0; f < INPUTS; f++)
            w[P_FTW + f * HID + h] = uniform(0.05f);
    }
    for (int b = 0; b < NB; b++)
        for (int j = 0; j < 2 * HID; j++)
            w[P_OW + b * 2 * HID + j] = uniform(0.05f);
    double mid[NB];
    for (int b = 0; b < NB; b++) {
        int lo = 0, hi = AW_SEEDS;
        while (bucket_of(lo) < b)
            lo++;
        while (bucket_of(hi) > b)
            hi--;
        mid[b] = (lo + hi) / 2.0;
        for (int j = 0; j < NDIRECT; j++) {
            const int i = EV_MOB_OWN + j;
            w[P_D + b * NDIRECT + j] =
                (float)((eval_tuned.mg[i] * mid[b] + eval_tuned.eg[i] * (AW_SEEDS - mid[b])) /
                        AW_SEEDS / 100.0);
        }
    }
    if (!lin_units)
        return;
    /* Units 0..3: the pit terms (mg own, eg own, mg opponent, eg opponent),
     * centred and scaled to stay inside [0, 1] on the data. */
    for (int u = 0; u < 4; u++) {
        const bool eg = u & 1, opp = u >= 2;
        double lo = 1e9, hi = -1e9, sum = 0;
        for (size_t i = 0; i < ndata; i++) {
            double v = 0;
            for (int k = opp ? 6 : 0; k < (opp ? 12 : 6); k++) {
                int idx = EV_PIT + k * EV_BUCKETS + data[i].c[k];
                v += eg ? eval_tuned.eg[idx] : eval_tuned.mg[idx];
            }
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            sum += v;
        }
        const double mean = ndata ? sum / (double)ndata : 0;
        double range = fmax(hi - mean, mean - lo) / 100.0 * 2.3; /* seeds */
        if (range < 0.5)
            range = 0.5;
        for (int f = 0; f < INPUTS; f++) {
            int k = f / EV_BUCKETS;
            double v = (k >= 6) == opp ? (eg ? eval_tuned.eg[EV_PIT + f] : eval_tuned.mg[EV_PIT + f])
                                       : 0;
            w[P_FTW + f * HID + u] = (float)(v / 100.0 / range);
        }
        w[P_FTB + u] = (float)(0.5 - mean / 100.0 / range);
        for (int b = 0; b < NB; b++) {
            double coef = eg ? (AW_SEEDS - mid[b]) / AW_SEEDS : mid[b] / AW_SEEDS;
            w[P_OW + b * 2 * HID + u] = (float)(coef * range);
            w[P_OW + b * 2 * HID + HID + u] = 0;
            w[P_OB + b] -= (float)(coef * range * w[P_FTB + u]);
        }
    }
}

static void clip_weights(float *w)
{
    for (int i = 0; i < NPARAM; i++) {
        float lim = i < P_OW ? 16.0f : i < P_OB ? 500.0f : i < P_D ? 200.0f : 300.0f;
        if (w[i] > lim)
            w[i] = lim;
        if (w[i] < -lim)
            w[i] = -lim;
    }
}

static void usage(void)
{
    fprintf(stderr,
            "usage: nnue_train [options] DATA...\n"
            "  --rules R         rule set of the data (abapa)\n"
            "  --tables DIR      endgame tables: exact labels where they reach\n"
            "  --table-seeds N   use at most N seeds of the tables (all)\n"
            "  --epochs N        epochs (60)\n"
            "  --batch N         minibatch size (4096)\n"
            "  --lr X            Adam's step (0.004), --lr-decay X per epoch (0.96)\n"
            "  --lambda L        weight of the game result against the score (0.5)\n"
            "  --threads N       threads (2)\n"
            "  --seed N          random seed of the initial weights and order (1)\n"
            "  --k X             the sigmoid's scale (fitted to the linear model)\n"
            "  --no-table-labels open the tables only to report the error beyond them\n"
            "  --linear-units    start 4 hidden units as the linear model's pit terms\n"
            "  --out FILE        network file to write (build/nnue/oware.awnn)\n"
            "  --c FILE          also write the network as C (src/engine/nnue_weights.c)\n"
            "  --command TEXT    the command to name in the C file's header\n");
}

int main(int argc, char **argv)
{
    const char *out = "build/nnue/oware.awnn", *cfile = NULL, *preset = "abapa",
               *tdir = NULL, *command = NULL;
    int epochs = 60, batch = 4096, tseeds_max = 0, lin_init = 0;
    double lr = 0.004, decay = 0.96, lambda = 0.5, fixed_k = 0;
    unsigned long seed = 1;
    const char *files[256];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "--out") && more)
            out = argv[++i];
        else if (!strcmp(a, "--c") && more)
            cfile = argv[++i];
        else if (!strcmp(a, "--rules") && more)
            preset = argv[++i];
        else if (!strcmp(a, "--tables") && more)
            tdir = argv[++i];
        else if (!strcmp(a, "--table-seeds") && more)
            tseeds_max = atoi(argv[++i]);
        else if (!strcmp(a, "--epochs") && more)
            epochs = atoi(argv[++i]);
        else if (!strcmp(a, "--batch") && more)
            batch = atoi(argv[++i]);
        else if (!strcmp(a, "--lr") && more)
            lr = atof(argv[++i]);
        else if (!strcmp(a, "--lr-decay") && more)
            decay = atof(argv[++i]);
        else if (!strcmp(a, "--lambda") && more)
            lambda = atof(argv[++i]);
        else if (!strcmp(a, "--threads") && more)
            nthreads = atoi(argv[++i]);
        else if (!strcmp(a, "--seed") && more)
            seed = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(a, "--command") && more)
            command = argv[++i];
        else if (!strcmp(a, "--k") && more)
            fixed_k = atof(argv[++i]);
        else if (!strcmp(a, "--no-table-labels"))
            table_labels = false;
        else if (!strcmp(a, "--linear-units"))
            lin_init = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (a[0] == '-' || nfiles == 256) {
            fprintf(stderr, "nnue_train: unknown option or missing value: %s\n", a);
            usage();
            return 2;
        } else
            files[nfiles++] = a;
    }
    if (!nfiles || epochs < 0 || batch < 1 || lr <= 0 || decay <= 0 || lambda < 0 ||
        lambda > 1 || nthreads < 1 || nthreads > MAXT) {
        usage();
        return 2;
    }
    aw_rules rules;
    aw_error err;
    if (aw_rules_preset(preset, &rules, &err)) {
        fprintf(stderr, "nnue_train: %s\n", err.msg);
        return 2;
    }
    if (rules.family != AW_FAMILY_OWARE) {
        fprintf(stderr, "nnue_train: only the Oware family has a network\n");
        return 2;
    }
    rng_state ^= seed * 0x2545F4914F6CDD1Dull;
    signal(SIGINT, on_interrupt);
    signal(SIGTERM, on_interrupt);

    aw_tables *tables = NULL;
    int tseeds = -1;
    if (tdir) {
        tables = aw_tables_open(tdir, &rules, tseeds_max, &err);
        if (!tables) {
            fprintf(stderr, "nnue_train: tables: %s\n", err.msg);
            return 1;
        }
        tseeds = aw_tables_seeds(tables);
        fprintf(stderr, "nnue_train: tables up to %d seeds (%.0f MB)\n", tseeds,
                (double)aw_tables_bytes(tables) / 1e6);
    }

    float *scores = NULL;
    size_t nexact = 0;
    for (int i = 0; i < nfiles; i++) {
        size_t before = ndata;
        if (read_file(&rules, files[i], tables, tseeds, &nexact, &scores))
            return 1;
        fprintf(stderr, "nnue_train: %s: %zu positions\n", files[i], ndata - before);
    }
    if (tables)
        aw_tables_close(tables);
    if (nbad)
        fprintf(stderr, "nnue_train: %zu bad lines skipped\n", nbad);
    size_t nvalid = 0;
    for (size_t i = 0; i < ndata; i++)
        nvalid += data[i].valid;
    if (ndata - nvalid == 0 || nvalid == 0) {
        fprintf(stderr, "nnue_train: too few positions (%zu)\n", ndata);
        return 1;
    }
    fprintf(stderr, "nnue_train: %zu positions (%zu for validation), %zu labelled by the tables\n",
            ndata, nvalid, nexact);

    /* k: the scale that best turns the linear model into results. */
    double best_e = 1e18;
    k_scale = 0.01;
    for (double t = 0.001; t < 0.03; t *= 1.03) {
        double e = 0;
        for (size_t i = 0; i < ndata; i++) {
            if (data[i].valid)
                continue;
            double d = sigmoid(t * (data[i].material + data[i].linear)) - data[i].target;
            e += d * d;
        }
        if (e < best_e) {
            best_e = e;
            k_scale = t;
        }
    }
    if (fixed_k > 0)
        k_scale = fixed_k;
    for (size_t i = 0; i < ndata; i++) {
        double sc = scores[i];
        double opinion = sc >= 1e8 ? 1.0 : sc <= -1e8 ? 0.0 : sigmoid(k_scale * sc);
        data[i].target = (float)(lambda * data[i].target + (1 - lambda) * opinion);
    }
    free(scores);
    double lin_v = 0;
    size_t lin_n = 0;
    for (size_t i = 0; i < ndata; i++)
        if (data[i].valid) {
            double d = sigmoid(k_scale * (data[i].material + data[i].linear)) - data[i].target;
            lin_v += d * d;
            lin_n++;
        }
    lin_v /= (double)lin_n;
    double lin_far = 0;
    size_t far_n = 0;
    for (size_t i = 0; i < ndata; i++)
        if (data[i].valid && data[i].seeds > tseeds) {
            double d = sigmoid(k_scale * (data[i].material + data[i].linear)) - data[i].target;
            lin_far += d * d;
            far_n++;
        }
    lin_far = far_n ? lin_far / (double)far_n : 0;
    fprintf(stderr,
            "nnue_train: k = %.5f; the linear model's validation error %.6f (%.6f beyond the "
            "tables)\n",
            k_scale, lin_v, lin_far);

    float *w = malloc(NPARAM * sizeof *w), *best = malloc(NPARAM * sizeof *best),
          *m1 = calloc(NPARAM, sizeof *m1), *m2 = calloc(NPARAM, sizeof *m2);
    size_t *order = malloc((ndata - nvalid) * sizeof *order);
    for (int t = 0; t < nthreads; t++)
        if (!(grads[t] = malloc(NPARAM * sizeof **grads)))
            return 1;
    if (!w || !best || !m1 || !m2 || !order)
        return 1;
    init_weights(w, lin_init);
    size_t ntrain = 0;
    for (size_t i = 0; i < ndata; i++)
        if (!data[i].valid)
            order[ntrain++] = i;
    memcpy(best, w, NPARAM * sizeof *w);
    double best_v = float_error(w, true);
    int best_ep = 0;
    fprintf(stderr, "nnue_train: start: validation %.6f (quantized %.6f)\n", best_v,
            quant_error(w, true));

    const double b1 = 0.9, b2 = 0.999;
    long step = 0;
    double rate = lr;
    int ep;
    for (ep = 1; ep <= epochs && !atomic_load(&interrupted); ep++) {
        time_t t0 = time(NULL);
        for (size_t i = ntrain; i > 1; i--) {
            size_t j = rng() % i, t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        double terr = 0;
        size_t nb = 0;
        for (size_t from = 0; from < ntrain && !atomic_load(&interrupted); from += (size_t)batch) {
            size_t to = from + (size_t)batch < ntrain ? from + (size_t)batch : ntrain;
            terr += run_parallel(0, w, NULL, order, from, to, false);
            nb++;
            step++;
            const double c1 = 1 - pow(b1, (double)step), c2 = 1 - pow(b2, (double)step);
            const float inv = 1.0f / (float)(to - from);
            for (int p = 0; p < NPARAM; p++) {
                float g = grads[0][p] * inv;
                m1[p] = (float)(b1 * m1[p] + (1 - b1) * g);
                m2[p] = (float)(b2 * m2[p] + (1 - b2) * g * g);
                w[p] -= (float)(rate * (m1[p] / c1) / (sqrt(m2[p] / c2) + 1e-8));
            }
            clip_weights(w);
        }
        if (atomic_load(&interrupted))
            break;
        rate *= decay;
        double v = float_error(w, true);
        if (v < best_v) {
            best_v = v;
            best_ep = ep;
            memcpy(best, w, NPARAM * sizeof *w);
        }
        fprintf(stderr, "nnue_train: epoch %d/%d train %.6f validation %.6f%s (%lds)\n", ep, epochs,
                nb ? terr / (double)nb : 0, v, best_ep == ep ? " *" : "", (long)(time(NULL) - t0));
    }
    if (atomic_load(&interrupted))
        fprintf(stderr, "nnue_train: interrupted; exporting the best network so far (epoch %d)\n",
                best_ep);

    /* Export. */
    /* Quantized by the engine's own code (the trainer's image of the net
     * takes the same integers), written, loaded and evaluated by it. */
    static nnue_float nf;
    static nnue_net nq, loaded;
    nf.family = NN_FAMILY_OWARE;
    nf.inputs = NN_INPUTS_OWARE;
    nf.ndirect = NN_DIRECT_OWARE;
    for (int h = 0; h < HID; h++) {
        nf.ft_bias[h] = best[P_FTB + h];
        for (int f = 0; f < INPUTS; f++)
            nf.ft_w[f][h] = best[P_FTW + f * HID + h];
    }
    for (int b = 0; b < NB; b++) {
        for (int j = 0; j < 2 * HID; j++)
            nf.out_w[b][j] = best[P_OW + b * 2 * HID + j];
        nf.out_bias[b] = best[P_OB + b];
        for (int j = 0; j < NDIRECT; j++)
            nf.direct[b][j] = best[P_D + b * NDIRECT + j] * 100;
    }
    nnue_quantize(&nf, &nq);
    static qnet q;
    memcpy(q.ftb, nq.ft_bias, sizeof q.ftb);
    for (int f = 0; f < INPUTS; f++)
        memcpy(q.ftw[f], nq.ft_w[f], sizeof q.ftw[f]);
    for (int b = 0; b < NB; b++) {
        memcpy(q.ow[b], nq.out_w[b], sizeof q.ow[b]);
        q.ob[b] = nq.out_bias[b];
        memcpy(q.direct[b], nq.direct[b], sizeof q.direct[b]);
    }
    const double qv = qnet_error(&q, true);
    min_seeds = tseeds + 1;
    const double qfar = qnet_error(&q, true);
    min_seeds = 0;
    char desc[64];
    time_t now = time(NULL);
    struct tm tmv;
    gmtime_r(&now, &tmv);
    snprintf(desc, sizeof desc, "%s %04d-%02d-%02d %.2fM positions val %.4f", preset,
             tmv.tm_year + 1900, tmv.tm_mon + 1, tmv.tm_mday, (double)ndata / 1e6, qv);
    if (nnue_check(&nq, &err)) {
        fprintf(stderr, "nnue_train: %s\n", err.msg);
        return 1;
    }
    uint8_t *buf;
    size_t n;
    if (nnue_write(&nq, desc, &buf, &n)) {
        fprintf(stderr, "nnue_train: out of memory\n");
        return 1;
    }
    if (nnue_load(&loaded, buf, n, NN_FAMILY_OWARE, &err)) {
        fprintf(stderr, "nnue_train: the exported network does not load: %s\n", err.msg);
        return 1;
    }
    size_t mismatches = 0;
    for (size_t i = 0; i < ncheck; i++) {
        fboard fb = fb_from_position(&check_pos[i]);
        nnue_acc acc;
        nnue_refresh(&loaded, &fb.pits, &acc);
        int theirs = nnue_evaluate(&loaded, &acc, &rules, &fb);
        int mine = qeval(&q, &data[check_idx[i]]);
        if (theirs != mine && mismatches++ < 5)
            fprintf(stderr, "nnue_train: the engine evaluates %d where the trainer has %d\n",
                    theirs, mine);
    }
    if (mismatches) {
        fprintf(stderr, "nnue_train: %zu of %zu positions evaluated differently\n", mismatches,
                ncheck);
        return 1;
    }
    if (write_atomic(out, "network", buf, n, NULL))
        return 1;
    fprintf(stderr,
            "nnue_train: wrote %s (%zu bytes): best epoch %d, validation %.6f (quantized %.6f; "
            "linear model %.6f); beyond the tables %.6f (linear model %.6f); the engine "
            "evaluates %zu positions as the trainer\n",
            out, n, best_ep, best_v, qv, lin_v, qfar, lin_far, ncheck);
    if (cfile) {
        char how[2048];
        snprintf(how, sizeof how,
                 "Trained by tools/nnue_train.c (make nnue, docs/engine.md \"Training\n"
                 " * recipe\"): \"%s\".\n"
                 " * %zu positions of self-play (%zu held out for validation, %zu\n"
                 " * labelled by the endgame tables up to %d seeds); %d epochs run, the\n"
                 " * best %d kept; validation error %.6f (the linear model: %.6f;\n"
                 " * beyond the tables %.6f against %.6f); k = %.5f, lambda %.2f.\n"
                 " * Command: %s",
                 desc, ndata, nvalid, nexact, tseeds, ep - 1, best_ep, qv, lin_v, qfar, lin_far,
                 k_scale, lambda, command ? command : "make nnue");
        if (nnue_write_source(cfile, buf, n, how, &err)) {
            fprintf(stderr, "nnue_train: %s\n", err.msg);
            return 1;
        }
        fprintf(stderr, "nnue_train: wrote %s\n", cfile);
    }
    free(buf);
    free(w);
    free(best);
    free(m1);
    free(m2);
    free(order);
    for (int t = 0; t < nthreads; t++)
        free(grads[t]);
    free(data);
    return 0;
}
