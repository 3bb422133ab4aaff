/*
 * words.h - what players read, for every front end: a move and what it did,
 * the end of a game and its result, a score, an expected line of play. The
 * library gives structured values (aw_move_report, aw_status, aw_score);
 * these functions turn them into sentences, with the translatable texts
 * marked (i18n.h). Each returns buf.
 */
#ifndef AW_FRONT_WORDS_H
#define AW_FRONT_WORDS_H

#include "awale.h"
#include "front/session.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "South" or "North". */
const char *words_side(int side);

/* Moves in the notation, one space apart: "F c". */
const char *words_moves(const aw_rules *rules, const aw_move *moves, int count, char *buf,
                        size_t size);

/* The numbering of the move lists, which every count of moves shown to
 * players follows: a numbered move is South's and North's turn ("4. B f");
 * ply `ply` (1 up) of the game is in move words_move_row(game, ply), and
 * a game of n plies has words_move_row(game, n) moves (0 for none). */
int words_move_row(const aw_game *game, int ply);

/* A pit's letter as a string ("C", "e"). */
const char *words_pit(int pit, char buf[4]);

/* What a move did: "South plays E: sows 9 seeds and captures 8: 2 from b,
 * 3 from c and 3 from d." `who` names the mover ("South", "North
 * (computer)"); NULL: the side's name. */
const char *words_move(const aw_rules *rules, const aw_move_report *report, const char *who,
                       char *buf, size_t size);

/* "Game over: South reached the target of 25 seeds. Final score: South 25,
 * North 19. South wins." (for a finished game). */
const char *words_game_over(const aw_game *game, char *buf, size_t size);

/* The end of a session's game in words: words_game_over, or for an end
 * of the session's own "Game over: South ran out of time. North wins.",
 * "Game over: North resigned. South wins.", "Game over: the game was
 * abandoned." */
const char *words_session_over(const session *s, char *buf, size_t size);

/* A clock's time: "4:57", "1:02:03", and tenths under ten seconds
 * ("0:09.4"). */
const char *words_clock(int64_t ms, char *buf, size_t size);

/* The result line alone: "South 25, North 19: South wins" / "...: a draw". */
const char *words_result(const int scores[2], char *buf, size_t size);

/* A score from the view of the side it belongs to, addressed to that
 * player: "about 1.25 seeds ahead", "you win by 3 seeds or more" (proven
 * by the search), "you lose by 2 seeds with perfect play" (proven by the
 * endgame tables, which hold no distance), "a draw with perfect play". */
const char *words_score_you(const aw_score *score, char *buf, size_t size);

/* An expected line from *pos, captures marked with the seeds they take for
 * the player to move (+) or against (-): "D(+3) f C(-2)". */
const char *words_line(const aw_rules *rules, const aw_position *pos, const aw_move *moves,
                       int count, char *buf, size_t size);

/* The final margin with perfect play, South's view: "South wins by 2 with
 * perfect play", "a draw with perfect play". */
const char *words_perfect(int south_margin, char *buf, size_t size);

/* The tables' verdict: words_perfect where they prove it (exact), else
 * "South wins by 8 seeds if endless play splits the board evenly (the
 * tables' estimate)". */
const char *words_tables(int south_margin, bool exact, char *buf, size_t size);

/* Why a game ended (or whose turn it is), as aw_status_explain says it,
 * translated: "South cannot feed...". */
const char *words_status(aw_status status, const aw_rules *rules, const aw_position *pos, char *buf,
                         size_t size);

/* Why `move` cannot be played in *pos, as aw_explain_illegal says it,
 * translated ("North's row is empty: South must give North seeds (legal:
 * D E F)"); NULL when it can be played. */
const char *words_illegal(const aw_rules *rules, const aw_position *pos, aw_move move, char *buf,
                          size_t size);

/* One parameter of a rule set in words: the library's own words
 * (aw_rules_describe_translated) through the catalog; NULL for an unknown
 * parameter. */
const char *words_rule(const aw_rules *rules, const char *param, char *buf, size_t size);

/* A rule set (preset) in one line: the library's summary
 * (aw_rules_preset_summary) through the catalog; "" for an unknown name. */
const char *words_preset_summary(const char *name);

/* What a level (1..10) is like, translated (engine_level_description). */
const char *words_level(int level);


/* How to play the rule set, in the user's language: the library's
 * aw_rules_howto paragraphs (one a line) through the catalog. */
const char *words_howto(const aw_rules *rules, char *buf, size_t size);

/* Why the computer declined an end by agreement (AGREE_DECLINED), one
 * sentence: "The computer declines: ending now it would lose (...)." `exact`
 * tells whether the tables' expectation is a proof (session_tables_exact). */
const char *words_declined(const agreement_answer *a, bool exact, char *buf, size_t size);

/* ------------------------------------------------------------ the review */

/* The name of a review mark, as a heading: "Blunder" (??), "Mistake" (?),
 * "Inaccuracy" (?!), "Good move" (!), "Brilliant move" (!!); "" for none. */
const char *words_mark(aw_mark mark);

/* "12." or "12..." (North's move): the number of move `ply` (0: the
 * first) of a game that started with `first` to move. */
const char *words_move_number(int first, int ply, char *buf, size_t size);

/* A value of a reviewed move, from the mover's view: "about 0.39 seeds
 * ahead", "a win by 3 seeds or more" (proven by the search), "a win by 4
 * seeds" (exact: the endgame tables, with perfect play), "a draw". */
const char *words_review_value(const aw_review_move *m, const aw_score *score, char *buf,
                               size_t size);

/* What the review says of one move, `before` being the position it was
 * played in (for the line's captures):
 *   "Mistake: D cost 2.10 seeds (after it, about 1.71 seeds behind). E was
 *    better: about 0.39 seeds ahead, line E f D(+2) a."
 *   "Blunder: D throws the win away (after it, a draw). E kept it: a win
 *    by 4 seeds, line E f D."
 *   "Good move: the only move that keeps the win (...); next best f: a
 *    draw."
 *   "The best move (...), line ...", "Close to the best: ...", "The only
 *    legal move." for unmarked moves.
 * Then " Exact: the endgame tables cover this position." or " From the
 * opening book." when the values come from there. */
const char *words_review_move(const aw_rules *rules, const aw_position *before,
                              const aw_review_move *m, char *buf, size_t size);

/* One player's summary: "South (you): 1 blunder, 2 mistakes, 0
 * inaccuracies, 3 good moves; 0.87 seeds lost a move on average (23
 * moves)." `who` names the player. */
const char *words_review_side(const aw_review_side *side, const char *who, char *buf,
                              size_t size);

/* "Turning points: 12. C? (South), 15... e?? (North)." or "No turning
 * point: ...". */
const char *words_review_turning(const aw_review *review, const aw_game *game, char *buf,
                                 size_t size);

#endif
