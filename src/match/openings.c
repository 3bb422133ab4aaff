/*
 * openings.c - the openings of `awale match` and `awale selfplay`
 * (docs/match.md).
 *
 * The openings file: either one opening a line, "[POSITION] [MOVES]" with
 * '#' comments, or game records, whose start and moves are the opening.
 * Every opening is played through a game as it is read, so a match never
 * starts from an illegal or finished position.
 *
 * Random openings (openings.h): random legal lines from the start, each
 * searched a few plies deep and kept when balanced and new. A run with the
 * same seed draws the same openings in the same order, whatever the number
 * of threads playing them: openings are drawn one after the other, by
 * whoever takes the first game of a pair, under the caller's lock.
 */
#include "match/openings.h"

#include "front/textfile.h"
#include "match/seen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void openings_free(opening *o, int count)
{
    for (int i = 0; i < count; i++)
        free(o[i].moves);
    free(o);
}

static int add(opening **list, int *count, int *cap, const aw_game *g, int line)
{
    if (*count == *cap) {
        int c = *cap ? *cap * 2 : 64;
        opening *l = realloc(*list, sizeof *l * (size_t)c);
        if (!l)
            return -1;
        *list = l;
        *cap = c;
    }
    opening *o = &(*list)[*count];
    o->start = *aw_game_start(g);
    o->nmoves = aw_game_ply(g);
    o->line = line;
    o->moves = malloc(sizeof *o->moves * (size_t)(o->nmoves ? o->nmoves : 1));
    if (!o->moves)
        return -1;
    for (int i = 0; i < o->nmoves; i++)
        o->moves[i] = aw_game_move(g, i);
    (*count)++;
    return 0;
}

/* The game of one line: an optional position string, then moves. */
static int read_line(const aw_rules *rules, char *text, aw_game *g, char *err, size_t size)
{
    char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    char *end = p;
    while (*end && !isspace((unsigned char)*end))
        end++;
    aw_position start = aw_position_start(AW_SOUTH);
    aw_error e;
    /* A first word with a '-' and digits is a position string. */
    if (end > p && strchr("0123456789", *p) && memchr(p, '-', (size_t)(end - p))) {
        char save = *end;
        *end = 0;
        if (aw_position_parse(p, &start, &e)) {
            snprintf(err, size, "bad position '%.64s': %s", p, e.msg);
            return -1;
        }
        *end = save;
        p = end;
    }
    aw_game_reset(g, &start);
    if (aw_game_status(g) != AW_ONGOING) {
        snprintf(err, size, "the game is already over in this position");
        return -1;
    }
    aw_move m;
    int n = 0, rc;
    const char *q = p;
    while ((rc = aw_move_parse_next(rules, &q, &m, &e)) == 1) {
        n++;
        if (aw_game_play(g, m, &e)) {
            char mv[AW_MOVE_MAX];
            snprintf(err, size, "move %d (%s) cannot be played: %s", n,
                     aw_move_format(rules, m, mv), e.msg);
            return -1;
        }
    }
    if (rc < 0) {
        snprintf(err, size, "move %d: %s", n + 1, e.msg);
        return -1;
    }
    if (aw_game_status(g) != AW_ONGOING) {
        snprintf(err, size, "the opening ends the game");
        return -1;
    }
    return 0;
}

int openings_load(const char *path, const aw_rules *rules, opening **out, int *count, char *err,
                  size_t size)
{
    char msg[512];
    char *text = textfile_read(path, (size_t)64 << 20, msg, sizeof msg);
    *out = NULL;
    *count = 0;
    if (!text) {
        snprintf(err, size, "%s", msg);
        return -1;
    }
    int cap = 0, rc = 0;
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '[') {
        /* Game records: their rules must be the match's. */
        int line = 1;
        const char *p = text;
        aw_error e;
        char want[1024], got[1024];
        aw_rules_diff(rules, want, sizeof want);
        for (;;) {
            int at = line;
            aw_record *rec = aw_record_read(&p, &line, &e);
            if (!rec) {
                if (e.msg[0]) {
                    snprintf(err, size, "%s: %s", path, e.msg);
                    rc = -1;
                }
                break;
            }
            const aw_game *g = aw_record_game_const(rec);
            const aw_rules *r = aw_game_rules(g);
            aw_rules_diff(r, got, sizeof got);
            if (strcmp(r->name, rules->name) != 0 || strcmp(want, got) != 0) {
                snprintf(err, size, "%s: the record from line %d is for the %s%s%s rules, not %s%s%s",
                         path, at, r->name, got[0] ? " " : "", got, rules->name,
                         want[0] ? " " : "", want);
                rc = -1;
            } else if (aw_game_status(g) != AW_ONGOING) {
                snprintf(err, size, "%s: the record from line %d is a finished game", path, at);
                rc = -1;
            } else if (add(out, count, &cap, g, at)) {
                snprintf(err, size, "out of memory");
                rc = -1;
            }
            aw_record_free(rec);
            if (rc)
                break;
        }
    } else {
        aw_game *g = aw_game_new(rules, NULL);
        int line = 0;
        for (char *l = text; l && rc == 0;) {
            char *nl = strchr(l, '\n');
            if (nl)
                *nl = 0;
            line++;
            char *hash = strchr(l, '#');
            if (hash)
                *hash = 0;
            char *t = l;
            while (isspace((unsigned char)*t))
                t++;
            if (*t) {
                if (!g || read_line(rules, t, g, msg, sizeof msg)) {
                    snprintf(err, size, "%s: line %d: %s", path, line, g ? msg : "out of memory");
                    rc = -1;
                } else if (add(out, count, &cap, g, line)) {
                    snprintf(err, size, "out of memory");
                    rc = -1;
                }
            }
            l = nl ? nl + 1 : NULL;
        }
        aw_game_free(g);
    }
    free(text);
    if (rc == 0 && *count == 0) {
        snprintf(err, size, "%s: no opening in the file", path);
        rc = -1;
    }
    if (rc) {
        openings_free(*out, *count);
        *out = NULL;
        *count = 0;
    }
    return rc;
}

/* ------------------------------------------------------ random openings */

/* Positions whose search score is kept, at most (past that, a position
 * drawn again is searched again: slower, same result). */
#define SCORES_MAX ((size_t)1 << 22)

struct opening_gen {
    aw_rules rules;
    aw_position start;
    int plies;
    uint64_t rng;
    aw_engine *engine;
    aw_game *game;
    seen_set given;  /* positions of the openings given */
    seen_set scores; /* position -> imbalance (see imbalance()) */
    opening_stats stats;
};

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t opening_seed_new(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t s = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    s ^= (uint64_t)getpid() << 32;
    return rng_next(&s) & 0x7fffffff;
}

void opening_gen_describe(int plies, const aw_position *start, uint64_t seed, char *buf,
                          size_t size)
{
    char pos[AW_POSITION_MAX + 8] = "the start position";
    aw_position standard = aw_position_start(AW_SOUTH);
    if (memcmp(start, &standard, sizeof standard) != 0)
        aw_position_format(start, pos);
    if (plies == 0)
        snprintf(buf, size, "no random moves: every game starts from %s", pos);
    else
        snprintf(buf, size,
                 "random openings of %d pl%s from %s, kept within +/-%g seed%s by a search of "
                 "depth %d; seed %llu",
                 plies, plies == 1 ? "y" : "ies", pos, OPENING_WINDOW / 100.0,
                 OPENING_WINDOW == 100 ? "" : "s", OPENING_DEPTH, (unsigned long long)seed);
}

void opening_stats_notes(const opening_stats *s, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    if (s->reused && k < size)
        k += (size_t)snprintf(buf + k, size - k, ", %d reused (no new balanced one found)",
                              s->reused);
    if (s->unbalanced && k < size)
        k += (size_t)snprintf(buf + k, size - k, ", %d outside the window (no balanced one found)",
                              s->unbalanced);
    if (s->shortened && k < size)
        snprintf(buf + k, size - k, ", %d shorter (the longer lines ended the game)", s->shortened);
}

opening_gen *opening_gen_new(const aw_rules *rules, const aw_position *start, int plies,
                             uint64_t seed, char *err, size_t size)
{
    opening_gen *g = calloc(1, sizeof *g);
    aw_error e;
    snprintf(e.msg, sizeof e.msg, "out of memory");
    if (!g)
        goto fail;
    g->rules = *rules;
    g->start = *start;
    g->plies = plies < 0 ? 0 : plies > OPENING_PLIES_MAX ? OPENING_PLIES_MAX : plies;
    g->rng = seed;
    if (!(g->game = aw_game_new(rules, start)) || !(g->engine = aw_engine_new(&e)) ||
        aw_engine_set_option(g->engine, "Hash", "1", &e) ||
        aw_engine_set_option(g->engine, "Threads", "1", &e))
        goto fail;
    return g;
fail:
    snprintf(err, size, "random openings: %s", e.msg);
    opening_gen_free(g);
    return NULL;
}

void opening_gen_free(opening_gen *g)
{
    if (!g)
        return;
    aw_engine_free(g->engine);
    aw_game_free(g->game);
    seen_free(&g->given);
    seen_free(&g->scores);
    free(g);
}

opening_stats opening_gen_stats(const opening_gen *g) { return g->stats; }

/* How far from level the position after the line is: 0 for a proven
 * draw, the estimate's size in hundredths of a seed, and more than any
 * estimate for a proven win or loss. */
static int imbalance(const aw_score *s)
{
    switch (s->kind) {
    case AW_SCORE_DRAW:
        return 0;
    case AW_SCORE_SEEDS:
        return abs(s->value) < 1000000 ? abs(s->value) : 1000000;
    default:
        return 1000000 + abs(s->margin);
    }
}

/* Play a random line of `plies` from the start into g->game; false when it
 * ends the game. */
static bool random_line(opening_gen *g, int plies)
{
    aw_game_reset(g->game, &g->start);
    for (int i = 0; i < plies; i++) {
        if (aw_game_status(g->game) != AW_ONGOING)
            return false;
        aw_move moves[AW_MAX_MOVES];
        int n = aw_generate(&g->rules, aw_game_position(g->game), moves);
        if (n <= 0 || aw_game_play(g->game, moves[rng_next(&g->rng) % (uint64_t)n], NULL))
            return false;
    }
    return aw_game_status(g->game) == AW_ONGOING;
}

typedef struct line {
    bool have;
    int n, imbalance;
    aw_move moves[OPENING_PLIES_MAX];
} line;

static void keep(line *l, const aw_game *game, int imb)
{
    l->have = true;
    l->n = aw_game_ply(game);
    l->imbalance = imb;
    for (int i = 0; i < l->n; i++)
        l->moves[i] = aw_game_move(game, i);
}

int opening_gen_next(opening_gen *g, opening *out, char *err, size_t size)
{
    line take = {0}, reuse = {0}, unbalanced = {0}, any = {0};
    int plies = g->plies;
    for (; plies >= 0; plies--) {
        for (int t = 0; t < OPENING_TRIES && !take.have; t++) {
            if (!random_line(g, plies))
                continue;
            const uint64_t h = seen_position(aw_game_position(g->game));
            const bool fresh = !seen_has(&g->given, h);
            if (plies == 0) { /* the start itself: nothing to choose */
                keep(&take, g->game, 0);
                break;
            }
            int imb;
            if (!seen_find(&g->scores, h, &imb)) {
                aw_limits limits = {.depth = OPENING_DEPTH};
                aw_search_result res;
                aw_error e;
                aw_engine_clear(g->engine);
                if (aw_engine_set_game(g->engine, g->game, &e) ||
                    aw_search_run(g->engine, &limits, NULL, NULL, &res, &e)) {
                    snprintf(err, size, "random openings: %s", e.msg);
                    return -1;
                }
                imb = res.info.lines ? imbalance(&res.info.line[0].score) : 0;
                if (g->scores.count < SCORES_MAX && seen_add(&g->scores, h, imb) < 0) {
                    snprintf(err, size, "random openings: out of memory");
                    return -1;
                }
            }
            const bool balanced = imb <= OPENING_WINDOW;
            if (balanced && fresh)
                keep(&take, g->game, imb);
            else if (balanced && !reuse.have)
                keep(&reuse, g->game, imb);
            else if (!balanced && fresh && (!unbalanced.have || imb < unbalanced.imbalance))
                keep(&unbalanced, g->game, imb);
            else if (!any.have)
                keep(&any, g->game, imb);
        }
        if (take.have || reuse.have || unbalanced.have || any.have)
            break;
    }
    /* plies >= 0 here: the line of no move is the start, which goes on. */
    const line *l = take.have ? &take : reuse.have ? &reuse : unbalanced.have ? &unbalanced : &any;
    if (!l->have) { /* not reached: the start is a position where the game goes on */
        snprintf(err, size, "random openings: the game is over in the start position");
        return -1;
    }
    aw_game_reset(g->game, &g->start);
    for (int i = 0; i < l->n; i++)
        aw_game_play(g->game, l->moves[i], NULL);
    const int again = seen_add(&g->given, seen_position(aw_game_position(g->game)), 0);
    if (again < 0) {
        snprintf(err, size, "random openings: out of memory");
        return -1;
    }
    g->stats.drawn++;
    g->stats.reused += g->plies > 0 && again;
    g->stats.unbalanced += plies > 0 && l->imbalance > OPENING_WINDOW;
    g->stats.shortened += plies < g->plies;
    out->start = g->start;
    out->nmoves = l->n;
    out->line = 0;
    memcpy(out->moves, l->moves, sizeof *l->moves * (size_t)l->n);
    return 0;
}
