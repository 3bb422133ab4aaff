/*
 * test_ratelimit.c - the limits per address (src/web/ratelimit.c): a
 * bucket's burst, its refill and the seconds to wait; kinds and addresses
 * counted apart (IPv6 by its /64); a table that stays within its size
 * under many addresses and forgets the oldest; the rules as options write
 * them; and several threads taking from shared and own addresses at once
 * (make tsan runs this under ThreadSanitizer): the counts add up exactly.
 */
#include "support.h"

#include "web/ratelimit.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static ratelimit *make(int count, int64_t period_ms, int burst, int addresses)
{
    const ratelimit_rule rules[RL_KINDS] = {
        {count, period_ms, burst}, {3, 60000, 3}, {0, 0, 0}};
    ratelimit *rl = ratelimit_new(rules, RL_KINDS, addresses);
    assert_non_null(rl);
    return rl;
}

static void bucket(void **state)
{
    (void)state;
    /* 20 a second, 60 at once. */
    ratelimit *rl = make(20, 1000, 60, 0);
    int retry = -1;
    for (int i = 0; i < 60; i++)
        assert_true(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 1000, &retry));
    assert_int_equal(retry, 0);
    assert_false(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 1000, &retry));
    assert_int_equal(retry, 1);
    /* 50 ms later: one more (20 a second). */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 1050, &retry));
    assert_false(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 1050, &retry));
    /* A second later: 20 more, not 21. */
    for (int i = 0; i < 20; i++)
        assert_true(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 2050, NULL));
    assert_false(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 2050, NULL));
    /* Idle for long: the burst again, never more. */
    for (int i = 0; i < 60; i++)
        assert_true(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 1000000, NULL));
    assert_false(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 1000000, NULL));
    /* A clock that goes back gives nothing. */
    assert_false(ratelimit_take(rl, RL_REQUESTS, "10.0.0.1", 500, NULL));
    /* Another address, another kind: their own buckets. */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "10.0.0.2", 1000000, NULL));
    assert_true(ratelimit_take(rl, RL_GAMES, "10.0.0.1", 1000000, NULL));
    /* No address, a kind without a limit, a kind out of range: allowed. */
    for (int i = 0; i < 100; i++) {
        assert_true(ratelimit_take(rl, RL_REQUESTS, NULL, 1000000, NULL));
        assert_true(ratelimit_take(rl, RL_REQUESTS, "", 1000000, NULL));
        assert_true(ratelimit_take(rl, RL_INVITES, "10.0.0.1", 1000000, NULL));
        assert_true(ratelimit_take(rl, 7, "10.0.0.1", 1000000, NULL));
    }
    ratelimit_free(rl);
}

static void retry_after(void **state)
{
    (void)state;
    /* 3 a minute: the fourth waits 20 s, then 1 s before it is there. */
    ratelimit *rl = make(20, 1000, 60, 0);
    int retry = 0;
    for (int i = 0; i < 3; i++)
        assert_true(ratelimit_take(rl, RL_GAMES, "192.0.2.7", 0, &retry));
    assert_false(ratelimit_take(rl, RL_GAMES, "192.0.2.7", 0, &retry));
    assert_int_equal(retry, 20);
    assert_false(ratelimit_take(rl, RL_GAMES, "192.0.2.7", 19001, &retry));
    assert_int_equal(retry, 1);
    assert_true(ratelimit_take(rl, RL_GAMES, "192.0.2.7", 20000, &retry));
    assert_false(ratelimit_take(rl, RL_GAMES, "192.0.2.7", 20000, &retry));
    assert_int_equal(retry, 20);
    ratelimit_free(rl);
}

static void ipv6_prefix(void **state)
{
    (void)state;
    ratelimit *rl = make(1, 60000, 2, 0);
    /* Two addresses of one /64: one bucket. */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "2001:db8:1:2::1", 0, NULL));
    assert_true(ratelimit_take(rl, RL_REQUESTS, "2001:db8:1:2:ffff::9", 0, NULL));
    assert_false(ratelimit_take(rl, RL_REQUESTS, "2001:db8:1:2::77", 0, NULL));
    /* Another /64: its own. */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "2001:db8:1:3::1", 0, NULL));
    /* An IPv4 address written as IPv6 is the IPv4 one. */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "::ffff:198.51.100.4", 0, NULL));
    assert_true(ratelimit_take(rl, RL_REQUESTS, "198.51.100.4", 0, NULL));
    assert_false(ratelimit_take(rl, RL_REQUESTS, "198.51.100.4", 0, NULL));
    /* Any other text counts as itself. */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "unix", 0, NULL));
    assert_true(ratelimit_take(rl, RL_REQUESTS, "unix", 0, NULL));
    assert_false(ratelimit_take(rl, RL_REQUESTS, "unix", 0, NULL));
    assert_true(ratelimit_take(rl, RL_REQUESTS, "unix2", 0, NULL));
    ratelimit_free(rl);
}

static void bounded_table(void **state)
{
    (void)state;
    /* 1 per minute, a table of 160 addresses (10 per shard). */
    ratelimit *rl = make(1, 60000, 1, 160);
    char addr[32];
    for (int i = 0; i < 100000; i++) {
        snprintf(addr, sizeof addr, "10.%d.%d.%d", i >> 16 & 255, i >> 8 & 255, i & 255);
        assert_true(ratelimit_take(rl, RL_REQUESTS, addr, i, NULL));
        assert_true(ratelimit_addresses(rl) <= 160);
    }
    assert_int_equal(ratelimit_addresses(rl), 160);
    /* The newest addresses are remembered (a second take refused)... */
    int remembered = 0;
    for (int i = 100000 - 5; i < 100000; i++) {
        snprintf(addr, sizeof addr, "10.%d.%d.%d", i >> 16 & 255, i >> 8 & 255, i & 255);
        remembered += !ratelimit_take(rl, RL_REQUESTS, addr, 100000, NULL);
    }
    assert_int_equal(remembered, 5);
    /* ...the oldest are forgotten (their bucket is full again). */
    assert_true(ratelimit_take(rl, RL_REQUESTS, "10.0.0.0", 100000, NULL));
    assert_int_equal(ratelimit_addresses(rl), 160);
    /* An address seen again is kept over newer ones: 10.0.0.0 now, then 9
     * new addresses in each shard on average... it stays among the newest
     * of its shard as long as it keeps coming. */
    for (int i = 0; i < 2000; i++) {
        snprintf(addr, sizeof addr, "172.16.%d.%d", i >> 8 & 255, i & 255);
        ratelimit_take(rl, RL_REQUESTS, addr, 200000 + i, NULL);
        if (i % 4 == 0)
            ratelimit_take(rl, RL_REQUESTS, "10.0.0.0", 200000 + i, NULL);
    }
    assert_false(ratelimit_take(rl, RL_REQUESTS, "10.0.0.0", 202000, NULL));
    ratelimit_free(rl);
}

static void parse(void **state)
{
    (void)state;
    ratelimit_rule r;
    char text[64];
    assert_int_equal(ratelimit_parse("30/10m", &r), 0);
    assert_int_equal(r.count, 30);
    assert_true(r.period_ms == 600000);
    assert_int_equal(r.burst, 30);
    ratelimit_format(&r, text, sizeof text);
    assert_string_equal(text, "30/10m");
    assert_int_equal(ratelimit_parse("20/1s,60", &r), 0);
    assert_int_equal(r.count, 20);
    assert_true(r.period_ms == 1000);
    assert_int_equal(r.burst, 60);
    ratelimit_format(&r, text, sizeof text);
    assert_string_equal(text, "20/1s,60");
    assert_int_equal(ratelimit_parse("100/h", &r), 0);
    assert_true(r.period_ms == 3600000);
    ratelimit_format(&r, text, sizeof text);
    assert_string_equal(text, "100/1h");
    assert_int_equal(ratelimit_parse("5/90s", &r), 0);
    ratelimit_format(&r, text, sizeof text);
    assert_string_equal(text, "5/90s");
    assert_int_equal(ratelimit_parse("off", &r), 0);
    assert_int_equal(r.count, 0);
    ratelimit_format(&r, text, sizeof text);
    assert_string_equal(text, "off");
    static const char *const bad[] = {"", "30", "30/", "/10m", "0/1s", "-1/1s", "30/10",
                                      "30/10x", "30/0s", "30/1s,", "30/1s,0", "30/1s,5x",
                                      "30/25h", "9999999/1s", "30 /1s", "30/1s ", NULL};
    for (int i = 0; bad[i]; i++)
        assert_int_equal(ratelimit_parse(bad[i], &r), -1);
    assert_int_equal(ratelimit_parse(NULL, &r), -1);
    /* Rules out of range are refused by ratelimit_new. */
    const ratelimit_rule wrong[1] = {{5, 0, 5}};
    assert_null(ratelimit_new(wrong, 1, 10));
    const ratelimit_rule ok[1] = {{5, 1000, 5}};
    assert_null(ratelimit_new(ok, 0, 10));
    assert_null(ratelimit_new(ok, 9, 10));
    ratelimit_free(NULL);
}

/* Threads: each takes from a shared address and its own, at one instant
 * (no refill): exactly `burst` succeed for each address. */
#define THREADS 8
#define TAKES 5000

typedef struct worker {
    ratelimit *rl;
    int id, shared_ok, own_ok;
} worker;

static void *run(void *arg)
{
    worker *w = arg;
    char own[32];
    snprintf(own, sizeof own, "10.1.0.%d", w->id);
    for (int i = 0; i < TAKES; i++) {
        w->shared_ok += ratelimit_take(w->rl, RL_REQUESTS, "10.9.9.9", 0, NULL);
        w->own_ok += ratelimit_take(w->rl, RL_REQUESTS, own, 0, NULL);
        /* And new addresses, which push out others (a small table). */
        char other[32];
        snprintf(other, sizeof other, "10.2.%d.%d", w->id, i & 255);
        ratelimit_take(w->rl, RL_GAMES, other, 0, NULL);
    }
    return NULL;
}

static void threads(void **state)
{
    (void)state;
    ratelimit *rl = make(1, 60000, 1000, 4096);
    pthread_t t[THREADS];
    worker w[THREADS];
    for (int i = 0; i < THREADS; i++) {
        w[i] = (worker){rl, i, 0, 0};
        assert_int_equal(pthread_create(&t[i], NULL, run, &w[i]), 0);
    }
    int shared = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        shared += w[i].shared_ok;
        assert_int_equal(w[i].own_ok, 1000);
    }
    assert_int_equal(shared, 1000);
    assert_true(ratelimit_addresses(rl) <= 4096);
    ratelimit_free(rl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bucket),
        cmocka_unit_test(retry_after),
        cmocka_unit_test(ipv6_prefix),
        cmocka_unit_test(bounded_table),
        cmocka_unit_test(parse),
        cmocka_unit_test(threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
