/*
 * routes_puzzles.c - the puzzles of the page (docs/api.md, docs/puzzles.md
 * "In the page"): GET /api/puzzles gives one shipped puzzle (src/front/
 * puzzles.h) chosen by rule set, themes and rating; GET /api/puzzles/stats
 * counts them by rule set and theme.
 *
 * A puzzle comes with its whole solution line, each move with what it did
 * (the report the page animates, as the game state's moves) and the
 * position after it: the page checks the player's move against the line
 * and plays the defender's replies itself, with no more requests. The
 * page never sows: every position it shows comes from here. The legal
 * moves of the puzzle's position come too (the pits the page lights).
 *
 * Read-only: the puzzles are parsed once and shared (puzzles.h); nothing
 * here holds a lock or changes anything.
 */
#include "web/routes.h"

#include "front/puzzles.h"
#include "web/explorer.h"
#include "web/jsonout.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Every theme word, for the messages ("capture-chain, grand-slam, ..."). */
static void theme_words(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int b = 0; b < PUZZLE_THEMES && n < size; b++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", b ? ", " : "", puzzle_theme_name(b));
}

static json_t *themes_json(unsigned themes)
{
    json_t *list = json_array();
    for (int b = 0; b < PUZZLE_THEMES; b++)
        if (themes & (1u << b))
            json_array_append_new(list, json_string(puzzle_theme_name(b)));
    return list;
}

/* What the solver aims at, told by the end of the line when the line ends
 * the game: "win" or "draw" (the final scores say which); null when the
 * line stops before the end (the page then asks for "the best move"). */
static const char *goal_of(const puzzle *p, const aw_position *end)
{
    const aw_status st = aw_position_status(&p->rules, end);
    if (st == AW_ONGOING)
        return NULL;
    int scores[2];
    aw_final_scores(&p->rules, end, st, scores);
    const int solver = p->position.side;
    return scores[solver] > scores[1 - solver] ? "win" : scores[solver] == scores[1 - solver] ? "draw"
                                                                                             : NULL;
}

static json_t *puzzle_json(const puzzle *p)
{
    json_t *line = json_array(), *solution = json_array();
    aw_move_report *rep = malloc(sizeof *rep);
    aw_position pos = p->position;
    for (int i = 0; rep && i < p->length; i++) {
        char text[AW_POSITION_MAX];
        if (aw_play_report(&p->rules, &pos, p->solution[i], rep) < 0)
            break;
        json_t *m = jo_report(&p->rules, rep, true); /* steps: the page animates them */
        json_object_set_new(m, "ply", json_integer(i + 1));
        json_object_set_new(m, "after", json_string(aw_position_format(&pos, text)));
        json_object_set_new(m, "solver", json_boolean(puzzle_solver_move(i)));
        /* The moves of the position after it (the pits the page offers). */
        json_t *next = json_array();
        aw_move nm[AW_MAX_MOVES];
        const int nn = aw_position_status(&p->rules, &pos) == AW_ONGOING
                           ? aw_generate(&p->rules, &pos, nm)
                           : 0;
        for (int k = 0; k < nn; k++)
            json_array_append_new(next, jo_move(&p->rules, nm[k]));
        json_object_set_new(m, "legal_after", next);
        json_array_append_new(line, m);
        json_array_append_new(solution, jo_move(&p->rules, p->solution[i]));
    }
    free(rep);
    json_t *legal = json_array();
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_generate(&p->rules, &p->position, moves);
    for (int i = 0; i < n; i++)
        json_array_append_new(legal, jo_move(&p->rules, moves[i]));
    const char *goal = goal_of(p, &pos);
    return json_pack("{s:i, s:s, s:o, s:s, s:o, s:s, s:o, s:o, s:o, s:o, s:i, s:o, s:i}", "id",
                     p->id, "rules", p->rules_name, "rule_set", jo_rules(&p->rules), "position",
                     p->position_text, "board", jo_position(&p->position), "to_move",
                     jo_side_letter(p->position.side), "solution", solution, "line", line, "legal",
                     legal, "themes", themes_json(p->themes), "rating", p->rating, "goal",
                     goal ? json_string(goal) : json_null(), "count",
                     puzzles_count(p->rules_name));
}

/* The rule set of ?rules= (default abapa): a preset that has puzzles.
 * NULL with the answer set. */
static const char *rules_arg(const web_request *req, web_reply *r)
{
    bool present;
    const char *name = query_value(req, "rules", &present);
    if (!present || !*name)
        return "abapa";
    aw_rules rules;
    aw_error err;
    if (aw_rules_preset(name, &rules, &err)) {
        web_reply_error(r, 400, "rules: %s", err.msg);
        return NULL;
    }
    if (puzzles_count(name) == 0) {
        char list[200] = "";
        size_t k = 0;
        for (int i = 0; i < puzzles_rule_sets() && k < sizeof list; i++)
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "",
                                  puzzles_rule_set(i));
        web_reply_error(r, 404, "no puzzles for the %s rules (there are some for: %s)", name,
                        list[0] ? list : "none");
        return NULL;
    }
    return name;
}

/* ?theme=a,b (any of them): the bits, or -1 with the answer set. */
static long long themes_arg(const web_request *req, web_reply *r)
{
    bool present;
    const char *v = query_value(req, "theme", &present);
    if (!present || !*v)
        return 0;
    unsigned bits = 0;
    while (*v) {
        const char *comma = strchr(v, ',');
        const size_t len = comma ? (size_t)(comma - v) : strlen(v);
        char word[32];
        int bit = -1;
        if (len > 0 && len < sizeof word) {
            memcpy(word, v, len);
            word[len] = 0;
            bit = puzzle_theme_parse(word);
        }
        if (bit < 0) {
            char words[200];
            theme_words(words, sizeof words);
            web_reply_error(r, 400, "theme: '%.*s' is not a theme (the themes: %s)",
                            (int)(len > 40 ? 40 : len), v, words);
            return -1;
        }
        bits |= 1u << bit;
        v += len + (comma ? 1 : 0);
    }
    return bits;
}

static void handle_one(const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"rules", "theme", "rating", "exclude", "seed", NULL};
    if (!query_only(req, r, allowed))
        return;
    const char *rules = rules_arg(req, r);
    if (!rules)
        return;
    const long long themes = themes_arg(req, r);
    long long rating = 1500, exclude = -1, seed = -1;
    if (themes < 0 || query_int(req, r, "rating", 0, 4000, &rating) < 0 ||
        query_int(req, r, "exclude", 0, 1000000000, &exclude) < 0 ||
        query_int(req, r, "seed", 0, (long long)1 << 53, &seed) < 0)
        return;
    if (seed < 0) { /* no seed given: a new puzzle each time */
        static atomic_ullong calls; /* two requests at once get two seeds */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        const unsigned long long n = atomic_fetch_add(&calls, 1) + 1;
        seed = (long long)(((unsigned long long)ts.tv_nsec ^ ((unsigned long long)ts.tv_sec << 20)) +
                           n * 0x9e3779b9ULL) & (((long long)1 << 53) - 1);
    }
    const puzzle *p = puzzles_pick_other(rules, (int)rating, (unsigned)themes, (int)exclude, seed);
    if (!p) {
        char words[200];
        puzzle_themes_format((unsigned)themes, words, sizeof words);
        web_reply_error(r, 404, "no %s puzzle with the themes %s", rules, words);
        return;
    }
    web_reply_value(r, 200, puzzle_json(p));
}

static void handle_stats(const web_request *req, web_reply *r)
{
    static const char *const none[] = {NULL};
    if (!query_only(req, r, none))
        return;
    json_t *sets = json_array(), *names = json_array();
    for (int b = 0; b < PUZZLE_THEMES; b++)
        json_array_append_new(names, json_string(puzzle_theme_name(b)));
    int total = 0;
    for (int i = 0; i < puzzles_rule_sets(); i++) {
        const char *name = puzzles_rule_set(i);
        const int n = puzzles_count(name);
        int by[PUZZLE_THEMES] = {0}, lo = 0, hi = 0;
        long long sum = 0;
        for (int k = 0; k < n; k++) {
            const puzzle *p = puzzles_get(name, k);
            for (int b = 0; b < PUZZLE_THEMES; b++)
                by[b] += (p->themes >> b) & 1;
            lo = k == 0 || p->rating < lo ? p->rating : lo;
            hi = k == 0 || p->rating > hi ? p->rating : hi;
            sum += p->rating;
        }
        json_t *themes = json_object();
        for (int b = 0; b < PUZZLE_THEMES; b++)
            json_object_set_new(themes, puzzle_theme_name(b), json_integer(by[b]));
        json_array_append_new(sets, json_pack("{s:s, s:i, s:o, s:{s:i, s:i, s:i}}", "rules", name,
                                              "count", n, "themes", themes, "rating", "min", lo,
                                              "max", hi, "mean", n ? (int)(sum / n) : 0));
        total += n;
    }
    web_reply_value(r, 200, json_pack("{s:i, s:o, s:o}", "total", total, "rule_sets", sets,
                                      "themes", names));
}

void handle_puzzles(const web_request *req, bool stats, web_reply *r)
{
    if (stats)
        handle_stats(req, r);
    else
        handle_one(req, r);
}
