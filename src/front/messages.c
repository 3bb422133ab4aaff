/*
 * messages.c - the library's error messages in the player's language.
 *
 * The library writes its messages in English, filled in with printf
 * ("line 4: 'Z' is not a pit letter (A-F for South, a-f for North)"): it
 * has no I/O and no language. The front ends show them to players, so
 * they are translated here, after the fact: the message is matched
 * against the library's formats (the table below, marked for xgettext;
 * the library's own files are extracted with the keywords aw_fail and
 * fail_at, and tests/cli/test_play_fr.sh checks that every format of the
 * record reader and the move notation is in this table), the pieces that
 * filled the conversions are taken out, the translated format is filled
 * with them, and a piece that is itself a library message ("line %d: %s"
 * holds the notation's message) is translated the same way. A message
 * that matches no format stays as it is.
 *
 * Invariant: a format matches only the whole message; %s matches the
 * shortest text that lets the rest match, %d and %ld a whole number, %x a
 * hex number, %c one character.
 */
#include "front/messages.h"

#include "front/i18n.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The library's formats, as it writes them (src/rules/record.c, record_read.c, record_tree.c,
 * notation.c, game.c, position.c). Keep in step with the library. */
static const char *const formats[] = {
    /* record.c */
    N_("line %d: %s"),
    N_("bad tag pair: expected a tag name after '[' (as in [Name \"value\"]), found %s"),
    N_("bad tag pair: the tag name '%s' is longer than %d characters"),
    N_("bad tag pair: expected a quoted value after [%s, found %s"),
    N_("bad tag pair: the value of [%s is not closed by '\"' on its line"),
    N_("bad tag pair: the value of [%s is longer than %d characters"),
    N_("tag %s: the value holds a control character (byte 0x%02x)"),
    N_("tag [%s \"%s\" has no closing ']'"),
    N_("tag [%s \"%s\": expected ']' after the value, found %s"),
    N_("the end of the text"),
    N_("the end of the line"),
    N_("a comment opened by '{' is not closed by '}' before the end of the text"),
    N_("'(' opens a variation but no move comes before it (a variation is an alternative to "
       "the move just before it)"),
    N_("')' closes no variation"),
    N_("an empty variation '()': a variation holds moves"),
    N_("the variation opened by '(' on this line is not closed by ')'"),
    N_("the variation opened by '(' on this line is not closed by ')' before the result %s "
       "(line %d)"),
    N_("the variation opened on line %d starts with %s, a move already given in this position "
       "(a variation is an alternative)"),
    N_("variations nested more than %d deep (the limit of one record)"),
    N_("the record has more than %d moves, variations included (the limit of one record)"),
    N_("numeric annotations (%s) are not part of the format"),
    N_("%s is neither a move number (such as 12.) nor a result"),
    N_("move number %ld where %d was expected"),
    N_("the mark %.*s follows no move"),
    N_("%s cannot be played: %s"),
    N_("%s: %.*s is not a move mark (marks: ! ? !! ?? !? ?!)"),
    N_("tag Rules: %s"),
    N_("tag Rule: %s"),
    N_("tag FEN: %s"),
    N_("tag Termination \"agreement\": %s"),
    N_("tag Result: '%.40s' is not 1-0, 0-1, 1/2-1/2 or *"),
    N_("the moves end with %s but the Result tag (line %d) says %s"),
    N_("the result %s contradicts the game, which is over (%s): %s %d-%d"),
    N_("tag Termination says '%.60s' but the game ended by %s"),
    N_("tag Termination says '%s' but the game is not over"),
    N_("tag %s given twice (first on line %d)"),
    N_("tag %s is derived from the game's rules and start position"),
    N_("tag %s: the value is longer than %d characters"),
    N_("out of memory"),
    N_("a tag name has 1 to %d characters"),
    N_("tag name '%.64s': only letters, digits and '_' are allowed"),
    N_("tag Termination: '%s' is an end of the rules, which the game itself records (end by "
       "agreement with aw_game_agree)"),
    N_("no comment after move %d: the game has %d moves"),
    N_("a comment cannot hold '}'"),
    N_("no move %d to mark: the game has %d moves"),
    N_("%d is not a move mark"),
    N_("a record holds at most %d tags of its own (%d tag pairs with the ones written from its "
       "game)"),
    N_("the comment before the first move is longer than %d bytes (%zu)"),
    N_("the comment after move %d is longer than %d bytes (%zu)"),
    N_("the record is longer than %d bytes (the limit of one record)"),
    N_("the record has more than %d moves (the limit of one record)"),
    N_("more than %d tag pairs (the limit of one record)"),
    /* record_tree.c */
    N_("no move has the id %d in the record"),
    N_("the start position has no move to mark"),
    N_("only the first move of a variation has a comment before it"),
    N_("a line of the record has more than %d moves (the limit of one record)"),
    N_("the start position cannot be promoted"),
    N_("the start position cannot be deleted"),
    N_("the comment before move %d is longer than %d bytes (%zu)"),
    /* notation.c */
    N_("move %d: %s"),
    N_("'%c' is not a pit letter (A-F for South, a-f for North)"),
    N_("byte 0x%02x is not a pit letter (A-F for South, a-f for North)"),
    N_("'%c' needs a direction: %c+ (counterclockwise, to the right) or %c- (clockwise, to the "
       "left)"),
    N_("'%c%c': moves in %s have no direction, just the pit letter"),
    N_("too many moves (at most %d)"),
    /* game.c */
    N_("the game is over: %s"),
    N_("the game is already over"),
    N_("the %s rules do not allow ending a game by agreement"),
    /* position.c */
    N_("no position given"),
    N_("empty position string (expected 12 pit counts, two scores and the side to move, e.g. "
       "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S)"),
    N_("position string too long: unexpected '%.*s' after the no-capture counter"),
    N_("position string too short: %s is missing (expected 12 pit counts, two scores and the "
       "side to move)"),
    N_("pits and scores add up to %d seeds, not %d"),
    N_("%s is empty (a count is missing, or negative)"),
    N_("bad %s: '%.*s' is not a whole number"),
    N_("bad %s: '%.*s' (expected S or N)"),
    N_("bad %s: %.*s is more than %ld"),
    /* position.c: the field names inside the messages above (the position editor) */
    N_("pit %c (field %d)"),
    N_("South's score (field 13)"),
    N_("North's score (field 14)"),
    N_("side to move (field 15)"),
    N_("no-capture counter (field 16)"),
    /* ruleset.c */
    N_("unknown rule set '%s' (known: %s)"),
    N_("unknown rule parameter '%s' (see 'awale rules')"),
    N_("rule parameter '%s' does not apply to the %s game"),
    N_("bad value '%s' for rule parameter '%s' (expected %s)"),
    N_("bad rule '%s': expected NAME=VALUE, e.g. target=24"),
    N_("unknown rule parameter '%.*s'"),
    /* the web API's answer to a record it cannot read (src/web/routes.c) */
    N_("record: %s"),
    N_("no game record in it"),
};

#define MAX_PIECES 8
#define MAX_DEPTH 4

typedef struct pieces {
    const char *at[MAX_PIECES];
    size_t len[MAX_PIECES];
    char kind[MAX_PIECES];
    int n;
} pieces;

/* The conversion at fmt ('%'): its kind ('s', 'd', 'x', 'c', '%') and
 * length; *pos gets N of "%N$" (0: none). */
static size_t conversion(const char *fmt, char *kind, int *pos)
{
    size_t i = 1;
    *pos = 0;
    if (isdigit((unsigned char)fmt[i])) {
        size_t j = i;
        int v = 0;
        while (isdigit((unsigned char)fmt[j]))
            v = v * 10 + (fmt[j++] - '0');
        if (fmt[j] == '$') {
            *pos = v;
            i = j + 1;
        }
    }
    while (fmt[i] && strchr("-+ #0123456789.*lhz", fmt[i]))
        i++;
    switch (fmt[i]) {
    case 's': *kind = 's'; break;
    case 'd': case 'i': case 'u': *kind = 'd'; break;
    case 'x': case 'X': *kind = 'x'; break;
    case 'c': *kind = 'c'; break;
    case '%': *kind = '%'; break;
    default: *kind = 0; return fmt[i] ? i + 1 : i;
    }
    return i + 1;
}

static bool match(const char *fmt, const char *msg, pieces *p)
{
    while (*fmt) {
        if (*fmt != '%') {
            if (*fmt++ != *msg++)
                return false;
            continue;
        }
        char kind;
        int pos;
        const size_t n = conversion(fmt, &kind, &pos);
        fmt += n;
        if (kind == '%') {
            if (*msg++ != '%')
                return false;
            continue;
        }
        if (!kind || p->n >= MAX_PIECES)
            return false;
        const int k = p->n++;
        p->at[k] = msg;
        p->kind[k] = kind;
        if (kind == 's') {
            /* the shortest text that lets the rest match */
            for (size_t len = 0;; len++) {
                p->len[k] = len;
                pieces saved = *p;
                if (match(fmt, msg + len, p))
                    return true;
                *p = saved;
                if (!msg[len])
                    break;
            }
            p->n--;
            return false;
        }
        size_t len = 0;
        if (kind == 'c') {
            if (!msg[0])
                return false;
            len = 1;
            while ((msg[len] & 0xC0) == 0x80)
                len++;
        } else {
            if (kind == 'd' && msg[0] == '-')
                len++;
            const size_t digits = kind == 'x' ? strspn(msg + len, "0123456789abcdefABCDEF")
                                              : strspn(msg + len, "0123456789");
            if (!digits)
                return false;
            len += digits;
        }
        p->len[k] = len;
        msg += len;
    }
    return *msg == 0;
}

typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n && o->len + 1 < o->size; i++)
        o->buf[o->len++] = s[i];
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = 0;
}

static const char *translate(const char *text, aw_translate_fn tr, void *ctx)
{
    const char *t = tr ? tr(ctx, text) : gettext(text);
    return t ? t : text;
}

static void render(out *o, const char *msg, size_t msglen, aw_translate_fn tr, void *ctx,
                   int depth);

/* Fill the translation of fmt with the pieces. */
static void fill(out *o, const char *fmt, const pieces *p, aw_translate_fn tr, void *ctx,
                 int depth)
{
    int next = 0;
    while (*fmt) {
        const char *pct = strchr(fmt, '%');
        if (!pct) {
            put(o, fmt, strlen(fmt));
            return;
        }
        put(o, fmt, (size_t)(pct - fmt));
        char kind;
        int pos;
        fmt = pct + conversion(pct, &kind, &pos);
        if (kind == '%') {
            put(o, "%", 1);
            continue;
        }
        const int k = pos > 0 ? pos - 1 : next++;
        if (k < 0 || k >= p->n)
            continue;
        if (p->kind[k] == 's')
            render(o, p->at[k], p->len[k], tr, ctx, depth + 1);
        else
            put(o, p->at[k], p->len[k]);
    }
}

/* msg (msglen bytes) in the language of tr: a library message translated,
 * anything else as it is. */
static void render(out *o, const char *msg, size_t msglen, aw_translate_fn tr, void *ctx,
                   int depth)
{
    char text[512];
    if (depth < MAX_DEPTH && msglen < sizeof text) {
        memcpy(text, msg, msglen);
        text[msglen] = 0;
        for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
            pieces p = {.n = 0};
            if (match(formats[i], text, &p)) {
                /* the pieces point into text, which lives until fill returns */
                fill(o, translate(formats[i], tr, ctx), &p, tr, ctx, depth);
                return;
            }
        }
    }
    put(o, msg, msglen);
}

const char *messages_translate(const char *msg, char *buf, size_t size, aw_translate_fn tr,
                               void *ctx)
{
    out o = {buf, size, 0};
    if (size)
        buf[0] = 0;
    if (msg)
        render(&o, msg, strlen(msg), tr, ctx, 0);
    return buf;
}

const char *messages_format(int i)
{
    return i >= 0 && i < (int)(sizeof formats / sizeof formats[0]) ? formats[i] : NULL;
}
