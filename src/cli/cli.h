/*
 * cli.h - what the subcommands of the awale program share: option parsing
 * that reports bad arguments clearly, the rule-set options every command
 * takes, and the command table.
 *
 * Exit statuses: 0 success, 1 bad input (an illegal move, a bad position),
 * 2 bad usage (unknown option, missing value).
 */
#ifndef AW_CLI_H
#define AW_CLI_H

#include "awale.h"

#include <stdbool.h>
#include <stdio.h>

enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* A subcommand: its name, a one-line summary, the usage text for --help,
 * and what its help adds from the code after that text (or NULL). */
typedef struct command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
    const char *usage;
    void (*details)(FILE *out);
} command;

/* The levels of `awale play`, one line each (cmd_play.c). */
void cli_play_details(FILE *out);

/* The language of `awale play` (and its help): --lang in argv, else the
 * settings file's, else the locale's (cmd_play.c). */
void cli_play_language(int argc, char **argv);

/* The command table (main.c gives it before any command runs), which
 * cli_usage reads. */
void cli_set_commands(const command *table, int count);

/* Print "awale CMD: message" on stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Match argv[*i] against option `name` ("--depth"). Options with a value
 * accept "--name V" and "--name=V". Returns 1 on a match (value stored,
 * *i advanced past it), 0 when argv[*i] is another word, -1 (after printing
 * an error) when the value is missing. */
int cli_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value);
bool cli_flag(char **argv, int i, const char *name);

/* Whether `value` names an evaluation (--eval: nnue, linear, tuned or
 * material); prints the error when it does not. */
bool cli_eval_name(const char *cmd, const char *value);

/* Whether argv[i] asks for help. */
bool cli_wants_help(const char *arg);

/* Print the usage of `cmd` on `out`. */
void cli_usage(const char *cmd, FILE *out);

/* Whole-number option value in [lo, hi]; prints an error and returns -1. */
int cli_number(const char *cmd, const char *option, const char *text, long long lo, long long hi,
               long long *out);

/* The rule-set options common to every command: --rules R, --rule K=V
 * (repeatable) and --position POS. Collect them while scanning arguments
 * with cli_rules_option, then build the rules and start position. */
typedef struct cli_rules {
    const char *preset;
    const char *assignments[64];
    int count;
    const char *position;
} cli_rules;

/* 1 when argv[*i] was a rule option (consumed), 0 when not, -1 on error. */
int cli_rules_option(const char *cmd, cli_rules *cr, int argc, char **argv, int *i, bool with_position);

/* Build rules and start position. Returns 0, or the exit status after
 * printing the error: EXIT_USAGE for an unknown rule set or a bad --rule
 * (bad usage), EXIT_INPUT for a bad --position (bad input). */
int cli_rules_build(const char *cmd, const cli_rules *cr, aw_rules *rules, aw_position *start);

/* Print text (paragraphs, one a line) wrapped to `width` columns: each
 * paragraph's first line starts with `first`, the next ones with `rest`. */
void cli_print_wrapped(FILE *out, const char *text, const char *first, const char *rest,
                       int width);

/* A word that looks like an option ("--x", "-x") where none is expected. */
bool cli_is_option(const char *arg);

/* Subcommands. */
int cmd_perft(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_tables(int argc, char **argv);
int cmd_tables_bench(int argc, char **argv); /* awale bench tables */

/* The endgame tables for a front end (cmd_tables.c): `option` is the
 * --tables value (NULL: the default directory; "none": no tables). Builds
 * the small set (12 seeds) on first use, with a note on stderr. NULL when
 * there are none (a message on stderr when a file is damaged). */
aw_tables *cli_tables_open(const char *cmd, const char *option, const aw_rules *rules);

/* "South wins by 3 with perfect play" (or "a draw with perfect play") when
 * the tables (of these rules) cover *pos; false when they do not. */
bool cli_tables_verdict(const aw_tables *tables, const aw_rules *rules, const aw_position *pos,
                        char *buf, size_t size);
int cmd_match(int argc, char **argv);
int cmd_uci(int argc, char **argv);
int cmd_book(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_review(int argc, char **argv);
int cmd_puzzles(int argc, char **argv); /* cmd_puzzles.c */
int cmd_puzzle(int argc, char **argv);

/* The opening book for a command (books.c; src/front/books.h): `option` is
 * the --book value (NULL, "" or "builtin": the built-in book for these
 * rules, if any; "none": no book; else a book file, which must be for these
 * rules). Returns 0 with *out the book or NULL (none), or -1 after printing
 * why the file cannot be used. */
int cli_book_open(const char *cmd, const char *option, const aw_rules *rules, aw_book **out);

/* "book C +0.35 D +0.20 ...": the book moves of *pos with their values,
 * best first; nothing when the book does not have the position
 * (cmd_analyze.c). */
void cli_print_book(const aw_book *book, const aw_rules *rules, const aw_position *pos, FILE *out);

/* Print the lines of one search report (cmd_analyze.c). */
void cli_print_info(const aw_rules *rules, const aw_search_info *info, FILE *out);

/* Monotonic seconds, for speed figures. */
double cli_now(void);

/* A duration for a progress line: "42s", "3m07s", "2h15m"; "?" when it is
 * negative or absurd (an estimate from too little). */
void cli_fmt_time(double seconds, char *buf, size_t size);

#endif
