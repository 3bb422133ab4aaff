/*
 * persist.h - the games of the web server kept in the database (store.h),
 * so that none is lost when the server stops or is killed: each change is
 * saved before it is answered, the unfinished games are read back at the
 * start, the finished ones stay in an archive the page lists.
 */
#ifndef AW_WEB_PERSIST_H
#define AW_WEB_PERSIST_H

#include "web/internal.h"

/* Save the game as it is now (lock held). Nothing without a database. */
void persist_save(web_app *a, web_game *g);

#endif
