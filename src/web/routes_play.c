/*
 * routes_play.c - the changes to a game (docs/api.md): a move (a person's
 * or the computer's), undo and redo, an end by agreement, and the hint.
 * Each claims the session first (claim); the session decides what may be
 * played or proposed, and its refusals are answered by refuse() with
 * their code, in the asker's language.
 */
#include "web/routes.h"

#include "front/i18n.h"
#include "front/messages.h"
#include "front/players.h"
#include "front/words.h"
#include "web/events.h"
#include "web/jsonout.h"
#include "web/seats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The reports of the last n moves of the game, with their steps. */
static json_t *last_reports(const session *s, int n)
{
    const aw_game *gm = session_game(s);
    json_t *list = json_array();
    aw_move_report *rep = malloc(sizeof *rep);
    for (int i = aw_game_ply(gm) - n; rep && i < aw_game_ply(gm); i++) {
        if (i < 0)
            continue;
        aw_position p = *aw_game_position_at(gm, i);
        if (aw_play_report(session_rules(s), &p, aw_game_move(gm, i), rep) >= 0)
            json_array_append_new(list, jo_report(session_rules(s), rep, true));
    }
    free(rep);
    return list;
}

/* An end by agreement the session refused, in the API's words. */
static void agreement_refused(web_game *g, web_reply *r, session_code code, int side,
                              const char *lang)
{
    switch (code) {
    case SESSION_OVER: game_over(g, r, lang); break;
    case SESSION_NO_AGREEMENT:
        refuse(r, code, lang, "the %s rules have no end by agreement: the game is played out",
                        session_rules(g->s)->name);
        break;
    case SESSION_PROPOSER_COMPUTER:
        refuse(r, code, lang, "%s is played by the computer: a person proposes the end",
                        words_side(side));
        break;
    case SESSION_COMPUTER_ANSWERS:
        refuse(r, code, lang, "the computer answers for itself: leave out 'accepted'");
        break;
    default: refuse(r, code, lang, "%s", session_why_in(code, "en")); break;
    }
}

web_outcome handle_move(web_app *a, web_game *g, const web_request *req, web_reply *r,
                        web_pending **pending)
{
    static const char *const allowed[] = {"move", "computer", "reply", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    const char *text = NULL, *lang = request_lang(req, NULL);
    bool computer = false, reply = true;
    const int has_move = fields_only(body, r, allowed) ? field_string(body, r, "move", &text) : -1;
    const int has_computer = has_move < 0 ? -1 : field_bool(body, r, "computer", &computer);
    if (has_move < 0 || has_computer < 0 || field_bool(body, r, "reply", &reply) < 0 ||
        field_string(body, r, "lang", &lang) < 0)
        goto done;
    if (has_move == 0 && !computer) {
        web_reply_error(r, 400, "field 'move' is missing: a pit letter such as \"C\" (relay: "
                                "\"C+\" or \"C-\"), or \"computer\": true for the computer's move");
        goto done;
    }
    if (has_move && computer) {
        web_reply_error(r, 400, "give either 'move' or \"computer\": true, not both");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    if (!claim(a, g, r, false)) {
        pthread_mutex_unlock(&g->lock);
        goto done;
    }
    /* The session decides (session.h); its refusals are answered with
     * their code, in the API's English or in the asker's language. */
    const aw_rules *rules = session_rules(g->s);
    const session_code turn =
        computer ? session_computer_turn(g->s, NULL) : session_person_turn(g->s, NULL);
    aw_error err;
    if (turn == SESSION_OVER) {
        game_over(g, r, lang);
    } else if (computer) {
        if (turn == SESSION_PERSONS_TURN) {
            refuse(r, turn, lang, "it is not the computer's turn: %s plays a person",
                   words_side(session_position(g->s)->side));
        } else if (routes_reserve(a, r) && computer_reply(a, g, true, 200, NULL, NULL, pending)) {
            out = WEB_PENDING;
        }
    } else {
        aw_move moves[64];
        const int n = aw_moves_parse(rules, text, moves, 64, &err);
        if (n < 0) {
            web_reply_error(r, 400, "field 'move': %s", err.msg);
        } else if (n != 1) {
            web_reply_error(r, 400, "field 'move' must hold exactly one move, not %d", n);
        } else if (turn == SESSION_COMPUTERS_TURN) {
            refuse(r, turn, lang, "it is the computer's turn (%s)",
                   words_side(session_position(g->s)->side));
        } else if (g->friend && seats_bearer(g, req) != session_position(g->s)->side) {
            web_reply_value(r, 409, json_pack("{s:s, s:s}", "error",
                                              "it is your opponent's turn: wait for their move",
                                              "code", "not_your_turn"));
        } else {
            /* The computer will answer: make sure it can before playing. */
            const bool reserve = session_may_play(g->s, moves[0], NULL) == SESSION_OK && reply &&
                                 session_computer_replies(g->s, moves[0]);
            aw_move_report *rep = malloc(sizeof *rep);
            session_code played_code = SESSION_FAILED;
            if (reserve && !routes_reserve(a, r)) {
                /* answered: the server is busy */
            } else if (!rep) {
                if (reserve)
                    pool_unreserve(a->pool);
                web_reply_error(r, 500, "out of memory");
            } else if ((played_code = session_play(g->s, moves[0], rep, &err)) != SESSION_OK) {
                if (reserve)
                    pool_unreserve(a->pool);
                char m[AW_MOVE_MAX];
                refuse(r, played_code, lang, "%s cannot be played: %s",
                       aw_move_format(rules, moves[0], m), err.msg);
            } else {
                json_t *played = json_array();
                json_array_append_new(played, jo_report(rules, rep, true));
                json_t *state = events_changed(a, g, "move", json_pack("{s:O}", "played", played));
                if (computer_reply(a, g, reserve, 200, played, NULL, pending)) {
                    json_decref(state);
                    out = WEB_PENDING;
                } else {
                    state_reply_state(g, r, 200, state, json_pack("{s:O}", "played", played));
                    analysis_kick(a, g);
                }
                json_decref(played);
            }
            free(rep);
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return out;
}

/* Undo and redo. */
web_outcome handle_history(web_app *a, web_game *g, const web_request *req, web_reply *r,
                           web_pending **pending, bool redo)
{
    static const char *const allowed[] = {"reply", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    bool reply = true;
    const char *lang;
    if (!fields_only(body, r, allowed) || field_bool(body, r, "reply", &reply) < 0 ||
        field_string(body, r, "lang", &lang) < 0) {
        json_decref(body);
        return WEB_REPLY;
    }
    json_decref(body);
    pthread_mutex_lock(&g->lock);
    if (!claim(a, g, r, !redo)) {
        pthread_mutex_unlock(&g->lock);
        return WEB_REPLY;
    }
    /* Reserve a place in case the computer is to move after the change. */
    const bool reserved = reply && pool_reserve(a->pool);
    const int n = redo ? session_redo(g->s) : session_undo(g->s);
    if (n == 0) {
        if (reserved)
            pool_unreserve(a->pool);
        web_reply_error(r, 409, redo ? "nothing to redo" : "nothing to undo");
    } else {
        json_t *extra = json_pack("{s:i}", redo ? "redone" : "undone", n);
        json_t *played = redo ? last_reports(g->s, n) : json_array();
        json_decref(events_changed(a, g, redo ? "redo" : "undo",
                                   json_pack("{s:i, s:O}", redo ? "redone" : "undone", n,
                                             "played", played)));
        json_object_set(extra, "played", played);
        if (session_computer_to_move(g->s) && !reserved) {
            /* The computer moves on a later request ("computer": true). */
            state_reply(g, r, 200, extra);
            analysis_kick(a, g);
        } else if (computer_reply(a, g, reserved, 200, played, NULL, pending)) {
            json_decref(extra);
            out = WEB_PENDING;
        } else {
            state_reply(g, r, 200, extra);
            analysis_kick(a, g);
        }
        json_decref(played);
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

web_outcome handle_hint(web_app *a, web_game *g, const web_request *req, web_reply *r,
                        web_pending **pending)
{
    static const char *const allowed[] = {"movetime", NULL};
    long long ms = 0;
    if (!query_only(req, r, allowed) ||
        query_int(req, r, "movetime", 10, a->cfg.max_movetime_ms, &ms) < 0)
        return WEB_REPLY;
    const char *lang = request_lang(req, NULL);
    pthread_mutex_lock(&g->lock);
    web_outcome out = WEB_REPLY;
    if (!claim(a, g, r, false)) {
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    if (session_ongoing(g->s, NULL) != SESSION_OK) {
        game_over(g, r, lang);
    } else {
        answer_job *j = routes_reserve_job(a, g, r, job_hint);
        if (j) {
            j->movetime_ms = ms;
            out = routes_submit(a, g, j, JOB_HINT, pending);
        }
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

web_outcome handle_agree(web_app *a, web_game *g, const web_request *req, web_reply *r,
                         web_pending **pending)
{
    static const char *const allowed[] = {"side", "accepted", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *side_text = NULL, *lang = request_lang(req, NULL);
    bool accepted = false;
    web_outcome out = WEB_REPLY;
    if (!fields_only(body, r, allowed) || field_string(body, r, "side", &side_text) < 0 ||
        field_bool(body, r, "accepted", &accepted) < 0 || field_string(body, r, "lang", &lang) < 0)
        goto done;
    int side = -1;
    if (side_text && (side = parse_side(side_text)) < 0) {
        web_reply_error(r, 400, "field 'side' must be \"S\" or \"N\"");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    if (!claim(a, g, r, false)) {
        pthread_mutex_unlock(&g->lock);
        goto done;
    }
    const aw_rules *rules = session_rules(g->s);
    const aw_position *pos = session_position(g->s);
    if (side < 0) /* against the computer: the person; else the side to move */
        side = players_proposer(g->s);
    int sc[2]; /* the final scores if the game ends here */
    char result[96];
    aw_final_scores(rules, pos, AW_END_AGREEMENT, sc);
    words_result(sc, result, sizeof result);
    /* The session decides (session.h): who may propose, who answers. */
    bool computer_answers = false;
    const session_code code = accepted ? session_agree_accepted(g->s, side, NULL)
                                       : session_may_agree(g->s, side, &computer_answers, NULL);
    if (code != SESSION_OK) {
        agreement_refused(g, r, code, side, lang);
    } else if (accepted) { /* two people: the other one agreed on the page */
        json_t *state = events_changed(a, g, "end", json_pack("{s:s}", "reason", "agreement"));
        state_reply_state(g, r, 200, state,
                    json_pack("{s:{s:s, s:[i,i], s:s}}", "agreement", "verdict", "ended", "agreed",
                              sc[0], sc[1], "text", result));
        analysis_kick(a, g);
    } else if (!computer_answers) { /* two people: the other one answers on the page */
        char text[300];
        snprintf(text, sizeof text,
                 "%s proposes to end the game here (final score %s). %s, do you agree?",
                 words_side(side), result, words_side(!side));
        state_reply(g, r, 200,
                    json_pack("{s:{s:s, s:[i,i], s:s, s:s}}", "agreement", "verdict", "ask",
                              "agreed", sc[0], sc[1], "to", jo_side_letter(!side), "text", text));
    } else {
        answer_job *j = routes_reserve_job(a, g, r, job_agree);
        if (j) {
            j->proposer = side;
            out = routes_submit(a, g, j, JOB_AGREE, pending);
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return out;
}
