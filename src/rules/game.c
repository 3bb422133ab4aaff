/*
 * game.c - a game with its history: the start position, the moves played
 * and every position reached, so that repetition (which needs the history)
 * and undo work. Growing arrays; nothing here is on a hot path.
 *
 * Invariant: positions[i] is the position before moves[i]; positions[ply] is
 * the current one. `agreed` marks a game ended by agreement.
 */
#include "rules_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct aw_game {
    aw_rules rules;
    aw_position *positions;
    aw_move *moves;
    int ply, capacity;
    bool agreed;
    int low; /* the lowest ply since game_synced (a record's tree follows the game) */
};

aw_game *aw_game_new(const aw_rules *rules, const aw_position *start)
{
    aw_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->rules = *rules;
    g->capacity = 64;
    g->positions = malloc(sizeof *g->positions * (size_t)(g->capacity + 1));
    g->moves = malloc(sizeof *g->moves * (size_t)g->capacity);
    if (!g->positions || !g->moves) {
        aw_game_free(g);
        return NULL;
    }
    g->positions[0] = start ? *start : aw_position_start(AW_SOUTH);
    return g;
}

void aw_game_free(aw_game *game)
{
    if (!game)
        return;
    free(game->positions);
    free(game->moves);
    free(game);
}

aw_game *aw_game_clone(const aw_game *game)
{
    aw_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    *g = *game;
    g->positions = malloc(sizeof *g->positions * (size_t)(g->capacity + 1));
    g->moves = malloc(sizeof *g->moves * (size_t)g->capacity);
    if (!g->positions || !g->moves) {
        aw_game_free(g);
        return NULL;
    }
    memcpy(g->positions, game->positions, sizeof *g->positions * (size_t)(game->ply + 1));
    memcpy(g->moves, game->moves, sizeof *g->moves * (size_t)game->ply);
    return g;
}

void aw_game_reset(aw_game *game, const aw_position *start)
{
    if (start)
        game->positions[0] = *start;
    game->ply = 0;
    game->agreed = false;
    game->low = 0;
}

int game_low(const aw_game *game) { return game->low < game->ply ? game->low : game->ply; }

void game_synced(aw_game *game) { game->low = game->ply; }

void game_truncate(aw_game *game, int ply)
{
    if (ply >= 0 && ply < game->ply) {
        game->ply = ply;
        game->agreed = false;
    }
    if (game->low > game->ply)
        game->low = game->ply;
}

const aw_rules *aw_game_rules(const aw_game *game) { return &game->rules; }
const aw_position *aw_game_position(const aw_game *game) { return &game->positions[game->ply]; }
const aw_position *aw_game_start(const aw_game *game) { return &game->positions[0]; }
int aw_game_ply(const aw_game *game) { return game->ply; }

aw_move aw_game_move(const aw_game *game, int i)
{
    return i >= 0 && i < game->ply ? game->moves[i] : AW_MOVE_NONE;
}

const aw_position *aw_game_position_at(const aw_game *game, int i)
{
    return i >= 0 && i <= game->ply ? &game->positions[i] : NULL;
}

static int board_seeds(const aw_position *p)
{
    return aw_position_row(p, AW_SOUTH) + aw_position_row(p, AW_NORTH);
}

int aw_game_occurrences(const aw_game *game)
{
    const aw_position *now = &game->positions[game->ply];
    const int seeds = board_seeds(now);
    int count = 1;
    /* Same side to move: every second ply; a capture changes the seeds on
     * the board for good, so stop at the first position with more seeds. */
    for (int i = game->ply - 2; i >= 0; i -= 2) {
        const aw_position *p = &game->positions[i];
        if (board_seeds(p) != seeds)
            break;
        if (memcmp(p->pits, now->pits, AW_PITS) == 0)
            count++;
    }
    return count;
}

aw_status aw_game_status(const aw_game *game)
{
    if (game->agreed)
        return AW_END_AGREEMENT;
    aw_status st = aw_position_status(&game->rules, aw_game_position(game));
    if (st == AW_ONGOING && game->rules.repetition &&
        aw_game_occurrences(game) >= game->rules.repetition)
        st = AW_END_REPETITION;
    return st;
}

/* Play a move known to be legal: the history grows. -1 when out of memory. */
static int push(aw_game *game, aw_move move)
{
    if (game->ply == game->capacity) {
        int cap = game->capacity * 2;
        aw_position *ps = realloc(game->positions, sizeof *ps * (size_t)(cap + 1));
        if (!ps)
            return -1;
        game->positions = ps;
        aw_move *ms = realloc(game->moves, sizeof *ms * (size_t)cap);
        if (!ms)
            return -1;
        game->moves = ms;
        game->capacity = cap;
    }
    game->moves[game->ply] = move;
    game->positions[game->ply + 1] = game->positions[game->ply];
    aw_play(&game->rules, &game->positions[game->ply + 1], move);
    game->ply++;
    return 0;
}

int aw_game_play(aw_game *game, aw_move move, aw_error *err)
{
    const aw_position *now = aw_game_position(game);
    aw_status st = aw_game_status(game);
    char why[256];
    if (st != AW_ONGOING)
        return aw_fail(err, "the game is over: %s",
                       aw_status_explain(st, &game->rules, now, why, sizeof why));
    if (aw_explain_illegal(&game->rules, now, move, why, sizeof why))
        return aw_fail(err, "%s", why);
    if (push(game, move))
        return aw_fail(err, "out of memory");
    return 0;
}

int aw_game_undo(aw_game *game, int plies)
{
    int undone = 0;
    if (game->agreed && plies > 0) {
        game->agreed = false;
        plies--;
        undone++;
    }
    while (plies-- > 0 && game->ply > 0) {
        game->ply--;
        undone++;
    }
    if (game->low > game->ply)
        game->low = game->ply;
    return undone;
}

int aw_game_agree(aw_game *game, aw_error *err)
{
    if (game->rules.agreement == AW_LEFT_FORBIDDEN)
        return aw_fail(err, "the %s rules do not allow ending a game by agreement",
                       game->rules.name);
    aw_status st = aw_game_status(game);
    if (st != AW_ONGOING)
        return aw_fail(err, "the game is already over");
    game->agreed = true;
    return 0;
}

int aw_game_legal(const aw_game *game, aw_move moves[AW_MAX_MOVES])
{
    if (aw_game_status(game) != AW_ONGOING)
        return 0;
    return aw_generate(&game->rules, aw_game_position(game), moves);
}

int aw_game_playout(aw_game *game, uint64_t *seed, int max_plies)
{
    int played = 0;
    aw_move moves[AW_MAX_MOVES];
    while (played < max_plies) {
        int n = aw_game_legal(game, moves);
        if (n == 0)
            break;
        /* splitmix64, then a multiply-shift to pick one of n. */
        uint64_t z = (*seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        aw_move m = moves[(uint32_t)(((z >> 32) * (uint64_t)n) >> 32)];
        if (push(game, m)) /* legal: aw_game_legal's */
            return -1;
        played++;
    }
    return played;
}

void aw_game_scores(const aw_game *game, int scores[2])
{
    const aw_position *now = aw_game_position(game);
    aw_status st = aw_game_status(game);
    if (st == AW_ONGOING) {
        scores[0] = now->score[0];
        scores[1] = now->score[1];
    } else {
        aw_final_scores(&game->rules, now, st, scores);
    }
}
