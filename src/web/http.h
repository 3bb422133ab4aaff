/*
 * http.h - a request and its answer as the API sees them, without the HTTP
 * library: server.c fills a web_request from libmicrohttpd and sends the
 * web_reply; the fuzz target and routes.c use them directly. An answer is
 * either ready at once (a reply), computed later by a worker thread (a
 * pending reply: an engine move, a hint), or a stream of Server-Sent Events
 * (the analysis).
 */
#ifndef AW_WEB_HTTP_H
#define AW_WEB_HTTP_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define WEB_MAX_QUERY 16
#define WEB_CLIENT_MAX 48 /* a client's address as text, with its NUL */

typedef struct web_query {
    const char *key, *value; /* value may be NULL ("?flag") */
} web_query;

typedef struct web_request {
    const char *method;       /* "GET", "POST", ... */
    const char *path;         /* decoded, without the query string */
    web_query query[WEB_MAX_QUERY];
    int nquery;
    bool query_overflow;      /* more arguments than WEB_MAX_QUERY */
    const char *body;         /* NUL-terminated copy (may hold NULs: body_len counts) */
    size_t body_len;
    bool body_too_large;      /* the body was over the limit (413) */
    const char *content_type; /* headers, NULL when absent */
    const char *host;
    const char *origin;
    const char *if_none_match;
    const char *authorization; /* "Bearer TOKEN" (a seat of a game with a friend) */
    const char *last_event_id; /* an event stream resumed after this event */
    const char *client;       /* the client's address ("127.0.0.1"), NULL: unknown
                                 (then no limit per client applies) */
} web_request;

/* The answer: status, exact content type, body and the few headers that
 * depend on the route. The body is either owned (malloc'ed `body`) or a
 * static file (`fixed`, not freed). */
typedef struct web_reply {
    int status;
    const char *type;
    char *body;
    const unsigned char *fixed;
    size_t len;
    bool is_static;           /* a static file: revalidated with its ETag */
    const char *etag;
    const char *allow;        /* 405: the methods allowed */
    int retry_after;          /* 503, 429: seconds to wait (0: none): Retry-After */
    char location[64];        /* 201: the new resource */
    char disposition[96];     /* Content-Disposition (a download) */
} web_reply;

void web_reply_free(web_reply *r);

/* Copy `in` to `out` (at most size - 1 bytes, whole characters) as valid
 * UTF-8: each byte that does not belong to a well-formed character becomes
 * U+FFFD. */
void web_utf8_clean(const char *in, char *out, size_t size);

/* The JSON error answer {"error": "..."} with `status`. */
void web_reply_error(web_reply *r, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* An owned JSON text as the answer (takes `text`, from json_dumps). */
void web_reply_json_text(web_reply *r, int status, char *text);

/* A reply computed by a worker. The router creates it; the worker fills
 * `reply` and calls web_pending_complete; the server arms it once the
 * connection waits, and is told (notify, from the worker's thread, or at
 * once from web_pending_arm) when the reply is there. Two owners: the
 * worker and the server; web_pending_release frees at the second. */
typedef struct web_pending {
    pthread_mutex_t lock;
    web_reply reply;
    bool done, armed;
    int refs;
    void (*notify)(void *ctx);
    void *ctx;
    /* Set by the worker before completing: the answer is not `reply` but
     * that of this second pending reply (a reference the worker gives):
     * the server waits for it in turn. Released with this one. */
    struct web_pending *next;
} web_pending;

web_pending *web_pending_new(void);
/* Returns true when the reply is already there (notify is then not called). */
bool web_pending_arm(web_pending *p, void (*notify)(void *ctx), void *ctx);
void web_pending_complete(web_pending *p);
void web_pending_release(web_pending *p);

#endif
