/*
 * books.c - the opening book of the program's front ends (docs/book.md):
 * the built-in book, embedded at build time from data/book-abapa.awb (the
 * Makefile turns it into a byte array), or a book file named by an option.
 * Every book is checked by the library's loader before it is used.
 */
#include "cli.h"

#include <string.h>

/* The generated array (build/.../gen/book_data.c). */
extern const unsigned char awale_book_data[];
extern const size_t awale_book_size;

aw_book *cli_book_builtin(aw_error *err)
{
    if (awale_book_size == 0) {
        snprintf(err->msg, sizeof err->msg, "this program was built without a book");
        return NULL;
    }
    aw_book *b = aw_book_read(awale_book_data, awale_book_size, err);
    if (!b) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        snprintf(err->msg, sizeof err->msg, "the built-in book: %.200s", msg);
    }
    return b;
}

int cli_book_open(const char *cmd, const char *option, const aw_rules *rules, aw_book **out)
{
    aw_error err;
    *out = NULL;
    if (option && strcmp(option, "none") == 0)
        return 0;
    if (!option || !*option) {
        aw_book *b = cli_book_builtin(&err);
        if (!b) {
            /* A program built without its book plays without one. */
            if (awale_book_size == 0)
                return 0;
            cli_error(cmd, "%s", err.msg);
            return -1;
        }
        if (!aw_book_matches(b, rules)) {
            aw_book_free(b);
            return 0;
        }
        *out = b;
        return 0;
    }
    aw_book *b = aw_book_load(option, &err);
    if (!b) {
        cli_error(cmd, "%s", err.msg);
        return -1;
    }
    if (!aw_book_matches(b, rules)) {
        aw_book_info info;
        aw_book_get_info(b, &info);
        cli_error(cmd, "%s: the book is for other rules (%s) than the game's (%s)", option,
                  info.rules.name, rules->name);
        aw_book_free(b);
        return -1;
    }
    *out = b;
    return 0;
}
