/*
 * test_secret.c - the web server's secrets (src/web/secret.c): 32 lower-case
 * hex digits, different each time, and a comparison that tells equal from
 * unequal whatever the lengths, including texts that end early or go on.
 */
#include "support.h"

#include "web/secret.h"

#include <stdlib.h>
#include <string.h>

static void hex_and_different(void **state)
{
    (void)state;
    char a[SECRET_HEX + 1], b[SECRET_HEX + 1];
    assert_int_equal(secret_new(a), 0);
    assert_int_equal(secret_new(b), 0);
    assert_int_equal(strlen(a), SECRET_HEX);
    assert_int_equal(strspn(a, "0123456789abcdef"), SECRET_HEX);
    assert_string_not_equal(a, b);
    /* Every hex digit shows up among a few secrets (not a constant pattern). */
    char seen[16] = {0};
    for (int i = 0; i < 64; i++) {
        assert_int_equal(secret_new(a), 0);
        for (int j = 0; j < SECRET_HEX; j++)
            seen[a[j] <= '9' ? a[j] - '0' : a[j] - 'a' + 10] = 1;
    }
    for (int i = 0; i < 16; i++)
        assert_true(seen[i]);
}

static void equal(void **state)
{
    (void)state;
    char s[SECRET_HEX + 1];
    assert_int_equal(secret_new(s), 0);
    char copy[SECRET_HEX + 1];
    memcpy(copy, s, sizeof copy);
    assert_true(secret_equal(copy, s));
    assert_false(secret_equal(NULL, s));
    assert_false(secret_equal(s, NULL));
    assert_false(secret_equal("", s));
    /* One character off, anywhere. */
    for (int i = 0; i < SECRET_HEX; i++) {
        memcpy(copy, s, sizeof copy);
        copy[i] = copy[i] == 'a' ? 'b' : 'a';
        assert_false(secret_equal(copy, s));
    }
    /* Shorter: every prefix, in a buffer of exactly its size (ASan sees
     * any read past its NUL). */
    for (size_t n = 0; n < SECRET_HEX; n++) {
        char *p = malloc(n + 1);
        assert_non_null(p);
        memcpy(p, s, n);
        p[n] = 0;
        assert_false(secret_equal(p, s));
        free(p);
    }
    /* Longer: the secret and more. */
    char longer[2 * SECRET_HEX + 1];
    memcpy(longer, s, SECRET_HEX);
    memcpy(longer + SECRET_HEX, s, SECRET_HEX + 1);
    assert_false(secret_equal(longer, s));
    longer[SECRET_HEX + 1] = 0;
    assert_false(secret_equal(longer, s));
    /* Upper case is another text. */
    memcpy(copy, "0123456789ABCDEF0123456789abcdef", sizeof copy);
    assert_false(secret_equal(copy, "0123456789abcdef0123456789abcdef"));
    assert_true(secret_equal("0123456789abcdef0123456789abcdef",
                             "0123456789abcdef0123456789abcdef"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_and_different),
        cmocka_unit_test(equal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
