/*
 * routes_tree.c - the moves as a tree (docs/variations.md, docs/api.md):
 * go to any move of the game (POST goto {"node": N}), make a variation the
 * main line (POST promote {"node": N}), remove a variation (POST
 * variations/delete {"node": N}) and go back to the main line (POST
 * mainline). The tree itself is in the game's state (state.c, "tree").
 *
 * Like the other changes, each claims the session first (claim); going to
 * a move, like an undo, cancels the computer's move being thought about.
 * The session decides what may be done (a node that does not exist, the
 * main line deleted, a game without variations: clocks or two devices) and
 * its refusals are answered by refuse(), in the asker's language. Nothing
 * here makes the computer play: after a goto the page asks for its move
 * when it wants it ("computer": true), as after an undo with "reply":
 * false.
 */
#include "web/routes.h"

#include "web/events.h"
#include "web/jsonout.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

typedef enum tree_action { TREE_GOTO, TREE_PROMOTE, TREE_DELETE, TREE_MAINLINE } tree_action;

static const char *action_word(tree_action act)
{
    switch (act) {
    case TREE_GOTO: return "goto";
    case TREE_PROMOTE: return "promote";
    case TREE_DELETE: return "delete";
    case TREE_MAINLINE: return "mainline";
    }
    return "goto";
}

static web_outcome handle_tree(web_app *a, web_game *g, const web_request *req,
                               web_reply *r, tree_action act)
{
    static const char *const with_node[] = {"node", "lang", NULL};
    static const char *const without[] = {"lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return WEB_REPLY;
    const char *lang = request_lang(req, NULL);
    long long node = -1;
    int has_node = 0;
    if (!fields_only(body, r, act == TREE_MAINLINE ? without : with_node) ||
        field_string(body, r, "lang", &lang) < 0)
        goto done;
    if (act != TREE_MAINLINE) {
        has_node = field_int(body, r, "node", INT_MIN, INT_MAX, &node);
        if (has_node < 0)
            goto done;
        if (has_node == 0) {
            web_reply_error(r, 400, "field 'node' is missing: the id of a move in the game's "
                                    "tree (\"tree\": {\"nodes\": [{\"id\": ...}]} in its state)");
            goto done;
        }
    }
    pthread_mutex_lock(&g->lock);
    /* Going somewhere, like an undo, cancels the computer's move. */
    if (!claim(a, g, r, act == TREE_GOTO || act == TREE_MAINLINE)) {
        pthread_mutex_unlock(&g->lock);
        goto done;
    }
    aw_error err = {{0}};
    const int id = (int)node;
    session_code code = SESSION_FAILED;
    switch (act) {
    case TREE_GOTO: code = session_goto(g->s, id, &err); break;
    case TREE_PROMOTE: code = session_promote(g->s, id, &err); break;
    case TREE_DELETE: code = session_delete_variation(g->s, id, &err); break;
    case TREE_MAINLINE: code = session_main_line(g->s, &err); break;
    }
    if (code != SESSION_OK) {
        refuse(r, code, lang, "%s", err.msg[0] ? err.msg : session_why_in(code, "en"));
    } else {
        json_t *fields = json_pack("{s:s}", "action", action_word(act));
        if (act != TREE_MAINLINE)
            json_object_set_new(fields, "node", json_integer(id));
        json_t *state = events_changed(a, g, "tree", fields);
        state_reply_state(g, r, 200, state, NULL);
        analysis_kick(a, g);
    }
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
    return WEB_REPLY;
}

web_outcome handle_goto(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    return handle_tree(a, g, req, r, TREE_GOTO);
}

web_outcome handle_promote(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    return handle_tree(a, g, req, r, TREE_PROMOTE);
}

web_outcome handle_delete_variation(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    return handle_tree(a, g, req, r, TREE_DELETE);
}

web_outcome handle_main_line(web_app *a, web_game *g, const web_request *req, web_reply *r)
{
    return handle_tree(a, g, req, r, TREE_MAINLINE);
}
