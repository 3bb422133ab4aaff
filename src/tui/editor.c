/*
 * editor.c - the position editor of the full-screen game (key p): the
 * board of the game's position, where the arrows move a cursor over the
 * twelve pits and the two stores, + and - add and take away a seed, digits
 * type a count (one after another they make one number: 1 then 2 is 12),
 * Backspace or Delete empties, a click adds a seed to the pit or store
 * clicked, a pit letter jumps to that pit (A-F South, a-f North), t changes
 * the side to move, r the rule set, < and > the no-capture counter, x
 * empties the board, i puts the start position back.
 * Under the board: the seed total and the verdict of position_check (the
 * same checks and words as the page's editor and `awale play --position`),
 * redone at every change. Enter starts a new game from the position when
 * the verdict is yes, with the game's players and level; Esc leaves and
 * changes nothing.
 *
 * It runs its own loop over input_read, drawing with board_draw on the
 * game's layout; the game's thread is idle meanwhile (tui_idle).
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"
#include "front/position_check.h"
#include "front/words.h"

#include <stdio.h>
#include <string.h>

typedef struct editor {
    aw_rules rules;
    aw_position pos;
    int cursor;          /* 0..11 a pit, 12 South's store, 13 North's store */
    int typed;           /* the number being typed on the cursor (-1: none) */
    position_verdict v;
    char note[400];      /* an answer to Enter                               */
} editor;

enum { STORE_SOUTH = 12, STORE_NORTH = 13 };

static int total(const aw_position *p)
{
    int n = p->score[0] + p->score[1];
    for (int i = 0; i < AW_PITS; i++)
        n += p->pits[i];
    return n;
}

/* The store of `side` on the screen: its column, as board.c places it. */
static int store_x(const layout *lay, const board_view *v, int side)
{
    const int top = !v->seat;
    const bool cw = v->rules->clockwise;
    const int left_x = lay->board.x, right_x = lay->board.x + lay->board.w - lay->store_w;
    return (side == top) != cw ? left_x : right_x;
}

static bool store_left(const layout *lay, const board_view *v, int side)
{
    return store_x(lay, v, side) == lay->board.x;
}

static void draw(tui *t, editor *e, board_view *view)
{
    erase();
    const layout *lay = &t->lay;
    if (lay->too_small) {
        int cols, lines;
        char text[256];
        screen_min_size(&cols, &lines);
        snprintf(text, sizeof text,
                 _("The terminal is too small for the board: make it at least %d columns by %d "
                   "lines (q quits)."),
                 cols, lines);
        screen_wrap(0, 0, COLS, LINES, screen_attr(CP_ERROR), text);
        refresh();
        return;
    }
    tui_draw_bar(lay->title_y, _("Position editor"));
    view->pos = e->pos;
    view->rules = &e->rules;
    view->cursor = e->cursor < AW_PITS ? e->cursor : -1;
    view->last = view->sowing = -1;
    view->captured = view->flash = 0;
    view->hand = view->direction = 0;
    view->to_move_marked = true;
    view->clock[0] = view->clock[1] = NULL;
    char label[2][128];
    for (int side = 0; side < 2; side++) {
        if (e->pos.side == side)
            snprintf(label[side], sizeof label[side], _("%s, to move"), words_side(side));
        else
            snprintf(label[side], sizeof label[side], "%s", words_side(side));
        view->label[side] = label[side];
    }
    board_draw(lay, view);
    if (e->cursor >= AW_PITS) {
        const int side = e->cursor - AW_PITS;
        screen_box(lay->board.y + 2, store_x(lay, view, side), 2 * lay->pit_h, lay->store_w,
                   screen_attr(CP_CURSOR) | A_BOLD);
    }
    char line[600];
    snprintf(line, sizeof line, _("%d of %d seeds  ·  rules %s  ·  moves without a capture: %d"),
             total(&e->pos), position_total(&e->rules), e->rules.name, e->pos.quiet);
    int y = lay->msg.y;
    screen_put(y++, lay->msg.x, lay->msg.w,
               total(&e->pos) == position_total(&e->rules) ? A_BOLD : screen_attr(CP_ERROR),
               line);
    const int rows = lay->keys_y - y - 2 > 1 ? lay->keys_y - y - 2 : 1;
    if (e->note[0])
        screen_wrap(y, lay->msg.x, lay->msg.w, rows, screen_attr(CP_ERROR), e->note);
    else if (e->v.problem == POSITION_OK)
        screen_wrap(y, lay->msg.x, lay->msg.w, rows, screen_attr(CP_INFO),
                    _("A game can start from this position: Enter plays from it."));
    else
        screen_wrap(y, lay->msg.x, lay->msg.w, rows, screen_attr(CP_ERROR), e->v.msg);
    const glyphs *g = screen_glyphs();
    char keys[400];
    snprintf(keys, sizeof keys, _("%s%s%s%s move  + - 0-9 seeds  t side  r rules  Enter play  Esc back"),
             g->unicode ? g->left : "<", g->unicode ? g->right : ">", g->unicode ? g->up : "^",
             g->unicode ? g->down : "v");
    if (lay->keys_y - 1 > y)
        screen_put(lay->keys_y - 1, lay->msg.x, lay->msg.w, screen_attr(CP_INFO),
                   _("x empties the board, i puts the start back, < > the moves without a "
                     "capture, ? help"));
    tui_draw_bar(lay->keys_y, keys);
    refresh();
}

/* The cell an arrow leads to from the cursor, as the board lies on the
 * screen: along a row, across the rows, and from a row's end to the store
 * beside it. */
static int move_cursor(const tui *t, const board_view *v, int c, int kind)
{
    const layout *lay = &t->lay;
    int row, x;
    if (c >= AW_PITS) {
        const bool left = store_left(lay, v, c - AW_PITS);
        const int col = left ? 0 : 5;
        for (int pit = 0; pit < AW_PITS; pit++) {
            board_pit_place(lay, v, pit, &row, &x);
            if (board_pit_column(v, pit) != col)
                continue;
            if ((kind == ACT_UP && row == 0) || (kind == ACT_DOWN && row == 1) ||
                (kind == ACT_RIGHT && left && row == 1) || (kind == ACT_LEFT && !left && row == 1))
                return pit;
        }
        return c;
    }
    board_pit_place(lay, v, c, &row, &x);
    const int col = board_pit_column(v, c);
    int want_row = row, want_col = col;
    switch (kind) {
    case ACT_LEFT: want_col = col - 1; break;
    case ACT_RIGHT: want_col = col + 1; break;
    case ACT_UP: want_row = 0; break;
    case ACT_DOWN: want_row = 1; break;
    default: return c;
    }
    if (want_col < 0 || want_col > 5) {
        for (int side = 0; side < 2; side++)
            if (store_left(lay, v, side) == (want_col < 0))
                return AW_PITS + side;
        return c;
    }
    for (int pit = 0; pit < AW_PITS; pit++) {
        int r2, x2;
        board_pit_place(lay, v, pit, &r2, &x2);
        if (r2 == want_row && board_pit_column(v, pit) == want_col)
            return pit;
    }
    return c;
}

static int get(const editor *e, int c)
{
    return c < AW_PITS ? e->pos.pits[c] : e->pos.score[c - AW_PITS];
}

static void set(editor *e, int c, int n)
{
    if (n < 0)
        n = 0;
    if (n > 99)
        n = 99;
    if (c < AW_PITS)
        e->pos.pits[c] = (uint8_t)n;
    else
        e->pos.score[c - AW_PITS] = (uint8_t)n;
}

static void recheck(editor *e)
{
    e->note[0] = 0;
    position_check(&e->rules, &e->pos, &e->v, NULL, NULL);
}

/* The next preset after the editor's rule set (the first after a modified one). */
static void next_rules(editor *e)
{
    const int n = aw_rules_preset_count();
    int at = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(aw_rules_preset_name(i), e->rules.name) == 0)
            at = i;
    aw_rules_preset(aw_rules_preset_name((at + 1) % n), &e->rules, NULL);
}

/* Enter: a new game from the position, when it passes. */
static bool play_from(tui *t, editor *e)
{
    recheck(e);
    if (e->v.problem != POSITION_OK) {
        snprintf(e->note, sizeof e->note, _("This position cannot be played: %s"), e->v.msg);
        return false;
    }
    session_config cfg = *session_get_config(t->s);
    cfg.rules = e->rules;
    cfg.start = e->pos;
    char msg[512];
    if (!tui_new_session(t, &cfg, msg, sizeof msg)) {
        snprintf(e->note, sizeof e->note, _("No new game: %s."), msg);
        return false;
    }
    char text[AW_POSITION_MAX];
    tui_note(t, screen_attr(CP_INFO), _("New game from the position %s (%s rules)."),
             aw_position_format(&e->pos, text), e->rules.name);
    return true;
}

void tui_editor(tui *t)
{
    tui_idle(t);
    editor e;
    memset(&e, 0, sizeof e);
    e.rules = *tui_rules(t);
    e.pos = t->view.pos;
    e.cursor = e.pos.side == AW_SOUTH ? 0 : 6;
    e.typed = -1;
    board_view view = t->view;
    recheck(&e);
    for (;;) {
        draw(t, &e, &view);
        const action a = input_read(-1);
        const int key = a.key;
        bool digit = false;
        switch (a.kind) {
        case ACT_CANCEL:
        case ACT_QUIT: clear(); return;
        case ACT_RESIZE:
        case ACT_REDRAW: tui_relayout(t); break;
        case ACT_LEFT:
        case ACT_RIGHT:
        case ACT_UP:
        case ACT_DOWN: e.cursor = move_cursor(t, &view, e.cursor, a.kind); break;
        case ACT_PLUS: set(&e, e.cursor, get(&e, e.cursor) + 1); recheck(&e); break;
        case ACT_MINUS: set(&e, e.cursor, get(&e, e.cursor) - 1); recheck(&e); break;
        case ACT_PLAY:
            if (play_from(t, &e)) {
                clear();
                return;
            }
            break;
        case ACT_PIT:
            /* a pit letter: that pit (capitals South's, small letters North's) */
            e.cursor = (key >= 'a' && key <= 'f') ? AW_ROW + a.arg : a.arg;
            break;
        case ACT_CLICK: {
            const int y = a.arg / 1000, x = a.arg % 1000;
            int cell = board_pit_at(&t->lay, &view, y, x);
            for (int side = 0; side < 2 && cell < 0; side++) {
                const int sx = store_x(&t->lay, &view, side), sy = t->lay.board.y + 2;
                if (x >= sx && x < sx + t->lay.store_w && y >= sy && y < sy + 2 * t->lay.pit_h)
                    cell = AW_PITS + side;
            }
            if (cell >= 0) {
                e.cursor = cell;
                set(&e, cell, get(&e, cell) + 1);
                recheck(&e);
            }
            break;
        }
        case ACT_HELP: tui_help(t); clear(); break;
        default:
            if (key >= '0' && key <= '9') {
                digit = true;
                const int d = key - '0';
                e.typed = e.typed >= 0 && e.typed * 10 + d <= 99 ? e.typed * 10 + d : d;
                set(&e, e.cursor, e.typed);
                recheck(&e);
            } else if (key == KEY_BACKSPACE || key == KEY_DC || key == 127 || key == 8) {
                set(&e, e.cursor, 0);
                recheck(&e);
            } else if (key == 't' || key == 'T') {
                e.pos.side = !e.pos.side;
                recheck(&e);
            } else if (key == 'r' || key == 'R' || a.kind == ACT_REDO) {
                next_rules(&e);
                recheck(&e);
            } else if (key == '<' || key == '>') {
                const int q = e.pos.quiet + (key == '>' ? 1 : -1);
                e.pos.quiet = (uint16_t)(q < 0 ? 0 : q > 65535 ? 65535 : q);
                recheck(&e);
            } else if (key == 'x' || key == 'X' || a.kind == ACT_RESIGN) {
                memset(e.pos.pits, 0, sizeof e.pos.pits);
                e.pos.score[0] = e.pos.score[1] = 0;
                e.pos.quiet = 0;
                recheck(&e);
            } else if (key == 'i' || key == 'I' || a.kind == ACT_ANALYSIS) {
                e.pos = aw_position_start(e.pos.side);
                recheck(&e);
            }
            break;
        }
        if (!digit)
            e.typed = -1;
    }
}
