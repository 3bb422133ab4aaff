/*
 * i18n.c - the message language of the front ends.
 *
 * glibc translates nothing in the "C" and "POSIX" locales, and a machine
 * may have no locale but C.UTF-8 (a fresh Debian system): LANG=fr_FR.UTF-8
 * then fails in setlocale. So the locale categories that matter (LC_CTYPE
 * for the character set, LC_MESSAGES for gettext) fall back to C.UTF-8,
 * and the language is chosen with the GNU LANGUAGE variable, which gettext
 * reads before the locale's name whenever LC_MESSAGES is not "C". LC_NUMERIC
 * and the others stay "C": numbers print the same in every language.
 *
 * The catalogs are looked for, in order, in $AWALE_LOCALEDIR, next to the
 * program (the build tree: build/MODE/locale), in the directory compiled
 * in (PREFIX/share/locale) and in ../share/locale relative to the program
 * (an installed tree that was moved).
 */
#include "front/i18n.h"
#if defined(__wasi__)
#include "wasm/gettext.h"
#endif

#include <langinfo.h>
#include <pthread.h>
#include <stdint.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef AW_LOCALEDIR
#define AW_LOCALEDIR "/usr/local/share/locale"
#endif

static const char *const known[] = {"en", "fr", "pt"};
static char current[8] = "en";
static char localedir[PATH_MAX];

bool i18n_known(const char *lang)
{
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (lang && strcmp(lang, known[i]) == 0)
            return true;
    return false;
}

const char *i18n_language(void) { return current; }

const char *i18n_localedir(void) { return localedir[0] ? localedir : NULL; }

bool i18n_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* "fr" from "fr_FR.UTF-8", "fr:en", "fr"; "pt" from "pt_PT.UTF-8",
 * "pt_BR", "pt_AO"...; "en" for anything else. */
static const char *language_of(const char *value)
{
    for (size_t i = 1; value && i < sizeof known / sizeof known[0]; i++)
        if (strncmp(value, known[i], 2) == 0 && (value[2] == 0 || strchr("_.@:", value[2])))
            return known[i];
    return "en";
}

const char *i18n_env_language(void)
{
    /* POSIX order, with GNU's LANGUAGE first (ignored by gettext in the C
     * locale, but a clear wish here). */
    const char *vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && v[0])
            return language_of(v);
    }
    return "en";
}

/* Whether dir holds a catalog of the domain (any language). */
static bool has_catalogs(const char *dir)
{
    char path[PATH_MAX + 64];
    struct stat st;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/" I18N_DOMAIN ".mo", dir, known[i]);
        if (stat(path, &st) == 0)
            return true;
    }
    return false;
}

static void find_localedir(void)
{
    char exe[PATH_MAX], candidate[PATH_MAX + 32];
    /* (paths longer than PATH_MAX are not looked at) */
    const char *env = getenv("AWALE_LOCALEDIR");
    localedir[0] = 0;
    if (env && env[0] && has_catalogs(env)) {
        snprintf(localedir, sizeof localedir, "%.*s", (int)sizeof localedir - 1, env);
        return;
    }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = NULL;
    if (n > 0) {
        exe[n] = 0;
        slash = strrchr(exe, '/');
    }
    if (slash) {
        *slash = 0;
        snprintf(candidate, sizeof candidate, "%s/locale", exe);
        if (has_catalogs(candidate)) {
            snprintf(localedir, sizeof localedir, "%.*s", (int)sizeof localedir - 1, candidate);
            return;
        }
    }
    if (has_catalogs(AW_LOCALEDIR)) {
        snprintf(localedir, sizeof localedir, "%s", AW_LOCALEDIR);
        return;
    }
    if (slash) {
        snprintf(candidate, sizeof candidate, "%s/../share/locale", exe);
        if (has_catalogs(candidate))
            snprintf(localedir, sizeof localedir, "%.*s", (int)sizeof localedir - 1, candidate);
    }
}

/* setlocale(category, "") with the fallbacks of a machine that has only
 * C.UTF-8: when the environment's locale does not exist, a UTF-8 one is
 * wanted (the terminal speaks UTF-8), and C.UTF-8 is the one that is sure
 * to be there. */
static void set_category(int category)
{
    if (setlocale(category, ""))
        return;
    const char *fallbacks[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8"};
    for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; i++)
        if (setlocale(category, fallbacks[i]))
            return;
    setlocale(category, "C");
}

static bool is_c_locale(const char *name)
{
    return !name || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

int i18n_set_language(const char *lang)
{
    if (!i18n_known(lang))
        return -1;
    if (strcmp(lang, "en") != 0 && is_c_locale(setlocale(LC_MESSAGES, NULL))) {
        /* gettext ignores LANGUAGE in the C locale. */
        if (!setlocale(LC_MESSAGES, "C.UTF-8") && !setlocale(LC_MESSAGES, "C.utf8"))
            setlocale(LC_MESSAGES, "en_US.UTF-8");
    }
    setenv("LANGUAGE", lang, 1);
    snprintf(current, sizeof current, "%s", lang);
    /* A new textdomain call tells gettext that the catalogs to use have
     * changed (it drops what it had looked up). */
    textdomain(I18N_DOMAIN);
    return 0;
}

const char *i18n_init(const char *lang)
{
    set_category(LC_CTYPE);
    set_category(LC_MESSAGES);
    find_localedir();
    if (localedir[0])
        bindtextdomain(I18N_DOMAIN, localedir);
    /* The catalogs' own UTF-8 whatever the locale's character set: in an
     * ASCII locale gettext would turn every accented letter into '?'; the
     * terminal interface transliterates for such terminals
     * (i18n_ascii), and line mode prints UTF-8. */
    bind_textdomain_codeset(I18N_DOMAIN, "UTF-8");
    textdomain(I18N_DOMAIN);
    if (!lang || !i18n_known(lang))
        lang = i18n_env_language();
    i18n_set_language(lang);
    return current;
}

/* A catalog read whole (the .mo file), for i18n_translate_in: threads that
 * answer people in several languages at once cannot switch the process's
 * language (gettext has one), so they look their texts up here. */
typedef struct catalog {
    char lang[8];
    unsigned char *data;
    size_t size;
    bool swapped;
    uint32_t count, originals, translations;
} catalog;

static pthread_mutex_t catalogs_lock = PTHREAD_MUTEX_INITIALIZER;
static catalog catalogs[sizeof known / sizeof known[0]];

static uint32_t mo_word(const catalog *c, size_t at)
{
    uint32_t v;
    memcpy(&v, c->data + at, 4);
    return c->swapped ? __builtin_bswap32(v) : v;
}

/* The string of table entry i at `table`, NULL when it is not in the file. */
static const char *mo_string(const catalog *c, uint32_t table, uint32_t i)
{
    const size_t at = (size_t)table + (size_t)i * 8;
    if (at + 8 > c->size)
        return NULL;
    const size_t len = mo_word(c, at), off = mo_word(c, at + 4);
    if (off > c->size || len >= c->size - off || c->data[off + len] != 0)
        return NULL;
    return (const char *)c->data + off;
}

static void catalog_load(catalog *c, const char *lang)
{
    snprintf(c->lang, sizeof c->lang, "%s", lang);
#if defined(__wasi__)
    /* No files in the page: the catalogs are compiled in (src/wasm/gettext.h). */
    size_t n;
    const unsigned char *mo = wasm_catalog(lang, &n);
    uint32_t magic = 0;
    if (mo && n >= 20)
        memcpy(&magic, mo, 4);
    if (magic == 0x950412deu) {
        c->data = (unsigned char *)mo; /* read-only: never written nor freed */
        c->size = n;
        c->count = mo_word(c, 8);
        c->originals = mo_word(c, 12);
        c->translations = mo_word(c, 16);
    }
#else
    char path[PATH_MAX + 64];
    if (!localedir[0])
        find_localedir();
    if (!localedir[0])
        return;
    snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/" I18N_DOMAIN ".mo", localedir, lang);
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    unsigned char *data = NULL;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 20 && size < (32L << 20) &&
        fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)size)) &&
        fread(data, 1, (size_t)size, f) == (size_t)size) {
        uint32_t magic;
        memcpy(&magic, data, 4);
        c->data = data;
        c->size = (size_t)size;
        c->swapped = magic == 0xde120495u;
        if (magic == 0x950412deu || c->swapped) {
            c->count = mo_word(c, 8);
            c->originals = mo_word(c, 12);
            c->translations = mo_word(c, 16);
            data = NULL; /* kept */
        } else {
            c->data = NULL;
            c->size = 0;
        }
    }
    free(data);
    fclose(f);
#endif
}

const char *i18n_translate_in(void *lang, const char *text)
{
    const char *l = lang;
    if (!text || !l || strcmp(l, "en") == 0 || !i18n_known(l))
        return text;
    pthread_mutex_lock(&catalogs_lock);
    catalog *c = NULL;
    for (size_t i = 0; i < sizeof catalogs / sizeof catalogs[0] && !c; i++) {
        if (strcmp(catalogs[i].lang, l) == 0)
            c = &catalogs[i];
        else if (!catalogs[i].lang[0]) {
            c = &catalogs[i];
            catalog_load(c, l);
        }
    }
    pthread_mutex_unlock(&catalogs_lock);
    /* once loaded a catalog does not change: read without the lock */
    for (uint32_t i = 0; c && c->data && i < c->count; i++) {
        const char *id = mo_string(c, c->originals, i);
        if (id && strcmp(id, text) == 0) {
            const char *tr = mo_string(c, c->translations, i);
            return tr && tr[0] ? tr : text;
        }
    }
    return text;
}

/* The accented letters and signs of the catalogs, in ASCII. */
static const char *const translit[][2] = {
    {"à", "a"}, {"â", "a"}, {"ä", "a"}, {"ç", "c"}, {"é", "e"}, {"è", "e"}, {"ê", "e"},
    {"ë", "e"}, {"î", "i"}, {"ï", "i"}, {"ô", "o"}, {"ö", "o"}, {"ù", "u"}, {"û", "u"},
    {"ü", "u"}, {"ÿ", "y"}, {"œ", "oe"}, {"æ", "ae"}, {"À", "A"}, {"Â", "A"}, {"Ç", "C"},
    {"É", "E"}, {"È", "E"}, {"Ê", "E"}, {"Î", "I"}, {"Ô", "O"}, {"Ù", "U"}, {"Û", "U"},
    {"á", "a"}, {"ã", "a"}, {"í", "i"}, {"ó", "o"}, {"õ", "o"}, {"ú", "u"}, {"Á", "A"},
    {"Ã", "A"}, {"Í", "I"}, {"Ó", "O"}, {"Õ", "O"}, {"Ú", "U"}, {"º", "o"}, {"ª", "a"},
    {"Œ", "OE"}, {"«\u00a0", "\""}, {"\u00a0»", "\""}, {"«", "\""}, {"»", "\""},
    {"\u00a0", " "}, {"\u202f", " "}, {"’", "'"}, {"‘", "'"}, {"“", "\""}, {"”", "\""},
    {"…", "..."}, {"–", "-"}, {"—", "-"}, {"·", "."}, {"•", "*"}, {"←", "<-"}, {"→", "->"},
    {"↑", "^"}, {"↓", "v"},
};

const char *i18n_ascii(const char *in, char *out, size_t size)
{
    size_t o = 0;
    if (size == 0)
        return out;
    while (*in && o + 1 < size) {
        if ((unsigned char)*in < 0x80) {
            out[o++] = *in++;
            continue;
        }
        const char *rep = "?";
        size_t len = 1;
        for (size_t i = 0; i < sizeof translit / sizeof translit[0]; i++) {
            const size_t n = strlen(translit[i][0]);
            if (strncmp(in, translit[i][0], n) == 0) {
                rep = translit[i][1];
                len = n;
                break;
            }
        }
        if (len == 1) /* an unknown character: skip its continuation bytes */
            while ((in[len] & 0xC0) == 0x80)
                len++;
        /* French quotes hold their words with spaces: "word" in ASCII */
        if (strncmp(in, "»", len) == 0 && len == strlen("»") && o > 0 && out[o - 1] == ' ')
            o--;
        for (const char *r = rep; *r && o + 1 < size; r++)
            out[o++] = *r;
        if (strncmp(in, "«", len) == 0 && len == strlen("«") && in[len] == ' ')
            len++;
        in += len;
    }
    out[o] = 0;
    return out;
}
