/*
 * moves.c - what the tables need of the rules beyond the fast board: the
 * table key of a rule set, the value of a finished position, and unmoves
 * (the quiet predecessors of a board), which the retrograde solver walks.
 *
 * Unmoving an Oware move: the player who just moved emptied his origin pit,
 * and it stays empty (laps skip it), so every predecessor comes from an
 * empty pit o of that player and a seed count k. The sowing added
 * fb_sow_table[o][k] to the board, so the predecessor is the board minus
 * that row, with k put back at o; it exists when no pit goes negative. The
 * pits that receive seeds only grow with k, so the k that work are 1..kmax:
 * the loop stops at the first that does not. A predecessor counts when its
 * move was legal (it fed an empty row) and made no capture (the last seed
 * did not make a capturable count in the opponent's row, or the capture was
 * a void grand slam).
 */
#include "tables_internal.h"

#include <stdio.h>
#include <string.h>

int tb_key_of(const aw_rules *r, tb_key *k, aw_error *err)
{
    memset(k, 0, sizeof *k);
    if (r->family != AW_FAMILY_OWARE)
        return aw_fail(err, "endgame tables exist for the Oware rule sets only, not for '%s' "
                            "(the relay game is out of their scope)",
                       r->name);
    if (r->no_capture > 255)
        return aw_fail(err, "endgame tables support a no-capture limit up to 255 plies, not %d",
                       r->no_capture);
    if (r->no_capture && r->repetition >= 2 && 12 * (r->repetition - 1) < r->no_capture)
        return aw_fail(err, "endgame tables do not support a repetition rule (repetition=%d) "
                            "that can end a game before the no-capture limit (%d plies)",
                       r->repetition, r->no_capture);
    k->captures = r->captures & ~UINT64_C(1); /* a pit of 0 is never captured */
    k->slam = (uint8_t)r->grand_slam;
    /* Leftovers exactly as aw_final_scores hands them out. */
    switch (r->cannot_feed) {
    case AW_LEFT_MOVER:
    case AW_LEFT_OWNER: k->cannot_feed = AW_LEFT_MOVER; break; /* all seeds are the mover's */
    case AW_LEFT_OPPONENT: k->cannot_feed = AW_LEFT_OPPONENT; break;
    default: k->cannot_feed = AW_LEFT_NOBODY; break;
    }
    k->empty_row = r->empty_row == AW_LEFT_OWNER ? AW_LEFT_OWNER : AW_LEFT_NOBODY;
    k->convention = 0;
    k->no_capture = (uint16_t)r->no_capture;
    return 0;
}

static bool key_equal(const tb_key *a, const tb_key *b)
{
    return a->captures == b->captures && a->slam == b->slam && a->cannot_feed == b->cannot_feed &&
           a->empty_row == b->empty_row && a->convention == b->convention &&
           a->no_capture == b->no_capture;
}

void tb_key_dirname(const tb_key *key, char *buf, size_t size)
{
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        aw_rules r;
        tb_key k;
        if (aw_rules_preset(aw_rules_preset_name(i), &r, NULL) == 0 && tb_key_of(&r, &k, NULL) == 0 &&
            key_equal(&k, key)) {
            snprintf(buf, size, "%s", r.name);
            return;
        }
    }
    char caps[64] = "";
    size_t used = 0;
    for (int c = 1; c <= AW_SEEDS && used + 4 < sizeof caps; c++)
        if (key->captures >> c & 1)
            used += (size_t)snprintf(caps + used, sizeof caps - used, "%s%d", used ? "." : "", c);
    static const char *const left[] = {"none", "mover", "opponent", "owner", "none"};
    snprintf(buf, size, "custom-cap%s-slam%s-feed%s-row%s-nc%d", used ? caps : "none",
             key->slam == AW_SLAM_VOID ? "void" : "capture", left[key->cannot_feed % 5],
             left[key->empty_row % 5], key->no_capture);
}

int tb_terminal_value(const tb_key *k, const fb_pits *p, aw_status status)
{
    int sums[2];
    fb_row_sums(p, sums);
    const int n = sums[0] + sums[1];
    switch (status) {
    case AW_END_EMPTY_ROW: return k->empty_row == AW_LEFT_OWNER ? -n : 0;
    case AW_END_CANNOT_FEED:
        return k->cannot_feed == AW_LEFT_MOVER ? n : k->cannot_feed == AW_LEFT_OPPONENT ? -n : 0;
    default: return 0; /* empty board; no-capture limit: not counted */
    }
}

int tb_unmoves(const tb_key *k, const fb_pits *q, fb_pits *out)
{
    int count = 0, sums[2];
    fb_row_sums(q, sums);
    const int q_south = sums[0];
    for (int o = 8; o < 14; o++) {
        if (q->b[o])
            continue;
        const int pit = FB_PIT(o);
        for (int n = 1; n <= AW_SEEDS; n++) {
            const uint8_t *inc = fb_sow_table[pit][n];
            fb_pits p;
#if defined(__SSE2__)
            const __m128i iv = _mm_loadu_si128((const __m128i *)inc);
            const unsigned ge =
                (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(q->v, iv), q->v));
            if ((ge | 1u << o) != 0xFFFFu)
                break;
            p.v = _mm_sub_epi8(q->v, iv);
#else
            bool ok = true;
            for (int j = 0; j < 16; j++)
                ok &= j == o || q->b[j] >= inc[j];
            if (!ok)
                break;
            for (int j = 0; j < 16; j++)
                p.b[j] = (uint8_t)(q->b[j] - inc[j]);
#endif
            const int last = fb_sow_last[pit][n];
            if (last < 8 && (k->captures >> q->b[last] & 1)) {
                /* The move made a capturable count: quiet only as a void
                 * grand slam. */
                if (k->slam != AW_SLAM_VOID)
                    continue;
                int taken = 0;
                for (int j = last; j >= 0 && (k->captures >> q->b[j] & 1); j--)
                    taken += q->b[j];
                if (taken != q_south)
                    continue;
            }
            int ps[2];
            fb_row_sums(&p, ps);
            if (ps[0] == 0 && q_south == 0)
                continue; /* South's row was empty and the move did not feed it */
            tb_turn(&p);
            out[count++] = p;
        }
    }
    return count;
}
