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
#include <string.h>

static int draw_analysis(const layout *lay, const panel_data *d, int y, int rows)
{
    const rect *p = &lay->panel;
    char text[1024], score[64], words[160], line[512];
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
        if (!d->tables)
            used += screen_wrap(y + used, p->x, p->w, 1, screen_attr(CP_INFO), _("no result yet"));
        return used;
    }
    const aw_search_line *l = &d->info.line[0];
    aw_score_format(&l->score, score, sizeof score);
    words_score_you(&l->score, words, sizeof words);
    if (d->info.depth > 0)
        snprintf(text, sizeof text, _("depth %d, %s to move: %s (%s)"), d->info.depth,
                 words_side(d->pos.side), score, words);
    else
        snprintf(text, sizeof text, _("opening book, %s to move: %s (%s)"), words_side(d->pos.side),
                 score, words);
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
    screen_put(y, p->x, p->w, A_BOLD, _("Moves"));
    if (rows < 2)
        return 1;
    if (d->ply == 0) {
        screen_put(y + 1, p->x, p->w, screen_attr(CP_INFO), _("no move yet"));
        return 2;
    }
    /* "1. C f  2. D a ...", numbered from South's moves; then keep the
     * end that fits. */
    const bool north_first = d->start->side == AW_NORTH;
    size_t used = 0;
    text[0] = 0;
    for (int i = 0; i < d->ply && used + 32 < sizeof text; i++) {
        char m[AW_MOVE_MAX];
        const int k = i + north_first;
        aw_move_format(d->rules, d->hist[i], m);
        if (k % 2 == 0)
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%d. %s", i ? "  " : "",
                                     k / 2 + 1, m);
        else if (i == 0)
            used += (size_t)snprintf(text + used, sizeof text - used, "%d... %s", k / 2 + 1, m);
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
