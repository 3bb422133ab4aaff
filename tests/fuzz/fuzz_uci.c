/*
 * fuzz_uci.c - fuzz target for the protocol parsers (src/protocol/uci_parse.c,
 * compiled in here since the program's front ends are not in the library).
 * The first byte picks the rule set; every line of the rest is parsed both as
 * a GUI command and as an engine reply. Whatever the line, the results must be
 * consistent: strings terminated, counts in range, an ignored command with a
 * reason, the moves of a position command parsing again to the same count.
 */
#include "protocol/uci_parse.c"

#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (!(c))                                                                          \
            abort();                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_line(const aw_rules *rules, const char *line)
{
    uci_command c;
    uci_parse_command(rules, line, &c);
    CHECK(c.kind >= UCI_NONE && c.kind <= UCI_QUIT);
    CHECK(memchr(c.name, 0, sizeof c.name) && memchr(c.value, 0, sizeof c.value));
    CHECK(memchr(c.error, 0, sizeof c.error));
    CHECK(c.warn_count >= 0 && c.warn_count <= UCI_WARN_MAX);
    for (int i = 0; i < c.warn_count; i++)
        CHECK(memchr(c.warn[i], 0, UCI_MSG_MAX) && c.warn[i][0]);
    bool blank = true;
    for (const char *p = line; *p; p++)
        blank = blank && is_blank(*p);
    if (c.kind == UCI_NONE && !blank)
        CHECK(c.error[0] != 0);
    if (c.kind == UCI_SETOPTION)
        CHECK(c.name[0] != 0);
    if (c.kind == UCI_POSITION) {
        char buf[AW_POSITION_MAX];
        aw_position back;
        if (!c.startpos)
            CHECK(aw_position_parse(aw_position_format(&c.fen, buf), &back, NULL) == 0);
        int n = 0;
        const char *q = c.moves;
        aw_move m;
        while (q && aw_move_parse_next(rules, &q, &m, NULL) == 1)
            n++;
        CHECK(n == c.move_count);
    }
    if (c.kind == UCI_GO) {
        CHECK(c.searchmove_count >= 0 && c.searchmove_count <= AW_MAX_MOVES);
        CHECK(c.depth >= 0 && c.movetime >= 0 && c.time[0] >= 0 && c.time[1] >= 0);
        CHECK(c.inc[0] >= 0 && c.inc[1] >= 0 && c.movestogo >= 0 && c.mate >= 0);
        /* A go is accepted only with every value in its range (else the
         * whole line is rejected: no search starts by mistake). */
        const int64_t tmax = 1000000000000LL;
        CHECK(c.depth <= 1000 && c.mate <= 500 && c.movestogo <= 100000);
        CHECK(c.nodes <= 1000000000000000ULL && c.movetime <= tmax);
        CHECK(c.time[0] <= tmax && c.time[1] <= tmax && c.inc[0] <= tmax && c.inc[1] <= tmax);
    }
    if (c.kind == UCI_NONE && strncmp(c.error, "go ", 3) == 0)
        CHECK(strstr(c.error, "no search started") != NULL);

    uci_reply r;
    uci_parse_reply(line, &r);
    CHECK(r.kind >= UCIR_OTHER && r.kind <= UCIR_INFO);
    CHECK(memchr(r.text, 0, sizeof r.text) && memchr(r.id_field, 0, sizeof r.id_field));
    CHECK(memchr(r.best, 0, sizeof r.best) && memchr(r.ponder, 0, sizeof r.ponder));
    if (r.has_pv)
        CHECK(r.pv >= line && r.pv <= line + strlen(line));
    if (r.has_depth)
        CHECK(r.depth >= 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aw_rules rules;
    int n = aw_rules_preset_count();
    CHECK(aw_rules_preset(aw_rules_preset_name(size ? data[0] % n : 0), &rules, NULL) == 0);
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data + 1, size - 1);
    text[size ? size - 1 : 0] = 0;
    for (char *line = text; line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        check_line(&rules, line);
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return 0;
}
