/*
 * trainer.h - learn from your mistakes (docs/trainer.md): the exercises
 * made from a finished review of a game, and the judgement of the moves a
 * player tries in them.
 *
 * An exercise is one of the player's own moves that the review marked ?!,
 * ? or ?? (not a forced move, not a move of a set opening): the position
 * before it (a game up to that ply, so that the history rules such as
 * repetition still hold), the move played, the review's best move, its
 * line and its value. The player tries a move: the best move is accepted
 * ("best"); another legal move is valued by the engine (the endgame tables
 * where the review used them, else a search of that move alone with the
 * limits of the review) and accepted ("good") when it is within
 * AW_REVIEW_INACCURACY of the best value (on the scale of the engine's
 * estimates, aw_review_scale) and keeps a proven result; the move
 * played in the game is always a miss. A first miss brings a hint in words
 * (what the best move does), a second one the answer (the best move and
 * its line).
 *
 * A trainer is a value its owner keeps (no globals); one thread at a time,
 * except trainer_stop, which any thread may call to cut short the search of
 * trainer_try. Every sentence is translated (i18n.h) and every verdict is
 * also given as values, for a front end that words them itself (the page).
 */
#ifndef AW_FRONT_TRAINER_H
#define AW_FRONT_TRAINER_H

#include "awale.h"

#include <stdbool.h>
#include <stdint.h>

#define TRAINER_BOTH (-1) /* exercises of both sides (two people, an import) */

typedef enum trainer_state {
    TRAINER_OPEN = 0,     /* not tried yet                                   */
    TRAINER_RETRY,        /* missed once: the hint given, a second try due   */
    TRAINER_FIRST,        /* solved at the first try                        */
    TRAINER_SECOND,       /* solved at the second try                       */
    TRAINER_SHOWN         /* missed twice: the answer shown                 */
} trainer_state;

typedef enum trainer_hint_kind {
    TRAINER_HINT_CAPTURES = 0, /* the best move captures `seeds` from pits[] */
    TRAINER_HINT_STOPS,        /* it stops a capture of `seeds` seeds that the
                                  move played allowed                        */
    TRAINER_HINT_HALF          /* it is in the left (half 0) or right (1)
                                  half of the mover's row (pits[]: that half) */
} trainer_hint_kind;

typedef struct trainer_hint {
    trainer_hint_kind kind;
    int seeds;
    int half;
    int npits;
    uint8_t pits[AW_ROW];
} trainer_hint;

typedef struct trainer_exercise {
    int ply;                 /* the move's index in the game (0: the first) */
    int mover;               /* AW_SOUTH or AW_NORTH                        */
    int number;              /* its move number, as the move list shows it   */
    aw_position position;    /* before the move                             */
    aw_move played, best;
    aw_mark mark;            /* ?!, ? or ??                                 */
    aw_score best_score;     /* the mover's view                            */
    aw_review_source source;
    int depth;               /* the review's search depth (0: tables, book)  */
    int pv_length;
    aw_move pv[AW_SEARCH_MAX_PV];
    trainer_hint hint;       /* what the best move does                      */
    trainer_state state;
    aw_move tried[2];        /* the moves tried (AW_MOVE_NONE: not yet)      */
} trainer_exercise;

typedef enum trainer_verdict_kind {
    TRAINER_BEST = 0, /* the best move                                       */
    TRAINER_GOOD,     /* another move, as good within the margin             */
    TRAINER_MISS,     /* a first miss: the hint, a second try                */
    TRAINER_ANSWER    /* a second miss: the answer                           */
} trainer_verdict_kind;

typedef struct trainer_verdict {
    trainer_verdict_kind kind;
    bool played;          /* the move tried is the one played in the game   */
    bool valued;          /* score and loss hold a value                    */
    aw_score score;       /* the move tried, the mover's view               */
    int loss;             /* what it costs against the best, hundredths     */
    int next;             /* the next exercise not done (count: none)       */
    char words[768];      /* the verdict in words (translated)              */
    char hint[256];       /* on a first miss: the hint; else ""             */
} trainer_verdict;

typedef struct trainer_options {
    int side;             /* AW_SOUTH, AW_NORTH or TRAINER_BOTH             */
    aw_limits limits;     /* each search: the review's depth and movetime
                             (zero: depth 14); multipv and only are ours    */
    aw_probe_fn probe;    /* the endgame tables the review had (NULL: none) */
    void *probe_ctx;
    int probe_seeds;
} trainer_options;

typedef struct trainer trainer;

/* The exercises of a complete review (review->count == review->total) of
 * `game`, whose first moves must be the reviewed ones. NULL with a message
 * for a review not finished or of another game, or out of memory. A
 * trainer with no exercise is valid (nothing to learn: say so). */
trainer *trainer_new(const aw_game *game, const aw_review *review, const trainer_options *opt,
                     aw_error *err);
void trainer_free(trainer *t);

int trainer_count(const trainer *t);
int trainer_side(const trainer *t);
const aw_rules *trainer_rules(const trainer *t);
/* Exercise i (NULL: out of range). */
const trainer_exercise *trainer_get(const trainer *t, int i);
/* The first exercise not done (solved or shown) from `from` on, wrapping
 * round; trainer_count when every one is done. */
int trainer_next(const trainer *t, int from);
/* The game up to exercise i's move (the caller frees it); NULL + message. */
aw_game *trainer_game_before(const trainer *t, int i, aw_error *err);

/* Try `move` in exercise i with `engine` (set up by the caller: full
 * strength, the book and tables the review had; the trainer sets its
 * position). Blocking: a search of that move alone when the tables do not
 * answer. 0 with *v filled; 1 when trainer_stop stopped it (nothing
 * counted: try again); -1 with a message (no such exercise, one already
 * done, an illegal move - the rules' words -, the engine failed). */
int trainer_try(trainer *t, int i, aw_move move, aw_engine *engine, trainer_verdict *v,
                aw_error *err);
/* Stop the search of a trainer_try under way (any thread). */
void trainer_stop(trainer *t);

/* Give up exercise i: the answer is shown (a TRAINER_ANSWER verdict). */
int trainer_show(trainer *t, int i, trainer_verdict *v, aw_error *err);

/* How many exercises are solved at the first try, the second, shown,
 * still open (open includes those in RETRY). */
typedef struct trainer_progress {
    int first, second, shown, open, total;
} trainer_progress;
void trainer_get_progress(const trainer *t, trainer_progress *p);

/* Words, translated: the task ("Find a better move for South (move 14)."),
 * the hint of exercise i, the answer (the best move, its value and line),
 * the summary at the end ("3 of 7 found at the first try, ..."). */
const char *trainer_task_words(const trainer *t, int i, char *buf, size_t size);
const char *trainer_hint_words(const trainer *t, int i, char *buf, size_t size);
const char *trainer_answer_words(const trainer *t, int i, char *buf, size_t size);
const char *trainer_summary_words(const trainer *t, char *buf, size_t size);
/* "TRAINER_OPEN" etc. as "open", "retry", "first", "second", "shown";
 * the verdicts as "best", "good", "miss", "answer"; the hints as
 * "captures", "stops", "half" (for the API). */
const char *trainer_state_name(trainer_state s);
const char *trainer_verdict_name(trainer_verdict_kind k);
const char *trainer_hint_name(trainer_hint_kind k);

#endif
