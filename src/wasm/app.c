/*
 * app.c - the entry points of awale.wasm (make web-static): the web app of
 * `awale serve` (src/web's router, games, jobs, streams) for a Web Worker
 * (web/worker.js), which passes it the page's requests and hands back the
 * answers, with no HTTP in between.
 *
 * Strings and bodies travel in the module's memory: the worker allocates
 * them with the exported malloc and frees them. A request gives a handle
 * to its answer: a reply ready now, a pending one (an engine move, a hint:
 * the worker runs the queued jobs with awale_run until it is ready), or an
 * event stream (read with awale_stream_read; when it has nothing the
 * module calls the worker's import awale.stream_ready(handle) at the next
 * event, even from inside a running job, so that an analysis is seen as
 * it goes). awale_answer_free gives each handle back.
 *
 * One page, one person: no limits per client (requests carry no client
 * address), one search at a time, games in memory only.
 */
#include "web/app.h"
#include "web/internal.h"
#include "web/routes.h"

#include "front/books.h"
#include "wasm/pool_single.h"
#include "wasm/tables.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define EXPORT(name) __attribute__((export_name(#name)))

/* The exports (what each does: at its definition). */
const char *awale_error(void);
int awale_init(int analysis, int analysis_ms, int slice_ms);
int awale_request(const char *method, const char *url, const char *headers, const char *body,
                  size_t body_len);
int awale_answer_state(int handle);
int awale_answer_status(int handle);
const char *awale_answer_type(int handle);
const char *awale_answer_headers(int handle);
const void *awale_answer_body(int handle);
size_t awale_answer_length(int handle);
int awale_stream_read(int handle, char *buf, size_t max);
void awale_answer_free(int handle);
int awale_run(void);
int awale_jobs(void);
void awale_tick(void);
void awale_tables_added(void);

/* The worker's function told that a stream has something to read. */
__attribute__((import_module("awale"), import_name("stream_ready"))) void
host_stream_ready(int handle);

typedef enum { SLOT_FREE, SLOT_REPLY, SLOT_PENDING, SLOT_STREAM } slot_kind;

typedef struct slot {
    slot_kind kind;
    web_reply reply;   /* SLOT_REPLY; a stream's status and type */
    web_pending *p;    /* SLOT_PENDING: our reference */
    web_stream *s;     /* SLOT_STREAM: the reader's reference */
    char *headers;     /* the answer's headers as text, made on demand */
} slot;

#define MAX_SLOTS 256

/* The endgame tables of a rule set as they are in /tables (src/wasm/tables.h):
 * opened, never built here, as a build takes seconds and the worker must
 * answer meanwhile; a worker of their own builds them
 * (awale_wasm_tables_build) and the page puts the files in this module's
 * file system, then calls awale_tables_added. */
static aw_tables *open_tables(const aw_rules *rules, void *ctx)
{
    (void)ctx;
    const int seeds = awale_wasm_tables_seeds(rules);
    aw_error err;
    return seeds > 0 ? aw_tables_open(AWALE_WASM_TABLES_DIR, rules, seeds, &err) : NULL;
}

static web_app *app;
static slot slots[MAX_SLOTS];
static char error[256];
static aw_book *books[16];
static int64_t last_tick_ms;

EXPORT(awale_error) const char *awale_error(void) { return error; }

/* Make the app: 0, or -1 with the reason in awale_error(). `analysis`:
 * the worker of one analysis stream (web/js/transport.js), which holds
 * one game; analysis_ms: how long an analysis goes on (0: as the server,
 * 30 s; the page ends it sooner by ending its worker); slice_ms: how long
 * a review runs before the worker reads its messages (0: a second). */
EXPORT(awale_init) int awale_init(int analysis, int analysis_ms, int slice_ms)
{
    if (app)
        return 0;
    web_config cfg = web_config_default();
    cfg.host = "localhost";
    cfg.port = 0;
    cfg.qr = 0;
    cfg.db_path = NULL;        /* memory only: the page keeps its game itself */
    cfg.searches = 1;          /* one thread */
    cfg.queue = 8;
    cfg.max_games = analysis ? 2 : 8; /* the idle ones give way to new ones */
    cfg.ttl_ms = (int64_t)7 * 24 * 3600 * 1000; /* a page left open keeps its game */
    cfg.max_friend_games = 1;  /* none are made (routes_create.c) */
    cfg.max_streams = 8;
    cfg.max_event_streams = 16;
    cfg.hash_mb = 8;           /* each game's engine: a phone's memory */
    if (analysis_ms > 0)
        cfg.analysis_ms = analysis_ms;
    int nbooks = 0;
    for (int i = 0; i < books_builtin_count() && nbooks < 16; i++) {
        aw_error err;
        if ((books[nbooks] = books_builtin_read(i, &err)))
            nbooks++;
    }
    cfg.books = (const aw_book *const *)books;
    cfg.nbooks = nbooks;
    cfg.open_tables = open_tables;
    app = web_app_new(&cfg, error, sizeof error);
    /* What the server gives the app (server.c): the records' import, the
     * streams' keep-alive. */
    if (app) {
        app_set_hooks(app, (app_hooks){routes_import, analysis_ping});
        pool_set_slice(app->pool, slice_ms);
    }
    last_tick_ms = web_now_ms();
    return app ? 0 : -1;
}

/* ------------------------------------------------------------ requests */

static int hex(int c)
{
    return c >= '0' && c <= '9' ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* Decode %XX in place (and '+' as a space in a query), as the HTTP
 * library does for the server. */
static void decode(char *s, bool query)
{
    char *o = s;
    for (; *s; s++) {
        if (*s == '%' && hex(s[1]) >= 0 && hex(s[2]) >= 0) {
            *o++ = (char)(hex(s[1]) * 16 + hex(s[2]));
            s += 2;
        } else if (query && *s == '+') {
            *o++ = ' ';
        } else {
            *o++ = *s;
        }
    }
    *o = 0;
}

/* The value of header `name` in "Name: value\n" lines (copied into the
 * request's own text), NULL when absent. */
static const char *header(char *text, const char *name)
{
    const size_t n = strlen(name);
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (!strncasecmp(line, name, n) && line[n] == ':') {
            char *v = line + n + 1;
            while (*v == ' ')
                v++;
            return v;
        }
        line = next ? next + 1 : NULL;
    }
    return NULL;
}

static int slot_new(void)
{
    for (int i = 0; i < MAX_SLOTS; i++)
        if (slots[i].kind == SLOT_FREE) {
            memset(&slots[i], 0, sizeof slots[i]);
            return i;
        }
    return -1;
}

static slot *slot_of(int handle)
{
    if (handle < 1 || handle > MAX_SLOTS || slots[handle - 1].kind == SLOT_FREE)
        return NULL;
    return &slots[handle - 1];
}

/* Answer a request: method, url (the path and its query, as the page
 * fetches it), headers ("Name: value" lines, NULL: none), body of
 * body_len bytes (NULL: none). Returns the answer's handle (> 0), or 0
 * when the app is not made or too many answers are held (the worker
 * answers 503 then). */
EXPORT(awale_request)
int awale_request(const char *method, const char *url, const char *headers, const char *body,
                  size_t body_len)
{
    const int i = app ? slot_new() : -1;
    if (i < 0)
        return 0;
    char *path = strdup(url ? url : "/");
    char *head = strdup(headers ? headers : "");
    char *copy = malloc(body_len + 1);
    if (!path || !head || !copy) {
        free(path);
        free(head);
        free(copy);
        return 0;
    }
    if (body_len)
        memcpy(copy, body, body_len);
    copy[body_len] = 0;
    /* Each header line ends at its newline. */
    web_request req;
    memset(&req, 0, sizeof req);
    req.content_type = header(head, "Content-Type");
    req.if_none_match = header(head, "If-None-Match");
    req.authorization = header(head, "Authorization");
    req.last_event_id = header(head, "Last-Event-ID");
    for (char *nl; (nl = strchr(head, '\n'));)
        *nl = 0;
    req.method = method ? method : "GET";
    req.host = "localhost";
    req.client = NULL; /* one person: no limits per client */
    req.body = copy;
    req.body_len = body_len;
    req.body_too_large = body_len > web_config_default().max_body;
    char *q = strchr(path, '?');
    if (q) {
        *q++ = 0;
        for (char *arg = q, *next; arg && *arg; arg = next) {
            next = strchr(arg, '&');
            if (next)
                *next++ = 0;
            if (req.nquery == WEB_MAX_QUERY) {
                req.query_overflow = true;
                break;
            }
            char *eq = strchr(arg, '=');
            if (eq) {
                *eq++ = 0;
                decode(eq, true);
            }
            decode(arg, true);
            req.query[req.nquery].key = arg;
            req.query[req.nquery++].value = eq;
        }
    }
    decode(path, false);
    req.path = path;

    slot *s = &slots[i];
    web_pending *pending = NULL;
    web_stream *stream = NULL;
    const web_outcome out = web_route(app, &req, &s->reply, &pending, &stream);
    if (out == WEB_PENDING) {
        s->kind = SLOT_PENDING;
        s->p = pending;
    } else if (out == WEB_STREAM) {
        s->kind = SLOT_STREAM;
        s->s = stream;
    } else {
        s->kind = SLOT_REPLY;
    }
    free(path);
    free(head);
    free(copy);
    return i + 1;
}

/* The reply of an answer that has one (NULL: pending still, or none). */
static const web_reply *reply_of(slot *s)
{
    if (!s)
        return NULL;
    if (s->kind == SLOT_PENDING) {
        /* A record imported, then the computer's move: that answer. */
        while (s->p->done && s->p->next) {
            web_pending *next = s->p->next;
            s->p->next = NULL;
            web_pending_release(s->p);
            s->p = next;
        }
        return s->p->done ? &s->p->reply : NULL;
    }
    return &s->reply;
}

/* 0: the reply is there; 1: pending (run jobs); 2: an event stream; -1:
 * no such handle. */
EXPORT(awale_answer_state) int awale_answer_state(int handle)
{
    slot *s = slot_of(handle);
    if (!s)
        return -1;
    if (s->kind == SLOT_STREAM)
        return 2;
    return reply_of(s) ? 0 : 1;
}

EXPORT(awale_answer_status) int awale_answer_status(int handle)
{
    const web_reply *r = reply_of(slot_of(handle));
    return r ? r->status : 0;
}

EXPORT(awale_answer_type) const char *awale_answer_type(int handle)
{
    const web_reply *r = reply_of(slot_of(handle));
    return r && r->type ? r->type : "";
}

/* The headers the route chose, as the server sends them ("Name: value"
 * lines). */
EXPORT(awale_answer_headers) const char *awale_answer_headers(int handle)
{
    slot *s = slot_of(handle);
    const web_reply *r = reply_of(s);
    if (!r)
        return "";
    if (!s->headers) {
        char *h = malloc(512);
        if (!h)
            return "";
        size_t n = 0;
        n += (size_t)snprintf(h + n, 512 - n, "Cache-Control: %s\n",
                              r->is_static ? "no-cache" : "no-store");
        if (r->etag)
            n += (size_t)snprintf(h + n, 512 - n, "ETag: %s\n", r->etag);
        if (r->allow)
            n += (size_t)snprintf(h + n, 512 - n, "Allow: %s\n", r->allow);
        if (r->retry_after > 0)
            n += (size_t)snprintf(h + n, 512 - n, "Retry-After: %d\n", r->retry_after);
        if (r->location[0])
            n += (size_t)snprintf(h + n, 512 - n, "Location: %s\n", r->location);
        if (r->disposition[0] && n < 512)
            snprintf(h + n, 512 - n, "Content-Disposition: %s\n", r->disposition);
        s->headers = h;
    }
    return s->headers;
}

EXPORT(awale_answer_body) const void *awale_answer_body(int handle)
{
    const web_reply *r = reply_of(slot_of(handle));
    return !r ? NULL : r->body ? (const void *)r->body : (const void *)r->fixed;
}

EXPORT(awale_answer_length) size_t awale_answer_length(int handle)
{
    const web_reply *r = reply_of(slot_of(handle));
    return r && (r->body || r->fixed) ? r->len : 0;
}

static void stream_wake(void *ctx) { host_stream_ready((int)(intptr_t)ctx); }

/* Read an event stream: the bytes copied into buf (at most max), 0 when
 * nothing is there yet (stream_ready(handle) comes at the next event), -1
 * at its end or for a handle that is no stream. */
EXPORT(awale_stream_read) int awale_stream_read(int handle, char *buf, size_t max)
{
    slot *s = slot_of(handle);
    if (!s || s->kind != SLOT_STREAM)
        return -1;
    for (;;) {
        bool ended = false;
        const size_t n = web_stream_read(s->s, buf, max, &ended);
        if (n > 0)
            return (int)n;
        if (ended)
            return -1;
        if (web_stream_arm(s->s, stream_wake, (void *)(intptr_t)handle))
            return 0;
    }
}

/* Give an answer back: a stream is closed (the page stopped reading). */
EXPORT(awale_answer_free) void awale_answer_free(int handle)
{
    slot *s = slot_of(handle);
    if (!s)
        return;
    if (s->kind == SLOT_STREAM) {
        /* No wake-up for a reader that left. */
        pthread_mutex_lock(&s->s->lock);
        s->s->armed = false;
        s->s->wake = NULL;
        pthread_mutex_unlock(&s->s->lock);
        web_app_stream_closed(app, s->s);
    } else if (s->kind == SLOT_PENDING) {
        web_pending_release(s->p);
    }
    web_reply_free(&s->reply);
    free(s->headers);
    memset(s, 0, sizeof *s);
}

/* ----------------------------------------------------------- the jobs */

/* Run the next queued engine job (a move, a hint, an analysis, a part of
 * a review); returns the jobs still waiting. The worker calls it until 0,
 * reading its messages between two calls. */
EXPORT(awale_run) int awale_run(void) { return app ? pool_run_one(app->pool) : 0; }

EXPORT(awale_jobs) int awale_jobs(void) { return app ? pool_waiting(app->pool) : 0; }

/* The server's timers, called by the worker every 200 ms: clocks that ran
 * out, and once a second idle games and the streams' keep-alive. */
EXPORT(awale_tick) void awale_tick(void)
{
    if (!app)
        return;
    web_app_clock_tick(app);
    const int64_t now = web_now_ms();
    if (now - last_tick_ms >= 1000) {
        last_tick_ms = now;
        web_app_tick(app);
    }
}

/* Table files were put in /tables: the rule sets found without tables are
 * looked for again when a game next needs them (the games get them at
 * their next engine job), the default rules' now. */
EXPORT(awale_tables_added) void awale_tables_added(void)
{
    if (!app)
        return;
    pthread_mutex_lock(&app->lock);
    int n = 0;
    for (int i = 0; i < app->ntables; i++)
        if (!app->tables[i].ready || app->tables[i].tables)
            app->tables[n++] = app->tables[i];
    app->ntables = n;
    pthread_mutex_unlock(&app->lock);
    /* The default rules' at once, as at the start (GET /api/server shows them). */
    const aw_rules rules = aw_rules_default();
    app_tables(app, &rules);
}
