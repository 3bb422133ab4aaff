/*
 * proc.h - a child process spoken to through pipes, line by line, where no
 * call can block for longer than its deadline: the match runner's way of
 * running engines that may crash, hang or write garbage.
 */
#ifndef AW_PROC_H
#define AW_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PROC_LINE_MAX 65536

typedef struct proc {
    pid_t pid;       /* 0: not running                                    */
    int to_child;    /* its standard input (non-blocking), -1 when closed */
    int from_child;  /* its standard output (non-blocking)                */
    char *buf;       /* bytes read and not yet returned as lines          */
    size_t len;
    bool eof;        /* its output is closed                              */
    bool discarding; /* inside an over-long line                          */
    bool exited;     /* it has ended (seen, not yet reaped)                */
    int exit_code;   /* its status when it exited, else -1                 */
    int exit_signal; /* the signal that killed it, else 0                  */
    bool reaped;
} proc;

/* Milliseconds of a monotonic clock. */
int64_t proc_now_ms(void);

/* Start argv[0] (searched in PATH when it has no '/') with argv, in
 * directory `dir` (NULL: ours), in its own process group, its standard
 * error to ours or to /dev/null. Returns 0, or -1 with a message when it
 * cannot be run (not found, not executable, bad directory). */
int proc_spawn(proc *p, char *const argv[], const char *dir, bool keep_stderr, char *err,
               size_t errsize);

/* Outcomes of the calls that wait. */
enum { PROC_OK = 0, PROC_TIMEOUT = -1, PROC_CLOSED = -2, PROC_CANCELLED = -3 };

/* Write `text` whole before `deadline` (proc_now_ms scale). cancel_fd (-1:
 * none) readable means give up. */
int proc_write(proc *p, const char *text, int64_t deadline, int cancel_fd);

/* The next line of output (without its newline; over-long lines are cut at
 * PROC_LINE_MAX - 1 bytes) before `deadline`. */
int proc_read_line(proc *p, char *line, size_t size, int64_t deadline, int cancel_fd);

/* Whether the child has exited (it is reaped by proc_stop only). */
bool proc_exited(proc *p);

/* "exited with status 3", "killed by signal 11 (Segmentation fault)",
 * "running". */
const char *proc_describe(proc *p, char *buf, size_t size);

/* Close its input, give it `grace_ms` to exit, then kill its whole process
 * group and reap it. Safe on a proc that is not running. */
void proc_stop(proc *p, int grace_ms);

#endif
