/*
 * fuzz_web.c - libFuzzer target for the web server's request handling: the
 * router of src/web (paths, query arguments, headers, JSON bodies) without
 * the HTTP library. The input is
 *
 *     METHOD\nPATH[?QUERY]\nCONTENT-TYPE\nBODY...
 *
 * where "{id}" in the path stands for a game the target made first, so
 * that the game's handlers are reached; "{fid}" for a game with a friend's
 * seat, "{code}" for its invitation and "{token}" for its creator's token
 * (a METHOD ending in "+AUTH" sends that token as Authorization: Bearer,
 * one ending in "+LAST" sends Last-Event-ID: 1). Every answer must be a complete
 * reply: a status, a content type, and for an error a JSON object with an
 * "error" string; engine jobs run on the pool with tiny time limits and are
 * waited for; an analysis stream is read for a moment, then closed.
 */
#include "web/app.h"

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static web_app *app;
static char game_id[32], friend_id[32], friend_code[40], friend_token[40];
static int uses;

typedef struct waiter {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
} waiter;

static void wake(void *ctx)
{
    waiter *w = ctx;
    pthread_mutex_lock(&w->lock);
    w->done = 1;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

static void check_reply(const web_reply *r)
{
    if (r->status < 200 || r->status > 599 || (!r->type && r->status != 304))
        abort();
    if (r->status >= 400) {
        json_error_t e;
        json_t *o = json_loadb(r->body, r->len, 0, &e);
        if (!o || !json_is_string(json_object_get(o, "error")))
            abort();
        json_decref(o);
    }
}

static void serve(char *method, char *path, const char *type, const char *body, size_t len)
{
    web_request req;
    memset(&req, 0, sizeof req);
    char bearer[64];
    snprintf(bearer, sizeof bearer, "Bearer %s", friend_token);
    for (char *plus; (plus = strrchr(method, '+'));) {
        if (!strcmp(plus, "+AUTH"))
            req.authorization = bearer;
        else if (!strcmp(plus, "+LAST"))
            req.last_event_id = "1";
        *plus = 0;
    }
    req.method = method;
    req.content_type = *type ? type : NULL;
    req.host = "127.0.0.1:8080";
    req.body = body;
    req.body_len = len;
    char *q = strchr(path, '?');
    if (q) {
        *q++ = 0;
        for (char *arg = strtok(q, "&"); arg; arg = strtok(NULL, "&")) {
            if (req.nquery == WEB_MAX_QUERY) {
                req.query_overflow = true;
                break;
            }
            char *eq = strchr(arg, '=');
            if (eq)
                *eq++ = 0;
            req.query[req.nquery].key = arg;
            req.query[req.nquery++].value = eq;
        }
    }
    req.path = path;
    web_reply reply;
    web_pending *pending;
    web_stream *stream;
    const web_outcome out = web_route(app, &req, &reply, &pending, &stream);
    if (out == WEB_PENDING) {
        for (;;) {
            waiter w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
            if (!web_pending_arm(pending, wake, &w)) {
                pthread_mutex_lock(&w.lock);
                while (!w.done)
                    pthread_cond_wait(&w.cond, &w.lock);
                pthread_mutex_unlock(&w.lock);
            }
            /* A record imported, then the computer's move: its answer. */
            web_pending *next = pending->next;
            pending->next = NULL;
            if (!next)
                check_reply(&pending->reply);
            web_pending_release(pending);
            if (!next)
                break;
            pending = next;
        }
    } else if (out == WEB_STREAM) {
        char buf[512];
        bool ended;
        for (int i = 0; i < 3; i++)
            web_stream_read(stream, buf, sizeof buf, &ended);
        web_app_stream_closed(app, stream);
    } else {
        check_reply(&reply);
        web_reply_free(&reply);
    }
}

/* A fresh app now and then, so that games never fill it up. */
static void ensure_app(void)
{
    if (app && ++uses < 48)
        return;
    web_app_free(app);
    web_config cfg = web_config_default();
    cfg.searches = 1;
    cfg.queue = 4;
    cfg.max_games = 16;
    cfg.max_movetime_ms = 20;
    cfg.hint_ms = 10;
    cfg.analysis_ms = 30;
    cfg.eval_budget_ms = 30;
    cfg.hash_mb = 1;
    cfg.max_body = 4096;
    char err[256];
    if (!(app = web_app_new(&cfg, err, sizeof err)))
        abort();
    uses = 0;
    /* A game between people, for "{id}". */
    web_request req;
    memset(&req, 0, sizeof req);
    req.method = "POST";
    req.path = "/api/games";
    req.content_type = "application/json";
    req.body = "{\"north\":\"human\"}";
    req.body_len = strlen(req.body);
    web_reply reply;
    web_pending *pending;
    web_stream *stream;
    if (web_route(app, &req, &reply, &pending, &stream) != WEB_REPLY || reply.status != 201)
        abort();
    json_t *o = json_loadb(reply.body, reply.len, 0, NULL);
    snprintf(game_id, sizeof game_id, "%s", json_string_value(json_object_get(o, "id")));
    json_decref(o);
    web_reply_free(&reply);
    /* A game with a friend's seat, for "{fid}", "{code}", "{token}". */
    req.body = "{\"north\":\"friend\",\"name\":\"Ana\",\"clock\":{\"base\":60}}";
    req.body_len = strlen(req.body);
    if (web_route(app, &req, &reply, &pending, &stream) != WEB_REPLY || reply.status != 201)
        abort();
    o = json_loadb(reply.body, reply.len, 0, NULL);
    const char *invite = json_string_value(json_object_get(o, "invite"));
    snprintf(friend_id, sizeof friend_id, "%s", json_string_value(json_object_get(o, "id")));
    snprintf(friend_token, sizeof friend_token, "%s", json_string_value(json_object_get(o, "token")));
    snprintf(friend_code, sizeof friend_code, "%s", invite ? strrchr(invite, '/') + 1 : "");
    json_decref(o);
    web_reply_free(&reply);
}

/* The path with "{id}", "{fid}", "{code}" and "{token}" replaced. */
static void expand(const char *in, char *out, size_t size)
{
    static const struct {
        const char *mark;
        const char *value;
    } marks[] = {{"{id}", game_id}, {"{fid}", friend_id}, {"{code}", friend_code},
                 {"{token}", friend_token}};
    size_t n = 0;
    while (*in && n + 1 < size) {
        bool done = false;
        for (size_t k = 0; k < sizeof marks / sizeof marks[0] && !done; k++) {
            const size_t ml = strlen(marks[k].mark);
            if (!strncmp(in, marks[k].mark, ml)) {
                n += (size_t)snprintf(out + n, size - n, "%s", marks[k].value);
                if (n >= size)
                    n = size - 1;
                in += ml;
                done = true;
            }
        }
        if (!done)
            out[n++] = *in++;
    }
    out[n] = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    ensure_app();
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    /* Three lines, then the body. */
    char *lines[3] = {"", "", ""};
    char *p = text;
    for (int i = 0; i < 3; i++) {
        lines[i] = p;
        char *nl = memchr(p, '\n', (size_t)(text + size - p));
        if (!nl) {
            p = text + size;
            break;
        }
        *nl = 0;
        p = nl + 1;
    }
    const size_t body_len = (size_t)(text + size - p);
    char path[4200];
    expand(lines[1], path, sizeof path);
    /* The router sees the body as the server gives it: NUL-terminated. */
    char *body = malloc(body_len + 1);
    memcpy(body, p, body_len);
    body[body_len] = 0;
    serve(lines[0], path, lines[2], body, body_len);
    free(body);
    free(text);
    return 0;
}
