/*
 * tui_internal.h - what the modules of the full-screen interface share:
 * the screen (layout, glyphs, colours: screen.c), the board view and its
 * animation (board.c), keys and the mouse (input.c), dialogs (dialog.c),
 * the analysis panel and the move list (panel.c), and the controller's
 * state (the last section): the controller (tui.c), its background thread
 * and copies (jobs.c), its screen (draw.c) and the review (review.c).
 */
#ifndef AW_TUI_INTERNAL_H
#define AW_TUI_INTERNAL_H

#include "front/players.h"
#include "front/session.h"
#include "front/settings.h"
#include "tui/tui.h"

#include <curses.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

/* ------------------------------------------------------------- screen.c */

/* Colour pairs (attributes in monochrome). */
enum {
    CP_FRAME = 1, /* the board's wood                                   */
    CP_SEED,      /* seeds and counts                                   */
    CP_CURSOR,    /* the pit the player is choosing                     */
    CP_LAST,      /* the last move's pit                                */
    CP_CAPTURE,   /* captured pits, flashing                            */
    CP_BAR,       /* title and key bar                                  */
    CP_ERROR,     /* a message that says no                             */
    CP_INFO,      /* quieter text                                       */
    CP_TURN,      /* whose turn                                         */
    CP_SOW,       /* the pit receiving a seed                           */
    CP_COUNT
};

typedef struct glyphs {
    bool unicode;
    const char *h, *v, *tl, *tr, *bl, *br; /* box lines and corners  */
    const char *seed;                       /* one seed               */
    const char *turn;                       /* marks whose turn       */
    const char *left, *right;               /* direction arrows       */
    const char *up, *down;
    const char *mid;                        /* a separator dot        */
} glyphs;

typedef struct rect {
    int y, x, h, w;
} rect;

/* Where things go on the screen, recomputed on every resize. */
typedef struct layout {
    int lines, cols;
    bool too_small;
    bool compact;        /* pits without seeds drawn (short terminals)      */
    int pit_w, pit_h, store_w;
    rect board;          /* the whole board with labels and letters         */
    rect msg;            /* two lines of messages                           */
    rect panel;          /* analysis and move list (h may be 0)             */
    int prompt_y, keys_y;
    int title_y;
} layout;

/* false when the terminal cannot be used (unknown TERM). */
bool screen_init(const settings *set);
void screen_end(void);
void screen_apply(const settings *set); /* colours and glyphs again      */
const glyphs *screen_glyphs(void);
bool screen_colour(void);
/* The attribute of a colour pair, or its monochrome stand-in. */
attr_t screen_attr(int pair);
layout screen_layout(bool panel_wanted);
/* The smallest terminal the game's screen fits in. */
void screen_min_size(int *cols, int *lines);
/* The layout of the review: the board (h 0: none) and the text (panel). */
layout screen_layout_review(void);
/* Text at (y, x) clipped to w columns (UTF-8 aware; transliterated to
 * ASCII on terminals without UTF-8). Returns the columns written. */
int screen_put(int y, int x, int w, attr_t attr, const char *text);
/* The width of text in columns. */
int screen_width(const char *text);
/* Text wrapped into at most `rows` lines of w columns from (y, x); returns
 * the lines used. */
int screen_wrap(int y, int x, int w, int rows, attr_t attr, const char *text);
/* The rows screen_wrap would take for text in w columns, unbounded. */
int screen_wrap_rows(int w, const char *text);
/* A box outline. */
void screen_box(int y, int x, int h, int w, attr_t attr);
/* Clear a rectangle. */
void screen_clear(rect r);

/* -------------------------------------------------------------- board.c */

typedef struct board_view {
    aw_position pos;
    const aw_rules *rules;
    int seat;               /* the side drawn at the bottom                  */
    int cursor;             /* pit chosen (-1: none)                         */
    int last;               /* the last move's pit (-1: none)                */
    unsigned captured;      /* the last move's captured pits (bit per pit)   */
    int sowing;             /* animation: the pit receiving a seed (-1)      */
    int hand;               /* animation: seeds in hand (0: none)            */
    unsigned flash;         /* animation: pits shown flashing                */
    int direction;          /* relay: direction being chosen (0, +1, -1)     */
    const char *label[2];   /* each side's name line                         */
    const char *clock[2];   /* each side's time left (NULL: no clocks)       */
    bool clock_low[2];      /* ... under ten seconds, or fallen              */
    bool to_move_marked;    /* mark whose turn it is                         */
} board_view;

void board_draw(const layout *lay, const board_view *v);
/* The screen column (0..5, left to right) of a pit, whatever the size. */
int board_pit_column(const board_view *v, int pit);
/* The pit under a screen cell, or -1. */
int board_pit_at(const layout *lay, const board_view *v, int y, int x);
/* The screen column of a pit's centre, and its row (0 top, 1 bottom). */
void board_pit_place(const layout *lay, const board_view *v, int pit, int *row, int *x);

/* Animate a move on v->pos (the position before it) with its report;
 * returns true when a key cut it short (the key is consumed). v->pos is
 * the position after the move on return. */
bool board_animate(const layout *lay, board_view *v, const aw_move_report *r, int speed,
                   void (*redraw)(void *ctx), void *ctx);

/* -------------------------------------------------------------- input.c */

enum {
    ACT_NONE = 0,
    ACT_LEFT,
    ACT_RIGHT,
    ACT_UP,
    ACT_DOWN,
    ACT_PLAY,   /* Enter, space                                             */
    ACT_PIT,    /* a pit letter: arg = 0..5 (a/A .. f/F)                     */
    ACT_CLICK,  /* the mouse: arg = y * 1000 + x                             */
    ACT_HINT,
    ACT_UNDO,
    ACT_REDO,
    ACT_ANALYSIS,
    ACT_MOVES,
    ACT_NEW,
    ACT_SAVE,
    ACT_LOAD,
    ACT_AGREE,
    ACT_RESIGN, /* x                                                         */
    ACT_RULES,
    ACT_OPTIONS,
    ACT_REVIEW, /* v                                                         */
    ACT_HOME,
    ACT_END,
    ACT_HELP,
    ACT_QUIT,
    ACT_CANCEL, /* Esc                                                       */
    ACT_PLUS,   /* '+'                                                       */
    ACT_MINUS,  /* '-'                                                       */
    ACT_RESIZE,
    ACT_REDRAW, /* Ctrl-L                                                    */
    ACT_TREE,   /* w: the tree of variations                                 */
    ACT_OTHER
};

typedef struct action {
    int kind;
    int arg;
    int key;    /* the raw key                                               */
} action;

void input_init(void);
/* The next action, waiting up to timeout_ms (-1: forever); ACT_NONE on
 * timeout. */
action input_read(int timeout_ms);

/* ------------------------------------------------------------- dialog.c */

typedef struct newgame {
    int preset;           /* index of the rule set                           */
    bool keep_rules;      /* the current (modified) rules, not a preset      */
    bool human;
    int level;
    int side, first;
    long long movetime;
} newgame;

/* The new-game dialog; true when confirmed. `custom` names the current
 * rules when they differ from their preset (NULL otherwise). */
bool dialog_newgame(newgame *ng, const char *custom);
/* A line of text (a file name); true when confirmed. */
bool dialog_text(const char *title, const char *prompt, char *buf, size_t size);
/* A yes/no question; true for yes. */
bool dialog_yesno(const char *title, const char *question);
/* The keys, then `more` (the rules in play). */
void dialog_help(bool relay, const char *more);
/* Text pages (the rules). */
void dialog_pages(const char *title, const char *text);
/* The options (language, speed, colours, drawing); true when changed. */
bool dialog_options(settings *set);

/* -------------------------------------------------------------- panel.c */

typedef struct panel_data {
    bool analysis, moves;         /* which are open                         */
    const aw_rules *rules;
    aw_position pos;              /* the position analysed                  */
    const char *state;            /* "thinking", "the computer thinks"...   */
    bool over;                    /* the game is over: no result to wait for */
    bool have_info;
    aw_search_info info;
    bool tables;                  /* the tables' exact result               */
    int tables_margin;
    int ply;                      /* the moves played                       */
    const aw_move *hist;
    const aw_position *start;
    const aw_review *review;      /* marks for the first moves (or NULL)    */
    const struct tui *tree;       /* the moves as a tree (tree.c), or NULL  */
} panel_data;

void panel_draw(const layout *lay, const panel_data *d);

/* The review in lay->panel: the moves with their marks (the selected one
 * highlighted, the list scrolled to it), what the review says of the
 * selected move, and each player's summary with the turning points. */
typedef struct review_data {
    const aw_review *review;
    const aw_game *game;
    int sel;                      /* the selected move (0: the first)       */
    const char *who[2];           /* each side's player, "South (you)"      */
} review_data;

void review_draw(const layout *lay, const review_data *d);

/* ------------------------------------------- the controller (tui.c ...) */

/* What the background thread does (jobs.c). */
typedef enum { JOB_NONE, JOB_COMPUTER, JOB_HINT, JOB_ANALYSIS, JOB_REVIEW } job_kind;

/* The game on the screen. The thread's results and live information are
 * written by the thread (the live ones under the lock); the rest belongs
 * to the controller's thread. */
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
    bool over;            /* the game is over (the session says so)      */
    session_clock clock;  /* the clocks when read ...                    */
    int64_t clock_at;     /* ... at this time (ms, monotonic)            */
    char clock_text[2][32];
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
    /* the tree of variations (tree.c) */
    struct tree_copy *tree; /* a copy of the session's (tui_sync)         */
    bool tree_mode;       /* w: its keys walk the tree                   */
    bool tree_opened_moves; /* the mode opened the move list             */
    /* learn from your mistakes (l in the review: trainer.c) */
    struct tui_trainer *trainer;
    bool trainer_mode;    /* its exercises are on the screen             */
} tui;

static inline const aw_rules *tui_rules(const tui *t) { return session_rules(t->s); }
/* A side's player in words, "South (you)" (players_name). */
static inline const char *tui_who(const tui *t, int side, char *buf, size_t size)
{
    return players_name(t->s, side, buf, size);
}

/* tui.c: the note under the last moves (an answer, an error, the end). */
void tui_note(tui *t, attr_t attr, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void tui_labels(tui *t);   /* each side's name line on the board        */
void tui_relayout(tui *t); /* the layout again (a resize, a panel)      */
void tui_help(tui *t);     /* the help dialog, with the rules in play   */
/* A new game from cfg in place of the one on the screen; false with msg. */
bool tui_new_session(tui *t, const session_config *cfg, char *msg, size_t size);

/* editor.c: the position editor (p). */
void tui_editor(tui *t);

/* jobs.c: the copies and the thread. */
void tui_sync(tui *t);          /* copy what the screen shows (thread idle) */
void tui_clock_copy(tui *t);    /* copy the clocks (thread idle)            */
/* The clocks as the screen shows them now (from the copy); true when the
 * running side's time is up. */
bool tui_clock_show(tui *t);
void tui_announce_end(tui *t);  /* the end of the game in the note          */
void tui_start_job(tui *t, job_kind job);
/* The end of the thread's work: its result shown (a computer's move
 * animated when `animate`). */
void tui_finish_job(tui *t, bool animate);
/* Stop whatever the thread does, so that the session can be changed. */
void tui_idle(tui *t);
/* Start what should run now: the computer's move, or the analysis. */
void tui_next_job(tui *t);
/* What a finished move did, said and animated from the position before. */
void tui_show_move(tui *t, const aw_position *before, const aw_move_report *r, bool book,
                   bool animate);

/* draw.c: the screen. */
void tui_draw(tui *t);
void tui_draw_bar(int y, const char *text);
void tui_draw_keys(tui *t);
void tui_draw_prompt(tui *t);

/* review.c: the review (v). */
bool tui_review_valid(const tui *t); /* it holds the first moves shown     */
void tui_review(tui *t);             /* start it, or show it again         */
void tui_review_enter(tui *t);       /* on the screen                      */
void tui_review_leave(tui *t);
void tui_review_key(tui *t, action a);
void tui_review_draw(tui *t);

/* tree.c: the moves as a tree. tui_tree_sync copies the session's (thread
 * idle; tui_sync calls it), tui_tree_shown says whether the move list is
 * drawn as a tree (a variation, or the tree mode), tui_tree_draw draws it
 * in the panel from row y; the tree mode (w): tui_tree_enter, and its keys
 * (tui_tree_key). */
void tui_tree_sync(tui *t);
void tui_tree_free(tui *t);
bool tui_tree_shown(const tui *t);
int tui_tree_draw(const tui *t, const rect *p, int y, int rows);
void tui_tree_enter(tui *t);
void tui_tree_key(tui *t, action a);
/* trainer.c: learn from your mistakes, from a complete review (l). */
typedef struct tui_trainer tui_trainer;
void tui_trainer_start(tui *t);
void tui_trainer_key(tui *t, action a);
void tui_trainer_draw(tui *t);
void tui_trainer_poll(tui *t);         /* a move judged: its verdict shown */
bool tui_trainer_busy(const tui *t);
void tui_trainer_free(tui *t);

#endif
