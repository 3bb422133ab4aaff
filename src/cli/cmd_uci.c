/*
 * cmd_uci.c - `awale uci`: the engine for graphical interfaces and match
 * runners, over standard input and output (src/protocol/uci.c,
 * docs/protocol.md).
 */
#include "cli.h"
#include "front/books.h"
#include "protocol/uci.h"

int cmd_uci(int argc, char **argv)
{
    const char *cmd = "uci";
    cli_rules cr = {0};
    for (int i = 1; i < argc; i++) {
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, false);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc == 0) {
            cli_error(cmd, "unexpected argument '%s' (see 'awale uci --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    aw_rules rules;
    int bad = cli_rules_build(cmd, &cr, &rules, NULL);
    if (bad)
        return bad;
    /* The built-in books, one per rule set that has one. */
    aw_book *books[16];
    int nbooks = 0;
    for (int i = 0; i < books_builtin_count() && nbooks < 16; i++) {
        aw_error err;
        if (!(books[nbooks] = books_builtin_read(i, &err)))
            cli_error(cmd, "%s (playing without it)", err.msg);
        else
            nbooks++;
    }
    const int rc = uci_main(stdin, stdout, &rules, (const aw_book *const *)books, nbooks)
                       ? EXIT_INPUT
                       : EXIT_OK;
    for (int i = 0; i < nbooks; i++)
        aw_book_free(books[i]);
    return rc;
}
