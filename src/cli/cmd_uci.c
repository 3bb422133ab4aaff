/*
 * cmd_uci.c - `awale uci`: the engine for graphical interfaces and match
 * runners, over standard input and output (src/protocol/uci.c,
 * docs/protocol.md).
 */
#include "cli.h"
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
    /* The built-in book (none when the program was built without one). */
    aw_error err;
    aw_book *book = cli_book_builtin(&err);
    const int rc = uci_main(stdin, stdout, &rules, book) ? EXIT_INPUT : EXIT_OK;
    aw_book_free(book);
    return rc;
}
