/*
 * client.h - the match runner's side of the engine protocol: one engine
 * process, started and spoken to with deadlines (handshake, options, new
 * game, one move), and stopped or killed. Failures are reported, never
 * waited on for longer than the deadline given.
 */
#ifndef AW_CLIENT_H
#define AW_CLIENT_H

#include "awale.h"
#include "match/proc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define SPEC_OPTIONS_MAX 32

/* An engine as given by --engine: its name, command line, directory and
 * the options to send. */
typedef struct engine_spec {
    char name[64];
    char **argv; /* NULL-terminated */
    int argc;
    char *dir;
    int noptions;
    char *opt_name[SPEC_OPTIONS_MAX];
    char *opt_value[SPEC_OPTIONS_MAX];
    bool spaced_moves; /* `position ... moves C f F b` (moves=spaced); by
                          default the moves are run together, `moves CfFb`,
                          as the Oware engines in the wild read them */
} engine_spec;

/* Outcomes. */
enum {
    CLIENT_OK = 0,
    CLIENT_CRASH = 1,     /* it exited or closed its output            */
    CLIENT_TIMEOUT = 2,   /* no answer before the deadline             */
    CLIENT_CANCELLED = 3, /* the runner is stopping (Ctrl-C)          */
    CLIENT_EXEC = 4       /* it cannot be run at all                   */
};

typedef struct client {
    const engine_spec *spec;
    const char *name;    /* display name                                 */
    proc p;
    bool running;        /* started and through its handshake            */
    bool ever_started;
    bool warned;         /* option warnings are given once               */
    char id_name[128];
    char declared[64][64]; /* option names it declared (first 64)         */
    int ndeclared;
    int cancel_fd;
    FILE *log;           /* --debug: every line both ways; NULL: none     */
} client;

/* The answer to a `go`. */
typedef struct client_answer {
    char best[16], ponder[16];
    bool has_score, mate;
    int score; /* centiseeds, or moves to the end for mate */
    int depth;
    int64_t elapsed_ms;
} client_answer;

/* Start the engine, do the handshake (uci, options, rules, isready) within
 * timeout_ms. Returns CLIENT_OK or a failure with a reason in why. */
int client_start(client *c, const aw_rules *rules, int64_t timeout_ms, char *why, size_t size);

/* ucinewgame and isready. */
int client_newgame(client *c, int64_t timeout_ms, char *why, size_t size);

/* Send the position and go lines, and wait for bestmove for budget_ms from
 * the moment go is sent. */
int client_think(client *c, const char *position, const char *go, int64_t budget_ms,
                 client_answer *ans, char *why, size_t size);

/* quit, a short grace, then kill. */
void client_quit(client *c);

/* Kill it now (after a failure). */
void client_kill(client *c);

#endif
