# test_man.sh - the manual pages and the bash completion, generated from the
# program (scripts/gen-man.sh, scripts/gen-completion.sh), cover it all:
# a page for every command; every word of each --help text in its page, in
# order; every option of the usage lines in the completion, with the rule
# sets and rule parameters of 'awale rules'; completions that work.
# (sourced by run.sh: lib.sh's assertions, $AWALE, $TMP and $dir are set)

ROOT=$(cd "$dir/../.." && pwd)
rm -rf "$TMP/man"
"$ROOT/scripts/gen-man.sh" "$AWALE" "$TMP/man"
"$ROOT/scripts/gen-completion.sh" "$AWALE" >"$TMP/completion"
"$AWALE" --help >"$TMP/top"
man_commands=$(sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p' "$TMP/top")
CHECKS=$((CHECKS + 1))
[ "$(printf '%s\n' $man_commands | wc -l)" -ge 10 ] || fail "too few commands in 'awale --help': $man_commands"

# The words of a roff page, as a reader sees them (escapes undone, requests
# dropped but the words of .B/.BR/.TP kept).
page_words() {
    sed -e '/^\.\\"/d' -e 's/^\.\(B\|BR\|I\|SH\|SS\) //' -e '/^\./d' \
        -e 's/\\-/-/g; s/\\e/\\/g; s/\\&//g; s/\\f[BIRP]//g' "$1" | tr -s ' \t' '\n\n' | sed '/^$/d'
}
# Is every word of file $1 in file $2, in the same order?
in_order() {
    awk 'BEGIN { n = 0; i = 0 }
         NR == FNR { want[n++] = $0; next }
         i < n && $0 == want[i] { i++ }
         END { if (i < n) { print "missing from the page: " want[i]; exit 1 } }' "$1" "$2"
}

for c in awale $man_commands; do
    CURRENT="test_man.sh: $c"
    if [ "$c" = awale ]; then page=$TMP/man/awale.6; else page=$TMP/man/awale-$c.6; fi
    CHECKS=$((CHECKS + 1))
    if [ ! -s "$page" ]; then
        fail "no manual page $page"
        continue
    fi
    CHECKS=$((CHECKS + 1))
    grep -q '^\.TH AWALE.* 6 ' "$page" || fail "$page is not in section 6"
    [ "$c" = awale ] && continue
    "$AWALE" "$c" --help >"$TMP/help"
    # The help's words, but the labels the page turns into section names.
    sed 's/^usage: //; s/^examples\{0,1\}: //; /^[A-Z][A-Za-z ]*:$/d' "$TMP/help" |
        tr -s ' \t' '\n\n' | sed '/^$/d' >"$TMP/help-words"
    page_words "$page" >"$TMP/page-words"
    CHECKS=$((CHECKS + 1))
    msg=$(in_order "$TMP/help-words" "$TMP/page-words") || fail "awale $c --help: $msg"
    # Each option line of the help is an entry of the page.
    for o in $(sed -n 's/^  \(--[a-z][a-z-]*\).*/\1/p' "$TMP/help"); do
        CHECKS=$((CHECKS + 1))
        grep -q "^\.B $(printf '%s' "$o" | sed 's/-/\\\\-/g')\\( \\|,\\|\$\\)" "$page" ||
            fail "option $o is not an entry of $page"
    done
done
CURRENT=test_man.sh
# The top page lists every command.
page_words "$TMP/man/awale.6" >"$TMP/page-words"
for c in $man_commands; do
    CHECKS=$((CHECKS + 1))
    grep -qx "awale-$c" "$TMP/page-words" || fail "awale.6 does not name awale-$c"
done

# The completion: every command, option, rule set and parameter.
complete_words() { # complete_words LINE: what TAB offers after LINE
    bash -c '. "$1"; COMP_LINE=$2; COMP_POINT=${#2}; _awale; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$TMP/completion" "$1"
}
CURRENT="test_man.sh: completion"
complete_words "awale " >"$TMP/got"
for c in $man_commands help; do
    CHECKS=$((CHECKS + 1))
    grep -qx "$c" "$TMP/got" || fail "'awale <TAB>' lacks $c"
done
for c in $man_commands; do
    "$AWALE" "$c" --help | sed '/^$/q' | grep -o -- '--[a-z][a-z-]*' | sort -u >"$TMP/want"
    complete_words "awale $c --" >"$TMP/got"
    while read -r o; do
        CHECKS=$((CHECKS + 1))
        grep -qx -- "$o" "$TMP/got" || fail "'awale $c --<TAB>' lacks $o"
    done <"$TMP/want"
done
"$AWALE" rules >"$TMP/rules"
complete_words "awale play --rules " >"$TMP/got"
for r in $(sed -n 's/^\([a-z][a-z-]*\)\( (default)\)\{0,1\}$/\1/p' "$TMP/rules"); do
    CHECKS=$((CHECKS + 1))
    grep -qx "$r" "$TMP/got" || fail "'awale play --rules <TAB>' lacks $r"
done
complete_words "awale analyze --rule " >"$TMP/got"
for p in $(sed -n '/^Parameters/,/^rule set/s/^  \([a-z][a-z-]*\) .*/\1/p' "$TMP/rules"); do
    CHECKS=$((CHECKS + 1))
    grep -qx "$p=" "$TMP/got" || fail "'awale analyze --rule <TAB>' lacks $p="
done
CHECKS=$((CHECKS + 1))
[ "$(complete_words "awale replay --rule grand-slam=" | tr '\n' ' ')" = "void capture " ] ||
    fail "'--rule grand-slam=<TAB>': $(complete_words "awale replay --rule grand-slam=")"
# the languages the program speaks
CHECKS=$((CHECKS + 1))
[ "$(complete_words "awale play --lang " | tr '\n' ' ')" = "en fr pt " ] ||
    fail "'awale play --lang <TAB>': $(complete_words "awale play --lang ")"
CHECKS=$((CHECKS + 1))
[ "$(complete_words "awale play --rules=tw")" = "two-seeds" ] ||
    fail "'--rules=tw<TAB>': $(complete_words "awale play --rules=tw")"
CHECKS=$((CHECKS + 1))
[ "$(complete_words "awale tables " | sort | tr '\n' ' ')" = "bench build info probe " ] ||
    fail "'awale tables <TAB>': $(complete_words "awale tables ")"
CHECKS=$((CHECKS + 1))
[ "$(complete_words "awale play --opponent h")" = "human" ] ||
    fail "'--opponent h<TAB>': $(complete_words "awale play --opponent h")"
CURRENT=test_man.sh
