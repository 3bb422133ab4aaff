/*
 * tune.c - fits the weights of the evaluation (src/engine/eval.c) to games,
 * and writes them as C (src/engine/eval_weights.c; with --rules relay the
 * relay game's, src/engine/eval_weights_relay.c). See docs/engine.md for
 * the recipe; `make tune` and `make tune-relay` run it end to end.
 *
 * Input: lines "POSITION RESULT MARGIN SCORE" as written by
 * `awale selfplay --record` - the position, the game's result for the side
 * to move (1, 0.5, 0), the final margin, and the search's score for the
 * side to move (hundredths of a seed; +-10000 and more for proven results).
 *
 * Model (logistic, "Texel" tuning): the probability that the side to move
 * wins is sigmoid(k * eval), eval = 100 * score difference + the weighted
 * features of eval_features(), each weight blended between its full-board
 * and empty-board value by the seeds on the board. The target of a position
 * mixes the game's result and the search's opinion (--lambda, default
 * 0.5). k is fitted first with the current weights, then every weight by
 * full-batch Adam on the mean squared error, with a little L2 pull towards
 * 0 for the rare features. Ctrl-C stops after the current epoch and still
 * writes the weights.
 *
 *   tune [--rules R] [--epochs N] [--lambda L] [--out FILE] DATA...
 */
#include "engine/engine.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sample {
    uint16_t idx[EV_MAX_ACTIVE];
    int16_t cnt[EV_MAX_ACTIVE];
    uint8_t n, phase;
    int16_t material; /* 100 * score difference, mover's view */
    float target;
} sample;

static atomic_bool interrupted;
static int nfeat = EV_FEATURES; /* RV_FEATURES for the relay game */
static bool relay;
static void on_interrupt(int sig)
{
    (void)sig;
    atomic_store(&interrupted, true);
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static double eval_of(const sample *s, const double *w)
{
    double mg = 0, eg = 0;
    for (int i = 0; i < s->n; i++) {
        mg += s->cnt[i] * w[s->idx[i]];
        eg += s->cnt[i] * w[nfeat + s->idx[i]];
    }
    return s->material + (mg * s->phase + eg * (AW_SEEDS - s->phase)) / AW_SEEDS;
}

/* Mean squared error over the training samples (every sample but each
 * tenth) or over the validation samples (each tenth). */
static double total_error(const sample *d, size_t n, const double *w, double k, bool validation)
{
    double e = 0;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        if ((i % 10 == 9) != validation)
            continue;
        double p = sigmoid(k * eval_of(&d[i], w)) - d[i].target;
        e += p * p;
        used++;
    }
    return used ? e / (double)used : 0;
}

static int write_weights(const char *path, const double *w, size_t n, double err)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "tune: cannot write %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    if (relay)
        fprintf(f, "/*\n * eval_weights_relay.c - the weights of the relay game's evaluation\n"
                   " * (layout: engine.h, RV_*), hundredths of a seed. Written by tools/tune.c\n"
                   " * (make tune-relay) from %zu positions of self-play; validation error\n"
                   " * %.6f. Do not edit by hand: rerun the recipe of docs/engine.md.\n"
                   " */\n#include \"engine.h\"\n\nconst relay_weights relay_tuned = {\n",
                n, err);
    else
        fprintf(f, "/*\n * eval_weights.c - the weights of the evaluation (layout: engine.h, EV_*),\n"
                   " * hundredths of a seed. Written by tools/tune.c (make tune) from %zu\n"
                   " * positions of self-play; validation error %.6f. Do not edit by hand:\n"
                   " * rerun the recipe of docs/engine.md.\n */\n#include \"engine.h\"\n\n"
                   "const eval_weights eval_tuned = {\n",
                n, err);
    for (int half = 0; half < 2; half++) {
        fprintf(f, "    .%s =\n        {\n", half ? "eg" : "mg");
        for (int i = 0; i < nfeat; i++) {
            if (i % 12 == 0)
                fprintf(f, "            ");
            long v = lround(w[half * nfeat + i]);
            if (v > 32000)
                v = 32000;
            if (v < -32000)
                v = -32000;
            fprintf(f, "%ld,%s", v, i % 12 == 11 || i == nfeat - 1 ? "\n" : " ");
        }
        fprintf(f, "        },\n");
    }
    fprintf(f, "};\n");
    if (fclose(f) || rename(tmp, path)) {
        fprintf(stderr, "tune: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *out = NULL, *preset = "abapa";
    int epochs = 300;
    double lambda = 0.5;
    const char *files[64];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc)
            preset = argv[++i];
        else if (strcmp(argv[i], "--epochs") == 0 && i + 1 < argc)
            epochs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--lambda") == 0 && i + 1 < argc)
            lambda = atof(argv[++i]);
        else if (argv[i][0] == '-' || nfiles == 64) {
            fprintf(stderr, "usage: tune [--rules R] [--epochs N] [--lambda L] [--out FILE] DATA...\n");
            return 2;
        } else
            files[nfiles++] = argv[i];
    }
    if (!nfiles || epochs < 0 || lambda < 0 || lambda > 1) {
        fprintf(stderr, "usage: tune [--rules R] [--epochs N] [--lambda L] [--out FILE] DATA...\n");
        return 2;
    }
    aw_rules rules;
    aw_error err;
    if (aw_rules_preset(preset, &rules, &err)) {
        fprintf(stderr, "tune: %s\n", err.msg);
        return 2;
    }
    relay = rules.family != AW_FAMILY_OWARE;
    nfeat = relay ? RV_FEATURES : EV_FEATURES;
    if (!out)
        out = relay ? "src/engine/eval_weights_relay.c" : "src/engine/eval_weights.c";

    /* Read the samples. */
    size_t n = 0, cap = 1 << 16;
    sample *d = malloc(cap * sizeof *d);
    float *score_of = malloc(cap * sizeof *score_of);
    if (!d || !score_of)
        return 1;
    for (int fi = 0; fi < nfiles; fi++) {
        FILE *f = fopen(files[fi], "r");
        if (!f) {
            fprintf(stderr, "tune: cannot open %s: %s\n", files[fi], strerror(errno));
            return 1;
        }
        char line[256], pos[128];
        double result;
        int margin, score, lineno = 0;
        while (fgets(line, sizeof line, f)) {
            lineno++;
            aw_position p;
            if (sscanf(line, "%127s %lf %d %d", pos, &result, &margin, &score) != 4 ||
                aw_position_parse(pos, &p, &err)) {
                fprintf(stderr, "tune: %s:%d: bad line\n", files[fi], lineno);
                continue;
            }
            if (aw_position_status(&rules, &p) != AW_ONGOING)
                continue;
            if (n == cap) {
                cap *= 2;
                d = realloc(d, cap * sizeof *d);
                score_of = realloc(score_of, cap * sizeof *score_of);
                if (!d || !score_of)
                    return 1;
            }
            sample *s = &d[n];
            int phase;
            if (relay) {
                s->n = (uint8_t)relay_features(&rules, &p, s->idx, s->cnt, &phase);
            } else {
                fboard fb = fb_from_position(&p);
                s->n = (uint8_t)eval_features(&rules, &fb, s->idx, s->cnt, &phase);
            }
            s->phase = (uint8_t)phase;
            s->material = (int16_t)(100 * (p.score[p.side] - p.score[!p.side]));
            s->target = (float)result;
            score_of[n] = (float)score;
            n++;
        }
        fclose(f);
    }
    if (n == 0) {
        fprintf(stderr, "tune: no positions\n");
        return 1;
    }
    fprintf(stderr, "tune: %zu positions\n", n);

    const size_t nw = 2 * (size_t)nfeat;
    double *w = calloc(nw, sizeof *w), *m1 = calloc(nw, sizeof *m1), *m2 = calloc(nw, sizeof *m2),
           *g = calloc(nw, sizeof *g), *freq = calloc(nw, sizeof *freq);
    if (!w || !m1 || !m2 || !g || !freq)
        return 1;
    for (int i = 0; i < nfeat; i++) {
        w[i] = relay ? relay_tuned.mg[i] : eval_tuned.mg[i];
        w[nfeat + i] = relay ? relay_tuned.eg[i] : eval_tuned.eg[i];
    }

    /* k: the scale that best turns the current evaluation into results. */
    /* (targets are still the game results here) */
    double k = 0.01, best_e = 1e9;
    for (double t = 0.001; t < 0.03; t *= 1.05) {
        double e = total_error(d, n, w, t, false);
        if (e < best_e) {
            best_e = e;
            k = t;
        }
    }
    fprintf(stderr, "tune: k = %.5f (error %.6f with the current weights)\n", k, best_e);
    /* Targets: the result mixed with the search's opinion. */
    for (size_t i = 0; i < n; i++) {
        double sc = score_of[i];
        double opinion = sc >= 10000 ? 1.0 : sc <= -10000 ? 0.0 : sigmoid(k * sc);
        d[i].target = (float)(lambda * d[i].target + (1 - lambda) * opinion);
    }
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < d[i].n; j++) {
            freq[d[i].idx[j]] += 1;
            freq[nfeat + d[i].idx[j]] += 1;
        }

    signal(SIGINT, on_interrupt);
    const double rate = 1.0, b1 = 0.9, b2 = 0.999, l2 = 1e-9;
    double e = total_error(d, n, w, k, false), best_v = total_error(d, n, w, k, true);
    double *best_w = malloc(nw * sizeof *best_w);
    if (!best_w)
        return 1;
    memcpy(best_w, w, nw * sizeof *w);
    fprintf(stderr, "tune: start error %.6f, validation %.6f\n", e, best_v);
    for (int ep = 1; ep <= epochs && !atomic_load(&interrupted); ep++) {
        memset(g, 0, nw * sizeof *g);
        for (size_t i = 0; i < n; i++) {
            if (i % 10 == 9)
                continue; /* validation */
            const sample *s = &d[i];
            double p = sigmoid(k * eval_of(s, w));
            double dp = 2 * (p - s->target) * p * (1 - p) * k / (double)n;
            double gm = dp * s->phase / AW_SEEDS, ge = dp * (AW_SEEDS - s->phase) / AW_SEEDS;
            for (int j = 0; j < s->n; j++) {
                g[s->idx[j]] += gm * s->cnt[j];
                g[nfeat + s->idx[j]] += ge * s->cnt[j];
            }
        }
        for (size_t i = 0; i < nw; i++) {
            if (freq[i] == 0)
                continue;
            double gi = g[i] + l2 * w[i];
            m1[i] = b1 * m1[i] + (1 - b1) * gi;
            m2[i] = b2 * m2[i] + (1 - b2) * gi * gi;
            double mh = m1[i] / (1 - pow(b1, ep)), vh = m2[i] / (1 - pow(b2, ep));
            w[i] -= rate / (1.0 + ep / 50.0) * mh / (sqrt(vh) + 1e-12);
        }
        if (ep % 10 == 0 || ep == epochs) {
            e = total_error(d, n, w, k, false);
            double v = total_error(d, n, w, k, true);
            if (v < best_v) {
                best_v = v;
                memcpy(best_w, w, nw * sizeof *w);
            }
            fprintf(stderr, "tune: epoch %d/%d error %.6f validation %.6f\n", ep, epochs, e, v);
        }
    }
    memcpy(w, best_w, nw * sizeof *w);
    free(best_w);
    e = best_v;
    if (atomic_load(&interrupted))
        fprintf(stderr, "tune: interrupted; writing the weights so far\n");
    int rc = write_weights(out, w, n, e) ? 1 : 0;
    if (!rc)
        fprintf(stderr, "tune: wrote %s (validation error %.6f)\n", out, e);
    free(d);
    free(score_of);
    free(w);
    free(m1);
    free(m2);
    free(g);
    free(freq);
    return rc;
}
