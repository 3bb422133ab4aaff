/*
 * test_record.c - game records (src/rules/record.c): random games of every
 * rule set, with tags, comments and custom starts, written and read back
 * must give the same game, tags, comments and text; a file of several
 * records reads record by record; and bad records are rejected with the
 * right line and a reason.
 */
#include "support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__)
#define AW_TEST_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define AW_TEST_PRINTF(a, b)
#endif

/* The rule set as text (preset and every parameter), for comparisons. */
static void rules_text(const aw_rules *r, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "%s", r->name);
    for (int i = 0; i < aw_rules_param_count() && used < size; i++) {
        char v[128];
        const char *name = aw_rules_param_name(i);
        used += (size_t)snprintf(out + used, size - used, " %s=%s", name,
                                 aw_rules_get(r, name, v, sizeof v));
    }
}

static void assert_same_record(const aw_record *a, const aw_record *b)
{
    const aw_game *ga = aw_record_game_const(a), *gb = aw_record_game_const(b);
    char ra[1024], rb[1024];
    rules_text(aw_game_rules(ga), ra, sizeof ra);
    rules_text(aw_game_rules(gb), rb, sizeof rb);
    assert_string_equal(ra, rb);
    assert_memory_equal(aw_game_start(ga), aw_game_start(gb), sizeof(aw_position));
    assert_int_equal(aw_game_ply(ga), aw_game_ply(gb));
    for (int k = 0; k < aw_game_ply(ga); k++)
        assert_int_equal(aw_game_move(ga, k), aw_game_move(gb, k));
    assert_int_equal(aw_game_status(ga), aw_game_status(gb));
    assert_string_equal(aw_record_result(a), aw_record_result(b));
    for (int k = 0; k < aw_game_ply(ga); k++)
        assert_int_equal(aw_record_mark(a, k), aw_record_mark(b, k));
    for (int k = 0; k <= aw_game_ply(ga); k++) {
        const char *ca = aw_record_comment(a, k), *cb = aw_record_comment(b, k);
        assert_true((ca == NULL) == (cb == NULL));
        if (ca)
            assert_string_equal(ca, cb);
    }
    assert_int_equal(aw_record_tag_count(a), aw_record_tag_count(b));
    for (int i = 0; i < aw_record_tag_count(a); i++) {
        const char *v = aw_record_tag(b, aw_record_tag_name(a, i));
        assert_non_null(v);
        assert_string_equal(aw_record_tag_value(a, i), v);
    }
}

static const char *const words[] = {"good", "move", "\"quoted\"", "back\\slash", "{open",
                                     "a-b", "1-0", "[bracket]", ";semi", "long-word-here",
                                     "*", "12.", "C", "été"};

static void random_text(uint64_t *rng, char *out, size_t size, int max_words, bool tabs)
{
    int n = 1 + (int)(t_rand(rng) % (uint64_t)max_words);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *w = words[t_rand(rng) % (sizeof words / sizeof words[0])];
        if (strlen(out) + strlen(w) + 2 < size) {
            strcat(out, i ? (t_rand(rng) % 5 ? " " : tabs ? "  \t\n " : "  ") : "");
            strcat(out, w);
        }
    }
}

/* A random position holding 48 seeds, `side` to move. */
static aw_position random_position(uint64_t *rng, int side)
{
    aw_position p = aw_position_start(side);
    memset(p.pits, 0, sizeof p.pits);
    int left = AW_SEEDS;
    p.score[0] = (uint8_t)(t_rand(rng) % 20);
    p.score[1] = (uint8_t)(t_rand(rng) % 20);
    left -= p.score[0] + p.score[1];
    while (left > 0) {
        p.pits[t_rand(rng) % AW_PITS]++;
        left--;
    }
    return p;
}

/* A random record: rules, start, moves, tags, comments, maybe an agreed end
 * or a result given for an unfinished game. */
static aw_record *random_record(uint64_t *rng)
{
    static const char *const overrides[] = {NULL, "target=24", "repetition=2 direction=cw",
                                            "no-capture=30 captures=2,3,4", "play-on=yes"};
    int preset = (int)(t_rand(rng) % (uint64_t)aw_rules_preset_count());
    const char *name = aw_rules_preset_name(preset);
    const char *ov = strcmp(name, "relay") == 0 ? (t_rand(rng) % 2 ? "skip-origin=yes" : NULL)
                                                : overrides[t_rand(rng) % 5];
    aw_rules rules = t_rules(name, ov);
    aw_position start = aw_position_start(AW_SOUTH);
    int kind = (int)(t_rand(rng) % 4);
    if (kind == 1)
        start = aw_position_start(AW_NORTH);
    else if (kind == 2)
        start = random_position(rng, (int)(t_rand(rng) % 2));
    aw_record *rec = aw_record_new(&rules, &start);
    assert_non_null(rec);
    aw_game *g = aw_record_game(rec);
    int plies = (int)(t_rand(rng) % 120);
    char text[200];
    for (int k = 0; k < plies && aw_game_status(g) == AW_ONGOING; k++) {
        aw_move moves[AW_MAX_MOVES];
        int n = aw_generate(&rules, aw_game_position(g), moves);
        if (n == 0)
            break;
        assert_int_equal(aw_game_play(g, moves[t_rand(rng) % (uint64_t)n], NULL), 0);
    }
    for (int k = 0; k <= aw_game_ply(g); k++)
        if (t_rand(rng) % 6 == 0) {
            random_text(rng, text, sizeof text, 12, true);
            assert_int_equal(aw_record_set_comment(rec, k, text, NULL), 0);
        }
    for (int k = 0; k < aw_game_ply(g); k++)
        if (t_rand(rng) % 4 == 0)
            assert_int_equal(aw_record_set_mark(rec, k, (aw_mark)(t_rand(rng) % 7), NULL), 0);
    static const char *const tags[] = {"Event", "Site", "Date", "Round", "South", "North",
                                       "Opening", "Time_Control", "Annotator"};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (t_rand(rng) % 2) {
            random_text(rng, text, sizeof text, 4, false);
            assert_int_equal(aw_record_set_tag(rec, tags[i], text, NULL), 0);
        }
    if (aw_game_status(g) == AW_ONGOING) {
        int what = (int)(t_rand(rng) % 4);
        aw_error err;
        if (what == 0 && rules.agreement != AW_LEFT_FORBIDDEN && aw_game_agree(g, &err))
            fail_msg("agree: %s", err.msg);
        else if (what == 1) {
            assert_int_equal(aw_record_set_tag(rec, "Result", "0-1", NULL), 0);
            assert_int_equal(aw_record_set_tag(rec, "Termination", "time forfeit", NULL), 0);
        }
    }
    return rec;
}

static void round_trip(void **state)
{
    (void)state;
    uint64_t rng = 2024;
    const int count = t_sanitized() ? 150 : 600;
    for (int i = 0; i < count; i++) {
        aw_record *rec = random_record(&rng);
        char *text = aw_record_format(rec);
        assert_non_null(text);
        const char *p = text;
        int line = 1;
        aw_error err;
        aw_record *back = aw_record_read(&p, &line, &err);
        if (!back)
            fail_msg("record %d does not read back: %s\n%s", i, err.msg, text);
        assert_same_record(rec, back);
        char *again = aw_record_format(back);
        assert_string_equal(text, again);
        /* Nothing but white space is left: the next read is the end. */
        assert_null(aw_record_read(&p, &line, &err));
        assert_string_equal(err.msg, "");
        free(again);
        aw_record_free(back);
        free(text);
        aw_record_free(rec);
    }
}

/* Several records in one text read one by one, with line numbers that run
 * on; a bad record after good ones is reported at its line in the text. */
static void several_records(void **state)
{
    (void)state;
    uint64_t rng = 7;
    enum { N = 20 };
    aw_record *recs[N];
    char *texts[N];
    size_t total = 64;
    for (int i = 0; i < N; i++) {
        recs[i] = random_record(&rng);
        texts[i] = aw_record_format(recs[i]);
        total += strlen(texts[i]) + 1;
    }
    char *all = malloc(total);
    assert_non_null(all);
    all[0] = 0;
    int lines = 0;
    for (int i = 0; i < N; i++) {
        strcat(all, texts[i]);
        strcat(all, "\n");
        for (const char *c = texts[i]; *c; c++)
            lines += *c == '\n';
        lines++;
    }
    strcat(all, "[Event \"bad\"]\n1. C C *\n");
    const char *p = all;
    int line = 1;
    aw_error err;
    for (int i = 0; i < N; i++) {
        aw_record *back = aw_record_read(&p, &line, &err);
        if (!back)
            fail_msg("record %d: %s", i, err.msg);
        assert_same_record(recs[i], back);
        aw_record_free(back);
    }
    assert_null(aw_record_read(&p, &line, &err));
    char want[64];
    snprintf(want, sizeof want, "line %d: 1... C cannot be played", lines + 2);
    if (!strstr(err.msg, want))
        fail_msg("expected '%s' in '%s'", want, err.msg);
    for (int i = 0; i < N; i++) {
        free(texts[i]);
        aw_record_free(recs[i]);
    }
    free(all);
}

/* The text follows docs/records.md: derived tags, numbered moves, "N..."
 * before North's move after a comment or at a North start, the result. */
static void format_shape(void **state)
{
    (void)state;
    aw_rules rules = t_rules("abapa", "target=24");
    aw_position start = aw_position_start(AW_NORTH);
    aw_record *rec = aw_record_new(&rules, &start);
    aw_game *g = aw_record_game(rec);
    aw_move moves[8];
    assert_int_equal(aw_moves_parse(&rules, "aCfF", moves, 8, NULL), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(aw_game_play(g, moves[i], NULL), 0);
    assert_int_equal(aw_record_set_tag(rec, "North", "Kofi \"the \\ fox\"", NULL), 0);
    assert_int_equal(aw_record_set_tag(rec, "Event", "Club", NULL), 0);
    assert_int_equal(aw_record_set_comment(rec, 2, "  a\n quiet   move ", NULL), 0);
    assert_string_equal(aw_record_comment(rec, 2), "a quiet move");
    assert_int_equal(aw_record_set_mark(rec, 1, AW_MARK_DUBIOUS, NULL), 0);
    assert_int_equal(aw_record_set_mark(rec, 3, AW_MARK_BRILLIANT, NULL), 0);
    char *text = aw_record_format(rec);
    const char *want = "[Event \"Club\"]\n"
                       "[North \"Kofi \\\"the \\\\ fox\\\"\"]\n"
                       "[Result \"*\"]\n"
                       "[Rules \"abapa\"]\n"
                       "[Rule \"target=24\"]\n"
                       "[SetUp \"1\"]\n"
                       "[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\"]\n"
                       "\n"
                       "1... a 2. C?! {a quiet move} 2... f 3. F!! *\n";
    assert_string_equal(text, want);
    free(text);
    aw_record_free(rec);
}

/* What the API refuses, and what is derived. */
static void api_rules(void **state)
{
    (void)state;
    aw_rules rules = aw_rules_default();
    aw_record *rec = aw_record_new(&rules, NULL);
    aw_error err;
    assert_int_equal(aw_record_set_tag(rec, "FEN", "x", &err), -1);
    assert_non_null(strstr(err.msg, "derived"));
    assert_int_equal(aw_record_set_tag(rec, "Rules", "abapa", &err), -1);
    assert_int_equal(aw_record_set_tag(rec, "Bad Name", "x", &err), -1);
    assert_non_null(strstr(err.msg, "Bad Name"));
    assert_int_equal(aw_record_set_tag(rec, "", "x", &err), -1);
    assert_int_equal(aw_record_set_tag(rec, "Event", "two\nlines", &err), -1);
    assert_non_null(strstr(err.msg, "control"));
    assert_int_equal(aw_record_set_tag(rec, "Result", "2-0", &err), -1);
    assert_int_equal(aw_record_set_tag(rec, "Termination", "repetition", &err), -1);
    assert_int_equal(aw_record_set_comment(rec, 0, "a } b", &err), -1);
    assert_int_equal(aw_record_set_comment(rec, 1, "after a move not played", &err), -1);

    /* A set tag replaces, NULL removes. */
    assert_int_equal(aw_record_set_tag(rec, "Event", "a", NULL), 0);
    assert_int_equal(aw_record_set_tag(rec, "Event", "b", NULL), 0);
    assert_int_equal(aw_record_tag_count(rec), 1);
    assert_string_equal(aw_record_tag(rec, "Event"), "b");
    assert_int_equal(aw_record_set_tag(rec, "Event", NULL, NULL), 0);
    assert_null(aw_record_tag(rec, "Event"));

    /* The Result tag counts while the game is unfinished; once it is over,
     * the game decides. */
    assert_string_equal(aw_record_result(rec), "*");
    assert_int_equal(aw_record_set_tag(rec, "Result", "0-1", NULL), 0);
    assert_string_equal(aw_record_result(rec), "0-1");
    aw_position end = t_pos("3-0-0-1-0-0-0-0-0-0-0-0-20-24-S"); /* cannot feed, 24-24 */
    aw_game *over = aw_game_new(&rules, &end);
    assert_int_equal(aw_record_set_game(rec, over, NULL), 0);
    assert_string_equal(aw_record_result(rec), "1/2-1/2");
    char *text = aw_record_format(rec);
    assert_non_null(strstr(text, "[Termination \"cannot-feed\"]"));
    assert_non_null(strstr(text, "[Result \"1/2-1/2\"]"));
    free(text);
    aw_game_free(over);

    /* set_game copies an agreed end; comments beyond the new game go. */
    aw_game *g = aw_game_new(&rules, NULL);
    aw_move m[4];
    assert_int_equal(aw_moves_parse(&rules, "CfFb", m, 4, NULL), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(aw_game_play(g, m[i], NULL), 0);
    assert_int_equal(aw_record_set_game(rec, g, NULL), 0);
    assert_int_equal(aw_record_set_comment(rec, 4, "last", NULL), 0);
    assert_int_equal(aw_game_undo(g, 1), 1);
    assert_int_equal(aw_game_agree(g, NULL), 0);
    assert_int_equal(aw_record_set_game(rec, g, NULL), 0);
    assert_int_equal(aw_game_status(aw_record_game(rec)), AW_END_AGREEMENT);
    assert_null(aw_record_comment(rec, 4));
    text = aw_record_format(rec);
    const char *p = text;
    aw_record *back = aw_record_read(&p, NULL, &err);
    assert_non_null(back);
    assert_int_equal(aw_game_status(aw_record_game(back)), AW_END_AGREEMENT);
    assert_int_equal(aw_game_ply(aw_record_game(back)), 3);
    aw_record_free(back);
    free(text);
    aw_game_free(g);
    aw_record_free(rec);
}

/* Records written by hand: loose spacing, run-together moves, ';' comments,
 * a byte order mark, no result, the next record's tags ending a record. */
static void lenient_input(void **state)
{
    (void)state;
    const char *text = "\xEF\xBB\xBF[Event \"x\"] [Site \"y\"]\n"
                       "  ; a line comment\n"
                       "1.C f 2.Fb ,3. A\n"
                       "[Event \"second\"]\n"
                       "[Rules \"two-seeds\"]\n"
                       "1. CfFb {x}\n";
    const char *p = text;
    int line = 1;
    aw_error err;
    aw_record *a = aw_record_read(&p, &line, &err);
    if (!a)
        fail_msg("%s", err.msg);
    assert_int_equal(aw_game_ply(aw_record_game(a)), 5);
    assert_string_equal(aw_record_comment(a, 0), "a line comment");
    assert_string_equal(aw_record_tag(a, "Site"), "y");
    assert_int_equal(line, 4);
    aw_record *b = aw_record_read(&p, &line, &err);
    if (!b)
        fail_msg("%s", err.msg);
    assert_int_equal(aw_game_ply(aw_record_game(b)), 4);
    assert_string_equal(aw_record_comment(b, 4), "x");
    assert_null(aw_record_read(&p, &line, &err));
    assert_string_equal(err.msg, "");
    aw_record_free(a);
    aw_record_free(b);

    /* Marks after moves, run together or not; every mark PGN knows. */
    p = "1. C! f? 2. F!! b?? 3.A!?a?! 4. B!e *\n";
    a = aw_record_read(&p, NULL, &err);
    if (!a)
        fail_msg("%s", err.msg);
    assert_int_equal(aw_game_ply(aw_record_game(a)), 8);
    static const aw_mark want[] = {AW_MARK_GOOD,        AW_MARK_MISTAKE, AW_MARK_BRILLIANT,
                                   AW_MARK_BLUNDER,     AW_MARK_INTERESTING,
                                   AW_MARK_DUBIOUS,     AW_MARK_GOOD,    AW_MARK_NONE};
    for (int k = 0; k < 8; k++)
        assert_int_equal(aw_record_mark(a, k), want[k]);
    assert_string_equal(aw_mark_text(AW_MARK_DUBIOUS), "?!");
    assert_string_equal(aw_mark_text((aw_mark)99), "");
    assert_int_equal(aw_record_set_mark(a, 8, AW_MARK_GOOD, &err), -1);
    assert_int_equal(aw_record_set_mark(a, -1, AW_MARK_GOOD, &err), -1);
    assert_int_equal(aw_record_set_mark(a, 0, (aw_mark)7, &err), -1);
    aw_record_free(a);

    /* Relay moves carry their direction (once the relay generator plays). */
    aw_rules relay = t_rules("relay", NULL);
    aw_position start = aw_position_start(AW_SOUTH);
    if (aw_position_status(&relay, &start) == AW_ONGOING) {
        p = "[Rules \"relay\"]\n1. C+ b- *\n";
        b = aw_record_read(&p, NULL, &err);
        if (!b)
            fail_msg("%s", err.msg);
        assert_int_equal(aw_game_move(aw_record_game(b), 0), 2);
        assert_int_equal(aw_game_move(aw_record_game(b), 1), 7 | AW_MOVE_CW);
        aw_record_free(b);
        p = "[Rules \"relay\"]\n1. C+?! b-! *\n";
        b = aw_record_read(&p, NULL, &err);
        if (!b)
            fail_msg("%s", err.msg);
        assert_int_equal(aw_record_mark(b, 0), AW_MARK_DUBIOUS);
        assert_int_equal(aw_record_mark(b, 1), AW_MARK_GOOD);
        aw_record_free(b);
    }
}

/* Bad records: the line and the reason. */
static void bad_records(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int line;
        const char *reason;
    } cases[] = {
        {"[Event \"x\"\n", 1, "tag [Event \"x\" has no closing ']'"},
        {"[Event \"x\"", 1, "tag [Event \"x\" has no closing ']'"},
        {"[Event \"x\" junk]\n", 1, "tag [Event \"x\": expected ']' after the value, found 'junk]'"},
        {"[Event \"x\"\x01]\n", 1, "found '\\x01]'"},
        {"[Event\n", 1, "expected a quoted value after [Event, found the end of the line"},
        {"[Event", 1, "expected a quoted value after [Event, found the end of the text"},
        {"[\n", 1, "expected a tag name after '[' (as in [Name \"value\"]), found the end of the line"},
        {"[\x01x \"a\"]\n", 1, "found '\\x01x'"},
        {"[Event x]\n", 1, "quoted value"},
        {"[Event \"x]\n1. C\n", 1, "not closed"},
        {"[ \"x\"]\n", 1, "[Name \"value\"]"},
        {"[Event \"ok\"]\n[Rules \"nope\"]\n", 2, "nope"},
        {"[Event \"a\"]\n[Rule \"target=99\"]\n", 2, "target"},
        {"[Rule \"target=20 bogus=1\"]\n", 1, "bogus"},
        {"[FEN \"4-4-4\"]\n", 1, "tag FEN"},
        {"[FEN \"4-4-4-4-4-4-4-4-4-4-4-5-0-0-S\"]\n", 1, "49"},
        {"[Event \"a\"]\n\n[Event \"b\"]\n", 3, "given twice (first on line 1)"},
        {"[Event \"a\"]\n\n1. C\n2. f\n", 4, "move number 2 where 1 was expected"},
        {"1. C C\n", 1, "1... C cannot be played"},
        {"1. C f\n2. F b 3. F *\n", 2, "3. F cannot be played"},
        {"1. C f {unclosed\n comment\n", 1, "not closed"},
        {"1. C (1. D\n*\n", 1, "the variation opened by '(' on this line is not closed"},
        {"1. C $1 *\n", 1, "'$1'"},
        {"1. X *\n", 1, "'X' is not a pit letter"},
        {"1. C+ *\n", 1, "no direction"},
        {"[Rules \"relay\"]\n1. C *\n", 2, "needs a direction"},
        {"1. C f 12abc\n", 1, "'12abc' is neither a move number"},
        {"1. C f 1-0x\n", 1, "'1-0x'"},
        {"[Result \"2-0\"]\n", 1, "not 1-0, 0-1"},
        {"[Result \"1-0\"]\n\n1. C f\n 0-1\n", 4, "Result tag (line 1) says 1-0"},
        {"[FEN \"3-0-0-1-0-0-0-0-0-0-0-0-20-24-S\"]\n1-0\n", 2, "over (cannot-feed): 1/2-1/2 24-24"},
        {"[FEN \"3-0-0-1-0-0-0-0-0-0-0-0-20-24-S\"]\n*\n", 2, "result *"},
        {"[FEN \"3-0-0-1-0-0-0-0-0-0-0-0-20-24-S\"]\n1. D\n", 2, "game is over"},
        {"[Termination \"target\"]\n1. C *\n", 1, "not over"},
        {"[Rules \"seven-turns\"]\n[Termination \"agreement\"]\n*\n", 2, "agreement"},
        {"[FEN \"3-0-0-1-0-0-0-0-0-0-0-0-20-24-S\"]\n[Termination \"time forfeit\"]\n", 2,
         "ended by cannot-feed"},
        {"1. C f {a} {b} ; c } d\n", 1, "'}'"},
        {"[Event \"\x01\"]\n", 1, "tag Event: the value holds a control character (byte 0x01)"},
        {"[Result \"\x02\"]\n", 1, "tag Result: the value holds a control character (byte 0x02)"},
        {"[FEN \"4-\x03\"]\n", 1, "tag FEN: the value holds a control character (byte 0x03)"},
        {"1. C $\x01 *\n", 1, "numeric annotations ('$\\x01')"},
        {"1. C 12\x01 *\n", 1, "'12\\x01' is neither"},
        {"[Event \"x\" \xc3\xa9]\n", 1, "found '\xc3\xa9]'"},
        {"1. C f {unclosed", 1, "not closed by '}' before the end of the text"},
        {"1. C!!! f *\n", 1, "1. C: !!! is not a move mark (marks: ! ? !! ?? !? ?!)"},
        {"1. C f 2. F?!? *\n", 1, "2. F: ?!? is not a move mark"},
        {"1. ! C *\n", 1, "the mark ! follows no move"},
        {"{a} ?? 1. C *\n", 1, "the mark ?\? follows no move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *p = cases[i].text;
        int line = 1;
        aw_error err;
        aw_record *rec = aw_record_read(&p, &line, &err);
        if (rec) {
            aw_record_free(rec);
            fail_msg("case %zu was accepted: %s", i, cases[i].text);
        }
        char want[32];
        snprintf(want, sizeof want, "line %d: ", cases[i].line);
        if (strncmp(err.msg, want, strlen(want)) != 0 || !strstr(err.msg, cases[i].reason))
            fail_msg("case %zu: expected '%s...%s', got '%s'", i, want, cases[i].reason, err.msg);
        /* Every message names what it found: no '?' standing for a
         * character, no raw control character, no "found 'the end...'". */
        for (const char *m = err.msg; *m; m++)
            if ((unsigned char)*m < 0x20 || *m == 0x7f)
                fail_msg("case %zu: control byte 0x%02x in '%s'", i, (unsigned char)*m, err.msg);
        if (strstr(err.msg, "'?") || strstr(err.msg, "?'") || strstr(err.msg, "'the end"))
            fail_msg("case %zu: a placeholder in '%s'", i, err.msg);
    }
}

/* ------------------------------------------------------------- limits */

/* CPU seconds used by the process: unlike the wall clock, other programs
 * on a busy machine do not count. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A growing text for the big inputs below. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...) AW_TEST_PRINTF(2, 3);
static void put(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        const int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        assert_true(n >= 0);
        if (t->s && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap ? t->cap * 2 : 1 << 16;
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
}

/* Read text as one record: the record, or NULL with the message in *err. */
static aw_record *read_one(const char *s, aw_error *err)
{
    const char *p = s;
    int line = 1;
    return aw_record_read(&p, &line, err);
}

/* A legal game of `plies` moves that never ends: a capture takes 48
 * seeds (so none happens), no limit, no repetition; always the first legal
 * move. */
static aw_game *endless_game(int plies, int first)
{
    aw_rules rules = t_rules("abapa", "captures=48 repetition=0 no-capture=0");
    aw_position start = aw_position_start(first);
    aw_game *g = aw_game_new(&rules, &start);
    assert_non_null(g);
    for (int k = 0; k < plies; k++) {
        aw_move moves[AW_MAX_MOVES];
        assert_true(aw_generate(&rules, aw_game_position(g), moves) > 0);
        const int pick = 0;
        assert_int_equal(aw_game_play(g, moves[pick], NULL), 0);
        if (aw_game_status(g) != AW_ONGOING)
            fail_msg("the endless game ended after %d moves: %s", k + 1,
                     aw_status_word(aw_game_status(g)));
    }
    return g;
}

/* The limits of docs/records.md: each refused with a message that names
 * it, and a record at every limit written and read back unchanged. */
static void limits(void **state)
{
    (void)state;
    aw_error err;
    text t = {0};

    /* More tag pairs than AW_RECORD_TAGS_MAX. */
    for (int i = 0; i <= AW_RECORD_TAGS_MAX; i++)
        put(&t, "[T%d \"v\"]\n", i);
    put(&t, "*\n");
    assert_null(read_one(t.s, &err));
    assert_string_equal(err.msg, "line 257: more than 256 tag pairs (the limit of one record)");

    /* A comment longer than AW_RECORD_COMMENT_MAX, in pieces. */
    t.len = 0;
    put(&t, "1. C\n");
    for (int i = 0; i < AW_RECORD_COMMENT_MAX / 8 + 1; i++)
        put(&t, "{1234567}\n");
    put(&t, "f *\n");
    assert_null(read_one(t.s, &err));
    assert_non_null(strstr(err.msg, "line 2: the comment after move 1 is longer than 16384 bytes"));
    t.len = 0;
    put(&t, "{");
    for (int i = 0; i < AW_RECORD_COMMENT_MAX; i++)
        put(&t, "x");
    put(&t, "} ; y\n*\n");
    assert_null(read_one(t.s, &err));
    assert_non_null(strstr(err.msg, "line 1: the comment before the first move is longer than 16384 bytes"));

    /* A text longer than AW_RECORD_TEXT_MAX: white space counts too. */
    t.len = 0;
    put(&t, "[Event \"x\"]\n");
    for (int i = 0; i < AW_RECORD_TEXT_MAX / 64; i++)
        put(&t, "%64s", "\n");
    put(&t, "1. C *\n");
    assert_null(read_one(t.s, &err));
    assert_non_null(strstr(err.msg, "the record is longer than 1048576 bytes (the limit of one record)"));

    /* More moves than AW_RECORD_MOVES_MAX. */
    aw_game *g = endless_game(AW_RECORD_MOVES_MAX + 1, AW_SOUTH);
    aw_record *rec = aw_record_new(aw_game_rules(g), NULL);
    assert_non_null(rec);
    assert_int_equal(aw_record_set_game(rec, g, NULL), 0);
    char *s = aw_record_format(rec);
    assert_non_null(s);
    assert_null(read_one(s, &err));
    assert_non_null(strstr(err.msg, "the record has more than 10000 moves (the limit of one record)"));
    free(s);
    aw_record_free(rec);

    /* The API holds the same limits. */
    rec = aw_record_new(aw_game_rules(g), NULL);
    for (int i = 0; i < AW_RECORD_TAGS_MAX - 6; i++) {
        char name[16];
        snprintf(name, sizeof name, "T%d", i);
        assert_int_equal(aw_record_set_tag(rec, name, "v", &err), 0);
    }
    assert_int_equal(aw_record_set_tag(rec, "One_more", "v", &err), -1);
    assert_string_equal(err.msg, "a record holds at most 250 tags of its own (256 tag pairs with "
                                 "the ones written from its game)");
    assert_int_equal(aw_record_set_tag(rec, "T0", "changed", &err), 0); /* not a new one */
    char *long_comment = malloc(AW_RECORD_COMMENT_MAX + 2);
    assert_non_null(long_comment);
    memset(long_comment, 'x', AW_RECORD_COMMENT_MAX + 1);
    long_comment[AW_RECORD_COMMENT_MAX + 1] = 0;
    assert_int_equal(aw_record_set_comment(rec, 0, long_comment, &err), -1);
    assert_string_equal(err.msg, "the comment before the first move is longer than 16384 bytes (16385)");

    /* A record at the limits: 250 tags of its own and those written from
     * the game (Result, Rules, Rule, SetUp, FEN), a comment of
     * AW_RECORD_COMMENT_MAX bytes, AW_RECORD_MOVES_MAX moves from a custom
     * start: written and read back the same. */
    aw_game *endless = endless_game(AW_RECORD_MOVES_MAX, AW_NORTH);
    aw_record *full = aw_record_new(aw_game_rules(endless), NULL);
    assert_int_equal(aw_record_set_game(full, endless, NULL), 0);
    for (int i = 0; i < aw_record_tag_count(rec); i++)
        assert_int_equal(aw_record_set_tag(full, aw_record_tag_name(rec, i),
                                           aw_record_tag_value(rec, i), &err), 0);
    long_comment[AW_RECORD_COMMENT_MAX] = 0;
    assert_int_equal(aw_record_set_comment(full, 0, long_comment, &err), 0);
    assert_int_equal(aw_record_set_comment(full, AW_RECORD_MOVES_MAX, "the end", &err), 0);
    assert_int_equal(aw_record_set_mark(full, AW_RECORD_MOVES_MAX - 1, AW_MARK_DUBIOUS, &err), 0);
    s = aw_record_format(full);
    assert_non_null(s);
    assert_non_null(strstr(s, "[FEN "));
    assert_non_null(strstr(s, "[Rule "));
    aw_record *back = read_one(s, &err);
    if (!back)
        fail_msg("%s", err.msg);
    assert_same_record(full, back);
    char *again = aw_record_format(back);
    assert_string_equal(s, again);
    free(again);
    free(s);
    aw_record_free(back);
    aw_record_free(full);
    aw_game_free(endless);
    free(long_comment);
    aw_record_free(rec);
    aw_game_free(g);
    free(t.s);
}

/* Reading takes time in proportion to the text. Before, comments were
 * joined one by one and every tag value took 4 KB: 100,000 comments after
 * one move took 16 s, 40,000 tags 10 s and 172 MB, and a record within the
 * limits with 1,800 comments after each of 64 moves half a second. The
 * bounds are CPU time, and generous (hundreds of times what reading takes
 * now), so that a busy machine does not fail them. */
static void linear_time(void **state)
{
    (void)state;
    aw_error err;
    text t = {0};

    put(&t, "1. C");
    for (int i = 0; i < 100000; i++)
        put(&t, " {c%d}", i);
    put(&t, " *\n");
    double t0 = cpu_seconds();
    assert_null(read_one(t.s, &err));
    double took = cpu_seconds() - t0;
    assert_non_null(strstr(err.msg, "longer than 16384 bytes"));
    if (took > 2.0)
        fail_msg("100,000 comments refused in %.2f s of CPU time", took);

    t.len = 0;
    for (int i = 0; i < 40000; i++)
        put(&t, "[T%d \"v\"]\n", i);
    put(&t, "*\n");
    t0 = cpu_seconds();
    assert_null(read_one(t.s, &err));
    took = cpu_seconds() - t0;
    assert_non_null(strstr(err.msg, "more than 256 tag pairs"));
    if (took > 2.0)
        fail_msg("40,000 tags refused in %.2f s of CPU time", took);

    /* Within the limits: about 1 MB of comments over 64 moves. */
    aw_game *g = endless_game(64, AW_SOUTH);
    char mv[AW_MOVE_MAX];
    t.len = 0;
    for (int k = 0; k < aw_game_ply(g); k++) {
        put(&t, "%s", aw_move_format(aw_game_rules(g), aw_game_move(g, k), mv));
        for (int i = 0; i < 1800; i++)
            put(&t, " {%d}", i % 1000);
        put(&t, "\n");
    }
    assert_true(t.len < AW_RECORD_TEXT_MAX);
    /* The rules of endless_game, as tags. */
    char *full = malloc(t.len + 64);
    assert_non_null(full);
    snprintf(full, t.len + 64, "[Rule \"captures=48 repetition=0 no-capture=0\"]\n%s*\n", t.s);
    t0 = cpu_seconds();
    aw_record *rec = read_one(full, &err);
    took = cpu_seconds() - t0;
    if (!rec)
        fail_msg("%s", err.msg);
    assert_int_equal(aw_game_ply(aw_record_game_const(rec)), 64);
    assert_true(strlen(aw_record_comment(rec, 64)) > 6000);
    if (took > 2.0)
        fail_msg("a record of %zu bytes read in %.2f s of CPU time", strlen(full), took);
    aw_record_free(rec);
    free(full);
    aw_game_free(g);
    free(t.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),     cmocka_unit_test(several_records),
        cmocka_unit_test(format_shape),   cmocka_unit_test(api_rules),
        cmocka_unit_test(lenient_input),  cmocka_unit_test(bad_records),
        cmocka_unit_test(limits),         cmocka_unit_test(linear_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
