/*
 * panel.c - the panels beside or below the board: the analysis (the
 * engine's score and best line, updated at every depth while it thinks,
 * and the exact result once the endgame tables cover the position) and the
 * list of moves played.
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"
#include "front/words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int draw_analysis(const layout *lay, const panel_data *d, int y, int rows)
{
    const rect *p = &lay->panel;
    char text[1024], score[256], words[160], line[512];
    int used = 0;
    if (d->state)
        snprintf(text, sizeof text, _("Analysis: %s"), d->state);
    else
        snprintf(text, sizeof text, "%s", _("Analysis"));
    used += screen_wrap(y, p->x, p->w, 1, A_BOLD, text);
    if (used >= rows)
        return used;
    if (d->tables) {
        char perfect[128];
        snprintf(text, sizeof text, _("Endgame tables: %s."),
                 words_perfect(d->tables_margin, perfect, sizeof perfect));
        used += screen_wrap(y + used, p->x, p->w, rows - used, screen_attr(CP_LAST), text);
    }
    if (used >= rows)
        return used;
    if (!d->have_info || d->info.lines == 0) {
        if (!d->tables && !d->over)
            used += screen_wrap(y + used, p->x, p->w, 1, screen_attr(CP_INFO), _("no result yet"));
        return used;
    }
    const aw_search_line *l = &d->info.line[0];
    /* an estimate as a number ("+1.25", in the language's way), then in
     * words; a proven result in words, with its distance from the search */
    words_score_you(&l->score, words, sizeof words);
    if (l->score.kind == AW_SCORE_SEEDS) {
        const int v = l->score.value < 0 ? -l->score.value : l->score.value;
        char number[32];
        snprintf(number, sizeof number, _("%s%d.%02d"), l->score.value < 0 ? "-" : "+", v / 100,
                 v % 100);
        snprintf(score, sizeof score, "%s (%s)", number, words);
    } else if (l->score.plies > 0) {
        snprintf(score, sizeof score, P_("%s, in %d ply", "%s, in %d plies", l->score.plies), words,
                 l->score.plies);
    } else {
        snprintf(score, sizeof score, "%s", words);
    }
    if (d->info.depth > 0)
        snprintf(text, sizeof text, _("depth %d, %s to move: %s"), d->info.depth,
                 words_side(d->pos.side), score);
    else
        snprintf(text, sizeof text, _("opening book, %s to move: %s"), words_side(d->pos.side),
                 score);
    used += screen_wrap(y + used, p->x, p->w, rows - used, A_NORMAL, text);
    if (used >= rows)
        return used;
    words_line(d->rules, &d->pos, l->pv, l->length < 16 ? l->length : 16, line, sizeof line);
    snprintf(text, sizeof text, _("best line: %s"), line);
    used += screen_wrap(y + used, p->x, p->w, rows - used, A_NORMAL, text);
    return used;
}

static int draw_moves(const layout *lay, const panel_data *d, int y, int rows)
{
    const rect *p = &lay->panel;
    char text[8192];
    if (d->tree) /* variations: the moves as a tree (tree.c) */
        return tui_tree_draw(d->tree, p, y, rows);
    screen_put(y, p->x, p->w, A_BOLD, _("Moves"));
    if (rows < 2)
        return 1;
    if (d->ply == 0) {
        screen_put(y + 1, p->x, p->w, screen_attr(CP_INFO), _("no move yet"));
        return 2;
    }
    /* "1. C f  2. D a ...", numbered from South's moves; then keep the
     * end that fits. A no-break space holds each number to its move. */
    const bool north_first = d->start->side == AW_NORTH;
    size_t used = 0;
    text[0] = 0;
    for (int i = 0; i < d->ply && used + 32 < sizeof text; i++) {
        char m[AW_MOVE_MAX];
        const int k = i + north_first;
        aw_move_format(d->rules, d->hist[i], m);
        if (d->review && i < d->review->count)
            strcat(m, aw_mark_text(d->review->move[i].mark));
        if (k % 2 == 0)
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%d.\u00a0%s", i ? "  " : "",
                                     k / 2 + 1, m);
        else if (i == 0)
            used += (size_t)snprintf(text + used, sizeof text - used, "%d...\u00a0%s", k / 2 + 1, m);
        else
            used += (size_t)snprintf(text + used, sizeof text - used, " %s", m);
    }
    /* Skip whole pairs from the start until the rest fits. */
    const char *s = text;
    const int room = (rows - 1) * p->w;
    while (screen_width(s) > room - 4) {
        const char *next = strstr(s + 1, "  ");
        if (!next)
            break;
        s = next + 2;
    }
    char shown[sizeof text + 8];
    snprintf(shown, sizeof shown, "%s%s", s != text ? "... " : "", s);
    return 1 + screen_wrap(y + 1, p->x, p->w, rows - 1, A_NORMAL, shown);
}

void panel_draw(const layout *lay, const panel_data *d)
{
    const rect *p = &lay->panel;
    if (p->h <= 0 || p->w <= 0)
        return;
    screen_clear(*p);
    int y = p->y, rows = p->h;
    if (d->analysis) {
        int want = d->moves ? (rows >= 10 ? rows / 2 : rows - 2) : rows;
        if (want < 1)
            want = 1;
        const int used = draw_analysis(lay, d, y, want);
        y += (d->moves ? want : used);
        rows -= (d->moves ? want : used);
    }
    if (d->moves && rows > 0)
        draw_moves(lay, d, y, rows);
}

/* ------------------------------------------------------------ the review */

static attr_t mark_attr(aw_mark m)
{
    switch (m) {
    case AW_MARK_BLUNDER:
    case AW_MARK_MISTAKE: return screen_attr(CP_ERROR);
    case AW_MARK_DUBIOUS: return screen_attr(CP_TURN);
    case AW_MARK_GOOD:
    case AW_MARK_BRILLIANT: return screen_attr(CP_LAST);
    default: return A_NORMAL;
    }
}

typedef struct item {
    char prefix[24];  /* "12. " before South's move (or the first), "" */
    char text[AW_MOVE_MAX + 8]; /* the move and its mark           */
    int row, x;       /* where the prefix starts                      */
} item;

/* Lay the moves out in rows of w columns: "1. C?! f  2. D d?" */
static int lay_moves(const review_data *d, item *items, int n, int w)
{
    const aw_rules *rules = aw_game_rules(d->game);
    const int first = aw_game_start(d->game)->side;
    for (int i = 0; i < n; i++) {
        item *it = &items[i];
        const aw_review_move *m = &d->review->move[i];
        char mv[AW_MOVE_MAX];
        snprintf(it->text, sizeof it->text, "%s%s", aw_move_format(rules, m->played, mv),
                 aw_mark_text(m->mark));
        it->prefix[0] = 0;
        if ((first + i) % 2 == AW_SOUTH || i == 0) {
            char number[16];
            words_move_number(first, i, number, sizeof number);
            snprintf(it->prefix, sizeof it->prefix, "%s ", number);
        }
    }
    int row = 0, x = 0;
    for (int i = 0; i < n; i++) {
        item *it = &items[i];
        const int gap = i == 0 ? 0 : it->prefix[0] ? 2 : 1;
        const int width = screen_width(it->prefix) + screen_width(it->text);
        /* a numbered move and the reply after it go on one row */
        const int whole = it->prefix[0] && i + 1 < n && !items[i + 1].prefix[0]
                              ? width + 1 + screen_width(items[i + 1].text)
                              : width;
        if (x > 0 && x + gap + (it->prefix[0] ? whole : width) > w) {
            row++;
            x = 0;
        } else {
            x += gap;
        }
        it->row = row;
        it->x = x;
        x += width;
    }
    return n ? row + 1 : 0;
}

void review_draw(const layout *lay, const review_data *d)
{
    const rect *p = &lay->panel;
    if (p->h <= 0 || p->w <= 0 || !d->review || d->review->count == 0)
        return;
    screen_clear(*p);
    const aw_review *r = d->review;
    const int n = r->count, sel = d->sel < 0 ? 0 : d->sel >= n ? n - 1 : d->sel;
    const aw_review_move *m = &r->move[sel];
    const aw_rules *rules = aw_game_rules(d->game);

    /* What each part says, and the rows it takes. */
    char summary[3][512], said[1024], comment[1200], number[16], mv[AW_MOVE_MAX], head[48];
    for (int k = 0; k < 2; k++)
        words_review_side(&r->side[k], d->who[k], summary[k], sizeof summary[k]);
    words_review_turning(r, d->game, summary[2], sizeof summary[2]);
    words_move_number(aw_game_start(d->game)->side, sel, number, sizeof number);
    snprintf(head, sizeof head, "%s %s%s", number, aw_move_format(rules, m->played, mv),
             aw_mark_text(m->mark));
    words_review_move(rules, aw_game_position_at(d->game, sel), m, said, sizeof said);
    snprintf(comment, sizeof comment, "%s  %s", head, said);
    item *items = calloc((size_t)n, sizeof *items);
    if (!items)
        return;
    const int move_rows = lay_moves(d, items, n, p->w);
    const int need_c = screen_wrap_rows(p->w, comment);
    int need_s[3], total_s = 0;
    for (int k = 0; k < 3; k++)
        total_s += need_s[k] = screen_wrap_rows(p->w, summary[k]);

    /* Rows: the moves (up to 4), then the comment, then the summary; when
     * short, the summary's lines give way first, then the comment. */
    const int H = p->h;
    int mrows = H >= 14 ? 4 : H >= 10 ? 3 : 2;
    if (mrows > move_rows)
        mrows = move_rows;
    int left = H - mrows, crows, srows;
    if (need_c + total_s <= left) {
        crows = need_c;
        srows = total_s;
    } else {
        crows = left - total_s < 2 ? 2 : left - total_s;
        if (crows > need_c)
            crows = need_c;
        if (crows > left)
            crows = left;
        srows = left - crows;
    }
    /* blank rows between the parts, where there is room */
    const int spare = H - mrows - crows - srows;
    const bool gap1 = spare >= 1, gap2 = spare >= 2;

    /* The moves, scrolled so that the selected one shows. */
    int top = items[sel].row - (mrows - 1) / 2;
    if (top > move_rows - mrows)
        top = move_rows - mrows;
    if (top < 0)
        top = 0;
    for (int i = 0; i < n; i++) {
        const item *it = &items[i];
        if (it->row < top || it->row >= top + mrows)
            continue;
        const int y = p->y + it->row - top, x = p->x + it->x;
        const int pw = screen_put(y, x, p->w - it->x, A_NORMAL, it->prefix);
        attr_t a = i == sel ? screen_attr(CP_CURSOR) | A_BOLD : mark_attr(r->move[i].mark);
        screen_put(y, x + pw, p->w - it->x - pw, a, it->text);
    }
    free(items);
    int y = p->y + mrows + (gap1 ? 1 : 0);

    /* The selected move: its number and mark in colour, then the words. */
    if (crows > 0) {
        screen_wrap(y, p->x, p->w, crows, A_NORMAL, comment);
        screen_put(y, p->x, p->w, mark_attr(m->mark) | A_BOLD, head);
        y += crows + (gap2 ? 1 : 0);
    }
    /* The summary: each player, then the turning points. */
    for (int k = 0; k < 3 && srows > 0; k++) {
        const int later = 2 - k; /* rows kept for the lines after this one */
        int rows = need_s[k];
        if (rows > srows - (later < srows ? later : srows - 1))
            rows = srows - (later < srows ? later : srows - 1);
        if (rows < 1)
            rows = 1;
        screen_wrap(y, p->x, p->w, rows, k < 2 ? A_NORMAL : A_BOLD, summary[k]);
        y += rows;
        srows -= rows;
    }
}
