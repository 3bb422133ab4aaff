/*
 * ratelimit.c - limits per address (ratelimit.h): token buckets in a
 * table of bounded size.
 *
 * Memory: the table holds at most max_addresses addresses, in 16 shards of
 * max_addresses / 16 entries each (rounded up), all allocated by
 * ratelimit_new: nothing is allocated afterwards. A new address that finds
 * its shard full takes the place of the shard's address seen the longest
 * ago (least recently used), which is forgotten: should it come back, its
 * buckets are full again. So the limits hold for any client whose address
 * has been seen among the last max_addresses / 16 of its shard; a client
 * with more addresses than that (a botnet) gets fresh buckets for each,
 * as it would anyway with that many addresses.
 *
 * Threads: any thread may call ratelimit_take. Each shard has its own
 * mutex, which guards its entries, its hash chains, its list by age and
 * its buckets; a call takes one shard's mutex, for a few memory accesses,
 * and nothing else. The rules are read-only after ratelimit_new.
 *
 * A bucket counts in units of 1 / count of a token times the period: a
 * token is `period_ms` units, the bucket holds at most burst * period_ms
 * units and gains `count` units per millisecond. Integers only.
 */
#include "web/ratelimit.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHARDS 16
#define MAX_KINDS 8
#define KEY_LEN 17 /* family, 16 bytes */

typedef struct rl_bucket {
    int64_t units; /* what the bucket holds */
    int64_t at_ms; /* when it was last filled */
} rl_bucket;

typedef struct rl_entry {
    unsigned char key[KEY_LEN];
    int32_t chain;        /* next entry of the same hash slot, -1: none */
    int32_t older, newer; /* the list by age (last seen), -1: none */
} rl_entry;

typedef struct rl_shard {
    pthread_mutex_t lock;
    rl_entry *entries;
    rl_bucket *buckets;   /* nkinds per entry */
    int32_t *slots;       /* hash slot -> first entry, -1: none */
    int used;             /* entries in use (the first `used`) */
    int32_t newest, oldest;
} rl_shard;

struct ratelimit {
    ratelimit_rule rules[MAX_KINDS];
    int nkinds;
    int cap;              /* entries per shard */
    uint32_t nslots;      /* a power of two */
    rl_shard shards[SHARDS];
};

static uint64_t fnv1a(const void *data, size_t n, uint64_t h)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The key of an address: IPv4 as itself, IPv6 by its /64 prefix, any
 * other text by two hashes of it. */
static void make_key(const char *addr, unsigned char key[KEY_LEN])
{
    memset(key, 0, KEY_LEN);
    unsigned char a[16];
    if (strchr(addr, ':') && inet_pton(AF_INET6, addr, a) == 1) {
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (!memcmp(a, mapped, 12)) {
            key[0] = 4;
            memcpy(key + 1, a + 12, 4);
        } else {
            key[0] = 6;
            memcpy(key + 1, a, 8);
        }
    } else if (inet_pton(AF_INET, addr, a) == 1) {
        key[0] = 4;
        memcpy(key + 1, a, 4);
    } else {
        key[0] = 1;
        const size_t n = strlen(addr);
        const uint64_t h1 = fnv1a(addr, n, 0xcbf29ce484222325ULL);
        const uint64_t h2 = fnv1a(addr, n, 0x84222325cbf29ce4ULL);
        memcpy(key + 1, &h1, 8);
        memcpy(key + 9, &h2, 8);
    }
}

static bool rule_valid(const ratelimit_rule *r)
{
    if (r->count == 0)
        return true;
    return r->count > 0 && r->count <= RATELIMIT_MAX_COUNT && r->burst > 0 &&
           r->burst <= RATELIMIT_MAX_COUNT && r->period_ms > 0 &&
           r->period_ms <= RATELIMIT_MAX_PERIOD_MS;
}

ratelimit *ratelimit_new(const ratelimit_rule *rules, int nkinds, int max_addresses)
{
    if (nkinds < 1 || nkinds > MAX_KINDS || max_addresses < 0)
        return NULL;
    for (int k = 0; k < nkinds; k++)
        if (!rule_valid(&rules[k]))
            return NULL;
    if (max_addresses == 0)
        max_addresses = RATELIMIT_DEFAULT_ADDRESSES;
    ratelimit *rl = calloc(1, sizeof *rl);
    if (!rl)
        return NULL;
    memcpy(rl->rules, rules, (size_t)nkinds * sizeof *rules);
    rl->nkinds = nkinds;
    rl->cap = (max_addresses + SHARDS - 1) / SHARDS;
    rl->nslots = 1;
    while (rl->nslots < (uint32_t)rl->cap)
        rl->nslots *= 2;
    int ready = 0;
    for (; ready < SHARDS; ready++) {
        rl_shard *s = &rl->shards[ready];
        s->entries = malloc((size_t)rl->cap * sizeof *s->entries);
        s->buckets = malloc((size_t)rl->cap * (size_t)nkinds * sizeof *s->buckets);
        s->slots = malloc(rl->nslots * sizeof *s->slots);
        if (!s->entries || !s->buckets || !s->slots ||
            pthread_mutex_init(&s->lock, NULL) != 0) {
            free(s->entries);
            free(s->buckets);
            free(s->slots);
            break;
        }
        for (uint32_t i = 0; i < rl->nslots; i++)
            s->slots[i] = -1;
        s->newest = s->oldest = -1;
    }
    if (ready < SHARDS) {
        for (int i = 0; i < ready; i++) {
            rl_shard *s = &rl->shards[i];
            pthread_mutex_destroy(&s->lock);
            free(s->entries);
            free(s->buckets);
            free(s->slots);
        }
        free(rl);
        return NULL;
    }
    return rl;
}

void ratelimit_free(ratelimit *rl)
{
    if (!rl)
        return;
    for (int i = 0; i < SHARDS; i++) {
        rl_shard *s = &rl->shards[i];
        pthread_mutex_destroy(&s->lock);
        free(s->entries);
        free(s->buckets);
        free(s->slots);
    }
    free(rl);
}

/* The list by age (shard locked). */
static void age_unlink(rl_shard *s, int32_t i)
{
    rl_entry *e = &s->entries[i];
    if (e->older >= 0)
        s->entries[e->older].newer = e->newer;
    else
        s->oldest = e->newer;
    if (e->newer >= 0)
        s->entries[e->newer].older = e->older;
    else
        s->newest = e->older;
    e->older = e->newer = -1;
}

static void age_push_newest(rl_shard *s, int32_t i)
{
    rl_entry *e = &s->entries[i];
    e->older = s->newest;
    e->newer = -1;
    if (s->newest >= 0)
        s->entries[s->newest].newer = i;
    else
        s->oldest = i;
    s->newest = i;
}

/* Remove entry i from its hash chain (shard locked). */
static void chain_unlink(ratelimit *rl, rl_shard *s, int32_t i)
{
    const uint64_t h = fnv1a(s->entries[i].key, KEY_LEN, 0xcbf29ce484222325ULL);
    int32_t *link = &s->slots[(h >> 4) & (rl->nslots - 1)];
    while (*link >= 0 && *link != i)
        link = &s->entries[*link].chain;
    if (*link == i)
        *link = s->entries[i].chain;
}

/* The entry of a key (shard locked), made (or taken from the oldest) when
 * missing, its buckets full; now the newest. */
static int32_t find_entry(ratelimit *rl, rl_shard *s, const unsigned char key[KEY_LEN],
                          uint64_t h, int64_t now_ms)
{
    int32_t *slot = &s->slots[(h >> 4) & (rl->nslots - 1)];
    for (int32_t i = *slot; i >= 0; i = s->entries[i].chain) {
        if (!memcmp(s->entries[i].key, key, KEY_LEN)) {
            if (s->newest != i) {
                age_unlink(s, i);
                age_push_newest(s, i);
            }
            return i;
        }
    }
    int32_t i;
    if (s->used < rl->cap) {
        i = s->used++;
    } else {
        i = s->oldest;
        age_unlink(s, i);
        chain_unlink(rl, s, i);
    }
    rl_entry *e = &s->entries[i];
    memcpy(e->key, key, KEY_LEN);
    e->chain = *slot;
    *slot = i;
    age_push_newest(s, i);
    for (int k = 0; k < rl->nkinds; k++) {
        rl_bucket *b = &s->buckets[(size_t)i * (size_t)rl->nkinds + (size_t)k];
        b->units = (int64_t)rl->rules[k].burst * rl->rules[k].period_ms;
        b->at_ms = now_ms;
    }
    return i;
}

bool ratelimit_take(ratelimit *rl, int kind, const char *addr, int64_t now_ms,
                    int *retry_after_s)
{
    if (retry_after_s)
        *retry_after_s = 0;
    if (!rl || !addr || !*addr || kind < 0 || kind >= rl->nkinds)
        return true;
    const ratelimit_rule *r = &rl->rules[kind];
    if (r->count == 0)
        return true;
    unsigned char key[KEY_LEN];
    make_key(addr, key);
    const uint64_t h = fnv1a(key, KEY_LEN, 0xcbf29ce484222325ULL);
    rl_shard *s = &rl->shards[h & (SHARDS - 1)];
    pthread_mutex_lock(&s->lock);
    const int32_t i = find_entry(rl, s, key, h, now_ms);
    rl_bucket *b = &s->buckets[(size_t)i * (size_t)rl->nkinds + (size_t)kind];
    const int64_t full = (int64_t)r->burst * r->period_ms;
    int64_t elapsed = now_ms - b->at_ms;
    if (elapsed < 0) /* a clock that went back: nothing gained */
        elapsed = 0;
    if (elapsed >= full / r->count + 1)
        b->units = full;
    else if ((b->units += elapsed * r->count) > full)
        b->units = full;
    b->at_ms = now_ms;
    bool ok = b->units >= r->period_ms;
    if (ok) {
        b->units -= r->period_ms;
    } else if (retry_after_s) {
        const int64_t wait_ms = (r->period_ms - b->units + r->count - 1) / r->count;
        const int64_t s_ = (wait_ms + 999) / 1000;
        *retry_after_s = s_ < 1 ? 1 : s_ > 86400 ? 86400 : (int)s_;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

int ratelimit_addresses(ratelimit *rl)
{
    int n = 0;
    for (int i = 0; i < SHARDS; i++) {
        pthread_mutex_lock(&rl->shards[i].lock);
        n += rl->shards[i].used;
        pthread_mutex_unlock(&rl->shards[i].lock);
    }
    return n;
}

/* A whole number at *p (advanced), at most `max`; -1 when none. */
static long long number_at(const char **p, long long max)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    long long n = 0;
    while (isdigit((unsigned char)**p)) {
        n = n * 10 + (**p - '0');
        if (n > max)
            return -1;
        (*p)++;
    }
    return n;
}

int ratelimit_parse(const char *text, ratelimit_rule *out)
{
    memset(out, 0, sizeof *out);
    if (!text)
        return -1;
    if (!strcmp(text, "off"))
        return 0;
    const char *p = text;
    const long long count = number_at(&p, RATELIMIT_MAX_COUNT);
    if (count <= 0 || *p++ != '/')
        return -1;
    long long n = 1;
    if (isdigit((unsigned char)*p) && (n = number_at(&p, RATELIMIT_MAX_PERIOD_MS / 1000)) <= 0)
        return -1;
    const long long unit = *p == 's' ? 1000 : *p == 'm' ? 60000 : *p == 'h' ? 3600000 : 0;
    if (!unit)
        return -1;
    p++;
    long long burst = count;
    if (*p == ',') {
        p++;
        if ((burst = number_at(&p, RATELIMIT_MAX_COUNT)) <= 0)
            return -1;
    }
    if (*p || n * unit > RATELIMIT_MAX_PERIOD_MS)
        return -1;
    out->count = (int)count;
    out->period_ms = n * unit;
    out->burst = (int)burst;
    return 0;
}

void ratelimit_format(const ratelimit_rule *rule, char *out, int size)
{
    if (rule->count == 0) {
        snprintf(out, (size_t)size, "off");
        return;
    }
    const int64_t ms = rule->period_ms;
    const char unit = ms % 3600000 == 0 ? 'h' : ms % 60000 == 0 ? 'm' : 's';
    const int64_t n = ms / (unit == 'h' ? 3600000 : unit == 'm' ? 60000 : 1000);
    if (rule->burst != rule->count)
        snprintf(out, (size_t)size, "%d/%lld%c,%d", rule->count, (long long)n, unit, rule->burst);
    else
        snprintf(out, (size_t)size, "%d/%lld%c", rule->count, (long long)n, unit);
}
