/*
 * persist.c - the games kept in the database (persist.h). (The database
 * comes in the next change.)
 */
#include "web/persist.h"

void persist_save(web_app *a, web_game *g) { (void)a, (void)g; }
void persist_forget(web_app *a, web_game *g) { (void)a, (void)g; }
int persist_restore(web_app *a, char *err, size_t size)
{
    (void)a, (void)err, (void)size;
    return 0;
}
int persist_open(web_app *a, const char *path, char *err, size_t size)
{
    (void)a, (void)path, (void)err, (void)size;
    return 0;
}
void persist_close(web_app *a) { (void)a; }
json_t *persist_archive(web_app *a, int offset, int limit, char *err, size_t size)
{
    (void)a, (void)offset, (void)limit, (void)err, (void)size;
    return json_pack("{s:[], s:i}", "games", "total", 0);
}
char *persist_record(web_app *a, const char *id)
{
    (void)a, (void)id;
    return NULL;
}
json_t *persist_figures(web_app *a)
{
    (void)a;
    return json_null();
}
