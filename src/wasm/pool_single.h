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
/* Whether the running job has had its slice of time (POOL_SLICE_MS, or
 * what pool_set_slice says): a job that can pause (a review) does, with
 * pool_job_again. */
#define POOL_SLICE_MS 1000
bool pool_slice_over(pool *p);
void pool_set_slice(pool *p, int ms);

#endif
