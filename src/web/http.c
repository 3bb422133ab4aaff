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

/* The length of the UTF-8 character at s (1-4), or 0 when the bytes there
 * are not one (a stray or cut sequence, an overlong form, a surrogate,
 * beyond U+10FFFF). */
static size_t utf8_char(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n;
    unsigned cp;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2, cp = s[0] & 0x1f;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3, cp = s[0] & 0x0f;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4, cp = s[0] & 0x07;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) /* the NUL at the end stops here too */
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

void web_utf8_clean(const char *in, char *out, size_t size)
{
    static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */
    const unsigned char *s = (const unsigned char *)in;
    size_t o = 0;
    while (*s) {
        const size_t n = utf8_char(s);
        const char *from = n ? (const char *)s : replacement;
        const size_t len = n ? n : 3;
        if (o + len >= size)
            break;
        memcpy(out + o, from, len);
        o += len;
        s += n ? n : 1;
    }
    if (size)
        out[o] = 0;
}

void web_reply_error(web_reply *r, int status, const char *fmt, ...)
{
    /* Messages quote what the client sent (a path, a field's name, a
     * Host), cut at a byte count: made valid UTF-8, so that the answer is
     * always JSON. */
    char raw[600], msg[3 * sizeof raw];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    web_utf8_clean(raw, msg, sizeof msg);
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
        if (p->next)
            web_pending_release(p->next);
        web_reply_free(&p->reply);
        pthread_mutex_destroy(&p->lock);
        free(p);
    }
}

