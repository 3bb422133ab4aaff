/*
 * engine.c - the engine object (aw_engine): its options, set by name and
 * read back; its life (new, free, clear); what it is given to search from
 * (a position or a game, whose positions since the last capture it keeps
 * for repetitions); the opening book and the endgame tables it consults;
 * and a search under way, which it stops and waits for (search.c starts
 * it).
 *
 * The Tables option opens the tables itself (sync_tables), once per rule
 * set, and installs them as its probe hook (aw_engine_set_probe with
 * aw_tables_probe_hook); the search reads more from them only when the hook
 * is that one (search.c, table_answer).
 */
#include "engine.h"
#include "nnue.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------- options */

static const aw_engine_option options[] = {
    {"Hash", "spin", 64, 1, 65536, "transposition table size in MB", NULL},
    {"Threads", "spin", 1, 1, AW_SEARCH_MAX_THREADS, "search threads", NULL},
    {"Level", "spin", 10, 1, 10, "playing strength: 10 full, 1 for a first game", NULL},
    {"MultiPV", "spin", 1, 1, AW_MAX_MOVES, "lines to report", NULL},
    {"Seed", "spin", 0, 0, 2147483647, "seed of the random choices of levels below 10", NULL},
    {"Eval", "string", 0, 0, 0,
     "evaluation: nnue (the network), linear (the tuned linear model; tuned is the same) or "
     "material (score difference only)",
     EVAL_DEFAULT == EVAL_NNUE ? "nnue" : "linear"},
    {"Tables", "string", 0, 0, 0, "endgame tables directory", ""},
    {"NullMove", "check", 0, 0, 1, "null-move pruning (for experiments; loses strength)", NULL},
    {"Quiescence", "check", 0, 0, 1, "follow captures at the horizon (for experiments)", NULL},
    {"Reductions", "check", 1, 0, 1, "late-move reductions (for experiments)", NULL},
    {"OwnBook", "check", 1, 0, 1, "play from the opening book, when one is given", NULL},
    {"BookVariety", "spin", 0, 0, 1000,
     "random choice among book moves this many hundredths of a seed below the best", NULL},
    {"EvalFile", "string", 0, 0, 0, "network file of Eval=nnue (empty: the built-in one)", ""},
};
#define NOPTIONS ((int)(sizeof options / sizeof options[0]))

int aw_engine_option_count(void) { return NOPTIONS; }

const aw_engine_option *aw_engine_option_info(int i)
{
    return i >= 0 && i < NOPTIONS ? &options[i] : NULL;
}

aw_engine *aw_engine_new(aw_error *err)
{
    engine *e = calloc(1, sizeof *e);
    if (!e) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    e->hash_mb = 64;
    e->threads = 1;
    e->level = 10;
    e->multipv = 1;
    e->null_move = false;
    e->reductions = true;
    e->own_book = true;
    e->book_rng = UINT64_C(0xb00cb00cb00cb00c);
    e->eval_kind = EVAL_DEFAULT;
    e->weights = EVAL_DEFAULT == EVAL_MATERIAL ? NULL : &eval_tuned;
    e->rules = aw_rules_default();
    e->root = aw_position_start(AW_SOUTH);
    e->hist[0] = e->root;
    e->ohist[0] = fb_from_position(&e->root).pits;
    e->hist_len = 1;
    e->have_position = true;
    atomic_init(&e->stop, false);
    atomic_init(&e->stop_asked, false);
    atomic_init(&e->pondering, false);
    atomic_init(&e->running, false);
    /* The table is made by the first search (prepare): an engine that never
     * searches (a game between people, options set then changed) holds
     * none. */
    return e;
}

void aw_engine_free(aw_engine *e)
{
    if (!e)
        return;
    if (e->joinable) {
        aw_search_stop(e);
        aw_search_wait(e, NULL);
    }
    aw_tables_close(e->tables_open);
    tt_free(&e->table);
    free(e->workers);
    free(e->own_net);
    free(e);
}

static const aw_engine_option *find_option(const char *name)
{
    for (int i = 0; i < NOPTIONS; i++)
        if (strcasecmp(options[i].name, name) == 0)
            return &options[i];
    return NULL;
}

int aw_engine_set_option(aw_engine *e, const char *name, const char *value, aw_error *err)
{
    const aw_engine_option *o = find_option(name);
    if (!o)
        return aw_fail(err, "unknown engine option '%s'", name);
    if (atomic_load(&e->running) || e->joinable)
        return aw_fail(err, "cannot set option %s during a search", o->name);
    if (strcmp(o->type, "spin") == 0) {
        char *end;
        errno = 0;
        long long v = strtoll(value, &end, 10);
        if (!*value || *end || errno || v < o->min || v > o->max)
            return aw_fail(err, "bad value '%s' for option %s (expected %lld..%lld)", value,
                           o->name, o->min, o->max);
        if (o == &options[0]) {
            /* A table in use is made again at once; none yet: the first
             * search makes it at this size. */
            if (v != e->hash_mb) {
                if (e->table.slots && tt_init(&e->table, (size_t)v))
                    return aw_fail(err, "not enough memory for a %lld MB table", v);
                e->hash_mb = (int)v;
            }
        } else if (o == &options[1]) {
            e->threads = (int)v;
        } else if (o == &options[2]) {
            e->level = (int)v;
        } else if (o == &options[3]) {
            e->multipv = (int)v;
        } else if (o == &options[4]) {
            e->seed = v;
            e->rng = (uint64_t)v;
            e->book_rng = (uint64_t)v ^ UINT64_C(0xb00cb00cb00cb00c);
        } else if (o == &options[11]) {
            e->book_variety = (int)v;
        }
        return 0;
    }
    if (strcmp(o->type, "check") == 0) {
        bool v;
        if (strcasecmp(value, "true") == 0 || strcmp(value, "1") == 0)
            v = true;
        else if (strcasecmp(value, "false") == 0 || strcmp(value, "0") == 0)
            v = false;
        else
            return aw_fail(err, "bad value '%s' for option %s (expected true or false)", value,
                           o->name);
        if (o == &options[7])
            e->null_move = v;
        else if (o == &options[8])
            e->quiescence = v;
        else if (o == &options[10])
            e->own_book = v;
        else
            e->reductions = v;
        return 0;
    }
    if (o == &options[5]) {
        if (strcasecmp(value, "linear") == 0 || strcasecmp(value, "tuned") == 0)
            e->eval_kind = EVAL_LINEAR;
        else if (strcasecmp(value, "material") == 0)
            e->eval_kind = EVAL_MATERIAL;
        else if (strcasecmp(value, "nnue") == 0)
            e->eval_kind = EVAL_NNUE;
        else
            return aw_fail(err,
                           "bad value '%s' for option Eval (expected nnue, linear, tuned or "
                           "material)",
                           value);
        e->weights = e->eval_kind == EVAL_MATERIAL ? NULL : &eval_tuned;
        return 0;
    }
    if (o == &options[12]) {
        /* A network file: loaded now, so that a bad one is an error here
         * and the engine keeps the network it had. */
        if (strlen(value) >= sizeof e->eval_file)
            return aw_fail(err, "the EvalFile path is too long");
        if (!*value) {
            free(e->own_net);
            e->own_net = NULL;
            e->eval_file[0] = 0;
            return 0;
        }
        nnue_net *net = malloc(sizeof *net);
        if (!net)
            return aw_fail(err, "out of memory");
        aw_error why;
        if (nnue_load_file(net, value, NN_FAMILY_OWARE, &why)) {
            free(net);
            return aw_fail(err, "EvalFile: %s", why.msg);
        }
        free(e->own_net);
        e->own_net = net;
        strcpy(e->eval_file, value);
        return 0;
    }
    if (strlen(value) >= sizeof e->tables)
        return aw_fail(err, "the Tables path is too long");
    if (atomic_load(&e->running) || e->joinable)
        return aw_fail(err, "cannot change Tables during a search");
    strcpy(e->tables, value);
    /* Opened for the rules of the next position set (sync_tables). */
    if (e->tables_open && e->probe_ctx == e->tables_open)
        aw_engine_set_probe(e, NULL, NULL, 0);
    aw_tables_close(e->tables_open);
    e->tables_open = NULL;
    e->tables_tried = false;
    return 0;
}

const char *aw_engine_get_option(const aw_engine *e, const char *name, char *buf, size_t size)
{
    const aw_engine_option *o = find_option(name);
    if (!o)
        return NULL;
    if (o == &options[0])
        snprintf(buf, size, "%d", e->hash_mb);
    else if (o == &options[1])
        snprintf(buf, size, "%d", e->threads);
    else if (o == &options[2])
        snprintf(buf, size, "%d", e->level);
    else if (o == &options[3])
        snprintf(buf, size, "%d", e->multipv);
    else if (o == &options[4])
        snprintf(buf, size, "%lld", e->seed);
    else if (o == &options[5])
        snprintf(buf, size, "%s",
                 e->eval_kind == EVAL_NNUE     ? "nnue"
                 : e->eval_kind == EVAL_LINEAR ? "linear"
                                               : "material");
    else if (o == &options[7])
        snprintf(buf, size, "%s", e->null_move ? "true" : "false");
    else if (o == &options[8])
        snprintf(buf, size, "%s", e->quiescence ? "true" : "false");
    else if (o == &options[9])
        snprintf(buf, size, "%s", e->reductions ? "true" : "false");
    else if (o == &options[10])
        snprintf(buf, size, "%s", e->own_book ? "true" : "false");
    else if (o == &options[11])
        snprintf(buf, size, "%d", e->book_variety);
    else if (o == &options[12])
        snprintf(buf, size, "%s", e->eval_file);
    else
        snprintf(buf, size, "%s", e->tables);
    return buf;
}

void aw_engine_clear(aw_engine *e)
{
    if (atomic_load(&e->running) || e->joinable)
        return;
    tt_clear(&e->table);
    if (e->workers)
        for (int i = 0; i < e->nworkers; i++) {
            memset(e->workers[i].history, 0, sizeof e->workers[i].history);
            memset(e->workers[i].killer, 0, sizeof e->workers[i].killer);
        }
    e->rng = (uint64_t)e->seed;
}

void aw_engine_set_book(aw_engine *e, const aw_book *book) { e->book = book; }

void aw_engine_set_probe(aw_engine *e, aw_probe_fn probe, void *ctx, int max_seeds)
{
    e->probe = probe;
    e->probe_ctx = ctx;
    e->probe_seeds = max_seeds;
}

/* The Tables option: the tables in that directory for the position's
 * rules, opened once per rule set (a probe set with aw_engine_set_probe
 * stays when the option is empty). */
static void sync_tables(engine *e)
{
    const aw_rules *a = &e->rules, *b = &e->tables_rules;
    if (e->tables_tried && a->family == b->family && a->captures == b->captures &&
        a->grand_slam == b->grand_slam && a->cannot_feed == b->cannot_feed &&
        a->empty_row == b->empty_row && a->no_capture == b->no_capture &&
        a->repetition == b->repetition)
        return;
    if (e->tables_open && e->probe_ctx == e->tables_open)
        aw_engine_set_probe(e, NULL, NULL, 0);
    aw_tables_close(e->tables_open);
    e->tables_open = NULL;
    e->tables_tried = e->tables[0] != 0;
    e->tables_rules = e->rules;
    if (!e->tables[0] || aw_tables_supported(&e->rules, NULL))
        return;
    e->tables_open = aw_tables_open(e->tables, &e->rules, 0, NULL);
    if (e->tables_open)
        aw_engine_set_probe(e, aw_tables_probe_hook, e->tables_open,
                            aw_tables_seeds(e->tables_open));
}

int aw_engine_set_position(aw_engine *e, const aw_rules *rules, const aw_position *pos,
                           aw_error *err)
{
    if (atomic_load(&e->running) || e->joinable)
        return aw_fail(err, "cannot set the position during a search");
    e->rules = *rules;
    e->root = *pos;
    e->hist[0] = *pos;
    e->ohist[0] = fb_from_position(pos).pits;
    e->hist_len = 1;
    e->have_position = true;
    sync_tables(e);
    return 0;
}

int aw_engine_set_game(aw_engine *e, const aw_game *game, aw_error *err)
{
    if (aw_engine_set_position(e, aw_game_rules(game), aw_game_position(game), err))
        return -1;
    /* The positions since the last capture, oldest first, the root last. */
    const int ply = aw_game_ply(game);
    const int seeds = board_seeds(aw_game_position(game));
    int first = ply;
    while (first > 0 && ply - first + 1 < HISTORY_MAX &&
           board_seeds(aw_game_position_at(game, first - 1)) == seeds)
        first--;
    e->hist_len = 0;
    for (int i = first; i <= ply; i++) {
        const aw_position *p = aw_game_position_at(game, i);
        e->hist[e->hist_len] = *p;
        e->ohist[e->hist_len] = fb_from_position(p).pits;
        e->hist_len++;
    }
    return 0;
}

/* ------------------------------------ a search under way: stop, wait */

void aw_search_stop(aw_engine *e)
{
    atomic_store(&e->stop_asked, true);
    atomic_store(&e->stop, true);
}

void search_hold_stops(aw_engine *e, bool on)
{
    e->hold_stops = on;
    atomic_store(&e->stop_asked, false);
}

bool search_stop_asked(const aw_engine *e) { return atomic_load(&e->stop_asked); }

void aw_search_ponderhit(aw_engine *e) { atomic_store(&e->pondering, false); }

bool aw_search_running(const aw_engine *e) { return atomic_load(&e->running); }

int aw_search_wait(aw_engine *e, aw_search_result *result)
{
    if (!e->joinable)
        return -1;
    pthread_join(e->bg, NULL);
    e->joinable = false;
    if (result)
        *result = e->result;
    return 0;
}
