/*
 * nnue.h - the learned evaluation of the Oware family (library-internal):
 * a small network whose first layer is kept up to date as seeds move
 * (docs/engine.md, "Evaluation").
 *
 * Inputs, for each perspective (South's and North's, the same weights):
 * the 12 pits seen from that side - its own pits 0..5 in sowing order, then
 * the opponent's 0..5 - each one-hot over EV_BUCKETS counts (0..22, 23+),
 * 288 in all, of which 12 are active. The feature transformer sums their
 * int16 columns into an accumulator of NN_HIDDEN units per perspective
 * (plus a bias); a sowing changes a few pits, so a child's accumulator is
 * its parent's with those pits' old columns taken out and the new ones put
 * in. The output, one of NN_OUT_BUCKETS by the seeds on the board, is a dot
 * product of the clipped accumulators (the mover's first) in int32, plus
 * the linear model's non-pit features (mobility, captures, tempo, the
 * seeds still needed) weighted per bucket, plus the score difference.
 *
 * The weights come as the bytes of an AWNN file (format below and in
 * docs/engine.md), checked by nnue_load: the built-in net (nnue_weights.c)
 * and the EvalFile option go through the same loader.
 */
#ifndef AW_NNUE_H
#define AW_NNUE_H

#include "engine.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>

#define NN_OUT_BUCKETS 4 /* NN_HIDDEN (32): engine.h, with nnue_acc */
#define NN_QA 127 /* the clipped activation's 1.0 */
#define NN_QB 64  /* the output weights' 1.0     */
#define NN_INPUTS_OWARE (12 * EV_BUCKETS)        /* 288 */
#define NN_DIRECT_OWARE (EV_FEATURES - EV_MOB_OWN) /* 67  */
#define NN_INPUTS_RELAY (12 * RV_BUCKETS)        /* 192 */
#define NN_DIRECT_RELAY (RV_FEATURES - RV_MOVABLE_OWN)
#define NN_MAX_INPUTS NN_INPUTS_OWARE
#define NN_MAX_DIRECT NN_DIRECT_OWARE

/* The file: a 100-byte header, the weights, a checksum. */
#define NN_MAGIC "AWNN"
#define NN_VERSION 1
#define NN_HEADER_SIZE 100
#define NN_DESC_SIZE 64
enum { NN_FAMILY_OWARE = 0, NN_FAMILY_RELAY = 1 };

/* Bytes of a file of the family's dimensions. */
size_t nnue_file_size(int family);

/* A network in memory (about 37 KB; vectors are loaded unaligned). */
typedef struct nnue_net {
    alignas(16) int16_t ft_w[NN_MAX_INPUTS][NN_HIDDEN]; /* row = feature  */
    alignas(16) int16_t ft_bias[NN_HIDDEN];
    alignas(16) int16_t out_w[NN_OUT_BUCKETS][2 * NN_HIDDEN]; /* mover's, other's */
    int32_t out_bias[NN_OUT_BUCKETS];
    int16_t direct[NN_OUT_BUCKETS][NN_MAX_DIRECT];
    /* Made by nnue_prepare (not in the file): a pit that gains one seed,
     * the commonest change of a sowing, costs one row instead of two:
     * ft_up[i] = ft_w[i + 1] - ft_w[i] (in 16-bit wrapping arithmetic, as
     * the accumulators are updated: the results are exact). */
    alignas(16) int16_t ft_up[NN_MAX_INPUTS][NN_HIDDEN];
    int family, inputs, ndirect;
    char desc[NN_DESC_SIZE + 1];
} nnue_net;

/* Fill a net's derived rows (ft_up); nnue_load and nnue_quantize do it, a
 * net filled by other means needs it before nnue_update. */
void nnue_prepare(nnue_net *net);


/* Check the bytes of an AWNN file and read them into *net, for a network
 * of `family` (NN_FAMILY_*; -1: either). 0, or -1 with a message naming
 * the problem (the file's size, magic, version, family, dimensions,
 * checksum, or weights whose sums could overflow). *net is written only
 * on success. */
int nnue_load(nnue_net *net, const uint8_t *data, size_t size, int family, aw_error *err);

/* The same from a file (at most a few hundred KB are read). */
int nnue_load_file(nnue_net *net, const char *path, int family, aw_error *err);

/* The network in float, as the trainer holds it (the units of the spec:
 * ft in 1.0 = one activation, out in seeds, direct in hundredths). */
typedef struct nnue_float {
    int family, inputs, ndirect;
    float ft_w[NN_MAX_INPUTS][NN_HIDDEN];
    float ft_bias[NN_HIDDEN];
    float out_w[NN_OUT_BUCKETS][2 * NN_HIDDEN];
    float out_bias[NN_OUT_BUCKETS];
    float direct[NN_OUT_BUCKETS][NN_MAX_DIRECT];
} nnue_float;

/* Quantize a float net: ft = round(w * QA), out_w = round(w * QB),
 * out_bias = round(b * QA * QB), direct = round(d), each saturated to its
 * type. The caller should check the result with nnue_check (the sums). */
void nnue_quantize(const nnue_float *f, nnue_net *q);

/* The AWNN bytes of a quantized net (description: NULL or up to 64 bytes
 * of UTF-8, cut there), checksum included. *out: malloc'd, *size its
 * length. 0, or -1 out of memory. */
int nnue_write(const nnue_net *net, const char *description, uint8_t **out, size_t *size);

/* Write the bytes of a built-in net as C source (src/engine/nnue_weights.c:
 * nnue_builtin_oware and its size), `comment` a line of its header
 * comment; atomically (a temporary file renamed). 0, or -1 with a
 * message. */
int nnue_write_source(const char *path, const uint8_t *bytes, size_t size, const char *comment,
                      aw_error *err);

/* Whether the accumulator cannot overflow int16: for every hidden unit,
 * |bias| + the sum over the 12 pits of the largest |weight| among the
 * pit's buckets is at most 32767. 0, or -1 with a message. */
int nnue_check(const nnue_net *net, aw_error *err);

/* The FNV-1a 32-bit hash the file ends with. */
uint32_t nnue_fnv1a(const uint8_t *data, size_t size);

/* The built-in Oware net (nnue_weights.c), loaded at the first call
 * (thread-safe); NULL if its bytes do not load (a build error the unit
 * tests catch). */
const nnue_net *nnue_builtin(void);
/* Whether Eval=nnue plays the network under these rules: the Oware rule
 * sets without a no-capture limit. The network's inputs do not hold the
 * no-capture counter, and where a limit ends games (seven-turns,
 * grand-slam) its values, learned from abapa, mislead it (two of the
 * proven positions of tests/data/bestmoves.txt); there Eval=nnue plays
 * the linear model, which does not count on the counter either but was
 * measured sound there. */
static inline bool nnue_suits(const aw_rules *r)
{
    return r->family == AW_FAMILY_OWARE && r->no_capture == 0;
}
extern const unsigned char nnue_builtin_oware[];
extern const size_t nnue_builtin_oware_size;

/* The accumulators of *pits from scratch. */
void nnue_refresh(const nnue_net *net, const fb_pits *pits, nnue_acc *acc);
/* A child's accumulators from its parent's, by the pits that changed. */
void nnue_update(const nnue_net *net, const nnue_acc *parent, const fb_pits *from,
                 const fb_pits *to, nnue_acc *child);
/* The evaluation of *f (whose accumulators are *acc), as eval_oware:
 * hundredths of a seed from the mover's view, odd, within +-SC_EVAL_MAX. */
int nnue_evaluate(const nnue_net *net, const nnue_acc *acc, const aw_rules *r, const fboard *f);
/* The network's output S (int32, scaled by QA * QB) for bucket b and the
 * mover `stm` (for tests: the plain C reference path and the vector one). */
int32_t nnue_output(const nnue_net *net, const nnue_acc *acc, int stm, int b);
int32_t nnue_output_c(const nnue_net *net, const nnue_acc *acc, int stm, int b);
void nnue_update_c(const nnue_net *net, const nnue_acc *parent, const fb_pits *from,
                   const fb_pits *to, nnue_acc *child);
/* The output bucket of a position with `seeds` on the board. */
static inline int nnue_bucket(int seeds) { return seeds * NN_OUT_BUCKETS / 49; }

#endif
