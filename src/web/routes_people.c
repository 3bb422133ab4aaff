/*
 * routes_people.c - the routes of games between two devices
 * (docs/api.md): the invitation (what it offers, taking the free seat),
 * the fixed messages the players send each other, and the event stream
 * that carries every change to both players and the watchers. Who may
 * move, resign, offer or answer is the session's decision; these
 * handlers check the seat's token and map the session's codes.
 */
#include "web/routes.h"

#include "web/events.h"
#include "web/jsonout.h"
#include "web/persist.h"
#include "web/seats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESSAGE_GAP_MS 2000 /* a seat sends at most one message so often */

/* The fixed messages (the page shows them in the reader's language). */
static const char *const message_keys[] = {"hello", "good_game", "well_played", "thanks",
                                           "oops",  "good_luck", NULL};

/* The game an invitation code is for, held (NULL with the answer set). */
static web_game *invited_game(web_app *a, const char *code, web_reply *r)
{
    char id[GAME_ID_LEN + 1];
    web_game *g = NULL;
    if (strlen(code) == SECRET_HEX && invites_find(a, code, id))
        g = registry_get(a->reg, id);
    if (!g)
        web_reply_value(r, 404, json_pack("{s:s, s:s}", "error",
                                          "no such invitation (it may have expired, or the game "
                                          "was deleted)",
                                          "code", "no_invite"));
    return g;
}

static int free_seat(const web_game *g)
{
    for (int side = 0; side < 2; side++)
        if (g->seats[side].kind == SEAT_FRIEND)
            return side;
    return -1;
}

web_outcome handle_invite(web_app *a, const web_request *req, const char *code, web_reply *r)
{
    const bool post = !strcmp(req->method, "POST");
    static const char *const no_query[] = {NULL};
    if (!query_only(req, r, no_query))
        return WEB_REPLY;
    json_t *body = NULL;
    const char *name = NULL;
    if (post) {
        static const char *const allowed[] = {"name", "lang", NULL};
        const char *lang;
        if (!(body = body_object(req, r)))
            return WEB_REPLY;
        if (!fields_only(body, r, allowed) || field_string(body, r, "name", &name) < 0 ||
            field_string(body, r, "lang", &lang) < 0 || (name && !valid_name(name, r))) {
            json_decref(body);
            return WEB_REPLY;
        }
        if (!app_rate_take(a, RATE_INVITES, req->client, r)) {
            json_decref(body);
            return WEB_REPLY;
        }
    }
    web_game *g = invited_game(a, code, r);
    if (!g) {
        json_decref(body);
        return WEB_REPLY;
    }
    pthread_mutex_lock(&g->lock);
    const int seat = free_seat(g);
    if (!post) {
        const int host = seat >= 0 ? !seat : -1;
        json_t *o = json_pack("{s:s, s:s?, s:b, s:o, s:o, s:s}", "id", g->id, "seat",
                              seat >= 0 ? jo_side_letter(seat) : NULL, "free",
                              seat >= 0 && !g->invite_used, "rules",
                              jo_rules(session_rules(g->s)), "clock", state_clock_json(g),
                              "host_name", host >= 0 ? g->seats[host].name : "");
        web_reply_value(r, 200, o);
    } else if (seat < 0 || g->invite_used) {
        web_reply_value(r, 409, json_pack("{s:s, s:s}", "error",
                                          "this invitation has been taken: the game has its two "
                                          "players (you may watch it)",
                                          "code", "invite_used"));
    } else {
        g->invite_used = true;
        game_seat *st = &g->seats[seat];
        st->joined = true;
        if (name)
            snprintf(st->name, sizeof st->name, "%s", name);
        session_clock_start(g->s);
        json_t *state = events_changed(
            a, g, "join", json_pack("{s:s, s:s}", "seat", jo_side_letter(seat), "name", st->name));
        web_reply_value(r, 200, json_pack("{s:s, s:s, s:s, s:o}", "id", g->id, "seat",
                                          jo_side_letter(seat), "token", st->token, "state",
                                          state));
    }
    pthread_mutex_unlock(&g->lock);
    registry_put(g);
    json_decref(body);
    return WEB_REPLY;
}

web_outcome handle_message(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"text", "side", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *text = NULL, *lang, *side_text = NULL;
    if (!fields_only(body, r, allowed) || field_string(body, r, "text", &text) < 0 ||
        field_string(body, r, "side", &side_text) < 0 || field_string(body, r, "lang", &lang) < 0)
        goto done;
    bool known = false;
    for (int i = 0; text && message_keys[i]; i++)
        known |= !strcmp(text, message_keys[i]);
    if (!known) {
        web_reply_error(r, 400, "field 'text' must be one of the fixed messages: hello, "
                                "good_game, well_played, thanks, oops, good_luck");
        goto done;
    }
    pthread_mutex_lock(&g->lock);
    int seat = -1;
    if (!seats_authorize(g, req, r, &seat)) {
        pthread_mutex_unlock(&g->lock);
        goto done;
    }
    if (seat < 0) {
        if (!side_text || (seat = parse_side(side_text)) < 0) {
            pthread_mutex_unlock(&g->lock);
            web_reply_error(r, 400, "field 'side' must be \"S\" or \"N\": who sends it");
            goto done;
        }
    }
    const int64_t now = web_now_ms();
    game_seat *st = &g->seats[seat];
    if (st->last_message_ms && now - st->last_message_ms < MESSAGE_GAP_MS) {
        web_reply_value(r, 429, json_pack("{s:s, s:s}", "error",
                                          "one message every two seconds at most", "code",
                                          "rate_limited"));
        r->retry_after = 2;
    } else {
        st->last_message_ms = now;
        events_note(a, g, "message",
                    json_pack("{s:s, s:s}", "by", jo_side_letter(seat), "text", text));
        web_reply_value(r, 200, json_pack("{s:s, s:s, s:i}", "by", jo_side_letter(seat), "text",
                                          text, "event_id", (int)g->event_id));
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return WEB_REPLY;
}

web_outcome handle_archive(web_app *a, const web_request *req, const char *rest, web_reply *r)
{
    if (!*rest) {
        static const char *const allowed[] = {"offset", "limit", NULL};
        long long offset = 0, limit = 20;
        if (!query_only(req, r, allowed) || query_int(req, r, "offset", 0, 1000000000, &offset) < 0 ||
            query_int(req, r, "limit", 1, 100, &limit) < 0)
            return WEB_REPLY;
        char err[300];
        json_t *o = persist_archive(a, (int)offset, (int)limit, err, sizeof err);
        if (o)
            web_reply_value(r, 200, o);
        else
            web_reply_error(r, 500, "the archive cannot be read: %s", err);
        return WEB_REPLY;
    }
    static const char *const no_query[] = {NULL};
    const char *slash = strchr(rest, '/');
    const size_t idlen = slash ? (size_t)(slash - rest) : strlen(rest);
    if (!slash || strcmp(slash, "/record") != 0 || !valid_id(rest, idlen)) {
        web_reply_error(r, 404, "no such API endpoint: %.100s (the archive has "
                                "/api/archive and /api/archive/ID/record)",
                        req->path);
        return WEB_REPLY;
    }
    if (!query_only(req, r, no_query))
        return WEB_REPLY;
    char id[GAME_ID_LEN + 1];
    memcpy(id, rest, GAME_ID_LEN);
    id[GAME_ID_LEN] = 0;
    char *text = persist_record(a, id);
    if (!text) {
        web_reply_error(r, 404, "no game '%s' in the archive", id);
        return WEB_REPLY;
    }
    r->status = 200;
    r->type = "text/plain; charset=utf-8";
    r->body = text;
    r->len = strlen(text);
    snprintf(r->disposition, sizeof r->disposition, "attachment; filename=\"awale-%s.txt\"", id);
    return WEB_REPLY;
}
