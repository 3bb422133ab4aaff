/*
 * test_abi.c - the version and struct layout the library reports to
 * bindings (aw_version, aw_abi_layout): the version macros agree with each
 * other and with the library, and the layout answers are the compiler's.
 */
#include "support.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static void version_macros_agree(void **state)
{
    (void)state;
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", AW_VERSION_MAJOR, AW_VERSION_MINOR, AW_VERSION_PATCH);
    assert_string_equal(v, AW_VERSION);
    assert_string_equal(aw_version(), AW_VERSION);
}

static void layout_answers(void **state)
{
    (void)state;
    assert_int_equal(aw_abi_layout("aw_rules", NULL), (long)sizeof(aw_rules));
    assert_int_equal(aw_abi_layout("aw_rules", "target"), (long)offsetof(aw_rules, target));
    assert_int_equal(aw_abi_layout("aw_position", "quiet"), (long)offsetof(aw_position, quiet));
    assert_int_equal(aw_abi_layout("aw_search_result", "info"),
                     (long)offsetof(aw_search_result, info));
    assert_int_equal(aw_abi_layout("aw_limits", NULL), (long)sizeof(aw_limits));
    assert_int_equal(aw_abi_layout("aw_error", "msg"), 0);
    /* Unknown names answer -1, never a guess. */
    assert_int_equal(aw_abi_layout("aw_rules", "no_such_field"), -1);
    assert_int_equal(aw_abi_layout("aw_nothing", NULL), -1);
    assert_int_equal(aw_abi_layout(NULL, "target"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_macros_agree),
        cmocka_unit_test(layout_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
