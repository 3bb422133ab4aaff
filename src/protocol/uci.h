/*
 * uci.h - `awale uci`: the engine over a text stream in the UCI-style
 * dialect of docs/protocol.md.
 */
#ifndef AW_UCI_H
#define AW_UCI_H

#include "awale.h"

#include <stdio.h>

/* Read commands from `in` until `quit` or the end of the input, answering
 * on `out`; the rule set starts as *rules. books[0..nbooks) are the
 * built-in opening books: while the BookFile option is empty, the engine
 * plays from the one for the rules of the moment (OwnBook); the caller
 * keeps them. Returns 0, or 1 when the engine cannot be created. */
int uci_main(FILE *in, FILE *out, const aw_rules *rules, const aw_book *const *books, int nbooks);

#endif
