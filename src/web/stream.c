/*
 * stream.c - Server-Sent Event queues (stream.h). One mutex per stream;
 * the wake callback is called with it released, so that it may take the
 * server's locks.
 */
#include "web/stream.h"

#include "util/check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

web_stream *web_stream_new(void)
{
    web_stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    pthread_mutex_init(&s->lock, NULL);
    s->refs = 2;
    s->multipv = 1;
    s->seat = -1;
    return s;
}

void web_stream_release(web_stream *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    AW_ASSERT(s->refs > 0); /* two holders: the game and the HTTP answer */
    const bool last = --s->refs == 0;
    pthread_mutex_unlock(&s->lock);
    if (!last)
        return;
    pthread_mutex_destroy(&s->lock);
    free(s->buf);
    free(s);
}

/* Take the armed callback, to call once the lock is released. */
static void take_wake(web_stream *s, void (**wake)(void *), void **ctx)
{
    *wake = NULL;
    if (s->armed) {
        s->armed = false;
        *wake = s->wake;
        *ctx = s->ctx;
    }
}

static bool append(web_stream *s, const char *const parts[], int nparts)
{
    void (*wake)(void *) = NULL;
    void *ctx = NULL;
    bool ok = true;
    pthread_mutex_lock(&s->lock);
    if (s->ended) {
        pthread_mutex_unlock(&s->lock);
        return false;
    }
    size_t add = 0;
    for (int i = 0; i < nparts; i++)
        add += strlen(parts[i]);
    /* Drop what was read, then grow. */
    if (s->sent > 0) {
        memmove(s->buf, s->buf + s->sent, s->len - s->sent);
        s->len -= s->sent;
        s->sent = 0;
    }
    if (s->len + add > WEB_STREAM_MAX_BYTES) {
        /* The reader does not keep up: end its stream. */
        s->ended = true;
        ok = false;
    } else {
        if (s->len + add + 1 > s->cap) {
            size_t cap = s->cap ? s->cap : 4096;
            while (cap < s->len + add + 1)
                cap *= 2;
            char *b = realloc(s->buf, cap);
            if (!b) {
                s->ended = true;
                ok = false;
            } else {
                s->buf = b;
                s->cap = cap;
            }
        }
        if (ok)
            for (int i = 0; i < nparts; i++) {
                size_t n = strlen(parts[i]);
                memcpy(s->buf + s->len, parts[i], n);
                s->len += n;
            }
    }
    take_wake(s, &wake, &ctx);
    pthread_mutex_unlock(&s->lock);
    if (wake)
        wake(ctx);
    return ok;
}

bool web_stream_event(web_stream *s, const char *name, const char *data)
{
    if (!name) {
        const char *parts[] = {": ", data, "\n\n"};
        return append(s, parts, 3);
    }
    /* Data holds no newline (compact JSON), so one data line suffices. */
    const char *parts[] = {"event: ", name, "\ndata: ", data, "\n\n"};
    return append(s, parts, 5);
}

bool web_stream_raw(web_stream *s, const char *text)
{
    const char *parts[] = {text};
    return append(s, parts, 1);
}

void web_stream_end(web_stream *s)
{
    void (*wake)(void *) = NULL;
    void *ctx = NULL;
    pthread_mutex_lock(&s->lock);
    s->ended = true;
    take_wake(s, &wake, &ctx);
    pthread_mutex_unlock(&s->lock);
    if (wake)
        wake(ctx);
}

size_t web_stream_read(web_stream *s, char *buf, size_t max, bool *ended)
{
    pthread_mutex_lock(&s->lock);
    size_t n = s->len - s->sent;
    if (n > max)
        n = max;
    if (n)
        memcpy(buf, s->buf + s->sent, n);
    s->sent += n;
    *ended = s->ended && s->sent == s->len;
    pthread_mutex_unlock(&s->lock);
    return n;
}

bool web_stream_arm(web_stream *s, void (*wake)(void *ctx), void *ctx)
{
    pthread_mutex_lock(&s->lock);
    const bool wait = s->sent == s->len && !s->ended;
    if (wait) {
        s->armed = true;
        s->wake = wake;
        s->ctx = ctx;
    }
    pthread_mutex_unlock(&s->lock);
    return wait;
}
