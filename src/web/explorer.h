/*
 * explorer.h - the opening explorer (docs/explorer.md): for a position,
 * the book's moves with their values and what the games of this server
 * did from it (how many reached it, each next move, who won).
 *
 * The games are counted in an index kept in memory (explorer.c): built
 * from the database's finished games at the first question, then told of
 * every game that finishes (explorer_game_saved). Without a database (the
 * page alone, or `awale serve` with no --db) it counts the games finished
 * since the app started.
 */
#ifndef AW_WEB_EXPLORER_H
#define AW_WEB_EXPLORER_H

#include "web/internal.h"
#include "web/request.h"

/* Plies of each game that the index looks at (an opening explorer). */
#define EXPLORER_MAX_PLY 40
/* (position, move) pairs the index holds at most (24 bytes each, 12 MB);
 * once full, new pairs are not added (their games are still counted in
 * the pairs already there) and the answer says so ("full": true). */
#define EXPLORER_MAX_ENTRIES (1 << 19)
/* Finished games read from the database at the first question (the
 * newest); games finished after it are added one by one, without limit. */
#define EXPLORER_MAX_GAMES 20000

typedef struct explorer explorer;

void explorer_free(explorer *x);

/* A game was saved (its lock held): once it is over, its moves are
 * counted, once (g->explored). */
void explorer_game_saved(web_app *a, web_game *g);

/* GET /api/explorer?rules=&rule=K=V...&position= */
web_outcome handle_explorer(web_app *a, const web_request *req, web_reply *r);

/* The rule set of a query: ?rules=NAME (default abapa) and any number of
 * ?rule=PARAM=VALUE. False with the answer set (400, the library's words). */
bool query_rules(const web_request *req, web_reply *r, aw_rules *out);

#endif
