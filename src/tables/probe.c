/*
 * probe.c - using the tables: open a directory for a rule set (check every
 * layer, then map its file read-only, or load it into memory where it
 * cannot be mapped: compressed, or no mmap), probe a position, close.
 *
 * Mapped layers are the kernel's file cache, shared by every process that
 * opens them and given back under memory pressure, so a set larger than
 * the free memory (32 seeds, 21 GB) still opens; a probe whose page was
 * given back reads it from the disk again.
 *
 * A probe is arithmetic and one memory load: turn the board so that the
 * mover is South, rank it in its layer (11 additions of constants), pick the
 * plane of its no-capture counter, read one signed byte. No allocation,
 * locking or I/O once the tables are open, so any number of search threads
 * may probe at once.
 */
#include "tables_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct aw_tables {
    aw_rules rules;
    tb_key key;
    int seeds; /* layers 0..seeds are loaded */
    uint64_t size[TB_MAX_SEEDS + 1];
    const int8_t *layer[TB_MAX_SEEDS + 1];  /* plane after plane */
    const uint8_t *plies[TB_MAX_SEEDS + 1]; /* with a limit: plies to the end, */
    int plies_bytes[TB_MAX_SEEDS + 1];      /* that many bytes each            */
    tb_map map[TB_MAX_SEEDS + 1];   /* the layer's file, mapped; or else */
    tb_data data[TB_MAX_SEEDS + 1]; /* the layer, loaded */
    uint64_t bytes;
};

const char *aw_tables_default_dir(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, size, "%s/awale/tables", xdg);
    else if (home && home[0])
        n = snprintf(buf, size, "%s/.local/share/awale/tables", home);
    else
        return NULL;
    return n < 0 || (size_t)n >= size ? NULL : buf;
}

int aw_tables_supported(const aw_rules *rules, aw_error *err)
{
    tb_key k;
    return tb_key_of(rules, &k, err);
}

/* What a value proves (docs/tables.md, section 1, "What a value proves").
 * - Cycles: with a no-capture limit every capture-free run ends at the
 *   limit, which the tables count exactly (the counter is part of the
 *   position), and tb_key_of refuses a repetition rule that could fire
 *   first; so the game's history cannot matter. Without a limit endless
 *   play is ended by the repetition rule (each takes his own row, at an
 *   occurrence that depends on the history) or by nothing at all, and the
 *   tables count it as an even split: a convention, not the rules.
 * - The target is left out of the values. Above 24 it cannot change the
 *   result: at most one player can reach it (the scores never add up to
 *   more than 48), a player the tables call winning ends with at least 25
 *   or with nobody at the target, and one they call level or losing never
 *   gets there against the other's perfect play. At 24 or less, on a line
 *   the tables call level (24-24) whoever gets to the target first wins,
 *   and below 24 both players may reach it, the first one winning; and
 *   since the board and the stores always hold 48, one of them always
 *   still can. */
bool aw_tables_exact(const aw_rules *rules)
{
    return !aw_tables_supported(rules, NULL) && rules->no_capture > 0 &&
           (rules->target <= 0 || rules->play_on || rules->target > AW_SEEDS / 2);
}

aw_score aw_tables_score(const aw_rules *rules, const aw_position *pos, int value)
{
    const int me = pos->side, margin = pos->score[me] - pos->score[!me] + value;
    aw_score s = {AW_SCORE_SEEDS, 100 * margin, 0, 0};
    if (aw_tables_exact(rules)) {
        s.kind = margin > 0 ? AW_SCORE_WIN : margin < 0 ? AW_SCORE_LOSS : AW_SCORE_DRAW;
        s.margin = margin;
    }
    return s;
}

/* Open; *none tells that not even layer 0 was there (as opposed to a
 * damaged file). */
static aw_tables *open_layers(const char *dir, const aw_rules *rules, int max_seeds, bool *none,
                              aw_error *err)
{
    *none = false;
    tb_key key;
    if (tb_key_of(rules, &key, err))
        return NULL;
    aw_tables *t = calloc(1, sizeof *t);
    if (!t) {
        aw_fail(err, "out of memory");
        return NULL;
    }
    t->rules = *rules;
    t->key = key;
    t->seeds = -1;
    if (max_seeds <= 0 || max_seeds > TB_MAX_SEEDS)
        max_seeds = TB_MAX_SEEDS;
    for (int n = 0; n <= max_seeds; n++) {
        char path[4200];
        if (tb_layer_path(dir, &key, n, path, sizeof path)) {
            aw_fail(err, "directory name too long");
            aw_tables_close(t);
            return NULL;
        }
        if (access(path, F_OK) != 0)
            break;
        /* Mapped, then checked whole; or loaded (and checked) when it
         * cannot be mapped. */
        tb_header h;
        const int mapped = tb_map_layer(path, &key, n, false, &t->map[n], err);
        if (mapped < 0 || (mapped == 0 && tb_stream_layer(path, &key, n, &h, NULL, NULL, err)) ||
            (mapped > 0 && tb_load_layer(path, &key, n, &t->data[n], err))) {
            aw_tables_close(t);
            return NULL;
        }
        uint64_t entries;
        if (mapped == 0) {
            tb_map_populate(&t->map[n]);
            t->layer[n] = t->map[n].values;
            t->plies[n] = t->map[n].plies;
            t->plies_bytes[n] = t->map[n].plies_bytes;
            entries = t->map[n].entries;
        } else {
            t->layer[n] = t->data[n].values;
            t->plies[n] = t->data[n].plies;
            t->plies_bytes[n] = t->data[n].plies_bytes;
            entries = t->data[n].entries;
        }
        t->size[n] = tb_layer_size(n);
        t->bytes += entries * (1 + (uint64_t)t->plies_bytes[n]);
        t->seeds = n;
    }
    if (t->seeds < 0) {
        char name[128];
        tb_key_dirname(&key, name, sizeof name);
        aw_fail(err, "no endgame tables for %s in %s (build them with 'awale tables build')",
                name, dir);
        aw_tables_close(t);
        *none = true;
        return NULL;
    }
    return t;
}

aw_tables *aw_tables_open(const char *dir, const aw_rules *rules, int max_seeds, aw_error *err)
{
    bool none;
    return open_layers(dir, rules, max_seeds, &none, err);
}

void aw_tables_close(aw_tables *t)
{
    if (!t)
        return;
    for (int n = 0; n <= TB_MAX_SEEDS; n++) {
        tb_unmap_layer(&t->map[n]);
        tb_data_free(&t->data[n]);
    }
    free(t);
}

int aw_tables_seeds(const aw_tables *t) { return t ? t->seeds : -1; }
uint64_t aw_tables_bytes(const aw_tables *t) { return t ? t->bytes : 0; }

/* The entry of *pos: its layer n and index, or false when not covered.
 * *over: the counter has reached the limit (the game is over; *v is its
 * value then). */
static bool locate(const aw_tables *t, const aw_position *pos, int *n_out, uint64_t *at, bool *over,
                   int *v)
{
    fb_pits p;
    memset(&p, 0, sizeof p);
    const int first = pos->side == AW_NORTH ? AW_ROW : 0;
    int n = 0;
    for (int i = 0; i < AW_PITS; i++) {
        const int c = pos->pits[(first + i) % AW_PITS];
        p.b[FB_BYTE(i)] = (uint8_t)c;
        n += c;
    }
    if (n > t->seeds)
        return false;
    const int L = t->key.no_capture;
    *n_out = n;
    *over = L && pos->quiet >= L;
    if (*over) {
        /* Over by the limit, unless an earlier rule ends it first. */
        const aw_status s = tb_board_status(&p);
        *v = s == AW_ONGOING ? 0 : tb_terminal_value(&t->key, &p, s);
        return true;
    }
    *at = (uint64_t)(L ? pos->quiet : 0) * t->size[n] + tb_rank(&p);
    return true;
}

bool aw_tables_probe(const aw_tables *t, const aw_position *pos, int *value)
{
    int n;
    uint64_t at;
    bool over;
    if (!locate(t, pos, &n, &at, &over, value))
        return false;
    if (!over)
        *value = t->layer[n][at];
    return true;
}

bool aw_tables_probe_plies(const aw_tables *t, const aw_position *pos, int *value, int *plies)
{
    int n;
    uint64_t at;
    bool over;
    if (!t->key.no_capture || !locate(t, pos, &n, &at, &over, value))
        return false;
    if (over) {
        *plies = 0;
        return true;
    }
    *value = t->layer[n][at];
    *plies = tb_plies_at(t->plies[n], t->plies_bytes[n], at);
    return true;
}

bool aw_tables_probe_hook(void *ctx, const aw_rules *rules, const aw_position *pos, int *net)
{
    const aw_tables *t = ctx;
    const aw_rules *r = &t->rules;
    /* The parameters the values depend on (tb_key_of), compared directly. */
    if (rules != r &&
        (rules->family != r->family || rules->captures != r->captures ||
         rules->grand_slam != r->grand_slam || rules->cannot_feed != r->cannot_feed ||
         rules->empty_row != r->empty_row || rules->no_capture != r->no_capture ||
         rules->repetition != r->repetition))
        return false;
    return aw_tables_probe(t, pos, net);
}

int aw_tables_probe_moves_plies(const aw_tables *t, const aw_position *pos,
                                aw_move moves[AW_MAX_MOVES], int values[AW_MAX_MOVES],
                                int plies[AW_MAX_MOVES])
{
    int v;
    if (!aw_tables_probe(t, pos, &v))
        return -1;
    /* The target is not part of the value: moves are valued as if the game
     * went on. */
    aw_rules play = t->rules;
    play.target = 0;
    if (aw_position_status(&play, pos) != AW_ONGOING)
        return 0;
    const int n = aw_generate(&play, pos, moves);
    for (int i = 0; i < n; i++) {
        aw_position child = *pos;
        const int taken = aw_play(&play, &child, moves[i]);
        int cv, cp = -1;
        if (t->key.no_capture ? !aw_tables_probe_plies(t, &child, &cv, &cp)
                              : !aw_tables_probe(t, &child, &cv))
            return -1;
        values[i] = taken - cv;
        if (plies)
            plies[i] = cp < 0 ? -1 : 1 + cp;
    }
    return n;
}

int aw_tables_probe_moves(const aw_tables *t, const aw_position *pos, aw_move moves[AW_MAX_MOVES],
                          int values[AW_MAX_MOVES])
{
    return aw_tables_probe_moves_plies(t, pos, moves, values, NULL);
}

bool aw_tables_move(const aw_tables *t, const aw_position *pos, aw_move *move)
{
    aw_move moves[AW_MAX_MOVES];
    int values[AW_MAX_MOVES], plies[AW_MAX_MOVES], v, d;
    if (!aw_tables_probe_plies(t, pos, &v, &d))
        return false;
    const int n = aw_tables_probe_moves_plies(t, pos, moves, values, plies);
    for (int i = 0; i < n; i++)
        if (values[i] == v && plies[i] == d) {
            *move = moves[i];
            return true;
        }
    return false;
}

aw_tables *aw_tables_open_or_build(const char *dir, const aw_rules *rules, int seeds,
                                   aw_error *err)
{
    bool none;
    aw_tables *t = open_layers(dir, rules, seeds, &none, err);
    if (t && t->seeds >= seeds)
        return t;
    aw_tables_close(t);
    if (!t && !none)
        return NULL; /* a damaged file: reported, not silently rebuilt */
    aw_tables_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seeds = seeds;
    if (aw_tables_build(dir, rules, &opt, err))
        return NULL;
    return aw_tables_open(dir, rules, seeds, err);
}
