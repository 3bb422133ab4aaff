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

#endif
