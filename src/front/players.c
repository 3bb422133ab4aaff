/*
 * players.c - who sits at a session's board, and the players in words
 * (players.h). Line mode and the full screen drew these each for itself;
 * the web asks who proposes an end when the request does not say.
 */
#include "front/players.h"

#include "front/i18n.h"
#include "front/words.h"

#include <stdio.h>

bool players_against_computer(const session *s)
{
    const session_config *c = session_get_config(s);
    return c->computer[0] != c->computer[1];
}

int players_seat(const session *s)
{
    const session_config *c = session_get_config(s);
    return c->computer[AW_SOUTH] && !c->computer[AW_NORTH] ? AW_NORTH : AW_SOUTH;
}

int players_proposer(const session *s)
{
    return players_against_computer(s) ? players_seat(s) : session_position(s)->side;
}

const char *players_name(const session *s, int side, char *buf, size_t size)
{
    if (session_get_config(s)->computer[side & 1])
        snprintf(buf, size, _("%s (computer)"), words_side(side));
    else if (players_against_computer(s))
        snprintf(buf, size, _("%s (you)"), words_side(side));
    else
        snprintf(buf, size, "%s", words_side(side));
    return buf;
}

const char *players_verdict(const session *s)
{
    struct session_result r;
    session_result(s, &r);
    if (!r.over || !players_against_computer(s) || r.winner < 0)
        return NULL;
    return r.winner == players_seat(s) ? _("You win. Well played!") : _("The computer wins.");
}
