/*
 * play_files.c - the games of `awale play` in line mode on disk: the
 * unfinished game kept for --resume, save and load, and the tables and
 * book of a loaded game's rules (each session keeps the previous ones
 * until the next change).
 */
#include "cli.h"
#include "play_mode.h"
#include "play_text.h"
#include "front/i18n.h"
#include "front/messages.h"
#include "front/paths.h"
#include "front/textfile.h"
#include "front/words.h"

#include <stdio.h>
#include <stdlib.h>

/* The file that keeps an unfinished game; NULL when there is no home. */
const char *play_unfinished_path(bool create, char *buf, size_t size)
{
    char err[256];
    return paths_state(UNFINISHED, create, buf, size, err, sizeof err);
}

/* The tables and book of the session's rules (after a load that changed
 * them). Quietly none when they cannot be opened. */
void play_open_resources(play *p, const aw_rules *rules)
{
    aw_tables_close(p->old_tables);
    aw_book_free(p->old_book);
    p->old_tables = p->tables;
    p->old_book = p->book;
    p->book = NULL;
    p->tables = cli_tables_open("play", p->tables_opt, rules);
    if (cli_book_open("play", p->book_opt, rules, &p->book))
        p->book = NULL;
}

/* No new session was made: the previous resources are the current ones
 * again (the session still uses them). */
void play_back_resources(play *p)
{
    aw_tables_close(p->tables);
    aw_book_free(p->book);
    p->tables = p->old_tables;
    p->book = p->old_book;
    p->old_tables = NULL;
    p->old_book = NULL;
}

void play_save_game(play *p, const char *path)
{
    char msg[512];
    if (session_save(p->s, path, msg, sizeof msg)) {
        play_outln(_("Cannot save: %s."), msg);
    } else {
        const aw_game *g = session_game(p->s);
        const int n = words_move_row(g, aw_game_ply(g));
        play_say(p, P_("Saved the game (%d move) to %s.", "Saved the game (%d moves) to %s.", n), n,
            path);
    }
}

/* Keep an unfinished game for --resume; says so. */
void play_keep_unfinished(play *p)
{
    const aw_game *g = session_game(p->s);
    if (session_ongoing(p->s, NULL) != SESSION_OK || aw_game_ply(g) == 0)
        return;
    char path[4096], msg[512];
    char *text = session_record_text(p->s);
    if (!text || !play_unfinished_path(true, path, sizeof path) ||
        textfile_write(path, text, msg, sizeof msg))
        printf(_("The unfinished game could not be kept.\n"));
    else
        printf(_("The game is kept: 'awale play --resume' continues it.\n"));
    free(text);
}

/* A session from the first record of `text`, with `base` for what the
 * record does not say and `level`/`movetime` (when not NULL) in place of
 * the record's; NULL with a message. */
session *play_session_of_text(play *p, const session_config *base, const char *text,
                              const char *name, const char *level, const char *movetime,
                              char *msg, size_t size)
{
    const char *t = text;
    aw_error err;
    char said[512];
    aw_record *rec = aw_record_read(&t, NULL, &err);
    if (!rec) {
        snprintf(msg, size, _("%s: %s"), name,
                 err.msg[0] ? messages_translate(err.msg, said, sizeof said, NULL, NULL)
                            : _("no game record in it"));
        return NULL;
    }
    if (level)
        aw_record_set_tag(rec, "Level", level, NULL);
    if (movetime)
        aw_record_set_tag(rec, "MoveTime", movetime, NULL);
    const aw_rules *rules = aw_game_rules(aw_record_game_const(rec));
    play_open_resources(p, rules);
    session_config cfg = *base;
    cfg.tables = p->tables;
    cfg.book = p->book;
    session *s = session_from_record(rec, &cfg, &err);
    if (!s) {
        snprintf(msg, size, _("%s: %s"), name, messages_translate(err.msg, said, sizeof said, NULL, NULL));
        play_back_resources(p);
    }
    aw_record_free(rec);
    return s;
}

void play_load_game(play *p, const char *path)
{
    char msg[512];
    char *text = textfile_read(path, (size_t)16 << 20, msg, sizeof msg);
    if (!text) {
        play_outln(_("Cannot load: %s."), msg);
        return;
    }
    session *s = play_session_of_text(p, session_get_config(p->s), text, path, NULL, NULL, msg,
                                 sizeof msg);
    free(text);
    if (!s) {
        play_outln(_("Cannot load %s."), msg);
        return;
    }
    play_set_session(p, s);
    p->over_announced = false;
    p->resumed = false;
    const int n = words_move_row(session_game(s), aw_game_ply(session_game(s)));
    play_say(p, P_("Loaded %s: %d move, %s rules.", "Loaded %s: %d moves, %s rules.", n), path, n,
        rules_of(p)->name);
    play_introduce(p);
    line_board(p->s);
    play_after_change(p);
}
