/*
 * http.c - answers (http.h): JSON errors, JSON values, and the pending
 * reply a worker completes for a suspended connection.
 */
#include "web/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ replies */

void web_reply_free(web_reply *r)
{
    free(r->body);
    r->body = NULL;
}

void web_reply_json_text(web_reply *r, int status, char *text)
{
    free(r->body);
    r->status = status;
    r->type = "application/json";
    r->body = text;
    r->len = text ? strlen(text) : 0;
    if (!text) { /* out of memory while writing the answer */
        r->status = 500;
        r->body = strdup("{\"error\":\"out of memory\"}");
        r->len = r->body ? strlen(r->body) : 0;
    }
}

void web_reply_error(web_reply *r, int status, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *o = json_pack("{s:s}", "error", msg);
    web_reply_json_text(r, status, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
}

/* Take a JSON value (a new reference) as the answer. */
void web_reply_value(web_reply *r, int status, json_t *o)
{
    web_reply_json_text(r, status, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
}

web_pending *web_pending_new(void)
{
    web_pending *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    p->refs = 2;
    return p;
}

bool web_pending_arm(web_pending *p, void (*notify)(void *ctx), void *ctx)
{
    pthread_mutex_lock(&p->lock);
    const bool done = p->done;
    if (!done) {
        p->armed = true;
        p->notify = notify;
        p->ctx = ctx;
    }
    pthread_mutex_unlock(&p->lock);
    return done;
}

void web_pending_complete(web_pending *p)
{
    pthread_mutex_lock(&p->lock);
    p->done = true;
    void (*notify)(void *) = p->armed ? p->notify : NULL;
    void *ctx = p->ctx;
    p->armed = false;
    pthread_mutex_unlock(&p->lock);
    if (notify)
        notify(ctx);
}

void web_pending_release(web_pending *p)
{
    pthread_mutex_lock(&p->lock);
    const bool last = --p->refs == 0;
    pthread_mutex_unlock(&p->lock);
    if (last) {
        web_reply_free(&p->reply);
        pthread_mutex_destroy(&p->lock);
        free(p);
    }
}

