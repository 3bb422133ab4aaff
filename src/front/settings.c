/*
 * settings.c - the settings file of `awale play`: key=value lines, '#'
 * comments. Each key has a parser; a line that does not parse is noted and
 * skipped, so an old or hand-edited file never stops the game.
 */
#include "front/settings.h"

#include "awale.h"
#include "front/i18n.h"
#include "front/paths.h"
#include "front/textfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SETTINGS_FILE "settings"

settings settings_default(void)
{
    settings s;
    memset(&s, 0, sizeof s);
    snprintf(s.lang, sizeof s.lang, "auto");
    s.speed = SPEED_NORMAL;
    s.colour = true;
    s.charset = CHARSET_AUTO;
    snprintf(s.rules, sizeof s.rules, "abapa");
    s.level = 3;
    s.movetime = 1000;
    s.review_depth = 14;
    return s;
}

static const char *const speed_words[] = {"off", "fast", "normal", "slow"};
static const char *const charset_words[] = {"auto", "unicode", "ascii"};

static int word_index(const char *v, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v, words[i]) == 0)
            return i;
    return -1;
}

static int parse_bool(const char *v, bool *out)
{
    if (strcmp(v, "on") == 0 || strcmp(v, "yes") == 0 || strcmp(v, "true") == 0 || strcmp(v, "1") == 0)
        *out = true;
    else if (strcmp(v, "off") == 0 || strcmp(v, "no") == 0 || strcmp(v, "false") == 0 ||
             strcmp(v, "0") == 0)
        *out = false;
    else
        return -1;
    return 0;
}

static int parse_long(const char *v, long long lo, long long hi, long long *out)
{
    char *end;
    if (!*v)
        return -1;
    long long n = strtoll(v, &end, 10);
    if (*end || n < lo || n > hi)
        return -1;
    *out = n;
    return 0;
}

static int parse_side(const char *v, int *out)
{
    if (strcmp(v, "S") == 0 || strcmp(v, "south") == 0)
        *out = AW_SOUTH;
    else if (strcmp(v, "N") == 0 || strcmp(v, "north") == 0)
        *out = AW_NORTH;
    else
        return -1;
    return 0;
}

/* One key=value; 0, or -1 (bad value), -2 (unknown key). */
static int set_key(settings *s, const char *key, const char *v)
{
    long long n;
    int i;
    if (strcmp(key, "lang") == 0) {
        if (strcmp(v, "auto") && !i18n_known(v))
            return -1;
        snprintf(s->lang, sizeof s->lang, "%s", v);
    } else if (strcmp(key, "speed") == 0) {
        if ((i = word_index(v, speed_words, 4)) < 0)
            return -1;
        s->speed = i;
    } else if (strcmp(key, "colour") == 0) {
        return parse_bool(v, &s->colour);
    } else if (strcmp(key, "charset") == 0) {
        if ((i = word_index(v, charset_words, 3)) < 0)
            return -1;
        s->charset = i;
    } else if (strcmp(key, "analysis") == 0) {
        return parse_bool(v, &s->analysis);
    } else if (strcmp(key, "moves") == 0) {
        return parse_bool(v, &s->moves);
    } else if (strcmp(key, "review") == 0) {
        if (parse_long(v, 1, 40, &n))
            return -1;
        s->review_depth = (int)n;
    } else if (strcmp(key, "rules") == 0) {
        aw_rules r;
        if (aw_rules_preset(v, &r, NULL))
            return -1;
        snprintf(s->rules, sizeof s->rules, "%s", v);
        s->game_valid = true;
    } else if (strcmp(key, "opponent") == 0) {
        if (strcmp(v, "human") == 0)
            s->human = true;
        else if (strcmp(v, "computer") == 0)
            s->human = false;
        else
            return -1;
        s->game_valid = true;
    } else if (strcmp(key, "level") == 0) {
        if (parse_long(v, 1, 10, &n))
            return -1;
        s->level = (int)n;
        s->game_valid = true;
    } else if (strcmp(key, "side") == 0) {
        if (parse_side(v, &s->side))
            return -1;
        s->game_valid = true;
    } else if (strcmp(key, "first") == 0) {
        if (parse_side(v, &s->first))
            return -1;
        s->game_valid = true;
    } else if (strcmp(key, "movetime") == 0) {
        if (parse_long(v, 10, 3600000, &n))
            return -1;
        s->movetime = n;
        s->game_valid = true;
    } else {
        return -2;
    }
    return 0;
}

static void note(char *notes, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void note(char *notes, size_t size, const char *fmt, ...)
{
    size_t used = strlen(notes);
    if (used + 2 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(notes + used, size - used, fmt, ap);
    va_end(ap);
    used = strlen(notes);
    if (used + 1 < size) {
        notes[used] = '\n';
        notes[used + 1] = 0;
    }
}

static char *trim(char *t)
{
    while (isspace((unsigned char)*t))
        t++;
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1]))
        t[--n] = 0;
    return t;
}

void settings_parse(settings *s, const char *text, const char *name, char *notes, size_t size)
{
    int lineno = 0;
    while (*text) {
        char line[512];
        size_t n = strcspn(text, "\n");
        lineno++;
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), text);
        text += n + (text[n] == '\n');
        char *t = trim(line);
        if (!*t || *t == '#')
            continue;
        char *eq = strchr(t, '=');
        if (!eq) {
            note(notes, size, _("%s line %d: not key=value, ignored"), name, lineno);
            continue;
        }
        *eq = 0;
        char *key = trim(t), *value = trim(eq + 1);
        const int rc = set_key(s, key, value);
        if (rc == -2)
            note(notes, size, _("%s line %d: unknown setting '%s', ignored"), name, lineno, key);
        else if (rc < 0)
            note(notes, size, _("%s line %d: bad value '%s' for %s, ignored"), name, lineno, value,
                 key);
    }
}

int settings_load(settings *s, char *notes, size_t size)
{
    char path[4096], err[512];
    notes[0] = 0;
    if (!paths_config(SETTINGS_FILE, false, path, sizeof path, err, sizeof err)) {
        note(notes, size, "%s", err);
        return -1;
    }
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return 0; /* none yet */
    /* Anything but a regular file (a named pipe would block) is refused
     * by textfile_read, and noted. */
    char *text = textfile_read(path, 1 << 16, err, sizeof err);
    if (!text) {
        note(notes, size, "%s", err);
        return 0;
    }
    settings_parse(s, text, path, notes, size);
    free(text);
    return 0;
}

void settings_format(const settings *s, char *buf, size_t size)
{
    int n = snprintf(buf, size,
                     "# awale play settings (key=value; written by the program, may be edited)\n"
                     "lang=%s\nspeed=%s\ncolour=%s\ncharset=%s\nanalysis=%s\nmoves=%s\nreview=%d\n",
                     s->lang, speed_words[s->speed], s->colour ? "on" : "off",
                     charset_words[s->charset], s->analysis ? "on" : "off", s->moves ? "on" : "off",
                     s->review_depth);
    if (s->game_valid && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n,
                 "rules=%s\nopponent=%s\nlevel=%d\nside=%s\nfirst=%s\nmovetime=%lld\n", s->rules,
                 s->human ? "human" : "computer", s->level, s->side ? "N" : "S",
                 s->first ? "N" : "S", s->movetime);
}

int settings_save(const settings *s, char *err, size_t size)
{
    char path[4096], text[1024];
    if (!paths_config(SETTINGS_FILE, true, path, sizeof path, err, size))
        return -1;
    settings_format(s, text, sizeof text);
    return textfile_write(path, text, err, size);
}
