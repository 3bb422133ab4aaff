# test_docs.sh - the documentation cannot go stale:
# - every sample of README.md and docs/*.md (a fenced block of "$ awale ..."
#   commands and their output, see docs/contributing.md) is run and its
#   output compared with what the page shows (docs/api.md's, requests to a
#   running web server, are run by tests/api/docs.test.mjs);
# - the example of 'awale uci --help' prints what the help says;
# - each command's usage lines name every option the command accepts, and
#   only those.
# (sourced by run.sh: lib.sh's assertions, $AWALE, $TMP and $dir are set)

ROOT=$(cd "$dir/../.." && pwd)
DOCS=$TMP/docs
rm -rf "$DOCS"
mkdir -p "$DOCS/bin" "$DOCS/blocks"
# 'awale' in a sample is the program under test.
ln -s "$AWALE" "$DOCS/bin/awale"

# Run one command of a sample in its block's directory ($1: the command
# file, $2: the directory), stdout to $TMP/out.
sample_run() {
    (cd "$2" && PATH="$DOCS/bin:$PATH" timeout 120 sh -c "$(cat "$1")") \
        >"$TMP/out" 2>"$TMP/err" </dev/null
}

(cd "$ROOT" && awk -v out="$DOCS/blocks" -f tests/cli/sample_extract.awk README.md \
    $(ls docs/*.md | grep -v '^docs/api\.md$'))

CURRENT=test_docs.sh
if [ -f "$DOCS/blocks/stray" ]; then
    fail "samples outside a fenced block (not tested): $(cat "$DOCS/blocks/stray")"
fi
samples=0
for b in "$DOCS"/blocks/*/; do
    [ -f "$b/where" ] || continue
    CURRENT="test_docs.sh: $(cat "$b/where")"
    if [ -f "$b/error" ]; then
        fail "$(cat "$b/error")"
        continue
    fi
    [ -f "$b/skip" ] && continue
    mkdir -p "$b/work"
    k=1
    while [ -f "$b/cmd$k" ]; do
        sample_run "$b/cmd$k" "$b/work"
        CHECKS=$((CHECKS + 1))
        samples=$((samples + 1))
        if ! awk -v want="$b/exp$k" -f "$dir/sample_match.awk" "$TMP/out"; then
            fail "\$ $(cat "$b/cmd$k")
printed (diff from the page's sample):
$(diff "$b/exp$k" "$TMP/out" | head -30)
stderr: $(head -c 300 "$TMP/err")"
        fi
        k=$((k + 1))
    done
done
CURRENT=test_docs.sh
# The pages do hold samples (an extraction that finds none would pass).
CHECKS=$((CHECKS + 1))
[ "$samples" -ge 20 ] || fail "only $samples samples found in README.md and docs/*.md"

# The matcher itself: '...' spans lines, '…' one word, the rest exactly.
printf 'a\n...\nx … z\n' >"$TMP/want"
for case in "0 a|b|c|x 12ms z" "0 a|x 1 z" "1 a|x  z" "1 a|x 1 2 z" "1 b|x 1 z" "1 a|x 1 z|d"; do
    want_status=${case%% *}
    printf '%s\n' "${case#* }" | tr '|' '\n' >"$TMP/got"
    CHECKS=$((CHECKS + 1))
    awk -v want="$TMP/want" -f "$dir/sample_match.awk" "$TMP/got"
    [ $? -eq "$want_status" ] || fail "sample_match: '${case#* }' against 'a ... x … z'"
done
printf 'a\n\nb\n' >"$TMP/want" # an empty line matches an empty line only
for case in "0 a||b" "1 a|b" "1 a| |b"; do
    want_status=${case%% *}
    printf '%s\n' "${case#* }" | tr '|' '\n' >"$TMP/got"
    CHECKS=$((CHECKS + 1))
    awk -v want="$TMP/want" -f "$dir/sample_match.awk" "$TMP/got"
    [ $? -eq "$want_status" ] || fail "sample_match: '${case#* }' against 'a, empty, b'"
done

# The example of 'awale uci --help' prints an info line per depth up to the
# depth it asks for, then the bestmove the help names.
run uci --help
example=$(sed -n 's/^example: //p' "$TMP/out")
said=$(sed -n "s/.*then '\(bestmove [^']*\)'.*/\1/p" "$TMP/out")
depth=$(printf '%s' "$example" | sed -n 's/.*go depth \([0-9]*\).*/\1/p')
printf '%s\n' "$example" >"$TMP/example"
sample_run "$TMP/example" "$TMP"
CHECKS=$((CHECKS + 1))
[ -n "$said" ] && [ -n "$depth" ] || fail "uci --help: no example with its bestmove"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^info depth' "$TMP/out")" = "$depth" ] ||
    fail "uci --help example: $(grep -c '^info depth' "$TMP/out") info lines, expected $depth"
CHECKS=$((CHECKS + 1))
[ "$(tail -n 1 "$TMP/out")" = "$said" ] ||
    fail "uci --help example ends with '$(tail -n 1 "$TMP/out")', the help says '$said'"

# What 'awale uci --help' says of a go sent during a search is what the
# engine does (the pages said a go, setoption or ucinewgame waited for the
# search while the engine refused them): the info string it quotes comes,
# then the stopped search's bestmove, then the new search's.
run uci --help
said=$(sed -n "s/^'\(info string go: [^']*\)'.*/\1/p" "$TMP/out")
printf '%s\n' 'position fen 0-0-0-0-0-2-1-2-0-0-0-1-22-20-S' 'go infinite' 'go depth 1' |
    timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
CHECKS=$((CHECKS + 1))
[ -n "$said" ] && [ "$(grep -v '^info depth' "$TMP/out" | tr '\n' '|')" = "$said|bestmove F|bestmove F|" ] ||
    fail "uci --help says a go during a search gives '$said'; the engine: $(tr '\n' '|' <"$TMP/out")"

# Usage lines against the options each command accepts: the options its
# source parses (in calls of cli_option, cli_flag or strcmp, plus the rule options of
# src/cli/common.c when it takes them) must all appear in the usage lines of
# its --help, and every option there must be one of them.
for c in play replay perft rules analyze selfplay bench tables book uci match; do
    CURRENT="test_docs.sh: awale $c --help"
    src="$ROOT/src/cli/cmd_$c.c"
    accepted=$(grep -o '\(cli_option\|cli_flag\|strcmp\)([^"]*"--[a-z][a-z-]*"' "$src" |
        sed 's/.*"\(--[a-z-]*\)"/\1/' | sort -u)
    if grep -q 'cli_rules_option(.*true)' "$src"; then
        accepted="$accepted --rules --rule --position"
    elif grep -q 'cli_rules_option(' "$src"; then
        accepted="$accepted --rules --rule"
    fi
    run "$c" --help
    # The usage lines: from 'usage:' to the first empty line.
    usage=$(sed '/^$/q' "$TMP/out" | tr '[]|' '   ')
    for o in $accepted; do
        CHECKS=$((CHECKS + 1))
        printf '%s\n' "$usage" | sed 's/^/ /; s/$/ /' | grep -q -- " $o[ =]" ||
            fail "usage lacks $o"
    done
    for o in $(printf '%s\n' "$usage" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
        CHECKS=$((CHECKS + 1))
        # shellcheck disable=SC2086
        printf '%s\n' --help $accepted | grep -qx -- "$o" ||
            fail "usage names $o, which is not accepted"
    done
done
CURRENT=test_docs.sh
