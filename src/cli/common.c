/*
 * common.c - option parsing shared by the subcommands, the rule-set options
 * (--rules, --rule, --position) and small helpers. Every bad argument gets a
 * message naming it (translated for play, the one command that speaks the
 * player's language; the others run in the C locale).
 */
#include "cli.h"
#include "front/i18n.h"

#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "awale%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

bool cli_flag(char **argv, int i, const char *name) { return strcmp(argv[i], name) == 0; }

bool cli_wants_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

bool cli_is_option(const char *arg) { return arg[0] == '-' && arg[1] != 0; }

bool cli_eval_name(const char *cmd, const char *value)
{
    static const char *const names[] = {"nnue", "linear", "tuned", "material"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(value, names[k]))
            return true;
    cli_error(cmd, "bad value '%s' for --eval (expected nnue, linear, tuned or material)", value);
    return false;
}

int cli_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (arg[n] != 0)
        return 0;
    if (*i + 1 >= argc) {
        cli_error(cmd, _("option %s needs a value (see 'awale %s --help')"), name, cmd);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

int cli_number(const char *cmd, const char *option, const char *text, long long lo, long long hi,
               long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (!*text || *end || errno || v < lo || v > hi) {
        cli_error(cmd, _("bad value '%s' for %s (expected a whole number from %lld to %lld)"), text,
                  option, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_rules_option(const char *cmd, cli_rules *cr, int argc, char **argv, int *i, bool with_position)
{
    const char *v;
    int rc;
    if ((rc = cli_option(cmd, argc, argv, i, "--rules", &v)) != 0) {
        if (rc > 0)
            cr->preset = v;
        return rc;
    }
    if ((rc = cli_option(cmd, argc, argv, i, "--rule", &v)) != 0) {
        if (rc < 0)
            return rc;
        if (cr->count == (int)(sizeof cr->assignments / sizeof cr->assignments[0])) {
            cli_error(cmd, "%s", _("too many --rule options"));
            return -1;
        }
        cr->assignments[cr->count++] = v;
        return 1;
    }
    if (with_position && (rc = cli_option(cmd, argc, argv, i, "--position", &v)) != 0) {
        if (rc > 0)
            cr->position = v;
        return rc;
    }
    return 0;
}

int cli_rules_build(const char *cmd, const cli_rules *cr, aw_rules *rules, aw_position *start)
{
    aw_error err;
    if (aw_rules_preset(cr->preset ? cr->preset : "abapa", rules, &err)) {
        cli_error(cmd, "%s", err.msg);
        return EXIT_USAGE;
    }
    for (int i = 0; i < cr->count; i++)
        if (aw_rules_set_arg(rules, cr->assignments[i], &err)) {
            cli_error(cmd, "%s", err.msg);
            return EXIT_USAGE;
        }
    if (start) {
        if (cr->position) {
            if (aw_position_parse(cr->position, start, &err)) {
                cli_error(cmd, _("bad position '%s': %s"), cr->position, err.msg);
                return EXIT_INPUT;
            }
        } else {
            *start = aw_position_start(AW_SOUTH);
        }
    }
    return 0;
}

/* Columns of n bytes of UTF-8. */
static int columns(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Whether the word at s stays on the row of the word before it: French
 * high punctuation, written after a space (" :", " ;", " !", " ?", " »"). */
static bool glued(const char *s, const char *end)
{
    return s < end && (strchr(":;!?", *s) || strncmp(s, "»", strlen("»")) == 0);
}

void cli_print_wrapped(FILE *out, const char *text, const char *first, const char *rest,
                       int width)
{
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        const char *lead = first;
        int col = 0;
        while (p < end) {
            while (p < end && *p == ' ')
                p++;
            const char *w = p;
            while (p < end && *p != ' ')
                p++;
            /* "«" with the next word, and the punctuation that follows it */
            if (p - w == (ptrdiff_t)strlen("«") && strncmp(w, "«", strlen("«")) == 0 && p + 1 < end) {
                p++;
                while (p < end && *p != ' ')
                    p++;
            }
            while (p + 1 < end && *p == ' ' && glued(p + 1, end)) {
                p++;
                while (p < end && *p != ' ')
                    p++;
            }
            const size_t n = (size_t)(p - w);
            if (n == 0)
                break;
            const int cols = columns(w, n);
            if (col > 0 && col + 1 + cols > width) {
                fputc('\n', out);
                col = 0;
                lead = rest;
            }
            if (col == 0) {
                fputs(lead, out);
                col = columns(lead, strlen(lead));
            } else {
                fputc(' ', out);
                col++;
            }
            fwrite(w, 1, n, out);
            col += cols;
        }
        fputc('\n', out);
        p = *end ? end + 1 : end;
    }
}

void cli_fmt_time(double s, char *buf, size_t size)
{
    if (s < 0 || s > 1e7)
        snprintf(buf, size, "?");
    else if (s >= 3600)
        snprintf(buf, size, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
    else if (s >= 60)
        snprintf(buf, size, "%dm%02ds", (int)(s / 60), (int)s % 60);
    else
        snprintf(buf, size, "%.0fs", s);
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The command table, given by main.c (which knows every command) before
 * any command runs, so that this file never reaches back into it. */
static const command *commands;
static int ncommands;

void cli_set_commands(const command *table, int count)
{
    commands = table;
    ncommands = count;
}

void cli_usage(const char *cmd, FILE *out)
{
    for (int i = 0; i < ncommands; i++)
        if (strcmp(commands[i].name, cmd) == 0) {
            fputs(_(commands[i].usage), out);
            /* Help generated from the code, after the usage text. */
            if (commands[i].details)
                commands[i].details(out);
            return;
        }
}
