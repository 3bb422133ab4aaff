/*
 * position.c - the position string (docs/rules.md, "The board"), parsed and
 * printed in one place, plus the position helpers every module uses.
 *
 *     4-4-4-4-4-4-4-4-4-4-4-4-0-0-S[-N]
 *
 * The parser names the field at fault in every message; a position it
 * accepts always holds 48 seeds (pits + scores).
 */
#include "rules_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int aw_fail(aw_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

aw_position aw_position_start(int first)
{
    aw_position p;
    memset(&p, 0, sizeof p);
    memset(p.pits, 4, sizeof p.pits);
    p.side = first == AW_NORTH ? AW_NORTH : AW_SOUTH;
    return p;
}

static const char *field_name(int i, char *buf, size_t size)
{
    if (i < AW_PITS)
        snprintf(buf, size, "pit %c (field %d)", i < 6 ? 'A' + i : 'a' + i - 6, i + 1);
    else if (i == 12)
        snprintf(buf, size, "South's score (field 13)");
    else if (i == 13)
        snprintf(buf, size, "North's score (field 14)");
    else if (i == 14)
        snprintf(buf, size, "side to move (field 15)");
    else
        snprintf(buf, size, "no-capture counter (field 16)");
    return buf;
}

/* Parse the number in [s, s+n), at most max. */
static int field_number(const char *s, size_t n, long max, long *out)
{
    if (n == 0)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        if (v <= max)
            v = v * 10 + (s[i] - '0');
    }
    if (v > max)
        return -2;
    *out = v;
    return 0;
}

int aw_position_parse(const char *text, aw_position *out, aw_error *err)
{
    if (!text)
        return aw_fail(err, "no position given");
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return aw_fail(err, "empty position string (expected 12 pit counts, two scores and "
                            "the side to move, e.g. 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S)");

    /* Split into fields at each '-'. */
    enum { MAX_FIELDS = 16 };
    const char *field[MAX_FIELDS];
    size_t flen[MAX_FIELDS];
    int count = 0;
    const char *s = text, *end = text + len;
    for (;;) {
        const char *dash = memchr(s, '-', (size_t)(end - s));
        const char *stop = dash ? dash : end;
        if (count == MAX_FIELDS)
            return aw_fail(err, "position string too long: unexpected '%.*s' after the "
                                "no-capture counter",
                           (int)((end - s) > 20 ? 20 : (end - s)), s);
        field[count] = s;
        flen[count++] = (size_t)(stop - s);
        if (!dash)
            break;
        s = dash + 1;
    }
    char name[48];
    aw_position p;
    memset(&p, 0, sizeof p);
    int total = 0;
    for (int i = 0; i < count; i++) {
        const char *f = field[i];
        int shown = (int)(flen[i] > 20 ? 20 : flen[i]);
        if (i == 14) {
            if (flen[i] != 1 || !strchr("SNsn", f[0]))
                return aw_fail(err, "bad %s: '%.*s' (expected S or N)",
                               field_name(i, name, sizeof name), shown, f);
            p.side = (f[0] == 'S' || f[0] == 's') ? AW_SOUTH : AW_NORTH;
            continue;
        }
        long v, max = i == 15 ? 65535 : AW_SEEDS;
        int rc = field_number(f, flen[i], max, &v);
        if (rc == -1 && flen[i] == 0)
            return aw_fail(err, "%s is empty (a count is missing, or negative)",
                           field_name(i, name, sizeof name));
        if (rc == -1)
            return aw_fail(err, "bad %s: '%.*s' is not a whole number",
                           field_name(i, name, sizeof name), shown, f);
        if (rc == -2)
            return aw_fail(err, "bad %s: %.*s is more than %ld", field_name(i, name, sizeof name),
                           shown, f, max);
        if (i < AW_PITS)
            p.pits[i] = (uint8_t)v;
        else if (i < 14)
            p.score[i - 12] = (uint8_t)v;
        else
            p.quiet = (uint16_t)v;
        if (i < 14)
            total += (int)v;
    }
    if (count < 15)
        return aw_fail(err, "position string too short: %s is missing (expected 12 pit counts, "
                            "two scores and the side to move)",
                       field_name(count, name, sizeof name));
    if (total != AW_SEEDS)
        return aw_fail(err, "pits and scores add up to %d seeds, not %d", total, AW_SEEDS);
    *out = p;
    return 0;
}

char *aw_position_format(const aw_position *pos, char *buf)
{
    char *o = buf;
    for (int i = 0; i < AW_PITS; i++)
        o += sprintf(o, "%d-", pos->pits[i]);
    o += sprintf(o, "%d-%d-%c", pos->score[0], pos->score[1], pos->side == AW_SOUTH ? 'S' : 'N');
    if (pos->quiet)
        sprintf(o, "-%u", (unsigned)pos->quiet);
    return buf;
}

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= UINT64_C(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x *= UINT64_C(0x94d049bb133111eb);
    x ^= x >> 31;
    return x;
}

uint64_t aw_position_hash(const aw_position *pos)
{
    uint64_t a, b = 0;
    memcpy(&a, pos->pits, 8);
    memcpy(&b, pos->pits + 8, 4);
    b |= (uint64_t)pos->score[0] << 32 | (uint64_t)pos->score[1] << 40 | (uint64_t)pos->side << 48;
    return mix64(a ^ mix64(b + UINT64_C(0x9e3779b97f4a7c15)));
}

int aw_position_row(const aw_position *pos, int player)
{
    const uint8_t *r = pos->pits + (player ? AW_ROW : 0);
    return r[0] + r[1] + r[2] + r[3] + r[4] + r[5];
}
