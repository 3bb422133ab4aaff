/*
 * announce.h - what `awale serve` says at its start when it listens beyond
 * loopback: the addresses other devices (a phone on the same network) can
 * open, and the QR code of the first one drawn in the terminal.
 */
#ifndef AW_WEB_ANNOUNCE_H
#define AW_WEB_ANNOUNCE_H

#include <stdbool.h>
#include <stdio.h>

#define ANNOUNCE_URL_MAX 300
#define ANNOUNCE_MAX_URLS 16

/* The URLs (http://ADDRESS:PORT/) of a server listening on `host` (as
 * given to --host) at `port`: for a wildcard address (0.0.0.0, ::) every
 * address of this machine's interfaces of that family that is not
 * loopback (nor IPv6 link-local, which needs a zone), then the machine's
 * name (NAME.local when it has no dot: its name on the local network);
 * for another address or name, that one. Returns how many (at most max). */
int announce_urls(const char *host, int port, char urls[][ANNOUNCE_URL_MAX], int max);

/* Print them on `out` (translated words), and the QR code of the first:
 * qr 1 always, 0 never, -1 when `out` is a terminal with UTF-8 (the code
 * is then coloured for any terminal's colours). */
void announce_print(FILE *out, const char *host, int port, int qr);

#endif
