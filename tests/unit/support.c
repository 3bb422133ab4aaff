/*
 * support.c - see support.h.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

aw_rules t_rules(const char *preset, const char *overrides)
{
    aw_rules r;
    aw_error err;
    if (aw_rules_preset(preset, &r, &err))
        fail_msg("rules %s: %s", preset, err.msg);
    if (overrides) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", overrides);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
            if (aw_rules_set_arg(&r, tok, &err))
                fail_msg("rule %s: %s", tok, err.msg);
    }
    return r;
}

aw_position t_pos(const char *text)
{
    aw_position p;
    aw_error err;
    if (aw_position_parse(text, &p, &err))
        fail_msg("position %s: %s", text, err.msg);
    return p;
}

void t_assert_pos(const aw_position *p, const char *expected)
{
    char buf[AW_POSITION_MAX];
    assert_string_equal(aw_position_format(p, buf), expected);
}

uint64_t t_rand(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

char *t_read_data(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", AW_TEST_DATA, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        fail_msg("cannot read %s", path);
    buf[n] = 0;
    fclose(f);
    return buf;
}

int t_sanitized(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return 1;
#else
    return 0;
#endif
#else
    return 0;
#endif
}
