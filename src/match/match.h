/*
 * match.h - engine-vs-engine matches (`awale match`, docs/match.md): the
 * configuration the command line builds, the openings file, and the run.
 */
#ifndef AW_MATCH_H
#define AW_MATCH_H

#include "awale.h"
#include "match/client.h"

#include <stdbool.h>
#include <stdint.h>

/* A start for a pair of games: a position and moves already played. */
typedef struct opening {
    aw_position start;
    aw_move *moves;
    int nmoves;
    int line; /* in the openings file */
} opening;

/* Read an openings file: one opening a line ("[POSITION] [MOVES]", '#'
 * starts a comment), or game records (each record's start and moves).
 * Every opening is checked under `rules`. Returns 0, or -1 with a message
 * naming the line. */
int openings_load(const char *path, const aw_rules *rules, opening **out, int *count, char *err,
                  size_t size);
void openings_free(opening *o, int count);

typedef struct match_config {
    engine_spec engine[2];
    aw_rules rules;
    aw_position start;          /* when there are no openings             */
    opening *openings;
    int nopenings;
    int games;
    int64_t movetime_ms;        /* per move; 0: none                      */
    int64_t base_ms, inc_ms;    /* clock; base 0: none                    */
    int depth;                  /* go depth; 0: none                      */
    uint64_t nodes;             /* go nodes; 0: none                      */
    int64_t margin_ms;          /* time an engine may overrun             */
    int64_t timeout_ms;         /* answer time without any time limit     */
    int64_t start_timeout_ms;   /* handshake and isready                  */
    int concurrency;
    int max_plies;              /* adjudicate after this many; 0: never   */
    const char *records_path;   /* NULL: no records                       */
    const char *event;
    bool sprt;
    double elo0, elo1, alpha, beta;
    bool debug;                 /* every protocol line on stderr          */
} match_config;

/* Play the match, printing progress and the summary on stdout. Returns the
 * exit status: 0 (finished, or stopped by the SPRT), 1 (an engine cannot be
 * run, a file cannot be written), 130 (interrupted by Ctrl-C). */
int match_run(const match_config *cfg);

#endif
