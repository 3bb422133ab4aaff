/*
 * tables.h - endgame tables in the page (the WebAssembly build): see
 * tables.c.
 */
#ifndef AW_WASM_TABLES_H
#define AW_WASM_TABLES_H

#include <awale.h>

/* Where the tables live in the memory file system of web/wasm/wasi.js. */
#define AWALE_WASM_TABLES_DIR "/tables"
/* The bytes of table files a rule set may take on a phone. */
#define AWALE_WASM_TABLES_BUDGET (16u << 20)

int awale_wasm_tables_seeds(const aw_rules *rules);
int awale_wasm_tables_build(const char *rules_name, int seeds);
aw_tables *awale_wasm_tables_open(const aw_rules *rules, void *ctx);

#endif
