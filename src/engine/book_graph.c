/*
 * book_graph.c - the graph of an opening book's positions, which the
 * loader rebuilds and checks (graph_from_book) and the builder grows
 * (book_build.c): nodes found by key, values, priorities and heights
 * backed up from the leaves, the move to expand, and the book made of a
 * graph. docs/book.md.
 */
#include "book_internal.h"

#include <stdlib.h>
#include <string.h>

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
