/*
 * test_tables.c - the endgame tables: the index round-trips for every seed
 * count, table values equal a plain exhaustive solver (reference_tables.c)
 * for every position with up to 8 seeds in each Oware rule set, every value
 * of a bigger build satisfies the minimax equation over its moves, and
 * damaged, truncated or mismatched files are refused with a message.
 */
#define _XOPEN_SOURCE 700
#include "support.h"

#include "reference_tables.h"
#include "tables/tables_internal.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------- temp dirs */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static char *temp_dir(void)
{
    char *d = strdup("/tmp/awale-tables-test.XXXXXX");
    assert_non_null(mkdtemp(d));
    return d;
}

static void remove_dir(char *d)
{
    nftw(d, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(d);
}

static void build(const char *dir, const aw_rules *r, int seeds, bool compress)
{
    aw_tables_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seeds = seeds;
    opt.threads = 2;
    opt.compress = compress;
    aw_error err;
    if (aw_tables_build(dir, r, &opt, &err))
        fail_msg("build %s %d: %s", r->name, seeds, err.msg);
}

static void layer_path(const char *dir, const aw_rules *r, int seeds, char *buf, size_t size)
{
    tb_key k;
    assert_int_equal(tb_key_of(r, &k, NULL), 0);
    assert_int_equal(tb_layer_path(dir, &k, seeds, buf, size), 0);
}

/* ------------------------------------------------------------------ index */

static void board_of(const fb_pits *p, int pits[12])
{
    for (int i = 0; i < 12; i++)
        pits[i] = p->b[FB_BYTE(i)];
}

static void test_index_round_trip(void **state)
{
    (void)state;
    uint64_t seed = 6;
    /* Layer sizes are the binomials. */
    assert_int_equal(tb_layer_size(0), 1);
    assert_int_equal(tb_layer_size(1), 12);
    assert_int_equal(tb_layer_size(25), 600805296);
    assert_int_equal(aw_tables_positions(25), 1852482996);
    for (int n = 0; n <= AW_SEEDS; n++) {
        const uint64_t size = tb_layer_size(n);
        /* Every rank for small layers, the ends and random ranks for all. */
        const uint64_t walk = size < 20000 ? size : 2000;
        fb_pits p;
        tb_unrank(0, n, &p);
        for (uint64_t r = 0; r < walk; r++) {
            fb_pits u;
            tb_unrank(r, n, &u);
            assert_memory_equal(&u, &p, sizeof p);
            assert_int_equal(tb_rank(&p), r);
            int pits[12], sum = 0;
            board_of(&p, pits);
            for (int i = 0; i < 12; i++)
                sum += pits[i];
            assert_int_equal(sum, n);
            assert_int_equal(p.b[6] | p.b[7] | p.b[14] | p.b[15], 0);
            int more = tb_next(&p);
            assert_int_equal(more, r + 1 < size);
        }
        for (int i = 0; i < 300; i++) {
            uint64_t r = i == 0 ? size - 1 : t_rand(&seed) % size;
            fb_pits u;
            tb_unrank(r, n, &u);
            assert_int_equal(tb_rank(&u), r);
        }
        /* Random boards rank inside the layer and unrank back. */
        for (int i = 0; i < 300; i++) {
            fb_pits b;
            memset(&b, 0, sizeof b);
            for (int s = 0; s < n; s++) {
                const int pit = (int)(t_rand(&seed) % 12);
                b.b[FB_BYTE(pit)]++;
            }
            uint64_t r = tb_rank(&b);
            assert_true(r < size);
            fb_pits u;
            tb_unrank(r, n, &u);
            assert_memory_equal(&u, &b, sizeof b);
        }
    }
}

/* Unmoves are exactly the quiet moves played backwards. */
static void test_unmoves(void **state)
{
    (void)state;
    static const char *const presets[] = {"abapa", "grand-slam", "two-seeds"};
    uint64_t seed = 7;
    for (int ps = 0; ps < 3; ps++) {
        aw_rules r = t_rules(presets[ps], NULL);
        tb_key k;
        assert_int_equal(tb_key_of(&r, &k, NULL), 0);
        for (int i = 0; i < 3000; i++) {
            const int n = 1 + (int)(t_rand(&seed) % 20);
            fb_pits p;
            tb_unrank(t_rand(&seed) % tb_layer_size(n), n, &p);
            if (tb_board_status(&p) != AW_ONGOING)
                continue;
            unsigned mask = tb_moves(&p);
            while (mask) {
                const int from = __builtin_ctz(mask);
                mask &= mask - 1;
                fb_pits c;
                if (tb_play(&k, &p, from, &c))
                    continue;
                tb_turn(&c);
                fb_pits pred[6 * AW_SEEDS];
                int np = tb_unmoves(&k, &c, pred), found = 0;
                for (int j = 0; j < np; j++) {
                    found += memcmp(&pred[j], &p, sizeof p) == 0;
                    /* Each predecessor really leads to c quietly. */
                    unsigned m2 = tb_moves(&pred[j]);
                    int leads = 0;
                    while (m2) {
                        const int f2 = __builtin_ctz(m2);
                        m2 &= m2 - 1;
                        fb_pits c2;
                        if (tb_play(&k, &pred[j], f2, &c2) == 0) {
                            tb_turn(&c2);
                            leads += memcmp(&c2, &c, sizeof c) == 0;
                        }
                    }
                    assert_true(leads >= 1);
                }
                /* p reaches c by exactly one move here (one origin). */
                assert_int_equal(found, 1);
            }
        }
    }
}

/* ---------------------------------------------- values against a reference */

static void compare_with_reference(const char *preset, int seeds)
{
    aw_rules r = t_rules(preset, NULL);
    char *dir = temp_dir();
    build(dir, &r, seeds, false);
    aw_error err;
    aw_tables *t = aw_tables_open(dir, &r, 0, &err);
    if (!t)
        fail_msg("open: %s", err.msg);
    assert_int_equal(aw_tables_seeds(t), seeds);
    ref_tables *ref = ref_tables_solve(&r, seeds);
    const int planes = r.no_capture ? r.no_capture : 1;
    uint64_t checked = 0;
    for (int n = 0; n <= seeds; n++) {
        fb_pits p;
        tb_unrank(0, n, &p);
        do {
            aw_position pos;
            memset(&pos, 0, sizeof pos);
            for (int i = 0; i < 12; i++)
                pos.pits[i] = p.b[FB_BYTE(i)];
            pos.score[0] = (uint8_t)(48 - n);
            for (int c = 0; c < planes; c++) {
                /* Both sides to move: the table turns the board. */
                for (int side = 0; side < 2; side++) {
                    aw_position q = pos;
                    q.quiet = (uint16_t)c;
                    if (side) {
                        for (int i = 0; i < 12; i++)
                            q.pits[i] = pos.pits[(i + 6) % 12];
                        q.side = AW_NORTH;
                    }
                    int v;
                    assert_true(aw_tables_probe(t, &q, &v));
                    const int want = ref_tables_value(ref, &q);
                    if (v != want) {
                        char buf[AW_POSITION_MAX];
                        fail_msg("%s: %s: table %d, reference %d", preset,
                                 aw_position_format(&q, buf), v, want);
                    }
                    checked++;
                }
            }
        } while (tb_next(&p));
    }
    ref_tables_free(ref);
    aw_tables_close(t);
    remove_dir(dir);
    assert_true(checked > 1000);
}

static int small(int seeds) { return t_sanitized() ? seeds - 2 : seeds; }

static void test_reference_abapa(void **state) { (void)state, compare_with_reference("abapa", small(8)); }
static void test_reference_grand_slam(void **state)
{
    (void)state, compare_with_reference("grand-slam", small(7));
}
static void test_reference_two_seeds(void **state)
{
    (void)state, compare_with_reference("two-seeds", small(8));
}
static void test_reference_seven_turns(void **state)
{
    (void)state, compare_with_reference("seven-turns", small(7));
}
static void test_reference_custom(void **state)
{
    (void)state;
    /* Leftovers to the opponent, a short limit, captures of 1 and 3. */
    aw_rules r = t_rules("abapa", "cannot-feed=opponent empty-row=none captures=1,3");
    char *dir = temp_dir();
    build(dir, &r, small(7), false);
    aw_tables *t = aw_tables_open(dir, &r, 0, NULL);
    assert_non_null(t);
    ref_tables *ref = ref_tables_solve(&r, small(7));
    uint64_t seed = 11;
    for (int i = 0; i < 5000; i++) {
        const int n = (int)(t_rand(&seed) % (uint64_t)(small(7) + 1));
        fb_pits p;
        tb_unrank(t_rand(&seed) % tb_layer_size(n), n, &p);
        aw_position pos;
        memset(&pos, 0, sizeof pos);
        for (int j = 0; j < 12; j++)
            pos.pits[j] = p.b[FB_BYTE(j)];
        pos.score[1] = (uint8_t)(48 - n);
        int v;
        assert_true(aw_tables_probe(t, &pos, &v));
        assert_int_equal(v, ref_tables_value(ref, &pos));
    }
    ref_tables_free(ref);
    aw_tables_close(t);
    remove_dir(dir);
}

/* Every value of a bigger set is the best of its moves' values, and a
 * probed move list agrees with the probe. */
static void test_minimax_equation(void **state)
{
    (void)state;
    const int seeds = t_sanitized() ? 8 : 11;
    aw_rules r = t_rules("abapa", NULL);
    char *dir = temp_dir();
    build(dir, &r, seeds, false);
    aw_tables *t = aw_tables_open(dir, &r, 0, NULL);
    assert_non_null(t);
    uint64_t seed = 3;
    for (int i = 0; i < 20000; i++) {
        const int n = (int)(t_rand(&seed) % (uint64_t)(seeds + 1));
        fb_pits p;
        tb_unrank(t_rand(&seed) % tb_layer_size(n), n, &p);
        aw_position pos;
        memset(&pos, 0, sizeof pos);
        for (int j = 0; j < 12; j++)
            pos.pits[j] = p.b[FB_BYTE(j)];
        pos.score[0] = (uint8_t)(48 - n);
        pos.side = (uint8_t)(i & 1);
        int v;
        assert_true(aw_tables_probe(t, &pos, &v));
        aw_move moves[AW_MAX_MOVES];
        int values[AW_MAX_MOVES];
        int count = aw_tables_probe_moves(t, &pos, moves, values);
        assert_true(count >= 0);
        if (count == 0) {
            aw_rules nt = r;
            nt.target = 0;
            aw_status s = aw_position_status(&nt, &pos);
            assert_int_not_equal(s, AW_ONGOING);
            int sc[2];
            aw_final_scores(&nt, &pos, s, sc);
            const int me = pos.side;
            assert_int_equal(v, (sc[me] - pos.score[me]) - (sc[!me] - pos.score[!me]));
            continue;
        }
        int best = -1000;
        for (int m = 0; m < count; m++)
            best = values[m] > best ? values[m] : best;
        assert_int_equal(v, best);
        assert_true(v >= -n && v <= n);
    }
    aw_tables_close(t);
    remove_dir(dir);
}

/* -------------------------------------------------------------- the files */

static void expect_open_error(const char *dir, const aw_rules *r, const char *what)
{
    aw_error err;
    aw_tables *t = aw_tables_open(dir, r, 0, &err);
    if (t)
        fail_msg("a damaged set opened (expected '%s')", what);
    if (!strstr(err.msg, what))
        fail_msg("message '%s' lacks '%s'", err.msg, what);
}

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    assert_non_null(a);
    assert_non_null(b);
    int c;
    while ((c = fgetc(a)) != EOF)
        fputc(c, b);
    fclose(a);
    fclose(b);
}

static void poke(const char *path, long at, int delta)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, at, SEEK_SET);
    int c = fgetc(f);
    fseek(f, at, SEEK_SET);
    fputc((c + delta) & 0xFF, f);
    fclose(f);
}

static void test_damaged_files(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL), gs = t_rules("grand-slam", NULL);
    char *dir = temp_dir();
    build(dir, &r, 6, false);
    build(dir, &gs, 3, false);
    char l3[4200], l4[4200], l6[4200], save[4300], g3[4200];
    layer_path(dir, &r, 3, l3, sizeof l3);
    layer_path(dir, &r, 4, l4, sizeof l4);
    layer_path(dir, &r, 6, l6, sizeof l6);
    layer_path(dir, &gs, 3, g3, sizeof g3);
    snprintf(save, sizeof save, "%s.save", l4);
    copy_file(l4, save);

    /* A flipped value byte: the block checksum. */
    poke(l4, TB_HEADER_SIZE + TB_BLOCK_ENTRY_SIZE + 100, 1);
    expect_open_error(dir, &r, "checksum");
    expect_open_error(dir, &r, "layer-04");
    copy_file(save, l4);
    /* A flipped header byte. */
    poke(l4, 30, 1);
    expect_open_error(dir, &r, "damaged header");
    copy_file(save, l4);
    /* A flipped block-index byte. */
    poke(l4, TB_HEADER_SIZE + 2, 1);
    expect_open_error(dir, &r, "block index");
    copy_file(save, l4);
    /* Truncated. */
    assert_int_equal(truncate(l4, 1000), 0);
    expect_open_error(dir, &r, "truncated");
    assert_int_equal(truncate(l4, 50), 0);
    expect_open_error(dir, &r, "truncated");
    assert_int_equal(truncate(l4, 0), 0);
    expect_open_error(dir, &r, "truncated");
    /* Not a table at all. */
    FILE *f = fopen(l4, "wb");
    for (int i = 0; i < 400; i++)
        fputc('x', f);
    fclose(f);
    expect_open_error(dir, &r, "not an awale endgame table");
    /* Another layer under this name, another rule set's layer. */
    copy_file(l3, l4);
    expect_open_error(dir, &r, "holds the layer of 3 seeds");
    copy_file(g3, l4);
    expect_open_error(dir, &r, "built for other rules (grand-slam)");
    copy_file(g3, l3);
    expect_open_error(dir, &r, "built for other rules (grand-slam)");

    /* A build finds the damage and builds those layers again. */
    build(dir, &r, 6, false);
    aw_tables *t = aw_tables_open(dir, &r, 0, NULL);
    assert_non_null(t);
    assert_int_equal(aw_tables_seeds(t), 6);
    aw_tables_close(t);

    /* A missing layer ends the set; the build resumes from it. */
    assert_int_equal(remove(l6), 0);
    t = aw_tables_open(dir, &r, 0, NULL);
    assert_int_equal(aw_tables_seeds(t), 5);
    aw_tables_close(t);
    /* Nothing for the relay game, nothing in an empty directory. */
    aw_rules relay = t_rules("relay", NULL);
    aw_error err;
    assert_null(aw_tables_open(dir, &relay, 0, &err));
    assert_non_null(strstr(err.msg, "Oware"));
    char *empty = temp_dir();
    expect_open_error(empty, &r, "no endgame tables");
    remove_dir(empty);
    remove_dir(dir);
}

static int stop_at_layer_5(void *ctx, const aw_tables_progress *p)
{
    (void)ctx;
    return p->seeds >= 5;
}

static void test_interrupt_and_resume(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", NULL);
    char *dir = temp_dir(), *whole = temp_dir();
    aw_tables_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seeds = 7;
    opt.progress = stop_at_layer_5;
    aw_error err;
    assert_int_equal(aw_tables_build(dir, &r, &opt, &err), -1);
    assert_non_null(strstr(err.msg, "interrupted"));
    aw_tables *t = aw_tables_open(dir, &r, 0, NULL);
    assert_non_null(t);
    assert_true(aw_tables_seeds(t) >= 4 && aw_tables_seeds(t) < 7);
    aw_tables_close(t);
    /* Resume, and compare with a build in one go. */
    build(dir, &r, 7, false);
    build(whole, &r, 7, false);
    for (int n = 0; n <= 7; n++) {
        char a[4200], b[4200];
        layer_path(dir, &r, n, a, sizeof a);
        layer_path(whole, &r, n, b, sizeof b);
        int8_t *va, *vb;
        uint64_t ea, eb;
        assert_int_equal(tb_load_layer(a, &(tb_key){0}, n, &va, &ea, NULL), -1);
        tb_key k;
        tb_key_of(&r, &k, NULL);
        assert_int_equal(tb_load_layer(a, &k, n, &va, &ea, NULL), 0);
        assert_int_equal(tb_load_layer(b, &k, n, &vb, &eb, NULL), 0);
        assert_int_equal(ea, eb);
        assert_memory_equal(va, vb, ea);
        free(va);
        free(vb);
    }
    remove_dir(dir);
    remove_dir(whole);
}

static void test_compressed(void **state)
{
    (void)state;
    if (!tb_zstd_available())
        skip();
    aw_rules r = t_rules("seven-turns", NULL);
    char *a = temp_dir(), *b = temp_dir();
    build(a, &r, 6, false);
    build(b, &r, 6, true);
    aw_tables *ta = aw_tables_open(a, &r, 0, NULL), *tb = aw_tables_open(b, &r, 0, NULL);
    assert_non_null(ta);
    assert_non_null(tb);
    uint64_t seed = 5;
    for (int i = 0; i < 5000; i++) {
        const int n = (int)(t_rand(&seed) % 7);
        fb_pits p;
        tb_unrank(t_rand(&seed) % tb_layer_size(n), n, &p);
        aw_position pos;
        memset(&pos, 0, sizeof pos);
        for (int j = 0; j < 12; j++)
            pos.pits[j] = p.b[FB_BYTE(j)];
        pos.quiet = (uint16_t)(t_rand(&seed) % 16);
        int va, vb;
        assert_true(aw_tables_probe(ta, &pos, &va));
        assert_true(aw_tables_probe(tb, &pos, &vb));
        assert_int_equal(va, vb);
    }
    aw_tables_close(ta);
    aw_tables_close(tb);
    /* A damaged compressed block is refused. */
    char l6[4200];
    layer_path(b, &r, 6, l6, sizeof l6);
    poke(l6, TB_HEADER_SIZE + TB_BLOCK_ENTRY_SIZE + 40, 7);
    aw_error err;
    assert_null(aw_tables_open(b, &r, 0, &err));
    assert_non_null(strstr(err.msg, "block 0"));
    remove_dir(a);
    remove_dir(b);
}

static void test_supported(void **state)
{
    (void)state;
    aw_rules r = t_rules("abapa", "no-capture=30 repetition=2");
    aw_error err;
    assert_int_equal(aw_tables_supported(&r, &err), -1);
    assert_non_null(strstr(err.msg, "repetition"));
    r = t_rules("abapa", "no-capture=20 repetition=3");
    assert_int_equal(aw_tables_supported(&r, NULL), 0);
    r = t_rules("abapa", "target=30 play-on=yes");
    tb_key a, b;
    aw_rules plain = t_rules("abapa", NULL);
    assert_int_equal(tb_key_of(&r, &a, NULL), 0);
    assert_int_equal(tb_key_of(&plain, &b, NULL), 0);
    assert_memory_equal(&a, &b, sizeof a); /* the target is not in the key */
    char name[128];
    tb_key_dirname(&a, name, sizeof name);
    assert_string_equal(name, "abapa");
    r = t_rules("abapa", "captures=2");
    tb_key_of(&r, &a, NULL);
    tb_key_dirname(&a, name, sizeof name);
    assert_string_equal(name, "two-seeds");
    r = t_rules("abapa", "captures=2,4");
    tb_key_of(&r, &a, NULL);
    tb_key_dirname(&a, name, sizeof name);
    assert_string_equal(name, "custom-cap2.4-slamvoid-feedmover-rowowner-nc0");
}


/* ------------------------------------------------------------ the engine */

/* The engine with the tables, from a position they call won, plays it out
 * against the engine without them: it never loses, and (the target off, so
 * every seed is counted) it gets at least the value the tables promised.
 * This holds where the tables are exact: with a no-capture limit, or
 * without a repetition rule, where a game still going after many plies is
 * endless and scored by the tables' convention (the board split evenly, so
 * the margin is the score difference). Under a repetition rule that gives
 * each player his own row, a value that relies on a cycle is a convention
 * (docs/tables.md), so abapa is played with repetition=0. */
static aw_move engine_move(aw_engine *e, const aw_game *g, int depth)
{
    aw_limits limits = {0};
    limits.depth = depth;
    aw_search_result res;
    assert_int_equal(aw_engine_set_game(e, g, NULL), 0);
    assert_int_equal(aw_search_run(e, &limits, NULL, NULL, &res, NULL), 0);
    return res.best;
}

static void play_out(const char *preset, const char *overrides, int games)
{
    const int seeds = t_sanitized() ? 8 : 10;
    aw_rules r = t_rules(preset, overrides);
    char *dir = temp_dir();
    build(dir, &r, seeds, false);
    aw_tables *t = aw_tables_open(dir, &r, 0, NULL);
    assert_non_null(t);
    aw_engine *with = aw_engine_new(NULL), *without = aw_engine_new(NULL);
    assert_non_null(with);
    assert_non_null(without);
    aw_engine_set_option(with, "Hash", "4", NULL);
    aw_engine_set_option(without, "Hash", "4", NULL);
    aw_engine_set_probe(with, aw_tables_probe_hook, t, aw_tables_seeds(t));
    uint64_t seed = 21;
    int played = 0;
    while (played < games) {
        const int n = 4 + 2 * (int)(t_rand(&seed) % (uint64_t)((seeds - 4) / 2 + 1));
        fb_pits p;
        tb_unrank(t_rand(&seed) % tb_layer_size(n), n, &p);
        aw_position pos;
        memset(&pos, 0, sizeof pos);
        for (int j = 0; j < 12; j++)
            pos.pits[j] = p.b[FB_BYTE(j)];
        pos.score[0] = pos.score[1] = (uint8_t)((48 - n) / 2);
        pos.side = (uint8_t)(t_rand(&seed) & 1);
        int value;
        assert_true(aw_tables_probe(t, &pos, &value));
        if (value <= 0 || aw_position_status(&r, &pos) != AW_ONGOING)
            continue;
        played++;
        const int hero = pos.side;
        aw_game *g = aw_game_new(&r, &pos);
        aw_engine_clear(with);
        aw_engine_clear(without);
        for (int ply = 0; aw_game_status(g) == AW_ONGOING && ply < 300; ply++) {
            const bool mine = aw_game_position(g)->side == hero;
            aw_move m = engine_move(mine ? with : without, g, mine ? 10 : 6);
            assert_int_equal(aw_game_play(g, m, NULL), 0);
        }
        int sc[2];
        aw_game_scores(g, sc); /* still going: endless, the board split evenly */
        if (aw_game_status(g) == AW_ONGOING)
            assert_true(r.repetition == 0 && r.no_capture == 0 && aw_game_position(g)->quiet >= 100);
        char buf[AW_POSITION_MAX];
        if (sc[hero] <= sc[!hero])
            fail_msg("%s: won (value %d) from %s, but the game ended %d-%d", preset, value,
                     aw_position_format(&pos, buf), sc[0], sc[1]);
        if (r.target == 0 && sc[hero] - sc[!hero] < value)
            fail_msg("%s: value %d from %s, but the margin was %d", preset, value,
                     aw_position_format(&pos, buf), sc[hero] - sc[!hero]);
        aw_game_free(g);
    }
    aw_engine_free(with);
    aw_engine_free(without);
    aw_tables_close(t);
    remove_dir(dir);
}

static void test_engine_keeps_wins(void **state)
{
    (void)state;
    const int games = t_sanitized() ? 4 : 15;
    play_out("abapa", "repetition=0", games);
    play_out("abapa", "repetition=0 target=0", games);
    play_out("two-seeds", "repetition=0 target=0", games);
    play_out("grand-slam", "target=0", games);
    play_out("seven-turns", "target=0", games);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_index_round_trip),
        cmocka_unit_test(test_unmoves),
        cmocka_unit_test(test_supported),
        cmocka_unit_test(test_reference_abapa),
        cmocka_unit_test(test_reference_grand_slam),
        cmocka_unit_test(test_reference_two_seeds),
        cmocka_unit_test(test_reference_seven_turns),
        cmocka_unit_test(test_reference_custom),
        cmocka_unit_test(test_minimax_equation),
        cmocka_unit_test(test_damaged_files),
        cmocka_unit_test(test_interrupt_and_resume),
        cmocka_unit_test(test_compressed),
        cmocka_unit_test(test_engine_keeps_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
