/*
 * words.c - sentences for players from the library's structured values.
 * Whole sentences with placeholders, so that a translation can reorder
 * them; counts go through P_ for plurals.
 */
#include "front/words.h"

#include "front/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *words_side(int side) { return side == AW_SOUTH ? _("South") : _("North"); }

const char *words_pit(int pit, char buf[4])
{
    pit %= AW_PITS;
    buf[0] = (char)(pit < AW_ROW ? 'A' + pit : 'a' + pit - AW_ROW);
    buf[1] = 0;
    return buf;
}

/* Append to buf. */
static void add(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void add(char *buf, size_t size, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, size - used, fmt, ap);
    va_end(ap);
}

/* "2 from b, 3 from c and 3 from d", pits in board order. */
static void captured_list(const aw_move_report *r, char *buf, size_t size)
{
    int order[AW_ROW];
    for (int i = 0; i < r->npits; i++)
        order[i] = i;
    for (int i = 1; i < r->npits; i++) /* insertion sort by pit */
        for (int j = i; j > 0 && r->pits[order[j]] < r->pits[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    buf[0] = 0;
    for (int i = 0; i < r->npits; i++) {
        char pit[4];
        words_pit(r->pits[order[i]], pit);
        if (i > 0)
            add(buf, size, "%s", i == r->npits - 1 ? _(" and ") : ", ");
        add(buf, size, _("%d from %s"), r->pit_seeds[order[i]], pit);
    }
}

const char *words_move(const aw_rules *rules, const aw_move_report *r, const char *who, char *buf,
                       size_t size)
{
    char move[AW_MOVE_MAX], list[160];
    if (!who)
        who = words_side(r->mover);
    aw_move_format(rules, r->move, move);
    buf[0] = 0;
    if (r->move == AW_MOVE_PASS) {
        snprintf(buf, size, _("%s passes: no pit holds 2 seeds or more."), who);
        return buf;
    }
    if (rules->family == AW_FAMILY_RELAY && r->laps > 1)
        snprintf(buf, size,
                 P_("%s plays %s: sows %d seed, then relays %d times (%d seeds sown in all)",
                    "%s plays %s: sows %d seeds, then relays %d times (%d seeds sown in all)",
                    r->seeds),
                 who, move, r->seeds, r->laps - 1, r->sown);
    else
        snprintf(buf, size, P_("%s plays %s: sows %d seed", "%s plays %s: sows %d seeds", r->seeds),
                 who, move, r->seeds);
    const char *opponent = words_side(!r->mover);
    if (r->slam_void) {
        add(buf, size,
            _("; taking every seed of %s's row would be a grand slam, so it captures nothing."),
            opponent);
        return buf;
    }
    if (r->captured == 0) {
        add(buf, size, ".");
        return buf;
    }
    captured_list(r, list, sizeof list);
    if (r->grand_slam)
        add(buf, size, _(" and captures all %d seeds of %s's row, a grand slam: %s."),
            r->captured, opponent, list);
    else if (r->npits == 1)
        add(buf, size, P_(" and captures %d seed from %s.", " and captures %d seeds from %s.",
                           r->captured),
            r->captured, words_pit(r->pits[0], list));
    else
        add(buf, size, _(" and captures %d seeds: %s."), r->captured, list);
    return buf;
}

const char *words_result(const int sc[2], char *buf, size_t size)
{
    if (sc[0] == sc[1])
        snprintf(buf, size, _("South %d, North %d: a draw"), sc[0], sc[1]);
    else
        snprintf(buf, size, _("South %d, North %d: %s wins"), sc[0], sc[1],
                 words_side(sc[0] > sc[1] ? AW_SOUTH : AW_NORTH));
    return buf;
}

const char *words_game_over(const aw_game *game, char *buf, size_t size)
{
    char why[256], result[96];
    int sc[2];
    const aw_status st = aw_game_status(game);
    aw_game_scores(game, sc);
    aw_status_explain(st, aw_game_rules(game), aw_game_position(game), why, sizeof why);
    snprintf(buf, size, _("Game over: %s. Final score: %s."), why, words_result(sc, result, sizeof result));
    return buf;
}

const char *words_score_you(const aw_score *s, char *buf, size_t size)
{
    switch (s->kind) {
    case AW_SCORE_WIN:
        if (s->plies)
            snprintf(buf, size, P_("you win by %d seed or more", "you win by %d seeds or more",
                                   s->margin),
                     s->margin);
        else
            snprintf(buf, size, P_("you win by %d seed with perfect play",
                                   "you win by %d seeds with perfect play", s->margin),
                     s->margin);
        break;
    case AW_SCORE_LOSS:
        if (s->plies)
            snprintf(buf, size, P_("you lose by %d seed at best", "you lose by %d seeds at best",
                                   -s->margin),
                     -s->margin);
        else
            snprintf(buf, size, P_("you lose by %d seed with perfect play",
                                   "you lose by %d seeds with perfect play", -s->margin),
                     -s->margin);
        break;
    case AW_SCORE_DRAW: snprintf(buf, size, _("a draw with perfect play")); break;
    default:
        if (abs(s->value) < 25)
            snprintf(buf, size, _("about level"));
        else
            snprintf(buf, size, s->value > 0 ? _("about %d.%02d seeds ahead") : _("about %d.%02d seeds behind"),
                     abs(s->value) / 100, abs(s->value) % 100);
        break;
    }
    return buf;
}

const char *words_line(const aw_rules *rules, const aw_position *pos, const aw_move *moves,
                       int count, char *buf, size_t size)
{
    aw_position p = *pos;
    const int me = p.side;
    buf[0] = 0;
    for (int i = 0; i < count; i++) {
        char m[AW_MOVE_MAX];
        if (!aw_is_legal(rules, &p, moves[i]) || aw_position_status(rules, &p) != AW_ONGOING)
            break;
        const int mover = p.side;
        const int taken = aw_play(rules, &p, moves[i]);
        aw_move_format(rules, moves[i], m);
        if (taken)
            add(buf, size, "%s%s(%c%d)", i ? " " : "", m, mover == me ? '+' : '-', taken);
        else
            add(buf, size, "%s%s", i ? " " : "", m);
    }
    return buf;
}

const char *words_perfect(int margin, char *buf, size_t size)
{
    if (margin == 0)
        snprintf(buf, size, _("a draw with perfect play"));
    else
        snprintf(buf, size,
                 P_("%s wins by %d seed with perfect play", "%s wins by %d seeds with perfect play",
                    abs(margin)),
                 words_side(margin > 0 ? AW_SOUTH : AW_NORTH), abs(margin));
    return buf;
}

const char *words_tables(int margin, bool exact, char *buf, size_t size)
{
    if (exact)
        return words_perfect(margin, buf, size);
    if (margin == 0)
        snprintf(buf, size, _("a draw if endless play splits the board evenly (the tables' estimate)"));
    else
        snprintf(buf, size,
                 P_("%s wins by %d seed if endless play splits the board evenly (the tables' "
                    "estimate)",
                    "%s wins by %d seeds if endless play splits the board evenly (the tables' "
                    "estimate)",
                    abs(margin)),
                 words_side(margin > 0 ? AW_SOUTH : AW_NORTH), abs(margin));
    return buf;
}
