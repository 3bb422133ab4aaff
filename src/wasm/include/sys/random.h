/*
 * sys/random.h - getrandom() for the WebAssembly build: wasi-libc has
 * getentropy() only (the random_get of WASI), so getrandom is declared here
 * and made of it in src/wasm/random.c, for the web app's game ids and
 * secrets (src/web/games.c, secret.c).
 */
#ifndef AW_WASM_SYS_RANDOM_H
#define AW_WASM_SYS_RANDOM_H

#include_next <sys/random.h>
#include <sys/types.h>

ssize_t getrandom(void *buf, size_t len, unsigned flags);

#endif
