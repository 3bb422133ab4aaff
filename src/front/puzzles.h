/*
 * puzzles.h - the shipped puzzles (docs/puzzles.md): positions where
 * exactly one move wins (or exactly one move saves the draw), with the
 * whole solution line, themes and a rating. The Makefile embeds every
 * data/puzzles-RULES.tsv into the program and into awale.wasm (a generated
 * gen/puzzle_data.c, like the books); they are parsed once, on first use,
 * and then read-only (safe from any thread).
 *
 * One puzzle a line, `#` lines and blank lines are comments:
 *
 *   rules<TAB>position<TAB>solution<TAB>themes<TAB>rating
 *
 * rules: a preset name (abapa, seven-turns, grand-slam, two-seeds, relay);
 * position: the position string of docs/rules.md, the solver to move;
 * solution: the moves, space separated, starting with the move to find,
 * then the defender's reply, the solver's next move, ... (an odd number:
 * the line ends with a move of the solver); themes: comma separated words
 * (below), or "-" for none; rating: an integer 600..2600 (Glicko-like).
 */
#ifndef AW_FRONT_PUZZLES_H
#define AW_FRONT_PUZZLES_H

#include <stdbool.h>
#include <stddef.h>

#include "awale.h"

/* Moves of a solution line at most (the solver's and the defender's). */
#define AW_PUZZLE_LINE_MAX 31

/* Ratings are integers in this range. */
#define PUZZLE_RATING_MIN 600
#define PUZZLE_RATING_MAX 2600

/* Themes: bit i of puzzle.themes is theme i (0 <= i < PUZZLE_THEMES). */
enum {
    PUZZLE_THEME_CAPTURE_CHAIN = 1u << 0, /* the move captures from 2+ pits    */
    PUZZLE_THEME_GRAND_SLAM = 1u << 1,    /* the solution hinges on the grand-
                                             slam rule                          */
    PUZZLE_THEME_STARVING = 1u << 2,      /* the defender is left without
                                             seeds or without a move           */
    PUZZLE_THEME_FEEDING = 1u << 3,       /* the move must feed the opponent   */
    PUZZLE_THEME_COUNTING = 1u << 4,      /* counting seeds: reaching the
                                             target exactly, a long sowing     */
    PUZZLE_THEME_ENDGAME = 1u << 5        /* proven by the endgame tables      */
};
#define PUZZLE_THEMES 6

typedef struct puzzle {
    aw_rules rules;
    char rules_name[16];
    aw_position position;
    char position_text[64];
    aw_move solution[AW_PUZZLE_LINE_MAX];
    int length;      /* moves in solution[], the first the one to find */
    unsigned themes; /* PUZZLE_THEME_* bits                            */
    int rating;
    int id;          /* index in its rule set (-1 for a parsed line)    */
} puzzle;

/* Shipped puzzles of a rule set (a preset name); 0 for a name without any. */
int puzzles_count(const char *rules);

/* The i-th shipped puzzle of a rule set; NULL: out of range. */
const puzzle *puzzles_get(const char *rules, int i);

/* The rule sets that have shipped puzzles: how many, and the name of the
 * i-th (NULL: out of range), in the order of the presets. */
int puzzles_rule_sets(void);
const char *puzzles_rule_set(int i);

/* The word of theme number `bit` (0 <= bit < PUZZLE_THEMES: "capture-chain",
 * "grand-slam", "starving", "feeding", "counting", "endgame"), as written in
 * the files and typed after --theme; NULL: out of range. */
const char *puzzle_theme_name(int bit);

/* The theme for people (a N_() string of the catalogue: "capture chain",
 * "grand slam", ...): translate it with _() or i18n_translate_in. */
const char *puzzle_theme_title(int bit);

/* The bit number of a theme word; -1 for a word that is not one. */
int puzzle_theme_parse(const char *name);

/* A puzzle of `rules` near `rating` (±200, the window widening by 200 until
 * one fits; rating <= 0: any rating), having at least one of the `themes`
 * bits (0: any theme), chosen at random with `seed` (the same seed, the
 * same puzzle); NULL when none fits. puzzles_pick_other also leaves out the
 * puzzle whose id is `exclude` (-1: none) unless it is the only one. */
const puzzle *puzzles_pick(const char *rules, int rating, unsigned themes, long long seed);
const puzzle *puzzles_pick_other(const char *rules, int rating, unsigned themes, int exclude,
                                 long long seed);

/* Parse one line of the format above into *out (its id -1). Returns 1 (a
 * puzzle), 0 (a comment or a blank line: *out untouched) or -1 with a
 * message naming the field and what is wrong with it. The solution is
 * checked: every move legal in turn, the game not over before the last. */
int puzzle_parse_line(const char *line, puzzle *out, aw_error *err);

/* A puzzle as one line of the format (no newline); returns buf. size of
 * 512 bytes is always enough. */
char *puzzle_format_line(const puzzle *p, char *buf, size_t size);

/* The themes as the file writes them ("capture-chain,endgame", "-" for
 * none); returns buf (128 bytes are always enough). */
char *puzzle_themes_format(unsigned themes, char *buf, size_t size);

/* Whether move i of the solution is the solver's (even i) */
static inline bool puzzle_solver_move(int i) { return i % 2 == 0; }

#endif
