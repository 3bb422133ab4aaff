/*
 * tui.c - the full-screen game: the controller. It owns the session, draws
 * the screen from a view of it, turns keys into moves and commands, and
 * runs the engine (the computer's moves, hints, the analysis) in one
 * background thread so that the screen stays alive while it thinks: the
 * thinking can be watched in the analysis panel and cut short with Esc.
 *
 * While the thread runs, the session belongs to it: the screen draws from
 * copies (the position shown, the moves played) taken when it was idle,
 * and any command that changes the game first stops the thread.
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/textfile.h"
#include "front/words.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum { JOB_NONE, JOB_COMPUTER, JOB_HINT, JOB_ANALYSIS, JOB_REVIEW } job_kind;

typedef struct tui {
    tui_env *env;
    session *s;
    settings *set;
    layout lay;
    board_view view;
    char label[2][128];
    char msg[768];        /* what the last move did                      */
    char prev[768];       /* ... and the move before                     */
    char note[768];       /* an answer, an error, the end of the game   */
    attr_t note_attr;
    int col[2];           /* each side's cursor: a screen column 0..5    */
    bool choosing_dir;    /* relay: the pit is chosen, the direction not */
    char path[1024];      /* the last record saved or loaded             */
    /* copies for drawing while the thread runs */
    aw_move *hist;
    int hist_len, hist_cap;
    aw_position start;
    aw_status status;
    bool tables;
    int tables_margin;
    /* the thread */
    pthread_t thread;
    bool running;
    atomic_bool done;
    job_kind job;
    int rc;
    aw_error err;
    aw_move_report report;
    session_thought thought;
    aw_search_result ares;
    pthread_mutex_t lock;
    aw_search_info live;
    bool have_live;
    aw_position live_pos;
    bool analysed;        /* the analysis of this position has run       */
    bool animating;
    int spin;
    /* the review (v) */
    aw_review *review;    /* the last one (NULL: none): its moves are the
                             first ones of the game                       */
    aw_review *review_new; /* the thread's                               */
    bool review_mode;     /* the review is on the screen                 */
    int review_sel;       /* the move selected in it                     */
    atomic_bool review_cancel;
    int rev_count, rev_total, rev_at; /* the progress, under the lock    */
} tui;

static session *volatile interrupted_session;

static void on_interrupt(void)
{
    if (interrupted_session)
        session_stop(interrupted_session);
}

static const aw_rules *rules(const tui *t) { return session_rules(t->s); }

static bool against_computer(const tui *t)
{
    const session_config *c = session_get_config(t->s);
    return c->computer[0] != c->computer[1];
}

/* The seat: the person's side against the computer, South otherwise. */
static int seat(const tui *t)
{
    const session_config *c = session_get_config(t->s);
    return c->computer[AW_SOUTH] && !c->computer[AW_NORTH] ? AW_NORTH : AW_SOUTH;
}

/* "North (computer)", "South (you)" against the computer, or the side's
 * name, for the words of a move. */
static const char *who(const tui *t, int side, char *buf, size_t size)
{
    if (session_get_config(t->s)->computer[side])
        snprintf(buf, size, _("%s (computer)"), words_side(side));
    else if (against_computer(t))
        snprintf(buf, size, _("%s (you)"), words_side(side));
    else
        snprintf(buf, size, "%s", words_side(side));
    return buf;
}

static void set_note(tui *t, attr_t attr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void set_note(tui *t, attr_t attr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->note, sizeof t->note, fmt, ap);
    va_end(ap);
    t->note_attr = attr;
}

static void labels(tui *t)
{
    const session_config *c = session_get_config(t->s);
    for (int side = 0; side < 2; side++) {
        if (c->computer[side])
            snprintf(t->label[side], sizeof t->label[side], _("%s %s computer, level %d"),
                     words_side(side), screen_glyphs()->mid, c->level);
        else if (against_computer(t))
            snprintf(t->label[side], sizeof t->label[side], _("%s %s you"), words_side(side),
                     screen_glyphs()->mid);
        else
            snprintf(t->label[side], sizeof t->label[side], "%s", words_side(side));
        t->view.label[side] = t->label[side];
    }
}

/* ------------------------------------------------------------ the copies */

/* The announcement of the end, once per game end. */
static void announce_end(tui *t)
{
    char text[600];
    words_game_over(session_game(t->s), text, sizeof text);
    const char *verdict = "";
    int sc[2];
    aw_game_scores(session_game(t->s), sc);
    const int me = seat(t);
    /* a win or a loss said to the person (the result line says a draw) */
    if (against_computer(t) && sc[me] != sc[!me])
        verdict = sc[me] > sc[!me] ? _("You win. Well played!") : _("The computer wins.");
    set_note(t, screen_attr(CP_TURN), "%s%s%s", text, verdict[0] ? " " : "", verdict);
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
                    (aw_is_legal(rules(t), p, m) || aw_is_legal(rules(t), p, m | AW_MOVE_CW))) {
                    t->col[side] = col;
                    return;
                }
            }
        }
}

/* The pit under a side's cursor. */
static int cursor_pit(const tui *t, int side)
{
    for (int pit = side * AW_ROW; pit < side * AW_ROW + AW_ROW; pit++)
        if (board_pit_column(&t->view, pit) == t->col[side])
            return pit;
    return side * AW_ROW;
}

/* Whether the review holds the first moves of the game shown. */
static bool review_valid(const tui *t)
{
    const aw_review *r = t->review;
    if (!r || r->count > t->hist_len)
        return false;
    for (int i = 0; i < r->count; i++)
        if (r->move[i].played != t->hist[i])
            return false;
    return true;
}

/* Copy what the screen shows from the session (the thread must be idle). */
static void sync_view(tui *t)
{
    const aw_game *g = session_game(t->s);
    const aw_status before = t->status;
    t->view.pos = *session_position(t->s);
    t->view.rules = session_rules(t->s);
    t->view.seat = seat(t);
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
    t->tables = session_tables_margin(t->s, &t->tables_margin);
    if (t->status != AW_ONGOING && before == AW_ONGOING)
        announce_end(t);
    if (t->status == AW_ONGOING && session_is_human(t->s, t->view.pos.side))
        cursor_to_legal(t);
    t->analysed = false;
    t->view.to_move_marked = t->status == AW_ONGOING;
    if (t->review && !review_valid(t)) {
        aw_review_free(t->review);
        t->review = NULL;
    }
    if (!t->running) {
        pthread_mutex_lock(&t->lock);
        t->have_live = false;
        pthread_mutex_unlock(&t->lock);
    }
    labels(t);
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
        t->rc = session_computer_play(t->s, on_info, t, &t->report, &t->thought, &t->err);
        break;
    case JOB_HINT: t->rc = session_hint(t->s, 0, on_info, t, &t->thought, &t->err); break;
    case JOB_ANALYSIS: {
        aw_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.infinite = true;
        t->rc = session_analyze(t->s, &lim, on_info, t, &t->ares, &t->err);
        break;
    }
    case JOB_NONE: break;
    }
    atomic_store(&t->done, true);
    return NULL;
}

static void start_job(tui *t, job_kind job)
{
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
        set_note(t, screen_attr(CP_ERROR), "%s", _("Cannot start the engine's thread."));
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

static void draw(tui *t);
static void redraw_cb(void *ctx) { draw(ctx); }
static void enter_review(tui *t);
static void help(tui *t);

/* What a finished move did, shown and animated from the position before. */
static void show_move(tui *t, const aw_position *before, const aw_move_report *r, bool book,
                      bool animate)
{
    char name[64], text[600];
    words_move(rules(t), r, who(t, r->mover, name, sizeof name), text, sizeof text);
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
        t->view.to_move_marked = t->status == AW_ONGOING;
        t->view.flash = 0;
        t->view.sowing = -1;
    }
    if (r->move != AW_MOVE_PASS)
        t->view.last = AW_MOVE_PIT(r->move);
    for (int i = 0; i < r->npits; i++)
        t->view.captured |= 1u << r->pits[i];
    t->view.pos = *before;
    aw_play(rules(t), &t->view.pos, r->move);
}

/* The end of the thread's work. */
static void finish_job(tui *t, bool animate)
{
    const aw_position before = t->view.pos;
    join_job(t, false);
    const job_kind job = t->job;
    t->job = JOB_NONE;
    switch (job) {
    case JOB_COMPUTER:
        if (t->rc) {
            set_note(t, screen_attr(CP_ERROR), _("The computer cannot move: %s."), t->err.msg);
            break;
        }
        t->note[0] = 0;
        show_move(t, &before, &t->report, t->thought.book, animate);
        sync_view(t);
        break;
    case JOB_HINT: {
        if (t->rc || t->thought.best == AW_MOVE_NONE) {
            set_note(t, screen_attr(CP_ERROR), _("No hint: %s."), t->err.msg);
            break;
        }
        char m[AW_MOVE_MAX], score[128], line[512];
        aw_move_format(rules(t), t->thought.best, m);
        if (t->thought.info.lines > 0) {
            const aw_search_line *l = &t->thought.info.line[0];
            words_line(rules(t), &t->view.pos, l->pv, l->length < 8 ? l->length : 8, line,
                       sizeof line);
            set_note(t, screen_attr(CP_INFO),
                     against_computer(t)
                         ? _("Hint: %s%s. For you: %s; expected line: %s.")
                         : _("Hint: %s%s. For the player to move: %s; expected line: %s."),
                     m, t->thought.book ? _(" (opening book)") : "",
                     words_score_you(&l->score, score, sizeof score), line);
        } else {
            set_note(t, screen_attr(CP_INFO), _("Hint: %s."), m);
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
            set_note(t, screen_attr(CP_ERROR), _("No review: %s."), t->err.msg);
            break;
        }
        if (r->stopped || r->count < r->total) {
            set_note(t, screen_attr(CP_INFO),
                     _("Review cancelled after %d of %d moves: v starts it again."),
                     words_move_row(session_game(t->s), r->count),
                     words_move_row(session_game(t->s), r->total));
            aw_review_free(r);
            break;
        }
        aw_review_free(t->review);
        t->review = r;
        t->note[0] = 0;
        enter_review(t);
        break;
    }
    case JOB_ANALYSIS:
    case JOB_NONE: break;
    }
}

/* Stop whatever the thread does, so that the session can be changed; the
 * computer's move, cut short, is played without animation. */
static void idle(tui *t)
{
    if (!t->running)
        return;
    join_job(t, true);
    finish_job(t, false);
}

/* Start what should run now: the computer's move, or the analysis. */
static void next_job(tui *t)
{
    if (t->running || t->status != AW_ONGOING || t->review_mode)
        return;
    if (session_computer_to_move(t->s))
        start_job(t, JOB_COMPUTER);
    else if (t->set->analysis && !t->analysed) {
        t->analysed = true;
        start_job(t, JOB_ANALYSIS);
    }
}

/* ------------------------------------------------------------ the screen */

static void draw_bar(int y, const char *text)
{
    attron(screen_attr(CP_BAR));
    mvhline(y, 0, ' ', COLS);
    attroff(screen_attr(CP_BAR));
    screen_put(y, 1, COLS - 2, screen_attr(CP_BAR), text);
}

/* Cut text (UTF-8) to at most w columns, with an ellipsis where it is cut. */
static void fit_width(char *text, size_t size, int w)
{
    if (w < 1 || screen_width(text) <= w)
        return;
    const char *dots = screen_glyphs()->unicode ? "…" : "~";
    char *p = text;
    for (int c = 0; c < w - 1 && *p; c++) {
        p++;
        while ((*p & 0xC0) == 0x80)
            p++;
    }
    /* no space left before the ellipsis */
    while (p > text && (p[-1] == ' ' || p[-1] == ','))
        p--;
    snprintf(p, size - (size_t)(p - text), "%s", dots);
}

static void draw_title(tui *t)
{
    const session_config *c = session_get_config(t->s);
    const glyphs *g = screen_glyphs();
    char text[600], game[200];
    if (against_computer(t))
        snprintf(game, sizeof game, _("you play %s against the computer, level %d"),
                 words_side(seat(t)), c->level);
    else if (c->computer[0])
        snprintf(game, sizeof game, "%s", _("the computer plays both sides"));
    else
        snprintf(game, sizeof game, "%s", _("two players"));
    char move[64], head[128], tail[96];
    /* the move the game is at (the next one to play, once both have moved) */
    snprintf(move, sizeof move, _("move %d"),
             words_move_row(session_game(t->s), t->hist_len + 1));
    snprintf(head, sizeof head, "awale %s %s %s ", g->mid, rules(t)->name, g->mid);
    snprintf(tail, sizeof tail, " %s %s", g->mid, move);
    /* On a narrow terminal the game's words give way (cut with an
     * ellipsis, or left out), never the move number. */
    const int room = COLS - 2 - screen_width(head) - screen_width(tail);
    if (room >= 8) {
        fit_width(game, sizeof game, room);
        snprintf(text, sizeof text, "%s%s%s", head, game, tail);
    } else {
        snprintf(text, sizeof text, "%s%s", head, move);
        fit_width(text, sizeof text, COLS - 2);
    }
    draw_bar(t->lay.title_y, text);
}

static void draw_keys(tui *t)
{
    static const char *const keys[][2] = {
        {"?", N_("help")},  {"h", N_("hint")},      {"u", N_("undo")},  {"r", N_("redo")},
        {"v", N_("review")}, {"n", N_("new")},      {"i", N_("analysis")}, {"m", N_("moves")},
        {"s", N_("save")},  {"l", N_("load")},      {"g", N_("agree")}, {"o", N_("options")},
    };
    char text[512] = "";
    char quit[64];
    if (t->review_mode) {
        const glyphs *g = screen_glyphs();
        snprintf(text, sizeof text, _("%s %s move by move  %s %s marked moves  Home End  Esc back  ? help"),
                 g->left, g->right, g->unicode ? g->up : _("Up"), g->unicode ? g->down : _("Down"));
        draw_bar(t->lay.keys_y, text);
        return;
    }
    snprintf(quit, sizeof quit, "q %s", _("quit"));
    const int room = COLS - 2 - screen_width(quit) - 2;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char item[64];
        snprintf(item, sizeof item, "%s%s %s", text[0] ? "  " : "", keys[i][0], _(keys[i][1]));
        if (screen_width(text) + screen_width(item) > room)
            break;
        strcat(text, item);
    }
    strcat(text, "  ");
    strcat(text, quit);
    draw_bar(t->lay.keys_y, text);
}

static void draw_prompt(tui *t)
{
    static const char spin_u[][4] = {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"};
    static const char spin_a[][2] = {"|", "/", "-", "\\"};
    const glyphs *g = screen_glyphs();
    const char *spin = g->unicode ? spin_u[t->spin % 10] : spin_a[t->spin % 4];
    char text[400], name[64];
    const aw_position *p = &t->view.pos;
    const char *letters = p->side ? "a-f" : "A-F";
    attr_t a = screen_attr(CP_TURN);
    if (t->animating) {
        snprintf(text, sizeof text, "%s", _("(any key skips the animation)"));
        a = screen_attr(CP_INFO);
    } else if (t->running && t->job == JOB_REVIEW) {
        int done, total, at;
        pthread_mutex_lock(&t->lock);
        done = t->rev_count;
        total = t->rev_total;
        at = t->rev_at;
        pthread_mutex_unlock(&t->lock);
        char bar[128] = "";
        const int width = 20, filled = total ? width * done / total : 0;
        for (int i = 0; i < width; i++)
            strcat(bar, i < filled ? (g->unicode ? "█" : "#") : (g->unicode ? "░" : "."));
        const aw_game *game = session_game(t->s);
        snprintf(text, sizeof text, _("Reviewing move %d of %d %s %s  (any key cancels)"),
                 words_move_row(game, at < total ? at + 1 : total),
                 words_move_row(game, total), bar, spin);
    } else if (t->review_mode) {
        snprintf(text, sizeof text, "%s",
                 _("The board shows the position after the selected move; Esc goes back."));
        a = screen_attr(CP_INFO);
    } else if (t->running && t->job == JOB_COMPUTER)
        snprintf(text, sizeof text, _("%s is thinking %s  (Esc: play now)"),
                 who(t, t->live_pos.side, name, sizeof name), spin);
    else if (t->running && t->job == JOB_HINT)
        snprintf(text, sizeof text, _("Looking for a hint %s"), spin);
    else if (t->status != AW_ONGOING)
        snprintf(text, sizeof text, "%s", _("Game over. v: review   n: new game   u: undo   q: quit"));
    else if (t->choosing_dir) {
        char pit[4];
        words_pit(t->view.cursor, pit);
        snprintf(text, sizeof text, _("Sow %s: %s or %s chooses the direction, Esc goes back"), pit,
                 g->left, g->right);
    } else {
        aw_move only[AW_MAX_MOVES];
        const int n = aw_generate(rules(t), p, only);
        if (n == 1 && only[0] == AW_MOVE_PASS)
            snprintf(text, sizeof text, _("%s has no pit of 2 seeds or more: Enter passes"),
                     words_side(p->side));
        else if (against_computer(t))
            snprintf(text, sizeof text, _("Your move: %s %s and Enter, or a letter %s"), g->left,
                     g->right, letters);
        else
            snprintf(text, sizeof text, _("%s to move: %s %s and Enter, or a letter %s"),
                     words_side(p->side), g->left, g->right, letters);
    }
    mvhline(t->lay.prompt_y, 0, ' ', COLS);
    screen_put(t->lay.prompt_y, 1, COLS - 2, a, text);
}

/* The last two moves in words (the older one quieter) and the note below
 * them; when rows are short the note comes first, then the last move. */
/* With the panel below the messages, the messages take the rows they need
 * (up to 4; the panel keeps 3 at least): a move told in full is not cut
 * because the reply is told after it. */
static void fit_messages(tui *t)
{
    layout *l = &t->lay;
    if (!(t->set->analysis || t->set->moves) || l->panel.h <= 0 || l->panel.x != l->msg.x ||
        l->panel.y != l->msg.y + l->msg.h)
        return;
    const int w = l->msg.w;
    const int need = (t->note[0] ? screen_wrap_rows(w, t->note) : 0) +
                     (t->msg[0] ? screen_wrap_rows(w, t->msg) : 0) +
                     (t->prev[0] ? screen_wrap_rows(w, t->prev) : 0);
    const int total = l->msg.h + l->panel.h;
    int rows = need < 2 ? 2 : need > 4 ? 4 : need;
    if (rows > total - 3)
        rows = total - 3 > 2 ? total - 3 : (total < 2 ? total : 2);
    l->msg.h = rows;
    l->panel.y = l->msg.y + rows;
    l->panel.h = total - rows;
}

static void draw_messages(tui *t)
{
    const rect *m = &t->lay.msg;
    screen_clear(*m);
    const int rows = m->h;
    /* the note first, then the last move, then the one before, each in
     * the rows it needs as far as they go */
    const int note_need = t->note[0] ? screen_wrap_rows(m->w, t->note) : 0;
    const int note_rows = note_need < rows ? note_need : rows;
    const int msg_need = t->msg[0] ? screen_wrap_rows(m->w, t->msg) : 0;
    const int msg_rows = msg_need < rows - note_rows ? msg_need : rows - note_rows;
    const int prev_need = t->prev[0] ? screen_wrap_rows(m->w, t->prev) : 0;
    const int prev_rows =
        prev_need < rows - note_rows - msg_rows ? prev_need : rows - note_rows - msg_rows;
    int y = m->y;
    if (prev_rows)
        y += screen_wrap(y, m->x, m->w, prev_rows, screen_attr(CP_INFO), t->prev);
    if (msg_rows)
        y += screen_wrap(y, m->x, m->w, msg_rows, A_NORMAL, t->msg);
    if (note_rows)
        screen_wrap(y, m->x, m->w, note_rows, t->note_attr, t->note);
}

/* The review on the screen: the board after the selected move, the moves
 * with their marks, what the review says of the selected one, the
 * summary (the thread is idle). */
static void draw_review(tui *t)
{
    const glyphs *g = screen_glyphs();
    const aw_game *game = session_game(t->s);
    const aw_review *r = t->review;
    char text[400], what[128], moves[64];
    snprintf(what, sizeof what, _("review of the game, depth %d"), t->set->review_depth);
    const int numbered = words_move_row(game, r->count);
    snprintf(moves, sizeof moves, P_("%d move", "%d moves", numbered), numbered);
    snprintf(text, sizeof text, "awale %s %s %s %s %s %s", g->mid, rules(t)->name, g->mid, what,
             g->mid, moves);
    draw_bar(t->lay.title_y, text);
    if (t->lay.board.h > 0) {
        board_view v = t->view;
        const aw_move m = r->move[t->review_sel].played;
        aw_position p = *aw_game_position_at(game, t->review_sel);
        aw_move_report report;
        aw_play_report(rules(t), &p, m, &report);
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
                     {who(t, AW_SOUTH, who0, sizeof who0), who(t, AW_NORTH, who1, sizeof who1)}};
    review_draw(&t->lay, &d);
    draw_prompt(t);
    draw_keys(t);
}

static void draw(tui *t)
{
    erase();
    if (t->lay.too_small) {
        int cols, lines;
        char text[256];
        screen_min_size(&cols, &lines);
        snprintf(text, sizeof text,
                 _("The terminal is too small for the board: make it at least %d columns by %d "
                   "lines (q quits)."),
                 cols, lines);
        screen_wrap(0, 0, COLS, LINES, A_BOLD, text);
        refresh();
        return;
    }
    if (t->review_mode) {
        draw_review(t);
        refresh();
        return;
    }
    draw_title(t);
    board_draw(&t->lay, &t->view);
    fit_messages(t);
    draw_messages(t);
    if (t->set->analysis || t->set->moves) {
        panel_data d;
        memset(&d, 0, sizeof d);
        d.analysis = t->set->analysis;
        d.moves = t->set->moves;
        d.rules = rules(t);
        d.ply = t->hist_len;
        d.hist = t->hist;
        d.start = &t->start;
        d.review = review_valid(t) ? t->review : NULL;
        d.tables = t->tables;
        d.tables_margin = t->tables_margin;
        pthread_mutex_lock(&t->lock);
        d.have_info = t->have_live;
        d.info = t->live;
        d.pos = t->live_pos;
        pthread_mutex_unlock(&t->lock);
        if (!d.have_info)
            d.pos = t->view.pos;
        d.over = t->status != AW_ONGOING;
        d.state = t->running && t->job == JOB_COMPUTER ? _("the computer thinks")
                  : t->running && t->job == JOB_ANALYSIS ? _("thinking")
                  : t->status != AW_ONGOING              ? _("the game is over")
                                                          : NULL;
        panel_draw(&t->lay, &d);
    }
    draw_prompt(t);
    draw_keys(t);
    refresh();
}

/* ------------------------------------------------------------- commands */

static void relayout(tui *t)
{
    t->lay = t->review_mode ? screen_layout_review() : screen_layout(t->set->analysis || t->set->moves);
    clear();
}

/* The review on the screen, from its first turning point (else its first
 * marked move, else the first move). */
static void enter_review(tui *t)
{
    const aw_review *r = t->review;
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
    relayout(t);
}

static void leave_review(tui *t)
{
    t->review_mode = false;
    t->analysed = false;
    if (t->status != AW_ONGOING && !t->note[0])
        announce_end(t);
    relayout(t);
}

/* v: review the game so far (or show the review again when the game has
 * not changed since). */
static void review(tui *t)
{
    if (t->running && t->job == JOB_COMPUTER) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("It is the computer's turn: review once it has moved."));
        return;
    }
    idle(t);
    t->choosing_dir = false;
    if (t->hist_len == 0) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("No move to review yet."));
        return;
    }
    if (t->review && review_valid(t) && t->review->count == t->hist_len) {
        enter_review(t);
        return;
    }
    atomic_store(&t->review_cancel, false);
    pthread_mutex_lock(&t->lock);
    t->rev_count = t->rev_at = 0;
    t->rev_total = t->hist_len;
    pthread_mutex_unlock(&t->lock);
    const int numbered = words_move_row(session_game(t->s), t->hist_len);
    set_note(t, screen_attr(CP_INFO),
             P_("Reviewing the game (%d move) at depth %d: every move searched at full strength.",
                "Reviewing the game (%d moves) at depth %d: every move searched at full strength.",
                numbered),
             numbered, t->set->review_depth);
    start_job(t, JOB_REVIEW);
}

/* A key in the review: step through the moves, or leave. */
static void review_key(tui *t, action a)
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
    case ACT_HOME: *sel = 0; break;
    case ACT_END: *sel = r->count - 1; break;
    case ACT_HELP: help(t); break;
    case ACT_RESIZE:
    case ACT_REDRAW: relayout(t); break;
    case ACT_CANCEL:
    case ACT_REVIEW:
    case ACT_QUIT:
    case ACT_PLAY: leave_review(t); break;
    default: break;
    }
}

/* A person's move: played, said in words, animated; the computer starts
 * thinking about its reply while the animation runs. */
static void play_move(tui *t, aw_move m)
{
    idle(t);
    t->choosing_dir = false;
    t->view.direction = 0;
    aw_move_report report;
    aw_error err;
    char text[AW_MOVE_MAX];
    const aw_position before = t->view.pos;
    if (t->status != AW_ONGOING) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("The game is over: n starts a new one."));
        return;
    }
    if (session_play(t->s, m, &report, &err)) {
        set_note(t, screen_attr(CP_ERROR), _("%s cannot be played: %s."),
                 aw_move_format(rules(t), m, text), err.msg);
        return;
    }
    t->note[0] = 0;
    t->view.pos = before;
    aw_play(rules(t), &t->view.pos, m); /* the position the computer thinks about */
    if (session_computer_to_move(t->s))
        start_job(t, JOB_COMPUTER); /* thinks during the animation */
    show_move(t, &before, &report, false, true);
    if (!t->running)
        sync_view(t);
    else {
        /* the copies follow the move without the session */
        t->tables = false;
        if (t->hist_len >= t->hist_cap) {
            aw_move *h = realloc(t->hist, (size_t)(t->hist_cap + 16) * 2 * sizeof *h);
            if (h) {
                t->hist = h;
                t->hist_cap = (t->hist_cap + 16) * 2;
            }
        }
        if (t->hist_len < t->hist_cap)
            t->hist[t->hist_len++] = m;
        pthread_mutex_lock(&t->lock);
        t->live_pos = t->view.pos;
        pthread_mutex_unlock(&t->lock);
    }
}

/* Whether a person may act on the board now. */
static bool person_to_move(tui *t)
{
    return t->status == AW_ONGOING && !(t->running && t->job == JOB_COMPUTER) &&
           session_is_human(t->s, t->view.pos.side);
}

/* The pit chosen: an Oware move, or the direction to choose next. */
static void choose_pit(tui *t, int pit)
{
    const aw_position *p = &t->view.pos;
    if (!person_to_move(t)) {
        if (t->status != AW_ONGOING)
            set_note(t, screen_attr(CP_ERROR), "%s", _("The game is over: n starts a new one."));
        else
            set_note(t, screen_attr(CP_ERROR), "%s", _("It is the computer's turn."));
        return;
    }
    if (rules(t)->family != AW_FAMILY_RELAY) {
        play_move(t, (aw_move)pit);
        return;
    }
    /* Relay: a pit that cannot start a move in either direction is
     * explained now; otherwise the direction comes next. */
    char why[300], text[AW_MOVE_MAX];
    if (!aw_is_legal(rules(t), p, (aw_move)pit) && !aw_is_legal(rules(t), p, (aw_move)pit | AW_MOVE_CW)) {
        words_illegal(rules(t), p, (aw_move)pit, why, sizeof why);
        words_pit(pit, text);
        set_note(t, screen_attr(CP_ERROR), _("%s cannot be played: %s."), text, why);
        return;
    }
    if (pit / AW_ROW == p->side)
        t->col[p->side] = board_pit_column(&t->view, pit);
    t->choosing_dir = true;
    t->view.cursor = pit;
    t->view.direction = 1;
    t->note[0] = 0;
}

/* Relay: sow towards the screen's left or right (dx -1 or +1). */
static void choose_direction(tui *t, int dx)
{
    const int pit = t->view.cursor, next = (pit + 1) % AW_PITS, prev = (pit + AW_PITS - 1) % AW_PITS;
    /* Counterclockwise goes to the next pit; on the screen that is to the
     * right when the next pit (or, at a row's end, the pit before) says so. */
    const bool ccw_right = next / AW_ROW == pit / AW_ROW
                               ? board_pit_column(&t->view, next) > board_pit_column(&t->view, pit)
                               : board_pit_column(&t->view, pit) > board_pit_column(&t->view, prev);
    const bool ccw = (dx > 0) == ccw_right;
    play_move(t, (aw_move)(pit | (ccw ? 0 : AW_MOVE_CW)));
}

static void undo(tui *t)
{
    idle(t);
    t->choosing_dir = false;
    const bool agreed = aw_game_status(session_game(t->s)) == AW_END_AGREEMENT;
    const int n = session_undo(t->s);
    if (n == 0) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("Nothing to undo."));
        return;
    }
    t->msg[0] = t->prev[0] = 0;
    t->view.last = -1;
    t->view.captured = 0;
    /* the copies still hold the moves taken back */
    char taken[512];
    const int shown = n < t->hist_len ? n : t->hist_len;
    words_moves(rules(t), t->hist + t->hist_len - shown, shown, taken, sizeof taken);
    if (agreed)
        set_note(t, screen_attr(CP_INFO), "%s", _("Took back the end by agreement."));
    else
        set_note(t, screen_attr(CP_INFO), P_("Took back %d move: %s.", "Took back %d moves: %s.", n),
                 n, taken);
    t->status = aw_game_status(session_game(t->s));
    sync_view(t);
}

static void redo(tui *t)
{
    idle(t);
    t->choosing_dir = false;
    const int n = session_redo(t->s);
    if (n == 0) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("Nothing to redo."));
        return;
    }
    t->msg[0] = t->prev[0] = 0;
    sync_view(t);
    char again[512];
    const int shown = n < t->hist_len ? n : t->hist_len;
    words_moves(rules(t), t->hist + t->hist_len - shown, shown, again, sizeof again);
    set_note(t, screen_attr(CP_INFO),
             P_("Played %d move again: %s.", "Played %d moves again: %s.", n), n, again);
}

static void hint(tui *t)
{
    if (t->status != AW_ONGOING) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("The game is over."));
        return;
    }
    if (t->running && t->job == JOB_COMPUTER) {
        set_note(t, screen_attr(CP_ERROR), "%s", _("It is the computer's turn."));
        return;
    }
    idle(t);
    start_job(t, JOB_HINT);
}

/* Replace the session (the thread is idle). */
static void replace_session(tui *t, session *s)
{
    interrupted_session = NULL;
    session_free(t->s);
    t->s = s;
    t->env->s = s;
    interrupted_session = s;
    t->msg[0] = t->prev[0] = 0;
    t->note[0] = 0;
    t->view.last = -1;
    t->view.captured = 0;
    t->choosing_dir = false;
    t->status = AW_ONGOING;
    aw_review_free(t->review);
    t->review = NULL;
    if (t->review_mode)
        leave_review(t);
    t->col[0] = t->col[1] = 2;
    sync_view(t);
}

/* A session from a callback, with stderr kept off the screen (building
 * endgame tables prints notes there). */
static int quiet_stderr(void)
{
    fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        dup2(fileno(null), STDERR_FILENO);
        fclose(null);
    }
    return saved;
}

static void restore_stderr(int saved)
{
    fflush(stderr);
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
}

static void new_game(tui *t)
{
    idle(t);
    const session_config *c = session_get_config(t->s);
    newgame ng;
    memset(&ng, 0, sizeof ng);
    char diff[200], custom[260];
    const bool modified = aw_rules_diff(&c->rules, diff, sizeof diff) > 0;
    snprintf(custom, sizeof custom, "%s %s", c->rules.name, diff);
    for (int i = 0; i < aw_rules_preset_count(); i++)
        if (strcmp(aw_rules_preset_name(i), c->rules.name) == 0)
            ng.preset = i;
    ng.keep_rules = modified;
    ng.human = !c->computer[0] && !c->computer[1];
    ng.level = c->level;
    ng.side = seat(t);
    ng.first = c->start.side;
    ng.movetime = c->movetime_ms;
    const bool ok = dialog_newgame(&ng, modified ? custom : NULL);
    clear();
    if (!ok)
        return;
    session_config cfg = *c;
    if (!ng.keep_rules)
        aw_rules_preset(aw_rules_preset_name(ng.preset), &cfg.rules, NULL);
    cfg.start = aw_position_start(ng.first);
    cfg.computer[0] = !ng.human && ng.side != AW_SOUTH;
    cfg.computer[1] = !ng.human && ng.side != AW_NORTH;
    cfg.level = ng.level;
    cfg.movetime_ms = ng.movetime;
    cfg.hint_ms = ng.movetime;
    char msg[512];
    const int saved = quiet_stderr();
    session *s = t->env->make(t->env->ctx, &cfg, msg, sizeof msg);
    restore_stderr(saved);
    if (!s) {
        set_note(t, screen_attr(CP_ERROR), _("No new game: %s."), msg);
        return;
    }
    replace_session(t, s);
    settings *set = t->set;
    set->game_valid = true;
    snprintf(set->rules, sizeof set->rules, "%s", aw_rules_preset_name(ng.preset));
    set->human = ng.human;
    set->level = ng.level;
    set->side = ng.side;
    set->first = ng.first;
    set->movetime = ng.movetime;
    settings_save(set, msg, sizeof msg);
    set_note(t, screen_attr(CP_INFO), _("New game: %s rules, %s moves first."), cfg.rules.name,
             words_side(ng.first));
}

static char *record_text(const tui *t)
{
    aw_record *rec = session_record(t->s);
    char *text = rec ? aw_record_format(rec) : NULL;
    aw_record_free(rec);
    return text;
}

static void save_game(tui *t)
{
    idle(t);
    if (!t->path[0])
        snprintf(t->path, sizeof t->path, "awale-game.txt");
    const bool ok = dialog_text(_("Save the game"), _("File to save the game record to:"), t->path,
                                sizeof t->path);
    clear();
    if (!ok)
        return;
    char msg[512];
    char *text = record_text(t);
    if (!text)
        set_note(t, screen_attr(CP_ERROR), "%s", _("Cannot save: out of memory."));
    else if (textfile_write(t->path, text, msg, sizeof msg))
        set_note(t, screen_attr(CP_ERROR), _("Cannot save: %s."), msg);
    else
        set_note(t, screen_attr(CP_INFO),
                 P_("Saved the game (%d move) to %s.", "Saved the game (%d moves) to %s.",
                    words_move_row(session_game(t->s), t->hist_len)),
                 words_move_row(session_game(t->s), t->hist_len), t->path);
    free(text);
}

static void load_game(tui *t)
{
    idle(t);
    char good[sizeof t->path];
    snprintf(good, sizeof good, "%s", t->path);
    const bool ok = dialog_text(_("Load a game"), _("Game record file to continue:"), t->path,
                                sizeof t->path);
    clear();
    if (!ok) {
        snprintf(t->path, sizeof t->path, "%s", good);
        return;
    }
    char msg[512];
    char *text = textfile_read(t->path, (size_t)16 << 20, msg, sizeof msg);
    if (!text) {
        set_note(t, screen_attr(CP_ERROR), _("Cannot load: %s."), msg);
        snprintf(t->path, sizeof t->path, "%s", good); /* the name that worked last */
        return;
    }
    const int saved = quiet_stderr();
    session *s = t->env->from_text(t->env->ctx, session_get_config(t->s), text, t->path, msg,
                                   sizeof msg);
    restore_stderr(saved);
    free(text);
    if (!s) {
        set_note(t, screen_attr(CP_ERROR), _("Cannot load %s."), msg);
        snprintf(t->path, sizeof t->path, "%s", good);
        return;
    }
    replace_session(t, s);
    set_note(t, screen_attr(CP_INFO),
             P_("Loaded %s: %d move, %s rules.", "Loaded %s: %d moves, %s rules.",
                words_move_row(session_game(t->s), t->hist_len)),
             t->path, words_move_row(session_game(t->s), t->hist_len), rules(t)->name);
    if (t->status != AW_ONGOING)
        announce_end(t);
}

static void agree(tui *t)
{
    idle(t);
    const aw_position *pos = &t->view.pos;
    const session_config *c = session_get_config(t->s);
    const int proposer = against_computer(t) ? seat(t) : pos->side;
    agreement_answer a;
    char result[128], question[400];
    set_note(t, screen_attr(CP_INFO), "%s", _("The computer considers your proposal..."));
    draw(t);
    switch (session_agree(t->s, proposer, &a)) {
    case AGREE_FORBIDDEN:
    case AGREE_OVER: set_note(t, screen_attr(CP_ERROR), _("No end by agreement: %s."), a.why.msg); return;
    case AGREE_ASK: {
        int sc[2];
        aw_final_scores(&c->rules, pos, AW_END_AGREEMENT, sc);
        snprintf(question, sizeof question,
                 _("%s proposes to end the game here (final score %s). %s, do you agree?"),
                 words_side(proposer), words_result(sc, result, sizeof result),
                 words_side(!proposer));
        const bool yes = dialog_yesno(_("End by agreement"), question);
        clear();
        if (yes) {
            session_agree_accepted(t->s);
            sync_view(t);
        } else {
            set_note(t, screen_attr(CP_INFO), _("%s declines: play on."), words_side(!proposer));
        }
        return;
    }
    case AGREE_ENDED:
        sync_view(t); /* says the end */
        {
            char end[sizeof t->note];
            snprintf(end, sizeof end, "%s", t->note);
            set_note(t, screen_attr(CP_TURN), "%s %s", _("The computer accepts."), end);
        }
        return;
    case AGREE_DECLINED: break;
    }
    char said[512];
    set_note(t, screen_attr(CP_ERROR), "%s",
             words_declined(&a, session_tables_exact(t->s), said, sizeof said));
}

static void help(tui *t)
{
    char text[8192], words[256], howto[AW_HOWTO_MAX];
    /* How to play, a paragraph a line, then each rule of the set. */
    snprintf(text, sizeof text, _("How to play (%s):\n"), rules(t)->name);
    words_howto(rules(t), howto, sizeof howto);
    for (const char *s = howto; *s;) {
        const size_t n = strcspn(s, "\n");
        const size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "  - %.*s\n", (int)n, s);
        s += n + (s[n] == '\n');
    }
    const size_t used = strlen(text);
    snprintf(text + used, sizeof text - used, _("\nRule set %s:\n"), rules(t)->name);
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        if (aw_rules_param_applies(rules(t), name) && words_rule(rules(t), name, words, sizeof words)) {
            strncat(text, "  - ", sizeof text - strlen(text) - 1);
            strncat(text, words, sizeof text - strlen(text) - 1);
            strncat(text, "\n", sizeof text - strlen(text) - 1);
        }
    }
    dialog_help(rules(t)->family == AW_FAMILY_RELAY, text);
    clear();
}

static void options(tui *t)
{
    const bool changed = dialog_options(t->set);
    clear();
    if (!changed)
        return;
    i18n_set_language(strcmp(t->set->lang, "auto") == 0 ? i18n_env_language() : t->set->lang);
    screen_apply(t->set);
    labels(t);
    char msg[512];
    if (settings_save(t->set, msg, sizeof msg))
        set_note(t, screen_attr(CP_ERROR), _("The settings could not be saved: %s."), msg);
    else
        set_note(t, screen_attr(CP_INFO), "%s", _("Options saved."));
    relayout(t);
}

static void toggle_panel(tui *t, bool *flag)
{
    *flag = !*flag;
    char msg[512];
    settings_save(t->set, msg, sizeof msg);
    if (!t->set->analysis && t->running && t->job == JOB_ANALYSIS)
        idle(t);
    relayout(t);
}

static bool confirm_quit(tui *t)
{
    if (t->status != AW_ONGOING || t->hist_len == 0)
        return true;
    const bool yes = dialog_yesno(_("Quit"), _("The game is not over. Quit anyway? It is kept: "
                                               "'awale play --resume' continues it."));
    clear();
    return yes;
}

/* A key while a side's person is to move, or anything else. */
static bool handle(tui *t, action a)
{
    const aw_position *p = &t->view.pos;
    if (t->running && t->job == JOB_REVIEW) {
        /* any key cancels the review */
        if (a.kind == ACT_RESIZE || a.kind == ACT_REDRAW) {
            relayout(t);
        } else {
            atomic_store(&t->review_cancel, true);
            idle(t);
        }
        return true;
    }
    if (t->review_mode) {
        review_key(t, a);
        return true;
    }
    switch (a.kind) {
    case ACT_REVIEW: review(t); break;
    case ACT_QUIT: return !confirm_quit(t);
    case ACT_RESIZE:
    case ACT_REDRAW: relayout(t); break;
    case ACT_HELP: help(t); break;
    case ACT_HINT: hint(t); break;
    case ACT_UNDO: undo(t); break;
    case ACT_REDO: redo(t); break;
    case ACT_NEW: new_game(t); break;
    case ACT_SAVE: save_game(t); break;
    case ACT_LOAD: load_game(t); break;
    case ACT_AGREE: agree(t); break;
    case ACT_OPTIONS: options(t); break;
    case ACT_ANALYSIS: toggle_panel(t, &t->set->analysis); break;
    case ACT_MOVES: toggle_panel(t, &t->set->moves); break;
    case ACT_CANCEL:
        if (t->choosing_dir) {
            t->choosing_dir = false;
            t->view.direction = 0;
        } else if (t->running && (t->job == JOB_COMPUTER || t->job == JOB_HINT)) {
            session_stop(t->s); /* play now: the best move found so far */
        }
        break;
    case ACT_LEFT:
    case ACT_RIGHT:
    case ACT_MINUS:
    case ACT_PLUS: {
        const int dx = a.kind == ACT_LEFT || a.kind == ACT_MINUS ? -1 : 1;
        if (t->choosing_dir) {
            /* + and - are the notation's directions; arrows the screen's */
            if (a.kind == ACT_PLUS || a.kind == ACT_MINUS)
                play_move(t, (aw_move)(t->view.cursor | (a.kind == ACT_MINUS ? AW_MOVE_CW : 0)));
            else
                choose_direction(t, dx);
        } else if (person_to_move(t) && (a.kind == ACT_LEFT || a.kind == ACT_RIGHT)) {
            int *col = &t->col[p->side];
            *col = *col + dx < 0 ? 0 : *col + dx > 5 ? 5 : *col + dx;
            t->note[0] = 0;
        }
        break;
    }
    case ACT_PLAY:
        if (t->choosing_dir)
            break;
        if (person_to_move(t)) {
            aw_move only[AW_MAX_MOVES];
            const int n = aw_generate(rules(t), p, only);
            if (n == 1 && only[0] == AW_MOVE_PASS)
                play_move(t, AW_MOVE_PASS);
            else
                choose_pit(t, cursor_pit(t, p->side));
        } else if (t->status != AW_ONGOING) {
            set_note(t, screen_attr(CP_ERROR), "%s", _("The game is over: n starts a new one."));
        }
        break;
    case ACT_PIT:
        /* The letter in either case: the pit of the player to move. */
        if (!t->choosing_dir)
            choose_pit(t, p->side * AW_ROW + a.arg);
        break;
    case ACT_CLICK: {
        const int pit = board_pit_at(&t->lay, &t->view, a.arg / 1000, a.arg % 1000);
        if (pit >= 0 && t->choosing_dir && pit != t->view.cursor) {
            /* a click beside the chosen pit, on its row: that direction */
            if (pit / AW_ROW == t->view.cursor / AW_ROW)
                choose_direction(t, board_pit_column(&t->view, pit) >
                                            board_pit_column(&t->view, t->view.cursor)
                                        ? 1
                                        : -1);
        } else if (pit >= 0 && !t->choosing_dir) {
            choose_pit(t, pit);
        }
        break;
    }
    default: break;
    }
    return true;
}

int tui_run(tui_env *env)
{
    tui t;
    memset(&t, 0, sizeof t);
    t.env = env;
    t.s = env->s;
    t.set = env->set;
    t.status = AW_ONGOING;
    t.col[0] = t.col[1] = 2;
    t.view.cursor = t.view.last = t.view.sowing = -1;
    t.view.to_move_marked = true;
    pthread_mutex_init(&t.lock, NULL);
    atomic_init(&t.done, true);

    interrupted_session = t.s;
    interrupt_guard ig;
    interrupt_catch(&ig, 0, on_interrupt);

    if (!screen_init(t.set)) {
        interrupt_release(&ig);
        interrupted_session = NULL;
        pthread_mutex_destroy(&t.lock);
        return -1;
    }
    input_init();
    t.lay = screen_layout(t.set->analysis || t.set->moves);
    sync_view(&t);
    if (env->notes && env->notes[0])
        set_note(&t, screen_attr(CP_ERROR), "%s", env->notes);
    else if (env->resumed)
        set_note(&t, screen_attr(CP_INFO),
                 P_("Resuming the unfinished game (%d move).",
                    "Resuming the unfinished game (%d moves).",
                    words_move_row(session_game(t.s), t.hist_len)),
                 words_move_row(session_game(t.s), t.hist_len));
    else if (against_computer(&t)) {
        const session_config *c = session_get_config(t.s);
        set_note(&t, screen_attr(CP_INFO), _("You play %s against the computer at level %d: it %s."),
                 words_side(seat(&t)), c->level, words_level(c->level));
    } else {
        set_note(&t, screen_attr(CP_INFO), "%s", _("Two players at one keyboard: South plays A-F, North a-f."));
    }
    if (t.status != AW_ONGOING)
        announce_end(&t);

    for (;;) {
        next_job(&t);
        /* the cursor shows where a person would play */
        if (!t.choosing_dir) {
            t.view.cursor = person_to_move(&t) && !t.lay.too_small ? cursor_pit(&t, t.view.pos.side) : -1;
            t.view.direction = 0;
        }
        draw(&t);
        action a = input_read(t.running ? 120 : 1000);
        if (interrupt_caught())
            break;
        t.spin++;
        if (t.running && atomic_load(&t.done))
            finish_job(&t, true);
        if (a.kind == ACT_NONE)
            continue;
        if (t.lay.too_small && a.kind != ACT_QUIT && a.kind != ACT_RESIZE)
            continue;
        if (!handle(&t, a))
            break;
    }
    idle(&t);
    screen_end();
    interrupt_release(&ig);
    interrupted_session = NULL;
    env->s = t.s;
    free(t.hist);
    aw_review_free(t.review);
    pthread_mutex_destroy(&t.lock);
    return interrupt_caught() ? 130 : 0;
}
