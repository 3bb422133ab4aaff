/*
 * play_text.h - what line mode (`awale play --plain`, cmd_play.c) reads and
 * prints that depends only on the game: the command words, the board, the
 * legal moves, the help, the rules, the history and a review, on stdout.
 */
#ifndef AW_CLI_PLAY_TEXT_H
#define AW_CLI_PLAY_TEXT_H

#include "awale.h"
#include "front/session.h"

#include <stddef.h>

typedef enum line_command {
    CMD_NONE, CMD_QUIT, CMD_HELP, CMD_NEW, CMD_BOARD, CMD_RULES, CMD_HINT, CMD_HISTORY,
    CMD_MOVES, CMD_UNDO, CMD_REDO, CMD_SAVE, CMD_LOAD, CMD_AGREE, CMD_REVIEW,
    CMD_RESIGN, CMD_TREE, CMD_GOTO, CMD_PROMOTE, CMD_MAINLINE
} line_command;

/* The command a line asks for; *arg: what follows its word (NULL: nothing). */
line_command line_command_of(const char *line, const char **arg);

/* Relay moves in words: "C right" is C+, "C left" is C- (right and left as
 * seen from the player's seat). Other text is copied as it is. */
const char *line_relay_words(const char *line, char *out, size_t size);

/* The board, drawn from the seat of the person playing (players_seat). */
void line_board(const session *s);
/* A puzzle's board (awale puzzle): *pos from the seat of the side to move
 * (the solver, "you"). */
void line_board_puzzle(const aw_rules *rules, const aw_position *pos);
/* The legal moves, a space apart. */
void line_moves(const session *s, char *out, size_t size);
/* The commands, and how to type a relay move. */
void line_help(const aw_rules *rules);
/* How to play, and what the rules change from their preset. */
void line_rules(const aw_rules *rules);
/* The moves so far, numbered. */
void line_history(const session *s);
/* A review of the session's game (at least its first move). */
void line_review(const session *s, const aw_review *r);

/* play_tree.c: the moves as a tree (the current move in brackets); go to
 * the move reached by `moves` from the start (NULL or "": the start);
 * promote the current line; back to the main line. False when refused
 * (the reason printed). */
void line_tree(const session *s);
bool line_goto(session *s, const char *moves);
bool line_promote(session *s);
bool line_main_line(session *s);

#endif
