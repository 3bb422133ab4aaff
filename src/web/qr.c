/*
 * qr.c - QR codes (qr.h): libqrencode makes the modules, this file draws
 * them as an SVG text or with half blocks for a terminal.
 */
#include "web/qr.h"

#include <errno.h>
#include <qrencode.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The code's modules, or NULL with errno set. */
static QRcode *encode(const char *text)
{
    if (!text || !*text) {
        errno = EINVAL;
        return NULL;
    }
    if (strlen(text) > QR_MAX_TEXT) {
        errno = ERANGE;
        return NULL;
    }
    QRcode *q = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M);
    if (!q && errno != ENOMEM)
        errno = ERANGE; /* does not fit any version */
    return q;
}

/* A text that grows (the drawing). */
typedef struct buf {
    char *s;
    size_t len, cap;
    bool failed;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static char *done(buf *b)
{
    if (b->failed || !b->s) {
        free(b->s);
        errno = ENOMEM;
        return NULL;
    }
    return b->s;
}

static bool dark(const QRcode *q, int x, int y)
{
    return x >= 0 && y >= 0 && x < q->width && y < q->width &&
           (q->data[(size_t)y * (size_t)q->width + (size_t)x] & 1);
}

char *qr_svg(const char *text, int *version)
{
    QRcode *q = encode(text);
    if (!q)
        return NULL;
    const int size = q->width + 2 * QR_QUIET_SVG;
    buf b = {NULL, 0, 0, false};
    char tmp[160];
    snprintf(tmp, sizeof tmp,
             "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
             "height=\"%d\" shape-rendering=\"crispEdges\">",
             size, size, size * 8, size * 8);
    puts_(&b, tmp);
    snprintf(tmp, sizeof tmp, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><path d=\"", size,
             size);
    puts_(&b, tmp);
    /* Each run of dark modules in a row is one rectangle. */
    for (int y = 0; y < q->width; y++) {
        for (int x = 0; x < q->width;) {
            if (!dark(q, x, y)) {
                x++;
                continue;
            }
            int run = 1;
            while (dark(q, x + run, y))
                run++;
            snprintf(tmp, sizeof tmp, "M%d %dh%dv1h-%dz", x + QR_QUIET_SVG, y + QR_QUIET_SVG, run,
                     run);
            puts_(&b, tmp);
            x += run;
        }
    }
    puts_(&b, "\" fill=\"#000\"/></svg>\n");
    if (version)
        *version = q->version;
    QRcode_free(q);
    return done(&b);
}

char *qr_terminal(const char *text, bool ansi, int *rows, int *version)
{
    QRcode *q = encode(text);
    if (!q)
        return NULL;
    /* Light modules are ink: the margin and the code's light modules. */
    static const char *const cell[4] = {" ", "\xe2\x96\x84", "\xe2\x96\x80", "\xe2\x96\x88"};
    const int lo = -QR_QUIET_TERM, hi = q->width + QR_QUIET_TERM; /* [lo, hi) */
    buf b = {NULL, 0, 0, false};
    int n = 0;
    for (int y = lo; y < hi; y += 2, n++) {
        if (ansi)
            puts_(&b, "\x1b[97;40m");
        for (int x = lo; x < hi; x++) {
            const bool top = !dark(q, x, y);
            const bool bottom = y + 1 < hi && !dark(q, x, y + 1);
            puts_(&b, cell[(top ? 2 : 0) | (bottom ? 1 : 0)]);
        }
        if (ansi)
            puts_(&b, "\x1b[0m");
        puts_(&b, "\n");
    }
    if (rows)
        *rows = n;
    if (version)
        *version = q->version;
    QRcode_free(q);
    return done(&b);
}
