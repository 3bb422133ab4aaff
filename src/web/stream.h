/*
 * stream.h - a stream of Server-Sent Events: a byte queue that producers
 * (the analysis, the keep-alive timer) append events to and the server
 * drains into the connection. When the queue is empty the server suspends
 * the connection and arms the stream; the next event wakes it. A reader
 * that falls too far behind has its stream ended rather than the server's
 * memory grow.
 */
#ifndef AW_WEB_STREAM_H
#define AW_WEB_STREAM_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define WEB_STREAM_MAX_BYTES (256 * 1024)

enum { WEB_STREAM_ANALYSIS = 0, WEB_STREAM_EVENTS = 1 };

typedef struct web_stream {
    pthread_mutex_t lock;
    char *buf;
    size_t len, cap, sent; /* bytes queued, capacity, bytes already read */
    bool ended;            /* no more events: the reader ends after the queue */
    bool armed;            /* the reader waits for an event */
    void (*wake)(void *ctx);
    void *ctx;
    int refs;
    int multipv;           /* what the reader asked for */
    void *owner;           /* the game it belongs to (routes.c) */
    int kind;              /* WEB_STREAM_ANALYSIS or WEB_STREAM_EVENTS */
    int seat;              /* events: the seat whose token opened it (-1: a watcher) */
    char client[48];       /* the reader's address ("": unknown) */
} web_stream;

/* A stream with two owners: the producer side and the reader. */
web_stream *web_stream_new(void);
void web_stream_release(web_stream *s);

/* Queue "event: NAME\ndata: DATA\n\n" (NAME may be NULL for a comment line
 * holding DATA). Returns false when the stream has ended. */
bool web_stream_event(web_stream *s, const char *name, const char *data);
/* Queue raw text. */
bool web_stream_raw(web_stream *s, const char *text);
/* No more events; the reader ends once it has read the queue. */
void web_stream_end(web_stream *s);

/* Copy up to max bytes of the queue into buf. Returns the bytes copied,
 * 0 when the queue is empty (then *ended tells whether it is over). */
size_t web_stream_read(web_stream *s, char *buf, size_t max, bool *ended);

/* The reader is about to wait: returns true and arms `wake` (called once,
 * from a producer's thread, at the next event or the end) when nothing is
 * queued; false when something came in meanwhile (read again). */
bool web_stream_arm(web_stream *s, void (*wake)(void *ctx), void *ctx);

#endif
