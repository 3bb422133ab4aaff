/*
 * test_record_tree.c - the record's move tree (src/rules/record_tree.c) and
 * its text, variations in parentheses (record.c, record_read.c).
 *
 * - Random trees of every rule set, grown, promoted, cut and played on
 *   through the game, checked after every step against a naive reference
 *   kept by the test (parents, children in order, main line, depths, the
 *   comments a promotion moves), every node's game against its path
 *   replayed from the start, and the main line against aw_record_game;
 * - the text of each tree against a naive recursive writer of the test,
 *   and write -> read -> write giving the same text and the same tree;
 * - hand-written texts with nested variations and comments read to the
 *   right tree and replay their main line;
 * - every malformed nesting refused with its line and words; the limits.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------ the naive reference */

enum { REF_MAX = 4096 };

typedef struct ref {
    bool alive[REF_MAX];
    int parent[REF_MAX];
    aw_move move[REF_MAX];
    int kids[REF_MAX][AW_MAX_MOVES + 4];
    int nkids[REF_MAX];
    char *comment[REF_MAX], *before[REF_MAX];
    int mark[REF_MAX];
} ref;

static void ref_free_strings(ref *r, int n)
{
    free(r->comment[n]);
    free(r->before[n]);
    r->comment[n] = r->before[n] = NULL;
}

static void ref_init(ref *r)
{
    memset(r, 0, sizeof *r);
    r->alive[0] = true;
    r->parent[0] = -1;
    r->move[0] = AW_MOVE_NONE;
}

static void ref_clear(ref *r)
{
    for (int i = 0; i < REF_MAX; i++)
        ref_free_strings(r, i);
}

static char *join(const char *a, const char *b)
{
    if (!a)
        return b ? strdup(b) : NULL;
    if (!b)
        return strdup(a);
    char *j = malloc(strlen(a) + strlen(b) + 2);
    sprintf(j, "%s %s", a, b);
    return j;
}

/* Node n became the first child: its comment before goes to its parent. */
static void ref_became_first(ref *r, int n)
{
    if (!r->before[n])
        return;
    int p = r->parent[n];
    char *j = join(r->comment[p], r->before[n]);
    free(r->comment[p]);
    r->comment[p] = j;
    free(r->before[n]);
    r->before[n] = NULL;
}

static void ref_add(ref *r, int parent, int id, aw_move m)
{
    assert_true(id > 0 && id < REF_MAX);
    assert_false(r->alive[id]);
    r->alive[id] = true;
    r->parent[id] = parent;
    r->move[id] = m;
    r->nkids[id] = 0;
    r->mark[id] = 0;
    r->kids[parent][r->nkids[parent]++] = id;
}

static void ref_kill(ref *r, int n)
{
    for (int i = 0; i < r->nkids[n]; i++)
        ref_kill(r, r->kids[n][i]);
    r->alive[n] = false;
    r->nkids[n] = 0;
    ref_free_strings(r, n);
}

static void ref_delete(ref *r, int n)
{
    int p = r->parent[n], i = 0;
    while (r->kids[p][i] != n)
        i++;
    memmove(&r->kids[p][i], &r->kids[p][i + 1], sizeof(int) * (size_t)(r->nkids[p] - i - 1));
    r->nkids[p]--;
    ref_kill(r, n);
    if (i == 0 && r->nkids[p] > 0)
        ref_became_first(r, r->kids[p][0]);
}

static void ref_promote(ref *r, int n)
{
    int p = r->parent[n], i = 0;
    while (r->kids[p][i] != n)
        i++;
    if (i == 0)
        return;
    memmove(&r->kids[p][1], &r->kids[p][0], sizeof(int) * (size_t)i);
    r->kids[p][0] = n;
    ref_became_first(r, n);
}

static int ref_depth(const ref *r, int n)
{
    int d = 0;
    for (; r->parent[n] >= 0; n = r->parent[n])
        d += r->kids[r->parent[n]][0] != n;
    return d;
}

static int ref_ply(const ref *r, int n)
{
    int k = 0;
    for (; r->parent[n] >= 0; n = r->parent[n])
        k++;
    return k;
}

/* The game of node n, replayed from the start along its path. */
static aw_game *ref_game(const ref *r, const aw_record *rec, int n)
{
    aw_move path[AW_RECORD_MOVES_MAX];
    int k = 0;
    for (; r->parent[n] >= 0; n = r->parent[n])
        path[k++] = r->move[n];
    const aw_game *g = aw_record_game_const(rec);
    aw_game *out = aw_game_new(aw_game_rules(g), aw_game_start(g));
    while (k-- > 0)
        assert_int_equal(aw_game_play(out, path[k], NULL), 0);
    return out;
}

static void check_same_string(const char *a, const char *b)
{
    assert_true((a == NULL) == (b == NULL));
    if (a)
        assert_string_equal(a, b);
}

/* The library's tree is the reference's, node by node. */
static void check_tree(const ref *r, const aw_record *rec)
{
    const int limit = aw_record_node_limit(rec);
    assert_true(limit <= REF_MAX);
    for (int n = 0; n < REF_MAX; n++) {
        assert_int_equal(aw_record_node_exists(rec, n), r->alive[n]);
        if (!r->alive[n])
            continue;
        assert_true(n < limit);
        assert_int_equal(aw_record_node_parent(rec, n), r->parent[n]);
        assert_int_equal(aw_record_node_move(rec, n), r->move[n]);
        assert_int_equal(aw_record_node_ply(rec, n), ref_ply(r, n));
        assert_int_equal(aw_record_node_depth(rec, n), ref_depth(r, n));
        assert_int_equal(aw_record_node_on_main_line(rec, n), ref_depth(r, n) == 0);
        assert_int_equal(aw_record_node_children(rec, n), r->nkids[n]);
        for (int i = 0; i < r->nkids[n]; i++)
            assert_int_equal(aw_record_node_child(rec, n, i), r->kids[n][i]);
        assert_int_equal(aw_record_node_child(rec, n, r->nkids[n]), -1);
        assert_int_equal(aw_record_node_mark(rec, n), r->mark[n]);
        check_same_string(aw_record_node_comment(rec, n), r->comment[n]);
        check_same_string(aw_record_node_comment_before(rec, n), r->before[n]);
    }
    /* The main line is the game, with its comments and marks by ply. */
    const aw_game *g = aw_record_game_const(rec);
    int n = 0;
    for (int k = 0;; k++) {
        check_same_string(aw_record_comment(rec, k), r->comment[n]);
        if (r->nkids[n] == 0) {
            assert_int_equal(aw_game_ply(g), k);
            break;
        }
        n = r->kids[n][0];
        assert_true(k < aw_game_ply(g));
        assert_int_equal(aw_game_move(g, k), r->move[n]);
        assert_int_equal(aw_record_mark(rec, k), r->mark[n]);
    }
}

/* Every node's game is its path replayed from the start. */
static void check_games(const ref *r, const aw_record *rec)
{
    for (int n = 0; n < REF_MAX; n++) {
        if (!r->alive[n])
            continue;
        aw_error err;
        aw_game *a = aw_record_node_game(rec, n, &err);
        if (!a)
            fail_msg("node %d: %s", n, err.msg);
        aw_game *b = ref_game(r, rec, n);
        assert_int_equal(aw_game_ply(a), aw_game_ply(b));
        assert_memory_equal(aw_game_position(a), aw_game_position(b), sizeof(aw_position));
        if (aw_game_status(a) != AW_END_AGREEMENT)
            assert_int_equal(aw_game_status(a), aw_game_status(b));
        aw_game_free(a);
        aw_game_free(b);
    }
}

/* ------------------------------------------- the naive reference writer */

typedef struct outtext {
    char s[1 << 18];
    size_t n;
} outtext;

static void word(outtext *t, const char *w)
{
    size_t len = strlen(w);
    assert_true(t->n + len + 2 < sizeof t->s);
    if (t->n && t->s[t->n - 1] != '(')
        t->s[t->n++] = ' ';
    memcpy(t->s + t->n, w, len + 1);
    t->n += len;
}

static void ref_write_line(const ref *r, outtext *t, int n, int first_side, const aw_rules *rules)
{
    bool numbered = true;
    for (;;) {
        int k = ref_ply(r, n) - 1;
        int side = (first_side + k) % 2;
        int round = first_side == AW_SOUTH ? k / 2 + 1 : (k + 1) / 2 + 1;
        char w[64], mv[AW_MOVE_MAX];
        if (side == AW_SOUTH || numbered) {
            snprintf(w, sizeof w, "%d%s", round, side == AW_SOUTH ? "." : "...");
            word(t, w);
        }
        aw_move_format(rules, r->move[n], mv);
        snprintf(w, sizeof w, "%s%s", mv, aw_mark_text((aw_mark)r->mark[n]));
        word(t, w);
        numbered = false;
        if (r->comment[n]) {
            char *c = malloc(strlen(r->comment[n]) + 3);
            sprintf(c, "{%s}", r->comment[n]);
            word(t, c);
            free(c);
            numbered = true;
        }
        int p = r->parent[n];
        if (r->kids[p][0] == n)
            for (int i = 1; i < r->nkids[p]; i++) {
                word(t, "(");
                int v = r->kids[p][i];
                if (r->before[v]) {
                    char *c = malloc(strlen(r->before[v]) + 3);
                    sprintf(c, "{%s}", r->before[v]);
                    word(t, c);
                    free(c);
                }
                ref_write_line(r, t, v, first_side, rules);
                t->s[t->n++] = ')';
                t->s[t->n] = 0;
                numbered = true;
            }
        if (r->nkids[n] == 0)
            return;
        n = r->kids[n][0];
    }
}

/* The movetext of the library's text with its lines joined. */
static const char *movetext_of(char *formatted)
{
    char *body = strstr(formatted, "\n\n");
    assert_non_null(body);
    body += 2;
    for (char *c = body; *c; c++)
        if (*c == '\n')
            *c = ' ';
    size_t n = strlen(body);
    while (n && body[n - 1] == ' ')
        body[--n] = 0;
    return body;
}

static void check_text(const ref *r, const aw_record *rec)
{
    static outtext t;
    t.n = 0;
    t.s[0] = 0;
    const aw_game *g = aw_record_game_const(rec);
    if (r->comment[0]) {
        char *c = malloc(strlen(r->comment[0]) + 3);
        sprintf(c, "{%s}", r->comment[0]);
        word(&t, c);
        free(c);
    }
    if (r->nkids[0])
        ref_write_line(r, &t, r->kids[0][0], aw_game_start(g)->side, aw_game_rules(g));
    word(&t, aw_record_result(rec));
    char *s = aw_record_format(rec);
    assert_non_null(s);
    /* every line within 79 columns unless one word is longer */
    for (const char *l = s; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = (size_t)(e - l);
        if (len > 79)
            assert_null(memchr(l, ' ', len));
        l = e + 1;
    }
    assert_string_equal(movetext_of(s), t.s);
    free(s);
}

/* Two trees alike, node by node (ids may differ). */
static void check_same_tree(const aw_record *a, int na, const aw_record *b, int nb)
{
    int stack_a[4096], stack_b[4096], top = 0;
    stack_a[top] = na;
    stack_b[top++] = nb;
    while (top > 0) {
        top--;
        int x = stack_a[top], y = stack_b[top];
        assert_int_equal(aw_record_node_move(a, x), aw_record_node_move(b, y));
        assert_int_equal(aw_record_node_mark(a, x), aw_record_node_mark(b, y));
        check_same_string(aw_record_node_comment(a, x), aw_record_node_comment(b, y));
        check_same_string(aw_record_node_comment_before(a, x), aw_record_node_comment_before(b, y));
        int k = aw_record_node_children(a, x);
        assert_int_equal(k, aw_record_node_children(b, y));
        for (int i = 0; i < k; i++) {
            assert_true(top < 4096);
            stack_a[top] = aw_record_node_child(a, x, i);
            stack_b[top++] = aw_record_node_child(b, y, i);
        }
    }
}

/* Write, read, write: the same text and the same tree. */
static void check_round_trip(const aw_record *rec)
{
    char *s = aw_record_format(rec);
    const char *p = s;
    int line = 1;
    aw_error err;
    aw_record *back = aw_record_read(&p, &line, &err);
    if (!back)
        fail_msg("does not read back: %s\n%s", err.msg, s);
    char *again = aw_record_format(back);
    assert_string_equal(s, again);
    check_same_tree(rec, AW_RECORD_ROOT, back, AW_RECORD_ROOT);
    const aw_game *ga = aw_record_game_const(rec), *gb = aw_record_game_const(back);
    assert_int_equal(aw_game_ply(ga), aw_game_ply(gb));
    for (int k = 0; k < aw_game_ply(ga); k++)
        assert_int_equal(aw_game_move(ga, k), aw_game_move(gb, k));
    assert_int_equal(aw_game_status(ga), aw_game_status(gb));
    free(again);
    free(s);
    aw_record_free(back);
}

/* ------------------------------------------------------- random trees */

static const char *const words[] = {"good", "(bad)", "\"q\"", "{open", "a-b", "1-0", "12.",
                                    "C", "été", "(", ")", "*", ";"};

static char *random_comment(uint64_t *rng)
{
    char buf[160] = "";
    int n = 1 + (int)(t_rand(rng) % 6);
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(buf, t_rand(rng) % 4 ? " " : " \n\t ");
        strcat(buf, words[t_rand(rng) % (sizeof words / sizeof words[0])]);
    }
    /* what the record keeps: white space collapsed */
    char *out = malloc(strlen(buf) + 1);
    size_t k = 0;
    bool space = false;
    for (const char *c = buf; *c; c++) {
        if ((unsigned char)*c <= ' ') {
            space = k > 0;
            continue;
        }
        if (space)
            out[k++] = ' ';
        space = false;
        out[k++] = *c;
    }
    out[k] = 0;
    return out;
}

/* A random living node of the reference (-1: none but the root). */
static int random_node(const ref *r, uint64_t *rng, int limit, bool root_too)
{
    int alive = 0;
    for (int n = root_too ? 0 : 1; n < limit; n++)
        alive += r->alive[n];
    if (alive == 0)
        return -1;
    int pick = (int)(t_rand(rng) % (uint64_t)alive);
    for (int n = root_too ? 0 : 1; n < limit; n++)
        if (r->alive[n] && pick-- == 0)
            return n;
    return -1;
}

static void grow_tree(uint64_t *rng, int steps, bool check_each)
{
    int preset = (int)(t_rand(rng) % (uint64_t)aw_rules_preset_count());
    aw_rules rules = t_rules(aw_rules_preset_name(preset), NULL);
    aw_position start = aw_position_start(t_rand(rng) % 3 == 0 ? AW_NORTH : AW_SOUTH);
    aw_record *rec = aw_record_new(&rules, &start);
    static ref r;
    ref_init(&r);
    aw_error err;
    int nodes = 1;
    for (int step = 0; step < steps; step++) {
        int limit = aw_record_node_limit(rec);
        int what = (int)(t_rand(rng) % 100);
        if (what < 60 || nodes < 3) { /* add a move, mostly at the leaves */
            int n = random_node(&r, rng, limit, true);
            for (int i = 0; i < 3 && r.nkids[n] > 0; i++)
                n = r.kids[n][t_rand(rng) % 3 == 0 ? r.nkids[n] - 1 : 0];
            aw_game *g = aw_record_node_game(rec, n, &err);
            assert_non_null(g);
            aw_move moves[AW_MAX_MOVES];
            int k = aw_game_legal(g, moves);
            aw_game_free(g);
            if (k == 0) {
                assert_int_equal(aw_record_node_add(rec, n, 0, &err), -1);
                continue;
            }
            aw_move m = moves[t_rand(rng) % (uint64_t)k];
            int existing = -1;
            for (int i = 0; i < r.nkids[n]; i++)
                if (r.move[r.kids[n][i]] == m)
                    existing = r.kids[n][i];
            int id = aw_record_node_add(rec, n, m, &err);
            if (id < 0)
                fail_msg("add: %s", err.msg);
            if (existing >= 0) {
                assert_int_equal(id, existing);
            } else {
                if (id >= REF_MAX)
                    break;
                ref_add(&r, n, id, m);
                nodes++;
            }
        } else if (what < 70) {
            int n = random_node(&r, rng, limit, false);
            if (n < 0)
                continue;
            assert_int_equal(aw_record_node_promote(rec, n, &err), 0);
            ref_promote(&r, n);
        } else if (what < 74) {
            int n = random_node(&r, rng, limit, false);
            if (n < 0)
                continue;
            assert_int_equal(aw_record_node_delete(rec, n, &err), 0);
            ref_delete(&r, n);
        } else if (what < 82) {
            int n = random_node(&r, rng, limit, true);
            char *c = t_rand(rng) % 5 ? random_comment(rng) : NULL;
            assert_int_equal(aw_record_node_set_comment(rec, n, c, &err), 0);
            free(r.comment[n]);
            r.comment[n] = c;
        } else if (what < 87) {
            int n = random_node(&r, rng, limit, false);
            if (n < 0)
                continue;
            char *c = t_rand(rng) % 5 ? random_comment(rng) : NULL;
            bool head = r.kids[r.parent[n]][0] != n;
            assert_int_equal(aw_record_node_set_comment_before(rec, n, c, &err), head ? 0 : -1);
            if (head) {
                free(r.before[n]);
                r.before[n] = c;
            } else {
                free(c);
            }
        } else if (what < 93) {
            int n = random_node(&r, rng, limit, false);
            if (n < 0)
                continue;
            int m = (int)(t_rand(rng) % 7);
            assert_int_equal(aw_record_node_set_mark(rec, n, (aw_mark)m, &err), 0);
            r.mark[n] = m;
        } else if (what < 97) { /* take back moves on the game itself */
            aw_game *g = aw_record_game(rec);
            int u = (int)(t_rand(rng) % 4);
            if (u > aw_game_ply(g))
                u = aw_game_ply(g);
            if (aw_game_status(g) == AW_END_AGREEMENT)
                continue;
            aw_game_undo(g, u);
            int n = 0;
            for (int k = 0; k < aw_game_ply(g); k++)
                n = r.kids[n][0];
            while (r.nkids[n] > 0)
                ref_delete(&r, r.kids[n][r.nkids[n] - 1]);
        } else { /* play on the game itself */
            aw_game *g = aw_record_game(rec);
            aw_move moves[AW_MAX_MOVES];
            int k = aw_game_legal(g, moves);
            if (k == 0)
                continue;
            aw_move m = moves[t_rand(rng) % (uint64_t)k];
            assert_int_equal(aw_game_play(g, m, NULL), 0);
            int n = 0;
            for (int i = 0; i + 1 < aw_game_ply(g); i++)
                n = r.kids[n][0];
            int id = aw_record_node_child(rec, n, 0); /* syncs */
            assert_true(r.nkids[n] == 0);
            if (id >= REF_MAX)
                break;
            ref_add(&r, n, id, m);
        }
        if (check_each || step == steps - 1) {
            check_tree(&r, rec);
            check_text(&r, rec);
        }
    }
    check_games(&r, rec);
    check_round_trip(rec);
    ref_clear(&r);
    aw_record_free(rec);
}

static void random_trees(void **state)
{
    (void)state;
    uint64_t rng = 22;
    const int count = t_sanitized() ? 30 : 120;
    for (int i = 0; i < count; i++)
        grow_tree(&rng, 40 + (int)(t_rand(&rng) % 300), i % 4 == 0);
}

/* ------------------------------------------------ hand-written texts */

static aw_record *read_ok(const char *text)
{
    const char *p = text;
    int line = 1;
    aw_error err;
    aw_record *rec = aw_record_read(&p, &line, &err);
    if (!rec)
        fail_msg("%s\n%s", err.msg, text);
    return rec;
}

static void nested_variations(void **state)
{
    (void)state;
    const char *text = "[Event \"Study\"]\n\n"
                       "{start} 1. C f {main} (1... b!? {b is sharp} 2. A (2. D? {no} d) 2... c) "
                       "({second} 1... e 2. B) 2. D?! d ; a line comment\n"
                       "(2... a) 3. A *\n";
    aw_record *rec = read_ok(text);
    const aw_game *g = aw_record_game_const(rec);
    /* the main line: C f D d A */
    const char *main[] = {"C", "f", "D", "d", "A"};
    assert_int_equal(aw_game_ply(g), 5);
    for (int k = 0; k < 5; k++) {
        char mv[AW_MOVE_MAX];
        aw_move_format(aw_game_rules(g), aw_game_move(g, k), mv);
        assert_string_equal(mv, main[k]);
    }
    aw_game *replay = aw_game_new(aw_game_rules(g), NULL);
    for (int k = 0; k < 5; k++)
        assert_int_equal(aw_game_play(replay, aw_game_move(g, k), NULL), 0);
    assert_memory_equal(aw_game_position(replay), aw_game_position(g), sizeof(aw_position));
    aw_game_free(replay);
    assert_string_equal(aw_record_comment(rec, 0), "start");
    assert_string_equal(aw_record_comment(rec, 2), "main");
    assert_string_equal(aw_record_comment(rec, 4), "a line comment");
    assert_int_equal(aw_record_mark(rec, 2), AW_MARK_DUBIOUS);
    /* node C has children f, b, e */
    int c = aw_record_node_child(rec, AW_RECORD_ROOT, 0);
    assert_int_equal(aw_record_node_children(rec, c), 3);
    int b = aw_record_node_child(rec, c, 1), e = aw_record_node_child(rec, c, 2);
    assert_int_equal(aw_record_node_mark(rec, b), AW_MARK_INTERESTING);
    assert_string_equal(aw_record_node_comment(rec, b), "b is sharp");
    assert_null(aw_record_node_comment_before(rec, b));
    assert_string_equal(aw_record_node_comment_before(rec, e), "second");
    assert_int_equal(aw_record_node_depth(rec, e), 1);
    int a2 = aw_record_node_child(rec, b, 0);
    assert_int_equal(aw_record_node_children(rec, b), 2);
    int d2 = aw_record_node_child(rec, b, 1);
    assert_int_equal(aw_record_node_depth(rec, d2), 2);
    assert_string_equal(aw_record_node_comment(rec, d2), "no");
    assert_int_equal(aw_record_node_mark(rec, d2), AW_MARK_MISTAKE);
    assert_int_equal(aw_record_node_ply(rec, aw_record_node_child(rec, a2, 0)), 4);
    /* as written */
    char *s = aw_record_format(rec);
    if (!strstr(s, "{start} 1. C f {main} (1... b!? {b is sharp} 2. A (2. D? {no} "
                              "2... d) 2... c)\n({second} 1... e 2. B) 2. D?! d {a line comment} "
                              "(2... a) 3. A *\n"))
        fail_msg("%s", s);
    free(s);
    check_round_trip(rec);
    aw_record_free(rec);
}

/* A long line of ')' at the end of a line of text goes to the next line
 * with its word rather than passing 79 columns. */
static void closing_wraps(void **state)
{
    (void)state;
    aw_rules rules = t_rules("abapa", NULL);
    aw_record *rec = aw_record_new(&rules, NULL);
    int n = AW_RECORD_ROOT;
    uint64_t rng = 5;
    for (int k = 0; k < 40; k++) {
        aw_game *g = aw_record_node_game(rec, n, NULL);
        aw_move moves[AW_MAX_MOVES];
        int cnt = aw_game_legal(g, moves);
        aw_game_free(g);
        if (cnt < 2)
            break;
        int first = aw_record_node_add(rec, n, moves[0], NULL);
        int v = aw_record_node_add(rec, n, moves[1], NULL);
        assert_true(first > 0 && v > 0);
        char c[40];
        snprintf(c, sizeof c, "w%d", (int)(t_rand(&rng) % 1000));
        assert_int_equal(aw_record_node_set_comment(rec, v, c, NULL), 0);
        n = first;
    }
    char *s = aw_record_format(rec);
    for (const char *l = s; *l;) {
        const char *e = strchr(l, '\n');
        assert_true(e - l <= 79);
        l = e + 1;
    }
    free(s);
    check_round_trip(rec);
    aw_record_free(rec);
}

/* ------------------------------------------------------ bad texts */

static void bad_nesting(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *msg;
    } cases[] = {
        {"(1. C) *\n", "line 1: '(' opens a variation but no move comes before it"},
        {"1. C ((1. D)) *\n", "line 1: '(' opens a variation but no move comes before it"},
        {"1. C f\n2. A) *\n", "line 2: ')' closes no variation"},
        {"1. C f\n(1... a 2. B\n*\n", "line 2: the variation opened by '(' on this line is "
                                          "not closed by ')' before the result * (line 3)"},
        {"1. C f\n\n(1... a 2. B\n", "line 3: the variation opened by '(' on this line is not "
                                     "closed by ')'"},
        {"1. C f () *\n", "line 1: an empty variation '()': a variation holds moves"},
        {"1. C f ({just words}) *\n", "line 1: an empty variation '()': a variation holds moves"},
        {"1. C f\n(1... f) *\n", "line 2: the variation opened on line 2 starts with 1... f, a "
                                 "move already given in this position"},
        {"1. C f (1... A) *\n", "line 1: 1... A cannot be played"},
        {"1. C f (1... b 2. A\nb) *\n", "line 2: 2... b cannot be played"},
        {"1. C f (1... b 3. A) *\n", "line 1: move number 3 where 2 was expected"},
        {"1. C f (1... b) ! *\n", "line 1: the mark ! follows no move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *p = cases[i].text;
        int line = 1;
        aw_error err;
        aw_record *rec = aw_record_read(&p, &line, &err);
        if (rec || strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)) != 0)
            fail_msg("case %zu: expected '%s', got '%s'", i, cases[i].msg,
                     rec ? "a record" : err.msg);
    }
}

/* A legal move of g after which the other side has at least two moves
 * (the depth tests need a second move at every ply); AW_MOVE_NONE when
 * none, `not` excluded. */
static aw_move lively_move(const aw_game *g, aw_move not)
{
    aw_move moves[AW_MAX_MOVES];
    int c = aw_game_legal(g, moves);
    aw_move best = AW_MOVE_NONE;
    int most = -1;
    for (int i = 0; i < c; i++) {
        if (moves[i] == not)
            continue;
        aw_game *h = aw_game_clone(g);
        aw_game_play(h, moves[i], NULL);
        aw_move r[AW_MAX_MOVES];
        int k = aw_game_legal(h, r);
        aw_game_free(h);
        if (k > most) {
            most = k;
            best = moves[i];
        }
    }
    return most >= 2 ? best : AW_MOVE_NONE;
}

/* Nesting depth: a variation inside a variation inside ... built through the
 * tree: each level a variation of the previous level's first move. */
static int add_lively(aw_record *rec, int node, aw_move not, aw_error *err)
{
    aw_game *g = aw_record_node_game(rec, node, NULL);
    aw_move m = lively_move(g, not);
    aw_game_free(g);
    assert_int_not_equal(m, AW_MOVE_NONE);
    return aw_record_node_add(rec, node, m, err);
}

static void depth_limit_tree(void **state)
{
    (void)state;
    aw_rules rules = t_rules("abapa", NULL);
    aw_record *rec = aw_record_new(&rules, NULL);
    aw_error err;
    /* at each level a first move and a variation; the next level hangs
     * from the variation */
    int current = AW_RECORD_ROOT, deepest = -1, deepest_parent = -1, elder = -1;
    for (int d = 0; d <= AW_RECORD_DEPTH_MAX; d++) {
        int first = add_lively(rec, current, AW_MOVE_NONE, &err);
        assert_true(first > 0);
        int v = add_lively(rec, current, aw_record_node_move(rec, first), &err);
        if (d < AW_RECORD_DEPTH_MAX) {
            if (v < 0)
                fail_msg("level %d: %s", d, err.msg);
            assert_int_equal(aw_record_node_depth(rec, v), d + 1);
            deepest_parent = current;
            elder = first;
            current = deepest = v;
        } else {
            assert_int_equal(v, -1);
            assert_string_equal(err.msg, "variations nested more than 64 deep (the limit of "
                                         "one record)");
        }
    }
    /* 64 nested parentheses write and read back */
    check_round_trip(rec);
    /* the elder of the deepest variation gets a variation of its own at 64:
     * promoting the deepest would push that one to 65, refused */
    int g1 = add_lively(rec, elder, AW_MOVE_NONE, &err);
    assert_true(g1 > 0);
    int h = add_lively(rec, elder, aw_record_node_move(rec, g1), &err);
    assert_true(h > 0);
    assert_int_equal(aw_record_node_depth(rec, h), AW_RECORD_DEPTH_MAX);
    assert_int_equal(aw_record_node_promote(rec, deepest, &err), -1);
    assert_string_equal(err.msg, "variations nested more than 64 deep (the limit of one "
                                 "record)");
    assert_int_equal(aw_record_node_child(rec, deepest_parent, 1), deepest);
    /* without it, the promotion goes through */
    assert_int_equal(aw_record_node_delete(rec, h, &err), 0);
    assert_int_equal(aw_record_node_promote(rec, deepest, &err), 0);
    assert_int_equal(aw_record_node_depth(rec, deepest), AW_RECORD_DEPTH_MAX - 1);
    assert_int_equal(aw_record_node_depth(rec, g1), AW_RECORD_DEPTH_MAX);
    check_round_trip(rec);
    aw_record_free(rec);
}

/* A text nested AW_RECORD_DEPTH_MAX deep reads; one deeper is refused at
 * the line of its '('. Each level's variation replaces the last move of the
 * level before and plays two moves. */
static void depth_limit_text(void **state)
{
    (void)state;
    aw_rules rules = t_rules("abapa", NULL);
    for (int want = AW_RECORD_DEPTH_MAX; want <= AW_RECORD_DEPTH_MAX + 1; want++) {
        aw_game *g = aw_game_new(&rules, NULL);
        char *text = malloc(1 << 16);
        size_t n = 0;
        char mv[AW_MOVE_MAX];
#define PLAY(m, open)                                                                          \
    do {                                                                                       \
        int k_ = aw_game_ply(g);                                                               \
        aw_move_format(&rules, (m), mv);                                                       \
        n += (size_t)sprintf(text + n, "%s%s%d%s %s", k_ ? " " : "", (open) ? "\n(" : "",      \
                             k_ / 2 + 1, k_ % 2 ? "..." : ".", mv);                            \
        assert_int_equal(aw_game_play(g, (m), NULL), 0);                                       \
    } while (0)
        aw_move last = lively_move(g, AW_MOVE_NONE);
        PLAY(last, false);
        for (int level = 1; level <= want; level++) {
            aw_game_undo(g, 1);
            aw_move alt = lively_move(g, last);
            assert_int_not_equal(alt, AW_MOVE_NONE);
            PLAY(alt, true);
            last = lively_move(g, AW_MOVE_NONE);
            assert_int_not_equal(last, AW_MOVE_NONE);
            PLAY(last, false);
        }
#undef PLAY
        for (int level = 1; level <= want; level++)
            n += (size_t)sprintf(text + n, ")");
        sprintf(text + n, " *\n");
        aw_game_free(g);
        const char *p = text;
        int line = 1;
        aw_error err;
        aw_record *rec = aw_record_read(&p, &line, &err);
        if (want <= AW_RECORD_DEPTH_MAX) {
            if (!rec)
                fail_msg("%s", err.msg);
            int deepest = 0;
            for (int x = 0; x < aw_record_node_limit(rec); x++)
                if (aw_record_node_depth(rec, x) > deepest)
                    deepest = aw_record_node_depth(rec, x);
            assert_int_equal(deepest, AW_RECORD_DEPTH_MAX);
            check_round_trip(rec);
            aw_record_free(rec);
        } else {
            assert_null(rec);
            char want_msg[128];
            snprintf(want_msg, sizeof want_msg, "line %d: variations nested more than 64 deep "
                     "(the limit of one record)", AW_RECORD_DEPTH_MAX + 2);
            assert_string_equal(err.msg, want_msg);
        }
        free(text);
    }
}

/* Limits: the nodes of a record, whatever the shape. */
static void nodes_limit(void **state)
{
    (void)state;
    /* 1. C (1. D) (1. E) ... variations at each move of a long line: a text
     * with more than AW_RECORD_NODES_MAX moves is refused by name. */
    aw_rules rules = t_rules("abapa", NULL);
    aw_game *g = aw_game_new(&rules, NULL);
    size_t cap = (size_t)AW_RECORD_TEXT_MAX, n = 0;
    char *text = malloc(cap + 64);
    int moves_written = 0;
    uint64_t rng = 3;
    while (moves_written <= AW_RECORD_NODES_MAX && n < cap - 200) {
        aw_move moves[AW_MAX_MOVES];
        int c = aw_game_legal(g, moves);
        if (c < 2) {
            break;
        }
        int k = aw_game_ply(g);
        aw_move m = moves[t_rand(&rng) % (uint64_t)c];
        char mv[AW_MOVE_MAX];
        aw_move_format(&rules, m, mv);
        int side = k % 2;
        n += (size_t)sprintf(text + n, side == 0 ? "%d. %s" : "%d... %s ", k / 2 + 1, mv);
        if (side == 0)
            n += (size_t)sprintf(text + n, " ");
        moves_written++;
        for (int i = 0; i < c && moves_written <= AW_RECORD_NODES_MAX; i++)
            if (moves[i] != m) {
                aw_move_format(&rules, moves[i], mv);
                n += (size_t)sprintf(text + n, "(%d%s %s) ", k / 2 + 1, side ? "..." : ".", mv);
                moves_written++;
            }
        aw_game_play(g, m, NULL);
        if (aw_game_status(g) != AW_ONGOING)
            break;
    }
    aw_game_free(g);
    sprintf(text + n, "*\n");
    const char *p = text;
    int line = 1;
    aw_error err;
    clock_t t0 = clock();
    aw_record *rec = aw_record_read(&p, &line, &err);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (moves_written > AW_RECORD_NODES_MAX) {
        assert_null(rec);
        assert_non_null(strstr(err.msg, "the record has more than 100000 moves, variations "
                                        "included (the limit of one record)"));
    } else {
        /* the game ended first: the record reads, fast */
        if (!rec)
            fail_msg("%s", err.msg);
        assert_int_equal(aw_record_node_limit(rec), moves_written + 1);
        aw_record_free(rec);
    }
    assert_true(secs < (t_sanitized() ? 20.0 : 2.0));
    free(text);
}

/* Reading stays linear: a main line of 9,000 moves with a two-move
 * variation at every move (27,000 moves) reads in well under a second; a
 * reader that replayed each variation from the start would play some 40
 * million moves. The game never ends: no capture (captures=48), no limit,
 * no repetition. */
static void linear_variations(void **state)
{
    (void)state;
    aw_rules rules = t_rules("abapa", "captures=48 repetition=0 no-capture=0");
    const int plies = 9000;
    size_t cap = 1 << 20, n = 0;
    char *text = malloc(cap);
    n += (size_t)sprintf(text, "[Rules \"abapa\"]\n[Rule \"captures=48 repetition=0 "
                               "no-capture=0\"]\n\n");
    aw_position pos = aw_position_start(AW_SOUTH);
    int moves_in_text = 0;
    for (int k = 0; k < plies; k++) {
        aw_move moves[AW_MAX_MOVES], replies[AW_MAX_MOVES];
        const int c = aw_generate(&rules, &pos, moves);
        assert_true(c > 0);
        char m1[AW_MOVE_MAX], m2[AW_MOVE_MAX], m3[AW_MOVE_MAX];
        const char *dots = k % 2 ? "..." : ".";
        n += (size_t)sprintf(text + n, "%d%s %s", k / 2 + 1, dots, aw_move_format(&rules, moves[0], m1));
        moves_in_text++;
        if (c > 1) {
            aw_position alt = pos;
            aw_play(&rules, &alt, moves[1]);
            n += (size_t)sprintf(text + n, " (%d%s %s", k / 2 + 1, dots,
                                 aw_move_format(&rules, moves[1], m2));
            moves_in_text++;
            if (aw_position_status(&rules, &alt) == AW_ONGOING &&
                aw_generate(&rules, &alt, replies) > 0) {
                n += (size_t)sprintf(text + n, " %d%s %s", (k + 1) / 2 + 1, k % 2 ? "." : "...",
                                     aw_move_format(&rules, replies[0], m3));
                moves_in_text++;
            }
            n += (size_t)sprintf(text + n, ")");
        }
        n += (size_t)sprintf(text + n, k % 8 == 7 ? "\n" : " ");
        aw_play(&rules, &pos, moves[0]);
        assert_true(n + 200 < cap);
    }
    sprintf(text + n, "*\n");
    const char *p = text;
    aw_error err;
    clock_t t0 = clock();
    aw_record *rec = aw_record_read(&p, NULL, &err);
    const double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (!rec)
        fail_msg("%s", err.msg);
    assert_int_equal(aw_game_ply(aw_record_game_const(rec)), plies);
    assert_int_equal(aw_record_node_limit(rec) - 1, moves_in_text);
    if (secs > (t_sanitized() ? 10.0 : 1.0))
        fail_msg("%d moves with variations read in %.2f s of CPU time", moves_in_text, secs);
    /* and it writes back to a text that reads to the same */
    check_round_trip(rec);
    aw_record_free(rec);
    free(text);
}

static int parse1(const aw_rules *rules, const char *t, aw_move *m, aw_error *err)
{
    return aw_moves_parse(rules, t, m, 1, err) == 1 ? 0 : -1;
}

/* The game and the tree in step: moves played and taken back on
 * aw_record_game change the main line; variations of the nodes that stay
 * are kept. */
static void game_in_step(void **state)
{
    (void)state;
    aw_record *rec = read_ok("1. C f (1... e 2. A) 2. D d (2... a) 3. A *\n");
    aw_game *g = aw_record_game(rec);
    assert_int_equal(aw_game_ply(g), 5);
    int c = aw_record_node_child(rec, AW_RECORD_ROOT, 0);
    assert_int_equal(aw_record_node_children(rec, c), 2);
    /* take back to after 2. D: d, its variation a and 3. A go */
    aw_game_undo(g, 2);
    int d = aw_record_node_child(rec, aw_record_node_child(rec, c, 0), 0);
    assert_int_equal(aw_record_node_children(rec, d), 0);
    assert_int_equal(aw_record_node_children(rec, c), 2); /* e kept */
    /* play another move: a new main line move */
    aw_move m;
    aw_error err;
    assert_int_equal(parse1(aw_game_rules(g), "b", &m, &err), 0);
    assert_int_equal(aw_game_play(g, m, NULL), 0);
    assert_int_equal(aw_record_node_children(rec, d), 1);
    assert_int_equal(aw_record_node_move(rec, aw_record_node_child(rec, d, 0)), m);
    char *s = aw_record_format(rec);
    assert_non_null(strstr(s, "1. C f (1... e 2. A) 2. D b *\n"));
    free(s);
    /* adding a move at the end of the main line plays it on the game */
    int b = aw_record_node_child(rec, d, 0);
    assert_int_equal(parse1(aw_game_rules(g), "A", &m, &err), 0);
    int a = aw_record_node_add(rec, b, m, &err);
    assert_true(a > 0);
    assert_int_equal(aw_game_ply(g), 5);
    assert_int_equal(aw_game_move(g, 4), m);
    /* promoting the variation e: the game is C e A */
    int e = aw_record_node_child(rec, c, 1);
    assert_int_equal(aw_record_node_promote(rec, e, &err), 0);
    assert_int_equal(aw_game_ply(g), 3);
    assert_int_equal(aw_game_move(g, 1), aw_record_node_move(rec, e));
    s = aw_record_format(rec);
    assert_non_null(strstr(s, "1. C e (1... f 2. D b 3. A) 2. A *\n"));
    free(s);
    /* deleting the main line's e: f continues it again */
    assert_int_equal(aw_record_node_delete(rec, e, &err), 0);
    assert_int_equal(aw_game_ply(g), 5);
    assert_false(aw_record_node_exists(rec, e));
    assert_int_equal(aw_record_node_delete(rec, AW_RECORD_ROOT, &err), -1);
    assert_int_equal(aw_record_node_promote(rec, 9999, &err), -1);
    assert_int_equal(aw_record_node_add(rec, 9999, m, &err), -1);
    /* an illegal move */
    assert_int_equal(parse1(aw_game_rules(g), "f", &m, &err), 0);
    assert_int_equal(aw_record_node_add(rec, AW_RECORD_ROOT, m, &err), -1);
    assert_non_null(strstr(err.msg, "North"));
    /* set_game with the same moves keeps the tree; reset clears it */
    aw_game *copy = aw_game_clone(g);
    assert_int_equal(aw_record_set_game(rec, copy, &err), 0);
    assert_int_equal(aw_record_node_children(rec, c), 1);
    aw_game_free(copy);
    aw_game_reset(aw_record_game(rec), NULL);
    assert_int_equal(aw_record_node_children(rec, AW_RECORD_ROOT), 0);
    aw_record_free(rec);
}

/* The review's better lines become variations of the moves they judge. */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_trees),      cmocka_unit_test(nested_variations),
        cmocka_unit_test(closing_wraps),     cmocka_unit_test(bad_nesting),
        cmocka_unit_test(depth_limit_tree),  cmocka_unit_test(nodes_limit),
        cmocka_unit_test(linear_variations), cmocka_unit_test(game_in_step),
        cmocka_unit_test(depth_limit_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
