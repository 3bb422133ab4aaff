/*
 * book_internal.h - what the opening-book modules share (library-internal):
 * the file layout, the entry, the book object, and the graph the loader
 * checks and the builder grows (book.c, book_file.c, book_graph.c,
 * book_probe.c, book_rules.c, book_build.c; docs/book.md).
 *
 * Values are the engine's internal scores (engine.h), from the view of the
 * side to move at the position: estimates odd and within +-SC_EVAL_MAX, 0
 * for an exact draw, SC_WIN + 256 m - 2 p for a win by m seeds p plies
 * ahead. A move's value is its child's value seen from the other side and
 * one ply further (book_up).
 */
#ifndef AW_BOOK_INTERNAL_H
#define AW_BOOK_INTERNAL_H

#include "engine.h"

#define BOOK_MAGIC "AWALEBK1"
#define BOOK_VERSION 1
#define BOOK_HEADER_SIZE 256
#define BOOK_ENTRY_SIZE 16
#define BOOK_MAX_POSITIONS (1 << 24)
#define BOOK_FLAG_INNER 1
#define BOOK_RULES_TEXT 96 /* bytes of the header's rules field          */
#define BOOK_PRIO_INF (INT64_C(1) << 60)

/* One position of a book: its key and verification hash, its value, and
 * whether it is inner (every move leads into the book). */
typedef struct book_entry {
    uint64_t key;
    uint32_t check;
    int16_t value;
    uint8_t flags;
} book_entry;

struct aw_book {
    aw_rules rules;
    aw_position root;
    int depth;             /* leaf searches                                */
    uint64_t nodes;
    int hash_mb;
    uint32_t alpha_milli;  /* alpha in thousandths                         */
    int count, inner;
    int max_plies;         /* found by the check                          */
    int root_value;
    book_entry *entries;   /* count of them, sorted by key, keys distinct  */
};

uint64_t book_checksum(const void *data, size_t n);
uint64_t book_key(const aw_rules *rules, const aw_position *pos);
uint32_t book_check(const aw_rules *rules, const aw_position *pos);

/* A move's value from its child's value (the child's side to move). */
int book_up(int child_value);
/* The exact value of a finished position for its side to move. */
int book_end_value(const aw_rules *rules, const aw_position *pos, aw_status status);
/* Whether v is a value a book may hold. */
bool book_value_ok(int v);

/* The entry of a position; NULL when it is not in the book. */
const book_entry *book_find(const aw_book *book, const aw_rules *rules, const aw_position *pos);

/* The rules as one line of text ("abapa", "abapa target=24"), and back. */
int book_rules_text(const aw_rules *rules, char *buf, size_t size);
int book_rules_parse(const char *text, aw_rules *rules, aw_error *err);
bool book_rules_equal(const aw_rules *a, const aw_rules *b);

/* ------------------------------------------------------------ the graph */

/* A position of the graph: the position itself (the file keeps only keys:
 * positions come back by playing the moves from the root), its value and
 * priority, and for an inner one its moves and where they lead. */
typedef struct book_node {
    aw_position pos;
    uint64_t key;
    uint32_t check;
    int32_t value;
    int64_t prio;          /* thousandths of a ply; BOOK_PRIO_INF: never   */
    int32_t height;        /* inner plies below (longest line)             */
    uint8_t inner;
    uint8_t closed;        /* builder: its expansion would close a cycle   */
    uint8_t nchild;
    aw_move move[AW_MAX_MOVES];
    int32_t child[AW_MAX_MOVES];   /* node index, or -1: the game ends     */
    int32_t end_value[AW_MAX_MOVES]; /* the finished child's value         */
} book_node;

typedef struct book_graph {
    aw_rules rules;
    book_node *node;
    int count, cap;
    int32_t *slot;         /* open addressing: node index + 1, 0 empty     */
    size_t mask;
} book_graph;

int graph_init(book_graph *g, const aw_rules *rules, int cap);
void graph_free(book_graph *g);
/* The node of a position: its index, -1 when absent, -2 when another
 * position has the same key (a hash collision). */
int graph_find(const book_graph *g, const aw_position *pos);
/* Append a leaf. Returns its index, or -1 when out of memory. */
int graph_add(book_graph *g, const aw_position *pos, int value);
/* The moves of *pos with the positions they lead to and their status.
 * Returns the number of moves (0 when the game is over). */
int book_children(const aw_rules *rules, const aw_position *pos, aw_move move[AW_MAX_MOVES],
                  aw_position child[AW_MAX_MOVES], aw_status status[AW_MAX_MOVES]);
/* The value of move i of node n. */
int graph_move_value(const book_graph *g, const book_node *n, int i);
/* Values, priorities and heights of every inner position from node 0 (the
 * root), children first. Returns 0, or -1 when the graph has a cycle. */
int graph_backup(book_graph *g, uint32_t alpha_milli);
/* The move of node n the builder follows (least priority plus penalty), or
 * -1 when none can be expanded. */
int graph_descend(const book_graph *g, const book_node *n, uint32_t alpha_milli);

/* Rebuild the graph of a book by playing from its root, checking it as it
 * goes (see aw_book_read). */
int graph_from_book(const aw_book *book, book_graph *g, aw_error *err);
/* A book of the graph (entries sorted); NULL when out of memory. */
aw_book *graph_to_book(const book_graph *g, const aw_book *params);

/* For the search: a book move for *pos among moves[0..n) (the legal moves
 * left after searchmoves), chosen as aw_engine_set_book says; fills the
 * result (best, ponder, up to `lines` lines). Returns false when the
 * position is not an inner one of the book. */
bool book_choose(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                 const aw_move *moves, int n, int variety, uint64_t *rng, int lines,
                 aw_search_result *out);

#endif
