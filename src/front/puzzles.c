/*
 * puzzles.c - the shipped puzzles: the line format (parse, print) and the
 * files embedded by the Makefile (build/.../gen/puzzle_data.c, one text per
 * data/puzzles-RULES.tsv). The texts are parsed once, on first use
 * (pthread_once), into one array per rule set that stays read-only after:
 * any thread may read it. A line of the embedded data that does not parse
 * is left out (the unit tests check that every shipped line parses).
 *
 * A parsed puzzle is checked as far as a line can be without a search: the
 * position is a position of the rules, the game is not over, every move of
 * the solution is legal in turn and the game does not end before its last
 * move. Whether the first move is really the only win is the finder's and
 * `awale puzzles verify`'s business (src/front/puzzle_find.c).
 */
#include "front/puzzles.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/i18n.h"

/* The generated table (build/.../gen/puzzle_data.c). */
typedef struct builtin_puzzles {
    const char *rules; /* "abapa" for data/puzzles-abapa.tsv */
    const unsigned char *text;
    size_t size;
} builtin_puzzles;
extern const builtin_puzzles awale_puzzle_files[];
extern const int awale_puzzle_files_count;

static const char *const theme_names[PUZZLE_THEMES] = {
    "capture-chain", "grand-slam", "starving", "feeding", "counting", "endgame",
};
static const char *const theme_titles[PUZZLE_THEMES] = {
    N_("capture chain"), N_("grand slam"), N_("starving"),
    N_("feeding"),       N_("counting"),   N_("endgame"),
};

const char *puzzle_theme_name(int bit)
{
    return bit >= 0 && bit < PUZZLE_THEMES ? theme_names[bit] : NULL;
}

const char *puzzle_theme_title(int bit)
{
    return bit >= 0 && bit < PUZZLE_THEMES ? theme_titles[bit] : NULL;
}

int puzzle_theme_parse(const char *name)
{
    for (int i = 0; name && i < PUZZLE_THEMES; i++)
        if (strcmp(name, theme_names[i]) == 0)
            return i;
    return -1;
}

char *puzzle_themes_format(unsigned themes, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < PUZZLE_THEMES; i++)
        if (themes & (1u << i)) {
            int w = snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? "," : "",
                             theme_names[i]);
            if (w > 0)
                n += (size_t)w;
        }
    if (!n)
        snprintf(buf, size, "-");
    return buf;
}

char *puzzle_format_line(const puzzle *p, char *buf, size_t size)
{
    char moves[AW_PUZZLE_LINE_MAX * (AW_MOVE_MAX + 1) + 1] = "";
    size_t n = 0;
    for (int i = 0; i < p->length; i++) {
        char m[AW_MOVE_MAX];
        n += (size_t)snprintf(moves + n, sizeof moves - n, "%s%s", i ? " " : "",
                              aw_move_format(&p->rules, p->solution[i], m));
    }
    char themes[128];
    snprintf(buf, size, "%s\t%s\t%s\t%s\t%d", p->rules_name, p->position_text, moves,
             puzzle_themes_format(p->themes, themes, sizeof themes), p->rating);
    return buf;
}

/* ------------------------------------------------------------ the parser */

static int fail(aw_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(aw_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

#define FIELDS 5
static const char *const field_names[FIELDS] = {"rules", "position", "solution", "themes",
                                                "rating"};

static int parse_themes(const char *text, unsigned *out, aw_error *err)
{
    *out = 0;
    if (strcmp(text, "-") == 0 || !*text)
        return 0;
    const char *s = text;
    for (;;) {
        const char *e = strchr(s, ',');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        char word[32];
        if (len == 0)
            return fail(err, "field 4 (themes): an empty theme in \"%.60s\"", text);
        if (len >= sizeof word)
            return fail(err, "field 4 (themes): unknown theme \"%.40s...\"", s);
        memcpy(word, s, len);
        word[len] = 0;
        int bit = puzzle_theme_parse(word);
        if (bit < 0)
            return fail(err,
                        "field 4 (themes): unknown theme \"%s\" (capture-chain, grand-slam, "
                        "starving, feeding, counting, endgame)",
                        word);
        if (*out & (1u << bit))
            return fail(err, "field 4 (themes): \"%s\" twice", word);
        *out |= 1u << bit;
        if (!e)
            return 0;
        s = e + 1;
    }
}

int puzzle_parse_line(const char *line, puzzle *out, aw_error *err)
{
    /* Comments and blank lines. */
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '#' || *s == 0 || ((*s == '\n' || *s == '\r') && strspn(s, "\r\n") == strlen(s)))
        return 0;

    /* The fields, without the line's end. */
    char buf[1024];
    size_t len = strcspn(line, "\r\n");
    if (line[len] && strspn(line + len, "\r\n") != strlen(line + len))
        return fail(err, "more than one line");
    if (len >= sizeof buf)
        return fail(err, "the line is too long (%zu bytes, at most %zu)", len, sizeof buf - 1);
    memcpy(buf, line, len);
    buf[len] = 0;
    char *field[FIELDS];
    int n = 0;
    char *p = buf;
    for (;;) {
        if (n == FIELDS)
            return fail(err, "more than %d fields separated by tabs (rules, position, solution, "
                             "themes, rating)",
                        FIELDS);
        field[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = 0;
        p = tab + 1;
    }
    if (n < FIELDS)
        return fail(err,
                    "%d field%s, expected %d separated by tabs: rules, position, solution, "
                    "themes, rating (the %s is missing)",
                    n, n == 1 ? "" : "s", FIELDS, field_names[n]);
    for (int i = 0; i < FIELDS; i++)
        if (!field[i][0] && i != 3)
            return fail(err, "field %d (%s) is empty", i + 1, field_names[i]);

    puzzle pz;
    memset(&pz, 0, sizeof pz);
    pz.id = -1;
    aw_error e;

    /* 1: rules, a preset's name. */
    if (strlen(field[0]) >= sizeof pz.rules_name || aw_rules_preset(field[0], &pz.rules, &e))
        return fail(err, "field 1 (rules): unknown rule set \"%.40s\"", field[0]);
    snprintf(pz.rules_name, sizeof pz.rules_name, "%s", field[0]);

    /* 2: the position, a game that goes on. */
    if (aw_position_parse(field[1], &pz.position, &e))
        return fail(err, "field 2 (position): %s", e.msg);
    aw_position_format(&pz.position, pz.position_text);
    aw_status st = aw_position_status(&pz.rules, &pz.position);
    if (st != AW_ONGOING) {
        char why[160];
        return fail(err, "field 2 (position): the game is already over (%s)",
                    aw_status_explain(st, &pz.rules, &pz.position, why, sizeof why));
    }

    /* 3: the solution, legal move after move, the solver's last. */
    int count = aw_moves_parse(&pz.rules, field[2], pz.solution, AW_PUZZLE_LINE_MAX, &e);
    if (count < 0)
        return fail(err, "field 3 (solution): %s", e.msg);
    if (count == 0)
        return fail(err, "field 3 (solution): no move");
    if (count % 2 == 0)
        return fail(err,
                    "field 3 (solution): %d moves; the line must end with a move of the solver "
                    "(an odd number)",
                    count);
    pz.length = count;
    aw_position at = pz.position;
    for (int i = 0; i < count; i++) {
        char m[AW_MOVE_MAX], why[160];
        aw_move_format(&pz.rules, pz.solution[i], m);
        if (i > 0) {
            aw_status s2 = aw_position_status(&pz.rules, &at);
            if (s2 != AW_ONGOING)
                return fail(err, "field 3 (solution): the game is over before move %d (%s): %s",
                            i + 1, m, aw_status_explain(s2, &pz.rules, &at, why, sizeof why));
        }
        if (!aw_is_legal(&pz.rules, &at, pz.solution[i]))
            return fail(err, "field 3 (solution): move %d (%s) is illegal: %s", i + 1, m,
                        aw_explain_illegal(&pz.rules, &at, pz.solution[i], why, sizeof why));
        aw_play(&pz.rules, &at, pz.solution[i]);
    }

    /* 4: themes. */
    if (parse_themes(field[3], &pz.themes, err))
        return -1;

    /* 5: the rating. */
    errno = 0;
    char *end;
    long r = strtol(field[4], &end, 10);
    if (*end || errno || end == field[4] || field[4][0] == ' ' || field[4][0] == '+')
        return fail(err, "field 5 (rating): \"%.40s\" is not a whole number", field[4]);
    if (r < PUZZLE_RATING_MIN || r > PUZZLE_RATING_MAX)
        return fail(err, "field 5 (rating): %ld is out of range (%d..%d)", r, PUZZLE_RATING_MIN,
                    PUZZLE_RATING_MAX);
    pz.rating = (int)r;

    *out = pz;
    return 1;
}

/* --------------------------------------------------- the embedded files */

typedef struct rule_set_puzzles {
    const char *rules;
    puzzle *items;
    int count;
} rule_set_puzzles;

static rule_set_puzzles sets[16];
static int set_count;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_file(const builtin_puzzles *f)
{
    if (set_count == (int)(sizeof sets / sizeof sets[0]))
        return;
    int lines = 1;
    for (size_t i = 0; i < f->size; i++)
        lines += f->text[i] == '\n';
    rule_set_puzzles *set = &sets[set_count];
    set->rules = f->rules;
    set->items = malloc((size_t)lines * sizeof *set->items);
    if (!set->items)
        return;
    set->count = 0;
    const char *s = (const char *)f->text, *end = s + f->size;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
        char line[1024];
        if (len < sizeof line) {
            memcpy(line, s, len);
            line[len] = 0;
            puzzle p;
            aw_error err;
            if (puzzle_parse_line(line, &p, &err) == 1 && strcmp(p.rules_name, f->rules) == 0) {
                p.id = set->count;
                set->items[set->count++] = p;
            }
        }
        s += len + 1;
    }
    set_count++;
}

static void load(void)
{
    /* In the order of the presets, whatever the order of the files. */
    for (int i = 0; i < aw_rules_preset_count(); i++)
        for (int j = 0; j < awale_puzzle_files_count; j++)
            if (strcmp(awale_puzzle_files[j].rules, aw_rules_preset_name(i)) == 0)
                load_file(&awale_puzzle_files[j]);
}

static const rule_set_puzzles *find(const char *rules)
{
    pthread_once(&load_once, load);
    for (int i = 0; rules && i < set_count; i++)
        if (strcmp(sets[i].rules, rules) == 0)
            return &sets[i];
    return NULL;
}

int puzzles_count(const char *rules)
{
    const rule_set_puzzles *set = find(rules);
    return set ? set->count : 0;
}

const puzzle *puzzles_get(const char *rules, int i)
{
    const rule_set_puzzles *set = find(rules);
    return set && i >= 0 && i < set->count ? &set->items[i] : NULL;
}

int puzzles_rule_sets(void)
{
    pthread_once(&load_once, load);
    return set_count;
}

const char *puzzles_rule_set(int i)
{
    pthread_once(&load_once, load);
    return i >= 0 && i < set_count ? sets[i].rules : NULL;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static bool fits(const puzzle *p, int rating, int window, unsigned themes, int exclude)
{
    if (p->id == exclude)
        return false;
    if (themes && !(p->themes & themes))
        return false;
    return rating <= 0 || abs(p->rating - rating) <= window;
}

const puzzle *puzzles_pick_other(const char *rules, int rating, unsigned themes, int exclude,
                                 long long seed)
{
    const rule_set_puzzles *set = find(rules);
    if (!set || !set->count)
        return NULL;
    const int widest = PUZZLE_RATING_MAX - PUZZLE_RATING_MIN + 2 * 200 + abs(rating);
    for (int pass = 0; pass < 2; pass++) {
        int ex = pass == 0 ? exclude : -1;
        for (int window = 200;; window += 200) {
            int n = 0;
            for (int i = 0; i < set->count; i++)
                n += fits(&set->items[i], rating, window, themes, ex);
            if (n) {
                int k = (int)(mix((uint64_t)seed) % (uint64_t)n);
                for (int i = 0; i < set->count; i++)
                    if (fits(&set->items[i], rating, window, themes, ex) && k-- == 0)
                        return &set->items[i];
            }
            if (window > widest || rating <= 0)
                break;
        }
    }
    return NULL;
}

const puzzle *puzzles_pick(const char *rules, int rating, unsigned themes, long long seed)
{
    return puzzles_pick_other(rules, rating, themes, -1, seed);
}
