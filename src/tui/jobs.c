/*
 * jobs.c - the full-screen game's background thread and the copies the
 * screen draws from. The engine (the computer's move, a hint, the
 * analysis, the review) runs in one thread so that the screen stays alive
 * while it thinks; while it runs the session belongs to it, and the screen
 * draws from the copies taken when the thread was idle (tui_sync). Any
 * command that changes the game first stops the thread (tui_idle).
 */
#include "tui/tui_internal.h"

#include "front/check.h"
#include "front/i18n.h"
#include "front/players.h"
#include "front/words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------ the copies */

/* The announcement of the end, once per game end. */
void tui_announce_end(tui *t)
{
    char text[600];
    words_session_over(t->s, text, sizeof text);
    /* a win or a loss said to the person (the result line says a draw) */
    const char *verdict = players_verdict(t->s);
    if (!verdict)
        verdict = "";
    tui_note(t, screen_attr(CP_TURN), "%s%s%s", text, verdict[0] ? " " : "", verdict);
}

/* The legal move nearest to the side's cursor, for a new turn. */
static void cursor_to_legal(tui *t)
{
    const aw_position *p = &t->view.pos;
    const int side = p->side;
    for (int d = 0; d < 6; d++)
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            const int col = t->col[side] + sgn * d;
            if (col < 0 || col > 5)
                continue;
            for (int pit = side * AW_ROW; pit < side * AW_ROW + AW_ROW; pit++) {
                const aw_move m = (aw_move)pit;
                if (board_pit_column(&t->view, pit) == col &&
                    (aw_is_legal(tui_rules(t), p, m) || aw_is_legal(tui_rules(t), p, m | AW_MOVE_CW))) {
                    t->col[side] = col;
                    return;
                }
            }
        }
}

/* Copy what the screen shows from the session (the thread must be idle). */
void tui_sync(tui *t)
{
    FRONT_ASSERT(!t->running); /* the session is the controller's */
    const aw_game *g = session_game(t->s);
    const bool before = t->over;
    t->view.pos = *session_position(t->s);
    t->view.rules = session_rules(t->s);
    t->view.seat = players_seat(t->s);
    t->start = *aw_game_start(g);
    t->hist_len = 0;
    const int n = aw_game_ply(g);
    if (n > t->hist_cap) {
        aw_move *h = realloc(t->hist, (size_t)n * 2 * sizeof *h);
        if (h) {
            t->hist = h;
            t->hist_cap = n * 2;
        }
    }
    for (int i = 0; i < n && i < t->hist_cap; i++)
        t->hist[t->hist_len++] = aw_game_move(g, i);
    t->status = aw_game_status(g);
    t->over = session_ongoing(t->s, NULL) != SESSION_OK;
    tui_clock_copy(t);
    t->tables = session_tables_margin(t->s, &t->tables_margin);
    if (t->over && !before)
        tui_announce_end(t);
    if (!t->over && session_is_human(t->s, t->view.pos.side))
        cursor_to_legal(t);
    t->analysed = false;
    t->view.to_move_marked = !t->over;
    if (t->review && !tui_review_valid(t)) {
        aw_review_free(t->review);
        t->review = NULL;
    }
    if (!t->running) {
        pthread_mutex_lock(&t->lock);
        t->have_live = false;
        pthread_mutex_unlock(&t->lock);
    }
    tui_labels(t);
    tui_tree_sync(t);
}

/* ------------------------------------------------------------ the clocks */

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void tui_clock_copy(tui *t)
{
    session_clock_read(t->s, &t->clock);
    t->clock_at = monotonic_ms();
}

bool tui_clock_show(tui *t)
{
    if (!t->clock.on) {
        t->view.clock[0] = t->view.clock[1] = NULL;
        return false;
    }
    bool fallen = false;
    for (int side = 0; side < 2; side++) {
        int64_t ms = t->clock.remaining_ms[side];
        if (t->clock.running == side) {
            ms -= monotonic_ms() - t->clock_at;
            fallen = ms <= 0;
        }
        words_clock(ms, t->clock_text[side], sizeof t->clock_text[side]);
        t->view.clock[side] = t->clock_text[side];
        t->view.clock_low[side] = ms < 10000;
    }
    return fallen;
}

/* ------------------------------------------------------------ the thread */

static void on_info(const aw_search_info *info, void *user)
{
    tui *t = user;
    pthread_mutex_lock(&t->lock);
    t->live = *info;
    t->have_live = true;
    pthread_mutex_unlock(&t->lock);
}

/* The review's progress, from the thread: what the screen shows, and
 * whether a key asked to stop. */
static int review_progress(void *ctx, const aw_review *so_far, int at)
{
    tui *t = ctx;
    pthread_mutex_lock(&t->lock);
    t->rev_count = so_far->count;
    t->rev_total = so_far->total;
    t->rev_at = at;
    pthread_mutex_unlock(&t->lock);
    return atomic_load(&t->review_cancel);
}

static void *worker(void *arg)
{
    tui *t = arg;
    switch (t->job) {
    case JOB_REVIEW:
        t->review_new = session_review(t->s, t->set->review_depth, review_progress, t, &t->err);
        t->rc = t->review_new ? 0 : -1;
        break;
    case JOB_COMPUTER:
        t->rc = session_computer_play(t->s, on_info, t, &t->report, &t->thought, &t->err) ? -1 : 0;
        break;
    case JOB_HINT: t->rc = session_hint(t->s, 0, on_info, t, &t->thought, &t->err) ? -1 : 0; break;
    case JOB_ANALYSIS: {
        aw_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.infinite = true;
        t->rc = session_analyze(t->s, &lim, on_info, t, &t->ares, &t->err) ? -1 : 0;
        break;
    }
    case JOB_NONE: break;
    }
    atomic_store(&t->done, true);
    return NULL;
}

void tui_start_job(tui *t, job_kind job)
{
    FRONT_ASSERT(!t->running && job != JOB_NONE); /* one thread at a time */
    t->job = job;
    t->rc = 0;
    t->err.msg[0] = 0;
    atomic_store(&t->done, false);
    pthread_mutex_lock(&t->lock);
    t->have_live = false;
    t->live_pos = t->view.pos;
    pthread_mutex_unlock(&t->lock);
    /* A stop from here on applies to the thread's search or review, even
     * one that comes before it begins (join_job). */
    session_arm(t->s);
    if (pthread_create(&t->thread, NULL, worker, t) != 0) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("Cannot start the engine's thread."));
        t->job = JOB_NONE;
        return;
    }
    t->running = true;
}

/* Wait for the thread, stopping its search first when `stop`: once is
 * enough, the session was armed for it (start_job), so a stop that comes
 * before the search or the review begins, or between two of the review's
 * searches, is kept. */
static void join_job(tui *t, bool stop)
{
    if (!t->running)
        return;
    if (stop)
        session_stop(t->s);
    pthread_join(t->thread, NULL);
    t->running = false;
}

static void redraw_cb(void *ctx) { tui_draw(ctx); }

/* What a finished move did, shown and animated from the position before. */
void tui_show_move(tui *t, const aw_position *before, const aw_move_report *r, bool book,
                      bool animate)
{
    char name[64], text[600];
    words_move(tui_rules(t), r, tui_who(t, r->mover, name, sizeof name), text, sizeof text);
    snprintf(t->prev, sizeof t->prev, "%s", t->msg);
    snprintf(t->msg, sizeof t->msg, "%s%s", text, book ? _(" (from its opening book)") : "");
    t->view.last = -1;
    t->view.captured = 0;
    t->view.cursor = -1;
    t->view.direction = 0;
    if (animate && r->move != AW_MOVE_PASS) {
        t->view.pos = *before;
        t->view.to_move_marked = false;
        t->animating = true;
        board_animate(&t->lay, &t->view, r, t->set->speed, redraw_cb, t);
        t->animating = false;
        t->view.to_move_marked = !t->over;
        t->view.flash = 0;
        t->view.sowing = -1;
    }
    if (r->move != AW_MOVE_PASS)
        t->view.last = AW_MOVE_PIT(r->move);
    for (int i = 0; i < r->npits; i++)
        t->view.captured |= 1u << r->pits[i];
    t->view.pos = *before;
    aw_play(tui_rules(t), &t->view.pos, r->move);
}

/* The end of the thread's work. */
void tui_finish_job(tui *t, bool animate)
{
    const aw_position before = t->view.pos;
    join_job(t, false);
    const job_kind job = t->job;
    t->job = JOB_NONE;
    switch (job) {
    case JOB_COMPUTER:
        if (t->rc && session_ongoing(t->s, NULL) == SESSION_OVER) {
            tui_sync(t); /* its time ran out: the end is said */
            break;
        }
        if (t->rc) {
            tui_note(t, screen_attr(CP_ERROR), _("The computer cannot move: %s."), t->err.msg);
            break;
        }
        t->note[0] = 0;
        tui_show_move(t, &before, &t->report, t->thought.book, animate);
        tui_sync(t);
        break;
    case JOB_HINT: {
        if (t->rc || t->thought.best == AW_MOVE_NONE) {
            tui_note(t, screen_attr(CP_ERROR), _("No hint: %s."), t->err.msg);
            break;
        }
        char m[AW_MOVE_MAX], score[128], line[512];
        aw_move_format(tui_rules(t), t->thought.best, m);
        if (t->thought.info.lines > 0) {
            const aw_search_line *l = &t->thought.info.line[0];
            words_line(tui_rules(t), &t->view.pos, l->pv, l->length < 8 ? l->length : 8, line,
                       sizeof line);
            tui_note(t, screen_attr(CP_INFO),
                     players_against_computer(t->s)
                         ? _("Hint: %s%s. For you: %s; expected line: %s.")
                         : _("Hint: %s%s. For the player to move: %s; expected line: %s."),
                     m, t->thought.book ? _(" (opening book)") : "",
                     words_score_you(&l->score, score, sizeof score), line);
        } else {
            tui_note(t, screen_attr(CP_INFO), _("Hint: %s."), m);
        }
        const int pit = AW_MOVE_PIT(t->thought.best);
        if (t->thought.best != AW_MOVE_PASS && pit / AW_ROW == t->view.pos.side)
            t->col[t->view.pos.side] = board_pit_column(&t->view, pit);
        break;
    }
    case JOB_REVIEW: {
        aw_review *r = t->review_new;
        t->review_new = NULL;
        if (!r) {
            tui_note(t, screen_attr(CP_ERROR), _("No review: %s."), t->err.msg);
            break;
        }
        if (r->stopped || r->count < r->total) {
            tui_note(t, screen_attr(CP_INFO),
                     _("Review cancelled after %d of %d moves: v starts it again."),
                     words_move_row(session_game(t->s), r->count),
                     words_move_row(session_game(t->s), r->total));
            aw_review_free(r);
            break;
        }
        aw_review_free(t->review);
        t->review = r;
        t->note[0] = 0;
        tui_review_enter(t);
        break;
    }
    case JOB_ANALYSIS:
    case JOB_NONE: break;
    }
}

/* Stop whatever the thread does, so that the session can be changed; the
 * computer's move, cut short, is played without animation. */
void tui_idle(tui *t)
{
    if (!t->running)
        return;
    join_job(t, true);
    tui_finish_job(t, false);
}

/* Start what should run now: the computer's move, or the analysis. */
void tui_next_job(tui *t)
{
    if (t->running || t->over || t->review_mode || t->trainer_mode)
        return;
    session_clock_start(t->s); /* the game has begun: the clocks run */
    tui_clock_copy(t);
    if (session_computer_to_move(t->s) && !t->tree_mode) /* (not while walking the tree) */
        tui_start_job(t, JOB_COMPUTER);
    else if (t->set->analysis && !t->analysed) {
        t->analysed = true;
        tui_start_job(t, JOB_ANALYSIS);
    }
}
