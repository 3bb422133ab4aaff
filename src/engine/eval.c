/*
 * eval.c - the static evaluation: what a position is worth to the side to
 * move, in hundredths of a seed, when the search stops looking.
 *
 * Oware family: the score difference (100 a seed) plus a linear model over
 * features strong players talk about, each weight tuned from games
 * (tools/tune.c, docs/engine.md):
 *   - every pit's count, one-hot (0, 1, 2, ... 22, 23+) for each of the 12
 *     pits seen from the mover: empty pits, pits of 1-2 seeds the opponent
 *     can make 2-3, greniers (kroo, 12+ seeds that lap the board), seeds
 *     kept in one's own row - all follow from these;
 *   - mobility: the mover's legal moves, the opponent's non-empty pits;
 *   - the best capture the mover has now, and the best the opponent would
 *     have if it were his turn (pits the opponent can capture);
 *   - tempo: how many of one's pits can still be played without giving
 *     seeds away, minus the opponent's (the endgame race of waiting moves);
 *   - how many seeds each player still needs to reach the target (1..12):
 *     near the end a seed is worth more than a seed.
 * Each weight has a full-board value and an empty-board value, blended by
 * the seeds on the board. The evaluation and the tuner use the same feature
 * list (eval_features), so what is tuned is what is played.
 *
 * Relay: the store difference plus a linear model of the same kind, tuned
 * the same way (eval_weights_relay.c): every pit's count one-hot, the pits
 * each side can play (2 seeds or more), and the seeds facing each side's
 * empty pits - what a sowing that ends there would capture -, and the
 * best capture each side has (trying every move).
 */
#include "engine.h"
#include "nnue.h"

#include <string.h>

/* Seeds the side `mover` would capture by playing byte `from` of *p. */
static inline int capture_of(const aw_rules *r, const fb_pits *p, int mover, int from)
{
    const int k = p->b[from], origin = FB_PIT(from);
    fb_pits c;
#if defined(__SSE2__)
    c.v = _mm_add_epi8(p->v, _mm_loadu_si128((const __m128i *)fb_sow_table[origin][k]));
#else
    for (int j = 0; j < 16; j++)
        c.b[j] = (uint8_t)(p->b[j] + fb_sow_table[origin][k][j]);
#endif
    const int last = fb_sow_last[origin][k], lo = mover ? 0 : 8;
    if ((unsigned)(last - lo) >= 6u || !(r->captures >> c.b[last] & 1))
        return 0;
    int j = last, taken = 0;
    while (j >= lo && (r->captures >> c.b[j] & 1))
        taken += c.b[j--];
    if (r->grand_slam == AW_SLAM_VOID) {
        int sums[2];
        fb_row_sums(&c, sums);
        if (taken == sums[!mover])
            return 0;
    }
    return taken;
}

/* Legal moves of `side` on *p (mechanics only), as a byte mask. */
static inline unsigned moves_of(const fb_pits *p, int side)
{
    const unsigned nonempty = fb_nonempty(p), own = side ? 0x3F00u : 0x003Fu;
    if (nonempty & ~own)
        return nonempty & own;
    return fb_feeding(p) & own;
}

static inline int best_capture(const aw_rules *r, const fb_pits *p, int side, unsigned mask)
{
    int best = 0;
    while (mask) {
        const int from = __builtin_ctz(mask);
        mask &= mask - 1;
        if (p->b[from] == 0)
            continue;
        int t = capture_of(r, p, side, from);
        if (t > best)
            best = t;
    }
    return best;
}

/* Bits set in a mask of bytes 0..5 and 8..13 (no popcnt instruction is
 * assumed). */
static const uint8_t bits6[64] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6};
static inline int popcount16(unsigned m) { return bits6[m & 63] + bits6[(m >> 8) & 63]; }

/* Own pits that can be played without a seed reaching the other row. */
static inline int waiting_moves(const fb_pits *p, int base)
{
    int n = 0;
    for (int i = 0; i < 6; i++) {
        int c = p->b[base + i];
        n += c > 0 && c <= 5 - i;
    }
    return n;
}

/* Seeds a player still needs to reach the target, 1..12; 0 when 13 or
 * more, or when reaching a score does not end the game. */
static inline int need_bucket(const aw_rules *r, int score)
{
    if (!r->target || r->play_on)
        return 0;
    const int need = r->target - score;
    return need >= 1 && need <= 12 ? need : 0;
}

int eval_features(const aw_rules *r, const fboard *f, uint16_t idx[EV_MAX_ACTIVE],
                  int16_t cnt[EV_MAX_ACTIVE], int *phase)
{
    const int me = f->side;
    const int own = me ? 8 : 0, opp = me ? 0 : 8;
    const fb_pits *p = &f->pits;
    int n = 0, seeds = 0;
    for (int i = 0; i < 6; i++) {
        int c = p->b[own + i];
        seeds += c;
        idx[n] = (uint16_t)(EV_PIT + i * EV_BUCKETS + (c < EV_BUCKETS - 1 ? c : EV_BUCKETS - 1));
        cnt[n++] = 1;
    }
    for (int i = 0; i < 6; i++) {
        int c = p->b[opp + i];
        seeds += c;
        idx[n] = (uint16_t)(EV_PIT + (6 + i) * EV_BUCKETS +
                            (c < EV_BUCKETS - 1 ? c : EV_BUCKETS - 1));
        cnt[n++] = 1;
    }
    const unsigned mine = moves_of(p, me);
    const unsigned theirs = fb_nonempty(p) & (me ? 0x003Fu : 0x3F00u);
    idx[n] = (uint16_t)(EV_MOB_OWN + popcount16(mine));
    cnt[n++] = 1;
    idx[n] = (uint16_t)(EV_MOB_OPP + popcount16(theirs));
    cnt[n++] = 1;
    int attack = best_capture(r, p, me, mine);
    int threat = best_capture(r, p, !me, moves_of(p, !me));
    idx[n] = (uint16_t)(EV_ATTACK + (attack < 12 ? attack : 12));
    cnt[n++] = 1;
    idx[n] = (uint16_t)(EV_THREAT + (threat < 12 ? threat : 12));
    cnt[n++] = 1;
    int tempo = waiting_moves(p, own) - waiting_moves(p, opp);
    if (tempo) {
        idx[n] = EV_TEMPO;
        cnt[n++] = (int16_t)tempo;
    }
    idx[n] = (uint16_t)(EV_NEED_OWN + need_bucket(r, f->score[me]));
    cnt[n++] = 1;
    idx[n] = (uint16_t)(EV_NEED_OPP + need_bucket(r, f->score[!me]));
    cnt[n++] = 1;
    *phase = seeds;
    return n;
}

int eval_direct_sum(const aw_rules *r, const fboard *f, const int16_t *d)
{
    /* The features of eval_features() from EV_MOB_OWN on, without the
     * lists. */
    const int me = f->side;
    const int own = me ? 8 : 0, opp = me ? 0 : 8;
    const fb_pits *p = &f->pits;
    const unsigned mine = moves_of(p, me);
    const unsigned theirs = fb_nonempty(p) & (me ? 0x003Fu : 0x3F00u);
    int v = d[popcount16(mine)] + d[EV_MOB_OPP - EV_MOB_OWN + popcount16(theirs)];
    const int attack = best_capture(r, p, me, mine);
    const int threat = best_capture(r, p, !me, moves_of(p, !me));
    v += d[EV_ATTACK - EV_MOB_OWN + (attack < 12 ? attack : 12)];
    v += d[EV_THREAT - EV_MOB_OWN + (threat < 12 ? threat : 12)];
    v += (waiting_moves(p, own) - waiting_moves(p, opp)) * d[EV_TEMPO - EV_MOB_OWN];
    v += d[EV_NEED_OWN - EV_MOB_OWN + need_bucket(r, f->score[me])];
    v += d[EV_NEED_OPP - EV_MOB_OWN + need_bucket(r, f->score[!me])];
    return v;
}

int eval_oware(const aw_rules *r, const eval_weights *w, const fboard *f)
{
    const int me = f->side;
    int v = 100 * (f->score[me] - f->score[!me]);
    if (w) {
        /* The same sum as eval_features() gives, without the lists. */
        const int own = me ? 8 : 0, opp = me ? 0 : 8;
        const fb_pits *p = &f->pits;
        int mg = 0, eg = 0, seeds = 0;
        for (int i = 0; i < 6; i++) {
            const int c = p->b[own + i], d = p->b[opp + i];
            seeds += c + d;
            const int k = EV_PIT + i * EV_BUCKETS + (c < EV_BUCKETS - 1 ? c : EV_BUCKETS - 1);
            const int l = EV_PIT + (6 + i) * EV_BUCKETS + (d < EV_BUCKETS - 1 ? d : EV_BUCKETS - 1);
            mg += w->mg[k] + w->mg[l];
            eg += w->eg[k] + w->eg[l];
        }
        const unsigned mine = moves_of(p, me);
        const unsigned theirs = fb_nonempty(p) & (me ? 0x003Fu : 0x3F00u);
        int k = EV_MOB_OWN + popcount16(mine), l = EV_MOB_OPP + popcount16(theirs);
        mg += w->mg[k] + w->mg[l];
        eg += w->eg[k] + w->eg[l];
        const int attack = best_capture(r, p, me, mine);
        const int threat = best_capture(r, p, !me, moves_of(p, !me));
        k = EV_ATTACK + (attack < 12 ? attack : 12);
        l = EV_THREAT + (threat < 12 ? threat : 12);
        mg += w->mg[k] + w->mg[l];
        eg += w->eg[k] + w->eg[l];
        const int tempo = waiting_moves(p, own) - waiting_moves(p, opp);
        mg += tempo * w->mg[EV_TEMPO];
        eg += tempo * w->eg[EV_TEMPO];
        k = EV_NEED_OWN + need_bucket(r, f->score[me]);
        l = EV_NEED_OPP + need_bucket(r, f->score[!me]);
        mg += w->mg[k] + w->mg[l];
        eg += w->eg[k] + w->eg[l];
        v += (mg * seeds + eg * (AW_SEEDS - seeds)) / AW_SEEDS;
    }
    if (v > SC_EVAL_MAX - 1)
        v = SC_EVAL_MAX - 1;
    if (v < -SC_EVAL_MAX + 1)
        v = -SC_EVAL_MAX + 1;
    return v | 1;
}

/* The most seeds `side` could capture with one move of *p. */
static int relay_best_capture(const aw_rules *r, const aw_position *p, int side)
{
    aw_position q = *p;
    q.side = (uint8_t)side;
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(r, &q, moves);
    int best = 0;
    for (int i = 0; i < n; i++) {
        aw_position c = q;
        const int taken = aw_play(r, &c, moves[i]);
        best = taken > best ? taken : best;
    }
    return best;
}

int relay_features(const aw_rules *r, const aw_position *p, uint16_t idx[EV_MAX_ACTIVE],
                   int16_t cnt[EV_MAX_ACTIVE], int *phase)
{
    const int own = p->side ? AW_ROW : 0;
    int n = 0, seeds = 0, movable[2] = {0, 0}, exposed[2] = {0, 0};
    for (int i = 0; i < AW_PITS; i++) {
        const int pit = (own + i) % AW_PITS, c = p->pits[pit], who = i >= AW_ROW;
        seeds += c;
        idx[n] = (uint16_t)(RV_PIT + i * RV_BUCKETS + (c < RV_BUCKETS - 1 ? c : RV_BUCKETS - 1));
        cnt[n++] = 1;
        movable[who] += c >= 2;
        if (c == 0)
            exposed[who] += p->pits[AW_PITS - 1 - pit];
    }
    idx[n] = (uint16_t)(RV_MOVABLE_OWN + movable[0]);
    cnt[n++] = 1;
    idx[n] = (uint16_t)(RV_MOVABLE_OPP + movable[1]);
    cnt[n++] = 1;
    idx[n] = (uint16_t)(RV_EXPOSED_OWN + (exposed[0] < 15 ? exposed[0] : 15));
    cnt[n++] = 1;
    idx[n] = (uint16_t)(RV_EXPOSED_OPP + (exposed[1] < 15 ? exposed[1] : 15));
    cnt[n++] = 1;
    const int attack = relay_best_capture(r, p, p->side);
    const int threat = relay_best_capture(r, p, !p->side);
    idx[n] = (uint16_t)(RV_ATTACK + (attack < 12 ? attack : 12));
    cnt[n++] = 1;
    idx[n] = (uint16_t)(RV_THREAT + (threat < 12 ? threat : 12));
    cnt[n++] = 1;
    *phase = seeds;
    return n;
}

int eval_relay(const aw_rules *r, const relay_weights *w, const aw_position *p)
{
    const int me = p->side;
    int v = 100 * (p->score[me] - p->score[!me]);
    if (w) {
        uint16_t idx[EV_MAX_ACTIVE];
        int16_t cnt[EV_MAX_ACTIVE];
        int seeds;
        const int n = relay_features(r, p, idx, cnt, &seeds);
        int mg = 0, eg = 0;
        for (int i = 0; i < n; i++) {
            mg += cnt[i] * w->mg[idx[i]];
            eg += cnt[i] * w->eg[idx[i]];
        }
        v += (mg * seeds + eg * (AW_SEEDS - seeds)) / AW_SEEDS;
    }
    if (v > SC_EVAL_MAX - 1)
        v = SC_EVAL_MAX - 1;
    if (v < -SC_EVAL_MAX + 1)
        v = -SC_EVAL_MAX + 1;
    return v | 1;
}

int aw_engine_evaluate(const aw_rules *rules, const aw_position *pos)
{
    if (rules->family == AW_FAMILY_OWARE) {
        fboard f = fb_from_position(pos);
        const nnue_net *net =
            EVAL_DEFAULT == EVAL_NNUE && nnue_suits(rules) ? nnue_builtin() : NULL;
        if (net) {
            nnue_acc acc;
            nnue_refresh(net, &f.pits, &acc);
            return nnue_evaluate(net, &acc, rules, &f);
        }
        return eval_oware(rules, EVAL_DEFAULT == EVAL_MATERIAL ? NULL : &eval_tuned, &f);
    }
    return eval_relay(rules, &relay_tuned, pos);
}
