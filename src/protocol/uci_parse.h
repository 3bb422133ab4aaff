/*
 * uci_parse.h - the words of the engine protocol (docs/protocol.md), parsed
 * without any state: one line from a GUI to the engine (uci_parse_command,
 * used by `awale uci`), and one line from an engine to a GUI
 * (uci_parse_reply, used by `awale match`). Text in, struct out; no I/O, no
 * allocation, so both are fuzz targets.
 */
#ifndef AW_UCI_PARSE_H
#define AW_UCI_PARSE_H

#include "awale.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UCI_LINE_MAX (1 << 20) /* longest line the front ends accept    */
#define UCI_NAME_MAX 128       /* setoption name, id text, option name  */
#define UCI_VALUE_MAX 1024     /* setoption value                       */
#define UCI_WARN_MAX 4
#define UCI_MSG_MAX 200

typedef enum uci_kind {
    UCI_NONE = 0, /* empty line, or a command ignored (see error)           */
    UCI_UCI,
    UCI_DEBUG,
    UCI_ISREADY,
    UCI_SETOPTION,
    UCI_REGISTER,
    UCI_NEWGAME,
    UCI_POSITION,
    UCI_GO,
    UCI_STOP,
    UCI_PONDERHIT,
    UCI_QUIT
} uci_kind;

/* A GUI's command. Words the parser does not know are skipped with a
 * warning (the UCI rule: "ignore it and try to parse the rest of the
 * line"); a command that cannot be understood is UCI_NONE with an error. */
typedef struct uci_command {
    uci_kind kind;
    bool debug_on;
    /* setoption */
    char name[UCI_NAME_MAX];
    char value[UCI_VALUE_MAX];
    bool has_value;
    /* position: start (startpos, or fen), and the text of the moves (the
     * rest of the line; syntax checked under the rules given) */
    bool startpos;
    aw_position fen;
    const char *moves; /* points into the line; NULL when no "moves" */
    int move_count;
    /* go (zero: not given) */
    int depth;
    uint64_t nodes;
    int64_t movetime;
    int64_t time[2], inc[2]; /* South (wtime/winc), North (btime/binc) */
    int movestogo;
    int mate;
    bool infinite, ponder;
    aw_move searchmoves[AW_MAX_MOVES];
    int searchmove_count;
    /* messages */
    char error[UCI_MSG_MAX];
    char warn[UCI_WARN_MAX][UCI_MSG_MAX];
    int warn_count;
} uci_command;

/* Parse one line (without its newline) from a GUI, with the moves read
 * under `rules`. Always fills *out. */
void uci_parse_command(const aw_rules *rules, const char *line, uci_command *out);

/* An engine's line, as a GUI or match runner reads it. */
typedef enum uci_reply_kind {
    UCIR_OTHER = 0, /* not a protocol line (ignored by the runner) */
    UCIR_ID,
    UCIR_OPTION,
    UCIR_UCIOK,
    UCIR_READYOK,
    UCIR_BESTMOVE,
    UCIR_INFO
} uci_reply_kind;

typedef struct uci_reply {
    uci_reply_kind kind;
    char id_field[16];       /* id: "name" or "author"                   */
    char text[UCI_NAME_MAX]; /* id: the text; option: the option's name  */
    char best[16], ponder[16]; /* bestmove: the words as sent ("" none) */
    /* info (has_*: the field was there) */
    bool has_depth, has_score, has_nodes, has_time, has_pv, is_string;
    int depth;
    bool mate;    /* score mate N rather than score cp N */
    int score;    /* centiseeds, or moves to the end of the game for mate */
    uint64_t nodes;
    int64_t time; /* ms */
    const char *pv; /* points into the line: the moves after "pv" */
} uci_reply;

/* "score cp V" with |V| >= UCI_CP_PROVEN: a proven result whose distance is
 * not known (the endgame tables prove it): V = +-(UCI_CP_PROVEN + 100 x the
 * margin in seeds). Estimates stay far below (docs/protocol.md). */
#define UCI_CP_PROVEN 20000

void uci_parse_reply(const char *line, uci_reply *out);

#endif
