/*
 * play_text.c - line mode's words in and out that depend only on the game
 * (play_text.h): the command words, English, French and Portuguese, the board drawn
 * from the person's seat, the help, the rules, the history and a review's
 * text. cmd_play.c runs the game and says what happens.
 */
#include "play_text.h"

#include "cli.h"
#include "front/i18n.h"
#include "front/players.h"
#include "front/words.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The command words, English, French and Portuguese, understood in any of
 * them (the help shows the player's). `arg`: the command takes a word after it. */
static const struct {
    const char *word;
    line_command c;
    bool arg;
} commands[] = {
    {"quit", CMD_QUIT, false},     {"exit", CMD_QUIT, false},      {"q", CMD_QUIT, false},
    {"quitter", CMD_QUIT, false},  {"sortir", CMD_QUIT, false},    {"help", CMD_HELP, false},
    {"?", CMD_HELP, false},        {"aide", CMD_HELP, false},      {"new", CMD_NEW, false},
    {"nouvelle", CMD_NEW, false},  {"board", CMD_BOARD, false},    {"plateau", CMD_BOARD, false},
    {"rules", CMD_RULES, false},   {"règles", CMD_RULES, false},   {"regles", CMD_RULES, false},
    {"hint", CMD_HINT, false},     {"conseil", CMD_HINT, false},   {"history", CMD_HISTORY, false},
    {"historique", CMD_HISTORY, false}, {"moves", CMD_MOVES, false}, {"coups", CMD_MOVES, false},
    {"undo", CMD_UNDO, false},     {"annuler", CMD_UNDO, false},   {"redo", CMD_REDO, false},
    {"refaire", CMD_REDO, false},  {"save", CMD_SAVE, true},       {"enregistrer", CMD_SAVE, true},
    {"load", CMD_LOAD, true},      {"charger", CMD_LOAD, true},    {"agree", CMD_AGREE, false},
    {"accord", CMD_AGREE, false},  {"review", CMD_REVIEW, true},   {"bilan", CMD_REVIEW, true},
    {"resign", CMD_RESIGN, false}, {"abandonner", CMD_RESIGN, false},
    /* Portuguese, with and without accents */
    {"sair", CMD_QUIT, false},     {"ajuda", CMD_HELP, false},     {"nova", CMD_NEW, false},
    {"tabuleiro", CMD_BOARD, false}, {"regras", CMD_RULES, false}, {"sugestao", CMD_HINT, false},
    {"sugestão", CMD_HINT, false}, {"historico", CMD_HISTORY, false},
    {"histórico", CMD_HISTORY, false}, {"jogadas", CMD_MOVES, false},
    {"anular", CMD_UNDO, false},   {"refazer", CMD_REDO, false},   {"gravar", CMD_SAVE, true},
    {"carregar", CMD_LOAD, true},  {"acordo", CMD_AGREE, false},   {"rever", CMD_REVIEW, true},
    {"desistir", CMD_RESIGN, false},
    /* the tree of variations */
    {"tree", CMD_TREE, false},     {"arbre", CMD_TREE, false},     {"arvore", CMD_TREE, false},
    {"árvore", CMD_TREE, false},   {"goto", CMD_GOTO, true},       {"aller", CMD_GOTO, true},
    {"ir", CMD_GOTO, true},        {"promote", CMD_PROMOTE, false}, {"promouvoir", CMD_PROMOTE, false},
    {"promover", CMD_PROMOTE, false}, {"mainline", CMD_MAINLINE, false},
    {"principale", CMD_MAINLINE, false}, {"principal", CMD_MAINLINE, false},
};

line_command line_command_of(const char *line, const char **arg)
{
    const size_t n = strcspn(line, " \t");
    *arg = NULL;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strlen(commands[i].word) != n || strncmp(line, commands[i].word, n) != 0)
            continue;
        if (line[n] && !commands[i].arg)
            return CMD_NONE;
        if (line[n])
            *arg = line + n + strspn(line + n, " \t");
        return commands[i].c;
    }
    return CMD_NONE;
}

const char *line_relay_words(const char *line, char *out, size_t size)
{
    size_t o = 0;
    for (const char *s = line; *s && o + 2 < size;) {
        const bool letter = ((*s >= 'A' && *s <= 'F') || (*s >= 'a' && *s <= 'f')) &&
                            (s == line || isspace((unsigned char)s[-1]));
        const char *q = s + 1;
        while (letter && *q == ' ')
            q++;
        if (letter && q > s + 1 && strncmp(q, "right", 5) == 0 &&
            (!q[5] || isspace((unsigned char)q[5]))) {
            out[o++] = *s;
            out[o++] = '+';
            s = q + 5;
        } else if (letter && q > s + 1 && strncmp(q, "left", 4) == 0 &&
                   (!q[4] || isspace((unsigned char)q[4]))) {
            out[o++] = *s;
            out[o++] = '-';
            s = q + 4;
        } else {
            out[o++] = *s++;
        }
    }
    out[o] = 0;
    return out;
}

static void draw_row(const aw_position *pos, const int order[6])
{
    printf("    |");
    for (int i = 0; i < 6; i++)
        printf(" %2d |", pos->pits[order[i]]);
}

static void draw_letters(const int order[6])
{
    char pit[4];
    printf("    ");
    for (int i = 0; i < 6; i++)
        printf("   %s ", words_pit(order[i], pit));
    printf("\n");
}

static void draw_side(const session *s, const aw_position *pos, int side)
{
    const session_config *c = session_get_config(s);
    const bool relay = session_rules(s)->family == AW_FAMILY_RELAY;
    printf("   ");
    printf(relay ? _("%s store %2d") : _("%s score %2d"), words_side(side), pos->score[side]);
    if (c->computer[side])
        printf(_(" (computer, level %d)"), c->level);
    else if (players_against_computer(s))
        printf(_(" (you)"));
    printf("\n");
}

/* The board of *pos seen from `me`'s seat; side labels by `label`. */
static void draw_board(const aw_rules *rules, const aw_position *pos, int me,
                       void (*label)(const void *ctx, const aw_position *pos, int side),
                       const void *ctx)
{
    /* Seen from South's seat with counterclockwise sowing: North's row on
     * top from f to a, South's below from A to F, each pit facing its
     * opposite. North's seat turns the board round; clockwise sowing is the
     * mirror image of either. */
    static const int order[2][2][2][6] = {
        /* seat South: {top, bottom} for ccw, then cw */
        {{{11, 10, 9, 8, 7, 6}, {0, 1, 2, 3, 4, 5}}, {{6, 7, 8, 9, 10, 11}, {5, 4, 3, 2, 1, 0}}},
        /* seat North */
        {{{5, 4, 3, 2, 1, 0}, {6, 7, 8, 9, 10, 11}}, {{0, 1, 2, 3, 4, 5}, {11, 10, 9, 8, 7, 6}}},
    };
    const int cw = rules->clockwise ? 1 : 0;
    const int *top = order[me][cw][0], *bottom = order[me][cw][1];
    const char *line = "    +----+----+----+----+----+----+";
    printf("\n");
    draw_letters(top);
    printf("%s\n", line);
    draw_row(pos, top);
    label(ctx, pos, !me);
    printf("%s\n", line);
    draw_row(pos, bottom);
    label(ctx, pos, me);
    printf("%s\n", line);
    draw_letters(bottom);
    /* The counter matters only where a limit ends the game. */
    if (pos->quiet && rules->no_capture)
        printf(_("    %u of %d plies without capture\n"), (unsigned)pos->quiet,
               rules->no_capture);
    printf("\n");
}

static void session_label(const void *ctx, const aw_position *pos, int side)
{
    draw_side(ctx, pos, side);
}

void line_board(const session *s)
{
    draw_board(session_rules(s), session_position(s), players_seat(s), session_label, s);
}

/* A puzzle's labels: the solver is "you", the other side has no name. */
typedef struct puzzle_seat {
    const aw_rules *rules;
    int solver;
} puzzle_seat;

static void puzzle_label(const void *ctx, const aw_position *pos, int side)
{
    const puzzle_seat *ps = ctx;
    const bool relay = ps->rules->family == AW_FAMILY_RELAY;
    printf("   ");
    printf(relay ? _("%s store %2d") : _("%s score %2d"), words_side(side), pos->score[side]);
    if (side == ps->solver)
        printf(_(" (you)"));
    printf("\n");
}

void line_board_puzzle(const aw_rules *rules, const aw_position *pos)
{
    puzzle_seat ps = {rules, pos->side};
    draw_board(rules, pos, pos->side, puzzle_label, &ps);
}

void line_moves(const session *s, char *out, size_t size)
{
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(session_rules(s), session_position(s), moves);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX];
        if (strlen(out) + 6 < size) {
            strcat(out, i ? " " : "");
            strcat(out, aw_move_format(session_rules(s), moves[i], m));
        }
    }
}

void line_help(const aw_rules *rules)
{
    const bool relay = rules->family == AW_FAMILY_RELAY;
    printf(_("Commands:\n"
             "  %s    play the pit with that letter (South plays A-F, North a-f)\n"
             "  undo       take back your last move (and the computer's reply)\n"
             "  redo       play again what undo took back\n"
             "  hint       the computer's advice: a move, the score and the line it expects\n"
             "  moves      the legal moves\n"
             "  history    the moves played so far\n"
             "  board      draw the board again\n"
             "  rules      how to play, and the rules in play\n"
             "  agree      propose to end the game here (where the rules allow it)\n"
             "  resign     give up the game: the other side wins\n"
             "  review     the computer's review of the game so far: every move marked\n"
             "             (?? blunder, ? mistake, ?! inaccuracy, ! good, !! brilliant),\n"
             "             what was better and what it cost ('review 18': deeper)\n"
             "  save FILE  save the game as a game record\n"
             "  load FILE  continue the first game of a record file\n"
             "  new        start a new game\n"
             "  help       this list\n"
             "  quit       leave (an unfinished game is kept: 'awale play --resume')\n"),
           relay ? "C+ / C-" : "C      ");
    printf("%s", _("  tree       the moves as a tree: a different move after 'undo' starts a\n"
                   "             variation, kept in parentheses\n"
                   "  goto MOVES go to the move reached by MOVES from the start ('goto C f D';\n"
                   "             'goto' alone: the start)\n"
                   "  promote    make the current line the main line\n"
                   "  mainline   back to the main line\n"));
    if (relay)
        printf(_("In the relay game a move names one of your pits (2 seeds or more) and a\n"
                 "direction, seen from your own seat:\n"
                 "  C+   (or 'C right') sows to your right, counterclockwise: South towards F,\n"
                 "       North towards f, then on into the other row\n"
                 "  C-   (or 'C left') sows to your left, clockwise: South towards A, North\n"
                 "       towards a\n"
                 "When the last seed falls into a pit that already held seeds, that pit's seeds\n"
                 "are taken up and sown back the other way; the move ends when a last seed falls\n"
                 "into an empty pit. In one of your own pits it captures the pit facing it.\n"));
    if (relay && rules->no_move_pass)
        printf(_("A player with no pit of 2 seeds or more types 'pass'.\n"));
}

void line_rules(const aw_rules *r)
{
    char howto[AW_HOWTO_MAX], diff[256];
    printf(_("Rule set %s. How to play:\n"), r->name);
    words_howto(r, howto, sizeof howto);
    cli_print_wrapped(stdout, howto, "  - ", "    ", 78);
    if (aw_rules_diff(r, diff, sizeof diff) > 0)
        printf(_("Changed from the %s rules: %s.\n"), r->name, diff);
}

void line_history(const session *s)
{
    const aw_game *g = session_game(s);
    const int n = aw_game_ply(g);
    if (n == 0) {
        printf(_("No move yet.\n"));
        return;
    }
    const bool north_first = aw_game_start(g)->side == AW_NORTH;
    char line[128] = "";
    printf(_("Moves so far:\n"));
    for (int i = 0; i < n; i++) {
        char m[AW_MOVE_MAX], item[32];
        const int k = i + north_first; /* South's moves are even */
        aw_move_format(session_rules(s), aw_game_move(g, i), m);
        if (k % 2 == 0)
            snprintf(item, sizeof item, "%d. %s", k / 2 + 1, m);
        else if (i == 0)
            snprintf(item, sizeof item, "%d... %s", k / 2 + 1, m);
        else
            snprintf(item, sizeof item, " %s", m);
        if (k % 2 == 0 && strlen(line) + strlen(item) + 2 > 72) {
            printf("  %s\n", line);
            line[0] = 0;
        }
        if (k % 2 == 0 && line[0])
            strcat(line, "  ");
        strcat(line, item);
    }
    printf("  %s\n", line);
}

/* A review's text: each move with its mark and what the review says of
 * it, then each player's summary and the turning points. */
void line_review(const session *s, const aw_review *r)
{
    const aw_game *g = session_game(s);
    const aw_rules *rules = session_rules(s);
    const int first = aw_game_start(g)->side;
    if (r->count < r->total)
        printf(_("Review stopped: %d of %d moves reviewed.\n"), words_move_row(g, r->count),
               words_move_row(g, r->total));
    if (r->count == 0)
        return;
    for (int i = 0; i < r->count; i++) {
        const aw_review_move *m = &r->move[i];
        char number[16], mv[AW_MOVE_MAX], head[40], said[1024];
        words_move_number(first, i, number, sizeof number);
        aw_move_format(rules, m->played, mv);
        snprintf(head, sizeof head, "  %-6s%s%s", number, mv, aw_mark_text(m->mark));
        if (m->mark == AW_MARK_NONE && m->legal > 1) {
            printf("%s\n", head);
            continue;
        }
        /* the comment beside the move, wrapped under itself */
        char first_lead[48];
        snprintf(first_lead, sizeof first_lead, "%-15s", head);
        words_review_move(rules, aw_game_position_at(g, i), m, said, sizeof said);
        cli_print_wrapped(stdout, said, first_lead, "               ", 78);
    }
    char who_buf[64], text[512];
    printf("\n");
    for (int side = 0; side < 2; side++) {
        words_review_side(&r->side[side], players_name(s, side, who_buf, sizeof who_buf), text,
                          sizeof text);
        cli_print_wrapped(stdout, text, "", "  ", 78);
    }
    words_review_turning(r, g, text, sizeof text);
    cli_print_wrapped(stdout, text, "", "  ", 78);
}
