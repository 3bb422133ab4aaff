/*
 * trainer.c - learn from your mistakes (trainer.h, docs/trainer.md): the
 * exercises of a finished review and the judgement of each move tried.
 *
 * The trainer owns a copy of the game and, per exercise, what the review
 * said of the move (best move, value, line) plus the hint worked out once
 * from the position: the best move's capture (aw_play_report), else the
 * capture it prevents (the opponent's largest immediate capture after the
 * move played against after the best move), else the half of the row it is
 * in. A move tried is valued as the review valued moves: by the endgame
 * tables when the review's value came from them (exact margins), else by a
 * search of that move alone (aw_limits.only) with the review's limits, on
 * the caller's engine (which has the book and tables the review had: a book
 * position answers from the book). Values are compared in the review's
 * order (a proven result first, then seeds): a move is accepted when it
 * keeps the best move's proven result, or throws none away and costs less
 * than AW_REVIEW_INACCURACY (times aw_review_scale for a search's values).
 *
 * Invariants: exercise states only go forward (OPEN -> RETRY -> SECOND or
 * SHOWN; OPEN -> FIRST); a stopped search counts nothing.
 */
#include "front/trainer.h"

#include "front/i18n.h"
#include "front/words.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct trainer {
    aw_game *game;
    int side;
    trainer_options opt;
    int count;
    trainer_exercise *ex;
    _Atomic(aw_engine *) engine; /* while trainer_try searches */
    atomic_bool stop;
};

static void fail(aw_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void fail(aw_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

static int seeds_on_board(const aw_position *p)
{
    int n = 0;
    for (int i = 0; i < AW_PITS; i++)
        n += p->pits[i];
    return n;
}

static aw_score exact_score(int margin)
{
    aw_score s;
    memset(&s, 0, sizeof s);
    s.kind = margin > 0 ? AW_SCORE_WIN : margin < 0 ? AW_SCORE_LOSS : AW_SCORE_DRAW;
    s.margin = margin;
    s.value = 100 * margin;
    return s;
}

/* The exact final margin (mover's view) after `move` from the tables, or
 * the end of the game; false when they do not answer. */
static bool table_margin(const trainer *t, const aw_position *pos, aw_move move, int *margin)
{
    const aw_rules *rules = aw_game_rules(t->game);
    aw_position c = *pos;
    const int me = pos->side;
    aw_play(rules, &c, move);
    const aw_status st = aw_position_status(rules, &c);
    if (st != AW_ONGOING) {
        int sc[2];
        aw_final_scores(rules, &c, st, sc);
        *margin = sc[me] - sc[!me];
        return true;
    }
    int net;
    if (!t->opt.probe || seeds_on_board(&c) > t->opt.probe_seeds ||
        !t->opt.probe(t->opt.probe_ctx, rules, &c, &net))
        return false;
    *margin = c.score[me] - c.score[!me] - net;
    return true;
}

/* ------------------------------------------------------------ hints */

/* The largest capture the side to move can make at once in *pos. */
static int threat(const aw_rules *rules, const aw_position *pos)
{
    if (aw_position_status(rules, pos) != AW_ONGOING)
        return 0;
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(rules, pos, moves);
    int most = 0;
    for (int i = 0; i < n; i++) {
        aw_position c = *pos;
        const int got = aw_play(rules, &c, moves[i]);
        if (got > most)
            most = got;
    }
    return most;
}

static void make_hint(const aw_rules *rules, trainer_exercise *e)
{
    trainer_hint *h = &e->hint;
    memset(h, 0, sizeof *h);
    aw_position after_best = e->position, after_played = e->position;
    aw_move_report rep;
    memset(&rep, 0, sizeof rep);
    const int got = aw_play_report(rules, &after_best, e->best, &rep);
    aw_play(rules, &after_played, e->played);
    if (got > 0) {
        h->kind = TRAINER_HINT_CAPTURES;
        h->seeds = got;
        h->npits = rep.npits < AW_ROW ? rep.npits : AW_ROW;
        memcpy(h->pits, rep.pits, (size_t)h->npits);
        return;
    }
    const int tp = threat(rules, &after_played), tb = threat(rules, &after_best);
    if (tp > tb) {
        h->kind = TRAINER_HINT_STOPS;
        h->seeds = tp - tb;
        return;
    }
    h->kind = TRAINER_HINT_HALF;
    if (e->best == AW_MOVE_PASS || e->best == AW_MOVE_NONE)
        return;
    const int col = AW_MOVE_PIT(e->best) % AW_ROW;
    h->half = col >= AW_ROW / 2;
    const int base = (e->mover == AW_SOUTH ? 0 : AW_ROW) + (h->half ? AW_ROW / 2 : 0);
    h->npits = AW_ROW / 2;
    for (int k = 0; k < h->npits; k++)
        h->pits[k] = (uint8_t)(base + k);
}

/* ------------------------------------------------------------ making */

static aw_game *game_upto(const aw_game *g, int ply, aw_error *err)
{
    aw_game *c = aw_game_new(aw_game_rules(g), aw_game_start(g));
    if (!c) {
        fail(err, "out of memory");
        return NULL;
    }
    for (int i = 0; i < ply; i++)
        if (aw_game_play(c, aw_game_move(g, i), err)) {
            aw_game_free(c);
            return NULL;
        }
    return c;
}

static bool is_exercise(const aw_review_move *m, int side)
{
    return (m->mark == AW_MARK_DUBIOUS || m->mark == AW_MARK_MISTAKE ||
            m->mark == AW_MARK_BLUNDER) &&
           !m->opening && m->legal > 1 && m->best != m->played && m->best != AW_MOVE_NONE &&
           (side == TRAINER_BOTH || side == m->mover);
}

trainer *trainer_new(const aw_game *game, const aw_review *review, const trainer_options *opt,
                     aw_error *err)
{
    if (!review || review->count < review->total || review->total <= 0) {
        fail(err, "%s", _("the review is not finished: learn from your mistakes after a "
                                  "complete review"));
        return NULL;
    }
    if (aw_game_ply(game) < review->total) {
        fail(err, "%s", _("the review is not of this game"));
        return NULL;
    }
    for (int k = 0; k < review->total; k++)
        if (aw_game_move(game, k) != review->move[k].played) {
            fail(err, "%s", _("the review is not of this game"));
            return NULL;
        }
    trainer *t = calloc(1, sizeof *t);
    if (!t || !(t->game = game_upto(game, review->total, err))) {
        free(t);
        fail(err, "out of memory");
        return NULL;
    }
    t->opt = *opt;
    t->side = opt->side;
    atomic_init(&t->engine, NULL);
    atomic_init(&t->stop, false);
    int n = 0;
    for (int k = 0; k < review->total; k++)
        n += is_exercise(&review->move[k], t->side);
    t->ex = calloc((size_t)(n ? n : 1), sizeof *t->ex);
    if (!t->ex) {
        trainer_free(t);
        fail(err, "out of memory");
        return NULL;
    }
    const aw_rules *rules = aw_game_rules(t->game);
    for (int k = 0; k < review->total; k++) {
        const aw_review_move *m = &review->move[k];
        if (!is_exercise(m, t->side))
            continue;
        trainer_exercise *e = &t->ex[t->count++];
        e->ply = k;
        e->mover = m->mover;
        e->number = words_move_row(t->game, k + 1);
        e->position = *aw_game_position_at(t->game, k);
        e->played = m->played;
        e->best = m->best;
        e->mark = m->mark;
        e->best_score = m->best_score;
        e->source = m->source;
        e->depth = m->depth;
        e->pv_length = m->pv_length;
        memcpy(e->pv, m->pv, sizeof e->pv);
        if (e->pv_length <= 0 || e->pv[0] != e->best) {
            e->pv[0] = e->best;
            e->pv_length = 1;
        }
        e->tried[0] = e->tried[1] = AW_MOVE_NONE;
        make_hint(rules, e);
    }
    return t;
}

void trainer_free(trainer *t)
{
    if (!t)
        return;
    aw_game_free(t->game);
    free(t->ex);
    free(t);
}

int trainer_count(const trainer *t) { return t->count; }
int trainer_side(const trainer *t) { return t->side; }
const aw_rules *trainer_rules(const trainer *t) { return aw_game_rules(t->game); }

const trainer_exercise *trainer_get(const trainer *t, int i)
{
    return i >= 0 && i < t->count ? &t->ex[i] : NULL;
}

static bool done(const trainer_exercise *e)
{
    return e->state == TRAINER_FIRST || e->state == TRAINER_SECOND || e->state == TRAINER_SHOWN;
}

int trainer_next(const trainer *t, int from)
{
    if (from < 0 || from >= t->count)
        from = 0;
    for (int k = 0; k < t->count; k++) {
        const int i = (from + k) % t->count;
        if (!done(&t->ex[i]))
            return i;
    }
    return t->count;
}

aw_game *trainer_game_before(const trainer *t, int i, aw_error *err)
{
    if (i < 0 || i >= t->count) {
        fail(err, _("no exercise %d (there are %d)"), i, t->count);
        return NULL;
    }
    return game_upto(t->game, t->ex[i].ply, err);
}

/* ------------------------------------------------------------ trying */

void trainer_stop(trainer *t)
{
    atomic_store(&t->stop, true);
    aw_engine *e = atomic_load(&t->engine);
    if (e)
        aw_search_stop(e);
}

/* The value of `move` (mover's view): 0, 1 stopped, -1 error. */
static int value_of(trainer *t, int i, aw_move move, aw_engine *engine, aw_score *out,
                    aw_error *err)
{
    const trainer_exercise *e = &t->ex[i];
    int margin;
    if (e->source == AW_REVIEW_TABLES && table_margin(t, &e->position, move, &margin)) {
        *out = exact_score(margin);
        return 0;
    }
    aw_game *g = trainer_game_before(t, i, err);
    if (!g)
        return -1;
    /* A fresh table, as the review's searches (the same answer for the
     * same move, whatever was searched before). */
    aw_engine_clear(engine);
    int rc = aw_engine_set_game(engine, g, err);
    aw_game_free(g);
    if (rc)
        return -1;
    aw_limits lim = t->opt.limits;
    if (!lim.depth && !lim.nodes && !lim.movetime_ms)
        lim.depth = 14;
    lim.infinite = lim.ponder = false;
    lim.time_ms[0] = lim.time_ms[1] = lim.inc_ms[0] = lim.inc_ms[1] = 0;
    lim.multipv = 1;
    lim.only = &move;
    lim.only_count = 1;
    aw_search_result res;
    atomic_store(&t->engine, engine);
    if (atomic_load(&t->stop)) {
        atomic_store(&t->engine, NULL);
        return 1;
    }
    rc = aw_search_run(engine, &lim, NULL, NULL, &res, err);
    atomic_store(&t->engine, NULL);
    if (rc)
        return -1;
    if (atomic_load(&t->stop) || res.info.lines < 1 || (!res.book && !res.tables && res.info.depth == 0))
        return 1;
    *out = res.info.line[0].score;
    return 0;
}

static void fill_answer(trainer *t, int i, trainer_verdict *v)
{
    char answer[600];
    trainer_answer_words(t, i, answer, sizeof answer);
    v->kind = TRAINER_ANSWER;
    t->ex[i].state = TRAINER_SHOWN;
    snprintf(v->words + strlen(v->words), sizeof v->words - strlen(v->words), "%s%s",
             v->words[0] ? " " : "", answer);
}

int trainer_try(trainer *t, int i, aw_move move, aw_engine *engine, trainer_verdict *v,
                aw_error *err)
{
    memset(v, 0, sizeof *v);
    if (i < 0 || i >= t->count) {
        fail(err, _("no exercise %d (there are %d)"), i, t->count);
        return -1;
    }
    trainer_exercise *e = &t->ex[i];
    if (done(e)) {
        fail(err, "%s", _("this exercise is done: go on to the next one"));
        return -1;
    }
    const aw_rules *rules = aw_game_rules(t->game);
    char mv[AW_MOVE_MAX], why[300];
    if (!aw_is_legal(rules, &e->position, move)) {
        if (words_illegal(rules, &e->position, move, why, sizeof why))
            fail(err, "%s", why);
        else
            fail(err, "%s", _("that move cannot be played here"));
        return -1;
    }
    aw_move_format(rules, move, mv);
    const bool second = e->state == TRAINER_RETRY;
    v->played = move == e->played;
    bool accepted = false;
    if (move == e->best) {
        accepted = true;
        v->kind = TRAINER_BEST;
        v->valued = true;
        v->score = e->best_score;
        e->state = second ? TRAINER_SECOND : TRAINER_FIRST;
        snprintf(v->words, sizeof v->words, _("Yes: %s is the best move."), mv);
    } else if (v->played) {
        snprintf(v->words, sizeof v->words, _("%s is the move you played in the game."), mv);
    } else {
        atomic_store(&t->stop, false);
        const int rc = value_of(t, i, move, engine, &v->score, err);
        if (rc)
            return rc;
        v->valued = true;
        /* Judged as the review judges (accepted: no mark), on the scale of
         * the engine's estimates where the review's value came from a
         * search (aw_review_scale). */
        const int scale =
            e->source == AW_REVIEW_SEARCH ? aw_review_scale(engine, rules, &e->position) : 100;
        const bool ok = aw_review_judge(&e->best_score, &v->score, scale, &v->loss) == AW_MARK_NONE;
        char mine[96], best[96], bm[AW_MOVE_MAX];
        words_score_you(&v->score, mine, sizeof mine);
        words_score_you(&e->best_score, best, sizeof best);
        aw_move_format(rules, e->best, bm);
        if (ok) {
            accepted = true;
            v->kind = TRAINER_GOOD;
            e->state = second ? TRAINER_SECOND : TRAINER_FIRST;
            snprintf(v->words, sizeof v->words,
                     _("Good: %s is about as good as the best move, %s (%s)."), mv, bm, mine);
        } else {
            snprintf(v->words, sizeof v->words,
                     _("%s is not good enough: %s; with the best move, %s."), mv, mine, best);
        }
    }
    if (!accepted) {
        e->tried[second] = move;
        if (second) {
            fill_answer(t, i, v);
        } else {
            v->kind = TRAINER_MISS;
            e->state = TRAINER_RETRY;
            trainer_hint_words(t, i, v->hint, sizeof v->hint);
            snprintf(v->words + strlen(v->words), sizeof v->words - strlen(v->words), " %s",
                     _("Try again."));
        }
    } else {
        e->tried[second] = move;
    }
    v->next = trainer_next(t, i);
    return 0;
}

int trainer_show(trainer *t, int i, trainer_verdict *v, aw_error *err)
{
    memset(v, 0, sizeof *v);
    if (i < 0 || i >= t->count) {
        fail(err, _("no exercise %d (there are %d)"), i, t->count);
        return -1;
    }
    if (done(&t->ex[i])) {
        fail(err, "%s", _("this exercise is done: go on to the next one"));
        return -1;
    }
    fill_answer(t, i, v);
    v->next = trainer_next(t, i);
    return 0;
}

void trainer_get_progress(const trainer *t, trainer_progress *p)
{
    memset(p, 0, sizeof *p);
    p->total = t->count;
    for (int i = 0; i < t->count; i++)
        switch (t->ex[i].state) {
        case TRAINER_FIRST: p->first++; break;
        case TRAINER_SECOND: p->second++; break;
        case TRAINER_SHOWN: p->shown++; break;
        default: p->open++; break;
        }
}

/* ------------------------------------------------------------ words */

const char *trainer_task_words(const trainer *t, int i, char *buf, size_t size)
{
    const trainer_exercise *e = trainer_get(t, i);
    if (!e) {
        snprintf(buf, size, "%s", "");
        return buf;
    }
    snprintf(buf, size, _("Find a better move for %s (move %d)."), words_side(e->mover), e->number);
    return buf;
}

static const char *pit_list(const uint8_t *pits, int n, char *buf, size_t size)
{
    buf[0] = 0;
    for (int k = 0; k < n; k++) {
        char p[4];
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", k ? ", " : "",
                 words_pit(pits[k], p));
    }
    return buf;
}

const char *trainer_hint_words(const trainer *t, int i, char *buf, size_t size)
{
    const trainer_exercise *e = trainer_get(t, i);
    char list[64];
    if (!e) {
        snprintf(buf, size, "%s", "");
        return buf;
    }
    const trainer_hint *h = &e->hint;
    pit_list(h->pits, h->npits, list, sizeof list);
    switch (h->kind) {
    case TRAINER_HINT_CAPTURES:
        snprintf(buf, size,
                 P_("Hint: the best move captures %d seed (from %s).",
                    "Hint: the best move captures %d seeds (from %s).", h->seeds),
                 h->seeds, list);
        break;
    case TRAINER_HINT_STOPS:
        snprintf(buf, size,
                 P_("Hint: the best move stops a capture of %d seed.",
                    "Hint: the best move stops a capture of %d seeds.", h->seeds),
                 h->seeds);
        break;
    default:
        if (!h->npits)
            snprintf(buf, size, "%s", _("Hint: look again at every pit of your row."));
        else if (h->half)
            snprintf(buf, size, _("Hint: the best move is in the right half of your row (%s)."),
                     list);
        else
            snprintf(buf, size, _("Hint: the best move is in the left half of your row (%s)."),
                     list);
        break;
    }
    return buf;
}

const char *trainer_answer_words(const trainer *t, int i, char *buf, size_t size)
{
    const trainer_exercise *e = trainer_get(t, i);
    if (!e) {
        snprintf(buf, size, "%s", "");
        return buf;
    }
    const aw_rules *rules = aw_game_rules(t->game);
    char mv[AW_MOVE_MAX], score[96], line[600];
    aw_move_format(rules, e->best, mv);
    words_score_you(&e->best_score, score, sizeof score);
    words_line(rules, &e->position, e->pv, e->pv_length < 10 ? e->pv_length : 10, line,
               sizeof line);
    snprintf(buf, size, _("The best move was %s (%s). The line: %s."), mv, score, line);
    return buf;
}

const char *trainer_summary_words(const trainer *t, char *buf, size_t size)
{
    trainer_progress p;
    trainer_get_progress(t, &p);
    if (p.total == 0) {
        snprintf(buf, size, "%s",
                 _("Nothing to learn here: the review marked none of these moves ?!, ? or ??."));
        return buf;
    }
    snprintf(buf, size,
             P_("%d exercise: found at the first try %d, at the second %d, answer shown %d.",
                "%d exercises: found at the first try %d, at the second %d, answers shown %d.",
                p.total),
             p.total, p.first, p.second, p.shown);
    return buf;
}

const char *trainer_state_name(trainer_state s)
{
    static const char *const n[] = {"open", "retry", "first", "second", "shown"};
    return (unsigned)s < 5 ? n[s] : "open";
}

const char *trainer_verdict_name(trainer_verdict_kind k)
{
    static const char *const n[] = {"best", "good", "miss", "answer"};
    return (unsigned)k < 4 ? n[k] : "miss";
}

const char *trainer_hint_name(trainer_hint_kind k)
{
    static const char *const n[] = {"captures", "stops", "half"};
    return (unsigned)k < 3 ? n[k] : "half";
}
