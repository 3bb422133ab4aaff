/*
 * jobs.c - the jobs a request waits for, run on the worker pool: the
 * computer's move (session_computer_play), a hint (session_hint), the
 * computer's view of a proposed end (session_agree), and the evaluations
 * of the positions not yet known (short searches on the worker's own
 * engine, beside the session). Each fills the pending reply, gives its
 * worker back, then completes the reply (which resumes the connection).
 *
 * Ownership: a job holds one reference to its game and one to its pending
 * reply (the request holds the other) from job_new on; the request submits
 * every job it makes, and from then on the job is the pool's, which frees
 * it (job_free, the job's `free` callback) after its run has returned: only
 * then are those references dropped (pool.h).
 */
#include "web/internal.h"

#include "front/engine_setup.h"
#include "front/words.h"
#include "web/events.h"
#include "web/jsonout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------- jobs that answer */


answer_job *job_new(web_app *a, web_game *g, void (*run)(web_job *, pool_worker *))
{
    answer_job *j = calloc(1, sizeof *j);
    web_pending *p = j ? web_pending_new() : NULL;
    if (!p) {
        free(j);
        return NULL;
    }
    j->base.run = run;
    j->base.free = job_free;
    j->a = a;
    j->g = g;
    j->p = p;
    registry_hold(g);
    return j;
}

/* The end of a job's run: its worker back to the pool, then the answer. */
void job_end(answer_job *j, pool_worker *w)
{
    pool_job_finished(w);
    web_pending_complete(j->p);
}

void job_free(web_job *job)
{
    answer_job *j = (answer_job *)job;
    web_pending_release(j->p);
    registry_put(j->g);
    json_decref(j->played);
    free(j->positions);
    free(j->plies);
    free(j);
}

void job_move(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_game *g = j->g;
    aw_move_report *rep = malloc(sizeof *rep);
    session_thought t;
    aw_search_result res;
    aw_error err = {{0}};
    memset(&t, 0, sizeof t);
    pthread_mutex_lock(&g->lock);
    const bool cancelled_early = j->cancelled; /* an undo came first: the game is not ours */
    j->started = true;
    const aw_position before = *session_position(g->s);
    const int ply = aw_game_ply(session_game(g->s));
    pthread_mutex_unlock(&g->lock);
    int rc = -1;
    if (!cancelled_early && rep)
        rc = session_computer_think(g->s, NULL, NULL, &res, &err);
    pthread_mutex_lock(&g->lock);
    if (j->cancelled) {
        /* An undo took back the move this one answered (it waits for this
         * to end, then takes it back): the move found is dropped. */
        if (!cancelled_early) {
            g->job = JOB_NONE;
            g->move_job = NULL;
            g->stop_asked = false;
            pthread_cond_broadcast(&g->idle);
        }
        web_reply_error(&j->p->reply, 409,
                        "the computer's move was not played: an undo took back the move it "
                        "was to answer");
        pthread_mutex_unlock(&g->lock);
        free(rep);
        job_end(j, w);
        return;
    }
    if (rc == 0)
        rc = session_computer_move(g->s, &res, rep, &t, &err);
    g->job = JOB_NONE;
    g->move_job = NULL;
    g->stop_asked = false;
    json_t *extra = json_object(), *state = NULL;
    if (rc == 0) {
        state_store_thought(g, ply, &before, &t);
        json_t *m = jo_report(session_rules(g->s), rep, true);
        json_object_set_new(m, "thought", state_thought(session_rules(g->s), &before, &t));
        json_array_append_new(j->played, m);
        state = events_changed(j->a, g, "move", json_pack("{s:[O]}", "played", m));
    } else {
        json_object_set_new(extra, "computer_error",
                            json_string(err.msg[0] ? err.msg : "out of memory"));
    }
    json_object_set(extra, "played", j->played);
    if (g->gone)
        web_reply_error(&j->p->reply, 404, "no game '%s': deleted while the computer was thinking",
                        g->id);
    else
        state_reply_state(g, &j->p->reply, j->status, json_incref(state), json_incref(extra));
    json_decref(state);
    json_decref(extra);
    pthread_cond_broadcast(&g->idle);
    analysis_kick(j->a, g);
    pthread_mutex_unlock(&g->lock);
    free(rep);
    job_end(j, w);
}

void job_hint(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_game *g = j->g;
    session_thought t;
    aw_error err = {{0}};
    memset(&t, 0, sizeof t);
    const aw_rules rules = *session_rules(g->s);
    const aw_position pos = *session_position(g->s);
    const int ply = aw_game_ply(session_game(g->s));
    const int rc = session_hint(g->s, j->movetime_ms, NULL, NULL, &t, &err);
    pthread_mutex_lock(&g->lock);
    g->job = JOB_NONE;
    const bool stopped = g->stop_asked;
    g->stop_asked = false;
    int margin;
    const bool exact = session_tables_margin(g->s, &margin);
    if (rc != 0 || t.best == AW_MOVE_NONE) {
        web_reply_error(&j->p->reply, 409, "no hint: %s", err.msg[0] ? err.msg : "no move");
    } else {
        state_store_thought(g, ply, &pos, &t);
        json_t *o = state_thought(&rules, &pos, &t);
        char text[1200], score[96], line[1024], m[AW_MOVE_MAX];
        if (t.info.lines > 0 && t.info.line[0].length > 0) {
            const aw_search_line *l = &t.info.line[0];
            snprintf(text, sizeof text, "Hint: %s%s. For the player to move: %s; expected line: %s.",
                     aw_move_format(&rules, t.best, m), t.book ? " (opening book)" : "",
                     words_score_you(&l->score, score, sizeof score),
                     words_line(&rules, &pos, l->pv, l->length < 8 ? l->length : 8, line,
                                sizeof line));
        } else {
            snprintf(text, sizeof text, "Hint: %s.", aw_move_format(&rules, t.best, m));
        }
        char ptext[AW_POSITION_MAX];
        /* Where the move comes from, for a front end to word in its language
         * (`text` is the English sentence, kept for compatibility). */
        json_object_set_new(o, "source",
                            json_string(t.book ? "book" : exact ? "tables" : "search"));
        json_object_set_new(o, "text", json_string(text));
        json_object_set_new(o, "ply", json_integer(ply));
        json_object_set_new(o, "position", json_string(aw_position_format(&pos, ptext)));
        json_object_set_new(o, "side", json_string(jo_side_letter(pos.side)));
        json_object_set_new(o, "stopped", json_boolean(stopped));
        json_object_set_new(o, "tables",
                            exact ? jo_perfect(margin, session_tables_exact(g->s)) : json_null());
        web_reply_value(&j->p->reply, 200, o);
    }
    json_decref(state_refresh(g));
    pthread_cond_broadcast(&g->idle);
    analysis_kick(j->a, g);
    pthread_mutex_unlock(&g->lock);
    job_end(j, w);
}

void job_agree(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_game *g = j->g;
    agreement_answer ans;
    /* The route asked session_may_agree before it queued this job, and the
     * game cannot change while it waits (claim): the computer judges. */
    const session_code code = session_agree(g->s, j->proposer, &ans);
    const session_agreement v = ans.verdict;
    pthread_mutex_lock(&g->lock);
    g->job = JOB_NONE;
    g->stop_asked = false;
    if (code != SESSION_OK) {
        web_reply_error(&j->p->reply, 409, "%s", ans.why.msg);
        pthread_cond_broadcast(&g->idle);
        pthread_mutex_unlock(&g->lock);
        job_end(j, w);
        return;
    }
    if (v == AGREE_ENDED)
        json_decref(events_changed(j->a, g, "end", json_pack("{s:s}", "reason", "agreement")));
    char result[96], text[512];
    const bool tables_exact = session_tables_exact(g->s);
    words_result(ans.agreed, result, sizeof result);
    if (v == AGREE_ENDED)
        snprintf(text, sizeof text, "The computer accepts: %s.", result);
    else
        words_declined(&ans, tables_exact, text, sizeof text);
    json_t *o = json_pack("{s:s, s:[i,i], s:i, s:b, s:b, s:b, s:i, s:s}", "verdict",
                          v == AGREE_ENDED ? "ended" : "declined", "agreed", ans.agreed[0],
                          ans.agreed[1], "agreed_margin", ans.agreed_margin, "from_tables",
                          ans.from_tables, "tables_exact", tables_exact, "proven", ans.proven,
                          "expected_margin", ans.expected_margin, "text", text);
    state_reply(g, &j->p->reply, 200, json_pack("{s:o}", "agreement", o));
    pthread_cond_broadcast(&g->idle);
    analysis_kick(j->a, g);
    pthread_mutex_unlock(&g->lock);
    job_end(j, w);
}


/* Evaluations: a short search of each position not yet known well, on the
 * worker's own engine (the session is not used, so this runs beside the
 * game's own jobs), until the time budget is spent. */
void job_evaluations(web_job *job, pool_worker *w)
{
    answer_job *j = (answer_job *)job;
    web_app *a = j->a;
    web_game *g = j->g;
    aw_error err;
    if (!w->engine) {
        engine_config ec = engine_config_front();
        ec.hash_mb = a->cfg.hash_mb;
        w->engine = engine_setup_new(&ec, &err);
    }
    const aw_tables *tables = app_tables(a, &j->rules);
    const int64_t start = web_now_ms();
    int done = 0;
    aw_score *scores = calloc((size_t)(j->npositions ? j->npositions : 1), sizeof *scores);
    int *depths = calloc((size_t)(j->npositions ? j->npositions : 1), sizeof *depths);
    bool *exact = calloc((size_t)(j->npositions ? j->npositions : 1), sizeof *exact);
    if (w->engine && scores && depths && exact) {
        aw_engine_clear(w->engine);
        aw_engine_set_probe(w->engine, tables ? aw_tables_probe_hook : NULL, (void *)tables,
                            tables ? aw_tables_seeds(tables) : 0);
        for (int i = 0; i < j->npositions; i++) {
            if (web_now_ms() - start > a->cfg.eval_budget_ms || pool_stopping(a->pool) ||
                atomic_load(&a->stopping) || g->gone)
                break;
            const aw_position *p = &j->positions[i];
            int value;
            if (tables && aw_tables_probe_hook((void *)tables, &j->rules, p, &value)) {
                const int m = p->score[p->side] - p->score[!p->side] + value;
                scores[i].kind = m > 0 ? AW_SCORE_WIN : m < 0 ? AW_SCORE_LOSS : AW_SCORE_DRAW;
                scores[i].margin = m;
                scores[i].value = 100 * m;
                depths[i] = 100;
                exact[i] = true;
                done++;
                continue;
            }
            aw_limits lim;
            memset(&lim, 0, sizeof lim);
            lim.depth = EVAL_DEPTH;
            lim.nodes = EVAL_NODES;
            aw_search_result res;
            if (aw_engine_set_position(w->engine, &j->rules, p, &err) ||
                aw_search_run(w->engine, &lim, NULL, NULL, &res, &err) || res.info.lines < 1)
                break;
            scores[i] = res.info.line[0].score;
            depths[i] = res.info.depth;
            done++;
        }
    }
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < done; i++)
        state_store_eval(g, j->plies[i], &j->positions[i], depths[i], &scores[i], exact[i]);
    if (g->gone) {
        web_reply_error(&j->p->reply, 404, "no game '%s' (deleted or expired)", g->id);
    } else {
        json_t *list = state_evals(g);
        bool complete = true;
        for (size_t i = 0; i < json_array_size(list) && i + 1 < json_array_size(list); i++)
            if (json_is_null(json_array_get(list, i)))
                complete = false;
        web_reply_value(&j->p->reply, 200,
                   json_pack("{s:o, s:b, s:i, s:i}", "evaluations", list, "complete", complete,
                             "ply", aw_game_ply(session_game(g->s)), "version", (int)g->version));
    }
    pthread_mutex_unlock(&g->lock);
    free(scores);
    free(depths);
    free(exact);
    job_end(j, w);
}

