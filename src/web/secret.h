/*
 * secret.h - the server's secrets (the tokens of a game's seats, the codes
 * of invitations): 128 random bits from the kernel as 32 lower-case hex
 * digits, and their comparison in constant time.
 */
#ifndef AW_WEB_SECRET_H
#define AW_WEB_SECRET_H

#include <stdbool.h>
#include <stddef.h>

#define SECRET_BYTES 16                    /* 128 bits */
#define SECRET_HEX (2 * SECRET_BYTES)      /* 32 hex digits */

/* Fill out[SECRET_HEX + 1] with a new secret (32 hex digits and a NUL),
 * from getrandom() (interrupted calls are retried). Returns 0, or -1 with
 * errno set and out an empty string when the kernel gives no randomness
 * (never a weak secret). */
int secret_new(char out[SECRET_HEX + 1]);

/* Whether `given` (any text, NULL allowed: false) is `expected` (a secret
 * of SECRET_HEX characters), in a time that depends on neither: every one
 * of SECRET_HEX characters is compared without an early exit, and a
 * `given` of another length is read only up to its end (a shorter one is
 * compared with its NUL and what follows it is not read). */
bool secret_equal(const char *given, const char *expected);

#endif
