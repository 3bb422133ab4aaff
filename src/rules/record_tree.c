/*
 * record_tree.c - the moves of a game record as a tree (awale.h, "The
 * record's move tree"; the text is record.c and record_read.c).
 *
 * Nodes live in one array; a node knows its parent, its first child and its
 * next sibling, so a child list is in order and short (the children of a
 * node are distinct moves: at most AW_MAX_MOVES). Free slots are chained
 * and given again. Invariants:
 * - the root is node 0, alive, with no move; a child's ply is its parent's
 *   plus one; its depth is its parent's, plus one unless it is the first
 *   child; no depth beyond AW_RECORD_DEPTH_MAX (the reader and
 *   aw_record_node_add refuse deeper ones, promotion checks first);
 * - only a variation's first move (a child that is not the first) has a
 *   `before` comment: a node that becomes a first child gives it to its
 *   parent's comment, where the text would show it;
 * - main[0..main_len] is the main line (first children from the root) and
 *   the game's moves are exactly its moves, once record_sync has run.
 *
 * The game of aw_record_game is the caller's to play on, so the tree
 * follows it lazily: game.c keeps the lowest ply the game went back to since
 * the last sync (game_low), and record_sync compares only from there: a
 * sync costs nothing when nothing changed and the moves played otherwise,
 * so reading and playing stay linear. The accessors take a const record and
 * sync it: records are always allocated writable (aw_record_new), so the
 * cast is sound; like the rest of the library, one record is not for two
 * threads at once.
 *
 * Walks over a subtree (deletion, depth changes) are loops over the
 * parent/first/next links, not recursion: a line can be 10000 moves long.
 */
#include "record_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ nodes */

int record_tree_init(aw_record *rec)
{
    rec->nodecap = 64;
    rec->nodes = calloc((size_t)rec->nodecap, sizeof *rec->nodes);
    rec->main_cap = 64;
    rec->main = malloc(sizeof *rec->main * (size_t)rec->main_cap);
    if (!rec->nodes || !rec->main)
        return -1;
    rec->nodes[0] = (rec_node){.parent = -1, .first = -1, .next = -1, .move = AW_MOVE_NONE,
                               .alive = true};
    rec->nnodes = 1;
    rec->nlive = 1;
    rec->free_list = -1;
    rec->main[0] = AW_RECORD_ROOT;
    rec->main_len = 0;
    rec->start = *aw_game_start(rec->game);
    game_synced(rec->game);
    return 0;
}

void record_tree_free(aw_record *rec)
{
    for (int i = 0; i < rec->nnodes; i++) {
        free(rec->nodes[i].comment);
        free(rec->nodes[i].before);
    }
    free(rec->nodes);
    free(rec->main);
}

static bool alive(const aw_record *rec, int n)
{
    return n >= 0 && n < rec->nnodes && rec->nodes[n].alive;
}

int record_child_new(aw_record *rec, int parent, aw_move move, bool first)
{
    int id;
    if (rec->free_list >= 0) {
        id = rec->free_list;
        rec->free_list = rec->nodes[id].next;
    } else {
        if (rec->nnodes == rec->nodecap) {
            int cap = rec->nodecap * 2;
            rec_node *ns = realloc(rec->nodes, sizeof *ns * (size_t)cap);
            if (!ns)
                return -1;
            rec->nodes = ns;
            rec->nodecap = cap;
        }
        id = rec->nnodes++;
    }
    rec_node *p = &rec->nodes[parent];
    rec_node *n = &rec->nodes[id];
    *n = (rec_node){.parent = parent, .first = -1, .next = -1, .move = move,
                    .ply = p->ply + 1, .depth = p->depth, .alive = true};
    if (first || p->first < 0) { /* the siblings' depths are the caller's */
        n->next = p->first;
        p->first = id;
    } else {
        n->depth++;
        int c = p->first;
        while (rec->nodes[c].next >= 0)
            c = rec->nodes[c].next;
        rec->nodes[c].next = id;
    }
    rec->nlive++;
    return id;
}

/* The next node of a walk over the subtree of `top` in pre-order, or -1. */
static int walk_next(const aw_record *rec, int top, int x)
{
    if (rec->nodes[x].first >= 0)
        return rec->nodes[x].first;
    while (x != top && rec->nodes[x].next < 0)
        x = rec->nodes[x].parent;
    return x == top ? -1 : rec->nodes[x].next;
}

static void depth_add(aw_record *rec, int top, int delta)
{
    for (int x = top; x >= 0; x = walk_next(rec, top, x))
        rec->nodes[x].depth += delta;
}

static int depth_max(const aw_record *rec, int top)
{
    int m = 0;
    for (int x = top; x >= 0; x = walk_next(rec, top, x))
        if (rec->nodes[x].depth > m)
            m = rec->nodes[x].depth;
    return m;
}

/* Take n out of its parent's child list. */
static void unlink_child(aw_record *rec, int n)
{
    rec_node *p = &rec->nodes[rec->nodes[n].parent];
    if (p->first == n) {
        p->first = rec->nodes[n].next;
    } else {
        int c = p->first;
        while (rec->nodes[c].next != n)
            c = rec->nodes[c].next;
        rec->nodes[c].next = rec->nodes[n].next;
    }
    rec->nodes[n].next = -1;
}

/* Join `extra` to the comment of node n (a space between); -1 when out of
 * memory. The limit of a comment is not checked: the text joined comes
 * from the tree, where it was checked. */
static int comment_join(aw_record *rec, int n, char **extra)
{
    if (!*extra)
        return 0;
    char *c = rec->nodes[n].comment;
    if (!c) {
        rec->nodes[n].comment = *extra;
        *extra = NULL;
        return 0;
    }
    size_t a = strlen(c), b = strlen(*extra);
    char *j = malloc(a + b + 2);
    if (!j)
        return -1;
    memcpy(j, c, a);
    j[a] = ' ';
    memcpy(j + a + 1, *extra, b + 1);
    free(c);
    free(*extra);
    *extra = NULL;
    rec->nodes[n].comment = j;
    return 0;
}

/* n has just become its parent's first child: its subtree is one variation
 * less deep, and its comment before goes to the parent's comment. */
static void became_first(aw_record *rec, int n)
{
    depth_add(rec, n, -1);
    if (comment_join(rec, rec->nodes[n].parent, &rec->nodes[n].before)) {
        free(rec->nodes[n].before); /* out of memory: the comment is lost */
        rec->nodes[n].before = NULL;
    }
}

/* Put child n first in its parent's list, the others' depths unchanged. */
static void put_first(aw_record *rec, int n)
{
    rec_node *p = &rec->nodes[rec->nodes[n].parent];
    unlink_child(rec, n);
    rec->nodes[n].next = p->first;
    p->first = n;
    became_first(rec, n);
}

/* Make child n its parent's first child; the old first becomes a variation. */
static void make_first(aw_record *rec, int n)
{
    const int old = rec->nodes[rec->nodes[n].parent].first;
    if (old == n)
        return;
    put_first(rec, n);
    depth_add(rec, old, +1);
}

/* Remove the subtree of n (already out of its parent's list). */
static void free_subtree(aw_record *rec, int n)
{
    int x = n;
    for (;;) {
        rec_node *xn = &rec->nodes[x];
        if (xn->first >= 0) { /* detach the first child and go down */
            int c = xn->first;
            xn->first = rec->nodes[c].next;
            x = c;
            continue;
        }
        int up = xn->parent;
        free(xn->comment);
        free(xn->before);
        *xn = (rec_node){.parent = -1, .first = -1, .next = rec->free_list};
        rec->free_list = x;
        rec->nlive--;
        if (x == n)
            return;
        x = up;
    }
}

/* Delete n and its subtree; when it was the first child, the next one
 * continues the line. */
static void delete_node(aw_record *rec, int n)
{
    int parent = rec->nodes[n].parent;
    bool was_first = rec->nodes[parent].first == n;
    unlink_child(rec, n);
    free_subtree(rec, n);
    if (was_first && rec->nodes[parent].first >= 0)
        became_first(rec, rec->nodes[parent].first);
}

static int child_with(const aw_record *rec, int n, aw_move move)
{
    for (int c = rec->nodes[n].first; c >= 0; c = rec->nodes[c].next)
        if (rec->nodes[c].move == move)
            return c;
    return -1;
}

/* ------------------------------------------------ the main line and game */

static int main_reserve(aw_record *rec, int len)
{
    if (len + 1 <= rec->main_cap)
        return 0;
    int cap = rec->main_cap;
    while (cap < len + 1)
        cap *= 2;
    int *m = realloc(rec->main, sizeof *m * (size_t)cap);
    if (!m)
        return -1;
    rec->main = m;
    rec->main_cap = cap;
    return 0;
}

/* main[] from main[k] on, by first children. */
static int main_refill(aw_record *rec, int k)
{
    int n = rec->main[k];
    rec->main_len = k;
    while (rec->nodes[n].first >= 0) {
        n = rec->nodes[n].first;
        if (main_reserve(rec, rec->main_len + 1))
            return -1;
        rec->main[++rec->main_len] = n;
    }
    return 0;
}

int record_main_rebuilt(aw_record *rec)
{
    if (main_refill(rec, 0))
        return -1;
    rec->start = *aw_game_start(rec->game);
    game_synced(rec->game);
    return 0;
}

/* The main line changed from ply k on (main[0..k] still right): refill
 * main[] and play the new moves on the game. */
static int main_changed(aw_record *rec, int k, aw_error *err)
{
    if (main_refill(rec, k)) {
        rec->broken = true;
        return aw_fail(err, "out of memory");
    }
    game_truncate(rec->game, k);
    for (int i = k; i < rec->main_len; i++) {
        aw_error e;
        if (aw_game_play(rec->game, rec->nodes[rec->main[i + 1]].move, &e)) {
            /* out of memory (the tree's moves are legal on their path) */
            rec->broken = true;
            return aw_fail(err, "%s", e.msg);
        }
    }
    game_synced(rec->game);
    rec->broken = false;
    return 0;
}

void record_tree_clear(aw_record *rec)
{
    rec_node *root = &rec->nodes[0];
    while (root->first >= 0) {
        int c = root->first;
        unlink_child(rec, c);
        free_subtree(rec, c);
    }
    rec->main_len = 0;
}

int record_sync(const aw_record *crec)
{
    aw_record *rec = (aw_record *)crec;
    aw_game *g = rec->game;
    const int ply = aw_game_ply(g);
    int k = game_low(g);
    if (!rec->broken && k == ply && ply == rec->main_len)
        return 0;
    if (memcmp(aw_game_start(g), &rec->start, sizeof rec->start) != 0) {
        record_tree_clear(rec);
        rec->start = *aw_game_start(g);
        k = 0;
    }
    if (rec->broken || k > rec->main_len)
        k = rec->broken ? 0 : rec->main_len;
    rec->broken = true;
    int n = rec->main[k];
    for (int i = k; i < ply; i++) {
        const aw_move mv = aw_game_move(g, i);
        int c = child_with(rec, n, mv);
        const int first = rec->nodes[n].first;
        if (c < 0 || c != first) {
            if (first >= 0) { /* what the game no longer has */
                unlink_child(rec, first);
                free_subtree(rec, first);
            }
            if (c >= 0)
                put_first(rec, c);
            else if ((c = record_child_new(rec, n, mv, true)) < 0)
                return -1;
        }
        if (main_reserve(rec, i + 1))
            return -1;
        rec->main[i + 1] = c;
        rec->main_len = i + 1;
        n = c;
    }
    rec->main_len = ply;
    while (rec->nodes[n].first >= 0) { /* the game ends here */
        int c = rec->nodes[n].first;
        unlink_child(rec, c);
        free_subtree(rec, c);
    }
    rec->broken = false;
    game_synced(g);
    return 0;
}

/* -------------------------------------------------------- the node API */

static int bad_node(aw_error *err, int node)
{
    return aw_fail(err, "no move has the id %d in the record", node);
}

int aw_record_node_limit(const aw_record *rec)
{
    record_sync(rec);
    return rec->nnodes;
}

bool aw_record_node_exists(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node);
}

int aw_record_node_parent(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? rec->nodes[node].parent : -1;
}

aw_move aw_record_node_move(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? rec->nodes[node].move : AW_MOVE_NONE;
}

int aw_record_node_ply(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? rec->nodes[node].ply : -1;
}

int aw_record_node_depth(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? rec->nodes[node].depth : -1;
}

int aw_record_node_children(const aw_record *rec, int node)
{
    record_sync(rec);
    if (!alive(rec, node))
        return -1;
    int n = 0;
    for (int c = rec->nodes[node].first; c >= 0; c = rec->nodes[c].next)
        n++;
    return n;
}

int aw_record_node_child(const aw_record *rec, int node, int i)
{
    record_sync(rec);
    if (!alive(rec, node) || i < 0)
        return -1;
    int c = rec->nodes[node].first;
    while (c >= 0 && i-- > 0)
        c = rec->nodes[c].next;
    return c;
}

bool aw_record_node_on_main_line(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) && rec->nodes[node].depth == 0;
}

aw_mark aw_record_node_mark(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? (aw_mark)rec->nodes[node].mark : AW_MARK_NONE;
}

int aw_record_node_set_mark(aw_record *rec, int node, aw_mark mark, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (!alive(rec, node))
        return bad_node(err, node);
    if (node == AW_RECORD_ROOT)
        return aw_fail(err, "the start position has no move to mark");
    if ((unsigned)mark > AW_MARK_DUBIOUS)
        return aw_fail(err, "%d is not a move mark", (int)mark);
    rec->nodes[node].mark = (uint8_t)mark;
    return 0;
}

const char *aw_record_node_comment(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? rec->nodes[node].comment : NULL;
}

const char *aw_record_node_comment_before(const aw_record *rec, int node)
{
    record_sync(rec);
    return alive(rec, node) ? rec->nodes[node].before : NULL;
}

int aw_record_node_set_comment(aw_record *rec, int node, const char *text, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (!alive(rec, node))
        return bad_node(err, node);
    char *c;
    if (record_comment_prepare(text, rec->nodes[node].ply, false, &c, err))
        return -1;
    free(rec->nodes[node].comment);
    rec->nodes[node].comment = c;
    return 0;
}

int aw_record_node_set_comment_before(aw_record *rec, int node, const char *text, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (!alive(rec, node))
        return bad_node(err, node);
    if (node == AW_RECORD_ROOT || rec->nodes[rec->nodes[node].parent].first == node)
        return aw_fail(err, "only the first move of a variation has a comment before it");
    char *c;
    if (record_comment_prepare(text, rec->nodes[node].ply, true, &c, err))
        return -1;
    free(rec->nodes[node].before);
    rec->nodes[node].before = c;
    return 0;
}

aw_game *aw_record_node_game(const aw_record *rec, int node, aw_error *err)
{
    if (record_sync(rec)) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    if (!alive(rec, node)) {
        bad_node(err, node);
        return NULL;
    }
    aw_game *g = aw_game_clone(rec->game);
    if (!g) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    /* The main line's part of the path, then the rest by playing. */
    const int ply = rec->nodes[node].ply;
    int join = node; /* the last node of the path on the main line */
    while (rec->nodes[join].depth > 0)
        join = rec->nodes[join].parent;
    game_truncate(g, rec->nodes[join].ply);
    if (join != node) {
        aw_move *moves = malloc(sizeof *moves * (size_t)(ply - rec->nodes[join].ply));
        if (!moves) {
            aw_game_free(g);
            aw_fail(err, "out of memory");
            return NULL;
        }
        int n = 0;
        for (int x = node; x != join; x = rec->nodes[x].parent)
            moves[n++] = rec->nodes[x].move;
        while (n-- > 0)
            if (aw_game_play(g, moves[n], err)) {
                free(moves);
                aw_game_free(g);
                return NULL;
            }
        free(moves);
    }
    game_synced(g);
    return g;
}

int aw_record_node_add(aw_record *rec, int node, aw_move move, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (!alive(rec, node))
        return bad_node(err, node);
    int c = child_with(rec, node, move);
    if (c >= 0)
        return c;
    const rec_node *n = &rec->nodes[node];
    if (n->ply >= AW_RECORD_MOVES_MAX)
        return aw_fail(err, "a line of the record has more than %d moves (the limit of one "
                            "record)", AW_RECORD_MOVES_MAX);
    if (rec->nlive - 1 >= AW_RECORD_NODES_MAX)
        return aw_fail(err, "the record has more than %d moves, variations included (the "
                            "limit of one record)", AW_RECORD_NODES_MAX);
    if (n->first >= 0 && n->depth >= AW_RECORD_DEPTH_MAX)
        return aw_fail(err, "variations nested more than %d deep (the limit of one record)",
                       AW_RECORD_DEPTH_MAX);
    aw_game *g = aw_record_node_game(rec, node, err);
    if (!g)
        return -1;
    int r = aw_game_play(g, move, err);
    aw_game_free(g);
    if (r)
        return -1;
    const bool extends_main = rec->nodes[node].first < 0 && rec->nodes[node].depth == 0;
    if ((c = record_child_new(rec, node, move, false)) < 0)
        return aw_fail(err, "out of memory");
    if (extends_main && main_changed(rec, rec->nodes[node].ply, err))
        return -1;
    return c;
}

int aw_record_node_promote(aw_record *rec, int node, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (!alive(rec, node))
        return bad_node(err, node);
    if (node == AW_RECORD_ROOT)
        return aw_fail(err, "the start position cannot be promoted");
    const int parent = rec->nodes[node].parent;
    const int old = rec->nodes[parent].first;
    if (old == node)
        return 0;
    if (depth_max(rec, old) + 1 > AW_RECORD_DEPTH_MAX)
        return aw_fail(err, "variations nested more than %d deep (the limit of one record)",
                       AW_RECORD_DEPTH_MAX);
    make_first(rec, node);
    if (rec->nodes[parent].depth == 0)
        return main_changed(rec, rec->nodes[parent].ply, err);
    return 0;
}

int aw_record_node_delete(aw_record *rec, int node, aw_error *err)
{
    if (record_sync(rec))
        return aw_fail(err, "out of memory");
    if (!alive(rec, node))
        return bad_node(err, node);
    if (node == AW_RECORD_ROOT)
        return aw_fail(err, "the start position cannot be deleted");
    const int parent = rec->nodes[node].parent;
    const bool main = rec->nodes[node].depth == 0;
    delete_node(rec, node);
    if (main)
        return main_changed(rec, rec->nodes[parent].ply, err);
    return 0;
}
