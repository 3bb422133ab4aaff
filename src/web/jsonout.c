/*
 * jsonout.c - JSON translation of library values (jsonout.h). Nothing here
 * decides anything about the game: the values come from the library and
 * the sentences from src/front/words.c.
 */
#include "web/jsonout.h"

#include "front/words.h"

#include <stdio.h>
#include <string.h>

const char *jo_side_letter(int side) { return side == AW_SOUTH ? "S" : "N"; }

const char *jo_offer_kind(int kind)
{
    /* session.h: OFFER_END 0, OFFER_TAKEBACK 1, OFFER_REMATCH 2 */
    return kind == 0 ? "end" : kind == 1 ? "takeback" : "rematch";
}
const char *jo_side_word(int side) { return side == AW_SOUTH ? "south" : "north"; }

json_t *jo_move(const aw_rules *rules, aw_move move)
{
    char m[AW_MOVE_MAX];
    return json_string(aw_move_format(rules, move, m));
}

static const char *family_word(aw_family f) { return f == AW_FAMILY_RELAY ? "relay" : "oware"; }

json_t *jo_rules(const aw_rules *rules)
{
    char diff[512], value[128];
    aw_rules_diff(rules, diff, sizeof diff);
    json_t *params = json_object();
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        if (aw_rules_param_applies(rules, name) && aw_rules_get(rules, name, value, sizeof value))
            json_object_set_new(params, name, json_string(value));
    }
    return json_pack("{s:s, s:s, s:s, s:o}", "name", rules->name, "family",
                     family_word(rules->family), "diff", diff, "params", params);
}

json_t *jo_rule_catalogue(void)
{
    char value[128], words[256];
    json_t *sets = json_array();
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        aw_rules r;
        if (aw_rules_preset(aw_rules_preset_name(i), &r, NULL))
            continue;
        json_t *params = json_object();
        for (int k = 0; k < aw_rules_param_count(); k++) {
            const char *name = aw_rules_param_name(k);
            if (!aw_rules_param_applies(&r, name) || !aw_rules_get(&r, name, value, sizeof value))
                continue;
            json_object_set_new(params, name,
                                json_pack("{s:s, s:s}", "value", value, "text",
                                          aw_rules_describe(&r, name, words, sizeof words)));
        }
        json_array_append_new(
            sets, json_pack("{s:s, s:s, s:s, s:b, s:o}", "name", aw_rules_preset_name(i),
                            "summary", aw_rules_preset_summary(i), "family", family_word(r.family),
                            "default", i == 0, "params", params));
    }
    json_t *params = json_array();
    for (int k = 0; k < aw_rules_param_count(); k++) {
        const char *name = aw_rules_param_name(k);
        json_t *families = json_array();
        for (int f = 0; f < 2; f++) {
            aw_rules r;
            aw_rules_preset(f ? "relay" : "abapa", &r, NULL);
            if (aw_rules_param_applies(&r, name))
                json_array_append_new(families, json_string(family_word(r.family)));
        }
        json_array_append_new(params, json_pack("{s:s, s:s, s:s, s:o}", "name", name, "values",
                                                aw_rules_param_values(k), "help",
                                                aw_rules_param_help(k), "families", families));
    }
    return json_pack("{s:o, s:o}", "rule_sets", sets, "parameters", params);
}

json_t *jo_position(const aw_position *pos)
{
    char text[AW_POSITION_MAX];
    json_t *pits = json_array();
    for (int i = 0; i < AW_PITS; i++)
        json_array_append_new(pits, json_integer(pos->pits[i]));
    return json_pack("{s:o, s:[i,i], s:s, s:i, s:s}", "pits", pits, "scores", pos->score[0],
                     pos->score[1], "side", jo_side_letter(pos->side), "quiet", pos->quiet,
                     "text", aw_position_format(pos, text));
}

static const char *step_word(int kind)
{
    return kind == AW_STEP_TAKE ? "take" : kind == AW_STEP_SOW ? "sow" : "capture";
}

json_t *jo_report(const aw_rules *rules, const aw_move_report *r, bool steps)
{
    char text[512], pit[4];
    json_t *pits = json_array();
    for (int i = 0; i < r->npits; i++)
        json_array_append_new(pits, json_pack("{s:i, s:s, s:i}", "pit", r->pits[i], "name",
                                              words_pit(r->pits[i], pit), "seeds",
                                              r->pit_seeds[i]));
    json_t *o = json_pack(
        "{s:o, s:s, s:i, s:i, s:i, s:i, s:i, s:b, s:o, s:b, s:b, s:s}", "move",
        jo_move(rules, r->move), "side", jo_side_letter(r->mover), "pit",
        r->move == AW_MOVE_PASS ? -1 : AW_MOVE_PIT(r->move), "seeds", r->seeds, "sown", r->sown,
        "laps", r->laps, "captured", r->captured, "pass", r->move == AW_MOVE_PASS, "pits", pits,
        "grand_slam", r->grand_slam, "slam_void", r->slam_void, "text",
        words_move(rules, r, NULL, text, sizeof text));
    if (r->move != AW_MOVE_PASS) {
        json_object_set_new(o, "last", json_integer(r->last));
        json_object_set_new(o, "direction",
                            json_string(rules->family != AW_FAMILY_RELAY ? "ccw"
                                        : (r->move & AW_MOVE_CW) ? "cw"
                                                                 : "ccw"));
    }
    if (steps) {
        json_t *list = json_array();
        for (int i = 0; i < r->nsteps; i++)
            json_array_append_new(list, json_pack("[s,i,i]", step_word(r->steps[i].kind),
                                                  r->steps[i].pit, r->steps[i].count));
        json_object_set_new(o, "steps", list);
        json_object_set_new(o, "truncated", json_boolean(r->truncated));
    }
    return o;
}

/* Hundredths of a seed from South's view, proven results as their margin. */
static int south_value(const aw_score *s, int mover)
{
    int v = s->kind == AW_SCORE_SEEDS ? s->value : s->kind == AW_SCORE_DRAW ? 0 : 100 * s->margin;
    return mover == AW_SOUTH ? v : -v;
}

json_t *jo_score(const aw_score *s, int mover)
{
    static const char *const kinds[] = {"seeds", "win", "loss", "draw"};
    char text[48];
    json_t *o = json_pack("{s:s, s:i, s:s, s:i, s:b}", "kind", kinds[s->kind & 3], "value",
                          s->value, "text", aw_score_format(s, text, sizeof text), "south",
                          south_value(s, mover), "proven", s->kind != AW_SCORE_SEEDS);
    if (s->kind != AW_SCORE_SEEDS) {
        json_object_set_new(o, "margin", json_integer(s->margin));
        json_object_set_new(o, "plies", json_integer(s->plies));
    }
    return o;
}

json_t *jo_search_info(const aw_rules *rules, const aw_position *pos, const aw_search_info *info)
{
    json_t *lines = json_array();
    for (int i = 0; i < info->lines && i < AW_MAX_MOVES; i++) {
        const aw_search_line *l = &info->line[i];
        if (l->length < 1)
            continue;
        json_t *pv = json_array();
        for (int k = 0; k < l->length; k++)
            json_array_append_new(pv, jo_move(rules, l->pv[k]));
        char words[1024];
        json_array_append_new(
            lines, json_pack("{s:o, s:o, s:o, s:s}", "move", jo_move(rules, l->pv[0]), "score",
                             jo_score(&l->score, pos->side), "pv", pv, "pv_text",
                             words_line(rules, pos, l->pv, l->length, words, sizeof words)));
    }
    return json_pack("{s:i, s:i, s:I, s:I, s:I, s:i, s:o}", "depth", info->depth, "seldepth",
                     info->seldepth, "nodes", (json_int_t)info->nodes, "nps",
                     (json_int_t)info->nps, "time", (json_int_t)info->time_ms, "hashfull",
                     info->hashfull, "lines", lines);
}

json_t *jo_status(const aw_game *game)
{
    const aw_status st = aw_game_status(game);
    if (st == AW_ONGOING)
        return json_string("ongoing");
    int sc[2];
    char why[256], text[512];
    aw_game_scores(game, sc);
    aw_status_explain(st, aw_game_rules(game), aw_game_position(game), why, sizeof why);
    return json_pack("{s:s, s:[i,i], s:s?, s:s, s:s}", "over", aw_status_word(st), "scores", sc[0],
                     sc[1], "winner", sc[0] > sc[1] ? "south" : sc[1] > sc[0] ? "north" : NULL,
                     "reason", why, "text", words_game_over(game, text, sizeof text));
}

json_t *jo_perfect(int margin, bool exact)
{
    char text[192];
    return json_pack("{s:i, s:s?, s:b, s:s}", "margin", margin, "winner",
                     margin > 0 ? "south" : margin < 0 ? "north" : NULL, "exact", exact, "text",
                     words_tables(margin, exact, text, sizeof text));
}
