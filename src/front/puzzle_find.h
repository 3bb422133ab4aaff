/*
 * puzzle_find.h - the puzzle finder and checker (docs/puzzles.md): whether
 * a position is a puzzle (exactly one move wins, or exactly one move saves
 * the draw), its solution line with the defender's best replies, its
 * themes and its rating; the engine games it looks for them in; and the
 * re-check of a puzzle by a deeper search or the endgame tables.
 *
 * No I/O: `awale puzzles` (src/cli/cmd_puzzles.c) reads records, writes
 * files and shows progress. One finder is used by one thread at a time;
 * puzzle_finder_stop may be called from any thread or a signal handler.
 */
#ifndef AW_FRONT_PUZZLE_FIND_H
#define AW_FRONT_PUZZLE_FIND_H

#include <stdbool.h>
#include <stdint.h>

#include "awale.h"
#include "front/puzzles.h"

/* The finder's thresholds, in hundredths of a seed (docs/puzzles.md,
 * "The criterion"): a move wins when the search proves a win, or when its
 * estimate is at least PUZZLE_WIN_EST while every other move is proven not
 * to win or estimated at most PUZZLE_NOT_WIN_EST. The re-check uses the
 * looser PUZZLE_VERIFY_* bounds at its deeper depth, so that a puzzle is
 * not refused for a small change of the estimate, only for a real one. */
#define PUZZLE_WIN_EST 400
#define PUZZLE_NOT_WIN_EST 100
#define PUZZLE_LOSE_EST (-300) /* "saves the draw": every other move loses */
#define PUZZLE_VERIFY_WIN_EST 250
#define PUZZLE_VERIFY_NOT_WIN_EST 150
#define PUZZLE_VERIFY_LOSE_EST (-200)

/* Moves of a solution line the finder writes at most. */
#define PUZZLE_FIND_LINE 9

typedef struct puzzle_find_config {
    const char *rules_name;  /* a preset ("abapa", ...)                      */
    int depth;               /* depth of the check (0: puzzle_default_depth) */
    uint64_t nodes;          /* node cap of one search (0: none)             */
    const aw_tables *tables; /* endgame tables (NULL: none)                  */
    int threads;             /* search threads (0: 1)                        */
    int hash_mb;             /* transposition table (0: 16)                  */
} puzzle_find_config;

typedef struct puzzle_finder puzzle_finder;

/* The default depth of the check for a rule set (Oware 16, relay 10). */
int puzzle_default_depth(const aw_rules *rules);

/* A finder for cfg's rule set; NULL with a message. */
puzzle_finder *puzzle_finder_new(const puzzle_find_config *cfg, aw_error *err);
void puzzle_finder_free(puzzle_finder *pf);

/* Stop the search in progress and every later one (Ctrl-C): the calls
 * then return at once with "stopped". */
void puzzle_finder_stop(puzzle_finder *pf);
bool puzzle_finder_stopped(const puzzle_finder *pf);

/* What puzzle_finder_try found out, for the progress line and the stats. */
typedef struct puzzle_find_info {
    uint64_t nodes;  /* searched for this position                       */
    bool deep;       /* passed the quick filter and was searched deeply  */
    bool seen;       /* examined before (not searched again)            */
    int dfirst;      /* the depth from which the engine keeps the move   */
    int tempting;    /* other moves that capture as much or more         */
    int payoff;      /* the ply at which the solver's gain shows         */
} puzzle_find_info;

/* Whether *pos (the solver to move) is a puzzle: 1 with *out filled (id
 * -1), 0 when it is not (or was examined before), -1 stopped or an error
 * (a message). */
int puzzle_finder_try(puzzle_finder *pf, const aw_position *pos, puzzle *out,
                      puzzle_find_info *info, aw_error *err);

/* Count *pos as examined: puzzle_finder_try then passes it by (the
 * puzzles of a file being extended). */
void puzzle_finder_mark_seen(puzzle_finder *pf, const aw_position *pos);

/* One engine game from the start for candidates: random opening moves,
 * then players of random levels (so that mistakes happen) and some random
 * moves. Fills positions[] (at most max) with the positions met after the
 * opening, the side to move having 2 or more legal moves; returns how many
 * (-1 stopped). *seed advances. */
int puzzle_finder_game(puzzle_finder *pf, uint64_t *seed, aw_position *positions, int max);

/* Re-check a puzzle (of the finder's rule set) at `depth` (0: the finder's
 * depth + 2) with the looser bounds: the tables where they prove values,
 * else the search: the first move is still the only one that wins (or
 * saves the draw), and so is every later move of the solver in the line.
 * 0 when it holds, 1 when not (why: in words), -1 stopped or an error. */
int puzzle_finder_verify(puzzle_finder *pf, const puzzle *p, int depth, char *why, size_t size);

/* The rating of a puzzle of a rule set (a preset's name) from its
 * difficulty signals (docs/puzzles.md, "Ratings"): 600..2600. */
int puzzle_rating(const char *rules, int dfirst, int tempting, bool quiet, int solver_moves,
                  int legal, int payoff);

#endif
