/*
 * app.h - the web application without the HTTP library: the games, the
 * worker pool, the shared endgame tables and book, and the router that
 * turns a request into an answer (routes.c). server.c serves it over HTTP;
 * the fuzz target calls the router directly.
 */
#ifndef AW_WEB_APP_H
#define AW_WEB_APP_H

#include "awale.h"
#include "web/http.h"
#include "web/ratelimit.h"
#include "web/stream.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct web_config {
    const char *host;          /* address to listen on (default 127.0.0.1) */
    int port;                  /* 0: any free port */
    bool open_browser;         /* xdg-open the URL */
    /* The names a request's Host may give besides the loopback names
     * (localhost, 127.x.y.z, [::1]): the machine's addresses and name when
     * the server listens beyond loopback, and --allow-host's. Any other
     * Host is refused (403), against DNS rebinding. */
    const char *const *host_names;
    int nhost_names;
    bool verbose;              /* one line per request on stderr */
    int max_games;             /* games held at once (without a friend's seat) */
    int64_t ttl_ms;            /* idle games expire after this */
    int max_friend_games;      /* games between two devices held at once */
    int64_t friend_ttl_ms;     /* an unfinished one with no move for so long is
                                  abandoned (it goes to the archive) */
    int max_event_streams;     /* event streams open at once */
    int client_event_streams;  /* ... and for one client */
    /* Where games are kept (web/store.h): the path of the database, NULL:
     * in memory only. */
    const char *db_path;
    size_t max_body;           /* request bodies larger are refused (413) */
    /* What one client (an address) may hold at once. */
    int client_connections;    /* connections */
    int client_games;          /* games */
    int client_streams;        /* analysis streams */
    int request_timeout_s;     /* a request's headers and body must arrive in this
                                  time; an idle connection is closed after it, and
                                  so is one whose reader takes nothing for as long */
    /* What one client (an address) may do in a time (ratelimit.h), by
     * kind (RL_REQUESTS, RL_GAMES, RL_INVITES), and how many addresses
     * the table of those limits remembers. */
    ratelimit_rule rate[RL_KINDS];
    int rate_addresses;
    int max_connections;       /* connections at once, all clients */
    bool max_connections_given; /* false: fewer when the open-files limit is lower */
    int http_threads;          /* the HTTP library's polling threads */
    /* The start: the addresses other devices can use, and a QR code of
     * the first one on stdout (-1: when stdout is a terminal, 0: never,
     * 1: always). */
    int qr;
    int searches;              /* engine searches at once (worker threads) */
    int queue;                 /* engine jobs waiting at most */
    int max_streams;           /* analysis streams open at once */
    int hash_mb;               /* each engine's table */
    int64_t max_movetime_ms;   /* the longest time per move a game may ask */
    int64_t hint_ms;           /* a hint's thinking time */
    int64_t analysis_ms;       /* an analysis stops after this per position */
    int64_t eval_budget_ms;    /* one evaluations request thinks at most this */
    int64_t keepalive_ms;      /* a comment on every stream this often: a page that
                                  left is noticed by then (suspended connections
                                  are not watched) */
    /* The endgame tables of a rule set (NULL: none), opened on the first
     * game with these rules and kept until the app is freed; and the
     * opening books (a game uses the first whose rules it fits). */
    aw_tables *(*open_tables)(const aw_rules *rules, void *ctx);
    void *tables_ctx;
    const aw_book *const *books;
    int nbooks;
} web_config;

/* The defaults: loopback, port 8080, 32 games for an hour each, 256 KiB
 * bodies, one search per core, 16 MB tables, 8192 connections (fewer when
 * the open files allow fewer), 2 HTTP threads, a QR code on a terminal;
 * one client: 32 connections, 16 games, 4 streams, 20 s for a request to
 * arrive, 20 requests a second (60 at once), 30 games made and 30
 * invitations taken in 10 minutes; ... */
web_config web_config_default(void);

typedef struct web_app web_app;

web_app *web_app_new(const web_config *cfg, char *err, size_t errsize);
/* Stop: refuse new requests (503), stop every search, end the streams;
 * answers in flight still complete. */
void web_app_stop(web_app *a);
/* Free (after the server stopped calling in): joins the workers. */
void web_app_free(web_app *a);
/* Once a second: expire idle games, keep streams alive. */
void web_app_tick(web_app *a);

typedef enum web_outcome { WEB_REPLY, WEB_PENDING, WEB_STREAM } web_outcome;

/* Answer a request: at once in *reply (WEB_REPLY), later through
 * *pending (WEB_PENDING: the caller arms it and sends pending->reply), or
 * as an event stream (WEB_STREAM: *reply holds the status and content
 * type; the caller reads *stream and calls web_app_stream_closed at the
 * end). */
web_outcome web_route(web_app *a, const web_request *req, web_reply *reply, web_pending **pending,
                      web_stream **stream);
void web_app_stream_closed(web_app *a, web_stream *s);
/* The stream of a client (web_request.client) ended: one less for it. */
void web_app_client_stream_closed(web_app *a, const char *client);

/* Figures for logs and the status endpoint. */
int web_app_games(web_app *a);
/* Games read back from the database at the start. */
int web_app_restored(web_app *a);
/* Every 200 ms: clocks whose time ran out end their games. */
void web_app_clock_tick(web_app *a);

#endif
