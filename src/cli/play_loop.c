/*
 * play_loop.c - the command loop of `awale play` in line mode: the prompt,
 * reading a line, the commands (a move, new, undo, redo, agree, ...), the
 * computer's replies and the end of the game, said in words.
 */
#include "cli.h"
#include "play_mode.h"
#include "play_text.h"
#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/messages.h"
#include "front/words.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void play_say(const play *p, const char *fmt, ...)
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

void play_outln(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

/* Whether the game is over (a flag fallen included). */
static bool over(const play *p) { return session_ongoing(p->s, NULL) != SESSION_OK; }

/* Announce the end once; returns true when the game is over. */
static bool check_over(play *p)
{
    session_clock_check(p->s);
    if (!over(p)) {
        p->over_announced = false;
        return false;
    }
    if (!p->over_announced) {
        char text[512];
        play_say(p, "%s\n", words_session_over(p->s, text, sizeof text));
        /* a win or a loss said to the person (the result line says a draw) */
        const char *verdict = players_verdict(p->s);
        if (verdict)
            printf("%s\n", verdict);
        printf(_("Type 'new' for another game, 'undo' to take back, or 'quit'.\n"));
        p->over_announced = true;
        if (p->resumed) { /* the kept game is finished: forget it */
            char path[4096];
            if (play_unfinished_path(false, path, sizeof path))
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
        const session_code c = session_computer_play(p->s, NULL, NULL, &report, &thought, &err);
        if (c == SESSION_OVER)
            return; /* its time ran out: said by check_over */
        if (c != SESSION_OK) {
            play_say(p, _("The computer cannot move: %s."), err.msg);
            return;
        }
        play_say(p, "%s%s\n", words_move(rules_of(p), &report, who(p, side, name, sizeof name), text, sizeof text),
               thought.book ? _(" (from its opening book)") : "");
        line_board(p->s);
    }
}

/* After a move or a change: the end, or the computer's reply. */
void play_after_change(play *p)
{
    if (!check_over(p)) {
        computer_moves(p);
        check_over(p);
    }
}

/* The clocks before a person's prompt, which starts them. */
static void show_clocks(const play *p)
{
    session_clock k;
    session_clock_start(p->s);
    session_clock_read(p->s, &k);
    if (!k.on)
        return;
    char t[2][32];
    play_outln(_("Time left: South %s, North %s."), words_clock(k.remaining_ms[0], t[0], sizeof t[0]),
               words_clock(k.remaining_ms[1], t[1], sizeof t[1]));
}

static void prompt(const play *p)
{
    const aw_position *pos = session_position(p->s);
    aw_move only[AW_MAX_MOVES];
    const bool mine = against_computer(p);
    if (over(p)) {
        printf("> ");
        fflush(stdout);
        return;
    }
    show_clocks(p);
    if (rules_of(p)->family != AW_FAMILY_RELAY)
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
        /* yes in English, French (oui) or Portuguese (sim) */
        if (strcmp(line, "y") == 0 || strcmp(line, "yes") == 0 || strcmp(line, "Y") == 0 ||
            strcmp(line, "o") == 0 || strcmp(line, "oui") == 0 || strcmp(line, "O") == 0 ||
            strcmp(line, "s") == 0 || strcmp(line, "sim") == 0 || strcmp(line, "S") == 0)
            return true;
        if (strcmp(line, "n") == 0 || strcmp(line, "no") == 0 || strcmp(line, "N") == 0 ||
            strcmp(line, "não") == 0 || strcmp(line, "nao") == 0)
            return false;
        printf(_("Please answer y (yes) or n (no).\n"));
    }
}

void play_introduce(const play *p)
{
    const session_config *c = session_get_config(p->s);
    const aw_position *pos = session_position(p->s);
    if (against_computer(p)) {
        const int me = seat(p);
        play_say(p, _("You play %s (the bottom row, %s) against the computer at level %d: it %s.\n"),
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
    play_introduce(p);
    line_board(p->s);
    play_after_change(p);
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
    if (n > 0 && over(p) && p->over_announced) {
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
            play_say(p, _("Not understood: %s. Type 'help' for the commands.\n"), msg);
        } else {
            play_say(p, _("Not understood: '%s'. Type a pit letter%s to play it, or 'help' for the "
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
            play_say(p, _("%s cannot be played: %s."), aw_move_format(rules_of(p), moves[i], m),
                   err.msg);
            return;
        }
        play_say(p, "%s\n", words_move(rules_of(p), &report, who(p, side, name, sizeof name), said, sizeof said));
        line_board(p->s);
        play_after_change(p);
    }
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
        play_say(p, _("No end by agreement: %s."), a.why.msg);
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
            play_say(p, _("%s declines: play on."), words_side(!proposer));
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
    play_say(p, "%s\n", words_declined(&a, session_tables_exact(p->s), said, sizeof said));
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

/* `proposer` resigns (asked first at a terminal). */
static void resign(play *p)
{
    const int side = players_proposer(p->s);
    aw_error err;
    if (session_ongoing(p->s, &err) == SESSION_OK && p->tty &&
        !ask_yes(against_computer(p) ? _("Resign the game?") : _("Resign the game for the side to move?")))
        return;
    if (session_resign(p->s, side, &err) != SESSION_OK) {
        play_say(p, _("No resignation: %s."), err.msg);
        return;
    }
    check_over(p);
}

static void undo(play *p)
{
    const aw_game *g = session_game(p->s);
    session_clock_check(p->s);
    struct session_result ended;
    session_result(p->s, &ended);
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
    if (ended.kind == SESSION_END_AGREEMENT)
        printf("%s\n", _("Took back the end by agreement."));
    else if (ended.kind == SESSION_END_RESIGNATION)
        printf("%s\n", _("Took back the resignation."));
    else if (ended.kind == SESSION_END_TIME)
        printf("%s\n", _("Took back the loss on time: the turn starts again with its time."));
    else
        play_say(p, P_("Took back %d move: %s.", "Took back %d moves: %s.", done), done, taken);
    p->over_announced = false;
    line_board(p->s);
    play_after_change(p);
}

static void redo(play *p)
{
    const int done = session_redo(p->s);
    if (done == 0) {
        puts(_("Nothing to redo."));
        return;
    }
    char again[512];
    play_say(p, P_("Played %d move again: %s.", "Played %d moves again: %s.", done), done,
           last_moves(p, done, again, sizeof again));
    line_board(p->s);
    play_after_change(p);
}

int play_run(play *p)
{
    char line[1024];
    for (;;) {
        prompt(p);
        if (!read_line(line, sizeof line)) {
            printf("\n");
            play_keep_unfinished(p);
            return interrupt_caught() ? 130 : EXIT_OK;
        }
        if (!line[0])
            continue;
        const char *arg = NULL;
        const line_command c = line_command_of(line, &arg);
        if (c == CMD_QUIT) {
            const aw_game *g = session_game(p->s);
            if (p->tty && !over(p) && aw_game_ply(g) > 0 &&
                !ask_yes(_("The game is not over. Quit anyway (it is kept for 'awale play "
                           "--resume')?")))
                continue;
            play_keep_unfinished(p);
            return EXIT_OK;
        }
        switch (c) {
        case CMD_HELP: line_help(rules_of(p)); break;
        case CMD_NEW: new_game(p); break;
        case CMD_BOARD: line_board(p->s); break;
        case CMD_RULES: line_rules(rules_of(p)); break;
        case CMD_HINT: play_hint(p); break;
        case CMD_HISTORY: line_history(p->s); break;
        case CMD_MOVES: {
            char list[80];
            if (over(p))
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
                play_save_game(p, arg);
            else
                play_load_game(p, arg);
            break;
        case CMD_AGREE: agree(p); break;
        case CMD_RESIGN: resign(p); break;
        case CMD_REVIEW: play_review(p, arg && arg[0] ? arg : NULL); break;
        case CMD_TREE: line_tree(p->s); break;
        case CMD_GOTO:
            if (line_goto(p->s, arg))
                line_board(p->s);
            break;
        case CMD_PROMOTE: line_promote(p->s); break;
        case CMD_MAINLINE:
            if (line_main_line(p->s))
                line_board(p->s);
            break;
        default: play_line(p, line); break;
        }
        if (interrupt_caught()) {
            printf("\n");
            play_keep_unfinished(p);
            return 130;
        }
    }
}
