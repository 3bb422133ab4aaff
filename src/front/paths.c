/*
 * paths.c - the XDG directories of the front ends, created on demand
 * (mode 0700, as state and data may hold games in progress and the web
 * server's players' tokens).
 */
#include "front/paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* mkdir -p of the directory part of path. */
static int make_dirs(char *path, char *err, size_t errsize)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        int rc = mkdir(path, 0700);
        int e = errno;
        *p = '/';
        if (rc != 0 && e != EEXIST) {
            *p = 0;
            snprintf(err, errsize, "cannot create %s: %s", path, strerror(e));
            *p = '/';
            return -1;
        }
    }
    return 0;
}

static const char *xdg_path(const char *var, const char *fallback, const char *name, bool create,
                            char *buf, size_t size, char *err, size_t errsize)
{
    const char *base = getenv(var), *home = getenv("HOME");
    int n;
    if (base && base[0] == '/')
        n = snprintf(buf, size, "%s/awale/%s", base, name);
    else if (home && home[0])
        n = snprintf(buf, size, "%s/%s/awale/%s", home, fallback, name);
    else {
        snprintf(err, errsize, "no home directory ($HOME is not set)");
        return NULL;
    }
    if (n < 0 || (size_t)n >= size) {
        snprintf(err, errsize, "the path of %s is too long", name);
        return NULL;
    }
    if (create && make_dirs(buf, err, errsize))
        return NULL;
    return buf;
}

const char *paths_state(const char *name, bool create, char *buf, size_t size, char *err,
                        size_t errsize)
{
    return xdg_path("XDG_STATE_HOME", ".local/state", name, create, buf, size, err, errsize);
}

const char *paths_config(const char *name, bool create, char *buf, size_t size, char *err,
                         size_t errsize)
{
    return xdg_path("XDG_CONFIG_HOME", ".config", name, create, buf, size, err, errsize);
}

const char *paths_data(const char *name, bool create, char *buf, size_t size, char *err,
                       size_t errsize)
{
    return xdg_path("XDG_DATA_HOME", ".local/share", name, create, buf, size, err, errsize);
}
