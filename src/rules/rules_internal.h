/*
 * rules_internal.h - what the rules modules share and the public header does
 * not show: the error helper and the per-family move generators behind the
 * one game interface of awale.h (the public functions dispatch on
 * rules->family to these).
 */
#ifndef AW_RULES_INTERNAL_H
#define AW_RULES_INTERNAL_H

#include "awale.h"
#include "util/check.h"

#if defined(__GNUC__)
#define AW_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define AW_PRINTF(a, b)
#endif

/* The caller's language for the library's sentences (aw_translate_fn):
 * aw_lang_text gives a sentence as the caller's catalogue has it, the
 * English when it has none or l is NULL. The files that say sentences mark
 * them with a TR("...") of their own (a keyword of scripts/po-check.sh). */
typedef struct aw_lang {
    aw_translate_fn tr;
    void *ctx;
} aw_lang;

#if defined(__GNUC__)
__attribute__((format_arg(2)))
#endif
static inline const char *aw_lang_text(const aw_lang *l, const char *s)
{
    const char *out = l && l->tr ? l->tr(l->ctx, s) : s;
    return out ? out : s;
}

/* Fill *err (when not NULL) and return -1. */
int aw_fail(aw_error *err, const char *fmt, ...) AW_PRINTF(2, 3);

/* Open `path` to read, as the library reads books and tables (file.c):
 * anything but a regular file (a named pipe, a directory, a device) is
 * refused without blocking, with the message "not a regular file (a named
 * pipe)". Returns the descriptor (O_CLOEXEC), or -1 with the reason in
 * *err (without the path, which the caller puts in front). */
int aw_file_open(const char *path, aw_error *err);

/* What a game record needs to follow its game (game.c, record_tree.c): the
 * lowest ply the game went back to (undo, reset) since game_synced, so that
 * the record compares only the moves that may have changed; and a cut back
 * to `ply` moves (an end by agreement goes with the cut). */
int game_low(const aw_game *game);
void game_synced(aw_game *game);
void game_truncate(aw_game *game, int ply);

/* Oware family (oware.c). */
int oware_generate(const aw_rules *r, const aw_position *p, aw_move moves[AW_MAX_MOVES]);
int oware_play(const aw_rules *r, aw_position *p, aw_move m);
aw_status oware_status(const aw_rules *r, const aw_position *p);

/* Relay family (relay.c). */
int relay_generate(const aw_rules *r, const aw_position *p, aw_move moves[AW_MAX_MOVES]);
int relay_play(const aw_rules *r, aw_position *p, aw_move m);
aw_status relay_status(const aw_rules *r, const aw_position *p);
const char *relay_explain(const aw_rules *r, const aw_position *p, aw_move move,
                          const aw_lang *l, char *buf, size_t size);

/* A relay still going after this many laps counts as endless
 * (docs/relay.md). */
#define RELAY_MAX_LAPS 65536

/* Relay sowing of `move` on pits (no capture), at most max_laps laps.
 * Returns the pit of the last seed, with *laps and *final_dir (0 = '+',
 * 1 = '-') when not NULL; -1 for an endless relay. For the unit tests. */
int relay_sow(uint8_t pits[AW_PITS], aw_move move, bool skip_origin, int max_laps, int *laps,
              int *final_dir);

/* The end of every move of both families, once the seeds are sown and
 * taken: the plies without a capture (kept at UINT16_MAX once there) and the
 * turn. */
static inline void position_moved(aw_position *p, int mover, int taken)
{
    if (taken)
        p->quiet = 0;
    else if (p->quiet < UINT16_MAX)
        p->quiet++;
    p->side = (uint8_t)(mover ^ 1);
}

#endif
