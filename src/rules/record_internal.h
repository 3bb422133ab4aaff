/*
 * record_internal.h - what the two halves of the game records share
 * (record.c: the record, its tags, comments and marks, and writing;
 * record_read.c: reading). Library-internal.
 */
#ifndef AW_RECORD_INTERNAL_H
#define AW_RECORD_INTERNAL_H

#include "rules_internal.h"

#include <stdbool.h>
#include <stddef.h>

#define TAG_NAME_MAX AW_RECORD_TAG_NAME_MAX
#define TAG_VALUE_MAX AW_RECORD_TAG_VALUE_MAX

/* One move of the tree (record_tree.c). Free slots are chained by `next`. */
typedef struct rec_node {
    int parent, first, next; /* -1: none */
    aw_move move;            /* AW_MOVE_NONE for the root */
    int ply;                 /* moves from the start */
    int depth;               /* variations on the path from the root */
    uint8_t mark;            /* aw_mark */
    bool alive;
    char *comment;           /* after the move, collapsed, no '}' */
    char *before;            /* before the move: a variation's first move only */
} rec_node;

typedef struct rec_tag {
    char *name, *value;
} rec_tag;

struct aw_record {
    aw_game *game;       /* the main line, in step with the tree (record_sync) */
    aw_position start;   /* the root's position, as last synced */
    rec_tag *tags;
    int ntags, tagcap;
    rec_node *nodes;     /* nodes[0]: the root */
    int nnodes, nodecap; /* slots used (ids below nnodes), allocated */
    int nlive;           /* living nodes, the root included */
    int free_list;       /* a free slot, chained by next; -1: none */
    int *main;           /* main[i]: the main-line node after i moves */
    int main_len, main_cap; /* moves on the main line; slots of main */
    bool broken;         /* out of memory while following the game */
};

/* The n bytes at s, NUL-terminated, malloc'ed; NULL when out of memory. */
char *record_dup(const char *s, size_t n);
/* Whether a tag is one written from the game (Rules, Rule, SetUp, FEN). */
bool record_tag_derived(const char *name);
/* Whether v is a result: 1-0, 0-1, 1/2-1/2 or *. */
bool record_is_result(const char *v);
/* The end of the rules named by `word`, or AW_ONGOING. */
aw_status record_status_of_word(const char *word);
/* The mark spelt by the n bytes at s, or -1. */
int record_mark_of(const char *s, size_t n);
/* The result of a finished game from its final scores; NULL while it goes on. */
const char *record_game_result(const aw_game *game);
/* Round number of ply k (0-based) of a game whose first mover is `first`. */
int record_round_of(int first, int k);

/* The tree (record_tree.c). */
int record_tree_init(aw_record *rec);
void record_tree_free(aw_record *rec);
/* Every move dropped: the root alone (the game is the caller's). */
void record_tree_clear(aw_record *rec);
/* Bring the tree in step with the game after moves played or taken back on
 * aw_record_game (cheap when nothing changed); -1 when out of memory. Called
 * from const accessors too (the record is always allocated writable). */
int record_sync(const aw_record *rec);
/* A new child of `parent` for `move` (known legal), first or last; -1 when
 * out of memory. Neither the main line array nor the game follow. */
int record_child_new(aw_record *rec, int parent, aw_move move, bool first);
/* The main-line array rebuilt from the tree and the game marked in step
 * (the reader, which plays the main line on the game itself). */
int record_main_rebuilt(aw_record *rec);
/* `text` collapsed and checked as the comment after (or `before`) move
 * `ply` (NULL/"" give *out NULL); 0 or -1. */
int record_comment_prepare(const char *text, int ply, bool before, char **out, aw_error *err);

#endif
