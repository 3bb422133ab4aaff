/*
 * test_nnue.c - the learned evaluation (src/engine/nnue.c): the AWNN file
 * written and read back byte for byte, every kind of bad file refused with
 * its own message (the net loaded before kept), the incremental update equal
 * to a refresh along random games of every Oware rule set, the vector paths
 * equal to the plain C ones, the evaluation equal to a plain reference
 * written here from the spec's formula (features from eval_features), the
 * same for a position and its mirror image, and searches with Eval=nnue and
 * Eval=linear; the Eval and EvalFile options.
 */
#include "support.h"

#include "engine/nnue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const oware[] = {"abapa", "seven-turns", "grand-slam", "two-seeds"};
#define NOWARE 4

static int rnd(uint64_t *s, int lo, int hi)
{
    return lo + (int)(t_rand(s) % (uint64_t)(hi - lo + 1));
}

/* A random net whose accumulators straddle the clipping range. */
static void random_net(nnue_net *n, uint64_t seed)
{
    memset(n, 0, sizeof *n);
    n->family = NN_FAMILY_OWARE;
    n->inputs = NN_INPUTS_OWARE;
    n->ndirect = NN_DIRECT_OWARE;
    uint64_t s = seed;
    for (int h = 0; h < NN_HIDDEN; h++)
        n->ft_bias[h] = (int16_t)rnd(&s, -100, 150);
    for (int i = 0; i < NN_INPUTS_OWARE; i++)
        for (int h = 0; h < NN_HIDDEN; h++)
            n->ft_w[i][h] = (int16_t)rnd(&s, -40, 40);
    for (int b = 0; b < NN_OUT_BUCKETS; b++) {
        for (int j = 0; j < 2 * NN_HIDDEN; j++)
            n->out_w[b][j] = (int16_t)rnd(&s, -3000, 3000);
        n->out_bias[b] = rnd(&s, -200000, 200000);
        for (int k = 0; k < NN_DIRECT_OWARE; k++)
            n->direct[b][k] = (int16_t)rnd(&s, -150, 150);
    }
    nnue_prepare(n);
}

static aw_position random_position(const aw_rules *r, uint64_t *rng, int plies)
{
    aw_position p = aw_position_start((int)(t_rand(rng) & 1));
    for (int i = 0; i < plies; i++) {
        if (aw_position_status(r, &p) != AW_ONGOING)
            break;
        aw_move moves[AW_MAX_MOVES];
        const int n = aw_generate(r, &p, moves);
        if (!n)
            break;
        aw_play(r, &p, moves[t_rand(rng) % (uint64_t)n]);
    }
    return p;
}

static aw_position mirror(const aw_position *p)
{
    aw_position m = *p;
    for (int i = 0; i < AW_PITS; i++)
        m.pits[i] = p->pits[(i + AW_ROW) % AW_PITS];
    m.score[0] = p->score[1];
    m.score[1] = p->score[0];
    m.side = (uint8_t)!p->side;
    return m;
}

/* The spec's formula, from the features of eval_features (the mover's
 * perspective: its pit features; the other's: those of the same board with
 * the other side to move). */
static int reference_eval(const nnue_net *n, const aw_rules *r, const aw_position *p)
{
    fboard f = fb_from_position(p), g = f;
    g.side ^= 1; /* its pit features: the other side's perspective */
    uint16_t idx[2][EV_MAX_ACTIVE];
    int16_t cnt[2][EV_MAX_ACTIVE];
    int phase;
    const int k = eval_features(r, &f, idx[0], cnt[0], &phase);
    (void)eval_features(r, &g, idx[1], cnt[1], &phase);
    long s = n->out_bias[nnue_bucket(phase)];
    const int b = nnue_bucket(phase);
    for (int persp = 0; persp < 2; persp++)
        for (int h = 0; h < NN_HIDDEN; h++) {
            long a = n->ft_bias[h];
            for (int i = 0; i < 12; i++) {
                assert_true(idx[persp][i] < NN_INPUTS_OWARE);
                a += n->ft_w[idx[persp][i]][h];
            }
            a = a < 0 ? 0 : a > NN_QA ? NN_QA : a;
            s += a * n->out_w[b][persp * NN_HIDDEN + h];
        }
    long d = 0;
    for (int i = 12; i < k; i++) {
        assert_true(idx[0][i] >= EV_MOB_OWN);
        d += cnt[0][i] * n->direct[b][idx[0][i] - EV_MOB_OWN];
    }
    long v = 100 * (p->score[p->side] - p->score[!p->side]) + s * 100 / (NN_QA * NN_QB) + d;
    v = v > SC_EVAL_MAX - 1 ? SC_EVAL_MAX - 1 : v < -SC_EVAL_MAX + 1 ? -SC_EVAL_MAX + 1 : v;
    return (int)v | 1;
}

static void test_builtin(void **state)
{
    (void)state;
    const nnue_net *n = nnue_builtin();
    assert_non_null(n);
    assert_int_equal(n->family, NN_FAMILY_OWARE);
    assert_int_equal(nnue_builtin_oware_size, nnue_file_size(NN_FAMILY_OWARE));
    /* Written again, the same bytes. */
    uint8_t *bytes;
    size_t size;
    assert_int_equal(nnue_write(n, n->desc, &bytes, &size), 0);
    assert_int_equal(size, nnue_builtin_oware_size);
    assert_memory_equal(bytes, nnue_builtin_oware, size);
    free(bytes);
    assert_ptr_equal(nnue_builtin(), n);
}

static void test_write_read(void **state)
{
    (void)state;
    static nnue_net a, b;
    random_net(&a, 5);
    uint8_t *bytes;
    size_t size;
    assert_int_equal(nnue_write(&a, "a test net \xc3\xa9", &bytes, &size), 0);
    assert_int_equal(size, nnue_file_size(NN_FAMILY_OWARE));
    assert_memory_equal(bytes, "AWNN", 4);
    aw_error err;
    assert_int_equal(nnue_load(&b, bytes, size, NN_FAMILY_OWARE, &err), 0);
    assert_string_equal(b.desc, "a test net \xc3\xa9");
    assert_memory_equal(a.ft_w, b.ft_w, sizeof a.ft_w);
    assert_memory_equal(a.ft_bias, b.ft_bias, sizeof a.ft_bias);
    assert_memory_equal(a.out_w, b.out_w, sizeof a.out_w);
    assert_memory_equal(a.out_bias, b.out_bias, sizeof a.out_bias);
    assert_memory_equal(a.direct, b.direct, sizeof a.direct);
    free(bytes);
    /* A description longer than 64 bytes is cut, not in a character. */
    char longd[100];
    memset(longd, 'x', sizeof longd);
    memcpy(longd + 63, "\xc3\xa9", 2);
    longd[99] = 0;
    assert_int_equal(nnue_write(&a, longd, &bytes, &size), 0);
    assert_int_equal(nnue_load(&b, bytes, size, -1, &err), 0);
    assert_int_equal(strlen(b.desc), 63);
    free(bytes);
    /* Quantization: the spec's scales, rounded. */
    static nnue_float fl;
    memset(&fl, 0, sizeof fl);
    fl.family = NN_FAMILY_OWARE;
    fl.inputs = NN_INPUTS_OWARE;
    fl.ndirect = NN_DIRECT_OWARE;
    fl.ft_w[3][4] = 0.5f;
    fl.ft_bias[2] = -0.25f;
    fl.out_w[1][40] = 1.5f;
    fl.out_bias[2] = 0.01f;
    fl.direct[3][5] = -12.6f;
    nnue_quantize(&fl, &a);
    assert_int_equal(a.ft_w[3][4], 64);
    assert_int_equal(a.ft_bias[2], -32);
    assert_int_equal(a.out_w[1][40], 96);
    assert_int_equal(a.out_bias[2], 81);
    assert_int_equal(a.direct[3][5], -13);
    assert_int_equal(a.ft_w[0][0], 0);
}

static uint8_t *valid_file(size_t *size)
{
    static nnue_net a;
    random_net(&a, 9);
    uint8_t *bytes;
    assert_int_equal(nnue_write(&a, "valid", &bytes, size), 0);
    return bytes;
}

static void reseal(uint8_t *b, size_t size)
{
    const uint32_t h = nnue_fnv1a(b, size - 4);
    for (int i = 0; i < 4; i++)
        b[size - 4 + (size_t)i] = (uint8_t)(h >> 8 * i);
}

static void set32(uint8_t *b, size_t off, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[off + (size_t)i] = (uint8_t)(v >> 8 * i);
}

/* One bad file: refused with a message holding `want`, *net untouched. */
static void refused(const uint8_t *b, size_t size, int family, const char *want)
{
    static nnue_net n, before;
    random_net(&n, 77);
    before = n;
    aw_error err;
    err.msg[0] = 0;
    assert_int_equal(nnue_load(&n, b, size, family, &err), -1);
    if (!strstr(err.msg, want))
        fail_msg("message '%s' does not say '%s'", err.msg, want);
    assert_memory_equal(&n, &before, sizeof n);
}

static void test_bad_files(void **state)
{
    (void)state;
    size_t size;
    uint8_t *good = valid_file(&size);
    uint8_t *b = malloc(size + 8);
    assert_non_null(b);
    refused(good, 0, 0, "too short");
    refused(good, 50, 0, "too short");
    memcpy(b, good, size);
    b[0] = 'X';
    refused(b, size, 0, "not a network file");
    memcpy(b, good, size);
    set32(b, 4, 2);
    reseal(b, size);
    refused(b, size, 0, "network file version 2, this awale reads version 1");
    memcpy(b, good, size);
    set32(b, 8, 1);
    reseal(b, size);
    refused(b, size, 0, "for the relay game, the rules need one for the Oware family");
    refused(good, size, 1, "for the Oware family, the rules need one for the relay game");
    memcpy(b, good, size);
    set32(b, 8, 9);
    refused(b, size, -1, "unknown family 9");
    static const struct {
        size_t off;
        uint32_t v;
        const char *want;
    } dims[] = {
        {12, 300, "300 inputs per perspective, this awale uses 288"},
        {16, 64, "64 hidden units, this awale uses 32"},
        {20, 8, "8 output buckets"},
        {24, 66, "66 direct features"},
        {28, 128, "128 QA"},
        {32, 32, "32 QB"},
    };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        memcpy(b, good, size);
        set32(b, dims[i].off, dims[i].v);
        reseal(b, size);
        refused(b, size, 0, dims[i].want);
    }
    refused(good, size - 1, 0, "truncated");
    refused(good, 200, 0, "truncated");
    memcpy(b, good, size);
    b[size] = 0;
    refused(b, size + 1, 0, "too long");
    memcpy(b, good, size);
    b[500] ^= 1;
    refused(b, size, 0, "checksum mismatch");
    memcpy(b, good, size);
    b[size - 1] ^= 0x80;
    refused(b, size, 0, "checksum mismatch");
    /* Weights whose sums could overflow int16. */
    static nnue_net big;
    random_net(&big, 3);
    for (int i = 0; i < 12; i++)
        big.ft_w[i * EV_BUCKETS + 5][7] = 2800;
    aw_error err;
    assert_int_equal(nnue_check(&big, &err), -1);
    uint8_t *bb;
    size_t bs;
    assert_int_equal(nnue_write(&big, NULL, &bb, &bs), 0);
    refused(bb, bs, 0, "could overflow the accumulator (hidden unit 7");
    free(bb);
    /* Right at the limit: accepted. */
    random_net(&big, 3);
    for (int h = 0; h < NN_HIDDEN; h++) {
        big.ft_bias[h] = 7;
        for (int i = 0; i < NN_INPUTS_OWARE; i++)
            big.ft_w[i][h] = (int16_t)(i % EV_BUCKETS == 0 ? -2730 : 0);
    }
    assert_int_equal(nnue_check(&big, &err), 0); /* 12 x 2730 + 7 = 32767 */
    free(good);
    free(b);
}

static void test_incremental(void **state)
{
    (void)state;
    static nnue_net n, edge;
    random_net(&n, 11);
    /* Weights at the edge: a difference of two buckets' rows beyond int16
     * (the update's one-seed rows wrap, exactly). */
    random_net(&edge, 12);
    for (int h = 0; h < NN_HIDDEN; h++) {
        edge.ft_bias[h] = (int16_t)(h * 10 - 160);
        for (int i = 0; i < NN_INPUTS_OWARE; i++) {
            const int pit = i / EV_BUCKETS, b = i % EV_BUCKETS;
            edge.ft_w[i][h] = (int16_t)(pit == h % 12 ? (b & 1 ? 16400 : -16400) : (b & 1 ? 1000 : -1000));
        }
    }
    nnue_prepare(&edge);
    aw_error err;
    assert_int_equal(nnue_check(&edge, &err), 0);
    const nnue_net *nets[3] = {&n, nnue_builtin(), &edge};
    uint64_t rng = 123;
    const int games = t_sanitized() ? 20 : 100;
    for (int k = 0; k < NOWARE * games; k++) {
        const aw_rules r = t_rules(oware[k % NOWARE], NULL);
        const nnue_net *net = nets[k % 3];
        aw_position p = aw_position_start((int)(t_rand(&rng) & 1));
        fboard f = fb_from_position(&p);
        nnue_acc acc, ref, c_path;
        nnue_refresh(net, &f.pits, &acc);
        for (int ply = 0; ply < 300 && aw_position_status(&r, &p) == AW_ONGOING; ply++) {
            aw_move moves[AW_MAX_MOVES];
            const int nm = aw_generate(&r, &p, moves);
            if (!nm)
                break;
            aw_play(&r, &p, moves[t_rand(&rng) % (uint64_t)nm]);
            const fboard g = fb_from_position(&p);
            nnue_update_c(net, &acc, &f.pits, &g.pits, &c_path);
            nnue_update(net, &acc, &f.pits, &g.pits, &acc);
            nnue_refresh(net, &g.pits, &ref);
            assert_memory_equal(&acc, &ref, sizeof acc);
            assert_memory_equal(&c_path, &ref, sizeof acc);
            for (int b = 0; b < NN_OUT_BUCKETS; b++)
                for (int stm = 0; stm < 2; stm++)
                    assert_int_equal(nnue_output(net, &acc, stm, b),
                                     nnue_output_c(net, &acc, stm, b));
            assert_int_equal(nnue_evaluate(net, &acc, &r, &g), reference_eval(net, &r, &p));
            f = g;
        }
    }
}

/* Accumulators with every value in range, far beyond the clipping: the
 * vector output equals the plain one. */
static void test_simd_extremes(void **state)
{
    (void)state;
    static nnue_net n;
    random_net(&n, 21);
    uint64_t s = 5;
    for (int b = 0; b < NN_OUT_BUCKETS; b++)
        for (int j = 0; j < 2 * NN_HIDDEN; j++)
            n.out_w[b][j] = (int16_t)rnd(&s, -32768, 32767);
    for (int k = 0; k < 2000; k++) {
        nnue_acc a;
        for (int h = 0; h < NN_HIDDEN; h++) {
            a.v[0][h] = (int16_t)rnd(&s, -32768, 32767);
            a.v[1][h] = (int16_t)(k & 1 ? rnd(&s, -10, 140) : rnd(&s, -32768, 32767));
        }
        for (int b = 0; b < NN_OUT_BUCKETS; b++)
            for (int stm = 0; stm < 2; stm++)
                assert_int_equal(nnue_output(&n, &a, stm, b), nnue_output_c(&n, &a, stm, b));
    }
}

static void test_mirror(void **state)
{
    (void)state;
    static nnue_net n;
    random_net(&n, 31);
    uint64_t rng = 99;
    for (int k = 0; k < 3000; k++) {
        const aw_rules r = t_rules(oware[k % NOWARE], NULL);
        const aw_position p = random_position(&r, &rng, (int)(t_rand(&rng) % 100));
        const aw_position m = mirror(&p);
        const fboard f = fb_from_position(&p), g = fb_from_position(&m);
        nnue_acc a, b;
        nnue_refresh(&n, &f.pits, &a);
        nnue_refresh(&n, &g.pits, &b);
        /* The perspectives swap. */
        assert_memory_equal(a.v[0], b.v[1], sizeof a.v[0]);
        assert_memory_equal(a.v[1], b.v[0], sizeof a.v[0]);
        const int v = nnue_evaluate(&n, &a, &r, &f);
        assert_int_equal(v, nnue_evaluate(&n, &b, &r, &g));
        assert_true(v & 1);
        assert_int_equal(v, reference_eval(&n, &r, &p));
    }
}

static char *write_temp(const uint8_t *b, size_t size)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/awale-nnue-XXXXXX");
    const int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, b, size), (ssize_t)size);
    close(fd);
    return path;
}

static void test_options_and_search(void **state)
{
    (void)state;
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    assert_non_null(e);
    char buf[300];
    assert_string_equal(aw_engine_get_option(e, "Eval", buf, sizeof buf), EVAL_DEFAULT_NAME);
    assert_int_equal(aw_engine_set_option(e, "Eval", "tuned", &err), 0);
    assert_string_equal(aw_engine_get_option(e, "Eval", buf, sizeof buf), "linear");
    assert_int_equal(aw_engine_set_option(e, "Eval", "NNUE", &err), 0);
    assert_string_equal(aw_engine_get_option(e, "Eval", buf, sizeof buf), "nnue");
    assert_int_equal(aw_engine_set_option(e, "Eval", "neural", &err), -1);
    assert_non_null(strstr(err.msg, "expected nnue, linear"));
    assert_string_equal(aw_engine_get_option(e, "EvalFile", buf, sizeof buf), "");

    /* A good file, then bad ones: refused, the good one kept. */
    static nnue_net n;
    random_net(&n, 41);
    uint8_t *bytes;
    size_t size;
    assert_int_equal(nnue_write(&n, "test", &bytes, &size), 0);
    char good[64];
    strcpy(good, write_temp(bytes, size));
    assert_int_equal(aw_engine_set_option(e, "EvalFile", good, &err), 0);
    assert_string_equal(aw_engine_get_option(e, "EvalFile", buf, sizeof buf), good);
    bytes[300] ^= 4;
    char *bad = write_temp(bytes, size);
    assert_int_equal(aw_engine_set_option(e, "EvalFile", bad, &err), -1);
    assert_non_null(strstr(err.msg, "checksum"));
    unlink(bad);
    assert_int_equal(aw_engine_set_option(e, "EvalFile", "/nonexistent/net.awnn", &err), -1);
    assert_non_null(strstr(err.msg, "cannot open"));
    assert_string_equal(aw_engine_get_option(e, "EvalFile", buf, sizeof buf), good);
    free(bytes);

    /* Searches with each evaluation, on every Oware rule set and relay
     * (which plays its linear model under Eval=nnue). */
    static const char *const evals[] = {"nnue", "linear", "material"};
    static const char *const all[] = {"abapa", "seven-turns", "grand-slam", "two-seeds", "relay"};
    for (int file = 0; file < 2; file++) {
        if (file == 1)
            assert_int_equal(aw_engine_set_option(e, "EvalFile", "", &err), 0);
        for (int i = 0; i < 3; i++) {
            assert_int_equal(aw_engine_set_option(e, "Eval", evals[i], &err), 0);
            for (int k = 0; k < 5; k++) {
                const aw_rules r = t_rules(all[k], NULL);
                const aw_position p = t_pos("1-9-9-0-0-1-2-9-0-1-1-2-2-11-S");
                assert_int_equal(aw_engine_set_position(e, &r, &p, &err), 0);
                aw_engine_clear(e);
                aw_limits lim = {0};
                lim.depth = 7;
                aw_search_result res;
                assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
                assert_true(aw_is_legal(&r, &p, res.best));
                assert_true(res.info.nodes > 0);
            }
        }
    }
    unlink(good);
    aw_engine_free(e);

    /* aw_engine_evaluate follows the default evaluation. */
    const aw_rules r = t_rules("abapa", NULL);
    const aw_position p = t_pos("1-9-9-0-0-1-2-9-0-1-1-2-2-11-S");
    const fboard f = fb_from_position(&p);
    int want = eval_oware(&r, &eval_tuned, &f);
    if (EVAL_DEFAULT == EVAL_NNUE)
        want = reference_eval(nnue_builtin(), &r, &p);
    assert_int_equal(aw_engine_evaluate(&r, &p), want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin),        cmocka_unit_test(test_write_read),
        cmocka_unit_test(test_bad_files),      cmocka_unit_test(test_incremental),
        cmocka_unit_test(test_simd_extremes),  cmocka_unit_test(test_mirror),
        cmocka_unit_test(test_options_and_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
