/*
 * match.h - engine-vs-engine matches (`awale match`, docs/match.md): the
 * configuration the command line builds, and the run.
 */
#ifndef AW_MATCH_H
#define AW_MATCH_H

#include "awale.h"
#include "match/client.h"
#include "match/openings.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct match_config {
    engine_spec engine[2];
    aw_rules rules;
    aw_position start;          /* when there are no openings             */
    opening *openings;          /* from --openings FILE, or NULL          */
    int nopenings;
    const char *openings_path;
    int opening_plies;          /* random openings when there is no file  */
    uint64_t seed;
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
