/*
 * draw.c - the full-screen game's screen, drawn from the controller's
 * state (tui.c) and the copies of the game (jobs.c): the title bar, the
 * board, the last moves and the note, the analysis panel and the move
 * list, the prompt and the key bar. The review has its own screen
 * (review.c).
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"
#include "front/players.h"
#include "front/words.h"

#include <stdio.h>
#include <string.h>

void tui_draw_bar(int y, const char *text)
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
    if (players_against_computer(t->s))
        snprintf(game, sizeof game, _("you play %s against the computer, level %d"),
                 words_side(players_seat(t->s)), c->level);
    else if (c->computer[0])
        snprintf(game, sizeof game, "%s", _("the computer plays both sides"));
    else
        snprintf(game, sizeof game, "%s", _("two players"));
    char move[64], head[128], tail[96];
    /* the move the game is at (the next one to play, once both have moved) */
    snprintf(move, sizeof move, _("move %d"),
             words_move_row(session_game(t->s), t->hist_len + 1));
    snprintf(head, sizeof head, "awale %s %s %s ", g->mid, tui_rules(t)->name, g->mid);
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
    tui_draw_bar(t->lay.title_y, text);
}

void tui_draw_keys(tui *t)
{
    static const char *const keys[][2] = {
        {"?", N_("help")},  {"h", N_("hint")},      {"u", N_("undo")},  {"r", N_("redo")},
        {"v", N_("review")}, {"n", N_("new")},      {"i", N_("analysis")}, {"m", N_("moves")},
        {"s", N_("save")},  {"l", N_("load")},      {"g", N_("agree")}, {"x", N_("resign")},
        {"o", N_("options")},
    };
    char text[512] = "";
    char quit[64];
    if (t->review_mode) {
        const glyphs *g = screen_glyphs();
        snprintf(text, sizeof text, _("%s %s move by move  %s %s marked moves  Home End  Esc back  ? help"),
                 g->left, g->right, g->unicode ? g->up : _("Up"), g->unicode ? g->down : _("Down"));
        if (t->review && t->review->count == t->review->total)
            snprintf(text + strlen(text), sizeof text - strlen(text), "  l %s", _("learn"));
        tui_draw_bar(t->lay.keys_y, text);
        return;
    }
    if (t->tree_mode) {
        const glyphs *g = screen_glyphs();
        snprintf(text, sizeof text, _("%s %s line  %s %s variations  p promote  d delete  m main line  Esc play on"),
                 g->left, g->right, g->unicode ? g->up : _("Up"), g->unicode ? g->down : _("Down"));
        tui_draw_bar(t->lay.keys_y, text);
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
    tui_draw_bar(t->lay.keys_y, text);
}

void tui_draw_prompt(tui *t)
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
    } else if (t->tree_mode) {
        snprintf(text, sizeof text, "%s",
                 _("Walking the tree: the board shows the current move; Esc plays on from it."));
        a = screen_attr(CP_INFO);
    } else if (t->running && t->job == JOB_COMPUTER)
        snprintf(text, sizeof text, _("%s is thinking %s  (Esc: play now)"),
                 tui_who(t, t->live_pos.side, name, sizeof name), spin);
    else if (t->running && t->job == JOB_HINT)
        snprintf(text, sizeof text, _("Looking for a hint %s"), spin);
    else if (t->over)
        snprintf(text, sizeof text, "%s", _("Game over. v: review   n: new game   u: undo   q: quit"));
    else if (t->choosing_dir) {
        char pit[4];
        words_pit(t->view.cursor, pit);
        snprintf(text, sizeof text, _("Sow %s: %s or %s chooses the direction, Esc goes back"), pit,
                 g->left, g->right);
    } else {
        aw_move only[AW_MAX_MOVES];
        const int n = aw_generate(tui_rules(t), p, only);
        if (n == 1 && only[0] == AW_MOVE_PASS)
            snprintf(text, sizeof text, _("%s has no pit of 2 seeds or more: Enter passes"),
                     words_side(p->side));
        else if (players_against_computer(t->s))
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

void tui_draw(tui *t)
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
    if (t->trainer_mode) {
        tui_trainer_draw(t);
        refresh();
        return;
    }
    if (t->review_mode) {
        tui_review_draw(t);
        refresh();
        return;
    }
    draw_title(t);
    tui_clock_show(t);
    board_draw(&t->lay, &t->view);
    fit_messages(t);
    draw_messages(t);
    if (t->set->analysis || t->set->moves) {
        panel_data d;
        memset(&d, 0, sizeof d);
        d.analysis = t->set->analysis;
        d.moves = t->set->moves;
        d.rules = tui_rules(t);
        d.ply = t->hist_len;
        d.hist = t->hist;
        d.start = &t->start;
        d.review = tui_review_valid(t) ? t->review : NULL;
        d.tree = tui_tree_shown(t) ? t : NULL;
        d.tables = t->tables;
        d.tables_margin = t->tables_margin;
        pthread_mutex_lock(&t->lock);
        d.have_info = t->have_live;
        d.info = t->live;
        d.pos = t->live_pos;
        pthread_mutex_unlock(&t->lock);
        if (!d.have_info)
            d.pos = t->view.pos;
        d.over = t->over;
        d.state = t->running && t->job == JOB_COMPUTER ? _("the computer thinks")
                  : t->running && t->job == JOB_ANALYSIS ? _("thinking")
                  : t->over                              ? _("the game is over")
                                                          : NULL;
        panel_draw(&t->lay, &d);
    }
    tui_draw_prompt(t);
    tui_draw_keys(t);
    refresh();
}
