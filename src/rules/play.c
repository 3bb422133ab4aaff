/*
 * play.c - the one game interface: every caller plays through these
 * functions, which dispatch on rules->family to the move generator of the
 * Oware family (oware.c) or of the relay game (relay.c). Also the pieces
 * shared by both families: final scores, status words and the sentences
 * that explain an end or an illegal move.
 */
#include "rules_internal.h"

#include <stdio.h>
#include <string.h>

/* The sentences are marked TR for the catalogue and said in the caller's
 * language (the _translated functions; rules_internal.h). */
#define TR(s) aw_lang_text(l, s)

int aw_generate(const aw_rules *rules, const aw_position *pos, aw_move moves[AW_MAX_MOVES])
{
    return rules->family == AW_FAMILY_RELAY ? relay_generate(rules, pos, moves)
                                            : oware_generate(rules, pos, moves);
}

bool aw_is_legal(const aw_rules *rules, const aw_position *pos, aw_move move)
{
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(rules, pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

#if defined(AW_CHECKS)
/* The seeds of a position, pits and stores: every move keeps them. */
static int position_seeds(const aw_position *pos)
{
    int n = pos->score[0] + pos->score[1];
    for (int i = 0; i < AW_PITS; i++)
        n += pos->pits[i];
    return n;
}
#endif

int aw_play(const aw_rules *rules, aw_position *pos, aw_move move)
{
#if defined(AW_CHECKS)
    const int seeds = position_seeds(pos);
#endif
    const int taken = rules->family == AW_FAMILY_RELAY ? relay_play(rules, pos, move)
                                                       : oware_play(rules, pos, move);
    AW_ASSERT(position_seeds(pos) == seeds);
    return taken;
}

aw_status aw_position_status(const aw_rules *rules, const aw_position *pos)
{
    return rules->family == AW_FAMILY_RELAY ? relay_status(rules, pos)
                                            : oware_status(rules, pos);
}

void aw_final_scores(const aw_rules *rules, const aw_position *pos, aw_status status, int scores[2])
{
    const int mover = pos->side;
    scores[0] = pos->score[0];
    scores[1] = pos->score[1];
    aw_leftover to = AW_LEFT_NOBODY;
    switch (status) {
    case AW_END_EMPTY_ROW:
        /* The mover has no seed: "owner" gives the opponent his own row. */
        to = rules->empty_row == AW_LEFT_OWNER ? AW_LEFT_OPPONENT : AW_LEFT_NOBODY;
        break;
    case AW_END_CANNOT_FEED: to = rules->cannot_feed; break;
    case AW_END_REPETITION: to = AW_LEFT_OWNER; break;
    case AW_END_AGREEMENT: to = rules->agreement; break;
    default: break;
    }
    if (rules->family == AW_FAMILY_RELAY && status != AW_END_AGREEMENT)
        to = AW_LEFT_NOBODY; /* relay: only the stores count */
    const int own = aw_position_row(pos, mover), opp = aw_position_row(pos, !mover);
    switch (to) {
    case AW_LEFT_MOVER: scores[mover] += own + opp; break;
    case AW_LEFT_OPPONENT: scores[!mover] += own + opp; break;
    case AW_LEFT_OWNER:
        scores[mover] += own;
        scores[!mover] += opp;
        break;
    default: break;
    }
}

const char *aw_status_word(aw_status status)
{
    switch (status) {
    case AW_ONGOING: return "ongoing";
    case AW_END_TARGET: return "target";
    case AW_END_EMPTY_BOARD: return "empty-board";
    case AW_END_EMPTY_ROW: return "empty-row";
    case AW_END_CANNOT_FEED: return "cannot-feed";
    case AW_END_NO_MOVE: return "no-move";
    case AW_END_NO_CAPTURE: return "no-capture";
    case AW_END_REPETITION: return "repetition";
    case AW_END_AGREEMENT: return "agreement";
    }
    return "unknown";
}

static const char *player_name(const aw_lang *l, int side)
{
    return side == AW_SOUTH ? TR("South") : TR("North");
}

static const char *leftover_phrase(const aw_lang *l, aw_leftover to, int mover)
{
    switch (to) {
    case AW_LEFT_MOVER:
        return mover == AW_SOUTH ? TR("South takes the seeds left") : TR("North takes the seeds left");
    case AW_LEFT_OPPONENT:
        return mover == AW_SOUTH ? TR("North takes the seeds left") : TR("South takes the seeds left");
    case AW_LEFT_OWNER: return TR("each player takes the seeds of his own row");
    default: return TR("the seeds left are not counted");
    }
}

const char *aw_status_explain(aw_status status, const aw_rules *rules, const aw_position *pos,
                              char *buf, size_t size)
{
    return aw_status_explain_translated(status, rules, pos, buf, size, NULL, NULL);
}

const char *aw_status_explain_translated(aw_status status, const aw_rules *rules,
                                         const aw_position *pos, char *buf, size_t size,
                                         aw_translate_fn tr, void *ctx)
{
    const aw_lang lang = {tr, ctx}, *l = &lang;
    const int mover = pos->side;
    const char *me = player_name(l, mover), *you = player_name(l, !mover);
    const bool relay = rules->family == AW_FAMILY_RELAY;
    switch (status) {
    case AW_ONGOING: snprintf(buf, size, TR("%s to move"), me); break;
    case AW_END_TARGET:
        snprintf(buf, size, TR("%s reached the target of %d seeds"),
                 player_name(l, pos->score[0] >= rules->target ? AW_SOUTH : AW_NORTH),
                 rules->target);
        break;
    case AW_END_EMPTY_BOARD: snprintf(buf, size, "%s", TR("no seed is left on the board")); break;
    case AW_END_EMPTY_ROW:
        snprintf(buf, size, TR("%s has no seed to play; %s"), me,
                 relay || rules->empty_row != AW_LEFT_OWNER
                     ? TR("the seeds left are not counted")
                     : (mover ? TR("South takes the seeds of his row")
                              : TR("North takes the seeds of his row")));
        break;
    case AW_END_CANNOT_FEED:
        snprintf(buf, size, TR("%s's row is empty and no move of %s can reach it; %s"), you, me,
                 relay ? TR("the seeds left are not counted")
                       : leftover_phrase(l, rules->cannot_feed, mover));
        break;
    case AW_END_NO_MOVE:
        if (rules->no_move_pass) /* a pass is allowed only when the other can then move */
            snprintf(buf, size, "%s",
                     TR("neither player has a pit with 2 seeds or more; the seeds left are not "
                        "counted"));
        else
            snprintf(buf, size,
                     TR("%s has no pit with 2 seeds or more; the seeds left are not counted"), me);
        break;
    case AW_END_NO_CAPTURE:
        if (rules->no_capture == 1)
            snprintf(buf, size, "%s",
                     TR("1 ply was played without a capture; the seeds left are not counted"));
        else
            snprintf(buf, size,
                     TR("%d plies were played without a capture; the seeds left are not counted"),
                     rules->no_capture);
        break;
    case AW_END_REPETITION:
        snprintf(buf, size, TR("the same position occurred %d times; %s"), rules->repetition,
                 relay ? TR("the seeds left are not counted")
                       : TR("each player takes the seeds of his own row"));
        break;
    case AW_END_AGREEMENT:
        snprintf(buf, size, TR("the players agreed to end the game; %s"),
                 leftover_phrase(l, rules->agreement == AW_LEFT_FORBIDDEN ? AW_LEFT_NOBODY
                                                                          : rules->agreement,
                                 mover));
        break;
    }
    return buf;
}

const char *aw_explain_illegal(const aw_rules *rules, const aw_position *pos, aw_move move,
                               char *buf, size_t size)
{
    return aw_explain_illegal_translated(rules, pos, move, buf, size, NULL, NULL);
}

const char *aw_explain_illegal_translated(const aw_rules *rules, const aw_position *pos,
                                          aw_move move, char *buf, size_t size,
                                          aw_translate_fn tr, void *ctx)
{
    const aw_lang lang = {tr, ctx}, *l = &lang;
    if (aw_is_legal(rules, pos, move))
        return NULL;
    char text[AW_MOVE_MAX];
    aw_move_format(rules, move, text);
    const int mover = pos->side, pit = AW_MOVE_PIT(move);
    const char *me = player_name(l, mover), *you = player_name(l, !mover);
    aw_status st = aw_position_status(rules, pos);
    if (st != AW_ONGOING) {
        char why[200];
        snprintf(buf, size, TR("the game is over: %s"),
                 aw_status_explain_translated(st, rules, pos, why, sizeof why, tr, ctx));
    } else if (rules->family == AW_FAMILY_RELAY) {
        relay_explain(rules, pos, move, l, buf, size);
    } else if (pit >= AW_PITS) {
        snprintf(buf, size, "%s", TR("there is no such pit"));
    } else if (pit / AW_ROW != mover) {
        snprintf(buf, size, TR("%s is %s's pit, and %s is to move (%s plays %s)"), text, you, me,
                 me, mover ? "a-f" : "A-F");
    } else if (pos->pits[pit] == 0) {
        snprintf(buf, size, TR("pit %c is empty"), text[0]);
    } else if (rules->family == AW_FAMILY_OWARE && (move & AW_MOVE_CW)) {
        snprintf(buf, size, "%s", TR("Oware moves have no direction"));
    } else if (aw_position_row(pos, !mover) == 0) {
        aw_move moves[AW_MAX_MOVES];
        int n = aw_generate(rules, pos, moves);
        char list[64] = "";
        for (int i = 0; i < n; i++) {
            char m[AW_MOVE_MAX];
            strcat(list, i ? " " : "");
            strcat(list, aw_move_format(rules, moves[i], m));
        }
        snprintf(buf, size, TR("%s's row is empty: %s must give %s seeds (legal: %s)"), you, me,
                 you, list);
    } else {
        snprintf(buf, size, TR("%s cannot be played here"), text);
    }
    return buf;
}
