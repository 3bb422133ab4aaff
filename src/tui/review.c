/*
 * review.c - the review in the full-screen game (v): started in the
 * background thread (jobs.c), then shown on a screen of its own, the board
 * after the selected move beside the moves with their marks and what the
 * review says of them, stepped through with the arrows. A review is kept
 * while the game still begins with the moves it judged.
 */
#include "tui/tui_internal.h"

#include "front/check.h"
#include "front/i18n.h"
#include "front/words.h"

#include <stdio.h>
#include <string.h>

/* Whether the review holds the first moves of the game shown. */
bool tui_review_valid(const tui *t)
{
    const aw_review *r = t->review;
    if (!r || r->count > t->hist_len)
        return false;
    for (int i = 0; i < r->count; i++)
        if (r->move[i].played != t->hist[i])
            return false;
    return true;
}

/* The review on the screen: the board after the selected move, the moves
 * with their marks, what the review says of the selected one, the
 * summary (the thread is idle). */
void tui_review_draw(tui *t)
{
    const glyphs *g = screen_glyphs();
    const aw_game *game = session_game(t->s);
    const aw_review *r = t->review;
    char text[400], what[128], moves[64];
    snprintf(what, sizeof what, _("review of the game, depth %d"), t->set->review_depth);
    const int numbered = words_move_row(game, r->count);
    snprintf(moves, sizeof moves, P_("%d move", "%d moves", numbered), numbered);
    snprintf(text, sizeof text, "awale %s %s %s %s %s %s", g->mid, tui_rules(t)->name, g->mid, what,
             g->mid, moves);
    tui_draw_bar(t->lay.title_y, text);
    if (t->lay.board.h > 0) {
        board_view v = t->view;
        const aw_move m = r->move[t->review_sel].played;
        aw_position p = *aw_game_position_at(game, t->review_sel);
        aw_move_report report;
        aw_play_report(tui_rules(t), &p, m, &report);
        v.pos = p;
        v.cursor = v.sowing = -1;
        v.flash = 0;
        v.direction = 0;
        v.last = m == AW_MOVE_PASS ? -1 : AW_MOVE_PIT(m);
        v.captured = 0;
        for (int i = 0; i < report.npits; i++)
            v.captured |= 1u << report.pits[i];
        v.to_move_marked = false;
        board_draw(&t->lay, &v);
    }
    char who0[64], who1[64];
    review_data d = {r, game, t->review_sel,
                     {tui_who(t, AW_SOUTH, who0, sizeof who0), tui_who(t, AW_NORTH, who1, sizeof who1)}};
    review_draw(&t->lay, &d);
    tui_draw_prompt(t);
    tui_draw_keys(t);
}

/* The review on the screen, from its first turning point (else its first
 * marked move, else the first move). */
void tui_review_enter(tui *t)
{
    const aw_review *r = t->review;
    FRONT_ASSERT(r && r->count > 0 && !t->running);
    t->review_mode = true;
    t->review_sel = 0;
    if (r->nturning > 0)
        t->review_sel = r->turning[0];
    else
        for (int i = 0; i < r->count; i++)
            if (r->move[i].mark != AW_MARK_NONE) {
                t->review_sel = i;
                break;
            }
    tui_relayout(t);
}

void tui_review_leave(tui *t)
{
    t->review_mode = false;
    t->analysed = false;
    if (t->over && !t->note[0])
        tui_announce_end(t);
    tui_relayout(t);
}

/* v: review the game so far (or show the review again when the game has
 * not changed since). */
void tui_review(tui *t)
{
    if (t->running && t->job == JOB_COMPUTER) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("It is the computer's turn: review once it has moved."));
        return;
    }
    tui_idle(t);
    t->choosing_dir = false;
    if (t->hist_len == 0) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("No move to review yet."));
        return;
    }
    if (t->review && tui_review_valid(t) && t->review->count == t->hist_len) {
        tui_review_enter(t);
        return;
    }
    atomic_store(&t->review_cancel, false);
    pthread_mutex_lock(&t->lock);
    t->rev_count = t->rev_at = 0;
    t->rev_total = t->hist_len;
    pthread_mutex_unlock(&t->lock);
    const int numbered = words_move_row(session_game(t->s), t->hist_len);
    tui_note(t, screen_attr(CP_INFO),
             P_("Reviewing the game (%d move) at depth %d: every move searched at full strength.",
                "Reviewing the game (%d moves) at depth %d: every move searched at full strength.",
                numbered),
             numbered, t->set->review_depth);
    tui_start_job(t, JOB_REVIEW);
}

/* A key in the review: step through the moves, or leave. */
void tui_review_key(tui *t, action a)
{
    const aw_review *r = t->review;
    int *sel = &t->review_sel;
    switch (a.kind) {
    case ACT_LEFT: if (*sel > 0) (*sel)--; break;
    case ACT_RIGHT: if (*sel < r->count - 1) (*sel)++; break;
    case ACT_UP:
    case ACT_DOWN: {
        /* the previous or next marked move */
        const int step = a.kind == ACT_UP ? -1 : 1;
        for (int i = *sel + step; i >= 0 && i < r->count; i += step)
            if (r->move[i].mark != AW_MARK_NONE) {
                *sel = i;
                break;
            }
        break;
    }
    case ACT_LOAD: tui_trainer_start(t); break; /* l: learn from your mistakes */
    case ACT_HOME: *sel = 0; break;
    case ACT_END: *sel = r->count - 1; break;
    case ACT_HELP: tui_help(t); break;
    case ACT_RESIZE:
    case ACT_REDRAW: tui_relayout(t); break;
    case ACT_CANCEL:
    case ACT_REVIEW:
    case ACT_QUIT:
    case ACT_PLAY: tui_review_leave(t); break;
    default: break;
    }
}
