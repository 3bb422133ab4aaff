/*
 * abi.c - the library's version and the layout of its public structs, for
 * bindings that mirror them (the Python module, python/awale/_lib.py,
 * compares every field of its ctypes copies with aw_abi_layout, so that a
 * struct changed in awale.h and not in the binding fails the tests instead
 * of corrupting memory).
 */
#include "awale.h"

#include <stddef.h>
#include <string.h>

const char *aw_version(void) { return AW_VERSION; }

typedef struct layout {
    const char *type;
    const char *field; /* NULL: the row giving the struct's size */
    size_t value;
} layout;

#define SIZE(T) {#T, NULL, sizeof(T)}
#define FIELD(T, F) {#T, #F, offsetof(T, F)}

static const layout layouts[] = {
    SIZE(aw_error),
    FIELD(aw_error, msg),

    SIZE(aw_rules),
    FIELD(aw_rules, name),
    FIELD(aw_rules, family),
    FIELD(aw_rules, captures),
    FIELD(aw_rules, grand_slam),
    FIELD(aw_rules, cannot_feed),
    FIELD(aw_rules, empty_row),
    FIELD(aw_rules, agreement),
    FIELD(aw_rules, target),
    FIELD(aw_rules, no_capture),
    FIELD(aw_rules, repetition),
    FIELD(aw_rules, play_on),
    FIELD(aw_rules, clockwise),
    FIELD(aw_rules, skip_origin),
    FIELD(aw_rules, chain_backward),
    FIELD(aw_rules, no_move_pass),

    SIZE(aw_position),
    FIELD(aw_position, pits),
    FIELD(aw_position, score),
    FIELD(aw_position, side),
    FIELD(aw_position, unused),
    FIELD(aw_position, quiet),

    SIZE(aw_step),
    FIELD(aw_step, kind),
    FIELD(aw_step, pit),
    FIELD(aw_step, count),

    SIZE(aw_move_report),
    FIELD(aw_move_report, move),
    FIELD(aw_move_report, mover),
    FIELD(aw_move_report, seeds),
    FIELD(aw_move_report, sown),
    FIELD(aw_move_report, laps),
    FIELD(aw_move_report, last),
    FIELD(aw_move_report, captured),
    FIELD(aw_move_report, npits),
    FIELD(aw_move_report, pits),
    FIELD(aw_move_report, pit_seeds),
    FIELD(aw_move_report, grand_slam),
    FIELD(aw_move_report, slam_void),
    FIELD(aw_move_report, nsteps),
    FIELD(aw_move_report, truncated),
    FIELD(aw_move_report, steps),

    SIZE(aw_score),
    FIELD(aw_score, kind),
    FIELD(aw_score, value),
    FIELD(aw_score, margin),
    FIELD(aw_score, plies),

    SIZE(aw_search_line),
    FIELD(aw_search_line, score),
    FIELD(aw_search_line, length),
    FIELD(aw_search_line, pv),

    SIZE(aw_search_info),
    FIELD(aw_search_info, depth),
    FIELD(aw_search_info, seldepth),
    FIELD(aw_search_info, nodes),
    FIELD(aw_search_info, nps),
    FIELD(aw_search_info, time_ms),
    FIELD(aw_search_info, hashfull),
    FIELD(aw_search_info, lines),
    FIELD(aw_search_info, line),

    SIZE(aw_search_result),
    FIELD(aw_search_result, best),
    FIELD(aw_search_result, ponder),
    FIELD(aw_search_result, info),
    FIELD(aw_search_result, book),
    FIELD(aw_search_result, tables),

    SIZE(aw_limits),
    FIELD(aw_limits, depth),
    FIELD(aw_limits, nodes),
    FIELD(aw_limits, movetime_ms),
    FIELD(aw_limits, time_ms),
    FIELD(aw_limits, inc_ms),
    FIELD(aw_limits, movestogo),
    FIELD(aw_limits, infinite),
    FIELD(aw_limits, ponder),
    FIELD(aw_limits, multipv),
    FIELD(aw_limits, only),
    FIELD(aw_limits, only_count),

    SIZE(aw_engine_option),
    FIELD(aw_engine_option, name),
    FIELD(aw_engine_option, type),
    FIELD(aw_engine_option, def),
    FIELD(aw_engine_option, min),
    FIELD(aw_engine_option, max),
    FIELD(aw_engine_option, help),
    FIELD(aw_engine_option, def_string),

    SIZE(aw_book_info),
    FIELD(aw_book_info, rules),
    FIELD(aw_book_info, root),
    FIELD(aw_book_info, positions),
    FIELD(aw_book_info, inner),
    FIELD(aw_book_info, depth),
    FIELD(aw_book_info, nodes),
    FIELD(aw_book_info, hash_mb),
    FIELD(aw_book_info, alpha),
    FIELD(aw_book_info, max_plies),
    FIELD(aw_book_info, value),

    SIZE(aw_book_progress),
    FIELD(aw_book_progress, positions),
    FIELD(aw_book_progress, inner),
    FIELD(aw_book_progress, target),
    FIELD(aw_book_progress, searches),
    FIELD(aw_book_progress, root),
    FIELD(aw_book_progress, line_length),
    FIELD(aw_book_progress, line),
    FIELD(aw_book_progress, complete),

    SIZE(aw_book_build_options),
    FIELD(aw_book_build_options, depth),
    FIELD(aw_book_build_options, nodes),
    FIELD(aw_book_build_options, positions),
    FIELD(aw_book_build_options, alpha),
    FIELD(aw_book_build_options, threads),
    FIELD(aw_book_build_options, hash_mb),
    FIELD(aw_book_build_options, progress),
    FIELD(aw_book_build_options, ctx),

    SIZE(aw_tables_progress),
    FIELD(aw_tables_progress, seeds),
    FIELD(aw_tables_progress, max_seeds),
    FIELD(aw_tables_progress, threshold),
    FIELD(aw_tables_progress, phase),
    FIELD(aw_tables_progress, done),
    FIELD(aw_tables_progress, total),
    FIELD(aw_tables_progress, memory),
    FIELD(aw_tables_progress, threads),
    FIELD(aw_tables_progress, loaded),
    FIELD(aw_tables_progress, built),
    FIELD(aw_tables_progress, ranks),

    SIZE(aw_tables_build_options),
    FIELD(aw_tables_build_options, seeds),
    FIELD(aw_tables_build_options, threads),
    FIELD(aw_tables_build_options, compress),
    FIELD(aw_tables_build_options, memory_limit),
    FIELD(aw_tables_build_options, progress),
    FIELD(aw_tables_build_options, log),
    FIELD(aw_tables_build_options, ctx),
};

long aw_abi_layout(const char *type, const char *field)
{
    if (!type)
        return -1;
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
        const layout *l = &layouts[i];
        if (strcmp(l->type, type) != 0)
            continue;
        if (field ? l->field && strcmp(l->field, field) == 0 : !l->field)
            return (long)l->value;
    }
    return -1;
}
