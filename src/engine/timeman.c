/*
 * timeman.c - time management and the stop checks of a search.
 *
 * Time: with a clock, a soft budget (time left / moves to go + most of the
 * increment) decides whether to start another iteration, scaled by the
 * smart manager by how settled the search is (search_time_continue), and a
 * hard one (a fraction of the time left, after a safety margin) stops the
 * search in the middle of one, so the engine never loses on time
 * (search_budget).
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
        int mtg = l->movestogo > 0 ? l->movestogo : 0;
        if (mtg == 0) {
            /* Sudden death: the game has about as many moves left as
             * seeds on the board allow, rarely fewer than 10. */
            mtg = board_seeds(&e->root) / 2 + 10;
        }
        if (mtg > 50)
            mtg = 50;
        double overhead = left > 1.0 ? 0.05 : left * 0.05;
        if (e->time_manager == TM_SMART) {
            /* A reserve of 10 ms for each move to go and two more (the
             * way Stockfish keeps its move overhead), at most half the
             * clock: on a short clock with increment the clock settles
             * where the moves spend the increment, and the reserve is
             * what stands between it and a slow answer (the simple
             * manager's 5% settles at tens of ms with 20 ms a move). */
            overhead = 0.010 * (2 + mtg);
            if (overhead > left * 0.5)
                overhead = left * 0.5;
        }
        double avail = left - overhead;
        if (avail < left * 0.2)
            avail = left * 0.2;
        double soft = avail / mtg + inc * 0.75;
        /* The smart manager saves time on settled moves (without this it
         * used a sixth less time a move than the simple one over a match
         * at 4 s + 50 ms): its budget is a fifth larger, so that the time
         * saved goes to the unclear moves. */
        if (e->time_manager == TM_SMART)
            soft *= 1.2;
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

/* The smart manager (TimeManager=smart, the default) scales the soft budget
 * by how settled the search is, as the engines of chess do (Stockfish's
 * best-move instability and falling evaluation): a best move that changed
 * in the last iterations (the changes halve each iteration) up to twice
 * the time; a score that dropped below the last two iterations' up to 1.7
 * times; a best move kept for 6 iterations 0.7 of it, for 10 half; a
 * proven result kept for 3 iterations a quarter. The scale is kept within
 * 0.25..2.5 and the whole within the hard limit; an iteration starts only
 * before 55% of the scaled budget (an iteration takes about as long again
 * as all those before it). Simple: the fixed budget, 55% of it. */
bool search_time_continue(engine *e, tm_state *s, int depth, aw_move best, int score)
{
    (void)depth;
    const bool changed = s->iterations > 0 && best != s->best;
    s->changes = s->changes * 0.5 + (changed ? 1.0 : 0.0);
    s->stable = s->iterations == 0 || changed ? 0 : s->stable + 1;
    s->score[2] = s->score[1];
    s->score[1] = s->score[0];
    s->score[0] = score;
    s->best = best;
    s->iterations++;
    s->factor = 1.0;
    if (e->soft_time <= 0 || e->soft_time >= e->hard_time || atomic_load(&e->pondering))
        return true;
    const double elapsed = search_now() - e->start;
    if (e->time_manager == TM_SIMPLE)
        return elapsed < e->soft_time * 0.55;
    double f = 1.0 + s->changes;
    if (s->stable >= 10)
        f *= 0.5;
    else if (s->stable >= 6)
        f *= 0.7;
    if (s->iterations >= 3 && !sc_is_proven(score)) {
        const int ref = s->score[1] > s->score[2] ? s->score[1] : s->score[2];
        const int drop = ref - score;
        if (drop > 0 && !sc_is_proven(ref))
            f *= 1.0 + (drop < 200 ? drop : 200) / 300.0;
    }
    if (sc_is_proven(score) && s->stable >= 3)
        f *= 0.25;
    if (f < 0.25)
        f = 0.25;
    if (f > 2.5)
        f = 2.5;
    s->factor = f;
    double target = e->soft_time * f;
    if (target > e->hard_time)
        target = e->hard_time;
    return elapsed < target * 0.55;
}
