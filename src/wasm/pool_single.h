/*
 * pool_single.h - what the WebAssembly build's pool (pool_single.c) adds
 * to src/web/pool.h: the host (the Web Worker, through src/wasm/app.c)
 * runs the queued jobs itself, one per call, between the messages it
 * reads.
 */
#ifndef AW_WASM_POOL_SINGLE_H
#define AW_WASM_POOL_SINGLE_H

#include "web/pool.h"

/* Run the next job (foreground first), if any. Returns the jobs still
 * waiting after it. */
int pool_run_one(pool *p);
/* The jobs waiting (foreground and background). */
int pool_waiting(pool *p);

#endif
