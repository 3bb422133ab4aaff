/*
 * test_book.c - opening books: the build is deterministic (the same bytes
 * whatever the threads, and when grown in steps), the book is consistent
 * (every inner value the negamax of its moves', mirrored positions found),
 * every damaged file is refused with the reason (each flipped byte,
 * truncation, trailing bytes, and damage behind valid checksums: a wrong
 * value, a missing or unreachable position, keys out of order, bad flags),
 * and the engine never plays an illegal book move, keeps to searchmoves,
 * and chooses among near-equal moves only as BookVariety allows.
 */
#include "support.h"

#include "engine/book_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static aw_book *build(const char *preset, const aw_book *from, int positions, int depth,
                      int threads)
{
    aw_rules r = t_rules(preset, NULL);
    aw_position root = aw_position_start(AW_SOUTH);
    aw_book_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.depth = depth;
    opt.positions = positions;
    opt.alpha = 2;
    opt.threads = threads;
    opt.hash_mb = 1;
    aw_error err;
    bool stopped;
    aw_book *b = aw_book_build(from, &r, &root, &opt, &stopped, &err);
    if (!b)
        fail_msg("build: %s", err.msg);
    assert_false(stopped);
    return b;
}

static uint8_t *encode(const aw_book *b, size_t *size)
{
    uint8_t *bytes = aw_book_encode(b, size);
    assert_non_null(bytes);
    return bytes;
}

/* The same book whatever the number of threads, and when grown from a
 * smaller one: nothing depends on which search finishes first. */
static void test_build_deterministic(void **state)
{
    (void)state;
    const char *presets[] = {"abapa", "relay"};
    for (int p = 0; p < 2; p++) {
        const int n = t_sanitized() ? 40 : 120, depth = p ? 3 : 5;
        aw_book *one = build(presets[p], NULL, n, depth, 1);
        aw_book *two = build(presets[p], NULL, n, depth, 2);
        aw_book *half = build(presets[p], NULL, n / 2, depth, 2);
        aw_book *grown = build(presets[p], half, n, depth, 1);
        size_t s1, s2, s3;
        uint8_t *b1 = encode(one, &s1), *b2 = encode(two, &s2), *b3 = encode(grown, &s3);
        aw_book_info info;
        aw_book_get_info(one, &info);
        assert_true(info.positions >= n);
        assert_true(info.inner > 0);
        assert_int_equal(s1, s2);
        assert_memory_equal(b1, b2, s1);
        assert_int_equal(s1, s3);
        assert_memory_equal(b1, b3, s1);
        free(b1);
        free(b2);
        free(b3);
        aw_book_free(one);
        aw_book_free(two);
        aw_book_free(half);
        aw_book_free(grown);
    }
}

static int pub_internal(const aw_score *s)
{
    return sc_internal(s);
}

/* Every inner position's value is the best of its moves', each move's the
 * negation of its child's (one ply further); the info's value is the
 * root's; a North-to-move position is found as its mirror image. */
static void test_book_consistent(void **state)
{
    (void)state;
    aw_book *b = build("abapa", NULL, 150, 5, 1);
    aw_rules r = t_rules("abapa", NULL);
    aw_book_info info;
    aw_book_get_info(b, &info);
    aw_position stack[256];
    int sp = 0, inner = 0;
    stack[sp++] = aw_position_start(AW_SOUTH);
    while (sp) {
        const aw_position p = stack[--sp];
        aw_move moves[AW_MAX_MOVES];
        aw_score scores[AW_MAX_MOVES];
        const int n = aw_book_probe(b, &r, &p, moves, scores);
        if (n == 0)
            continue;
        inner++;
        assert_int_equal(n, aw_generate(&r, &p, (aw_move[AW_MAX_MOVES]){0}));
        for (int i = 1; i < n; i++)
            assert_true(aw_score_compare(&scores[i - 1], &scores[i]) >= 0);
        if (inner == 1) {
            assert_int_equal(aw_score_compare(&scores[0], &info.value), 0);
            /* The mirror image: North to move, rows swapped. */
            aw_position m = p;
            for (int i = 0; i < AW_PITS; i++)
                m.pits[i] = p.pits[(i + AW_ROW) % AW_PITS];
            m.side = AW_NORTH;
            aw_move mm[AW_MAX_MOVES];
            aw_score ms[AW_MAX_MOVES];
            assert_int_equal(aw_book_probe(b, &r, &m, mm, ms), n);
            for (int i = 0; i < n; i++) {
                assert_int_equal(mm[i], (moves[i] + AW_ROW) % AW_PITS);
                assert_int_equal(aw_score_compare(&ms[i], &scores[i]), 0);
            }
        }
        for (int i = 0; i < n; i++) {
            aw_position c = p;
            aw_play(&r, &c, moves[i]);
            aw_move cm[AW_MAX_MOVES];
            aw_score cs[AW_MAX_MOVES];
            if (aw_position_status(&r, &c) == AW_ONGOING && aw_book_probe(b, &r, &c, cm, cs) > 0) {
                assert_int_equal(pub_internal(&scores[i]), book_up(pub_internal(&cs[0])));
                if (sp < 256)
                    stack[sp++] = c;
            }
        }
    }
    assert_int_equal(inner, info.inner);
    /* Other rules: not in the book. */
    aw_rules gs = t_rules("grand-slam", NULL);
    aw_position start = aw_position_start(AW_SOUTH);
    aw_move moves[AW_MAX_MOVES];
    aw_score scores[AW_MAX_MOVES];
    assert_false(aw_book_matches(b, &gs));
    assert_int_equal(aw_book_probe(b, &gs, &start, moves, scores), 0);
    aw_book_free(b);
}

/* The rules a book holds under (docs/book.md, "Rules"): its own; rules that
 * differ only in repetition (its leaf searches cannot reach its count),
 * agreement or a no-capture limit beyond its lines and leaf searches; and
 * not rules that change a value, each refused with the parameter named.
 * (Any changed parameter refused the book before.) */
static void test_book_rules(void **state)
{
    (void)state;
    aw_book *b = build("abapa", NULL, 60, 4, 1);
    aw_book_info info;
    aw_book_get_info(b, &info);
    const int reach = info.max_plies + 4;
    aw_position start = aw_position_start(AW_SOUTH);
    aw_move moves[AW_MAX_MOVES], m2[AW_MAX_MOVES];
    aw_score scores[AW_MAX_MOVES], s2[AW_MAX_MOVES];
    aw_rules own = t_rules("abapa", NULL);
    const int n = aw_book_probe(b, &own, &start, moves, scores);
    assert_int_equal(n, 6);
    aw_error note;
    assert_int_equal(aw_book_rules_check(b, &own, &note), 0);
    assert_string_equal(note.msg, "");
    char over[64];
    snprintf(over, sizeof over, "no-capture=%d", reach + 1);
    const char *holds[] = {"repetition=2", "repetition=0", "agreement=none", over};
    for (size_t i = 0; i < sizeof holds / sizeof holds[0]; i++) {
        aw_rules r = t_rules("abapa", holds[i]);
        assert_true(aw_book_matches(b, &r));
        assert_int_equal(aw_book_rules_check(b, &r, &note), 0);
        assert_non_null(strstr(note.msg, "only in"));
        /* the same moves and values, and North's mirror image too */
        assert_int_equal(aw_book_probe(b, &r, &start, m2, s2), n);
        for (int k = 0; k < n; k++) {
            assert_int_equal(m2[k], moves[k]);
            assert_int_equal(aw_score_compare(&s2[k], &scores[k]), 0);
        }
    }
    snprintf(over, sizeof over, "no-capture=%d", reach);
    const char *fails[][2] = {{"target=24", "target"},     {"captures=2", "captures"},
                              {"grand-slam=capture", "grand-slam"}, {over, "no-capture"},
                              {"play-on=yes", "play-on"}};
    for (size_t i = 0; i < sizeof fails / sizeof fails[0]; i++) {
        aw_rules r = t_rules("abapa", fails[i][0]);
        assert_false(aw_book_matches(b, &r));
        assert_int_equal(aw_book_rules_check(b, &r, &note), -1);
        assert_non_null(strstr(note.msg, fails[i][1]));
        assert_int_equal(aw_book_probe(b, &r, &start, m2, s2), 0);
    }
    aw_rules relay = t_rules("relay", NULL);
    assert_false(aw_book_matches(b, &relay));
    char dep[256], free_[256];
    assert_int_equal(aw_book_scope(b, dep, sizeof dep, free_, sizeof free_), 0);
    assert_non_null(strstr(dep, "target=25"));
    assert_null(strstr(dep, "repetition"));
    assert_non_null(strstr(free_, "any repetition"));
    aw_book_free(b);
    /* A book under a no-capture limit its lines reach depends on it, in
     * both directions. */
    b = build("seven-turns", NULL, 60, 12, 1);
    aw_book_get_info(b, &info);
    assert_true(info.max_plies + 12 >= 14);
    aw_rules r = t_rules("seven-turns", "no-capture=0");
    assert_int_equal(aw_book_rules_check(b, &r, &note), -1);
    assert_non_null(strstr(note.msg, "no-capture"));
    r = t_rules("seven-turns", "repetition=2");
    assert_true(aw_book_matches(b, &r));
    aw_book_free(b);
}

/* ------------------------------------------------------------ damage */

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Make the checksums right again after an edit (count entries). */
static void reseal(uint8_t *bytes, uint32_t count)
{
    put32(bytes + 20, count);
    put64(bytes + 48, book_checksum(bytes + BOOK_HEADER_SIZE, (size_t)count * BOOK_ENTRY_SIZE));
    put64(bytes + 248, book_checksum(bytes, 248));
}

static void expect_refused(const uint8_t *bytes, size_t size, const char *words)
{
    aw_error err;
    aw_book *b = aw_book_read(bytes, size, &err);
    if (b)
        fail_msg("a damaged book was accepted (expected '%s')", words ? words : "a refusal");
    if (words && !strstr(err.msg, words))
        fail_msg("message '%s' does not say '%s'", err.msg, words);
}

static void test_damaged_refused(void **state)
{
    (void)state;
    aw_book *b = build("abapa", NULL, 60, 4, 1);
    size_t size;
    uint8_t *good = encode(b, &size), *bad = malloc(size + 16);
    const uint32_t count = get32(good + 20);
    assert_int_equal(size, BOOK_HEADER_SIZE + (size_t)count * BOOK_ENTRY_SIZE);
    aw_error err;
    aw_book *again = aw_book_read(good, size, &err);
    assert_non_null(again);
    aw_book_free(again);

    /* Every flipped bit of every byte. */
    for (size_t i = 0; i < size; i++)
        for (int bit = 0; bit < 8; bit += t_sanitized() ? 7 : 1) {
            memcpy(bad, good, size);
            bad[i] ^= (uint8_t)(1 << bit);
            expect_refused(bad, size, NULL);
        }
    /* Truncated, trailing bytes, not a book, another version. */
    expect_refused(good, 100, "truncated");
    expect_refused(good, size - 1, "truncated");
    memcpy(bad, good, size);
    bad[size] = 0;
    expect_refused(bad, size + 1, "trailing bytes");
    expect_refused((const uint8_t *)"hello, this is no book at all, but a text file of some length..."
                                    "................................................................"
                                    "................................................................"
                                    "................................................................",
                   256, "not an awale opening book");
    memcpy(bad, good, size);
    put32(bad + 8, 2);
    put64(bad + 248, book_checksum(bad, 248));
    expect_refused(bad, size, "version 2");

    /* Damage behind valid checksums. */
    const uint8_t *e0 = good + BOOK_HEADER_SIZE;
    int inner_at = -1, leaf_at = -1;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = e0 + i * BOOK_ENTRY_SIZE;
        if (e[14] & BOOK_FLAG_INNER) {
            if (inner_at < 0)
                inner_at = (int)i;
        } else if (leaf_at < 0) {
            leaf_at = (int)i;
        }
    }
    assert_true(inner_at >= 0 && leaf_at >= 0);
    /* An inner value that is not the negamax of its moves'. */
    memcpy(bad, good, size);
    uint8_t *v = bad + BOOK_HEADER_SIZE + inner_at * BOOK_ENTRY_SIZE + 12;
    int16_t val = (int16_t)(uint16_t)(v[0] | v[1] << 8);
    val = (int16_t)(val == 0 ? 101 : (val > 0 ? val - 200 : val + 200));
    v[0] = (uint8_t)((uint16_t)val & 0xFF);
    v[1] = (uint8_t)((uint16_t)val >> 8);
    reseal(bad, count);
    expect_refused(bad, size, "its moves give");
    /* A value no search gives (an even estimate). */
    memcpy(bad, good, size);
    v = bad + BOOK_HEADER_SIZE + leaf_at * BOOK_ENTRY_SIZE + 12;
    v[0] = 2;
    v[1] = 0;
    reseal(bad, count);
    expect_refused(bad, size, "a value no search gives");
    /* A leaf left out: an inner position misses a child. */
    memcpy(bad, good, size);
    memmove(bad + BOOK_HEADER_SIZE + leaf_at * BOOK_ENTRY_SIZE,
            bad + BOOK_HEADER_SIZE + (leaf_at + 1) * BOOK_ENTRY_SIZE,
            (count - (uint32_t)leaf_at - 1) * BOOK_ENTRY_SIZE);
    reseal(bad, count - 1);
    expect_refused(bad, size - BOOK_ENTRY_SIZE, "is missing");
    /* An entry no move reaches (a key beyond the last). */
    memcpy(bad, good, size);
    uint8_t *extra = bad + size;
    memcpy(extra, bad + size - BOOK_ENTRY_SIZE, BOOK_ENTRY_SIZE);
    put64(extra, UINT64_MAX);
    reseal(bad, count + 1);
    expect_refused(bad, size + BOOK_ENTRY_SIZE, "not reached from the root");
    /* Keys out of order. */
    memcpy(bad, good, size);
    uint8_t tmp[BOOK_ENTRY_SIZE];
    memcpy(tmp, bad + BOOK_HEADER_SIZE, BOOK_ENTRY_SIZE);
    memcpy(bad + BOOK_HEADER_SIZE, bad + BOOK_HEADER_SIZE + BOOK_ENTRY_SIZE, BOOK_ENTRY_SIZE);
    memcpy(bad + BOOK_HEADER_SIZE + BOOK_ENTRY_SIZE, tmp, BOOK_ENTRY_SIZE);
    reseal(bad, count);
    expect_refused(bad, size, "keys out of order");
    /* Unknown flags, a leaf marked inner, the inner count. */
    memcpy(bad, good, size);
    bad[BOOK_HEADER_SIZE + 14] |= 0x80;
    reseal(bad, count);
    expect_refused(bad, size, "unknown flags");
    memcpy(bad, good, size);
    bad[BOOK_HEADER_SIZE + leaf_at * BOOK_ENTRY_SIZE + 14] |= BOOK_FLAG_INNER;
    reseal(bad, count);
    expect_refused(bad, size, "damaged");
    memcpy(bad, good, size);
    put32(bad + 24, get32(bad + 24) + 1);
    reseal(bad, count);
    expect_refused(bad, size, "inner positions");
    /* Reserved bytes, a bad rule set, a finished root. */
    memcpy(bad, good, size);
    bad[230] = 1;
    reseal(bad, count);
    expect_refused(bad, size, "reserved byte");
    memcpy(bad, good, size);
    memcpy(bad + 64, "chess", 6);
    reseal(bad, count);
    expect_refused(bad, size, "bad rules in the header");
    memcpy(bad, good, size);
    memset(bad + 160, 0, 64);
    strcpy((char *)bad + 160, "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S");
    reseal(bad, count);
    expect_refused(bad, size, "over at the root");
    free(good);
    free(bad);
    aw_book_free(b);
}

/* Files: a saved book loads; a missing, damaged or wrong file is refused
 * with its name. */
static void test_files(void **state)
{
    (void)state;
    aw_book *b = build("abapa", NULL, 30, 3, 1);
    char dir[] = "/tmp/awale-book-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], missing[256];
    snprintf(path, sizeof path, "%s/b.awb", dir);
    snprintf(missing, sizeof missing, "%s/none.awb", dir);
    aw_error err;
    assert_int_equal(aw_book_save(b, path, &err), 0);
    aw_book *l = aw_book_load(path, &err);
    assert_non_null(l);
    aw_book_free(l);
    assert_null(aw_book_load(missing, &err));
    assert_non_null(strstr(err.msg, "none.awb"));
    assert_null(aw_book_load(dir, &err));
    assert_non_null(strstr(err.msg, "not a regular file (a directory)"));
    /* A named pipe is refused at once: opening it to read would wait for a
     * writer, forever. */
    char fifo[600];
    snprintf(fifo, sizeof fifo, "%s/pipe.awb", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_null(aw_book_load(fifo, &err));
    assert_non_null(strstr(err.msg, "pipe.awb: not a regular file (a named pipe)"));
    unlink(fifo);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 300, SEEK_SET);
    fputc(0x5A, f);
    fclose(f);
    assert_null(aw_book_load(path, &err));
    assert_non_null(strstr(err.msg, "b.awb"));
    assert_non_null(strstr(err.msg, "checksum"));
    unlink(path);
    rmdir(dir);
    aw_book_free(b);
}

/* ------------------------------------------------------------ the engine */

static bool in(const aw_move *moves, int n, aw_move m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* Random games with a book-playing engine at every level and variety: the
 * move is always legal; in the book it is a book move at most BookVariety
 * below the best (the best with variety 0) and keeps to searchmoves; out
 * of the book or under other rules the engine searches. */
static void test_engine_book_moves(void **state)
{
    (void)state;
    aw_book *b = build("abapa", NULL, 200, 4, 1);
    aw_rules r = t_rules("abapa", NULL);
    aw_error err;
    aw_engine *e = aw_engine_new(&err);
    assert_non_null(e);
    assert_int_equal(aw_engine_set_option(e, "Hash", "1", &err), 0);
    aw_engine_set_book(e, b);
    char buf[16];
    assert_string_equal(aw_engine_get_option(e, "OwnBook", buf, sizeof buf), "true");
    uint64_t rng = 12345;
    int from_book = 0, varied = 0;
    const int games = t_sanitized() ? 20 : 80;
    for (int g = 0; g < games; g++) {
        const int variety = (int)(t_rand(&rng) % 4) * 40;
        char num[16];
        snprintf(num, sizeof num, "%d", variety);
        assert_int_equal(aw_engine_set_option(e, "BookVariety", num, &err), 0);
        snprintf(num, sizeof num, "%d", (int)(t_rand(&rng) % 10) + 1);
        assert_int_equal(aw_engine_set_option(e, "Level", num, &err), 0);
        snprintf(num, sizeof num, "%d", g);
        assert_int_equal(aw_engine_set_option(e, "Seed", num, &err), 0);
        aw_position p = aw_position_start((int)(t_rand(&rng) & 1));
        for (int ply = 0; ply < 12 && aw_position_status(&r, &p) == AW_ONGOING; ply++) {
            aw_move legal[AW_MAX_MOVES], bm[AW_MAX_MOVES];
            aw_score bs[AW_MAX_MOVES];
            const int nl = aw_generate(&r, &p, legal);
            const int nb = aw_book_probe(b, &r, &p, bm, bs);
            aw_limits lim;
            memset(&lim, 0, sizeof lim);
            lim.depth = 2;
            aw_move only[1];
            if (nb > 1 && (t_rand(&rng) & 3) == 0) {
                only[0] = bm[nb - 1];
                lim.only = only;
                lim.only_count = 1;
            }
            assert_int_equal(aw_engine_set_position(e, &r, &p, &err), 0);
            aw_search_result res;
            assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
            assert_true(in(legal, nl, res.best));
            assert_int_equal(res.book, nb > 0);
            if (nb > 0) {
                from_book++;
                if (lim.only_count) {
                    assert_int_equal(res.best, only[0]);
                } else {
                    int k = 0;
                    while (bm[k] != res.best)
                        k++;
                    const int loss = pub_internal(&bs[0]) - pub_internal(&bs[k]);
                    assert_true(loss <= variety);
                    varied += k > 0;
                }
            }
            /* Play on randomly, so that games leave the book's main line. */
            aw_play(&r, &p, (t_rand(&rng) & 1) ? res.best : legal[t_rand(&rng) % (uint64_t)nl]);
        }
    }
    assert_true(from_book > games);
    assert_true(varied > 0);
    /* Other rules: the book is not used. */
    aw_rules gs = t_rules("grand-slam", NULL);
    aw_position start = aw_position_start(AW_SOUTH);
    assert_int_equal(aw_engine_set_position(e, &gs, &start, &err), 0);
    aw_limits lim = {.depth = 2};
    aw_search_result res;
    assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
    assert_false(res.book);
    /* OwnBook off: searched. */
    assert_int_equal(aw_engine_set_option(e, "OwnBook", "false", &err), 0);
    assert_int_equal(aw_engine_set_position(e, &r, &start, &err), 0);
    assert_int_equal(aw_search_run(e, &lim, NULL, NULL, &res, &err), 0);
    assert_false(res.book);
    assert_int_equal(res.info.depth, 2);
    aw_engine_free(e);
    aw_book_free(b);
}

/* Bad build requests are refused with the reason. */
static void test_build_errors(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_position root = aw_position_start(AW_SOUTH);
    aw_book_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.positions = 10;
    aw_error err;
    bool stopped;
    assert_null(aw_book_build(NULL, &r, &root, &opt, &stopped, &err));
    assert_non_null(strstr(err.msg, "depth"));
    opt.depth = 3;
    opt.alpha = -1;
    assert_null(aw_book_build(NULL, &r, &root, &opt, &stopped, &err));
    assert_non_null(strstr(err.msg, "alpha"));
    opt.alpha = 1;
    aw_position over = t_pos("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S");
    assert_null(aw_book_build(NULL, &r, &over, &opt, &stopped, &err));
    assert_non_null(strstr(err.msg, "over"));
    aw_book *b = build("abapa", NULL, 10, 3, 1);
    opt.depth = 4;
    assert_null(aw_book_build(b, &r, &root, &opt, &stopped, &err));
    assert_non_null(strstr(err.msg, "same searches"));
    aw_rules gs = t_rules("grand-slam", NULL);
    opt.depth = 3;
    opt.hash_mb = 1;
    assert_null(aw_book_build(b, &gs, &root, &opt, &stopped, &err));
    assert_non_null(strstr(err.msg, "other rules"));
    aw_book_free(b);
}

static int stop_at_once(void *ctx, const aw_book_progress *p)
{
    int *calls = ctx;
    (*calls)++;
    return p->positions >= 5;
}

/* Stopping keeps a consistent book of what was done. */
static void test_build_stop(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    aw_position root = aw_position_start(AW_SOUTH);
    aw_book_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.positions = 1000;
    opt.depth = 3;
    opt.alpha = 2;
    opt.hash_mb = 1;
    int calls = 0;
    opt.progress = stop_at_once;
    opt.ctx = &calls;
    aw_error err;
    bool stopped;
    aw_book *b = aw_book_build(NULL, &r, &root, &opt, &stopped, &err);
    assert_non_null(b);
    assert_true(stopped);
    assert_true(calls > 0);
    size_t size;
    uint8_t *bytes = encode(b, &size);
    aw_book *again = aw_book_read(bytes, size, &err);
    assert_non_null(again);
    aw_book_info info;
    aw_book_get_info(again, &info);
    assert_true(info.positions >= 5 && info.positions < 1000);
    free(bytes);
    aw_book_free(again);
    aw_book_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_deterministic),
        cmocka_unit_test(test_book_consistent),
        cmocka_unit_test(test_book_rules),
        cmocka_unit_test(test_damaged_refused),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_engine_book_moves),
        cmocka_unit_test(test_build_errors),
        cmocka_unit_test(test_build_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
