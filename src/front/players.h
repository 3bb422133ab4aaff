/*
 * players.h - who sits at a session's board, for the front ends that show
 * it to people (line mode, the full screen, the web): the seat the board
 * is drawn from, whether one person plays the computer, who proposes an
 * end by agreement, and the players and the end of the game in words.
 */
#ifndef AW_FRONT_PLAYERS_H
#define AW_FRONT_PLAYERS_H

#include "front/session.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether one side is the computer and the other a person. */
bool players_against_computer(const session *s);

/* The seat the board is drawn from (the side at the bottom): the person's
 * side against the computer, South otherwise. */
int players_seat(const session *s);

/* Who proposes an end by agreement when the front end does not ask: the
 * person against the computer, else the side to move. */
int players_proposer(const session *s);

/* A side's player for the words of a move: "North (computer)", "South
 * (you)" against the computer, or the side's name. Returns buf. */
const char *players_name(const session *s, int side, char *buf, size_t size);

/* The end of the game said to the person who played the computer: "You
 * win. Well played!", "The computer wins."; NULL when the game goes on, is
 * a draw (the result line says so), or is not one against the computer. */
const char *players_verdict(const session *s);

#endif
