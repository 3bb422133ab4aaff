# test_puzzles.sh - awale puzzles build/export/verify/stats and awale
# puzzle driven through a pipe: a quick build (a few puzzles, a small
# depth, no tables), its format, a resumed build that keeps what it had,
# the re-check catching a wrong solution, records as the source, and bad
# arguments. (The shipped puzzles are all re-checked by make check-puzzles.)

PZ="$TMP/puzzles.tsv"
rm -f "$PZ"

# A quick build: three puzzles, each line five tab-separated fields.
run puzzles build --rules abapa --count 3 --depth 10 --tables none --seed 5 --out "$PZ"
expect_status 0
expect_err_has "3/3 puzzles"
expect_err_has "3 puzzles in"
CHECKS=$((CHECKS + 1))
n=$(grep -vc '^#' "$PZ")
[ "$n" -eq 3 ] || fail "$n puzzles written, expected 3: $(cat "$PZ")"
CHECKS=$((CHECKS + 1))
bad=$(grep -v '^#' "$PZ" | awk -F'\t' 'NF != 5 || $1 != "abapa" || $5 < 600 || $5 > 2600 ||
    $3 !~ /^[A-Fa-f]( [A-Fa-f])*$/' | head -3)
[ -z "$bad" ] || fail "badly formed lines: $bad"

# The re-check agrees with the build (same depth + 2).
run puzzles verify "$PZ" --depth 12 --tables none
expect_status 0
expect_out_has "3 puzzles checked"
expect_out_has ": 0 failed"

# The same command with a larger count keeps the three and adds two.
grep -v '^#' "$PZ" | head -3 >"$TMP/first3"
run puzzles build --rules abapa --count 5 --depth 10 --tables none --seed 6 --out "$PZ" --quiet
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(grep -vc '^#' "$PZ")" -eq 5 ] || fail "resumed build: $(grep -vc '^#' "$PZ") puzzles, expected 5"
CHECKS=$((CHECKS + 1))
grep -v '^#' "$PZ" | head -3 | cmp -s - "$TMP/first3" || fail "resumed build lost the first puzzles"
run puzzles stats "$PZ"
expect_status 0
expect_out_has "abapa             5"

# Ctrl-C (SIGINT) stops the search and writes what was found.
rm -f "$TMP/int.tsv"
"$AWALE" puzzles build --rules abapa --count 100000 --depth 10 --tables none --out "$TMP/int.tsv" \
    >"$TMP/out" 2>"$TMP/err" </dev/null &
pid=$!
sleep 3
kill -INT "$pid"
wait "$pid"
STATUS=$?
expect_status 0
expect_err_has "stopped: "
CHECKS=$((CHECKS + 1))
kept=$(sed -n 's/^stopped: \([0-9]*\) puzzles kept$/\1/p' "$TMP/err")
[ -f "$TMP/int.tsv" ] && [ "$(grep -vc '^#' "$TMP/int.tsv")" = "$kept" ] ||
    fail "after Ctrl-C: $kept said kept, file: $(grep -vc '^#' "$TMP/int.tsv" 2>&1)"

# Without --out the puzzles go to stdout; the same seed, the same puzzles.
run puzzles build --rules abapa --count 2 --depth 10 --tables none --seed 5 --quiet
expect_status 0
CHECKS=$((CHECKS + 1))
grep -v '^#' "$TMP/out" | cmp -s - "$(head -2 "$TMP/first3" >"$TMP/first2"; echo "$TMP/first2")" ||
    fail "stdout build differs from the file's first two: $(cat "$TMP/out")"

# Worked by hand: South 21, North 20; F sows into a and b (2 and 3) and
# captures 5 (c keeps a seed: no grand slam), reaching 26. A captures nothing.
printf 'abapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-20-S\tF\tcapture-chain,counting\t700\n' >"$TMP/good.tsv"
run puzzles verify "$TMP/good.tsv" --tables none
expect_status 0
expect_out_has "1 puzzle checked"
# The wrong move as the solution, the start as a puzzle, and a bad line.
printf '# a comment\nabapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-20-S\tA\t-\t700\nabapa\t4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\tC\t-\t900\nabapa\t1-0-0-0-0-2-1-2-1-0-0-0-21-20-S\tF\t-\t3000\n' >"$TMP/bad.tsv"
run puzzles verify "$TMP/bad.tsv" --tables none
expect_status 1
expect_out_has "bad.tsv:2: move 1: F is the only winning move, not A"
expect_out_has "bad.tsv:3: move 1 (C): at depth 18 no move is the only one"
expect_err_has "bad.tsv:4: field 5 (rating): 3000 is out of range (600..2600)"
expect_out_has "2 puzzles checked"
expect_out_has "3 failed"

# Records as the source: a game set up at that position.
printf '[Event "puzzle"]\n[FEN "1-0-0-0-0-2-1-2-1-0-0-0-21-20-S"]\n[SetUp "1"]\n\n*\n' >"$TMP/rec.txt"
run puzzles build --rules abapa --count 1 --records "$TMP/rec.txt" --tables none --quiet
expect_status 0
expect_out_has "abapa	1-0-0-0-0-2-1-2-1-0-0-0-21-20-S	F	capture-chain,counting	"
printf '[Event "x"]\n1. C C *\n' >"$TMP/badrec.txt"
run puzzles build --rules abapa --count 1 --records "$TMP/badrec.txt" --tables none --quiet
expect_status 1
expect_err_has "badrec.txt"
run puzzles build --rules abapa --count 1 --records "$TMP/nothere.txt"
expect_status 1
expect_err_has "nothere.txt"

# Export: the shipped puzzles, five fields a line, as many as stats counts.
run puzzles export --rules abapa
expect_status 0
CHECKS=$((CHECKS + 1))
exported=$(wc -l <"$TMP/out")
bad=$(awk -F'\t' 'NF != 5 || $1 != "abapa"' "$TMP/out" | head -3)
[ "$exported" -ge 1 ] && [ -z "$bad" ] || fail "export: $exported lines, bad: $bad"
cp "$TMP/out" "$TMP/abapa-export.tsv"
run puzzles stats --rules abapa
expect_status 0
CHECKS=$((CHECKS + 1))
counted=$(awk '$1 == "abapa" { print $2 }' "$TMP/out")
[ "$counted" = "$exported" ] || fail "stats counts $counted, export printed $exported"
run puzzles export --theme capture-chain
expect_status 0
CHECKS=$((CHECKS + 1))
bad=$(awk -F'\t' '$4 !~ /capture-chain/' "$TMP/out" | head -3)
[ -z "$bad" ] || fail "export --theme capture-chain printed: $bad"

# Bad arguments.
run puzzles
expect_status 2
run puzzles frobnicate
expect_status 2
expect_err_has "unknown subcommand 'frobnicate'"
run puzzles build --count 3
expect_status 2
expect_err_has "--rules R is needed"
run puzzles build --rules abapa
expect_status 2
expect_err_has "--count N is needed"
run puzzles build --rules chess --count 3
expect_status 2
expect_err_has "unknown rule set 'chess'"
run puzzles build --rules abapa --count 0
expect_status 2
run puzzles export --theme nonsense
expect_status 2
expect_err_has "unknown theme 'nonsense'"
run puzzles verify a.tsv b.tsv
expect_status 2
run puzzles verify "$TMP/nothere.tsv"
expect_status 1
run puzzles --help
expect_status 0
expect_out_has "usage: awale puzzles build"

# awale puzzle through a pipe: a hint, the answer, then quit.
run_input 'hint
answer
quit
' puzzle --rules abapa --seed 3
expect_status 0
expect_out_has "Puzzles for abapa"
expect_out_has "Hint: "
expect_out_has "The solution: "
expect_out_has "Missed. Streak 0."
expect_out_has "0 of 1 puzzles solved, best streak 0"
# The same seed, the same puzzle: its solver's moves, from the export, solve it.
id=$(sed -n 's/^Puzzle \([0-9]*\) of abapa.*/\1/p' "$TMP/out" | head -1)
line=$(sed -n "${id}p" "$TMP/abapa-export.tsv")
moves=$(printf '%s' "$line" | cut -f3 | awk '{ for (i = 1; i <= NF; i += 2) print $i }')
run_input "not-a-move
$moves
quit
" puzzle --rules abapa --seed 3
expect_status 0
expect_out_has "'not-a-move' is not a move or a command"
expect_out_has "Solved! Streak 1."
expect_out_has "1 of 1 puzzles solved, best streak 1"
# In French.
run_input 'aide
quitter
' puzzle --rules abapa --seed 3 --lang fr
expect_status 0
expect_out_has "Commandes :"
run puzzle --theme nonsense
expect_status 2
run puzzle --rating 100
expect_status 2
run puzzle --rules chess
expect_status 2
