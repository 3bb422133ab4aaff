/*
 * persist.h - the games of the web server kept in the database (store.h),
 * so that none is lost when the server stops or is killed: each change is
 * saved before it is answered, the unfinished games are read back at the
 * start, the finished ones stay in an archive the page lists.
 */
#ifndef AW_WEB_PERSIST_H
#define AW_WEB_PERSIST_H

#include "web/internal.h"

/* Open the database at path (NULL: none, games in memory only): 0, or -1
 * with the reason (a file that is not ours, or from a newer version, is
 * refused and left as it is). persist_close at the end. */
int persist_open(web_app *a, const char *path, char *err, size_t size);
void persist_close(web_app *a);

/* Save the game as it is now (lock held). Nothing without a database. A
 * failure is said on stderr: the game goes on in memory. */
void persist_save(web_app *a, web_game *g);
/* Forget a game that leaves unfinished (expired, deleted). */
void persist_forget(web_app *a, web_game *g);
/* Read the unfinished games back into the registry (the start): 0, or -1
 * with the reason (a game that cannot be read back is left in the
 * database and said on stderr, the others are read). */
int persist_restore(web_app *a, char *err, size_t size);

/* The archive: finished games, newest first, as the API lists them
 * ({"games": [...], "total": N}); NULL with the reason. */
json_t *persist_archive(web_app *a, int offset, int limit, char *err, size_t size);
/* A game's record text from the database (malloc'ed), NULL when none. */
char *persist_record(web_app *a, const char *id);
/* The database's figures for the status endpoint (null: none). */
json_t *persist_figures(web_app *a);

#endif
