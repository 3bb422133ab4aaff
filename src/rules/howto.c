/*
 * howto.c - "how to play" a rule set, in a few plain paragraphs for a
 * newcomer (aw_rules_howto).
 *
 * The text follows the parameters, so that `--rule captures=2` or
 * `--rule no-capture=30` is told as it is played. Each paragraph is one
 * whole sentence string, chosen among alternatives by the parameters, with
 * at most a number filled in: never a sentence assembled from pieces, so
 * that each string can be translated as it stands. One paragraph per line.
 */
#include "rules_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct text {
    char *buf;
    size_t size, len; /* len: the length of the whole text, even past size */
    aw_translate_fn tr;
    void *ctx;
} text;

/* A paragraph's string as the caller's language has it. The TR keyword
 * marks the strings for xgettext (scripts/po-check.sh); format_arg lets the
 * compilers check each string as the format it is (clang's -Wformat-security
 * refuses a format that is not seen to come from a literal). */
static const char *translated(const text *t, const char *s)
#if defined(__GNUC__)
    __attribute__((format_arg(2)))
#endif
    ;

static const char *translated(const text *t, const char *s)
{
    const char *out = t->tr ? t->tr(t->ctx, s) : s;
    return out ? out : s;
}
#define TR(s) translated(t, s)

/* Append one paragraph (a format with at most a number or a word) and a
 * newline. */
static void para(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void para(text *t, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t n = strlen(line);
    for (size_t i = 0; i <= n; i++) {
        char c = i < n ? line[i] : '\n';
        if (t->len + 1 < t->size)
            t->buf[t->len] = c;
        t->len++;
    }
    if (t->size)
        t->buf[t->len < t->size ? t->len : t->size - 1] = 0;
}

/* A paragraph without a number: the text is not a format. */
static void say(text *t, const char *s) { para(t, "%s", s); }

static void agreement(text *t, const aw_rules *r)
{
    switch (r->agreement) {
    case AW_LEFT_OWNER:
        say(t, TR("The players may agree to stop: each takes the seeds on his own row."));
        break;
    case AW_LEFT_FORBIDDEN: say(t, TR("The players cannot agree to stop.")); break;
    default: say(t, TR("The players may agree to stop; the seeds left are not counted.")); break;
    }
}

static void oware(text *t, const aw_rules *r)
{
    say(t, TR("Two rows of six pits, 4 seeds in each: South plays the pits A to F, North a to f. "
            "Capture more seeds than your opponent."));
    if (r->clockwise)
        say(t, TR("On your turn, take all the seeds of one of your pits and sow them one by one, "
                "clockwise, into the pits that follow: along your row to the left, then your "
                "opponent's. A sowing of 12 or more skips the pit it came from."));
    else
        say(t, TR("On your turn, take all the seeds of one of your pits and sow them one by one, "
                "counterclockwise, into the pits that follow: along your row to the right, then "
                "your opponent's. A sowing of 12 or more skips the pit it came from."));

    const uint64_t two = UINT64_C(1) << 2, three = UINT64_C(1) << 3;
    if (r->captures == (two | three))
        say(t, TR("If your last seed makes 2 or 3 seeds in a pit of your opponent's, you capture "
                "them, and those of the pits before it, as long as they are his and hold 2 or 3."));
    else if (r->captures == two)
        say(t, TR("If your last seed makes exactly 2 seeds in a pit of your opponent's, you capture "
                "them, and those of the pits before it, as long as they are his and hold 2."));
    else {
        char list[160];
        aw_rules_get(r, "captures", list, sizeof list);
        para(t, TR("If your last seed makes one of these counts in a pit of your opponent's: %s, "
                "you capture its seeds, and those of the pits before it, as long as they are his "
                "and hold one of these counts."),
             list);
    }
    if (r->grand_slam == AW_SLAM_CAPTURE)
        say(t, TR("A move that captures all your opponent's seeds (a grand slam) is allowed."));
    else
        say(t, TR("A move that would capture all your opponent's seeds (a grand slam) may be "
                "played but captures nothing."));

    switch (r->cannot_feed) {
    case AW_LEFT_MOVER:
        say(t, TR("When your opponent has no seed, you must give him some. If you cannot, the game "
                "ends and you take the seeds left."));
        break;
    case AW_LEFT_OPPONENT:
        say(t, TR("When your opponent has no seed, you must give him some. If you cannot, the game "
                "ends and he takes the seeds left."));
        break;
    default:
        say(t, TR("When your opponent has no seed, you must give him some. If you cannot, the game "
                "ends; the seeds left are not counted."));
        break;
    }
    /* A row empty when its owner is to move arises in play only after a
     * grand slam that captures. */
    if (r->grand_slam == AW_SLAM_CAPTURE) {
        if (r->empty_row == AW_LEFT_OWNER)
            say(t, TR("A player with no seed on his turn ends the game; his opponent takes the "
                    "seeds on his own row."));
        else
            say(t, TR("A player with no seed on his turn ends the game; the seeds left are not "
                    "counted."));
    }

    if (r->target && !r->play_on)
        para(t, TR("The first to capture %d seeds wins."), r->target);
    else if (r->target)
        para(t, TR("Capturing %d seeds does not end the game: play goes on."), r->target);
    if (r->no_capture)
        para(t, TR("%d moves in a row without a capture (both players' moves counted) end the "
                "game; the seeds left are not counted."),
             r->no_capture);
    if (r->repetition)
        para(t, TR("A position that comes up %d times ends the game: each player takes the seeds on "
                "his own row."),
             r->repetition);
    agreement(t, r);
    say(t, TR("The player with more seeds wins; equal scores draw."));
}

static void relay(text *t, const aw_rules *r)
{
    say(t, TR("Two rows of six pits, 4 seeds in each, and a store for each player: South plays the "
            "pits A to F, North a to f. Capture more seeds than your opponent."));
    if (r->skip_origin)
        say(t, TR("On your turn, take all the seeds of one of your pits that holds 2 or more and sow "
                "them one by one, to your right (C+) or to your left (C-). A lap of 12 or more "
                "skips the pit it came from."));
    else
        say(t, TR("On your turn, take all the seeds of one of your pits that holds 2 or more and sow "
                "them one by one, to your right (C+) or to your left (C-). A lap of 12 or more "
                "also sows into the pit it came from."));
    say(t, TR("If the last seed falls into a pit that held seeds, take them all and sow them back "
            "the other way; go on, turning round after each lap, until a last seed falls into an "
            "empty pit. On your opponent's side, your turn ends there."));
    if (r->chain_backward)
        say(t, TR("On your side, capture the seeds of the pit facing it, then, going back against "
                "the last lap, those facing each next pit of yours that is empty, until one holds "
                "seeds or faces an empty pit."));
    else
        say(t, TR("On your side, capture the seeds of the pit facing it, then, going on in the "
                "direction of the last lap, those facing each next pit of yours that is empty, "
                "until one holds seeds or faces an empty pit."));
    say(t, TR("You need not feed an empty row, but if no move of yours can reach it, the game "
            "ends."));
    if (r->no_move_pass)
        say(t, TR("The game also ends when the player to move has no seed. A player with no pit of "
                "2 or more passes; if neither can move, the game ends."));
    else
        say(t, TR("The game also ends when the player to move has no seed or no pit of 2 or more."));
    if (r->no_capture)
        para(t, TR("%d moves in a row without a capture (both players' moves counted) end the game."),
             r->no_capture);
    if (r->repetition)
        para(t, TR("A position that comes up %d times ends the game."), r->repetition);
    agreement(t, r);
    say(t, TR("Only the stores count: the bigger store wins; equal stores draw."));
}

size_t aw_rules_howto(const aw_rules *rules, char *buf, size_t size)
{
    return aw_rules_howto_translated(rules, buf, size, NULL, NULL);
}

size_t aw_rules_howto_translated(const aw_rules *rules, char *buf, size_t size, aw_translate_fn tr,
                                 void *ctx)
{
    text t = {.buf = buf, .size = size, .len = 0, .tr = tr, .ctx = ctx};
    if (size)
        buf[0] = 0;
    if (rules->family == AW_FAMILY_RELAY)
        relay(&t, rules);
    else
        oware(&t, rules);
    return t.len;
}
