/*
 * tables.c - endgame tables in the page (the WebAssembly build), built on
 * first use inside the module, into the memory file system of
 * web/wasm/wasi.js (AWALE_WASM_TABLES_DIR, "/tables"), by the library's own
 * builder on one thread. Building beats shipping them: 14 seeds of abapa
 * are 9.7 MB, 4.0 MB with gzip -9 to download, and build in about 2 s of
 * one desktop core (docs/web.md, "WebAssembly figures").
 *
 *   int awale_wasm_tables_seeds(const aw_rules *rules)
 *       the seeds the page builds for `rules`: the most whose files fit in
 *       AWALE_WASM_TABLES_BUDGET (16 MB): 14 for abapa and two-seeds (one
 *       byte a position), 9 for seven-turns and grand-slam (their no-capture
 *       limit keeps the plies too: 25 to 45 bytes a position); 0 for rules
 *       without tables (relay).
 *
 *   aw_tables *awale_wasm_tables_open(const aw_rules *rules, void *ctx)
 *       opens the tables of `rules` in /tables up to those seeds, building
 *       the missing layers first (seconds, on the calling thread); NULL for
 *       rules without tables or on error. Its signature is the web app's
 *       open_tables hook (web/app.h); ctx is unused.
 *
 *   int awale_wasm_tables_build(const char *rules_name, int seeds)
 *       exported by the module as "awale_wasm_tables_build": builds the
 *       tables of the preset `rules_name` up to `seeds` (0 or less: the
 *       seeds above) in /tables; returns the seeds built, or -1 (the reason
 *       on stderr). For a second worker that builds while the first one
 *       plays: its files (wasi.fs.files('/tables')) can then be copied into
 *       the first one's file system, and kept in IndexedDB for the next
 *       visit, before the first one opens them.
 */
#include "wasm/tables.h"

#include <stdio.h>
#include <string.h>

int awale_wasm_tables_seeds(const aw_rules *rules)
{
    aw_error err;
    if (aw_tables_supported(rules, &err))
        return 0;
    /* Bytes a position, an upper bound: with a no-capture limit each
     * position keeps its plies to the end for every count of plies already
     * played without capture. */
    const uint64_t per = rules->no_capture ? 48 : 1;
    int seeds = 0;
    while (seeds < 48 && aw_tables_positions(seeds + 1) * per <= AWALE_WASM_TABLES_BUDGET)
        seeds++;
    return seeds;
}

aw_tables *awale_wasm_tables_open(const aw_rules *rules, void *ctx)
{
    (void)ctx;
    const int seeds = awale_wasm_tables_seeds(rules);
    aw_error err;
    if (seeds <= 0)
        return NULL;
    aw_tables *t = aw_tables_open_or_build(AWALE_WASM_TABLES_DIR, rules, seeds, &err);
    if (!t)
        fprintf(stderr, "awale: endgame tables of %s: %s\n", rules->name, err.msg);
    return t;
}

#if defined(__wasm__)
__attribute__((export_name("awale_wasm_tables_build")))
#endif
int awale_wasm_tables_build(const char *rules_name, int seeds)
{
    aw_rules rules;
    aw_error err;
    if (aw_rules_preset(rules_name, &rules, &err) || aw_tables_supported(&rules, &err)) {
        fprintf(stderr, "awale: endgame tables of %s: %s\n", rules_name, err.msg);
        return -1;
    }
    if (seeds <= 0)
        seeds = awale_wasm_tables_seeds(&rules);
    aw_tables_build_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seeds = seeds;
    opt.threads = 1;
    if (aw_tables_build(AWALE_WASM_TABLES_DIR, &rules, &opt, &err)) {
        fprintf(stderr, "awale: endgame tables of %s: %s\n", rules_name, err.msg);
        return -1;
    }
    return seeds;
}
