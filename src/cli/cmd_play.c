/*
 * cmd_play.c - `awale play`: a game in the terminal, line by line, between
 * two people or against the computer. It reads commands from stdin and
 * writes plain text, so it works in pipes, in tests and with screen readers.
 *
 * The board is drawn after every move with pit letters, counts and scores;
 * every end of game is explained in words.
 */
#include "cli.h"
#include "opponent.h"
#include "textfile.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct session {
    aw_rules rules;
    aw_position start;
    aw_game *game;
    bool computer[2]; /* which sides the computer plays */
    opponent_t *opp;  /* the engine: computer moves and hints */
    aw_tables *tables; /* endgame tables (NULL: none) */
    aw_book *book;     /* opening book (NULL: none) */
    bool over_announced;
} session;

static const char *side_name(int side) { return side == AW_SOUTH ? "South" : "North"; }

static void draw_row(const aw_position *p, const int order[6])
{
    printf("    |");
    for (int i = 0; i < 6; i++)
        printf(" %2d |", p->pits[order[i]]);
}

static void draw_letters(const int order[6])
{
    printf("    ");
    for (int i = 0; i < 6; i++)
        printf("   %c ", order[i] < 6 ? 'A' + order[i] : 'a' + order[i] - 6);
    printf("\n");
}

static void draw_board(const session *s)
{
    const aw_position *p = aw_game_position(s->game);
    /* Counterclockwise play: South's row A..F left to right, North's row
     * above it from f to a, so each pit faces its opposite. Clockwise play
     * is the mirror image. */
    static const int north_ccw[6] = {11, 10, 9, 8, 7, 6}, south_ccw[6] = {0, 1, 2, 3, 4, 5};
    static const int north_cw[6] = {6, 7, 8, 9, 10, 11}, south_cw[6] = {5, 4, 3, 2, 1, 0};
    const int *north = s->rules.clockwise ? north_cw : north_ccw;
    const int *south = s->rules.clockwise ? south_cw : south_ccw;
    const char *line = "    +----+----+----+----+----+----+";
    const char *store = s->rules.family == AW_FAMILY_RELAY ? "store" : "score";
    printf("\n");
    draw_letters(north);
    printf("%s\n", line);
    draw_row(p, north);
    printf("   North %s %2d%s\n", store, p->score[1], s->computer[1] ? " (computer)" : "");
    printf("%s\n", line);
    draw_row(p, south);
    printf("   South %s %2d%s\n", store, p->score[0], s->computer[0] ? " (computer)" : "");
    printf("%s\n", line);
    draw_letters(south);
    /* The counter matters only where a limit ends the game. */
    if (p->quiet && s->rules.no_capture)
        printf("    %u of %d plies without capture\n", (unsigned)p->quiet, s->rules.no_capture);
    printf("\n");
}

static void list_moves(const session *s, char *out, size_t size)
{
    aw_move moves[AW_MAX_MOVES];
    int n = aw_generate(&s->rules, aw_game_position(s->game), moves);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX];
        if (strlen(out) + 6 < size) {
            strcat(out, i ? " " : "");
            strcat(out, aw_move_format(&s->rules, moves[i], m));
        }
    }
}

/* Announce the end once; returns true when the game is over. */
static bool check_over(session *s)
{
    aw_status st = aw_game_status(s->game);
    if (st == AW_ONGOING) {
        s->over_announced = false;
        return false;
    }
    if (!s->over_announced) {
        char why[256];
        int sc[2];
        aw_game_scores(s->game, sc);
        printf("Game over: %s.\n",
               aw_status_explain(st, &s->rules, aw_game_position(s->game), why, sizeof why));
        if (sc[0] == sc[1])
            printf("Final score: South %d - North %d. A draw.\n", sc[0], sc[1]);
        else
            printf("Final score: South %d - North %d. %s wins.\n", sc[0], sc[1],
                   sc[0] > sc[1] ? "South" : "North");
        printf("Type 'new' for another game, 'undo' to take back, or 'quit'.\n");
        s->over_announced = true;
    }
    return true;
}

static void show_help(const session *s)
{
    printf("Commands:\n"
           "  %s    play the pit with that letter (South plays A-F, North a-f)\n"
           "  undo       take back the last move (against the computer: your last move)\n"
           "  new        start a new game\n"
           "  hint       suggest a move\n"
           "  moves      list the legal moves\n"
           "  board      draw the board again\n"
           "  rules      describe the rules in play\n"
           "  agree      end the game by agreement (when the rules allow it)\n"
           "  save FILE  save the game as a game record (docs/records.md)\n"
           "  load FILE  continue the first game of a record file\n"
           "  help       this list\n"
           "  quit       leave\n",
           s->rules.family == AW_FAMILY_RELAY ? "C+ / C-" : "C      ");
    if (s->rules.family == AW_FAMILY_RELAY)
        printf("In the relay game a move names one of your pits (2 seeds or more) and a\n"
               "direction, seen from your own seat:\n"
               "  C+   (or 'C right') sows to your right, counterclockwise: South towards F,\n"
               "       North towards f, then on into the other row\n"
               "  C-   (or 'C left') sows to your left, clockwise: South towards A, North\n"
               "       towards a\n"
               "When the last seed falls into a pit that already held seeds, that pit's seeds\n"
               "are taken up and sown back the other way; the move ends when a last seed falls\n"
               "into an empty pit. In one of your own pits it captures the pit facing it.\n"
               "%s",
               s->rules.no_move_pass ? "A player with no pit of 2 seeds or more types 'pass'.\n"
                                     : "");
}

/* Relay moves in words: "C right" is C+, "C left" is C- (right and left as
 * seen from the player's seat). Other text is copied as it is. */
static const char *relay_words(const char *line, char *out, size_t size)
{
    size_t o = 0;
    for (const char *p = line; *p && o + 2 < size;) {
        const bool letter = ((*p >= 'A' && *p <= 'F') || (*p >= 'a' && *p <= 'f')) &&
                            (p == line || isspace((unsigned char)p[-1]));
        const char *q = p + 1;
        while (letter && *q == ' ')
            q++;
        if (letter && q > p + 1 && strncmp(q, "right", 5) == 0 &&
            (!q[5] || isspace((unsigned char)q[5]))) {
            out[o++] = *p;
            out[o++] = '+';
            p = q + 5;
        } else if (letter && q > p + 1 && strncmp(q, "left", 4) == 0 &&
                   (!q[4] || isspace((unsigned char)q[4]))) {
            out[o++] = *p;
            out[o++] = '-';
            p = q + 4;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = 0;
    return out;
}

static void show_rules(const session *s)
{
    char words[256];
    printf("Rule set %s:\n", s->rules.name);
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        if (aw_rules_param_applies(&s->rules, name))
            printf("  - %s\n", aw_rules_describe(&s->rules, name, words, sizeof words));
    }
}

static void computer_moves(session *s)
{
    while (aw_game_status(s->game) == AW_ONGOING) {
        const aw_position *p = aw_game_position(s->game);
        if (!s->computer[p->side])
            return;
        bool book;
        aw_move m = opponent_choose(s->opp, s->game, &book);
        char text[AW_MOVE_MAX];
        aw_error err;
        if (m == AW_MOVE_NONE || aw_game_play(s->game, m, &err))
            return;
        printf("%s (computer) plays %s%s.\n", side_name(!aw_game_position(s->game)->side),
               aw_move_format(&s->rules, m, text), book ? " (from its opening book)" : "");
        draw_board(s);
    }
}

static void prompt(const session *s)
{
    const aw_position *p = aw_game_position(s->game);
    aw_move only[AW_MAX_MOVES];
    if (aw_game_status(s->game) != AW_ONGOING)
        printf("> ");
    else if (s->rules.family != AW_FAMILY_RELAY)
        printf("%s to move (%s)> ", side_name(p->side), p->side ? "a-f" : "A-F");
    else if (aw_generate(&s->rules, p, only) == 1 && only[0] == AW_MOVE_PASS)
        printf("%s to move (no pit with 2 seeds or more: type pass)> ", side_name(p->side));
    else
        printf("%s to move (pit and direction: %s+ sows to your right, %s- to your left)> ",
               side_name(p->side), p->side ? "c" : "C", p->side ? "c" : "C");
    fflush(stdout);
}

/* Read one line; long lines are consumed whole. Returns false at EOF. */
static bool read_line(char *buf, size_t size)
{
    if (!fgets(buf, (int)size, stdin))
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

static void new_game(session *s)
{
    aw_game_reset(s->game, &s->start);
    s->over_announced = false;
    printf("New game, %s rules. %s moves first.\n", s->rules.name,
           side_name(aw_game_position(s->game)->side));
    draw_board(s);
    if (!check_over(s))
        computer_moves(s);
    check_over(s);
}

static void play_line(session *s, const char *line)
{
    aw_move moves[64];
    aw_error err;
    char words[1024];
    if (s->rules.family == AW_FAMILY_RELAY)
        line = relay_words(line, words, sizeof words);
    int n = aw_moves_parse(&s->rules, line, moves, 64, &err);
    if (n < 0) {
        printf("Not understood: %s. Type 'help' for the commands.\n", err.msg);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (check_over(s))
            return;
        const aw_position *p = aw_game_position(s->game);
        if (s->computer[p->side]) {
            printf("It is the computer's turn.\n");
            return;
        }
        char text[AW_MOVE_MAX];
        if (aw_game_play(s->game, moves[i], &err)) {
            printf("%s cannot be played: %s.\n", aw_move_format(&s->rules, moves[i], text),
                   err.msg);
            return;
        }
        printf("%s plays %s.\n", side_name(!aw_game_position(s->game)->side),
               aw_move_format(&s->rules, moves[i], text));
        draw_board(s);
        if (!check_over(s))
            computer_moves(s);
        check_over(s);
    }
}

/* `save FILE`: the game as a record, written atomically. */
static void save_game(session *s, const char *path)
{
    aw_record *rec = aw_record_new(&s->rules, &s->start);
    aw_error err;
    char msg[512], date[16];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    char *text = NULL;
    if (rec && aw_record_set_game(rec, s->game, &err) == 0) {
        aw_record_set_tag(rec, "Event", "awale play", NULL);
        aw_record_set_tag(rec, "Date", date, NULL);
        aw_record_set_tag(rec, "South", s->computer[AW_SOUTH] ? "awale" : "player", NULL);
        aw_record_set_tag(rec, "North", s->computer[AW_NORTH] ? "awale" : "player", NULL);
        text = aw_record_format(rec);
    }
    if (!text)
        printf("Cannot save: out of memory.\n");
    else if (textfile_write(path, text, msg, sizeof msg))
        printf("Cannot save: %s.\n", msg);
    else
        printf("Saved the game (%d moves) to %s.\n", aw_game_ply(s->game), path);
    free(text);
    aw_record_free(rec);
}

/* `load FILE`: continue the first game of a record file, with its rules. */
static void load_game(session *s, const char *path)
{
    char msg[512];
    char *text = textfile_read(path, (size_t)16 << 20, msg, sizeof msg);
    if (!text) {
        printf("Cannot load: %s.\n", msg);
        return;
    }
    const char *p = text;
    aw_error err;
    aw_record *rec = aw_record_read(&p, NULL, &err);
    free(text);
    if (!rec) {
        printf("Cannot load %s: %s.\n", path, err.msg[0] ? err.msg : "no game record in it");
        return;
    }
    const aw_game *g = aw_record_game_const(rec);
    aw_game *copy = aw_game_new(aw_game_rules(g), aw_game_start(g));
    for (int i = 0; copy && i < aw_game_ply(g); i++)
        aw_game_play(copy, aw_game_move(g, i), NULL);
    if (copy && aw_game_status(g) == AW_END_AGREEMENT)
        aw_game_agree(copy, NULL);
    if (!copy) {
        printf("Cannot load: out of memory.\n");
        aw_record_free(rec);
        return;
    }
    aw_game_free(s->game);
    s->game = copy;
    s->rules = *aw_game_rules(g);
    s->start = *aw_game_start(g);
    s->over_announced = false;
    printf("Loaded %s: %d moves, %s rules.\n", path, aw_game_ply(copy), s->rules.name);
    aw_record_free(rec);
    draw_board(s);
    if (!check_over(s))
        computer_moves(s);
    check_over(s);
}

static void hint(session *s)
{
    if (aw_game_status(s->game) != AW_ONGOING) {
        printf("The game is over.\n");
        return;
    }
    char why[600];
    aw_move m = opponent_hint(s->opp, s->game, why, sizeof why);
    char text[AW_MOVE_MAX];
    if (m != AW_MOVE_NONE)
        printf("Hint: %s (%s).\n", aw_move_format(&s->rules, m, text), why);
    char verdict[128];
    if (cli_tables_verdict(s->tables, &s->rules, aw_game_position(s->game), verdict, sizeof verdict))
        printf("Endgame tables: %s.\n", verdict);
}

static int parse_side(const char *cmd, const char *opt, const char *v, int *side)
{
    if (strcmp(v, "S") == 0 || strcmp(v, "s") == 0 || strcmp(v, "south") == 0)
        *side = AW_SOUTH;
    else if (strcmp(v, "N") == 0 || strcmp(v, "n") == 0 || strcmp(v, "north") == 0)
        *side = AW_NORTH;
    else {
        cli_error(cmd, "bad value '%s' for %s (expected S or N)", v, opt);
        return -1;
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    const char *cmd = "play";
    cli_rules cr = {0};
    const char *opponent = "human";
    int side = AW_SOUTH, first = AW_SOUTH;
    bool first_given = false;
    long long level = 10, movetime = 1000;
    const char *tables_opt = NULL, *book_opt = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--opponent", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (strcmp(v, "human") && strcmp(v, "computer")) {
                cli_error(cmd, "bad value '%s' for --opponent (expected human or computer)", v);
                return EXIT_USAGE;
            }
            opponent = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--side", &v)) != 0) {
            if (rc < 0 || parse_side(cmd, "--side", v, &side))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--level", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--level", v, 1, 10, &level))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--movetime", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--movetime", v, 10, 3600000, &movetime))
                return EXIT_USAGE;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            tables_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            book_opt = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--first", &v)) != 0) {
            if (rc < 0 || parse_side(cmd, "--first", v, &first))
                return EXIT_USAGE;
            first_given = true;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale play --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    session s = {0};
    int bad = cli_rules_build(cmd, &cr, &s.rules, &s.start);
    if (bad)
        return bad;
    if (first_given) {
        if (cr.position) {
            cli_error(cmd, "--first cannot be used with --position (the position says who moves)");
            return EXIT_USAGE;
        }
        s.start.side = (uint8_t)first;
    }
    if (strcmp(opponent, "computer") == 0)
        s.computer[!side] = true;
    if (cli_book_open(cmd, book_opt, &s.rules, &s.book))
        return EXIT_INPUT;
    s.game = aw_game_new(&s.rules, &s.start);
    s.opp = opponent_new((int)level, (int)movetime, (uint64_t)time(NULL));
    if (!s.game || !s.opp) {
        aw_book_free(s.book);
        aw_game_free(s.game);
        opponent_free(s.opp);
        return EXIT_INPUT;
    }
    s.tables = cli_tables_open(cmd, tables_opt, &s.rules);
    opponent_set_tables(s.opp, s.tables);
    opponent_set_book(s.opp, s.book);

    printf("awale %s - type 'help' for the commands.\n", AW_VERSION);
    if (s.computer[0] || s.computer[1])
        printf("You play %s; the computer plays %s.\n", side_name(side), side_name(!side));
    new_game(&s);

    char line[1024];
    for (;;) {
        prompt(&s);
        if (!read_line(line, sizeof line)) {
            printf("\n");
            break;
        }
        if (!line[0])
            continue;
        if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0 || strcmp(line, "q") == 0)
            break;
        if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0)
            show_help(&s);
        else if (strcmp(line, "new") == 0)
            new_game(&s);
        else if (strcmp(line, "board") == 0)
            draw_board(&s);
        else if (strcmp(line, "rules") == 0)
            show_rules(&s);
        else if (strcmp(line, "hint") == 0)
            hint(&s);
        else if (strcmp(line, "moves") == 0) {
            char list[80];
            if (aw_game_status(s.game) != AW_ONGOING)
                printf("The game is over: no moves.\n");
            else {
                list_moves(&s, list, sizeof list);
                printf("Legal moves: %s\n", list);
            }
        } else if (strcmp(line, "undo") == 0) {
            /* Against the computer, go back to the human's turn: take back
             * the computer's reply too. */
            const aw_position *p = aw_game_position(s.game);
            bool vs_computer = s.computer[0] || s.computer[1];
            int want = vs_computer && !s.computer[p->side] && aw_game_ply(s.game) >= 2 ? 2 : 1;
            if (aw_game_ply(s.game) == 0 && aw_game_status(s.game) != AW_END_AGREEMENT) {
                printf("Nothing to undo.\n");
                continue;
            }
            int done = aw_game_undo(s.game, want);
            printf("Took back %d move%s.\n", done, done == 1 ? "" : "s");
            s.over_announced = false;
            draw_board(&s);
            if (!check_over(&s))
                computer_moves(&s);
            check_over(&s);
        } else if (strcmp(line, "save") == 0 || strcmp(line, "load") == 0) {
            printf("Type '%s FILE'.\n", line);
        } else if (strncmp(line, "save ", 5) == 0) {
            save_game(&s, line + 5 + strspn(line + 5, " \t"));
        } else if (strncmp(line, "load ", 5) == 0) {
            load_game(&s, line + 5 + strspn(line + 5, " \t"));
        } else if (strcmp(line, "agree") == 0) {
            aw_error err;
            if (aw_game_agree(s.game, &err))
                printf("Cannot end by agreement: %s.\n", err.msg);
            else
                check_over(&s);
        } else
            play_line(&s, line);
    }
    aw_game_free(s.game);
    opponent_free(s.opp);
    aw_tables_close(s.tables);
    aw_book_free(s.book);
    return EXIT_OK;
}
