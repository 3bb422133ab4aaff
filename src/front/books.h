/*
 * books.h - the opening books of the front ends (docs/book.md): the books
 * built into the program (the Makefile embeds every data/book-*.awb as a
 * byte array), found by the game's rules without any configuration, or a
 * book file named by an option. Every book is checked by the library's
 * loader before it is used.
 */
#ifndef AW_FRONT_BOOKS_H
#define AW_FRONT_BOOKS_H

#include "awale.h"

/* Built-in books: how many, and the name of the i-th (its file name, e.g.
 * "book-abapa.awb"). */
int books_builtin_count(void);
const char *books_builtin_name(int i);

/* The i-th built-in book, read and checked; NULL with a message. */
aw_book *books_builtin_read(int i, aw_error *err);

/* The built-in book for these rules. NULL with err->msg empty when there is
 * none for them, NULL with a message when it is damaged (a bad build). */
aw_book *books_builtin_for(const aw_rules *rules, aw_error *err);

/* The book a front end uses, from the value of its --book option: NULL,
 * "" or "builtin": the built-in book for these rules, if any; "none": no
 * book; anything else: a book file, which must be for these rules. 0 with
 * *out the book (NULL: none), or -1 with a message naming the file and the
 * problem. */
int books_open(const char *option, const aw_rules *rules, aw_book **out, aw_error *err);

#endif
