/*
 * position_check.h - whether a position can be played from, and if not why,
 * in words (see position_check.c): the one check of the position editor
 * in the page (POST /api/positions/check), the terminal's editor and
 * `awale play --position`.
 */
#ifndef AW_FRONT_POSITION_CHECK_H
#define AW_FRONT_POSITION_CHECK_H

#include "awale.h"

#include <stddef.h>

typedef enum position_problem {
    POSITION_OK = 0,
    POSITION_TEXT,     /* the position string is malformed or its seeds do not add up */
    POSITION_COUNTER,  /* the no-capture counter is beyond the rule set's limit       */
    POSITION_SCORE,    /* a score no game under these rules can hold                   */
    POSITION_OVER      /* the game is already over in this position                     */
} position_problem;

/* The field at fault, as the position string numbers them from 0. */
enum {
    POSITION_FIELD_NONE = -1,
    POSITION_FIELD_SOUTH_STORE = 12,
    POSITION_FIELD_NORTH_STORE = 13,
    POSITION_FIELD_SIDE = 14,
    POSITION_FIELD_COUNTER = 15
};

typedef struct position_verdict {
    position_problem problem;
    int field;      /* POSITION_FIELD_* or a pit 0..11; NONE when it is the whole */
    char msg[400];  /* the refusal in words; "" when the position is fine          */
} position_verdict;

/* Check *pos under *rules. tr/ctx: the words' language (the library's
 * aw_translate_fn; NULL: the program's own, gettext). Returns the problem
 * (POSITION_OK: the game can start from it), filled into *v. */
position_problem position_check(const aw_rules *rules, const aw_position *pos,
                                position_verdict *v, aw_translate_fn tr, void *ctx);

/* The same from a position string, parsed first (the parser's own words,
 * translated, for a malformed one); *out gets the position when it parses. */
position_problem position_check_text(const aw_rules *rules, const char *text, aw_position *out,
                                     position_verdict *v, aw_translate_fn tr, void *ctx);

/* The seeds a rule set plays with (pits and stores together). */
int position_total(const aw_rules *rules);

#endif
