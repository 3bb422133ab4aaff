/*
 * routes_positions.c - POST /api/positions/check: the position editor's
 * question "can a game start from this position under these rules?"
 *
 *     {"rules": "abapa", "rule": {"target": 24}, "position": "4-4-...-S", "lang": "fr"}
 *     -> 200 {"ok": true, "position": "...", "side": "S", "total": 48}
 *     -> 422 {"ok": false, "error": words, "problem": "text"|"counter"|"score"|"over",
 *             "field": -1 | 0..15}
 *
 * The answer is src/front/position_check.c's, in the asker's language: the
 * page, the terminal and `awale play --position` refuse the same positions
 * with the same words. No game is made and nothing is kept, so the route
 * needs no game, no engine and no database (the static page runs it too).
 * A bad request (unknown rule set, a wrong field) is a 400 as elsewhere.
 */
#include "web/routes.h"

#include "front/i18n.h"
#include "front/messages.h"
#include "front/position_check.h"
#include "web/request.h"

#include <stdio.h>
#include <string.h>

static const char *problem_name(position_problem p)
{
    switch (p) {
    case POSITION_TEXT: return "text";
    case POSITION_COUNTER: return "counter";
    case POSITION_SCORE: return "score";
    case POSITION_OVER: return "over";
    default: return "ok";
    }
}

/* The rule set of the body: "rules" (a preset, abapa when absent) and
 * "rule" ({name: value} overrides). false with the answer set. */
static bool body_rules(json_t *body, web_reply *r, const char *lang, aw_rules *rules)
{
    const char *name = NULL;
    aw_error err;
    char said[600];
    if (field_string(body, r, "rules", &name) < 0)
        return false;
    if (aw_rules_preset(name ? name : "abapa", rules, &err)) {
        messages_translate(err.msg, said, sizeof said, i18n_translate_in, (void *)lang);
        web_reply_error(r, 400, "rules: %s", said);
        return false;
    }
    json_t *rule = json_object_get(body, "rule");
    if (!rule || json_is_null(rule))
        return true;
    if (!json_is_object(rule)) {
        web_reply_error(r, 400, "field 'rule' must be an object: {\"target\": 24, ...}");
        return false;
    }
    const char *key;
    json_t *v;
    json_object_foreach(rule, key, v)
    {
        char value[64];
        if (json_is_string(v))
            snprintf(value, sizeof value, "%s", json_string_value(v));
        else if (json_is_integer(v))
            snprintf(value, sizeof value, "%lld", (long long)json_integer_value(v));
        else if (json_is_boolean(v))
            snprintf(value, sizeof value, "%s", json_is_true(v) ? "yes" : "no");
        else {
            web_reply_error(r, 400,
                            "rule '%.40s': the value must be a string, a number or true/false",
                            key);
            return false;
        }
        if (aw_rules_set(rules, key, value, &err)) {
            messages_translate(err.msg, said, sizeof said, i18n_translate_in, (void *)lang);
            web_reply_error(r, 400, "rule: %s", said);
            return false;
        }
    }
    return true;
}

void handle_position_check(const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"rules", "rule", "position", "lang", NULL};
    json_t *body = body_object(req, r);
    if (!body)
        return;
    const char *lang = request_lang(req, body), *text = NULL;
    aw_rules rules;
    if (!fields_only(body, r, allowed) || field_string(body, r, "position", &text) < 0 ||
        !body_rules(body, r, lang, &rules))
        goto done;
    if (!text) {
        web_reply_error(r, 400, "field 'position' is missing (a position string, such as "
                                "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S)");
        goto done;
    }
    if (strlen(text) > 200) {
        web_reply_error(r, 400, "field 'position' is longer than 200 characters");
        goto done;
    }
    position_verdict v;
    aw_position pos;
    if (position_check_text(&rules, text, &pos, &v, i18n_translate_in, (void *)lang)) {
        char clean[3 * sizeof v.msg];
        web_utf8_clean(v.msg, clean, sizeof clean);
        web_reply_value(r, 422, json_pack("{s:b,s:s,s:s,s:i}", "ok", 0, "error", clean,
                                          "problem", problem_name(v.problem), "field", v.field));
        goto done;
    }
    char buf[AW_POSITION_MAX];
    web_reply_value(r, 200, json_pack("{s:b,s:s,s:s,s:i}", "ok", 1, "position",
                                      aw_position_format(&pos, buf), "side",
                                      pos.side == AW_SOUTH ? "S" : "N", "total",
                                      position_total(&rules)));
done:
    json_decref(body);
}
