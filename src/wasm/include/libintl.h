/*
 * libintl.h - the part of gettext that src/front uses, for the WebAssembly
 * build, whose wasi-libc has none: src/wasm/gettext.c answers from the
 * catalogs compiled in (src/wasm/gettext.h).
 */
#ifndef AW_WASM_LIBINTL_H
#define AW_WASM_LIBINTL_H

/* As glibc's: the translation of a format is a format with the same arguments. */
char *gettext(const char *msgid) __attribute__((format_arg(1)));
char *dgettext(const char *domain, const char *msgid) __attribute__((format_arg(2)));
char *dcgettext(const char *domain, const char *msgid, int category)
    __attribute__((format_arg(2)));
char *ngettext(const char *msgid, const char *plural, unsigned long n)
    __attribute__((format_arg(1))) __attribute__((format_arg(2)));
char *dngettext(const char *domain, const char *msgid, const char *plural, unsigned long n)
    __attribute__((format_arg(2))) __attribute__((format_arg(3)));
char *textdomain(const char *domain);
char *bindtextdomain(const char *domain, const char *dir);
char *bind_textdomain_codeset(const char *domain, const char *codeset);

#endif
