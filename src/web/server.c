/*
 * server.c - HTTP for the web app with libmicrohttpd: a few polling threads
 * (epoll) that read requests, hand them to the router (routes.c) and send
 * the answers, with the headers every answer carries (exact content type,
 * content security policy, no caching of API answers).
 *
 * Nothing here waits: an answer the engine must think about is pending -
 * the connection is suspended and resumed by the worker that completes it;
 * an analysis stream suspends its connection whenever it has nothing to
 * send, and the next event resumes it. Ctrl-C stops taking connections,
 * lets the answers in flight complete (engine searches are cut short), ends
 * the streams, then stops.
 */
#include "web/web.h"

#include "web/app.h"
#include "web/games.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CSP                                                                                  \
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "        \
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "              \
    "form-action 'none'; frame-ancestors 'none'"

typedef struct server {
    web_app *app;
    const web_config *cfg;
    struct MHD_Daemon *daemon;
    atomic_int in_flight; /* requests begun and not completed */
    atomic_int suspended; /* connections waiting for a worker or an event */
} server;

/* One request's state across the calls of the access handler. */
typedef struct conn_ctx {
    server *srv;
    struct MHD_Connection *conn;
    char *body;
    size_t len, cap;
    bool too_large;
    web_pending *pending;   /* waiting for a worker */
    bool resumed;
    char method[16];
    int64_t start_ms;
} conn_ctx;

/* An analysis stream's reader. */
typedef struct stream_ctx {
    server *srv;
    struct MHD_Connection *conn;
    web_stream *stream;
} stream_ctx;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void add_common_headers(struct MHD_Response *resp, const web_reply *r)
{
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    MHD_add_response_header(resp, "Cross-Origin-Opener-Policy", "same-origin");
    MHD_add_response_header(resp, "Cross-Origin-Resource-Policy", "same-origin");
    MHD_add_response_header(resp, "Content-Security-Policy", CSP);
    if (r->type)
        MHD_add_response_header(resp, "Content-Type", r->type);
    if (r->is_static) {
        MHD_add_response_header(resp, "Cache-Control", "no-cache");
        if (r->etag)
            MHD_add_response_header(resp, "ETag", r->etag);
    } else {
        MHD_add_response_header(resp, "Cache-Control", "no-store");
    }
    if (r->allow)
        MHD_add_response_header(resp, "Allow", r->allow);
    if (r->retry_after > 0) {
        char s[16];
        snprintf(s, sizeof s, "%d", r->retry_after);
        MHD_add_response_header(resp, "Retry-After", s);
    }
    if (r->location[0])
        MHD_add_response_header(resp, "Location", r->location);
    if (r->disposition[0])
        MHD_add_response_header(resp, "Content-Disposition", r->disposition);
}

static void log_request(const conn_ctx *c, const char *url, int status)
{
    if (!c->srv->cfg->verbose)
        return;
    fprintf(stderr, "%s %s %d %lld ms\n", c->method, url, status,
            (long long)(web_now_ms() - c->start_ms));
}

static enum MHD_Result send_reply(conn_ctx *c, const char *url, web_reply *r)
{
    struct MHD_Response *resp;
    if (r->fixed)
        resp = MHD_create_response_from_buffer(r->len, (void *)r->fixed, MHD_RESPMEM_PERSISTENT);
    else
        resp = MHD_create_response_from_buffer(r->len, r->body ? r->body : (void *)"",
                                               MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return MHD_NO;
    add_common_headers(resp, r);
    log_request(c, url, r->status);
    const enum MHD_Result ok = MHD_queue_response(c->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

/* ------------------------------------------------------------ streams */

static void stream_wake(void *ctx)
{
    stream_ctx *sc = ctx;
    atomic_fetch_sub(&sc->srv->suspended, 1);
    MHD_resume_connection(sc->conn);
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream_ctx *sc = cls;
    bool ended;
    size_t n = web_stream_read(sc->stream, buf, max, &ended);
    if (n > 0)
        return (ssize_t)n;
    if (ended)
        return MHD_CONTENT_READER_END_OF_STREAM;
    /* Nothing to send: wait for the next event. */
    MHD_suspend_connection(sc->conn);
    atomic_fetch_add(&sc->srv->suspended, 1);
    if (!web_stream_arm(sc->stream, stream_wake, sc)) {
        atomic_fetch_sub(&sc->srv->suspended, 1);
        MHD_resume_connection(sc->conn);
    }
    return 0;
}

static void stream_free(void *cls)
{
    stream_ctx *sc = cls;
    web_app_stream_closed(sc->srv->app, sc->stream);
    free(sc);
}

/* ------------------------------------------------------------ requests */

static void pending_wake(void *ctx)
{
    conn_ctx *c = ctx;
    atomic_fetch_sub(&c->srv->suspended, 1);
    c->resumed = true;
    MHD_resume_connection(c->conn);
}

typedef struct query_fill {
    web_request *req;
} query_fill;

static enum MHD_Result collect_query(void *cls, enum MHD_ValueKind kind, const char *key,
                                     const char *value)
{
    (void)kind;
    web_request *req = cls;
    if (req->nquery >= WEB_MAX_QUERY) {
        req->query_overflow = true;
        return MHD_NO;
    }
    req->query[req->nquery].key = key ? key : "";
    req->query[req->nquery].value = value;
    req->nquery++;
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    (void)version;
    server *srv = cls;
    conn_ctx *c = *con_cls;
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c)
            return MHD_NO;
        c->srv = srv;
        c->conn = conn;
        c->start_ms = web_now_ms();
        snprintf(c->method, sizeof c->method, "%s", method);
        *con_cls = c;
        atomic_fetch_add(&srv->in_flight, 1);
        /* A declared length over the limit is refused without reading it. */
        const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > srv->cfg->max_body)
            c->too_large = true;
        return MHD_YES;
    }
    if (c->pending) {
        /* Resumed: the worker's answer is there. */
        const enum MHD_Result ok = send_reply(c, url, &c->pending->reply);
        web_pending_release(c->pending);
        c->pending = NULL;
        return ok;
    }
    if (*upload_size > 0) {
        if (!c->too_large) {
            if (c->len + *upload_size > srv->cfg->max_body) {
                c->too_large = true;
                free(c->body);
                c->body = NULL;
                c->len = c->cap = 0;
            } else {
                if (c->len + *upload_size + 1 > c->cap) {
                    size_t cap = c->cap ? c->cap : 1024;
                    while (cap < c->len + *upload_size + 1)
                        cap *= 2;
                    char *b = realloc(c->body, cap);
                    if (!b)
                        return MHD_NO;
                    c->body = b;
                    c->cap = cap;
                }
                memcpy(c->body + c->len, upload, *upload_size);
                c->len += *upload_size;
                c->body[c->len] = 0;
            }
        }
        *upload_size = 0;
        return MHD_YES;
    }

    web_request req;
    memset(&req, 0, sizeof req);
    req.method = method;
    req.path = url;
    req.body = c->body;
    req.body_len = c->len;
    req.body_too_large = c->too_large;
    req.content_type = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Type");
    req.host = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host");
    req.origin = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Origin");
    req.if_none_match = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "If-None-Match");
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_query, &req);

    web_reply reply;
    web_pending *pending;
    web_stream *stream;
    const web_outcome out = web_route(srv->app, &req, &reply, &pending, &stream);
    if (out == WEB_PENDING) {
        c->pending = pending;
        MHD_suspend_connection(conn);
        atomic_fetch_add(&srv->suspended, 1);
        if (web_pending_arm(pending, pending_wake, c)) {
            atomic_fetch_sub(&srv->suspended, 1);
            MHD_resume_connection(conn);
        }
        return MHD_YES;
    }
    if (out == WEB_STREAM) {
        stream_ctx *sc = calloc(1, sizeof *sc);
        struct MHD_Response *resp =
            sc ? MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, sc,
                                                   stream_free)
               : NULL;
        if (!resp) {
            free(sc);
            web_app_stream_closed(srv->app, stream);
            return MHD_NO;
        }
        sc->srv = srv;
        sc->conn = conn;
        sc->stream = stream;
        add_common_headers(resp, &reply);
        MHD_add_response_header(resp, "X-Accel-Buffering", "no");
        log_request(c, url, 200);
        const enum MHD_Result ok = MHD_queue_response(conn, 200, resp);
        MHD_destroy_response(resp);
        return ok;
    }
    const enum MHD_Result ok = send_reply(c, url, &reply);
    web_reply_free(&reply);
    return ok;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode why)
{
    (void)conn;
    (void)why;
    server *srv = cls;
    conn_ctx *c = *con_cls;
    if (!c)
        return;
    if (c->pending)
        web_pending_release(c->pending);
    free(c->body);
    free(c);
    *con_cls = NULL;
    atomic_fetch_sub(&srv->in_flight, 1);
}

static void on_mhd_log(void *cls, const char *fmt, va_list ap)
{
    const server *srv = cls;
    if (!srv->cfg->verbose)
        return;
    fputs("awale serve: ", stderr);
    vfprintf(stderr, fmt, ap);
}

/* ------------------------------------------------------------ serving */

static bool is_loopback(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
    if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        return IN6_IS_ADDR_LOOPBACK(a);
    }
    return false;
}

static void open_browser(const char *url)
{
    /* xdg-open when present, without a shell. */
    const char *dirs = getenv("PATH");
    char path[4096];
    bool found = false;
    for (const char *d = dirs ? dirs : "/usr/bin:/bin"; *d && !found;) {
        const char *colon = strchr(d, ':');
        const size_t n = colon ? (size_t)(colon - d) : strlen(d);
        snprintf(path, sizeof path, "%.*s/xdg-open", (int)n, d);
        found = access(path, X_OK) == 0;
        d += n + (colon ? 1 : 0);
    }
    if (!found) {
        fprintf(stderr, "awale serve: --open: xdg-open is not installed; open %s yourself\n", url);
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        execl(path, "xdg-open", url, (char *)NULL);
        _exit(127);
    }
}

int web_serve(const web_config *cfg, const char *listen_name)
{
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char port[16];
    snprintf(port, sizeof port, "%d", cfg->port);
    int rc = getaddrinfo(cfg->host, port, &hints, &ai);
    if (rc || !ai) {
        fprintf(stderr, "awale serve: --host %s: %s\n", cfg->host, gai_strerror(rc));
        return 1;
    }
    web_config c = *cfg;
    c.any_host = !is_loopback(ai->ai_addr);
    if (c.any_host)
        fprintf(stderr,
                "awale serve: warning: listening on %s, not on the loopback address: anyone who "
                "can reach this machine can use the server (there is no login)\n",
                cfg->host);
    char err[256];
    server srv;
    memset(&srv, 0, sizeof srv);
    srv.cfg = &c;
    atomic_init(&srv.in_flight, 0);
    atomic_init(&srv.suspended, 0);
    if (!(srv.app = web_app_new(&c, err, sizeof err))) {
        freeaddrinfo(ai);
        fprintf(stderr, "awale serve: %s\n", err);
        return 1;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ERROR_LOG;
    if (ai->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    srv.daemon = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, on_request, &srv, MHD_OPTION_SOCK_ADDR,
        ai->ai_addr, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)2, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)256, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120, MHD_OPTION_NOTIFY_COMPLETED,
        on_completed, &srv, MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, &srv,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned)1, MHD_OPTION_END);
    if (!srv.daemon) {
        const int e = errno;
        fprintf(stderr, "awale serve: cannot listen on %s port %d%s%s\n", cfg->host, cfg->port,
                e ? ": " : "", e ? strerror(e) : "");
        freeaddrinfo(ai);
        web_app_free(srv.app);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(srv.daemon, MHD_DAEMON_INFO_BIND_PORT);
    const int bound = info ? info->port : cfg->port;
    char url[300];
    if (ai->ai_family == AF_INET6)
        snprintf(url, sizeof url, "http://[%s]:%d/", listen_name ? listen_name : cfg->host, bound);
    else
        snprintf(url, sizeof url, "http://%s:%d/", listen_name ? listen_name : cfg->host, bound);
    freeaddrinfo(ai);

    struct sigaction sa, old_int, old_term, old_pipe;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old_pipe);

    printf("awale %s serving on %s  (Ctrl-C stops)\n", AW_VERSION, url);
    fflush(stdout);
    if (cfg->open_browser)
        open_browser(url);

    while (!interrupted) {
        struct timespec ts = {0, 200 * 1000000};
        nanosleep(&ts, NULL);
        static int ticks;
        if (++ticks % 5 == 0)
            web_app_tick(srv.app);
        while (waitpid(-1, NULL, WNOHANG) > 0) { /* xdg-open */
        }
    }

    /* Stop: no new connections; answers in flight complete (searches are
     * cut short), streams end; then the threads stop. */
    fprintf(stderr, "awale serve: stopping...\n");
    MHD_socket listen_fd = MHD_quiesce_daemon(srv.daemon);
    web_app_stop(srv.app);
    /* Requests in flight: those being answered, waiting for a worker, or
     * streaming (ended by web_app_stop). Idle keep-alive connections hold
     * none. */
    const int64_t deadline = web_now_ms() + 10000;
    while (atomic_load(&srv.in_flight) > 0 && web_now_ms() < deadline) {
        struct timespec ts = {0, 20 * 1000000};
        nanosleep(&ts, NULL);
    }
    if (atomic_load(&srv.suspended) > 0) {
        /* The library must not stop with connections it suspended: leave
         * the rest to the end of the process. */
        fprintf(stderr, "awale serve: %d answers still pending after 10 s; exiting\n",
                atomic_load(&srv.suspended));
        return 0;
    }
    MHD_stop_daemon(srv.daemon);
    if (listen_fd != MHD_INVALID_SOCKET)
        close(listen_fd);
    web_app_free(srv.app);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);
    fprintf(stderr, "awale serve: stopped\n");
    return 0;
}
