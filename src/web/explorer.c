/*
 * explorer.c - the opening explorer (explorer.h, docs/explorer.md): the
 * book's moves of a position (the built-in book of its rules, through
 * aw_book_probe) and the counts of the games of this server that reached
 * it, by next move and result.
 *
 * The index: an open-addressing hash table of (rules, position, move) ->
 * (South wins, North wins, draws). The key mixes a hash of the rule set
 * (its name and its differences from the preset), aw_position_hash of the
 * position (not the no-capture counter: transpositions meet) and the move;
 * the move REACHED counts every game that reached the position, the ones
 * that ended there included. Only the first EXPLORER_MAX_PLY plies of a
 * game are looked at, and a position a game reaches twice counts once.
 * The table grows by doubling up to EXPLORER_MAX_ENTRIES and then takes
 * no new keys (explorer.h). Two different keys colliding on 64 bits is
 * left to chance.
 *
 * Fresh: built at the first question from the newest EXPLORER_MAX_GAMES
 * finished games of the database (their ids kept, so that a game finishing
 * during the build is not counted twice), then every game that finishes
 * is added when it is saved (events.c calls explorer_game_saved with the
 * game's lock held; g->explored marks it counted). One mutex guards the
 * table; a question holds it while it reads, the build while it reads the
 * database (lock order: a game's lock, then this one, then the store's),
 * so a game finishing during the build waits for it, once (well under a
 * second for the bound of games, docs/explorer.md).
 */
#include "web/explorer.h"

#include "web/jsonout.h"
#include "web/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REACHED 0xFE /* the "move" of a position's own count */

typedef struct entry {
    uint64_t key; /* 0: empty */
    uint32_t south, north, draws;
} entry;

struct explorer {
    pthread_mutex_t lock;
    bool built;       /* the database's games are in (or there is none) */
    bool full;        /* a key was refused: the table is at its bound */
    entry *table;
    size_t cap, used; /* cap: a power of two (0: none yet) */
    int64_t games;    /* games counted */
    uint64_t *ids;    /* the build's game ids, sorted (see above) */
    size_t nids;
};

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static uint64_t rules_hash(const aw_rules *rules)
{
    char diff[512];
    aw_rules_diff(rules, diff, sizeof diff);
    uint64_t h = 1469598103934665603ULL; /* FNV-1a of "name diff" */
    for (const char *p = rules->name; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    h = (h ^ ' ') * 1099511628211ULL;
    for (const char *p = diff; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    return h;
}

static uint64_t key_of(uint64_t rules, const aw_position *pos, unsigned move)
{
    uint64_t k = mix(rules ^ mix(aw_position_hash(pos) + move * 0x9e3779b97f4a7c15ULL));
    return k ? k : 1;
}

static entry *find(explorer *x, uint64_t key)
{
    if (!x->cap)
        return NULL;
    for (size_t i = key & (x->cap - 1);; i = (i + 1) & (x->cap - 1)) {
        if (x->table[i].key == key)
            return &x->table[i];
        if (!x->table[i].key)
            return NULL;
    }
}

static bool grow(explorer *x)
{
    const size_t cap = x->cap ? x->cap * 2 : 4096;
    entry *t = calloc(cap, sizeof *t);
    if (!t)
        return false;
    for (size_t i = 0; i < x->cap; i++) {
        if (!x->table[i].key)
            continue;
        size_t j = x->table[i].key & (cap - 1);
        while (t[j].key)
            j = (j + 1) & (cap - 1);
        t[j] = x->table[i];
    }
    free(x->table);
    x->table = t;
    x->cap = cap;
    return true;
}

/* The entry of key, made when there is room; NULL when the table is at
 * its bound (x->full set). Load factor at most 3/4. */
static entry *take(explorer *x, uint64_t key)
{
    entry *e = find(x, key);
    if (e)
        return e;
    if (x->used + 1 > EXPLORER_MAX_ENTRIES) {
        x->full = true;
        return NULL;
    }
    if ((x->used + 1) * 4 > x->cap * 3 && !grow(x)) {
        x->full = true;
        return NULL;
    }
    size_t i = key & (x->cap - 1);
    while (x->table[i].key)
        i = (i + 1) & (x->cap - 1);
    x->table[i].key = key;
    x->used++;
    return &x->table[i];
}

static void count(entry *e, int result)
{
    if (!e)
        return;
    if (result == 0)
        e->south++;
    else if (result == 1)
        e->north++;
    else
        e->draws++;
}

/* 0 South won, 1 North won, 2 a draw, -1 unfinished. */
static int result_code(const char *result)
{
    return !strcmp(result, "1-0") ? 0 : !strcmp(result, "0-1") ? 1 : !strcmp(result, "1/2-1/2") ? 2 : -1;
}

/* Count one finished game's record text (lock held). */
static void add_record(explorer *x, const char *text)
{
    aw_error err;
    int line = 1;
    aw_record *rec = aw_record_read(&text, &line, &err);
    if (!rec)
        return;
    const int result = result_code(aw_record_result(rec));
    const aw_game *game = aw_record_game_const(rec);
    if (result >= 0) {
        const uint64_t rh = rules_hash(aw_game_rules(game));
        const int plies = aw_game_ply(game);
        uint64_t seen[EXPLORER_MAX_PLY + 1];
        int nseen = 0;
        for (int i = 0; i <= plies && i <= EXPLORER_MAX_PLY; i++) {
            const aw_position *pos = aw_game_position_at(game, i);
            const uint64_t reached = key_of(rh, pos, REACHED);
            bool again = false;
            for (int k = 0; k < nseen && !again; k++)
                again = seen[k] == reached;
            if (again)
                continue;
            seen[nseen++] = reached;
            count(take(x, reached), result);
            if (i < plies && i < EXPLORER_MAX_PLY)
                count(take(x, key_of(rh, pos, aw_game_move(game, i))), result);
        }
        x->games++;
    }
    aw_record_free(rec);
}

static bool parse_id(const char *id, uint64_t *out)
{
    char *end;
    if (strlen(id) != 16)
        return false;
    *out = strtoull(id, &end, 16);
    return !*end;
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static bool built_id(const explorer *x, const char *id)
{
    uint64_t v;
    return parse_id(id, &v) && x->nids &&
           bsearch(&v, x->ids, x->nids, sizeof v, cmp_u64) != NULL;
}

typedef struct id_list {
    char (*ids)[65];
    int n, cap;
} id_list;

static int collect(const store_game *sg, void *ctx)
{
    id_list *l = ctx;
    if (l->n == l->cap)
        return 1;
    snprintf(l->ids[l->n++], 65, "%s", sg->id);
    return 0;
}

/* The database's newest finished games into the index (lock held). */
static void build(web_app *a, explorer *x)
{
    x->built = true;
    if (!a->store)
        return;
    id_list l = {calloc(EXPLORER_MAX_GAMES, sizeof *l.ids), 0, EXPLORER_MAX_GAMES};
    x->ids = calloc(EXPLORER_MAX_GAMES, sizeof *x->ids);
    if (!l.ids || !x->ids) {
        free(l.ids);
        return;
    }
    char err[300];
    for (int offset = 0; l.n < l.cap; offset += 1000) {
        const int before = l.n;
        if (store_each_finished(a->store, offset, 1000, collect, &l, err, sizeof err) != 0) {
            fprintf(stderr, "awale serve: the explorer cannot read the archive: %s\n", err);
            break;
        }
        if (l.n - before < 1000)
            break;
    }
    for (int i = 0; i < l.n; i++) {
        bool finished;
        char *text = store_record(a->store, l.ids[i], &finished, err, sizeof err);
        if (text && finished) {
            add_record(x, text);
            uint64_t v;
            if (parse_id(l.ids[i], &v))
                x->ids[x->nids++] = v;
        }
        free(text);
    }
    qsort(x->ids, x->nids, sizeof *x->ids, cmp_u64);
    free(l.ids);
}

/* The app's explorer, made at the first use (NULL: out of memory). */
static explorer *explorer_of(web_app *a)
{
    pthread_mutex_lock(&a->lock);
    if (!a->explorer && (a->explorer = calloc(1, sizeof *a->explorer)))
        pthread_mutex_init(&a->explorer->lock, NULL);
    explorer *x = a->explorer;
    pthread_mutex_unlock(&a->lock);
    return x;
}

void explorer_free(explorer *x)
{
    if (!x)
        return;
    pthread_mutex_destroy(&x->lock);
    free(x->table);
    free(x->ids);
    free(x);
}

void explorer_game_saved(web_app *a, web_game *g)
{
    if (g->explored)
        return;
    struct session_result res;
    session_result(g->s, &res);
    if (!res.over || result_code(res.result) < 0)
        return;
    g->explored = true;
    explorer *x = explorer_of(a);
    if (!x)
        return;
    char *text = session_record_text(g->s);
    pthread_mutex_lock(&x->lock);
    /* Not built yet: the build reads it from the database (with one). */
    if (text && (x->built || !a->store) && !built_id(x, g->id))
        add_record(x, text);
    pthread_mutex_unlock(&x->lock);
    free(text);
}

/* ------------------------------------------------------------ the route */

bool query_rules(const web_request *req, web_reply *r, aw_rules *out)
{
    bool present;
    aw_error err;
    const char *name = query_value(req, "rules", &present);
    if (aw_rules_preset(present && *name ? name : "abapa", out, &err)) {
        web_reply_error(r, 400, "rules: %s", err.msg);
        return false;
    }
    for (int i = 0; i < req->nquery; i++) {
        if (strcmp(req->query[i].key, "rule") != 0)
            continue;
        const char *v = req->query[i].value ? req->query[i].value : "";
        if (!strchr(v, '=')) {
            web_reply_error(r, 400, "rule: '%.60s' is not PARAM=VALUE (e.g. rule=target=24)", v);
            return false;
        }
        if (aw_rules_set_arg(out, v, &err)) {
            web_reply_error(r, 400, "rule: %s", err.msg);
            return false;
        }
    }
    return true;
}

static json_t *book_moves(const aw_book *book, const aw_rules *rules, const aw_position *pos)
{
    json_t *list = json_array();
    aw_move moves[AW_MAX_MOVES];
    aw_score scores[AW_MAX_MOVES];
    const int n = book ? aw_book_probe(book, rules, pos, moves, scores) : 0;
    for (int i = 0; i < n; i++) {
        /* The book's line after the move: its best moves while in it. */
        json_t *line = json_array();
        json_array_append_new(line, jo_move(rules, moves[i]));
        aw_position p = *pos;
        aw_play(rules, &p, moves[i]);
        aw_move bm[AW_MAX_MOVES];
        aw_score bs[AW_MAX_MOVES];
        int depth = 0;
        while (depth < AW_SEARCH_MAX_PV && aw_position_status(rules, &p) == AW_ONGOING &&
               aw_book_probe(book, rules, &p, bm, bs) > 0) {
            json_array_append_new(line, jo_move(rules, bm[0]));
            aw_play(rules, &p, bm[0]);
            depth++;
        }
        json_array_append_new(list, json_pack("{s:o, s:o, s:i, s:o}", "move",
                                              jo_move(rules, moves[i]), "value",
                                              jo_score(&scores[i], pos->side), "depth", depth,
                                              "line", line));
    }
    return list;
}

static json_t *counts(const char *kmove, json_t *move, const entry *e)
{
    const json_int_t s = e ? e->south : 0, n = e ? e->north : 0, d = e ? e->draws : 0;
    json_t *o = json_pack("{s:I, s:I, s:I, s:I}", "games", s + n + d, "south", s, "north", n,
                          "draws", d);
    if (kmove)
        json_object_set_new(o, kmove, move);
    return o;
}

static int by_games(const void *a, const void *b)
{
    json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
    const json_int_t gx = json_integer_value(json_object_get(x, "games"));
    const json_int_t gy = json_integer_value(json_object_get(y, "games"));
    return gx < gy ? 1 : gx > gy ? -1 : 0;
}

static json_t *game_counts(web_app *a, const aw_rules *rules, const aw_position *pos)
{
    explorer *x = explorer_of(a);
    if (!x)
        return json_null();
    const uint64_t rh = rules_hash(rules);
    aw_move moves[AW_MAX_MOVES];
    const int n = aw_position_status(rules, pos) == AW_ONGOING ? aw_generate(rules, pos, moves) : 0;
    json_t *found[AW_MAX_MOVES];
    int nfound = 0;
    pthread_mutex_lock(&x->lock);
    if (!x->built)
        build(a, x);
    const entry *reached = find(x, key_of(rh, pos, REACHED));
    json_t *o = counts(NULL, NULL, reached);
    for (int i = 0; i < n; i++) {
        const entry *e = find(x, key_of(rh, pos, moves[i]));
        if (e)
            found[nfound++] = counts("move", jo_move(rules, moves[i]), e);
    }
    const json_int_t games = x->games;
    const bool full = x->full;
    pthread_mutex_unlock(&x->lock);
    qsort(found, (size_t)nfound, sizeof *found, by_games);
    json_t *list = json_array();
    for (int i = 0; i < nfound; i++)
        json_array_append_new(list, found[i]);
    json_object_set(o, "total", json_object_get(o, "games"));
    json_object_del(o, "games");
    json_object_set_new(o, "moves", list);
    json_object_set_new(o, "source", json_string(a->store ? "database" : "memory"));
    json_object_set_new(o, "counted", json_integer(games));
    json_object_set_new(o, "full", json_boolean(full));
    return o;
}

web_outcome handle_explorer(web_app *a, const web_request *req, web_reply *r)
{
    static const char *const allowed[] = {"rules", "rule", "position", NULL};
    if (!query_only(req, r, allowed))
        return WEB_REPLY;
    aw_rules rules;
    if (!query_rules(req, r, &rules))
        return WEB_REPLY;
    bool present;
    const char *text = query_value(req, "position", &present);
    aw_position pos = aw_position_start(AW_SOUTH);
    aw_error err;
    if (present && *text && aw_position_parse(text, &pos, &err)) {
        web_reply_error(r, 400, "position: %s", err.msg);
        return WEB_REPLY;
    }
    const aw_book *book = app_book(a, &rules);
    json_t *bm = book_moves(book, &rules, &pos);
    char ptext[AW_POSITION_MAX];
    json_t *o = json_pack("{s:o, s:s, s:o, s:b, s:b, s:o}", "rules", jo_rules(&rules), "position",
                          aw_position_format(&pos, ptext), "book", bm, "has_book", book != NULL,
                          "in_book", json_array_size(bm) > 0, "games",
                          game_counts(a, &rules, &pos));
    web_reply_value(r, 200, o);
    return WEB_REPLY;
}
