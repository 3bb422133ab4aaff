/*
 * state.c - a game as the API shows it: the state JSON (rules, players,
 * position, every move and what it did, legal moves, status, the exact
 * result when the tables cover the position), cached as text per version
 * so that reading a game never touches its session; and the values known
 * of its positions, for the evaluation graph.
 */
#include "web/internal.h"

#include "front/words.h"
#include "web/jsonout.h"
#include "web/seats.h"

#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------- game state */

static const char *side_of(const session *s, int side)
{
    return session_is_human(s, side) ? "human" : "engine";
}

static json_t *players_json(const session *s)
{
    const session_config *c = session_get_config(s);
    json_t *o = json_object();
    for (int side = 0; side < 2; side++) {
        json_t *p = json_pack("{s:s}", "type", side_of(s, side));
        if (!session_is_human(s, side))
            json_object_set_new(p, "level", json_integer(c->level));
        json_object_set_new(o, jo_side_word(side), p);
    }
    return o;
}

/* Every move played, with what it did (no steps) and the position after it. */
static json_t *moves_json(const session *s)
{
    const aw_game *gm = session_game(s);
    const aw_rules *r = session_rules(s);
    json_t *list = json_array();
    aw_move_report *rep = malloc(sizeof *rep);
    if (!rep)
        return list;
    for (int i = 0; i < aw_game_ply(gm); i++) {
        aw_position p = *aw_game_position_at(gm, i);
        char text[AW_POSITION_MAX];
        if (aw_play_report(r, &p, aw_game_move(gm, i), rep) < 0)
            break;
        json_t *m = jo_report(r, rep, false);
        json_object_set_new(m, "ply", json_integer(i + 1));
        json_object_set_new(m, "after", json_string(aw_position_format(&p, text)));
        json_array_append_new(list, m);
    }
    free(rep);
    return list;
}

/* The moves as a tree (docs/variations.md): every living node in id order,
 * with its parent, its move, its ply, its mark and comment, its children
 * (the first continues its line, the others are variations) and whether it
 * is on the main line; and the current node. Null when the session keeps
 * no tree. */
/* A comment as a JSON string (bad UTF-8 made good). */
static json_t *comment_json(const char *text)
{
    if (!text)
        return json_null();
    json_t *o = json_string(text);
    if (o)
        return o;
    const size_t size = 3 * strlen(text) + 1;
    char *clean = malloc(size);
    if (!clean)
        return json_null();
    web_utf8_clean(text, clean, size);
    o = json_string(clean);
    free(clean);
    return o ? o : json_null();
}

static json_t *tree_json(const session *s)
{
    const aw_record *rec = session_tree(s);
    if (!rec)
        return json_null();
    const aw_rules *r = session_rules(s);
    json_t *nodes = json_array();
    const int limit = aw_record_node_limit(rec);
    for (int id = 0; id < limit; id++) {
        if (!aw_record_node_exists(rec, id))
            continue;
        const aw_move mv = aw_record_node_move(rec, id);
        const aw_mark mark = aw_record_node_mark(rec, id);
        char text[AW_MOVE_MAX];
        json_t *children = json_array();
        const int n = aw_record_node_children(rec, id);
        for (int i = 0; i < n; i++)
            json_array_append_new(children, json_integer(aw_record_node_child(rec, id, i)));
        json_t *o = json_pack("{s:i, s:i, s:o, s:i, s:s, s:o, s:o, s:b}", "id", id, "parent",
                              aw_record_node_parent(rec, id), "move",
                              mv == AW_MOVE_NONE ? json_null()
                                                 : json_string(aw_move_format(r, mv, text)),
                              "ply", aw_record_node_ply(rec, id), "mark",
                              mark == AW_MARK_NONE ? "" : aw_mark_text(mark), "comment",
                              comment_json(aw_record_node_comment(rec, id)), "children", children,
                              "main", aw_record_node_on_main_line(rec, id));
        json_array_append_new(nodes, o);
    }
    return json_pack("{s:i, s:o}", "node", session_node(s), "nodes", nodes);
}

static const char *job_word(game_job j)
{
    switch (j) {
    case JOB_MOVE: return "move";
    case JOB_HINT: return "hint";
    case JOB_AGREE: return "agree";
    default: return NULL;
    }
}

/* The status: "ongoing", or the end: by the rules (jo_status), or by a
 * resignation, a flag or an abandoned game ("over": "resignation",
 * "time-forfeit", "abandoned", with the winner and the words). */
static json_t *status_json(web_game *g)
{
    struct session_result res;
    session_result(g->s, &res);
    if (!res.over || res.kind == SESSION_END_RULES || res.kind == SESSION_END_AGREEMENT)
        return jo_status(session_game(g->s));
    const char *word = res.kind == SESSION_END_RESIGNATION ? "resignation"
                       : res.kind == SESSION_END_TIME      ? "time-forfeit"
                                                           : "abandoned";
    int sc[2];
    char text[512];
    aw_game_scores(session_game(g->s), sc);
    words_session_over(g->s, text, sizeof text);
    return json_pack("{s:s, s:[i,i], s:s?, s:s, s:s}", "over", word, "scores", sc[0], sc[1],
                     "winner", res.winner == AW_SOUTH ? "south" : res.winner == AW_NORTH ? "north" : NULL,
                     "reason", res.reason, "text", text);
}

/* The state of a game (lock held, session free to read). */
static json_t *state_json(web_game *g)
{
    session *s = g->s;
    const aw_game *gm = session_game(s);
    const aw_rules *r = session_rules(s);
    const aw_position *pos = session_position(s);
    const session_config *c = session_get_config(s);
    /* Over by the rules, or by the session's own ends (a resignation, a
     * flag, an abandoned game), which the board does not show. */
    const bool going = session_ongoing(s, NULL) == SESSION_OK;
    char text[AW_POSITION_MAX];
    json_t *legal = json_array();
    if (going) {
        aw_move moves[AW_MAX_MOVES];
        const int n = aw_generate(r, pos, moves);
        for (int i = 0; i < n; i++)
            json_array_append_new(legal, jo_move(r, moves[i]));
    }
    int margin;
    /* Between two people the tables' verdict waits for the end. */
    const bool help = !g->friend || !going;
    json_t *tables = help && session_tables_margin(s, &margin)
                         ? jo_perfect(margin, session_tables_exact(s))
                         : json_null();
    json_t *o = json_pack(
        "{s:s, s:o, s:o, s:i, s:I, s:s, s:s, s:o, s:i, s:o, s:o, s:o, s:s?, s:b, s:s?, s:b, s:b, "
        "s:b, s:o, s:i}",
        "id", g->id, "rules", jo_rules(r), "players", players_json(s), "level", c->level,
        "movetime", (json_int_t)c->movetime_ms, "start", aw_position_format(aw_game_start(gm), text),
        "position", aw_position_format(pos, (char[AW_POSITION_MAX]){0}), "board", jo_position(pos),
        "ply", aw_game_ply(gm), "moves", moves_json(s), "legal", legal, "status", status_json(g),
        "to_move", going ? jo_side_letter(pos->side) : NULL, "computer_to_move",
        session_computer_to_move(s), "thinking", job_word(g->job), "can_undo",
        aw_game_ply(gm) > 0 || !going, "can_redo",
        session_can_redo(s) && going, "agreement_allowed",
        r->agreement != AW_LEFT_FORBIDDEN, "tables", tables, "version", (int)g->version);
    json_object_set_new(o, "seats", seats_json(g));
    json_object_set_new(o, "friend", json_boolean(g->friend));
    json_object_set_new(o, "event_id", json_integer(g->event_id));
    json_object_set_new(o, "clock", state_clock_json(g));
    session_offer_kind kind;
    int by;
    json_object_set_new(o, "offer", session_offer_pending(s, &kind, &by)
                                        ? json_pack("{s:s, s:s}", "kind", jo_offer_kind(kind), "by",
                                                    jo_side_letter(by))
                                        : json_null());
    struct session_result res;
    session_result(s, &res);
    json_object_set_new(o, "result", json_string(res.result));
    json_object_set_new(o, "end_reason", res.over ? json_string(res.reason) : json_null());
    json_object_set_new(o, "winner", res.over && res.winner >= 0
                                         ? json_string(jo_side_letter(res.winner))
                                         : json_null());
    if (g->rematch[0])
        json_object_set_new(o, "rematch", json_string(g->rematch));
    json_object_set_new(o, "tree", tree_json(s));
    json_object_set_new(o, "variations", json_boolean(session_variations(s)));
    return o;
}

json_t *state_clock_json(web_game *g)
{
    session_clock c;
    session_clock_read(g->s, &c);
    if (!c.on)
        return json_null();
    return json_pack("{s:I, s:I, s:{s:I, s:I}, s:s?}", "base_ms", (json_int_t)c.base_ms,
                     "increment_ms", (json_int_t)c.increment_ms, "remaining_ms", "S",
                     (json_int_t)c.remaining_ms[0], "N", (json_int_t)c.remaining_ms[1], "running",
                     c.running >= 0 ? jo_side_letter(c.running) : NULL);
}

/* Rebuild the cached state text; returns the state (a new reference) for
 * answers that add to it. Lock held, session free to read. */
json_t *state_refresh(web_game *g)
{
    json_t *o = state_json(g);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    if (text) {
        free(g->state);
        g->state = text;
    }
    return o;
}

/* Answer with the state plus `extra` fields (may be NULL; taken). */
void state_reply(web_game *g, web_reply *r, int status, json_t *extra)
{
    state_reply_state(g, r, status, NULL, extra);
}

void state_reply_state(web_game *g, web_reply *r, int status, json_t *state, json_t *extra)
{
    json_t *o = state ? state : state_refresh(g);
    if (o && extra)
        json_object_update(o, extra);
    json_decref(extra);
    web_reply_value(r, status, o);
}

/* What is known of the value of the position at `ply` (lock held). */
void state_store_eval(web_game *g, int ply, const aw_position *pos, int depth, const aw_score *score,
                       bool exact)
{
    if (ply < 0 || ply > 100000)
        return;
    if (ply >= g->nevals) {
        const int n = ply + 64;
        eval_point *e = realloc(g->evals, sizeof *e * (size_t)n);
        if (!e)
            return;
        memset(e + g->nevals, 0, sizeof *e * (size_t)(n - g->nevals));
        g->evals = e;
        g->nevals = n;
    }
    eval_point *e = &g->evals[ply];
    const uint64_t h = aw_position_hash(pos);
    if (e->hash == h && e->depth > 0 && (e->exact || e->depth > depth) && !exact)
        return;
    e->hash = h;
    e->depth = depth > 0 ? depth : 1;
    e->score = *score;
    e->exact = exact;
}

/* The engine's view of the position it searched at `ply`. */
void state_store_thought(web_game *g, int ply, const aw_position *pos, const session_thought *t)
{
    if (t->info.lines > 0 && t->info.line[0].length > 0)
        state_store_eval(g, ply, pos, t->book ? 1 : t->info.depth, &t->info.line[0].score, false);
}


/* The engine's thought as JSON: its move's score and the line it expects. */
json_t *state_thought(const aw_rules *rules, const aw_position *pos, const session_thought *t)
{
    json_t *o = json_pack("{s:o, s:b, s:i}", "move", jo_move(rules, t->best), "book", t->book,
                          "depth", t->info.depth);
    if (t->info.lines > 0 && t->info.line[0].length > 0) {
        const aw_search_line *l = &t->info.line[0];
        char words[1024];
        json_t *pv = json_array();
        for (int k = 0; k < l->length; k++)
            json_array_append_new(pv, jo_move(rules, l->pv[k]));
        json_object_set_new(o, "score", jo_score(&l->score, pos->side));
        json_object_set_new(o, "line", pv);
        json_object_set_new(o, "line_text",
                            json_string(words_line(rules, pos, l->pv, l->length, words, sizeof words)));
    }
    return o;
}

/* The evaluations of the game's positions as JSON (lock held). */
json_t *state_evals(web_game *g)
{
    const aw_game *gm = session_game(g->s);
    json_t *list = json_array();
    const int n = aw_game_ply(gm);
    for (int i = 0; i <= n; i++) {
        const aw_position *p = aw_game_position_at(gm, i);
        const eval_point *e = i < g->nevals ? &g->evals[i] : NULL;
        if (!e || e->depth == 0 || e->hash != aw_position_hash(p)) {
            json_array_append_new(list, json_null());
            continue;
        }
        json_array_append_new(list, json_pack("{s:i, s:o, s:i, s:b}", "ply", i, "score",
                                              jo_score(&e->score, p->side), "depth", e->depth,
                                              "exact", e->exact));
    }
    return list;
}
