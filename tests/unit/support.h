/*
 * support.h - helpers shared by the unit tests (cmocka): building rules and
 * positions from text (failing the test on error), comparing positions as
 * strings, a seeded random generator and reading the golden data files of
 * tests/data.
 */
#ifndef AW_TEST_SUPPORT_H
#define AW_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "awale.h"

/* Rules from a preset name plus optional "k=v k=v" overrides. */
aw_rules t_rules(const char *preset, const char *overrides);

/* A position from its string; fails the test when it does not parse. */
aw_position t_pos(const char *text);

/* Fail unless *p prints as `expected`. */
void t_assert_pos(const aw_position *p, const char *expected);

/* splitmix64. */
uint64_t t_rand(uint64_t *state);

/* Whole contents of tests/data/NAME, NUL-terminated; caller frees. */
char *t_read_data(const char *name);

/* Whether the tests run under the sanitizers (slower: smaller workloads). */
int t_sanitized(void);

#endif
