/*
 * routes.h - what the files of the API's handlers share (routes.c and
 * routes_*.c): the handlers the dispatch table names, claiming a game's
 * session for a change, handing a job to the pool, and the answers that
 * come from the session's reason codes.
 */
#ifndef AW_WEB_ROUTES_H
#define AW_WEB_ROUTES_H

#include "web/internal.h"
#include "web/request.h"

/* Claim the session for a change (lock held in and out): false with the
 * answer set (the game deleted, the computer thinking). An undo cancels
 * the computer's move instead of waiting for it. */
bool claim(web_app *a, web_game *g, web_reply *r, bool undo);

/* Hand a job that the request waits for to the pool, with the place
 * reserved before (pool_reserve): sets the game's job (JOB_NONE: none, as
 * for evaluations), refreshes the state and answers WEB_PENDING. */
web_outcome routes_submit(web_app *a, web_game *g, answer_job *j, game_job job,
                          web_pending **pending);
/* Reserve a place on the pool for a job: false with the answer set (503,
 * the server is busy). */
bool routes_reserve(web_app *a, web_reply *r);
/* A job of `run` on game g with its place on the pool reserved: NULL with
 * the answer set (503, the server is busy; 500, out of memory, the place
 * given back). The caller fills it in and hands it to routes_submit. */
answer_job *routes_reserve_job(web_app *a, web_game *g, web_reply *r,
                               void (*run)(web_job *, pool_worker *));
/* Let the computer play its move when it is its turn, with the place
 * reserved before the change (lock held): true when a job was queued. */
bool computer_reply(web_app *a, web_game *g, bool reserved, int status, json_t *played,
                    const char *location, web_pending **pending);

/* A refusal of the session (session.h): the status of its code
 * (status_of), {"error": ..., "code": "..."} with the English words of the
 * API (fmt) or, when `lang` is another language the server speaks, the
 * session's words (session_why_in) in that language. */
int status_of(session_code code);
const char *code_name(session_code code);
void refuse(web_reply *r, session_code code, const char *lang, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The game is over, and why. */
void game_over(web_game *g, web_reply *r, const char *lang);

/* POST /api/positions/check (routes_positions.c): the position editor's check. */
void handle_position_check(const web_request *req, web_reply *r);
/* The handlers (routes_create.c, routes_play.c, routes_view.c). */
web_outcome handle_create(web_app *a, const web_request *req, web_reply *r,
                          web_pending **pending);
void handle_get_state(web_app *a, web_game *g, web_reply *r);
web_outcome handle_move(web_app *a, web_game *g, const web_request *req, web_reply *r,
                        web_pending **pending);
web_outcome handle_history(web_app *a, web_game *g, const web_request *req, web_reply *r,
                           web_pending **pending, bool redo);
web_outcome handle_hint(web_app *a, web_game *g, const web_request *req, web_reply *r,
                        web_pending **pending);
web_outcome handle_agree(web_app *a, web_game *g, const web_request *req, web_reply *r,
                         web_pending **pending);
web_outcome handle_evaluations(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending);
void handle_record(web_game *g, const web_request *req, web_reply *r);
web_outcome handle_analysis(web_app *a, web_game *g, const web_request *req, web_reply *r,
                            web_stream **stream);
void handle_review(web_app *a, web_game *g, const web_request *req, web_reply *r);
/* routes_people.c: an invitation (GET: what it offers; POST: take the
 * seat), a fixed message. */
web_outcome handle_invite(web_app *a, const web_request *req, const char *code, web_reply *r);
web_outcome handle_message(web_app *a, web_game *g, const web_request *req, web_reply *r);
/* routes_offers.c: resign, an offer, its answer, the rematch's seat. */
web_outcome handle_resign(web_app *a, web_game *g, const web_request *req, web_reply *r);
web_outcome handle_offer(web_app *a, web_game *g, const web_request *req, web_reply *r);
web_outcome handle_answer(web_app *a, web_game *g, const web_request *req, web_reply *r);
web_outcome handle_rematch_seat(web_app *a, web_game *g, const web_request *req, web_reply *r);
/* routes_tree.c: the moves as a tree: go to a move, promote a variation,
 * delete one, back to the main line. */
web_outcome handle_goto(web_app *a, web_game *g, const web_request *req, web_reply *r);
web_outcome handle_promote(web_app *a, web_game *g, const web_request *req, web_reply *r);
web_outcome handle_delete_variation(web_app *a, web_game *g, const web_request *req,
                                    web_reply *r);
web_outcome handle_main_line(web_app *a, web_game *g, const web_request *req, web_reply *r);
/* routes_puzzles.c: GET /api/puzzles (one puzzle) and, with stats,
 * GET /api/puzzles/stats (counts by rules and theme). */
void handle_puzzles(const web_request *req, bool stats, web_reply *r);
/* GET /api/archive (the finished games) and /api/archive/ID/record. */
web_outcome handle_archive(web_app *a, const web_request *req, const char *rest, web_reply *r);

#endif
