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
 *
 * What one client (an address) may hold is bounded here: its connections
 * (the library's per-address limit), the time its request takes to arrive
 * (a watchdog shuts down a connection whose headers and body are not there
 * in time: the library's own timeout restarts at every byte, so a client
 * that trickles a header line an idle period holds its connection for
 * ever), and an analysis stream whose reader hung up is ended at the next
 * tick (the library does not watch a suspended connection). The listening
 * socket is this file's: a port in use is an error, never shared. So are
 * the connections of all clients (--max-connections, with the limit of
 * open files raised at the start) and the start's words (announce.c says
 * the addresses other devices can open).
 */
#define _GNU_SOURCE /* POLLRDHUP, TCP_USER_TIMEOUT, SOCK_CLOEXEC */
#include "web/web.h"

#include "front/i18n.h"
#include "front/interrupt.h"
#include "web/announce.h"
#include "web/app.h"
#include "web/games.h"
#include "web/internal.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CSP                                                                                  \
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "        \
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "              \
    "form-action 'none'; frame-ancestors 'none'"

struct stream_ctx;

/* A connection, from its accept to its close (the library's socket
 * context): what the watchdog needs. Under the server's track_lock; the
 * library closes the socket only after telling us (NOTIFY_CLOSED), so the
 * descriptor is valid while the entry is listed. */
typedef struct conn_track {
    struct conn_track *prev, *next;
    MHD_socket fd;
    int64_t since_ms;         /* reading a request (or idle) since */
    bool reading;             /* no complete request yet: headers or body to come */
    bool cut;                 /* shut down by the watchdog */
    struct stream_ctx *stream; /* the analysis stream it carries, if any */
    char client[WEB_CLIENT_MAX];
} conn_track;

typedef struct server {
    web_app *app;
    const web_config *cfg;
    struct MHD_Daemon *daemon;
    atomic_int in_flight; /* requests begun and not completed */
    atomic_int suspended; /* connections waiting for a worker or an event */
    pthread_mutex_t track_lock;
    conn_track *tracks;
    /* The watchdog's (main thread's) arrays for one poll() over every
     * stream's connection. */
    struct pollfd *pfds;
    conn_track **ptracks;
    size_t pcap;
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
    bool answered;          /* refused before its body was read */
    char method[16];
    int64_t start_ms;
    conn_track *track;      /* NULL: not tracked (out of memory) */
    char client[WEB_CLIENT_MAX];
} conn_ctx;

/* An analysis stream's reader. */
typedef struct stream_ctx {
    server *srv;
    struct MHD_Connection *conn;
    web_stream *stream;
    conn_track *track;      /* under track_lock; NULL once the connection closed */
    char client[WEB_CLIENT_MAX];
} stream_ctx;

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
    server *srv = sc->srv;
    pthread_mutex_lock(&srv->track_lock);
    if (sc->track)
        sc->track->stream = NULL;
    pthread_mutex_unlock(&srv->track_lock);
    web_app_stream_closed(srv->app, sc->stream);
    free(sc);
}

/* ------------------------------------------------------ connections */

/* The client's address as text; an IPv4 address seen through an IPv6
 * socket (::ffff:a.b.c.d) as the IPv4 one. */
static void client_text(const struct sockaddr *sa, char *out, size_t size)
{
    out[0] = 0;
    if (!sa)
        return;
    if (sa->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out, (socklen_t)size);
    } else if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(a))
            inet_ntop(AF_INET, &a->s6_addr[12], out, (socklen_t)size);
        else
            inet_ntop(AF_INET6, a, out, (socklen_t)size);
    }
}

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    server *srv = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        conn_track *t = calloc(1, sizeof *t);
        *socket_context = t;
        if (!t)
            return; /* not watched */
        const union MHD_ConnectionInfo *fi =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *ai =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        t->fd = fi ? fi->connect_fd : MHD_INVALID_SOCKET;
        client_text(ai ? ai->client_addr : NULL, t->client, sizeof t->client);
        t->reading = true;
        t->since_ms = web_now_ms();
#ifdef TCP_USER_TIMEOUT
        /* Data the client does not take (a reader gone without a word, or
         * one that never reads once its window is full) ends the
         * connection after the request timeout. */
        if (t->fd != MHD_INVALID_SOCKET) {
            const unsigned ms = (unsigned)srv->cfg->request_timeout_s * 1000u;
            setsockopt(t->fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &ms, sizeof ms);
        }
#endif
        pthread_mutex_lock(&srv->track_lock);
        t->next = srv->tracks;
        if (srv->tracks)
            srv->tracks->prev = t;
        srv->tracks = t;
        pthread_mutex_unlock(&srv->track_lock);
    } else if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        conn_track *t = *socket_context;
        if (!t)
            return;
        pthread_mutex_lock(&srv->track_lock);
        if (t->prev)
            t->prev->next = t->next;
        else
            srv->tracks = t->next;
        if (t->next)
            t->next->prev = t->prev;
        if (t->stream)
            t->stream->track = NULL;
        pthread_mutex_unlock(&srv->track_lock);
        free(t);
        *socket_context = NULL;
    }
}

/* Mark a connection's request as whole (reading false) or the connection
 * as waiting for the next one (reading true, from now). */
static void track_reading(server *srv, conn_track *t, bool reading)
{
    if (!t)
        return;
    pthread_mutex_lock(&srv->track_lock);
    t->reading = reading;
    t->since_ms = web_now_ms();
    pthread_mutex_unlock(&srv->track_lock);
}

/* The watchdog (the main thread, every tick): a connection whose request
 * has not arrived whole within the request timeout (headers trickled, a
 * body that does not come, an idle keep-alive) is shut down, and the
 * library closes it; an analysis stream whose reader hung up is ended. */
static void watch_connections(server *srv)
{
    const int64_t now = web_now_ms();
    const int64_t limit = (int64_t)srv->cfg->request_timeout_s * 1000;
    pthread_mutex_lock(&srv->track_lock);
    size_t n = 0;
    for (conn_track *t = srv->tracks; t; t = t->next) {
        if (t->cut || t->fd == MHD_INVALID_SOCKET)
            continue;
        if (t->reading && now - t->since_ms > limit) {
            t->cut = true;
            shutdown(t->fd, SHUT_RDWR);
        } else if (t->stream) {
            if (n == srv->pcap) { /* grow (out of memory: the rest waits) */
                const size_t cap = srv->pcap ? 2 * srv->pcap : 256;
                struct pollfd *p = realloc(srv->pfds, cap * sizeof *p);
                if (p)
                    srv->pfds = p;
                conn_track **q = p ? realloc(srv->ptracks, cap * sizeof *q) : NULL;
                if (q)
                    srv->ptracks = q;
                if (!p || !q)
                    continue;
                srv->pcap = cap;
            }
            srv->pfds[n] = (struct pollfd){t->fd, POLLRDHUP, 0};
            srv->ptracks[n++] = t;
        }
    }
    /* An event-stream reader sends nothing after its request: a hang-up
     * (or a half close) means it is gone. One poll() for all: thousands
     * of streams cost one system call a tick. */
    if (n > 0 && poll(srv->pfds, (nfds_t)n, 0) > 0) {
        for (size_t i = 0; i < n; i++) {
            if (!(srv->pfds[i].revents & (POLLRDHUP | POLLHUP | POLLERR)))
                continue;
            conn_track *t = srv->ptracks[i];
            t->cut = true;
            shutdown(t->fd, SHUT_RDWR);
            web_stream_end(t->stream->stream); /* wakes its connection */
        }
    }
    pthread_mutex_unlock(&srv->track_lock);
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
        const union MHD_ConnectionInfo *si =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
        c->track = si ? si->socket_context : NULL;
        if (c->track) {
            memcpy(c->client, c->track->client, sizeof c->client);
        } else {
            const union MHD_ConnectionInfo *ai =
                MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
            client_text(ai ? ai->client_addr : NULL, c->client, sizeof c->client);
        }
        *con_cls = c;
        atomic_fetch_add(&srv->in_flight, 1);
        /* A declared length over the limit is refused without reading it:
         * answered now, before the body (and before "100 Continue" to a
         * client that waits for it); the library then closes the
         * connection. */
        const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > srv->cfg->max_body) {
            web_reply r;
            memset(&r, 0, sizeof r);
            web_reply_error(&r, 413, "the request body is larger than %zu bytes",
                            srv->cfg->max_body);
            c->answered = true;
            track_reading(srv, c->track, false);
            const enum MHD_Result ok = send_reply(c, url, &r);
            web_reply_free(&r);
            return ok;
        }
        return MHD_YES;
    }
    if (c->answered) { /* the library goes on with a refused request: nothing to do */
        *upload_size = 0;
        return MHD_YES;
    }
    if (c->pending) {
        /* Resumed: the worker's answer is there, or the answer of a second
         * job it handed on (a record imported, then the computer's first
         * move): wait for that one in turn. */
        web_pending *next = c->pending->next;
        if (next) {
            c->pending->next = NULL;
            web_pending_release(c->pending);
            c->pending = next;
            MHD_suspend_connection(conn);
            atomic_fetch_add(&srv->suspended, 1);
            if (web_pending_arm(next, pending_wake, c)) {
                atomic_fetch_sub(&srv->suspended, 1);
                MHD_resume_connection(conn);
            }
            return MHD_YES;
        }
        const enum MHD_Result ok = send_reply(c, url, &c->pending->reply);
        web_pending_release(c->pending);
        c->pending = NULL;
        return ok;
    }
    if (*upload_size > 0) {
        if (!c->too_large) {
            if (c->len + *upload_size > srv->cfg->max_body) {
                /* A body without a declared length grew over the limit:
                 * the rest is read and dropped (the library answers only
                 * once it is in), within the request timeout, then 413. */
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

    track_reading(srv, c->track, false); /* the request is whole */
    web_request req;
    memset(&req, 0, sizeof req);
    req.client = c->client[0] ? c->client : NULL;
    req.method = method;
    req.path = url;
    req.body = c->body;
    req.body_len = c->len;
    req.body_too_large = c->too_large;
    req.content_type = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Type");
    req.host = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host");
    req.origin = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Origin");
    req.if_none_match = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "If-None-Match");
    req.authorization = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
    req.last_event_id = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Last-Event-ID");
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
        memcpy(sc->client, c->client, sizeof sc->client);
        pthread_mutex_lock(&srv->track_lock);
        sc->track = c->track;
        if (c->track)
            c->track->stream = sc;
        pthread_mutex_unlock(&srv->track_lock);
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
    track_reading(srv, c->track, true); /* the next request, if any, from now */
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

/* The listening socket: SO_REUSEADDR only lets a restarted server bind
 * while old connections linger (TIME_WAIT); without SO_REUSEPORT a port
 * that another process listens on is refused (EADDRINUSE), never shared. */
static int open_listener(const struct addrinfo *ai)
{
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
        return -1;
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (ai->ai_family == AF_INET6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    /* A backlog for many players who connect at once (the kernel caps it
     * at net.core.somaxconn). */
    if (bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 1024) != 0 ||
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
        const int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* The names a request's Host may give (besides the loopback names, which
 * routes.c knows): --allow-host's, and when the server listens beyond
 * loopback, the machine's name and addresses and the --host given. */
typedef struct host_list {
    char *names[256];
    int n;
} host_list;

static void host_add(host_list *l, const char *name, bool brackets)
{
    if (!name || !*name || l->n >= (int)(sizeof l->names / sizeof l->names[0]))
        return;
    char buf[300];
    snprintf(buf, sizeof buf, brackets ? "[%s]" : "%s", name);
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->names[i], buf))
            return;
    if ((l->names[l->n] = strdup(buf)))
        l->n++;
}

static void host_list_fill(host_list *l, const web_config *cfg, bool loopback)
{
    for (int i = 0; i < cfg->nhost_names; i++)
        host_add(l, cfg->host_names[i], false);
    if (loopback)
        return;
    char name[256];
    if (gethostname(name, sizeof name - 8) == 0) {
        name[sizeof name - 9] = 0;
        host_add(l, name, false);
        if (!strchr(name, '.')) { /* its name on the local network (mDNS) */
            strcat(name, ".local");
            host_add(l, name, false);
        }
    }
    struct in6_addr a6;
    if (strcmp(cfg->host, "0.0.0.0") != 0 && strcmp(cfg->host, "::") != 0)
        host_add(l, cfg->host, inet_pton(AF_INET6, cfg->host, &a6) == 1);
    struct ifaddrs *ifs = NULL;
    if (getifaddrs(&ifs) != 0)
        return;
    for (const struct ifaddrs *i = ifs; i; i = i->ifa_next) {
        if (!i->ifa_addr)
            continue;
        char text[INET6_ADDRSTRLEN];
        if (is_loopback(i->ifa_addr)) /* always answered */
            continue;
        if (i->ifa_addr->sa_family == AF_INET) {
            inet_ntop(AF_INET, &((const struct sockaddr_in *)i->ifa_addr)->sin_addr, text,
                      sizeof text);
            host_add(l, text, false);
        } else if (i->ifa_addr->sa_family == AF_INET6) {
            const struct in6_addr *a = &((const struct sockaddr_in6 *)i->ifa_addr)->sin6_addr;
            if (IN6_IS_ADDR_LINKLOCAL(a)) /* a URL needs its zone: not a name to give */
                continue;
            inet_ntop(AF_INET6, a, text, sizeof text);
            host_add(l, text, true);
        }
    }
    freeifaddrs(ifs);
}

static void host_list_free(host_list *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->names[i]);
    l->n = 0;
}

/* The descriptors the server may open: each connection holds one, and
 * the server itself a few dozen (the listening socket, epoll, the tables,
 * the database, pipes). The soft limit is raised to the hard one. Without
 * --max-connections, the connections are as many as that allows (at most
 * the default); when even the hard limit is below what a --max-connections
 * given needs, say so (connections beyond are refused by the kernel's
 * EMFILE, which the HTTP library survives). */
#define SERVER_OWN_FDS 64

static void raise_open_files(web_config *c)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return;
    const rlim_t need = (rlim_t)c->max_connections + SERVER_OWN_FDS;
    if (rl.rlim_cur < rl.rlim_max) {
        struct rlimit want = rl;
        /* An unlimited hard limit: as much as needed, not more (the
         * kernel refuses more than fs.nr_open anyway). */
        want.rlim_cur = rl.rlim_max == RLIM_INFINITY ? (need > rl.rlim_cur ? need : rl.rlim_cur)
                                                     : rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &want) == 0)
            rl = want;
    }
    if (rl.rlim_cur >= need)
        return;
    if (!c->max_connections_given) {
        const rlim_t fit = rl.rlim_cur > 2 * SERVER_OWN_FDS ? rl.rlim_cur - SERVER_OWN_FDS
                                                            : SERVER_OWN_FDS;
        c->max_connections = (int)fit;
        return;
    }
    fprintf(stderr,
            _("awale serve: warning: this process may open %llu files, fewer than the %llu "
              "that --max-connections %d needs: connections beyond are refused (raise the "
              "limit with ulimit -n, or lower --max-connections)\n"),
            (unsigned long long)rl.rlim_cur, (unsigned long long)need, c->max_connections);
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
    const int listen_fd0 = open_listener(ai);
    if (listen_fd0 < 0) {
        const int e = errno;
        if (e == EADDRINUSE)
            fprintf(stderr,
                    _("awale serve: port %d of %s is in use (another awale serve?): choose "
                      "another with --port\n"),
                    cfg->port, cfg->host);
        else
            fprintf(stderr, _("awale serve: cannot listen on %s port %d: %s\n"), cfg->host,
                    cfg->port, strerror(e));
        freeaddrinfo(ai);
        return 1;
    }
    web_config c = *cfg;
    raise_open_files(&c);
    const bool loopback = is_loopback(ai->ai_addr);
    host_list hosts = {{NULL}, 0};
    host_list_fill(&hosts, cfg, loopback);
    c.host_names = (const char *const *)hosts.names;
    c.nhost_names = hosts.n;
    if (!loopback)
        fprintf(stderr,
                "awale serve: warning: listening on %s, not on the loopback address: anyone who "
                "can reach this machine can use the server (there is no login)\n",
                cfg->host);
    if (hosts.n > 0) {
        char list[2048] = "";
        for (int i = 0; i < hosts.n; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                     hosts.names[i]);
        fprintf(stderr,
                _("awale serve: it answers requests addressed to localhost, its loopback "
                  "addresses and %s; any other name is refused (--allow-host NAME adds one, "
                  "e.g. behind a reverse proxy)\n"),
                list);
    }
    char err[256];
    server srv;
    memset(&srv, 0, sizeof srv);
    srv.cfg = &c;
    atomic_init(&srv.in_flight, 0);
    atomic_init(&srv.suspended, 0);
    pthread_mutex_init(&srv.track_lock, NULL);
    if (!(srv.app = web_app_new(&c, err, sizeof err))) {
        freeaddrinfo(ai);
        close(listen_fd0);
        host_list_free(&hosts);
        fprintf(stderr, "awale serve: %s\n", err);
        return 1;
    }
    app_set_hooks(srv.app, (app_hooks){routes_import, analysis_ping});
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ERROR_LOG;
    if (ai->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    srv.daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, &srv, MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd0,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)c.http_threads, MHD_OPTION_CONNECTION_LIMIT, (unsigned)c.max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)c.client_connections,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)c.request_timeout_s, MHD_OPTION_NOTIFY_COMPLETED,
        on_completed, &srv, MHD_OPTION_NOTIFY_CONNECTION, on_connection, &srv,
        MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, &srv, MHD_OPTION_END);
    if (!srv.daemon) {
        const int e = errno;
        fprintf(stderr, _("awale serve: cannot listen on %s port %d: %s\n"), cfg->host, cfg->port,
                e ? strerror(e) : "?");
        freeaddrinfo(ai);
        close(listen_fd0);
        web_app_free(srv.app);
        host_list_free(&hosts);
        return 1;
    }
    struct sockaddr_storage bound_addr;
    socklen_t bound_len = sizeof bound_addr;
    int bound = cfg->port;
    if (getsockname(listen_fd0, (struct sockaddr *)&bound_addr, &bound_len) == 0)
        bound = ntohs(bound_addr.ss_family == AF_INET6
                          ? ((struct sockaddr_in6 *)&bound_addr)->sin6_port
                          : ((struct sockaddr_in *)&bound_addr)->sin_port);
    char url[300];
    if (ai->ai_family == AF_INET6)
        snprintf(url, sizeof url, "http://[%s]:%d/", listen_name ? listen_name : cfg->host, bound);
    else
        snprintf(url, sizeof url, "http://%s:%d/", listen_name ? listen_name : cfg->host, bound);
    freeaddrinfo(ai);

    interrupt_guard ig;
    interrupt_catch(&ig, INTERRUPT_TERM, NULL);
    struct sigaction sa, old_pipe;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old_pipe);

    printf("awale %s serving on %s  (Ctrl-C stops)\n", AW_VERSION, url);
    if (cfg->db_path)
        printf(_("games kept in %s (%d unfinished read back)\n"), cfg->db_path,
               web_app_restored(srv.app));
    else
        printf(_("games kept in memory only (--db off): they end with the server\n"));
    if (!loopback)
        announce_print(stdout, listen_name ? listen_name : cfg->host, bound, cfg->qr);
    fflush(stdout);
    if (cfg->open_browser)
        open_browser(url);

    while (!interrupt_caught()) {
        struct timespec ts = {0, 200 * 1000000};
        nanosleep(&ts, NULL);
        static int ticks;
        web_app_clock_tick(srv.app);
        if (++ticks % 5 == 0)
            web_app_tick(srv.app);
        watch_connections(&srv);
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
        return 0; /* hosts and the lock go with the process */
    }
    MHD_stop_daemon(srv.daemon);
    if (listen_fd != MHD_INVALID_SOCKET)
        close(listen_fd);
    web_app_free(srv.app);
    pthread_mutex_destroy(&srv.track_lock);
    free(srv.pfds);
    free(srv.ptracks);
    host_list_free(&hosts);
    interrupt_release(&ig);
    sigaction(SIGPIPE, &old_pipe, NULL);
    fprintf(stderr, "awale serve: stopped\n");
    return 0;
}
