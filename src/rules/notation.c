/*
 * notation.c - moves as text, read and written: one letter per pit (A-F
 * South, a-f North), plus '+' or '-' for the direction in the relay game.
 * Moves may be given as separate words or run together ("CfFb", "C+d-").
 * Parsing is syntax only; whether a move may be played is the game's
 * business.
 */
#include "rules_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int pit_of_letter(int c)
{
    if (c >= 'A' && c <= 'F')
        return c - 'A';
    if (c >= 'a' && c <= 'f')
        return AW_ROW + c - 'a';
    return -1;
}

char *aw_move_format(const aw_rules *rules, aw_move move, char *buf)
{
    if (move == AW_MOVE_NONE) {
        snprintf(buf, AW_MOVE_MAX, "-");
        return buf;
    }
    if (move == AW_MOVE_PASS) {
        snprintf(buf, AW_MOVE_MAX, "pass");
        return buf;
    }
    const int pit = AW_MOVE_PIT(move) % AW_PITS;
    buf[0] = (char)(pit < AW_ROW ? 'A' + pit : 'a' + pit - AW_ROW);
    if (rules->family == AW_FAMILY_RELAY) {
        buf[1] = (move & AW_MOVE_CW) ? '-' : '+';
        buf[2] = 0;
    } else {
        buf[1] = 0;
    }
    return buf;
}

int aw_move_parse_next(const aw_rules *rules, const char **text, aw_move *move, aw_error *err)
{
    const bool relay = rules->family == AW_FAMILY_RELAY;
    const char *s = *text ? *text : "";
    while (isspace((unsigned char)*s) || *s == ',')
        s++;
    *text = s;
    if (!*s)
        return 0;
    /* No pit is 'p': "pass" is a pass wherever it stands ("C+passb-"). */
    if (relay && strncmp(s, "pass", 4) == 0) {
        *move = AW_MOVE_PASS;
        *text = s + 4;
        return 1;
    }
    int pit = pit_of_letter((unsigned char)*s);
    if (pit < 0) {
        if (isprint((unsigned char)*s))
            return aw_fail(err, "'%c' is not a pit letter (A-F for South, a-f for North)", *s);
        return aw_fail(err, "byte 0x%02x is not a pit letter (A-F for South, a-f for North)",
                       (unsigned char)*s);
    }
    aw_move m = (aw_move)pit;
    s++;
    if (relay) {
        if (*s == '+') {
            s++;
        } else if (*s == '-') {
            m |= AW_MOVE_CW;
            s++;
        } else {
            return aw_fail(err, "'%c' needs a direction: %c+ (counterclockwise, to the right) "
                                "or %c- (clockwise, to the left)",
                           s[-1], s[-1], s[-1]);
        }
    } else if (*s == '+' || *s == '-') {
        return aw_fail(err, "'%c%c': moves in %s have no direction, just the pit letter", s[-1],
                       *s, rules->name);
    }
    *move = m;
    *text = s;
    return 1;
}

int aw_moves_parse(const aw_rules *rules, const char *text, aw_move *moves, int max, aw_error *err)
{
    int n = 0;
    for (;;) {
        aw_move m;
        aw_error e;
        int rc = aw_move_parse_next(rules, &text, &m, &e);
        if (rc == 0)
            return n;
        if (rc < 0)
            return aw_fail(err, "move %d: %s", n + 1, e.msg);
        if (n == max)
            return aw_fail(err, "too many moves (at most %d)", max);
        moves[n++] = m;
    }
}
