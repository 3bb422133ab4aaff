/*
 * words.c - sentences for players from the library's structured values.
 * Whole sentences with placeholders, so that a translation can reorder
 * them; counts go through P_ for plurals.
 */
#include "front/words.h"

#include "front/engine_setup.h"
#include "front/i18n.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *words_side(int side) { return side == AW_SOUTH ? _("South") : _("North"); }

int words_move_row(const aw_game *game, int ply)
{
    if (ply <= 0)
        return 0;
    const int north_first = aw_game_start(game)->side == AW_NORTH;
    return (ply - 1 + north_first) / 2 + 1;
}

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

const char *words_moves(const aw_rules *rules, const aw_move *moves, int count, char *buf,
                        size_t size)
{
    buf[0] = 0;
    for (int i = 0; i < count; i++) {
        char m[AW_MOVE_MAX];
        add(buf, size, "%s%s", i ? " " : "", aw_move_format(rules, moves[i], m));
    }
    return buf;
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
    words_status(st, aw_game_rules(game), aw_game_position(game), why, sizeof why);
    snprintf(buf, size, _("Game over: %s. Final score: %s."), why, words_result(sc, result, sizeof result));
    return buf;
}

const char *words_session_over(const session *s, char *buf, size_t size)
{
    struct session_result r;
    session_result(s, &r);
    const int loser = r.winner >= 0 ? !r.winner : 0;
    switch (r.kind) {
    case SESSION_END_RESIGNATION:
        snprintf(buf, size, _("Game over: %s resigned. %s wins."), words_side(loser),
                 words_side(r.winner));
        return buf;
    case SESSION_END_TIME:
        snprintf(buf, size, _("Game over: %s ran out of time. %s wins."), words_side(loser),
                 words_side(r.winner));
        return buf;
    case SESSION_END_ABANDONED:
        snprintf(buf, size, "%s", _("Game over: the game was abandoned."));
        return buf;
    default: return words_game_over(session_game(s), buf, size);
    }
}

const char *words_clock(int64_t ms, char *buf, size_t size)
{
    if (ms < 0)
        ms = 0;
    const long long s = ms / 1000;
    if (s >= 3600)
        snprintf(buf, size, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else if (s >= 10)
        snprintf(buf, size, "%lld:%02lld", s / 60, s % 60);
    else
        snprintf(buf, size, "0:%02lld.%lld", s, (long long)(ms % 1000) / 100);
    return buf;
}

/* "about 1.25 seeds ahead" / "behind" for an estimate in hundredths; the
 * plural by the whole seeds where the language says "0,55 graine". */
static void seeds_ahead(int value, char *buf, size_t size)
{
    const int v = abs(value);
    if (value > 0)
        snprintf(buf, size, P_("about %d.%02d seeds ahead", "about %d.%02d seeds ahead", v / 100),
                 v / 100, v % 100);
    else
        snprintf(buf, size, P_("about %d.%02d seeds behind", "about %d.%02d seeds behind", v / 100),
                 v / 100, v % 100);
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
            seeds_ahead(s->value, buf, size);
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

/* ------------------------------------------- the library's words, translated */

static const char *catalog(void *ctx, const char *text)
{
    (void)ctx;
    return _(text);
}

const char *words_status(aw_status status, const aw_rules *rules, const aw_position *pos, char *buf,
                         size_t size)
{
    return aw_status_explain_translated(status, rules, pos, buf, size, catalog, NULL);
}

const char *words_illegal(const aw_rules *rules, const aw_position *pos, aw_move move, char *buf,
                          size_t size)
{
    return aw_explain_illegal_translated(rules, pos, move, buf, size, catalog, NULL);
}

const char *words_rule(const aw_rules *r, const char *param, char *buf, size_t size)
{
    return aw_rules_describe_translated(r, param, buf, size, catalog, NULL);
}

const char *words_preset_summary(const char *name)
{
    for (int i = 0; i < aw_rules_preset_count(); i++)
        if (strcmp(name, aw_rules_preset_name(i)) == 0)
            return _(aw_rules_preset_summary(i));
    return "";
}

const char *words_level(int level)
{
    const char *d = engine_level_description(level);
    return d[0] ? _(d) : d;
}

const char *words_howto(const aw_rules *rules, char *buf, size_t size)
{
    aw_rules_howto_translated(rules, buf, size, catalog, NULL);
    return buf;
}

const char *words_declined(const agreement_answer *a, bool exact, char *buf, size_t size)
{
    char result[96];
    words_result(a->agreed, result, sizeof result);
    if (a->agreed_margin < 0)
        snprintf(buf, size, _("The computer declines: ending now it would lose (%s)."), result);
    else if (a->from_tables && exact)
        snprintf(buf, size,
                 _("The computer declines: ending now gives %s, but the endgame tables say it "
                   "wins by %d with perfect play."),
                 result, a->expected_margin);
    else if (a->from_tables)
        snprintf(buf, size,
                 _("The computer declines: ending now gives %s, but the endgame tables expect it "
                   "to win by %d."),
                 result, a->expected_margin);
    else if (a->proven)
        snprintf(buf, size,
                 _("The computer declines: ending now gives %s, but it sees a forced win by %d."),
                 result, a->expected_margin);
    else
        snprintf(buf, size,
                 _("The computer declines: ending now gives %s, but it expects to do better by "
                   "playing on (about %+d seeds)."),
                 result, a->expected_margin);
    return buf;
}

/* ------------------------------------------------------------ the review */

const char *words_mark(aw_mark mark)
{
    switch (mark) {
    case AW_MARK_BLUNDER: return _("Blunder");
    case AW_MARK_MISTAKE: return _("Mistake");
    case AW_MARK_DUBIOUS: return _("Inaccuracy");
    case AW_MARK_GOOD: return _("Good move");
    case AW_MARK_BRILLIANT: return _("Brilliant move");
    case AW_MARK_INTERESTING: return _("Interesting move");
    default: return "";
    }
}

const char *words_move_number(int first, int ply, char *buf, size_t size)
{
    const int round = first == AW_SOUTH ? ply / 2 + 1 : (ply + 1) / 2 + 1;
    snprintf(buf, size, "%d%s", round, (first + ply) % 2 == AW_SOUTH ? "." : "...");
    return buf;
}

/* "2.10 seeds": English says seeds for any fraction; the plural goes by
 * the whole seeds for languages that say otherwise (French: "1,50 graine"). */
static const char *hundredths(int h, char *buf, size_t size)
{
    snprintf(buf, size, P_("%d.%02d seeds", "%d.%02d seeds", h / 100), h / 100, h % 100);
    return buf;
}

const char *words_review_value(const aw_review_move *m, const aw_score *s, char *buf, size_t size)
{
    /* The tables' values, and results the search takes from them (no
     * distance), are exact; the search's own proofs are bounds. */
    const bool exact = m->source == AW_REVIEW_TABLES || s->plies == 0;
    switch (s->kind) {
    case AW_SCORE_WIN:
        if (exact)
            snprintf(buf, size, P_("a win by %d seed", "a win by %d seeds", s->margin), s->margin);
        else
            snprintf(buf, size,
                     P_("a win by %d seed or more", "a win by %d seeds or more", s->margin),
                     s->margin);
        break;
    case AW_SCORE_LOSS:
        if (exact)
            snprintf(buf, size, P_("a loss by %d seed", "a loss by %d seeds", -s->margin),
                     -s->margin);
        else
            snprintf(buf, size,
                     P_("a loss by %d seed at least", "a loss by %d seeds at least", -s->margin),
                     -s->margin);
        break;
    case AW_SCORE_DRAW: snprintf(buf, size, "%s", _("a draw")); break;
    default:
        if (abs(s->value) < 25)
            snprintf(buf, size, "%s", _("about level"));
        else
            seeds_ahead(s->value, buf, size);
        break;
    }
    return buf;
}

/* Whether `played` keeps the proven win or loss of `best` (the review
 * does not mark it). */
static bool review_kept(const aw_score *best, const aw_score *played)
{
    return (best->kind == AW_SCORE_WIN || best->kind == AW_SCORE_LOSS) &&
           best->kind == played->kind;
}

/* Whether going from `best` to `other` throws a proven win or draw away. */
static bool review_thrown(const aw_score *best, const aw_score *other)
{
    return (best->kind == AW_SCORE_WIN && other->kind != AW_SCORE_WIN) ||
           (best->kind == AW_SCORE_DRAW && other->kind == AW_SCORE_LOSS);
}

const char *words_review_move(const aw_rules *rules, const aw_position *before,
                              const aw_review_move *m, char *buf, size_t size)
{
    char best[128], played[128], second[128], cost[48], line[512];
    char bm[AW_MOVE_MAX], pm[AW_MOVE_MAX], sm[AW_MOVE_MAX];
    buf[0] = 0;
    const char *name = words_mark(m->mark);
    words_review_value(m, &m->best_score, best, sizeof best);
    words_review_value(m, &m->played_score, played, sizeof played);
    aw_move_format(rules, m->best, bm);
    aw_move_format(rules, m->played, pm);
    words_line(rules, before, m->pv, m->pv_length < 8 ? m->pv_length : 8, line, sizeof line);
    if (m->opening) {
        snprintf(buf, size, "%s",
                 _("A move of the set opening: neither player chose it, so it is not judged."));
        return buf;
    }
    if (m->legal <= 1) {
        snprintf(buf, size, "%s", _("The only legal move."));
        return buf;
    }
    switch (m->mark) {
    case AW_MARK_GOOD:
    case AW_MARK_BRILLIANT:
        if (m->second == AW_MOVE_NONE) {
            snprintf(buf, size, _("%s: the best move (%s)."), name, best);
            break;
        }
        words_review_value(m, &m->second_score, second, sizeof second);
        aw_move_format(rules, m->second, sm);
        if (review_thrown(&m->best_score, &m->second_score))
            snprintf(buf, size,
                     m->best_score.kind == AW_SCORE_WIN
                         ? _("%s: the only move that keeps the win (%s); next best %s: %s.")
                         : _("%s: the only move that keeps the draw (%s); next best %s: %s."),
                     name, best, sm, second);
        else {
            int gap = m->best_score.kind == AW_SCORE_SEEDS ? m->best_score.value
                                                           : 100 * m->best_score.margin;
            gap -= m->second_score.kind == AW_SCORE_SEEDS ? m->second_score.value
                                                          : 100 * m->second_score.margin;
            snprintf(buf, size, _("%s: better than any other move by %s (%s); next best %s: %s."),
                     name, hundredths(gap > 0 ? gap : 0, cost, sizeof cost), best, sm, second);
        }
        if (m->mark == AW_MARK_BRILLIANT)
            add(buf, size, "%s", _(" A sacrifice: the reply captures more seeds than the move did."));
        break;
    case AW_MARK_BLUNDER:
    case AW_MARK_MISTAKE:
    case AW_MARK_DUBIOUS:
    case AW_MARK_INTERESTING:
        if (m->result_lost)
            snprintf(buf, size,
                     m->best_score.kind == AW_SCORE_WIN
                         ? _("%s: %s throws the win away (after it, %s). %s kept it: %s, line %s.")
                         : _("%s: %s throws the draw away (after it, %s). %s kept it: %s, line %s."),
                     name, pm, played, bm, best, line);
        else
            snprintf(buf, size, _("%s: %s cost %s (after it, %s). %s was better: %s, line %s."),
                     name, pm, hundredths(m->loss, cost, sizeof cost), played, bm, best, line);
        break;
    default:
        if (m->played == m->best) {
            snprintf(buf, size, _("The best move (%s), line %s."), best, line);
        } else if (review_kept(&m->best_score, &m->played_score)) {
            /* A win is a win (a loss a loss): no mark, a remark. */
            /* The review's order: the distance first (0: not known, far). */
            const bool sooner = m->best_score.plies != m->played_score.plies;
            if (m->best_score.kind == AW_SCORE_WIN)
                snprintf(buf, size,
                         sooner ? _("%s keeps the win (after it, %s). %s wins sooner: %s.")
                                : _("%s keeps the win (after it, %s). %s wins by more: %s."),
                         pm, played, bm, best);
            else
                snprintf(buf, size,
                         sooner ? _("The game is lost whatever the move: %s (after it, %s). %s "
                                    "holds out longer: %s.")
                                : _("The game is lost whatever the move: %s (after it, %s). %s "
                                    "loses by less: %s."),
                         pm, played, bm, best);
        } else
            snprintf(buf, size, _("Close to the best: %s cost %s (after it, %s). %s was best: %s."),
                     pm, hundredths(m->loss, cost, sizeof cost), played, bm, best);
        break;
    }
    if (m->source == AW_REVIEW_TABLES)
        add(buf, size, "%s", _(" Exact: the endgame tables cover this position."));
    else if (m->source == AW_REVIEW_BOOK)
        add(buf, size, "%s", _(" From the opening book."));
    return buf;
}

const char *words_review_side(const aw_review_side *s, const char *who, char *buf, size_t size)
{
    char b[48], m[48], i[48], g[48], avg[96], moves[48];
    const int nb = s->marks[AW_MARK_BLUNDER], nm = s->marks[AW_MARK_MISTAKE],
              ni = s->marks[AW_MARK_DUBIOUS],
              ng = s->marks[AW_MARK_GOOD] + s->marks[AW_MARK_BRILLIANT];
    const int h = (int)(s->average_loss * 100 + 0.5);
    snprintf(b, sizeof b, P_("%d blunder", "%d blunders", nb), nb);
    snprintf(m, sizeof m, P_("%d mistake", "%d mistakes", nm), nm);
    snprintf(i, sizeof i, P_("%d inaccuracy", "%d inaccuracies", ni), ni);
    snprintf(g, sizeof g, P_("%d good move", "%d good moves", ng), ng);
    /* the plural by the whole seeds (French: "0,87 graine", "2,10 graines") */
    snprintf(avg, sizeof avg,
             P_("%d.%02d seeds lost a move on average", "%d.%02d seeds lost a move on average",
                h / 100),
             h / 100, h % 100);
    snprintf(moves, sizeof moves, P_("%d move", "%d moves", s->moves), s->moves);
    snprintf(buf, size, _("%s: %s, %s, %s, %s; %s (%s)."), who, b, m, i, g, avg, moves);
    return buf;
}

const char *words_review_turning(const aw_review *r, const aw_game *game, char *buf, size_t size)
{
    char list[400] = "";
    const aw_rules *rules = aw_game_rules(game);
    const int first = aw_game_start(game)->side;
    for (int k = 0; k < r->nturning; k++) {
        const aw_review_move *m = &r->move[r->turning[k]];
        char number[16], mv[AW_MOVE_MAX];
        words_move_number(first, m->ply, number, sizeof number);
        add(list, sizeof list, "%s%s %s%s (%s)", k ? ", " : "", number,
            aw_move_format(rules, m->played, mv), aw_mark_text(m->mark), words_side(m->mover));
    }
    if (r->nturning == 0)
        snprintf(buf, size, "%s", _("No turning point: no mistake changed the course of the game."));
    else
        snprintf(buf, size, _("Turning points: %s."), list);
    return buf;
}
