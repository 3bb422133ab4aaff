/*
 * gettext.h - the catalogs of the WebAssembly build (make web-static):
 * wasi-libc has no gettext, so po/LANG.po, compiled by msgfmt, is embedded
 * (mk/web-static.mk generates the table) and read by src/wasm/gettext.c,
 * which provides the few functions of <libintl.h> that src/front uses, and
 * by src/front/i18n.c for the words of the web app's answers.
 */
#ifndef AW_WASM_GETTEXT_H
#define AW_WASM_GETTEXT_H

#include <stddef.h>

typedef struct wasm_catalog_data {
    const char *lang;          /* "fr" */
    const unsigned char *data; /* the .mo file */
    size_t size;
} wasm_catalog_data;

/* Generated: one entry per po/LANG.po, then {0, 0, 0}. */
extern const wasm_catalog_data wasm_catalogs[];

/* The .mo file of `lang`, NULL when there is none. */
const unsigned char *wasm_catalog(const char *lang, size_t *size);

#endif
