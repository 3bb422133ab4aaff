/*
 * opponent.c - the computer player of `awale play`, on top of the engine:
 * one engine for the moves (at the chosen level, which sets how far it
 * looks and how often it errs) and one at full strength for hints. Both keep
 * their tables from move to move.
 */
#include "opponent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct opponent {
    aw_engine *player, *adviser;
    int movetime_ms;
    int level;
};

opponent_t *opponent_new(int level, int movetime_ms, uint64_t seed)
{
    opponent_t *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->player = aw_engine_new(NULL);
    o->adviser = aw_engine_new(NULL);
    if (!o->player || !o->adviser) {
        opponent_free(o);
        return NULL;
    }
    char num[32];
    snprintf(num, sizeof num, "%d", level);
    aw_engine_set_option(o->player, "Level", num, NULL);
    snprintf(num, sizeof num, "%llu", (unsigned long long)(seed & 0x7FFFFFFF));
    aw_engine_set_option(o->player, "Seed", num, NULL);
    aw_engine_clear(o->player);
    o->movetime_ms = movetime_ms;
    o->level = level;
    return o;
}

void opponent_set_tables(opponent_t *o, const aw_tables *t)
{
    aw_probe_fn probe = t ? aw_tables_probe_hook : NULL;
    if (o->level >= 10)
        aw_engine_set_probe(o->player, probe, (void *)t, aw_tables_seeds(t));
    aw_engine_set_probe(o->adviser, probe, (void *)t, aw_tables_seeds(t));
}

void opponent_set_book(opponent_t *o, const aw_book *book)
{
    aw_engine_set_book(o->player, book);
    aw_engine_set_book(o->adviser, book);
    const char *on = book ? "true" : "false";
    aw_engine_set_option(o->player, "OwnBook", on, NULL);
    aw_engine_set_option(o->adviser, "OwnBook", on, NULL);
}

void opponent_free(opponent_t *o)
{
    if (!o)
        return;
    aw_engine_free(o->player);
    aw_engine_free(o->adviser);
    free(o);
}

static aw_move think(aw_engine *e, int movetime_ms, const aw_game *game, aw_search_result *res)
{
    if (aw_game_status(game) != AW_ONGOING)
        return AW_MOVE_NONE;
    if (aw_engine_set_game(e, game, NULL))
        return AW_MOVE_NONE;
    aw_limits limits = {0};
    limits.movetime_ms = movetime_ms;
    if (aw_search_run(e, &limits, NULL, NULL, res, NULL))
        return AW_MOVE_NONE;
    return res->best;
}

aw_move opponent_choose(opponent_t *o, const aw_game *game, bool *from_book)
{
    aw_search_result res;
    res.book = false;
    const aw_move m = think(o->player, o->movetime_ms, game, &res);
    if (from_book)
        *from_book = m != AW_MOVE_NONE && res.book;
    return m;
}

aw_move opponent_hint(opponent_t *o, const aw_game *game, char *why, size_t size)
{
    aw_search_result res;
    why[0] = 0;
    aw_move best = think(o->adviser, o->movetime_ms, game, &res);
    if (best == AW_MOVE_NONE || res.info.lines == 0)
        return best;
    const aw_rules *rules = aw_game_rules(game);
    const aw_search_line *l = &res.info.line[0];
    char score[48], line[512] = "";
    aw_position p = *aw_game_position(game);
    const int me = p.side;
    for (int i = 0; i < l->length && i < 16; i++) {
        char m[AW_MOVE_MAX], item[32];
        if (!aw_is_legal(rules, &p, l->pv[i]))
            break;
        const int mover = p.side;
        int taken = aw_play(rules, &p, l->pv[i]);
        aw_move_format(rules, l->pv[i], m);
        if (taken)
            snprintf(item, sizeof item, "%s%s(%c%d)", i ? " " : "", m, mover == me ? '+' : '-',
                     taken);
        else
            snprintf(item, sizeof item, "%s%s", i ? " " : "", m);
        if (strlen(line) + strlen(item) + 1 < sizeof line)
            strcat(line, item);
    }
    const aw_score *s = &l->score;
    switch (s->kind) {
    /* A proven result without a distance (plies 0) is the endgame tables'
     * exact result; with one, the search's (a bound until it has seen
     * every line). */
    case AW_SCORE_WIN:
        snprintf(score, sizeof score, "you win by %d seed%s %s", s->margin,
                 s->margin == 1 ? "" : "s", s->plies ? "or more" : "with perfect play");
        break;
    case AW_SCORE_LOSS:
        snprintf(score, sizeof score, "you lose by %d seed%s %s", -s->margin,
                 s->margin == -1 ? "" : "s", s->plies ? "at best" : "with perfect play");
        break;
    case AW_SCORE_DRAW: snprintf(score, sizeof score, "a draw with perfect play"); break;
    default:
        snprintf(score, sizeof score, "%s %d.%02d seeds %s", "about", abs(s->value) / 100,
                 abs(s->value) % 100, s->value >= 0 ? "ahead" : "behind");
        break;
    }
    snprintf(why, size, "%s%s; expected line (captures in brackets, + yours): %s",
             res.book ? "opening book: " : "", score, line);
    return best;
}
