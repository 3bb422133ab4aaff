/*
 * announce.c - the addresses other devices can open, and their QR code, at
 * the server's start (announce.h).
 */
#define _GNU_SOURCE /* getifaddrs' struct with the glibc headers */
#include "web/announce.h"

#include "front/i18n.h"
#include "web/qr.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int add(char urls[][ANNOUNCE_URL_MAX], int n, int max, const char *host, bool v6,
               int port)
{
    if (n >= max)
        return n;
    char url[ANNOUNCE_URL_MAX];
    snprintf(url, sizeof url, v6 ? "http://[%s]:%d/" : "http://%s:%d/", host, port);
    for (int i = 0; i < n; i++)
        if (!strcmp(urls[i], url))
            return n;
    memcpy(urls[n], url, sizeof url);
    return n + 1;
}

int announce_urls(const char *host, int port, char urls[][ANNOUNCE_URL_MAX], int max)
{
    int n = 0;
    const bool any4 = !strcmp(host, "0.0.0.0");
    const bool any6 = !strcmp(host, "::") || !strcmp(host, "[::]");
    struct in6_addr a6;
    if (!any4 && !any6)
        return add(urls, 0, max, host, inet_pton(AF_INET6, host, &a6) == 1, port);
    struct ifaddrs *ifs = NULL;
    if (getifaddrs(&ifs) == 0) {
        for (const struct ifaddrs *i = ifs; i; i = i->ifa_next) {
            if (!i->ifa_addr)
                continue;
            char text[INET6_ADDRSTRLEN];
            if (any4 && i->ifa_addr->sa_family == AF_INET) {
                const struct in_addr *a = &((const struct sockaddr_in *)i->ifa_addr)->sin_addr;
                if ((ntohl(a->s_addr) >> 24) == 127)
                    continue;
                inet_ntop(AF_INET, a, text, sizeof text);
                n = add(urls, n, max, text, false, port);
            } else if (any6 && i->ifa_addr->sa_family == AF_INET6) {
                const struct in6_addr *a = &((const struct sockaddr_in6 *)i->ifa_addr)->sin6_addr;
                if (IN6_IS_ADDR_LOOPBACK(a) || IN6_IS_ADDR_LINKLOCAL(a) ||
                    IN6_IS_ADDR_V4MAPPED(a))
                    continue;
                inet_ntop(AF_INET6, a, text, sizeof text);
                n = add(urls, n, max, text, true, port);
            }
        }
        freeifaddrs(ifs);
    }
    char name[256];
    if (gethostname(name, sizeof name - 8) == 0) {
        name[sizeof name - 9] = 0;
        if (name[0] && strcmp(name, "localhost") != 0) {
            if (!strchr(name, '.'))
                strcat(name, ".local");
            n = add(urls, n, max, name, false, port);
        }
    }
    return n;
}

void announce_print(FILE *out, const char *host, int port, int qr)
{
    char urls[ANNOUNCE_MAX_URLS][ANNOUNCE_URL_MAX];
    const int n = announce_urls(host, port, urls, ANNOUNCE_MAX_URLS);
    if (n == 0) {
        fprintf(out, "%s\n", _("No network address found for other devices: this machine has "
                               "only its loopback address."));
        return;
    }
    fprintf(out, "%s\n", _("Other devices on the network can open:"));
    for (int i = 0; i < n; i++)
        fprintf(out, "  %s\n", urls[i]);
    const bool tty = isatty(fileno(out)) && i18n_utf8();
    if (qr == 0 || (qr < 0 && !tty))
        return;
    char *drawing = qr_terminal(urls[0], tty, NULL, NULL);
    if (!drawing)
        return;
    fprintf(out, _("The QR code of %s (a phone's camera opens it):\n"), urls[0]);
    fputs(drawing, out);
    free(drawing);
}
