/*
 * tui.h - the full-screen interface of `awale play` (ncursesw): the board
 * drawn with boxes and seeds, sowing animated seed by seed, the pit chosen
 * with the arrows, its letter or the mouse, menus and panels on one key.
 * The game itself is a session (src/front/session.h), the same as line
 * mode's; the front end that starts the interface lends it a way to make
 * sessions, since a new game or a loaded record may need endgame tables
 * and a book of other rules.
 */
#ifndef AW_TUI_H
#define AW_TUI_H

#include "front/session.h"
#include "front/settings.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct tui_env {
    session *s;          /* in: the game to play; out: the last one (the
                            interface replaces it on a new game or a load) */
    settings *set;       /* the settings, saved when changed               */
    const char *notes;   /* notes to show at the start (may be NULL)       */
    bool resumed;        /* the game is the kept unfinished one            */
    /* A session for *cfg, with the tables and book of its rules; NULL
     * with a message. The old session is freed by the interface after. */
    session *(*make)(void *ctx, const session_config *cfg, char *msg, size_t size);
    /* A session continuing the first game of a record text; NULL with a
     * message. */
    session *(*from_text)(void *ctx, const session_config *base, const char *text,
                          const char *name, char *msg, size_t size);
    void *ctx;
} tui_env;

/* Play until the player quits. Returns the exit status (0, or 130 after
 * Ctrl-C), or -1 at once when the terminal cannot be used (its TERM is
 * unknown): the caller plays in line mode instead. */
int tui_run(tui_env *env);

#endif
