/*
 * screen.c - the terminal: curses set up and taken down, colours with a
 * monochrome fallback, UTF-8 box drawing with an ASCII fallback, and the
 * layout of an 80x24 screen or a larger one (recomputed when resized).
 *
 * Text is UTF-8 throughout (the catalogs are bound to UTF-8); on a terminal
 * whose locale is not UTF-8 it is transliterated to ASCII before drawing.
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"

#include <stdlib.h>
#include <string.h>

static glyphs g;
static bool colour;
static bool locale_utf8;

static const glyphs unicode_glyphs = {true, "─", "│", "╭", "╮", "╰", "╯", "●",
                                      "▶",  "←", "→", "↑", "↓", "·"};
static const glyphs ascii_glyphs = {false, "-", "|", "+", "+", "+", "+", "o",
                                    ">",   "<-", "->", "Up", "Down", "."};

/* Terminals that cannot show Unicode box drawing whatever the locale. */
static bool plain_terminal(void)
{
    const char *term = getenv("TERM");
    return !term || strncmp(term, "vt", 2) == 0 || strcmp(term, "dumb") == 0 ||
           strcmp(term, "ansi") == 0;
}

void screen_apply(const settings *set)
{
    locale_utf8 = i18n_utf8();
    bool uni = locale_utf8 && !plain_terminal();
    if (set->charset == CHARSET_UNICODE)
        uni = locale_utf8;
    else if (set->charset == CHARSET_ASCII)
        uni = false;
    g = uni ? unicode_glyphs : ascii_glyphs;
    colour = set->colour && has_colors();
    if (colour) {
        start_color();
        use_default_colors();
        init_pair(CP_FRAME, COLOR_YELLOW, -1);
        init_pair(CP_SEED, -1, -1);
        init_pair(CP_CURSOR, COLOR_BLACK, COLOR_CYAN);
        init_pair(CP_LAST, COLOR_GREEN, -1);
        init_pair(CP_CAPTURE, COLOR_WHITE, COLOR_RED);
        init_pair(CP_BAR, COLOR_BLACK, COLOR_WHITE);
        init_pair(CP_ERROR, COLOR_RED, -1);
        init_pair(CP_INFO, COLOR_CYAN, -1);
        init_pair(CP_TURN, COLOR_YELLOW, -1);
        init_pair(CP_SOW, COLOR_BLACK, COLOR_YELLOW);
    }
}

bool screen_init(const settings *set)
{
    /* newterm, not initscr: an unknown terminal is an answer, not an exit */
    if (!newterm(NULL, stdout, stdin))
        return false;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    screen_apply(set);
    return true;
}

void screen_end(void)
{
    curs_set(1);
    endwin();
}

const glyphs *screen_glyphs(void) { return &g; }
bool screen_colour(void) { return colour; }

attr_t screen_attr(int pair)
{
    if (colour) {
        attr_t a = COLOR_PAIR(pair);
        if (pair == CP_TURN || pair == CP_LAST || pair == CP_CAPTURE || pair == CP_ERROR)
            a |= A_BOLD;
        return a;
    }
    switch (pair) {
    case CP_CURSOR:
    case CP_BAR:
    case CP_CAPTURE: return A_REVERSE;
    case CP_SOW: return A_REVERSE | A_BOLD;
    case CP_LAST: return A_BOLD | A_UNDERLINE;
    case CP_ERROR:
    case CP_TURN: return A_BOLD;
    case CP_INFO: return A_DIM;
    default: return A_NORMAL;
    }
}

/* Bytes of the UTF-8 character at s. */
static int char_len(const char *s)
{
    const unsigned char c = (unsigned char)*s;
    int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return i;
    return n;
}

int screen_width(const char *text)
{
    int w = 0;
    for (const char *s = text; *s; s += char_len(s))
        w++;
    return w;
}

int screen_put(int y, int x, int w, attr_t attr, const char *text)
{
    char ascii[2048];
    if (w <= 0 || y < 0 || y >= LINES || x >= COLS)
        return 0;
    if (x + w > COLS)
        w = COLS - x;
    if (!locale_utf8)
        text = i18n_ascii(text, ascii, sizeof ascii);
    int cols = 0;
    const char *end = text;
    while (*end && cols < w) {
        end += char_len(end);
        cols++;
    }
    attron(attr);
    mvaddnstr(y, x, text, (int)(end - text));
    attroff(attr);
    return cols;
}

/* Whether the space at p may end a row: not before a French high
 * punctuation mark (":", ";", "!", "?", "»", written after a space) nor
 * after "«". */
static bool breakable(const char *text, const char *p)
{
    const char *next = p + 1;
    if (*next == ':' || *next == ';' || *next == '!' || *next == '?' ||
        strncmp(next, "»", strlen("»")) == 0)
        return false;
    const size_t q = strlen("«");
    return !((size_t)(p - text) >= q && strncmp(p - q, "«", q) == 0);
}

/* screen_wrap, drawing or only counting the rows. */
static int wrap(int y, int x, int w, int rows, attr_t attr, const char *text, bool draw)
{
    int used = 0;
    const char *s = text;
    while (*s && used < rows) {
        /* Take as many words as fit in w columns. */
        const char *p = s, *cut = NULL;
        int cols = 0;
        while (*p && *p != '\n' && cols < w) {
            if (*p == ' ' && breakable(text, p))
                cut = p;
            p += char_len(p);
            cols++;
        }
        const char *line_end;
        if (!*p || *p == '\n' || cols < w)
            line_end = p;
        else if (*p == ' ' && breakable(text, p))
            line_end = p;
        else
            line_end = cut && cut > s ? cut : p;
        char line[1024];
        size_t n = (size_t)(line_end - s);
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, s, n);
        line[n] = 0;
        if (used == rows - 1 && *line_end && *line_end != '\n' && w > 3) {
            /* The last row: the rest, cut with an ellipsis. */
            size_t rest = strcspn(s, "\n");
            n = rest < sizeof line - 1 ? rest : sizeof line - 1;
            memcpy(line, s, n);
            line[n] = 0;
            if (screen_width(line) > w) {
                const char *q = line;
                for (int c = 0; c < w - 1; c++)
                    q += char_len(q);
                snprintf(line + (q - line), sizeof line - (size_t)(q - line), "%s",
                         g.unicode ? "…" : "~");
            }
        }
        if (draw)
            screen_put(y + used, x, w, attr, line);
        used++;
        s = line_end;
        while (*s == ' ')
            s++;
        if (*s == '\n')
            s++;
    }
    return used;
}

int screen_wrap(int y, int x, int w, int rows, attr_t attr, const char *text)
{
    return wrap(y, x, w, rows, attr, text, true);
}

int screen_wrap_rows(int w, const char *text)
{
    return w > 0 ? wrap(0, 0, w, 1 << 20, A_NORMAL, text, false) : 0;
}

void screen_box(int y, int x, int h, int w, attr_t attr)
{
    attron(attr);
    for (int i = 1; i < w - 1; i++) {
        mvaddstr(y, x + i, g.h);
        mvaddstr(y + h - 1, x + i, g.h);
    }
    for (int j = 1; j < h - 1; j++) {
        mvaddstr(y + j, x, g.v);
        mvaddstr(y + j, x + w - 1, g.v);
    }
    mvaddstr(y, x, g.tl);
    mvaddstr(y, x + w - 1, g.tr);
    mvaddstr(y + h - 1, x, g.bl);
    mvaddstr(y + h - 1, x + w - 1, g.br);
    attroff(attr);
}

void screen_clear(rect r)
{
    for (int j = 0; j < r.h; j++)
        mvhline(r.y + j, r.x, ' ', r.w);
}

/* Board sizes: regular (seeds drawn) and compact (counts only). */
enum { PIT_W = 9, PIT_H = 5, STORE_W = 9, CPIT_W = 7, CPIT_H = 3, CSTORE_W = 7, PANEL_MIN_W = 30 };

void screen_min_size(int *cols, int *lines)
{
    /* the compact board, with the title, two message lines, the prompt and the keys */
    *cols = 2 * CSTORE_W + 2 + 6 * CPIT_W;
    *lines = 4 + 2 * CPIT_H + 5;
}

layout screen_layout(bool panel_wanted)
{
    layout l;
    memset(&l, 0, sizeof l);
    l.lines = LINES;
    l.cols = COLS;
    l.keys_y = LINES - 1;
    l.prompt_y = LINES - 2;
    l.title_y = 0;
    const int regular_w = 2 * STORE_W + 2 + 6 * PIT_W, regular_h = 4 + 2 * PIT_H;
    const int compact_w = 2 * CSTORE_W + 2 + 6 * CPIT_W, compact_h = 4 + 2 * CPIT_H;
    /* title, board, two message lines, prompt, keys */
    if (COLS >= regular_w && LINES >= regular_h + 5) {
        l.pit_w = PIT_W;
        l.pit_h = PIT_H;
        l.store_w = STORE_W;
    } else if (COLS >= compact_w && LINES >= compact_h + 5) {
        l.compact = true;
        l.pit_w = CPIT_W;
        l.pit_h = CPIT_H;
        l.store_w = CSTORE_W;
    } else {
        l.too_small = true;
        return l;
    }
    l.board.w = 2 * l.store_w + 2 + 6 * l.pit_w;
    l.board.h = 4 + 2 * l.pit_h;
    const bool side_panel = panel_wanted && COLS >= l.board.w + 3 + PANEL_MIN_W;
    const int spare = LINES - 5 - l.board.h; /* rows left for gaps and the panel */
    l.board.y = 1 + (spare >= 4 ? 1 : 0);
    l.board.x = side_panel ? 1 : (COLS - l.board.w) / 2;
    l.msg = (rect){l.board.y + l.board.h, 1, 2, COLS - 2};
    /* Without a panel below, the messages take the rows left (up to 4). */
    if (!panel_wanted || side_panel) {
        const int rows = l.prompt_y - l.msg.y;
        l.msg.h = rows > 4 ? 4 : rows;
    }
    if (side_panel) {
        l.msg.x = l.board.x;
        l.msg.w = l.board.w;
        l.panel = (rect){l.board.y, l.board.x + l.board.w + 2, l.prompt_y - l.board.y,
                         COLS - l.board.w - 4};
    } else if (panel_wanted) {
        const int top = l.msg.y + l.msg.h;
        l.panel = (rect){top, 1, l.prompt_y - top, COLS - 2};
    }
    return l;
}

/* The review: the board (regular, compact or none) and the review's text
 * in l.panel, beside the board on a wide terminal, else below it. */
layout screen_layout_review(void)
{
    enum { TEXT_MIN = 7, TEXT_WIDE = 40 };
    layout l;
    memset(&l, 0, sizeof l);
    l.lines = LINES;
    l.cols = COLS;
    l.keys_y = LINES - 1;
    l.prompt_y = LINES - 2;
    l.title_y = 0;
    const int regular_w = 2 * STORE_W + 2 + 6 * PIT_W, regular_h = 4 + 2 * PIT_H;
    const int compact_w = 2 * CSTORE_W + 2 + 6 * CPIT_W, compact_h = 4 + 2 * CPIT_H;
    const int rows = LINES - 3; /* between the title and the prompt */
    bool side = false;
    if (COLS >= regular_w + 3 + TEXT_WIDE && rows >= regular_h) {
        side = true;
        l.pit_w = PIT_W, l.pit_h = PIT_H, l.store_w = STORE_W;
    } else if (COLS >= regular_w && rows >= regular_h + 11) {
        l.pit_w = PIT_W, l.pit_h = PIT_H, l.store_w = STORE_W;
    } else if (COLS >= compact_w && rows >= compact_h + TEXT_MIN) {
        l.compact = true;
        l.pit_w = CPIT_W, l.pit_h = CPIT_H, l.store_w = CSTORE_W;
    } else if (COLS >= 40 && rows >= TEXT_MIN) {
        l.panel = (rect){1, 1, rows, COLS - 2};
        return l; /* the text alone */
    } else {
        l.too_small = true;
        return l;
    }
    l.board.w = 2 * l.store_w + 2 + 6 * l.pit_w;
    l.board.h = 4 + 2 * l.pit_h;
    l.board.y = 1;
    if (side) {
        l.board.x = 1;
        l.panel = (rect){1, l.board.x + l.board.w + 2, rows, COLS - l.board.w - 4};
    } else {
        l.board.x = (COLS - l.board.w) / 2;
        l.panel = (rect){l.board.y + l.board.h, 1, rows - l.board.h, COLS - 2};
    }
    return l;
}
