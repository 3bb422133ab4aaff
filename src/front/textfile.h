/*
 * textfile.h - whole text files for the front ends: read one into memory,
 * and write one atomically (a temporary file in the same directory, then
 * rename), so that a crash or Ctrl-C never leaves half a record behind.
 */
#ifndef AW_TEXTFILE_H
#define AW_TEXTFILE_H

#include <stddef.h>

/* Open `path` to read: a descriptor (O_CLOEXEC), or -1 with a message in
 * err, which names the file and the reason ("cannot read F: not a regular
 * file (a named pipe)"). Anything but a regular file is refused without
 * blocking: a named pipe, a directory, a device. */
int textfile_open(const char *path, char *err, size_t errsize);

/* The contents of `path` ("-": standard input), NUL-terminated and
 * malloc'ed; NULL with a message in err when it cannot be read (see
 * textfile_open), is larger than `max` bytes or holds a NUL byte. */
char *textfile_read(const char *path, size_t max, char *err, size_t errsize);

/* Replace `path` by `text` ("-": write to standard output). Returns 0, or
 * -1 with a message in err (the old file is then untouched). */
int textfile_write(const char *path, const char *text, char *err, size_t errsize);

#endif
