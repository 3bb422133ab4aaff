/*
 * routes_create.c - a new game (POST /api/games): from rules and a start,
 * or from an imported record, which the importer thread parses
 * (routes_import, the app's import hook) so that a slow parse never holds
 * an HTTP thread. Room for the computer's first move is reserved before
 * the game exists.
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


/* "record: " and the reader's message, in the asker's language ("lang" of
 * the request: "en", "fr", "pt"; the API's English for any other). */
static const char *record_error(const char *lang, const char *msg, char *buf, size_t size)
{
    char english[600];
    snprintf(english, sizeof english, "record: %s", msg);
    return messages_translate(english, buf, size, i18n_translate_in, (void *)lang);
}

/* A new game from the request's fields (body: the caller keeps its
 * reference), for `client` (NULL: no limit per client). A record is parsed
 * here: on the importer's thread (routes_import), never an HTTP thread. */
static web_outcome create_game(web_app *a, json_t *body, const char *client, web_reply *r,
                               web_pending **pending)
{
    static const char *const allowed[] = {"rules",  "rule",   "position", "first", "south",
                                          "north",  "level",  "movetime", "record", "reply",
                                          "lang",   "clock",  "name",     NULL};
    web_outcome out = WEB_REPLY;
    session *s = NULL;
    aw_record *rec = NULL;
    aw_error err;
    const char *rules_name = NULL, *position = NULL, *first = NULL, *south = NULL, *north = NULL,
               *record = NULL, *lang = "en", *name = NULL;
    char said[512];
    long long level = 3, movetime = a->cfg.max_movetime_ms < 1000 ? a->cfg.max_movetime_ms : 1000;
    bool reply = true;
    if (!fields_only(body, r, allowed) || field_string(body, r, "rules", &rules_name) < 0 ||
        field_bool(body, r, "reply", &reply) < 0 ||
        field_string(body, r, "position", &position) < 0 ||
        field_string(body, r, "first", &first) < 0 || field_string(body, r, "south", &south) < 0 ||
        field_string(body, r, "north", &north) < 0 || field_string(body, r, "record", &record) < 0 ||
        field_string(body, r, "lang", &lang) < 0 || field_string(body, r, "name", &name) < 0 ||
        field_int(body, r, "level", 1, 10, &level) < 0 ||
        field_int(body, r, "movetime", 10, a->cfg.max_movetime_ms, &movetime) < 0)
        goto done;
    if (name && !valid_name(name, r))
        goto done;
    long long clock_base = 0, clock_increment = 0;
    json_t *clock = json_object_get(body, "clock");
    if (clock && !json_is_null(clock)) {
        static const char *const clock_fields[] = {"base", "increment", NULL};
        if (!json_is_object(clock)) {
            web_reply_error(r, 400, "field 'clock' must be an object: {\"base\": SECONDS, "
                                    "\"increment\": SECONDS}");
            goto done;
        }
        if (!fields_only(clock, r, clock_fields) ||
            field_int(clock, r, "base", 1, 3 * 3600, &clock_base) < 0 ||
            field_int(clock, r, "increment", 0, 600, &clock_increment) < 0)
            goto done;
        if (!json_object_get(clock, "base")) {
            web_reply_error(r, 400, "field 'clock' needs 'base': the time of each player in "
                                    "seconds (1 to 10800)");
            goto done;
        }
    }
    json_t *rule = json_object_get(body, "rule");
    if (rule && !json_is_null(rule) && !json_is_object(rule)) {
        web_reply_error(r, 400, "field 'rule' must be an object of parameters, e.g. {\"target\": 24}");
        goto done;
    }
    session_config cfg = session_config_default();
    cfg.level = (int)level;
    cfg.movetime_ms = movetime;
    cfg.hint_ms = a->cfg.hint_ms;
    cfg.hash_mb = a->cfg.hash_mb;
    cfg.threads = 1;
    cfg.clock_base_ms = clock_base * 1000;
    cfg.clock_increment_ms = clock_increment * 1000;
    seat_kind kind[2] = {SEAT_HUMAN, SEAT_ENGINE};
    const char *given[2] = {south, north};
    for (int side = 0; side < 2; side++) {
        if (!given[side])
            continue;
        const int p = parse_player(given[side]);
        if (p < 0) {
            web_reply_error(r, 400, "field '%s' must be \"human\", \"engine\" or \"friend\"",
                            side ? "north" : "south");
            goto done;
        }
        kind[side] = (seat_kind)p;
    }
    const bool friend = kind[0] == SEAT_FRIEND || kind[1] == SEAT_FRIEND;
    if (friend && (kind[0] != SEAT_HUMAN && kind[1] != SEAT_HUMAN)) {
        web_reply_error(r, 400, "a game with a friend is between two people: the other side "
                                "must be \"human\" (you)");
        goto done;
    }
#if defined(__wasi__)
    if (friend) { /* the page alone (make web-static) reaches no other device */
        web_reply_error(r, 501, "a game with a friend on another device needs the server "
                                "(awale serve): here, play the computer or two on one screen");
        goto done;
    }
#endif
    for (int side = 0; side < 2; side++)
        cfg.computer[side] = kind[side] == SEAT_ENGINE;
    if (record) {
        if (rules_name || (rule && !json_is_null(rule)) || position || first) {
            web_reply_error(r, 400, "a record brings its own rules and start: leave out 'rules', "
                                    "'rule', 'position' and 'first'");
            goto done;
        }
        const char *t = record;
        int line = 1;
        rec = aw_record_read(&t, &line, &err);
        if (!rec) {
            web_reply_error(r, 400, "%s",
                            record_error(lang, err.msg[0] ? err.msg : "no game record in it", said,
                                         sizeof said));
            goto done;
        }
        const aw_rules *rr = aw_game_rules(aw_record_game_const(rec));
        cfg.tables = app_tables(a, rr);
        cfg.book = app_book(a, rr);
        /* The players of the request, when it names them, over the record's. */
        if (south || north) {
            aw_record_set_tag(rec, "South", cfg.computer[0] ? "awale (level)" : "player", NULL);
            aw_record_set_tag(rec, "North", cfg.computer[1] ? "awale (level)" : "player", NULL);
            /* The record's players are the session's: a friend is a person. */
        }
        char num[32];
        if (json_object_get(body, "level")) {
            snprintf(num, sizeof num, "%lld", level);
            aw_record_set_tag(rec, "Level", num, NULL);
        }
        if (json_object_get(body, "movetime")) {
            snprintf(num, sizeof num, "%lld", movetime);
            aw_record_set_tag(rec, "MoveTime", num, NULL);
        }
        if (!(s = session_from_record(rec, &cfg, &err))) {
            web_reply_error(r, 400, "%s", record_error(lang, err.msg, said, sizeof said));
            goto done;
        }
    } else {
        if (rules_name && aw_rules_preset(rules_name, &cfg.rules, &err)) {
            web_reply_error(r, 400, "rules: %s", err.msg);
            goto done;
        }
        if (rule && json_is_object(rule)) {
            const char *key;
            json_t *v;
            json_object_foreach(rule, key, v)
            {
                char value[64];
                if (json_is_string(v))
                    snprintf(value, sizeof value, "%s", json_string_value(v));
                else if (json_is_integer(v))
                    snprintf(value, sizeof value, "%lld", (long long)json_integer_value(v));
                else if (json_is_boolean(v))
                    snprintf(value, sizeof value, "%s", json_is_true(v) ? "yes" : "no");
                else {
                    web_reply_error(r, 400, "rule '%.40s': the value must be a string, a number "
                                            "or true/false", key);
                    goto done;
                }
                if (aw_rules_set(&cfg.rules, key, value, &err)) {
                    web_reply_error(r, 400, "rule: %s", err.msg);
                    goto done;
                }
            }
        }
        if (position && aw_position_parse(position, &cfg.start, &err)) {
            web_reply_error(r, 400, "position: %s", err.msg);
            goto done;
        }
        if (first) {
            const int side = parse_side(first);
            if (side < 0) {
                web_reply_error(r, 400, "field 'first' must be \"S\" or \"N\"");
                goto done;
            }
            if (position) {
                web_reply_error(r, 400, "'first' cannot go with 'position' (the position says "
                                        "who moves)");
                goto done;
            }
            cfg.start.side = (uint8_t)side;
        }
        cfg.tables = app_tables(a, &cfg.rules);
        cfg.book = app_book(a, &cfg.rules);
        if (!(s = session_new(&cfg, &err))) {
            web_reply_error(r, 400, "%s", err.msg);
            goto done;
        }
    }
    /* Between two devices the moves stay a line (docs/variations.md). */
    if (friend)
        session_set_variations(s, false);
    /* Room for the computer's first move, before the game exists. */
    const bool needs_engine = reply && session_computer_to_move(s);
    if (needs_engine && !routes_reserve(a, r))
        goto done;
    bool full, client_full;
    const registry_place place = {NULL, client, a->cfg.client_games, friend};
    web_game *g = registry_add(a->reg, s, &place, &full, &client_full);
    /* Full: a game nobody has used for a while (a sixth of the time to
     * live, at most 10 minutes) gives its place, so that idle games do not
     * hold the server for an hour. */
    const int64_t idle_ms = registry_ttl_ms(a->reg) / 6 < IDLE_EVICT_MS
                                ? registry_ttl_ms(a->reg) / 6
                                : IDLE_EVICT_MS;
    if (!g && full && !friend && registry_evict_idle(a->reg, web_now_ms(), idle_ms))
        g = registry_add(a->reg, s, &place, &full, &client_full);
    if (!g) {
        if (needs_engine)
            pool_unreserve(a->pool);
        if (client_full) {
            web_reply_error(r, 429, "you hold %d games, the limit for one client; delete one "
                                    "(idle games expire after %lld minutes)",
                            a->cfg.client_games, (long long)(registry_ttl_ms(a->reg) / 60000));
            r->retry_after = 60;
        } else if (full && friend) {
            web_reply_error(r, 503, "the server holds its limit of %d games between two "
                                    "devices; try again later",
                            registry_max_friend(a->reg));
            r->retry_after = 60;
        } else if (full) {
            web_reply_error(r, 503, "the server holds its limit of %d games, all used in the "
                                    "last %lld seconds; try again later",
                            registry_max(a->reg), (long long)(idle_ms / 1000));
            r->retry_after = 60;
        } else {
            web_reply_error(r, 500, "out of memory");
        }
        goto done;
    }
    s = NULL; /* the game's now */
    snprintf(r->location, sizeof r->location, "/api/games/%s", g->id);
    pthread_mutex_lock(&g->lock);
    g->app = a;
    g->created_wall_ms = g->updated_wall_ms = web_wall_ms();
    seats_init(g, kind, name);
    json_t *extra = NULL;
    if (friend) {
        const int mine = kind[0] == SEAT_HUMAN ? AW_SOUTH : AW_NORTH;
        char path[64], watch[64];
        snprintf(path, sizeof path, "/invite/%s", g->invite);
        snprintf(watch, sizeof watch, "/watch/%s", g->id);
        extra = json_pack("{s:s, s:s, s:s, s:s}", "seat", jo_side_letter(mine), "token",
                          g->seats[mine].token, "invite", path, "watch", watch);
        if (!invites_add(a, g->invite, g->id)) {
            json_decref(extra);
            extra = NULL;
            pthread_mutex_unlock(&g->lock);
            registry_remove(a->reg, g->id);
            registry_put(g);
            web_reply_error(r, 503, "the server holds its limit of invitations; try again later");
            r->retry_after = 60;
            goto done;
        }
    }
    events_saved(a, g);
    if (!friend && computer_reply(a, g, needs_engine, 201, NULL, r->location, pending)) {
        out = WEB_PENDING;
    } else {
        if (friend && needs_engine)
            pool_unreserve(a->pool);
        state_reply(g, r, 201, extra);
    }
    pthread_mutex_unlock(&g->lock);
    registry_put(g);
done:
    session_free(s);
    aw_record_free(rec);
    return out;
}

web_outcome handle_create(web_app *a, const web_request *req, web_reply *r,
                          web_pending **pending)
{
    if (!app_rate_take(a, RATE_GAMES, req->client, r))
        return WEB_REPLY;
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    json_t *record = json_object_get(body, "record");
    if (!json_is_string(record)) { /* no record to parse: made at once */
        const web_outcome out = create_game(a, body, req->client, r, pending);
        json_decref(body);
        return out;
    }
    if (json_string_length(record) > MAX_RECORD) {
        web_reply_error(r, 413, "the record is larger than %d bytes", MAX_RECORD);
        json_decref(body);
        return WEB_REPLY;
    }
    /* A record: the importer parses it, and the connection waits. */
    import_job *j = calloc(1, sizeof *j);
    web_pending *p = j ? web_pending_new() : NULL;
    if (!p) {
        free(j);
        json_decref(body);
        web_reply_error(r, 500, "out of memory");
        return WEB_REPLY;
    }
    j->p = p;
    j->body = body;
    if ((j->has_client = req->client != NULL))
        snprintf(j->client, sizeof j->client, "%s", req->client);
    if (!app_import_submit(a, j)) {
        web_pending_release(p);
        web_pending_release(p);
        json_decref(body);
        free(j);
        web_reply_error(r, 503, "the server is busy importing %d records; try again in a moment",
                        IMPORT_QUEUE);
        r->retry_after = 2;
        return WEB_REPLY;
    }
    *pending = p;
    return WEB_PENDING;
}

void routes_import(web_app *a, import_job *j)
{
    web_pending *next = NULL;
    if (atomic_load(&a->stopping))
        web_reply_error(&j->p->reply, 503, "the server is stopping");
    else if (create_game(a, j->body, j->has_client ? j->client : NULL, &j->p->reply, &next) ==
             WEB_PENDING)
        j->p->next = next; /* the computer's first move: that answer */
    web_pending_complete(j->p);
    web_pending_release(j->p);
    json_decref(j->body);
    free(j);
}
