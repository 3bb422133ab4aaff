/*
 * cmd_rules.c - `awale rules`: the rule sets and their parameters, with
 * values in words; for one rule set, how to play it first.
 */
#include "cli.h"

#include <string.h>

static void parameters(const aw_rules *rules)
{
    char value[160], words[256];
    for (int i = 0; i < aw_rules_param_count(); i++) {
        const char *name = aw_rules_param_name(i);
        if (!aw_rules_param_applies(rules, name))
            continue;
        printf("  %-12s %-9s %s\n", name, aw_rules_get(rules, name, value, sizeof value),
               aw_rules_describe(rules, name, words, sizeof words));
    }
}

static void title(const aw_rules *rules)
{
    char diff[512];
    int changed = aw_rules_diff(rules, diff, sizeof diff);
    printf("rule set %s%s%s\n", rules->name, changed ? " with " : "", changed ? diff : "");
}

/* One rule set: how to play it, then its parameters in words. */
static void describe(const aw_rules *rules)
{
    char howto[AW_HOWTO_MAX];
    title(rules);
    puts("\nHow to play:");
    aw_rules_howto(rules, howto, sizeof howto);
    cli_print_wrapped(stdout, howto, "- ", "  ", 78);
    puts("\nParameters (--rule NAME=VALUE):");
    parameters(rules);
}

int cmd_rules(int argc, char **argv)
{
    const char *cmd = "rules";
    cli_rules cr = {0};
    for (int i = 1; i < argc; i++) {
        int rc = cli_rules_option(cmd, &cr, argc, argv, &i, false);
        if (rc < 0)
            return EXIT_USAGE;
        if (rc == 0) {
            cli_error(cmd, "unexpected argument '%s' (see 'awale rules --help')", argv[i]);
            return EXIT_USAGE;
        }
    }
    aw_rules rules;
    if (cr.preset || cr.count) {
        int bad = cli_rules_build(cmd, &cr, &rules, NULL);
        if (bad)
            return bad;
        describe(&rules);
        return EXIT_OK;
    }
    puts("Rule sets (--rules NAME):\n");
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        printf("%s%s\n", aw_rules_preset_name(i), i == 0 ? " (default)" : "");
        cli_print_wrapped(stdout, aw_rules_preset_summary(i), "    ", "    ", 78);
    }
    puts("\n'awale rules --rules NAME' says how to play one of them.");
    puts("\nParameters (--rule NAME=VALUE), on top of a rule set:\n");
    for (int i = 0; i < aw_rules_param_count(); i++)
        printf("  %-12s %-32s %s\n", aw_rules_param_name(i), aw_rules_param_values(i),
               aw_rules_param_help(i));
    puts("");
    for (int i = 0; i < aw_rules_preset_count(); i++) {
        aw_rules_preset(aw_rules_preset_name(i), &rules, NULL);
        title(&rules);
        parameters(&rules);
        puts("");
    }
    return EXIT_OK;
}
