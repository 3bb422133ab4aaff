/*
 * input.c - keys and the mouse as actions. One key for each thing a player
 * reaches for; pit letters in either case choose the pit of the player to
 * move; a click reports where it was (the board says which pit).
 */
#include "tui/tui_internal.h"

void input_init(void)
{
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED, NULL);
    mouseinterval(0);
    /* Home and End as terminals send them whatever their terminfo entry
     * says (tmux, rxvt, the Linux console, xterm in either cursor mode). */
    static const char *const home[] = {"\033[1~", "\033[7~", "\033[H", "\033OH"};
    static const char *const end[] = {"\033[4~", "\033[8~", "\033[F", "\033OF"};
    for (int i = 0; i < 4; i++) {
        define_key(home[i], KEY_HOME);
        define_key(end[i], KEY_END);
    }
}

action input_read(int timeout_ms)
{
    action a = {ACT_NONE, 0, 0};
    timeout(timeout_ms);
    const int c = getch();
    a.key = c;
    if (c == ERR)
        return a;
    switch (c) {
    case KEY_LEFT: a.kind = ACT_LEFT; break;
    case KEY_RIGHT: a.kind = ACT_RIGHT; break;
    case KEY_UP: a.kind = ACT_UP; break;
    case KEY_DOWN: a.kind = ACT_DOWN; break;
    case '\n':
    case '\r':
    case KEY_ENTER:
    case ' ': a.kind = ACT_PLAY; break;
    case '?':
    case KEY_F(1): a.kind = ACT_HELP; break;
    case 'h':
    case 'H': a.kind = ACT_HINT; break;
    case 'u':
    case 'U': a.kind = ACT_UNDO; break;
    case 'r':
    case 'R':
    case 18: /* Ctrl-R */ a.kind = ACT_REDO; break;
    case 'i':
    case 'I': a.kind = ACT_ANALYSIS; break;
    case 'm':
    case 'M': a.kind = ACT_MOVES; break;
    case 'n':
    case 'N': a.kind = ACT_NEW; break;
    case 's':
    case 'S': a.kind = ACT_SAVE; break;
    case 'l':
    case 'L': a.kind = ACT_LOAD; break;
    case 'g':
    case 'G': a.kind = ACT_AGREE; break;
    case 'x':
    case 'X': a.kind = ACT_RESIGN; break;
    case 'o':
    case 'O': a.kind = ACT_OPTIONS; break;
    case 'v':
    case 'V': a.kind = ACT_REVIEW; break;
    case 'w':
    case 'W': a.kind = ACT_TREE; break;
    case KEY_HOME: a.kind = ACT_HOME; break;
    case KEY_END: a.kind = ACT_END; break;
    case 'q':
    case 'Q': a.kind = ACT_QUIT; break;
    case 27: a.kind = ACT_CANCEL; break;
    case '+': a.kind = ACT_PLUS; break;
    case '-': a.kind = ACT_MINUS; break;
    case KEY_RESIZE: a.kind = ACT_RESIZE; break;
    case 12: /* Ctrl-L */ a.kind = ACT_REDRAW; break;
    case KEY_MOUSE: {
        MEVENT ev;
        if (getmouse(&ev) == OK &&
            (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED))) {
            a.kind = ev.bstate & BUTTON1_RELEASED ? ACT_OTHER : ACT_CLICK;
            a.arg = ev.y * 1000 + ev.x;
        } else {
            a.kind = ACT_OTHER;
        }
        break;
    }
    default:
        if (c >= 'a' && c <= 'f') {
            a.kind = ACT_PIT;
            a.arg = c - 'a';
        } else if (c >= 'A' && c <= 'F') {
            a.kind = ACT_PIT;
            a.arg = c - 'A';
        } else {
            a.kind = ACT_OTHER;
        }
        break;
    }
    return a;
}
