/*
 * random.c - getrandom() made of WASI's getentropy() (see
 * src/wasm/include/sys/random.h), which gives at most 256 bytes a call.
 */
#include <errno.h>
#include <sys/random.h>
#include <unistd.h>

ssize_t getrandom(void *buf, size_t len, unsigned flags)
{
    (void)flags;
    unsigned char *p = buf;
    size_t done = 0;
    while (done < len) {
        const size_t n = len - done > 256 ? 256 : len - done;
        if (getentropy(p + done, n) != 0)
            return done ? (ssize_t)done : -1;
        done += n;
    }
    return (ssize_t)done;
}
