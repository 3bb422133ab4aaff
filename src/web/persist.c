/*
 * persist.c - the games of the web server kept in the database
 * (persist.h). A game is saved whole (its record, as `awale replay` reads
 * it, and what the web keeps beside it: seats, tokens, invitation, clock,
 * event number) after each change, before the change is answered; the
 * unfinished games are read back at the start with their ids, so that the
 * players' links and tokens still work.
 *
 * Ownership: the store is the app's (opened by web_app_new, closed by
 * web_app_free after every thread that saves has stopped); store.h says it
 * may be called from any thread. A game is saved under its lock.
 */
#include "web/persist.h"

#include "web/events.h"
#include "web/seats.h"
#include "web/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define META_VERSION 1

static const char *kind_word(seat_kind k)
{
    return k == SEAT_ENGINE ? "engine" : k == SEAT_FRIEND ? "friend" : "human";
}

static seat_kind kind_of(const char *w)
{
    return w && !strcmp(w, "engine") ? SEAT_ENGINE : w && !strcmp(w, "friend") ? SEAT_FRIEND
                                                                                : SEAT_HUMAN;
}

/* What the web keeps beside the record (lock held). */
static json_t *meta_json(web_game *g)
{
    json_t *seats = json_array();
    for (int side = 0; side < 2; side++) {
        const game_seat *st = &g->seats[side];
        json_array_append_new(seats, json_pack("{s:s, s:s, s:s, s:b}", "kind", kind_word(st->kind),
                                               "name", st->name, "token", st->token, "joined",
                                               st->joined));
    }
    session_clock c;
    session_clock_read(g->s, &c);
    json_t *clock = c.on ? json_pack("{s:[I,I], s:b}", "remaining", (json_int_t)c.remaining_ms[0],
                                     (json_int_t)c.remaining_ms[1], "running", c.running >= 0)
                         : json_null();
    return json_pack("{s:i, s:b, s:o, s:s, s:b, s:i, s:s, s:[s,s], s:o, s:s, s:I}", "v",
                     META_VERSION, "friend", g->friend, "seats", seats, "invite", g->invite,
                     "invite_used", g->invite_used, "event_id", (int)g->event_id, "rematch",
                     g->rematch, "rematch_tokens", g->rematch_token[0], g->rematch_token[1],
                     "clock", clock, "client", g->client, "created",
                     (json_int_t)g->created_wall_ms);
}

static const char *player_name(web_game *g, int side, char *buf, size_t size)
{
    const game_seat *st = &g->seats[side];
    if (st->kind == SEAT_ENGINE)
        snprintf(buf, size, "awale (level %d)", session_get_config(g->s)->level);
    else
        snprintf(buf, size, "%s", st->name[0] ? st->name : "");
    return buf;
}

void persist_save(web_app *a, web_game *g)
{
    if (!a->store)
        return;
    struct session_result res;
    session_result(g->s, &res);
    char *record = session_record_text(g->s);
    json_t *meta = meta_json(g);
    char *meta_text = meta ? json_dumps(meta, JSON_COMPACT) : NULL;
    json_decref(meta);
    char south[SEAT_NAME_MAX + 32], north[SEAT_NAME_MAX + 32], err[300];
    const store_game sg = {
        .id = g->id,
        .created_ms = g->created_wall_ms,
        .updated_ms = g->updated_wall_ms,
        .finished = res.over,
        .rules = session_rules(g->s)->name,
        .south = player_name(g, AW_SOUTH, south, sizeof south),
        .north = player_name(g, AW_NORTH, north, sizeof north),
        .result = res.result,
        .reason = res.over ? res.reason : "",
        .moves = aw_game_ply(session_game(g->s)),
        .record = record,
        .meta = meta_text,
    };
    if (!record || !meta_text)
        fprintf(stderr, "awale serve: game %s not saved: out of memory\n", g->id);
    else if (store_save(a->store, &sg, err, sizeof err) != 0)
        fprintf(stderr, "awale serve: game %s not saved: %s\n", g->id, err);
    else
        atomic_store(&g->stored_over, res.over);
    free(record);
    free(meta_text);
}

void persist_forget(web_app *a, web_game *g)
{
    char err[300];
    if (a->store && store_delete(a->store, g->id, err, sizeof err) != 0)
        fprintf(stderr, "awale serve: game %s not deleted from the database: %s\n", g->id, err);
}

/* ------------------------------------------------------------ restore */

static void copy_string(json_t *o, const char *key, char *out, size_t size)
{
    const char *v = json_string_value(json_object_get(o, key));
    snprintf(out, size, "%s", v ? v : "");
}

/* One unfinished game back into the registry. 0 (also when it is skipped,
 * with a line on stderr: one bad row does not stop the others). */
static int restore_one(const store_game *sg, void *ctx)
{
    web_app *a = ctx;
    aw_error err;
    json_error_t jerr;
    json_t *meta = sg->meta ? json_loads(sg->meta, 0, &jerr) : NULL;
    const char *text = sg->record ? sg->record : "";
    int line = 1;
    aw_record *rec = meta ? aw_record_read(&text, &line, &err) : NULL;
    session *s = NULL;
    if (rec) {
        session_config base = session_config_default();
        const aw_rules *rr = aw_game_rules(aw_record_game_const(rec));
        base.hint_ms = a->cfg.hint_ms;
        base.hash_mb = a->cfg.hash_mb;
        base.threads = 1;
        base.tables = app_tables(a, rr);
        base.book = app_book(a, rr);
        s = session_from_record(rec, &base, &err);
    }
    aw_record_free(rec);
    if (!s || json_integer_value(json_object_get(meta, "v")) != META_VERSION) {
        fprintf(stderr, "awale serve: game %s left in the database, not restored: %s\n", sg->id,
                !meta ? "its data is not JSON" : !s ? err.msg : "its data has another version");
        session_free(s);
        json_decref(meta);
        return 0;
    }
    const bool friend = json_is_true(json_object_get(meta, "friend"));
    if (friend) /* between two devices the moves stay a line (docs/variations.md) */
        session_set_variations(s, false);
    char client[WEB_CLIENT_MAX];
    copy_string(meta, "client", client, sizeof client);
    const registry_place place = {sg->id, client[0] ? client : NULL, 1 << 30, friend};
    bool full, client_full;
    web_game *g = registry_add(a->reg, s, &place, &full, &client_full);
    if (!g) {
        fprintf(stderr, "awale serve: game %s left in the database, not restored: %s\n", sg->id,
                full ? "the server's limit of games is reached (see --max-games)" : "out of memory");
        session_free(s);
        json_decref(meta);
        return 0;
    }
    pthread_mutex_lock(&g->lock);
    g->app = a;
    g->created_wall_ms = sg->created_ms;
    g->updated_wall_ms = sg->updated_ms;
    json_t *seats = json_object_get(meta, "seats");
    for (int side = 0; side < 2; side++) {
        json_t *o = json_array_get(seats, (size_t)side);
        game_seat *st = &g->seats[side];
        st->kind = kind_of(json_string_value(json_object_get(o, "kind")));
        copy_string(o, "name", st->name, sizeof st->name);
        copy_string(o, "token", st->token, sizeof st->token);
        st->joined = json_is_true(json_object_get(o, "joined"));
        /* Nobody follows it yet: both away until their pages come back. */
        st->away_said = st->joined;
    }
    copy_string(meta, "invite", g->invite, sizeof g->invite);
    g->invite_used = json_is_true(json_object_get(meta, "invite_used"));
    g->event_id = (unsigned)json_integer_value(json_object_get(meta, "event_id"));
    copy_string(meta, "rematch", g->rematch, sizeof g->rematch);
    json_t *rt = json_object_get(meta, "rematch_tokens");
    for (int side = 0; side < 2; side++) {
        const char *v = json_string_value(json_array_get(rt, (size_t)side));
        snprintf(g->rematch_token[side], sizeof g->rematch_token[side], "%s", v ? v : "");
    }
    json_t *clock = json_object_get(meta, "clock");
    if (json_is_object(clock)) {
        json_t *rem = json_object_get(clock, "remaining");
        const int64_t remaining[2] = {json_integer_value(json_array_get(rem, 0)),
                                      json_integer_value(json_array_get(rem, 1))};
        session_clock_restore(g->s, remaining, json_is_true(json_object_get(clock, "running")));
    }
    json_decref(state_refresh(g));
    pthread_mutex_unlock(&g->lock);
    if (g->friend && g->invite[0] && !invites_add(a, g->invite, g->id))
        fprintf(stderr, "awale serve: game %s: its invitation is not restored (too many)\n", g->id);
    registry_put(g);
    json_decref(meta);
    a->restored++;
    return 0;
}

int persist_restore(web_app *a, char *err, size_t size)
{
    if (!a->store)
        return 0;
    return store_each_unfinished(a->store, restore_one, a, err, size);
}

/* ------------------------------------------------ the database itself */

int persist_open(web_app *a, const char *path, char *err, size_t size)
{
    if (!path)
        return 0;
    if (!(a->store = store_open(path, err, size)))
        return -1;
    return 0;
}

void persist_close(web_app *a)
{
    store_close(a->store);
    a->store = NULL;
}

static int archive_one(const store_game *sg, void *ctx)
{
    json_array_append_new(ctx, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:I, s:I}", "id",
                                         sg->id, "south", sg->south, "north", sg->north, "result",
                                         sg->result, "end_reason", sg->reason, "rules", sg->rules,
                                         "moves", sg->moves, "started_at",
                                         (json_int_t)sg->created_ms, "finished_at",
                                         (json_int_t)sg->updated_ms));
    return 0;
}

json_t *persist_archive(web_app *a, int offset, int limit, char *err, size_t size)
{
    json_t *games = json_array();
    if (!a->store)
        return json_pack("{s:o, s:i, s:b}", "games", games, "total", 0, "kept", false);
    if (store_each_finished(a->store, offset, limit, archive_one, games, err, size) != 0) {
        json_decref(games);
        return NULL;
    }
    const int total = store_count_finished(a->store);
    return json_pack("{s:o, s:i, s:b}", "games", games, "total", total < 0 ? 0 : total, "kept",
                     true);
}

char *persist_record(web_app *a, const char *id)
{
    char err[300];
    bool finished;
    if (!a->store)
        return NULL;
    char *text = store_record(a->store, id, &finished, err, sizeof err);
    if (!text && err[0])
        fprintf(stderr, "awale serve: the record of game %s cannot be read: %s\n", id, err);
    if (text && !finished) { /* the archive holds finished games only */
        free(text);
        text = NULL;
    }
    return text;
}

json_t *persist_figures(web_app *a)
{
    store_stats st;
    char err[300];
    if (!a->store || store_figures(a->store, &st, err, sizeof err) != 0)
        return json_null();
    return json_pack("{s:s, s:I, s:I, s:I}", "path", store_path(a->store), "bytes",
                     (json_int_t)st.bytes, "games", (json_int_t)st.games, "finished",
                     (json_int_t)st.finished);
}
