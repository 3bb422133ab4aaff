/*
 * play_review.c - what the computer says of a game in line mode: a hint
 * for the side to move, and the review of the game so far (which Ctrl-C
 * stops without leaving the game).
 */
#include "play_mode.h"
#include "play_text.h"
#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/words.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static volatile sig_atomic_t reviewing, review_stopped; /* Ctrl-C stops a review only */

void play_review_interrupt(void)
{
    if (reviewing) {
        review_stopped = 1;
        interrupt_clear();
    }
}

void play_hint(play *p)
{
    session_thought t;
    aw_error err;
    const session_code c = session_hint(p->s, 0, NULL, NULL, &t, &err);
    if (c == SESSION_OVER) {
        puts(_("The game is over."));
        return;
    }
    if (c != SESSION_OK || t.best == AW_MOVE_NONE) {
        play_say(p, _("No hint: %s."), err.msg);
        return;
    }
    char m[AW_MOVE_MAX], score[96], line[512], verdict[128];
    aw_move_format(rules_of(p), t.best, m);
    if (t.info.lines > 0) {
        const aw_search_line *l = &t.info.line[0];
        words_line(rules_of(p), session_position(p->s), l->pv, l->length < 8 ? l->length : 8, line,
                   sizeof line);
        play_say(p, against_computer(p)
                   ? _("Hint: %s%s. For you: %s; expected line (captures in brackets, + for you): "
                       "%s.\n")
                   : _("Hint: %s%s. For the player to move: %s; expected line (captures in "
                       "brackets, + for the player to move): %s.\n"),
               m, t.book ? _(" (opening book)") : "", words_score_you(&l->score, score, sizeof score),
               line);
    } else {
        play_say(p, _("Hint: %s."), m);
    }
    int margin;
    if (session_tables_margin(p->s, &margin))
        play_say(p, _("Endgame tables: %s."),
               words_tables(margin, session_tables_exact(p->s), verdict, sizeof verdict));
}

/* The review's progress: a line that counts the moves on a terminal. */
static int review_progress(void *ctx, const aw_review *so_far, int at)
{
    const play *p = ctx;
    if (p->tty) {
        printf("\r");
        printf(_("Reviewing move %d of %d (Ctrl-C stops)..."), at < so_far->total ? at + 1 : at,
               so_far->total);
        fflush(stdout);
    }
    return review_stopped;
}

/* The review of the game so far: each move with its mark and what the
 * review says of it, then each player's summary and the turning points. */
void play_review(play *p, const char *arg)
{
    int depth = p->review_depth;
    if (arg && *arg) {
        char *end;
        const long d = strtol(arg, &end, 10);
        if (*end || d < 1 || d > 40) {
            printf(_("Not understood: '%s'. Type 'review', or 'review DEPTH' with a depth from 1 "
                     "to 40.\n"),
                   arg);
            return;
        }
        depth = (int)d;
    }
    const aw_game *g = session_game(p->s);
    const int n = aw_game_ply(g);
    if (n == 0) {
        puts(_("No move to review yet."));
        return;
    }
    const int numbered = words_move_row(g, n);
    printf(P_("Reviewing the game (%d move, depth %d)...\n",
              "Reviewing the game (%d moves, depth %d)...\n", numbered),
           numbered, depth);
    fflush(stdout);
    aw_error err;
    review_stopped = 0;
    reviewing = 1;
    aw_review *r = session_review(p->s, depth, review_progress, p, &err);
    reviewing = 0;
    if (p->tty)
        printf("\r\033[K");
    if (!r) {
        play_outln(_("No review: %s."), err.msg);
        return;
    }
    line_review(p->s, r);
    aw_review_free(r);
}
