/*
 * static.h - the page's files, embedded in the program at build time (the
 * Makefile turns every file under web/ into a byte array: gen/web_data.c).
 * Nothing is read from disk at run time. Each file has its exact content
 * type and an ETag (a hash of its bytes) for revalidation.
 */
#ifndef AW_WEB_STATIC_H
#define AW_WEB_STATIC_H

#include <stdbool.h>
#include <stddef.h>

/* What the generated file defines. */
typedef struct web_file {
    const char *path;           /* "/index.html", "/js/app.js" */
    const unsigned char *data;
    size_t size;
} web_file;

extern const web_file web_files[];
extern const size_t web_file_count;

typedef struct web_static {
    const char *path;
    const char *type;
    const unsigned char *data;
    size_t size;
    char etag[24];
} web_static;

/* The file served at `path` ("/" is /index.html); NULL when there is none
 * (a path outside the static files). */
const web_static *web_static_find(const char *path);

/* The content type for a file name ("application/octet-stream" when the
 * extension is unknown). */
const char *web_static_type(const char *path);

#endif
