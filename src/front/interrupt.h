/*
 * interrupt.h - Ctrl-C for the front ends: one flag and one handler, so that
 * every command, the full screen, the web server and the match runner stop
 * the same way.
 *
 * interrupt_catch installs the handler for SIGINT (and SIGTERM with
 * INTERRUPT_TERM) and lowers the flag; interrupt_release puts back what was
 * there before. The handler raises the flag, then calls the hook given to
 * interrupt_catch, if any: the hook runs inside the signal handler and may
 * do only what a handler may (aw_search_stop, session_stop, a write to a
 * pipe, setting a sig_atomic_t). The flag is atomic: any thread may read it.
 * Without INTERRUPT_RESTART a blocking read or wait returns with EINTR (the
 * line mode waits in one); with it, system calls go on as after signal().
 */
#ifndef AW_INTERRUPT_H
#define AW_INTERRUPT_H

#include <signal.h>
#include <stdbool.h>

enum {
    INTERRUPT_TERM = 1,    /* SIGTERM too (mpirun, kill)                     */
    INTERRUPT_RESTART = 2, /* SA_RESTART                                     */
    INTERRUPT_ONCE = 4,    /* SA_RESETHAND: a second Ctrl-C kills            */
};

typedef void (*interrupt_hook)(void);

/* What interrupt_catch replaced, for interrupt_release. */
typedef struct interrupt_guard {
    struct sigaction old_int, old_term;
    interrupt_hook old_hook;
    int flags;
} interrupt_guard;

void interrupt_catch(interrupt_guard *g, int flags, interrupt_hook hook);
void interrupt_release(interrupt_guard *g);

/* Whether Ctrl-C came since the catch (or since interrupt_clear). */
bool interrupt_caught(void);
/* Raise the flag as Ctrl-C would (a command that must stop everything). */
void interrupt_raise(void);
void interrupt_clear(void);

#endif
