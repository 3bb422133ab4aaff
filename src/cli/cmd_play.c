/*
 * cmd_play.c - `awale play` in line mode: a game in the terminal, line by
 * line, against the computer (the default) or between two people. It reads
 * commands from stdin and writes plain text, so it works in pipes, in tests
 * and with screen readers: every move is said in words (what it sowed and
 * captured), every end explained.
 *
 * The game itself (players, undo and redo, the computer's moves, hints,
 * agreement, records) is a session (src/front/session.c), shared with the
 * other front ends. The board is drawn from the seat of the person
 * playing the computer. A game left unfinished is kept in the state
 * directory and `--resume` continues it.
 *
 * This file reads the options, makes the session (or resumes the kept
 * game), hands it to the full screen when there is a terminal for it, and
 * owns Ctrl-C; the rest of line mode is in play_loop.c (the commands),
 * play_files.c (games on disk) and play_review.c (hint, review), with
 * what they share in play_mode.h.
 */
#include "cli.h"
#include "play_mode.h"
#include "play_text.h"
#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/paths.h"
#include "front/position_check.h"
#include "front/session.h"
#include "front/textfile.h"
#include "front/words.h"
#include "front/settings.h"
#ifdef AW_HAVE_CURSES
#include "tui/tui.h"
#endif

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static session *volatile interrupted_session; /* for the SIGINT handler only */

static void on_interrupt(void)
{
    play_review_interrupt();
    if (interrupted_session)
        session_stop(interrupted_session);
}

void play_set_session(play *p, session *s)
{
    interrupted_session = NULL;
    session_free(p->s);
    p->s = s;
    interrupted_session = s;
}

/* The session and what it used. */
static void play_free(play *p)
{
    session_free(p->s);
    aw_tables_close(p->tables);
    aw_book_free(p->book);
    aw_tables_close(p->old_tables);
    aw_book_free(p->old_book);
}

/* Whether the terminal can take the full-screen game. */
static bool full_screen_terminal(void)
{
#ifdef AW_HAVE_CURSES
    const char *term = getenv("TERM");
    return term && term[0] && strcmp(term, "dumb") != 0;
#else
    return false;
#endif
}

#ifdef AW_HAVE_CURSES
/* The full-screen game's sessions: tables and book for the rules. */
static session *tui_make(void *ctx, const session_config *cfg, char *msg, size_t size)
{
    play *p = ctx;
    aw_error err;
    session_config c = *cfg;
    play_open_resources(p, &c.rules);
    c.tables = p->tables;
    c.book = p->book;
    session *s = session_new(&c, &err);
    if (!s) {
        snprintf(msg, size, "%s", err.msg);
        play_back_resources(p);
    }
    p->resumed = false;
    return s;
}

static session *tui_from_text(void *ctx, const session_config *base, const char *text,
                              const char *name, char *msg, size_t size)
{
    play *p = ctx;
    session *s = play_session_of_text(p, base, text, name, NULL, NULL, msg, size);
    if (s)
        p->resumed = false;
    return s;
}
#endif

void cli_play_language(int argc, char **argv)
{
    const char *lang = NULL;
    settings set = settings_default();
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            lang = argv[i + 1];
        else if (strncmp(argv[i], "--lang=", 7) == 0)
            lang = argv[i] + 7;
    }
    if (!lang || !i18n_known(lang)) {
        char notes[256];
        settings_load(&set, notes, sizeof notes);
        if (strcmp(set.lang, "auto") != 0)
            lang = set.lang;
    }
    i18n_init(lang);
}

void cli_play_details(FILE *out)
{
    for (int level = 1; level <= 10; level++)
        fprintf(out, "%7d  %s\n", level, words_level(level));
}

static int parse_side(const char *cmd, const char *opt, const char *v, int *side)
{
    if (strcmp(v, "S") == 0 || strcmp(v, "s") == 0 || strcmp(v, "south") == 0)
        *side = AW_SOUTH;
    else if (strcmp(v, "N") == 0 || strcmp(v, "n") == 0 || strcmp(v, "north") == 0)
        *side = AW_NORTH;
    else {
        cli_error(cmd, _("bad value '%s' for %s (expected S or N)"), v, opt);
        return -1;
    }
    return 0;
}

/* A number with its unit's letter: "5", "0.5", "90s" (`letter` or none).
 * The value, or -1 when the text is not one. */
static double clock_number(const char *text, size_t len, char letter)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, text, len);
    buf[len] = 0;
    if (buf[len - 1] == letter)
        buf[--len] = 0;
    if (len == 0 || strspn(buf, "0123456789.") != len)
        return -1;
    char *end;
    const double v = strtod(buf, &end);
    return *end ? -1 : v;
}

/* --clock M+S: minutes each (or "90s": seconds), seconds added after each
 * move ("+S" may be left out: none). 0, or -1 after saying what is
 * wrong. */
static int parse_clock(const char *cmd, const char *v, int64_t *base, int64_t *inc)
{
    const char *plus = strchr(v, '+');
    const size_t blen = plus ? (size_t)(plus - v) : strlen(v);
    const bool seconds = blen > 0 && v[blen - 1] == 's';
    const double b = clock_number(v, blen, 's');
    const double i = plus ? clock_number(plus + 1, strlen(plus + 1), 's') : 0;
    if (b < 0 || i < 0) {
        cli_error(cmd, _("bad value '%s' for --clock (expected MINUTES+SECONDS, like 5+3, or "
                         "90s+2 for a time in seconds)"),
                  v);
        return -1;
    }
    const double ms = seconds ? b * 1000 : b * 60000;
    if (ms < 1) {
        cli_error(cmd, _("bad value '%s' for --clock: the time must be more than 0"), v);
        return -1;
    }
    if (ms > (double)SESSION_CLOCK_MAX_MS) {
        cli_error(cmd, _("bad value '%s' for --clock: the time is 3 hours (180 minutes) at most"), v);
        return -1;
    }
    if (i * 1000 > (double)SESSION_INCREMENT_MAX_MS) {
        cli_error(cmd, _("bad value '%s' for --clock: the increment is 600 seconds at most"), v);
        return -1;
    }
    *base = (int64_t)(ms + 0.5);
    *inc = (int64_t)(i * 1000 + 0.5);
    return 0;
}

/* The moves of a session's game, numbered as the history lists them. */
static int resumed_moves(const session *s)
{
    return words_move_row(session_game(s), aw_game_ply(session_game(s)));
}


/* What the command line says (NULL, false: not given). */
typedef struct play_options {
    cli_rules cr;
    const char *opponent, *side_opt, *level_opt, *movetime_opt, *clock_opt;
    int64_t clock_base, clock_inc;
    int side, first;
    bool first_given, resume, plain, two_people;
    long long level, movetime;
} play_options;

/* Read the options into *o (and the tables' and book's into *p): 0, or
 * the exit status of a usage error (said on stderr). No option is
 * ignored in silence. */
static int parse_options(int argc, char **argv, play_options *o, play *p)
{
    const char *cmd = "play";
    memset(o, 0, sizeof *o);
    o->side = o->first = AW_SOUTH;
    o->level = 3;
    o->movetime = 1000;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &o->cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--opponent", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (strcmp(v, "human") && strcmp(v, "computer")) {
                cli_error(cmd, _("bad value '%s' for --opponent (expected computer or human)"), v);
                return EXIT_USAGE;
            }
            o->opponent = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--side", &v)) != 0) {
            if (rc < 0 || parse_side(cmd, "--side", v, &o->side))
                return EXIT_USAGE;
            o->side_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--level", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--level", v, 1, 10, &o->level))
                return EXIT_USAGE;
            o->level_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--movetime", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--movetime", v, 10, 3600000, &o->movetime))
                return EXIT_USAGE;
            o->movetime_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--clock", &v)) != 0) {
            if (rc < 0 || parse_clock(cmd, v, &o->clock_base, &o->clock_inc))
                return EXIT_USAGE;
            o->clock_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            p->tables_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            p->book_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--first", &v)) != 0) {
            if (rc < 0 || parse_side(cmd, "--first", v, &o->first))
                return EXIT_USAGE;
            o->first_given = true;
        } else if (cli_flag(argv, i, "--resume")) {
            o->resume = true;
        } else if (cli_flag(argv, i, "--plain")) {
            o->plain = true;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--lang", &v)) != 0) {
            /* checked and applied by cli_play_language before the command runs */
            if (rc < 0)
                return EXIT_USAGE;
            if (!i18n_known(v)) {
                cli_error(cmd, _("bad value '%s' for --lang (expected en, fr or pt)"), v);
                return EXIT_USAGE;
            }
        } else {
            cli_error(cmd, _("unexpected argument '%s' (see 'awale play --help')"), argv[i]);
            return EXIT_USAGE;
        }
    }
    o->two_people = o->opponent && strcmp(o->opponent, "human") == 0;
    if (o->two_people && (o->side_opt || o->level_opt || o->movetime_opt)) {
        cli_error(cmd, _("%s is for a game against the computer; --opponent human is a game "
                         "between two people"),
                  o->side_opt ? "--side" : o->level_opt ? "--level" : "--movetime");
        return EXIT_USAGE;
    }
    if (o->resume && (o->cr.preset || o->cr.count || o->cr.position || o->first_given ||
                      o->opponent || o->side_opt || o->clock_opt)) {
        cli_error(cmd, "%s",
                  _("--resume continues the kept game with its own rules and players; only "
                    "--level, --movetime, --tables, --book, --lang and --plain may go with it"));
        return EXIT_USAGE;
    }
    return 0;
}

/* Continue the kept unfinished game (--resume) in p->s: 0, or the exit
 * status after saying why not. */
static int resume_game(play *p, const session_config *cfg, const play_options *o)
{
    const char *cmd = "play";
    char msg[512];
    char path[4096];
    char *text = NULL;
    if (!paths_state(UNFINISHED, false, path, sizeof path, msg, sizeof msg)) {
        cli_error(cmd, _("no unfinished game to resume: %s"), msg);
        return EXIT_INPUT;
    }
    if (access(path, F_OK) != 0) {
        cli_error(cmd, _("no unfinished game to resume (none is kept in %s)"), path);
        return EXIT_INPUT;
    }
    if (!(text = textfile_read(path, (size_t)16 << 20, msg, sizeof msg))) {
        cli_error(cmd, _("cannot resume: %s"), msg);
        return EXIT_INPUT;
    }
    p->s = play_session_of_text(p, cfg, text, path, o->level_opt, o->movetime_opt, msg, sizeof msg);
    free(text);
    if (!p->s) {
        cli_error(cmd, _("cannot resume %s"), msg);
        aw_tables_close(p->tables);
        aw_book_free(p->book);
        return EXIT_INPUT;
    }
    p->resumed = true;
    return 0;
}

int cmd_play(int argc, char **argv)
{
    const char *cmd = "play";
    play p = {0};
    play_options o;
    const int usage = parse_options(argc, argv, &o, &p);
    if (usage)
        return usage;
    session_config cfg = session_config_default();
    const int bad = cli_rules_build(cmd, &o.cr, &cfg.rules, &cfg.start);
    if (bad)
        return bad;
    if (o.cr.position) {
        /* The editor's checks: a position the rules cannot hold is refused
         * in words before anything starts (one where the game is already
         * over is played as before: it says so and how it ended). */
        position_verdict v;
        const position_problem problem = position_check(&cfg.rules, &cfg.start, &v, NULL, NULL);
        if (problem && problem != POSITION_OVER) {
            cli_error(cmd, _("bad position '%s': %s"), o.cr.position, v.msg);
            return EXIT_INPUT;
        }
    }
    if (o.first_given) {
        if (o.cr.position) {
            cli_error(cmd, "%s", _("--first cannot be used with --position (the position says who moves)"));
            return EXIT_USAGE;
        }
        cfg.start.side = (uint8_t)o.first;
    }
    cfg.computer[!o.side] = !o.two_people;
    cfg.level = (int)o.level;
    cfg.movetime_ms = o.movetime;
    cfg.hint_ms = o.movetime;
    cfg.clock_base_ms = o.clock_base;
    cfg.clock_increment_ms = o.clock_inc;
    p.tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    p.review_depth = 14;
    const bool full_screen = !o.plain && p.tty && full_screen_terminal();
    /* The full-screen game starts where the last one chosen in its dialog
     * left off, for what the command line does not say. */
    settings set = settings_default();
    char notes[1024] = "";
    settings_load(&set, notes, sizeof notes);
    p.review_depth = set.review_depth;
    if (full_screen && set.game_valid && !o.resume) {
        if (!o.cr.preset && !o.cr.count && !o.cr.position && !o.opponent && !o.side_opt &&
            !o.level_opt && !o.movetime_opt && !o.first_given) {
            aw_rules_preset(set.rules, &cfg.rules, NULL);
            cfg.start = aw_position_start(set.first);
            cfg.computer[0] = !set.human && set.side != AW_SOUTH;
            cfg.computer[1] = !set.human && set.side != AW_NORTH;
            cfg.level = set.level;
            cfg.movetime_ms = cfg.hint_ms = set.movetime;
        }
    }

    aw_error err;
    if (o.resume) {
        const int status = resume_game(&p, &cfg, &o);
        if (status)
            return status;
    } else {
        play_open_resources(&p, &cfg.rules);
        cfg.tables = p.tables;
        cfg.book = p.book;
        if (!(p.s = session_new(&cfg, &err))) {
            cli_error(cmd, "%s", err.msg);
            aw_tables_close(p.tables);
            aw_book_free(p.book);
            return EXIT_INPUT;
        }
    }

#ifdef AW_HAVE_CURSES
    if (full_screen) {
        tui_env env = {0};
        env.s = p.s;
        env.set = &set;
        env.notes = notes;
        env.resumed = p.resumed;
        env.make = tui_make;
        env.from_text = tui_from_text;
        env.ctx = &p;
        const int status = tui_run(&env);
        p.s = env.s;
        if (status < 0) {
            cli_error(cmd, _("the terminal '%s' is unknown: playing line by line"),
                      getenv("TERM") ? getenv("TERM") : "");
            goto line_mode;
        }
        play_keep_unfinished(&p);
        if (p.resumed && session_ongoing(p.s, NULL) != SESSION_OK) {
            /* the kept game was played to its end: forget it */
            char path[4096];
            if (play_unfinished_path(false, path, sizeof path))
                unlink(path);
        }
        char msg[512];
        settings_save(&set, msg, sizeof msg);
        play_free(&p);
        return status;
    }
line_mode:
#endif
    for (const char *n = notes; *n;) { /* one line each */
        const size_t len = strcspn(n, "\n");
        cli_error(cmd, "%.*s", (int)len, n);
        n += len + (n[len] == '\n');
    }

    interrupted_session = p.s;
    interrupt_guard ig;
    interrupt_catch(&ig, 0, on_interrupt); /* no SA_RESTART: a read is interrupted */

    printf(_("awale %s - type 'help' for the commands.\n"), AW_VERSION);
    if (p.resumed)
        play_outln(P_("Resuming the unfinished game (%d move).",
                 "Resuming the unfinished game (%d moves).", resumed_moves(p.s)),
              resumed_moves(p.s));
    play_introduce(&p);
    line_board(p.s);
    play_after_change(&p);
    const int status = play_run(&p);

    interrupt_release(&ig);
    interrupted_session = NULL;
    play_free(&p);
    return status;
}
