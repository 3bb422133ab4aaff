/*
 * i18n.h - translated text in the front ends, with gettext (domain
 * "awale"): _("text") for a message, N_("text") for a string kept in a
 * table and translated where it is used (with _()), P_(singular, plural, n)
 * for a message with a count. The catalogs are po/LANG.po, compiled by
 * msgfmt into LOCALEDIR/LANG/LC_MESSAGES/awale.mo.
 *
 * Until i18n_init is called the program runs in the "C" locale and every
 * message is its English text; a front end that wants translations calls
 * i18n_init once at start.
 */
#ifndef AW_FRONT_I18N_H
#define AW_FRONT_I18N_H

#include <libintl.h>
#include <stdbool.h>
#include <stddef.h>

#define I18N_DOMAIN "awale"

#define _(text) gettext(text)
#define N_(text) (text)
#define P_(singular, plural, n) ngettext((singular), (plural), (unsigned long)(n))

/* Set up the locale (LC_CTYPE and LC_MESSAGES only, so that numbers are
 * always printed the same way) and the message language: `lang` is "en",
 * "fr", "pt", or NULL / "auto" for the environment's (LANGUAGE, LC_ALL,
 * LC_MESSAGES, LANG). Works where only the C.UTF-8 locale exists: a
 * missing locale falls back to C.UTF-8 and the catalog is chosen with
 * LANGUAGE. Returns the language in effect ("en", "fr" or "pt"). */
const char *i18n_init(const char *lang);

/* Switch the message language at run time ("en", "fr" or "pt"). Returns 0, or -1
 * for a language the program does not know. */
int i18n_set_language(const char *lang);

/* The language in effect ("en" before i18n_init). */
const char *i18n_language(void);

/* The language the environment asks for ("en", "fr" or "pt"). */
const char *i18n_env_language(void);

/* Whether `lang` is a language the program speaks ("en", "fr", "pt"). */
bool i18n_known(const char *lang);

/* The directory the catalogs are read from (NULL: none found). */
const char *i18n_localedir(void);

/* `text` (an English message of the catalog) in the language `lang` (a
 * const char *, "en", "fr" or "pt"), whatever the program's own language: for
 * threads that answer people who each have theirs (the web server). The
 * catalog is read once; the text itself when it has no translation. The
 * shape of the library's aw_translate_fn, so that it serves as its hook. */
const char *i18n_translate_in(void *lang, const char *text);

/* Whether the character set of LC_CTYPE is UTF-8. */
bool i18n_utf8(void);

/* UTF-8 text in plain ASCII for terminals without UTF-8: accented letters
 * lose their accents, quotes and arrows become ASCII signs, anything else
 * '?'. Returns out. */
const char *i18n_ascii(const char *in, char *out, size_t size);

#endif
