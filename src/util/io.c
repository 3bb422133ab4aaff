/*
 * io.c - the durable atomic write (see io.h): a temporary file next to the
 * target, written, synced, renamed over the target, then the directory
 * synced so that the rename itself survives a crash. The temporary file
 * never outlives a failure: every error path removes it.
 */
#include "util/io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(io_step *step, io_step at)
{
    *step = at;
    return -1;
}

int io_atomic_open(io_atomic *a, const char *path, io_naming naming, io_step *step)
{
    a->fd = -1;
    const int n = naming == IO_PID
                      ? snprintf(a->tmp, sizeof a->tmp, "%s.tmp.%ld", path, (long)getpid())
                      : snprintf(a->tmp, sizeof a->tmp, "%s.tmp.XXXXXX", path);
    if (n < 0 || (size_t)n >= sizeof a->tmp) {
        errno = ENAMETOOLONG;
        return fail(step, IO_CREATE);
    }
    if (naming == IO_PID) {
        a->fd = open(a->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        return a->fd < 0 ? fail(step, IO_CREATE) : 0;
    }
#if defined(__wasi__)
    /* WebAssembly has no mkstemp: a counter in place of the X's, O_EXCL. */
    static unsigned serial;
    char *x = a->tmp + n - 6;
    for (int tries = 0; a->fd < 0 && tries < 1000; tries++) {
        snprintf(x, 7, "%06u", serial++ % 1000000u);
        a->fd = open(a->tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (a->fd < 0 && errno != EEXIST)
            break;
    }
#else
    a->fd = mkstemp(a->tmp);
#endif
    if (a->fd < 0)
        return fail(step, IO_CREATE);
#if !defined(__wasi__) /* WebAssembly: no modes, no umask */
    /* mkstemp creates the file 0600; give it the mode of a new file (the
     * umask is read back at once: IO_UNIQUE is for the front ends, which
     * write their files from one thread). */
    const mode_t mask = umask(022);
    umask(mask);
    if (fchmod(a->fd, 0666 & ~mask) != 0) {
        const int e = errno;
        io_atomic_abandon(a);
        errno = e;
        return fail(step, IO_MODE);
    }
#endif
    return 0;
}

void io_atomic_abandon(io_atomic *a)
{
    if (a->fd >= 0) {
        const int e = errno;
        close(a->fd);
        unlink(a->tmp);
        a->fd = -1;
        errno = e;
    }
}

int io_atomic_commit(io_atomic *a, const char *path, io_step *step)
{
    if (fsync(a->fd) != 0 && errno != EINVAL) {
        io_atomic_abandon(a);
        return fail(step, IO_SYNC);
    }
    const int fd = a->fd;
    a->fd = -1;
    if (close(fd) != 0) {
        const int e = errno;
        unlink(a->tmp);
        errno = e;
        return fail(step, IO_CLOSE);
    }
    if (rename(a->tmp, path) != 0) {
        const int e = errno;
        unlink(a->tmp);
        errno = e;
        return fail(step, IO_RENAME);
    }
    /* Make the rename itself durable. */
    char dir[sizeof a->tmp];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = 0;
        int dfd = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    *step = IO_OK;
    return 0;
}

int io_replace(io_atomic *a, const char *path, const void *data, size_t size, io_naming naming,
               io_step *step)
{
    if (io_atomic_open(a, path, naming, step))
        return -1;
    if (io_write_all(a->fd, data, size)) {
        io_atomic_abandon(a);
        return fail(step, IO_WRITE);
    }
    return io_atomic_commit(a, path, step);
}

/* write(2) (at < 0) or pwrite(2) at `at`, until all n bytes are written. */
static int write_loop(int fd, const void *buf, size_t n, off_t at)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t w = at < 0 ? write(fd, p, n) : pwrite(fd, p, n, at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return -1;
        }
        p += w, n -= (size_t)w;
        if (at >= 0)
            at += w;
    }
    return 0;
}

int io_write_all(int fd, const void *buf, size_t n) { return write_loop(fd, buf, n, -1); }

int io_pwrite_all(int fd, const void *buf, size_t n, off_t at)
{
    return at < 0 ? (errno = EINVAL, -1) : write_loop(fd, buf, n, at);
}
