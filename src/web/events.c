/*
 * events.c - a game's events as Server-Sent Events (events.h): numbered,
 * the last ones kept for resumed streams, presence of the seats.
 *
 * Ownership: the game's `watchers` list holds one reference to each of its
 * event streams and the ring holds the texts of its last events, both under
 * the game's lock; the reader's side (the HTTP connection) holds the
 * stream's other reference and one reference to the game, dropped by
 * events_closed when its connection closes. The count of open event
 * streams (per server and per client) is the app's (app.c).
 */
#include "web/events.h"

#include "util/check.h"
#include "web/explorer.h"
#include "web/jsonout.h"
#include "web/persist.h"
#include "web/request.h"
#include "web/seats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "id: N\n" (when numbered) "event: NAME\ndata: DATA\n\n". */
static char *event_text(unsigned id, const char *name, const char *data)
{
    const size_t n = strlen(name) + strlen(data) + 64;
    char *t = malloc(n);
    if (!t)
        return NULL;
    if (id)
        snprintf(t, n, "id: %u\nevent: %s\ndata: %s\n\n", id, name, data);
    else
        snprintf(t, n, "event: %s\ndata: %s\n\n", name, data);
    return t;
}

/* Send a text to every stream of the game; drop the streams that cannot
 * take it (ended, too slow). Lock held. */
static void send_all(web_game *g, const char *text)
{
    for (int i = 0; i < g->nwatchers;) {
        web_stream *s = g->watchers[i];
        if (web_stream_raw(s, text)) {
            i++;
            continue;
        }
        web_stream_end(s);
        g->watchers[i] = g->watchers[--g->nwatchers];
        web_stream_release(s);
    }
}

static void keep(web_game *g, unsigned id, char *text)
{
    if (g->ring_len == GAME_EVENT_RING) {
        free(g->ring[g->ring_start].text);
        g->ring_start = (g->ring_start + 1) % GAME_EVENT_RING;
        g->ring_len--;
    }
    game_event *e = &g->ring[(g->ring_start + g->ring_len) % GAME_EVENT_RING];
    e->id = id;
    e->text = text;
    g->ring_len++;
}

json_t *events_state(web_game *g) { return state_refresh(g); }

static void emit_id(web_game *g, unsigned id, const char *name, json_t *data);

void events_saved(web_app *a, web_game *g)
{
    g->updated_wall_ms = web_wall_ms();
    persist_save(a, g);
    explorer_game_saved(a, g);
}

json_t *events_changed(web_app *a, web_game *g, const char *name, json_t *fields)
{
    g->version++;
    const unsigned id = ++g->event_id;
    json_t *state = state_refresh(g); /* with its event_id; its text in g->state */
    events_saved(a, g);
    /* The event: the fields, then the state's text as it is cached (one
     * dump of the state per change, not one per use). */
    char *text = fields ? json_dumps(fields, JSON_COMPACT) : strdup("{}");
    json_decref(fields);
    const size_t n = text ? strlen(text) : 0;
    char *data = text && g->state ? malloc(n + strlen(g->state) + 16) : NULL;
    if (data) {
        memcpy(data, text, n - 1); /* without its closing brace */
        sprintf(data + n - 1, "%s\"state\":%s}", n > 2 ? "," : "", g->state);
        char *live = event_text(id, name, data);
        if (live)
            send_all(g, live);
        free(live);
        char *kept = event_text(id, name, text); /* kept without the state */
        if (kept)
            keep(g, id, kept);
    }
    free(data);
    free(text);
    return state;
}

/* Send event `name` (data taken; NULL: the state) under number id (0:
 * none), and keep a numbered one for resumed streams. */
static void emit_id(web_game *g, unsigned id, const char *name, json_t *data)
{
    if (!data)
        data = events_state(g);
    char *text = data ? json_dumps(data, JSON_COMPACT) : NULL;
    json_decref(data);
    char *ev = text ? event_text(id, name, text) : NULL;
    free(text);
    if (!ev)
        return;
    send_all(g, ev);
    if (id)
        keep(g, id, ev);
    else
        free(ev);
}

void events_emit(web_app *a, web_game *g, const char *name, json_t *data)
{
    (void)a;
    emit_id(g, 0, name, data);
}

void events_note(web_app *a, web_game *g, const char *name, json_t *data)
{
    /* Numbered and saved before it is sent: a server killed after sending
     * it comes back with this number, and never gives it to another. */
    const unsigned id = ++g->event_id;
    json_decref(state_refresh(g)); /* the state says the last event's number */
    events_saved(a, g);
    emit_id(g, id, name, data);
}

/* The state as a numbered event carrying the last event's number, for a
 * new reader or one that resumes from too far back. */
static void send_state(web_game *g, web_stream *s)
{
    json_t *st = events_state(g);
    char *text = st ? json_dumps(st, JSON_COMPACT) : NULL;
    json_decref(st);
    char *ev = text ? event_text(g->event_id ? g->event_id : 0, "state", text) : NULL;
    if (ev)
        web_stream_raw(s, ev);
    free(ev);
    free(text);
}

/* The presence of a seat, as an event (unnumbered: the state has it). */
static void presence(web_app *a, web_game *g, int seat, bool present)
{
    json_decref(state_refresh(g)); /* the state's seats say it too */
    events_emit(a, g, "presence",
                json_pack("{s:s, s:b}", "seat", jo_side_letter(seat), "present", present));
}

/* Parse a Last-Event-ID: a number, or -1. */
static long long parse_last(const char *text)
{
    if (!text || !*text)
        return -1;
    char *end;
    const long long v = strtoll(text, &end, 10);
    return *end || v < 0 ? -1 : v;
}

web_outcome events_open(web_app *a, web_game *g, const web_request *req, web_reply *r,
                        web_stream **stream)
{
    static const char *const allowed[] = {"last_event_id", "token", NULL};
    if (!query_only(req, r, allowed))
        return WEB_REPLY;
    const char *last_text = req->last_event_id;
    for (int i = 0; i < req->nquery; i++)
        if (!strcmp(req->query[i].key, "last_event_id") && !last_text)
            last_text = req->query[i].value;
    const long long last = parse_last(last_text);
    if (last_text && last < 0) {
        web_reply_error(r, 400, "Last-Event-ID must be an event number, not '%.40s'", last_text);
        return WEB_REPLY;
    }
    /* A seat's token (optional): the seat is present while this is open. */
    pthread_mutex_lock(&g->lock);
    const int seat = seats_bearer(g, req);
    pthread_mutex_unlock(&g->lock);
    if (seat == SEATS_BAD_TOKEN) {
        web_reply_value(r, 403, json_pack("{s:s, s:s}", "error",
                                          "the token is not one of this game's seats", "code",
                                          "bad_token"));
        return WEB_REPLY;
    }
    if (!app_event_stream_take(a, req->client, r))
        return WEB_REPLY;
    web_stream *s = web_stream_new();
    pthread_mutex_lock(&g->lock);
    if (!s || g->nwatchers >= GAME_EVENT_STREAMS || g->gone) {
        const bool gone = g->gone;
        pthread_mutex_unlock(&g->lock);
        app_event_stream_closed(a, req->client);
        if (s) {
            web_stream_release(s);
            web_stream_release(s);
        }
        if (!s)
            web_reply_error(r, 500, "out of memory");
        else if (gone)
            web_reply_error(r, 404, "no game '%s' (deleted or expired)", g->id);
        else {
            web_reply_error(r, 503, "this game has %d event streams open, its limit; try again "
                                    "later",
                            GAME_EVENT_STREAMS);
            r->retry_after = 10;
        }
        return WEB_REPLY;
    }
    s->kind = WEB_STREAM_EVENTS;
    s->seat = seat;
    s->owner = g;
    if (req->client)
        snprintf(s->client, sizeof s->client, "%s", req->client);
    /* The seat's page is here (again): the others see it at once (this
     * stream has it in the presence below). */
    if (seat >= 0 && g->seats[seat].present++ == 0) {
        g->seats[seat].away_said = false;
        g->seats[seat].away_since_ms = 0;
        presence(a, g, seat, true);
    }
    registry_hold(g); /* the reader's */
    g->watchers[g->nwatchers++] = s;
    web_stream_raw(s, "retry: 2000\n\n");
    /* Resume: the events after `last` when they are all held, else the
     * state (which holds everything). */
    const unsigned oldest = g->ring_len ? g->ring[g->ring_start].id : g->event_id + 1;
    if (last >= 0 && (unsigned long long)last <= g->event_id && (unsigned long long)last + 1 >= oldest) {
        bool missed = false;
        for (int i = 0; i < g->ring_len; i++) {
            const game_event *e = &g->ring[(g->ring_start + i) % GAME_EVENT_RING];
            if (e->id > (unsigned long long)last) {
                web_stream_raw(s, e->text);
                missed = true;
            }
        }
        if (missed) /* the events kept have no state: the state now */
            send_state(g, s);
    } else {
        send_state(g, s);
    }
    /* The seats' presence as it is now (not numbered, so not replayed). */
    for (int side = 0; side < 2; side++)
        if (g->seats[side].kind == SEAT_FRIEND || g->friend) {
            char ev[96];
            snprintf(ev, sizeof ev, "event: presence\ndata: {\"seat\":\"%s\",\"present\":%s}\n\n",
                     jo_side_letter(side), g->seats[side].present > 0 ? "true" : "false");
            web_stream_raw(s, ev);
        }
    pthread_mutex_unlock(&g->lock);
    r->status = 200;
    r->type = "text/event-stream; charset=utf-8";
    *stream = s;
    return WEB_STREAM;
}

void events_closed(web_app *a, web_stream *s)
{
    web_game *g = s->owner;
    web_stream_end(s);
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < g->nwatchers; i++)
        if (g->watchers[i] == s) {
            g->watchers[i] = g->watchers[--g->nwatchers];
            web_stream_release(s);
            break;
        }
    if (s->seat >= 0 && --g->seats[s->seat].present == 0)
        g->seats[s->seat].away_since_ms = web_now_ms();
    pthread_mutex_unlock(&g->lock);
    app_event_stream_closed(a, s->client[0] ? s->client : NULL);
    registry_touch(g);
    registry_put(g);
    web_stream_release(s);
}

void events_tick(web_game *g, void *app)
{
    web_app *a = app;
    const int64_t now = web_now_ms();
    pthread_mutex_lock(&g->lock);
    for (int side = 0; side < 2; side++) {
        game_seat *st = &g->seats[side];
        if (st->present == 0 && st->away_since_ms && !st->away_said &&
            now - st->away_since_ms >= PRESENCE_AWAY_MS) {
            st->away_said = true;
            presence(a, g, side, false);
        }
    }
    pthread_mutex_unlock(&g->lock);
}

void events_ping(web_game *g)
{
    pthread_mutex_lock(&g->lock);
    send_all(g, ": keep-alive\n\n");
    pthread_mutex_unlock(&g->lock);
}

void events_end(web_game *g, const char *reason)
{
    char text[200];
    snprintf(text, sizeof text, "event: gone\ndata: {\"reason\":\"%s\"}\n\n", reason);
    for (int i = 0; i < g->nwatchers; i++) {
        web_stream_raw(g->watchers[i], text);
        web_stream_end(g->watchers[i]);
        web_stream_release(g->watchers[i]);
    }
    g->nwatchers = 0;
}

void events_free(web_game *g)
{
    for (int i = 0; i < g->nwatchers; i++)
        web_stream_release(g->watchers[i]);
    g->nwatchers = 0;
    for (int i = 0; i < g->ring_len; i++)
        free(g->ring[(g->ring_start + i) % GAME_EVENT_RING].text);
    g->ring_len = 0;
}
