/*
 * review.c - the review of a game (docs/review.md) for the API: a
 * background job on the pool that runs the library's review
 * (aw_review_game, aw_review_resume) on the worker's own engine over a copy
 * of the game's moves, beside the game's own jobs; its progress published
 * under the game's lock after every search, read as JSON by
 * GET /api/games/ID/review.
 *
 * Bounded: one review per game, each search limited (depth, and a time
 * that --max-movetime bounds), on the pool's background workers (a review
 * goes before the analyses, and a move or a hint that needs the worker
 * stops it; it then goes on where it was). Deleting the game, its expiry,
 * a new review or the server's stop ends it at once: its search is stopped.
 *
 * Ownership: a review job holds a reference to its game from review_start
 * on; the pool frees it (review_job_free, its `free` callback) once it is off its
 * worker and queues, and only that drops the reference (pool.h). A job
 * paused for a move asks the pool to queue it again (pool_job_again) rather
 * than submitting itself. The game's review points at its job (`job`) only
 * while that job is queued or running and still the game's: the job clears
 * it, under the game's lock, when it ends; a job replaced by a new review
 * is told so (`ended`) and finds itself no longer the game's.
 */
#include "web/internal.h"
#if defined(__wasi__)
#include "wasm/pool_single.h"
#endif

#include "front/engine_setup.h"
#include "front/words.h"
#include "web/events.h"
#include "web/jsonout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct game_review {
    review_state state;
    char error[256];
    int depth;
    int64_t movetime_ms;
    aw_game *game;        /* the game reviewed (its moves: the review's total) */
    aw_review *done;      /* what is reviewed so far (a copy the job publishes) */
    struct review_job *job; /* queued or running; NULL when none */
    bool lines_stored;    /* its better lines are in the game's tree (or cannot be) */
};

typedef struct review_job {
    web_job base;
    web_app *a;
    web_game *g;
    aw_game *game;         /* the job's own copy of the game */
    aw_review *work;       /* its review (NULL: not begun) */
    int depth;
    int64_t movetime_ms;
    int opening;           /* the set opening's moves: not judged */
    atomic_bool cancelled; /* the pool wants the worker back: pause */
    atomic_bool ended;     /* replaced, the game gone, the server stopping */
    _Atomic(aw_engine *) engine; /* while it reviews: to stop its search */
} review_job;

/* ------------------------------------------------------------ helpers */

static aw_game *copy_game(const aw_game *g)
{
    aw_game *c = aw_game_new(aw_game_rules(g), aw_game_start(g));
    for (int i = 0; c && i < aw_game_ply(g); i++)
        if (aw_game_play(c, aw_game_move(g, i), NULL)) {
            aw_game_free(c);
            return NULL;
        }
    return c;
}

static aw_review *copy_review(const aw_review *r)
{
    aw_review *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *r;
    c->move = malloc(sizeof *c->move * (size_t)(r->total ? r->total : 1));
    if (!c->move) {
        free(c);
        return NULL;
    }
    memcpy(c->move, r->move, sizeof *c->move * (size_t)r->count);
    return c;
}

/* Whether `a`'s first n moves are `b`'s. */
static bool same_moves(const aw_game *a, const aw_game *b, int n)
{
    if (aw_game_ply(a) < n || aw_game_ply(b) < n)
        return false;
    for (int i = 0; i < n; i++)
        if (aw_game_move(a, i) != aw_game_move(b, i))
            return false;
    return true;
}

static bool same_start(const aw_game *a, const aw_game *b)
{
    char x[600], y[600], p[AW_POSITION_MAX], q[AW_POSITION_MAX];
    aw_rules_diff(aw_game_rules(a), x, sizeof x);
    aw_rules_diff(aw_game_rules(b), y, sizeof y);
    return strcmp(aw_game_rules(a)->name, aw_game_rules(b)->name) == 0 && strcmp(x, y) == 0 &&
           strcmp(aw_position_format(aw_game_start(a), p),
                  aw_position_format(aw_game_start(b), q)) == 0;
}

/* Publish the job's review so far (lock held): a copy for the readers, and
 * the values of the positions for the evaluation graph. */
static void publish(web_game *g, game_review *gr, const aw_review *r, const aw_game *game)
{
    const int before = gr->done ? gr->done->count : 0;
    if (gr->done && gr->done->count == r->count && gr->done->total == r->total)
        return;
    aw_review *c = copy_review(r);
    if (!c)
        return;
    aw_review_free(gr->done);
    gr->done = c;
    for (int k = before; k < r->count; k++) {
        const aw_review_move *m = &r->move[k];
        state_store_eval(g, k, aw_game_position_at(game, k), m->source == AW_REVIEW_SEARCH ? m->depth : 1,
                         &m->best_score, m->source == AW_REVIEW_TABLES);
    }
}

/* A review done: its better lines go into the game's tree as variations
 * of the moves they judge (session_add_review_lines), once, when the
 * session is free (no job on it: else at the next look or change) and its
 * game (the current line) still begins with the moves reviewed. Lock held. */
void review_store_lines(web_app *a, web_game *g)
{
    game_review *gr = g->review;
    if (!gr || gr->lines_stored || gr->state != REVIEW_DONE || !gr->done || g->job != JOB_NONE ||
        g->gone)
        return;
    gr->lines_stored = true;
    const aw_game *now = session_game(g->s);
    if (!same_start(gr->game, now) || !same_moves(gr->game, now, aw_game_ply(gr->game)))
        return;
    const int added = session_add_review_lines(g->s, gr->done);
    if (added > 0)
        json_decref(events_changed(a, g, "tree", json_pack("{s:s, s:i}", "action", "review",
                                                            "added", added)));
}

/* ------------------------------------------------------------ the job */

/* A stop at any moment of the review ends it: between two of its searches
 * the engine holds it for the next (aw_review_game), and one that came
 * before the review began is seen by on_progress, asked first. */
static void review_cancel(web_job *job)
{
    review_job *j = (review_job *)job;
    atomic_store(&j->cancelled, true);
    aw_engine *e = atomic_load(&j->engine);
    if (e)
        aw_search_stop(e);
}

static int on_progress(void *ctx, const aw_review *so_far, int reviewing)
{
    (void)reviewing;
    review_job *j = ctx;
    web_game *g = j->g;
    pthread_mutex_lock(&g->lock);
    game_review *gr = g->review;
    const bool mine = gr && gr->job == j;
    if (mine)
        publish(g, gr, so_far, j->game);
    pthread_mutex_unlock(&g->lock);
#if defined(__wasi__)
    /* One thread (the page's worker): the review goes on in slices, paused
     * as for a move, so that the worker reads its messages between two
     * (src/wasm/pool_single.c). */
    if (mine && pool_slice_over(j->a->pool))
        atomic_store(&j->cancelled, true);
#endif
    return !mine || atomic_load(&j->cancelled) || atomic_load(&j->ended) || g->gone ||
           atomic_load(&j->a->stopping) || pool_stopping(j->a->pool);
}

static void review_job_free(web_job *job)
{
    review_job *j = (review_job *)job;
    aw_game_free(j->game);
    aw_review_free(j->work);
    registry_put(j->g);
    free(j);
}

static void review_run(web_job *job, pool_worker *w)
{
    review_job *j = (review_job *)job;
    web_app *a = j->a;
    web_game *g = j->g;
    const aw_rules rules = *aw_game_rules(j->game);
    pthread_mutex_lock(&g->lock);
    game_review *gr = g->review;
    bool mine = gr && gr->job == j && !g->gone && !atomic_load(&j->ended) &&
                !atomic_load(&a->stopping) && !pool_stopping(a->pool);
    if (mine)
        gr->state = REVIEW_RUNNING;
    pthread_mutex_unlock(&g->lock);
    aw_error err = {{0}};
    int rc = 0;
    const aw_tables *tables = mine ? app_tables(a, &rules) : NULL;
    if (mine && !w->engine) {
        engine_config ec = engine_config_front();
        ec.hash_mb = a->cfg.hash_mb;
        w->engine = engine_setup_new(&ec, &err);
        if (!w->engine)
            rc = -1;
    }
    if (mine && rc == 0) {
        /* Full strength with the book and the tables of the game's rules;
         * the worker's engine goes back to its plain self after. */
        engine_config ec = engine_config_front();
        ec.hash_mb = a->cfg.hash_mb;
        ec.tables = tables;
        ec.book = app_book(a, &rules);
        rc = engine_setup_apply(w->engine, &ec, &err);
    }
    if (mine && rc == 0) {
        aw_review_options opt;
        memset(&opt, 0, sizeof opt);
        opt.limits.depth = j->depth;
        opt.limits.movetime_ms = j->movetime_ms;
        if (tables) {
            opt.probe = aw_tables_probe_hook;
            opt.probe_ctx = (void *)tables;
            opt.probe_seeds = aw_tables_seeds(tables);
        }
        opt.progress = on_progress;
        opt.ctx = j;
        opt.opening = j->opening;
        atomic_store(&j->engine, w->engine);
        /* Stopped before the engine was known: do not begin. */
        if (atomic_load(&j->cancelled) || atomic_load(&j->ended)) {
        } else if (!j->work) {
            j->work = aw_review_game(w->engine, j->game, &opt, &err);
            rc = j->work ? 0 : -1;
        } else {
            rc = aw_review_resume(w->engine, j->game, j->work, &opt, &err);
        }
        atomic_store(&j->engine, NULL);
        engine_config plain = engine_config_front();
        plain.hash_mb = a->cfg.hash_mb;
        aw_error ignored;
        engine_setup_apply(w->engine, &plain, &ignored);
    }
    pthread_mutex_lock(&g->lock);
    gr = g->review;
    bool again = false;
    if (gr && gr->job == j) { /* still the game's review (not replaced) */
        if (j->work)
            publish(g, gr, j->work, j->game);
        if (rc != 0) {
            gr->state = REVIEW_FAILED;
            snprintf(gr->error, sizeof gr->error, "%s", err.msg[0] ? err.msg : "out of memory");
        } else if (j->work && j->work->count == j->work->total) {
            gr->state = REVIEW_DONE;
        } else if (mine && atomic_load(&j->cancelled) && !atomic_load(&j->ended) && !g->gone &&
                   !atomic_load(&a->stopping) && !pool_stopping(a->pool)) {
            /* The worker was wanted for a move: go on later where it was. */
            gr->state = REVIEW_QUEUED;
            again = true;
        } else {
            gr->state = REVIEW_STOPPED;
        }
        if (!again)
            gr->job = NULL;
    }
    review_store_lines(a, g);
    pthread_mutex_unlock(&g->lock);
    if (again) {
        atomic_store(&j->cancelled, false);
        pool_job_again(w);
    }
}

/* ------------------------------------------------------------ the API */

const char *review_state_word(review_state s)
{
    static const char *const words[] = {"none", "queued", "running", "done", "stopped", "failed"};
    return (unsigned)s < sizeof words / sizeof words[0] ? words[s] : "none";
}

static const char *mark_name(aw_mark m)
{
    switch (m) {
    case AW_MARK_BRILLIANT: return "brilliant";
    case AW_MARK_GOOD: return "good";
    case AW_MARK_DUBIOUS: return "inaccuracy";
    case AW_MARK_MISTAKE: return "mistake";
    case AW_MARK_BLUNDER: return "blunder";
    case AW_MARK_INTERESTING: return "interesting";
    default: return NULL;
    }
}

static const char *source_word(aw_review_source s)
{
    return s == AW_REVIEW_TABLES ? "tables" : s == AW_REVIEW_BOOK ? "book" : "search";
}

static json_t *side_json(const aw_review_side *s)
{
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:f}", "moves", s->moves, "blunders",
                     s->marks[AW_MARK_BLUNDER], "mistakes", s->marks[AW_MARK_MISTAKE],
                     "inaccuracies", s->marks[AW_MARK_DUBIOUS], "good", s->marks[AW_MARK_GOOD],
                     "brilliant", s->marks[AW_MARK_BRILLIANT], "average_loss",
                     (double)(long)(s->average_loss * 100 + 0.5) / 100);
}

/* The reviewed moves and the summary (the library's English comments in
 * "text", from the record it annotates). */
static void moves_json(const game_review *gr, json_t *o)
{
    const aw_review *r = gr->done;
    const aw_game *game = gr->game;
    const aw_rules *rules = aw_game_rules(game);
    json_t *list = json_array();
    aw_record *rec = NULL;
    if (r && r->count > 0 && (rec = aw_record_new(rules, aw_game_start(game)))) {
        if (aw_record_set_game(rec, game, NULL) || aw_review_annotate(r, rec, NULL, NULL)) {
            aw_record_free(rec);
            rec = NULL;
        }
    }
    for (int k = 0; r && k < r->count; k++) {
        const aw_review_move *m = &r->move[k];
        const aw_position *pos = aw_game_position_at(game, k);
        json_t *line = json_array();
        for (int i = 0; i < m->pv_length; i++)
            json_array_append_new(line, jo_move(rules, m->pv[i]));
        char words[1024];
        const char *comment = rec ? aw_record_comment(rec, k + 1) : NULL;
        json_t *mv = json_pack(
            "{s:i, s:o, s:s, s:s?, s:s?, s:o, s:o, s:o, s:i, s:b, s:s, s:b, s:i, s:i, s:o, s:s, "
            "s:s?}",
            "ply", k + 1, "move", jo_move(rules, m->played), "side", jo_side_letter(m->mover),
            "mark", m->mark ? aw_mark_text(m->mark) : NULL, "mark_name", mark_name(m->mark),
            "best", jo_move(rules, m->best), "best_score", jo_score(&m->best_score, m->mover),
            "played_score", jo_score(&m->played_score, m->mover), "loss", m->loss, "result_lost",
            m->result_lost, "source", source_word(m->source), "exact",
            m->source == AW_REVIEW_TABLES, "depth", m->depth, "legal", m->legal, "line", line,
            "line_text", words_line(rules, pos, m->pv, m->pv_length, words, sizeof words), "text",
            comment);
        json_object_set_new(mv, "opening", json_boolean(m->opening));
        if (m->second != AW_MOVE_NONE) {
            json_object_set_new(mv, "second", jo_move(rules, m->second));
            json_object_set_new(mv, "second_score", jo_score(&m->second_score, m->mover));
        } else {
            json_object_set_new(mv, "second", json_null());
            json_object_set_new(mv, "second_score", json_null());
        }
        json_array_append_new(list, mv);
    }
    aw_record_free(rec);
    json_object_set_new(o, "moves", list);
    if (!r) {
        json_object_set_new(o, "summary", json_null());
        return;
    }
    json_t *turning = json_array();
    for (int i = 0; i < r->nturning; i++) {
        const aw_review_move *m = &r->move[r->turning[i]];
        json_array_append_new(turning, json_pack("{s:i, s:o, s:s, s:s}", "ply", m->ply + 1, "move",
                                                 jo_move(rules, m->played), "side",
                                                 jo_side_letter(m->mover), "mark",
                                                 aw_mark_text(m->mark)));
    }
    char text[1024];
    json_object_set_new(o, "summary",
                        json_pack("{s:o, s:o, s:o, s:s}", "south", side_json(&r->side[0]), "north",
                                  side_json(&r->side[1]), "turning", turning, "text",
                                  aw_review_summary(r, game, text, sizeof text)));
}

json_t *review_json(web_game *g)
{
    const game_review *gr = g->review;
    const aw_game *now = session_game(g->s);
    if (!gr)
        return json_pack("{s:s, s:i, s:i, s:b, s:[], s:n}", "state", "none", "reviewed", 0,
                         "total", 0, "current", false, "moves", "summary");
    const int total = aw_game_ply(gr->game);
    /* The review still describes the game: it began with these moves. */
    const bool current = same_start(gr->game, now) && same_moves(gr->game, now, total);
    json_t *o = json_pack("{s:s, s:i, s:i, s:b, s:i, s:I}", "state", review_state_word(gr->state),
                          "reviewed", gr->done ? gr->done->count : 0, "total", total, "current",
                          current, "depth", gr->depth, "movetime", (json_int_t)gr->movetime_ms);
    if (gr->state == REVIEW_FAILED)
        json_object_set_new(o, "error", json_string(gr->error));
    /* (the game's version: its better lines went into the tree) */
    json_object_set_new(o, "version", json_integer((json_int_t)g->version));
    moves_json(gr, o);
    return o;
}

int review_start(web_app *a, web_game *g, int depth, int64_t movetime_ms, char *why, size_t size)
{
    const aw_game *now = session_game(g->s);
    game_review *gr = g->review;
    /* The same review, still under way or done for this very game. */
    if (gr && gr->depth == depth && gr->movetime_ms == movetime_ms &&
        gr->state != REVIEW_FAILED && gr->state != REVIEW_STOPPED &&
        aw_game_ply(gr->game) == aw_game_ply(now) && same_start(gr->game, now) &&
        same_moves(gr->game, now, aw_game_ply(now)))
        return 0;
    if (aw_game_ply(now) == 0) {
        snprintf(why, size, "nothing to review: the game has no moves yet");
        return -1;
    }
    review_job *j = calloc(1, sizeof *j);
    aw_game *copy = j ? copy_game(now) : NULL;
    aw_game *mine = copy ? copy_game(now) : NULL;
    if (!mine) {
        aw_game_free(copy);
        free(j);
        snprintf(why, size, "out of memory");
        return -1;
    }
    if (!gr && !(gr = g->review = calloc(1, sizeof *gr))) {
        aw_game_free(copy);
        aw_game_free(mine);
        free(j);
        snprintf(why, size, "out of memory");
        return -1;
    }
    /* What is done already of this game with these limits goes on; else a
     * new review (the one under way, if any, is stopped). */
    aw_review *from = NULL;
    if (gr->done && gr->depth == depth && gr->movetime_ms == movetime_ms &&
        same_start(gr->game, now) && same_moves(gr->game, now, gr->done->count))
        from = gr->done;
    review_stop(g);
    j->work = from ? copy_review(from) : NULL;
    if (!from) {
        aw_review_free(gr->done);
        gr->done = NULL;
    }
    aw_game_free(gr->game);
    gr->game = mine;
    gr->depth = depth;
    gr->movetime_ms = movetime_ms;
    gr->state = REVIEW_QUEUED;
    gr->lines_stored = false;
    gr->error[0] = 0;
    gr->job = j;
    j->base.run = review_run;
    j->base.free = review_job_free;
    j->base.cancel = review_cancel;
    j->base.background = true;
    j->base.priority = 1;
    j->a = a;
    j->g = g;
    j->game = copy;
    j->depth = depth;
    j->movetime_ms = movetime_ms;
    j->opening = session_opening(g->s);
    atomic_init(&j->cancelled, false);
    atomic_init(&j->ended, false);
    atomic_init(&j->engine, NULL);
    registry_hold(g);
    pool_submit(a->pool, &j->base);
    return 1;
}

const aw_review *review_complete(web_game *g, const aw_game **game, int *depth,
                                 int64_t *movetime_ms)
{
    const game_review *gr = g->review;
    if (!gr || gr->state != REVIEW_DONE || !gr->done || gr->done->count < gr->done->total ||
        gr->done->total <= 0)
        return NULL;
    /* Still of the game: it begins with the moves reviewed (an undo below
     * them leaves the review behind, as review_json's `current`). */
    const aw_game *now = session_game(g->s);
    if (!same_start(gr->game, now) || !same_moves(gr->game, now, aw_game_ply(gr->game)))
        return NULL;
    *game = gr->game;
    *depth = gr->depth;
    *movetime_ms = gr->movetime_ms;
    return gr->done;
}

void review_stop(web_game *g)
{
    game_review *gr = g->review;
    if (!gr || !gr->job)
        return;
    atomic_store(&gr->job->ended, true);
    aw_engine *e = atomic_load(&gr->job->engine);
    if (e)
        aw_search_stop(e);
}

void review_free(web_game *g)
{
    game_review *gr = g->review;
    if (!gr)
        return;
    aw_game_free(gr->game);
    aw_review_free(gr->done);
    free(gr);
    g->review = NULL;
}
