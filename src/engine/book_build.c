/*
 * book_build.c - growing an opening book by drop-out expansion (Lincke
 * 2000; docs/book.md).
 *
 * The book is a graph of positions (book.c): transpositions are one node.
 * Each step recomputes every value (negamax) and priority from the leaves
 * up (a leaf 0; an inner position 1 + the least, over its moves, of the
 * child's priority + alpha x how far the move is below the best one),
 * follows the least-priority moves from the root down to a leaf, and
 * expands it: its children that end the game get their exact value, the
 * others that are new get an engine search each. The searches of one
 * expansion run at once on `threads` engines of one thread each, every one
 * with a cleared table and the same limits, so the book is the same
 * whatever the number of threads. A whole pass over the graph per step
 * costs microseconds per position, nothing beside the searches.
 *
 * Invariants: the graph has no cycle (a leaf whose expansion would close
 * one stays a leaf: "closed"); every inner node has all its children; a
 * leaf whose value is proven, or that is closed, has an infinite priority
 * and is never expanded. Stopping (the progress callback) drops the
 * expansion under way: what is returned is always a consistent book.
 */
#define _DEFAULT_SOURCE
#include "book_internal.h"

#include "rules/rules_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The leaf searches of one expansion. */
typedef struct scoring {
    const aw_rules *rules;
    aw_limits limits;
    aw_engine **engines;
    aw_position pos[AW_MAX_MOVES];
    int value[AW_MAX_MOVES];
    bool ok[AW_MAX_MOVES];
    int n;
    atomic_int next;
    atomic_int finished;
    pthread_mutex_t lock; /* with done: a scorer's end wakes the builder */
    pthread_cond_t done;
    atomic_bool abort;
} scoring;

typedef struct scorer {
    scoring *s;
    int id;
    pthread_t thread;
} scorer;

static void *scorer_main(void *arg)
{
    scorer *a = arg;
    scoring *s = a->s;
    aw_engine *e = s->engines[a->id];
    for (;;) {
        const int i = atomic_fetch_add(&s->next, 1);
        if (i >= s->n || atomic_load(&s->abort))
            break;
        aw_search_result res;
        if (aw_engine_set_position(e, s->rules, &s->pos[i], NULL) != 0)
            continue;
        aw_engine_clear(e);
        if (aw_search_run(e, &s->limits, NULL, NULL, &res, NULL) == 0 && res.info.lines > 0 &&
            !atomic_load(&s->abort)) {
            s->value[i] = sc_internal(&res.info.line[0].score);
            s->ok[i] = true;
        }
    }
    pthread_mutex_lock(&s->lock);
    atomic_fetch_add(&s->finished, 1);
    pthread_cond_signal(&s->done);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

typedef struct builder {
    const aw_book_build_options *opt;
    book_graph g;
    uint32_t alpha;
    int threads;
    aw_engine **engines;
    scoring s;
    aw_book_progress progress;
    double last_poll;
} builder;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The progress as it stands; the callback's verdict (non-zero: stop). */
static int report(builder *b)
{
    aw_book_progress *p = &b->progress;
    const book_graph *g = &b->g;
    b->last_poll = now_s();
    p->target = b->opt->positions;
    if (g->count == 0) /* the root's own search */
        return b->opt->progress ? b->opt->progress(b->opt->ctx, p) : 0;
    p->positions = g->count;
    p->inner = 0;
    for (int i = 0; i < g->count; i++)
        p->inner += g->node[i].inner;
    p->root = sc_public(g->node[0].value, 0);
    p->complete = g->node[0].prio >= BOOK_PRIO_INF;
    p->line_length = 0;
    int v = 0;
    while (g->node[v].inner && p->line_length < (int)(sizeof p->line / sizeof p->line[0])) {
        const book_node *n = &g->node[v];
        int best = 0;
        for (int i = 1; i < n->nchild; i++)
            if (graph_move_value(g, n, i) > graph_move_value(g, n, best))
                best = i;
        p->line[p->line_length++] = n->move[best];
        if (n->child[best] < 0)
            break;
        v = n->child[best];
    }
    return b->opt->progress ? b->opt->progress(b->opt->ctx, p) : 0;
}

/* Score b->s.pos[0..n) with the engines. Returns 0, 1 when stopped, -1
 * when a search gave no value. */
static int score_all(builder *b, int n)
{
    scoring *s = &b->s;
    s->n = n;
    atomic_store(&s->next, 0);
    atomic_store(&s->finished, 0);
    atomic_store(&s->abort, false);
    memset(s->ok, 0, sizeof s->ok);
    scorer sc[AW_SEARCH_MAX_THREADS];
    const int want = b->threads < n ? b->threads : n;
    int started = 0;
    for (int k = 0; k < want; k++) {
        sc[k] = (scorer){s, k, 0};
        if (pthread_create(&sc[k].thread, NULL, scorer_main, &sc[k]) != 0)
            break;
        started++;
    }
    if (started == 0) {
        sc[0] = (scorer){s, 0, 0};
        scorer_main(&sc[0]);
    }
    bool stopped = false;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        if (atomic_load(&s->finished) < started) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 50000000;
            if (until.tv_nsec >= 1000000000) {
                until.tv_sec++;
                until.tv_nsec -= 1000000000;
            }
            pthread_cond_timedwait(&s->done, &s->lock, &until);
        }
        const bool all = atomic_load(&s->finished) >= started;
        pthread_mutex_unlock(&s->lock);
        if (all)
            break;
        if (!stopped && now_s() - b->last_poll >= 0.1 && report(b)) {
            stopped = true;
            atomic_store(&s->abort, true);
        }
        /* Again at every turn: a search that started just after the flag
         * was read is stopped too. */
        if (stopped)
            for (int k = 0; k < started; k++)
                aw_search_stop(b->engines[k]);
    }
    for (int k = 0; k < started; k++)
        pthread_join(sc[k].thread, NULL);
    if (stopped)
        return 1;
    b->progress.searches += (uint64_t)n;
    for (int i = 0; i < n; i++)
        if (!s->ok[i] || !book_value_ok(s->value[i]))
            return -1;
    return 0;
}

/* Whether node `target` can be reached from node `from`: a walk over the
 * positions with as many seeds on the board as the target's (no move adds
 * seeds to the board, so a capture is never undone). 1, 0, or -1 when out
 * of memory. */
static int reaches(const book_graph *g, int from, int target)
{
    if (from == target)
        return 1;
    const int seeds = board_seeds(&g->node[target].pos);
    if (board_seeds(&g->node[from].pos) != seeds)
        return 0;
    uint8_t *seen = calloc((size_t)g->count, 1);
    int32_t *stack = malloc((size_t)g->count * sizeof *stack);
    int found = 0, sp = 0;
    if (!seen || !stack) {
        found = -1;
        goto done;
    }
    stack[sp++] = from;
    seen[from] = 1;
    while (sp && !found) {
        const book_node *n = &g->node[stack[--sp]];
        if (!n->inner)
            continue;
        for (int i = 0; i < n->nchild; i++) {
            const int c = n->child[i];
            if (c < 0 || seen[c] || board_seeds(&g->node[c].pos) != seeds)
                continue;
            if (c == target) {
                found = 1;
                break;
            }
            seen[c] = 1;
            stack[sp++] = c;
        }
    }
done:
    free(seen);
    free(stack);
    return found;
}

/* Expand leaf v. Returns 0, 1 when stopped, -1 on error (message set). */
static int expand(builder *b, int v, aw_error *err)
{
    book_graph *g = &b->g;
    const aw_rules *rules = &g->rules;
    aw_move moves[AW_MAX_MOVES];
    aw_position child[AW_MAX_MOVES];
    aw_status st[AW_MAX_MOVES];
    const aw_position pos = g->node[v].pos;
    const int n = book_children(rules, &pos, moves, child, st);
    int idx[AW_MAX_MOVES], end[AW_MAX_MOVES], fresh = 0;
    if (n == 0) {
        g->node[v].closed = 1;
        return 0;
    }
    for (int k = 0; k < n; k++) {
        end[k] = 0;
        if (st[k] != AW_ONGOING) {
            idx[k] = -1;
            end[k] = book_end_value(rules, &child[k], st[k]);
            continue;
        }
        const int f = graph_find(g, &child[k]);
        int r = f >= 0 ? reaches(g, f, v) : 0;
        if (r < 0)
            return aw_fail(err, "out of memory building the book");
        if (f == -2 || r) {
            /* A hash collision, or a move back into the position's own
             * past: it stays a leaf. */
            g->node[v].closed = 1;
            return 0;
        }
        if (f >= 0) {
            idx[k] = f;
            continue;
        }
        /* New; two moves may lead to the same position. */
        const uint64_t key = book_key(rules, &child[k]);
        const uint32_t check = book_check(rules, &child[k]);
        int j = 0;
        while (j < fresh && (book_key(rules, &b->s.pos[j]) != key ||
                             book_check(rules, &b->s.pos[j]) != check))
            j++;
        if (j == fresh)
            b->s.pos[fresh++] = child[k];
        idx[k] = -100 - j;
    }
    if (fresh) {
        const int rc = score_all(b, fresh);
        if (rc > 0)
            return 1;
        if (rc < 0)
            return aw_fail(err, "a leaf search gave no usable value");
    }
    int added[AW_MAX_MOVES];
    for (int j = 0; j < fresh; j++) {
        added[j] = graph_add(g, &b->s.pos[j], b->s.value[j]);
        if (added[j] < 0)
            return aw_fail(err, "out of memory building the book");
    }
    book_node *nd = &g->node[v];
    for (int k = 0; k < n; k++) {
        nd->move[k] = moves[k];
        nd->child[k] = idx[k] <= -100 ? added[-100 - idx[k]] : idx[k];
        nd->end_value[k] = end[k];
    }
    nd->nchild = (uint8_t)n;
    nd->inner = 1;
    return 0;
}

aw_book *aw_book_build(const aw_book *from, const aw_rules *rules, const aw_position *root,
                       const aw_book_build_options *opt, bool *stopped, aw_error *err)
{
    if (stopped)
        *stopped = false;
    if ((opt->depth > 0) == (opt->nodes > 0) || opt->depth < 0 ||
        opt->depth > AW_SEARCH_MAX_DEPTH) {
        aw_fail(err, "give the leaf searches either a depth (1..%d) or a node count",
                AW_SEARCH_MAX_DEPTH);
        return NULL;
    }
    if (opt->positions < 1 || opt->positions > BOOK_MAX_POSITIONS) {
        aw_fail(err, "the positions wanted must be 1..%d", BOOK_MAX_POSITIONS);
        return NULL;
    }
    if (!(opt->alpha >= 0 && opt->alpha <= 1000)) {
        aw_fail(err, "alpha must be 0..1000");
        return NULL;
    }
    if (opt->threads < 0 || opt->threads > AW_SEARCH_MAX_THREADS || opt->hash_mb < 0 ||
        opt->hash_mb > 65536) {
        aw_fail(err, "threads must be 1..%d, the table 1..65536 MB", AW_SEARCH_MAX_THREADS);
        return NULL;
    }
    if (aw_position_status(rules, root) != AW_ONGOING) {
        aw_fail(err, "the game is over in the root position");
        return NULL;
    }
    char text[BOOK_RULES_TEXT];
    if (book_rules_text(rules, text, sizeof text)) {
        aw_fail(err, "the rules differ from their preset in too many parameters for a book "
                     "header (%d characters at most)",
                BOOK_RULES_TEXT - 1);
        return NULL;
    }
    aw_book params;
    memset(&params, 0, sizeof params);
    params.rules = *rules;
    params.root = *root;
    params.depth = opt->depth;
    params.nodes = opt->nodes;
    params.hash_mb = opt->hash_mb ? opt->hash_mb : 16;
    params.alpha_milli = (uint32_t)lround(opt->alpha * 1000);
    char a[AW_POSITION_MAX], c[AW_POSITION_MAX];
    if (from) {
        if (!book_rules_equal(&from->rules, rules)) {
            aw_fail(err, "the book was built for other rules (%s)", from->rules.name);
            return NULL;
        }
        if (memcmp(&from->root, root, sizeof *root) != 0) {
            aw_fail(err, "the book starts from %s, not %s", aw_position_format(&from->root, a),
                    aw_position_format(root, c));
            return NULL;
        }
        if (from->depth != params.depth || from->nodes != params.nodes ||
            from->hash_mb != params.hash_mb) {
            if (from->depth)
                aw_fail(err, "the book's leaves were searched to depth %d with a %d MB table; "
                             "grow it with the same searches",
                        from->depth, from->hash_mb);
            else
                aw_fail(err, "the book's leaves were searched with %llu nodes and a %d MB table; "
                             "grow it with the same searches",
                        (unsigned long long)from->nodes, from->hash_mb);
            return NULL;
        }
    }

    builder b;
    memset(&b, 0, sizeof b);
    b.opt = opt;
    b.alpha = params.alpha_milli;
    b.threads = opt->threads > 0 ? opt->threads : 1;
    b.s.rules = rules;
    b.s.limits.depth = opt->depth;
    b.s.limits.nodes = opt->nodes;
    aw_book *out = NULL;
    b.engines = calloc((size_t)b.threads, sizeof *b.engines);
    if (!b.engines) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    b.s.engines = b.engines;
    pthread_mutex_init(&b.s.lock, NULL);
    pthread_cond_init(&b.s.done, NULL);
    char hash[16];
    snprintf(hash, sizeof hash, "%d", params.hash_mb);
    for (int k = 0; k < b.threads; k++) {
        b.engines[k] = aw_engine_new(err);
        if (!b.engines[k] || aw_engine_set_option(b.engines[k], "Hash", hash, err))
            goto done;
    }
    if (from) {
        if (graph_from_book(from, &b.g, err))
            goto done;
    } else {
        if (graph_init(&b.g, rules, 1024)) {
            aw_fail(err, "out of memory");
            goto done;
        }
        b.s.pos[0] = *root;
        const int rc = score_all(&b, 1);
        if (rc < 0) {
            aw_fail(err, "the root's search gave no usable value");
            goto done;
        }
        if (rc > 0) {
            if (stopped)
                *stopped = true;
            aw_fail(err, "stopped before the root was scored");
            goto done;
        }
        graph_add(&b.g, root, b.s.value[0]);
    }
    for (;;) {
        if (graph_backup(&b.g, b.alpha)) {
            aw_fail(err, "out of memory, or a cycle in the book");
            goto done;
        }
        if (report(&b)) {
            if (stopped)
                *stopped = true;
            break;
        }
        if (b.g.count >= opt->positions || b.g.node[0].prio >= BOOK_PRIO_INF)
            break;
        int v = 0;
        while (b.g.node[v].inner) {
            const int i = graph_descend(&b.g, &b.g.node[v], b.alpha);
            if (i < 0)
                break;
            v = b.g.node[v].child[i];
        }
        if (b.g.node[v].inner) {
            aw_fail(err, "internal error: no leaf to expand");
            goto done;
        }
        const int rc = expand(&b, v, err);
        if (rc < 0)
            goto done;
        if (rc > 0) {
            if (stopped)
                *stopped = true;
            if (graph_backup(&b.g, b.alpha))
                goto done;
            break;
        }
    }
    out = graph_to_book(&b.g, &params);
    if (!out)
        aw_fail(err, "out of memory");
done:
    pthread_cond_destroy(&b.s.done);
    pthread_mutex_destroy(&b.s.lock);
    for (int k = 0; k < b.threads; k++)
        aw_engine_free(b.engines[k]);
    free(b.engines);
    graph_free(&b.g);
    return out;
}
