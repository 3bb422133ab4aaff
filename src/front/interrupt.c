/*
 * interrupt.c - the one Ctrl-C flag and handler of the front ends (see
 * interrupt.h). The flag is a lock-free atomic, so that the handler may set
 * it and any thread read it; the hook is read by the handler, so it is an
 * atomic pointer too.
 */
#include "front/interrupt.h"

#include <stdatomic.h>
#include <string.h>

static atomic_bool flag;
static _Atomic(interrupt_hook) hook;

static void on_signal(int sig)
{
    (void)sig;
    atomic_store(&flag, true);
    const interrupt_hook h = atomic_load(&hook);
    if (h)
        h();
}

void interrupt_catch(interrupt_guard *g, int flags, interrupt_hook h)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = (flags & INTERRUPT_RESTART ? SA_RESTART : 0) |
                  (flags & INTERRUPT_ONCE ? SA_RESETHAND : 0);
    sigemptyset(&sa.sa_mask);
    g->flags = flags;
    g->old_hook = atomic_exchange(&hook, h);
    atomic_store(&flag, false);
    sigaction(SIGINT, &sa, &g->old_int);
    if (flags & INTERRUPT_TERM)
        sigaction(SIGTERM, &sa, &g->old_term);
}

void interrupt_release(interrupt_guard *g)
{
    sigaction(SIGINT, &g->old_int, NULL);
    if (g->flags & INTERRUPT_TERM)
        sigaction(SIGTERM, &g->old_term, NULL);
    atomic_store(&hook, g->old_hook);
}

bool interrupt_caught(void) { return atomic_load(&flag); }

void interrupt_raise(void) { atomic_store(&flag, true); }

void interrupt_clear(void) { atomic_store(&flag, false); }
