/*
 * book_rules.c - which rules an opening book's values hold under: the
 * parameters they depend on, those they are free of, and whether a book
 * serves a game's rules (aw_book_rules_check, aw_book_matches,
 * aw_book_scope). docs/book.md, "Rules".
 */
#include "book_internal.h"

#include <stdio.h>
#include <string.h>

/* Which rules a book's values hold under (docs/book.md, "Rules"). The file
 * records the exact rules it was built under; what its values depend on is
 * derived from them, from its longest line and from its leaf searches, so
 * that every book (old ones too) says it the same way and a parameter added
 * later is a dependency until it is listed here:
 *   - the sowing, the captures, the grand slam, the ends of the game and the
 *     scores (every parameter not named below) make the positions and their
 *     values: they must be the book's;
 *   - agreement and the sowing direction's display: no search ends a game
 *     by agreement, and the display is not the game;
 *   - no-capture: a limit that none of the book's values could see (0, or
 *     more plies than the root's count plus its longest line plus its leaf
 *     searches' depth), in the book's rules and in these;
 *   - repetition: the book's lines never repeat a position (the check
 *     refuses a cycle), and a leaf's search starts without history, so the
 *     book's count ends a game in a leaf search only after count - 1
 *     capture-free cycles of 12 plies or more (Oware; 2 in the relay game):
 *     a count that its leaf searches cannot reach (or none) leaves its
 *     values estimates, which stay estimates of the same margins under any
 *     count (a cycle is scored by the margin the repetition would give). */
typedef enum dep_kind { DEP_ALWAYS, DEP_NEVER, DEP_LIMIT, DEP_REPETITION } dep_kind;

static dep_kind param_dep(const char *name)
{
    if (strcmp(name, "agreement") == 0 || strcmp(name, "direction") == 0)
        return DEP_NEVER;
    if (strcmp(name, "no-capture") == 0)
        return DEP_LIMIT;
    if (strcmp(name, "repetition") == 0)
        return DEP_REPETITION;
    return DEP_ALWAYS;
}

/* Plies of a leaf's search: its depth, or the deepest any search goes. */
static int book_horizon(const aw_book *b)
{
    return b->depth > 0 ? b->depth : AW_SEARCH_MAX_DEPTH;
}

/* The most plies without capture that any value of the book was computed
 * over: the root's count, the longest line, a leaf's search. */
static int book_reach(const aw_book *b)
{
    return (int)b->root.quiet + b->max_plies + book_horizon(b);
}

static bool limit_unseen(const aw_book *b, int limit)
{
    return limit == 0 || limit > book_reach(b);
}

static bool repetition_unseen(const aw_book *b)
{
    const int cycle = b->rules.family == AW_FAMILY_OWARE ? 12 : 2;
    return b->rules.repetition == 0 || cycle * (b->rules.repetition - 1) > book_horizon(b);
}

int aw_book_rules_check(const aw_book *book, const aw_rules *rules, aw_error *note)
{
    aw_error dummy;
    if (!note)
        note = &dummy;
    note->msg[0] = 0;
    if (!book || !rules)
        return aw_fail(note, "no book");
    const aw_rules *b = &book->rules;
    if (b->family != rules->family)
        return aw_fail(note, "the book is for %s, another game", b->name);
    char free_list[160] = "";
    size_t nfree = 0;
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        char vb[160], vr[160];
        if (!aw_rules_param_applies(b, name) || !aw_rules_get(b, name, vb, sizeof vb) ||
            !aw_rules_get(rules, name, vr, sizeof vr) || strcmp(vb, vr) == 0)
            continue;
        const dep_kind k = param_dep(name);
        if (k == DEP_LIMIT && !limit_unseen(book, b->no_capture))
            return aw_fail(note,
                           "its values depend on no-capture (%s in the book, %s here): its lines "
                           "and leaf searches reach %d plies without capture",
                           vb, vr, book_reach(book));
        if (k == DEP_LIMIT && !limit_unseen(book, rules->no_capture))
            return aw_fail(note,
                           "its values depend on no-capture (%s in the book, %s here): a limit "
                           "of %s plies is within the %d its lines and leaf searches reach",
                           vb, vr, vr, book_reach(book));
        if (k == DEP_REPETITION && !repetition_unseen(book))
            return aw_fail(note,
                           "its values depend on repetition (%s in the book, %s here): its leaf "
                           "searches, %d plies deep, can end a game by repetition",
                           vb, vr, book_horizon(book));
        if (k == DEP_ALWAYS)
            return aw_fail(note, "its values depend on %s (%s in the book, %s here)", name, vb,
                           vr);
        if (nfree < sizeof free_list)
            nfree += (size_t)snprintf(free_list + nfree, sizeof free_list - nfree,
                                      "%s%s (%.20s in the book, %.20s here)", nfree ? ", " : "",
                                      name, vb, vr);
    }
    if (free_list[0])
        snprintf(note->msg, sizeof note->msg,
                 "it differs from the book's rules only in %.159s, which its values do not "
                 "depend on",
                 free_list);
    return 0;
}

bool aw_book_matches(const aw_book *book, const aw_rules *rules)
{
    return aw_book_rules_check(book, rules, NULL) == 0;
}

int aw_book_scope(const aw_book *book, char *depends, size_t dsize, char *free_, size_t fsize)
{
    size_t nd = 0, nf = 0;
    depends[0] = free_[0] = 0;
    const aw_rules *b = &book->rules;
#define ADD(buf, n, size, ...)                                                                   \
    do {                                                                                         \
        if ((n) < (size))                                                                        \
            (n) += (size_t)snprintf((buf) + (n), (size) - (n), __VA_ARGS__);                      \
    } while (0)
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        char v[160];
        if (!aw_rules_param_applies(b, name) || !aw_rules_get(b, name, v, sizeof v))
            continue;
        const dep_kind k = param_dep(name);
        if (k == DEP_NEVER || (k == DEP_REPETITION && repetition_unseen(book)))
            ADD(free_, nf, fsize, "%sany %s", nf ? ", " : "", name);
        else if (k == DEP_LIMIT && limit_unseen(book, b->no_capture))
            ADD(free_, nf, fsize, "%s%s 0 or above %d", nf ? ", " : "", name, book_reach(book));
        else
            ADD(depends, nd, dsize, "%s%s=%s", nd ? " " : "", name, v);
    }
#undef ADD
    return (nd >= dsize || nf >= fsize) ? -1 : 0;
}
