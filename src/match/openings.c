/*
 * openings.c - the openings file of `awale match` (docs/match.md): either
 * one opening a line, "[POSITION] [MOVES]" with '#' comments, or game
 * records, whose start and moves are the opening. Every opening is played
 * through a game as it is read, so a match never starts from an illegal or
 * finished position.
 */
#include "match/match.h"

#include "front/textfile.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void openings_free(opening *o, int count)
{
    for (int i = 0; i < count; i++)
        free(o[i].moves);
    free(o);
}

static int add(opening **list, int *count, int *cap, const aw_game *g, int line)
{
    if (*count == *cap) {
        int c = *cap ? *cap * 2 : 64;
        opening *l = realloc(*list, sizeof *l * (size_t)c);
        if (!l)
            return -1;
        *list = l;
        *cap = c;
    }
    opening *o = &(*list)[*count];
    o->start = *aw_game_start(g);
    o->nmoves = aw_game_ply(g);
    o->line = line;
    o->moves = malloc(sizeof *o->moves * (size_t)(o->nmoves ? o->nmoves : 1));
    if (!o->moves)
        return -1;
    for (int i = 0; i < o->nmoves; i++)
        o->moves[i] = aw_game_move(g, i);
    (*count)++;
    return 0;
}

/* The game of one line: an optional position string, then moves. */
static int read_line(const aw_rules *rules, char *text, aw_game *g, char *err, size_t size)
{
    char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    char *end = p;
    while (*end && !isspace((unsigned char)*end))
        end++;
    aw_position start = aw_position_start(AW_SOUTH);
    aw_error e;
    /* A first word with a '-' and digits is a position string. */
    if (end > p && strchr("0123456789", *p) && memchr(p, '-', (size_t)(end - p))) {
        char save = *end;
        *end = 0;
        if (aw_position_parse(p, &start, &e)) {
            snprintf(err, size, "bad position '%.64s': %s", p, e.msg);
            return -1;
        }
        *end = save;
        p = end;
    }
    aw_game_reset(g, &start);
    if (aw_game_status(g) != AW_ONGOING) {
        snprintf(err, size, "the game is already over in this position");
        return -1;
    }
    aw_move m;
    int n = 0, rc;
    const char *q = p;
    while ((rc = aw_move_parse_next(rules, &q, &m, &e)) == 1) {
        n++;
        if (aw_game_play(g, m, &e)) {
            char mv[AW_MOVE_MAX];
            snprintf(err, size, "move %d (%s) cannot be played: %s", n,
                     aw_move_format(rules, m, mv), e.msg);
            return -1;
        }
    }
    if (rc < 0) {
        snprintf(err, size, "move %d: %s", n + 1, e.msg);
        return -1;
    }
    if (aw_game_status(g) != AW_ONGOING) {
        snprintf(err, size, "the opening ends the game");
        return -1;
    }
    return 0;
}

int openings_load(const char *path, const aw_rules *rules, opening **out, int *count, char *err,
                  size_t size)
{
    char msg[512];
    char *text = textfile_read(path, (size_t)64 << 20, msg, sizeof msg);
    *out = NULL;
    *count = 0;
    if (!text) {
        snprintf(err, size, "%s", msg);
        return -1;
    }
    int cap = 0, rc = 0;
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '[') {
        /* Game records: their rules must be the match's. */
        int line = 1;
        const char *p = text;
        aw_error e;
        char want[1024], got[1024];
        aw_rules_diff(rules, want, sizeof want);
        for (;;) {
            int at = line;
            aw_record *rec = aw_record_read(&p, &line, &e);
            if (!rec) {
                if (e.msg[0]) {
                    snprintf(err, size, "%s: %s", path, e.msg);
                    rc = -1;
                }
                break;
            }
            const aw_game *g = aw_record_game_const(rec);
            const aw_rules *r = aw_game_rules(g);
            aw_rules_diff(r, got, sizeof got);
            if (strcmp(r->name, rules->name) != 0 || strcmp(want, got) != 0) {
                snprintf(err, size, "%s: the record from line %d is for the %s%s%s rules, not %s%s%s",
                         path, at, r->name, got[0] ? " " : "", got, rules->name,
                         want[0] ? " " : "", want);
                rc = -1;
            } else if (aw_game_status(g) != AW_ONGOING) {
                snprintf(err, size, "%s: the record from line %d is a finished game", path, at);
                rc = -1;
            } else if (add(out, count, &cap, g, at)) {
                snprintf(err, size, "out of memory");
                rc = -1;
            }
            aw_record_free(rec);
            if (rc)
                break;
        }
    } else {
        aw_game *g = aw_game_new(rules, NULL);
        int line = 0;
        for (char *l = text; l && rc == 0;) {
            char *nl = strchr(l, '\n');
            if (nl)
                *nl = 0;
            line++;
            char *hash = strchr(l, '#');
            if (hash)
                *hash = 0;
            char *t = l;
            while (isspace((unsigned char)*t))
                t++;
            if (*t) {
                if (!g || read_line(rules, t, g, msg, sizeof msg)) {
                    snprintf(err, size, "%s: line %d: %s", path, line, g ? msg : "out of memory");
                    rc = -1;
                } else if (add(out, count, &cap, g, line)) {
                    snprintf(err, size, "out of memory");
                    rc = -1;
                }
            }
            l = nl ? nl + 1 : NULL;
        }
        aw_game_free(g);
    }
    free(text);
    if (rc == 0 && *count == 0) {
        snprintf(err, size, "%s: no opening in the file", path);
        rc = -1;
    }
    if (rc) {
        openings_free(*out, *count);
        *out = NULL;
        *count = 0;
    }
    return rc;
}
