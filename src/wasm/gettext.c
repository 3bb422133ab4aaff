/*
 * gettext.c - gettext for the WebAssembly build (src/wasm/gettext.h): the
 * message language is the one src/front/i18n.c sets (the LANGUAGE variable,
 * as GNU gettext reads it), the catalogs are the .mo files compiled in.
 * A lookup is a binary search of the catalog's sorted originals; the
 * plural form follows the catalog's Plural-Forms when it is one of the two
 * rules of our languages ("n > 1", French and Brazilian Portuguese;
 * otherwise "n != 1").
 */
#include "wasm/gettext.h"

#include <libintl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const unsigned char *wasm_catalog(const char *lang, size_t *size)
{
    for (const wasm_catalog_data *c = wasm_catalogs; lang && c->lang; c++)
        if (strcmp(c->lang, lang) == 0) {
            *size = c->size;
            return c->data;
        }
    *size = 0;
    return NULL;
}

static uint32_t word(const unsigned char *mo, size_t at)
{
    uint32_t v;
    memcpy(&v, mo + at, 4);
    return v; /* msgfmt writes the machine's order: little-endian, as wasm */
}

/* Entry i of the table at `table`: its text and length (all forms). */
static const char *entry(const unsigned char *mo, size_t size, uint32_t table, uint32_t i,
                         size_t *len)
{
    const size_t at = (size_t)table + (size_t)i * 8;
    if (at + 8 > size)
        return NULL;
    const size_t l = word(mo, at), off = word(mo, at + 4);
    if (off > size || l >= size - off || mo[off + l] != 0)
        return NULL;
    *len = l;
    return (const char *)mo + off;
}

/* The language in effect: LANGUAGE's first one ("en" when unset). */
static void language(char *out, size_t size)
{
    const char *v = getenv("LANGUAGE");
    size_t n = 0;
    while (v && v[n] && v[n] != ':' && n + 1 < size) {
        out[n] = v[n];
        n++;
    }
    out[n] = 0;
}

/* The translation of msgid (form `form`), NULL when there is none. */
static const char *lookup(const char *msgid, unsigned long form)
{
    char lang[16];
    language(lang, sizeof lang);
    size_t size;
    const unsigned char *mo = wasm_catalog(lang, &size);
    if (!mo || size < 20 || word(mo, 0) != 0x950412deu)
        return NULL;
    const uint32_t count = word(mo, 8), originals = word(mo, 12), translations = word(mo, 16);
    uint32_t lo = 0, hi = count;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        size_t len;
        const char *id = entry(mo, size, originals, mid, &len);
        if (!id)
            return NULL;
        const int c = strcmp(msgid, id);
        if (c == 0) {
            const char *tr = entry(mo, size, translations, mid, &len);
            const char *end = tr ? tr + len : NULL;
            for (unsigned long k = 0; tr && k < form; k++) {
                tr += strlen(tr) + 1;
                if (tr > end)
                    return NULL;
            }
            return tr && tr[0] ? tr : NULL;
        }
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* The plural form of n in the language in effect. */
static unsigned long plural_form(unsigned long n)
{
    const char *header = lookup("", 0);
    const char *rule = header ? strstr(header, "plural=") : NULL;
    const bool above_one = rule && (strncmp(rule, "plural=(n > 1)", 14) == 0 ||
                                    strncmp(rule, "plural=n > 1", 12) == 0 ||
                                    strncmp(rule, "plural=(n>1)", 12) == 0);
    return above_one ? n > 1 : n != 1;
}

char *gettext(const char *msgid)
{
    const char *tr = msgid && msgid[0] ? lookup(msgid, 0) : NULL;
    return (char *)(tr ? tr : msgid);
}

char *dgettext(const char *domain, const char *msgid)
{
    (void)domain;
    return gettext(msgid);
}

char *dcgettext(const char *domain, const char *msgid, int category)
{
    (void)category;
    return dgettext(domain, msgid);
}

char *ngettext(const char *msgid, const char *plural, unsigned long n)
{
    const unsigned long form = plural_form(n);
    const char *tr = msgid && msgid[0] ? lookup(msgid, form) : NULL;
    return (char *)(tr ? tr : form == 0 ? msgid : plural);
}

char *dngettext(const char *domain, const char *msgid, const char *plural, unsigned long n)
{
    (void)domain;
    return ngettext(msgid, plural, n);
}

char *textdomain(const char *domain) { return (char *)(domain ? domain : "awale"); }

char *bindtextdomain(const char *domain, const char *dir)
{
    (void)domain;
    return (char *)dir;
}

char *bind_textdomain_codeset(const char *domain, const char *codeset)
{
    (void)domain;
    return (char *)codeset;
}
