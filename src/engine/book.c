/*
 * book.c - opening books: the file format, the loader that checks a book
 * completely before it is used, the probe, and the graph of positions that
 * the check and the builder (book_build.c) share. docs/book.md.
 *
 * Layout (little-endian):
 *   header   256 bytes: magic "AWALEBK1", format version, header and entry
 *            sizes, position and inner-position counts, the leaf searches
 *            (depth or nodes, table size), alpha, the entries' checksum, the
 *            rules as text, the root position as text, the header's own
 *            checksum;
 *   entries  16 bytes each, sorted by key, keys distinct: key (64 bits),
 *            verification hash (32), value (16, signed), flags (8: inner),
 *            a zero byte.
 * The file holds no positions and no moves: they come back by playing from
 * the root, which is also how the loader checks the tree. Every inner
 * position must have all its children (a move that ends the game needs no
 * entry: its value is exact), every entry must be reached from the root,
 * there must be no cycle, and every inner value must be the negamax of its
 * children's. A book that passes is consistent; one that does not is
 * rejected with the reason, never used.
 *
 * Probing is a binary search per position: no allocation, no I/O.
 */
#define _DEFAULT_SOURCE
#include "book_internal.h"

#include "util/io.h"
#include "rules/rules_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------- hashing */

static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

uint64_t book_checksum(const void *data, size_t n)
{
    const uint8_t *p = data;
    const uint64_t k1 = UINT64_C(0x9E3779B185EBCA87), k2 = UINT64_C(0xC2B2AE3D27D4EB4F);
    uint64_t h = k1 ^ (uint64_t)n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = 0;
        for (int j = 7; j >= 0; j--)
            w = w << 8 | p[i + (size_t)j];
        h = rotl(h ^ (w * k2), 31) * k1;
    }
    for (; i < n; i++)
        h = rotl(h ^ (p[i] * k1), 23) * k2;
    return mix64e(h ^ (h >> 29));
}

/* A position as the book keys it (docs/book.md): seen from the side to
 * move, whose pits come first, so that a position and its mirror image
 * with the other side to move (the rules treat both sides alike) are one
 * entry. a: pits 0..7 of that view, one byte each, little-endian; b: pits
 * 8..11, then the mover's score (byte 4) and the opponent's (byte 5); q:
 * the no-capture counter in rule sets that have a limit, else 0. Built
 * byte by byte, so that keys are the same on every machine. */
static void book_words(const aw_rules *rules, const aw_position *pos, uint64_t *a, uint64_t *b,
                       uint64_t *q)
{
    const int off = pos->side == AW_NORTH ? AW_ROW : 0;
    *a = *b = 0;
    for (int i = 0; i < 8; i++)
        *a |= (uint64_t)pos->pits[(i + off) % AW_PITS] << 8 * i;
    for (int i = 8; i < AW_PITS; i++)
        *b |= (uint64_t)pos->pits[(i + off) % AW_PITS] << 8 * (i - 8);
    *b |= (uint64_t)pos->score[pos->side] << 32 | (uint64_t)pos->score[!pos->side] << 40;
    *q = rules->no_capture ? pos->quiet : 0;
}

uint64_t book_key(const aw_rules *rules, const aw_position *pos)
{
    uint64_t a, b, q;
    book_words(rules, pos, &a, &b, &q);
    return mix64e(a ^ mix64e(b ^ mix64e(q + UINT64_C(0x9E3779B97F4A7C15))));
}

uint32_t book_check(const aw_rules *rules, const aw_position *pos)
{
    uint64_t a, b, q;
    book_words(rules, pos, &a, &b, &q);
    const uint64_t h = mix64e((a ^ UINT64_C(0x2545F4914F6CDD1D)) * UINT64_C(0x94D049BB133111EB) +
                              mix64e(b ^ UINT64_C(0x5851F42D4C957F2D)) +
                              q * UINT64_C(0x27BB2EE687B0B0FD));
    return (uint32_t)(h >> 32);
}

/* ------------------------------------------------------------- values */

/* Margin and plies of a proven value (|v| > SC_PROVEN). */
static void proven_parts(int v, int *margin, int *plies)
{
    const int d = (v < 0 ? -v : v) - SC_WIN;
    const int m = (d + 255) / 256;
    *margin = m;
    *plies = (256 * m - d) / 2;
}

int book_up(int child_value)
{
    int w = -child_value, m, p;
    if (w > SC_PROVEN || w < -SC_PROVEN) {
        proven_parts(w, &m, &p);
        if (p < 127) /* the engine's scale stops counting at 127 plies */
            w += w > 0 ? -2 : 2;
    }
    return w;
}

int book_end_value(const aw_rules *rules, const aw_position *pos, aw_status status)
{
    int sc[2];
    aw_final_scores(rules, pos, status, sc);
    return sc_end(sc[pos->side] - sc[!pos->side], 0);
}

bool book_value_ok(int v)
{
    if (v == 0)
        return true;
    if (v >= -SC_EVAL_MAX && v <= SC_EVAL_MAX)
        return (v & 1) != 0;
    if (v <= SC_PROVEN && v >= -SC_PROVEN)
        return false;
    const int d = (v < 0 ? -v : v) - SC_WIN;
    if (d < 2 || (d & 1) || d > 256 * AW_SEEDS)
        return false;
    int m, p;
    proven_parts(v, &m, &p);
    return m >= 1 && m <= AW_SEEDS && p >= 0 && p <= 127;
}

/* ------------------------------------------------------------- rules */

int book_rules_text(const aw_rules *rules, char *buf, size_t size)
{
    char diff[512];
    aw_rules_diff(rules, diff, sizeof diff);
    int n = snprintf(buf, size, "%s%s%s", rules->name, diff[0] ? " " : "", diff);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int book_rules_parse(const char *text, aw_rules *rules, aw_error *err)
{
    char buf[BOOK_RULES_TEXT + 1];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL, *word = strtok_r(buf, " ", &save);
    if (!word)
        return aw_fail(err, "no rule set in the header");
    if (aw_rules_preset(word, rules, err))
        return -1;
    while ((word = strtok_r(NULL, " ", &save)))
        if (aw_rules_set_arg(rules, word, err))
            return -1;
    return 0;
}

bool book_rules_equal(const aw_rules *a, const aw_rules *b)
{
    return a->family == b->family && a->captures == b->captures &&
           a->grand_slam == b->grand_slam && a->cannot_feed == b->cannot_feed &&
           a->empty_row == b->empty_row && a->agreement == b->agreement &&
           a->target == b->target && a->no_capture == b->no_capture &&
           a->repetition == b->repetition && a->play_on == b->play_on &&
           a->skip_origin == b->skip_origin && a->chain_backward == b->chain_backward &&
           a->no_move_pass == b->no_move_pass;
}

/* Which rules a book's values hold under (docs/book.md, "Rules"). The file
 * records the exact rules it was built under; what its values depend on is
 * derived from them, from its longest line and from its leaf searches, so
 * that every book (old ones too) says it the same way and a parameter added
 * later is a dependency until it is listed here:
 *   - the sowing, the captures, the grand slam, the ends of the game and the
 *     scores (every parameter not named below) make the positions and their
 *     values: they must be the book's;
 *   - agreement and the sowing direction's display: no search ends a game
 *     by agreement, and the display is not the game;
 *   - no-capture: a limit that none of the book's values could see (0, or
 *     more plies than the root's count plus its longest line plus its leaf
 *     searches' depth), in the book's rules and in these;
 *   - repetition: the book's lines never repeat a position (the check
 *     refuses a cycle), and a leaf's search starts without history, so the
 *     book's count ends a game in a leaf search only after count - 1
 *     capture-free cycles of 12 plies or more (Oware; 2 in the relay game):
 *     a count that its leaf searches cannot reach (or none) leaves its
 *     values estimates, which stay estimates of the same margins under any
 *     count (a cycle is scored by the margin the repetition would give). */
typedef enum dep_kind { DEP_ALWAYS, DEP_NEVER, DEP_LIMIT, DEP_REPETITION } dep_kind;

static dep_kind param_dep(const char *name)
{
    if (strcmp(name, "agreement") == 0 || strcmp(name, "direction") == 0)
        return DEP_NEVER;
    if (strcmp(name, "no-capture") == 0)
        return DEP_LIMIT;
    if (strcmp(name, "repetition") == 0)
        return DEP_REPETITION;
    return DEP_ALWAYS;
}

/* Plies of a leaf's search: its depth, or the deepest any search goes. */
static int book_horizon(const aw_book *b)
{
    return b->depth > 0 ? b->depth : AW_SEARCH_MAX_DEPTH;
}

/* The most plies without capture that any value of the book was computed
 * over: the root's count, the longest line, a leaf's search. */
static int book_reach(const aw_book *b)
{
    return (int)b->root.quiet + b->max_plies + book_horizon(b);
}

static bool limit_unseen(const aw_book *b, int limit)
{
    return limit == 0 || limit > book_reach(b);
}

static bool repetition_unseen(const aw_book *b)
{
    const int cycle = b->rules.family == AW_FAMILY_OWARE ? 12 : 2;
    return b->rules.repetition == 0 || cycle * (b->rules.repetition - 1) > book_horizon(b);
}

int aw_book_rules_check(const aw_book *book, const aw_rules *rules, aw_error *note)
{
    aw_error dummy;
    if (!note)
        note = &dummy;
    note->msg[0] = 0;
    if (!book || !rules)
        return aw_fail(note, "no book");
    const aw_rules *b = &book->rules;
    if (b->family != rules->family)
        return aw_fail(note, "the book is for %s, another game", b->name);
    char free_list[160] = "";
    size_t nfree = 0;
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        char vb[160], vr[160];
        if (!aw_rules_param_applies(b, name) || !aw_rules_get(b, name, vb, sizeof vb) ||
            !aw_rules_get(rules, name, vr, sizeof vr) || strcmp(vb, vr) == 0)
            continue;
        const dep_kind k = param_dep(name);
        if (k == DEP_LIMIT && !limit_unseen(book, b->no_capture))
            return aw_fail(note,
                           "its values depend on no-capture (%s in the book, %s here): its lines "
                           "and leaf searches reach %d plies without capture",
                           vb, vr, book_reach(book));
        if (k == DEP_LIMIT && !limit_unseen(book, rules->no_capture))
            return aw_fail(note,
                           "its values depend on no-capture (%s in the book, %s here): a limit "
                           "of %s plies is within the %d its lines and leaf searches reach",
                           vb, vr, vr, book_reach(book));
        if (k == DEP_REPETITION && !repetition_unseen(book))
            return aw_fail(note,
                           "its values depend on repetition (%s in the book, %s here): its leaf "
                           "searches, %d plies deep, can end a game by repetition",
                           vb, vr, book_horizon(book));
        if (k == DEP_ALWAYS)
            return aw_fail(note, "its values depend on %s (%s in the book, %s here)", name, vb,
                           vr);
        if (nfree < sizeof free_list)
            nfree += (size_t)snprintf(free_list + nfree, sizeof free_list - nfree,
                                      "%s%s (%.20s in the book, %.20s here)", nfree ? ", " : "",
                                      name, vb, vr);
    }
    if (free_list[0])
        snprintf(note->msg, sizeof note->msg,
                 "it differs from the book's rules only in %.159s, which its values do not "
                 "depend on",
                 free_list);
    return 0;
}

bool aw_book_matches(const aw_book *book, const aw_rules *rules)
{
    return aw_book_rules_check(book, rules, NULL) == 0;
}

int aw_book_scope(const aw_book *book, char *depends, size_t dsize, char *free_, size_t fsize)
{
    size_t nd = 0, nf = 0;
    depends[0] = free_[0] = 0;
    const aw_rules *b = &book->rules;
#define ADD(buf, n, size, ...)                                                                   \
    do {                                                                                         \
        if ((n) < (size))                                                                        \
            (n) += (size_t)snprintf((buf) + (n), (size) - (n), __VA_ARGS__);                      \
    } while (0)
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        char v[160];
        if (!aw_rules_param_applies(b, name) || !aw_rules_get(b, name, v, sizeof v))
            continue;
        const dep_kind k = param_dep(name);
        if (k == DEP_NEVER || (k == DEP_REPETITION && repetition_unseen(book)))
            ADD(free_, nf, fsize, "%sany %s", nf ? ", " : "", name);
        else if (k == DEP_LIMIT && limit_unseen(book, b->no_capture))
            ADD(free_, nf, fsize, "%s%s 0 or above %d", nf ? ", " : "", name, book_reach(book));
        else
            ADD(depends, nd, dsize, "%s%s=%s", nd ? " " : "", name, v);
    }
#undef ADD
    return (nd >= dsize || nf >= fsize) ? -1 : 0;
}

/* ------------------------------------------------------------- lookup */

const book_entry *book_find(const aw_book *book, const aw_rules *rules, const aw_position *pos)
{
    const uint64_t key = book_key(rules, pos);
    int lo = 0, hi = book->count;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (book->entries[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < book->count && book->entries[lo].key == key &&
        book->entries[lo].check == book_check(rules, pos))
        return &book->entries[lo];
    return NULL;
}

int book_children(const aw_rules *rules, const aw_position *pos, aw_move move[AW_MAX_MOVES],
                  aw_position child[AW_MAX_MOVES], aw_status status[AW_MAX_MOVES])
{
    if (aw_position_status(rules, pos) != AW_ONGOING)
        return 0;
    const int n = aw_generate(rules, pos, move);
    for (int i = 0; i < n; i++) {
        child[i] = *pos;
        aw_play(rules, &child[i], move[i]);
        status[i] = aw_position_status(rules, &child[i]);
    }
    return n;
}

/* Every move of an inner position with its value, best first (stable).
 * 0 when *pos is not an inner position of the book. */
static int probe_values(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                        aw_move moves[AW_MAX_MOVES], int values[AW_MAX_MOVES])
{
    if (!book || !aw_book_matches(book, rules))
        return 0;
    /* The book's own rules from here: the positions and values are the
     * same under the rules given (they hold), and the book is keyed by its
     * rules (the no-capture count is part of a key only under a limit). */
    rules = &book->rules;
    const book_entry *e = book_find(book, rules, pos);
    if (!e || !(e->flags & BOOK_FLAG_INNER))
        return 0;
    aw_position child[AW_MAX_MOVES];
    aw_status st[AW_MAX_MOVES];
    const int n = book_children(rules, pos, moves, child, st);
    for (int i = 0; i < n; i++) {
        if (st[i] != AW_ONGOING) {
            values[i] = book_up(book_end_value(rules, &child[i], st[i]));
            continue;
        }
        const book_entry *c = book_find(book, rules, &child[i]);
        if (!c)
            return 0; /* cannot happen in a checked book */
        values[i] = book_up(c->value);
    }
    for (int i = 1; i < n; i++) {
        const int v = values[i];
        const aw_move m = moves[i];
        int j = i;
        while (j > 0 && values[j - 1] < v) {
            values[j] = values[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        values[j] = v;
        moves[j] = m;
    }
    return n;
}

int aw_book_probe(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                  aw_move moves[AW_MAX_MOVES], aw_score scores[AW_MAX_MOVES])
{
    int values[AW_MAX_MOVES];
    const int n = probe_values(book, rules, pos, moves, values);
    for (int i = 0; i < n; i++)
        scores[i] = sc_public(values[i], 0);
    return n;
}

/* The book's line after `first` from *pos: its best moves while they lead
 * to inner positions. */
static int book_line(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                     aw_move first, aw_move *pv, int max)
{
    aw_position p = *pos;
    int len = 0;
    pv[len++] = first;
    aw_play(rules, &p, first);
    while (len < max) {
        aw_move m[AW_MAX_MOVES];
        int v[AW_MAX_MOVES];
        if (probe_values(book, rules, &p, m, v) == 0)
            break;
        pv[len++] = m[0];
        aw_play(rules, &p, m[0]);
    }
    return len;
}

bool book_choose(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                 const aw_move *allowed, int nallowed, int variety, uint64_t *rng, int lines,
                 aw_search_result *out)
{
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    int n = probe_values(book, rules, pos, moves, values);
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool ok = false;
        for (int j = 0; j < nallowed && !ok; j++)
            ok = allowed[j] == moves[i];
        if (ok) {
            moves[k] = moves[i];
            values[k] = values[i];
            k++;
        }
    }
    n = k;
    if (n == 0)
        return false;
    /* The candidates: the best, and with variety the estimates close to
     * it (a proven result is never traded for another value). */
    const int best = values[0];
    int cand = 1;
    while (cand < n && variety > 0 && !sc_is_proven(best) && !sc_is_proven(values[cand]) &&
           values[cand] >= best - variety)
        cand++;
    const int pick = cand > 1 ? (int)(rng_next(rng) % (uint64_t)cand) : 0;
    if (pick) {
        const aw_move m = moves[pick];
        const int v = values[pick];
        memmove(&moves[1], &moves[0], sizeof moves[0] * (size_t)pick);
        memmove(&values[1], &values[0], sizeof values[0] * (size_t)pick);
        moves[0] = m;
        values[0] = v;
    }
    memset(&out->info, 0, sizeof out->info);
    if (lines < 1)
        lines = 1;
    out->info.lines = lines < n ? lines : n;
    for (int i = 0; i < out->info.lines; i++) {
        aw_search_line *l = &out->info.line[i];
        l->length = book_line(book, rules, pos, moves[i], l->pv, AW_SEARCH_MAX_PV);
        l->score = sc_public(values[i], l->length);
        if (l->length > out->info.seldepth)
            out->info.seldepth = l->length;
    }
    out->best = moves[0];
    out->ponder = out->info.line[0].length > 1 ? out->info.line[0].pv[1] : AW_MOVE_NONE;
    out->book = true;
    return true;
}

/* ------------------------------------------------------------- the graph */

int graph_init(book_graph *g, const aw_rules *rules, int cap)
{
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    if (cap < 16)
        cap = 16;
    size_t slots = 64;
    while (slots < (size_t)cap * 2)
        slots *= 2;
    g->node = malloc((size_t)cap * sizeof *g->node);
    g->slot = calloc(slots, sizeof *g->slot);
    if (!g->node || !g->slot) {
        graph_free(g);
        return -1;
    }
    g->cap = cap;
    g->mask = slots - 1;
    return 0;
}

void graph_free(book_graph *g)
{
    free(g->node);
    free(g->slot);
    g->node = NULL;
    g->slot = NULL;
    g->count = g->cap = 0;
}

int graph_find(const book_graph *g, const aw_position *pos)
{
    const uint64_t key = book_key(&g->rules, pos);
    for (size_t s = key & g->mask;; s = (s + 1) & g->mask) {
        const int32_t v = g->slot[s];
        if (v == 0)
            return -1;
        const book_node *n = &g->node[v - 1];
        if (n->key == key)
            return n->check == book_check(&g->rules, pos) ? v - 1 : -2;
    }
}

static void slot_insert(int32_t *slot, size_t mask, uint64_t key, int32_t index)
{
    size_t s = key & mask;
    while (slot[s])
        s = (s + 1) & mask;
    slot[s] = index + 1;
}

int graph_add(book_graph *g, const aw_position *pos, int value)
{
    if (g->count == g->cap) {
        const int cap = g->cap * 2;
        book_node *node = realloc(g->node, (size_t)cap * sizeof *node);
        if (!node)
            return -1;
        g->node = node;
        g->cap = cap;
    }
    if ((size_t)(g->count + 1) * 2 > g->mask + 1) {
        const size_t slots = (g->mask + 1) * 2;
        int32_t *slot = calloc(slots, sizeof *slot);
        if (!slot)
            return -1;
        for (int i = 0; i < g->count; i++)
            slot_insert(slot, slots - 1, g->node[i].key, i);
        free(g->slot);
        g->slot = slot;
        g->mask = slots - 1;
    }
    book_node *n = &g->node[g->count];
    memset(n, 0, sizeof *n);
    n->pos = *pos;
    n->key = book_key(&g->rules, pos);
    n->check = book_check(&g->rules, pos);
    n->value = value;
    slot_insert(g->slot, g->mask, n->key, g->count);
    return g->count++;
}

int graph_move_value(const book_graph *g, const book_node *n, int i)
{
    return book_up(n->child[i] < 0 ? n->end_value[i] : g->node[n->child[i]].value);
}

static int64_t penalty(uint32_t alpha_milli, int best, int value)
{
    /* alpha per seed, in thousandths of a ply per hundredth of a seed. */
    const int64_t p = (int64_t)alpha_milli * ((int64_t)best - value) / 100;
    return p < BOOK_PRIO_INF ? p : BOOK_PRIO_INF;
}

/* The least priority plus penalty over the moves of n, and which move. */
static int64_t least(const book_graph *g, const book_node *n, uint32_t alpha_milli, int *which)
{
    int best = -SC_INF;
    for (int i = 0; i < n->nchild; i++) {
        const int v = graph_move_value(g, n, i);
        best = v > best ? v : best;
    }
    int64_t low = BOOK_PRIO_INF;
    *which = -1;
    for (int i = 0; i < n->nchild; i++) {
        if (n->child[i] < 0)
            continue;
        const int64_t cp = g->node[n->child[i]].prio;
        if (cp >= BOOK_PRIO_INF)
            continue;
        const int64_t c = cp + penalty(alpha_milli, best, graph_move_value(g, n, i));
        if (c < low) {
            low = c;
            *which = i;
        }
    }
    return low;
}

static void finish(book_graph *g, book_node *n, uint32_t alpha_milli)
{
    if (!n->inner) {
        n->height = 0;
        n->prio = n->closed || sc_is_proven(n->value) ? BOOK_PRIO_INF : 0;
        return;
    }
    int best = -SC_INF, height = 0;
    for (int i = 0; i < n->nchild; i++) {
        const int v = graph_move_value(g, n, i);
        best = v > best ? v : best;
        if (n->child[i] >= 0 && g->node[n->child[i]].height > height)
            height = g->node[n->child[i]].height;
    }
    n->value = best;
    n->height = height + 1;
    int which;
    const int64_t low = least(g, n, alpha_milli, &which);
    n->prio = low >= BOOK_PRIO_INF - 1000 ? BOOK_PRIO_INF : low + 1000;
}

int graph_backup(book_graph *g, uint32_t alpha_milli)
{
    if (g->count == 0)
        return 0;
    uint8_t *color = calloc((size_t)g->count, 1);
    uint8_t *next = calloc((size_t)g->count, 1);
    int32_t *stack = malloc((size_t)g->count * sizeof *stack);
    int rc = 0, sp = 0;
    if (!color || !next || !stack) {
        rc = -2;
        goto done;
    }
    stack[sp++] = 0;
    color[0] = 1;
    while (sp) {
        const int v = stack[sp - 1];
        book_node *n = &g->node[v];
        if (n->inner && next[v] < n->nchild) {
            const int c = n->child[next[v]++];
            if (c < 0 || color[c] == 2)
                continue;
            if (color[c] == 1) {
                rc = -1; /* a cycle */
                goto done;
            }
            color[c] = 1;
            stack[sp++] = c;
            continue;
        }
        finish(g, n, alpha_milli);
        color[v] = 2;
        sp--;
    }
done:
    free(color);
    free(next);
    free(stack);
    return rc;
}

int graph_descend(const book_graph *g, const book_node *n, uint32_t alpha_milli)
{
    int which;
    least(g, n, alpha_milli, &which);
    return which;
}

static int entry_compare(const void *a, const void *b)
{
    const book_entry *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

aw_book *graph_to_book(const book_graph *g, const aw_book *params)
{
    aw_book *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    *b = *params;
    b->entries = malloc((size_t)(g->count ? g->count : 1) * sizeof *b->entries);
    if (!b->entries) {
        free(b);
        return NULL;
    }
    b->count = g->count;
    b->inner = 0;
    for (int i = 0; i < g->count; i++) {
        const book_node *n = &g->node[i];
        b->entries[i] = (book_entry){n->key, n->check, (int16_t)n->value,
                                     (uint8_t)(n->inner ? BOOK_FLAG_INNER : 0)};
        b->inner += n->inner;
    }
    qsort(b->entries, (size_t)b->count, sizeof *b->entries, entry_compare);
    b->root_value = g->count ? g->node[0].value : 0;
    b->max_plies = g->count ? g->node[0].height : 0;
    return b;
}

int graph_from_book(const aw_book *book, book_graph *g, aw_error *err)
{
    const aw_rules *rules = &book->rules;
    char text[AW_POSITION_MAX], mv[AW_MOVE_MAX];
    if (graph_init(g, rules, book->count))
        return aw_fail(err, "out of memory for a book of %d positions", book->count);
    const book_entry *e = book_find(book, rules, &book->root);
    if (!e) {
        graph_free(g);
        return aw_fail(err, "damaged: the root position is not in the book");
    }
    graph_add(g, &book->root, e->value);
    g->node[0].inner = e->flags & BOOK_FLAG_INNER;
    int inner = 0;
    for (int i = 0; i < g->count; i++) {
        if (!g->node[i].inner)
            continue;
        inner++;
        const aw_position pos = g->node[i].pos;
        aw_move moves[AW_MAX_MOVES];
        aw_position child[AW_MAX_MOVES];
        aw_status st[AW_MAX_MOVES];
        const int n = book_children(rules, &pos, moves, child, st);
        if (n == 0) {
            graph_free(g);
            return aw_fail(err, "damaged: the inner position %s has no move",
                           aw_position_format(&pos, text));
        }
        for (int k = 0; k < n; k++) {
            int idx = -1, end = 0;
            if (st[k] != AW_ONGOING) {
                end = book_end_value(rules, &child[k], st[k]);
            } else {
                idx = graph_find(g, &child[k]);
                const book_entry *c = idx == -1 ? book_find(book, rules, &child[k]) : NULL;
                if (idx == -2 || (idx == -1 && !c)) {
                    graph_free(g);
                    return aw_fail(err, "damaged: the position after %s in %s is missing",
                                   aw_move_format(rules, moves[k], mv),
                                   aw_position_format(&pos, text));
                }
                if (idx == -1) {
                    idx = graph_add(g, &child[k], c->value);
                    if (idx < 0) {
                        graph_free(g);
                        return aw_fail(err, "out of memory checking a book");
                    }
                    g->node[idx].inner = c->flags & BOOK_FLAG_INNER;
                }
            }
            book_node *nd = &g->node[i];
            nd->move[k] = moves[k];
            nd->child[k] = idx;
            nd->end_value[k] = end;
        }
        g->node[i].nchild = (uint8_t)n;
    }
    if (g->count != book->count) {
        const int lost = book->count - g->count;
        graph_free(g);
        return aw_fail(err, "damaged: %d of its %d positions are not reached from the root", lost,
                       book->count);
    }
    if (inner != book->inner) {
        graph_free(g);
        return aw_fail(err, "damaged: the header says %d inner positions, the entries %d",
                       book->inner, inner);
    }
    const int rc = graph_backup(g, book->alpha_milli);
    if (rc) {
        graph_free(g);
        return rc == -1 ? aw_fail(err, "damaged: the book's moves go round in a cycle")
                        : aw_fail(err, "out of memory checking a book");
    }
    for (int i = 0; i < g->count; i++) {
        const book_node *n = &g->node[i];
        if (!n->inner)
            continue;
        const book_entry *s = book_find(book, rules, &n->pos);
        if (s->value != n->value) {
            char has[32], want[32];
            const aw_score a = sc_public(s->value, 0), w = sc_public(n->value, 0);
            aw_score_format(&a, has, sizeof has);
            aw_score_format(&w, want, sizeof want);
            aw_fail(err, "damaged: %s has the value %s, its moves give %s",
                    aw_position_format(&n->pos, text), has, want);
            graph_free(g);
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------- the file */

void *aw_book_encode(const aw_book *book, size_t *size)
{
    const size_t n = BOOK_HEADER_SIZE + (size_t)book->count * BOOK_ENTRY_SIZE;
    uint8_t *buf = calloc(1, n);
    if (!buf)
        return NULL;
    uint8_t *e = buf + BOOK_HEADER_SIZE;
    for (int i = 0; i < book->count; i++, e += BOOK_ENTRY_SIZE) {
        const book_entry *x = &book->entries[i];
        io_put64(e, x->key);
        io_put32(e + 8, x->check);
        e[12] = (uint8_t)((uint16_t)x->value & 0xFF);
        e[13] = (uint8_t)((uint16_t)x->value >> 8);
        e[14] = x->flags;
    }
    memcpy(buf, BOOK_MAGIC, 8);
    io_put32(buf + 8, BOOK_VERSION);
    io_put32(buf + 12, BOOK_HEADER_SIZE);
    io_put32(buf + 16, BOOK_ENTRY_SIZE);
    io_put32(buf + 20, (uint32_t)book->count);
    io_put32(buf + 24, (uint32_t)book->inner);
    io_put32(buf + 28, (uint32_t)book->depth);
    io_put64(buf + 32, book->nodes);
    io_put32(buf + 40, book->alpha_milli);
    io_put32(buf + 44, (uint32_t)book->hash_mb);
    io_put64(buf + 48, book_checksum(buf + BOOK_HEADER_SIZE, n - BOOK_HEADER_SIZE));
    book_rules_text(&book->rules, (char *)buf + 64, BOOK_RULES_TEXT);
    aw_position_format(&book->root, (char *)buf + 160);
    io_put64(buf + 248, book_checksum(buf, 248));
    *size = n;
    return buf;
}

aw_book *aw_book_read(const void *data, size_t size, aw_error *err)
{
    const uint8_t *p = data;
    if (size < BOOK_HEADER_SIZE) {
        aw_fail(err, "truncated: %zu bytes, shorter than a book header (%d)", size,
                BOOK_HEADER_SIZE);
        return NULL;
    }
    if (memcmp(p, BOOK_MAGIC, 7) != 0) {
        aw_fail(err, "not an awale opening book (bad magic number)");
        return NULL;
    }
    if (memcmp(p, BOOK_MAGIC, 8) != 0 || io_get32(p + 8) != BOOK_VERSION) {
        aw_fail(err, "book format version %u; this program reads version %d (rebuild the book)",
                io_get32(p + 8), BOOK_VERSION);
        return NULL;
    }
    if (io_get64(p + 248) != book_checksum(p, 248)) {
        aw_fail(err, "damaged header (checksum mismatch)");
        return NULL;
    }
    if (io_get32(p + 12) != BOOK_HEADER_SIZE || io_get32(p + 16) != BOOK_ENTRY_SIZE) {
        aw_fail(err, "bad header: header size %u, entry size %u", io_get32(p + 12), io_get32(p + 16));
        return NULL;
    }
    for (int i = 56; i < 64; i++)
        if (p[i]) {
            aw_fail(err, "bad header (reserved byte %d set)", i);
            return NULL;
        }
    for (int i = 224; i < 248; i++)
        if (p[i]) {
            aw_fail(err, "bad header (reserved byte %d set)", i);
            return NULL;
        }
    const uint32_t count = io_get32(p + 20), inner = io_get32(p + 24);
    if (count == 0 || count > BOOK_MAX_POSITIONS || inner > count) {
        aw_fail(err, "bad header: %u positions, %u inner", count, inner);
        return NULL;
    }
    const uint64_t want = BOOK_HEADER_SIZE + (uint64_t)count * BOOK_ENTRY_SIZE;
    if (size != want) {
        aw_fail(err, "%s: the file has %zu bytes, its header says %llu",
                size < want ? "truncated" : "trailing bytes", size, (unsigned long long)want);
        return NULL;
    }
    const uint32_t depth = io_get32(p + 28), alpha = io_get32(p + 40), hash = io_get32(p + 44);
    const uint64_t nodes = io_get64(p + 32);
    if ((depth == 0) == (nodes == 0) || depth > AW_SEARCH_MAX_DEPTH) {
        aw_fail(err, "bad header: leaf searches of depth %u and %llu nodes", depth,
                (unsigned long long)nodes);
        return NULL;
    }
    if (alpha > 1000000 || hash < 1 || hash > 65536) {
        aw_fail(err, "bad header: alpha %u/1000, table %u MB", alpha, hash);
        return NULL;
    }
    if (io_get64(p + 48) != book_checksum(p + BOOK_HEADER_SIZE, (size_t)(want - BOOK_HEADER_SIZE))) {
        aw_fail(err, "damaged: the entries fail their checksum");
        return NULL;
    }
    char text[BOOK_RULES_TEXT + 1], root[65];
    memcpy(text, p + 64, BOOK_RULES_TEXT);
    memcpy(root, p + 160, 64);
    if (!memchr(text, 0, BOOK_RULES_TEXT) || !memchr(root, 0, 64)) {
        aw_fail(err, "bad header: the rules or the root are not terminated");
        return NULL;
    }
    aw_book *b = calloc(1, sizeof *b);
    if (!b) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    aw_error e;
    if (book_rules_parse(text, &b->rules, &e)) {
        aw_fail(err, "bad rules in the header: %s", e.msg);
        free(b);
        return NULL;
    }
    if (aw_position_parse(root, &b->root, &e)) {
        aw_fail(err, "bad root position in the header: %s", e.msg);
        free(b);
        return NULL;
    }
    /* The fields must be exactly as a writer puts them (zeros after the
     * text): then a book is one sequence of bytes. */
    char canon_rules[BOOK_RULES_TEXT], canon_root[64];
    memset(canon_rules, 0, sizeof canon_rules);
    memset(canon_root, 0, sizeof canon_root);
    book_rules_text(&b->rules, canon_rules, sizeof canon_rules);
    aw_position_format(&b->root, canon_root);
    if (memcmp(canon_rules, p + 64, BOOK_RULES_TEXT) != 0 || memcmp(canon_root, p + 160, 64) != 0) {
        aw_fail(err, "bad header: the rules or the root are not written as a book writes them");
        free(b);
        return NULL;
    }
    if (aw_position_status(&b->rules, &b->root) != AW_ONGOING) {
        aw_fail(err, "bad header: the game is over at the root");
        free(b);
        return NULL;
    }
    b->depth = (int)depth;
    b->nodes = nodes;
    b->hash_mb = (int)hash;
    b->alpha_milli = alpha;
    b->count = (int)count;
    b->inner = (int)inner;
    b->entries = malloc((size_t)count * sizeof *b->entries);
    if (!b->entries) {
        aw_fail(err, "out of memory for %u positions", count);
        free(b);
        return NULL;
    }
    const uint8_t *q = p + BOOK_HEADER_SIZE;
    for (uint32_t i = 0; i < count; i++, q += BOOK_ENTRY_SIZE) {
        book_entry *x = &b->entries[i];
        x->key = io_get64(q);
        x->check = io_get32(q + 8);
        x->value = (int16_t)(uint16_t)(q[12] | q[13] << 8);
        x->flags = q[14];
        const char *bad = NULL;
        if (i > 0 && x->key <= b->entries[i - 1].key)
            bad = "keys out of order";
        else if (x->flags & ~BOOK_FLAG_INNER || q[15])
            bad = "unknown flags";
        else if (!book_value_ok(x->value))
            bad = "a value no search gives";
        if (bad) {
            aw_fail(err, "damaged: entry %u: %s", i, bad);
            aw_book_free(b);
            return NULL;
        }
    }
    book_graph g;
    if (graph_from_book(b, &g, err)) {
        aw_book_free(b);
        return NULL;
    }
    b->root_value = g.node[0].value;
    b->max_plies = g.node[0].height;
    graph_free(&g);
    return b;
}

void aw_book_free(aw_book *book)
{
    if (!book)
        return;
    free(book->entries);
    free(book);
}

aw_book *aw_book_load(const char *path, aw_error *err)
{
    aw_error oe;
    int fd = aw_file_open(path, &oe);
    if (fd < 0) {
        aw_fail(err, "%s: %s", path, oe.msg);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        aw_fail(err, "%s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    const uint64_t max = BOOK_HEADER_SIZE + (uint64_t)BOOK_MAX_POSITIONS * BOOK_ENTRY_SIZE;
    if ((uint64_t)st.st_size > max) {
        aw_fail(err, "%s: too large for a book (%lld bytes)", path, (long long)st.st_size);
        close(fd);
        return NULL;
    }
    const size_t size = (size_t)st.st_size;
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf) {
        aw_fail(err, "%s: out of memory", path);
        close(fd);
        return NULL;
    }
    size_t got = 0;
    while (got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    aw_error e;
    aw_book *b = got == size ? aw_book_read(buf, size, &e) : NULL;
    if (got != size)
        snprintf(e.msg, sizeof e.msg, "read error");
    free(buf);
    if (!b)
        aw_fail(err, "%s: %s", path, e.msg);
    return b;
}

int aw_book_save(const aw_book *book, const char *path, aw_error *err)
{
    size_t size;
    uint8_t *buf = aw_book_encode(book, &size);
    if (!buf)
        return aw_fail(err, "out of memory writing %s", path);
    io_atomic a;
    io_step step;
    const int rc = io_replace(&a, path, buf, size, IO_PID, &step);
    if (rc && step == IO_CREATE)
        aw_fail(err, "cannot create %s: %s", a.tmp, strerror(errno));
    else if (rc)
        aw_fail(err, "cannot write %s: %s", step == IO_CLOSE || step == IO_RENAME ? path : a.tmp,
                strerror(errno));
    free(buf);
    return rc;
}

void aw_book_get_info(const aw_book *book, aw_book_info *info)
{
    memset(info, 0, sizeof *info);
    info->rules = book->rules;
    info->root = book->root;
    info->positions = book->count;
    info->inner = book->inner;
    info->depth = book->depth;
    info->nodes = book->nodes;
    info->hash_mb = book->hash_mb;
    info->alpha = book->alpha_milli / 1000.0;
    info->max_plies = book->max_plies;
    info->value = sc_public(book->root_value, 0);
}
