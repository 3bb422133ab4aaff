/*
 * test_qr.c - QR codes (src/web/qr.c). Decoding one is out of reach here,
 * so: the SVG is well formed (its tags balanced, one path of rectangles
 * inside the square of its viewBox), sized by the code's version, the same
 * for the same text and different for another; the terminal drawing has
 * the lines and columns its version gives; texts too long or empty are
 * refused.
 */
#include "support.h"

#include "web/qr.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

/* Every element opened is closed (a self-closing one or a close tag), the
 * quotes of attributes are paired, and every rectangle lies in the box. */
static void check_svg(const char *svg, int version)
{
    const int size = 17 + 4 * version + 2 * QR_QUIET_SVG;
    char head[200];
    snprintf(head, sizeof head,
             "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" ", size, size);
    assert_true(strncmp(svg, head, strlen(head)) == 0);
    assert_true(strlen(svg) > 20);
    assert_string_equal(svg + strlen(svg) - 7, "</svg>\n");
    assert_int_equal(count(svg, "<"), count(svg, ">"));
    assert_int_equal(count(svg, "<svg"), 1);
    assert_int_equal(count(svg, "</svg>"), 1);
    assert_int_equal(count(svg, "<path"), 1);
    assert_int_equal(count(svg, "<rect"), 1);
    assert_int_equal(count(svg, "/>"), 2);
    assert_int_equal(count(svg, "\"") % 2, 0);
    assert_null(strchr(svg, '&'));
    /* The path: M x y h n v1 h-n z, inside the code's modules. */
    const char *d = strstr(svg, " d=\"");
    assert_non_null(d);
    d += 4;
    int rects = 0;
    while (*d == 'M') {
        int x, y, w, w2, used = 0;
        assert_int_equal(sscanf(d, "M%d %dh%dv1h-%dz%n", &x, &y, &w, &w2, &used), 4);
        assert_true(used > 0);
        assert_int_equal(w, w2);
        assert_true(x >= QR_QUIET_SVG && y >= QR_QUIET_SVG && w >= 1);
        assert_true(x + w <= size - QR_QUIET_SVG && y < size - QR_QUIET_SVG);
        d += used;
        rects++;
    }
    assert_true(*d == '"');
    assert_true(rects > 10);
}

static void svg(void **state)
{
    (void)state;
    int v1 = 0, v2 = 0, v3 = 0;
    char *a = qr_svg("http://192.168.1.20:8080/", &v1);
    char *b = qr_svg("http://192.168.1.20:8080/", &v2);
    char *c = qr_svg("http://192.168.1.21:8080/", &v3);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    /* 25 bytes at level M: version 2 (25 x 25 modules). */
    assert_int_equal(v1, 2);
    assert_int_equal(v1, v2);
    check_svg(a, v1);
    check_svg(c, v3);
    assert_string_equal(a, b);
    assert_string_not_equal(a, c);
    free(a);
    free(b);
    free(c);
    /* A longer text: a larger version, a larger box. */
    char url[QR_MAX_TEXT + 2];
    snprintf(url, sizeof url, "http://awale.example.org/invite/%s",
             "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
    int v = 0;
    char *big = qr_svg(url, &v);
    assert_non_null(big);
    assert_true(v > v1);
    check_svg(big, v);
    free(big);
    /* The longest text taken, then one byte more. */
    memset(url, 'a', QR_MAX_TEXT);
    url[QR_MAX_TEXT] = 0;
    big = qr_svg(url, &v);
    assert_non_null(big);
    check_svg(big, v);
    free(big);
    url[QR_MAX_TEXT] = 'a';
    url[QR_MAX_TEXT + 1] = 0;
    errno = 0;
    assert_null(qr_svg(url, NULL));
    assert_int_equal(errno, ERANGE);
    assert_null(qr_svg("", NULL));
    assert_int_equal(errno, EINVAL);
    assert_null(qr_svg(NULL, NULL));
}

/* The width of a line in characters (each half block is 3 bytes). */
static int columns(const char *line, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)line[i] & 0xc0) != 0x80;
    return n;
}

static void terminal(void **state)
{
    (void)state;
    int rows = 0, version = 0;
    /* Version 1: 21 modules, 25 with the margins, so 13 lines of 25. */
    char *t = qr_terminal("awale", false, &rows, &version);
    assert_non_null(t);
    assert_int_equal(version, 1);
    assert_int_equal(rows, 13);
    assert_int_equal(count(t, "\n"), 13);
    for (const char *line = t; *line;) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        assert_int_equal(columns(line, (size_t)(end - line)), 25);
        line = end + 1;
    }
    /* The top margin is light (drawn) over its whole width. */
    assert_int_equal(strncmp(t, "\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88", 9), 0);
    free(t);
    /* Coloured: the same lines between colour codes. */
    char *c = qr_terminal("awale", true, &rows, &version);
    assert_non_null(c);
    assert_int_equal(rows, 13);
    assert_int_equal(count(c, "\x1b[97;40m"), 13);
    assert_int_equal(count(c, "\x1b[0m\n"), 13);
    free(c);
    /* Version 2 (25 modules): 15 lines. */
    t = qr_terminal("http://192.168.1.20:8080/", false, &rows, &version);
    assert_non_null(t);
    assert_int_equal(version, 2);
    assert_int_equal(rows, (25 + 2 * QR_QUIET_TERM + 1) / 2);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg),
        cmocka_unit_test(terminal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
