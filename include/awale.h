/*
 * awale.h - the one public header of the awale library.
 *
 * The library plays and analyses Awale (Oware) and its relatives. It has no
 * global mutable state and no I/O except the endgame table and opening
 * book files: positions, games, searches and books are values the caller
 * owns. Errors are reported as a non-zero return code plus a message in an
 * aw_error the caller passes in (it may be NULL when the caller does not
 * want the text).
 *
 * Sections: basics, rule sets, positions and moves, playing, games with
 * history, vectors of games, game records, perft, search, opening books,
 * game review, endgame tables. Names follow module_verb: aw_rules_*,
 * aw_position_*, aw_move_*, aw_game_*, aw_vector_*, aw_record_*, aw_perft_*,
 * aw_engine_*, aw_search_*, aw_book_*, aw_review_*, aw_tables_*.
 */
#ifndef AWALE_H
#define AWALE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ basics */

/* The version of the library and program, MAJOR.MINOR.PATCH. The shared
 * library's soname is libawale.so.MAJOR: a change that breaks programs built
 * against an earlier version (a function removed or changed, a struct or
 * enum laid out differently) bumps MAJOR; an addition bumps MINOR. See
 * docs/library.md. */
#define AW_VERSION "0.1.0"
#define AW_VERSION_MAJOR 0
#define AW_VERSION_MINOR 1
#define AW_VERSION_PATCH 0

/* Marks the functions of the public interface: the shared library exports
 * these and hides every other symbol (it is built with -fvisibility=hidden). */
#if defined(__GNUC__) || defined(__clang__)
#define AW_API __attribute__((visibility("default")))
#else
#define AW_API
#endif

#define AW_PITS 12       /* two rows of six pits                                  */
#define AW_ROW 6         /* pits per player                                       */
#define AW_SEEDS 48      /* seeds in play at the start                            */
#define AW_MAX_MOVES 12  /* an Oware position has at most 6, a relay one 12       */

enum { AW_SOUTH = 0, AW_NORTH = 1 };

/* A message describing why a call failed. */
typedef struct aw_error {
    char msg[256];
} aw_error;

/* The version of the library actually loaded ("0.1.0"), which may be newer
 * than the header a program was built with (AW_VERSION). */
AW_API const char *aw_version(void);

/* The layout of the public structs, for bindings that mirror them (the
 * Python module checks its copies against it): the offset of `field` in the
 * struct `type` ("aw_rules", "target"), or with field NULL the struct's size.
 * -1 for a name it does not know. */
AW_API long aw_abi_layout(const char *type, const char *field);

/* ---------------------------------------------------------------- rule sets */

/* The two move generators behind one game interface. */
typedef enum aw_family {
    AW_FAMILY_OWARE = 0, /* Oware sowing: one direction, captures of 2s and 3s */
    AW_FAMILY_RELAY = 1  /* relay sowing, the relay game (docs/relay.md)      */
} aw_family;

typedef enum aw_grand_slam {
    AW_SLAM_VOID = 0,   /* a grand slam captures nothing                      */
    AW_SLAM_CAPTURE = 1 /* a grand slam captures                              */
} aw_grand_slam;

/* Who receives the seeds left on the board when the game ends. */
typedef enum aw_leftover {
    AW_LEFT_NOBODY = 0,   /* not counted                                      */
    AW_LEFT_MOVER = 1,    /* the player to move                               */
    AW_LEFT_OPPONENT = 2, /* the player who just moved                        */
    AW_LEFT_OWNER = 3,    /* each player adds the seeds of his own row        */
    AW_LEFT_FORBIDDEN = 4 /* (agreement only) the rule set has no such end    */
} aw_leftover;

/* A rule set is data: one struct of parameters. Presets fill it, and every
 * field can then be overridden by name (aw_rules_set). */
typedef struct aw_rules {
    char name[24];           /* preset it started from, e.g. "abapa"          */
    aw_family family;
    uint64_t captures;       /* bit c set: a pit holding c seeds is captured  */
    aw_grand_slam grand_slam;
    aw_leftover cannot_feed; /* MOVER, OPPONENT or NOBODY                     */
    aw_leftover empty_row;   /* OWNER (opponent adds his row) or NOBODY       */
    aw_leftover agreement;   /* OWNER, NOBODY or FORBIDDEN                    */
    int target;              /* a score that ends the game; 0 = none          */
    int no_capture;          /* plies without capture that end it; 0 = off   */
    int repetition;          /* n-th occurrence of a position ends it; 0 = off*/
    bool play_on;            /* reaching the target does not end the game     */
    bool clockwise;          /* display and input mirror only                 */
    bool skip_origin;        /* relay: a lap skips the emptied pit            */
    bool chain_backward;     /* relay: capture chain runs against the lap     */
    bool no_move_pass;       /* relay: a player without a move passes         */
} aw_rules;

/* Fill *out with the named preset ("abapa", "seven-turns", "grand-slam",
 * "two-seeds", "relay"). Returns 0, or -1 with a message naming the name. */
AW_API int aw_rules_preset(const char *name, aw_rules *out, aw_error *err);

/* The default rule set (abapa). */
AW_API aw_rules aw_rules_default(void);

/* Set one parameter by name ("target", "24"). Returns 0 or -1 naming the
 * parameter or the value. */
AW_API int aw_rules_set(aw_rules *rules, const char *param, const char *value, aw_error *err);

/* Same, from one "name=value" word as typed after --rule. */
AW_API int aw_rules_set_arg(aw_rules *rules, const char *assignment, aw_error *err);

/* Number of presets, and the i-th preset's name and one-line description. */
AW_API int aw_rules_preset_count(void);
AW_API const char *aw_rules_preset_name(int i);
AW_API const char *aw_rules_preset_summary(int i);

/* Number of parameters, and the i-th parameter's name, the values it takes
 * and its meaning (for help texts). */
AW_API int aw_rules_param_count(void);
AW_API const char *aw_rules_param_name(int i);
AW_API const char *aw_rules_param_values(int i);
AW_API const char *aw_rules_param_help(int i);

/* The value of a parameter of *rules as it would be typed ("2,3", "void").
 * Returns buf, or NULL for an unknown parameter. */
AW_API const char *aw_rules_get(const aw_rules *rules, const char *param, char *buf, size_t size);

/* Whether parameter `param` applies to the rule set's family. */
AW_API bool aw_rules_param_applies(const aw_rules *rules, const char *param);

/* Write "--rule" assignments that turn the preset rules->name into *rules,
 * separated by spaces ("target=24 repetition=2"); empty when none. Returns
 * the number of differing parameters. */
AW_API int aw_rules_diff(const aw_rules *rules, char *buf, size_t size);

/* One value of the parameter in words ("a grand slam captures nothing").
 * The descriptions of a rule set's parameters read together without saying
 * anything twice (`awale rules --rules R` prints them one after another). */
AW_API const char *aw_rules_describe(const aw_rules *rules, const char *param, char *buf,
                                     size_t size);

/* "How to play" the rule set, for a newcomer before a first game: a few
 * paragraphs of plain sentences (the board, a move, captures, feeding, the
 * end and the winner), each on one line ending with '\n', for the front end
 * to wrap. The text follows the parameters (`--rule captures=2` is told as
 * played). Writes at most `size` bytes, always NUL-terminated when size > 0,
 * and returns the length of the whole text as snprintf does: AW_HOWTO_MAX
 * bytes are always enough. Each paragraph is one whole sentence string of
 * the library (with at most a number or a list filled in), ready to be
 * translated as it stands. */
#define AW_HOWTO_MAX 4096
AW_API size_t aw_rules_howto(const aw_rules *rules, char *buf, size_t size);

/* The same in the caller's language: each sentence string (a printf format
 * with at most a number in it) goes through `tr` before it is filled in,
 * e.g. a front end's gettext; tr returning NULL keeps the English. The
 * strings are marked TR("...") in src/rules/howto.c for xgettext. */
typedef const char *(*aw_translate_fn)(void *ctx, const char *text);
AW_API size_t aw_rules_howto_translated(const aw_rules *rules, char *buf, size_t size,
                                        aw_translate_fn tr, void *ctx);

/* aw_rules_describe in the caller's language, through `tr` as above (the
 * strings are marked TR("...") in src/rules/ruleset.c). The presets'
 * summaries and the parameters' help texts are marked there N_("...") for
 * the same catalogue: a front end translates them as it gets them. */
AW_API const char *aw_rules_describe_translated(const aw_rules *rules, const char *param,
                                                char *buf, size_t size, aw_translate_fn tr,
                                                void *ctx);

/* ------------------------------------------------------ positions and moves */

/* A position: pit counts in sowing order (A..F for South, a..f for North;
 * pit i faces pit 11-i), scores (stores in the relay game), the side to move
 * and the number of consecutive plies played without a capture.
 * Invariant: sum of pits + scores = 48. */
typedef struct aw_position {
    uint8_t pits[AW_PITS];
    uint8_t score[2];
    uint8_t side;   /* AW_SOUTH or AW_NORTH */
    uint8_t unused; /* always 0, so positions compare with memcmp */
    uint16_t quiet; /* plies without capture (saturates at 65535) */
} aw_position;

/* Longest position string plus its terminating NUL. */
#define AW_POSITION_MAX 64

/* The start position: 4 seeds a pit, scores 0, `first` to move. */
AW_API aw_position aw_position_start(int first);

/* Parse a position string (4-4-4-4-4-4-4-4-4-4-4-4-0-0-S[-N]). Returns 0, or
 * -1 with a message that names the bad field. */
AW_API int aw_position_parse(const char *text, aw_position *out, aw_error *err);

/* Print *pos as a position string into buf (at least AW_POSITION_MAX bytes).
 * Returns buf. */
AW_API char *aw_position_format(const aw_position *pos, char *buf);

/* A 64-bit hash of the pits, scores and side to move (not the counter). */
AW_API uint64_t aw_position_hash(const aw_position *pos);

/* Seeds on a player's row. */
AW_API int aw_position_row(const aw_position *pos, int player);

/* A move: the pit played (0..11, absolute), plus in the relay game the
 * direction bit (set for clockwise, '-'). */
typedef uint8_t aw_move;
#define AW_MOVE_PIT(m) ((m)&0x0F)
#define AW_MOVE_CW 0x10
#define AW_MOVE_PASS 0x40 /* relay with no-move=pass: the mover passes ("pass") */
#define AW_MOVE_NONE 0xFF

/* Longest move text ("C+", "pass") plus NUL. */
#define AW_MOVE_MAX 8

/* Parse moves written as separate words or run together ("CfFb", "C+d-")
 * from text into moves[0..max). Syntax only: legality is checked when a
 * move is played. Returns the number of moves, or -1 with a message that
 * names the bad move and its number. */
AW_API int aw_moves_parse(const aw_rules *rules, const char *text, aw_move *moves, int max,
                          aw_error *err);

/* Parse the next move of *text, skipping spaces and commas, and advance
 * *text past it. Returns 1 (a move), 0 (nothing left) or -1 (a message that
 * names the bad text; *text then points at it). */
AW_API int aw_move_parse_next(const aw_rules *rules, const char **text, aw_move *move,
                              aw_error *err);

/* Print one move ("C", "e", "C+"). Returns buf (AW_MOVE_MAX bytes). */
AW_API char *aw_move_format(const aw_rules *rules, aw_move move, char *buf);

/* ------------------------------------------------------------------ playing */

/* Why a game is over. AW_ONGOING while it is not. */
typedef enum aw_status {
    AW_ONGOING = 0,
    AW_END_TARGET,      /* a score reached the target                         */
    AW_END_EMPTY_BOARD, /* no seed left on the board                          */
    AW_END_EMPTY_ROW,   /* the player to move has no seed                     */
    AW_END_CANNOT_FEED, /* the opponent's row is empty and cannot be fed      */
    AW_END_NO_MOVE,     /* relay: the player to move has no legal move        */
    AW_END_NO_CAPTURE,  /* the no-capture limit was reached                   */
    AW_END_REPETITION,  /* a position occurred for the n-th time              */
    AW_END_AGREEMENT    /* the players agreed to end the game                 */
} aw_status;

/* One word for a status: "ongoing", "target", "empty-board", "empty-row",
 * "cannot-feed", "no-move", "no-capture", "repetition", "agreement". */
AW_API const char *aw_status_word(aw_status status);

/* A sentence explaining an end ("South cannot feed North's empty row"). */
AW_API const char *aw_status_explain(aw_status status, const aw_rules *rules,
                                     const aw_position *pos, char *buf, size_t size);

/* Legal moves of the side to move, by the mechanics alone (end conditions
 * are not looked at; see aw_position_status). Returns the count (0..12). */
AW_API int aw_generate(const aw_rules *rules, const aw_position *pos, aw_move moves[AW_MAX_MOVES]);

/* Whether `move` is legal in *pos (mechanics only). */
AW_API bool aw_is_legal(const aw_rules *rules, const aw_position *pos, aw_move move);

/* Play a legal move on *pos: sow, capture, update scores, the counter and
 * the side to move. Returns the seeds captured. */
AW_API int aw_play(const aw_rules *rules, aw_position *pos, aw_move move);

/* The end conditions that need no history, checked in the order of the
 * rules (target, empty board, empty row, cannot feed / no move, no-capture
 * limit). Repetition needs a game: see aw_game_status. */
AW_API aw_status aw_position_status(const aw_rules *rules, const aw_position *pos);

/* Final scores of a game that ended with `status` in *pos: the seeds left on
 * the board are added as the rule set says. */
AW_API void aw_final_scores(const aw_rules *rules, const aw_position *pos, aw_status status,
                            int scores[2]);

/* Why `move` cannot be played in *pos, as a sentence; NULL when it can. */
AW_API const char *aw_explain_illegal(const aw_rules *rules, const aw_position *pos, aw_move move,
                                      char *buf, size_t size);

/* aw_status_explain and aw_explain_illegal in the caller's language, the
 * same way (strings marked TR("...") in src/rules/play.c and relay.c). */
AW_API const char *aw_status_explain_translated(aw_status status, const aw_rules *rules,
                                                const aw_position *pos, char *buf, size_t size,
                                                aw_translate_fn tr, void *ctx);
AW_API const char *aw_explain_illegal_translated(const aw_rules *rules, const aw_position *pos,
                                                 aw_move move, char *buf, size_t size,
                                                 aw_translate_fn tr, void *ctx);

/* What a move did, step by step and in sum, for front ends: the words a
 * player reads ("South sows 7 from C and captures 5 from b and c"), the
 * sowing a board animates seed by seed, and what a screen reader says.
 * Structured data: each front end (and each language) renders it.
 *
 * Steps, in order: AW_STEP_TAKE lifts every seed of `pit` (count) into the
 * hand (the move's pit, and in the relay game the pit of each new lap);
 * AW_STEP_SOW drops one seed into `pit` (count: the pit's seeds after it);
 * AW_STEP_CAPTURE takes the `count` seeds of `pit` into the mover's store.
 * Applying the steps to the position before the move gives the position
 * after it (scores: the captured seeds; then the side to move changes). */
typedef enum aw_step_kind { AW_STEP_TAKE = 0, AW_STEP_SOW = 1, AW_STEP_CAPTURE = 2 } aw_step_kind;

typedef struct aw_step {
    uint8_t kind;  /* aw_step_kind */
    uint8_t pit;   /* 0..11 */
    uint8_t count;
} aw_step;

#define AW_REPORT_MAX_STEPS 1024

typedef struct aw_move_report {
    aw_move move;
    int mover;           /* AW_SOUTH or AW_NORTH                           */
    int seeds;           /* seeds lifted from the pit played               */
    int sown;            /* seeds dropped, every lap (relay: more)          */
    int laps;            /* 1 for an Oware move; relay: laps of sowing;
                            0 for a pass                                    */
    int last;            /* the pit of the last seed (-1 for a pass)       */
    int captured;        /* seeds won by the move                          */
    int npits;           /* pits captured, in capture order:               */
    uint8_t pits[AW_ROW];        /* which                                   */
    uint8_t pit_seeds[AW_ROW];   /* and how many seeds each held            */
    bool grand_slam;     /* the capture would take every seed of the
                            opponent's row...                               */
    bool slam_void;      /* ...and the rules make it capture nothing        */
    int nsteps;          /* steps[0..nsteps)                               */
    bool truncated;      /* more steps than AW_REPORT_MAX_STEPS: the rest
                            are left out (sums above are complete)         */
    aw_step steps[AW_REPORT_MAX_STEPS];
} aw_move_report;

/* Play `move` on *pos, as aw_play does, and describe it in *report (which
 * may be NULL). Returns the seeds captured, or -1 (nothing played) when
 * the move is illegal in *pos. Slower than aw_play: for front ends. */
AW_API int aw_play_report(const aw_rules *rules, aw_position *pos, aw_move move,
                          aw_move_report *report);

/* ------------------------------------------------------- games with history */

/* A game: a start position, the moves played, and what follows from them
 * (repetition needs the history). Opaque; created and freed by the caller. */
typedef struct aw_game aw_game;

AW_API aw_game *aw_game_new(const aw_rules *rules, const aw_position *start);
AW_API void aw_game_free(aw_game *game);

/* A copy of the game, history included (NULL when out of memory). */
AW_API aw_game *aw_game_clone(const aw_game *game);

/* Start again from `start` (NULL: the game's own start), forgetting moves. */
AW_API void aw_game_reset(aw_game *game, const aw_position *start);

AW_API const aw_rules *aw_game_rules(const aw_game *game);
AW_API const aw_position *aw_game_position(const aw_game *game);
AW_API const aw_position *aw_game_start(const aw_game *game);

/* Number of moves played, and the i-th move and the position before it
 * (i = ply count gives the current position). */
AW_API int aw_game_ply(const aw_game *game);
AW_API aw_move aw_game_move(const aw_game *game, int i);
AW_API const aw_position *aw_game_position_at(const aw_game *game, int i);

/* Play a move. Returns 0, or -1 with a message when the game is over or the
 * move is illegal (the message says why). */
AW_API int aw_game_play(aw_game *game, aw_move move, aw_error *err);

/* Take back the last move (or the last two with plies = 2). Returns the
 * number of moves taken back. */
AW_API int aw_game_undo(aw_game *game, int plies);

/* End the game by agreement, when the rule set allows it. Returns 0 or -1. */
AW_API int aw_game_agree(aw_game *game, aw_error *err);

/* The status of the current position, repetition included. */
AW_API aw_status aw_game_status(const aw_game *game);

/* The moves that can be played now: those of aw_generate while the game
 * goes on, none once it is over (repetition and agreement included).
 * Returns the count. */
AW_API int aw_game_legal(const aw_game *game, aw_move moves[AW_MAX_MOVES]);

/* Play random legal moves, each chosen uniformly among those of
 * aw_game_legal with a splitmix64 generator whose state is *seed (advanced:
 * the same seed gives the same game), until the game is over or max_plies
 * moves were played. Returns the number of moves played, or -1 when out of
 * memory. A random playout at the speed of C, for Monte Carlo methods. */
AW_API int aw_game_playout(aw_game *game, uint64_t *seed, int max_plies);

/* How many times the current position (pits and side to move) occurred in
 * the game since the last capture, itself included. */
AW_API int aw_game_occurrences(const aw_game *game);

/* Final scores of a finished game (the current scores while it goes on). */
AW_API void aw_game_scores(const aw_game *game, int scores[2]);

/* -------------------------------------------------------- vectors of games */

/* n games of one rule set stepped together, for training loops: one call
 * plays a move in every game, tells which games ended and with what reward,
 * starts those again from the start position, and writes the observations
 * and the legal-action masks of all n games into the caller's arrays. The
 * games follow the rules exactly as aw_game does (repetition included); the
 * history kept is only what repetition needs, so a step allocates nothing
 * but, rarely, a longer history for a game with many plies since its last
 * capture (aw_vector_step fails then, nothing played, if memory runs out).
 *
 * Actions are numbered as in the Python module: absolute (the default),
 * pits 0..11 (A..F, a..f), in the relay game 0..11 sown counterclockwise,
 * 12..23 clockwise, 24 the pass; or with AW_VECTOR_RELATIVE from the side
 * to move's view, as OpenSpiel numbers Oware's: 0..5 its own pits in sowing
 * order (relay: 0..5 counterclockwise, 6..11 clockwise, 12 the pass).
 * Observations are 14 values a game: the 12 pits (A..F, a..f) and the two
 * scores (South, North), as uint8_t counts, or with AW_VECTOR_FLOAT as
 * floats divided by 48 (OpenSpiel's observation tensor of Oware; the same
 * for both players).
 *
 * A vector is not locked: one thread at a time may use it (the caller
 * serialises the calls); different vectors are independent. Opaque. */
typedef struct aw_vector aw_vector;

#define AW_VECTOR_RELATIVE 1 /* actions from the side to move's view       */
#define AW_VECTOR_FLOAT 2    /* observations as floats / 48 (OpenSpiel)     */
#define AW_VECTOR_OBS 14     /* values an observation                       */
#define AW_VECTOR_MAX (1 << 20)

/* n (1..AW_VECTOR_MAX) games at the start position (South to move), the
 * random actions of aw_vector_random_actions drawn from `seed`. NULL with
 * a message for a bad n or flags, or when out of memory. */
AW_API aw_vector *aw_vector_new(const aw_rules *rules, int n, int flags, uint64_t seed,
                                aw_error *err);
AW_API void aw_vector_free(aw_vector *v);

AW_API int aw_vector_size(const aw_vector *v);
/* Actions a game: 12 or 25 absolute, 6 or 13 relative. */
AW_API int aw_vector_num_actions(const aw_vector *v);

/* Every game back to the start position. */
AW_API void aw_vector_reset(aw_vector *v);

/* Write each game's observation into obs (n * AW_VECTOR_OBS uint8_t, or
 * floats with AW_VECTOR_FLOAT) and legal-action mask into mask (n *
 * aw_vector_num_actions bytes, 1 for a legal action); either may be NULL. */
AW_API void aw_vector_observe(const aw_vector *v, void *obs, uint8_t *mask);

/* Play actions[i] in game i, for every game. A game that ends gets its
 * rewards (+1 win, -1 loss, 0 draw) in rewards[2i] (South) and
 * rewards[2i+1] (North), done[i] = 1, and starts again; the others get 0, 0
 * and done[i] = 0. Then writes obs and mask as aw_vector_observe (each of
 * rewards, done, obs, mask may be NULL). Returns 0, or -1 with a message
 * naming the first game whose action is out of range or illegal (nothing is
 * played then). */
AW_API int aw_vector_step(aw_vector *v, const int32_t *actions, float *rewards, uint8_t *done,
                          void *obs, uint8_t *mask, aw_error *err);

/* A legal action for every game, drawn uniformly with the vector's
 * splitmix64 generator (the same seed, the same actions). */
AW_API void aw_vector_random_actions(aw_vector *v, int32_t *actions);

/* The side to move of every game (AW_SOUTH or AW_NORTH) into players[0..n). */
AW_API void aw_vector_players(const aw_vector *v, uint8_t *players);

/* Game i's current position and its number of moves since its start (NULL
 * and -1 for an i out of range). */
AW_API const aw_position *aw_vector_position(const aw_vector *v, int i);
AW_API int aw_vector_ply(const aw_vector *v, int i);

/* ------------------------------------------------------------ game records */

/* A game record: tag pairs (Event, Site, Date, Round, South, North, Result,
 * any others), a game (rule set, start position, moves) and comments, read
 * from and written to the PGN-like text of docs/records.md. Text in, text
 * out: reading and writing files is the caller's business.
 *
 * The tags Rules, Rule (the parameters that differ from the preset), SetUp
 * and FEN are derived from the game and are not in the tag list. Result and
 * Termination are derived too once the game is over by the rules; the tags
 * set by the caller count only for an unfinished game (a forfeit, an
 * adjudication). Opaque; created and freed by the caller. */
typedef struct aw_record aw_record;

/* What one record may hold (docs/records.md, "Limits"), so that reading any
 * text takes time and memory in proportion to its length: a record longer
 * than these is refused with a message that names the limit. A front end
 * that takes records from the network may refuse a larger body before
 * reading it. */
#define AW_RECORD_TEXT_MAX (1 << 20) /* bytes of text of one record        */
#define AW_RECORD_TAGS_MAX 256       /* tag pairs of one record, all kinds */
#define AW_RECORD_TAG_NAME_MAX 64    /* bytes of a tag name                */
#define AW_RECORD_TAG_VALUE_MAX 4096 /* bytes of a tag value               */
#define AW_RECORD_COMMENT_MAX 16384  /* bytes of the comment after a move  */
#define AW_RECORD_MOVES_MAX 10000    /* moves (plies) of one line          */
#define AW_RECORD_NODES_MAX 100000   /* moves of one record, variations
                                        included                          */
#define AW_RECORD_DEPTH_MAX 64       /* variations nested in variations    */

/* A record of a game with no moves yet from `start` (NULL: the start
 * position, South first). NULL when out of memory. */
AW_API aw_record *aw_record_new(const aw_rules *rules, const aw_position *start);
AW_API void aw_record_free(aw_record *rec);

/* The record's game: play moves on it to extend the record. */
AW_API aw_game *aw_record_game(aw_record *rec);
AW_API const aw_game *aw_record_game_const(const aw_record *rec);

/* Replace the record's game by a copy of `game` (rules, start, moves, an
 * end by agreement); comments after the last move are dropped. 0 or -1. */
AW_API int aw_record_set_game(aw_record *rec, const aw_game *game, aw_error *err);

/* Set tag `name` (letters, digits, '_') to `value` (printable text); NULL
 * removes it. Rejects the derived tags, a Result other than 1-0, 0-1,
 * 1/2-1/2 or *, a Termination that is an end of the rules (those are
 * derived), and a new tag beyond AW_RECORD_TAGS_MAX - 6 (the six that
 * written records add: Result, Termination, Rules, Rule, SetUp, FEN).
 * Returns 0 or -1. */
AW_API int aw_record_set_tag(aw_record *rec, const char *name, const char *value, aw_error *err);

/* The value of a tag set on the record (NULL when absent), and the tags in
 * order. */
AW_API const char *aw_record_tag(const aw_record *rec, const char *name);
AW_API int aw_record_tag_count(const aw_record *rec);
AW_API const char *aw_record_tag_name(const aw_record *rec, int i);
AW_API const char *aw_record_tag_value(const aw_record *rec, int i);

/* The comment after `ply` moves (0: before the first move), NULL when none.
 * Setting one collapses white space; NULL or "" removes it; a '}', a
 * comment longer than AW_RECORD_COMMENT_MAX bytes (once collapsed) or a
 * `ply` beyond the moves played is rejected. */
AW_API int aw_record_set_comment(aw_record *rec, int ply, const char *text, aw_error *err);
AW_API const char *aw_record_comment(const aw_record *rec, int ply);

/* Marks of moves, written right after the move ("12. C?!"), as in PGN;
 * the values are PGN's numeric annotations $1..$6. */
typedef enum aw_mark {
    AW_MARK_NONE = 0,
    AW_MARK_GOOD = 1,        /* !  a good move (awale review: clearly best) */
    AW_MARK_MISTAKE = 2,     /* ?  a mistake                                */
    AW_MARK_BRILLIANT = 3,   /* !! a brilliant move                         */
    AW_MARK_BLUNDER = 4,     /* ?? a blunder                                */
    AW_MARK_INTERESTING = 5, /* !? an interesting move                      */
    AW_MARK_DUBIOUS = 6      /* ?! a dubious move (review: an inaccuracy)   */
} aw_mark;

/* "", "!", "?", "!!", "??", "!?" or "?!" ("" for an unknown value). */
AW_API const char *aw_mark_text(aw_mark mark);

/* The mark of move `move` (0: the first move); AW_MARK_NONE to remove it.
 * 0, or -1 for a move beyond those played or an unknown mark. */
AW_API int aw_record_set_mark(aw_record *rec, int move, aw_mark mark, aw_error *err);
AW_API aw_mark aw_record_mark(const aw_record *rec, int move);

/* "1-0" (South won), "0-1" (North won), "1/2-1/2" or "*" (unfinished): from
 * the game when it is over, else the Result tag, else "*". */
AW_API const char *aw_record_result(const aw_record *rec);

/* The record as text, ending with a newline; malloc'ed, the caller frees
 * it. NULL when out of memory. */
AW_API char *aw_record_format(const aw_record *rec);

/* Read the record that starts at *text (tag pairs, then numbered moves and
 * comments up to the result) and advance *text past it, so that a text of
 * several records is read by calling again. *line counts lines for the
 * messages: set it to 1 at the start of the text and pass it back (NULL: 1).
 * Returns a new record; NULL at the end of the text (err->msg is then
 * empty) or for a bad record, with a message "line N: reason" (the rest of
 * the text is then not to be trusted). A record beyond one of the limits
 * AW_RECORD_*_MAX is a bad record. Time and memory grow linearly with the
 * length of the text. */
AW_API aw_record *aw_record_read(const char **text, int *line, aw_error *err);

/* The record's move tree. Node AW_RECORD_ROOT is the start position; every
 * other node is a move played from its parent's position. A node's first
 * child continues its line; the others are variations (alternatives to the
 * first child), in order. The main line (the root, its first child, that
 * child's first child, ...) is the game of aw_record_game, and the per-ply
 * functions above (aw_record_set_comment, aw_record_mark, ...) address its
 * nodes. Moves played or taken back on aw_record_game(rec) change the main
 * line to match: the moves the game no longer has are dropped with what
 * hangs from them (the variations of the first move dropped included),
 * variations hanging from the nodes that remain are kept. Changing the main
 * line through the tree (adding its next move, promoting, deleting) plays
 * it on the game: an end by agreement lasts only while the main line ends
 * where it was agreed.
 *
 * Ids are small numbers below aw_record_node_limit; an id stays the same
 * while its node lives (an id freed by a deletion may be given again to a
 * later node). Nesting: a node's depth is the number of variations on its
 * path from the root (0 on the main line); no node is deeper than
 * AW_RECORD_DEPTH_MAX, no line longer than AW_RECORD_MOVES_MAX moves, and a
 * record holds at most AW_RECORD_NODES_MAX moves. The functions taking a
 * node answer -1 / NULL / false / AW_MOVE_NONE for a node that does not
 * exist. */
#define AW_RECORD_ROOT 0
AW_API int aw_record_node_limit(const aw_record *rec);
AW_API bool aw_record_node_exists(const aw_record *rec, int node);
/* The parent (-1 for the root), the move (AW_MOVE_NONE for the root), the
 * moves from the start, the children (the first continues the line) and
 * the i-th child (-1: none), whether the node is on the main line. */
AW_API int aw_record_node_parent(const aw_record *rec, int node);
AW_API aw_move aw_record_node_move(const aw_record *rec, int node);
AW_API int aw_record_node_ply(const aw_record *rec, int node);
AW_API int aw_record_node_children(const aw_record *rec, int node);
AW_API int aw_record_node_child(const aw_record *rec, int node, int i);
AW_API bool aw_record_node_on_main_line(const aw_record *rec, int node);
/* Variations on the path from the start to `node` (0: the main line). */
AW_API int aw_record_node_depth(const aw_record *rec, int node);
/* The mark of the node's move; 0, or -1 for the root or an unknown mark. */
AW_API aw_mark aw_record_node_mark(const aw_record *rec, int node);
AW_API int aw_record_node_set_mark(aw_record *rec, int node, aw_mark mark, aw_error *err);
/* The comment after the node's move (the root's: before the first move),
 * NULL when none; set as aw_record_set_comment does. */
AW_API const char *aw_record_node_comment(const aw_record *rec, int node);
AW_API int aw_record_node_set_comment(aw_record *rec, int node, const char *text, aw_error *err);
/* The comment before the first move of a variation (written just after its
 * '('), NULL when none; only a variation's first move has one (-1 for any
 * other node). When the variation becomes the line's continuation
 * (promoted, or its elder deleted), this comment joins the comment after
 * the parent's move, where the text then shows it. */
AW_API const char *aw_record_node_comment_before(const aw_record *rec, int node);
AW_API int aw_record_node_set_comment_before(aw_record *rec, int node, const char *text,
                                             aw_error *err);
/* The child reached by `move` from `node`: the existing one, else a new
 * last child (a new first child when `node` had none: on the main line,
 * the game goes on with it); -1 with a message (the move is illegal there,
 * the game is over there, a limit). */
AW_API int aw_record_node_add(aw_record *rec, int node, aw_move move, aw_error *err);
/* Make `node` its parent's first child (one level up; its elder becomes a
 * variation). 0, or -1 for the root, an unknown node, or when that would
 * nest a variation deeper than AW_RECORD_DEPTH_MAX. */
AW_API int aw_record_node_promote(aw_record *rec, int node, aw_error *err);
/* Remove `node` and everything after it (not the root); when it was its
 * parent's first child, the next variation continues the line. 0, -1. */
AW_API int aw_record_node_delete(aw_record *rec, int node, aw_error *err);
/* A new game: the start, then the moves to `node` (the end of the main
 * line keeps an end by agreement); the caller frees it. NULL + message. */
AW_API aw_game *aw_record_node_game(const aw_record *rec, int node, aw_error *err);

/* -------------------------------------------------------------------- perft */

#define AW_PERFT_MAX_DEPTH 64

/* Count the legal move sequences of exactly d plies from *pos for every
 * d = 0..depth into counts[0..depth] (a finished game has no moves; counts[0]
 * is 1). One walk gives every depth. Returns the number of positions made
 * (the last ply is counted, not played). depth is capped at
 * AW_PERFT_MAX_DEPTH. */
AW_API uint64_t aw_perft(const aw_rules *rules, const aw_position *pos, int depth,
                         uint64_t counts[]);

/* The same, walking the root moves one at a time: after each root move's
 * subtree, `each` (when not NULL) gets the move, its index among the `total`
 * root moves, and the number of sequences of `depth` plies that start with
 * it ("divide"; also a progress report for long counts). */
typedef void (*aw_perft_move_fn)(void *ctx, aw_move move, int index, int total, uint64_t count);
AW_API uint64_t aw_perft_divide(const aw_rules *rules, const aw_position *pos, int depth,
                                uint64_t counts[], aw_perft_move_fn each, void *ctx);

/* ------------------------------------------------------------------- search */

/* The engine: iterative-deepening principal-variation alpha-beta with a
 * shared transposition table, for every rule set (the Oware family on the
 * fast board, the relay game through the game interface). An aw_engine is a
 * value the caller owns: options, the position to search, the table, and at
 * most one search at a time, run either blocking or in a background thread.
 * Every function may be called from one controlling thread; aw_search_stop
 * and aw_search_ponderhit may also be called from any other thread (or a
 * signal handler) at any moment. See docs/engine.md. */
typedef struct aw_engine aw_engine;
typedef struct aw_book aw_book; /* an opening book (below) */

#define AW_SEARCH_MAX_DEPTH 100 /* iterations; proven lines may be longer */
#define AW_SEARCH_MAX_PV 64     /* moves kept of a principal variation      */
#define AW_SEARCH_MAX_THREADS 64

/* What a score means. Scores are from the view of the side to move at the
 * searched position. A win or loss is proven (every line the search relied
 * on reaches the end of the game, or a position whose result the endgame
 * tables prove: aw_tables_exact); its margin is the final score difference
 * of the game (at least that much for a win, at most for a loss, until the
 * search has looked at every line; for a result of the tables, the tables'
 * margin, see aw_tables_score). AW_SCORE_DRAW: the best line ends the game
 * level (final margin 0). Nothing that depends on a convention (the tables'
 * even split of endless play under a repetition rule, a cycle inside the
 * search that the repetition rule does not end yet) is ever proven. */
typedef enum aw_score_kind {
    AW_SCORE_SEEDS = 0, /* an estimate, in hundredths of a seed             */
    AW_SCORE_WIN = 1,   /* proven win by `margin` seeds in `plies` plies     */
    AW_SCORE_LOSS = 2,  /* proven loss by -margin seeds in `plies` plies     */
    AW_SCORE_DRAW = 3   /* the line ends the game level, in `plies` plies    */
} aw_score_kind;

typedef struct aw_score {
    aw_score_kind kind;
    int value;  /* hundredths of a seed, mover's view; for proven results
                   100 * margin (a total order for comparing scores: use
                   aw_score_compare)                                        */
    int margin; /* proven results: final score difference, mover's view    */
    int plies;  /* proven results: plies to the end along the line; 0 when
                   the distance is not known (a result the endgame tables
                   prove: they hold values, not distances)                  */
} aw_score;

/* -1, 0, 1 as a is worse, equal, better than b for the side to move. */
AW_API int aw_score_compare(const aw_score *a, const aw_score *b);

/* "+1.25", "-0.50", "win +3 in 17", "loss -2 in 8", "draw in 12"; without
 * a distance (plies 0: a result of the endgame tables, a book's draw)
 * "win +3", "loss -2", "draw". Returns buf (at least 32 bytes). */
AW_API char *aw_score_format(const aw_score *s, char *buf, size_t size);

/* One principal variation: its first move and score, and the line. */
typedef struct aw_search_line {
    aw_score score;
    int length; /* moves in pv[] */
    aw_move pv[AW_SEARCH_MAX_PV];
} aw_search_line;

/* What the engine reports after each completed depth (info callback) and
 * at the end (aw_search_result). Lines are sorted best first; there are
 * `lines` of them (MultiPV), at most the number of legal moves. */
typedef struct aw_search_info {
    int depth;        /* last completed iteration                           */
    int seldepth;     /* longest line looked at                             */
    uint64_t nodes;   /* positions visited, all threads                     */
    uint64_t nps;     /* nodes per second                                   */
    int64_t time_ms;  /* since the search started                           */
    int hashfull;     /* per mille of the table used                        */
    int lines;
    aw_search_line line[AW_MAX_MOVES];
} aw_search_info;

/* The end of a search. best is AW_MOVE_NONE only when the game is already
 * over at the root; ponder is the expected reply (AW_MOVE_NONE when none). */
typedef struct aw_search_result {
    aw_move best;
    aw_move ponder;
    aw_search_info info; /* the last completed depth (depth 0 when stopped
                            before the first one completed: best is then
                            still a legal move)                             */
    bool book;           /* the move came from the opening book (OwnBook):
                            info.depth is 0 and info.line[] holds the book's
                            moves, best first, with their book values and
                            the book's line after each                      */
    bool tables;         /* the move came from exact endgame tables that
                            hold the plies to the end, without a search:
                            info.depth is 1, the lines are the tables'     */
} aw_search_result;

/* Limits of one search; zero means "no limit" for each field. With none
 * at all the search runs to AW_SEARCH_MAX_DEPTH or until stopped. */
typedef struct aw_limits {
    int depth;            /* iterations                                     */
    uint64_t nodes;       /* nodes over all threads (checked every few
                             hundred nodes)                                 */
    int64_t movetime_ms;  /* time for this move                             */
    int64_t time_ms[2];   /* game clock: time left for South and North     */
    int64_t inc_ms[2];    /* increment per move for South and North         */
    int movestogo;        /* moves to the next time control (0: sudden death)*/
    bool infinite;        /* search until aw_search_stop (analysis)         */
    bool ponder;          /* search the expected position on the opponent's
                             time until aw_search_ponderhit or stop          */
    int multipv;          /* lines to report (default 1)                    */
    const aw_move *only;  /* search only these root moves (searchmoves)     */
    int only_count;
} aw_limits;

/* Called after each completed depth, from the searching thread. */
typedef void (*aw_info_fn)(const aw_search_info *info, void *user);
/* Called once at the end of a background search, from its thread, after
 * the result is final (UCI: print "bestmove" here). */
typedef void (*aw_done_fn)(const aw_search_result *result, void *user);

/* Endgame tables hook (docs/tables.md): a probe that gives the largest net
 * number of seeds the side to move can guarantee from the board onwards
 * (captures still to come, the stores aside) of a position of `rules`, and
 * returns true, or returns false when it does not know. The search calls it
 * from every search thread at positions with at most `max_seeds` seeds on
 * the board; it must be thread-safe and must not allocate or lock. */
typedef bool (*aw_probe_fn)(void *ctx, const aw_rules *rules, const aw_position *pos, int *net);

/* Engine options, by name (UCI-style; names are case-insensitive):
 *   Hash     spin   1..65536 MB  (default 64)   transposition table size
 *   Threads  spin   1..64        (default 1)    search threads (lazy SMP)
 *   Level    spin   1..10        (default 10)   10 = full strength; lower
 *                                               levels see less and
 *                                               sometimes err, like people
 *   MultiPV  spin   1..12        (default 1)    lines when aw_limits says 0
 *   Seed     spin   0..2^31-1    (default 0)    random choices of levels < 10
 *   Tables   string path         (default "")   endgame tables directory
 *                                               (used by the tables module;
 *                                               at Level 10 only)
 *   NullMove, Quiescence  check (default false)  search experiments, kept
 *                                               for matches (docs/engine.md)
 *   Eval     string nnue|linear|material (default nnue) the evaluation:
 *                                               nnue, the learned network
 *                                               (the linear model under
 *                                               rules with a no-capture
 *                                               limit); linear (alias
 *                                               tuned), the tuned linear
 *                                               model; material, the score
 *                                               difference only (a baseline)
 *   EvalFile string path         (default "")   a network file (AWNN v1)
 *                                               for Eval=nnue; "" = the
 *                                               built-in one
 *   TimeManager string smart|simple (default smart) time under a clock:
 *                                               smart spends more when the
 *                                               best move changes or the
 *                                               score drops, less when it
 *                                               is settled
 *   OwnBook  check               (default true) play from the book given
 *                                               by aw_engine_set_book
 *   BookVariety spin 0..1000     (default 0)    random choice among book
 *                                               moves this many hundredths
 *                                               of a seed below the best
 *                                               (follows Seed)
 * aw_engine_option_info describes the i-th option for help and protocols. */
typedef struct aw_engine_option {
    const char *name;
    const char *type; /* "spin", "check" or "string"                       */
    long long def, min, max;
    const char *help;
    const char *def_string; /* default of a "string" option; NULL for others */
} aw_engine_option;

AW_API int aw_engine_option_count(void);
AW_API const aw_engine_option *aw_engine_option_info(int i);

/* A new engine with default options; NULL (and a message) when out of
 * memory. Its table (Hash MB) is made by aw_engine_ready or else by its
 * first search, so an engine that never searches holds none; a search that
 * cannot make it fails with a message. */
AW_API aw_engine *aw_engine_new(aw_error *err);
/* Stops and joins a running search, then frees everything. */
AW_API void aw_engine_free(aw_engine *engine);

/* Set an option by name. Returns 0, or -1 with a message naming the option
 * or the bad value. Hash and Threads cannot change during a search. */
AW_API int aw_engine_set_option(aw_engine *engine, const char *name, const char *value,
                                aw_error *err);
/* The current value of an option as text into buf; NULL for an unknown one. */
AW_API const char *aw_engine_get_option(const aw_engine *engine, const char *name, char *buf,
                                        size_t size);

/* Forget what was learnt (table, history): a new game. */
AW_API void aw_engine_clear(aw_engine *engine);

/* Make the table (Hash MB, every page touched) and the search threads'
 * state now, so that the next search starts at once instead of spending
 * its first moments (seconds for a large table) allocating: the protocol's
 * isready. A no-op when they are made, or during a search. Returns 0, or
 * -1 with a message when out of memory. */
AW_API int aw_engine_ready(aw_engine *engine, aw_error *err);

/* The position to search: the current position of a game, whose history
 * counts for repetition; or rules and a position without history. Returns
 * 0, or -1 with a message (e.g. during a search). */
AW_API int aw_engine_set_game(aw_engine *engine, const aw_game *game, aw_error *err);
AW_API int aw_engine_set_position(aw_engine *engine, const aw_rules *rules, const aw_position *pos,
                                  aw_error *err);

/* Install an endgame-table probe (NULL to remove). */
AW_API void aw_engine_set_probe(aw_engine *engine, aw_probe_fn probe, void *ctx, int max_seeds);

/* Give the engine an opening book (NULL to remove; see the opening books
 * section). The caller keeps the book alive while the engine uses it; one
 * book may serve many engines at once. With the option OwnBook true (the
 * default), a search (not an infinite one) whose position is an inner
 * position of the book for the engine's rules answers at once with a book
 * move, whatever the Level: the best one, or with BookVariety V a random
 * one among those at most V hundredths of a seed below it (a proven result
 * is never traded). Which levels get a book, and which variety, is the
 * caller's choice (awale's front ends, the protocol included:
 * src/front/engine_setup.c). */
AW_API void aw_engine_set_book(aw_engine *engine, const aw_book *book);

/* Search the position set last, blocking until a limit is reached or the
 * search is stopped. info may be NULL. Returns 0, or -1 with a message. */
AW_API int aw_search_run(aw_engine *engine, const aw_limits *limits, aw_info_fn info, void *user,
                         aw_search_result *result, aw_error *err);

/* The same in a background thread: returns at once; `done` (may be NULL)
 * is called at the end, and aw_search_wait joins. */
AW_API int aw_search_start(aw_engine *engine, const aw_limits *limits, aw_info_fn info,
                           aw_done_fn done, void *user, aw_error *err);

/* Stop the search at once (it then returns its best move so far); switch a
 * ponder search to normal time management. Any thread, any moment; no-ops
 * when nothing runs (a search forgets the stops from before it began),
 * except during a review (aw_review_game), which a stop ends whenever it
 * comes. */
AW_API void aw_search_stop(aw_engine *engine);
AW_API void aw_search_ponderhit(aw_engine *engine);

/* Whether a background search is running (its result not yet final). */
AW_API bool aw_search_running(const aw_engine *engine);

/* Wait for the background search to end and copy its result (result may be
 * NULL). Returns 0, or -1 when no search was started. */
AW_API int aw_search_wait(aw_engine *engine, aw_search_result *result);

/* The static evaluation of a position, hundredths of a seed from the
 * mover's view, by the default of the engine's Eval option (for tests and
 * explanations). */
AW_API int aw_engine_evaluate(const aw_rules *rules, const aw_position *pos);

/* ------------------------------------------------------------ opening books */

/* An opening book (docs/book.md): a tree (a graph: transpositions merge) of
 * positions grown from a root by drop-out expansion. Every position of the
 * book is a leaf, scored by an engine search, or an inner position, all of
 * whose moves lead into the book (or end the game) and whose value is the
 * negamax of its children's values. Positions are keyed by a hash of the
 * pits, scores and side to move (and the no-capture counter in rule sets
 * with a limit) with a second hash to verify it. A book is a value the
 * caller owns, read-only once made: it may be shared by threads.
 *
 * A book file is checked completely before it is used: header, checksums,
 * sorted keys, value ranges, and the tree itself (every inner position's
 * children are there, its value is the negamax of theirs, every position
 * is reached from the root). Anything wrong is an error that says what,
 * never a move. */

typedef struct aw_book_info {
    aw_rules rules;      /* the rule set the book was built for              */
    aw_position root;    /* where it starts                                  */
    int positions;       /* positions (leaves and inner ones)                */
    int inner;           /* inner (expanded) positions                       */
    int depth;           /* leaf searches: this depth (0: by nodes)          */
    uint64_t nodes;      /* leaf searches: about this many nodes (0: depth)  */
    int hash_mb;         /* leaf searches: transposition table size          */
    double alpha;        /* drop-out expansion's alpha (per seed)            */
    int max_plies;       /* the longest line of inner positions from the root */
    aw_score value;      /* the root's value                                 */
} aw_book_info;

/* Read a book file, or a book from bytes in memory. NULL with a message
 * (naming the file and what is wrong) for a missing, truncated, damaged or
 * inconsistent book. */
AW_API aw_book *aw_book_load(const char *path, aw_error *err);
AW_API aw_book *aw_book_read(const void *data, size_t size, aw_error *err);
AW_API void aw_book_free(aw_book *book);

/* The book in the file format (malloc'ed; *size set), or NULL when out of
 * memory; and written to a file atomically (a temporary name in the same
 * directory, then renamed). Returns 0 or -1 with a message. */
AW_API void *aw_book_encode(const aw_book *book, size_t *size);
AW_API int aw_book_save(const aw_book *book, const char *path, aw_error *err);

AW_API void aw_book_get_info(const aw_book *book, aw_book_info *info);

/* Whether the book's values hold under these rules (docs/book.md,
 * "Rules"): the rules it was built for, or rules that differ from them only
 * in parameters its values do not depend on (agreement, the sowing
 * direction's display, a repetition count its leaf searches cannot reach, a
 * no-capture limit beyond its lines and leaf searches). */
AW_API bool aw_book_matches(const aw_book *book, const aw_rules *rules);

/* The same, said: 0 when the book holds under *rules, with note->msg empty
 * for the book's own rules, else saying in which parameters they differ
 * ("it differs from the book's rules only in repetition (3 in the book, 2
 * here), which its values do not depend on"); -1 when it does not hold,
 * note->msg naming the parameter ("its values depend on target (25 in the
 * book, 24 here)"). note may be NULL. */
AW_API int aw_book_rules_check(const aw_book *book, const aw_rules *rules, aw_error *note);

/* What the book's values depend on, as "NAME=VALUE" words separated by
 * spaces ("captures=2,3 grand-slam=void ..."), and what they do not, in
 * words ("any agreement, any repetition, no-capture 0 or above 27").
 * Returns 0, or -1 when a buffer was too small (the text is cut). */
AW_API int aw_book_scope(const aw_book *book, char *depends, size_t dsize, char *free_,
                         size_t fsize);

/* The book moves of *pos: when it is an inner position of the book (for
 * these rules), every legal move with its value for the side to move, best
 * first (ties in move order). Returns the number of moves, 0 when the
 * position is not an inner position of the book. */
AW_API int aw_book_probe(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                         aw_move moves[AW_MAX_MOVES], aw_score scores[AW_MAX_MOVES]);

/* Building (drop-out expansion, Lincke 2000; docs/book.md). Every position
 * keeps its negamax value and an expansion priority: a leaf 0, an inner
 * position 1 + the least, over its moves, of the child's priority + alpha x
 * (the best move's value - this move's value, in seeds). Each step follows
 * the least-priority moves from the root to a leaf, scores the leaf's new
 * children with engine searches (one thread each, a fresh table, the same
 * limits: the result does not depend on the threads), and backs values and
 * priorities up. A proven leaf (a search that saw the end of every line)
 * is never expanded; neither is a leaf whose expansion would close a
 * cycle. */
typedef struct aw_book_progress {
    int positions;        /* in the book now                                */
    int inner;
    int target;           /* the positions asked for                        */
    uint64_t searches;    /* leaf searches in this run                      */
    aw_score root;        /* the root's value                               */
    int line_length;      /* the book's main line from the root             */
    aw_move line[16];
    bool complete;        /* nothing left to expand                         */
} aw_book_progress;

typedef struct aw_book_build_options {
    int depth;            /* leaf searches to this depth...                 */
    uint64_t nodes;       /* ...or of about this many nodes (one of the two) */
    int positions;        /* stop when the book holds this many positions   */
    double alpha;         /* 0..1000: small grows broad, large grows deep   */
    int threads;          /* leaf searches at once (default 1)              */
    int hash_mb;          /* each search's table (default 16)               */
    /* Called after every expansion and about 10 times a second while the
     * searches run, on the calling thread; non-zero stops the build (the
     * expansion under way is dropped): the book so far is returned. */
    int (*progress)(void *ctx, const aw_book_progress *progress);
    void *ctx;
} aw_book_build_options;

/* Build a book for `rules` from `root`, or grow `from` (NULL: start anew;
 * it must have the same rules, root and leaf searches). Returns the new
 * book (the caller frees it; `from` is left as it was) and sets *stopped
 * when the progress callback stopped it; NULL with a message on error. */
AW_API aw_book *aw_book_build(const aw_book *from, const aw_rules *rules, const aw_position *root,
                              const aw_book_build_options *opt, bool *stopped, aw_error *err);

/* ------------------------------------------------------------- game review */

/* A game review (docs/review.md): for every move of a game, the engine's
 * best move and the value of the move played, both from the mover's view,
 * what the move cost, and a mark (the marks of game records):
 *   ??  a blunder: it costs 4 seeds or more, or throws away a proven win
 *       (for anything less) or a proven draw (for a loss) - always,
 *       whatever the seeds;
 *   ?   a mistake: 2 seeds or more;   ?!  an inaccuracy: 1 seed or more;
 *   !   the best move, and the only good one: every other move throws the
 *       result away (the only winning move) or costs 4 seeds or more;
 *   !!  such a move that also gives seeds away at once (the opponent's
 *       reply in the best line captures at least 2 more than it did).
 * Values are ordered by the result first (a proven win above all, a proven
 * loss below all, draws and estimates between by their seeds), then by the
 * distance (among wins the sooner, among losses the later), and only then
 * by the margin; a proven result counts as its final margin in seeds, but a
 * move that keeps the best move's proven result (a win, however soon or
 * big; a draw; a loss) costs nothing and is never marked, and a margin or
 * a distance alone earns no !. The only legal move gets no mark, nor do
 * the moves of a set opening (aw_review_options.opening). Values come from
 * the endgame tables where they cover the position (exact: every move's
 * final margin with perfect play), else from the engine: a search of the
 * position with MultiPV 2 (the best move and the best other one), and when
 * another move was played, a search of that move alone under the same
 * limits (a move found no worse than the best becomes the best); the
 * engine answers from its opening book where it has one (with OwnBook). */

#define AW_REVIEW_INACCURACY 100 /* hundredths of a seed: ?!                */
#define AW_REVIEW_MISTAKE 200    /* ?                                       */
#define AW_REVIEW_BLUNDER 400    /* ??, and the gap of ! and !!             */
#define AW_REVIEW_LOSS_CAP 1000  /* a move counts at most this much in the
                                    average loss                            */
#define AW_REVIEW_TURNING_MAX 3

/* The thresholds above are seeds of the linear model's estimates (and of
 * exact values: the tables'). The network's estimates (Eval=nnue) spread
 * wider, the more so the fewer seeds are on the board; the review and the
 * trainer compare a search's estimates in *pos with each threshold times
 * this percentage / 100, so that a mark means the same loss whatever the
 * evaluation: 100 for Eval=linear or material and where Eval=nnue plays
 * the linear model (a rule set with a no-capture limit, the relay game),
 * the network's measured factor by the seeds on the board otherwise
 * (docs/review.md, "Marks and the evaluation"). */
AW_API int aw_review_scale(const aw_engine *engine, const aw_rules *rules,
                           const aw_position *pos);

/* How the review judges a move `played` where `best` was best (both from
 * the mover's view): *loss (when not NULL) gets what it cost, hundredths of
 * a seed >= 0 (nothing when it keeps best's proven result: a win however
 * soon, a loss however late; else the difference of the seeds, a proven
 * result counting as its margin), and the mark it deserves is returned:
 * AW_MARK_BLUNDER for a proven result thrown away (a win for anything else,
 * a draw for a loss) or a loss of AW_REVIEW_BLUNDER, AW_MARK_MISTAKE,
 * AW_MARK_DUBIOUS, or AW_MARK_NONE, the thresholds times `scale` / 100
 * (aw_review_scale for a search's estimates, 100 for exact values). The
 * trainer accepts a move the review would not mark. */
AW_API aw_mark aw_review_judge(const aw_score *best, const aw_score *played, int scale,
                               int *loss);

typedef enum aw_review_source {
    AW_REVIEW_SEARCH = 0, /* the engine's searches (estimates or proven)     */
    AW_REVIEW_TABLES = 1, /* the endgame tables: exact (plies are 0)          */
    AW_REVIEW_BOOK = 2    /* the engine's opening book                        */
} aw_review_source;

typedef struct aw_review_move {
    int ply;                /* the move's index in the game (0: the first)   */
    int mover;              /* AW_SOUTH or AW_NORTH                          */
    int legal;              /* legal moves in the position (1: forced)       */
    aw_move played;
    aw_move best;           /* the best move found (played when it was best) */
    aw_move second;         /* the best other move (AW_MOVE_NONE: forced)    */
    aw_score best_score;    /* the position's value with best play           */
    aw_score played_score;  /* the value of the move played                  */
    aw_score second_score;  /* the value of the best other move              */
    int loss;               /* what the move cost, hundredths of a seed >= 0
                               (proven results count their final margins)   */
    bool result_lost;       /* it threw away a proven win or draw            */
    bool opening;           /* a move of the set opening: valued, not judged
                               (no mark, no loss, outside the summary)       */
    aw_mark mark;
    aw_review_source source;
    int depth;              /* the search's depth (0: tables or book)        */
    int pv_length;          /* the best line from the position before the    */
    aw_move pv[AW_SEARCH_MAX_PV]; /* move (pv[0] == best)                    */
} aw_review_move;

typedef struct aw_review_side {
    int moves;              /* moves reviewed                                */
    int marks[7];           /* how many of each aw_mark                      */
    double average_loss;    /* seeds lost per move (each capped at
                               AW_REVIEW_LOSS_CAP)                           */
} aw_review_side;

typedef struct aw_review {
    int total;              /* moves in the game                             */
    int count;              /* moves reviewed: move[0..count), the first
                               ones (fewer than total when stopped)          */
    aw_review_move *move;
    aw_review_side side[2]; /* South's and North's summary                   */
    int nturning;           /* the turning points: moves marked ? or ?? that */
    int turning[AW_REVIEW_TURNING_MAX]; /* threw a result away or took the
                               mover down a band (winning: 2 seeds or more,
                               level, losing: 2 seeds or more behind); the
                               costliest, in game order                     */
    bool stopped;           /* the progress callback or aw_search_stop
                               stopped it                                   */
} aw_review;

typedef struct aw_review_options {
    aw_limits limits;       /* each search: depth, movetime or nodes (zero:
                               depth 14); multipv and only are the review's */
    aw_probe_fn probe;      /* endgame tables for exact values (NULL: none)  */
    void *probe_ctx;
    int probe_seeds;
    /* Called on the calling thread before the first search, after every
     * search and every move reviewed, with the review so far (count: the
     * moves done) and the index of the move under review; non-zero stops
     * the review, which then drops the move under way. aw_search_stop on
     * the engine (from any thread or a signal handler) stops it too, at
     * once, whenever it comes while the review runs: between two searches
     * the stop holds for the next one (stops from before the review are
     * forgotten; the callback can see those). */
    int (*progress)(void *ctx, const aw_review *so_far, int reviewing);
    void *ctx;
    /* The first `opening` moves were set, not chosen by the players (the
     * opening `awale match` imposes, aw_review_opening): they are searched
     * like the others but not judged - no mark, no loss, outside the
     * summary and the turning points. 0: every move was chosen. */
    int opening;
} aw_review_options;

/* Review every move of `game` with `engine`, set up by the caller (threads,
 * table, options: give it full strength, Level 10 and BookVariety 0). Its
 * table and history are cleared before each move's searches, so that at a
 * fixed depth a move's verdict depends on the game alone, paused or not.
 * Returns the review (free it with
 * aw_review_free), complete or as far as it went when stopped; NULL with a
 * message when out of memory or the engine fails. */
AW_API aw_review *aw_review_game(aw_engine *engine, const aw_game *game,
                                 const aw_review_options *opt, aw_error *err);
AW_API void aw_review_free(aw_review *review);

/* Go on with a review: one stopped by its callback, or one of a game that
 * has gone on since. `game` must begin with the review's `count` moves;
 * the moves after them are reviewed (the earlier ones count as history,
 * as in aw_review_game, the engine's table cleared before each move), `total`
 * becomes the game's length and the summary covers every move. Stopped
 * again by the callback: `stopped` is set and the moves done are kept.
 * 0, or -1 with a message (another game, out of memory, the engine
 * failed: the moves reviewed until then are kept). */
AW_API int aw_review_resume(aw_engine *engine, const aw_game *game, aw_review *review,
                            const aw_review_options *opt, aw_error *err);

/* The review written into a record of the same game: each reviewed move's
 * mark, a comment after every marked move (the best move and its line,
 * the values, the loss, or why it is good), and before the first move a
 * comment with `title` (e.g. "awale review, depth 14"; may be NULL) and
 * the summary, and the better line (the review's pv) of every move marked
 * ?!, ? or ?? as a variation of that move (its moves up to the first that
 * cannot be played there; a line already in the record is not doubled).
 * Comments already there are kept, the review's added after them. 0, or -1
 * when the record's moves are not the reviewed game's. */
AW_API int aw_review_annotate(const aw_review *review, aw_record *rec, const char *title,
                              aw_error *err);

/* The moves of a record's set opening, which neither player chose: N when
 * the comment after move N (N > 0) says "opening", as `awale match` writes
 * it (alone, or first before " / " and more words); 0 when none does. For
 * aw_review_options.opening. */
AW_API int aw_review_opening(const aw_record *rec);

/* The summary in words, one line: each side's blunders, mistakes,
 * inaccuracies and good moves, average loss, and the turning points
 * ("South: ...; North: ...; turning points: 23. c??, 31... D?"). Returns
 * buf. */
AW_API char *aw_review_summary(const aw_review *review, const aw_game *game, char *buf,
                               size_t size);

/* ------------------------------------------------------------ endgame tables */

/* Endgame tables (docs/tables.md): the exact value of every Oware position
 * with up to N seeds on the board, built by retrograde analysis and kept in
 * one file per seed count under DIR/RULES/. The value of a position is the
 * largest net number of seeds (own captures minus the opponent's, plus the
 * seeds left on the board as the rule set hands them out at the end) that
 * the side to move can guarantee from the board onwards. The scores and the
 * target are left out: the final margin with perfect play is
 * score[mover] - score[other] + value. Endless play without captures is
 * counted as an even split of the seeds on the board (net 0), the
 * convention of the solved-Awari databases; rule sets with a no-capture
 * limit are exact (the counter is part of the position). The relay game has
 * no tables. */
typedef struct aw_tables aw_tables;

#define AW_TABLES_MAX_THREADS 64

/* The default tables directory: $XDG_DATA_HOME/awale/tables, else
 * $HOME/.local/share/awale/tables. Returns buf, or NULL when neither
 * variable is set or buf is too small. */
AW_API const char *aw_tables_default_dir(char *buf, size_t size);

/* Whether tables can serve `rules` (0), or -1 with a message saying why
 * not (the relay game; a repetition rule that can fire before the
 * no-capture limit). */
AW_API int aw_tables_supported(const aw_rules *rules, aw_error *err);

/* Open the tables of `rules` in dir: check every layer 0, 1, ... up to
 * max_seeds (0 or less: as many as there are) and map its file read-only
 * (a compressed layer, or where files cannot be mapped: loaded into
 * memory). Mapped layers live in the file cache, shared between processes;
 * the files must not be cut short or rewritten in place while open (a
 * build replaces them by renaming, which is safe). A missing
 * layer ends the set; a damaged, truncated or mismatched file is an error
 * naming the file and what is wrong. NULL with a message when there is
 * none or on error. */
AW_API aw_tables *aw_tables_open(const char *dir, const aw_rules *rules, int max_seeds,
                                 aw_error *err);
AW_API void aw_tables_close(aw_tables *tables);

/* The largest seed count on the board that the tables cover (every
 * smaller one too), and the bytes they hold in memory. */
AW_API int aw_tables_seeds(const aw_tables *tables);
AW_API uint64_t aw_tables_bytes(const aw_tables *tables);

/* Whether a value of the tables is a proof under `rules`: the exact result
 * of the game with perfect play (true), or only the convention's estimate
 * (false). The one place that decides it (docs/tables.md, "What a value
 * proves"): true when the tables serve the rules, the rules have a
 * no-capture limit (the counter is part of the position, so no cycle and no
 * repetition can decide the game: the tables refuse a repetition rule that
 * could fire before the limit), and no target can hand the game to the
 * side the tables call level or losing (no target, play on, or a target
 * above 24). False without a no-capture limit: endless play is then ended
 * by the repetition rule, whose outcome depends on the game's history, or
 * by nothing, and the tables count it as an even split. */
AW_API bool aw_tables_exact(const aw_rules *rules);

/* The score that the tables' value `value` of *pos gives the side to move
 * under `rules`, with margin = score[mover] - score[other] + value:
 * where aw_tables_exact, a proven result (AW_SCORE_WIN, AW_SCORE_LOSS or
 * AW_SCORE_DRAW with that margin and plies 0: the distance, where no
 * target can end the game first, is aw_tables_probe_plies');
 * otherwise an estimate (AW_SCORE_SEEDS, 100 x the margin). */
AW_API aw_score aw_tables_score(const aw_rules *rules, const aw_position *pos, int value);

/* The value of *pos (side to move's view, in seeds), or false when the
 * tables do not cover it (more seeds on the board, other rules). With a
 * no-capture limit the position's counter is used. Fast: no allocation,
 * locking or I/O. Thread-safe. */
AW_API bool aw_tables_probe(const aw_tables *tables, const aw_position *pos, int *value);

/* The value of *pos and the plies to the end of the game with perfect play,
 * where the tables hold them (rule sets with a no-capture limit; false
 * otherwise, or when not covered). Both sides keep the value; the side it
 * favours (value >= 0) ends the game as fast as it can, the other holds out
 * as long as it can. The game as played to its end: a target may stop it
 * earlier. Fast, like aw_tables_probe. */
AW_API bool aw_tables_probe_plies(const aw_tables *tables, const aw_position *pos, int *value,
                           int *plies);

/* The same with the signature of the engine's hook (aw_probe_fn): ctx is
 * the aw_tables; false also when `rules` are not the tables' rules. */
AW_API bool aw_tables_probe_hook(void *ctx, const aw_rules *rules, const aw_position *pos,
                                 int *net);

/* Every legal move of *pos with its value for the side to move (seeds it
 * captures minus the value of the position it leads to). Returns the
 * number of moves (0 when the game is over), or -1 when not covered. */
AW_API int aw_tables_probe_moves(const aw_tables *tables, const aw_position *pos,
                                 aw_move moves[AW_MAX_MOVES], int values[AW_MAX_MOVES]);

/* The same, with the plies to the end after each move (1 + those of the
 * position it leads to) where the tables hold them, else -1. */
AW_API int aw_tables_probe_moves_plies(const aw_tables *tables, const aw_position *pos,
                                aw_move moves[AW_MAX_MOVES], int values[AW_MAX_MOVES],
                                int plies[AW_MAX_MOVES]);

/* The tables' own move in *pos where they hold the plies to the end: one
 * that keeps the value with the plies of the position (aw_tables_probe_plies),
 * the first such in move order. Played by both sides, it ends the game with
 * the margin the tables promise in exactly that many plies. False when not
 * covered, the game is over, or no plies are held. */
AW_API bool aw_tables_move(const aw_tables *tables, const aw_position *pos, aw_move *move);

/* Progress of a build, passed to the progress callback. Work is counted in
 * units (positions times passes) over the whole build. */
typedef struct aw_tables_progress {
    int seeds;          /* the layer being built or checked                 */
    int max_seeds;
    int threshold;      /* the pass within the layer                        */
    const char *phase;  /* "checking", "initialising", "solving", "writing",
                           "done"                                           */
    uint64_t done, total;
    uint64_t memory;    /* the memory bound stated before the start (bytes) */
    int threads;        /* per rank                                         */
    int loaded, built;  /* layers kept from before, layers built so far    */
    int ranks;          /* MPI ranks of a distributed build, else 1 (or 0) */
} aw_tables_progress;

typedef struct aw_tables_build_options {
    int seeds;             /* build every layer 0..seeds                    */
    int threads;           /* 0: one per core                               */
    bool compress;         /* zstd, per block (needs libzstd at build time) */
    uint64_t memory_limit; /* refuse to start above it (bytes); 0: no limit */
    /* Called on the calling thread about 20 times a second; a non-zero
     * return stops the build cleanly (finished layers are kept). */
    int (*progress)(void *ctx, const aw_tables_progress *progress);
    /* Called with one line of news ("layer 12: ... in 0.30 s"). */
    void (*log)(void *ctx, const char *line);
    void *ctx;
} aw_tables_build_options;

/* Build the tables of `rules` in dir, every layer up to opt->seeds,
 * smallest first. Layers already there that check out are kept (a build
 * resumes where it stopped); a damaged one is built again. Files are
 * written to a temporary name and renamed. Returns 0, or -1 with a message
 * ("interrupted" when the callback stopped it). */
AW_API int aw_tables_build(const char *dir, const aw_rules *rules,
                           const aw_tables_build_options *opt, aw_error *err);

/* The peak memory a build of `seeds` seeds holds (bytes; 0 for rules
 * without tables: the largest layer and the workers; the smaller layers are
 * read from their files, mapped, through the file cache), the number of
 * positions in layers 0..seeds, and the default number of build threads
 * (the cores). */
AW_API uint64_t aw_tables_build_memory(const aw_rules *rules, int seeds, int threads);
AW_API uint64_t aw_tables_positions(int seeds);
AW_API int aw_tables_threads(void);

/* Distributed builds (docs/tables.md, "Across machines"). In a program
 * built with `make mpi` and started by mpirun with more than one process,
 * aw_tables_mpi_begin joins the MPI job and returns the number of ranks and
 * this process's rank; aw_tables_build then spreads every layer over the
 * ranks (every rank calls it with the same arguments; progress and log
 * callbacks are called on every rank, the log with news on rank 0 only) and
 * writes the same files as one process. Otherwise it returns 1 and rank 0.
 * aw_tables_mpi_end leaves the job (call it once, after the build).
 * aw_tables_mpi_available: whether this program was built with MPI;
 * aw_tables_mpi_launched: the number of processes an MPI launcher says it
 * started (0 when none), whatever the program was built with.
 * aw_tables_build_memory_ranks: the memory each of `ranks` ranks needs. */
AW_API int aw_tables_mpi_begin(int *rank);
AW_API void aw_tables_mpi_end(void);
AW_API bool aw_tables_mpi_available(void);
AW_API int aw_tables_mpi_launched(void);
AW_API uint64_t aw_tables_build_memory_ranks(const aw_rules *rules, int seeds, int ranks);

/* Open the tables of `rules` in dir (layers up to `seeds`), first building
 * the layers up to `seeds` that are missing (a small set, such as 12 seeds,
 * takes seconds). A damaged file is an error, not rebuilt behind the
 * caller's back. NULL with a message on error. */
AW_API aw_tables *aw_tables_open_or_build(const char *dir, const aw_rules *rules, int seeds,
                                          aw_error *err);

#ifdef __cplusplus
}
#endif

#endif /* AWALE_H */
