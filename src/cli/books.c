/*
 * books.c - the --book option of the commands (src/front/books.c does the
 * work): errors printed as the command's.
 */
#include "cli.h"

#include "front/books.h"

int cli_book_open(const char *cmd, const char *option, const aw_rules *rules, aw_book **out)
{
    aw_error err;
    if (books_open(option, rules, out, &err)) {
        cli_error(cmd, "%s", err.msg);
        return -1;
    }
    return 0;
}
