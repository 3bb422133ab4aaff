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
 * The files: this one dispatches (a table of the routes under
 * /api/games/ID/) and holds what the handlers share (claiming a session,
 * handing a job to the pool, the answers to the session's refusals);
 * request.c checks requests; the handlers are in routes_create.c (a new
 * game, an imported record), routes_play.c (moves, undo, redo, agreement,
 * hint) and routes_view.c (state, record, evaluations, analysis, review).
 *
 * A game's session is used by one thread at a time (games.h). A change
 * first claims the session: an analysis or a hint running on it is stopped
 * (a hint then answers with what it found), while the computer's move is
 * waited for by nobody: the change is refused (409) until it is played.
 */
#include "web/routes.h"

#include "front/engine_setup.h"
#include "front/words.h"
#include "web/events.h"
#include "web/explorer.h"
#include "web/jsonout.h"
#include "web/qr.h"
#include "web/persist.h"
#include "web/seats.h"
#include "web/static.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ------------------------------------------------ shared by handlers */

/* Claim the session for a change (lock held in and out): stop an analysis
 * or a hint that uses it; refuse while the computer plays or judges,
 * except for an undo, which cancels the computer's move: one that waits
 * for a worker at once, one being thought about by stopping its search
 * (the job then drops the move it found). */
bool claim(web_app *a, web_game *g, web_reply *r, bool undo)
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
    review_store_lines(a, g); /* a review done while the session was busy */
    return true;
}


bool routes_reserve(web_app *a, web_reply *r)
{
    if (pool_reserve(a->pool))
        return true;
    web_reply_error(r, 503, "the server is busy: every engine is thinking and the queue is full; "
                            "try again in a moment");
    r->retry_after = 2;
    return false;
}

answer_job *routes_reserve_job(web_app *a, web_game *g, web_reply *r,
                               void (*run)(web_job *, pool_worker *))
{
    if (!routes_reserve(a, r))
        return NULL;
    answer_job *j = job_new(a, g, run);
    if (!j) {
        pool_unreserve(a->pool);
        web_reply_error(r, 500, "out of memory");
    }
    return j;
}

web_outcome routes_submit(web_app *a, web_game *g, answer_job *j, game_job job,
                          web_pending **pending)
{
    if (job != JOB_NONE) {
        app_begin_job(a, g, job);
        json_decref(state_refresh(g));
    }
    *pending = j->p;
    pool_submit(a->pool, &j->base);
    return WEB_PENDING;
}

/* Let the computer play its move when it is its turn: queue the job with
 * the reservation made before the change (lock held). Returns true when a
 * job was queued (the answer is pending). */
bool computer_reply(web_app *a, web_game *g, bool reserved, int status, json_t *played,
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
    g->move_job = j;
    routes_submit(a, g, j, JOB_MOVE, pending);
    return true;
}

/* The HTTP status of a session's refusal (session.h): 409 when it is not
 * possible now, 400 when the request asks for what a person cannot ask,
 * 422 for a move the rules forbid. */
int status_of(session_code code)
{
    switch (code) {
    case SESSION_OK: return 200;
    case SESSION_OVER:
    case SESSION_COMPUTERS_TURN:
    case SESSION_PERSONS_TURN:
    case SESSION_NO_AGREEMENT:
    case SESSION_NO_OFFER:
    case SESSION_OFFER_PENDING:
    case SESSION_OWN_OFFER:
    case SESSION_NOT_OVER:
    case SESSION_NO_TAKEBACK: return 409;
    case SESSION_PROPOSER_COMPUTER:
    case SESSION_COMPUTER_ANSWERS:
    case SESSION_NOT_PERSON: return 400;
    case SESSION_ILLEGAL: return 422;
    case SESSION_NO_NODE: return 404;
    case SESSION_MAIN_LINE:
    case SESSION_NO_VARIATIONS: return 409;
    case SESSION_FAILED: break;
    }
    return 500;
}

/* The stable name of a code in the API (docs/api.md). */
const char *code_name(session_code code)
{
    switch (code) {
    case SESSION_OK: return "ok";
    case SESSION_OVER: return "game_over";
    case SESSION_COMPUTERS_TURN: return "not_your_turn";
    case SESSION_PERSONS_TURN: return "not_computers_turn";
    case SESSION_ILLEGAL: return "illegal_move";
    case SESSION_NO_AGREEMENT: return "no_agreement";
    case SESSION_PROPOSER_COMPUTER: return "proposer_is_computer";
    case SESSION_COMPUTER_ANSWERS: return "computer_answers";
    case SESSION_NOT_PERSON: return "not_person";
    case SESSION_NO_OFFER: return "no_offer";
    case SESSION_OFFER_PENDING: return "offer_pending";
    case SESSION_OWN_OFFER: return "own_offer";
    case SESSION_NOT_OVER: return "not_over";
    case SESSION_NO_TAKEBACK: return "no_takeback";
    case SESSION_NO_NODE: return "no_node";
    case SESSION_MAIN_LINE: return "main_line";
    case SESSION_NO_VARIATIONS: return "no_variations";
    case SESSION_FAILED: break;
    }
    return "engine_failed";
}

void refuse(web_reply *r, session_code code, const char *lang, const char *fmt, ...)
{
    char english[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(english, sizeof english, fmt, ap);
    va_end(ap);
    /* Another language: the session's words, when the server has them in
     * it (else the English, with its details). */
    const char *why = session_why_in(code, lang);
    const bool translated = lang && strcmp(why, session_why_in(code, "en")) != 0;
    char msg[3 * sizeof english];
    web_utf8_clean(translated ? why : english, msg, sizeof msg);
    web_reply_value(r, status_of(code), json_pack("{s:s, s:s}", "error", msg, "code",
                                                  code_name(code)));
}

/* 409: the game is over, and why (the library's English). */
void game_over(web_game *g, web_reply *r, const char *lang)
{
    char why[300];
    struct session_result res;
    session_result(g->s, &res);
    if (res.kind == SESSION_END_RESIGNATION || res.kind == SESSION_END_TIME ||
        res.kind == SESSION_END_ABANDONED)
        refuse(r, SESSION_OVER, lang, "%s", words_session_over(g->s, why, sizeof why));
    else
        refuse(r, SESSION_OVER, lang, "the game is over: %s",
               aw_status_explain(aw_game_status(session_game(g->s)), session_rules(g->s),
                                 session_position(g->s), why, sizeof why));
}

/* ---------------------------------------------- handlers of the server */

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
    json_t *o =
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
                  app_tables_json(a));
    json_object_set_new(o, "friend_games", json_integer(registry_count_friend(a->reg)));
    json_object_set_new(o, "max_friend_games", json_integer(registry_max_friend(a->reg)));
    json_object_set_new(o, "event_streams", json_integer(events_streams(a)));
    json_object_set_new(o, "database", persist_figures(a));
    web_reply_value(r, 200, o);
}


/* GET /api/qr?text=TEXT: the QR code of a text (an invitation's address)
 * as an SVG image. */
static void handle_qr(const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"text", NULL};
    if (!query_only(req, r, allowed))
        return;
    bool present;
    const char *text = query_value(req, "text", &present);
    if (!text || !*text) {
        web_reply_error(r, 400, "text: give the text to encode (?text=...)");
        return;
    }
    if (strlen(text) > QR_MAX_TEXT) {
        web_reply_error(r, 400, "text: at most %d bytes", QR_MAX_TEXT);
        return;
    }
    char *svg = qr_svg(text, NULL);
#if defined(__wasi__)
    if (!svg) { /* the page alone (make web-static) draws no QR code */
        web_reply_error(r, 501, "QR codes of invitations need the server (awale serve)");
        return;
    }
#endif
    if (!svg) {
        web_reply_error(r, 500, "out of memory");
        return;
    }
    r->status = 200;
    r->type = "image/svg+xml";
    r->body = svg;
    r->len = strlen(svg);
}

/* --------------------------------------------------------- dispatch */

/* A game between two devices: a change needs a seat's token (403); undo,
 * redo and the agreement of one screen give way to the offers the other
 * player answers; an unfinished game is resigned, not deleted. True when
 * the request may go on (else the answer is set). */
static bool people_allowed(web_game *g, const web_request *req, const char *route,
                           web_reply *r)
{
    const bool change = !strcmp(req->method, "POST") || !strcmp(req->method, "DELETE");
    if (!g->friend)
        return true;
    pthread_mutex_lock(&g->lock);
    int seat;
    bool ok = !change || seats_authorize(g, req, r, &seat);
    const bool over = session_ongoing(g->s, NULL) != SESSION_OK;
    pthread_mutex_unlock(&g->lock);
    if (!ok)
        return false;
    /* No engine's help while two people play: after the end, all of it. */
    static const char *const help[] = {"hint", "analysis", "evaluations", "review", "trainer",
                                       "trainer/try", NULL};
    for (int i = 0; help[i] && !over; i++)
        if (!strcmp(route, help[i])) {
            web_reply_value(r, 409, json_pack("{s:s, s:s}", "error",
                                              "no engine help while a game between two people "
                                              "goes on: hints, analysis and the review come "
                                              "after its end",
                                              "code", "game_in_play"));
            return false;
        }
    if (!change)
        return true;
    const char *code = NULL, *why = NULL;
    if (!strcmp(route, "undo") || !strcmp(route, "redo")) {
        code = "use_takeback";
        why = "in a game between two devices, ask the other player to take back a move "
              "(POST offers {\"kind\": \"takeback\"})";
    } else if (!strcmp(route, "agree")) {
        code = "use_offers";
        why = "in a game between two devices, propose the end to the other player (POST "
              "offers {\"kind\": \"end\"})";
    } else if (!strcmp(route, "") && !over) {
        code = "game_not_over";
        why = "this game between two devices goes on: resign it before deleting it";
    }
    if (code) {
        web_reply_value(r, 409, json_pack("{s:s, s:s}", "error", why, "code", code));
        return false;
    }
    return true;
}

static web_outcome serve_static(const web_request *req, web_reply *r)
{
    const bool get = !strcmp(req->method, "GET") || !strcmp(req->method, "HEAD");
    if (!get) {
        method_not_allowed(r, req->method, req->path, "GET, HEAD");
        return WEB_REPLY;
    }
    const web_static *f = web_static_find(req->path);
    /* The page's own addresses: an invitation, a game followed, a game. */
    if (!f && (!strncmp(req->path, "/invite/", 8) || !strncmp(req->path, "/watch/", 7) ||
               !strncmp(req->path, "/play/", 6)) &&
        strlen(req->path) < 64)
        f = web_static_find("/");
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


/* The routes under /api/games/ID/, each with its methods (GET allows
 * HEAD, save for the analysis stream), whether it reads its own query
 * arguments, and its handler. */
enum { M_GET = 1, M_HEAD = 2, M_POST = 4, M_DELETE = 8 };

typedef web_outcome game_handler(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                 web_pending **pending, web_stream **stream);

static web_outcome route_state(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending, web_stream **stream)
{
    (void)req, (void)pending, (void)stream;
    handle_get_state(a, g, r);
    return WEB_REPLY;
}

static web_outcome route_move(web_app *a, web_game *g, const web_request *req, web_reply *r,
                              web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_move(a, g, req, r, pending);
}

static web_outcome route_undo(web_app *a, web_game *g, const web_request *req, web_reply *r,
                              web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_history(a, g, req, r, pending, false);
}

static web_outcome route_redo(web_app *a, web_game *g, const web_request *req, web_reply *r,
                              web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_history(a, g, req, r, pending, true);
}

static web_outcome route_agree(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_agree(a, g, req, r, pending);
}

static web_outcome route_hint(web_app *a, web_game *g, const web_request *req, web_reply *r,
                              web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_hint(a, g, req, r, pending);
}

static web_outcome route_analysis(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                  web_pending **pending, web_stream **stream)
{
    (void)pending;
    return handle_analysis(a, g, req, r, stream);
}

static web_outcome route_record(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending, web_stream **stream)
{
    (void)a, (void)pending, (void)stream;
    handle_record(g, req, r);
    return WEB_REPLY;
}

static web_outcome route_evaluations(web_app *a, web_game *g, const web_request *req,
                                     web_reply *r, web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_evaluations(a, g, req, r, pending);
}

static web_outcome route_review(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    handle_review(a, g, req, r);
    return WEB_REPLY;
}

static web_outcome route_trainer(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                 web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    handle_trainer(a, g, req, r);
    return WEB_REPLY;
}

static web_outcome route_trainer_try(web_app *a, web_game *g, const web_request *req,
                                     web_reply *r, web_pending **pending, web_stream **stream)
{
    (void)stream;
    return handle_trainer_try(a, g, req, r, pending);
}

static web_outcome route_events(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending, web_stream **stream)
{
    (void)pending;
    return events_open(a, g, req, r, stream);
}

static web_outcome route_messages(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                  web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_message(a, g, req, r);
}

static web_outcome route_resign(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_resign(a, g, req, r);
}

static web_outcome route_offer(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_offer(a, g, req, r);
}

static web_outcome route_answer(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_answer(a, g, req, r);
}

static web_outcome route_rematch_seat(web_app *a, web_game *g, const web_request *req,
                                      web_reply *r, web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_rematch_seat(a, g, req, r);
}

static web_outcome route_goto(web_app *a, web_game *g, const web_request *req, web_reply *r,
                              web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_goto(a, g, req, r);
}

static web_outcome route_promote(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                 web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_promote(a, g, req, r);
}

static web_outcome route_delete_variation(web_app *a, web_game *g, const web_request *req,
                                          web_reply *r, web_pending **pending,
                                          web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_delete_variation(a, g, req, r);
}

static web_outcome route_main_line(web_app *a, web_game *g, const web_request *req, web_reply *r,
                                   web_pending **pending, web_stream **stream)
{
    (void)pending, (void)stream;
    return handle_main_line(a, g, req, r);
}

static const struct game_route {
    const char *name, *allow;
    unsigned methods;
    bool takes_query;
    game_handler *handle;
} game_routes[] = {
    {"", "GET, HEAD, DELETE", M_GET | M_HEAD | M_DELETE, false, route_state},
    {"moves", "POST", M_POST, false, route_move},
    {"undo", "POST", M_POST, false, route_undo},
    {"redo", "POST", M_POST, false, route_redo},
    {"agree", "POST", M_POST, false, route_agree},
    {"hint", "GET, HEAD", M_GET | M_HEAD, true, route_hint},
    {"analysis", "GET", M_GET, true, route_analysis},
    {"record", "GET, HEAD", M_GET | M_HEAD, true, route_record},
    {"evaluations", "GET, HEAD", M_GET | M_HEAD, false, route_evaluations},
    {"review", "GET, HEAD, POST, DELETE", M_GET | M_HEAD | M_POST | M_DELETE, false, route_review},
    {"trainer", "GET, HEAD, POST, DELETE", M_GET | M_HEAD | M_POST | M_DELETE, false, route_trainer},
    {"trainer/try", "POST", M_POST, false, route_trainer_try},
    {"events", "GET", M_GET, true, route_events},
    {"messages", "POST", M_POST, false, route_messages},
    {"resign", "POST", M_POST, false, route_resign},
    {"offers", "POST", M_POST, false, route_offer},
    {"offers/answer", "POST", M_POST, false, route_answer},
    {"rematch-seat", "POST", M_POST, false, route_rematch_seat},
    {"goto", "POST", M_POST, false, route_goto},
    {"promote", "POST", M_POST, false, route_promote},
    {"variations/delete", "POST", M_POST, false, route_delete_variation},
    {"mainline", "POST", M_POST, false, route_main_line},
};

static unsigned method_bit(const char *m)
{
    return !strcmp(m, "GET")      ? M_GET
           : !strcmp(m, "HEAD")   ? M_HEAD
           : !strcmp(m, "POST")   ? M_POST
           : !strcmp(m, "DELETE") ? M_DELETE
                                  : 0;
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
    if (!app_rate_take(a, RATE_REQUESTS, req->client, r))
        return WEB_REPLY;
    if (strncmp(path, "/api/", 5) != 0 && strcmp(path, "/api") != 0)
        return serve_static(req, r);

    const unsigned method = method_bit(m);
    const bool get = method & (M_GET | M_HEAD);
    const bool post = method == M_POST;
    const bool del = method == M_DELETE;
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
    /* The puzzles and the opening explorer (routes_puzzles.c, explorer.c). */
    if (!strcmp(path, "/api/puzzles") || !strcmp(path, "/api/puzzles/stats") ||
        !strcmp(path, "/api/explorer")) {
        if (!get)
            method_not_allowed(r, m, path, "GET, HEAD");
        else if (req->body_len > 0)
            web_reply_error(r, 400, "a %.20s request takes no body", m);
        else if (!strcmp(path, "/api/explorer"))
            handle_explorer(a, req, r);
        else
            handle_puzzles(req, !strcmp(path, "/api/puzzles/stats"), r);
        return WEB_REPLY;
    }
    if (!strcmp(path, "/api/qr")) {
        if (!get)
            method_not_allowed(r, m, path, "GET, HEAD");
        else
            handle_qr(req, r);
        return WEB_REPLY;
    }
    if (!strcmp(path, "/api/positions/check")) {
        if (!post)
            method_not_allowed(r, m, path, "POST");
        else if (query_only(req, r, no_query))
            handle_position_check(req, r);
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
    if (!strcmp(path, "/api/archive") || !strncmp(path, "/api/archive/", 13)) {
        if (!get) {
            method_not_allowed(r, m, path, "GET, HEAD");
            return WEB_REPLY;
        }
        return handle_archive(a, req, path[12] ? path + 13 : "", r);
    }
    if (!strncmp(path, "/api/invites/", 13)) {
        if (!get && !post) {
            method_not_allowed(r, m, path, "GET, HEAD, POST");
            return WEB_REPLY;
        }
        return handle_invite(a, req, path + 13, r);
    }
    if (strncmp(path, "/api/games/", 11) != 0) {
        web_reply_error(r, 404, "no such API endpoint: %.100s (see /api/rules, /api/games)", path);
        return WEB_REPLY;
    }
    const char *id = path + 11;
    const char *slash = strchr(id, '/');
    const size_t idlen = slash ? (size_t)(slash - id) : strlen(id);
    const char *rest = slash ? slash + 1 : "";
    const struct game_route *route = NULL;
    for (size_t i = 0; i < sizeof game_routes / sizeof game_routes[0]; i++)
        if (!strcmp(rest, game_routes[i].name))
            route = &game_routes[i];
    if (!route) {
        web_reply_error(r, 404, "no such API endpoint: %.100s", path);
        return WEB_REPLY;
    }
    if (!(route->methods & method)) {
        method_not_allowed(r, m, path, route->allow);
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
    web_game *g = registry_get(a->reg, gid);
    if (!g) {
        web_reply_error(r, 404, "no game '%s' (deleted or expired)", gid);
        return WEB_REPLY;
    }
    web_outcome out = WEB_REPLY;
    if ((route->takes_query || query_only(req, r, no_query)) && people_allowed(g, req, route->name, r)) {
        if (route->handle == route_state && del) {
            if (registry_remove(a->reg, gid))
                web_reply_value(r, 200, json_pack("{s:s, s:b}", "id", gid, "deleted", true));
            else
                web_reply_error(r, 404, "no game '%s' (deleted or expired)", gid);
        } else {
            out = route->handle(a, g, req, r, pending, stream);
        }
    }
    registry_put(g);
    return out;
}
