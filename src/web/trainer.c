/*
 * trainer.c - learn from your mistakes in the API (docs/trainer.md,
 * docs/api.md): POST /api/games/ID/trainer makes the exercises from the
 * game's finished review (src/front/trainer.c), GET says where they stand,
 * DELETE ends them, and POST /api/games/ID/trainer/try {"index","move"}
 * judges a move on the worker pool (a search of that move alone, like a
 * hint: never on the request's thread), on the worker's own engine set up
 * as the review's (full strength, the book and the tables of the game's
 * rules), beside the game's session, which it never uses.
 *
 * Ownership: the game owns its trainer (g->trainer, under the game's lock)
 * and frees it with itself (trainer_web_free from game_destroy) or on
 * DELETE / a new POST. A try job works on the trainer without the lock
 * (trainer_try is long); while it runs the trainer is `busy`: nobody else
 * touches it (a second try is refused with 409; GET answers with the
 * state as it was when the try began, kept as JSON). A trainer ended while
 * busy (DELETE, a new one, the game gone) is only marked `ended` and its
 * search stopped; the job, which holds the game's reference, frees it when
 * it ends.
 */
#include "web/internal.h"

#include "front/engine_setup.h"
#include "front/trainer.h"
#include "front/words.h"
#include "web/jsonout.h"
#include "web/request.h"
#include "web/routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct game_trainer {
    trainer *t;
    int current;        /* the exercise shown (count: the end) */
    bool busy;          /* a try job works on t */
    bool ended;         /* ended while busy: the job frees it */
    json_t *snapshot;   /* the state when the try began (busy) */
};

typedef struct try_job {
    web_job base;
    web_app *a;
    web_game *g;
    web_pending *p;
    game_trainer *gt;
    int index;
    aw_move move;
    _Atomic(aw_engine *) engine;
} try_job;

static void gt_free(game_trainer *gt)
{
    if (!gt)
        return;
    trainer_free(gt->t);
    json_decref(gt->snapshot);
    free(gt);
}

/* End the game's trainer (lock held): now, or by its job when busy. */
static void gt_end(web_game *g)
{
    game_trainer *gt = g->trainer;
    if (!gt)
        return;
    g->trainer = NULL;
    if (gt->busy) {
        gt->ended = true;
        trainer_stop(gt->t);
    } else {
        gt_free(gt);
    }
}

void trainer_web_stop(web_game *g) { gt_end(g); }

void trainer_web_free(web_game *g) { gt_end(g); }

/* ------------------------------------------------------------ JSON */

static json_t *hint_json(const trainer *t, int i)
{
    const trainer_exercise *e = trainer_get(t, i);
    char words[256];
    json_t *pits = json_array();
    for (int k = 0; k < e->hint.npits; k++) {
        char p[4];
        json_array_append_new(pits, json_string(words_pit(e->hint.pits[k], p)));
    }
    return json_pack("{s:s, s:i, s:s?, s:o, s:s}", "kind", trainer_hint_name(e->hint.kind),
                     "seeds", e->hint.seeds, "half",
                     e->hint.kind == TRAINER_HINT_HALF && e->hint.npits
                         ? (e->hint.half ? "right" : "left")
                         : NULL,
                     "pits", pits, "words", trainer_hint_words(t, i, words, sizeof words));
}

static json_t *line_json(const aw_rules *rules, const trainer_exercise *e)
{
    json_t *line = json_array();
    for (int k = 0; k < e->pv_length; k++)
        json_array_append_new(line, jo_move(rules, e->pv[k]));
    return line;
}

/* The line with its captures, "D(+3) f C(-2)" (words of no language). */
static json_t *line_words(const aw_rules *rules, const trainer_exercise *e)
{
    char buf[600];
    return json_string(words_line(rules, &e->position, e->pv,
                                  e->pv_length < 10 ? e->pv_length : 10, buf, sizeof buf));
}

/* One exercise: the best move and its line once it is done (solved or
 * shown), the hint once it was given. */
static json_t *exercise_json(const trainer *t, int i)
{
    const trainer_exercise *e = trainer_get(t, i);
    const aw_rules *rules = trainer_rules(t);
    char task[160], text[AW_POSITION_MAX];
    json_t *o = json_pack("{s:i, s:i, s:i, s:s, s:o, s:s, s:o, s:s, s:s, s:s}", "index", i,
                          "ply", e->ply + 1, "number", e->number, "side",
                          jo_side_letter(e->mover), "position", jo_position(&e->position),
                          "position_text", aw_position_format(&e->position, text), "played",
                          jo_move(rules, e->played), "mark", aw_mark_text(e->mark), "state",
                          trainer_state_name(e->state), "task",
                          trainer_task_words(t, i, task, sizeof task));
    json_t *tried = json_array();
    for (int k = 0; k < 2; k++)
        if (e->tried[k] != AW_MOVE_NONE)
            json_array_append_new(tried, jo_move(rules, e->tried[k]));
    json_object_set_new(o, "tried", tried);
    json_object_set_new(o, "best_score", jo_score(&e->best_score, e->mover));
    const bool done = e->state == TRAINER_FIRST || e->state == TRAINER_SECOND ||
                      e->state == TRAINER_SHOWN;
    json_object_set_new(o, "hint", e->state != TRAINER_OPEN && e->state != TRAINER_FIRST
                                       ? hint_json(t, i)
                                       : json_null());
    if (done) {
        char answer[700];
        json_object_set_new(o, "best", jo_move(rules, e->best));
        json_object_set_new(o, "line", line_json(rules, e));
        json_object_set_new(o, "line_text", line_words(rules, e));
        /* the position after each move of the line, for a board to play it */
        json_t *after = json_array();
        aw_position p = e->position;
        for (int k = 0; k < e->pv_length && aw_is_legal(rules, &p, e->pv[k]); k++) {
            aw_play(rules, &p, e->pv[k]);
            json_array_append_new(after, jo_position(&p));
            if (aw_position_status(rules, &p) != AW_ONGOING)
                break;
        }
        json_object_set_new(o, "line_positions", after);
        json_object_set_new(o, "answer",
                            json_string(trainer_answer_words(t, i, answer, sizeof answer)));
    } else {
        json_object_set_new(o, "best", json_null());
        json_object_set_new(o, "line", json_null());
    }
    return o;
}

static json_t *progress_json(const trainer *t)
{
    trainer_progress p;
    trainer_get_progress(t, &p);
    char words[300];
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:s}", "first", p.first, "second", p.second,
                     "shown", p.shown, "open", p.open, "total", p.total, "summary",
                     trainer_summary_words(t, words, sizeof words));
}

static json_t *gt_json(const game_trainer *gt)
{
    const trainer *t = gt->t;
    json_t *list = json_array();
    for (int i = 0; i < trainer_count(t); i++)
        json_array_append_new(list, exercise_json(t, i));
    const int side = trainer_side(t);
    json_t *o = json_pack("{s:b, s:s, s:o, s:o, s:b}", "active", true, "side",
                          side == TRAINER_BOTH ? "both" : jo_side_letter(side), "exercises",
                          list, "progress", progress_json(t), "busy", gt->busy);
    json_object_set_new(o, "current", gt->current < trainer_count(t)
                                          ? json_integer(gt->current)
                                          : json_null());
    return o;
}

static json_t *state_of(web_game *g)
{
    game_trainer *gt = g->trainer;
    if (!gt)
        return json_pack("{s:b}", "active", false);
    if (gt->busy && gt->snapshot) {
        json_t *o = json_deep_copy(gt->snapshot);
        json_object_set_new(o, "busy", json_true());
        return o;
    }
    return gt_json(gt);
}

/* ------------------------------------------------------------ the job */

static void try_cancel(web_job *job)
{
    try_job *j = (try_job *)job;
    trainer_stop(j->gt->t);
}

static void try_free(web_job *job)
{
    try_job *j = (try_job *)job;
    web_pending_release(j->p);
    registry_put(j->g);
    free(j);
}

static void try_run(web_job *job, pool_worker *w)
{
    try_job *j = (try_job *)job;
    web_app *a = j->a;
    web_game *g = j->g;
    game_trainer *gt = j->gt;
    const aw_rules rules = *trainer_rules(gt->t);
    aw_error err = {{0}};
    int rc = 0;
    if (!w->engine) {
        engine_config ec = engine_config_front();
        ec.hash_mb = a->cfg.hash_mb;
        if (!(w->engine = engine_setup_new(&ec, &err)))
            rc = -1;
    }
    const aw_tables *tables = app_tables(a, &rules);
    if (rc == 0) {
        engine_config ec = engine_config_front();
        ec.hash_mb = a->cfg.hash_mb;
        ec.tables = tables;
        ec.book = app_book(a, &rules);
        rc = engine_setup_apply(w->engine, &ec, &err);
    }
    trainer_verdict v;
    memset(&v, 0, sizeof v);
    pthread_mutex_lock(&g->lock);
    const bool ended = gt->ended;
    pthread_mutex_unlock(&g->lock);
    if (rc == 0 && (ended || pool_stopping(a->pool) || atomic_load(&a->stopping) || g->gone))
        rc = 1;
    if (rc == 0)
        rc = trainer_try(gt->t, j->index, j->move, w->engine, &v, &err);
    if (w->engine) {
        engine_config plain = engine_config_front();
        plain.hash_mb = a->cfg.hash_mb;
        aw_error ignored;
        engine_setup_apply(w->engine, &plain, &ignored);
    }
    pthread_mutex_lock(&g->lock);
    gt->busy = false;
    json_decref(gt->snapshot);
    gt->snapshot = NULL;
    if (gt->ended) {
        web_reply_error(&j->p->reply, 409, "the exercises were ended while the move was judged");
        gt_free(gt);
    } else if (g->gone) {
        web_reply_error(&j->p->reply, 404, "no game '%s' (deleted or expired)", g->id);
    } else if (rc == 1) {
        web_reply_error(&j->p->reply, 503,
                        "the move was not judged: the search was stopped; try it again");
    } else if (rc < 0) {
        web_reply_error(&j->p->reply, 500, "%s", err.msg[0] ? err.msg : "out of memory");
    } else {
        const trainer *t = gt->t;
        const trainer_exercise *e = trainer_get(t, j->index);
        gt->current = v.next;
        json_t *o = json_pack("{s:s, s:s, s:i, s:b, s:o}", "verdict",
                              trainer_verdict_name(v.kind), "words", v.words, "index", j->index,
                              "played", v.played, "move", jo_move(&rules, j->move));
        json_object_set_new(o, "hint",
                            v.kind == TRAINER_MISS ? hint_json(t, j->index) : json_null());
        json_object_set_new(o, "score", v.valued ? jo_score(&v.score, e->mover) : json_null());
        json_object_set_new(o, "loss", json_integer(v.loss));
        const bool revealed = v.kind != TRAINER_MISS;
        json_object_set_new(o, "best", revealed ? jo_move(&rules, e->best) : json_null());
        json_object_set_new(o, "line", revealed ? line_json(&rules, e) : json_null());
        json_object_set_new(o, "line_text", revealed ? line_words(&rules, e) : json_null());
        json_object_set_new(o, "best_score", revealed ? jo_score(&e->best_score, e->mover) : json_null());
        json_object_set_new(o, "next", v.next < trainer_count(t) ? json_integer(v.next)
                                                                 : json_null());
        json_object_set_new(o, "exercise", exercise_json(t, j->index));
        json_object_set_new(o, "progress", progress_json(t));
        web_reply_value(&j->p->reply, 200, o);
    }
    pthread_mutex_unlock(&g->lock);
    pool_job_finished(w);
    web_pending_complete(j->p);
}

/* ------------------------------------------------------------ routes */

/* GET: the state; DELETE: the end; POST {"side"}: new exercises from the
 * game's finished review. */
void handle_trainer(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    (void)a;
    const char *m = req->method;
    if (strcmp(m, "POST") != 0) {
        pthread_mutex_lock(&g->lock);
        if (!strcmp(m, "DELETE"))
            gt_end(g);
        web_reply_value(r, 200, state_of(g));
        pthread_mutex_unlock(&g->lock);
        return;
    }
    static const char *const allowed[] = {"side", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return;
    const char *side_text = NULL;
    if (!fields_only(body, r, allowed) || field_string(body, r, "side", &side_text) < 0) {
        json_decref(body);
        return;
    }
    int side = -2;
    if (side_text) {
        if (!strcmp(side_text, "both"))
            side = TRAINER_BOTH;
        else if ((side = parse_side(side_text)) < 0) {
            web_reply_error(r, 400, "field 'side' must be \"S\", \"N\" or \"both\"");
            json_decref(body);
            return;
        }
    }
    json_decref(body);
    pthread_mutex_lock(&g->lock);
    const aw_game *game = NULL;
    int depth = 0;
    int64_t movetime = 0;
    const aw_review *rv = review_complete(g, &game, &depth, &movetime);
    if (!rv) {
        web_reply_error(r, 409, "review the game to the end first: learn from your mistakes "
                                "works on the moves of a complete review");
        pthread_mutex_unlock(&g->lock);
        return;
    }
    if (side == -2) {
        /* Against the computer: the person's side; two people: both. */
        const bool s = session_is_human(g->s, AW_SOUTH), n = session_is_human(g->s, AW_NORTH);
        side = s && !n ? AW_SOUTH : n && !s ? AW_NORTH : TRAINER_BOTH;
    }
    trainer_options opt;
    memset(&opt, 0, sizeof opt);
    opt.side = side;
    opt.limits.depth = depth;
    opt.limits.movetime_ms = movetime;
    const aw_tables *tables = app_tables(a, aw_game_rules(game));
    if (tables) {
        opt.probe = aw_tables_probe_hook;
        opt.probe_ctx = (void *)tables;
        opt.probe_seeds = aw_tables_seeds(tables);
    }
    aw_error err = {{0}};
    game_trainer *gt = calloc(1, sizeof *gt);
    trainer *t = gt ? trainer_new(game, rv, &opt, &err) : NULL;
    if (!t) {
        free(gt);
        web_reply_error(r, gt ? 409 : 500, "%s", err.msg[0] ? err.msg : "out of memory");
        pthread_mutex_unlock(&g->lock);
        return;
    }
    gt_end(g);
    gt->t = t;
    gt->current = trainer_next(t, 0);
    g->trainer = gt;
    web_reply_value(r, 201, gt_json(gt));
    pthread_mutex_unlock(&g->lock);
}

web_outcome handle_trainer_try(web_app *a, web_game *g, const web_request *req, web_reply *r,
                               web_pending **pending)
{
    static const char *const allowed[] = {"index", "move", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    long long index = -1;
    const char *text = NULL;
    if (!fields_only(body, r, allowed) ||
        field_int(body, r, "index", 0, 1000000, &index) < 0 ||
        field_string(body, r, "move", &text) < 0) {
        json_decref(body);
        return WEB_REPLY;
    }
    web_outcome out = WEB_REPLY;
    pthread_mutex_lock(&g->lock);
    game_trainer *gt = g->trainer;
    if (!json_object_get(body, "index") || !text) {
        web_reply_error(r, 400, "the body needs \"index\" (an exercise) and \"move\" (a pit)");
    } else if (!gt) {
        web_reply_error(r, 409, "no exercises under way: start them with POST "
                                "/api/games/%s/trainer after a complete review",
                        g->id);
    } else if (gt->busy) {
        web_reply_error(r, 409, "a move is being judged: wait for its answer");
    } else if (index >= trainer_count(gt->t)) {
        web_reply_error(r, 400, "field 'index': no exercise %lld (there are %d)", index,
                        trainer_count(gt->t));
    } else {
        const trainer *t = gt->t;
        const trainer_exercise *e = trainer_get(t, (int)index);
        aw_move moves[4];
        aw_error err = {{0}};
        const int n = aw_moves_parse(trainer_rules(t), text, moves, 4, &err);
        char why[300];
        if (n < 0) {
            web_reply_error(r, 400, "field 'move': %s", err.msg);
        } else if (n != 1) {
            web_reply_error(r, 400, "field 'move' must hold exactly one move, not %d", n);
        } else if (e->state != TRAINER_OPEN && e->state != TRAINER_RETRY) {
            web_reply_error(r, 409, "exercise %lld is done: go on to the next one", index);
        } else if (words_illegal(trainer_rules(t), &e->position, moves[0], why, sizeof why)) {
            web_reply_value(r, 422, json_pack("{s:s, s:s}", "error", why, "code", "illegal_move"));
        } else if (routes_reserve(a, r)) {
            try_job *j = calloc(1, sizeof *j);
            web_pending *p = j ? web_pending_new() : NULL;
            if (!p) {
                free(j);
                pool_unreserve(a->pool);
                web_reply_error(r, 500, "out of memory");
            } else {
                j->base.run = try_run;
                j->base.free = try_free;
                j->base.cancel = try_cancel;
                j->a = a;
                j->g = g;
                j->p = p;
                j->gt = gt;
                j->index = (int)index;
                j->move = moves[0];
                registry_hold(g);
                gt->snapshot = gt_json(gt);
                gt->busy = true;
                *pending = p;
                pool_submit(a->pool, &j->base);
                out = WEB_PENDING;
            }
        }
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(body);
    return out;
}
