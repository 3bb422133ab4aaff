/*
 * check.h - the invariants of src/front, asserted in the sanitizer and
 * debug builds (MODE=asan, MODE=debug, or any build with -DAW_CHECKS) and
 * compiled out of release builds, where the Makefile sets no NDEBUG:
 * FRONT_ASSERT aborts with the condition, the file and the line when it
 * is false. A condition must have no side effect: release builds do not
 * compile it; a value kept only for a check goes under #ifdef
 * FRONT_CHECKS.
 */
#ifndef AW_FRONT_CHECK_H
#define AW_FRONT_CHECK_H

#if defined(AW_CHECKS) || defined(AW_DEBUG) || defined(__SANITIZE_ADDRESS__)
#define FRONT_CHECKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FRONT_CHECKS 1
#endif
#endif

#ifdef FRONT_CHECKS
#include <stdio.h>
#include <stdlib.h>
#define FRONT_ASSERT(cond)                                                                        \
    ((cond) ? (void)0                                                                             \
            : (fprintf(stderr, "%s:%d: %s: invariant broken: %s\n", __FILE__, __LINE__, __func__, \
                       #cond),                                                                    \
               abort()))
#else
#define FRONT_ASSERT(cond) ((void)0)
#endif

#endif
