/*
 * ratelimit.h - limits per address on what a client may do in a time
 * (requests, games made, invitations taken): one token bucket per kind
 * and address, in a table of bounded size. The web app holds one; the
 * router takes a request's token, the handlers that make a game or take
 * an invitation take theirs, and a client without one is answered 429
 * with the seconds to wait (Retry-After).
 *
 * An address is a client's IP address as text. IPv4 addresses count one
 * by one; IPv6 addresses by their /64 prefix (what one host or home is
 * given: counting its single addresses would give it billions). Any
 * other text counts as itself.
 */
#ifndef AW_WEB_RATELIMIT_H
#define AW_WEB_RATELIMIT_H

#include <stdbool.h>
#include <stdint.h>

/* The kinds of the web app. */
enum {
    RL_REQUESTS, /* every request */
    RL_GAMES,    /* games made (POST /api/games) */
    RL_INVITES,  /* invitations taken (POST /api/invites/CODE) */
    RL_KINDS
};

/* A limit: `count` per `period_ms`, with at most `burst` at once (the
 * bucket's size: a client idle long enough may take `burst` at once, then
 * `count` per period). count 0: no limit of this kind. */
typedef struct ratelimit_rule {
    int count;
    int64_t period_ms;
    int burst;
} ratelimit_rule;

#define RATELIMIT_MAX_COUNT 1000000         /* count and burst at most */
#define RATELIMIT_MAX_PERIOD_MS 86400000LL  /* a day */
#define RATELIMIT_DEFAULT_ADDRESSES 16384

typedef struct ratelimit ratelimit;

/* A table for `nkinds` kinds (1 to 8: RL_KINDS for the web app's) with
 * these rules (rules[k] for kind k), remembering at most `max_addresses` addresses
 * (0: RATELIMIT_DEFAULT_ADDRESSES). NULL when out of memory or a rule is
 * out of range. */
ratelimit *ratelimit_new(const ratelimit_rule *rules, int nkinds, int max_addresses);
void ratelimit_free(ratelimit *rl);

/* Take one of `kind` for `addr` at `now_ms` (a monotonic clock): true when
 * allowed. When refused, *retry_after_s (if not NULL) is the whole
 * seconds until one is there again (at least 1). A NULL or empty addr (a
 * client whose address is unknown) and a kind without a limit are always
 * allowed. Any thread. */
bool ratelimit_take(ratelimit *rl, int kind, const char *addr, int64_t now_ms,
                    int *retry_after_s);

/* How many addresses the table holds now (tests, figures). */
int ratelimit_addresses(ratelimit *rl);

/* Parse a rule as options write it: "off" (no limit), or COUNT/PERIOD
 * with an optional ",BURST": "30/10m", "20/1s,60", "100/h". PERIOD is a
 * number with a unit s, m or h (a bare unit is 1 of it). The burst is the
 * count when not given. 0, or -1 when the text is not a rule. */
int ratelimit_parse(const char *text, ratelimit_rule *out);

/* The rule as ratelimit_parse reads it ("off", "30/10m", "20/1s,60"). */
void ratelimit_format(const ratelimit_rule *rule, char *out, int size);

#endif
