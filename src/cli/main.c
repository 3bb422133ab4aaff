/*
 * main.c - the awale program: a table of subcommands, each a thin layer over
 * the library, and the top-level help.
 */
#include "cli.h"
#include "front/i18n.h"

#include <string.h>

#define RULE_OPTIONS                                                                     \
    "  --rules R        rule set: abapa (default), seven-turns, grand-slam, two-seeds,\n" \
    "                   relay (see 'awale rules')\n"                                     \
    "  --rule K=V       override one rule parameter (repeatable), e.g. --rule target=24\n"

#define POSITION_OPTION                                                                  \
    "  --position POS   start from a position string instead of the start position,\n"  \
    "                   e.g. 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\n"

static const command commands[] = {
    {"play", "play a game in the terminal, against the computer or a person", cmd_play,
     /* The help of play is translated (i18n.h): one literal, no macros. */
     N_("usage: awale play [--rules R] [--rule K=V]... [--position POS] [--first S|N]\n"
        "                  [--opponent computer|human] [--side S|N] [--level N]\n"
        "                  [--movetime MS] [--tables DIR|none] [--book FILE|none]\n"
        "                  [--plain] [--lang en|fr]\n"
        "       awale play --resume [--level N] [--movetime MS] [--plain] [--lang en|fr]\n"
        "\n"
        "A game against the computer (level 3 unless --level says otherwise) or, with\n"
        "--opponent human, between two people at one keyboard.\n"
        "\n"
        "On a terminal the game is full screen: the board with its seeds, sowing\n"
        "animated seed by seed, the pit chosen with the arrow keys and Enter, its\n"
        "letter or a mouse click; h hint, u undo, r redo, v review (every move\n"
        "marked and explained), i analysis, m moves, n new game, s save, l load,\n"
        "g agree, o options, ? help, q quit (docs/tui.md).\n"
        "Settings (language, animation, colours, the last game chosen) are kept in\n"
        "$XDG_CONFIG_HOME/awale/settings.\n"
        "\n"
        "With --plain, or when input or output is not a terminal, the game is played\n"
        "line by line: type a pit letter to play it (A-F are South's pits, a-f\n"
        "North's); each move is said in words (seeds sown, pits captured) and the\n"
        "board drawn from your seat. In the relay game (--rules relay) a move also\n"
        "names a direction: C+ sows to your right, C- to your left ('C right' and\n"
        "'C left' work too). Works in pipes and with screen readers. Commands: undo,\n"
        "redo, hint, moves (the legal ones), history (the moves played), board,\n"
        "rules, agree (propose to end the game: the computer accepts only an end it\n"
        "does not lose by), review (every move so far marked and explained, as\n"
        "'awale review' does; 'review 18' searches deeper), save FILE, load FILE\n"
        "(game records), new, help, quit.\n"
        "\n"
        "A game left unfinished (quit, end of input, Ctrl-C) is kept, and\n"
        "'awale play --resume' continues it; on a terminal, quit asks first.\n"
        "\n"
        "  --rules R        rule set: abapa (default), seven-turns, grand-slam, two-seeds,\n"
        "                   relay (see 'awale rules')\n"
        "  --rule K=V       override one rule parameter (repeatable), e.g. --rule target=24\n"
        "  --position POS   start from a position string instead of the start position,\n"
        "                   e.g. 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\n"
        "  --first S|N      who moves first from the start position (default S)\n"
        "  --opponent O     computer (the default) or human (two people, one keyboard)\n"
        "  --side S|N       your side against the computer (default S; N: the computer\n"
        "                   moves first and the board is drawn from North's seat)\n"
        "  --level N        the computer's strength, 1 to 10 (default 3; see below)\n"
        "  --movetime MS    the computer's time per move and for hints (default 1000)\n"
        "  --tables DIR     endgame tables directory, or 'none' (default\n"
        "                   $XDG_DATA_HOME/awale/tables; the first use builds 12 seeds):\n"
        "                   level 10 and the hints use them, and a hint says who wins\n"
        "                   with perfect play (a proof in the rule sets with a\n"
        "                   no-capture limit, an estimate otherwise)\n"
        "  --book FILE      opening book, or 'none' (default: the built-in book for\n"
        "                   the rules): level 10 and the hints play its best moves,\n"
        "                   levels 5-9 choose among its near-equal ones, 1-4 have none\n"
        "  --resume         continue the game kept when the last one was left\n"
        "                   unfinished ($XDG_STATE_HOME/awale/unfinished-game.txt)\n"
        "  --plain          line mode even on a terminal\n"
        "  --lang L         en (English) or fr (French); default: the settings, else\n"
        "                   the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)\n"
        "\n"
        "examples: awale play                      # you play South, the computer North\n"
        "          awale play --side N --level 6   # the computer moves first\n"
        "          awale play --opponent human --rules grand-slam\n"
        "          awale play --plain --lang fr    # line mode, in French\n"
        "\n"
        "Levels:\n"), cli_play_details},
    {"serve", "the web app: play, analyse and review games in the browser", cmd_serve,
     "usage: awale serve [--host 127.0.0.1] [--port 8080] [--open] [--tables DIR|none]\n"
     "                   [--book FILE|none] [--max-games N] [--expire S] [--searches N]\n"
     "                   [--queue N] [--streams N] [--hash MB] [--analysis-time S]\n"
     "                   [--max-movetime MS] [--hint-time MS] [--max-body BYTES]\n"
     "                   [--allow-host NAME]... [--client-connections N] [--client-games N]\n"
     "                   [--client-streams N] [--request-timeout S] [--verbose]\n"
     "\n"
     "Serves the web app and its JSON API (docs/api.md) from this program: a\n"
     "wooden board to play by clicking or typing, against the computer (levels\n"
     "1-10) or a person, every rule set, undo and redo, hints, a live analysis\n"
     "with the endgame tables' exact results, the review of a game (marks and\n"
     "comments on every move), the evaluation graph, game records in and out,\n"
     "English and French. Prints the URL to open; Ctrl-C stops it\n"
     "after finishing the answers in flight. Only this machine can connect unless\n"
     "--host says otherwise (there is no login: a warning is printed).\n"
     "\n"
     "  --host H         address to listen on (default 127.0.0.1; ::1 for IPv6)\n"
     "  --port P         port (default 8080; 0 picks a free one)\n"
     "  --open           open the page in the browser (xdg-open)\n"
     "  --tables DIR     endgame tables directory, or 'none' (default\n"
     "                   $XDG_DATA_HOME/awale/tables; the abapa small set is built\n"
     "                   at start if missing; other rule sets use the layers built\n"
     "                   with 'awale tables build'; all are opened in the background,\n"
     "                   a game has no table answers until they are ready)\n"
     "  --book FILE      opening book, or 'none' (default: the built-in book for\n"
     "                   each game's rules)\n"
     "  --max-games N    games held at once (default 32); each engine takes --hash MB\n"
     "  --expire S       an idle game is forgotten after S seconds (default 3600)\n"
     "  --searches N     engine searches at once (default: one per core); more wait\n"
     "  --queue N        searches that may wait (default 8); beyond, answers are 503\n"
     "  --streams N      analysis streams open at once (default 8)\n"
     "  --hash MB        each engine's transposition table (default 16)\n"
     "  --analysis-time S  an analysis stops after S seconds on one position\n"
     "                   (default 30)\n"
     "  --max-movetime MS  the longest time per move a game may ask (default 60000)\n"
     "  --hint-time MS   a hint's thinking time (default 1000)\n"
     "  --max-body BYTES the largest request body (default 262144; an imported\n"
     "                   record: 65536); a larger declared one is refused unread\n"
     "  --allow-host NAME  a name requests may give in their Host besides\n"
     "                   localhost and, with --host, this machine's name and\n"
     "                   addresses (a reverse proxy's name); others are refused\n"
     "  --verbose        one line per request on stderr\n"
     "\n"
     "What one client (an address) may hold at once:\n"
     "  --client-connections N  connections (default 32; the server: 256)\n"
     "  --client-games N   games (default 16)\n"
     "  --client-streams N analysis streams (default 4)\n"
     "  --request-timeout S  seconds for a request's headers and body to arrive;\n"
     "                   an idle connection, and one whose reader takes nothing,\n"
     "                   is closed after as long (default 20)\n"
     "\n"
     "example: awale serve --open\n"
     "         awale serve --port 9000 --searches 1\n", NULL},
    {"replay", "play moves and print the position after each", cmd_replay,
     "usage: awale replay [--rules R] [--rule K=V]... [--position POS] MOVE...\n"
     "       awale replay --record FILE\n"
     "\n"
     "Plays the moves from the start (or POS) and prints the position string after\n"
     "each move, one per line; then 'ongoing' or 'over S-N REASON' with the final\n"
     "scores. Moves are pit letters, as separate words or run together (CfFb).\n"
     "An illegal move stops the replay with a message on stderr and exit status 1.\n"
     "\n"
     "With --record, checks the game records of FILE (docs/records.md; '-' reads\n"
     "stdin) and prints the positions of each game (after a line 'game N' when\n"
     "there are several), then 'over S-N REASON', 'result R TERMINATION' for an\n"
     "unfinished game with a result, or 'ongoing'. A bad record is reported with\n"
     "its line and the reason (exit status 1).\n"
     "\n" RULE_OPTIONS POSITION_OPTION
     "  --record FILE    replay the game records of FILE\n"
     "\n"
     "example: awale replay C f F b\n"
     "         awale replay --record games.txt\n", NULL},
    {"perft", "count legal move sequences (move generator test and speed)", cmd_perft,
     "usage: awale perft [--rules R] [--rule K=V]... [--position POS] [--divide] DEPTH\n"
     "\n"
     "Prints one line 'd count' for each depth d = 1..DEPTH: the number of legal move\n"
     "sequences of exactly d plies (a finished game has no moves). Time and speed\n"
     "go to stderr.\n"
     "\n" RULE_OPTIONS POSITION_OPTION
     "  --divide         first print each root move with the number of sequences of\n"
     "                   DEPTH plies that start with it\n"
     "\n"
     "example: awale perft --rules abapa 12\n", NULL},
    {"rules", "list the rule sets and their parameters", cmd_rules,
     "usage: awale rules [--rules R] [--rule K=V]...\n"
     "\n"
     "Without options, lists every rule set and every parameter with its values.\n"
     "With --rules (and --rule), says how to play that rule set in a few lines,\n"
     "then describes it parameter by parameter, in words.\n"
     "\n" RULE_OPTIONS "\n"
     "example: awale rules --rules grand-slam\n", NULL},
    {"analyze", "analyse a position: best move, score and line of play at each depth",
     cmd_analyze,
     "usage: awale analyze [--rules R] [--rule K=V]... [--position POS] [MOVE...]\n"
     "                     [--depth D] [--movetime MS] [--nodes N] [--multipv N]\n"
     "                     [--threads T] [--hash MB] [--eval E] [--tables DIR] [--book FILE]\n"
     "\n"
     "Searches the position reached after the moves (the game's history counts for\n"
     "repetition) and prints one line per completed depth:\n"
     "  depth D seldepth S score SCORE nodes N nps N time MS pv MOVES\n"
     "SCORE is from the view of the side to move: an estimate in seeds (+1.25), or\n"
     "a proven result with the final margin and the plies to the end ('win +3 in\n"
     "17', 'loss -2 in 8', 'draw in 12'), without the plies when the endgame\n"
     "tables prove it and a target may end the game first ('loss -2'). Inside\n"
     "tables that prove their values the tables answer, without a search (one\n"
     "line, depth 1). With --multipv N each depth\n"
     "prints N lines, best first. The last line is 'bestmove X' ('bestmove none'\n"
     "when the game is over). Ctrl-C stops the search and still prints the best\n"
     "move.\n"
     "\n" RULE_OPTIONS POSITION_OPTION
     "  --depth D        stop after depth D (1..100)\n"
     "  --movetime MS    stop after MS milliseconds (default 1000 when no limit)\n"
     "  --nodes N        stop after about N nodes\n"
     "  --multipv N      show the N best moves (1..12, default 1)\n"
     "  --threads T      search threads (default 1)\n"
     "  --hash MB        transposition table size (default 64)\n"
     "  --eval E         tuned (default) or material (score difference only)\n"
     "  --tables DIR     endgame tables directory, or 'none' (default\n"
     "                   $XDG_DATA_HOME/awale/tables; the first use builds 12 seeds).\n"
     "                   Inside the tables the engine keeps their value, and a line\n"
     "                   'tables: South wins by 3 with perfect play' comes before\n"
     "                   the best move. Where they are exact (rule sets with a\n"
     "                   no-capture limit) every score is their result; under a\n"
     "                   repetition rule they only evaluate, and the line says so\n"
     "  --book FILE      opening book, or 'none' (default: the built-in book for\n"
     "                   the rules); in a position of the book, a first line\n"
     "                   'book F -0.09 E -0.15 ...' gives its moves and values (the\n"
     "                   search and its bestmove follow as usual)\n"
     "\n"
     "example: awale analyze --depth 16 C f\n", NULL},
    {"review", "review a game: what each move cost, marks, the turning points",
     cmd_review,
     "usage: awale review [--depth D | --movetime MS] [--tables DIR|none] [--book FILE|none]\n"
     "                    [--threads T] [--hash MB] FILE|-\n"
     "       awale review [--rules R] [--rule K=V]... [--position POS] [options] MOVE...\n"
     "\n"
     "Judges every move of the games in FILE (game records, docs/records.md; '-'\n"
     "reads stdin), or of the game of the moves given: for each move, the engine's\n"
     "best move and the value of the move played, from the mover's view, and what\n"
     "the move cost. Writes each game back as a record on stdout with marks and\n"
     "comments (the best move, its line, the loss) and, before the first move, a\n"
     "summary: each player's blunders, mistakes, inaccuracies and good moves, the\n"
     "average loss per move, the turning points. See docs/review.md.\n"
     "\n"
     "  ??  a blunder: 4 seeds or more, or a proven win or draw thrown away\n"
     "  ?   a mistake: 2 seeds or more        ?!  an inaccuracy: 1 seed or more\n"
     "  !   the only good move: every other costs 4 seeds or the result\n"
     "  !!  such a move that gives seeds away at once\n"
     "\n"
     "Where the endgame tables cover a position the values are exact, and the\n"
     "comment says 'tables:'. A progress bar shows on a terminal; Ctrl-C stops\n"
     "and still writes the moves reviewed so far (exit status 130).\n"
     "\n" RULE_OPTIONS POSITION_OPTION
     "  --depth D        each search to depth D (default 14)\n"
     "  --movetime MS    each search for MS milliseconds instead\n"
     "  --tables DIR     endgame tables directory, or 'none' (default\n"
     "                   $XDG_DATA_HOME/awale/tables; the first use builds 12 seeds)\n"
     "  --book FILE      opening book whose values judge the moves it holds, or\n"
     "                   'none' (default: the built-in book)\n"
     "  --threads T      search threads (default 1)\n"
     "  --hash MB        transposition table size (default 64)\n"
     "\n"
     "example: awale review games.txt > reviewed.txt\n"
     "         awale review --depth 16 C f F b A a\n", NULL},
    {"selfplay", "engine settings play each other: wins, draws, losses and Elo", cmd_selfplay,
     "usage: awale selfplay [--rules R] [--rule K=V]... [--position POS] [--games N]\n"
     "                      [--movetime MS | --depth D | --nodes N]\n"
     "                      [--a OPTIONS] [--b OPTIONS] [--a-exe PROG] [--b-exe PROG]\n"
     "                      [--a-args ARGS] [--b-args ARGS] [--concurrency N]\n"
     "                      [--opening-plies N] [--seed S] [--record FILE] [--book FILE|none]\n"
     "                      [--quiet]\n"
     "\n"
     "Player A against player B, N games (default 100): each opening is played\n"
     "twice, A taking South then North. Openings are random lines of N plies\n"
     "(default 8) drawn from the seed (printed first), each kept only when a\n"
     "search of depth 6 scores it within one seed of level and it is new. Prints\n"
     "wins, draws and losses from A's view, the score and the Elo difference with\n"
     "its 95% margin, and warns when games repeat an earlier one. Progress goes to\n"
     "stderr; Ctrl-C stops and prints the result so far.\n"
     "\n" RULE_OPTIONS POSITION_OPTION
     "  --games N        games to play (default 100)\n"
     "  --movetime MS    time per move (default 100 when no limit is given)\n"
     "  --depth D        search depth per move\n"
     "  --nodes N        nodes per move\n"
     "  --a, --b OPTIONS engine options of each player, Name=value separated by\n"
     "                   commas: Hash, Threads, Level, Eval (tuned or material),\n"
     "                   OwnBook, BookVariety\n"
     "  --a-exe PROG     player A is another awale program (e.g. an earlier\n"
     "                   version), asked for each move with 'PROG analyze'\n"
     "  --b-exe PROG     the same for player B\n"
     "  --a-args ARGS    more arguments for that 'analyze' (e.g. '--tables none')\n"
     "  --b-args ARGS    the same for player B\n"
     "  --concurrency N  games played at the same time (default 1)\n"
     "  --opening-plies N  random moves of each opening, 0 to 40 (default 8; 0: every\n"
     "                   game from the start)\n"
     "  --seed S         seed of the random openings (default 1): the same seed\n"
     "                   draws the same openings\n"
     "  --record FILE    append every position played with its game's result, the\n"
     "                   data the evaluation is tuned on (see docs/engine.md)\n"
     "  --book FILE      the opening book of both players (default: the built-in\n"
     "                   book for the rules; 'none': no book); a player plays from\n"
     "                   it unless given OwnBook=false. Another awale program\n"
     "                   (--a-exe) is asked through 'analyze', which never plays\n"
     "                   from a book\n"
     "  --quiet          no progress on stderr\n"
     "\n"
     "example: awale selfplay --games 200 --depth 10 --b Eval=material\n"
     "         awale selfplay --games 200 --movetime 50 --opening-plies 2 --b OwnBook=false\n",
     NULL},
    {"bench", "search signature and speed; 'awale bench perft': move generator speed", cmd_bench,
     "usage: awale bench [--depth D]\n"
     "       awale bench perft [--rules R] [--rule K=V]... [--position POS] [--depth D] [--runs N]\n"
     "       awale bench tables [OPTIONS]   (see 'awale tables --help': tables bench)\n"
     "\n"
     "Without a name: searches a fixed set of positions from every rule set to a\n"
     "fixed depth (or D) on one thread, clearing the table between positions, and\n"
     "prints each position's node count and best move, the total node count (the\n"
     "same on every run and build: it changes only when the search does) and the\n"
     "nodes per second.\n"
     "\n"
     "perft: counts move sequences from the start position (or POS) to every depth\n"
     "up to D (default 12 for Oware, 8 for relay) N times (default 5) on one thread,\n"
     "and prints the median time and nodes per second: move sequences counted per\n"
     "second, and positions made per second (the last ply is counted, not played).\n"
     "\n"
     "example: awale bench perft --depth 11\n", NULL},
    {"tables", "endgame tables: build, probe, check and measure perfect play", cmd_tables,
     "usage: awale tables build [--rules R] [--rule K=V]... --seeds N [--dir D]\n"
     "                          [--threads T] [--compress] [--memory GB]\n"
     "       awale tables probe [--rules R] [--rule K=V]... [--dir D] POS\n"
     "       awale tables info  [--rules R] [--rule K=V]... [--dir D] [--seeds N]\n"
     "       awale tables bench [--rules R] [--rule K=V]... [--seeds N] [--dir D]\n"
     "                          [--threads T] [--compress] [--memory GB] [--keep]\n"
     "\n"
     "Endgame tables hold the exact value of every Oware position with up to N\n"
     "seeds on the board: the net number of seeds (own captures minus the\n"
     "opponent's, plus the seeds left at the end as the rules give them) that the\n"
     "side to move can guarantee from the board onwards, the scores and the\n"
     "target aside; endless play counts as an even split (see docs/tables.md).\n"
     "\n"
     "build   builds every layer 0..N seeds, smallest first, on every core; states\n"
     "        the memory it needs first; shows a progress bar with ETA on a\n"
     "        terminal; Ctrl-C stops cleanly and the same command resumes (finished\n"
     "        layers are kept). 25 seeds: 1.85 billion positions, 1.85 GB on disk;\n"
     "        30 seeds: 11 billion, 11 GB on disk, 14 GB of memory.\n"
     "        With a no-capture limit each position also keeps its plies to the\n"
     "        end. The program built by 'make mpi', started by 'mpirun -np R',\n"
     "        spreads every layer over the R ranks (one per core, on any number of\n"
     "        machines; rank 0 reads and writes the files): the same files.\n"
     "probe   prints 'value V' (seeds, side to move's view), then each legal move\n"
     "        and its value, then who wins with perfect play given the scores: a\n"
     "        proof with a no-capture limit, else an estimate, said so. The\n"
     "        first probe builds the tables up to 12 seeds if they are missing.\n"
     "info    checks the layers in the directory (up to N seeds with --seeds) and\n"
     "        says what they cover.\n"
     "bench   builds from scratch in a temporary directory (or D; default 16 seeds) and\n"
     "        prints positions per second per core, bytes per position, peak\n"
     "        memory and probe speed (same as 'awale bench tables').\n"
     "\n" RULE_OPTIONS
     "  --dir D          tables directory (default $XDG_DATA_HOME/awale/tables or\n"
     "                   ~/.local/share/awale/tables)\n"
     "  --seeds N        build every layer up to N seeds on the board (0..48)\n"
     "  --threads T      build threads (default: one per core)\n"
     "  --compress       store the layers with zstd, block by block\n"
     "  --memory GB      refuse to build above this memory (default 90% of RAM)\n"
     "  --keep           bench: keep the tables built\n"
     "\n"
     "example: awale tables build --seeds 20\n"
     "         awale tables probe 0-0-0-0-1-2-1-1-0-0-0-0-20-23-S\n", NULL},
    {"book", "opening books: build (drop-out expansion), probe, info", cmd_book,
     "usage: awale book build [--rules R] [--rule K=V]... [--position POS]\n"
     "                        [--depth D | --nodes N] [--positions N] [--alpha A]\n"
     "                        [--threads T] [--hash MB] [--out FILE] [--save-every N]\n"
     "                        [--quiet]\n"
     "       awale book probe [--rules R] [--rule K=V]... [--book FILE] [POS] [MOVE...]\n"
     "       awale book info  [--rules R] [--book FILE]\n"
     "\n"
     "An opening book holds positions from the start (or POS) with their values:\n"
     "leaves scored by an engine search, inner positions by negamax over all their\n"
     "moves. The program has one built in for each Oware rule set, found by the\n"
     "game's rules; the engine plays from it (option OwnBook, on by default; in\n"
     "'awale play' from level 5, choosing among near-equal moves below level 10),\n"
     "'awale analyze' shows its moves, 'awale review' judges the opening by it.\n"
     "See docs/book.md.\n"
     "\n"
     "build   grows a book by drop-out expansion: the least-priority leaf (deep in\n"
     "        the main lines, or near the root for moves a little worse, as alpha\n"
     "        says) is expanded, each new child searched. Progress on stderr;\n"
     "        Ctrl-C stops, writes what it has and exits with status 130; an\n"
     "        existing FILE is checked and grown (the same command resumes). The\n"
     "        file is written atomically every --save-every positions and at the\n"
     "        end. The result does not depend on --threads.\n"
     "probe   prints each book move of the position reached by the moves from\n"
     "        POS (default: the start position) with its value, best first, then\n"
     "        'line ...', the book's main line from there; or 'not in the book'.\n"
     "info    checks a book and describes it (rules, root, positions, searches).\n"
     "\n" RULE_OPTIONS POSITION_OPTION
     "  --depth D        leaf searches to depth D (default 14, or the book's)\n"
     "  --nodes N        leaf searches of about N nodes instead\n"
     "  --positions N    stop when the book holds N positions (default 10000)\n"
     "  --alpha A        0..1000, default 2: the priority a move loses per seed it\n"
     "                   is below the best; small grows broad, large grows deep\n"
     "  --threads T      leaf searches at once (default 1)\n"
     "  --hash MB        each leaf search's table (default 16, or the book's)\n"
     "  --out FILE       the book file (default book-RULES.awb)\n"
     "  --save-every N   write the file every N new positions (default 1000)\n"
     "  --quiet          no progress\n"
     "  --book FILE      probe or describe FILE instead of the built-in book for\n"
     "                   the rules\n"
     "\n"
     "example: awale book build --depth 14 --positions 2000 --threads 2 --out my.awb\n"
     "         awale book probe C f\n", NULL},
    {"uci", "the engine for graphical interfaces and match runners (UCI-style protocol)", cmd_uci,
     "usage: awale uci [--rules R] [--rule K=V]...\n"
     "\n"
     "Speaks the UCI-style engine protocol of docs/protocol.md on standard input\n"
     "and output: uci, isready, setoption name N value V, ucinewgame,\n"
     "position startpos|fen POS [moves M...], go [depth N] [nodes N] [movetime MS]\n"
     "[wtime MS btime MS winc MS binc MS] [infinite] [ponder], ponderhit, stop,\n"
     "quit. Moves are pit letters (C, f; C+ and C- in the relay game), and may be\n"
     "run together (moves CfFb). South's clock is wtime/winc, North's btime/binc.\n"
     "Options: Hash, Threads, Level (as in play: no book at 1-4, the endgame\n"
     "tables at 10 only), MultiPV, Seed, Eval, Tables, OwnBook (on: a position of\n"
     "the built-in opening book for the rules is answered at once, after\n"
     "'info string book move ...', unless the go asks for depth, nodes, mate or\n"
     "searchmoves), BookVariety, BookFile (a book file, or none), Ponder, Rules\n"
     "and 'Rule NAME' for each rule parameter. Bad input is answered with\n"
     "'info string' and ignored.\n"
     "A go with a malformed limit ('go depth x') starts no search.\n"
     "\n"
     "Commands are answered while a search runs: isready at once, stop with the\n"
     "search's bestmove. A go, setoption or ucinewgame sent before the bestmove\n"
     "of the running search stops it first, as stop does:\n"
     "'info string go: stopping the running search first', then its bestmove;\n"
     "so every go gets one bestmove. position applies to the next go. quit and\n"
     "the end of the input stop the search, print its bestmove and exit. The\n"
     "hash table is made at setoption name Hash and isready, not in a move's time.\n"
     "\n" RULE_OPTIONS
     "\n"
     "example: { printf 'position startpos moves CfFb\\ngo depth 8\\n'; sleep 1; } | awale uci\n"
     "         prints an 'info' line for each depth up to 8, then 'bestmove D ponder f'\n"
     "         (the pause lets the search end: the end of the input stops a search)\n", NULL},
    {"match", "play engines against each other: results, Elo, SPRT, game records", cmd_match,
     "usage: awale match --engine SPEC --engine SPEC\n"
     "                   [--rules R] [--rule K=V]... [--position POS]\n"
     "                   [--openings FILE | --opening-plies N --seed S]\n"
     "                   [--games N] [--movetime MS | --tc S[+INC]] [--depth N] [--nodes N]\n"
     "                   [--margin MS] [--timeout MS] [--start-timeout MS]\n"
     "                   [--concurrency N] [--records FILE] [--max-plies N]\n"
     "                   [--sprt E0,E1[,ALPHA,BETA]] [--event TEXT] [--debug]\n"
     "\n"
     "Plays games between two engines that speak the protocol of 'awale uci'\n"
     "(docs/protocol.md), colours alternating: each opening is played twice, once\n"
     "with each engine as South. Without --openings, the openings are random lines\n"
     "of a few plies drawn from a seed that is printed first, each kept only when\n"
     "a search of depth 6 scores it within one seed of level and it is new.\n"
     "Prints a line per game, then wins, draws and losses of the first engine, its\n"
     "score, the Elo difference with its 95% margin, and the SPRT verdict; warns\n"
     "when games repeat an earlier one (the Elo then rests on fewer games). An\n"
     "engine that crashes, does not answer in time or plays an illegal move loses\n"
     "that game and is restarted. Ctrl-C stops at once and prints the summary of\n"
     "the games finished (status 130).\n"
     "\n"
     "SPEC is KEY=VALUE words, in one quoted argument or as the words after\n"
     "--engine; a word that starts no key continues the previous value:\n"
     "  cmd=COMMAND      the engine's command line (default: this awale's 'uci';\n"
     "                   the program name 'awale' means this awale)\n"
     "  name=NAME        name in the output and records (default: program and options)\n"
     "  arg=ARG          one more argument (repeatable)\n"
     "  dir=DIR          working directory\n"
     "  option.NAME=V    'setoption name NAME value V' after the handshake\n"
     "  moves=spaced     send 'position ... moves C f F b' (default: joined,\n"
     "                   'moves CfFb', the form other Oware engines read)\n"
     "\n" RULE_OPTIONS
     "  --position POS   start every game (and random opening) from POS\n"
     "  --games N        games to play (default 2)\n"
     "  --movetime MS    time per move (default 1000 when no other limit is given)\n"
     "  --tc S[+INC]     a clock of S seconds per game, INC seconds added per move\n"
     "  --depth N        search depth per move (with or without a time limit)\n"
     "  --nodes N        nodes per move\n"
     "  --margin MS      time an engine may overrun before it loses (default 100)\n"
     "  --timeout MS     answer time when no time limit is given (default 30000)\n"
     "  --start-timeout MS  time to start and answer 'uci', 'isready' (default 10000)\n"
     "  --concurrency N  games at once (default 1), each with its own engine processes\n"
     "  --openings FILE  one opening a line ('[POSITION] [MOVES]', # comments) or game\n"
     "                   records; each is played with both colours, in turn\n"
     "  --opening-plies N  without --openings: random moves of each opening, 0 to 40\n"
     "                   (default 8; 0: every game from the start)\n"
     "  --seed S         without --openings: the seed of the random openings\n"
     "                   (default: a new one, printed): the same seed, the same\n"
     "                   openings\n"
     "  --records FILE   write every finished game to FILE as game records\n"
     "  --max-plies N    adjudicate on the seeds captured after N plies (default 1000,\n"
     "                   at most 10000, the most moves a game record holds)\n"
     "  --sprt E0,E1[,ALPHA,BETA]  stop when the SPRT of Elo E0 against E1 decides\n"
     "                   (default error rates 0.05)\n"
     "  --event TEXT     the Event tag of the records\n"
     "  --debug          every protocol line, both ways, on stderr\n"
     "\n"
     "example: awale match --engine name=lvl3 option.Level=3 --engine name=lvl6 \\\n"
     "             option.Level=6 --games 20 --movetime 100 --records games.txt\n", NULL},
};

static void usage(FILE *out)
{
    fputs("awale " AW_VERSION " - plays and analyses Awale (Oware) and its relatives\n"
          "\n"
          "usage: awale COMMAND [OPTIONS]\n"
          "\n"
          "commands:\n",
          out);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fputs("\n'awale COMMAND --help' describes a command.\n", out);
}

int main(int argc, char **argv)
{
    cli_set_commands(commands, (int)(sizeof commands / sizeof commands[0]));
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    /* play speaks the player's language (its help too); the other commands'
     * output is for scripts and stays as it is. */
    if (strcmp(name, "play") == 0 || (strcmp(name, "help") == 0 && argc > 2 &&
                                      strcmp(argv[2], "play") == 0))
        cli_play_language(argc - 1, argv + 1);
    if (cli_wants_help(name) || strcmp(name, "help") == 0) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
                if (strcmp(commands[i].name, argv[2]) == 0) {
                    cli_usage(commands[i].name, stdout);
                    return EXIT_OK;
                }
            cli_error(NULL, "no command '%s' (see 'awale help')", argv[2]);
            return EXIT_USAGE;
        }
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        puts("awale " AW_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(commands[i].name, name) != 0)
            continue;
        for (int a = 2; a < argc; a++)
            if (cli_wants_help(argv[a])) {
                cli_usage(commands[i].name, stdout);
                return EXIT_OK;
            }
        return commands[i].run(argc - 1, argv + 1);
    }
    cli_error(NULL, "unknown command '%s' (see 'awale help')", name);
    return EXIT_USAGE;
}
