/*
 * textfile.c - whole text files for the front ends (see textfile.h). Writes
 * go to a temporary file next to the target, flushed to disk, then renamed
 * over it: readers see the old file or the new one, never a mix.
 */
#include "front/textfile.h"

#include "front/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *textfile_read(const char *path, size_t max, char *err, size_t errsize)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errsize, _("cannot open %s: %s"), path, strerror(errno));
        return NULL;
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
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (!tmp) {
        snprintf(err, errsize, _("%s: out of memory"), path);
        return -1;
    }
    snprintf(tmp, n + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, _("cannot create a temporary file next to %s: %s"), path,
                 strerror(errno));
        free(tmp);
        return -1;
    }
    const char *p = text;
    size_t left = len;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            snprintf(err, errsize, _("cannot write %s: %s"), tmp, strerror(errno));
            goto fail;
        }
        p += w;
        left -= (size_t)w;
    }
    if (fsync(fd) != 0 && errno != EINVAL) {
        snprintf(err, errsize, _("cannot write %s: %s"), tmp, strerror(errno));
        goto fail;
    }
    /* mkstemp creates the file 0600; give it the mode of a new file (the
     * umask is read back at once: the front ends call this from one thread). */
    mode_t mask = umask(022);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        snprintf(err, errsize, _("cannot set the mode of %s: %s"), tmp, strerror(errno));
        goto fail;
    }
    if (close(fd) != 0) {
        fd = -1;
        snprintf(err, errsize, _("cannot write %s: %s"), tmp, strerror(errno));
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0) {
        snprintf(err, errsize, _("cannot replace %s: %s"), path, strerror(errno));
        goto fail;
    }
    free(tmp);
    return 0;
fail:
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    return -1;
}
