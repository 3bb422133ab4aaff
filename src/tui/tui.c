/*
 * tui.c - the full-screen game: the controller. It owns the session and
 * the state of the screen (tui_internal.h), turns keys into moves and
 * commands, and asks the session for every decision of play: a refusal
 * comes back as a reason code with its words, which it shows. The engine
 * runs in a background thread (jobs.c) so that the screen, drawn by draw.c
 * (and review.c for the review), stays alive while it thinks: the thinking
 * can be watched in the analysis panel and cut short with Esc.
 *
 * While the thread runs, the session belongs to it: the screen draws from
 * copies (the position shown, the moves played) taken when it was idle,
 * and any command that changes the game first stops the thread.
 */
#include "tui/tui_internal.h"

#include "front/i18n.h"
#include "front/interrupt.h"
#include "front/players.h"
#include "front/textfile.h"
#include "front/words.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static session *volatile interrupted_session;

static void on_interrupt(void)
{
    if (interrupted_session)
        session_stop(interrupted_session);
}

/* ------------------------------------------------------------ the state */

void tui_note(tui *t, attr_t attr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->note, sizeof t->note, fmt, ap);
    va_end(ap);
    t->note_attr = attr;
}

void tui_labels(tui *t)
{
    const session_config *c = session_get_config(t->s);
    for (int side = 0; side < 2; side++) {
        if (c->computer[side])
            snprintf(t->label[side], sizeof t->label[side], _("%s %s computer, level %d"),
                     words_side(side), screen_glyphs()->mid, c->level);
        else if (players_against_computer(t->s))
            snprintf(t->label[side], sizeof t->label[side], _("%s %s you"), words_side(side),
                     screen_glyphs()->mid);
        else
            snprintf(t->label[side], sizeof t->label[side], "%s", words_side(side));
        t->view.label[side] = t->label[side];
    }
}

/* The pit under a side's cursor. */
static int cursor_pit(const tui *t, int side)
{
    for (int pit = side * AW_ROW; pit < side * AW_ROW + AW_ROW; pit++)
        if (board_pit_column(&t->view, pit) == t->col[side])
            return pit;
    return side * AW_ROW;
}

/* ------------------------------------------------------------- commands */

void tui_relayout(tui *t)
{
    t->lay = t->review_mode ? screen_layout_review()
                            : screen_layout(!t->trainer_mode && (t->set->analysis || t->set->moves));
    clear();
}

/* A person's move: played, said in words, animated; the computer starts
 * thinking about its reply while the animation runs. */
static void play_move(tui *t, aw_move m)
{
    tui_idle(t);
    t->choosing_dir = false;
    t->view.direction = 0;
    aw_move_report report;
    aw_error err;
    char text[AW_MOVE_MAX];
    const aw_position before = t->view.pos;
    switch (session_play(t->s, m, &report, &err)) {
    case SESSION_OK: break;
    case SESSION_OVER:
        if (!t->over)
            tui_sync(t); /* a flag fell: the end is said */
        else
            tui_note(t, screen_attr(CP_ERROR), "%s", _("The game is over: n starts a new one."));
        return;
    default:
        tui_note(t, screen_attr(CP_ERROR), _("%s cannot be played: %s."),
                 aw_move_format(tui_rules(t), m, text), err.msg);
        return;
    }
    t->note[0] = 0;
    t->view.pos = before;
    aw_play(tui_rules(t), &t->view.pos, m); /* the position the computer thinks about */
    tui_clock_copy(t);
    if (session_computer_to_move(t->s))
        tui_start_job(t, JOB_COMPUTER); /* thinks during the animation */
    tui_show_move(t, &before, &report, false, true);
    if (!t->running)
        tui_sync(t);
    else {
        /* the copies follow the move without the session */
        t->tables = false;
        if (t->hist_len >= t->hist_cap) {
            aw_move *h = realloc(t->hist, (size_t)(t->hist_cap + 16) * 2 * sizeof *h);
            if (h) {
                t->hist = h;
                t->hist_cap = (t->hist_cap + 16) * 2;
            }
        }
        if (t->hist_len < t->hist_cap)
            t->hist[t->hist_len++] = m;
        pthread_mutex_lock(&t->lock);
        t->live_pos = t->view.pos;
        pthread_mutex_unlock(&t->lock);
    }
}

/* Whether a person may act on the board now. */
static bool person_to_move(tui *t)
{
    return !t->over && !(t->running && t->job == JOB_COMPUTER) &&
           session_is_human(t->s, t->view.pos.side);
}

/* The pit chosen: an Oware move, or the direction to choose next. */
static void choose_pit(tui *t, int pit)
{
    const aw_position *p = &t->view.pos;
    if (!person_to_move(t)) {
        if (t->over)
            tui_note(t, screen_attr(CP_ERROR), "%s", _("The game is over: n starts a new one."));
        else
            tui_note(t, screen_attr(CP_ERROR), "%s", _("It is the computer's turn."));
        return;
    }
    if (tui_rules(t)->family != AW_FAMILY_RELAY) {
        play_move(t, (aw_move)pit);
        return;
    }
    /* Relay: a pit that cannot start a move in either direction is
     * explained now; otherwise the direction comes next. */
    char why[300], text[AW_MOVE_MAX];
    if (!aw_is_legal(tui_rules(t), p, (aw_move)pit) && !aw_is_legal(tui_rules(t), p, (aw_move)pit | AW_MOVE_CW)) {
        words_illegal(tui_rules(t), p, (aw_move)pit, why, sizeof why);
        words_pit(pit, text);
        tui_note(t, screen_attr(CP_ERROR), _("%s cannot be played: %s."), text, why);
        return;
    }
    if (pit / AW_ROW == p->side)
        t->col[p->side] = board_pit_column(&t->view, pit);
    t->choosing_dir = true;
    t->view.cursor = pit;
    t->view.direction = 1;
    t->note[0] = 0;
}

/* Relay: sow towards the screen's left or right (dx -1 or +1). */
static void choose_direction(tui *t, int dx)
{
    const int pit = t->view.cursor, next = (pit + 1) % AW_PITS, prev = (pit + AW_PITS - 1) % AW_PITS;
    /* Counterclockwise goes to the next pit; on the screen that is to the
     * right when the next pit (or, at a row's end, the pit before) says so. */
    const bool ccw_right = next / AW_ROW == pit / AW_ROW
                               ? board_pit_column(&t->view, next) > board_pit_column(&t->view, pit)
                               : board_pit_column(&t->view, pit) > board_pit_column(&t->view, prev);
    const bool ccw = (dx > 0) == ccw_right;
    play_move(t, (aw_move)(pit | (ccw ? 0 : AW_MOVE_CW)));
}

static void undo(tui *t)
{
    tui_idle(t);
    t->choosing_dir = false;
    session_clock_check(t->s);
    struct session_result ended;
    session_result(t->s, &ended);
    const int n = session_undo(t->s);
    if (n == 0) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("Nothing to undo."));
        return;
    }
    t->msg[0] = t->prev[0] = 0;
    t->view.last = -1;
    t->view.captured = 0;
    /* the copies still hold the moves taken back */
    char taken[512];
    const int shown = n < t->hist_len ? n : t->hist_len;
    words_moves(tui_rules(t), t->hist + t->hist_len - shown, shown, taken, sizeof taken);
    if (ended.kind == SESSION_END_AGREEMENT)
        tui_note(t, screen_attr(CP_INFO), "%s", _("Took back the end by agreement."));
    else if (ended.kind == SESSION_END_RESIGNATION)
        tui_note(t, screen_attr(CP_INFO), "%s", _("Took back the resignation."));
    else if (ended.kind == SESSION_END_TIME)
        tui_note(t, screen_attr(CP_INFO), "%s",
                 _("Took back the loss on time: the turn starts again with its time."));
    else
        tui_note(t, screen_attr(CP_INFO), P_("Took back %d move: %s.", "Took back %d moves: %s.", n),
                 n, taken);
    tui_sync(t);
}

static void redo(tui *t)
{
    tui_idle(t);
    t->choosing_dir = false;
    const int n = session_redo(t->s);
    if (n == 0) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("Nothing to redo."));
        return;
    }
    t->msg[0] = t->prev[0] = 0;
    tui_sync(t);
    char again[512];
    const int shown = n < t->hist_len ? n : t->hist_len;
    words_moves(tui_rules(t), t->hist + t->hist_len - shown, shown, again, sizeof again);
    tui_note(t, screen_attr(CP_INFO),
             P_("Played %d move again: %s.", "Played %d moves again: %s.", n), n, again);
}

static void hint(tui *t)
{
    if (t->over) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("The game is over."));
        return;
    }
    if (t->running && t->job == JOB_COMPUTER) {
        tui_note(t, screen_attr(CP_ERROR), "%s", _("It is the computer's turn."));
        return;
    }
    tui_idle(t);
    tui_start_job(t, JOB_HINT);
}

/* Replace the session (the thread is idle). */
static void replace_session(tui *t, session *s)
{
    interrupted_session = NULL;
    session_free(t->s);
    t->s = s;
    t->env->s = s;
    interrupted_session = s;
    t->msg[0] = t->prev[0] = 0;
    t->note[0] = 0;
    t->view.last = -1;
    t->view.captured = 0;
    t->choosing_dir = false;
    t->status = AW_ONGOING;
    t->over = false;
    aw_review_free(t->review);
    t->review = NULL;
    if (t->review_mode)
        tui_review_leave(t);
    t->col[0] = t->col[1] = 2;
    tui_sync(t);
}

/* A session from a callback, with stderr kept off the screen (building
 * endgame tables prints notes there). */
static int quiet_stderr(void)
{
    fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        dup2(fileno(null), STDERR_FILENO);
        fclose(null);
    }
    return saved;
}

static void restore_stderr(int saved)
{
    fflush(stderr);
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
}

static void new_game(tui *t)
{
    tui_idle(t);
    const session_config *c = session_get_config(t->s);
    newgame ng;
    memset(&ng, 0, sizeof ng);
    char diff[200], custom[260];
    const bool modified = aw_rules_diff(&c->rules, diff, sizeof diff) > 0;
    snprintf(custom, sizeof custom, "%s %s", c->rules.name, diff);
    for (int i = 0; i < aw_rules_preset_count(); i++)
        if (strcmp(aw_rules_preset_name(i), c->rules.name) == 0)
            ng.preset = i;
    ng.keep_rules = modified;
    ng.human = !c->computer[0] && !c->computer[1];
    ng.level = c->level;
    ng.side = players_seat(t->s);
    ng.first = c->start.side;
    ng.movetime = c->movetime_ms;
    const bool ok = dialog_newgame(&ng, modified ? custom : NULL);
    clear();
    if (!ok)
        return;
    session_config cfg = *c;
    if (!ng.keep_rules)
        aw_rules_preset(aw_rules_preset_name(ng.preset), &cfg.rules, NULL);
    cfg.start = aw_position_start(ng.first);
    cfg.computer[0] = !ng.human && ng.side != AW_SOUTH;
    cfg.computer[1] = !ng.human && ng.side != AW_NORTH;
    cfg.level = ng.level;
    cfg.movetime_ms = ng.movetime;
    cfg.hint_ms = ng.movetime;
    char msg[512];
    const int saved = quiet_stderr();
    session *s = t->env->make(t->env->ctx, &cfg, msg, sizeof msg);
    restore_stderr(saved);
    if (!s) {
        tui_note(t, screen_attr(CP_ERROR), _("No new game: %s."), msg);
        return;
    }
    replace_session(t, s);
    settings *set = t->set;
    set->game_valid = true;
    snprintf(set->rules, sizeof set->rules, "%s", aw_rules_preset_name(ng.preset));
    set->human = ng.human;
    set->level = ng.level;
    set->side = ng.side;
    set->first = ng.first;
    set->movetime = ng.movetime;
    settings_save(set, msg, sizeof msg);
    tui_note(t, screen_attr(CP_INFO), _("New game: %s rules, %s moves first."), cfg.rules.name,
             words_side(ng.first));
}

bool tui_new_session(tui *t, const session_config *cfg, char *msg, size_t size)
{
    tui_idle(t);
    const int saved = quiet_stderr();
    session *s = t->env->make(t->env->ctx, cfg, msg, size);
    restore_stderr(saved);
    if (!s)
        return false;
    replace_session(t, s);
    return true;
}

static void save_game(tui *t)
{
    tui_idle(t);
    if (!t->path[0])
        snprintf(t->path, sizeof t->path, "awale-game.txt");
    const bool ok = dialog_text(_("Save the game"), _("File to save the game record to:"), t->path,
                                sizeof t->path);
    clear();
    if (!ok)
        return;
    char msg[512];
    if (session_save(t->s, t->path, msg, sizeof msg))
        tui_note(t, screen_attr(CP_ERROR), _("Cannot save: %s."), msg);
    else
        tui_note(t, screen_attr(CP_INFO),
                 P_("Saved the game (%d move) to %s.", "Saved the game (%d moves) to %s.",
                    words_move_row(session_game(t->s), t->hist_len)),
                 words_move_row(session_game(t->s), t->hist_len), t->path);
}

static void load_game(tui *t)
{
    tui_idle(t);
    char good[sizeof t->path];
    snprintf(good, sizeof good, "%s", t->path);
    const bool ok = dialog_text(_("Load a game"), _("Game record file to continue:"), t->path,
                                sizeof t->path);
    clear();
    if (!ok) {
        snprintf(t->path, sizeof t->path, "%s", good);
        return;
    }
    char msg[512];
    char *text = textfile_read(t->path, (size_t)16 << 20, msg, sizeof msg);
    if (!text) {
        tui_note(t, screen_attr(CP_ERROR), _("Cannot load: %s."), msg);
        snprintf(t->path, sizeof t->path, "%s", good); /* the name that worked last */
        return;
    }
    const int saved = quiet_stderr();
    session *s = t->env->from_text(t->env->ctx, session_get_config(t->s), text, t->path, msg,
                                   sizeof msg);
    restore_stderr(saved);
    free(text);
    if (!s) {
        tui_note(t, screen_attr(CP_ERROR), _("Cannot load %s."), msg);
        snprintf(t->path, sizeof t->path, "%s", good);
        return;
    }
    replace_session(t, s);
    tui_note(t, screen_attr(CP_INFO),
             P_("Loaded %s: %d move, %s rules.", "Loaded %s: %d moves, %s rules.",
                words_move_row(session_game(t->s), t->hist_len)),
             t->path, words_move_row(session_game(t->s), t->hist_len), tui_rules(t)->name);
    if (t->over)
        tui_announce_end(t);
}

static void agree(tui *t)
{
    tui_idle(t);
    const aw_position *pos = &t->view.pos;
    const session_config *c = session_get_config(t->s);
    const int proposer = players_proposer(t->s);
    agreement_answer a;
    char result[128], question[400];
    tui_note(t, screen_attr(CP_INFO), "%s", _("The computer considers your proposal..."));
    tui_draw(t);
    if (session_agree(t->s, proposer, &a) != SESSION_OK) {
        tui_note(t, screen_attr(CP_ERROR), _("No end by agreement: %s."), a.why.msg);
        return;
    }
    switch (a.verdict) {
    case AGREE_ASK: {
        int sc[2];
        aw_final_scores(&c->rules, pos, AW_END_AGREEMENT, sc);
        snprintf(question, sizeof question,
                 _("%s proposes to end the game here (final score %s). %s, do you agree?"),
                 words_side(proposer), words_result(sc, result, sizeof result),
                 words_side(!proposer));
        const bool yes = dialog_yesno(_("End by agreement"), question);
        clear();
        if (yes) {
            session_agree_accepted(t->s, proposer, NULL);
            tui_sync(t);
        } else {
            tui_note(t, screen_attr(CP_INFO), _("%s declines: play on."), words_side(!proposer));
        }
        return;
    }
    case AGREE_ENDED:
        tui_sync(t); /* says the end */
        {
            char end[sizeof t->note];
            snprintf(end, sizeof end, "%s", t->note);
            tui_note(t, screen_attr(CP_TURN), "%s %s", _("The computer accepts."), end);
        }
        return;
    case AGREE_DECLINED: break;
    }
    char said[512];
    tui_note(t, screen_attr(CP_ERROR), "%s",
             words_declined(&a, session_tables_exact(t->s), said, sizeof said));
}

/* x: the person (against the computer), else the side to move, resigns. */
static void resign(tui *t)
{
    tui_idle(t);
    aw_error err;
    if (session_ongoing(t->s, &err) != SESSION_OK) {
        tui_note(t, screen_attr(CP_ERROR), _("No resignation: %s."), err.msg);
        return;
    }
    const int side = players_proposer(t->s);
    char question[200];
    if (players_against_computer(t->s))
        snprintf(question, sizeof question, "%s", _("Resign the game? The computer wins."));
    else
        snprintf(question, sizeof question, _("%s resigns the game? %s wins."), words_side(side),
                 words_side(!side));
    const bool yes = dialog_yesno(_("Resign"), question);
    clear();
    if (!yes)
        return;
    if (session_resign(t->s, side, &err) != SESSION_OK) {
        tui_sync(t); /* a flag may have fallen meanwhile */
        tui_note(t, screen_attr(CP_ERROR), _("No resignation: %s."), err.msg);
        return;
    }
    tui_sync(t); /* says the end */
}

void tui_help(tui *t)
{
    char text[8192], words[256], howto[AW_HOWTO_MAX];
    /* How to play, a paragraph a line, then each rule of the set. */
    snprintf(text, sizeof text, _("How to play (%s):\n"), tui_rules(t)->name);
    words_howto(tui_rules(t), howto, sizeof howto);
    for (const char *s = howto; *s;) {
        const size_t n = strcspn(s, "\n");
        const size_t used = strlen(text);
        snprintf(text + used, sizeof text - used, "  - %.*s\n", (int)n, s);
        s += n + (s[n] == '\n');
    }
    const size_t used = strlen(text);
    snprintf(text + used, sizeof text - used, _("\nRule set %s:\n"), tui_rules(t)->name);
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        if (aw_rules_param_applies(tui_rules(t), name) && words_rule(tui_rules(t), name, words, sizeof words)) {
            strncat(text, "  - ", sizeof text - strlen(text) - 1);
            strncat(text, words, sizeof text - strlen(text) - 1);
            strncat(text, "\n", sizeof text - strlen(text) - 1);
        }
    }
    dialog_help(tui_rules(t)->family == AW_FAMILY_RELAY, text);
    clear();
}

static void options(tui *t)
{
    const bool changed = dialog_options(t->set);
    clear();
    if (!changed)
        return;
    i18n_set_language(strcmp(t->set->lang, "auto") == 0 ? i18n_env_language() : t->set->lang);
    screen_apply(t->set);
    tui_labels(t);
    char msg[512];
    if (settings_save(t->set, msg, sizeof msg))
        tui_note(t, screen_attr(CP_ERROR), _("The settings could not be saved: %s."), msg);
    else
        tui_note(t, screen_attr(CP_INFO), "%s", _("Options saved."));
    tui_relayout(t);
}

static void toggle_panel(tui *t, bool *flag)
{
    *flag = !*flag;
    char msg[512];
    settings_save(t->set, msg, sizeof msg);
    if (!t->set->analysis && t->running && t->job == JOB_ANALYSIS)
        tui_idle(t);
    tui_relayout(t);
}

static bool confirm_quit(tui *t)
{
    if (t->over || t->hist_len == 0)
        return true;
    const bool yes = dialog_yesno(_("Quit"), _("The game is not over. Quit anyway? It is kept: "
                                               "'awale play --resume' continues it."));
    clear();
    return yes;
}

/* A key while a side's person is to move, or anything else. */
static bool handle(tui *t, action a)
{
    const aw_position *p = &t->view.pos;
    if (t->running && t->job == JOB_REVIEW) {
        /* any key cancels the review */
        if (a.kind == ACT_RESIZE || a.kind == ACT_REDRAW) {
            tui_relayout(t);
        } else {
            atomic_store(&t->review_cancel, true);
            tui_idle(t);
        }
        return true;
    }
    if (t->trainer_mode) {
        tui_trainer_key(t, a);
        return true;
    }
    if (t->review_mode) {
        tui_review_key(t, a);
        return true;
    }
    if (t->tree_mode) {
        tui_tree_key(t, a);
        return true;
    }
    switch (a.kind) {
    case ACT_REVIEW: tui_review(t); break;
    case ACT_TREE: tui_tree_enter(t); break;
    case ACT_QUIT: return !confirm_quit(t);
    case ACT_RESIZE:
    case ACT_REDRAW: tui_relayout(t); break;
    case ACT_HELP: tui_help(t); break;
    case ACT_HINT: hint(t); break;
    case ACT_UNDO: undo(t); break;
    case ACT_REDO: redo(t); break;
    case ACT_NEW: new_game(t); break;
    case ACT_OTHER:
        if (a.key == 'p' || a.key == 'P')
            tui_editor(t);
        break;
    case ACT_SAVE: save_game(t); break;
    case ACT_LOAD: load_game(t); break;
    case ACT_AGREE: agree(t); break;
    case ACT_RESIGN: resign(t); break;
    case ACT_OPTIONS: options(t); break;
    case ACT_ANALYSIS: toggle_panel(t, &t->set->analysis); break;
    case ACT_MOVES: toggle_panel(t, &t->set->moves); break;
    case ACT_CANCEL:
        if (t->choosing_dir) {
            t->choosing_dir = false;
            t->view.direction = 0;
        } else if (t->running && (t->job == JOB_COMPUTER || t->job == JOB_HINT)) {
            session_stop(t->s); /* play now: the best move found so far */
        }
        break;
    case ACT_LEFT:
    case ACT_RIGHT:
    case ACT_MINUS:
    case ACT_PLUS: {
        const int dx = a.kind == ACT_LEFT || a.kind == ACT_MINUS ? -1 : 1;
        if (t->choosing_dir) {
            /* + and - are the notation's directions; arrows the screen's */
            if (a.kind == ACT_PLUS || a.kind == ACT_MINUS)
                play_move(t, (aw_move)(t->view.cursor | (a.kind == ACT_MINUS ? AW_MOVE_CW : 0)));
            else
                choose_direction(t, dx);
        } else if (person_to_move(t) && (a.kind == ACT_LEFT || a.kind == ACT_RIGHT)) {
            int *col = &t->col[p->side];
            *col = *col + dx < 0 ? 0 : *col + dx > 5 ? 5 : *col + dx;
            t->note[0] = 0;
        }
        break;
    }
    case ACT_PLAY:
        if (t->choosing_dir)
            break;
        if (person_to_move(t)) {
            aw_move only[AW_MAX_MOVES];
            const int n = aw_generate(tui_rules(t), p, only);
            if (n == 1 && only[0] == AW_MOVE_PASS)
                play_move(t, AW_MOVE_PASS);
            else
                choose_pit(t, cursor_pit(t, p->side));
        } else if (t->over) {
            tui_note(t, screen_attr(CP_ERROR), "%s", _("The game is over: n starts a new one."));
        }
        break;
    case ACT_PIT:
        /* The letter in either case: the pit of the player to move. */
        if (!t->choosing_dir)
            choose_pit(t, p->side * AW_ROW + a.arg);
        break;
    case ACT_CLICK: {
        const int pit = board_pit_at(&t->lay, &t->view, a.arg / 1000, a.arg % 1000);
        if (pit >= 0 && t->choosing_dir && pit != t->view.cursor) {
            /* a click beside the chosen pit, on its row: that direction */
            if (pit / AW_ROW == t->view.cursor / AW_ROW)
                choose_direction(t, board_pit_column(&t->view, pit) >
                                            board_pit_column(&t->view, t->view.cursor)
                                        ? 1
                                        : -1);
        } else if (pit >= 0 && !t->choosing_dir) {
            choose_pit(t, pit);
        }
        break;
    }
    default: break;
    }
    return true;
}

int tui_run(tui_env *env)
{
    tui t;
    memset(&t, 0, sizeof t);
    t.env = env;
    t.s = env->s;
    t.set = env->set;
    t.status = AW_ONGOING;
    t.over = false;
    t.col[0] = t.col[1] = 2;
    t.view.cursor = t.view.last = t.view.sowing = -1;
    t.view.to_move_marked = true;
    pthread_mutex_init(&t.lock, NULL);
    atomic_init(&t.done, true);

    interrupted_session = t.s;
    interrupt_guard ig;
    interrupt_catch(&ig, 0, on_interrupt);

    if (!screen_init(t.set)) {
        interrupt_release(&ig);
        interrupted_session = NULL;
        pthread_mutex_destroy(&t.lock);
        return -1;
    }
    input_init();
    t.lay = screen_layout(t.set->analysis || t.set->moves);
    tui_sync(&t);
    if (env->notes && env->notes[0])
        tui_note(&t, screen_attr(CP_ERROR), "%s", env->notes);
    else if (env->resumed)
        tui_note(&t, screen_attr(CP_INFO),
                 P_("Resuming the unfinished game (%d move).",
                    "Resuming the unfinished game (%d moves).",
                    words_move_row(session_game(t.s), t.hist_len)),
                 words_move_row(session_game(t.s), t.hist_len));
    else if (players_against_computer(t.s)) {
        const session_config *c = session_get_config(t.s);
        tui_note(&t, screen_attr(CP_INFO), _("You play %s against the computer at level %d: it %s."),
                 words_side(players_seat(t.s)), c->level, words_level(c->level));
    } else {
        tui_note(&t, screen_attr(CP_INFO), "%s", _("Two players at one keyboard: South plays A-F, North a-f."));
    }
    if (t.over)
        tui_announce_end(&t);

    for (;;) {
        tui_next_job(&t);
        /* the cursor shows where a person would play */
        if (!t.choosing_dir) {
            t.view.cursor = person_to_move(&t) && !t.lay.too_small ? cursor_pit(&t, t.view.pos.side) : -1;
            t.view.direction = 0;
        }
        tui_draw(&t);
        /* a running clock is drawn again every tenth of a second or so */
        const bool ticking = t.clock.on && t.clock.running >= 0 && !t.over;
        action a = input_read(t.running || ticking || tui_trainer_busy(&t) ? 120 : 1000);
        if (interrupt_caught())
            break;
        t.spin++;
        if (t.running && atomic_load(&t.done))
            tui_finish_job(&t, true);
        tui_trainer_poll(&t);
        /* a person's flag fell: the end now, not at the next key */
        if (ticking && tui_clock_show(&t) && !(t.running && t.job == JOB_COMPUTER)) {
            tui_idle(&t);
            if (session_clock_check(t.s))
                tui_sync(&t);
        }
        if (a.kind == ACT_NONE)
            continue;
        if (t.lay.too_small && a.kind != ACT_QUIT && a.kind != ACT_RESIZE)
            continue;
        if (!handle(&t, a))
            break;
    }
    tui_idle(&t);
    tui_trainer_free(&t);
    screen_end();
    interrupt_release(&ig);
    interrupted_session = NULL;
    env->s = t.s;
    free(t.hist);
    tui_tree_free(&t);
    aw_review_free(t.review);
    pthread_mutex_destroy(&t.lock);
    return interrupt_caught() ? 130 : 0;
}
