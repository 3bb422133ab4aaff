/*
 * routes_offers.c - what the players of a game ask of each other
 * (docs/api.md): resign; offer an end by agreement, a takeback or a
 * rematch, and the other player's answer; the rematch's seats. The session
 * decides who may offer and answer and what an accepted offer does; these
 * handlers check the seat's token, map the session's codes, and make the
 * rematch's game.
 */
#include "web/routes.h"

#include "front/players.h"
#include "web/events.h"
#include "web/jsonout.h"
#include "web/seats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(OFFER_END == 0 && OFFER_TAKEBACK == 1 && OFFER_REMATCH == 2,
               "jo_offer_kind numbers the kinds so");

/* The side a request acts for: the seat of its token (a game between two
 * devices), else the body's "side", else the person's side against the
 * computer. -1 with the answer set. */
static int acting_side(web_game *g, const web_request *req, const char *side_text, web_reply *r)
{
    int seat = seats_bearer(g, req);
    if (g->friend)
        return seat; /* people_allowed checked the token */
    if (side_text) {
        if ((seat = parse_side(side_text)) < 0)
            web_reply_error(r, 400, "field 'side' must be \"S\" or \"N\"");
        return seat;
    }
    if (players_against_computer(g->s))
        return players_proposer(g->s);
    web_reply_error(r, 400, "field 'side' is missing: which side (\"S\" or \"N\") acts");
    return -1;
}

web_outcome handle_resign(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"side", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *side_text = NULL, *lang = request_lang(req, NULL);
    if (!fields_only(body, r, allowed) || field_string(body, r, "side", &side_text) < 0 ||
        field_string(body, r, "lang", &lang) < 0)
        goto done;
    pthread_mutex_lock(&g->lock);
    /* As an undo: the computer's move being thought about is dropped. */
    if (claim(a, g, r, true)) {
        const int side = acting_side(g, req, side_text, r);
        aw_error err;
        session_code c;
        if (side < 0) {
            /* answered */
        } else if ((c = session_resign(g->s, side, &err)) != SESSION_OK) {
            refuse(r, c, lang, "%s", err.msg);
        } else {
            json_t *state = events_changed(
                a, g, "end",
                json_pack("{s:s, s:s}", "reason", "resignation", "by", jo_side_letter(side)));
            state_reply_state(g, r, 200, state, NULL);
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return WEB_REPLY;
}

/* A rematch accepted: a new game between the same two devices, colours
 * swapped, same rules, start and clock (lock of g held). */
static void make_rematch(web_app *a, web_game *g)
{
    const session_config *old = session_get_config(g->s);
    session_config cfg = *old;
    cfg.computer[0] = cfg.computer[1] = false;
    aw_error err;
    session *s = session_new(&cfg, &err);
    if (!s)
        return;
    const registry_place place = {NULL, NULL, 0, true};
    bool full, client_full;
    web_game *n = registry_add(a->reg, s, &place, &full, &client_full);
    if (!n) {
        session_free(s);
        events_note(a, g, "rematch", json_pack("{s:n, s:s}", "id", "error",
                                               "the server holds its limit of games"));
        return;
    }
    pthread_mutex_lock(&n->lock);
    n->app = a;
    n->created_wall_ms = n->updated_wall_ms = web_wall_ms();
    n->friend = true;
    n->invite_used = true;
    for (int side = 0; side < 2; side++) {
        game_seat *st = &n->seats[side];
        const game_seat *was = &g->seats[!side]; /* colours swapped */
        st->kind = SEAT_FRIEND;
        st->joined = true;
        snprintf(st->name, sizeof st->name, "%s", was->name);
        seats_secret(st->token);
        snprintf(g->rematch_token[!side], sizeof g->rematch_token[0], "%s", st->token);
    }
    session_clock_start(n->s);
    events_saved(a, n);
    pthread_mutex_unlock(&n->lock);
    snprintf(g->rematch, sizeof g->rematch, "%s", n->id);
    events_note(a, g, "rematch", json_pack("{s:s}", "id", n->id));
    registry_put(n);
}

web_outcome handle_offer(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"kind", "side", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *kind_text = NULL, *side_text = NULL, *lang = request_lang(req, NULL);
    if (!fields_only(body, r, allowed) || field_string(body, r, "kind", &kind_text) < 0 ||
        field_string(body, r, "side", &side_text) < 0 || field_string(body, r, "lang", &lang) < 0)
        goto done;
    session_offer_kind kind;
    if (kind_text && !strcmp(kind_text, "end"))
        kind = OFFER_END;
    else if (kind_text && !strcmp(kind_text, "takeback"))
        kind = OFFER_TAKEBACK;
    else if (kind_text && !strcmp(kind_text, "rematch"))
        kind = OFFER_REMATCH;
    else {
        web_reply_error(r, 400, "field 'kind' must be \"end\", \"takeback\" or \"rematch\"");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    if (claim(a, g, r, false)) {
        const int side = acting_side(g, req, side_text, r);
        aw_error err;
        session_code c;
        if (side < 0) {
            /* answered */
        } else if (kind == OFFER_REMATCH && g->rematch[0]) {
            web_reply_value(r, 409, json_pack("{s:s, s:s, s:s}", "error",
                                              "the rematch is already made", "code",
                                              "rematch_made", "rematch", g->rematch));
        } else if ((c = session_offer(g->s, side, kind, &err)) != SESSION_OK) {
            refuse(r, c, lang, "%s", err.msg);
        } else {
            events_note(a, g, "offer",
                        json_pack("{s:s, s:s}", "kind", jo_offer_kind(kind), "by",
                                  jo_side_letter(side)));
            state_reply(g, r, 200, NULL);
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return WEB_REPLY;
}

web_outcome handle_answer(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"accept", "side", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *side_text = NULL, *lang = request_lang(req, NULL);
    bool accept = false;
    int has_accept;
    if (!fields_only(body, r, allowed) || (has_accept = field_bool(body, r, "accept", &accept)) < 0 ||
        field_string(body, r, "side", &side_text) < 0 || field_string(body, r, "lang", &lang) < 0)
        goto done;
    if (!has_accept) {
        web_reply_error(r, 400, "field 'accept' is missing: true or false");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    if (claim(a, g, r, false)) {
        const int side = acting_side(g, req, side_text, r);
        session_offer_kind kind;
        int by;
        aw_error err;
        session_code c;
        if (side < 0) {
            /* answered */
        } else if (!session_offer_pending(g->s, &kind, &by)) {
            refuse(r, SESSION_NO_OFFER, lang, "there is no offer to answer");
        } else if ((c = session_offer_answer(g->s, side, accept, &err)) != SESSION_OK) {
            refuse(r, c, lang, "%s", err.msg);
        } else {
            json_t *fields = json_pack("{s:s, s:s, s:b}", "kind", jo_offer_kind(kind), "by",
                                       jo_side_letter(side), "accept", accept);
            if (accept && kind == OFFER_END)
                json_object_set_new(fields, "reason", json_string("agreement"));
            /* A takeback or an end changes the game; a rematch makes one. */
            if (accept && kind != OFFER_REMATCH)
                json_decref(events_changed(a, g, "answer", fields));
            else
                events_note(a, g, "answer", fields);
            if (accept && kind == OFFER_REMATCH)
                make_rematch(a, g);
            state_reply(g, r, 200, g->rematch[0] && kind == OFFER_REMATCH
                                       ? json_pack("{s:s}", "rematch", g->rematch)
                                       : NULL);
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return WEB_REPLY;
}

web_outcome handle_rematch_seat(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    (void)a;
    json_t *body = body_object(req, r);
    static const char *const allowed[] = {"lang", NULL};
    if (!body || !fields_only(body, r, allowed)) {
        json_decref(body);
        return WEB_REPLY;
    }
    json_decref(body);
    pthread_mutex_lock(&g->lock);
    const int seat = seats_bearer(g, req);
    if (!g->friend || seat < 0) {
        web_reply_value(r, 403, json_pack("{s:s, s:s}", "error",
                                          "the rematch's seats are given to this game's players, "
                                          "by their tokens",
                                          "code", "bad_token"));
    } else if (!g->rematch[0]) {
        web_reply_value(r, 409, json_pack("{s:s, s:s}", "error",
                                          "no rematch has been agreed for this game", "code",
                                          "no_rematch"));
    } else {
        web_reply_value(r, 200, json_pack("{s:s, s:s, s:s}", "id", g->rematch, "seat",
                                          jo_side_letter(!seat), "token", g->rematch_token[seat]));
    }
    pthread_mutex_unlock(&g->lock);
    return WEB_REPLY;
}
