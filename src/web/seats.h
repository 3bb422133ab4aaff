/*
 * seats.h - who may act on a game played between two devices: its seats
 * (a person here, the computer, or a friend on another device), the secret
 * token of each person's seat, the invitation that gives the friend's seat,
 * and the check of a request's token. The session decides what may be
 * played; this only says which seat asks.
 */
#ifndef AW_WEB_SEATS_H
#define AW_WEB_SEATS_H

#include "web/internal.h"

enum { SEATS_NO_TOKEN = -1, SEATS_BAD_TOKEN = -2 };

/* 128 random bits as SECRET_HEX hex digits (secret_new; stops the program
 * when the system has no generator). */
void seats_secret(char out[SECRET_HEX + 1]);
/* Whether `a` (any text a request gave) is the secret `b`, in a time that
 * depends on neither (secret_equal). */
bool seats_secret_equal(const char *a, const char *b);

/* Set up the seats of a new game (lock held): `kind` of each side; in a
 * game with a friend's seat, a token for each person's seat, the creator's
 * seat joined and named `name` (may be NULL), and an invitation code. */
void seats_init(web_game *g, const seat_kind kind[2], const char *name);

/* The seat whose token the request carries (Authorization: Bearer, or
 * ?token= for an event stream), SEATS_NO_TOKEN when it carries none,
 * SEATS_BAD_TOKEN when it is no seat's (lock held). */
int seats_bearer(const web_game *g, const web_request *req);

/* A change to the game: in a game with a friend's seat, the request must
 * carry a seat's token; false with the answer set (403) when it does not.
 * *seat: the seat (-1 in other games). Lock held. */
bool seats_authorize(const web_game *g, const web_request *req, web_reply *r, int *seat);

/* The seats as the state shows them (no tokens). Lock held. */
json_t *seats_json(const web_game *g);

/* The invitations the server holds: code -> game id (app-wide, its own
 * lock). invites_add fails when the table is full. */
bool invites_add(web_app *a, const char *code, const char *id);
bool invites_find(web_app *a, const char *code, char id[GAME_ID_LEN + 1]);
void invites_remove(web_app *a, const char *code);

#endif
