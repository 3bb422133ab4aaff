/*
 * textfile.c - whole text files for the front ends (see textfile.h). Writes
 * go to a temporary file next to the target, flushed to disk, then renamed
 * over it (io_replace, src/util/io.h): readers see the old file or the new
 * one, never a mix. Only
 * regular files are read (textfile_open): a named pipe would block the
 * open until a writer came, and then the program with it.
 */
#include "front/textfile.h"

#include "front/i18n.h"
#include "util/io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a file of this st_mode is, in words. */
static const char *file_kind(mode_t mode)
{
    if (S_ISFIFO(mode))
        return _("a named pipe");
    if (S_ISDIR(mode))
        return _("a directory");
    if (S_ISCHR(mode))
        return _("a character device");
    if (S_ISBLK(mode))
        return _("a block device");
    if (S_ISSOCK(mode))
        return _("a socket");
    return _("another kind of file");
}

int textfile_open(const char *path, char *err, size_t errsize)
{
    /* O_NONBLOCK: opening a named pipe returns at once instead of waiting
     * for a writer; fstat then looks at what was opened (no race between
     * a check and the open), and the reads block again as usual. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errsize, _("cannot open %s: %s"), path, strerror(errno));
        return -1;
    }
    struct stat st;
    int flags;
    if (fstat(fd, &st) != 0 || (S_ISREG(st.st_mode) && ((flags = fcntl(fd, F_GETFL)) < 0 ||
                                                         fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0))) {
        snprintf(err, errsize, _("cannot open %s: %s"), path, strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        /* TRANSLATORS: the second %s is the kind of file: "a named pipe", "a directory". */
        snprintf(err, errsize, _("cannot read %s: not a regular file (%s)"), path,
                 file_kind(st.st_mode));
        close(fd);
        return -1;
    }
    return fd;
}

char *textfile_read(const char *path, size_t max, char *err, size_t errsize)
{
    FILE *f = stdin;
    if (strcmp(path, "-") != 0) {
        int fd = textfile_open(path, err, errsize);
        if (fd < 0)
            return NULL;
        if (!(f = fdopen(fd, "rb"))) {
            snprintf(err, errsize, _("cannot open %s: %s"), path, strerror(errno));
            close(fd);
            return NULL;
        }
    }
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            snprintf(err, errsize, _("%s: out of memory"), path);
            break;
        }
        if (len + 1 >= cap) {
            if (cap > max) {
                snprintf(err, errsize, _("%s is larger than %zu bytes"), path, max);
                free(buf);
                buf = NULL;
                break;
            }
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                continue;
            }
            buf = b;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - 1 - len, f);
        len += n;
        if (n == 0) {
            if (ferror(f)) {
                snprintf(err, errsize, _("cannot read %s: %s"), path, strerror(errno));
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    if (!buf)
        return NULL;
    if (len > max) {
        snprintf(err, errsize, _("%s is larger than %zu bytes"), path, max);
        free(buf);
        return NULL;
    }
    buf[len] = 0;
    if (memchr(buf, 0, len)) {
        snprintf(err, errsize, _("%s holds a NUL byte: not a text file"), path);
        free(buf);
        return NULL;
    }
    return buf;
}

int textfile_write(const char *path, const char *text, char *err, size_t errsize)
{
    size_t len = strlen(text);
    if (strcmp(path, "-") == 0) {
        if (fwrite(text, 1, len, stdout) != len || fflush(stdout)) {
            snprintf(err, errsize, _("cannot write to standard output: %s"), strerror(errno));
            return -1;
        }
        return 0;
    }
    io_atomic a;
    io_step step;
    if (io_replace(&a, path, text, len, IO_UNIQUE, &step) == 0)
        return 0;
    const char *tmp = a.tmp;
    if (step == IO_CREATE)
        snprintf(err, errsize, _("cannot create a temporary file next to %s: %s"), path,
                 strerror(errno));
    else if (step != IO_MODE && step != IO_RENAME)
        snprintf(err, errsize, _("cannot write %s: %s"), tmp, strerror(errno));
    else if (step == IO_MODE)
        snprintf(err, errsize, _("cannot set the mode of %s: %s"), tmp, strerror(errno));
    else
        snprintf(err, errsize, _("cannot replace %s: %s"), path, strerror(errno));
    return -1;
}
