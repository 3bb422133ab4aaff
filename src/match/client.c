/*
 * client.c - one engine process spoken to in the protocol of
 * docs/protocol.md, for the match runner (see client.h). Every exchange has
 * a deadline; lines that are not protocol are ignored (an engine may print
 * what it likes, but if it never answers it runs out of time).
 *
 * The rule set reaches an engine through its options: `Rules` and one
 * `Rule NAME` per parameter that differs from the preset, when it declares
 * them (awale does); an engine that does not is told nothing and warned
 * about once.
 */
#include "match/client.h"

#include "protocol/uci_parse.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define WRITE_TIMEOUT_MS 2000
#define QUIT_GRACE_MS 300

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void log_line(client *c, const char *dir, const char *line)
{
    if (!c->log)
        return;
    pthread_mutex_lock(&log_lock);
    fprintf(c->log, "%s %s %s\n", c->name, dir, line);
    fflush(c->log);
    pthread_mutex_unlock(&log_lock);
}

static void warn(client *c, const char *msg)
{
    pthread_mutex_lock(&log_lock);
    fprintf(stderr, "awale match: warning: engine %s: %s\n", c->name, msg);
    pthread_mutex_unlock(&log_lock);
}

/* A child that closed its pipes may take a moment to exit: wait up to
 * 100 ms so that the message can say how it ended. */
static void pause_for_exit(client *c)
{
    for (int i = 0; i < 50 && !proc_exited(&c->p); i++) {
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
}

/* Send one line. */
static int say(client *c, const char *line, char *why, size_t size)
{
    char *buf = malloc(strlen(line) + 2);
    if (!buf) {
        snprintf(why, size, "out of memory");
        return CLIENT_CRASH;
    }
    sprintf(buf, "%s\n", line);
    log_line(c, "<", line);
    int rc = proc_write(&c->p, buf, proc_now_ms() + WRITE_TIMEOUT_MS, c->cancel_fd);
    free(buf);
    if (rc == PROC_OK)
        return CLIENT_OK;
    if (rc == PROC_CANCELLED)
        return CLIENT_CANCELLED;
    if (rc == PROC_TIMEOUT) {
        snprintf(why, size, "does not read its input (a write timed out after %d ms)",
                 WRITE_TIMEOUT_MS);
        return CLIENT_TIMEOUT;
    }
    char st[96];
    /* It may take a moment between closing its pipe and exiting. */
    pause_for_exit(c);
    snprintf(why, size, "has gone (%s)", proc_describe(&c->p, st, sizeof st));
    return CLIENT_CRASH;
}

/* Read one line before the deadline; failures described in why. */
static int hear(client *c, char *line, size_t size, int64_t deadline, const char *waiting,
                char *why, size_t why_size)
{
    int rc = proc_read_line(&c->p, line, size, deadline, c->cancel_fd);
    if (rc == PROC_OK) {
        log_line(c, ">", line);
        return CLIENT_OK;
    }
    if (rc == PROC_CANCELLED)
        return CLIENT_CANCELLED;
    if (rc == PROC_TIMEOUT) {
        snprintf(why, why_size, "no %s in time", waiting);
        return CLIENT_TIMEOUT;
    }
    char st[96];
    pause_for_exit(c);
    snprintf(why, why_size, "closed its output while we waited for %s (%s)", waiting,
             proc_describe(&c->p, st, sizeof st));
    return CLIENT_CRASH;
}

static bool declared(const client *c, const char *name)
{
    for (int i = 0; i < c->ndeclared; i++)
        if (strcasecmp(c->declared[i], name) == 0)
            return true;
    return false;
}

static int wait_for(client *c, uci_reply_kind kind, const char *what, int64_t deadline, char *why,
                    size_t size)
{
    char *line = malloc(PROC_LINE_MAX);
    if (!line) {
        snprintf(why, size, "out of memory");
        return CLIENT_CRASH;
    }
    int rc;
    while ((rc = hear(c, line, PROC_LINE_MAX, deadline, what, why, size)) == CLIENT_OK) {
        uci_reply r;
        uci_parse_reply(line, &r);
        if (r.kind == kind)
            break;
        if (r.kind == UCIR_ID && strcmp(r.id_field, "name") == 0)
            snprintf(c->id_name, sizeof c->id_name, "%s", r.text);
        if (r.kind == UCIR_OPTION && c->ndeclared < 64)
            snprintf(c->declared[c->ndeclared++], sizeof c->declared[0], "%.63s", r.text);
    }
    free(line);
    return rc;
}

static int set_option(client *c, const char *name, const char *value, char *why, size_t size)
{
    char line[UCI_NAME_MAX + UCI_VALUE_MAX + 32];
    snprintf(line, sizeof line, "setoption name %s value %s", name, value);
    return say(c, line, why, size);
}

int client_start(client *c, const aw_rules *rules, int64_t timeout_ms, char *why, size_t size)
{
    c->running = false;
    c->ndeclared = 0;
    c->id_name[0] = 0;
    if (proc_spawn(&c->p, c->spec->argv, c->spec->dir, c->log != NULL, why, size))
        return CLIENT_EXEC;
    const int64_t deadline = proc_now_ms() + timeout_ms;
    int rc = say(c, "uci", why, size);
    if (rc == CLIENT_OK)
        rc = wait_for(c, UCIR_UCIOK, "'uciok' after 'uci'", deadline, why, size);
    if (rc != CLIENT_OK)
        return rc;

    /* The rule set, then the options of --engine (they may override it). */
    char msg[256];
    if (declared(c, "Rules")) {
        if ((rc = set_option(c, "Rules", rules->name, why, size)))
            return rc;
        char diff[1024];
        aw_rules_diff(rules, diff, sizeof diff);
        for (char *save = NULL, *kv = strtok_r(diff, " ", &save); kv;
             kv = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(kv, '=');
            if (!eq)
                continue;
            *eq = 0;
            char name[96];
            snprintf(name, sizeof name, "Rule %s", kv);
            if (!declared(c, name)) {
                if (!c->warned) {
                    snprintf(msg, sizeof msg, "declares no option '%s': it plays %s=%s?", name,
                             kv, eq + 1);
                    warn(c, msg);
                }
                continue;
            }
            if ((rc = set_option(c, name, eq + 1, why, size)))
                return rc;
        }
    } else {
        aw_rules def = aw_rules_default();
        char a[1024], b[1024];
        aw_rules_diff(rules, a, sizeof a);
        aw_rules_diff(&def, b, sizeof b);
        if (!c->warned && (strcmp(rules->name, def.name) != 0 || strcmp(a, b) != 0)) {
            snprintf(msg, sizeof msg,
                     "declares no 'Rules' option: it is assumed to play the %s rules", rules->name);
            warn(c, msg);
        }
    }
    for (int i = 0; i < c->spec->noptions; i++) {
        if (!c->warned && !declared(c, c->spec->opt_name[i])) {
            snprintf(msg, sizeof msg, "declares no option '%s' (sent anyway)", c->spec->opt_name[i]);
            warn(c, msg);
        }
        if ((rc = set_option(c, c->spec->opt_name[i], c->spec->opt_value[i], why, size)))
            return rc;
    }
    c->warned = true;
    if ((rc = say(c, "isready", why, size)) ||
        (rc = wait_for(c, UCIR_READYOK, "'readyok' after 'isready'", deadline, why, size)))
        return rc;
    c->running = true;
    c->ever_started = true;
    return CLIENT_OK;
}

int client_newgame(client *c, int64_t timeout_ms, char *why, size_t size)
{
    int rc = say(c, "ucinewgame", why, size);
    if (rc == CLIENT_OK)
        rc = say(c, "isready", why, size);
    if (rc == CLIENT_OK)
        rc = wait_for(c, UCIR_READYOK, "'readyok' after 'ucinewgame' and 'isready'",
                      proc_now_ms() + timeout_ms, why, size);
    return rc;
}

int client_think(client *c, const char *position, const char *go, int64_t budget_ms,
                 client_answer *ans, char *why, size_t size)
{
    memset(ans, 0, sizeof *ans);
    int rc = say(c, position, why, size);
    if (rc == CLIENT_OK)
        rc = say(c, go, why, size);
    if (rc != CLIENT_OK)
        return rc;
    const int64_t start = proc_now_ms(), deadline = start + budget_ms;
    char *line = malloc(PROC_LINE_MAX);
    if (!line) {
        snprintf(why, size, "out of memory");
        return CLIENT_CRASH;
    }
    while ((rc = hear(c, line, PROC_LINE_MAX, deadline, "'bestmove'", why, size)) == CLIENT_OK) {
        uci_reply r;
        uci_parse_reply(line, &r);
        if (r.kind == UCIR_INFO && !r.is_string) {
            if (r.has_score) {
                ans->has_score = true;
                ans->mate = r.mate;
                ans->score = r.score;
            }
            if (r.has_depth)
                ans->depth = r.depth;
        } else if (r.kind == UCIR_BESTMOVE) {
            snprintf(ans->best, sizeof ans->best, "%s", r.best);
            snprintf(ans->ponder, sizeof ans->ponder, "%s", r.ponder);
            break;
        }
    }
    ans->elapsed_ms = proc_now_ms() - start;
    if (rc == CLIENT_TIMEOUT)
        snprintf(why, size, "no 'bestmove' within %lld ms", (long long)budget_ms);
    free(line);
    return rc;
}

void client_quit(client *c)
{
    if (c->p.pid > 0 && !c->p.reaped) {
        if (c->p.to_child >= 0) {
            log_line(c, "<", "quit");
            proc_write(&c->p, "quit\n", proc_now_ms() + 100, -1);
        }
        proc_stop(&c->p, QUIT_GRACE_MS);
    }
    c->running = false;
}

void client_kill(client *c)
{
    if (c->p.pid > 0 && !c->p.reaped)
        proc_stop(&c->p, 0);
    c->running = false;
}
