/*
 * test_announce.c - the addresses `awale serve` gives other devices
 * (src/web/announce.c): a named address as itself (IPv6 in brackets); for
 * 0.0.0.0 and ::, this machine's addresses of that family without loopback
 * or link-local ones, then its name; never more than asked; and the start's
 * words with the QR code only when asked.
 */
#include "support.h"

#include "web/announce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void named(void **state)
{
    (void)state;
    char urls[4][ANNOUNCE_URL_MAX];
    assert_int_equal(announce_urls("192.168.1.20", 8080, urls, 4), 1);
    assert_string_equal(urls[0], "http://192.168.1.20:8080/");
    assert_int_equal(announce_urls("fd00::2", 80, urls, 4), 1);
    assert_string_equal(urls[0], "http://[fd00::2]:80/");
    assert_int_equal(announce_urls("awale.example", 9000, urls, 4), 1);
    assert_string_equal(urls[0], "http://awale.example:9000/");
    assert_int_equal(announce_urls("awale.example", 9000, urls, 0), 0);
}

static void wildcard(void **state)
{
    (void)state;
    char urls[ANNOUNCE_MAX_URLS][ANNOUNCE_URL_MAX];
    const int n4 = announce_urls("0.0.0.0", 8080, urls, ANNOUNCE_MAX_URLS);
    assert_true(n4 >= 0 && n4 <= ANNOUNCE_MAX_URLS);
    for (int i = 0; i < n4; i++) {
        assert_true(strncmp(urls[i], "http://", 7) == 0);
        assert_null(strstr(urls[i], "http://127."));
        assert_null(strchr(urls[i], '['));
        assert_string_equal(urls[i] + strlen(urls[i]) - 6, ":8080/");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(urls[i], urls[j]);
    }
    const int n6 = announce_urls("::", 8080, urls, ANNOUNCE_MAX_URLS);
    for (int i = 0; i < n6; i++) {
        assert_null(strstr(urls[i], "[::1]"));
        assert_null(strstr(urls[i], "[fe80:"));
        assert_null(strstr(urls[i], "http://127."));
    }
    /* At most what is asked. */
    assert_true(announce_urls("0.0.0.0", 8080, urls, 1) <= 1);
}

static void print(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    announce_print(f, "192.168.1.20", 8080, 1);
    fclose(f);
    assert_non_null(strstr(text, "  http://192.168.1.20:8080/\n"));
    assert_non_null(strstr(text, "\xe2\x96\x88")); /* the QR code's blocks */
    free(text);
    text = NULL;
    f = open_memstream(&text, &len);
    announce_print(f, "192.168.1.20", 8080, 0);
    fclose(f);
    assert_non_null(strstr(text, "  http://192.168.1.20:8080/\n"));
    assert_null(strstr(text, "\xe2\x96\x88"));
    free(text);
    /* -1: only on a terminal (a memory stream is none). */
    text = NULL;
    f = open_memstream(&text, &len);
    announce_print(f, "192.168.1.20", 8080, -1);
    fclose(f);
    assert_null(strstr(text, "\xe2\x96\x88"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(named),
        cmocka_unit_test(wildcard),
        cmocka_unit_test(print),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
