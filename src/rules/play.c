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

static const char *player_name(int side) { return side == AW_SOUTH ? "South" : "North"; }

static const char *leftover_phrase(aw_leftover to, int mover)
{
    static const char *const phrases[2][5] = {
        {"the seeds left are not counted", "South takes the seeds left",
         "North takes the seeds left", "each player takes the seeds of his own row", ""},
        {"the seeds left are not counted", "North takes the seeds left",
         "South takes the seeds left", "each player takes the seeds of his own row", ""},
    };
    return phrases[mover][to];
}

const char *aw_status_explain(aw_status status, const aw_rules *rules, const aw_position *pos,
                              char *buf, size_t size)
{
    const int mover = pos->side;
    const char *me = player_name(mover), *you = player_name(!mover);
    const bool relay = rules->family == AW_FAMILY_RELAY;
    switch (status) {
    case AW_ONGOING: snprintf(buf, size, "%s to move", me); break;
    case AW_END_TARGET:
        snprintf(buf, size, "%s reached the target of %d seeds",
                 pos->score[0] >= rules->target ? "South" : "North", rules->target);
        break;
    case AW_END_EMPTY_BOARD: snprintf(buf, size, "no seed is left on the board"); break;
    case AW_END_EMPTY_ROW:
        snprintf(buf, size, "%s has no seed to play; %s", me,
                 relay || rules->empty_row != AW_LEFT_OWNER
                     ? "the seeds left are not counted"
                     : (mover ? "South takes the seeds of his row" : "North takes the seeds of his row"));
        break;
    case AW_END_CANNOT_FEED:
        snprintf(buf, size, "%s's row is empty and no move of %s can reach it; %s", you, me,
                 relay ? "the seeds left are not counted"
                       : leftover_phrase(rules->cannot_feed, mover));
        break;
    case AW_END_NO_MOVE:
        if (rules->no_move_pass) /* a pass is allowed only when the other can then move */
            snprintf(buf, size, "neither player has a pit with 2 seeds or more; the seeds left "
                                "are not counted");
        else
            snprintf(buf, size,
                     "%s has no pit with 2 seeds or more; the seeds left are not counted", me);
        break;
    case AW_END_NO_CAPTURE:
        snprintf(buf, size, "%d plies were played without a capture; the seeds left are not counted",
                 rules->no_capture);
        break;
    case AW_END_REPETITION:
        snprintf(buf, size, "the same position occurred %d times; %s", rules->repetition,
                 relay ? "the seeds left are not counted"
                       : "each player takes the seeds of his own row");
        break;
    case AW_END_AGREEMENT:
        snprintf(buf, size, "the players agreed to end the game; %s",
                 leftover_phrase(rules->agreement == AW_LEFT_FORBIDDEN ? AW_LEFT_NOBODY
                                                                       : rules->agreement,
                                 mover));
        break;
    }
    return buf;
}

const char *aw_explain_illegal(const aw_rules *rules, const aw_position *pos, aw_move move,
                               char *buf, size_t size)
{
    if (aw_is_legal(rules, pos, move))
        return NULL;
    char text[AW_MOVE_MAX];
    aw_move_format(rules, move, text);
    const int mover = pos->side, pit = AW_MOVE_PIT(move);
    const char *me = player_name(mover), *you = player_name(!mover);
    aw_status st = aw_position_status(rules, pos);
    if (st != AW_ONGOING) {
        char why[200];
        snprintf(buf, size, "the game is over: %s", aw_status_explain(st, rules, pos, why, sizeof why));
    } else if (rules->family == AW_FAMILY_RELAY) {
        relay_explain(rules, pos, move, buf, size);
    } else if (pit >= AW_PITS) {
        snprintf(buf, size, "there is no such pit");
    } else if (pit / AW_ROW != mover) {
        snprintf(buf, size, "%s is %s's pit, and %s is to move (%s plays %s)", text, you, me, me,
                 mover ? "a-f" : "A-F");
    } else if (pos->pits[pit] == 0) {
        snprintf(buf, size, "pit %c is empty", text[0]);
    } else if (rules->family == AW_FAMILY_OWARE && (move & AW_MOVE_CW)) {
        snprintf(buf, size, "Oware moves have no direction");
    } else if (aw_position_row(pos, !mover) == 0) {
        aw_move moves[AW_MAX_MOVES];
        int n = aw_generate(rules, pos, moves);
        char list[64] = "";
        for (int i = 0; i < n; i++) {
            char m[AW_MOVE_MAX];
            strcat(list, i ? " " : "");
            strcat(list, aw_move_format(rules, moves[i], m));
        }
        snprintf(buf, size, "%s's row is empty: %s must give %s seeds (legal: %s)", you, me, you,
                 list);
    } else {
        snprintf(buf, size, "%s cannot be played here", text);
    }
    return buf;
}
