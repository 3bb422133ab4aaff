/*
 * routes.c - the API (docs/api.md): requests in, JSON out. It only
 * translates: the game is a session (src/front/session.c), values come from
 * the library and are put into JSON by jsonout.c, and anything that makes
 * the engine think runs as a job on the worker pool (pool.c), never here.
 * The session decides what may be played and proposed (whose turn, the
 * game over, a move the rules forbid, who answers an end); the handlers
 * map its reason codes to statuses (status_of) in the API's words.
 *
 * Each request is checked before anything changes: the Host (a name the
 * server was started for, against DNS rebinding), the
 * Origin of a change (no cross-site requests), the method, the body's
 * size, type and JSON, every field's type and range, the game's id. A bad
 * request gets {"error": "..."} and a 4xx status and changes nothing.
 *
 * A game's session is used by one thread at a time (games.h). A change
 * first claims the session: an analysis or a hint running on it is stopped
 * (a hint then answers with what it found), while the computer's move is
 * waited for by nobody: the change is refused (409) until it is played.
 */
#include "web/internal.h"

#include "front/engine_setup.h"
#include "front/i18n.h"
#include "front/messages.h"
#include "front/players.h"
#include "front/words.h"
#include "web/jsonout.h"
#include "web/static.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ------------------------------------------------ request helpers */

static const char *query_value(const web_request *req, const char *key, bool *present)
{
    *present = false;
    for (int i = 0; i < req->nquery; i++)
        if (strcmp(req->query[i].key, key) == 0) {
            *present = true;
            return req->query[i].value ? req->query[i].value : "";
        }
    return NULL;
}

/* A whole number query argument in [lo, hi]: 0 absent, 1 set, -1 bad
 * (answer set). */
static int query_int(const web_request *req, web_reply *r, const char *key, long long lo,
                     long long hi, long long *out)
{
    bool present;
    const char *v = query_value(req, key, &present);
    if (!present)
        return 0;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (!*v || *end || n < lo || n > hi || !isdigit((unsigned char)v[0])) {
        web_reply_error(r, 400, "query argument '%s' must be a whole number from %lld to %lld",
                        key, lo, hi);
        return -1;
    }
    *out = n;
    return 1;
}

/* Only the query arguments of `allowed` (NULL-terminated). */
static bool query_only(const web_request *req, web_reply *r, const char *const allowed[])
{
    if (req->query_overflow) {
        web_reply_error(r, 400, "too many query arguments");
        return false;
    }
    for (int i = 0; i < req->nquery; i++) {
        bool ok = false;
        for (int k = 0; allowed[k]; k++)
            ok |= strcmp(req->query[i].key, allowed[k]) == 0;
        if (!ok) {
            web_reply_error(r, 400, "unknown query argument '%.40s'", req->query[i].key);
            return false;
        }
    }
    return true;
}

/* The request's JSON object (a new reference); an empty body is {}. NULL
 * with the answer set for a body that is not a JSON object. */
static json_t *body_object(const web_request *req, web_reply *r)
{
    if (req->body_len == 0 || !req->body)
        return json_object();
    json_error_t e;
    json_t *o = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &e);
    if (!o) {
        web_reply_error(r, 400, "bad JSON: %s (line %d, column %d)", e.text, e.line, e.column);
        return NULL;
    }
    if (!json_is_object(o)) {
        json_decref(o);
        web_reply_error(r, 400, "the body must be a JSON object");
        return NULL;
    }
    return o;
}

/* Only the fields of `allowed` (NULL-terminated). */
static bool fields_only(json_t *o, web_reply *r, const char *const allowed[])
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        bool ok = false;
        for (int k = 0; allowed[k]; k++)
            ok |= strcmp(key, allowed[k]) == 0;
        if (!ok) {
            char list[256] = "";
            for (int k = 0; allowed[k]; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                         allowed[k]);
            web_reply_error(r, 400, "unknown field '%.40s' (expected: %s)", key, list);
            return false;
        }
    }
    return true;
}

/* Field getters: 0 absent (or null), 1 set, -1 wrong type (answer set). */
static int field_string(json_t *o, web_reply *r, const char *key, const char **out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v)) {
        web_reply_error(r, 400, "field '%s' must be a string", key);
        return -1;
    }
    *out = json_string_value(v);
    if (strlen(*out) != json_string_length(v)) {
        web_reply_error(r, 400, "field '%s' holds a NUL character", key);
        return -1;
    }
    return 1;
}

static int field_int(json_t *o, web_reply *r, const char *key, long long lo, long long hi,
                     long long *out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        web_reply_error(r, 400, "field '%s' must be a whole number from %lld to %lld", key, lo, hi);
        return -1;
    }
    *out = json_integer_value(v);
    return 1;
}

static int field_bool(json_t *o, web_reply *r, const char *key, bool *out)
{
    json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_boolean(v)) {
        web_reply_error(r, 400, "field '%s' must be true or false", key);
        return -1;
    }
    *out = json_is_true(v);
    return 1;
}

/* "S", "N", "south", "north" (any case). */
static int parse_side(const char *v)
{
    if (!strcasecmp(v, "s") || !strcasecmp(v, "south"))
        return AW_SOUTH;
    if (!strcasecmp(v, "n") || !strcasecmp(v, "north"))
        return AW_NORTH;
    return -1;
}

/* "human" or "engine" ("computer" too): 0, 1, or -1. */
static int parse_player(const char *v)
{
    if (!strcmp(v, "human"))
        return 0;
    if (!strcmp(v, "engine") || !strcmp(v, "computer"))
        return 1;
    return -1;
}

/* Claim the session for a change (lock held in and out): stop an analysis
 * or a hint that uses it; refuse while the computer plays or judges,
 * except for an undo, which cancels the computer's move: one that waits
 * for a worker at once, one being thought about by stopping its search
 * (the job then drops the move it found). */
static bool claim(web_app *a, web_game *g, web_reply *r, bool undo)
{
    g->waiters++;
    for (;;) {
        if (g->gone) {
            web_reply_error(r, 404, "no game '%s' (deleted or expired)", g->id);
            g->waiters--;
            return false;
        }
        if (g->job == JOB_MOVE && undo && g->move_job) {
            answer_job *mj = g->move_job;
            mj->cancelled = true;
            if (!mj->started) { /* still queued: it will only answer */
                g->job = JOB_NONE;
                g->move_job = NULL;
                continue;
            }
        } else if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
            web_reply_error(r, 409, "%s: wait for its answer",
                            g->job == JOB_MOVE ? "the computer is thinking about its move"
                                               : "the computer is considering the proposed end");
            g->waiters--;
            return false;
        }
        if (g->job == JOB_NONE)
            break;
        g->stop_asked = true;
        session_stop(g->s);
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 5 * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&g->idle, &g->lock, &ts);
    }
    g->waiters--;
    app_attach_tables(a, g); /* ready since the game began: from now on */
    return true;
}

/* -------------------------------------------------------- handlers */

static void handle_rules(web_reply *r) { web_reply_value(r, 200, jo_rule_catalogue()); }

static void handle_levels(web_reply *r)
{
    json_t *list = json_array();
    for (int level = 1; level <= 10; level++)
        json_array_append_new(list, json_pack("{s:i, s:s}", "level", level, "text",
                                              engine_level_description(level)));
    web_reply_value(r, 200, json_pack("{s:o, s:i}", "levels", list, "default", 3));
}

static void handle_server(web_app *a, web_reply *r)
{
    pool_stats st;
    pool_get_stats(a->pool, &st);
    web_reply_value(
        r, 200,
        json_pack("{s:s, s:i, s:i, s:I, s:I, s:i, s:i, s:i, s:i, s:i, s:i, s:I, s:I, s:I, s:I, "
                  "s:i, s:o}",
                  "version", AW_VERSION, "games", registry_count(a->reg), "max_games",
                  registry_max(a->reg), "game_ttl_ms", (json_int_t)registry_ttl_ms(a->reg),
                  "max_body", (json_int_t)a->cfg.max_body, "searches", st.workers,
                  "searches_running", st.running, "searches_waiting", st.waiting, "queue",
                  st.queue_max, "streams", atomic_load(&a->streams), "max_streams",
                  a->cfg.max_streams, "max_movetime_ms", (json_int_t)a->cfg.max_movetime_ms,
                  "analysis_ms", (json_int_t)a->cfg.analysis_ms, "uptime_ms",
                  (json_int_t)(web_now_ms() - a->started_ms), "requests",
                  (json_int_t)atomic_load(&a->requests), "hash_mb", a->cfg.hash_mb, "tables",
                  app_tables_json(a)));
}

/* Let the computer play its move when it is its turn: queue the job with
 * the reservation made before the change (lock held). Returns true when a
 * job was queued (the answer is pending). */
static bool computer_reply(web_app *a, web_game *g, bool reserved, int status, json_t *played,
                           const char *location, web_pending **pending)
{
    if (!session_computer_to_move(g->s)) {
        if (reserved)
            pool_unreserve(a->pool);
        return false;
    }
    answer_job *j = reserved ? job_new(a, g, job_move) : NULL;
    if (!j) {
        if (reserved)
            pool_unreserve(a->pool);
        return false;
    }
    j->status = status;
    if (location)
        snprintf(j->p->reply.location, sizeof j->p->reply.location, "%s", location);
    j->played = played ? json_incref(played) : json_array();
    app_begin_job(a, g, JOB_MOVE);
    g->move_job = j;
    json_decref(state_refresh(g));
    *pending = j->p;
    pool_submit(a->pool, &j->base);
    return true;
}

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

/* "record: " and the reader's message, in the asker's language ("lang" of
 * the request: "en", "fr"; the API's English for any other). */
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
    static const char *const allowed[] = {"rules", "rule",     "position", "first", "south", "north",
                                          "level", "movetime", "record",   "reply", "lang",  NULL};
    web_outcome out = WEB_REPLY;
    session *s = NULL;
    aw_record *rec = NULL;
    aw_error err;
    const char *rules_name = NULL, *position = NULL, *first = NULL, *south = NULL, *north = NULL,
               *record = NULL, *lang = "en";
    char said[512];
    long long level = 3, movetime = a->cfg.max_movetime_ms < 1000 ? a->cfg.max_movetime_ms : 1000;
    bool reply = true;
    if (!fields_only(body, r, allowed) || field_string(body, r, "rules", &rules_name) < 0 ||
        field_bool(body, r, "reply", &reply) < 0 ||
        field_string(body, r, "position", &position) < 0 ||
        field_string(body, r, "first", &first) < 0 || field_string(body, r, "south", &south) < 0 ||
        field_string(body, r, "north", &north) < 0 || field_string(body, r, "record", &record) < 0 ||
        field_string(body, r, "lang", &lang) < 0 ||
        field_int(body, r, "level", 1, 10, &level) < 0 ||
        field_int(body, r, "movetime", 10, a->cfg.max_movetime_ms, &movetime) < 0)
        goto done;
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
    cfg.computer[AW_SOUTH] = false;
    cfg.computer[AW_NORTH] = true;
    if (south) {
        const int p = parse_player(south);
        if (p < 0) {
            web_reply_error(r, 400, "field 'south' must be \"human\" or \"engine\"");
            goto done;
        }
        cfg.computer[AW_SOUTH] = p;
    }
    if (north) {
        const int p = parse_player(north);
        if (p < 0) {
            web_reply_error(r, 400, "field 'north' must be \"human\" or \"engine\"");
            goto done;
        }
        cfg.computer[AW_NORTH] = p;
    }
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
    /* Room for the computer's first move, before the game exists. */
    const bool needs_engine = reply && session_computer_to_move(s);
    if (needs_engine && !pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
        goto done;
    }
    bool full, client_full;
    web_game *g = registry_add(a->reg, s, client, a->cfg.client_games, &full, &client_full);
    /* Full: a game nobody has used for a while (a sixth of the time to
     * live, at most 10 minutes) gives its place, so that idle games do not
     * hold the server for an hour. */
    const int64_t idle_ms = registry_ttl_ms(a->reg) / 6 < IDLE_EVICT_MS
                                ? registry_ttl_ms(a->reg) / 6
                                : IDLE_EVICT_MS;
    if (!g && full && registry_evict_idle(a->reg, web_now_ms(), idle_ms))
        g = registry_add(a->reg, s, client, a->cfg.client_games, &full, &client_full);
    if (!g) {
        if (needs_engine)
            pool_unreserve(a->pool);
        if (client_full) {
            web_reply_error(r, 429, "you hold %d games, the limit for one client; delete one "
                                    "(idle games expire after %lld minutes)",
                            a->cfg.client_games, (long long)(registry_ttl_ms(a->reg) / 60000));
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
    if (computer_reply(a, g, needs_engine, 201, NULL, r->location, pending)) {
        out = WEB_PENDING;
    } else {
        state_reply(g, r, 201, NULL);
    }
    pthread_mutex_unlock(&g->lock);
    registry_put(g);
done:
    session_free(s);
    aw_record_free(rec);
    return out;
}

static web_outcome handle_create(web_app *a, const web_request *req, web_reply *r,
                                 web_pending **pending)
{
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

static void handle_get_state(web_app *a, web_game *g, web_reply *r)
{
    pthread_mutex_lock(&g->lock);
    if (app_attach_tables(a, g) || !g->state)
        json_decref(state_refresh(g));
    char *copy = g->state ? strdup(g->state) : NULL;
    pthread_mutex_unlock(&g->lock);
    web_reply_json_text(r, 200, copy);
}

/* The HTTP status of a session's refusal (session.h): 409 when it is not
 * possible now, 400 when the request asks for what a person cannot ask,
 * 422 for a move the rules forbid. */
static int status_of(session_code code)
{
    switch (code) {
    case SESSION_OK: return 200;
    case SESSION_OVER:
    case SESSION_COMPUTERS_TURN:
    case SESSION_PERSONS_TURN:
    case SESSION_NO_AGREEMENT: return 409;
    case SESSION_PROPOSER_COMPUTER:
    case SESSION_COMPUTER_ANSWERS: return 400;
    case SESSION_ILLEGAL: return 422;
    case SESSION_FAILED: break;
    }
    return 500;
}

/* 409: the game is over, and why (the library's English). */
static void game_over(web_game *g, web_reply *r)
{
    char why[300];
    web_reply_error(r, status_of(SESSION_OVER), "the game is over: %s",
                    aw_status_explain(aw_game_status(session_game(g->s)), session_rules(g->s),
                                      session_position(g->s), why, sizeof why));
}

/* An end by agreement the session refused, in the API's words. */
static void agreement_refused(web_game *g, web_reply *r, session_code code, int side)
{
    const int status = status_of(code);
    switch (code) {
    case SESSION_OVER: game_over(g, r); break;
    case SESSION_NO_AGREEMENT:
        web_reply_error(r, status, "the %s rules have no end by agreement: the game is played out",
                        session_rules(g->s)->name);
        break;
    case SESSION_PROPOSER_COMPUTER:
        web_reply_error(r, status, "%s is played by the computer: a person proposes the end",
                        words_side(side));
        break;
    case SESSION_COMPUTER_ANSWERS:
        web_reply_error(r, status, "the computer answers for itself: leave out 'accepted'");
        break;
    default: web_reply_error(r, status, "%s", session_why(code)); break;
    }
}

static web_outcome handle_move(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending)
{
    static const char *const allowed[] = {"move", "computer", "reply", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    const char *text = NULL;
    bool computer = false, reply = true;
    const int has_move = fields_only(body, r, allowed) ? field_string(body, r, "move", &text) : -1;
    const int has_computer = has_move < 0 ? -1 : field_bool(body, r, "computer", &computer);
    if (has_move < 0 || has_computer < 0 || field_bool(body, r, "reply", &reply) < 0)
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
    /* The session decides (session.h); the API's words for its refusals
     * are English, as the rest of the API. */
    const aw_rules *rules = session_rules(g->s);
    const session_code turn =
        computer ? session_computer_turn(g->s, NULL) : session_person_turn(g->s, NULL);
    aw_error err;
    if (turn == SESSION_OVER) {
        game_over(g, r);
    } else if (computer) {
        if (turn == SESSION_PERSONS_TURN) {
            web_reply_error(r, status_of(turn), "it is not the computer's turn: %s plays a person",
                            words_side(session_position(g->s)->side));
        } else if (!pool_reserve(a->pool)) {
            web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue "
                                    "is full; try again in a moment");
            r->retry_after = 2;
        } else if (computer_reply(a, g, true, 200, NULL, NULL, pending)) {
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
            web_reply_error(r, status_of(turn), "it is the computer's turn (%s)",
                            words_side(session_position(g->s)->side));
        } else {
            /* The computer will answer: make sure it can before playing. */
            const bool reserve = session_may_play(g->s, moves[0], NULL) == SESSION_OK && reply &&
                                 session_computer_replies(g->s, moves[0]);
            aw_move_report *rep = malloc(sizeof *rep);
            session_code played_code = SESSION_FAILED;
            if (reserve && !pool_reserve(a->pool)) {
                web_reply_error(r, 503, "the server is busy: every engine is thinking and the "
                                        "queue is full; try again in a moment");
                r->retry_after = 2;
            } else if (!rep) {
                if (reserve)
                    pool_unreserve(a->pool);
                web_reply_error(r, 500, "out of memory");
            } else if ((played_code = session_play(g->s, moves[0], rep, &err)) != SESSION_OK) {
                if (reserve)
                    pool_unreserve(a->pool);
                char m[AW_MOVE_MAX];
                web_reply_error(r, status_of(played_code), "%s cannot be played: %s",
                                aw_move_format(rules, moves[0], m), err.msg);
            } else {
                g->version++;
                json_t *played = json_array();
                json_array_append_new(played, jo_report(rules, rep, true));
                if (computer_reply(a, g, reserve, 200, played, NULL, pending)) {
                    out = WEB_PENDING;
                } else {
                    state_reply(g, r, 200, json_pack("{s:O}", "played", played));
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
static web_outcome handle_history(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                  web_pending **pending, bool redo)
{
    static const char *const allowed[] = {"reply", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    bool reply = true;
    if (!fields_only(body, r, allowed) || field_bool(body, r, "reply", &reply) < 0) {
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
        g->version++;
        json_t *extra = json_pack("{s:i}", redo ? "redone" : "undone", n);
        json_t *played = redo ? last_reports(g->s, n) : json_array();
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

static web_outcome handle_hint(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending)
{
    static const char *const allowed[] = {"movetime", NULL};
    long long ms = 0;
    if (!query_only(req, r, allowed) ||
        query_int(req, r, "movetime", 10, a->cfg.max_movetime_ms, &ms) < 0)
        return WEB_REPLY;
    pthread_mutex_lock(&g->lock);
    web_outcome out = WEB_REPLY;
    if (!claim(a, g, r, false)) {
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    if (session_ongoing(g->s, NULL) != SESSION_OK) {
        game_over(g, r);
    } else if (!pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
    } else {
        answer_job *j = job_new(a, g, job_hint);
        if (!j) {
            pool_unreserve(a->pool);
            web_reply_error(r, 500, "out of memory");
        } else {
            j->movetime_ms = ms;
            app_begin_job(a, g, JOB_HINT);
            json_decref(state_refresh(g));
            *pending = j->p;
            pool_submit(a->pool, &j->base);
            out = WEB_PENDING;
        }
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

static web_outcome handle_agree(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending)
{
    static const char *const allowed[] = {"side", "accepted", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *side_text = NULL;
    bool accepted = false;
    web_outcome out = WEB_REPLY;
    if (!fields_only(body, r, allowed) || field_string(body, r, "side", &side_text) < 0 ||
        field_bool(body, r, "accepted", &accepted) < 0)
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
        agreement_refused(g, r, code, side);
    } else if (accepted) { /* two people: the other one agreed on the page */
        g->version++;
        state_reply(g, r, 200,
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
    } else if (!pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
    } else {
        answer_job *j = job_new(a, g, job_agree);
        if (!j) {
            pool_unreserve(a->pool);
            web_reply_error(r, 500, "out of memory");
        } else {
            j->proposer = side;
            app_begin_job(a, g, JOB_AGREE);
            json_decref(state_refresh(g));
            *pending = j->p;
            pool_submit(a->pool, &j->base);
            out = WEB_PENDING;
        }
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return out;
}

static web_outcome handle_evaluations(web_app *a, web_game *g, const web_request *req,
                                      web_reply *r, web_pending **pending)
{
    static const char *const allowed[] = {NULL};
    if (!query_only(req, r, allowed))
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
        /* The game is about to change: answer with what is known. */
        web_reply_value(r, 200, json_pack("{s:o, s:b, s:i, s:i}", "evaluations", state_evals(g),
                                     "complete", false, "ply",
                                     aw_game_ply(session_game(g->s)), "version", (int)g->version));
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    const aw_game *gm = session_game(g->s);
    const int n = aw_game_ply(gm);
    answer_job *j = NULL;
    int missing = 0;
    for (int i = 0; i <= n; i++) {
        const aw_position *p = aw_game_position_at(gm, i);
        const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
        const bool over = i == n && aw_game_status(gm) != AW_ONGOING;
        if (!over && (!e || e->depth == 0 || e->hash != aw_position_hash(p)))
            missing++;
    }
    if (missing == 0) {
        web_reply_value(r, 200, json_pack("{s:o, s:b, s:i, s:i}", "evaluations", state_evals(g),
                                     "complete", true, "ply", n, "version", (int)g->version));
    } else if (!pool_reserve(a->pool)) {
        web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is "
                                "full; try again in a moment");
        r->retry_after = 2;
    } else if (!(j = job_new(a, g, job_evaluations))) {
        pool_unreserve(a->pool);
        web_reply_error(r, 500, "out of memory");
    } else {
        j->rules = *session_rules(g->s);
        j->positions = malloc(sizeof *j->positions * (size_t)missing);
        j->plies = malloc(sizeof *j->plies * (size_t)missing);
        for (int i = 0; j->positions && j->plies && i <= n; i++) {
            const aw_position *p = aw_game_position_at(gm, i);
            const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
            const bool over = i == n && aw_game_status(gm) != AW_ONGOING;
            if (!over && (!e || e->depth == 0 || e->hash != aw_position_hash(p))) {
                j->positions[j->npositions] = *p;
                j->plies[j->npositions++] = i;
            }
        }
        *pending = j->p;
        pool_submit(a->pool, &j->base);
        out = WEB_PENDING;
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

static void handle_record(web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"format", NULL};
    if (!query_only(req, r, allowed))
        return;
    bool present;
    const char *format = query_value(req, "format", &present);
    if (present && strcmp(format, "json") != 0 && strcmp(format, "text") != 0) {
        web_reply_error(r, 400, "query argument 'format' must be json or text");
        return;
    }
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
        pthread_mutex_unlock(&g->lock);
        web_reply_error(r, 409, "the computer is thinking: ask again once it has answered");
        return;
    }
    /* An analysis or a hint only reads the session: the record can be
     * written beside them. */
    aw_record *rec = session_record(g->s);
    char *text = rec ? aw_record_format(rec) : NULL;
    const int plies = aw_game_ply(session_game(g->s));
    pthread_mutex_unlock(&g->lock);
    aw_record_free(rec);
    if (!text) {
        web_reply_error(r, 500, "out of memory");
        return;
    }
    if (present && strcmp(format, "text") == 0) {
        r->status = 200;
        r->type = "text/plain; charset=utf-8";
        r->body = text;
        r->len = strlen(text);
        snprintf(r->disposition, sizeof r->disposition,
                 "attachment; filename=\"awale-%s.txt\"", g->id);
        return;
    }
    web_reply_value(r, 200, json_pack("{s:s, s:s, s:i}", "id", g->id, "record", text, "plies", plies));
    free(text);
}

static web_outcome handle_analysis(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                   web_stream **stream)
{
    static const char *const allowed[] = {"multipv", NULL};
    long long multipv = 1;
    if (!query_only(req, r, allowed) || query_int(req, r, "multipv", 1, MAX_MULTIPV, &multipv) < 0)
        return WEB_REPLY;
    if (atomic_fetch_add(&a->streams, 1) >= a->cfg.max_streams) {
        atomic_fetch_sub(&a->streams, 1);
        web_reply_error(r, 503, "the server has %d analysis streams open, its limit; close one "
                                "and try again",
                        a->cfg.max_streams);
        r->retry_after = 5;
        return WEB_REPLY;
    }
    if (!app_client_stream_take(a, req->client)) {
        atomic_fetch_sub(&a->streams, 1);
        web_reply_error(r, 429, "you have %d analysis streams open, the limit for one client; "
                                "close one and try again",
                        a->cfg.client_streams);
        r->retry_after = 5;
        return WEB_REPLY;
    }
    web_stream *s = web_stream_new();
    pthread_mutex_lock(&g->lock);
    if (!s || g->nstreams >= GAME_STREAMS || g->gone) {
        pthread_mutex_unlock(&g->lock);
        atomic_fetch_sub(&a->streams, 1);
        web_app_client_stream_closed(a, req->client);
        if (s) {
            web_stream_release(s);
            web_stream_release(s);
        }
        web_reply_error(r, s ? 503 : 500,
                        s ? "this game already has %d analysis streams open; close one" : "out of memory",
                        GAME_STREAMS);
        return WEB_REPLY;
    }
    s->multipv = (int)multipv;
    s->owner = g;
    registry_hold(g); /* the reader's */
    g->streams[g->nstreams++] = s;
    web_stream_raw(s, "retry: 3000\n\n");
    /* A new reader with more lines than the running analysis: start again. */
    if (g->job == JOB_ANALYSIS) {
        json_t *ev = analysis_position_event(g, (int)multipv);
        char *text = json_dumps(ev, JSON_COMPACT);
        json_decref(ev);
        if (text)
            web_stream_event(s, "position", text);
        free(text);
    } else if (g->analysed && g->analysed_version == g->version) {
        g->analysed = false; /* this reader has seen nothing yet */
    }
    if (g->job == JOB_MOVE) {
        web_stream_event(s, "waiting", "{\"reason\":\"computer\"}");
    }
    analysis_kick(a, g);
    pthread_mutex_unlock(&g->lock);
    r->status = 200;
    r->type = "text/event-stream; charset=utf-8";
    *stream = s;
    return WEB_STREAM;
}

/* The review: POST starts it (or goes on with it), GET says where it is,
 * DELETE stops it. */
static void handle_review(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    const char *m = req->method;
    if (strcmp(m, "POST") != 0) {
        pthread_mutex_lock(&g->lock);
        if (!strcmp(m, "DELETE"))
            review_stop(g);
        json_t *o = review_json(g);
        pthread_mutex_unlock(&g->lock);
        web_reply_value(r, 200, o);
        return;
    }
    static const char *const allowed[] = {"depth", "movetime", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return;
    long long depth = REVIEW_DEPTH;
    long long movetime = REVIEW_MOVETIME < a->cfg.max_movetime_ms ? REVIEW_MOVETIME
                                                                   : a->cfg.max_movetime_ms;
    if (!fields_only(body, r, allowed) ||
        field_int(body, r, "depth", 1, REVIEW_MAX_DEPTH, &depth) < 0 ||
        field_int(body, r, "movetime", 10, a->cfg.max_movetime_ms, &movetime) < 0) {
        json_decref(body);
        return;
    }
    json_decref(body);
    char why[200];
    pthread_mutex_lock(&g->lock);
    const int rc = g->gone ? -2 : review_start(a, g, (int)depth, movetime, why, sizeof why);
    if (rc == -2)
        web_reply_error(r, 404, "no game '%s' (deleted or expired)", g->id);
    else if (rc < 0)
        web_reply_error(r, strcmp(why, "out of memory") ? 409 : 500, "%s", why);
    else
        web_reply_value(r, rc ? 202 : 200, review_json(g));
    pthread_mutex_unlock(&g->lock);
}

/* --------------------------------------------------------- dispatch */

/* The name of a Host header without its port, in name (lower case): false
 * when it is not a name and a port. */
static bool host_name(const char *host, char *name, size_t size)
{
    const size_t n = strlen(host);
    if (n == 0 || n >= size)
        return false;
    memcpy(name, host, n + 1);
    char *port = NULL;
    if (name[0] == '[') {
        char *close = strchr(name, ']');
        if (!close || (close[1] && close[1] != ':'))
            return false;
        port = close[1] ? close + 2 : NULL;
        close[1] = 0;
    } else if ((port = strrchr(name, ':'))) {
        *port++ = 0;
    }
    if (port) {
        if (!*port)
            return false;
        for (const char *p = port; *p; p++)
            if (!isdigit((unsigned char)*p))
                return false;
    }
    for (char *p = name; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return name[0] != 0;
}

/* The names this server was started for: the loopback names, and those of
 * the configuration (the machine's addresses and name when it listens
 * beyond loopback, --allow-host's). A page on another site that points its
 * own name at this machine (DNS rebinding) sends its own name: refused. A
 * request without a Host (HTTP/1.0) names nothing, and is answered. */
static bool host_allowed(const web_app *a, const char *host)
{
    if (!host)
        return true;
    char name[256];
    if (!host_name(host, name, sizeof name))
        return false;
    if (!strcmp(name, "localhost") || !strcmp(name, "[::1]"))
        return true;
    int b[4];
    char extra;
    if (sscanf(name, "%d.%d.%d.%d%c", &b[0], &b[1], &b[2], &b[3], &extra) == 4 && b[0] == 127 &&
        b[1] >= 0 && b[1] < 256 && b[2] >= 0 && b[2] < 256 && b[3] >= 0 && b[3] < 256)
        return true;
    for (int i = 0; i < a->cfg.nhost_names; i++)
        if (!strcasecmp(name, a->cfg.host_names[i]))
            return true;
    return false;
}

/* A change must come from this server's own page (or no page at all): its
 * Origin names the Host of the request (which host_allowed checked), over
 * http, or https behind a reverse proxy. */
static bool origin_allowed(const web_request *req)
{
    if (!req->origin)
        return true;
    const char *o = req->origin;
    if (strncmp(o, "http://", 7) == 0)
        o += 7;
    else if (strncmp(o, "https://", 8) == 0)
        o += 8;
    else
        return false;
    return req->host && strcasecmp(o, req->host) == 0;
}

static bool valid_id(const char *id, size_t len)
{
    if (len != GAME_ID_LEN)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)id[i]) && !(id[i] >= 'a' && id[i] <= 'f'))
            return false;
    return true;
}

static void method_not_allowed(web_reply *r, const char *method, const char *path,
                               const char *allow)
{
    web_reply_error(r, 405, "method %.20s is not allowed on %.80s (allowed: %s)", method, path,
                    allow);
    r->allow = allow;
}

static web_outcome serve_static(const web_request *req, web_reply *r)
{
    const bool get = !strcmp(req->method, "GET") || !strcmp(req->method, "HEAD");
    if (!get) {
        method_not_allowed(r, req->method, req->path, "GET, HEAD");
        return WEB_REPLY;
    }
    const web_static *f = web_static_find(req->path);
    if (!f) {
        web_reply_error(r, 404, "no such page: %.100s", req->path);
        return WEB_REPLY;
    }
    r->etag = f->etag;
    r->is_static = true;
    r->type = f->type;
    if (req->if_none_match && strstr(req->if_none_match, f->etag)) {
        r->status = 304;
        return WEB_REPLY;
    }
    r->status = 200;
    r->fixed = f->data;
    r->len = f->size;
    return WEB_REPLY;
}

web_outcome web_route(web_app *a, const web_request *req, web_reply *r, web_pending **pending,
                      web_stream **stream)
{
    memset(r, 0, sizeof *r);
    *pending = NULL;
    *stream = NULL;
    atomic_fetch_add(&a->requests, 1);
    const char *path = req->path ? req->path : "";
    const char *m = req->method ? req->method : "";
    if (!host_allowed(a, req->host)) {
        web_reply_error(r, 403, "host '%.80s' is not a name of this server (awale serve "
                                "--allow-host NAME adds one)",
                        req->host);
        return WEB_REPLY;
    }
    if (atomic_load(&a->stopping)) {
        web_reply_error(r, 503, "the server is stopping");
        return WEB_REPLY;
    }
    if (strncmp(path, "/api/", 5) != 0 && strcmp(path, "/api") != 0)
        return serve_static(req, r);

    const bool get = !strcmp(m, "GET") || !strcmp(m, "HEAD");
    const bool post = !strcmp(m, "POST");
    const bool del = !strcmp(m, "DELETE");
    if (req->body_too_large) {
        web_reply_error(r, 413, "the request body is larger than %zu bytes", a->cfg.max_body);
        return WEB_REPLY;
    }
    if ((post || del) && !origin_allowed(req)) {
        web_reply_error(r, 403, "cross-origin request refused (Origin %.80s)", req->origin);
        return WEB_REPLY;
    }
    if (req->body_len > 0 && (!req->content_type ||
                              strncasecmp(req->content_type, "application/json", 16) != 0 ||
                              (req->content_type[16] && req->content_type[16] != ';' &&
                               req->content_type[16] != ' '))) {
        web_reply_error(r, 415, "the body must be JSON, sent with Content-Type: application/json");
        return WEB_REPLY;
    }
    static const char *const no_query[] = {NULL};
    if (!strcmp(path, "/api/rules") || !strcmp(path, "/api/levels") ||
        !strcmp(path, "/api/server")) {
        if (!get)
            method_not_allowed(r, m, path, "GET, HEAD");
        else if (query_only(req, r, no_query)) {
            if (!strcmp(path, "/api/rules"))
                handle_rules(r);
            else if (!strcmp(path, "/api/levels"))
                handle_levels(r);
            else
                handle_server(a, r);
        }
        return WEB_REPLY;
    }
    if (!strcmp(path, "/api/games") || !strcmp(path, "/api/games/")) {
        if (!post) {
            method_not_allowed(r, m, path, "POST");
            return WEB_REPLY;
        }
        if (!query_only(req, r, no_query))
            return WEB_REPLY;
        return handle_create(a, req, r, pending);
    }
    if (strncmp(path, "/api/games/", 11) != 0) {
        web_reply_error(r, 404, "no such API endpoint: %.100s (see /api/rules, /api/games)", path);
        return WEB_REPLY;
    }
    const char *id = path + 11;
    const char *slash = strchr(id, '/');
    const size_t idlen = slash ? (size_t)(slash - id) : strlen(id);
    const char *rest = slash ? slash + 1 : "";
    static const struct {
        const char *name, *allow;
    } subs[] = {
        {"", "GET, HEAD, DELETE"}, {"moves", "POST"},    {"undo", "POST"},
        {"redo", "POST"},          {"agree", "POST"},    {"hint", "GET, HEAD"},
        {"analysis", "GET"},       {"record", "GET, HEAD"}, {"evaluations", "GET, HEAD"},
        {"review", "GET, HEAD, POST, DELETE"},
    };
    int sub = -1;
    for (int i = 0; i < (int)(sizeof subs / sizeof subs[0]); i++)
        if (!strcmp(rest, subs[i].name))
            sub = i;
    if (sub < 0) {
        web_reply_error(r, 404, "no such API endpoint: %.100s", path);
        return WEB_REPLY;
    }
    const char *allow = subs[sub].allow;
    const bool ok = sub == 0   ? get || del
                    : sub == 9 ? get || post || del
                    : strstr(allow, "POST") ? post
                                            : get;
    if (!ok || (sub == 6 && strcmp(m, "GET") != 0)) {
        method_not_allowed(r, m, path, allow);
        return WEB_REPLY;
    }
    if (req->body_len > 0 && !post) {
        web_reply_error(r, 400, "a %.20s request takes no body", m);
        return WEB_REPLY;
    }
    if (!valid_id(id, idlen)) {
        web_reply_error(r, 404, "no game '%.*s' (ids are %d hexadecimal digits)",
                        (int)(idlen > 40 ? 40 : idlen), id, GAME_ID_LEN);
        return WEB_REPLY;
    }
    char gid[GAME_ID_LEN + 1];
    memcpy(gid, id, GAME_ID_LEN);
    gid[GAME_ID_LEN] = 0;
    if (sub == 0 && del) {
        if (!query_only(req, r, no_query))
            return WEB_REPLY;
        if (registry_remove(a->reg, gid))
            web_reply_value(r, 200, json_pack("{s:s, s:b}", "id", gid, "deleted", true));
        else
            web_reply_error(r, 404, "no game '%s' (deleted or expired)", gid);
        return WEB_REPLY;
    }
    web_game *g = registry_get(a->reg, gid);
    if (!g) {
        web_reply_error(r, 404, "no game '%s' (deleted or expired)", gid);
        return WEB_REPLY;
    }
    web_outcome out = WEB_REPLY;
    const bool takes_query = sub == 5 || sub == 6 || sub == 7;
    if (!takes_query && !query_only(req, r, no_query)) {
        registry_put(g);
        return WEB_REPLY;
    }
    switch (sub) {
    case 0: handle_get_state(a, g, r); break;
    case 1: out = handle_move(a, g, req, r, pending); break;
    case 2: out = handle_history(a, g, req, r, pending, false); break;
    case 3: out = handle_history(a, g, req, r, pending, true); break;
    case 4: out = handle_agree(a, g, req, r, pending); break;
    case 5: out = handle_hint(a, g, req, r, pending); break;
    case 6: out = handle_analysis(a, g, req, r, stream); break;
    case 7: handle_record(g, req, r); break;
    case 8: out = handle_evaluations(a, g, req, r, pending); break;
    case 9: handle_review(a, g, req, r); break;
    }
    registry_put(g);
    return out;
}

