/*
 * ruleset.c - rule sets as data: the presets (docs/rules.md, docs/relay.md)
 * and the named parameters that override them.
 *
 * Every parameter is one row of the `params` table: its name, the values it
 * takes, which family it applies to, and a parse and print function. The
 * presets are plain struct values. Nothing here knows how a move is played.
 */
#include "rules_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* N_ marks a string for the catalogue (xgettext, scripts/po-check.sh)
 * where it is defined: the summaries and help texts, which the front ends
 * translate as they get them. TR marks a sentence and translates it with
 * the caller's aw_translate_fn (aw_rules_describe_translated), as howto.c
 * does. */
#define N_(s) s

typedef aw_lang lang;
#define TR(s) aw_lang_text(l, s)

#define CAPTURES_2_3 ((UINT64_C(1) << 2) | (UINT64_C(1) << 3))

static const struct preset {
    const char *summary;
    aw_rules rules;
} presets[] = {
    {N_("Oware Abapa, the international tournament rules: captures of 2 and 3, a grand slam "
     "captures nothing, first to 25 seeds, the third repetition ends the game"),
     {.name = "abapa", .family = AW_FAMILY_OWARE, .captures = CAPTURES_2_3,
      .grand_slam = AW_SLAM_VOID, .cannot_feed = AW_LEFT_MOVER, .empty_row = AW_LEFT_OWNER,
      .agreement = AW_LEFT_OWNER, .target = 25, .repetition = 3}},
    {N_("Awale as a French description tells it: as abapa, but 7 rounds (14 plies) without a "
     "capture end the game, and the players cannot agree to stop"),
     {.name = "seven-turns", .family = AW_FAMILY_OWARE, .captures = CAPTURES_2_3,
      .grand_slam = AW_SLAM_VOID, .cannot_feed = AW_LEFT_MOVER, .empty_row = AW_LEFT_OWNER,
      .agreement = AW_LEFT_FORBIDDEN, .target = 25, .no_capture = 14}},
    {N_("Awale where a grand slam captures: seeds left at the end are not counted, and 21 "
     "plies without a capture end the game"),
     {.name = "grand-slam", .family = AW_FAMILY_OWARE, .captures = CAPTURES_2_3,
      .grand_slam = AW_SLAM_CAPTURE, .cannot_feed = AW_LEFT_NOBODY,
      .empty_row = AW_LEFT_NOBODY, .agreement = AW_LEFT_NOBODY, .target = 25,
      .no_capture = 21}},
    {N_("A simpler Awale for beginners: only pits of 2 are captured, first to 24 seeds"),
     {.name = "two-seeds", .family = AW_FAMILY_OWARE, .captures = UINT64_C(1) << 2,
      .grand_slam = AW_SLAM_VOID, .cannot_feed = AW_LEFT_MOVER, .empty_row = AW_LEFT_OWNER,
      .agreement = AW_LEFT_OWNER, .target = 24, .repetition = 3}},
    {N_("A different game on the same board: sow 2 or more seeds either way, each lap ending in "
     "a pit with seeds sows them back the other way, a last seed in an empty pit of yours "
     "captures the pit facing it; only the stores count"),
     {.name = "relay", .family = AW_FAMILY_RELAY, .captures = 0, .grand_slam = AW_SLAM_VOID,
      .cannot_feed = AW_LEFT_NOBODY, .empty_row = AW_LEFT_NOBODY,
      .agreement = AW_LEFT_NOBODY, .target = 0, .repetition = 3}},
};

#define PRESET_COUNT ((int)(sizeof presets / sizeof presets[0]))

int aw_rules_preset_count(void) { return PRESET_COUNT; }

const char *aw_rules_preset_name(int i)
{
    return i >= 0 && i < PRESET_COUNT ? presets[i].rules.name : NULL;
}

const char *aw_rules_preset_summary(int i)
{
    return i >= 0 && i < PRESET_COUNT ? presets[i].summary : NULL;
}

aw_rules aw_rules_default(void) { return presets[0].rules; }

static const aw_rules *preset_find(const char *name)
{
    for (int i = 0; i < PRESET_COUNT; i++)
        if (strcmp(presets[i].rules.name, name) == 0)
            return &presets[i].rules;
    return NULL;
}

int aw_rules_preset(const char *name, aw_rules *out, aw_error *err)
{
    const aw_rules *p = name ? preset_find(name) : NULL;
    if (!p) {
        char list[128] = "";
        for (int i = 0; i < PRESET_COUNT; i++) {
            strcat(list, i ? ", " : "");
            strcat(list, presets[i].rules.name);
        }
        return aw_fail(err, "unknown rule set '%s' (known: %s)", name ? name : "", list);
    }
    *out = *p;
    return 0;
}

/* ---------------------------------------------------------------- values */

/* Parse a whole decimal number in [lo, hi]. */
static int parse_int(const char *text, long lo, long hi, long *out)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    errno = 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Choose among named words; returns the index or -1. */
static int parse_word(const char *text, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(text, words[i]) == 0)
            return i;
    return -1;
}

enum kind { ANY, OWARE_ONLY, RELAY_ONLY };

typedef struct param {
    const char *name;
    const char *values;
    const char *help;
    enum kind kind;
    int (*set)(aw_rules *r, const char *v);  /* 0 or -1 for a bad value */
    void (*get)(const aw_rules *r, char *buf, size_t size);
    const char *(*words)(const aw_rules *r, const lang *l, char *buf, size_t size);
} param;

static int set_captures(aw_rules *r, const char *v)
{
    uint64_t set = 0;
    const char *p = v;
    for (;;) {
        char num[8];
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof num)
            return -1;
        memcpy(num, p, n);
        num[n] = 0;
        long c;
        if (parse_int(num, 1, AW_SEEDS, &c))
            return -1;
        set |= UINT64_C(1) << c;
        p += n;
        if (!*p)
            break;
        p++;
    }
    r->captures = set;
    return 0;
}

static void get_captures(const aw_rules *r, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (int c = 1; c <= AW_SEEDS; c++)
        if (r->captures >> c & 1)
            used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s%d",
                                     used ? "," : "", c);
    if (!used)
        snprintf(buf, size, "none");
}

static const char *words_captures(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    /* The counts in words: "2", "2 or 3", "2, 3 or 4". */
    char list[200];
    size_t used = 0;
    int n = 0, total = 0;
    for (int c = 1; c <= AW_SEEDS; c++)
        total += (int)(r->captures >> c & 1);
    list[0] = 0;
    for (int c = 1; c <= AW_SEEDS && used < sizeof list; c++)
        if (r->captures >> c & 1) {
            n++;
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%d",
                                     n == 1 ? "" : n == total ? TR(" or ") : ", ", c);
        }
    snprintf(buf, size, TR("a last seed that makes %s in an opponent pit captures it"),
             total ? list : TR("nothing"));
    return buf;
}

static const char *const slam_words[] = {"void", "capture"};
static int set_slam(aw_rules *r, const char *v)
{
    int i = parse_word(v, slam_words, 2);
    if (i < 0)
        return -1;
    r->grand_slam = (aw_grand_slam)i;
    return 0;
}
static void get_slam(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", slam_words[r->grand_slam]);
}
static const char *words_slam(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->grand_slam == AW_SLAM_CAPTURE
                 ? TR("a grand slam (capturing the whole opponent row) captures")
                 : TR("a grand slam is legal but captures nothing"));
    return buf;
}

static const char *leftover_word(aw_leftover l)
{
    switch (l) {
    case AW_LEFT_NOBODY: return "none";
    case AW_LEFT_MOVER: return "mover";
    case AW_LEFT_OPPONENT: return "opponent";
    case AW_LEFT_OWNER: return "owner";
    case AW_LEFT_FORBIDDEN: return "no";
    }
    return "?";
}

static int set_cannot_feed(aw_rules *r, const char *v)
{
    static const char *const w[] = {"none", "mover", "opponent"};
    int i = parse_word(v, w, 3);
    if (i < 0)
        return -1;
    r->cannot_feed = (aw_leftover)i;
    return 0;
}
static void get_cannot_feed(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", leftover_word(r->cannot_feed));
}
static const char *words_cannot_feed(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->cannot_feed == AW_LEFT_MOVER
                 ? TR("when the mover cannot feed the opponent, the seeds left go to the player "
                      "who cannot feed")
             : r->cannot_feed == AW_LEFT_OPPONENT
                 ? TR("when the mover cannot feed the opponent, the seeds left go to his opponent")
                 : TR("when the mover cannot feed the opponent, the seeds left are not counted"));
    return buf;
}

static int set_empty_row(aw_rules *r, const char *v)
{
    if (strcmp(v, "owner") == 0)
        r->empty_row = AW_LEFT_OWNER;
    else if (strcmp(v, "none") == 0)
        r->empty_row = AW_LEFT_NOBODY;
    else
        return -1;
    return 0;
}
static void get_empty_row(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", leftover_word(r->empty_row));
}
static const char *words_empty_row(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->empty_row == AW_LEFT_OWNER
                 ? TR("when the player to move has no seed, his opponent adds the seeds of his "
                      "own row")
                 : TR("when the player to move has no seed, the seeds left are not counted"));
    return buf;
}

static int set_agreement(aw_rules *r, const char *v)
{
    if (strcmp(v, "owner") == 0)
        r->agreement = AW_LEFT_OWNER;
    else if (strcmp(v, "none") == 0)
        r->agreement = AW_LEFT_NOBODY;
    else if (strcmp(v, "no") == 0)
        r->agreement = AW_LEFT_FORBIDDEN;
    else
        return -1;
    return 0;
}
static void get_agreement(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", leftover_word(r->agreement));
}
static const char *words_agreement(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->agreement == AW_LEFT_OWNER    ? TR("the players may agree to end: each takes his own row")
             : r->agreement == AW_LEFT_NOBODY ? TR("the players may agree to end: seeds left not counted")
                                              : TR("the game cannot end by agreement"));
    return buf;
}

static int set_target(aw_rules *r, const char *v)
{
    long n;
    if (parse_int(v, 0, AW_SEEDS, &n))
        return -1;
    r->target = (int)n;
    return 0;
}
static void get_target(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%d", r->target);
}
static const char *words_target(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    /* What reaching the target does is play-on's to say, not this one's. */
    if (r->target == 0)
        snprintf(buf, size, "%s", TR("no target score"));
    else
        snprintf(buf, size, TR("the target score is %d seeds"), r->target);
    return buf;
}

static int set_no_capture(aw_rules *r, const char *v)
{
    long n;
    if (parse_int(v, 0, 10000, &n))
        return -1;
    r->no_capture = (int)n;
    return 0;
}
static void get_no_capture(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%d", r->no_capture);
}
static const char *words_no_capture(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    if (r->no_capture == 0)
        snprintf(buf, size, "%s", TR("no limit on plies without capture"));
    else if (r->no_capture == 1)
        snprintf(buf, size, "%s", TR("1 ply without capture ends the game; seeds left not counted"));
    else
        snprintf(buf, size,
                 TR("%d consecutive plies without capture end the game; seeds left not counted"),
                 r->no_capture);
    return buf;
}

static int set_repetition(aw_rules *r, const char *v)
{
    long n;
    if (parse_int(v, 0, 1000, &n) || n == 1)
        return -1;
    r->repetition = (int)n;
    return 0;
}
static void get_repetition(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%d", r->repetition);
}
static const char *words_repetition(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    if (r->repetition == 0)
        snprintf(buf, size, "%s", TR("repeated positions do not end the game"));
    else
        snprintf(buf, size,
                 r->family == AW_FAMILY_RELAY
                     ? TR("occurrence %d of the same position ends the game; seeds left not "
                          "counted")
                     : TR("occurrence %d of the same position ends the game; each player adds "
                          "his own row"),
                 r->repetition);
    return buf;
}

static const char *const no_yes[] = {"no", "yes"};

static int set_play_on(aw_rules *r, const char *v)
{
    int i = parse_word(v, no_yes, 2);
    if (i < 0)
        return -1;
    r->play_on = i == 1;
    return 0;
}
static void get_play_on(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", no_yes[r->play_on]);
}
static const char *words_play_on(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->target == 0 ? TR("no effect without a target score")
             : r->play_on   ? TR("reaching the target does not end the game: play goes on")
                            : TR("the first player to reach the target wins, and the game ends "
                                 "there"));
    return buf;
}
static int set_skip_origin(aw_rules *r, const char *v)
{
    int i = parse_word(v, no_yes, 2);
    if (i < 0)
        return -1;
    r->skip_origin = i == 1;
    return 0;
}
static void get_skip_origin(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", no_yes[r->skip_origin]);
}
static const char *words_skip_origin(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->skip_origin ? TR("a lap skips the pit it started from")
                            : TR("a lap sows into the pit it started from"));
    return buf;
}

static int set_direction(aw_rules *r, const char *v)
{
    if (strcmp(v, "ccw") == 0)
        r->clockwise = false;
    else if (strcmp(v, "cw") == 0)
        r->clockwise = true;
    else
        return -1;
    return 0;
}
static void get_direction(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", r->clockwise ? "cw" : "ccw");
}
static const char *words_direction(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->clockwise ? TR("seeds are sown clockwise (the board is shown mirrored)")
                          : TR("seeds are sown counterclockwise"));
    return buf;
}

static int set_chain(aw_rules *r, const char *v)
{
    if (strcmp(v, "forward") == 0)
        r->chain_backward = false;
    else if (strcmp(v, "backward") == 0)
        r->chain_backward = true;
    else
        return -1;
    return 0;
}
static void get_chain(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", r->chain_backward ? "backward" : "forward");
}
static const char *words_chain(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->chain_backward ? TR("a capture chain runs against the direction of the last lap")
                               : TR("a capture chain runs on in the direction of the last lap"));
    return buf;
}

static int set_no_move(aw_rules *r, const char *v)
{
    if (strcmp(v, "end") == 0)
        r->no_move_pass = false;
    else if (strcmp(v, "pass") == 0)
        r->no_move_pass = true;
    else
        return -1;
    return 0;
}
static void get_no_move(const aw_rules *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s", r->no_move_pass ? "pass" : "end");
}
static const char *words_no_move(const aw_rules *r, const lang *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             r->no_move_pass ? TR("a player without a legal move passes")
                             : TR("a player without a legal move ends the game"));
    return buf;
}

static const param params[] = {
    {"captures", "2,3 or 2 (any list of counts)", N_("counts that a capture takes"), OWARE_ONLY,
     set_captures, get_captures, words_captures},
    {"grand-slam", "void, capture", N_("a grand slam captures nothing, or captures"), OWARE_ONLY,
     set_slam, get_slam, words_slam},
    {"cannot-feed", "mover, opponent, none",
     N_("who takes the remaining seeds when the mover cannot feed"), OWARE_ONLY, set_cannot_feed,
     get_cannot_feed, words_cannot_feed},
    {"empty-row", "owner, none",
     N_("when the player to move has no seed: the opponent adds his own row, or nobody"), OWARE_ONLY,
     set_empty_row, get_empty_row, words_empty_row},
    {"target", "0 (none) or 1..48", N_("a score that ends the game when reached"), OWARE_ONLY,
     set_target, get_target, words_target},
    {"no-capture", "0 (off) or a number of plies",
     N_("consecutive plies without capture that end the game; remaining seeds not counted"), ANY,
     set_no_capture, get_no_capture, words_no_capture},
    {"repetition", "0 (off) or n >= 2",
     N_("the n-th occurrence of a position ends the game (Oware: each player adds his own row)"),
     ANY,
     set_repetition, get_repetition, words_repetition},
    {"play-on", "no, yes", N_("reaching the target does not end the game"), OWARE_ONLY, set_play_on,
     get_play_on, words_play_on},
    {"direction", "ccw, cw", N_("sowing direction for the whole game (display and input only)"),
     OWARE_ONLY, set_direction, get_direction, words_direction},
    {"agreement", "owner, none, no",
     N_("ending by agreement: each takes his own row, seeds not counted, or not allowed"), ANY,
     set_agreement, get_agreement, words_agreement},
    {"skip-origin", "no, yes", N_("relay: a lap skips the pit it started from"), RELAY_ONLY,
     set_skip_origin, get_skip_origin, words_skip_origin},
    {"chain", "forward, backward", N_("relay: direction of the capture chain"), RELAY_ONLY,
     set_chain, get_chain, words_chain},
    {"no-move", "end, pass", N_("relay: a player without a legal move ends the game, or passes"),
     RELAY_ONLY, set_no_move, get_no_move, words_no_move},
};

#define PARAM_COUNT ((int)(sizeof params / sizeof params[0]))

int aw_rules_param_count(void) { return PARAM_COUNT; }
const char *aw_rules_param_name(int i) { return i >= 0 && i < PARAM_COUNT ? params[i].name : NULL; }
const char *aw_rules_param_values(int i)
{
    return i >= 0 && i < PARAM_COUNT ? params[i].values : NULL;
}
const char *aw_rules_param_help(int i) { return i >= 0 && i < PARAM_COUNT ? params[i].help : NULL; }

static const param *param_find(const char *name)
{
    for (int i = 0; i < PARAM_COUNT; i++)
        if (strcmp(params[i].name, name) == 0)
            return &params[i];
    return NULL;
}

static bool applies(const param *p, const aw_rules *r)
{
    return p->kind == ANY || (p->kind == OWARE_ONLY) == (r->family == AW_FAMILY_OWARE);
}

bool aw_rules_param_applies(const aw_rules *rules, const char *name)
{
    const param *p = param_find(name);
    return p && applies(p, rules);
}

int aw_rules_set(aw_rules *rules, const char *name, const char *value, aw_error *err)
{
    const param *p = param_find(name);
    if (!p)
        return aw_fail(err, "unknown rule parameter '%s' (see 'awale rules')", name);
    if (!applies(p, rules))
        return aw_fail(err, "rule parameter '%s' does not apply to the %s game", name,
                       rules->family == AW_FAMILY_RELAY ? "relay" : "Oware");
    if (p->set(rules, value))
        return aw_fail(err, "bad value '%s' for rule parameter '%s' (expected %s)", value, name,
                       p->values);
    return 0;
}

int aw_rules_set_arg(aw_rules *rules, const char *assignment, aw_error *err)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment)
        return aw_fail(err, "bad rule '%s': expected NAME=VALUE, e.g. target=24", assignment);
    char name[32];
    size_t n = (size_t)(eq - assignment);
    if (n >= sizeof name)
        return aw_fail(err, "unknown rule parameter '%.*s'", (int)n, assignment);
    memcpy(name, assignment, n);
    name[n] = 0;
    return aw_rules_set(rules, name, eq + 1, err);
}

const char *aw_rules_get(const aw_rules *rules, const char *name, char *buf, size_t size)
{
    const param *p = param_find(name);
    if (!p || size == 0)
        return NULL;
    p->get(rules, buf, size);
    return buf;
}

const char *aw_rules_describe(const aw_rules *rules, const char *name, char *buf, size_t size)
{
    return aw_rules_describe_translated(rules, name, buf, size, NULL, NULL);
}

const char *aw_rules_describe_translated(const aw_rules *rules, const char *name, char *buf,
                                         size_t size, aw_translate_fn tr, void *ctx)
{
    const param *p = param_find(name);
    if (!p || size == 0)
        return NULL;
    const lang l = {tr, ctx};
    return p->words(rules, &l, buf, size);
}

int aw_rules_diff(const aw_rules *rules, char *buf, size_t size)
{
    const aw_rules *base = preset_find(rules->name);
    int count = 0;
    size_t used = 0;
    if (size)
        buf[0] = 0;
    for (int i = 0; i < PARAM_COUNT; i++) {
        if (!applies(&params[i], rules))
            continue;
        char mine[160], theirs[160];
        params[i].get(rules, mine, sizeof mine);
        if (base) {
            params[i].get(base, theirs, sizeof theirs);
            if (strcmp(mine, theirs) == 0)
                continue;
        }
        count++;
        int w = snprintf(buf + used, used < size ? size - used : 0, "%s%s=%s", used ? " " : "",
                         params[i].name, mine);
        if (w > 0)
            used += (size_t)w;
    }
    return count;
}
