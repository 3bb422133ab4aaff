/*
 * static.c - lookup of the embedded page files (static.h). The table is
 * built once, on first use, with a content type and an ETag per file; a
 * lookup compares the path with each name (a handful of files), so no path
 * can reach anything but the embedded bytes.
 */
#include "web/static.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 64

static web_static table[MAX_FILES];
static size_t table_count;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

const char *web_static_type(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".json", "application/json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".txt", "text/plain; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
    };
    const char *dot = strrchr(path, '.');
    if (dot && !strchr(dot, '/'))
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (strcmp(dot, types[i].ext) == 0)
                return types[i].type;
    return "application/octet-stream";
}

static void build(void)
{
    for (size_t i = 0; i < web_file_count && table_count < MAX_FILES; i++) {
        const web_file *f = &web_files[i];
        web_static *s = &table[table_count++];
        s->path = f->path;
        s->data = f->data;
        s->size = f->size;
        s->type = web_static_type(f->path);
        uint64_t h = UINT64_C(1469598103934665603); /* FNV-1a */
        for (size_t k = 0; k < f->size; k++)
            h = (h ^ f->data[k]) * UINT64_C(1099511628211);
        snprintf(s->etag, sizeof s->etag, "\"%016llx\"", (unsigned long long)h);
    }
}

const web_static *web_static_find(const char *path)
{
    pthread_once(&table_once, build);
    if (strcmp(path, "/") == 0)
        path = "/index.html";
    for (size_t i = 0; i < table_count; i++)
        if (strcmp(table[i].path, path) == 0)
            return &table[i];
    return NULL;
}
