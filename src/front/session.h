/*
 * session.h - one game as the front ends play it (line mode, full screen,
 * web): the rules and start, who plays each side (a person or the computer
 * at a level and a time per move), the moves with undo and redo, the
 * computer's moves, hints, an end by agreement that the computer only
 * accepts when it does not lose by it, the clocks (a base time and an
 * increment per move: a player whose time runs out loses), resignation,
 * offers between two persons (an end by agreement, a takeback, a
 * rematch) and their answers, the result and why the game ended, the
 * moves as a tree of variations (docs/variations.md), and the game as a
 * record.
 *
 * A session is a value the front end owns. Its functions are called from
 * one thread at a time, except session_stop, which any thread may call to
 * cut short the computer's thinking, a hint or an analysis.
 *
 * The session makes every decision of play: whether a move may be played
 * (the game goes on, it is a person's turn, the rules allow it), whether
 * the computer may move, whether an end by agreement may be proposed and
 * who answers it. What it refuses it says with a reason code (below) and
 * its words; a front end only shows them (line mode, the full screen) or
 * maps them to statuses (the web API), and never checks them again.
 */
#ifndef AW_FRONT_SESSION_H
#define AW_FRONT_SESSION_H

#include "awale.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct session session;

/* Why the session did not do what it was asked (SESSION_OK: it did). Each
 * function that refuses also gives the words of its refusal in an aw_error,
 * in the player's language (and in more detail than session_why). */
typedef enum session_code {
    SESSION_OK = 0,
    SESSION_OVER,              /* the game is over                            */
    SESSION_COMPUTERS_TURN,    /* a person's move, and the computer is to move */
    SESSION_PERSONS_TURN,      /* the computer's move, and a person is to move */
    SESSION_ILLEGAL,           /* the rules forbid the move; the words say why
                                  (the library's cause, translated)           */
    SESSION_NO_AGREEMENT,      /* the rules have no end by agreement          */
    SESSION_PROPOSER_COMPUTER, /* an end proposed for the computer's side     */
    SESSION_COMPUTER_ANSWERS,  /* a person accepted an end for the computer   */
    SESSION_FAILED,            /* the engine failed, or memory ran out        */
    SESSION_NOT_PERSON,        /* an offer or a resignation for the computer's
                                  side, or an offer to the computer          */
    SESSION_NO_OFFER,          /* an answer, and no offer is pending          */
    SESSION_OFFER_PENDING,     /* an offer while another one is pending      */
    SESSION_OWN_OFFER,         /* the side that made the offer answers it     */
    SESSION_NOT_OVER,          /* a rematch before the end of the game        */
    SESSION_NO_TAKEBACK,       /* a takeback, and the proposer has no move
                                  to take back                              */
    SESSION_NO_NODE,           /* a move of the tree that is not there        */
    SESSION_MAIN_LINE,         /* deleting a move of the main line            */
    SESSION_NO_VARIATIONS      /* the tree's moves in a game without
                                  variations (clocks, two devices)          */
} session_code;

/* The short words of a code, translated: "the game is over", "it is the
 * computer's turn", ... ("" for SESSION_OK). */
const char *session_why(session_code code);
/* The same words in `lang` ("fr", ...; English for "en" or a language the
 * program does not speak), whatever the program's language: for a server
 * that answers each person in their own. */
const char *session_why_in(session_code code, const char *lang);

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
    int64_t clock_base_ms;   /* each side's time (0: no clock)              */
    int64_t clock_increment_ms; /* added to the mover's time after each move */
    /* The time source of the clocks, in milliseconds (any origin); NULL:
     * CLOCK_MONOTONIC. Tests give their own. */
    int64_t (*now_ms)(void *ctx);
    void *now_ctx;
} session_config;

/* The longest clock the session takes (3 hours each) and increment (10
 * minutes). */
#define SESSION_CLOCK_MAX_MS ((int64_t)3 * 3600 * 1000)
#define SESSION_INCREMENT_MAX_MS ((int64_t)600 * 1000)

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

/* Start again from the start position (NULL) or another one, same players
 * and clocks (stopped, full again); no offer. */
void session_restart(session *s, const aw_position *start);

/* Whether the computer is to move in a game that goes on. */
bool session_computer_to_move(const session *s);
/* Whether the side is a person. */
bool session_is_human(const session *s, int side);

/* Whether the game goes on: SESSION_OK, or SESSION_OVER with why it ended
 * in *err (may be NULL). */
session_code session_ongoing(const session *s, aw_error *err);
/* Whether a person may move now: SESSION_OK, SESSION_OVER or
 * SESSION_COMPUTERS_TURN, with the words in *err (may be NULL). */
session_code session_person_turn(const session *s, aw_error *err);
/* Whether the computer may move now: SESSION_OK, SESSION_OVER or
 * SESSION_PERSONS_TURN, with the words in *err (may be NULL). */
session_code session_computer_turn(const session *s, aw_error *err);

/* Whether session_play would play `move` now, and if not why, as it would
 * say it; nothing changes. */
session_code session_may_play(const session *s, aw_move move, aw_error *err);
/* Whether the computer plays the side to move after `move` (one that
 * session_may_play accepts): its answer is to follow. */
bool session_computer_replies(const session *s, aw_move move);

/* A person's move: SESSION_OK with *report (may be NULL) describing it, or
 * the reason it was not played (SESSION_OVER, SESSION_COMPUTERS_TURN,
 * SESSION_ILLEGAL with the library's cause) and its words in *err. */
session_code session_play(session *s, aw_move move, aw_move_report *report, aw_error *err);

/* What the engine thought of the move it played or suggested. */
typedef struct session_thought {
    aw_move best;
    bool book;            /* from the opening book                          */
    aw_search_info info;  /* the last completed depth (line[0]: best line)  */
} session_thought;

/* The computer's move: think (blocking; session_stop cuts it short; `info`
 * may be NULL and is called from the search thread after each depth), then
 * play. SESSION_OK with *report and *thought (either may be NULL), or
 * SESSION_OVER, SESSION_PERSONS_TURN, SESSION_FAILED (the engine's words)
 * with the words in *err. */
session_code session_computer_play(session *s, aw_info_fn info, void *user,
                                   aw_move_report *report, session_thought *thought,
                                   aw_error *err);

/* The same in two steps, for a front end that lets the person take the
 * move back while the computer thinks about its answer: think (SESSION_OK
 * with *result, or a code as above), then either play the move found or
 * drop it (session_undo then takes the person's move back). */
session_code session_computer_think(session *s, aw_info_fn info, void *user,
                                    aw_search_result *result, aw_error *err);
session_code session_computer_move(session *s, const aw_search_result *result,
                                   aw_move_report *report, session_thought *thought,
                                   aw_error *err);

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
 * computer: its reply and the person's move); an end by agreement, a
 * resignation or a loss on time is taken back first, on its own (the
 * clocks as they were at the start of that turn). Any pending offer is
 * dropped. Returns the plies taken back (0: nothing to
 * take back). Redo plays them again, until the undo stack is empty. */
int session_undo(session *s);
int session_redo(session *s);
bool session_can_redo(const session *s);

/* A hint for the side to move, at full strength (endgame tables and book
 * included): its move, score and expected line in *thought. `movetime_ms`
 * 0: the configured hint time. SESSION_OK, or SESSION_OVER or
 * SESSION_FAILED with the words in *err. */
session_code session_hint(session *s, int64_t movetime_ms, aw_info_fn info, void *user,
                          session_thought *thought, aw_error *err);

/* Analysis of the current position with `limits` (MultiPV, infinite...),
 * full strength; blocking until a limit or session_stop. Codes as
 * session_hint. */
session_code session_analyze(session *s, const aw_limits *limits, aw_info_fn info, void *user,
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

/* An end by agreement, proposed by `proposer` (a person): the answer. */
typedef enum session_agreement {
    AGREE_ENDED = 0,     /* the computer accepts: the game is over           */
    AGREE_ASK,           /* the opponent is a person: ask them, then call
                            session_agree_accepted                          */
    AGREE_DECLINED       /* the computer declines (see the answer's margins) */
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
    aw_error why;        /* a refusal's words                               */
} agreement_answer;

/* Whether `proposer` may propose an end by agreement now: SESSION_OK, with
 * *computer_answers (may be NULL) saying who answers (the computer, which
 * judges it in session_agree with a search, or the other person, who
 * answers before session_agree_accepted), or why not: SESSION_OVER,
 * SESSION_NO_AGREEMENT, SESSION_PROPOSER_COMPUTER, with the words in *why
 * (may be NULL). Nothing changes and nothing is searched. */
session_code session_may_agree(const session *s, int proposer, bool *computer_answers,
                               aw_error *why);
/* The proposal: refused as session_may_agree says (the words in
 * answer->why), or SESSION_OK with answer->verdict: AGREE_ASK (the other
 * person answers), or the computer's judgement (blocking, a short search
 * when the endgame tables do not know): AGREE_ENDED or AGREE_DECLINED. */
session_code session_agree(session *s, int proposer, agreement_answer *answer);
/* The other person agreed to `proposer`'s end: SESSION_OK, the game is
 * over; or refused as session_may_agree says, or SESSION_COMPUTER_ANSWERS
 * when the other side is the computer. */
session_code session_agree_accepted(session *s, int proposer, aw_error *why);

/* ------------------------------------------------------------- clocks */

/* The clocks (session_config.clock_base_ms > 0): each side has its time,
 * which runs while it is to move, from the first call that starts it
 * (session_clock_start, or the first move played or thought of by the
 * computer); after each move the mover gets the increment. A side whose
 * time reaches zero loses the game ("time forfeit"), whatever the board
 * says. Every function that plays, proposes, answers or resigns checks the
 * clock first (session_clock_check), and session_ongoing says a fallen
 * flag even before it is checked. The clocks stop at the end. Undo, redo
 * and a takeback put the clocks back as they were at the start of the turn
 * they go back to. */
typedef struct session_clock {
    bool on;                 /* the game has clocks                          */
    int64_t base_ms, increment_ms;
    int64_t remaining_ms[2]; /* now, for South and North (0 at the least)    */
    int running;             /* the side whose time runs, or -1              */
} session_clock;

/* Start the clock of the side to move, if the game has clocks, goes on,
 * and its clock is not running yet. */
void session_clock_start(session *s);
/* The clocks now. */
void session_clock_read(const session *s, session_clock *out);
/* Set both times (a server that starts again restores them): they run
 * again from now for the side to move when `running`, else they wait for
 * session_clock_start or a move. Nothing for a game without clocks. */
void session_clock_restore(session *s, const int64_t remaining_ms[2], bool running);
/* Whether the side to move just lost on time: its time is up, the game
 * ends now (true once, when it ends here). */
bool session_clock_check(session *s);

/* ------------------------------------------------------------ the end */

typedef enum session_end {
    SESSION_END_NONE = 0,    /* the game goes on                             */
    SESSION_END_RULES,       /* by the rules (session_result.reason says how) */
    SESSION_END_AGREEMENT,   /* by agreement                                 */
    SESSION_END_RESIGNATION, /* a side resigned                              */
    SESSION_END_TIME,        /* a side's time ran out                        */
    SESSION_END_ABANDONED    /* left unfinished for good (session_abandon)   */
} session_end;

/* How the game stands (struct: the function has the same name). */
struct session_result {
    bool over;
    session_end kind;
    int winner;              /* AW_SOUTH, AW_NORTH, or -1 (a draw, or none)  */
    const char *result;      /* "1-0", "0-1", "1/2-1/2", "*" (static)        */
    const char *reason;      /* English word (static): the rules' end word
                                (aw_status_word), "agreement", "resignation",
                                "time forfeit", "abandoned"; "" going on     */
};
void session_result(const session *s, struct session_result *out);

/* `side` resigns: the other side wins. SESSION_OK, or SESSION_OVER (also
 * when its time had run out), SESSION_NOT_PERSON (the computer's side),
 * with the words in *err (may be NULL). Any pending offer is dropped. */
session_code session_resign(session *s, int side, aw_error *err);

/* The game is left unfinished for good (a server ends it after a long
 * silence): over, "abandoned", no winner, result "*". Nothing when it is
 * over already. */
void session_abandon(session *s);

/* ------------------------------------------------- offers between persons */

typedef enum session_offer_kind {
    OFFER_END = 0,   /* an end by agreement (the rules must allow it)        */
    OFFER_TAKEBACK,  /* take back the proposer's last move (and the reply)   */
    OFFER_REMATCH    /* another game, the colours swapped (once it is over)  */
} session_offer_kind;

/* `side` makes an offer to the other side; both sides must be persons
 * (SESSION_NOT_PERSON). One offer at a time (SESSION_OFFER_PENDING). An
 * end: refused as session_may_agree says; a takeback: the game must go on
 * (SESSION_OVER) and `side` must have a move to take back
 * (SESSION_NO_TAKEBACK); a rematch: only once the game is over
 * (SESSION_NOT_OVER). A move played drops a pending end or takeback. */
session_code session_offer(session *s, int side, session_offer_kind kind, aw_error *err);
/* `side` answers the pending offer: SESSION_NO_OFFER, SESSION_OWN_OFFER
 * (the side that made it), or SESSION_OK: declined, or accepted: an end
 * ends the game by agreement, a takeback takes moves back to the
 * proposer's previous turn (no redo), a rematch is for the front end to
 * make. The offer is gone after the answer; the end of the game (on time
 * too) drops a pending end or takeback, undo and restart any offer. */
session_code session_offer_answer(session *s, int side, bool accept, aw_error *err);
/* Whether an offer is pending, its kind and who made it (either may be
 * NULL). */
bool session_offer_pending(const session *s, session_offer_kind *kind, int *by);

/* The game as a record (the caller frees it): rules, start, the moves (the
 * whole tree with its variations, comments and marks; without variations
 * the moves to the current position), the
 * players as tags (South/North names, and the computer's level and time,
 * so that session_from_record can continue it), "opening" after the set
 * opening's last move (session_opening), and with clocks the TimeControl
 * tag ("BASE+INCREMENT" in seconds) and the mover's time after each move
 * as a comment "[%clk H:MM:SS]" (tenths when not whole). A resignation, a
 * loss on time or an abandoned game sets Result and Termination
 * ("resignation", "time forfeit", "abandoned"). NULL when out of memory. */
aw_record *session_record(const session *s);
/* The same as text (the caller frees it); NULL when out of memory. */
char *session_record_text(const session *s);
/* Save it to a file (textfile_write: whole or not at all): 0, or -1 with
 * the reason in msg. */
int session_save(const session *s, const char *path, char *msg, size_t size);

/* ------------------------------------------------------------- the tree */

/* The moves form a tree (the record's, awale.h "The record's move tree"):
 * session_game is the line from the start to the current node. A move at
 * the current node follows the existing child with that move, else adds
 * one; while the main line is a game being played (not over by the rules,
 * by agreement, resignation, time or abandon) the child played becomes its
 * parent's first (the main line goes on with it, an old continuation kept
 * as a variation); once the main line is over, a new move is a variation
 * (the last child). Undo goes back along the current line (to a person's
 * previous turn, as always), redo forward along the line undone. An end
 * (agreement, resignation, time) makes the current line the main line and
 * cuts what was taken back after it. Without variations (a game with
 * clocks, or a game between two devices: session_set_variations(false)) a
 * new move cuts the old continuation, and the functions below answer
 * SESSION_NO_VARIATIONS. Node ids are the record's (stable while the node
 * lives). */
const aw_record *session_tree(const session *s);
int session_node(const session *s); /* the current node */
/* Go to any node: its line becomes the game (no redo, no pending offer).
 * SESSION_OK, SESSION_NO_VARIATIONS or SESSION_NO_NODE with the words. */
session_code session_goto(session *s, int node, aw_error *err);
/* `node`'s line becomes the main line (promoted at every level up); the
 * current node stays. SESSION_OK, SESSION_NO_VARIATIONS, SESSION_NO_NODE,
 * SESSION_FAILED (a line nested too deep: the library's words). */
session_code session_promote(session *s, int node, aw_error *err);
/* Delete a variation: `node` and everything after it, `node` not on the
 * main line (SESSION_MAIN_LINE); the current node moves to its parent when
 * it was inside. SESSION_OK, SESSION_NO_VARIATIONS, SESSION_NO_NODE. */
session_code session_delete_variation(session *s, int node, aw_error *err);
/* Back to where the current line leaves the main line (the current node
 * itself when it is on the main line). SESSION_OK, SESSION_NO_VARIATIONS. */
session_code session_main_line(session *s, aw_error *err);
/* The better line (the review's pv) of every move of `review` marked ?!, ?
 * or ?? as a variation of that move on the current line, the move getting
 * its mark; lines already there are not doubled. The review is of the game
 * (or a beginning of it). Returns the lines added (0 without variations). */
int session_add_review_lines(session *s, const aw_review *review);
/* Variations on or off (off: a new move cuts, as in a game between two
 * devices); on is refused with clocks. Default: on unless clocks. */
void session_set_variations(session *s, bool on);
bool session_variations(const session *s);

/* A session that continues the first game of `rec`: rules, start and moves
 * from the record; players, level and time from its tags when it was
 * written by session_record, else from *base (whose tables and book are
 * used when they fit the record's rules, else none); the set opening of
 * `awale match` records (aw_review_opening); its tree of moves, the current
 * node at the end of the main line; the clocks from TimeControl
 * and the last [%clk] of each side (stopped until started), and an end by
 * resignation, on time or abandoned from Termination and Result. NULL
 * with a message. */
session *session_from_record(const aw_record *rec, const session_config *base, aw_error *err);

/* The moves at the start of the game that neither player chose: the set
 * opening of the record the session came from, as far as the game still
 * begins with it (an undo into it, and other moves, shorten it). Reviews
 * show them but do not judge them (aw_review_options.opening). */
int session_opening(const session *s);

#endif
