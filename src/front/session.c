/*
 * session.c - one game between people and the computer, for every front
 * end. Two engines: the player, at the chosen level, and the adviser, at
 * full strength with the tables and the book, for hints, analysis and the
 * computer's view of an agreement (the adviser is made on first use). Both
 * keep their tables from move to move within a game.
 *
 * Every decision of play is taken here, with a reason code for a refusal
 * (session_code) and its words: the front ends show them or map them to
 * statuses. The states and their moves:
 *
 *   ongoing, a person to move    session_play -> the next turn, or the end
 *   ongoing, the computer to move session_computer_think/_move (or _play)
 *   ongoing, either              session_agree -> over by agreement, or on
 *                                session_resign -> over, the other side wins
 *                                session_offer/_answer (two persons): an end
 *                                by agreement, a takeback
 *   ongoing, with clocks         a flag falls -> over on time (checked
 *                                before anything is played or proposed)
 *   over                         nothing is played; undo goes back; a
 *                                rematch may be offered
 *
 * Undo goes back to a person's turn and keeps what it took back on a redo
 * stack, in groups, so that redo replays exactly what one undo removed; any
 * new move clears it. Invariants (check(), asserted in the sanitizer and
 * debug builds after every change): the configuration is one session_new
 * accepts; the player's engine exists exactly when the computer plays a
 * side; the redo stack is groups of one move or more that add up to its
 * moves; the set opening is a beginning of the game; after an undo the game
 * goes on, at a person's turn or at its start; a move played clears the
 * redo stack; a clock runs only while the game goes on, for the side to
 * move; an end of the session's own (resignation, time, abandoned) stops
 * the clocks and leaves no end or takeback offer pending.
 *
 * The moves are also a tree (a record's, docs/variations.md): the game is
 * the line from the start to the current node, which every move, undo,
 * redo, takeback and goto moves; a move follows the child with that move
 * or adds one (the first child while the main line is a game being played,
 * a variation once it is over; without variations the old continuation is
 * cut first). An end of the session's own and an end by agreement belong
 * to the node where they happened (end_node, agreed_node): the session's
 * end and its game's agreement are there exactly when the current node is
 * that node, and the tree's own game (its main line) is agreed exactly when
 * that node ends the main line. Invariants too (check()): the game's moves
 * are the path to the current node; no variations with clocks.
 */
#include "front/session.h"

#include "front/check.h"
#include "front/engine_setup.h"
#include "front/i18n.h"
#include "front/textfile.h"
#include "front/words.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REDO_MAX 1024

struct session {
    session_config cfg;
    aw_game *game;
    aw_engine *player;
    _Atomic(aw_engine *) adviser; /* made on first use; session_stop reads it */
    atomic_bool stopping;         /* a stop for the search running or armed */
    atomic_bool armed;            /* session_arm: the next search keeps stopping */
    aw_move redo[REDO_MAX];
    int redo_len;
    int redo_group[REDO_MAX]; /* the sizes of the undone groups, in order */
    int redo_groups;
    aw_move opening[REDO_MAX]; /* the set opening (session_opening) */
    int opening_len;
    /* the clocks (cfg.clock_base_ms > 0) */
    int64_t remaining[2];  /* each side's time when `since` was taken     */
    int64_t since;         /* when the running side's time began to run   */
    int running;           /* the side whose time runs, or -1             */
    bool started;          /* the clocks were started: they run while the
                              game goes on                               */
    int64_t (*clk)[2];     /* the times at the start of each turn, by ply
                              (undo, redo and the record's [%clk])       */
    int clk_len, clk_cap;
    /* an end of the session's own (the game's status says the others) */
    session_end end;       /* NONE, RESIGNATION, TIME or ABANDONED        */
    int end_winner;
    /* the offer waiting for an answer */
    bool offer_on;
    session_offer_kind offer_kind;
    int offer_by;
    /* the moves as a tree (docs/variations.md): s->game is the line from the
     * start to `node`; an end of the session's own and an end by agreement
     * belong to the node where they happened (-1: none) */
    aw_record *tree;
    int node;
    bool variations;       /* session_set_variations                      */
    session_end line_end;  /* the end of the session's own, at end_node   */
    int line_end_winner;
    int end_node;
    int agreed_node;       /* the end by agreement                        */
};

static bool finished(const session *s);
static bool ended(const session *s);
static bool clock_on(const session *s);
static bool main_end(const session *s, int node);

/* The invariants above (FRONT_ASSERT: the sanitizer and debug builds). */
static void check(const session *s)
{
    (void)s; /* release builds check nothing */
    FRONT_ASSERT(s->cfg.level >= 1 && s->cfg.level <= 10);
    FRONT_ASSERT(s->cfg.movetime_ms > 0 && s->cfg.hint_ms > 0);
    FRONT_ASSERT((s->player != NULL) == (s->cfg.computer[0] || s->cfg.computer[1]));
    FRONT_ASSERT(s->redo_groups >= 0 && s->redo_groups <= s->redo_len);
    FRONT_ASSERT(s->redo_len <= REDO_MAX);
#ifdef FRONT_CHECKS
    int moves = 0;
    for (int i = 0; i < s->redo_groups; i++) {
        FRONT_ASSERT(s->redo_group[i] > 0);
        moves += s->redo_group[i];
    }
    FRONT_ASSERT(moves == s->redo_len);
#endif
    FRONT_ASSERT(s->opening_len >= 0 && s->opening_len <= REDO_MAX);
    FRONT_ASSERT(session_opening(s) <= aw_game_ply(s->game));
    FRONT_ASSERT(s->running >= -1 && s->running <= 1);
    FRONT_ASSERT(s->running < 0 || (s->cfg.clock_base_ms > 0 && s->started));
    FRONT_ASSERT(s->end == SESSION_END_NONE || s->running < 0);
    FRONT_ASSERT(s->end == SESSION_END_NONE || aw_game_status(s->game) == AW_ONGOING);
    FRONT_ASSERT(s->running < 0 || s->running == session_position(s)->side);
    FRONT_ASSERT(!s->offer_on || s->offer_kind == OFFER_REMATCH || !ended(s));
    FRONT_ASSERT(!s->offer_on || s->offer_kind != OFFER_REMATCH || ended(s));
    FRONT_ASSERT(s->clk_len <= s->clk_cap);
    /* the tree: the game is the line to the current node; the ends belong
     * to their nodes, which end the main line; no variations with clocks */
    FRONT_ASSERT(aw_record_node_exists(s->tree, s->node));
    FRONT_ASSERT(aw_record_node_ply(s->tree, s->node) == aw_game_ply(s->game));
    FRONT_ASSERT(!s->variations || !clock_on(s));
    FRONT_ASSERT(s->end == (s->node == s->end_node ? s->line_end : SESSION_END_NONE));
    FRONT_ASSERT((s->end_node < 0) == (s->line_end == SESSION_END_NONE));
    FRONT_ASSERT((aw_game_status(s->game) == AW_END_AGREEMENT) == (s->node == s->agreed_node));
#ifdef FRONT_CHECKS
    for (int n = s->node, k = aw_game_ply(s->game); n > 0; n = aw_record_node_parent(s->tree, n))
        FRONT_ASSERT(aw_record_node_move(s->tree, n) == aw_game_move(s->game, --k));
    FRONT_ASSERT((aw_game_status(aw_record_game_const(s->tree)) == AW_END_AGREEMENT) ==
                 (s->agreed_node >= 0 && main_end(s, s->agreed_node)));
#endif
}

/* The English words of a code (marked for translation). */
static const char *why_english(session_code code)
{
    switch (code) {
    case SESSION_OK: return "";
    case SESSION_OVER: return N_("the game is over");
    case SESSION_COMPUTERS_TURN: return N_("it is the computer's turn");
    case SESSION_PERSONS_TURN: return N_("it is not the computer's turn");
    case SESSION_ILLEGAL: return N_("the rules do not allow this move");
    case SESSION_NO_AGREEMENT: return N_("the game cannot end by agreement");
    case SESSION_PROPOSER_COMPUTER: return N_("a person proposes the end, not the computer");
    case SESSION_COMPUTER_ANSWERS: return N_("the computer answers for itself");
    case SESSION_NOT_PERSON: return N_("only a person does this, not the computer");
    case SESSION_NO_OFFER: return N_("there is no offer to answer");
    case SESSION_OFFER_PENDING: return N_("an offer is waiting for its answer");
    case SESSION_OWN_OFFER: return N_("the other side answers this offer");
    case SESSION_NOT_OVER: return N_("the game is not over");
    case SESSION_NO_TAKEBACK: return N_("there is no move to take back");
    case SESSION_NO_NODE: return N_("there is no such move in the game");
    case SESSION_MAIN_LINE: return N_("the main line cannot be deleted");
    case SESSION_NO_VARIATIONS:
        return N_("this game has no variations (clocks, or a game between two devices)");
    case SESSION_FAILED: break;
    }
    return N_("the engine failed");
}

const char *session_why(session_code code)
{
    return code == SESSION_OK ? "" : _(why_english(code));
}

const char *session_why_in(session_code code, const char *lang)
{
    return i18n_translate_in((void *)lang, why_english(code));
}

/* A refusal: its code, with its words in *err (may be NULL). */
static session_code refuse(aw_error *err, session_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static session_code refuse(aw_error *err, session_code code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

static void clear_redo(session *s) { s->redo_len = s->redo_groups = 0; }

/* ------------------------------------------------------------- clocks */

static int64_t now_ms(const session *s)
{
    if (s->cfg.now_ms)
        return s->cfg.now_ms(s->cfg.now_ctx);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool clock_on(const session *s) { return s->cfg.clock_base_ms > 0; }

/* A side's time now (below zero once its flag has fallen). */
static int64_t live_remaining(const session *s, int side)
{
    int64_t r = s->remaining[side];
    if (s->running == side)
        r -= now_ms(s) - s->since;
    return r;
}

/* The running side's time is up (the end not yet recorded). */
static bool flag_fallen(const session *s)
{
    return s->running >= 0 && live_remaining(s, s->running) <= 0;
}

/* The game is over as recorded: by its rules, by agreement, or an end of
 * the session's own. */
static bool ended(const session *s)
{
    return s->end != SESSION_END_NONE || aw_game_status(s->game) != AW_ONGOING;
}

/* ... or a flag has fallen. */
static bool finished(const session *s) { return ended(s) || flag_fallen(s); }

/* Keep the times as the start of turn `ply` (a move played: the history
 * beyond it is gone with the redo stack). */
static void clk_keep(session *s, int ply)
{
    if (!clock_on(s))
        return;
    if (ply >= s->clk_cap) {
        const int cap = (ply + 1) * 2;
        int64_t(*c)[2] = realloc(s->clk, (size_t)cap * sizeof *c);
        if (!c)
            return; /* the history is lost beyond here: the times stay */
        s->clk = c;
        s->clk_cap = cap;
    }
    s->clk[ply][0] = s->remaining[0];
    s->clk[ply][1] = s->remaining[1];
    s->clk_len = ply + 1;
}

/* Both clocks full and stopped, for a new game. */
static void clocks_reset(session *s)
{
    s->remaining[0] = s->remaining[1] = s->cfg.clock_base_ms;
    s->running = -1;
    s->started = false;
    s->since = 0;
    s->clk_len = 0;
    clk_keep(s, 0);
}

/* The running side's time is taken now and the clocks stop. */
static void clock_stop(session *s)
{
    if (s->running < 0)
        return;
    const int64_t r = live_remaining(s, s->running);
    s->remaining[s->running] = r > 0 ? r : 0;
    s->running = -1;
}

/* The clocks of the game as it now stands: the side to move's runs from
 * now when they were started and the game goes on. */
static void clock_follow(session *s)
{
    s->running = -1;
    if (clock_on(s) && s->started && !ended(s)) {
        s->running = session_position(s)->side;
        s->since = now_ms(s);
    }
}

/* Back to the start of turn `ply` (undo, redo, a takeback). */
static void clock_back(session *s, int ply)
{
    if (!clock_on(s))
        return;
    if (ply < s->clk_len) {
        s->remaining[0] = s->clk[ply][0];
        s->remaining[1] = s->clk[ply][1];
    }
    clock_follow(s);
}

/* `mover` has just moved: its time taken, the increment added, the other
 * side's time runs (the first move starts the clocks). */
static void clock_moved(session *s, int mover)
{
    if (!clock_on(s))
        return;
    const int64_t t = now_ms(s);
    if (s->running == mover)
        s->remaining[mover] -= t - s->since;
    s->remaining[mover] += s->cfg.clock_increment_ms;
    s->started = true;
    clock_follow(s);
    s->since = t;
    clk_keep(s, aw_game_ply(s->game));
}

/* ------------------------------------------------------------- the tree */

/* Whether `node` ends the main line. */
static bool main_end(const session *s, int node)
{
    return aw_record_node_on_main_line(s->tree, node) &&
           aw_record_node_children(s->tree, node) == 0;
}

/* The child of `node` reached by `move`, or -1. */
static int tree_child(const session *s, int node, aw_move move)
{
    for (int i = 0, c; (c = aw_record_node_child(s->tree, node, i)) >= 0; i++)
        if (aw_record_node_move(s->tree, c) == move)
            return c;
    return -1;
}

/* Whether the main line is a game being played: not over by the rules, by
 * agreement or by an end of the session's own. */
static bool main_unfinished(const session *s)
{
    return aw_game_status(aw_record_game_const(s->tree)) == AW_ONGOING &&
           !(s->end_node >= 0 && main_end(s, s->end_node));
}

/* The tree's game (the main line) ends by agreement exactly when the node
 * agreed on ends the main line (after a change of the main line). */
static void tree_agreement_follow(session *s)
{
    aw_game *g = aw_record_game(s->tree);
    const bool want = s->agreed_node >= 0 && main_end(s, s->agreed_node);
    const bool has = aw_game_status(g) == AW_END_AGREEMENT;
    if (want && !has)
        aw_game_agree(g, NULL);
    else if (!want && has)
        aw_game_undo(g, 1); /* the agreement alone */
}

/* The ends of the current node: those that happened here. */
static void ends_follow(session *s)
{
    s->end = s->node == s->end_node ? s->line_end : SESSION_END_NONE;
    s->end_winner = s->line_end_winner;
    tree_agreement_follow(s);
}

/* `move` was just played on s->game from the current node: the tree
 * follows. The existing child with that move, else a new one: at the end
 * of the main line the game goes on; elsewhere a variation, or without
 * variations the old continuation is cut first. While the main line is a
 * game being played, the child played becomes its parent's first (the
 * main line goes on with it). 0, or -1 with the words (out of memory, a
 * limit of the record). */
static int tree_step(session *s, aw_move move, aw_error *err)
{
    const bool playing = main_unfinished(s);
    int c = tree_child(s, s->node, move);
    if (c < 0 && !s->variations)
        while (aw_record_node_children(s->tree, s->node) > 0)
            if (aw_record_node_delete(s->tree, aw_record_node_child(s->tree, s->node, 0), err))
                return -1;
    if (c < 0 && main_end(s, s->node)) {
        if (aw_game_play(aw_record_game(s->tree), move, err))
            return -1;
        c = aw_record_node_child(s->tree, s->node, 0);
    } else if (c < 0 && (c = aw_record_node_add(s->tree, s->node, move, err)) < 0) {
        return -1;
    }
    if ((playing || !s->variations) && aw_record_node_promote(s->tree, c, err))
        return -1;
    s->node = c;
    tree_agreement_follow(s);
    return 0;
}

/* Back `plies` moves along the current line (undo, a takeback). */
static void tree_back(session *s, int plies)
{
    while (plies-- > 0 && s->node != AW_RECORD_ROOT)
        s->node = aw_record_node_parent(s->tree, s->node);
}

/* The game is about to end at the current node: it becomes the end of the
 * main line (its line promoted every level up; what follows it — moves
 * taken back and not played again — is cut, as the redo stack is). */
static void tree_end_here(session *s)
{
    for (int n = s->node; n != AW_RECORD_ROOT; n = aw_record_node_parent(s->tree, n))
        if (aw_record_node_promote(s->tree, n, NULL))
            break; /* too deep: the line stays where it is */
    while (aw_record_node_children(s->tree, s->node) > 0)
        if (aw_record_node_delete(s->tree, aw_record_node_child(s->tree, s->node, 0), NULL))
            break;
    tree_agreement_follow(s);
}

/* A new tree for the game from its start (a new session, a restart). */
static int tree_reset(session *s)
{
    aw_record *t = aw_record_new(session_rules(s), aw_game_start(s->game));
    if (!t)
        return -1;
    aw_record_free(s->tree);
    s->tree = t;
    s->node = AW_RECORD_ROOT;
    s->line_end = SESSION_END_NONE;
    s->end_node = s->agreed_node = -1;
    return 0;
}

/* An end of the session's own: the clocks stop, no end or takeback is
 * pending any more, nothing to redo. */
static void end_game(session *s, session_end kind, int winner)
{
    clock_stop(s);
    tree_end_here(s);
    s->end = s->line_end = kind;
    s->end_winner = s->line_end_winner = winner;
    s->end_node = s->node;
    if (s->offer_on && s->offer_kind != OFFER_REMATCH)
        s->offer_on = false;
    clear_redo(s);
    check(s);
}

/* A move, an agreement or a takeback: a pending end or takeback is gone. */
static void drop_offer(session *s)
{
    if (s->offer_on && s->offer_kind != OFFER_REMATCH)
        s->offer_on = false;
}

void session_clock_start(session *s)
{
    if (!clock_on(s) || s->running >= 0 || ended(s))
        return;
    s->started = true;
    clock_follow(s);
    check(s);
}

void session_clock_read(const session *s, session_clock *out)
{
    memset(out, 0, sizeof *out);
    out->running = -1;
    if (!clock_on(s))
        return;
    out->on = true;
    out->base_ms = s->cfg.clock_base_ms;
    out->increment_ms = s->cfg.clock_increment_ms;
    for (int side = 0; side < 2; side++) {
        const int64_t r = live_remaining(s, side);
        out->remaining_ms[side] = r > 0 ? r : 0;
    }
    out->running = s->running;
}

void session_clock_restore(session *s, const int64_t remaining_ms[2], bool running)
{
    if (!clock_on(s))
        return;
    for (int side = 0; side < 2; side++)
        s->remaining[side] = remaining_ms[side] > 0 ? remaining_ms[side] : 0;
    clk_keep(s, aw_game_ply(s->game));
    s->started = running;
    clock_follow(s);
    check(s);
}

bool session_clock_check(session *s)
{
    if (!flag_fallen(s))
        return false;
    const int loser = s->running;
    s->remaining[loser] = 0;
    s->running = -1;
    end_game(s, SESSION_END_TIME, !loser);
    return true;
}

session_config session_config_default(void)
{
    session_config c;
    memset(&c, 0, sizeof c);
    c.rules = aw_rules_default();
    c.start = aw_position_start(AW_SOUTH);
    c.level = 3;
    c.movetime_ms = 1000;
    c.hint_ms = 1000;
    c.seed = -1;
    return c;
}

static engine_config player_config(const session_config *c)
{
    engine_config e = engine_config_front();
    e.level = c->level;
    e.threads = c->threads;
    e.hash_mb = c->hash_mb;
    e.seed = c->seed >= 0 ? c->seed : (long long)time(NULL);
    e.tables = c->tables;
    e.book = c->book;
    return e;
}

session *session_new(const session_config *cfg, aw_error *err)
{
    if (cfg->level < 1 || cfg->level > 10) {
        snprintf(err->msg, sizeof err->msg, _("level %d: levels go from 1 to 10"), cfg->level);
        return NULL;
    }
    if (cfg->clock_base_ms < 0 || cfg->clock_base_ms > SESSION_CLOCK_MAX_MS ||
        cfg->clock_increment_ms < 0 || cfg->clock_increment_ms > SESSION_INCREMENT_MAX_MS) {
        snprintf(err->msg, sizeof err->msg,
                 _("clock %lld ms + %lld ms a move: the time goes up to 3 hours, the increment "
                   "to 10 minutes"),
                 (long long)cfg->clock_base_ms, (long long)cfg->clock_increment_ms);
        return NULL;
    }
    session *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    if (s->cfg.clock_base_ms == 0)
        s->cfg.clock_increment_ms = 0;
    clocks_reset(s);
    if (s->cfg.movetime_ms <= 0)
        s->cfg.movetime_ms = 1000;
    if (s->cfg.hint_ms <= 0)
        s->cfg.hint_ms = s->cfg.movetime_ms;
    atomic_init(&s->stopping, false);
    atomic_init(&s->armed, false);
    atomic_init(&s->adviser, NULL);
    s->game = aw_game_new(&cfg->rules, &cfg->start);
    if (!s->game || tree_reset(s)) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        aw_game_free(s->game);
        free(s);
        return NULL;
    }
    s->variations = !clock_on(s);
    if (cfg->computer[0] || cfg->computer[1]) {
        engine_config e = player_config(cfg);
        if (!(s->player = engine_setup_new(&e, err))) {
            session_free(s);
            return NULL;
        }
    }
    check(s);
    return s;
}

void session_free(session *s)
{
    if (!s)
        return;
    aw_engine_free(s->player);
    aw_engine_free(atomic_load(&s->adviser));
    aw_game_free(s->game);
    aw_record_free(s->tree);
    free(s->clk);
    free(s);
}

const session_config *session_get_config(const session *s) { return &s->cfg; }
const aw_game *session_game(const session *s) { return s->game; }
const aw_rules *session_rules(const session *s) { return aw_game_rules(s->game); }
const aw_position *session_position(const session *s) { return aw_game_position(s->game); }

void session_set_tables(session *s, const aw_tables *tables)
{
    s->cfg.tables = tables;
    if (s->player)
        engine_setup_tables(s->player, s->cfg.level, tables);
    aw_engine *a = atomic_load(&s->adviser);
    if (a)
        engine_setup_tables(a, 10, tables);
}

void session_restart(session *s, const aw_position *start)
{
    if (start)
        s->cfg.start = *start;
    aw_game_reset(s->game, &s->cfg.start);
    if (tree_reset(s)) { /* out of memory: the old tree, emptied */
        while (aw_record_node_children(s->tree, AW_RECORD_ROOT) > 0)
            aw_record_node_delete(s->tree, aw_record_node_child(s->tree, AW_RECORD_ROOT, 0),
                                  NULL);
        aw_game_reset(aw_record_game(s->tree), NULL);
        s->node = AW_RECORD_ROOT;
        s->line_end = SESSION_END_NONE;
        s->end_node = s->agreed_node = -1;
    }
    clear_redo(s);
    s->end = SESSION_END_NONE;
    s->offer_on = false;
    clocks_reset(s);
    if (s->player)
        aw_engine_clear(s->player);
    if (atomic_load(&s->adviser))
        aw_engine_clear(atomic_load(&s->adviser));
    check(s);
}

bool session_is_human(const session *s, int side) { return !s->cfg.computer[side & 1]; }

bool session_computer_to_move(const session *s)
{
    return !finished(s) && s->cfg.computer[session_position(s)->side];
}

/* Play a move on the game with its report. */
static int play_move(session *s, aw_move m, aw_move_report *report, aw_error *err)
{
    aw_position p = *session_position(s);
    if (aw_game_play(s->game, m, err))
        return -1;
    if (tree_step(s, m, err)) {
        aw_game_undo(s->game, 1);
        return -1;
    }
    if (report)
        aw_play_report(session_rules(s), &p, m, report);
    return 0;
}

/* Why the game ended when it is an end of the session's own (or a fallen
 * flag), in words; NULL otherwise. */
static const char *own_end_words(const session *s, char *buf, size_t size)
{
    session_end kind = s->end;
    int loser = !s->end_winner;
    if (kind == SESSION_END_NONE && flag_fallen(s)) {
        kind = SESSION_END_TIME;
        loser = s->running;
    }
    switch (kind) {
    case SESSION_END_RESIGNATION:
        snprintf(buf, size, _("%s resigned"), words_side(loser));
        return buf;
    case SESSION_END_TIME:
        snprintf(buf, size, _("%s ran out of time"), words_side(loser));
        return buf;
    case SESSION_END_ABANDONED: snprintf(buf, size, "%s", _("it was abandoned")); return buf;
    default: return NULL;
    }
}

session_code session_ongoing(const session *s, aw_error *err)
{
    const aw_status st = aw_game_status(s->game);
    char why[200];
    if (own_end_words(s, why, sizeof why))
        return refuse(err, SESSION_OVER, _("the game is over: %s"), why);
    if (st == AW_ONGOING)
        return SESSION_OK;
    return refuse(err, SESSION_OVER, _("the game is over: %s"),
                  words_status(st, session_rules(s), session_position(s), why, sizeof why));
}

session_code session_person_turn(const session *s, aw_error *err)
{
    const session_code c = session_ongoing(s, err);
    if (c != SESSION_OK)
        return c;
    if (s->cfg.computer[session_position(s)->side])
        return refuse(err, SESSION_COMPUTERS_TURN, "%s", _("it is the computer's turn"));
    return SESSION_OK;
}

session_code session_computer_turn(const session *s, aw_error *err)
{
    const session_code c = session_ongoing(s, err);
    if (c != SESSION_OK)
        return c;
    if (!s->cfg.computer[session_position(s)->side] || !s->player)
        return refuse(err, SESSION_PERSONS_TURN, "%s", _("it is not the computer's turn"));
    return SESSION_OK;
}

session_code session_may_play(const session *s, aw_move move, aw_error *err)
{
    const session_code c = session_person_turn(s, err);
    if (c != SESSION_OK)
        return c;
    char why[sizeof err->msg];
    if (words_illegal(session_rules(s), session_position(s), move, why, sizeof why))
        return refuse(err, SESSION_ILLEGAL, "%s", why);
    return SESSION_OK;
}

bool session_computer_replies(const session *s, aw_move move)
{
    aw_position after = *session_position(s);
    aw_play(session_rules(s), &after, move);
    return s->cfg.computer[after.side];
}

session_code session_play(session *s, aw_move move, aw_move_report *report, aw_error *err)
{
    session_clock_check(s);
    const session_code c = session_may_play(s, move, err);
    if (c != SESSION_OK)
        return c;
#ifdef FRONT_CHECKS
    const int ply = aw_game_ply(s->game);
#endif
    const int mover = session_position(s)->side;
    if (play_move(s, move, report, err))
        return SESSION_FAILED; /* out of memory: a legal move is played */
    FRONT_ASSERT(aw_game_ply(s->game) == ply + 1);
    clear_redo(s);
    drop_offer(s);
    clock_moved(s, mover);
    check(s);
    return SESSION_OK;
}

static void copy_result(const aw_search_result *res, session_thought *t)
{
    if (!t)
        return;
    t->best = res->best;
    t->book = res->book;
    t->info = res->info;
}

/* Search in the background so that a session_stop that comes between the
 * start and the first node is not lost: the flag is set by session_stop
 * before it stops the engine, and looked at once the engine's search has
 * started (aw_search_start clears the engine's own flag). The session's
 * flag is cleared when the search begins unless session_arm cleared it
 * already: then a stop that came after the arming, before the search began
 * (the worker thread not yet here), still stops it. */
static int think(session *s, aw_engine *e, const aw_limits *limits, aw_info_fn info, void *user,
                 aw_search_result *res, aw_error *err)
{
    if (!atomic_exchange(&s->armed, false))
        atomic_store(&s->stopping, false);
    if (aw_engine_set_game(e, s->game, err))
        return -1;
#if defined(__wasi__)
    /* One thread (the page's Web Worker): the search runs on this one, and
     * nothing else runs meanwhile that could stop it. */
    return aw_search_run(e, limits, info, user, res, err) ? -1 : 0;
#endif
    if (aw_search_start(e, limits, info, NULL, user, err))
        return -1;
    if (atomic_load(&s->stopping))
        aw_search_stop(e);
    return aw_search_wait(e, res) ? -1 : 0;
}

/* The computer's limits: its time per move, or with clocks both sides'
 * times and increments (the engine paces itself on its own). */
static void computer_limits(const session *s, aw_limits *limits)
{
    memset(limits, 0, sizeof *limits);
    if (!clock_on(s)) {
        limits->movetime_ms = s->cfg.movetime_ms;
        return;
    }
    for (int side = 0; side < 2; side++) {
        const int64_t r = live_remaining(s, side);
        limits->time_ms[side] = r > 1 ? r : 1;
        limits->inc_ms[side] = s->cfg.clock_increment_ms;
    }
}

session_code session_computer_think(session *s, aw_info_fn info, void *user,
                                    aw_search_result *res, aw_error *err)
{
    session_clock_check(s);
    const session_code c = session_computer_turn(s, err);
    if (c != SESSION_OK)
        return c;
    session_clock_start(s); /* its thinking is on its clock */
    aw_limits limits;
    computer_limits(s, &limits);
    memset(res, 0, sizeof *res);
    if (think(s, s->player, &limits, info, user, res, err))
        return SESSION_FAILED;
    if (res->best == AW_MOVE_NONE)
        return refuse(err, SESSION_FAILED, "%s", _("the engine found no move"));
    return SESSION_OK;
}

session_code session_computer_move(session *s, const aw_search_result *res,
                                   aw_move_report *report, session_thought *thought,
                                   aw_error *err)
{
    session_clock_check(s);
    const session_code c = session_computer_turn(s, err);
    if (c != SESSION_OK)
        return c;
#ifdef FRONT_CHECKS
    const int ply = aw_game_ply(s->game);
#endif
    const int mover = session_position(s)->side;
    if (play_move(s, res->best, report, err))
        return SESSION_FAILED;
    FRONT_ASSERT(aw_game_ply(s->game) == ply + 1);
    clear_redo(s);
    drop_offer(s);
    clock_moved(s, mover);
    copy_result(res, thought);
    check(s);
    return SESSION_OK;
}

session_code session_computer_play(session *s, aw_info_fn info, void *user,
                                   aw_move_report *report, session_thought *thought,
                                   aw_error *err)
{
    aw_search_result res;
    const session_code c = session_computer_think(s, info, user, &res, err);
    if (c != SESSION_OK)
        return c;
    return session_computer_move(s, &res, report, thought, err);
}

void session_arm(session *s)
{
    atomic_store(&s->stopping, false);
    atomic_store(&s->armed, true);
}

void session_stop(session *s)
{
    atomic_store(&s->stopping, true);
    if (s->player)
        aw_search_stop(s->player);
    aw_engine *a = atomic_load(&s->adviser);
    if (a)
        aw_search_stop(a);
}

int session_undo(session *s)
{
    session_clock_check(s); /* a fallen flag is taken back on its own */
    s->offer_on = false;
    if (s->end != SESSION_END_NONE) { /* a resignation, a loss on time */
        s->end = s->line_end = SESSION_END_NONE;
        s->end_node = -1;
        clock_back(s, aw_game_ply(s->game));
        check(s);
        return 1;
    }
    if (aw_game_status(s->game) == AW_END_AGREEMENT) {
        const int n = aw_game_undo(s->game, 1); /* the agreement alone */
        FRONT_ASSERT(n == 1 && aw_game_status(s->game) == AW_ONGOING);
        s->agreed_node = -1;
        tree_agreement_follow(s);
        clock_back(s, aw_game_ply(s->game));
        check(s);
        return n;
    }
    int undone = 0;
    aw_move moves[REDO_MAX];
    while (aw_game_ply(s->game) > 0 && undone < REDO_MAX) {
        const int ply = aw_game_ply(s->game);
        moves[undone++] = aw_game_move(s->game, ply - 1);
        aw_game_undo(s->game, 1);
        tree_back(s, 1);
        /* Stop at a person's turn; against the computer, at the turn of the
         * person whose move was taken back. */
        if (session_is_human(s, session_position(s)->side))
            break;
    }
    if (undone == 0)
        return 0;
    /* The redo stack holds moves in play order: the oldest of this group
     * first. */
    if (s->redo_len + undone <= REDO_MAX && s->redo_groups < REDO_MAX) {
        for (int i = undone - 1; i >= 0; i--)
            s->redo[s->redo_len++] = moves[i];
        s->redo_group[s->redo_groups++] = undone;
    } else {
        clear_redo(s);
    }
    clock_back(s, aw_game_ply(s->game));
    /* Back at a person's turn (or the start) of a game that goes on. */
    FRONT_ASSERT(aw_game_status(s->game) == AW_ONGOING);
    FRONT_ASSERT(aw_game_ply(s->game) == 0 || undone == REDO_MAX ||
                 session_is_human(s, session_position(s)->side));
    check(s);
    return undone;
}

bool session_can_redo(const session *s) { return s->redo_groups > 0; }

int session_redo(session *s)
{
    if (s->redo_groups == 0 || finished(s))
        return 0;
    const int n = s->redo_group[--s->redo_groups];
    const int from = s->redo_len - n;
    int done = 0;
    for (int i = 0; i < n; i++) {
        if (aw_game_play(s->game, s->redo[from + i], NULL))
            break;
        if (tree_step(s, s->redo[from + i], NULL)) {
            aw_game_undo(s->game, 1);
            break;
        }
        done++;
    }
    ends_follow(s);
    s->redo_len = from;
    clock_back(s, aw_game_ply(s->game));
    check(s);
    return done;
}

static aw_engine *adviser(session *s, aw_error *err)
{
    aw_engine *a = atomic_load(&s->adviser);
    if (!a) {
        engine_config e = engine_config_front();
        e.threads = s->cfg.threads;
        e.hash_mb = s->cfg.hash_mb;
        e.tables = s->cfg.tables;
        e.book = s->cfg.book;
        a = engine_setup_new(&e, err);
        atomic_store(&s->adviser, a);
    }
    return a;
}

session_code session_hint(session *s, int64_t movetime_ms, aw_info_fn info, void *user,
                          session_thought *thought, aw_error *err)
{
    const session_code c = session_ongoing(s, err);
    if (c != SESSION_OK)
        return c;
    aw_engine *e = adviser(s, err);
    if (!e)
        return SESSION_FAILED;
    aw_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.movetime_ms = movetime_ms > 0 ? movetime_ms : s->cfg.hint_ms;
    aw_search_result res;
    memset(&res, 0, sizeof res);
    if (think(s, e, &limits, info, user, &res, err))
        return SESSION_FAILED;
    copy_result(&res, thought);
    return SESSION_OK;
}

session_code session_analyze(session *s, const aw_limits *limits, aw_info_fn info, void *user,
                             aw_search_result *result, aw_error *err)
{
    const session_code c = session_ongoing(s, err);
    if (c != SESSION_OK)
        return c;
    aw_engine *e = adviser(s, err);
    if (!e)
        return SESSION_FAILED;
    /* An analysis searches: the book answers hints, not analyses. */
    aw_engine_set_option(e, "OwnBook", "false", NULL);
    const int rc = think(s, e, limits, info, user, result, err);
    aw_engine_set_option(e, "OwnBook", s->cfg.book ? "true" : "false", NULL);
    return rc ? SESSION_FAILED : SESSION_OK;
}

typedef struct review_ctx {
    session *s;
    int (*progress)(void *ctx, const aw_review *so_far, int reviewing);
    void *ctx;
} review_ctx;

static int review_progress(void *ctx, const aw_review *so_far, int reviewing)
{
    review_ctx *c = ctx;
    const int stop = c->progress ? c->progress(c->ctx, so_far, reviewing) : 0;
    return stop || atomic_load(&c->s->stopping);
}

aw_review *session_review(session *s, int depth,
                          int (*progress)(void *ctx, const aw_review *so_far, int reviewing),
                          void *ctx, aw_error *err)
{
    if (aw_game_ply(s->game) == 0) {
        snprintf(err->msg, sizeof err->msg, "%s", _("no move has been played yet"));
        return NULL;
    }
    aw_engine *e = adviser(s, err);
    if (!e)
        return NULL;
    aw_review_options opt;
    memset(&opt, 0, sizeof opt);
    opt.limits.depth = depth > 0 ? depth : 14;
    if (s->cfg.tables) {
        opt.probe = aw_tables_probe_hook;
        opt.probe_ctx = (void *)s->cfg.tables;
        opt.probe_seeds = aw_tables_seeds(s->cfg.tables);
    }
    review_ctx c = {s, progress, ctx};
    opt.progress = review_progress;
    opt.ctx = &c;
    opt.opening = session_opening(s);
    /* As think: armed, a stop from the arming on is kept (the review asks
     * its callback before the first search, and holds the engine's stops
     * from one search to the next). */
    if (!atomic_exchange(&s->armed, false))
        atomic_store(&s->stopping, false);
    return aw_review_game(e, s->game, &opt, err);
}

bool session_tables_margin(const session *s, int *margin)
{
    const aw_position *p = session_position(s);
    int value;
    if (!s->cfg.tables || finished(s) ||
        !aw_tables_probe_hook((void *)s->cfg.tables, session_rules(s), p, &value))
        return false;
    const int mover_margin = p->score[p->side] - p->score[!p->side] + value;
    *margin = p->side == AW_SOUTH ? mover_margin : -mover_margin;
    return true;
}

bool session_tables_exact(const session *s) { return aw_tables_exact(session_rules(s)); }

/* -1, 0, 1: a loss, a level result, a win, for a final margin. */
static int outcome(int margin) { return (margin > 0) - (margin < 0); }

session_code session_may_agree(const session *s, int proposer, bool *computer_answers,
                               aw_error *why)
{
    const aw_rules *r = session_rules(s);
    const session_code c = session_ongoing(s, why);
    if (c != SESSION_OK)
        return c;
    if (r->agreement == AW_LEFT_FORBIDDEN)
        return refuse(why, SESSION_NO_AGREEMENT,
                      _("the %s rules have no end by agreement: the game is played out"),
                      r->name);
    if (s->cfg.computer[proposer & 1])
        return refuse(why, SESSION_PROPOSER_COMPUTER,
                      _("%s is played by the computer: a person proposes the end"),
                      words_side(proposer & 1));
    if (computer_answers)
        *computer_answers = s->cfg.computer[!(proposer & 1)];
    return SESSION_OK;
}

/* The game ends by agreement. */
static void agreed(session *s)
{
    clock_stop(s);
    tree_end_here(s);
    s->agreed_node = s->node;
    tree_agreement_follow(s);
    const int rc = aw_game_agree(s->game, NULL);
    FRONT_ASSERT(rc == 0 && aw_game_status(s->game) == AW_END_AGREEMENT);
    (void)rc;
    clear_redo(s);
    drop_offer(s);
    check(s);
}

session_code session_agree(session *s, int proposer, agreement_answer *a)
{
    memset(a, 0, sizeof *a);
    session_clock_check(s);
    bool computer_answers = false;
    const session_code c = session_may_agree(s, proposer, &computer_answers, &a->why);
    if (c != SESSION_OK)
        return c;
    if (!computer_answers) {
        a->verdict = AGREE_ASK;
        return SESSION_OK;
    }

    /* The computer's view: what it gets now against what it expects. */
    const aw_rules *r = session_rules(s);
    const aw_position *p = session_position(s);
    const int other = !(proposer & 1);
    aw_final_scores(r, p, AW_END_AGREEMENT, a->agreed);
    a->agreed_margin = a->agreed[other] - a->agreed[!other];
    int expected;
    int south_margin;
    if (session_tables_margin(s, &south_margin)) {
        a->from_tables = true;
        expected = outcome(other == AW_SOUTH ? south_margin : -south_margin);
        a->expected_margin = other == AW_SOUTH ? south_margin : -south_margin;
    } else {
        session_thought t;
        aw_error err;
        memset(&t, 0, sizeof t);
        int64_t ms = s->cfg.hint_ms < 1000 ? s->cfg.hint_ms : 1000;
        if (session_hint(s, ms, NULL, NULL, &t, &err) != SESSION_OK || t.info.lines == 0) {
            expected = 1; /* cannot judge: play on */
            a->expected_margin = 0;
        } else {
            const aw_score *sc = &t.info.line[0].score;
            /* The score is the mover's; the mover may be either side. */
            const int sign = p->side == other ? 1 : -1;
            if (sc->kind != AW_SCORE_SEEDS) {
                a->proven = true;
                a->expected_margin = sign * sc->margin;
                expected = outcome(a->expected_margin);
            } else {
                /* In seeds of the linear model (the network's estimates
                 * spread wider: aw_review_scale, as the review's marks). */
                const int scale = aw_review_scale(atomic_load(&s->adviser), r, p);
                const int v = (int)((long)sign * sc->value * 100 / scale);
                a->expected_margin = (v >= 0 ? v + 50 : v - 50) / 100;
                /* An estimate within a seed of level is a level game. */
                expected = v > 100 ? 1 : v < -100 ? -1 : 0;
            }
        }
    }
    const int now = outcome(a->agreed_margin);
    if (now >= 0 && now >= expected) {
        agreed(s);
        a->verdict = AGREE_ENDED;
        FRONT_ASSERT(a->agreed_margin >= 0); /* the computer never agrees to lose */
    } else {
        a->verdict = AGREE_DECLINED;
    }
    return SESSION_OK;
}

session_code session_agree_accepted(session *s, int proposer, aw_error *why)
{
    session_clock_check(s);
    bool computer_answers = false;
    const session_code c = session_may_agree(s, proposer, &computer_answers, why);
    if (c != SESSION_OK)
        return c;
    if (computer_answers)
        return refuse(why, SESSION_COMPUTER_ANSWERS, "%s", _("the computer answers for itself"));
    agreed(s);
    return SESSION_OK;
}

/* ------------------------------------------------ the end, resignation */

static const char *result_of(int winner)
{
    return winner == AW_SOUTH ? "1-0" : winner == AW_NORTH ? "0-1" : "1/2-1/2";
}

static const char *own_end_word(session_end kind)
{
    switch (kind) {
    case SESSION_END_RESIGNATION: return "resignation";
    case SESSION_END_TIME: return "time forfeit";
    case SESSION_END_ABANDONED: return "abandoned";
    default: return "";
    }
}

void session_result(const session *s, struct session_result *out)
{
    memset(out, 0, sizeof *out);
    out->winner = -1;
    out->result = "*";
    out->reason = "";
    if (s->end != SESSION_END_NONE || flag_fallen(s)) {
        out->over = true;
        out->kind = s->end != SESSION_END_NONE ? s->end : SESSION_END_TIME;
        out->winner = s->end != SESSION_END_NONE ? s->end_winner : !s->running;
        out->result = out->kind == SESSION_END_ABANDONED ? "*" : result_of(out->winner);
        out->reason = own_end_word(out->kind);
        return;
    }
    const aw_status st = aw_game_status(s->game);
    if (st == AW_ONGOING)
        return;
    int sc[2];
    aw_game_scores(s->game, sc);
    out->over = true;
    out->kind = st == AW_END_AGREEMENT ? SESSION_END_AGREEMENT : SESSION_END_RULES;
    out->winner = sc[0] > sc[1] ? AW_SOUTH : sc[0] < sc[1] ? AW_NORTH : -1;
    out->result = result_of(out->winner);
    out->reason = aw_status_word(st);
}

session_code session_resign(session *s, int side, aw_error *err)
{
    session_clock_check(s);
    const session_code c = session_ongoing(s, err);
    if (c != SESSION_OK)
        return c;
    if (s->cfg.computer[side & 1])
        return refuse(err, SESSION_NOT_PERSON, _("%s is played by the computer: it does not resign"),
                      words_side(side & 1));
    end_game(s, SESSION_END_RESIGNATION, !(side & 1));
    return SESSION_OK;
}

void session_abandon(session *s)
{
    if (session_clock_check(s) || ended(s))
        return;
    end_game(s, SESSION_END_ABANDONED, -1);
}

/* ------------------------------------------------- offers between persons */

bool session_offer_pending(const session *s, session_offer_kind *kind, int *by)
{
    if (s->offer_on) {
        if (kind)
            *kind = s->offer_kind;
        if (by)
            *by = s->offer_by;
    }
    return s->offer_on;
}

/* Whether `side` played a move that a takeback can take back. */
static bool has_move(const session *s, int side)
{
    for (int i = aw_game_ply(s->game) - 1; i >= 0; i--)
        if (aw_game_position_at(s->game, i)->side == side)
            return true;
    return false;
}

session_code session_offer(session *s, int side, session_offer_kind kind, aw_error *err)
{
    session_clock_check(s);
    side &= 1;
    if (s->cfg.computer[0] || s->cfg.computer[1])
        return refuse(err, SESSION_NOT_PERSON, "%s",
                      _("offers are made between two persons, not to the computer"));
    if (s->offer_on)
        return refuse(err, SESSION_OFFER_PENDING, _("%s's offer is waiting for its answer"),
                      words_side(s->offer_by));
    session_code c = SESSION_OK;
    switch (kind) {
    case OFFER_END: c = session_may_agree(s, side, NULL, err); break;
    case OFFER_TAKEBACK:
        c = session_ongoing(s, err);
        if (c == SESSION_OK && !has_move(s, side))
            c = refuse(err, SESSION_NO_TAKEBACK, _("%s has no move to take back"),
                       words_side(side));
        break;
    case OFFER_REMATCH:
        if (!finished(s))
            c = refuse(err, SESSION_NOT_OVER, "%s",
                       _("a rematch is offered once the game is over"));
        break;
    default: c = refuse(err, SESSION_FAILED, "unknown offer %d", (int)kind); break;
    }
    if (c != SESSION_OK)
        return c;
    s->offer_on = true;
    s->offer_kind = kind;
    s->offer_by = side;
    check(s);
    return SESSION_OK;
}

/* Moves taken back to `side`'s previous turn, for good (no redo). */
static void take_back(session *s, int side)
{
    int undone = 0;
    while (aw_game_ply(s->game) > 0 && (undone == 0 || session_position(s)->side != side)) {
        aw_game_undo(s->game, 1);
        tree_back(s, 1);
        undone++;
    }
    clear_redo(s);
    clock_back(s, aw_game_ply(s->game));
    FRONT_ASSERT(session_position(s)->side == side);
}

session_code session_offer_answer(session *s, int side, bool accept, aw_error *err)
{
    session_clock_check(s);
    side &= 1;
    if (!s->offer_on)
        return refuse(err, SESSION_NO_OFFER, "%s", _("there is no offer to answer"));
    if (s->offer_by == side)
        return refuse(err, SESSION_OWN_OFFER, _("%s made this offer: %s answers it"),
                      words_side(side), words_side(!side));
    const session_offer_kind kind = s->offer_kind;
    const int by = s->offer_by;
    s->offer_on = false;
    session_code c = SESSION_OK;
    if (accept) {
        switch (kind) {
        case OFFER_END: c = session_agree_accepted(s, by, err); break;
        case OFFER_TAKEBACK:
            c = session_ongoing(s, err);
            if (c == SESSION_OK)
                take_back(s, by);
            break;
        case OFFER_REMATCH: break;
        }
    }
    check(s);
    return c;
}

/* ------------------------------------------------------------- records */

static const char *player_tag(const session *s, int side, char *buf, size_t size)
{
    if (s->cfg.computer[side])
        snprintf(buf, size, "awale (level %d)", s->cfg.level);
    else
        snprintf(buf, size, "player");
    return buf;
}

/* Seconds as a record writes them: "300", "0.5". */
static const char *seconds_text(int64_t ms, char *buf, size_t size)
{
    if (ms % 1000 == 0) {
        snprintf(buf, size, "%lld", (long long)(ms / 1000));
    } else {
        snprintf(buf, size, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
        char *end = buf + strlen(buf);
        while (end[-1] == '0')
            *--end = 0;
    }
    return buf;
}

/* "[%clk 0:04:57]", with tenths when the time is not whole seconds. */
static const char *clk_text(int64_t ms, char *buf, size_t size)
{
    const long long s = ms / 1000, tenths = (ms % 1000) / 100;
    if (tenths)
        snprintf(buf, size, "[%%clk %lld:%02lld:%02lld.%lld]", s / 3600, s / 60 % 60, s % 60, tenths);
    else
        snprintf(buf, size, "[%%clk %lld:%02lld:%02lld]", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

/* The time of a comment's "[%clk H:MM:SS(.d)]" in ms, or -1. */
static int64_t clk_of(const char *comment)
{
    const char *c = comment ? strstr(comment, "[%clk ") : NULL;
    long long h, m;
    double sec;
    char close;
    if (!c || sscanf(c + 6, "%lld:%lld:%lf%c", &h, &m, &sec, &close) != 4 || close != ']' ||
        h < 0 || m < 0 || m > 59 || sec < 0 || sec >= 60 || h > 1000)
        return -1;
    return (h * 3600 + m * 60) * 1000 + (int64_t)(sec * 1000 + 0.5);
}

/* A TimeControl "BASE+INCREMENT" in seconds: true with both in ms. */
static bool time_control_of(const char *text, int64_t *base, int64_t *inc)
{
    char *end;
    const double b = strtod(text, &end);
    if (end == text || *end != '+')
        return false;
    const char *i = end + 1;
    const double n = strtod(i, &end);
    if (end == i || *end || !(b > 0) || !(n >= 0) || b * 1000 > (double)SESSION_CLOCK_MAX_MS ||
        n * 1000 > (double)SESSION_INCREMENT_MAX_MS)
        return false;
    *base = (int64_t)(b * 1000 + 0.5);
    *inc = (int64_t)(n * 1000 + 0.5);
    return *base > 0;
}

/* The clocks in the record: TimeControl, and the mover's time after each
 * move (after "opening" where the set opening ends). 0 or -1. */
static int record_clocks(const session *s, aw_record *rec)
{
    char a[80], b[80], text[200];
    snprintf(text, sizeof text, "%s+%s", seconds_text(s->cfg.clock_base_ms, a, sizeof a),
             seconds_text(s->cfg.clock_increment_ms, b, sizeof b));
    if (aw_record_set_tag(rec, "TimeControl", text, NULL))
        return -1;
    const int n = aw_game_ply(s->game), opening = session_opening(s);
    for (int ply = 1; ply <= n && ply < s->clk_len; ply++) {
        const int mover = aw_game_position_at(s->game, ply - 1)->side;
        clk_text(s->clk[ply][mover], a, sizeof a);
        if (ply == opening)
            snprintf(text, sizeof text, "opening / %s", a);
        else
            snprintf(text, sizeof text, "%s", a);
        if (aw_record_set_comment(rec, ply, text, NULL))
            return -1;
    }
    return 0;
}

/* A copy of a record (through its text: linear, and the text is what a
 * copy must give back); NULL when out of memory or when the record cannot
 * be read back (a game played past the limits of one record). */
static aw_record *record_copy(const aw_record *rec)
{
    char *text = aw_record_format(rec);
    if (!text)
        return NULL;
    const char *p = text;
    aw_record *copy = aw_record_read(&p, NULL, NULL);
    free(text);
    return copy;
}

aw_record *session_record(const session *s)
{
    /* The tree with its variations; without variations (or when the tree
     * cannot be copied), the moves to the current position, as always. */
    aw_record *rec = s->variations ? record_copy(s->tree) : NULL;
    if (!rec) {
        if (!(rec = aw_record_new(session_rules(s), aw_game_start(s->game))))
            return NULL;
        if (aw_record_set_game(rec, s->game, NULL)) {
            aw_record_free(rec);
            return NULL;
        }
    }
    char date[16], buf[64];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    aw_record_set_tag(rec, "Event", "awale play", NULL);
    aw_record_set_tag(rec, "Date", date, NULL);
    aw_record_set_tag(rec, "South", player_tag(s, AW_SOUTH, buf, sizeof buf), NULL);
    aw_record_set_tag(rec, "North", player_tag(s, AW_NORTH, buf, sizeof buf), NULL);
    const int opening = session_opening(s);
    if (opening > 0 && aw_record_set_comment(rec, opening, "opening", NULL)) {
        aw_record_free(rec);
        return NULL;
    }
    if (s->cfg.computer[0] || s->cfg.computer[1]) {
        snprintf(buf, sizeof buf, "%d", s->cfg.level);
        aw_record_set_tag(rec, "Level", buf, NULL);
        snprintf(buf, sizeof buf, "%lld", (long long)s->cfg.movetime_ms);
        aw_record_set_tag(rec, "MoveTime", buf, NULL);
    }
    if (clock_on(s) && record_clocks(s, rec)) {
        aw_record_free(rec);
        return NULL;
    }
    struct session_result r;
    session_result(s, &r);
    if (s->variations && s->end_node >= 0 && main_end(s, s->end_node)) {
        /* the main line's end of the session's own, wherever the node is */
        r.kind = s->line_end;
        r.result = s->line_end == SESSION_END_ABANDONED ? "*" : result_of(s->line_end_winner);
        r.reason = own_end_word(s->line_end);
    } else if (s->variations) {
        r.kind = SESSION_END_NONE;
    }
    if (r.kind == SESSION_END_RESIGNATION || r.kind == SESSION_END_TIME ||
        r.kind == SESSION_END_ABANDONED) {
        aw_record_set_tag(rec, "Result", r.result, NULL);
        aw_record_set_tag(rec, "Termination", r.reason, NULL);
    }
    return rec;
}

char *session_record_text(const session *s)
{
    aw_record *rec = session_record(s);
    char *text = rec ? aw_record_format(rec) : NULL;
    aw_record_free(rec);
    return text;
}

int session_save(const session *s, const char *path, char *msg, size_t size)
{
    char *text = session_record_text(s);
    int rc = -1;
    if (!text)
        snprintf(msg, size, "%s", _("out of memory"));
    else
        rc = textfile_write(path, text, msg, size) ? -1 : 0;
    free(text);
    return rc;
}

/* A resignation, a loss on time, an abandoned game, as the record's
 * Termination and Result say. */
static void own_end_of_record(session *s, const aw_record *rec)
{
    const char *term = aw_record_tag(rec, "Termination");
    const char *result = aw_record_result(rec);
    if (!term || aw_game_status(s->game) != AW_ONGOING)
        return;
    const int winner = strcmp(result, "1-0") == 0 ? AW_SOUTH : strcmp(result, "0-1") == 0 ? AW_NORTH : -1;
    for (session_end k = SESSION_END_RESIGNATION; k <= SESSION_END_ABANDONED; k++)
        if (strcmp(term, own_end_word(k)) == 0) {
            if (k == SESSION_END_TIME && winner >= 0)
                s->remaining[!winner] = 0;
            end_game(s, k, k == SESSION_END_ABANDONED ? -1 : winner);
        }
}

session *session_from_record(const aw_record *rec, const session_config *base, aw_error *err)
{
    const aw_game *g = aw_record_game_const(rec);
    session_config cfg = *base;
    cfg.rules = *aw_game_rules(g);
    cfg.start = *aw_game_start(g);
    /* Players written by session_record: "awale (level N)". */
    const char *level = aw_record_tag(rec, "Level");
    bool tagged = false;
    for (int side = 0; side < 2; side++) {
        const char *name = aw_record_tag(rec, side ? "North" : "South");
        if (name && (strncmp(name, "awale", 5) == 0 || strcmp(name, "player") == 0)) {
            tagged = true;
            cfg.computer[side] = strncmp(name, "awale", 5) == 0;
        }
    }
    if (!tagged) {
        cfg.computer[0] = base->computer[0];
        cfg.computer[1] = base->computer[1];
    }
    if (level) {
        char *end;
        long v = strtol(level, &end, 10);
        if (*end == 0 && v >= 1 && v <= 10)
            cfg.level = (int)v;
    }
    const char *mt = aw_record_tag(rec, "MoveTime");
    if (mt) {
        char *end;
        long long v = strtoll(mt, &end, 10);
        if (*end == 0 && v >= 10 && v <= 3600000)
            cfg.movetime_ms = v;
    }
    /* The clocks: the record's; none when session_record wrote it without */
    const char *tc = aw_record_tag(rec, "TimeControl");
    if (tc && !time_control_of(tc, &cfg.clock_base_ms, &cfg.clock_increment_ms))
        tc = NULL;
    if (!tc && tagged)
        cfg.clock_base_ms = cfg.clock_increment_ms = 0;
    session *s = session_new(&cfg, err);
    if (!s)
        return NULL;
    /* The record's tree; the game: its main line, to the end */
    aw_record *tree = record_copy(rec);
    if (tree) {
        aw_record_free(s->tree);
        s->tree = tree;
        /* the moves only: the tags are the session's (session_record) */
        while (aw_record_tag_count(tree) > 0)
            aw_record_set_tag(tree, aw_record_tag_name(tree, 0), NULL, NULL);
        aw_game *main = aw_record_game(tree);
        if (aw_game_status(main) == AW_END_AGREEMENT) /* set again below, at its node */
            aw_game_undo(main, 1);
    }
    for (int i = 0; i < aw_game_ply(g); i++) {
        const int mover = session_position(s)->side;
        if (aw_game_play(s->game, aw_game_move(g, i), err) ||
            (tree ? (s->node = aw_record_node_child(tree, s->node, 0)) < 0
                  : tree_step(s, aw_game_move(g, i), err) != 0)) {
            session_free(s);
            return NULL;
        }
        const int64_t clk = clk_of(aw_record_comment(rec, i + 1));
        if (clock_on(s) && clk >= 0)
            s->remaining[mover] = clk;
        clk_keep(s, i + 1);
    }
    if (aw_game_status(g) == AW_END_AGREEMENT) {
        s->agreed_node = s->node;
        tree_agreement_follow(s);
        aw_game_agree(s->game, NULL);
    }
    own_end_of_record(s, rec);
    const int opening = aw_review_opening(rec);
    for (int i = 0; i < opening && i < REDO_MAX; i++)
        s->opening[s->opening_len++] = aw_game_move(g, i);
    check(s);
    return s;
}

/* ------------------------------------------------------------- the tree */

const aw_record *session_tree(const session *s) { return s->tree; }
int session_node(const session *s) { return s->node; }
bool session_variations(const session *s) { return s->variations; }

void session_set_variations(session *s, bool on)
{
    s->variations = on && !clock_on(s);
    check(s);
}

static session_code no_variations(const session *s, aw_error *err)
{
    if (s->variations)
        return SESSION_OK;
    return refuse(err, SESSION_NO_VARIATIONS, "%s",
                  _("this game has no variations (clocks, or a game between two devices)"));
}

static session_code no_node(aw_error *err, int node)
{
    (void)node;
    return refuse(err, SESSION_NO_NODE, "%s", _("there is no such move in the game"));
}

/* The game becomes the line to `node` (rebuilt in place: front ends keep
 * session_game's pointer). */
static session_code move_to(session *s, int node, aw_error *err)
{
    const int ply = aw_record_node_ply(s->tree, node);
    aw_move *path = malloc(sizeof *path * (size_t)(ply > 0 ? ply : 1));
    if (!path)
        return refuse(err, SESSION_FAILED, "%s", _("out of memory"));
    int k = ply;
    for (int n = node; n != AW_RECORD_ROOT; n = aw_record_node_parent(s->tree, n))
        path[--k] = aw_record_node_move(s->tree, n);
    aw_game_reset(s->game, NULL);
    for (int i = 0; i < ply; i++)
        if (aw_game_play(s->game, path[i], err)) { /* out of memory */
            free(path);
            return SESSION_FAILED;
        }
    free(path);
    s->node = node;
    if (node == s->agreed_node)
        aw_game_agree(s->game, NULL);
    clear_redo(s);
    s->offer_on = false;
    ends_follow(s);
    return SESSION_OK;
}

session_code session_goto(session *s, int node, aw_error *err)
{
    session_code c = no_variations(s, err);
    if (c != SESSION_OK)
        return c;
    if (!aw_record_node_exists(s->tree, node))
        return no_node(err, node);
    c = move_to(s, node, err);
    check(s);
    return c;
}

session_code session_promote(session *s, int node, aw_error *err)
{
    session_code c = no_variations(s, err);
    if (c != SESSION_OK)
        return c;
    if (!aw_record_node_exists(s->tree, node))
        return no_node(err, node);
    /* from the top: a failure (too deep) leaves the levels above promoted */
    int path[AW_RECORD_DEPTH_MAX + 1], n = 0;
    for (int x = node; x != AW_RECORD_ROOT; x = aw_record_node_parent(s->tree, x))
        if (!aw_record_node_on_main_line(s->tree, x) &&
            aw_record_node_child(s->tree, aw_record_node_parent(s->tree, x), 0) != x &&
            n <= AW_RECORD_DEPTH_MAX)
            path[n++] = x;
    aw_error e;
    while (n-- > 0)
        if (aw_record_node_promote(s->tree, path[n], &e)) {
            c = refuse(err, SESSION_FAILED, "%s", e.msg);
            break;
        }
    ends_follow(s);
    check(s);
    return c;
}

/* Whether `inner` is `top` or comes after it. */
static bool inside(const session *s, int inner, int top)
{
    for (int x = inner; x >= 0; x = aw_record_node_parent(s->tree, x))
        if (x == top)
            return true;
    return false;
}

session_code session_delete_variation(session *s, int node, aw_error *err)
{
    session_code c = no_variations(s, err);
    if (c != SESSION_OK)
        return c;
    if (!aw_record_node_exists(s->tree, node) || node == AW_RECORD_ROOT)
        return no_node(err, node);
    if (aw_record_node_on_main_line(s->tree, node))
        return refuse(err, SESSION_MAIN_LINE, "%s", _("the main line cannot be deleted"));
    if (inside(s, s->node, node) &&
        (c = move_to(s, aw_record_node_parent(s->tree, node), err)) != SESSION_OK)
        return c;
    if (s->end_node >= 0 && inside(s, s->end_node, node)) {
        s->line_end = SESSION_END_NONE;
        s->end_node = -1;
    }
    if (s->agreed_node >= 0 && inside(s, s->agreed_node, node))
        s->agreed_node = -1;
    aw_error e;
    if (aw_record_node_delete(s->tree, node, &e))
        c = refuse(err, SESSION_FAILED, "%s", e.msg);
    ends_follow(s);
    check(s);
    return c;
}

session_code session_main_line(session *s, aw_error *err)
{
    session_code c = no_variations(s, err);
    if (c != SESSION_OK)
        return c;
    int n = s->node;
    while (!aw_record_node_on_main_line(s->tree, n))
        n = aw_record_node_parent(s->tree, n);
    if (n != s->node)
        c = move_to(s, n, err);
    check(s);
    return c;
}

int session_add_review_lines(session *s, const aw_review *review)
{
    if (!s->variations || !review)
        return 0;
    int added = 0;
    /* the nodes of the current line, by ply */
    const int ply = aw_game_ply(s->game);
    int *line = malloc(sizeof *line * (size_t)(ply + 1));
    if (!line)
        return 0;
    for (int n = s->node, k = ply; k >= 0; n = aw_record_node_parent(s->tree, n))
        line[k--] = n;
    for (int i = 0; i < review->count; i++) {
        const aw_review_move *m = &review->move[i];
        if (m->ply < 0 || m->ply >= ply ||
            aw_record_node_move(s->tree, line[m->ply + 1]) != m->played)
            break; /* not this game's move */
        if (m->mark != AW_MARK_DUBIOUS && m->mark != AW_MARK_MISTAKE &&
            m->mark != AW_MARK_BLUNDER)
            continue;
        aw_record_node_set_mark(s->tree, line[m->ply + 1], m->mark, NULL);
        if (m->pv_length <= 0 || m->pv[0] == m->played)
            continue;
        int n = line[m->ply];
        const bool is_new = tree_child(s, n, m->pv[0]) < 0;
        int first = -1;
        for (int j = 0; j < m->pv_length && j < AW_SEARCH_MAX_PV; j++) {
            aw_error e;
            if ((n = aw_record_node_add(s->tree, n, m->pv[j], &e)) < 0)
                break; /* not playable there (or a limit): the line stops */
            if (j == 0)
                first = n;
        }
        added += is_new && first >= 0;
    }
    free(line);
    check(s);
    return added;
}

int session_opening(const session *s)
{
    const int n = aw_game_ply(s->game);
    int k = 0;
    while (k < s->opening_len && k < n && aw_game_move(s->game, k) == s->opening[k])
        k++;
    return k;
}
