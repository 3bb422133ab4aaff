/*
 * jsonout.h - the library's values as JSON (jansson), for the API: rule
 * sets, positions, moves and what they did, scores, search reports, the
 * end of a game. Structured values first (the page words them in the
 * reader's language); the front ends' English sentences come along in
 * "text" fields for API users and screen readers. Each function returns a
 * new reference (NULL only when out of memory).
 */
#ifndef AW_WEB_JSONOUT_H
#define AW_WEB_JSONOUT_H

#include "awale.h"

#include <jansson.h>

/* "S" / "N", and "south" / "north". */
const char *jo_side_letter(int side);
/* An offer's kind between two persons (front/session.h's session_offer_kind,
 * as an int): "end", "takeback", "rematch". */
const char *jo_offer_kind(int kind);
const char *jo_side_word(int side);

/* A move's text ("C", "e", "C+", "pass"). */
json_t *jo_move(const aw_rules *rules, aw_move move);

/* {"name", "family", "diff", "params": {name: value}} (the parameters that
 * apply to the rule set's family). */
json_t *jo_rules(const aw_rules *rules);

/* Every rule set and parameter with its description (GET /api/rules). */
json_t *jo_rule_catalogue(void);

/* {"pits": [12], "scores": [S, N], "side": "S", "quiet": n, "text": "..."} */
json_t *jo_position(const aw_position *pos);

/* What a move did: move, side, seeds, sown, laps, last, captured, the pits
 * captured, grand slam; the steps when `steps` is true (for animation);
 * "text" in English. */
json_t *jo_report(const aw_rules *rules, const aw_move_report *report, bool steps);

/* {"kind": "seeds"|"win"|"loss"|"draw", "value", "margin", "plies",
 * "text", "south": the value from South's view in hundredths}: a score
 * from the view of `mover`. */
json_t *jo_score(const aw_score *score, int mover);

/* One completed depth of a search at *pos (lines, best first, with their
 * expected lines). */
json_t *jo_search_info(const aw_rules *rules, const aw_position *pos, const aw_search_info *info);

/* The status of a game: the string "ongoing", or {"over": word, "scores",
 * "winner", "reason", "text"}. */
json_t *jo_status(const aw_game *game);

/* The exact result with perfect play, South's margin: {"margin", "winner",
 * "text"}. */
json_t *jo_perfect(int south_margin, bool exact);

#endif
