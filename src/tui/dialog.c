/*
 * dialog.c - boxes over the board: the new-game dialog (rule set with its
 * description, opponent, level with what it is like, side, who starts,
 * time per move), a line of text (file names), yes or no, pages of text
 * (help, rules) and the options (language, animation, colours, drawing).
 * Each draws itself over the screen and returns; the caller redraws.
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"
#include "front/words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A centred box of h x w with a title; returns its rectangle. */
static rect frame(int h, int w, const char *title)
{
    if (w > COLS - 2)
        w = COLS - 2;
    if (h > LINES - 2)
        h = LINES - 2;
    rect r = {(LINES - h) / 2, (COLS - w) / 2, h, w};
    screen_clear(r);
    screen_box(r.y, r.x, r.h, r.w, screen_attr(CP_FRAME) | A_BOLD);
    char t[128];
    snprintf(t, sizeof t, " %s ", title);
    const int tw = screen_width(t);
    screen_put(r.y, r.x + (r.w - tw) / 2, r.w - 2, A_BOLD, t);
    return r;
}

/* A field row: label, then the value between arrows when selected. */
static void field(rect r, int y, bool selected, const char *label, const char *value)
{
    const glyphs *g = screen_glyphs();
    char text[256];
    mvhline(y, r.x + 1, ' ', r.w - 2);
    screen_put(y, r.x + 2, 16, selected ? A_BOLD : A_NORMAL, label);
    snprintf(text, sizeof text, "%s %s %s", selected ? g->left : "  ", value,
             selected ? g->right : "  ");
    screen_put(y, r.x + 19, r.w - 21, selected ? screen_attr(CP_CURSOR) : A_NORMAL, text);
}

static const long long times[] = {100, 200, 500, 1000, 2000, 5000, 10000, 30000};
#define NTIMES ((int)(sizeof times / sizeof times[0]))

static int time_index(long long ms)
{
    int best = 0;
    for (int i = 1; i < NTIMES; i++)
        if (llabs(times[i] - ms) < llabs(times[best] - ms))
            best = i;
    return best;
}

static const char *time_words(long long ms, char *buf, size_t size)
{
    if (ms < 1000)
        snprintf(buf, size, _("0.%d second"), (int)(ms / 100));
    else
        snprintf(buf, size, P_("%lld second", "%lld seconds", ms / 1000), ms / 1000);
    return buf;
}

bool dialog_newgame(newgame *ng, const char *custom)
{
    enum { F_RULES, F_OPPONENT, F_LEVEL, F_SIDE, F_FIRST, F_TIME, F_COUNT };
    const int presets = aw_rules_preset_count();
    int field_at = 0;
    for (;;) {
        rect r = frame(20, 76, _("New game"));
        const int iw = r.w - 4;
        int y = r.y + 2;
        char value[160], buf[64];
        /* rules */
        if (ng->keep_rules && custom)
            snprintf(value, sizeof value, _("these rules: %s"), custom);
        else
            snprintf(value, sizeof value, "%s", aw_rules_preset_name(ng->preset));
        field(r, y++, field_at == F_RULES, _("Rules"), value);
        for (int k = 0; k < 5; k++)
            mvhline(y + k, r.x + 1, ' ', r.w - 2);
        screen_wrap(y, r.x + 4, iw - 2, 5, screen_attr(CP_INFO),
                    words_preset_summary(aw_rules_preset_name(ng->preset)));
        y += 6;
        field(r, y++, field_at == F_OPPONENT, _("Opponent"),
              ng->human ? _("another person, at this keyboard") : _("the computer"));
        if (!ng->human) {
            snprintf(value, sizeof value, "%d", ng->level);
            field(r, y++, field_at == F_LEVEL, _("Level"), value);
            mvhline(y, r.x + 1, ' ', r.w - 2);
            mvhline(y + 1, r.x + 1, ' ', r.w - 2);
            screen_wrap(y, r.x + 4, iw - 2, 2, screen_attr(CP_INFO), words_level(ng->level));
            y += 2;
            field(r, y++, field_at == F_SIDE, _("Your side"),
                  ng->side == AW_SOUTH ? _("South (A-F)") : _("North (a-f)"));
        } else {
            y += 4;
        }
        field(r, y++, field_at == F_FIRST, _("Moves first"), words_side(ng->first));
        if (!ng->human)
            field(r, y++, field_at == F_TIME, _("Time per move"),
                  time_words(ng->movetime, buf, sizeof buf));
        screen_wrap(r.y + r.h - 3, r.x + 2, iw, 2, screen_attr(CP_INFO),
                    _("Up/Down: field   Left/Right: change   Enter: start   Esc: cancel"));
        refresh();
        action a = input_read(-1);
        switch (a.kind) {
        case ACT_UP:
        case ACT_DOWN: {
            const int step = a.kind == ACT_UP ? -1 : 1;
            do
                field_at = (field_at + step + F_COUNT) % F_COUNT;
            while (ng->human && (field_at == F_LEVEL || field_at == F_SIDE || field_at == F_TIME));
            break;
        }
        case ACT_LEFT:
        case ACT_RIGHT:
        case ACT_PLUS:
        case ACT_MINUS: {
            const int d = (a.kind == ACT_LEFT || a.kind == ACT_MINUS) ? -1 : 1;
            switch (field_at) {
            case F_RULES:
                if (ng->keep_rules) {
                    ng->keep_rules = false;
                } else {
                    ng->preset += d;
                    if (custom && (ng->preset < 0 || ng->preset >= presets)) {
                        ng->keep_rules = true;
                        ng->preset = ng->preset < 0 ? 0 : presets - 1;
                    } else {
                        ng->preset = (ng->preset + presets) % presets;
                    }
                }
                break;
            case F_OPPONENT: ng->human = !ng->human; break;
            case F_LEVEL: ng->level = ng->level + d < 1 ? 1 : ng->level + d > 10 ? 10 : ng->level + d; break;
            case F_SIDE: ng->side = !ng->side; break;
            case F_FIRST: ng->first = !ng->first; break;
            case F_TIME: {
                int i = time_index(ng->movetime) + d;
                ng->movetime = times[i < 0 ? 0 : i >= NTIMES ? NTIMES - 1 : i];
                break;
            }
            }
            break;
        }
        case ACT_PLAY: return true;
        case ACT_CANCEL:
        case ACT_QUIT: return false;
        case ACT_PIT:
            /* digits and letters are not fields here */
            break;
        default:
            if (a.key >= '1' && a.key <= '9' && field_at == F_LEVEL)
                ng->level = a.key - '0';
            else if (a.key == '0' && field_at == F_LEVEL)
                ng->level = 10;
            break;
        }
    }
}

bool dialog_text(const char *title, const char *prompt, char *buf, size_t size)
{
    size_t len = strlen(buf);
    /* The text given is selected: the first character typed replaces it
     * (a name is typed anew, not after the last one); Backspace edits it. */
    bool fresh = len > 0;
    curs_set(1);
    for (;;) {
        rect r = frame(7, 70, title);
        screen_wrap(r.y + 2, r.x + 2, r.w - 4, 1, A_NORMAL, prompt);
        const int fw = r.w - 4;
        attron(A_UNDERLINE);
        mvhline(r.y + 3, r.x + 2, ' ', fw);
        attroff(A_UNDERLINE);
        /* the end of the text when it is longer than the field */
        const char *shown = buf;
        while (screen_width(shown) > fw - 1)
            shown++;
        screen_put(r.y + 3, r.x + 2, fw, fresh ? A_REVERSE : A_UNDERLINE, shown);
        screen_wrap(r.y + 5, r.x + 2, r.w - 4, 1, screen_attr(CP_INFO),
                    _("Enter: confirm   Esc: cancel"));
        move(r.y + 3, r.x + 2 + screen_width(shown));
        refresh();
        timeout(-1);
        const int c = getch();
        if (c == '\n' || c == '\r' || c == KEY_ENTER) {
            curs_set(0);
            return len > 0;
        }
        if (c == 27) {
            curs_set(0);
            return false;
        }
        const bool was_fresh = fresh;
        fresh = false;
        if ((c == KEY_BACKSPACE || c == 127 || c == 8) && len > 0) {
            /* a whole UTF-8 character */
            do
                len--;
            while (len > 0 && ((unsigned char)buf[len] & 0xC0) == 0x80);
            buf[len] = 0;
        } else if (c == 21) { /* Ctrl-U */
            len = 0;
            buf[0] = 0;
        } else if (c >= 32 && c < 256 && c != 127 && (was_fresh || len + 1 < size)) {
            if (was_fresh)
                len = 0;
            buf[len++] = (char)c;
            buf[len] = 0;
        }
    }
}

bool dialog_yesno(const char *title, const char *question)
{
    for (;;) {
        rect r = frame(8, 64, title);
        screen_wrap(r.y + 2, r.x + 2, r.w - 4, 3, A_NORMAL, question);
        screen_wrap(r.y + 6, r.x + 2, r.w - 4, 1, screen_attr(CP_INFO),
                    _("y: yes   n: no"));
        refresh();
        action a = input_read(-1);
        /* y, o (oui) or s (sim) for yes; n, Esc for no */
        if (a.key == 'y' || a.key == 'Y' || a.key == 'o' || a.key == 'O' || a.key == 's' ||
            a.key == 'S')
            return true;
        if (a.key == 'n' || a.key == 'N' || a.kind == ACT_CANCEL)
            return false;
        if (a.kind == ACT_RESIZE) {
            clear();
        }
    }
}

/* A row of a page: its text and how it is drawn. */
typedef struct page_row {
    char text[512];
    attr_t attr;
} page_row;

typedef struct page {
    page_row *rows;
    int n, cap;
} page;

static void page_add(page *p, const char *text, int bytes, attr_t attr)
{
    if (p->n == p->cap) {
        const int cap = p->cap ? 2 * p->cap : 64;
        page_row *r = realloc(p->rows, (size_t)cap * sizeof *r);
        if (!r)
            return;
        p->rows = r;
        p->cap = cap;
    }
    page_row *r = &p->rows[p->n++];
    if (bytes >= (int)sizeof r->text)
        bytes = (int)sizeof r->text - 1;
    memcpy(r->text, text, (size_t)bytes);
    r->text[bytes] = 0;
    r->attr = attr;
}

/* Bytes of the first `cols` characters of s (UTF-8). */
static int bytes_of(const char *s, int cols)
{
    const char *p = s;
    for (int c = 0; *p && c < cols; c++)
        do
            p++;
        while ((*p & 0xC0) == 0x80);
    return (int)(p - s);
}

/* The column where a line's wrapped rows go on: after "  - ", after the
 * gap that follows a key ("  h              hint: ..."), else under its
 * first word. */
static int hang_of(const char *line)
{
    const int lead = (int)strspn(line, " ");
    if (lead == 0)
        return 0;
    if (strncmp(line + lead, "- ", 2) == 0)
        return lead + 2;
    const char *gap = strstr(line + lead, "  ");
    if (gap) {
        const char *text = gap + strspn(gap, " ");
        if (*text) {
            char head[256];
            snprintf(head, sizeof head, "%.*s", (int)(text - line), line);
            return screen_width(head);
        }
    }
    return lead;
}

/* One line of text as rows of w columns, wrapped at spaces, the rows after
 * the first indented to its hang. */
static void page_line(page *p, const char *line, int w)
{
    const size_t len = strlen(line);
    attr_t attr = len && line[0] != ' ' && line[len - 1] == ':' ? A_BOLD : A_NORMAL;
    if (screen_width(line) <= w) {
        page_add(p, line, (int)len, attr);
        return;
    }
    int hang = hang_of(line);
    if (hang > w / 2)
        hang = 0;
    const char *s = line;
    char row[600];
    bool first = true;
    while (*s) {
        const int room = first ? w : w - hang;
        int n = 0; /* bytes of s that fit, cut at a space */
        if (screen_width(s) <= room) {
            n = (int)strlen(s);
        } else {
            const int fit = bytes_of(s, room + 1); /* one more: a space there is a cut */
            for (int k = fit - 1; k > 0 && !n; k--)
                if (s[k] == ' ' && (first ? k > hang : true) && !strchr(":;!?", s[k + 1]) &&
                    strncmp(s + k + 1, "»", strlen("»")) != 0)
                    n = k;
            if (!n)
                n = bytes_of(s, room);
        }
        snprintf(row, sizeof row, "%*s%.*s", first ? 0 : hang, "", n, s);
        page_add(p, row, (int)strlen(row), attr);
        s += n;
        while (*s == ' ')
            s++;
        first = false;
    }
}

void dialog_pages(const char *title, const char *text)
{
    int top = 0;
    for (;;) {
        rect r = frame(LINES - 2, COLS - 2 < 100 ? COLS - 2 : 100, title);
        const int w = r.w - 4, h = r.h - 2;
        page pg = {NULL, 0, 0};
        for (const char *s = text; *s;) {
            const size_t n = strcspn(s, "\n");
            char line[1024];
            snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), s);
            page_line(&pg, line, w);
            s += n + (s[n] == '\n');
        }
        if (top > pg.n - h)
            top = pg.n - h;
        if (top < 0)
            top = 0;
        for (int i = 0; i < h && top + i < pg.n; i++)
            screen_put(r.y + 1 + i, r.x + 2, w, pg.rows[top + i].attr, pg.rows[top + i].text);
        const bool more = top + h < pg.n, scrolled = top > 0;
        char foot[256];
        if (more || scrolled)
            snprintf(foot, sizeof foot, _(" %d-%d of %d  Up/Down, PgUp/PgDn: scroll  Esc: close "),
                     top + 1, top + h < pg.n ? top + h : pg.n, pg.n);
        else
            snprintf(foot, sizeof foot, "%s", _(" any key: close "));
        screen_put(r.y + r.h - 1, r.x + 2, w, screen_attr(CP_INFO), foot);
        free(pg.rows);
        refresh();
        action a = input_read(-1);
        if (a.kind == ACT_DOWN)
            top++;
        else if (a.kind == ACT_UP)
            top--;
        else if (a.key == KEY_NPAGE || a.key == ' ')
            top += h - 1;
        else if (a.key == KEY_PPAGE || a.key == KEY_BACKSPACE)
            top -= h - 1;
        else if (a.kind == ACT_HOME)
            top = 0;
        else if (a.kind == ACT_END)
            top = pg.n;
        else if (a.kind == ACT_RESIZE)
            clear();
        else if (a.kind != ACT_NONE)
            return;
    }
}

void dialog_help(bool relay, const char *more)
{
    char text[16384];
    snprintf(text, sizeof text, "%s%s%s%s\n%s",
             _("Keys:\n"
               "  Left, Right    choose a pit of your row\n"
               "  Enter, space   play the chosen pit\n"
               "  A-F or a-f     play the pit with that letter\n"
               "  mouse click    play the pit clicked\n"
               "  h              hint: the computer's advice and the line it expects\n"
               "  u, r           undo, redo\n"
               "  v              review of the game so far: each move marked (?? blunder, ? "
               "mistake, ?! inaccuracy, ! good, !! brilliant) and what it cost; Left, Right step "
               "through the moves, Up, Down the marked ones, Esc goes back (any key cancels the "
               "review)\n"
               "  i              analysis panel (score, best line, endgame tables)\n"
               "  m              the moves played (w: their tree of variations)\n"
               "  n              new game (rules, opponent, level, side, time)\n"
               "  s, l           save the game as a record, load a record\n"
               "  g              propose to end the game by agreement\n"
               "  x              resign: the other side wins (asked first)\n"
               "  o              options: language, animation, colours, drawing\n"
               "  Esc            while the computer thinks: play now\n"
               "  ?, F1          this help\n"
               "  q              quit (an unfinished game is kept: awale play --resume)\n"
               "Any key skips the animation of a move.\n"
               "With clocks (awale play --clock 5+3) each side's time is shown beside its "
               "name; a player whose time runs out loses.\n"),
             _("  p              position editor: set up a position, then play from it\n"),
             _("The web page (awale serve) has the same keys, and t turns its board.\n"),
             relay ? _("Relay game: after the pit, Left or Right (or - and +) chooses the "
                       "direction of sowing, as seen on the screen; Esc goes back.\n")
                   : "",
             more ? more : "");
    dialog_pages(_("Help"), text);
}

bool dialog_options(settings *set)
{
    enum { O_LANG, O_SPEED, O_COLOUR, O_CHARSET, O_COUNT };
    settings s = *set;
    int at = 0;
    for (;;) {
        rect r = frame(11, 72, _("Options"));
        static const char *const speeds[] = {N_("none"), N_("fast"), N_("normal"), N_("slow")};
        static const char *const charsets[] = {N_("automatic"), N_("Unicode"), N_("ASCII")};
        const char *lang = strcmp(s.lang, "fr") == 0   ? "Français"
                           : strcmp(s.lang, "pt") == 0 ? "Português"
                           : strcmp(s.lang, "en") == 0 ? "English"
                                                       : _("from the locale");
        field(r, r.y + 2, at == O_LANG, _("Language"), lang);
        field(r, r.y + 3, at == O_SPEED, _("Animation"), _(speeds[s.speed]));
        field(r, r.y + 4, at == O_COLOUR, _("Colours"), s.colour ? _("on") : _("off"));
        field(r, r.y + 5, at == O_CHARSET, _("Drawing"), _(charsets[s.charset]));
        screen_wrap(r.y + r.h - 3, r.x + 2, r.w - 4, 2, screen_attr(CP_INFO),
                    _("Up/Down: option   Left/Right: change   Enter: keep   Esc: cancel"));
        refresh();
        action a = input_read(-1);
        const int d = a.kind == ACT_LEFT ? -1 : 1;
        switch (a.kind) {
        case ACT_UP: at = (at + O_COUNT - 1) % O_COUNT; break;
        case ACT_DOWN: at = (at + 1) % O_COUNT; break;
        case ACT_LEFT:
        case ACT_RIGHT:
            if (at == O_LANG) {
                static const char *const cycle[] = {"auto", "en", "fr", "pt"};
                enum { N = sizeof cycle / sizeof cycle[0] };
                int i = 0;
                while (i < N && strcmp(cycle[i], s.lang))
                    i++;
                snprintf(s.lang, sizeof s.lang, "%s", cycle[((i % N) + N + d) % N]);
            } else if (at == O_SPEED) {
                s.speed = (s.speed + 4 + d) % 4;
            } else if (at == O_COLOUR) {
                s.colour = !s.colour;
            } else {
                s.charset = (s.charset + 3 + d) % 3;
            }
            break;
        case ACT_PLAY: {
            const bool changed = memcmp(&s, set, sizeof s) != 0;
            *set = s;
            return changed;
        }
        case ACT_CANCEL:
        case ACT_QUIT: return false;
        case ACT_RESIZE: clear(); break;
        default: break;
        }
    }
}
