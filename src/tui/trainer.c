/*
 * trainer.c - learn from your mistakes in the full-screen game (l in the
 * review; docs/trainer.md): the exercises of the review on the screen
 * (src/front/trainer.c), one at a time: the board before the move, the
 * player's row at the bottom, a pit chosen with its letter, the arrows and
 * Enter, or the mouse; the move judged by a thread of its own (a search of
 * that move alone, on an engine set up as the review's: full strength, the
 * book and the tables of the session) so that the screen stays alive and
 * Esc stops it; the verdict, the hint, the answer, then the next one, and
 * a summary at the end. Esc goes back to the review; the game is never
 * touched.
 *
 * Ownership: the trainer state (t->trainer) belongs to the controller's
 * thread; while a move is judged (busy) the thread owns the trainer and
 * the engine until tui_trainer_poll joins it.
 */
#include "tui/tui_internal.h"

#include "front/engine_setup.h"
#include "front/i18n.h"
#include "front/trainer.h"
#include "front/words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tui_trainer {
    trainer *tr;
    aw_engine *engine;
    int index;            /* the exercise shown (count: the summary) */
    int col;              /* the cursor's screen column 0..5 */
    int pit;              /* relay: the pit chosen, before its direction (-1) */
    /* the judging thread */
    bool busy;
    pthread_t thread;
    atomic_bool done;
    aw_move move;
    int rc;
    trainer_verdict v;
    aw_error err;
    /* what the screen says */
    bool have_verdict;
    trainer_verdict shown;
    char note[400];
};

static void *judge(void *arg)
{
    tui_trainer *x = arg;
    x->rc = trainer_try(x->tr, x->index, x->move, x->engine, &x->v, &x->err);
    atomic_store(&x->done, true);
    return NULL;
}

bool tui_trainer_busy(const tui *t) { return t->trainer && t->trainer->busy; }

void tui_trainer_free(tui *t)
{
    tui_trainer *x = t->trainer;
    if (!x)
        return;
    if (x->busy) {
        trainer_stop(x->tr);
        pthread_join(x->thread, NULL);
    }
    trainer_free(x->tr);
    aw_engine_free(x->engine);
    free(x);
    t->trainer = NULL;
    t->trainer_mode = false;
}

static void leave(tui *t)
{
    tui_trainer_free(t);
    t->review_mode = true;
    tui_relayout(t);
}

/* l in the review: the exercises of its marked moves (the person's side
 * against the computer, else both). */
void tui_trainer_start(tui *t)
{
    const aw_review *r = t->review;
    if (!r || r->count < r->total || !tui_review_valid(t)) {
        tui_note(t, screen_attr(CP_ERROR), "%s",
                 _("the review is not finished: learn from your mistakes after a complete review"));
        return;
    }
    const session_config *c = session_get_config(t->s);
    trainer_options o;
    memset(&o, 0, sizeof o);
    o.side = players_against_computer(t->s) ? players_seat(t->s) : TRAINER_BOTH;
    o.limits.depth = t->set->review_depth > 0 ? t->set->review_depth : 14;
    if (c->tables) {
        o.probe = aw_tables_probe_hook;
        o.probe_ctx = (void *)c->tables;
        o.probe_seeds = aw_tables_seeds(c->tables);
    }
    aw_error err = {{0}};
    tui_trainer *x = calloc(1, sizeof *x);
    if (!x || !(x->tr = trainer_new(session_game(t->s), r, &o, &err))) {
        free(x);
        tui_note(t, screen_attr(CP_ERROR), "%s", err.msg[0] ? err.msg : "out of memory");
        return;
    }
    engine_config ec = engine_config_front();
    ec.hash_mb = c->hash_mb > 0 ? c->hash_mb : 16;
    ec.threads = c->threads;
    ec.tables = c->tables;
    ec.book = c->book;
    if (!(x->engine = engine_setup_new(&ec, &err))) {
        trainer_free(x->tr);
        free(x);
        tui_note(t, screen_attr(CP_ERROR), "%s", err.msg);
        return;
    }
    atomic_init(&x->done, false);
    x->index = trainer_next(x->tr, 0);
    x->col = 2;
    x->pit = -1;
    t->trainer = x;
    t->trainer_mode = true;
    t->review_mode = false;
    tui_relayout(t);
}

/* ------------------------------------------------------------ drawing */

static board_view view_of(tui *t, const trainer_exercise *e)
{
    tui_trainer *x = t->trainer;
    board_view v;
    memset(&v, 0, sizeof v);
    v.pos = e->position;
    v.rules = trainer_rules(x->tr);
    v.seat = e->mover;
    v.cursor = v.last = v.sowing = -1;
    v.label[AW_SOUTH] = words_side(AW_SOUTH);
    v.label[AW_NORTH] = words_side(AW_NORTH);
    v.to_move_marked = true;
    const bool open = e->state == TRAINER_OPEN || e->state == TRAINER_RETRY;
    if (open && !x->busy) {
        for (int pit = e->mover * AW_ROW; pit < e->mover * AW_ROW + AW_ROW; pit++)
            if (board_pit_column(&v, pit) == x->col)
                v.cursor = pit;
    } else if (!open && e->best != AW_MOVE_PASS) {
        v.last = AW_MOVE_PIT(e->best); /* the best move, marked */
    }
    return v;
}

void tui_trainer_draw(tui *t)
{
    tui_trainer *x = t->trainer;
    const glyphs *g = screen_glyphs();
    trainer_progress p;
    trainer_get_progress(x->tr, &p);
    const int n = trainer_count(x->tr);
    char text[900], line[700];
    if (x->index < n)
        snprintf(line, sizeof line, _("%d of %d"), x->index + 1, n);
    else
        line[0] = 0;
    snprintf(text, sizeof text, "awale %s %s %s %s", g->mid, _("Learn from your mistakes"),
             line[0] ? g->mid : "", line);
    tui_draw_bar(t->lay.title_y, text);
    const rect *m = &t->lay.msg;
    if (x->index >= n) {
        /* the summary */
        trainer_summary_words(x->tr, text, sizeof text);
        screen_wrap(t->lay.board.y + 1, 2, COLS - 4, t->lay.prompt_y - t->lay.board.y - 2,
                    A_BOLD, p.total ? _("All done.") : "");
        screen_wrap(t->lay.board.y + 3, 2, COLS - 4, t->lay.prompt_y - t->lay.board.y - 4,
                    A_NORMAL, text);
        screen_put(t->lay.prompt_y, 1, COLS - 2, screen_attr(CP_INFO), _("Esc: back to the review"));
        tui_draw_bar(t->lay.keys_y, _("Esc back"));
        return;
    }
    const trainer_exercise *e = trainer_get(x->tr, x->index);
    board_view v = view_of(t, e);
    board_draw(&t->lay, &v);
    screen_clear(*m);
    int y = m->y;
    const int end = m->y + m->h;
    char task[200], mv[AW_MOVE_MAX], played[100];
    trainer_task_words(x->tr, x->index, task, sizeof task);
    snprintf(played, sizeof played, _("In the game: %s%s"),
             aw_move_format(trainer_rules(x->tr), e->played, mv), aw_mark_text(e->mark));
    snprintf(text, sizeof text, "%s  (%s)", task, played);
    y += screen_wrap(y, m->x, m->w, end - y, A_BOLD, text);
    if (x->have_verdict && y < end) {
        const bool good = x->shown.kind == TRAINER_BEST || x->shown.kind == TRAINER_GOOD;
        y += screen_wrap(y, m->x, m->w, end - y, screen_attr(good ? CP_TURN : CP_ERROR),
                         x->shown.words);
    } else if (x->note[0] && y < end) {
        y += screen_wrap(y, m->x, m->w, end - y, screen_attr(CP_ERROR), x->note);
    }
    if (e->state == TRAINER_RETRY && y < end) {
        trainer_hint_words(x->tr, x->index, line, sizeof line);
        y += screen_wrap(y, m->x, m->w, end - y, screen_attr(CP_INFO), line);
    }
    const bool open = e->state == TRAINER_OPEN || e->state == TRAINER_RETRY;
    static const char spin_a[][2] = {"|", "/", "-", "\\"};
    if (x->busy)
        snprintf(text, sizeof text, _("The engine weighs your move… %s  (Esc stops)"),
                 spin_a[t->spin % 4]);
    else if (open && x->pit >= 0)
        snprintf(text, sizeof text, "%s", _("Which way? + or -"));
    else if (open)
        snprintf(text, sizeof text, _("Your move (%s): its letter, or the arrows and Enter."),
                 e->mover == AW_SOUTH ? "A-F" : "a-f");
    else
        snprintf(text, sizeof text, "%s",
                 x->index + 1 < n || trainer_next(x->tr, x->index) < n ? _("Enter: the next one.")
                                                                        : _("Enter: the summary."));
    screen_put(t->lay.prompt_y, 1, COLS - 2, screen_attr(CP_TURN), text);
    snprintf(text, sizeof text, _("%s %s choose  Enter play  n next  Esc back"), g->left, g->right);
    tui_draw_bar(t->lay.keys_y, text);
}

/* ------------------------------------------------------------ keys */

static void try_move(tui *t, aw_move move)
{
    tui_trainer *x = t->trainer;
    const trainer_exercise *e = trainer_get(x->tr, x->index);
    char why[300];
    x->note[0] = 0;
    if (words_illegal(trainer_rules(x->tr), &e->position, move, why, sizeof why)) {
        snprintf(x->note, sizeof x->note, "%s", why);
        x->have_verdict = false;
        return;
    }
    x->move = move;
    atomic_store(&x->done, false);
    if (pthread_create(&x->thread, NULL, judge, x) != 0) {
        snprintf(x->note, sizeof x->note, "%s", _("Cannot start the engine's thread."));
        return;
    }
    x->busy = true;
    x->have_verdict = false;
}

/* The judging thread's end: its verdict on the screen. */
void tui_trainer_poll(tui *t)
{
    tui_trainer *x = t->trainer;
    if (!x || !x->busy || !atomic_load(&x->done))
        return;
    pthread_join(x->thread, NULL);
    x->busy = false;
    if (x->rc == 0) {
        x->shown = x->v;
        x->have_verdict = true;
    } else if (x->rc == 1) {
        snprintf(x->note, sizeof x->note, "%s", _("Stopped: choose a move again."));
    } else {
        snprintf(x->note, sizeof x->note, "%s", x->err.msg);
    }
}

static void next(tui *t)
{
    tui_trainer *x = t->trainer;
    const int n = trainer_count(x->tr);
    const int k = trainer_next(x->tr, x->index);
    x->index = k < n ? k : n;
    x->have_verdict = false;
    x->note[0] = 0;
    x->pit = -1;
}

static void choose(tui *t, int pit)
{
    tui_trainer *x = t->trainer;
    const trainer_exercise *e = trainer_get(x->tr, x->index);
    if (pit / AW_ROW != e->mover) {
        try_move(t, (aw_move)pit); /* the rules say why not */
        return;
    }
    if (trainer_rules(x->tr)->family == AW_FAMILY_RELAY) {
        x->pit = pit;
        return;
    }
    try_move(t, (aw_move)pit);
}

void tui_trainer_key(tui *t, action a)
{
    tui_trainer *x = t->trainer;
    const int n = trainer_count(x->tr);
    if (a.kind == ACT_RESIZE || a.kind == ACT_REDRAW) {
        tui_relayout(t);
        return;
    }
    if (x->busy) {
        if (a.kind == ACT_CANCEL || a.kind == ACT_QUIT)
            trainer_stop(x->tr);
        return;
    }
    if (a.kind == ACT_CANCEL || a.kind == ACT_QUIT) {
        if (x->pit >= 0)
            x->pit = -1;
        else
            leave(t);
        return;
    }
    if (x->index >= n) {
        if (a.kind == ACT_PLAY)
            leave(t);
        return;
    }
    const trainer_exercise *e = trainer_get(x->tr, x->index);
    const bool open = e->state == TRAINER_OPEN || e->state == TRAINER_RETRY;
    board_view v = view_of(t, e);
    switch (a.kind) {
    case ACT_LEFT:
    case ACT_RIGHT:
        if (open) {
            x->col += a.kind == ACT_LEFT ? -1 : 1;
            x->col = x->col < 0 ? 0 : x->col > 5 ? 5 : x->col;
        }
        break;
    case ACT_PLUS:
    case ACT_MINUS:
        if (open && x->pit >= 0) {
            const int pit = x->pit;
            x->pit = -1;
            try_move(t, (aw_move)(pit | (a.kind == ACT_MINUS ? AW_MOVE_CW : 0)));
        }
        break;
    case ACT_PIT:
        if (open)
            choose(t, e->mover * AW_ROW + a.arg);
        break;
    case ACT_PLAY:
        if (open && v.cursor >= 0)
            choose(t, v.cursor);
        else if (!open)
            next(t);
        break;
    case ACT_NEW:
        if (!open)
            next(t);
        break;
    case ACT_CLICK: {
        const int pit = board_pit_at(&t->lay, &v, a.arg / 1000, a.arg % 1000);
        if (open && pit >= 0)
            choose(t, pit);
        break;
    }
    default: break;
    }
}
