/*
 * file.c - the one way the library opens a file to read (opening books,
 * endgame tables: its only I/O). Only a regular file is read: a named pipe
 * would block open() until a writer came (forever, for a FIFO that nobody
 * writes), and a device or a directory is no book. The file is opened
 * with O_NONBLOCK, so that opening a FIFO returns at once, then checked
 * with fstat on the descriptor itself (no race between a check and the
 * open), and O_NONBLOCK is cleared again for the reads.
 */
#include "rules_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a file of this st_mode is, in words. */
static const char *file_kind(unsigned mode)
{
    if (S_ISFIFO(mode))
        return "a named pipe";
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "another kind of file";
}

int aw_file_open(const char *path, aw_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return aw_fail(err, "%s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        const int e = errno;
        close(fd);
        return aw_fail(err, "%s", strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return aw_fail(err, "not a regular file (%s)", file_kind((unsigned)st.st_mode));
    }
    const int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        const int e = errno;
        close(fd);
        return aw_fail(err, "%s", strerror(e));
    }
    return fd;
}
