/*
 * qr.h - QR codes of a text (an address to open on a phone) with
 * libqrencode: as an SVG image for the page, and drawn in a terminal with
 * Unicode half blocks for the server's start.
 */
#ifndef AW_WEB_QR_H
#define AW_WEB_QR_H

#include <stdbool.h>
#include <stddef.h>

#define QR_MAX_TEXT 512 /* the longest text the server encodes */
#define QR_QUIET_SVG 4  /* the light margin, in modules: the standard's */
#define QR_QUIET_TERM 2 /* in a terminal: a line's height is scarce */

/* The SVG image (malloc'ed, NUL-terminated) of the QR code of `text`
 * (1..QR_MAX_TEXT bytes, error correction level M): a square of
 * 17 + 4 * version modules plus QR_QUIET_SVG each side, one module a unit
 * of its viewBox. *version (if not NULL) is the code's version (1..40).
 * The same text always gives the same image. NULL when the text is empty
 * or too long, or out of memory (errno says which: EINVAL, ERANGE,
 * ENOMEM). Any thread. */
char *qr_svg(const char *text, int *version);

/* The code drawn for a terminal (malloc'ed, lines ending in "\n"): each
 * character is two modules one above the other (the half blocks ▀ ▄ █),
 * with a margin of QR_QUIET_TERM modules, so
 * (17 + 4 * version + 2 * QR_QUIET_TERM + 1) / 2 lines. The light modules
 * are drawn (as on a dark terminal); with `ansi`, every line is coloured
 * white on black so that the code reads on any terminal's colours.
 * *rows (if not NULL) the number of lines. NULL as qr_svg. */
char *qr_terminal(const char *text, bool ansi, int *rows, int *version);

#endif
