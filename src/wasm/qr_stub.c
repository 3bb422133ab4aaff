/*
 * qr_stub.c - QR codes (src/web/qr.h) in the page: none. They show the
 * address of an invitation for a friend's device, and games with a friend
 * need the server (`awale serve`); the route says so (routes.c).
 */
#include "web/qr.h"

#include <errno.h>
#include <stddef.h>

char *qr_svg(const char *text, int *version)
{
    (void)text, (void)version;
    errno = ENOSYS;
    return NULL;
}

char *qr_terminal(const char *text, bool ansi, int *rows, int *version)
{
    (void)text, (void)ansi, (void)rows, (void)version;
    errno = ENOSYS;
    return NULL;
}
