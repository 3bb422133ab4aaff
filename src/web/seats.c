/*
 * seats.c - the seats of a game between two devices, their tokens and the
 * invitations (seats.h).
 *
 * Ownership: a game's seats are part of the game, under its lock. The
 * invitation table is the app's (web_app.invites), under invite_lock; it
 * holds copies of codes and ids, never pointers to games.
 */
#include "web/seats.h"

#include "web/jsonout.h"
#include "web/secret.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* The secrets are secret.c's. */
void seats_secret(char out[SECRET_HEX + 1])
{
    if (secret_new(out) != 0)
        abort(); /* no generator: a guessable token would be worse than stopping */
}

bool seats_secret_equal(const char *a, const char *b) { return secret_equal(a, b); }

void seats_init(web_game *g, const seat_kind kind[2], const char *name)
{
    g->friend = kind[0] == SEAT_FRIEND || kind[1] == SEAT_FRIEND;
    for (int side = 0; side < 2; side++) {
        game_seat *st = &g->seats[side];
        memset(st, 0, sizeof *st);
        st->kind = kind[side];
        if (g->friend && kind[side] != SEAT_ENGINE)
            seats_secret(st->token);
        st->joined = kind[side] == SEAT_HUMAN;
        if (name && kind[side] == SEAT_HUMAN)
            snprintf(st->name, sizeof st->name, "%s", name);
    }
    if (g->friend)
        seats_secret(g->invite);
}

int seats_bearer(const web_game *g, const web_request *req)
{
    const char *token = NULL;
    if (req->authorization) {
        const char *h = req->authorization;
        if (strncasecmp(h, "Bearer ", 7) != 0)
            return SEATS_BAD_TOKEN;
        token = h + 7;
        while (*token == ' ')
            token++;
    } else {
        for (int i = 0; i < req->nquery; i++)
            if (!strcmp(req->query[i].key, "token"))
                token = req->query[i].value ? req->query[i].value : "";
    }
    if (!token)
        return SEATS_NO_TOKEN;
    int seat = SEATS_BAD_TOKEN;
    for (int side = 0; side < 2; side++) /* both compared, whatever the first gives */
        if (g->seats[side].token[0] && seats_secret_equal(token, g->seats[side].token))
            seat = side;
    return seat;
}

bool seats_authorize(const web_game *g, const web_request *req, web_reply *r, int *seat)
{
    *seat = -1;
    if (!g->friend)
        return true;
    const int s = seats_bearer(g, req);
    if (s >= 0) {
        *seat = s;
        return true;
    }
    web_reply_value(r, 403,
                    json_pack("{s:s, s:s}", "error",
                              s == SEATS_NO_TOKEN
                                  ? "this game is played between two devices: a change needs "
                                    "the token of your seat (Authorization: Bearer TOKEN)"
                                  : "the token is not one of this game's seats",
                              "code", "bad_token"));
    return false;
}

static const char *kind_word(seat_kind k)
{
    return k == SEAT_ENGINE ? "engine" : k == SEAT_FRIEND ? "friend" : "human";
}

json_t *seats_json(const web_game *g)
{
    json_t *o = json_object();
    for (int side = 0; side < 2; side++) {
        const game_seat *st = &g->seats[side];
        json_t *p = json_pack("{s:s, s:s, s:b, s:b}", "kind", kind_word(st->kind), "name",
                              st->name, "joined", st->joined || st->kind == SEAT_ENGINE,
                              "present", st->kind == SEAT_ENGINE || st->present > 0 ||
                                             (st->away_since_ms && !st->away_said) ||
                                             (!g->friend && st->kind == SEAT_HUMAN));
        json_object_set_new(o, jo_side_letter(side), p);
    }
    return o;
}

/* ------------------------------------------------------- invitations */

bool invites_add(web_app *a, const char *code, const char *id)
{
    bool ok = false;
    pthread_mutex_lock(&a->invite_lock);
    if (a->ninvites < a->max_invites) {
        snprintf(a->invites[a->ninvites].code, sizeof a->invites[0].code, "%s", code);
        snprintf(a->invites[a->ninvites].id, sizeof a->invites[0].id, "%s", id);
        a->ninvites++;
        ok = true;
    }
    pthread_mutex_unlock(&a->invite_lock);
    return ok;
}

bool invites_find(web_app *a, const char *code, char id[GAME_ID_LEN + 1])
{
    int found = -1;
    pthread_mutex_lock(&a->invite_lock);
    for (int i = 0; i < a->ninvites; i++) /* every entry compared: no early exit */
        if (seats_secret_equal(code, a->invites[i].code))
            found = i;
    if (found >= 0)
        snprintf(id, GAME_ID_LEN + 1, "%s", a->invites[found].id);
    pthread_mutex_unlock(&a->invite_lock);
    return found >= 0;
}

void invites_remove(web_app *a, const char *code)
{
    pthread_mutex_lock(&a->invite_lock);
    for (int i = 0; i < a->ninvites; i++)
        if (!strcmp(a->invites[i].code, code)) {
            a->invites[i] = a->invites[--a->ninvites];
            break;
        }
    pthread_mutex_unlock(&a->invite_lock);
}
