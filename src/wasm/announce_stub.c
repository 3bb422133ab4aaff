/*
 * announce_stub.c - the addresses other devices can use (src/web/announce.h)
 * in the page: none, it listens on no network (friends need the server,
 * `awale serve`).
 */
#include "web/announce.h"

int announce_urls(const char *host, int port, char urls[][ANNOUNCE_URL_MAX], int max)
{
    (void)host, (void)port, (void)urls, (void)max;
    return 0;
}

void announce_print(FILE *out, const char *host, int port, int qr)
{
    (void)host, (void)port, (void)qr;
    fputs("no addresses: the page serves nobody else (games with a friend need awale serve)\n",
          out);
}
