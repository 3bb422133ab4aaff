/*
 * messages.h - the library's messages (aw_error, progress lines) in the
 * player's language (see messages.c).
 */
#ifndef AW_FRONT_MESSAGES_H
#define AW_FRONT_MESSAGES_H

#include "awale.h"

#include <stddef.h>

/* msg, a message the library wrote in English, translated into buf: with
 * tr (the library's translation hook; NULL for gettext, the program's
 * language). A message the table does not know is copied as it is.
 * Returns buf. */
const char *messages_translate(const char *msg, char *buf, size_t size, aw_translate_fn tr,
                               void *ctx);

/* The i-th library format this file knows (English), NULL past the end. */
const char *messages_format(int i);

#endif
