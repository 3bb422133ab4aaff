/*
 * io.h - the few file and byte utilities that the library and the front ends
 * share (src/util: below both; it includes only the C library and POSIX and
 * knows nothing of the game, so either side may use it):
 *
 *   - a durable atomic write: a file is written under a temporary name next
 *     to its final one, synced, then renamed over it and the directory
 *     synced, so that a reader (or the next run, after a crash or Ctrl-C)
 *     sees either the old file or the whole new one (opening books,
 *     endgame tables, the front ends' text files);
 *   - little-endian byte helpers for the binary formats (books, tables).
 *
 * Errors are errno values and the step that failed: each caller words its
 * own messages (the library in English through aw_error, the front ends in
 * the player's language).
 */
#ifndef AW_IO_H
#define AW_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* ------------------------------------------------------- the atomic write */

/* The steps of an atomic write, for the caller's message. */
typedef enum io_step {
    IO_OK,
    IO_CREATE, /* creating the temporary file                          */
    IO_MODE,   /* giving it the mode of a new file (IO_UNIQUE)         */
    IO_WRITE,  /* writing it                                           */
    IO_SYNC,   /* syncing it                                           */
    IO_CLOSE,  /* closing it                                           */
    IO_RENAME, /* renaming it over the final name                      */
} io_step;

/* How the temporary file is named. IO_PID: "PATH.tmp.PID", created 0644 (a
 * later writer can tell a dead writer's leftovers by the process named in
 * them: tables/format.c). IO_UNIQUE: "PATH.tmp.XXXXXX" by mkstemp, then given
 * the mode of a new file under the umask. */
typedef enum io_naming { IO_PID, IO_UNIQUE } io_naming;

typedef struct io_atomic {
    int fd;          /* the temporary file; -1 once closed or abandoned */
    char tmp[4300];  /* its name                                        */
} io_atomic;

/* Create the temporary file for `path`. Returns 0, or -1 with errno set and
 * *step the step that failed (a->fd is then -1 and nothing is left). */
int io_atomic_open(io_atomic *a, const char *path, io_naming naming, io_step *step);

/* Sync the temporary file, close it, rename it over `path` and sync the
 * directory (best effort). Returns 0, or -1 with errno set, *step the step
 * that failed and the temporary file removed. A sync that the file system
 * refuses as unsupported (EINVAL) is not a failure. */
int io_atomic_commit(io_atomic *a, const char *path, io_step *step);

/* Close (when open) and remove the temporary file. */
void io_atomic_abandon(io_atomic *a);

/* Replace `path` by size bytes at data in one go (open, write, commit)
 * through *a. Returns 0, or -1 with errno and *step set (a->tmp names the
 * temporary file, for the message; it is removed). */
int io_replace(io_atomic *a, const char *path, const void *data, size_t size, io_naming naming,
               io_step *step);

/* Write all n bytes, retrying short writes and EINTR. 0, or -1 with errno
 * (a write of 0 bytes without an error: EIO). */
int io_write_all(int fd, const void *buf, size_t n);
int io_pwrite_all(int fd, const void *buf, size_t n, off_t at);

/* ---------------------------------------------------------- little-endian */

static inline void io_put16(uint8_t *b, uint16_t v) { b[0] = (uint8_t)v, b[1] = (uint8_t)(v >> 8); }
static inline void io_put32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}
static inline void io_put64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}
static inline uint16_t io_get16(const uint8_t *b) { return (uint16_t)(b[0] | b[1] << 8); }
static inline uint32_t io_get32(const uint8_t *b)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}
static inline uint64_t io_get64(const uint8_t *b)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

#endif
