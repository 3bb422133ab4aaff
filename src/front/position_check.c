/*
 * position_check.c - may a game start from this position, and if not, why:
 * the checks of the position editor (the page's POST /api/positions/check,
 * the terminal's editor, `awale play --position`), all here so that every
 * front end refuses the same positions with the same words.
 *
 * A refusal is only ever a true statement about the rule set: the editor
 * does not try to prove that a position can arise from the usual start
 * (that is a search of the whole game); it refuses what no game under the
 * rules can hold, and what cannot be played from. In order:
 *
 *  1. The position string itself (the library's parser, its words
 *     translated): every field present and a whole number, and pits and
 *     stores adding up to the rule set's seeds (48 in every rule set).
 *  2. The no-capture counter: with a limit L (seven-turns: 14 plies), the
 *     game ends when the counter reaches L, so a counter above L was never
 *     reached; at L the game is over (4). Without a limit any count is kept.
 *  3. The scores, Oware family only (in the relay game a capture takes a
 *     whole facing pit, any count): while a game goes on a store grows
 *     only by captures, and a captured pit holds a count of the capture
 *     set (2 or 3; only 2 in two-seeds). So a score must be a sum of those
 *     counts: never 1 with {2,3}, never odd with {2}. Seeds given at the end
 *     (cannot feed, empty row, repetition, agreement) come when the game is
 *     over, which (4) refuses anyway.
 *  4. The target (Oware family, unless play-on): the game ends as soon as a
 *     score reaches it, and only the mover captures, so both scores at or
 *     above it cannot happen; nor can a score above target - 1 plus the most
 *     one move captures (a chain of at most 6 pits of the largest capture
 *     count; 5 pits when a grand slam captures nothing, since taking the
 *     whole row would be one).
 *  5. The game must not be over already: aw_position_status, in the
 *     library's words (the player to move has no seed, cannot be fed, the
 *     target is reached, the counter is at its limit, the board is empty).
 */
#include "front/position_check.h"

#include "front/i18n.h"
#include "front/messages.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *gettext_hook(void *ctx, const char *text)
{
    (void)ctx;
    return _(text);
}

static const char *tr_text(aw_translate_fn tr, void *ctx, const char *text)
{
    return tr ? tr(ctx, text) : _(text);
}

static position_problem refuse(position_verdict *v, position_problem problem, int field,
                               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static position_problem refuse(position_verdict *v, position_problem problem, int field,
                               const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->msg, sizeof v->msg, fmt, ap);
    va_end(ap);
    v->problem = problem;
    v->field = field;
    return problem;
}

int position_total(const aw_rules *rules)
{
    (void)rules; /* every rule set, the relay game included, plays with 48 */
    return AW_SEEDS;
}

/* The counts of the capture set in words: "2", "2 or 3", "2, 3 or 4". */
static void capture_counts(const aw_rules *rules, char *buf, size_t size, aw_translate_fn tr,
                           void *ctx)
{
    int counts[64], n = 0;
    for (int c = 1; c < 64 && c <= AW_SEEDS; c++)
        if (rules->captures >> c & 1)
            counts[n++] = c;
    buf[0] = 0;
    size_t used = 0;
    for (int i = 0; i < n && used < size; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? tr_text(tr, ctx, N_(" or ")) : ", ";
        used += (size_t)snprintf(buf + used, size - used, "%s%d", sep, counts[i]);
    }
}

static int largest_capture(const aw_rules *rules)
{
    int big = 0;
    for (int c = 1; c < 64 && c <= AW_SEEDS; c++)
        if (rules->captures >> c & 1)
            big = c;
    return big;
}

/* Whether `score` is a sum of counts of the capture set (0 is). */
static bool sum_of_captures(const aw_rules *rules, int score)
{
    bool reach[AW_SEEDS + 1] = {true};
    for (int s = 1; s <= score && s <= AW_SEEDS; s++)
        for (int c = 1; c <= s; c++)
            if ((rules->captures >> c & 1) && reach[s - c]) {
                reach[s] = true;
                break;
            }
    return score >= 0 && score <= AW_SEEDS && reach[score];
}

static const char *side_store(int side, aw_translate_fn tr, void *ctx)
{
    return side == AW_SOUTH ? tr_text(tr, ctx, N_("South's score"))
                            : tr_text(tr, ctx, N_("North's score"));
}

position_problem position_check(const aw_rules *rules, const aw_position *pos,
                                position_verdict *v, aw_translate_fn tr, void *ctx)
{
    v->problem = POSITION_OK;
    v->field = POSITION_FIELD_NONE;
    v->msg[0] = 0;

    int total = pos->score[0] + pos->score[1];
    for (int i = 0; i < AW_PITS; i++)
        total += pos->pits[i];
    if (total != position_total(rules))
        return refuse(v, POSITION_TEXT, POSITION_FIELD_NONE,
                      tr_text(tr, ctx, N_("the pits and the scores hold %d seeds; they must hold "
                                          "%d (%s %d)")),
                      total, position_total(rules),
                      total < position_total(rules) ? tr_text(tr, ctx, N_("add"))
                                                    : tr_text(tr, ctx, N_("take away")),
                      total < position_total(rules) ? position_total(rules) - total
                                                    : total - position_total(rules));

    if (rules->no_capture > 0 && pos->quiet > rules->no_capture)
        return refuse(v, POSITION_COUNTER, POSITION_FIELD_COUNTER,
                      tr_text(tr, ctx, N_("the no-capture counter is %d, but these rules end the "
                                          "game after %d moves without a capture: it can be 0 "
                                          "to %d")),
                      pos->quiet, rules->no_capture, rules->no_capture - 1);

    if (rules->family == AW_FAMILY_OWARE) {
        char counts[64];
        capture_counts(rules, counts, sizeof counts, tr, ctx);
        for (int side = 0; side < 2; side++)
            if (!sum_of_captures(rules, pos->score[side]))
                return refuse(v, POSITION_SCORE, POSITION_FIELD_SOUTH_STORE + side,
                              tr_text(tr, ctx, N_("%s cannot be %d: a score is made of "
                                                  "captures, and a captured pit holds %s seeds "
                                                  "in these rules")),
                              side_store(side, tr, ctx), pos->score[side], counts);
        if (rules->target > 0 && !rules->play_on) {
            if (pos->score[0] >= rules->target && pos->score[1] >= rules->target)
                return refuse(v, POSITION_SCORE, POSITION_FIELD_NONE,
                              tr_text(tr, ctx, N_("both scores are at the target (%d) or above: "
                                                  "the game ends when the first player reaches "
                                                  "it")),
                              rules->target);
            const int most = rules->target - 1 +
                             (rules->grand_slam == AW_SLAM_VOID ? 5 : 6) * largest_capture(rules);
            for (int side = 0; side < 2; side++)
                if (pos->score[side] > most)
                    return refuse(v, POSITION_SCORE, POSITION_FIELD_SOUTH_STORE + side,
                                  tr_text(tr, ctx, N_("%s cannot be %d: the game ends at %d, and "
                                                      "one move captures at most %d seeds, so a "
                                                      "score stops at %d")),
                                  side_store(side, tr, ctx), pos->score[side], rules->target,
                                  most - (rules->target - 1), most);
        }
    }

    const aw_status status = aw_position_status(rules, pos);
    if (status != AW_ONGOING) {
        char why[300];
        aw_status_explain_translated(status, rules, pos, why, sizeof why,
                                     tr ? tr : gettext_hook, ctx);
        const int field = status == AW_END_NO_CAPTURE ? POSITION_FIELD_COUNTER
                          : status == AW_END_TARGET   ? POSITION_FIELD_NONE
                                                      : POSITION_FIELD_SIDE;
        return refuse(v, POSITION_OVER, field,
                      tr_text(tr, ctx, N_("the game is already over in this position: %s")), why);
    }
    return POSITION_OK;
}

position_problem position_check_text(const aw_rules *rules, const char *text, aw_position *out,
                                     position_verdict *v, aw_translate_fn tr, void *ctx)
{
    aw_error err;
    aw_position pos;
    if (aw_position_parse(text, &pos, &err)) {
        char said[sizeof v->msg];
        messages_translate(err.msg, said, sizeof said, tr ? tr : gettext_hook, ctx);
        /* the parser names the field at fault: "pit E (field 5)" */
        const char *at = strstr(err.msg, "(field ");
        int field = 0;
        if (!at || sscanf(at, "(field %d)", &field) != 1 || field < 1 || field > 16)
            field = 0;
        return refuse(v, POSITION_TEXT, field - 1, "%s", said);
    }
    if (out)
        *out = pos;
    return position_check(rules, &pos, v, tr, ctx);
}
