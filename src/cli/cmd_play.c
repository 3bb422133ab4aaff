/*
 * cmd_play.c - `awale play` in line mode: a game in the terminal, line by
 * line, against the computer (the default) or between two people. It reads
 * commands from stdin and writes plain text, so it works in pipes, in tests
 * and with screen readers: every move is said in words (what it sowed and
 * captured), every end explained.
 *
 * The game itself (players, undo and redo, the computer's moves, hints,
 * agreement, records) is a session (src/front/session.c), shared with the
 * other front ends; this file parses commands and prints. The board is
 * drawn from the seat of the person playing the computer. A game left
 * unfinished is kept in the state directory and `--resume` continues it.
 */
#include "cli.h"
#include "play_text.h"
#include "front/engine_setup.h"
#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/messages.h"
#include "front/paths.h"
#include "front/players.h"
#include "front/session.h"
#include "front/textfile.h"
#include "front/words.h"
#include "front/settings.h"
#ifdef AW_HAVE_CURSES
#include "tui/tui.h"
#endif

#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define UNFINISHED "unfinished-game.txt"

typedef struct play {
    session *s;
    aw_tables *tables;      /* for the session's rules (NULL: none) */
    aw_book *book;
    aw_tables *old_tables;  /* the previous session's, closed once it is */
    aw_book *old_book;      /*   freed (the next change, or the end)    */
    const char *tables_opt, *book_opt;
    bool tty;               /* a person at a terminal: ask before quitting */
    bool resumed;           /* the game came from the unfinished-game file */
    bool over_announced;
    int review_depth;       /* each search of a review (the settings') */
} play;

static volatile sig_atomic_t reviewing, review_stopped; /* Ctrl-C stops a review only */
static session *volatile interrupted_session; /* for the SIGINT handler only */

static void on_interrupt(void)
{
    if (reviewing) {
        review_stopped = 1;
        interrupt_clear();
    }
    if (interrupted_session)
        session_stop(interrupted_session);
}

static const aw_rules *rules_of(const play *p) { return session_rules(p->s); }

/* Who sits where (src/front/players.c): the board is drawn from the
 * person's seat against the computer. */
static int seat(const play *p) { return players_seat(p->s); }
static bool against_computer(const play *p) { return players_against_computer(p->s); }
static const char *who(const play *p, int side, char *buf, size_t size)
{
    return players_name(p->s, side, buf, size);
}

/* A sentence or more, ending the line: wrapped at spaces to the width of
 * the terminal when there is one (a pipe gets each paragraph whole, one a
 * line, for scripts and screen readers). */
static void say(const play *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void say(const play *p, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    struct winsize ws;
    if (p->tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) {
        cli_print_wrapped(stdout, text, "", "", ws.ws_col - 1);
        return;
    }
    const size_t n = strlen(text);
    fputs(text, stdout);
    if (!n || text[n - 1] != '\n')
        fputc('\n', stdout);
}

/* printf, then a newline: the catalog's messages hold no newline of
 * their own (one msgid for a sentence, wherever it is printed). */
static void outln(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void outln(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

/* The file that keeps an unfinished game; NULL when there is no home. */
static const char *unfinished_path(bool create, char *buf, size_t size)
{
    char err[256];
    return paths_state(UNFINISHED, create, buf, size, err, sizeof err);
}

/* Announce the end once; returns true when the game is over. */
static bool check_over(play *p)
{
    const aw_game *g = session_game(p->s);
    if (aw_game_status(g) == AW_ONGOING) {
        p->over_announced = false;
        return false;
    }
    if (!p->over_announced) {
        char text[512];
        say(p, "%s\n", words_game_over(g, text, sizeof text));
        /* a win or a loss said to the person (the result line says a draw) */
        const char *verdict = players_verdict(p->s);
        if (verdict)
            printf("%s\n", verdict);
        printf(_("Type 'new' for another game, 'undo' to take back, or 'quit'.\n"));
        p->over_announced = true;
        if (p->resumed) { /* the kept game is finished: forget it */
            char path[4096];
            if (unfinished_path(false, path, sizeof path))
                unlink(path);
            p->resumed = false;
        }
    }
    return true;
}

/* Play the computer's moves while it is its turn. */
static void computer_moves(play *p)
{
    while (session_computer_to_move(p->s) && !interrupt_caught()) {
        aw_move_report report;
        session_thought thought;
        aw_error err;
        char text[512], name[64];
        const int side = session_position(p->s)->side;
        if (session_computer_play(p->s, NULL, NULL, &report, &thought, &err) != SESSION_OK) {
            say(p, _("The computer cannot move: %s."), err.msg);
            return;
        }
        say(p, "%s%s\n", words_move(rules_of(p), &report, who(p, side, name, sizeof name), text, sizeof text),
               thought.book ? _(" (from its opening book)") : "");
        line_board(p->s);
    }
}

/* After a move or a change: the end, or the computer's reply. */
static void after_change(play *p)
{
    if (!check_over(p)) {
        computer_moves(p);
        check_over(p);
    }
}

static void prompt(const play *p)
{
    const aw_position *pos = session_position(p->s);
    aw_move only[AW_MAX_MOVES];
    const bool mine = against_computer(p);
    if (aw_game_status(session_game(p->s)) != AW_ONGOING)
        printf("> ");
    else if (rules_of(p)->family != AW_FAMILY_RELAY)
        printf(mine ? _("Your move (%s)> ") : _("%s to move (%s)> "),
               mine ? (pos->side ? "a-f" : "A-F") : words_side(pos->side), pos->side ? "a-f" : "A-F");
    else if (aw_generate(rules_of(p), pos, only) == 1 && only[0] == AW_MOVE_PASS)
        printf(_("%s to move (no pit with 2 seeds or more: type pass)> "), words_side(pos->side));
    else
        printf(_("%s to move (pit and direction: %s+ sows to your right, %s- to your left)> "),
               words_side(pos->side), pos->side ? "c" : "C", pos->side ? "c" : "C");
    fflush(stdout);
}

/* Read one line; long lines are consumed whole. Returns false at the end of
 * the input or on Ctrl-C. */
static bool read_line(char *buf, size_t size)
{
    if (interrupt_caught() || !fgets(buf, (int)size, stdin))
        return false;
    size_t n = strlen(buf);
    if (n && buf[n - 1] != '\n' && !feof(stdin)) {
        int c;
        while ((c = getchar()) != '\n' && c != EOF) {
        }
    }
    while (n && isspace((unsigned char)buf[n - 1]))
        buf[--n] = 0;
    return true;
}

/* A yes/no question; false at the end of the input. */
static bool ask_yes(const char *question)
{
    char line[64];
    for (;;) {
        printf("%s %s ", question, _("[y/n]"));
        fflush(stdout);
        if (!read_line(line, sizeof line)) {
            printf("\n");
            return false;
        }
        /* yes in English or French (oui) */
        if (strcmp(line, "y") == 0 || strcmp(line, "yes") == 0 || strcmp(line, "Y") == 0 ||
            strcmp(line, "o") == 0 || strcmp(line, "oui") == 0 || strcmp(line, "O") == 0)
            return true;
        if (strcmp(line, "n") == 0 || strcmp(line, "no") == 0 || strcmp(line, "N") == 0)
            return false;
        printf(_("Please answer y (yes) or n (no).\n"));
    }
}

static void introduce(const play *p)
{
    const session_config *c = session_get_config(p->s);
    const aw_position *pos = session_position(p->s);
    if (against_computer(p)) {
        const int me = seat(p);
        say(p, _("You play %s (the bottom row, %s) against the computer at level %d: it %s.\n"),
               words_side(me), me ? "a-f" : "A-F", c->level, words_level(c->level));
    } else if (c->computer[0]) {
        printf(_("The computer plays both sides.\n"));
    } else {
        puts(_("Two players at one keyboard: South plays A-F, North a-f."));
    }
    if (aw_game_ply(session_game(p->s)) == 0)
        printf(_("%s rules. %s moves first.\n"), c->rules.name, words_side(pos->side));
}

static void new_game(play *p)
{
    session_restart(p->s, NULL);
    p->over_announced = false;
    printf(_("New game.\n"));
    introduce(p);
    line_board(p->s);
    after_change(p);
}

static void play_line(play *p, const char *line)
{
    aw_move moves[64];
    aw_error err;
    char words[1024];
    const char *text = line;
    if (rules_of(p)->family == AW_FAMILY_RELAY)
        text = line_relay_words(line, words, sizeof words);
    const int n = aw_moves_parse(rules_of(p), text, moves, 64, &err);
    if (n > 0 && aw_game_status(session_game(p->s)) != AW_ONGOING && p->over_announced) {
        /* the end was said already: say why nothing happens */
        printf(_("The game is over: no more moves. Type 'new' for another game, 'undo' to take "
                 "back, or 'quit'.\n"));
        return;
    }
    if (n < 0) {
        /* Pit letters that do not make moves: say what is wrong with them
         * ("move 3: ..." only when there are several); any other word is
         * not understood as a whole. */
        const bool relay = rules_of(p)->family == AW_FAMILY_RELAY;
        char said[512];
        const char *msg = err.msg;
        if (strspn(line, "ABCDEFabcdef+-, ") == strlen(line)) {
            if (strncmp(msg, "move 1: ", 8) == 0 && strlen(text) <= (relay ? 2 : 1))
                msg += 8;
            msg = messages_translate(msg, said, sizeof said, NULL, NULL);
            say(p, _("Not understood: %s. Type 'help' for the commands.\n"), msg);
        } else {
            say(p, _("Not understood: '%s'. Type a pit letter%s to play it, or 'help' for the "
                     "commands.\n"),
                   line, relay ? _(" and a direction (C+ or C-)") : "");
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        aw_move_report report;
        char m[AW_MOVE_MAX], said[512], name[64];
        const int side = session_position(p->s)->side;
        switch (session_play(p->s, moves[i], &report, &err)) {
        case SESSION_OK: break;
        case SESSION_OVER: check_over(p); return; /* said once */
        case SESSION_COMPUTERS_TURN: puts(_("It is the computer's turn.")); return;
        default:
            say(p, _("%s cannot be played: %s."), aw_move_format(rules_of(p), moves[i], m),
                   err.msg);
            return;
        }
        say(p, "%s\n", words_move(rules_of(p), &report, who(p, side, name, sizeof name), said, sizeof said));
        line_board(p->s);
        after_change(p);
    }
}

/* The tables and book of the session's rules (after a load that changed
 * them). Quietly none when they cannot be opened. */
static void open_resources(play *p, const aw_rules *rules)
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
static void back_resources(play *p)
{
    aw_tables_close(p->tables);
    aw_book_free(p->book);
    p->tables = p->old_tables;
    p->book = p->old_book;
    p->old_tables = NULL;
    p->old_book = NULL;
}

static void save_game(play *p, const char *path)
{
    char msg[512];
    if (session_save(p->s, path, msg, sizeof msg)) {
        outln(_("Cannot save: %s."), msg);
    } else {
        const aw_game *g = session_game(p->s);
        const int n = words_move_row(g, aw_game_ply(g));
        say(p, P_("Saved the game (%d move) to %s.", "Saved the game (%d moves) to %s.", n), n,
            path);
    }
}

/* Keep an unfinished game for --resume; says so. */
static void keep_unfinished(play *p)
{
    const aw_game *g = session_game(p->s);
    if (aw_game_status(g) != AW_ONGOING || aw_game_ply(g) == 0)
        return;
    char path[4096], msg[512];
    char *text = session_record_text(p->s);
    if (!text || !unfinished_path(true, path, sizeof path) ||
        textfile_write(path, text, msg, sizeof msg))
        printf(_("The unfinished game could not be kept.\n"));
    else
        printf(_("The game is kept: 'awale play --resume' continues it.\n"));
    free(text);
}

/* A session from the first record of `text`, with `base` for what the
 * record does not say and `level`/`movetime` (when not NULL) in place of
 * the record's; NULL with a message. */
static session *session_of_text(play *p, const session_config *base, const char *text,
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
    open_resources(p, rules);
    session_config cfg = *base;
    cfg.tables = p->tables;
    cfg.book = p->book;
    session *s = session_from_record(rec, &cfg, &err);
    if (!s) {
        snprintf(msg, size, _("%s: %s"), name, messages_translate(err.msg, said, sizeof said, NULL, NULL));
        back_resources(p);
    }
    aw_record_free(rec);
    return s;
}

static void load_game(play *p, const char *path)
{
    char msg[512];
    char *text = textfile_read(path, (size_t)16 << 20, msg, sizeof msg);
    if (!text) {
        outln(_("Cannot load: %s."), msg);
        return;
    }
    session *s = session_of_text(p, session_get_config(p->s), text, path, NULL, NULL, msg,
                                 sizeof msg);
    free(text);
    if (!s) {
        outln(_("Cannot load %s."), msg);
        return;
    }
    interrupted_session = NULL;
    session_free(p->s);
    p->s = s;
    interrupted_session = s;
    p->over_announced = false;
    p->resumed = false;
    const int n = words_move_row(session_game(s), aw_game_ply(session_game(s)));
    say(p, P_("Loaded %s: %d move, %s rules.", "Loaded %s: %d moves, %s rules.", n), path, n,
        rules_of(p)->name);
    introduce(p);
    line_board(p->s);
    after_change(p);
}

static void hint(play *p)
{
    session_thought t;
    aw_error err;
    const session_code c = session_hint(p->s, 0, NULL, NULL, &t, &err);
    if (c == SESSION_OVER) {
        puts(_("The game is over."));
        return;
    }
    if (c != SESSION_OK || t.best == AW_MOVE_NONE) {
        say(p, _("No hint: %s."), err.msg);
        return;
    }
    char m[AW_MOVE_MAX], score[96], line[512], verdict[128];
    aw_move_format(rules_of(p), t.best, m);
    if (t.info.lines > 0) {
        const aw_search_line *l = &t.info.line[0];
        words_line(rules_of(p), session_position(p->s), l->pv, l->length < 8 ? l->length : 8, line,
                   sizeof line);
        say(p, against_computer(p)
                   ? _("Hint: %s%s. For you: %s; expected line (captures in brackets, + for you): "
                       "%s.\n")
                   : _("Hint: %s%s. For the player to move: %s; expected line (captures in "
                       "brackets, + for the player to move): %s.\n"),
               m, t.book ? _(" (opening book)") : "", words_score_you(&l->score, score, sizeof score),
               line);
    } else {
        say(p, _("Hint: %s."), m);
    }
    int margin;
    if (session_tables_margin(p->s, &margin))
        say(p, _("Endgame tables: %s."),
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
static void review(play *p, const char *arg)
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
        outln(_("No review: %s."), err.msg);
        return;
    }
    line_review(p->s, r);
    aw_review_free(r);
}

static void agree(play *p)
{
    const aw_position *pos = session_position(p->s);
    const session_config *c = session_get_config(p->s);
    /* The proposer: the person (against the computer), else the side to move. */
    const int proposer = players_proposer(p->s);
    agreement_answer a;
    char result[96], question[256];
    if (session_agree(p->s, proposer, &a) != SESSION_OK) {
        say(p, _("No end by agreement: %s."), a.why.msg);
        return;
    }
    switch (a.verdict) {
    case AGREE_ASK: {
        int sc[2];
        aw_final_scores(&c->rules, pos, AW_END_AGREEMENT, sc);
        snprintf(question, sizeof question,
                 _("%s proposes to end the game here (final score %s). %s, do you agree?"),
                 words_side(proposer), words_result(sc, result, sizeof result), words_side(!proposer));
        if (ask_yes(question)) {
            session_agree_accepted(p->s, proposer, NULL);
            check_over(p);
        } else {
            say(p, _("%s declines: play on."), words_side(!proposer));
        }
        return;
    }
    case AGREE_ENDED:
        puts(_("The computer accepts."));
        check_over(p);
        return;
    case AGREE_DECLINED: break;
    }
    char said[512];
    say(p, "%s\n", words_declined(&a, session_tables_exact(p->s), said, sizeof said));
}

/* The last moves of the game, "F c" (at most `count`, the latest). */
static const char *last_moves(const play *p, int count, char *buf, size_t size)
{
    const aw_game *g = session_game(p->s);
    const int n = aw_game_ply(g), from = n - count > 0 ? n - count : 0;
    aw_move moves[64];
    int k = 0;
    for (int i = from > n - 64 ? from : n - 64; i < n; i++)
        moves[k++] = aw_game_move(g, i);
    return words_moves(rules_of(p), moves, k, buf, size);
}

static void undo(play *p)
{
    const aw_game *g = session_game(p->s);
    const bool agreed = aw_game_status(g) == AW_END_AGREEMENT;
    /* the moves an undo takes back are the last ones: kept before it */
    const int before = aw_game_ply(g);
    aw_move last[64];
    int k = 0;
    for (int i = before > 64 ? before - 64 : 0; i < before; i++)
        last[k++] = aw_game_move(g, i);
    const int done = session_undo(p->s);
    if (done == 0) {
        puts(_("Nothing to undo."));
        return;
    }
    char taken[512];
    const int shown = done < k ? done : k;
    words_moves(rules_of(p), last + k - shown, shown, taken, sizeof taken);
    if (agreed)
        printf("%s\n", _("Took back the end by agreement."));
    else
        say(p, P_("Took back %d move: %s.", "Took back %d moves: %s.", done), done, taken);
    p->over_announced = false;
    line_board(p->s);
    after_change(p);
}

static void redo(play *p)
{
    const int done = session_redo(p->s);
    if (done == 0) {
        puts(_("Nothing to redo."));
        return;
    }
    char again[512];
    say(p, P_("Played %d move again: %s.", "Played %d moves again: %s.", done), done,
           last_moves(p, done, again, sizeof again));
    line_board(p->s);
    after_change(p);
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
    open_resources(p, &c.rules);
    c.tables = p->tables;
    c.book = p->book;
    session *s = session_new(&c, &err);
    if (!s) {
        snprintf(msg, size, "%s", err.msg);
        back_resources(p);
    }
    p->resumed = false;
    return s;
}

static session *tui_from_text(void *ctx, const session_config *base, const char *text,
                              const char *name, char *msg, size_t size)
{
    play *p = ctx;
    session *s = session_of_text(p, base, text, name, NULL, NULL, msg, size);
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

/* The moves of a session's game, numbered as the history lists them. */
static int resumed_moves(const session *s)
{
    return words_move_row(session_game(s), aw_game_ply(session_game(s)));
}

/* The main loop; returns the exit status. */
static int run(play *p)
{
    char line[1024];
    for (;;) {
        prompt(p);
        if (!read_line(line, sizeof line)) {
            printf("\n");
            keep_unfinished(p);
            return interrupt_caught() ? 130 : EXIT_OK;
        }
        if (!line[0])
            continue;
        const char *arg = NULL;
        const line_command c = line_command_of(line, &arg);
        if (c == CMD_QUIT) {
            const aw_game *g = session_game(p->s);
            if (p->tty && aw_game_status(g) == AW_ONGOING && aw_game_ply(g) > 0 &&
                !ask_yes(_("The game is not over. Quit anyway (it is kept for 'awale play "
                           "--resume')?")))
                continue;
            keep_unfinished(p);
            return EXIT_OK;
        }
        switch (c) {
        case CMD_HELP: line_help(rules_of(p)); break;
        case CMD_NEW: new_game(p); break;
        case CMD_BOARD: line_board(p->s); break;
        case CMD_RULES: line_rules(rules_of(p)); break;
        case CMD_HINT: hint(p); break;
        case CMD_HISTORY: line_history(p->s); break;
        case CMD_MOVES: {
            char list[80];
            if (aw_game_status(session_game(p->s)) != AW_ONGOING)
                printf(_("The game is over: no moves.\n"));
            else {
                line_moves(p->s, list, sizeof list);
                printf(_("Legal moves: %s\n"), list);
            }
            break;
        }
        case CMD_UNDO: undo(p); break;
        case CMD_REDO: redo(p); break;
        case CMD_SAVE:
        case CMD_LOAD:
            if (!arg || !arg[0])
                printf(_("Type '%s FILE'.\n"), line);
            else if (c == CMD_SAVE)
                save_game(p, arg);
            else
                load_game(p, arg);
            break;
        case CMD_AGREE: agree(p); break;
        case CMD_REVIEW: review(p, arg && arg[0] ? arg : NULL); break;
        default: play_line(p, line); break;
        }
        if (interrupt_caught()) {
            printf("\n");
            keep_unfinished(p);
            return 130;
        }
    }
}

/* What the command line says (NULL, false: not given). */
typedef struct play_options {
    cli_rules cr;
    const char *opponent, *side_opt, *level_opt, *movetime_opt;
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
                cli_error(cmd, _("bad value '%s' for --lang (expected en or fr)"), v);
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
                      o->opponent || o->side_opt)) {
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
    p->s = session_of_text(p, cfg, text, path, o->level_opt, o->movetime_opt, msg, sizeof msg);
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
    char msg[512];
    if (o.resume) {
        const int status = resume_game(&p, &cfg, &o);
        if (status)
            return status;
    } else {
        open_resources(&p, &cfg.rules);
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
        keep_unfinished(&p);
        if (p.resumed && aw_game_status(session_game(p.s)) != AW_ONGOING) {
            /* the kept game was played to its end: forget it */
            char path[4096];
            if (unfinished_path(false, path, sizeof path))
                unlink(path);
        }
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
        outln(P_("Resuming the unfinished game (%d move).",
                 "Resuming the unfinished game (%d moves).", resumed_moves(p.s)),
              resumed_moves(p.s));
    introduce(&p);
    line_board(p.s);
    after_change(&p);
    const int status = run(&p);

    interrupt_release(&ig);
    interrupted_session = NULL;
    play_free(&p);
    return status;
}
