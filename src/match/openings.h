/*
 * openings.h - the openings of `awale match` and `awale selfplay`
 * (docs/match.md): read from a file, or drawn at random from a seed and
 * kept only when they are balanced and new.
 */
#ifndef AW_OPENINGS_H
#define AW_OPENINGS_H

#include "awale.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A start for a pair of games: a position and moves already played. */
typedef struct opening {
    aw_position start;
    aw_move *moves;
    int nmoves;
    int line; /* in the openings file; 0 for a random opening */
} opening;

/* Read an openings file: one opening a line ("[POSITION] [MOVES]", '#'
 * starts a comment), or game records (each record's start and moves).
 * Every opening is checked under `rules`. Returns 0, or -1 with a message
 * naming the line. */
int openings_load(const char *path, const aw_rules *rules, opening **out, int *count, char *err,
                  size_t size);
void openings_free(opening *o, int count);

/* Random openings. Each is `plies` random legal moves from the start that
 * leave the game going, kept when a search of OPENING_DEPTH plies scores it
 * within OPENING_WINDOW hundredths of a seed of level and when its position
 * has not been drawn before. Of OPENING_TRIES random lines, the first such
 * one is taken; failing that, a balanced one drawn before (reused), then
 * the most balanced new one (unbalanced); when every line ends the game,
 * lines one ply shorter (shortened). The sequence depends only on the
 * rules, the start, `plies` and the seed (and the engine's evaluation). */
#define OPENING_PLIES_MAX 40
#define OPENING_PLIES_DEFAULT 8
#define OPENING_DEPTH 6
#define OPENING_WINDOW 100
#define OPENING_TRIES 256

typedef struct opening_gen opening_gen;

typedef struct opening_stats {
    int drawn;      /* openings given                                      */
    int reused;     /* a position given before                             */
    int unbalanced; /* outside the window: no balanced one was found       */
    int shortened;  /* fewer plies: every line of `plies` ended the game   */
} opening_stats;

/* NULL with a message when out of memory. The start must be a position
 * where the game goes on. */
opening_gen *opening_gen_new(const aw_rules *rules, const aw_position *start, int plies,
                             uint64_t seed, char *err, size_t size);
void opening_gen_free(opening_gen *g);

/* The next opening into *out, whose `moves` must hold OPENING_PLIES_MAX
 * moves. Returns 0, or -1 with a message. */
int opening_gen_next(opening_gen *g, opening *out, char *err, size_t size);
opening_stats opening_gen_stats(const opening_gen *g);

/* "random openings of 8 plies from the start position, kept within +/-1
 * seed by a search of depth 6; seed 123" */
void opening_gen_describe(int plies, const aw_position *start, uint64_t seed, char *buf,
                          size_t size);
/* ", 3 reused, 1 unbalanced" or "" (the notes worth telling). */
void opening_stats_notes(const opening_stats *s, char *buf, size_t size);

/* A seed for a run that was given none: from the clock and the process,
 * below 2^31 so that it is short to type. */
uint64_t opening_seed_new(void);

#endif
