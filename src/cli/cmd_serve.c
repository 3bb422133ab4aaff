/*
 * cmd_serve.c - `awale serve`: the options of the web application, the
 * endgame tables and the opening book it shares between its games; the
 * server itself is src/web (docs/web.md, docs/api.md).
 */
#include "cli.h"
#include "front/books.h"
#include "front/paths.h"
#include "web/web.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct tables_opener {
    const char *option; /* --tables: NULL (default dir), "none" or DIR */
} tables_opener;

/* The tables of a rule set for the server's games, called from the web
 * app's loader thread (never a request's): the layers already built, and
 * for the default rule set the small set built if missing, as `awale play`
 * does (the app asks for those at start). */
static aw_tables *open_tables(const aw_rules *rules, void *ctx)
{
    const tables_opener *o = ctx;
    if (o->option && strcmp(o->option, "none") == 0)
        return NULL;
    char buf[4096];
    const char *dir = o->option;
    if (!dir && !(dir = aw_tables_default_dir(buf, sizeof buf)))
        return NULL;
    aw_error err;
    if (!strcmp(rules->name, "abapa")) {
        char diff[256];
        if (aw_rules_diff(rules, diff, sizeof diff) == 0)
            return cli_tables_open("serve", o->option, rules);
    }
    aw_tables *t = aw_tables_open(dir, rules, 0, &err);
    if (!t && strncmp(err.msg, "no endgame tables", 17) != 0) /* damaged: say so */
        cli_error("serve", "endgame tables for %s not used: %s", rules->name, err.msg);
    return t;
}

static int number(const char *cmd, int argc, char **argv, int *i, const char *name, long long lo,
                  long long hi, long long *out, int *rc)
{
    const char *v;
    if ((*rc = cli_option(cmd, argc, argv, i, name, &v)) <= 0)
        return *rc;
    if (cli_number(cmd, name, v, lo, hi, out))
        *rc = -1;
    return *rc;
}

/* --rate-requests, --rate-games, --rate-invites RULE (ratelimit_parse):
 * 1 taken, 0 not one of them, -1 a bad value (said). */
static int rate_option(const char *cmd, int argc, char **argv, int *i, web_config *cfg)
{
    static const struct {
        const char *name;
        int kind;
    } rates[] = {{"--rate-requests", RL_REQUESTS},
                 {"--rate-games", RL_GAMES},
                 {"--rate-invites", RL_INVITES}};
    for (size_t k = 0; k < sizeof rates / sizeof rates[0]; k++) {
        const char *v;
        const int rc = cli_option(cmd, argc, argv, i, rates[k].name, &v);
        if (rc < 0)
            return -1;
        if (rc == 0)
            continue;
        if (ratelimit_parse(v, &cfg->rate[rates[k].kind]) != 0) {
            cli_error(cmd,
                      "%s %s: give COUNT/PERIOD[,BURST] (PERIOD: a number of s, m or h, e.g. "
                      "30/10m or 20/1s,60) or 'off'",
                      rates[k].name, v);
            return -1;
        }
        return 1;
    }
    return 0;
}

/* A duration: a whole number with a unit, s, m, h or d (days when none),
 * from 1 s to 10 years. -1 when bad (said). */
static int64_t duration_ms(const char *cmd, const char *name, const char *v)
{
    char *end;
    const long long n = strtoll(v, &end, 10);
    int64_t unit = 86400 * 1000;
    if (*end == 's')
        unit = 1000;
    else if (*end == 'm')
        unit = 60 * 1000;
    else if (*end == 'h')
        unit = 3600 * 1000;
    else if (*end == 'd')
        unit = 86400 * 1000;
    else if (*end)
        unit = 0;
    if (end == v || unit == 0 || (*end && end[1]) || n < 1 || n * (unit / 1000) > 3650LL * 86400) {
        cli_error(cmd, "%s %s: give a duration such as 30d, 12h, 90m or 45s (1 second to 10 years)",
                  name, v);
        return -1;
    }
    return n * unit;
}

int cmd_serve(int argc, char **argv)
{
    const char *cmd = "serve";
    web_config cfg = web_config_default();
    tables_opener opener = {NULL};
    const char *book_opt = NULL, *db_opt = NULL;
    const char *allow[16];
    int nallow = 0;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cfg.searches = cores > 0 ? (int)(cores > 16 ? 16 : cores) : 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        long long n;
        int rc;
        if ((rc = cli_option(cmd, argc, argv, &i, "--host", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.host = v;
        } else if (number(cmd, argc, argv, &i, "--port", 0, 65535, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.port = (int)n;
        } else if (cli_flag(argv, i, "--open")) {
            cfg.open_browser = true;
        } else if (cli_flag(argv, i, "--verbose")) {
            cfg.verbose = true;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--tables", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            opener.option = v;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--book", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            book_opt = v;
        } else if (number(cmd, argc, argv, &i, "--max-games", 1, 100000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_games = (int)n;
        } else if (number(cmd, argc, argv, &i, "--expire", 1, 30 * 86400, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.ttl_ms = n * 1000;
        } else if (number(cmd, argc, argv, &i, "--searches", 1, 64, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.searches = (int)n;
        } else if (number(cmd, argc, argv, &i, "--queue", 0, 10000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.queue = (int)n;
        } else if (number(cmd, argc, argv, &i, "--streams", 1, 1000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_streams = (int)n;
        } else if (number(cmd, argc, argv, &i, "--hash", 1, 4096, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.hash_mb = (int)n;
        } else if (number(cmd, argc, argv, &i, "--analysis-time", 1, 3600, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.analysis_ms = n * 1000;
        } else if (number(cmd, argc, argv, &i, "--max-movetime", 10, 3600000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_movetime_ms = n;
        } else if (number(cmd, argc, argv, &i, "--hint-time", 10, 3600000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.hint_ms = n;
        } else if (number(cmd, argc, argv, &i, "--max-body", 1024, 64 << 20, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_body = (size_t)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--allow-host", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (nallow == (int)(sizeof allow / sizeof allow[0])) {
                cli_error(cmd, "--allow-host: at most %d names", nallow);
                return EXIT_USAGE;
            }
            if (!*v || strpbrk(v, ":/ ")) {
                cli_error(cmd, "--allow-host %s: give a host name without scheme or port", v);
                return EXIT_USAGE;
            }
            allow[nallow++] = v;
        } else if (number(cmd, argc, argv, &i, "--client-connections", 1, 256, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.client_connections = (int)n;
        } else if (number(cmd, argc, argv, &i, "--client-games", 1, 100000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.client_games = (int)n;
        } else if (number(cmd, argc, argv, &i, "--client-streams", 1, 1000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.client_streams = (int)n;
        } else if (number(cmd, argc, argv, &i, "--request-timeout", 1, 3600, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.request_timeout_s = (int)n;
        } else if ((rc = rate_option(cmd, argc, argv, &i, &cfg)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
        } else if (number(cmd, argc, argv, &i, "--rate-addresses", 16, 10000000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.rate_addresses = (int)n;
        } else if (number(cmd, argc, argv, &i, "--max-connections", 16, 1000000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_connections = (int)n;
            cfg.max_connections_given = true;
        } else if (number(cmd, argc, argv, &i, "--http-threads", 1, 64, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.http_threads = (int)n;
        } else if (cli_flag(argv, i, "--qr")) {
            cfg.qr = 1;
        } else if (cli_flag(argv, i, "--no-qr")) {
            cfg.qr = 0;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--db", &v)) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            if (!*v) {
                cli_error(cmd, "--db: give a file, or 'off' to keep games in memory only");
                return EXIT_USAGE;
            }
            db_opt = v;
        } else if (number(cmd, argc, argv, &i, "--max-friend-games", 1, 1000000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_friend_games = (int)n;
        } else if ((rc = cli_option(cmd, argc, argv, &i, "--friend-expire", &v)) != 0) {
            if (rc < 0 || (cfg.friend_ttl_ms = duration_ms(cmd, "--friend-expire", v)) < 0)
                return EXIT_USAGE;
        } else if (number(cmd, argc, argv, &i, "--event-streams", 1, 1000000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.max_event_streams = (int)n;
        } else if (number(cmd, argc, argv, &i, "--client-event-streams", 1, 10000, &n, &rc) != 0) {
            if (rc < 0)
                return EXIT_USAGE;
            cfg.client_event_streams = (int)n;
        } else {
            cli_error(cmd, "unexpected argument '%s' (see 'awale serve --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (cfg.hint_ms > cfg.max_movetime_ms)
        cfg.hint_ms = cfg.max_movetime_ms;
    /* The built-in books (one per rule set that has one), or --book's,
     * shared read-only by every game whose rules they fit. */
    aw_book *books[16];
    int nbooks = 0;
    if (book_opt && strcmp(book_opt, "none") != 0) {
        aw_error err;
        if (!(books[0] = aw_book_load(book_opt, &err))) {
            cli_error(cmd, "%s", err.msg);
            return EXIT_INPUT;
        }
        nbooks = 1;
    } else if (!book_opt) {
        for (int i = 0; i < books_builtin_count() && nbooks < 16; i++) {
            aw_error err;
            if ((books[nbooks] = books_builtin_read(i, &err)))
                nbooks++;
            else
                cli_error(cmd, "%s (playing without it)", err.msg);
        }
    }
    /* Where games are kept: --db FILE, 'off', or the data directory. */
    char db_path[4096], why[512];
    if (db_opt && !strcmp(db_opt, "off")) {
        cfg.db_path = NULL;
    } else if (db_opt) {
        cfg.db_path = db_opt;
    } else if (paths_data("games.db", true, db_path, sizeof db_path, why, sizeof why)) {
        cfg.db_path = db_path;
    } else {
        cli_error(cmd, "%s (give --db FILE, or --db off to keep games in memory only)", why);
        return EXIT_INPUT;
    }
    cfg.host_names = allow;
    cfg.nhost_names = nallow;
    cfg.books = (const aw_book *const *)books;
    cfg.nbooks = nbooks;
    cfg.open_tables = open_tables;
    cfg.tables_ctx = &opener;
    const int status = web_serve(&cfg, NULL);
    for (int i = 0; i < nbooks; i++)
        aw_book_free(books[i]);
    return status;
}
