/*
 * engine_setup.c - engine_config applied to an aw_engine through its named
 * options, so that the option names and the rules about what a level uses
 * (tables and book only at full strength) live in one place.
 */
#include "front/engine_setup.h"

#include "front/i18n.h"

#include <stdio.h>
#include <string.h>

engine_config engine_config_default(void)
{
    engine_config c = {0};
    c.level = 10;
    c.threads = 1;
    c.seed = -1;
    return c;
}

engine_config engine_config_front(void)
{
    /* The engine's default evaluation (the network): the review's marks
     * and the trainer's verdicts take its scale into account
     * (aw_review_scale). */
    return engine_config_default();
}

/* The opening book by level: none below level 5 (a beginner knows no
 * openings, and a book would make the first moves far stronger than the
 * rest); from 5 to 9 a random choice among the book moves at most this many
 * hundredths of a seed below the best, so that games differ; the best book
 * move at 10. */
static const int book_variety[11] = {-1, -1, -1, -1, -1, 50, 35, 25, 15, 8, 0};

int engine_book_variety(int level)
{
    return level >= 1 && level <= 10 ? book_variety[level] : -1;
}

static int set_number(aw_engine *e, const char *name, long long v, aw_error *err)
{
    char num[32];
    snprintf(num, sizeof num, "%lld", v);
    return aw_engine_set_option(e, name, num, err);
}

/* "Name=value,Name=value" to an engine. */
static int apply_options(aw_engine *e, const char *opts, aw_error *err)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", opts);
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err->msg, sizeof err->msg, "engine option '%s' is not Name=value", tok);
            return -1;
        }
        *eq = 0;
        if (aw_engine_set_option(e, tok, eq + 1, err))
            return -1;
    }
    return 0;
}

/* The engine's own default of the Eval option. */
static const char *default_eval(void)
{
    for (int i = 0; i < aw_engine_option_count(); i++) {
        const aw_engine_option *o = aw_engine_option_info(i);
        if (strcmp(o->name, "Eval") == 0)
            return o->def_string;
    }
    return "linear";
}

int engine_setup_apply(aw_engine *e, const engine_config *cfg, aw_error *err)
{
    const int level = cfg->level > 0 ? cfg->level : 10;
    if (set_number(e, "Level", level, err) ||
        set_number(e, "Threads", cfg->threads > 0 ? cfg->threads : 1, err))
        return -1;
    if (cfg->hash_mb > 0 && set_number(e, "Hash", cfg->hash_mb, err))
        return -1;
    if (aw_engine_set_option(e, "Eval", cfg->eval ? cfg->eval : default_eval(), err))
        return -1;
    if (cfg->seed >= 0 && set_number(e, "Seed", cfg->seed & 0x7FFFFFFF, err))
        return -1;
    engine_setup_tables(e, level, cfg->tables);
    const int variety = engine_book_variety(level);
    const aw_book *book = variety >= 0 ? cfg->book : NULL;
    aw_engine_set_book(e, book);
    if (aw_engine_set_option(e, "OwnBook", book ? "true" : "false", err) ||
        set_number(e, "BookVariety", variety > 0 ? variety : 0, err))
        return -1;
    if (cfg->options && apply_options(e, cfg->options, err))
        return -1;
    aw_engine_clear(e);
    return 0;
}

void engine_setup_tables(aw_engine *e, int level, const aw_tables *tables)
{
    const aw_tables *t = level >= 10 || level <= 0 ? tables : NULL;
    aw_engine_set_probe(e, t ? aw_tables_probe_hook : NULL, (void *)t, t ? aw_tables_seeds(t) : 0);
}

aw_engine *engine_setup_new(const engine_config *cfg, aw_error *err)
{
    aw_engine *e = aw_engine_new(err);
    if (e && engine_setup_apply(e, cfg, err)) {
        aw_engine_free(e);
        return NULL;
    }
    return e;
}

const char *engine_level_description(int level)
{
    static const char *const text[11] = {
        "",
        /* English; words_level translates them. */
        N_("sees one move ahead and takes what it can: a child's first games"),
        N_("sees two moves ahead, often careless: for beginners"),
        N_("sees three moves ahead, still errs: a friendly game (the default)"),
        N_("looks four moves ahead: for players who know the rules well"),
        N_("looks five moves ahead, rarely blunders: casual club players"),
        N_("looks six moves ahead: club players"),
        N_("looks eight moves ahead, few mistakes: strong club players"),
        N_("looks ten moves ahead: strong players"),
        N_("looks fourteen moves ahead, almost no mistakes: experts"),
        N_("full strength, with its opening book and perfect endgames: for analysis"),
    };
    return level >= 1 && level <= 10 ? text[level] : "";
}
