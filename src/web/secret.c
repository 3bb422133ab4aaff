/*
 * secret.c - the server's secrets (secret.h): random bits from getrandom()
 * and their comparison in constant time.
 */
#define _GNU_SOURCE /* getrandom */
#include "web/secret.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>

int secret_new(char out[SECRET_HEX + 1])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char bytes[SECRET_BYTES];
    size_t got = 0;
    out[0] = 0;
    while (got < sizeof bytes) {
        const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        got += (size_t)n;
    }
    for (int i = 0; i < SECRET_BYTES; i++) {
        out[2 * i] = hex[bytes[i] >> 4];
        out[2 * i + 1] = hex[bytes[i] & 15];
    }
    out[SECRET_HEX] = 0;
    /* The bytes do not stay on the stack. */
    volatile unsigned char *v = bytes;
    for (size_t i = 0; i < sizeof bytes; i++)
        v[i] = 0;
    return 0;
}

bool secret_equal(const char *given, const char *expected)
{
    if (!given || !expected)
        return false;
    /* SECRET_HEX + 1 steps whatever the texts: `end` stays 1 once given
     * ended, and from then on its NUL is compared in place of the rest, so
     * that nothing past its end is read. The difference of every step is
     * or-ed into `diff`; the NULs at SECRET_HEX check the lengths. */
    unsigned diff = 0;
    size_t gi = 0;
    for (size_t i = 0; i <= SECRET_HEX; i++) {
        const unsigned char g = (unsigned char)given[gi];
        const unsigned char e = (unsigned char)expected[i];
        diff |= (unsigned)(g ^ e);
        /* gi += (g != 0) without a branch: of a byte g, (g | -g) has its
         * top bit set exactly when g is not 0. */
        gi += (size_t)(((g | (unsigned char)(0u - (unsigned)g)) >> 7) & 1u);
    }
    return diff == 0;
}
