/*
 * vector.c - n games of one rule set stepped together (awale.h, "vectors of
 * games"), for training loops: the Python module's VectorGame.
 *
 * Each game keeps its position, its legal actions as a bit set in the
 * vector's numbering, its ply count and, when the rules end a game on
 * repetition, the pits of every position since its last capture (all that
 * aw_game_occurrences looks at: a capture lowers the seeds on the board for
 * good, so no earlier position can come back). A step validates every
 * action (and makes room in the histories) before it plays any, so a bad
 * action or a failed allocation leaves all games as they were.
 *
 * Ownership: a vector belongs to one thread at a time; nothing here locks
 * (the Python module holds a lock per VectorGame around each call).
 */
#include "rules_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct slot {
    aw_position pos;
    uint32_t legal;           /* bit a: action a is legal now */
    int32_t ply;
    uint32_t hlen, hcap;      /* positions since the last capture */
    uint8_t (*hist)[AW_PITS]; /* their pits (only with repetition) */
    uint64_t seen[4];         /* a 256-bit filter of their hashes: a position
                                 whose bit is not set occurred no earlier */
} slot;

struct aw_vector {
    aw_rules rules;
    int n, flags, actions;
    uint64_t rng;
    slot *games;
};

/* The action number of a move for a game whose side to move is `side`. */
static int action_of(const aw_vector *v, aw_move m, int side)
{
    if (m == AW_MOVE_PASS)
        return v->actions - 1;
    int pit = AW_MOVE_PIT(m);
    int cw = (m & AW_MOVE_CW) != 0;
    if (v->flags & AW_VECTOR_RELATIVE)
        return pit - AW_ROW * side + (cw ? AW_ROW : 0);
    return pit + (cw ? AW_PITS : 0);
}

/* The move of an action number (known to be in range). */
static aw_move move_of(const aw_vector *v, int a, int side)
{
    if (v->rules.family == AW_FAMILY_RELAY && a == v->actions - 1)
        return AW_MOVE_PASS;
    if (v->flags & AW_VECTOR_RELATIVE) {
        int cw = a >= AW_ROW;
        return (aw_move)((a % AW_ROW + AW_ROW * side) | (cw ? AW_MOVE_CW : 0));
    }
    return (aw_move)(a >= AW_PITS ? (a - AW_PITS) | AW_MOVE_CW : a);
}

static void find_legal(const aw_vector *v, slot *s)
{
    const aw_position *p = &s->pos;
    if (v->rules.family == AW_FAMILY_OWARE) {
        /* oware_generate's rule, straight to bits: a pit with seeds, which
         * must reach the opponent's row when that row is empty. */
        const int base = p->side * AW_ROW;
        const uint8_t *own = p->pits + base, *opp = p->pits + (AW_ROW - base);
        uint32_t bits = 0;
        for (int i = 0; i < AW_ROW; i++)
            bits |= (uint32_t)(own[i] != 0) << i;
        if ((opp[0] | opp[1] | opp[2] | opp[3] | opp[4] | opp[5]) == 0) {
            bits = 0;
            for (int i = 0; i < AW_ROW; i++)
                bits |= (uint32_t)(own[i] >= AW_ROW - i) << i;
        }
        s->legal = v->flags & AW_VECTOR_RELATIVE ? bits : bits << base;
        return;
    }
    aw_move moves[AW_MAX_MOVES];
    int k = aw_generate(&v->rules, p, moves);
    uint32_t bits = 0;
    for (int i = 0; i < k; i++)
        bits |= UINT32_C(1) << action_of(v, moves[i], p->side);
    s->legal = bits;
}

/* 8 bits of a hash of the pits, for the filter. */
static unsigned pits_hash(const uint8_t pits[AW_PITS])
{
    uint64_t a;
    uint32_t b;
    memcpy(&a, pits, 8);
    memcpy(&b, pits + 8, 4);
    return (unsigned)(((a ^ b * UINT64_C(0x9E3779B97F4A7C15)) * UINT64_C(0xD6E8FEB86659FD93)) >>
                      56);
}

static void start(const aw_vector *v, slot *s)
{
    s->pos = aw_position_start(AW_SOUTH);
    s->ply = 0;
    if (s->hist) {
        memcpy(s->hist[0], s->pos.pits, AW_PITS);
        s->hlen = 1;
        memset(s->seen, 0, sizeof s->seen);
        const unsigned h = pits_hash(s->pos.pits);
        s->seen[h >> 6] |= UINT64_C(1) << (h & 63);
    }
    find_legal(v, s);
}

aw_vector *aw_vector_new(const aw_rules *rules, int n, int flags, uint64_t seed, aw_error *err)
{
    if (n < 1 || n > AW_VECTOR_MAX) {
        aw_fail(err, "the number of games must be from 1 to %d, not %d", AW_VECTOR_MAX, n);
        return NULL;
    }
    if (flags & ~(AW_VECTOR_RELATIVE | AW_VECTOR_FLOAT)) {
        aw_fail(err, "unknown vector flags %#x", (unsigned)flags);
        return NULL;
    }
    aw_vector *v = calloc(1, sizeof *v);
    if (!v || !(v->games = calloc((size_t)n, sizeof *v->games))) {
        free(v);
        aw_fail(err, "out of memory");
        return NULL;
    }
    v->rules = *rules;
    v->n = n;
    v->flags = flags;
    v->rng = seed;
    const bool relay = rules->family == AW_FAMILY_RELAY;
    v->actions = flags & AW_VECTOR_RELATIVE ? (relay ? 2 * AW_ROW + 1 : AW_ROW)
                                            : (relay ? 2 * AW_PITS + 1 : AW_PITS);
    for (int i = 0; i < n; i++) {
        slot *s = &v->games[i];
        if (rules->repetition) {
            s->hcap = 16;
            s->hist = malloc(sizeof *s->hist * s->hcap);
            if (!s->hist) {
                aw_vector_free(v);
                aw_fail(err, "out of memory");
                return NULL;
            }
        }
        start(v, s);
    }
    return v;
}

void aw_vector_free(aw_vector *v)
{
    if (!v)
        return;
    for (int i = 0; i < v->n; i++)
        free(v->games[i].hist);
    free(v->games);
    free(v);
}

int aw_vector_size(const aw_vector *v) { return v->n; }
int aw_vector_num_actions(const aw_vector *v) { return v->actions; }

void aw_vector_reset(aw_vector *v)
{
    for (int i = 0; i < v->n; i++)
        start(v, &v->games[i]);
}

/* k / 48 as a float (the exact quotient), for k = 0..48 seeds. */
#define F4(k) (float)(k) / 48.0f, (float)(k + 1) / 48.0f, (float)(k + 2) / 48.0f, \
              (float)(k + 3) / 48.0f
static const float seed_fraction[AW_SEEDS + 1] = {F4(0),  F4(4),  F4(8),  F4(12), F4(16),
                                                  F4(20), F4(24), F4(28), F4(32), F4(36),
                                                  F4(40), F4(44), 1.0f};
#undef F4

/* Six bits of a mask as six bytes 0 or 1: bit k of b moves to bit 8k of
 * the product (the shifted copies of b do not overlap). */
static void mask6(uint8_t *m, uint32_t b)
{
    const uint64_t x = ((uint64_t)(b & 63) * UINT64_C(0x0002040810204081)) &
                       UINT64_C(0x0101010101010101);
    for (int k = 0; k < AW_ROW; k++)
        m[k] = (uint8_t)(x >> 8 * k);
}

static void observe(const aw_vector *v, const slot *s, int i, void *obs, uint8_t *mask)
{
    if (obs) {
        if (v->flags & AW_VECTOR_FLOAT) {
            float *o = (float *)obs + (size_t)i * AW_VECTOR_OBS;
            for (int k = 0; k < AW_PITS; k++)
                o[k] = seed_fraction[s->pos.pits[k]];
            o[AW_PITS] = seed_fraction[s->pos.score[0]];
            o[AW_PITS + 1] = seed_fraction[s->pos.score[1]];
        } else {
            /* pits[12] and score[2] follow each other in aw_position. */
            uint8_t *o = (uint8_t *)obs + (size_t)i * AW_VECTOR_OBS;
            memcpy(o, s->pos.pits, AW_PITS);
            o[AW_PITS] = s->pos.score[0];
            o[AW_PITS + 1] = s->pos.score[1];
        }
    }
    if (mask) {
        uint8_t *m = mask + (size_t)i * (size_t)v->actions;
        int a = 0;
        for (; a + AW_ROW <= v->actions; a += AW_ROW)
            mask6(m + a, s->legal >> a);
        for (; a < v->actions; a++)
            m[a] = (uint8_t)(s->legal >> a & 1);
    }
}

void aw_vector_observe(const aw_vector *v, void *obs, uint8_t *mask)
{
    for (int i = 0; i < v->n; i++)
        observe(v, &v->games[i], i, obs, mask);
}

/* The status after a move, repetition included (as aw_game_status). */
static aw_status moved(const aw_vector *v, slot *s, int board_before)
{
    const aw_position *p = &s->pos;
    bool again = false; /* the position may have occurred before */
    if (s->hist) {
        if (AW_SEEDS - p->score[0] - p->score[1] != board_before) {
            s->hlen = 0; /* a capture: no earlier position can come back */
            memset(s->seen, 0, sizeof s->seen);
        }
        memcpy(s->hist[s->hlen++], p->pits, AW_PITS);
        const unsigned h = pits_hash(p->pits);
        const uint64_t bit = UINT64_C(1) << (h & 63);
        again = (s->seen[h >> 6] & bit) != 0;
        s->seen[h >> 6] |= bit;
    }
    aw_status st = aw_position_status(&v->rules, p);
    if (st == AW_ONGOING && again) {
        int count = 1;
        for (int k = (int)s->hlen - 3; k >= 0; k -= 2)
            if (memcmp(s->hist[k], p->pits, AW_PITS) == 0)
                count++;
        if (count >= v->rules.repetition)
            st = AW_END_REPETITION;
    }
    return st;
}

int aw_vector_step(aw_vector *v, const int32_t *actions, float *rewards, uint8_t *done,
                   void *obs, uint8_t *mask, aw_error *err)
{
    /* First every action checked, and room made for one more position. */
    for (int i = 0; i < v->n; i++) {
        slot *s = &v->games[i];
        int32_t a = actions[i];
        if (a < 0 || a >= v->actions)
            return aw_fail(err, "game %d: action %ld is out of range (0 to %d)", i, (long)a,
                           v->actions - 1);
        if (!(s->legal >> a & 1)) {
            char why[256], name[AW_MOVE_MAX];
            aw_move m = move_of(v, a, s->pos.side);
            const char *text = aw_explain_illegal(&v->rules, &s->pos, m, why, sizeof why);
            return aw_fail(err, "game %d: action %ld (%s) is illegal: %s", i, (long)a,
                           aw_move_format(&v->rules, m, name),
                           text ? text : "the game is over");
        }
        if (s->hist && s->hlen == s->hcap) {
            uint32_t cap = s->hcap * 2;
            void *h = realloc(s->hist, sizeof *s->hist * cap);
            if (!h)
                return aw_fail(err, "out of memory");
            s->hist = h;
            s->hcap = cap;
        }
    }
    for (int i = 0; i < v->n; i++) {
        slot *s = &v->games[i];
        const int board = AW_SEEDS - s->pos.score[0] - s->pos.score[1];
        aw_play(&v->rules, &s->pos, move_of(v, actions[i], s->pos.side));
        s->ply++;
        aw_status st = moved(v, s, board);
        if (st == AW_ONGOING) {
            find_legal(v, s);
            /* An ongoing game always has a move (the rules end it otherwise). */
            AW_ASSERT(s->legal != 0);
        }
        if (st != AW_ONGOING || !s->legal) {
            int sc[2];
            aw_final_scores(&v->rules, &s->pos, st, sc);
            if (rewards) {
                float r = sc[0] > sc[1] ? 1.0f : sc[0] < sc[1] ? -1.0f : 0.0f;
                rewards[2 * i] = r;
                rewards[2 * i + 1] = -r;
            }
            if (done)
                done[i] = 1;
            start(v, s);
        } else {
            if (rewards)
                rewards[2 * i] = rewards[2 * i + 1] = 0.0f;
            if (done)
                done[i] = 0;
        }
        observe(v, s, i, obs, mask);
    }
    return 0;
}

void aw_vector_random_actions(aw_vector *v, int32_t *actions)
{
    for (int i = 0; i < v->n; i++) {
        uint32_t bits = v->games[i].legal;
        /* splitmix64, then a multiply-shift to pick one of the legal. */
        uint64_t z = (v->rng += UINT64_C(0x9E3779B97F4A7C15));
        z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
        z ^= z >> 31;
        uint32_t c = bits - (bits >> 1 & 0x55555555u);
        c = (c & 0x33333333u) + (c >> 2 & 0x33333333u);
        int count = (int)(((c + (c >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
        int k = (int)(((z >> 32) * (uint64_t)count) >> 32);
        while (k-- > 0)
            bits &= bits - 1;
        actions[i] = __builtin_ctz(bits);
    }
}

void aw_vector_players(const aw_vector *v, uint8_t *players)
{
    for (int i = 0; i < v->n; i++)
        players[i] = v->games[i].pos.side;
}

const aw_position *aw_vector_position(const aw_vector *v, int i)
{
    return i >= 0 && i < v->n ? &v->games[i].pos : NULL;
}

int aw_vector_ply(const aw_vector *v, int i) { return i >= 0 && i < v->n ? v->games[i].ply : -1; }
