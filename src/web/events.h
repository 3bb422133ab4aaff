/*
 * events.h - the events of a game as Server-Sent Events
 * (GET /api/games/ID/events): every change of the game, numbered, sent to
 * every page that follows it (both players and the watchers); the last
 * GAME_EVENT_RING kept, so that a stream that dropped resumes where it
 * stopped (Last-Event-ID) or, when they are no longer held, with the whole
 * state. A stream opened with a seat's token marks the seat present; the
 * seat is "away" once its last stream has been closed for PRESENCE_AWAY_MS.
 *
 * Ownership: a game's event streams are in its `watchers` list (a
 * reference each, stream.h) under the game's lock, like the analysis
 * streams; the reader holds the other reference and one to the game until
 * its connection closes (web_app_stream_closed -> events_closed).
 */
#ifndef AW_WEB_EVENTS_H
#define AW_WEB_EVENTS_H

#include "web/internal.h"

#define PRESENCE_AWAY_MS 10000 /* a seat with no stream for so long is away */

/* Send event `name` with `data` (taken; NULL: the state) to every event
 * stream of the game, without a number and without keeping it (presence:
 * the state has it anyway). Lock held. */
void events_emit(web_app *a, web_game *g, const char *name, json_t *data);
/* The game changed (lock held): a new version, the change kept in the
 * database (before the request that made it is answered) and sent as
 * event `name` with `fields` (taken; may be NULL) plus the new state.
 * Returns that state (a new reference, NULL when out of memory), for the
 * answer (state_reply_state). events_saved keeps the game without an
 * event (its making). */
json_t *events_changed(web_app *a, web_game *g, const char *name, json_t *fields);
/* An event that changes no move but is part of the game's story (a
 * message, an offer, an answer): numbered and saved, then sent. */
void events_note(web_app *a, web_game *g, const char *name, json_t *data);
void events_saved(web_app *a, web_game *g);

/* The state as an event's data (lock held). */
json_t *events_state(web_game *g);

/* GET /api/games/ID/events (lock not held). */
web_outcome events_open(web_app *a, web_game *g, const web_request *req, web_reply *r,
                        web_stream **stream);
/* The reader of an event stream left (the server's thread). */
void events_closed(web_app *a, web_stream *s);

/* Every second (a registry_each callback, lock not held): seats away for
 * PRESENCE_AWAY_MS said so. events_ping: a keep-alive comment on every
 * event stream of the game (a page that left is noticed by then). */
void events_tick(web_game *g, void *app);
void events_ping(web_game *g);
/* The game leaves (deleted, expired, the server stopping): a last event
 * `gone` with the reason, then the streams end (lock held). */
void events_end(web_game *g, const char *reason);
/* Free what the game's events hold (the game's destruction). */
void events_free(web_game *g);

/* How many event streams the server has open. */
int events_streams(web_app *a);

#endif
