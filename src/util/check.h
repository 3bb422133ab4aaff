/*
 * check.h - invariants checked, not only written: AW_ASSERT(cond) aborts
 * with the condition, file and line when cond is false, in the builds that
 * define AW_CHECKS (MODE=asan and MODE=debug: the sanitizer pass of
 * `make test` runs with them), and costs nothing otherwise (the condition
 * is not even compiled: a value kept only for a check is declared under
 * #if defined(AW_CHECKS)). For the invariants the comments state: seed
 * totals, index ranges, reference counts. Any room may include it
 * (src/util: C library only).
 */
#ifndef AW_CHECK_H
#define AW_CHECK_H

#if defined(AW_CHECKS)
#include <stdio.h>
#include <stdlib.h>

static inline void aw_check_failed(const char *cond, const char *file, int line, const char *func)
{
    fprintf(stderr, "%s:%d: %s: invariant failed: %s\n", file, line, func, cond);
    abort();
}
#define AW_ASSERT(cond) ((cond) ? (void)0 : aw_check_failed(#cond, __FILE__, __LINE__, __func__))
#else
#define AW_ASSERT(cond) ((void)0)
#endif

#endif
