/*
 * session.h - one game as the front ends play it (line mode, full screen,
 * web): the rules and start, who plays each side (a person or the computer
 * at a level and a time per move), the moves with undo and redo, the
 * computer's moves, hints, an end by agreement that the computer only
 * accepts when it does not lose by it, and the game as a record.
 *
 * A session is a value the front end owns. Its functions are called from
 * one thread at a time, except session_stop, which any thread may call to
 * cut short the computer's thinking, a hint or an analysis.
 */
#ifndef AW_FRONT_SESSION_H
#define AW_FRONT_SESSION_H

#include "awale.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct session session;

typedef struct session_config {
    aw_rules rules;
    aw_position start;
    bool computer[2];        /* which sides the computer plays              */
    int level;               /* its level, 1..10                            */
    int64_t movetime_ms;     /* its time per move (levels below 10 use less) */
    int64_t hint_ms;         /* a hint's or an agreement's thinking time    */
    int threads, hash_mb;    /* 0: the engine's defaults                    */
    long long seed;          /* random choices of levels < 10 (-1: clock)   */
    const aw_tables *tables; /* the caller's, kept open while the session   */
    const aw_book *book;     /*   lives; NULL: none                         */
} session_config;

/* Defaults: abapa from the start, South first, two people, level 3, one
 * second a move. */
session_config session_config_default(void);

session *session_new(const session_config *cfg, aw_error *err);
void session_free(session *s);

const session_config *session_get_config(const session *s);
const aw_game *session_game(const session *s);
const aw_rules *session_rules(const session *s);
const aw_position *session_position(const session *s);

/* Use these endgame tables from now on (the caller's, kept open while the
 * session lives; a front end that opens them in the background gives them
 * once ready). Not during a search. */
void session_set_tables(session *s, const aw_tables *tables);

/* Start again from the start position (NULL) or another one, same players. */
void session_restart(session *s, const aw_position *start);

/* Whether the computer is to move in a game that goes on. */
bool session_computer_to_move(const session *s);
/* Whether the side is a person. */
bool session_is_human(const session *s, int side);

/* A person's move. 0 with *report (may be NULL) describing it, or -1 with
 * the reason in words (the game is over, it is the computer's turn, and why
 * an illegal move is illegal). */
int session_play(session *s, aw_move move, aw_move_report *report, aw_error *err);

/* What the engine thought of the move it played or suggested. */
typedef struct session_thought {
    aw_move best;
    bool book;            /* from the opening book                          */
    aw_search_info info;  /* the last completed depth (line[0]: best line)  */
} session_thought;

/* The computer's move: think (blocking; session_stop cuts it short; `info`
 * may be NULL and is called from the search thread after each depth), then
 * play. 0 with *report and *thought (either may be NULL), or -1 with a
 * message when it is not the computer's turn or the game is over. */
int session_computer_play(session *s, aw_info_fn info, void *user, aw_move_report *report,
                          session_thought *thought, aw_error *err);

/* The same in two steps, for a front end that lets the person take the
 * move back while the computer thinks about its answer: think (0 with
 * *result, or -1 as above), then either play the move found or drop it
 * (session_undo then takes the person's move back). */
int session_computer_think(session *s, aw_info_fn info, void *user, aw_search_result *result,
                           aw_error *err);
int session_computer_move(session *s, const aw_search_result *result, aw_move_report *report,
                          session_thought *thought, aw_error *err);

/* Cut short the computer's thinking, a hint or an analysis. Any thread,
 * any moment: after session_arm, a stop that comes before the search has
 * begun stops it as soon as it begins. */
void session_stop(session *s);

/* The thread that controls the session is about to hand it to another
 * thread for one search (the computer's move, a hint, an agreement, an
 * analysis) or a review: call this first, while no search runs. Stops from then on
 * apply to that search, even those that come before it begins; stops from
 * before are forgotten. Without it, a search forgets the stops that came
 * before it began (the blocking use: the thread that asks waits). */
void session_arm(session *s);

/* Take back moves up to the previous turn of a person (against the
 * computer: its reply and the person's move); an end by agreement is taken
 * back first, on its own. Returns the plies taken back (0: nothing to
 * take back). Redo plays them again, until the undo stack is empty. */
int session_undo(session *s);
int session_redo(session *s);
bool session_can_redo(const session *s);

/* A hint for the side to move, at full strength (endgame tables and book
 * included): its move, score and expected line in *thought. `movetime_ms`
 * 0: the configured hint time. 0, or -1 when the game is over. */
int session_hint(session *s, int64_t movetime_ms, aw_info_fn info, void *user,
                 session_thought *thought, aw_error *err);

/* Analysis of the current position with `limits` (MultiPV, infinite...),
 * full strength; blocking until a limit or session_stop. */
int session_analyze(session *s, const aw_limits *limits, aw_info_fn info, void *user,
                    aw_search_result *result, aw_error *err);

/* The review of the game so far (docs/review.md): every move judged at
 * full strength, with the endgame tables and the book as for hints, each
 * search to `depth` (0: 14, as `awale review`). `progress` (may be NULL)
 * is called after every search as aw_review_options says; session_stop (at
 * any moment; before the review began, after a session_arm), or
 * progress returning non-zero, stops it, and the review then holds the
 * moves done (stopped set). The caller frees it with aw_review_free. NULL
 * with a message when there is no move to review or out of memory. */
aw_review *session_review(session *s, int depth,
                          int (*progress)(void *ctx, const aw_review *so_far, int reviewing),
                          void *ctx, aw_error *err);

/* The exact result with perfect play when the endgame tables cover the
 * current position under these rules: *margin is the final score
 * difference from South's view. */
bool session_tables_margin(const session *s, int *margin);
/* Whether that result is a proof under the session's rules (a no-capture
 * limit), or only the tables' estimate (endless play split evenly, where a
 * repetition rule may decide otherwise). */
bool session_tables_exact(const session *s);

/* An end by agreement, proposed by `proposer` (a person). */
typedef enum session_agreement {
    AGREE_ENDED = 0,     /* the game is over by agreement                    */
    AGREE_FORBIDDEN,     /* the rules have no end by agreement               */
    AGREE_OVER,          /* the game is already over                         */
    AGREE_ASK,           /* the opponent is a person: ask them, then call
                            session_agree_accepted                          */
    AGREE_DECLINED       /* the computer declines (see the answer's why)     */
} session_agreement;

/* How the computer judged it (AGREE_ENDED against the computer, or
 * AGREE_DECLINED). Margins are final score differences from the
 * computer's view. */
typedef struct agreement_answer {
    session_agreement verdict;
    int agreed[2];       /* final scores if the game ended now              */
    int agreed_margin;   /* the computer's margin if it ended now           */
    bool from_tables;    /* the expectation is the tables' exact result     */
    bool proven;         /* ... or a result its search proved               */
    int expected_margin; /* what it expects from playing on (exact, proven,
                            or an estimate in whole seeds)                  */
    aw_error why;        /* AGREE_FORBIDDEN / AGREE_OVER: the rules' words  */
} agreement_answer;

session_agreement session_agree(session *s, int proposer, agreement_answer *answer);
/* The other person agreed: end the game. */
void session_agree_accepted(session *s);

/* The game as a record (the caller frees it): rules, start, moves, the
 * players as tags (South/North names, and the computer's level and time,
 * so that session_from_record can continue it), and "opening" after the
 * set opening's last move (session_opening). NULL when out of memory. */
aw_record *session_record(const session *s);

/* A session that continues the first game of `rec`: rules, start and moves
 * from the record; players, level and time from its tags when it was
 * written by session_record, else from *base (whose tables and book are
 * used when they fit the record's rules, else none); the set opening of
 * `awale match` records (aw_review_opening). NULL with a message. */
session *session_from_record(const aw_record *rec, const session_config *base, aw_error *err);

/* The moves at the start of the game that neither player chose: the set
 * opening of the record the session came from, as far as the game still
 * begins with it (an undo into it, and other moves, shorten it). Reviews
 * show them but do not judge them (aw_review_options.opening). */
int session_opening(const session *s);

#endif
