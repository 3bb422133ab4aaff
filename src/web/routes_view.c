/*
 * routes_view.c - what reads a game (docs/api.md): its state, its record,
 * the evaluations of its positions, the analysis stream, the review.
 */
#include "web/routes.h"

#include "front/i18n.h"
#include "front/messages.h"
#include "front/players.h"
#include "front/words.h"
#include "web/jsonout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void handle_get_state(web_app *a, web_game *g, web_reply *r)
{
    pthread_mutex_lock(&g->lock);
    if (app_attach_tables(a, g) || !g->state)
        json_decref(state_refresh(g));
    char *copy = g->state ? strdup(g->state) : NULL;
    pthread_mutex_unlock(&g->lock);
    web_reply_json_text(r, 200, copy);
}

web_outcome handle_evaluations(web_app *a, web_game *g, const web_request *req,
                               web_reply *r, web_pending **pending)
{
    static const char *const allowed[] = {NULL};
    if (!query_only(req, r, allowed))
        return WEB_REPLY;
    web_outcome out = WEB_REPLY;
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
        /* The game is about to change: answer with what is known. */
        web_reply_value(r, 200, json_pack("{s:o, s:b, s:i, s:i}", "evaluations", state_evals(g),
                                     "complete", false, "ply",
                                     aw_game_ply(session_game(g->s)), "version", (int)g->version));
        pthread_mutex_unlock(&g->lock);
        return out;
    }
    const aw_game *gm = session_game(g->s);
    const int n = aw_game_ply(gm);
    answer_job *j = NULL;
    int missing = 0;
    for (int i = 0; i <= n; i++) {
        const aw_position *p = aw_game_position_at(gm, i);
        const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
        const bool over = i == n && aw_game_status(gm) != AW_ONGOING;
        if (!over && (!e || e->depth == 0 || e->hash != aw_position_hash(p)))
            missing++;
    }
    if (missing == 0) {
        web_reply_value(r, 200, json_pack("{s:o, s:b, s:i, s:i}", "evaluations", state_evals(g),
                                     "complete", true, "ply", n, "version", (int)g->version));
    } else if (!(j = routes_reserve_job(a, g, r, job_evaluations))) {
        /* answered: the server is busy, or out of memory */
    } else {
        j->rules = *session_rules(g->s);
        j->positions = malloc(sizeof *j->positions * (size_t)missing);
        j->plies = malloc(sizeof *j->plies * (size_t)missing);
        for (int i = 0; j->positions && j->plies && i <= n; i++) {
            const aw_position *p = aw_game_position_at(gm, i);
            const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
            const bool over = i == n && aw_game_status(gm) != AW_ONGOING;
            if (!over && (!e || e->depth == 0 || e->hash != aw_position_hash(p))) {
                j->positions[j->npositions] = *p;
                j->plies[j->npositions++] = i;
            }
        }
        out = routes_submit(a, g, j, JOB_NONE, pending);
    }
    pthread_mutex_unlock(&g->lock);
    return out;
}

void handle_record(web_game *g, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"format", NULL};
    if (!query_only(req, r, allowed))
        return;
    bool present;
    const char *format = query_value(req, "format", &present);
    if (present && strcmp(format, "json") != 0 && strcmp(format, "text") != 0) {
        web_reply_error(r, 400, "query argument 'format' must be json or text");
        return;
    }
    pthread_mutex_lock(&g->lock);
    if (g->job == JOB_MOVE || g->job == JOB_AGREE) {
        pthread_mutex_unlock(&g->lock);
        web_reply_error(r, 409, "the computer is thinking: ask again once it has answered");
        return;
    }
    /* An analysis or a hint only reads the session: the record can be
     * written beside them. */
    aw_record *rec = session_record(g->s);
    char *text = rec ? aw_record_format(rec) : NULL;
    const int plies = aw_game_ply(session_game(g->s));
    pthread_mutex_unlock(&g->lock);
    aw_record_free(rec);
    if (!text) {
        web_reply_error(r, 500, "out of memory");
        return;
    }
    if (present && strcmp(format, "text") == 0) {
        r->status = 200;
        r->type = "text/plain; charset=utf-8";
        r->body = text;
        r->len = strlen(text);
        snprintf(r->disposition, sizeof r->disposition,
                 "attachment; filename=\"awale-%s.txt\"", g->id);
        return;
    }
    web_reply_value(r, 200, json_pack("{s:s, s:s, s:i}", "id", g->id, "record", text, "plies", plies));
    free(text);
}

web_outcome handle_analysis(web_app *a, web_game *g, const web_request *req, web_reply *r,
                            web_stream **stream)
{
    static const char *const allowed[] = {"multipv", NULL};
    long long multipv = 1;
    if (!query_only(req, r, allowed) || query_int(req, r, "multipv", 1, MAX_MULTIPV, &multipv) < 0)
        return WEB_REPLY;
    if (atomic_fetch_add(&a->streams, 1) >= a->cfg.max_streams) {
        atomic_fetch_sub(&a->streams, 1);
        web_reply_error(r, 503, "the server has %d analysis streams open, its limit; close one "
                                "and try again",
                        a->cfg.max_streams);
        r->retry_after = 5;
        return WEB_REPLY;
    }
    if (!app_client_stream_take(a, req->client)) {
        atomic_fetch_sub(&a->streams, 1);
        web_reply_error(r, 429, "you have %d analysis streams open, the limit for one client; "
                                "close one and try again",
                        a->cfg.client_streams);
        r->retry_after = 5;
        return WEB_REPLY;
    }
    web_stream *s = web_stream_new();
    pthread_mutex_lock(&g->lock);
    if (!s || g->nstreams >= GAME_STREAMS || g->gone) {
        pthread_mutex_unlock(&g->lock);
        atomic_fetch_sub(&a->streams, 1);
        web_app_client_stream_closed(a, req->client);
        if (s) {
            web_stream_release(s);
            web_stream_release(s);
        }
        web_reply_error(r, s ? 503 : 500,
                        s ? "this game already has %d analysis streams open; close one" : "out of memory",
                        GAME_STREAMS);
        return WEB_REPLY;
    }
    s->multipv = (int)multipv;
    s->owner = g;
    if (req->client)
        snprintf(s->client, sizeof s->client, "%s", req->client);
    registry_hold(g); /* the reader's */
    g->streams[g->nstreams++] = s;
    web_stream_raw(s, "retry: 3000\n\n");
    /* A reader that joins a running analysis: its position, and the last
     * depth completed, at once (the next one can be tens of seconds away). */
    if (g->job == JOB_ANALYSIS) {
        json_t *ev = analysis_position_event(g, (int)multipv);
        char *text = json_dumps(ev, JSON_COMPACT);
        json_decref(ev);
        if (text)
            web_stream_event(s, "position", text);
        free(text);
        if (g->analysis_last && g->analysis_last_version == g->version)
            web_stream_event(s, "info", g->analysis_last);
    } else if (g->analysed && g->analysed_version == g->version) {
        g->analysed = false; /* this reader has seen nothing yet */
    }
    if (g->job == JOB_MOVE) {
        web_stream_event(s, "waiting", "{\"reason\":\"computer\"}");
    }
    analysis_kick(a, g);
    pthread_mutex_unlock(&g->lock);
    r->status = 200;
    r->type = "text/event-stream; charset=utf-8";
    *stream = s;
    return WEB_STREAM;
}

/* The review: POST starts it (or goes on with it), GET says where it is,
 * DELETE stops it. */
void handle_review(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    const char *m = req->method;
    if (strcmp(m, "POST") != 0) {
        pthread_mutex_lock(&g->lock);
        if (!strcmp(m, "DELETE"))
            review_stop(g);
        review_store_lines(a, g);
        json_t *o = review_json(g);
        pthread_mutex_unlock(&g->lock);
        web_reply_value(r, 200, o);
        return;
    }
    static const char *const allowed[] = {"depth", "movetime", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return;
    long long depth = REVIEW_DEPTH;
    long long movetime = REVIEW_MOVETIME < a->cfg.max_movetime_ms ? REVIEW_MOVETIME
                                                                   : a->cfg.max_movetime_ms;
    if (!fields_only(body, r, allowed) ||
        field_int(body, r, "depth", 1, REVIEW_MAX_DEPTH, &depth) < 0 ||
        field_int(body, r, "movetime", 10, a->cfg.max_movetime_ms, &movetime) < 0) {
        json_decref(body);
        return;
    }
    json_decref(body);
    char why[200];
    pthread_mutex_lock(&g->lock);
    const int rc = g->gone ? -2 : review_start(a, g, (int)depth, movetime, why, sizeof why);
    if (rc == -2)
        web_reply_error(r, 404, "no game '%s' (deleted or expired)", g->id);
    else if (rc < 0)
        web_reply_error(r, strcmp(why, "out of memory") ? 409 : 500, "%s", why);
    else
        web_reply_value(r, rc ? 202 : 200, review_json(g));
    pthread_mutex_unlock(&g->lock);
}
