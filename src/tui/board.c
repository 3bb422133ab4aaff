/*
 * board.c - the board on the screen: two rows of pits as boxes with their
 * seeds (dots for small counts) and counts, the stores at the ends, the pit
 * letters, each side's name; the pit being chosen, the last move and its
 * captures highlighted; and the sowing animated seed by seed from the
 * move's report (aw_play_report), captured pits flashing before they
 * empty.
 *
 * Seen from the seat of the player at the bottom: counterclockwise sowing
 * runs left to right along the bottom row and right to left along the top,
 * each player's store on his right; clockwise sowing is the mirror image.
 */
#include "tui/tui_internal.h"

#include "front/words.h"

#include <stdio.h>
#include <string.h>

/* The pits of each screen row, left to right: [seat][clockwise][row]. */
static const int order[2][2][2][6] = {
    {{{11, 10, 9, 8, 7, 6}, {0, 1, 2, 3, 4, 5}}, {{6, 7, 8, 9, 10, 11}, {5, 4, 3, 2, 1, 0}}},
    {{{5, 4, 3, 2, 1, 0}, {6, 7, 8, 9, 10, 11}}, {{0, 1, 2, 3, 4, 5}, {11, 10, 9, 8, 7, 6}}},
};

static const int *row_order(const board_view *v, int row)
{
    return order[v->seat & 1][v->rules->clockwise ? 1 : 0][row];
}

int board_pit_column(const board_view *v, int pit)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++)
            if (row_order(v, r)[i] == pit)
                return i;
    return 0;
}

void board_pit_place(const layout *lay, const board_view *v, int pit, int *row, int *x)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++)
            if (row_order(v, r)[i] == pit) {
                *row = r;
                *x = lay->board.x + lay->store_w + 1 + i * lay->pit_w + lay->pit_w / 2;
                return;
            }
    *row = 0;
    *x = 0;
}

static int pit_top(const layout *lay, int row) { return lay->board.y + 2 + row * lay->pit_h; }

int board_pit_at(const layout *lay, const board_view *v, int y, int x)
{
    for (int r = 0; r < 2; r++) {
        const int top = pit_top(lay, r);
        /* the pit box, and the letter row beside it */
        const bool in_rows = (y >= top && y < top + lay->pit_h) ||
                             (r == 0 && y == top - 1) || (r == 1 && y == top + lay->pit_h);
        if (!in_rows)
            continue;
        const int left = lay->board.x + lay->store_w + 1;
        if (x < left || x >= left + 6 * lay->pit_w)
            continue;
        return row_order(v, r)[(x - left) / lay->pit_w];
    }
    return -1;
}

/* Dots for n seeds in rows of `per` (spaced when `spaced`), centred in w. */
static void dots(int y, int x, int w, int n, bool spaced, attr_t a)
{
    const glyphs *g = screen_glyphs();
    char line[64] = "";
    for (int i = 0; i < n && strlen(line) + 8 < sizeof line; i++) {
        if (spaced && i)
            strcat(line, " ");
        strcat(line, g->seed);
    }
    const int width = spaced ? 2 * n - 1 : n;
    if (n > 0)
        screen_put(y, x + (w - width) / 2, w, a, line);
}

static void draw_pit(const layout *lay, const board_view *v, int pit, int y, int x)
{
    const int n = v->pos.pits[pit];
    const bool flash = v->flash >> pit & 1;
    attr_t frame = screen_attr(CP_FRAME);
    if (pit == v->cursor)
        frame = screen_attr(CP_CURSOR) | A_BOLD;
    else if (pit == v->last)
        frame = screen_attr(CP_LAST);
    else if (v->captured >> pit & 1)
        frame = screen_attr(CP_ERROR);
    screen_box(y, x, lay->pit_h, lay->pit_w, frame);
    const int iw = lay->pit_w - 2, ix = x + 1;
    attr_t inner = screen_attr(CP_SEED);
    if (flash)
        inner = screen_attr(CP_CAPTURE);
    else if (pit == v->sowing)
        inner = screen_attr(CP_SOW);
    for (int j = 1; j < lay->pit_h - 1; j++) {
        attron(inner);
        mvhline(y + j, ix, ' ', iw);
        attroff(inner);
    }
    char count[8];
    snprintf(count, sizeof count, "%d", n);
    const attr_t ca = inner | (n ? A_BOLD : (flash || pit == v->sowing ? 0 : screen_attr(CP_INFO)));
    if (lay->compact) {
        screen_put(y + 1, ix + (iw - (int)strlen(count)) / 2, iw, ca, count);
        return;
    }
    if (n <= 6) {
        dots(y + 1, ix, iw, n < 3 ? n : 3, true, inner);
        dots(y + 2, ix, iw, n > 3 ? n - 3 : 0, true, inner);
    } else if (n <= 2 * iw) { /* packed, shared between the two lines */
        dots(y + 1, ix, iw, (n + 1) / 2, false, inner);
        dots(y + 2, ix, iw, n / 2, false, inner);
    }
    screen_put(y + 3, ix + (iw - (int)strlen(count)) / 2, iw, ca, count);
}

static void draw_store(const layout *lay, const board_view *v, int side, int x)
{
    const int y = pit_top(lay, 0), h = 2 * lay->pit_h, iw = lay->store_w - 2;
    screen_box(y, x, h, lay->store_w, screen_attr(CP_FRAME));
    for (int j = 1; j < h - 1; j++)
        mvhline(y + j, x + 1, ' ', iw);
    char score[8];
    const int n = v->pos.score[side];
    snprintf(score, sizeof score, "%d", n);
    screen_put(y + 1, x + 1 + (iw - (int)strlen(score)) / 2, iw, A_BOLD, score);
    if (lay->compact)
        return;
    /* Every seed of the store as a dot, rows of iw. */
    for (int row = 0, left = n; left > 0 && row < h - 3; row++, left -= iw)
        dots(y + 2 + row, x + 1, iw, left < iw ? left : iw, false, screen_attr(CP_SEED));
}

static void draw_letters(const layout *lay, const board_view *v, int row, int y)
{
    const glyphs *g = screen_glyphs();
    for (int i = 0; i < 6; i++) {
        const int pit = row_order(v, row)[i];
        const int cx = lay->board.x + lay->store_w + 1 + i * lay->pit_w + lay->pit_w / 2;
        char letter[4];
        words_pit(pit, letter);
        attr_t a = A_BOLD;
        if (pit == v->cursor)
            a = screen_attr(CP_CURSOR) | A_BOLD;
        else if (pit == v->last)
            a = screen_attr(CP_LAST);
        else if (v->captured >> pit & 1)
            a = screen_attr(CP_ERROR);
        mvhline(y, cx - 3, ' ', 7);
        screen_put(y, cx, 1, a, letter);
        if (pit == v->cursor && v->direction) {
            screen_put(y, cx - 3, 2, screen_attr(CP_TURN), g->left);
            screen_put(y, cx + 2, 2, screen_attr(CP_TURN), g->right);
        }
    }
}

static void draw_label(const layout *lay, const board_view *v, int side, int y)
{
    const glyphs *g = screen_glyphs();
    char text[256];
    const bool turn = v->to_move_marked && v->pos.side == side;
    snprintf(text, sizeof text, "%s %s", turn ? g->turn : " ", v->label[side] ? v->label[side] : "");
    mvhline(y, lay->board.x, ' ', lay->board.w);
    /* the side's clock at the right end of its line */
    const int cw = v->clock[side] ? screen_width(v->clock[side]) : 0;
    const int room = cw && cw + 2 < lay->board.w ? lay->board.w - cw - 2 : lay->board.w;
    screen_put(y, lay->board.x, room, turn ? screen_attr(CP_TURN) : A_NORMAL, text);
    if (room < lay->board.w)
        screen_put(y, lay->board.x + lay->board.w - cw, cw,
                   v->clock_low[side] ? screen_attr(CP_ERROR)
                   : turn             ? screen_attr(CP_TURN) | A_BOLD
                                      : A_NORMAL,
                   v->clock[side]);
}

void board_draw(const layout *lay, const board_view *v)
{
    const int top = !v->seat, bottom = v->seat;
    const bool cw = v->rules->clockwise;
    const int left_x = lay->board.x, right_x = lay->board.x + lay->board.w - lay->store_w;
    draw_label(lay, v, top, lay->board.y);
    draw_letters(lay, v, 0, lay->board.y + 1);
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++)
            draw_pit(lay, v, row_order(v, r)[i], pit_top(lay, r),
                     lay->board.x + lay->store_w + 1 + i * lay->pit_w);
    /* Each player's store on his right (on his left when sowing clockwise). */
    draw_store(lay, v, top, cw ? right_x : left_x);
    draw_store(lay, v, bottom, cw ? left_x : right_x);
    draw_letters(lay, v, 1, pit_top(lay, 1) + lay->pit_h);
    draw_label(lay, v, bottom, pit_top(lay, 1) + lay->pit_h + 1);
}

/* Wait ms, or until a key: true when a key came. */
static bool pause_ms(int ms)
{
    action a = input_read(ms);
    return a.kind != ACT_NONE;
}

bool board_animate(const layout *lay, board_view *v, const aw_move_report *r, int speed,
                   void (*redraw)(void *ctx), void *ctx)
{
    static const int sow_ms[] = {0, 45, 110, 260}, flash_ms[] = {0, 90, 140, 220};
    (void)lay;
    if (speed <= SPEED_OFF || speed > SPEED_SLOW)
        return false;
    const int sow = sow_ms[speed], blink = flash_ms[speed];
    for (int i = 0; i < r->nsteps; i++) {
        const aw_step *s = &r->steps[i];
        if (s->kind == AW_STEP_TAKE) {
            v->pos.pits[s->pit] = 0;
            v->hand = s->count;
            v->sowing = s->pit;
            redraw(ctx);
            if (pause_ms(sow * 2))
                return true;
        } else if (s->kind == AW_STEP_SOW) {
            v->pos.pits[s->pit] = s->count;
            if (v->hand > 0)
                v->hand--;
            v->sowing = s->pit;
            redraw(ctx);
            if (pause_ms(sow))
                return true;
        } else {
            /* The captures of the move, flashing together, then emptied. */
            unsigned mask = 0;
            int j = i;
            for (; j < r->nsteps && r->steps[j].kind == AW_STEP_CAPTURE; j++)
                mask |= 1u << r->steps[j].pit;
            v->sowing = -1;
            for (int k = 0; k < 6; k++) {
                v->flash = k % 2 == 0 ? mask : 0;
                redraw(ctx);
                if (pause_ms(blink)) {
                    v->flash = 0;
                    return true;
                }
            }
            for (int k = i; k < j; k++) {
                v->pos.pits[r->steps[k].pit] = 0;
                v->pos.score[r->mover] = (uint8_t)(v->pos.score[r->mover] + r->steps[k].count);
            }
            redraw(ctx);
            i = j - 1;
        }
    }
    v->sowing = -1;
    v->hand = 0;
    return false;
}
