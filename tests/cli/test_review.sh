# test_review.sh - awale review: marks known from the endgame tables, the
# output read back as records, several games from a file, bad input, and
# Ctrl-C keeping what was done.

RV="$TMP/review"
mkdir -p "$RV"

# expect_text_has TEXT: in stdout with its lines joined (records wrap long
# comments).
expect_text_has() {
    CHECKS=$((CHECKS + 1))
    tr '\n' ' ' <"$TMP/out" | grep -qF -- "$1" || fail "stdout lacks '$1': $(head -c 600 "$TMP/out")"
}
# The moves with their marks, comments left out.
marks() { tr '\n' ' ' <"$1" | sed 's/{[^}]*}//g' | tr ' ' '\n' | grep -E '^[A-Fa-f][!?]+$' | tr '\n' ' '; }

# North wins by 4 with a (the tables say so); e and f throw the win away.
run review --tables "$XDG_DATA_HOME/awale/tables" --position 0-0-0-3-1-0-2-0-0-0-1-1-22-18-N e
expect_status 0
expect_text_has "1... e?? {tables: best a win +4; played loss -12: throws away the win}"
expect_out_has "[Annotator \"awale"
expect_text_has "North: 1 blunder, 0 mistakes"
expect_text_has "turning points: 1... e??"
run review --position 0-0-0-3-1-0-2-0-0-0-1-1-22-18-N a
expect_status 0
expect_text_has "the only move that keeps the win (win +4)"
grep -q "1\.\.\. a!" "$TMP/out" || fail "the only winning move is not marked !: $(cat "$TMP/out")"

# A whole game: what review writes, replay reads (marks, comments and all).
run review --depth 6 --tables none --book none C f F b A a E c D d B e C f A b
expect_status 0
expect_text_has "review, depth 6:"
cp "$TMP/out" "$RV/one.txt"
run replay --record "$RV/one.txt"
expect_status 0
expect_out_has "ongoing"
# Reviewing the review again gives the same marks.
run review --depth 6 --tables none --book none "$RV/one.txt"
expect_status 0
CHECKS=$((CHECKS + 1))
[ -n "$(marks "$RV/one.txt")" ] || fail "no marks in the review of a random game"
[ "$(marks "$RV/one.txt")" = "$(marks "$TMP/out")" ] ||
    fail "a second review marks differently: '$(marks "$RV/one.txt")' / '$(marks "$TMP/out")'"

# Several games from a file (or stdin), each reviewed and written.
"$AWALE" match --engine name=a option.Level=3 --engine name=b option.Level=5 --games 2 \
    --depth 3 --records "$RV/games.txt" --seed 5 >/dev/null 2>&1
run review --depth 4 --tables none "$RV/games.txt"
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[Annotator' "$TMP/out")" -eq 2 ] || fail "two games in, $(grep -c '^\[Annotator' "$TMP/out") out"
cp "$TMP/out" "$RV/two.txt"
run replay --record "$RV/two.txt"
expect_status 0
run_input "$(cat "$RV/games.txt")" review --depth 2 --tables none -
expect_status 0
expect_out_has "[Round \"2\"]"

# Relay games too.
run review --rules relay --depth 4 C+ b- A+
expect_status 0
expect_out_has "[Rules \"relay\"]"

# Bad input.
printf '1. C C *\n' >"$RV/bad.txt"
run review "$RV/bad.txt"
expect_status 1
expect_err_has "bad.txt: line 1: 1... C cannot be played"
printf '\n' >"$RV/empty.txt"
run review "$RV/empty.txt"
expect_status 1
expect_err_has "no game record"
run review C C
expect_status 1
expect_err_has "move 2 (C)"
run review nosuchfile.txt
expect_status 1
expect_err_has "'nosuchfile.txt' is neither a record file nor moves"
run review --rules grand-slam "$RV/bad.txt"
expect_status 2
run review --depth 3 --movetime 10 C
expect_status 2
run review
expect_status 2
run review --depth 0 C
expect_status 2
run review --book "$RV/bad.txt" C
expect_status 1
expect_err_has "bad.txt"

# Ctrl-C: the moves reviewed so far are written, with the summary.
"$AWALE" review --movetime 400 --tables none "$RV/games.txt" >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 2
kill -INT $pid
wait $pid
STATUS=$?
expect_status 130
expect_err_has "interrupted"
expect_text_has "stopped)"
cp "$TMP/out" "$RV/part.txt"
run replay --record "$RV/part.txt"
expect_status 0
