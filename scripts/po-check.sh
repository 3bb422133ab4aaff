#!/bin/sh
# po-check.sh - the translations (gettext domain awale) against the code.
#   scripts/po-check.sh            check: po/awale.pot holds every marked
#                                  string of the code, each catalog
#                                  translates all of them, none is fuzzy,
#                                  and msgfmt accepts each (format strings
#                                  included)
#   scripts/po-check.sh --update   regenerate po/awale.pot with xgettext
#                                  and merge it into each po/LANG.po
# Skipped with a note when the gettext tools are missing.
set -eu
cd "$(dirname "$0")/.."

if ! command -v xgettext >/dev/null || ! command -v msgcmp >/dev/null; then
    echo "po-check: gettext tools missing (Debian: gettext), translations not checked"
    exit 0
fi

# The files with marked strings (_, N_, P_; TR in the library's how-to-play
# and rule parameters' words, N_ for its presets' summaries and parameters' help;
# the library's error formats, aw_fail and fail_at, which the front ends
# translate with src/front/messages.c).
sources=$(ls src/front/*.c src/tui/*.c src/cli/cmd_play.c src/cli/play_loop.c src/cli/play_files.c src/cli/play_review.c src/cli/play_text.c src/cli/play_tree.c src/cli/cmd_tables.c src/cli/cmd_puzzles.c src/cli/main.c \
    src/cli/common.c src/rules/howto.c src/rules/play.c src/rules/relay.c src/rules/record.c src/rules/record_read.c src/rules/record_tree.c src/rules/notation.c src/rules/game.c \
    src/rules/position.c src/rules/ruleset.c src/web/server.c src/web/announce.c)

# The page's strings (web/js: N_, NC_, and _ and P_ for the terminal's
# messages it shares, in i18n.js) join them: the page's catalog
# is made from the same po/LANG.po (scripts/po-js.sh).
pages=$(ls web/js/*.js)

pot() {
    xgettext --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=TR --keyword=aw_fail:2 --keyword=fail_at:3 \
        --add-comments=TRANSLATORS: --package-name=awale --msgid-bugs-address="the awale issue tracker" \
        --sort-by-file --add-location=file --no-wrap -o "$1" $sources
    xgettext --language=JavaScript --from-code=UTF-8 --keyword=N_ --keyword=NC_:1c,2 --keyword=_ --keyword=P_:1,2 --add-comments=TRANSLATORS: \
        --package-name=awale --msgid-bugs-address="the awale issue tracker" \
        --sort-by-file --add-location=file --no-wrap --join-existing -o "$1" $pages
}

if [ "${1:-}" = "--update" ]; then
    pot po/awale.pot
    for po in $(ls po/*.po 2>/dev/null); do
        msgmerge --quiet --update --backup=none --no-wrap "$po" po/awale.pot
    done
    echo "po/awale.pot regenerated; see 'msgattrib --only-fuzzy' and '--untranslated' in po/*.po"
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pot "$tmp/awale.pot"
fails=0
# The template in the repository is the code's (dates aside).
strip() { grep -v '^"POT-Creation-Date' "$1" | grep -v '^#:'; }
strip "$tmp/awale.pot" >"$tmp/code.pot"
strip po/awale.pot >"$tmp/repo.pot"
if ! cmp -s "$tmp/repo.pot" "$tmp/code.pot"; then
    echo "po-check: po/awale.pot is out of date: run 'make pot' and translate" >&2
    diff "$tmp/repo.pot" "$tmp/code.pot" | head -20 >&2
    fails=$((fails + 1))
fi
# One catalogue of words: a rule's explanation (a parameter in words, a
# preset's summary, a parameter's help, how to play) is the library's
# (src/rules/ruleset.c, howto.c), translated through aw_translate_fn or as
# the front ends get it; the front ends keep no copy of it (words.c, the page).
copies=$(grep '^#:' "$tmp/awale.pot" | grep -E 'src/rules/(ruleset|howto)\.c' |
    grep -E 'src/front/words\.c|web/js/' || true)
if [ -n "$copies" ]; then
    echo "po-check: the rules' words copied by a front end (say them with the library's):" >&2
    echo "$copies" | head -20 >&2
    fails=$((fails + 1))
fi
for po in $(ls po/*.po); do
    if ! msgcmp "$po" "$tmp/awale.pot" 2>"$tmp/msgcmp"; then
        echo "po-check: $po lacks strings of the code:" >&2
        head -20 "$tmp/msgcmp" >&2
        fails=$((fails + 1))
    fi
    untranslated=$(msgattrib --untranslated --no-obsolete "$po" | grep -c '^msgid ' || true)
    fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid ' || true)
    # msgattrib prints the header entry with any selection
    [ "$untranslated" -gt 1 ] && { echo "po-check: $po: $((untranslated - 1)) untranslated" >&2; fails=$((fails + 1)); }
    [ "$fuzzy" -gt 1 ] && { echo "po-check: $po: $((fuzzy - 1)) fuzzy" >&2; fails=$((fails + 1)); }
    if ! msgfmt --check -o /dev/null "$po" 2>"$tmp/msgfmt"; then
        echo "po-check: msgfmt rejects $po:" >&2
        head -20 "$tmp/msgfmt" >&2
        fails=$((fails + 1))
    fi
done
if [ "$fails" -gt 0 ]; then
    echo "po: 0 passed, $fails failed"
    exit 1
fi
echo "po: translations complete and well-formed"
