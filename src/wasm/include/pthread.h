/*
 * pthread.h - threads for the WebAssembly build (make web-static), which has
 * none: wasi-libc of Debian 12 ships no pthread.h. The engine runs in one
 * Web Worker on one thread, so a mutex is a flag nobody else can hold, a
 * condition variable is never waited on with someone to signal it, and a
 * thread cannot be made (pthread_create fails: every caller already handles
 * that, the engine with one thread, the table build with none).
 *
 * Every function is static inline: the shim has no object file of its own.
 */
#ifndef AW_WASM_PTHREAD_H
#define AW_WASM_PTHREAD_H

#include <errno.h>
#include <time.h>

/* The types of wasi-libc (musl's), so that <sys/types.h> agrees. */
#define __NEED_pthread_t
#define __NEED_pthread_once_t
#define __NEED_pthread_attr_t
#define __NEED_pthread_mutex_t
#define __NEED_pthread_cond_t
#define __NEED_pthread_mutexattr_t
#define __NEED_pthread_condattr_t
#include <bits/alltypes.h>

#define PTHREAD_MUTEX_INITIALIZER {{{0}}}
#define PTHREAD_COND_INITIALIZER {{{0}}}
#define PTHREAD_ONCE_INIT 0

static inline int pthread_create(pthread_t *t, const pthread_attr_t *attr,
                                 void *(*run)(void *), void *arg)
{
    (void)t, (void)attr, (void)run, (void)arg;
    return EAGAIN;
}
static inline int pthread_join(pthread_t t, void **ret)
{
    (void)t, (void)ret;
    return ESRCH;
}
static inline int pthread_detach(pthread_t t)
{
    (void)t;
    return ESRCH;
}
static inline pthread_t pthread_self(void) { return 1; }

static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    (void)m, (void)attr;
    return 0;
}
static inline int pthread_mutex_destroy(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}
static inline int pthread_mutex_lock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}
static inline int pthread_mutex_trylock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}
static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}

static inline int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
    (void)c, (void)attr;
    return 0;
}
static inline int pthread_cond_destroy(pthread_cond_t *c)
{
    (void)c;
    return 0;
}
static inline int pthread_cond_signal(pthread_cond_t *c)
{
    (void)c;
    return 0;
}
static inline int pthread_cond_broadcast(pthread_cond_t *c)
{
    (void)c;
    return 0;
}
/* Nobody else can signal: a wait would never end. Callers wait in loops
 * on a condition that, with one thread, is already true or never will be;
 * a plain wait returns at once, a timed one says it timed out. */
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    (void)c, (void)m;
    return 0;
}
static inline int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                         const struct timespec *until)
{
    (void)c, (void)m, (void)until;
    return ETIMEDOUT;
}

static inline int pthread_once(pthread_once_t *once, void (*run)(void))
{
    if (!*once) {
        *once = 1;
        run();
    }
    return 0;
}

#endif
