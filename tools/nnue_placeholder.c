/*
 * nnue_placeholder.c - writes the placeholder built-in network
 * (src/engine/nnue_weights.c) that stands until a trained one is exported
 * by `make nnue`: a hidden layer of zeros, and as direct terms the linear
 * model's non-pit weights (eval_weights.c) blended for the middle of each
 * output bucket's seed range. It evaluates as the linear model without
 * its pit terms.
 *
 *   nnue_placeholder SOURCE.c [FILE.awnn]
 */
#include "engine/nnue.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: nnue_placeholder SOURCE.c [FILE.awnn]\n");
        return 2;
    }
    static nnue_float f;
    f.family = NN_FAMILY_OWARE;
    f.inputs = NN_INPUTS_OWARE;
    f.ndirect = NN_DIRECT_OWARE;
    for (int b = 0; b < NN_OUT_BUCKETS; b++) {
        /* The seeds s with s * 4 / 49 == b, and their middle. */
        int lo = 0, hi = 48;
        while (nnue_bucket(lo) < b)
            lo++;
        while (nnue_bucket(hi) > b)
            hi--;
        const double s = (lo + hi) / 2.0;
        for (int k = 0; k < NN_DIRECT_OWARE; k++) {
            const int i = EV_MOB_OWN + k;
            f.direct[b][k] = (float)((eval_tuned.mg[i] * s + eval_tuned.eg[i] * (AW_SEEDS - s)) /
                                     AW_SEEDS);
        }
    }
    static nnue_net q;
    nnue_quantize(&f, &q);
    aw_error err;
    if (nnue_check(&q, &err)) {
        fprintf(stderr, "nnue_placeholder: %s\n", err.msg);
        return 1;
    }
    uint8_t *bytes;
    size_t n;
    if (nnue_write(&q, "placeholder: linear direct terms, no hidden layer", &bytes, &n)) {
        fprintf(stderr, "nnue_placeholder: out of memory\n");
        return 1;
    }
    int rc = 0;
    if (nnue_write_source(argv[1], bytes, n,
                          "Placeholder (tools/nnue_placeholder.c): no hidden layer, the linear\n"
                          " * model's non-pit weights as direct terms; `make nnue` replaces it.",
                          &err)) {
        fprintf(stderr, "nnue_placeholder: %s\n", err.msg);
        rc = 1;
    }
    if (!rc && argc == 3) {
        FILE *fp = fopen(argv[2], "wb");
        if (!fp || fwrite(bytes, 1, n, fp) != n || fclose(fp)) {
            fprintf(stderr, "nnue_placeholder: cannot write %s\n", argv[2]);
            rc = 1;
        }
    }
    free(bytes);
    return rc;
}
