/*
 * proc.c - child processes behind pipes, with deadlines on every wait (see
 * proc.h). The ideas that keep a broken child from hanging the runner:
 * - both pipes are non-blocking and every wait is a poll() with a timeout,
 *   which also watches a cancel descriptor (Ctrl-C);
 * - the child runs in its own process group, so killing the group also
 *   kills what a script started (a `sleep` holding the pipe open);
 * - a close-on-exec pipe reports a failed exec, so "command not found" is a
 *   clear message instead of a child that exits at once;
 * - pipes are created and the child forked under one lock with close-on-exec
 *   set, so concurrent spawns never leak each other's pipe ends (a leaked
 *   write end would hide an engine's crash from its reader).
 * The runner ignores SIGPIPE; a write to a dead child fails with EPIPE.
 */
#include "match/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

int64_t proc_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int cloexec_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static void set_nonblock(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

/* The file to execute for `name`: itself when it holds a '/', else the
 * first executable match in PATH. */
static char *resolve(const char *name)
{
    if (strchr(name, '/'))
        return strdup(name);
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    size_t nlen = strlen(name);
    for (const char *p = path;;) {
        const char *e = strchr(p, ':');
        size_t dlen = e ? (size_t)(e - p) : strlen(p);
        char *full = malloc(dlen + nlen + 3);
        if (!full)
            return NULL;
        snprintf(full, dlen + nlen + 3, "%.*s%s%s", (int)dlen, p, dlen ? "/" : "./", name);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0)
            return full;
        free(full);
        if (!e)
            return NULL;
        p = e + 1;
    }
}

int proc_spawn(proc *p, char *const argv[], const char *dir, bool keep_stderr, char *err,
               size_t errsize)
{
    memset(p, 0, sizeof *p);
    p->to_child = p->from_child = -1;
    char *file = resolve(argv[0]);
    if (!file) {
        snprintf(err, errsize, "cannot run '%s': command not found", argv[0]);
        return -1;
    }
    p->buf = malloc(PROC_LINE_MAX);
    if (!p->buf) {
        free(file);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    int in[2], out[2], report[2];
    pthread_mutex_lock(&spawn_lock);
    if (cloexec_pipe(in)) {
        pthread_mutex_unlock(&spawn_lock);
        goto pipe_fail;
    }
    if (cloexec_pipe(out)) {
        close(in[0]);
        close(in[1]);
        pthread_mutex_unlock(&spawn_lock);
        goto pipe_fail;
    }
    if (cloexec_pipe(report)) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        pthread_mutex_unlock(&spawn_lock);
        goto pipe_fail;
    }
    int devnull = keep_stderr ? -1 : open("/dev/null", O_WRONLY | O_CLOEXEC);
    pid_t pid = fork();
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. */
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || (devnull >= 0 && dup2(devnull, 2) < 0))
            goto child_fail;
        if (dir && chdir(dir) != 0)
            goto child_fail;
        execv(file, argv);
    child_fail:;
        int e = errno;
        ssize_t w = write(report[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    int fork_errno = errno;
    close(in[0]);
    close(out[1]);
    close(report[1]);
    if (devnull >= 0)
        close(devnull);
    pthread_mutex_unlock(&spawn_lock);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        close(report[0]);
        snprintf(err, errsize, "cannot start '%s': %s", argv[0], strerror(fork_errno));
        free(file);
        free(p->buf);
        p->buf = NULL;
        return -1;
    }
    setpgid(pid, pid); /* also here, so the group exists before we signal it */
    int child_errno = 0;
    ssize_t got;
    do
        got = read(report[0], &child_errno, sizeof child_errno);
    while (got < 0 && errno == EINTR);
    close(report[0]);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    if (got == (ssize_t)sizeof child_errno) {
        if (dir && child_errno)
            snprintf(err, errsize, "cannot run '%s' in directory '%s': %s", argv[0], dir,
                     strerror(child_errno));
        else
            snprintf(err, errsize, "cannot run '%s': %s", file, strerror(child_errno));
        proc_stop(p, 0);
        free(file);
        return -1;
    }
    free(file);
    set_nonblock(p->to_child);
    set_nonblock(p->from_child);
    return 0;

pipe_fail:
    snprintf(err, errsize, "cannot create pipes: %s", strerror(errno));
    free(file);
    free(p->buf);
    p->buf = NULL;
    return -1;
}

/* Wait until fd is ready for `events`, the deadline passes or cancel_fd is
 * readable. */
static int wait_fd(int fd, short events, int64_t deadline, int cancel_fd)
{
    for (;;) {
        int64_t left = deadline - proc_now_ms();
        if (left < 0)
            left = 0;
        struct pollfd fds[2] = {{.fd = fd, .events = events}, {.fd = cancel_fd, .events = POLLIN}};
        int n = poll(fds, cancel_fd >= 0 ? 2 : 1, (int)(left > 1000000 ? 1000000 : left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return PROC_CLOSED;
        if (cancel_fd >= 0 && (fds[1].revents & POLLIN))
            return PROC_CANCELLED;
        if (n > 0 && fds[0].revents)
            return PROC_OK;
        if (proc_now_ms() >= deadline)
            return PROC_TIMEOUT;
    }
}

int proc_write(proc *p, const char *text, int64_t deadline, int cancel_fd)
{
    if (p->pid == 0 || p->to_child < 0)
        return PROC_CLOSED;
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t w = write(p->to_child, text, left);
        if (w > 0) {
            text += w;
            left -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            int rc = wait_fd(p->to_child, POLLOUT, deadline, cancel_fd);
            if (rc != PROC_OK)
                return rc;
            continue;
        }
        return PROC_CLOSED; /* EPIPE: it has gone */
    }
    return PROC_OK;
}

/* A complete line in the buffer: move it out. */
static bool take_line(proc *p, char *line, size_t size)
{
    char *nl = memchr(p->buf, '\n', p->len);
    if (!nl && p->len < PROC_LINE_MAX - 1 && !(p->eof && p->len > 0))
        return false;
    size_t n = nl ? (size_t)(nl - p->buf) : p->len;
    size_t used = nl ? n + 1 : n;
    bool was_discarding = p->discarding;
    p->discarding = !nl && !p->eof; /* cut an over-long line: skip its rest */
    if (n && p->buf[n - 1] == '\r')
        n--;
    size_t k = n < size - 1 ? n : size - 1;
    memcpy(line, p->buf, k);
    line[k] = 0;
    memmove(p->buf, p->buf + used, p->len - used);
    p->len -= used;
    if (was_discarding) /* the tail of a line already returned */
        return take_line(p, line, size);
    return true;
}

int proc_read_line(proc *p, char *line, size_t size, int64_t deadline, int cancel_fd)
{
    if (!p->buf)
        return PROC_CLOSED;
    for (;;) {
        if (take_line(p, line, size))
            return PROC_OK;
        if (p->eof)
            return PROC_CLOSED;
        ssize_t r = read(p->from_child, p->buf + p->len, PROC_LINE_MAX - 1 - p->len);
        if (r > 0) {
            p->len += (size_t)r;
            continue;
        }
        if (r == 0) {
            p->eof = true;
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            p->eof = true;
            continue;
        }
        int rc = wait_fd(p->from_child, POLLIN, deadline, cancel_fd);
        if (rc != PROC_OK)
            return rc;
    }
}

/* Look at the child without reaping it (WNOWAIT): until proc_stop reaps
 * it, its pid and process group id cannot be reused, so signalling the
 * group is always safe. */
bool proc_exited(proc *p)
{
    if (p->pid == 0 || p->reaped || p->exited)
        return true;
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid != p->pid)
        return false;
    p->exited = true;
    p->exit_code = info.si_code == CLD_EXITED ? info.si_status : -1;
    p->exit_signal = info.si_code == CLD_EXITED ? 0 : info.si_status;
    return true;
}

const char *proc_describe(proc *p, char *buf, size_t size)
{
    if (!proc_exited(p))
        snprintf(buf, size, "running");
    else if (p->exit_signal)
        snprintf(buf, size, "killed by signal %d (%s)", p->exit_signal, strsignal(p->exit_signal));
    else if (p->exit_code >= 0)
        snprintf(buf, size, "exited with status %d", p->exit_code);
    else
        snprintf(buf, size, "ended");
    return buf;
}

void proc_stop(proc *p, int grace_ms)
{
    if (p->to_child >= 0) {
        close(p->to_child);
        p->to_child = -1;
    }
    if (p->pid > 0 && !p->reaped) {
        int64_t until = proc_now_ms() + grace_ms;
        while (!proc_exited(p) && proc_now_ms() < until) {
            struct timespec ts = {0, 2000000};
            nanosleep(&ts, NULL);
        }
        bool gone = proc_exited(p);
        kill(-p->pid, SIGKILL); /* the group: whatever it started too */
        if (!gone)
            kill(p->pid, SIGKILL);
        int st;
        while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR) {
        }
        if (!gone) {
            p->exited = true;
            p->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            p->exit_signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
        }
        p->reaped = true;
    }
    if (p->from_child >= 0) {
        close(p->from_child);
        p->from_child = -1;
    }
    free(p->buf);
    p->buf = NULL;
    p->len = 0;
    p->eof = true;
}
