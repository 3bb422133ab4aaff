/*
 * nnue.c - the learned evaluation: the AWNN file's loader and writer, the
 * accumulators (from scratch and from a parent's), the output
 * (docs/engine.md, "Evaluation"; layout in nnue.h).
 *
 * Vector paths: AVX2 when the compiler enables it (-mavx2), else SSE2 (every
 * x86-64, and WebAssembly through src/wasm/include/emmintrin.h), else plain
 * C; the plain C functions stay compiled so that the unit tests compare
 * the two. Nothing in the refresh, the update or the output allocates,
 * locks or does I/O.
 */
#include "nnue.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__AVX2__)
#include <immintrin.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* ------------------------------------------------------------ the file */

static size_t body_size(int inputs, int ndirect)
{
    return (size_t)NN_HIDDEN * 2 + (size_t)inputs * NN_HIDDEN * 2 +
           (size_t)NN_OUT_BUCKETS * 2 * NN_HIDDEN * 2 + (size_t)NN_OUT_BUCKETS * 4 +
           (size_t)NN_OUT_BUCKETS * (size_t)ndirect * 2;
}

static int family_inputs(int family) { return family ? NN_INPUTS_RELAY : NN_INPUTS_OWARE; }
static int family_direct(int family) { return family ? NN_DIRECT_RELAY : NN_DIRECT_OWARE; }
static const char *family_name(int family) { return family ? "the relay game" : "the Oware family"; }

size_t nnue_file_size(int family)
{
    return NN_HEADER_SIZE + body_size(family_inputs(family), family_direct(family)) + 4;
}

uint32_t nnue_fnv1a(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 16777619u;
    }
    return h;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static int16_t get16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }
static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static void put16(uint8_t *p, int16_t v)
{
    p[0] = (uint8_t)((uint16_t)v & 0xFF);
    p[1] = (uint8_t)((uint16_t)v >> 8);
}

int nnue_check(const nnue_net *net, aw_error *err)
{
    const int buckets = net->inputs / 12;
    for (int h = 0; h < NN_HIDDEN; h++) {
        long sum = labs((long)net->ft_bias[h]);
        for (int pit = 0; pit < 12; pit++) {
            long most = 0;
            for (int b = 0; b < buckets; b++) {
                const long a = labs((long)net->ft_w[pit * buckets + b][h]);
                most = a > most ? a : most;
            }
            sum += most;
        }
        if (sum > 32767)
            return aw_fail(err,
                           "network weights could overflow the accumulator (hidden unit %d "
                           "reaches %ld, more than 32767)",
                           h, sum);
    }
    return 0;
}

int nnue_load(nnue_net *net, const uint8_t *data, size_t size, int family, aw_error *err)
{
    if (size < NN_HEADER_SIZE + 4)
        return aw_fail(err, "network file too short (%zu bytes; the header alone is %d)", size,
                       NN_HEADER_SIZE);
    if (memcmp(data, NN_MAGIC, 4) != 0)
        return aw_fail(err, "not a network file (no AWNN magic at its start)");
    const uint32_t version = get32(data + 4);
    if (version != NN_VERSION)
        return aw_fail(err, "network file version %u, this awale reads version %d", version,
                       NN_VERSION);
    const uint32_t fam = get32(data + 8);
    if (fam > 1)
        return aw_fail(err, "network file of unknown family %u (0 Oware, 1 relay)", fam);
    if (family >= 0 && (int)fam != family)
        return aw_fail(err, "network file is for %s, the rules need one for %s",
                       family_name((int)fam), family_name(family));
    const struct {
        const char *what;
        uint32_t want;
    } dims[] = {
        {"inputs per perspective", (uint32_t)family_inputs((int)fam)},
        {"hidden units", NN_HIDDEN},
        {"output buckets", NN_OUT_BUCKETS},
        {"direct features", (uint32_t)family_direct((int)fam)},
        {"QA", NN_QA},
        {"QB", NN_QB},
    };
    for (int i = 0; i < 6; i++) {
        const uint32_t got = get32(data + 12 + 4 * i);
        if (got != dims[i].want)
            return aw_fail(err, "network file has %u %s, this awale uses %u", got, dims[i].what,
                           dims[i].want);
    }
    const int inputs = family_inputs((int)fam), ndirect = family_direct((int)fam);
    const size_t want = NN_HEADER_SIZE + body_size(inputs, ndirect) + 4;
    if (size < want)
        return aw_fail(err, "network file truncated: %zu bytes, its header needs %zu", size, want);
    if (size > want)
        return aw_fail(err, "network file too long: %zu bytes, its header needs %zu", size, want);
    const uint32_t sum = get32(data + want - 4), actual = nnue_fnv1a(data, want - 4);
    if (sum != actual)
        return aw_fail(err, "network file checksum mismatch (0x%08x, the bytes give 0x%08x): "
                            "the file is damaged",
                       sum, actual);
    /* Read into a scratch copy: *net changes only when all is well. */
    nnue_net *n = calloc(1, sizeof *n);
    if (!n)
        return aw_fail(err, "out of memory");
    n->family = (int)fam;
    n->inputs = inputs;
    n->ndirect = ndirect;
    memcpy(n->desc, data + 36, NN_DESC_SIZE);
    n->desc[NN_DESC_SIZE] = 0;
    const uint8_t *p = data + NN_HEADER_SIZE;
    for (int h = 0; h < NN_HIDDEN; h++, p += 2)
        n->ft_bias[h] = get16(p);
    for (int i = 0; i < inputs; i++)
        for (int h = 0; h < NN_HIDDEN; h++, p += 2)
            n->ft_w[i][h] = get16(p);
    for (int b = 0; b < NN_OUT_BUCKETS; b++)
        for (int j = 0; j < 2 * NN_HIDDEN; j++, p += 2)
            n->out_w[b][j] = get16(p);
    for (int b = 0; b < NN_OUT_BUCKETS; b++, p += 4)
        n->out_bias[b] = (int32_t)get32(p);
    for (int b = 0; b < NN_OUT_BUCKETS; b++)
        for (int k = 0; k < ndirect; k++, p += 2)
            n->direct[b][k] = get16(p);
    /* The output's int32 sum cannot overflow: each product is at most
     * 127 x 32768 and there are 64 of them, plus a bias that is checked
     * here to leave room. */
    for (int b = 0; b < NN_OUT_BUCKETS; b++)
        if (n->out_bias[b] > (1 << 30) || n->out_bias[b] < -(1 << 30)) {
            const int32_t bias = n->out_bias[b];
            free(n);
            return aw_fail(err, "network output bias %d of bucket %d is out of range", bias, b);
        }
    if (nnue_check(n, err)) {
        free(n);
        return -1;
    }
    nnue_prepare(n);
    *net = *n;
    free(n);
    return 0;
}

#define NN_MAX_FILE (1 << 20)

int nnue_load_file(nnue_net *net, const char *path, int family, aw_error *err)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return aw_fail(err, "cannot open network file %s: %s", path, strerror(errno));
    uint8_t *buf = malloc(NN_MAX_FILE + 1);
    if (!buf) {
        fclose(fp);
        return aw_fail(err, "out of memory");
    }
    const size_t n = fread(buf, 1, NN_MAX_FILE + 1, fp);
    const bool bad = ferror(fp);
    fclose(fp);
    int rc;
    if (bad)
        rc = aw_fail(err, "cannot read network file %s", path);
    else if (n > NN_MAX_FILE)
        rc = aw_fail(err, "network file %s too long (more than %d bytes)", path, NN_MAX_FILE);
    else
        rc = nnue_load(net, buf, n, family, err);
    free(buf);
    return rc;
}

static int16_t sat16(double v)
{
    const double r = v < 0 ? v - 0.5 : v + 0.5;
    return r >= 32767 ? 32767 : r <= -32768 ? -32768 : (int16_t)r;
}
static int32_t sat32(double v)
{
    const double r = v < 0 ? v - 0.5 : v + 0.5;
    return r >= 1073741824.0 ? (1 << 30) : r <= -1073741824.0 ? -(1 << 30) : (int32_t)r;
}

void nnue_prepare(nnue_net *net)
{
    for (int i = 0; i + 1 < NN_MAX_INPUTS; i++)
        for (int h = 0; h < NN_HIDDEN; h++)
            net->ft_up[i][h] = (int16_t)(uint16_t)((uint16_t)net->ft_w[i + 1][h] -
                                                   (uint16_t)net->ft_w[i][h]);
    memset(net->ft_up[NN_MAX_INPUTS - 1], 0, sizeof net->ft_up[0]);
}

void nnue_quantize(const nnue_float *f, nnue_net *q)
{
    memset(q, 0, sizeof *q);
    q->family = f->family;
    q->inputs = f->inputs;
    q->ndirect = f->ndirect;
    for (int h = 0; h < NN_HIDDEN; h++)
        q->ft_bias[h] = sat16((double)f->ft_bias[h] * NN_QA);
    for (int i = 0; i < f->inputs && i < NN_MAX_INPUTS; i++)
        for (int h = 0; h < NN_HIDDEN; h++)
            q->ft_w[i][h] = sat16((double)f->ft_w[i][h] * NN_QA);
    for (int b = 0; b < NN_OUT_BUCKETS; b++) {
        for (int j = 0; j < 2 * NN_HIDDEN; j++)
            q->out_w[b][j] = sat16((double)f->out_w[b][j] * NN_QB);
        q->out_bias[b] = sat32((double)f->out_bias[b] * NN_QA * NN_QB);
        for (int k = 0; k < f->ndirect && k < NN_MAX_DIRECT; k++)
            q->direct[b][k] = sat16((double)f->direct[b][k]);
    }
    nnue_prepare(q);
}

int nnue_write(const nnue_net *net, const char *description, uint8_t **out, size_t *size)
{
    const int inputs = family_inputs(net->family), ndirect = family_direct(net->family);
    const size_t n = NN_HEADER_SIZE + body_size(inputs, ndirect) + 4;
    uint8_t *b = calloc(1, n);
    if (!b)
        return -1;
    memcpy(b, NN_MAGIC, 4);
    const uint32_t head[8] = {NN_VERSION,     (uint32_t)net->family, (uint32_t)inputs,
                              NN_HIDDEN,      NN_OUT_BUCKETS,        (uint32_t)ndirect,
                              NN_QA,          NN_QB};
    for (int i = 0; i < 8; i++)
        put32(b + 4 + 4 * i, head[i]);
    if (description) {
        size_t len = strlen(description);
        if (len > NN_DESC_SIZE) {
            len = NN_DESC_SIZE;
            while (len > 0 && ((uint8_t)description[len] & 0xC0) == 0x80)
                len--; /* not in the middle of a character */
        }
        memcpy(b + 36, description, len);
    }
    uint8_t *p = b + NN_HEADER_SIZE;
    for (int h = 0; h < NN_HIDDEN; h++, p += 2)
        put16(p, net->ft_bias[h]);
    for (int i = 0; i < inputs; i++)
        for (int h = 0; h < NN_HIDDEN; h++, p += 2)
            put16(p, net->ft_w[i][h]);
    for (int k = 0; k < NN_OUT_BUCKETS; k++)
        for (int j = 0; j < 2 * NN_HIDDEN; j++, p += 2)
            put16(p, net->out_w[k][j]);
    for (int k = 0; k < NN_OUT_BUCKETS; k++, p += 4)
        put32(p, (uint32_t)net->out_bias[k]);
    for (int k = 0; k < NN_OUT_BUCKETS; k++)
        for (int j = 0; j < ndirect; j++, p += 2)
            put16(p, net->direct[k][j]);
    put32(p, nnue_fnv1a(b, n - 4));
    *out = b;
    *size = n;
    return 0;
}

int nnue_write_source(const char *path, const uint8_t *bytes, size_t size, const char *comment,
                      aw_error *err)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp)
        return aw_fail(err, "path too long: %s", path);
    FILE *fp = fopen(tmp, "w");
    if (!fp)
        return aw_fail(err, "cannot write %s: %s", tmp, strerror(errno));
    fprintf(fp,
            "/*\n * nnue_weights.c - the built-in network of the Oware family: the bytes of\n"
            " * an AWNN file (format: src/engine/nnue.h, docs/engine.md \"Evaluation\"),\n"
            " * read through the same checked loader as the EvalFile option.\n"
            " * %s\n * Do not edit by hand.\n */\n#include \"nnue.h\"\n\n"
            "const unsigned char nnue_builtin_oware[] = {\n",
            comment ? comment : "");
    for (size_t i = 0; i < size; i++)
        fprintf(fp, "%s0x%02x,%s", i % 16 ? " " : "    ", bytes[i],
                i % 16 == 15 || i + 1 == size ? "\n" : "");
    fprintf(fp, "};\nconst size_t nnue_builtin_oware_size = sizeof nnue_builtin_oware;\n");
    const bool bad = ferror(fp) != 0;
    if (fclose(fp) != 0 || bad) {
        remove(tmp);
        return aw_fail(err, "cannot write %s", tmp);
    }
    if (rename(tmp, path) != 0) {
        remove(tmp);
        return aw_fail(err, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    }
    return 0;
}

/* ------------------------------------------------------- the built-in net */

static nnue_net builtin_net;
static bool builtin_ok;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void builtin_load(void)
{
    builtin_ok = nnue_load(&builtin_net, nnue_builtin_oware, nnue_builtin_oware_size,
                           NN_FAMILY_OWARE, NULL) == 0;
}

const nnue_net *nnue_builtin(void)
{
    pthread_once(&builtin_once, builtin_load);
    return builtin_ok ? &builtin_net : NULL;
}

/* ------------------------------------------------------- the accumulators */

/* Row of pit byte j's first bucket, from South's view and from North's. */
static inline int row_south(int j) { return FB_PIT(j) * EV_BUCKETS; }
static inline int row_north(int j) { return ((FB_PIT(j) + 6) % 12) * EV_BUCKETS; }
#if defined(__SSE2__) /* the vector updates' table of the same rows */
#define R(p) ((p) * EV_BUCKETS)
static const int16_t row_of[2][16] = {
    {R(0), R(1), R(2), R(3), R(4), R(5), 0, 0, R(6), R(7), R(8), R(9), R(10), R(11), 0, 0},
    {R(6), R(7), R(8), R(9), R(10), R(11), 0, 0, R(0), R(1), R(2), R(3), R(4), R(5), 0, 0},
};
#undef R
#endif
static inline int bucket_of(int c) { return c < EV_BUCKETS - 1 ? c : EV_BUCKETS - 1; }

void nnue_refresh(const nnue_net *net, const fb_pits *pits, nnue_acc *acc)
{
    int32_t s[2][NN_HIDDEN];
    for (int h = 0; h < NN_HIDDEN; h++)
        s[0][h] = s[1][h] = net->ft_bias[h];
    for (int i = 0; i < 12; i++) {
        const int j = FB_BYTE(i), b = bucket_of(pits->b[j]);
        const int16_t *ws = net->ft_w[row_south(j) + b], *wn = net->ft_w[row_north(j) + b];
        for (int h = 0; h < NN_HIDDEN; h++) {
            s[0][h] += ws[h];
            s[1][h] += wn[h];
        }
    }
    for (int h = 0; h < NN_HIDDEN; h++) {
        acc->v[0][h] = (int16_t)s[0][h];
        acc->v[1][h] = (int16_t)s[1][h];
    }
}

/* The bytes (pits) whose bucket differs between two boards. */
static inline unsigned changed_pits(const fb_pits *a, const fb_pits *b)
{
#if defined(__SSE2__)
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a->v, b->v)) & 0x3F3Fu;
#else
    unsigned m = 0;
    for (int j = 0; j < 16; j++)
        m |= (unsigned)(a->b[j] != b->b[j]) << j;
    return m & 0x3F3Fu;
#endif
}

void nnue_update_c(const nnue_net *net, const nnue_acc *parent, const fb_pits *from,
                   const fb_pits *to, nnue_acc *child)
{
    int32_t s[2][NN_HIDDEN];
    for (int h = 0; h < NN_HIDDEN; h++) {
        s[0][h] = parent->v[0][h];
        s[1][h] = parent->v[1][h];
    }
    unsigned m = changed_pits(from, to);
    while (m) {
        const int j = __builtin_ctz(m);
        m &= m - 1;
        const int o = bucket_of(from->b[j]), n = bucket_of(to->b[j]);
        if (o == n)
            continue;
        const int16_t *so = net->ft_w[row_south(j) + o], *sn = net->ft_w[row_south(j) + n];
        const int16_t *no = net->ft_w[row_north(j) + o], *nn = net->ft_w[row_north(j) + n];
        for (int h = 0; h < NN_HIDDEN; h++) {
            s[0][h] += sn[h] - so[h];
            s[1][h] += nn[h] - no[h];
        }
    }
    for (int h = 0; h < NN_HIDDEN; h++) {
        child->v[0][h] = (int16_t)s[0][h];
        child->v[1][h] = (int16_t)s[1][h];
    }
}

void nnue_update(const nnue_net *net, const nnue_acc *parent, const fb_pits *from,
                 const fb_pits *to, nnue_acc *child)
{
#if defined(__AVX2__)
    __m256i a0 = _mm256_loadu_si256((const __m256i *)&parent->v[0][0]);
    __m256i a1 = _mm256_loadu_si256((const __m256i *)&parent->v[0][16]);
    __m256i b0 = _mm256_loadu_si256((const __m256i *)&parent->v[1][0]);
    __m256i b1 = _mm256_loadu_si256((const __m256i *)&parent->v[1][16]);
    unsigned m = changed_pits(from, to);
    while (m) {
        const int j = __builtin_ctz(m);
        m &= m - 1;
        const int o = bucket_of(from->b[j]), n = bucket_of(to->b[j]);
        if (o == n)
            continue;
        if (n == o + 1) {
            const __m256i *us = (const __m256i *)net->ft_up[row_of[0][j] + o];
            const __m256i *un = (const __m256i *)net->ft_up[row_of[1][j] + o];
            a0 = _mm256_add_epi16(a0, _mm256_loadu_si256(us));
            a1 = _mm256_add_epi16(a1, _mm256_loadu_si256(us + 1));
            b0 = _mm256_add_epi16(b0, _mm256_loadu_si256(un));
            b1 = _mm256_add_epi16(b1, _mm256_loadu_si256(un + 1));
            continue;
        }
        const __m256i *so = (const __m256i *)net->ft_w[row_of[0][j] + o];
        const __m256i *sn = (const __m256i *)net->ft_w[row_of[0][j] + n];
        const __m256i *no = (const __m256i *)net->ft_w[row_of[1][j] + o];
        const __m256i *nn = (const __m256i *)net->ft_w[row_of[1][j] + n];
        a0 = _mm256_add_epi16(a0, _mm256_sub_epi16(_mm256_loadu_si256(sn), _mm256_loadu_si256(so)));
        a1 = _mm256_add_epi16(a1,
                              _mm256_sub_epi16(_mm256_loadu_si256(sn + 1), _mm256_loadu_si256(so + 1)));
        b0 = _mm256_add_epi16(b0, _mm256_sub_epi16(_mm256_loadu_si256(nn), _mm256_loadu_si256(no)));
        b1 = _mm256_add_epi16(b1,
                              _mm256_sub_epi16(_mm256_loadu_si256(nn + 1), _mm256_loadu_si256(no + 1)));
    }
    _mm256_storeu_si256((__m256i *)&child->v[0][0], a0);
    _mm256_storeu_si256((__m256i *)&child->v[0][16], a1);
    _mm256_storeu_si256((__m256i *)&child->v[1][0], b0);
    _mm256_storeu_si256((__m256i *)&child->v[1][16], b1);
#elif defined(__SSE2__)
#define LD(p) _mm_loadu_si128((const __m128i *)(p))
    __m128i a0 = LD(&parent->v[0][0]), a1 = LD(&parent->v[0][8]);
    __m128i a2 = LD(&parent->v[0][16]), a3 = LD(&parent->v[0][24]);
    __m128i c0 = LD(&parent->v[1][0]), c1 = LD(&parent->v[1][8]);
    __m128i c2 = LD(&parent->v[1][16]), c3 = LD(&parent->v[1][24]);
    unsigned m = changed_pits(from, to);
    while (m) {
        const int j = __builtin_ctz(m);
        m &= m - 1;
        const int o = bucket_of(from->b[j]), n = bucket_of(to->b[j]);
        if (o == n)
            continue;
        const int rs = row_of[0][j], rn = row_of[1][j];
        if (n == o + 1) {
            const int16_t *us = net->ft_up[rs + o], *un = net->ft_up[rn + o];
            a0 = _mm_add_epi16(a0, LD(us));
            a1 = _mm_add_epi16(a1, LD(us + 8));
            a2 = _mm_add_epi16(a2, LD(us + 16));
            a3 = _mm_add_epi16(a3, LD(us + 24));
            c0 = _mm_add_epi16(c0, LD(un));
            c1 = _mm_add_epi16(c1, LD(un + 8));
            c2 = _mm_add_epi16(c2, LD(un + 16));
            c3 = _mm_add_epi16(c3, LD(un + 24));
            continue;
        }
        const int16_t *so = net->ft_w[rs + o], *sn = net->ft_w[rs + n];
        const int16_t *no = net->ft_w[rn + o], *nn = net->ft_w[rn + n];
        a0 = _mm_add_epi16(a0, _mm_sub_epi16(LD(sn), LD(so)));
        a1 = _mm_add_epi16(a1, _mm_sub_epi16(LD(sn + 8), LD(so + 8)));
        a2 = _mm_add_epi16(a2, _mm_sub_epi16(LD(sn + 16), LD(so + 16)));
        a3 = _mm_add_epi16(a3, _mm_sub_epi16(LD(sn + 24), LD(so + 24)));
        c0 = _mm_add_epi16(c0, _mm_sub_epi16(LD(nn), LD(no)));
        c1 = _mm_add_epi16(c1, _mm_sub_epi16(LD(nn + 8), LD(no + 8)));
        c2 = _mm_add_epi16(c2, _mm_sub_epi16(LD(nn + 16), LD(no + 16)));
        c3 = _mm_add_epi16(c3, _mm_sub_epi16(LD(nn + 24), LD(no + 24)));
    }
#undef LD
    _mm_storeu_si128((__m128i *)&child->v[0][0], a0);
    _mm_storeu_si128((__m128i *)&child->v[0][8], a1);
    _mm_storeu_si128((__m128i *)&child->v[0][16], a2);
    _mm_storeu_si128((__m128i *)&child->v[0][24], a3);
    _mm_storeu_si128((__m128i *)&child->v[1][0], c0);
    _mm_storeu_si128((__m128i *)&child->v[1][8], c1);
    _mm_storeu_si128((__m128i *)&child->v[1][16], c2);
    _mm_storeu_si128((__m128i *)&child->v[1][24], c3);
#else
    nnue_update_c(net, parent, from, to, child);
#endif
}

/* ----------------------------------------------------------- the output */

int32_t nnue_output_c(const nnue_net *net, const nnue_acc *acc, int stm, int b)
{
    int32_t s = net->out_bias[b];
    const int16_t *w = net->out_w[b];
    for (int p = 0; p < 2; p++) {
        const int16_t *a = acc->v[p ? !stm : stm];
        for (int h = 0; h < NN_HIDDEN; h++) {
            const int x = a[h] < 0 ? 0 : a[h] > NN_QA ? NN_QA : a[h];
            s += x * w[p * NN_HIDDEN + h];
        }
    }
    return s;
}

int32_t nnue_output(const nnue_net *net, const nnue_acc *acc, int stm, int b)
{
#if defined(__AVX2__)
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NN_QA);
    __m256i sum = _mm256_setzero_si256();
    const __m256i *w = (const __m256i *)net->out_w[b];
    for (int p = 0; p < 2; p++) {
        const __m256i *a = (const __m256i *)acc->v[p ? !stm : stm];
        for (int k = 0; k < 2; k++) {
            const __m256i x = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(a + k), zero), qa);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(x, _mm256_loadu_si256(w + 2 * p + k)));
        }
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    int32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, s);
    return net->out_bias[b] + lanes[0] + lanes[1] + lanes[2] + lanes[3];
#elif defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), qa = _mm_set1_epi16(NN_QA);
    __m128i sum = _mm_setzero_si128();
    const int16_t *w = net->out_w[b];
    for (int p = 0; p < 2; p++) {
        const int16_t *a = acc->v[p ? !stm : stm];
        for (int k = 0; k < 4; k++) {
            const __m128i x =
                _mm_min_epi16(_mm_max_epi16(_mm_loadu_si128((const __m128i *)(a + 8 * k)), zero), qa);
            sum = _mm_add_epi32(
                sum, _mm_madd_epi16(x, _mm_loadu_si128((const __m128i *)(w + p * NN_HIDDEN + 8 * k))));
        }
    }
    int32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, sum);
    return net->out_bias[b] + lanes[0] + lanes[1] + lanes[2] + lanes[3];
#else
    return nnue_output_c(net, acc, stm, b);
#endif
}

int nnue_evaluate(const nnue_net *net, const nnue_acc *acc, const aw_rules *r, const fboard *f)
{
    const int me = f->side;
    int sums[2];
    fb_row_sums(&f->pits, sums);
    const int b = nnue_bucket(sums[0] + sums[1]);
    const int32_t s = nnue_output(net, acc, me, b);
    int v = 100 * (f->score[me] - f->score[!me]);
    v += (int)((int64_t)s * 100 / (NN_QA * NN_QB));
    v += eval_direct_sum(r, f, net->direct[b]);
    if (v > SC_EVAL_MAX - 1)
        v = SC_EVAL_MAX - 1;
    if (v < -SC_EVAL_MAX + 1)
        v = -SC_EVAL_MAX + 1;
    return v | 1;
}
