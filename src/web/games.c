/*
 * games.c - the game registry (games.h): an array of games searched by id
 * (the limit keeps it small), random ids from the system's generator so
 * that one page cannot guess another's game, reference counts so that a
 * game deleted or expired while a job or a stream uses it is freed by the
 * last user.
 *
 * Ownership: whoever keeps a pointer to a game holds a reference to it,
 * counted under the registry's lock: the registry's table (until the game
 * is deleted or expires), a request while it works on the game, a job from
 * its making to its free (which only the pool calls, pool.h), the reader
 * of an analysis stream until its connection closes. The last
 * registry_put destroys the game (the destroy hook), on whichever thread
 * that is, and nothing else frees it.
 */
#include "web/games.h"

#include "util/check.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

struct registry {
    pthread_mutex_t lock;
    web_game **games;
    int count, max;       /* all games: at most max + max_friend */
    int nfriend, max_friend; /* games with a friend's seat */
    int64_t ttl_ms;
    registry_hooks hooks;
};

int64_t web_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t web_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

registry *registry_new(int max_games, int max_friend_games, int64_t ttl_ms, registry_hooks hooks)
{
    registry *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->max = max_games < 1 ? 1 : max_games;
    r->max_friend = max_friend_games < 0 ? 0 : max_friend_games;
    r->games = calloc((size_t)(r->max + r->max_friend), sizeof *r->games);
    if (!r->games) {
        free(r);
        return NULL;
    }
    pthread_mutex_init(&r->lock, NULL);
    r->ttl_ms = ttl_ms;
    r->hooks = hooks;
    return r;
}

/* Take game i out of the table (lock held); returns it. */
static web_game *take(registry *r, int i)
{
    web_game *g = r->games[i];
    r->games[i] = r->games[--r->count];
    r->games[r->count] = NULL;
    r->nfriend -= g->friend;
    g->gone = true;
    return g;
}

void registry_free(registry *r)
{
    if (!r)
        return;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        web_game *g = r->count ? take(r, r->count - 1) : NULL;
        pthread_mutex_unlock(&r->lock);
        if (!g)
            break;
        r->hooks.gone(g);
        registry_put(g);
    }
    /* Games still held (a job, a stream) keep a pointer to the registry
     * for their last registry_put: the caller frees the registry only once
     * every user is gone (the server stops its threads first). */
    pthread_mutex_destroy(&r->lock);
    free(r->games);
    free(r);
}

static void random_id(char out[GAME_ID_LEN + 1])
{
    unsigned char bytes[GAME_ID_LEN / 2];
    size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) { /* no generator: the clock, still unique enough here */
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            unsigned long long v = (unsigned long long)ts.tv_nsec * 2654435761u ^
                                   (unsigned long long)ts.tv_sec << 20;
            for (; got < sizeof bytes; got++, v >>= 8)
                bytes[got] = (unsigned char)(v ^ got * 131);
            break;
        }
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof bytes; i++)
        snprintf(out + 2 * i, 3, "%02x", bytes[i]);
}

static int find(registry *r, const char *id)
{
    for (int i = 0; i < r->count; i++)
        if (strcmp(r->games[i]->id, id) == 0)
            return i;
    return -1;
}

web_game *registry_add(registry *r, session *s, const registry_place *place, bool *full,
                       bool *client_full)
{
    *full = *client_full = false;
    web_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->idle, NULL);
    g->s = s;
    g->reg = r;
    g->refs = 2; /* the registry's and the caller's */
    atomic_init(&g->gone, false);
    atomic_init(&g->stop_asked, false);
    atomic_init(&g->stored_over, false);
    g->version = 1;
    g->friend = place->friend;
    /* Between two devices a move taken back is asked for, and cut: no
     * variations (docs/variations.md). */
    if (g->friend)
        session_set_variations(s, false);
    const char *client = place->client;
    if (client)
        snprintf(g->client, sizeof g->client, "%s", client);
    pthread_mutex_lock(&r->lock);
    int held = 0;
    for (int i = 0; client && i < r->count; i++)
        held += strcmp(r->games[i]->client, client) == 0;
    const bool room = g->friend ? r->nfriend < r->max_friend : r->count - r->nfriend < r->max;
    const bool taken = place->id && find(r, place->id) >= 0;
    if (!room || taken || (client && held >= place->client_max)) {
        pthread_mutex_unlock(&r->lock);
        *full = !room || taken;
        *client_full = !*full;
        g->s = NULL;
        pthread_cond_destroy(&g->idle);
        pthread_mutex_destroy(&g->lock);
        free(g);
        return NULL;
    }
    if (place->id)
        snprintf(g->id, sizeof g->id, "%s", place->id);
    else
        do
            random_id(g->id);
        while (find(r, g->id) >= 0);
    g->last_used_ms = web_now_ms();
    r->games[r->count++] = g;
    r->nfriend += g->friend;
    pthread_mutex_unlock(&r->lock);
    return g;
}

web_game *registry_get(registry *r, const char *id)
{
    pthread_mutex_lock(&r->lock);
    const int i = find(r, id);
    web_game *g = i >= 0 ? r->games[i] : NULL;
    if (g) {
        g->refs++;
        g->last_used_ms = web_now_ms();
    }
    pthread_mutex_unlock(&r->lock);
    return g;
}

void registry_hold(web_game *g)
{
    pthread_mutex_lock(&g->reg->lock);
    AW_ASSERT(g->refs > 0); /* only a live game is held again */
    g->refs++;
    pthread_mutex_unlock(&g->reg->lock);
}

void registry_touch(web_game *g)
{
    pthread_mutex_lock(&g->reg->lock);
    g->last_used_ms = web_now_ms();
    pthread_mutex_unlock(&g->reg->lock);
}

void registry_put(web_game *g)
{
    if (!g)
        return;
    registry *r = g->reg;
    pthread_mutex_lock(&r->lock);
    AW_ASSERT(g->refs > 0); /* one put per reference */
    const bool last = --g->refs == 0;
    const registry_hooks hooks = r->hooks;
    pthread_mutex_unlock(&r->lock);
    if (last)
        hooks.destroy(g);
}

bool registry_remove(registry *r, const char *id)
{
    pthread_mutex_lock(&r->lock);
    const int i = find(r, id);
    web_game *g = i >= 0 ? take(r, i) : NULL;
    pthread_mutex_unlock(&r->lock);
    if (!g)
        return false;
    r->hooks.gone(g);
    registry_put(g);
    return true;
}

bool registry_evict_idle(registry *r, int64_t now, int64_t min_idle_ms)
{
    web_game *g = NULL;
    pthread_mutex_lock(&r->lock);
    int oldest = -1;
    for (int i = 0; i < r->count; i++)
        if (r->games[i]->refs == 1 &&
            (!r->games[i]->friend || atomic_load(&r->games[i]->stored_over)) &&
            now - r->games[i]->last_used_ms >= min_idle_ms &&
            (oldest < 0 || r->games[i]->last_used_ms < r->games[oldest]->last_used_ms))
            oldest = i;
    if (oldest >= 0)
        g = take(r, oldest);
    pthread_mutex_unlock(&r->lock);
    if (!g)
        return false;
    r->hooks.gone(g);
    registry_put(g);
    return true;
}

int registry_expire(registry *r, int64_t now)
{
    int n = 0;
    for (;;) {
        web_game *g = NULL;
        pthread_mutex_lock(&r->lock);
        for (int i = 0; i < r->count; i++)
            if (r->games[i]->refs == 1 &&
                (!r->games[i]->friend || atomic_load(&r->games[i]->stored_over)) &&
                now - r->games[i]->last_used_ms > r->ttl_ms) {
                g = take(r, i);
                break;
            }
        pthread_mutex_unlock(&r->lock);
        if (!g)
            return n;
        r->hooks.gone(g);
        registry_put(g);
        n++;
    }
}

int registry_count(registry *r)
{
    pthread_mutex_lock(&r->lock);
    const int n = r->count;
    pthread_mutex_unlock(&r->lock);
    return n;
}

int registry_max(registry *r) { return r->max; }
int registry_max_friend(registry *r) { return r->max_friend; }

int registry_count_friend(registry *r)
{
    pthread_mutex_lock(&r->lock);
    const int n = r->nfriend;
    pthread_mutex_unlock(&r->lock);
    return n;
}
int64_t registry_ttl_ms(registry *r) { return r->ttl_ms; }

void registry_each(registry *r, void (*fn)(web_game *g, void *ctx), void *ctx)
{
    pthread_mutex_lock(&r->lock);
    const int n = r->count;
    web_game **held = malloc(sizeof *held * (size_t)(n ? n : 1));
    int k = 0;
    if (held)
        for (int i = 0; i < n; i++) {
            held[k++] = r->games[i];
            r->games[i]->refs++;
        }
    pthread_mutex_unlock(&r->lock);
    for (int i = 0; i < k; i++) {
        fn(held[i], ctx);
        registry_put(held[i]);
    }
    free(held);
}
