/*
 * sse_scale.c - libmicrohttpd alone under many suspended event streams, as
 * awale serve runs it (an internal polling thread per core with epoll, a
 * thread pool of 2, suspend and resume): GET / opens a stream of
 * Server-Sent Events whose connection is suspended while it has nothing
 * to send; every PERIOD ms a broadcaster resumes them all with one event
 * carrying the time it was sent (Unix ms). tests/load/sse_scale.mjs opens
 * thousands of such streams from many loopback addresses and measures when
 * each event arrives. `make bench-sse` builds and runs both.
 *
 *   sse_scale PORT MAX_CONNECTIONS PERIOD_MS
 */
#define _GNU_SOURCE
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

typedef struct reader {
    struct reader *next, *prev;
    struct MHD_Connection *conn;
    long sent;       /* the last event sent */
    bool suspended;  /* listed: waiting for the next event */
} reader;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static reader *waiting;
static long generation;
static double sent_ms;
static volatile sig_atomic_t quit;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void unlink_reader(reader *r)
{
    if (r->prev)
        r->prev->next = r->next;
    else
        waiting = r->next;
    if (r->next)
        r->next->prev = r->prev;
    r->next = r->prev = NULL;
    r->suspended = false;
}

static ssize_t read_events(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    reader *r = cls;
    pthread_mutex_lock(&lock);
    if (r->sent < generation) {
        r->sent = generation;
        const int n = snprintf(buf, max, "event: tick\ndata: {\"n\":%ld,\"t\":%.3f}\n\n", generation,
                               sent_ms);
        pthread_mutex_unlock(&lock);
        return n;
    }
    MHD_suspend_connection(r->conn);
    r->suspended = true;
    r->prev = NULL;
    r->next = waiting;
    if (waiting)
        waiting->prev = r;
    waiting = r;
    pthread_mutex_unlock(&lock);
    return 0;
}

static void free_reader(void *cls)
{
    reader *r = cls;
    pthread_mutex_lock(&lock);
    if (r->suspended)
        unlink_reader(r);
    pthread_mutex_unlock(&lock);
    free(r);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    (void)cls, (void)url, (void)method, (void)version, (void)upload, (void)upload_size;
    if (!*con_cls) {
        *con_cls = conn;
        return MHD_YES;
    }
    reader *r = calloc(1, sizeof *r);
    if (!r)
        return MHD_NO;
    r->conn = conn;
    pthread_mutex_lock(&lock);
    r->sent = generation; /* from the next event */
    pthread_mutex_unlock(&lock);
    struct MHD_Response *resp =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, read_events, r, free_reader);
    MHD_add_response_header(resp, "Content-Type", "text/event-stream");
    const enum MHD_Result ok = MHD_queue_response(conn, 200, resp);
    MHD_destroy_response(resp);
    return ok;
}

static void on_signal(int sig)
{
    (void)sig;
    quit = 1;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: sse_scale PORT MAX_CONNECTIONS PERIOD_MS\n");
        return 2;
    }
    const unsigned port = (unsigned)atoi(argv[1]), max = (unsigned)atoi(argv[2]);
    const long period = atol(argv[3]);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
            MHD_USE_ERROR_LOG,
        (uint16_t)port, NULL, NULL, on_request, NULL, MHD_OPTION_THREAD_POOL_SIZE, 2u,
        MHD_OPTION_CONNECTION_LIMIT, max, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u,
        MHD_OPTION_CONNECTION_TIMEOUT, 0u, MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "sse_scale: cannot start\n");
        return 1;
    }
    printf("listening on %u\n", port);
    fflush(stdout);
    while (!quit) {
        struct timespec ts = {period / 1000, (period % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        int resumed = 0;
        pthread_mutex_lock(&lock);
        generation++;
        sent_ms = now_ms();
        while (waiting) {
            reader *r = waiting;
            unlink_reader(r);
            MHD_resume_connection(r->conn);
            resumed++;
        }
        pthread_mutex_unlock(&lock);
        fprintf(stderr, "event %ld: %d streams resumed in %.2f ms\n", generation, resumed,
                now_ms() - sent_ms);
    }
    /* The library must not stop with suspended connections: resume all. */
    pthread_mutex_lock(&lock);
    generation++;
    while (waiting) {
        reader *r = waiting;
        unlink_reader(r);
        MHD_resume_connection(r->conn);
    }
    pthread_mutex_unlock(&lock);
    MHD_stop_daemon(d);
    return 0;
}
