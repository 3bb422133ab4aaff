/*
 * cmd_match.c - `awale match`: reads the command line into a match
 * configuration (src/match/match.h) and runs it. The engine specifications
 * follow the key=value style of other match runners:
 *
 *     --engine name=lvl3 cmd=awale arg=uci option.Level=3
 *     --engine "name=lvl3 cmd='awale uci' option.Level=3"
 *
 * Words that do not start a known key continue the previous value, so
 * `cmd=awale uci` in one quoted argument is the command "awale uci".
 */
#include "cli.h"
#include "match/match.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_WORDS 64

/* Split text into words, shell-like: spaces separate, '...' and "..." quote,
 * a backslash escapes one character. Returns the count or -1. */
static int split_words(const char *text, char *words[], int max, char *err, size_t size)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            return n;
        if (n == max) {
            snprintf(err, size, "more than %d words", max);
            return -1;
        }
        char *w = malloc(strlen(p) + 1);
        if (!w) {
            snprintf(err, size, "out of memory");
            return -1;
        }
        size_t k = 0;
        char quote = 0;
        for (; *p && (quote || !isspace((unsigned char)*p)); p++) {
            if (quote) {
                if (*p == quote)
                    quote = 0;
                else if (*p == '\\' && quote == '"' && p[1])
                    w[k++] = *++p;
                else
                    w[k++] = *p;
            } else if (*p == '\'' || *p == '"') {
                quote = *p;
            } else if (*p == '\\' && p[1]) {
                w[k++] = *++p;
            } else {
                w[k++] = *p;
            }
        }
        w[k] = 0;
        words[n++] = w;
        if (quote) {
            snprintf(err, size, "a quote (%c) is not closed", quote);
            for (int i = 0; i < n; i++)
                free(words[i]);
            return -1;
        }
    }
}

static char *self_path(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return strdup("awale");
    buf[n] = 0;
    return strdup(buf);
}

typedef struct spec_build {
    char *cmd, *name, *dir;
    char *args[MAX_WORDS];
    int nargs;
    char *opt[SPEC_OPTIONS_MAX][2];
    int nopt;
    char **last; /* the value a continuation word extends */
    bool spaced; /* moves=spaced */
} spec_build;

static int append_to(char **value, const char *word)
{
    size_t n = *value ? strlen(*value) : 0;
    char *v = realloc(*value, n + strlen(word) + 2);
    if (!v)
        return -1;
    if (n)
        v[n++] = ' ';
    strcpy(v + n, word);
    *value = v;
    return 0;
}

/* One word of an engine specification. */
static int spec_word(spec_build *b, const char *w, char *err, size_t size)
{
    const char *eq = strchr(w, '=');
    size_t key = eq ? (size_t)(eq - w) : 0;
    char **slot = NULL;
    if (eq && key == 3 && strncmp(w, "cmd", 3) == 0)
        slot = &b->cmd;
    else if (eq && key == 4 && strncmp(w, "name", 4) == 0)
        slot = &b->name;
    else if (eq && key == 3 && strncmp(w, "dir", 3) == 0)
        slot = &b->dir;
    if (slot) {
        free(*slot);
        *slot = NULL;
        if (append_to(slot, eq + 1))
            goto oom;
        b->last = slot;
        return 0;
    }
    if (eq && key == 3 && strncmp(w, "arg", 3) == 0) {
        if (b->nargs == MAX_WORDS) {
            snprintf(err, size, "too many arg= words");
            return -1;
        }
        b->args[b->nargs] = NULL;
        if (append_to(&b->args[b->nargs], eq + 1))
            goto oom;
        b->last = &b->args[b->nargs++];
        return 0;
    }
    if (eq && key == 5 && strncmp(w, "moves", 5) == 0) {
        if (strcmp(eq + 1, "joined") && strcmp(eq + 1, "spaced")) {
            snprintf(err, size, "moves=%.40s: expected joined (moves CfFb) or spaced (moves C f F b)",
                     eq + 1);
            return -1;
        }
        b->spaced = strcmp(eq + 1, "spaced") == 0;
        b->last = NULL;
        return 0;
    }
    if (eq && key > 7 && strncmp(w, "option.", 7) == 0) {
        if (b->nopt == SPEC_OPTIONS_MAX) {
            snprintf(err, size, "more than %d options", SPEC_OPTIONS_MAX);
            return -1;
        }
        b->opt[b->nopt][0] = strndup(w + 7, key - 7);
        b->opt[b->nopt][1] = strdup(eq + 1);
        if (!b->opt[b->nopt][0] || !b->opt[b->nopt][1])
            goto oom;
        b->last = &b->opt[b->nopt++][1];
        return 0;
    }
    if (b->last)
        return append_to(b->last, w) ? -1 : 0;
    if (eq && !memchr(w, '/', key)) {
        snprintf(err, size, "unknown key '%.*s' (keys: cmd, name, arg, dir, moves, option.NAME)",
                 (int)key, w);
        return -1;
    }
    /* A first word that is no key: the command. */
    if (append_to(&b->cmd, w))
        goto oom;
    b->last = &b->cmd;
    return 0;
oom:
    snprintf(err, size, "out of memory");
    return -1;
}

static void spec_free(engine_spec *s)
{
    for (int i = 0; i < s->argc; i++)
        free(s->argv[i]);
    free(s->argv);
    free(s->dir);
    for (int i = 0; i < s->noptions; i++) {
        free(s->opt_name[i]);
        free(s->opt_value[i]);
    }
    memset(s, 0, sizeof *s);
}

/* Build an engine from the words given after --engine. */
static int spec_build_from(const char *cmd, char **given, int ngiven, engine_spec *out)
{
    spec_build b;
    memset(&b, 0, sizeof b);
    char err[256];
    int rc = -1;
    for (int i = 0; i < ngiven; i++) {
        char *words[MAX_WORDS];
        int n = split_words(given[i], words, MAX_WORDS, err, sizeof err);
        if (n < 0) {
            cli_error(cmd, "--engine '%s': %s", given[i], err);
            goto done;
        }
        int bad = 0;
        for (int k = 0; k < n; k++) {
            if (!bad && spec_word(&b, words[k], err, sizeof err)) {
                cli_error(cmd, "--engine '%s': %s", given[i], err);
                bad = 1;
            }
            free(words[k]);
        }
        if (bad)
            goto done;
    }
    char *argv[MAX_WORDS * 2 + 2];
    int argc = 0;
    if (b.cmd) {
        argc = split_words(b.cmd, argv, MAX_WORDS, err, sizeof err);
        if (argc < 0) {
            cli_error(cmd, "--engine cmd='%s': %s", b.cmd, err);
            goto done;
        }
        if (argc == 0) {
            cli_error(cmd, "--engine: cmd= is empty");
            goto done;
        }
    } else {
        argv[argc++] = strdup("awale");
        argv[argc++] = strdup("uci");
    }
    bool self = strcmp(argv[0], "awale") == 0;
    if (self) {
        free(argv[0]);
        argv[0] = self_path();
    }
    for (int i = 0; i < b.nargs; i++)
        argv[argc++] = strdup(b.args[i]);
    argv[argc] = NULL;
    out->argv = calloc((size_t)argc + 1, sizeof *out->argv);
    if (!out->argv) {
        for (int i = 0; i < argc; i++)
            free(argv[i]);
        cli_error(cmd, "out of memory");
        goto done;
    }
    for (int i = 0; i < argc; i++)
        out->argv[i] = argv[i];
    out->argc = argc;
    out->dir = b.dir ? strdup(b.dir) : NULL;
    for (int i = 0; i < b.nopt; i++) {
        out->opt_name[i] = b.opt[i][0];
        out->opt_value[i] = b.opt[i][1];
        b.opt[i][0] = b.opt[i][1] = NULL;
    }
    out->noptions = b.nopt;
    out->spaced_moves = b.spaced;
    if (b.name && b.name[0]) {
        snprintf(out->name, sizeof out->name, "%s", b.name);
    } else {
        /* The program's name and the options given. */
        const char *base = self ? "awale" : strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
        size_t k = (size_t)snprintf(out->name, sizeof out->name, "%s", base);
        for (int i = 0; i < out->noptions && k < sizeof out->name; i++)
            k += (size_t)snprintf(out->name + k, sizeof out->name - k, " %s=%s", out->opt_name[i],
                                  out->opt_value[i]);
    }
    rc = 0;
done:
    free(b.cmd);
    free(b.name);
    free(b.dir);
    for (int i = 0; i < b.nargs; i++)
        free(b.args[i]);
    for (int i = 0; i < b.nopt; i++) {
        free(b.opt[i][0]);
        free(b.opt[i][1]);
    }
    return rc;
}

/* --tc SECONDS[+INCREMENT] */
static int parse_tc(const char *cmd, const char *text, int64_t *base, int64_t *inc)
{
    char *end;
    double b = strtod(text, &end), i = 0;
    if (end == text || b <= 0 || b > 1e7)
        goto bad;
    if (*end == '+') {
        const char *s = end + 1;
        i = strtod(s, &end);
        if (end == s || i < 0 || i > 1e6)
            goto bad;
    }
    if (*end)
        goto bad;
    *base = (int64_t)(b * 1000 + 0.5);
    *inc = (int64_t)(i * 1000 + 0.5);
    if (*base < 1)
        goto bad;
    return 0;
bad:
    cli_error(cmd, "bad value '%s' for --tc (expected SECONDS or SECONDS+INCREMENT, e.g. 10+0.1)",
              text);
    return -1;
}

/* --sprt ELO0,ELO1[,ALPHA,BETA] */
static int parse_sprt(const char *cmd, const char *text, match_config *cfg)
{
    double v[4] = {0, 0, 0.05, 0.05};
    int n = 0;
    const char *p = text;
    while (n < 4) {
        char *end;
        v[n] = strtod(p, &end);
        if (end == p)
            goto bad;
        n++;
        p = end;
        if (*p != ',')
            break;
        p++;
    }
    if (*p || (n != 2 && n != 4) || v[0] >= v[1] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 ||
        v[3] >= 0.5 || v[0] < -1000 || v[1] > 1000)
        goto bad;
    cfg->sprt = true;
    cfg->elo0 = v[0];
    cfg->elo1 = v[1];
    cfg->alpha = v[2];
    cfg->beta = v[3];
    return 0;
bad:
    cli_error(cmd,
              "bad value '%s' for --sprt (expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA with "
              "ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5, e.g. 0,10 or 0,10,0.05,0.05)",
              text);
    return -1;
}

int cmd_match(int argc, char **argv)
{
    const char *cmd = "match";
    cli_rules cr = {0};
    match_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.games = 2;
    cfg.margin_ms = 100;
    cfg.timeout_ms = 30000;
    cfg.start_timeout_ms = 10000;
    cfg.concurrency = 1;
    cfg.max_plies = 1000;
    cfg.event = "awale match";
    int nengines = 0, status = EXIT_USAGE;
    const char *openings = NULL;
    bool seed_given = false, plies_given = false;
    cfg.opening_plies = OPENING_PLIES_DEFAULT;
    char **given = calloc((size_t)argc + 1, sizeof *given);
    if (!given)
        return EXIT_INPUT;
    for (int i = 1; i < argc; i++) {
        const char *v;
        long long n;
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, true);
        if (rc < 0)
            goto out;
        if (rc > 0)
            continue;
        if ((rc = cli_option(cmd, argc, argv, &i, "--engine", &v)) != 0) {
            if (rc < 0)
                goto out;
            if (nengines == 2) {
                cli_error(cmd, "--engine given more than twice (a match is between two engines)");
                goto out;
            }
            int ng = 0;
            given[ng++] = (char *)v;
            while (i + 1 < argc && argv[i + 1][0] != '-')
                given[ng++] = argv[++i];
            if (spec_build_from(cmd, given, ng, &cfg.engine[nengines]))
                goto out;
            nengines++;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--games", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--games", v, 1, 1000000, &n))
                goto out;
            cfg.games = (int)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--movetime", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--movetime", v, 1, 86400000, &n))
                goto out;
            cfg.movetime_ms = n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tc", &v)) != 0) {
            if (rc < 0 || parse_tc(cmd, v, &cfg.base_ms, &cfg.inc_ms))
                goto out;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--depth", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--depth", v, 1, 100, &n))
                goto out;
            cfg.depth = (int)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--nodes", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--nodes", v, 1, (long long)1 << 50, &n))
                goto out;
            cfg.nodes = (uint64_t)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--margin", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--margin", v, 0, 3600000, &n))
                goto out;
            cfg.margin_ms = n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--timeout", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--timeout", v, 1, 86400000, &n))
                goto out;
            cfg.timeout_ms = n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--start-timeout", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--start-timeout", v, 1, 3600000, &n))
                goto out;
            cfg.start_timeout_ms = n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--concurrency", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--concurrency", v, 1, 256, &n))
                goto out;
            cfg.concurrency = (int)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--max-plies", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--max-plies", v, 0, AW_RECORD_MOVES_MAX, &n))
                goto out;
            cfg.max_plies = (int)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--openings", &v)) != 0) {
            if (rc < 0)
                goto out;
            openings = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--opening-plies", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--opening-plies", v, 0, OPENING_PLIES_MAX, &n))
                goto out;
            cfg.opening_plies = (int)n;
            plies_given = true;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--seed", &v)) != 0) {
            if (rc < 0 || cli_number(cmd, "--seed", v, 0, (long long)1 << 62, &n))
                goto out;
            cfg.seed = (uint64_t)n;
            seed_given = true;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--records", &v)) != 0) {
            if (rc < 0)
                goto out;
            cfg.records_path = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--sprt", &v)) != 0) {
            if (rc < 0 || parse_sprt(cmd, v, &cfg))
                goto out;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--event", &v)) != 0) {
            if (rc < 0)
                goto out;
            cfg.event = v;
        } else if (cli_flag(argv, i, "--debug")) {
            cfg.debug = true;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale match --help')", argv[i]);
            goto out;
        }
    }
    if (nengines != 2) {
        cli_error(cmd, "a match needs two engines: --engine SPEC --engine SPEC (see 'awale match --help')");
        goto out;
    }
    if (cfg.movetime_ms && cfg.base_ms) {
        cli_error(cmd, "--movetime and --tc exclude each other: give one time control");
        goto out;
    }
    if (!cfg.movetime_ms && !cfg.base_ms && !cfg.depth && !cfg.nodes)
        cfg.movetime_ms = 1000;
    if (openings && cr.position) {
        cli_error(cmd, "--openings and --position exclude each other");
        goto out;
    }
    if (openings && (seed_given || plies_given)) {
        cli_error(cmd, "%s applies to random openings, not to --openings FILE: give one or the "
                       "other",
                  seed_given ? "--seed" : "--opening-plies");
        goto out;
    }
    if (!seed_given)
        cfg.seed = opening_seed_new();
    if (strcmp(cfg.engine[0].name, cfg.engine[1].name) == 0) {
        size_t n = strlen(cfg.engine[0].name);
        if (n > sizeof cfg.engine[0].name - 4)
            n = sizeof cfg.engine[0].name - 4;
        cfg.engine[0].name[n] = cfg.engine[1].name[n] = 0;
        strcat(cfg.engine[0].name, " #1");
        strcat(cfg.engine[1].name, " #2");
    }
    if ((status = cli_rules_build(cmd, &cr, &cfg.rules, &cfg.start)) != 0)
        goto out;
    status = EXIT_INPUT;
    if (aw_position_status(&cfg.rules, &cfg.start) != AW_ONGOING) {
        cli_error(cmd, "the game is already over in the start position");
        goto out;
    }
    if (openings) {
        char err[600];
        cfg.openings_path = openings;
        if (openings_load(openings, &cfg.rules, &cfg.openings, &cfg.nopenings, err, sizeof err)) {
            cli_error(cmd, "%s", err);
            goto out;
        }
    }
    status = match_run(&cfg);
out:
    openings_free(cfg.openings, cfg.nopenings);
    for (int e = 0; e < 2; e++)
        spec_free(&cfg.engine[e]);
    free(given);
    return status;
}
