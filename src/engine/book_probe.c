/*
 * book_probe.c - an opening book in use: finding a position (a binary
 * search, no allocation, no I/O), the values of its moves
 * (aw_book_probe), and the move the search plays from it, with its line
 * (book_choose). docs/book.md.
 */
#include "book_internal.h"

#include <string.h>

const book_entry *book_find(const aw_book *book, const aw_rules *rules, const aw_position *pos)
{
    const uint64_t key = book_key(rules, pos);
    int lo = 0, hi = book->count;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (book->entries[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < book->count && book->entries[lo].key == key &&
        book->entries[lo].check == book_check(rules, pos))
        return &book->entries[lo];
    return NULL;
}

/* Every move of an inner position with its value, best first (stable).
 * 0 when *pos is not an inner position of the book. */
static int probe_values(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                        aw_move moves[AW_MAX_MOVES], int values[AW_MAX_MOVES])
{
    if (!book || !aw_book_matches(book, rules))
        return 0;
    /* The book's own rules from here: the positions and values are the
     * same under the rules given (they hold), and the book is keyed by its
     * rules (the no-capture count is part of a key only under a limit). */
    rules = &book->rules;
    const book_entry *e = book_find(book, rules, pos);
    if (!e || !(e->flags & BOOK_FLAG_INNER))
        return 0;
    aw_position child[AW_MAX_MOVES];
    aw_status st[AW_MAX_MOVES];
    const int n = book_children(rules, pos, moves, child, st);
    for (int i = 0; i < n; i++) {
        if (st[i] != AW_ONGOING) {
            values[i] = book_up(book_end_value(rules, &child[i], st[i]));
            continue;
        }
        const book_entry *c = book_find(book, rules, &child[i]);
        if (!c)
            return 0; /* cannot happen in a checked book */
        values[i] = book_up(c->value);
    }
    for (int i = 1; i < n; i++) {
        const int v = values[i];
        const aw_move m = moves[i];
        int j = i;
        while (j > 0 && values[j - 1] < v) {
            values[j] = values[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        values[j] = v;
        moves[j] = m;
    }
    return n;
}

int aw_book_probe(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                  aw_move moves[AW_MAX_MOVES], aw_score scores[AW_MAX_MOVES])
{
    int values[AW_MAX_MOVES];
    const int n = probe_values(book, rules, pos, moves, values);
    for (int i = 0; i < n; i++)
        scores[i] = sc_public(values[i], 0);
    return n;
}

/* The book's line after `first` from *pos: its best moves while they lead
 * to inner positions. */
static int book_line(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                     aw_move first, aw_move *pv, int max)
{
    aw_position p = *pos;
    int len = 0;
    pv[len++] = first;
    aw_play(rules, &p, first);
    while (len < max) {
        aw_move m[AW_MAX_MOVES];
        int v[AW_MAX_MOVES];
        if (probe_values(book, rules, &p, m, v) == 0)
            break;
        pv[len++] = m[0];
        aw_play(rules, &p, m[0]);
    }
    return len;
}

bool book_choose(const aw_book *book, const aw_rules *rules, const aw_position *pos,
                 const aw_move *allowed, int nallowed, int variety, uint64_t *rng, int lines,
                 aw_search_result *out)
{
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES];
    int n = probe_values(book, rules, pos, moves, values);
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool ok = false;
        for (int j = 0; j < nallowed && !ok; j++)
            ok = allowed[j] == moves[i];
        if (ok) {
            moves[k] = moves[i];
            values[k] = values[i];
            k++;
        }
    }
    n = k;
    if (n == 0)
        return false;
    /* The candidates: the best, and with variety the estimates close to
     * it (a proven result is never traded for another value). */
    const int best = values[0];
    int cand = 1;
    while (cand < n && variety > 0 && !sc_is_proven(best) && !sc_is_proven(values[cand]) &&
           values[cand] >= best - variety)
        cand++;
    const int pick = cand > 1 ? (int)(rng_next(rng) % (uint64_t)cand) : 0;
    if (pick) {
        const aw_move m = moves[pick];
        const int v = values[pick];
        memmove(&moves[1], &moves[0], sizeof moves[0] * (size_t)pick);
        memmove(&values[1], &values[0], sizeof values[0] * (size_t)pick);
        moves[0] = m;
        values[0] = v;
    }
    memset(&out->info, 0, sizeof out->info);
    if (lines < 1)
        lines = 1;
    out->info.lines = lines < n ? lines : n;
    for (int i = 0; i < out->info.lines; i++) {
        aw_search_line *l = &out->info.line[i];
        l->length = book_line(book, rules, pos, moves[i], l->pv, AW_SEARCH_MAX_PV);
        l->score = sc_public(values[i], l->length);
        if (l->length > out->info.seldepth)
            out->info.seldepth = l->length;
    }
    out->best = moves[0];
    out->ponder = out->info.line[0].length > 1 ? out->info.line[0].pv[1] : AW_MOVE_NONE;
    out->book = true;
    return true;
}
