/*
 * engine_setup.h - the one way every front end sets up an engine: a level,
 * threads, table size, evaluation, endgame tables and opening book, given
 * as one struct and applied in one place (analyze, play, the terminal and
 * web interfaces, selfplay and bench all call this instead of setting
 * options one by one).
 */
#ifndef AW_FRONT_ENGINE_SETUP_H
#define AW_FRONT_ENGINE_SETUP_H

#include "awale.h"

/* Zero fields keep the engine's default. */
typedef struct engine_config {
    int level;               /* 1..10 (0: 10, full strength)                  */
    int threads;             /* search threads (0: 1)                         */
    int hash_mb;             /* transposition table (0: the engine's 64 MB)   */
    const char *eval;        /* "nnue", "linear" ("tuned") or "material"
                                (NULL: the engine's default)                 */
    long long seed;          /* random choices of levels below 10 (-1: keep)  */
    const aw_tables *tables; /* endgame tables; used at level 10 only, as a
                                person below full strength has none          */
    const aw_book *book;     /* opening book; used from level 5 on (below)    */
    const char *options;     /* more options, "Name=value,Name=value" (NULL:
                                none), set last: they may change any of the
                                above (selfplay's --a and --b)               */
} engine_config;

/* The defaults: level 10, one thread, the engine's table, no tables or
 * book, seed kept. */
/* The engines of the play front ends and of reviews (the session, awale
 * review, the terminal's and the web's trainer, reviews and jobs): the
 * default, with the engine's default evaluation (the network) as analyze,
 * bench, selfplay, match and uci. The review's marks and the trainer's
 * verdicts are set in seeds of the linear model and scaled to the
 * network's estimates by aw_review_scale (docs/review.md). */
engine_config engine_config_front(void);
engine_config engine_config_default(void);

/* A new engine set up by *cfg; NULL with a message. */
aw_engine *engine_setup_new(const engine_config *cfg, aw_error *err);

/* Apply *cfg to an existing engine (not during a search). 0 or -1 with a
 * message naming the option. */
int engine_setup_apply(aw_engine *engine, const engine_config *cfg, aw_error *err);

/* Give an engine of `level` the endgame tables (NULL: none) by the same
 * rule as engine_setup_apply (full strength only), between searches. */
void engine_setup_tables(aw_engine *engine, int level, const aw_tables *tables);

/* How a level uses the opening book: -1 not at all (levels 1-4), else the
 * BookVariety it plays with (hundredths of a seed: 50 at level 5 down to
 * 8 at level 9; 0, the best book move, at level 10). */
int engine_book_variety(int level);

/* One line per level for help texts: what level `level` (1..10) is like and
 * whom it suits. */
const char *engine_level_description(int level);

#endif
