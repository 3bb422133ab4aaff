/*
 * timeman.c - time management and the stop checks of a search.
 *
 * Time: with a clock, a soft budget (time left / moves to go + most of the
 * increment) decides whether to start another iteration, and a hard one
 * (a fraction of the time left, after a safety margin) stops the search in
 * the middle of one, so the engine never loses on time (search_budget).
 * Every thread calls search_check every 1024 nodes: it publishes its node
 * count and reads the stop flag; the main thread also checks the node
 * limit and the clock there (pondering suspends the clock until ponderhit).
 */
#include "engine.h"

#include <time.h>

double search_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void search_check(worker *w)
{
    engine *e = w->eng;
    search_publish(w);
    if (atomic_load_explicit(&e->stop, memory_order_relaxed)) {
        w->stopped = true;
        return;
    }
    if (w->id != 0)
        return;
    if (e->limits.nodes && search_total_nodes(e) >= e->limits.nodes) {
        atomic_store(&e->stop, true);
        w->stopped = true;
        return;
    }
    const bool pondering = atomic_load_explicit(&e->pondering, memory_order_relaxed);
    if (e->was_pondering && !pondering) {
        e->was_pondering = false;
        e->ponderhit_time = search_now();
    }
    if (e->hard_time > 0 && !pondering) {
        double now = search_now();
        if (now - e->ponderhit_time >= e->hard_time) {
            atomic_store(&e->stop, true);
            w->stopped = true;
        }
    }
}

void search_budget(engine *e)
{
    const aw_limits *l = &e->limits;
    const int side = e->root.side;
    e->soft_time = e->hard_time = 0;
    if (l->infinite)
        return;
    if (l->movetime_ms > 0) {
        double t = (double)l->movetime_ms / 1000.0;
        double margin = t > 0.1 ? 0.01 : t * 0.1;
        e->soft_time = e->hard_time = t - margin;
        return;
    }
    if (l->time_ms[side] > 0 || l->inc_ms[side] > 0) {
        double left = (double)l->time_ms[side] / 1000.0, inc = (double)l->inc_ms[side] / 1000.0;
        double overhead = left > 1.0 ? 0.05 : left * 0.05;
        double avail = left - overhead;
        if (avail < left * 0.2)
            avail = left * 0.2;
        int mtg = l->movestogo > 0 ? l->movestogo : 0;
        if (mtg == 0) {
            /* Sudden death: the game has about as many moves left as
             * seeds on the board allow, rarely fewer than 10. */
            mtg = board_seeds(&e->root) / 2 + 10;
        }
        if (mtg > 50)
            mtg = 50;
        double soft = avail / mtg + inc * 0.75;
        double hard = mtg == 1 ? avail * 0.8 : avail * 0.4;
        if (hard > soft * 4)
            hard = soft * 4;
        if (soft > hard)
            soft = hard;
        if (hard < 0.001)
            hard = 0.001;
        e->soft_time = soft;
        e->hard_time = hard;
    }
}
