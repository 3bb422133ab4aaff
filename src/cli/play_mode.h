/*
 * play_mode.h - what the files of `awale play` in line mode share
 * (internal to src/cli): the state of a game in the terminal and the
 * functions each file lends the others. cmd_play.c reads the options,
 * starts the game (or hands it to the full screen) and owns Ctrl-C;
 * play_loop.c reads the commands and plays; play_files.c keeps, saves and
 * loads games with the tables and book of their rules; play_review.c
 * gives hints and reviews the game.
 */
#ifndef AW_CLI_PLAY_MODE_H
#define AW_CLI_PLAY_MODE_H

#include "awale.h"
#include "front/players.h"
#include "front/session.h"

#include <stdbool.h>
#include <stddef.h>

#define UNFINISHED "unfinished-game.txt"

typedef struct play {
    session *s;
    aw_tables *tables;      /* for the session's rules (NULL: none) */
    aw_book *book;
    aw_tables *old_tables;  /* the previous session's, closed once it is */
    aw_book *old_book;      /*   freed (the next change, or the end)    */
    const char *tables_opt, *book_opt;
    bool tty;               /* a person at a terminal: ask before quitting */
    bool resumed;           /* the game came from the unfinished-game file */
    bool over_announced;
    int review_depth;       /* each search of a review (the settings') */
} play;

static inline const aw_rules *rules_of(const play *p) { return session_rules(p->s); }

/* Who sits where (src/front/players.c): the board is drawn from the
 * person's seat against the computer. */
static inline int seat(const play *p) { return players_seat(p->s); }
static inline bool against_computer(const play *p) { return players_against_computer(p->s); }
static inline const char *who(const play *p, int side, char *buf, size_t size)
{
    return players_name(p->s, side, buf, size);
}

/* --- play_loop.c */

/* A sentence or more, ending the line: wrapped at spaces to the width of
 * the terminal when there is one (a pipe gets each paragraph whole, one a
 * line, for scripts and screen readers). */
void play_say(const play *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* printf, then a newline: the catalog's messages hold no newline of
 * their own (one msgid for a sentence, wherever it is printed). */
void play_outln(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Who plays what, and the rules before the first move. */
void play_introduce(const play *p);
/* After a move or a change: the end, or the computer's reply. */
void play_after_change(play *p);
/* The main loop; returns the exit status. */
int play_run(play *p);

/* --- play_files.c */

/* The file that keeps an unfinished game; NULL when there is no home. */
const char *play_unfinished_path(bool create, char *buf, size_t size);
/* The tables and book of the session's rules (after a load that changed
 * them). Quietly none when they cannot be opened. */
void play_open_resources(play *p, const aw_rules *rules);
/* No new session was made: the previous resources are the current ones
 * again (the session still uses them). */
void play_back_resources(play *p);
void play_save_game(play *p, const char *path);
/* Keep an unfinished game for --resume; says so. */
void play_keep_unfinished(play *p);
/* A session from the first record of `text`, with `base` for what the
 * record does not say and `level`/`movetime` (when not NULL) in place of
 * the record's; NULL with a message. */
session *play_session_of_text(play *p, const session_config *base, const char *text,
                              const char *name, const char *level, const char *movetime,
                              char *msg, size_t size);
void play_load_game(play *p, const char *path);

/* --- play_review.c */

void play_hint(play *p);
/* The review of the game so far (arg: its depth, NULL: the settings'). */
void play_review(play *p, const char *arg);
/* From the Ctrl-C handler: stops a review under way (and only it). */
void play_review_interrupt(void);

/* --- cmd_play.c */

/* p->s becomes s (the previous session is freed), for Ctrl-C too. */
void play_set_session(play *p, session *s);

#endif
