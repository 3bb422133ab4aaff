# test_review.sh - awale review: marks known from the endgame tables, the
# output read back as records, the evaluation (--eval), several games from
# a file, bad input, and Ctrl-C keeping what was done.

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

# A win is a win. North's last move e reaches 25 at once (win +16 in 1) where
# d won by more, later (win +19 in 3): no mistake, no seeds lost, no
# comment. South's F (a loss, as every move) is no mistake either.
printf '[Event "quick win"]\n[SetUp "1"]\n[FEN "1-0-0-2-1-1-2-1-1-5-2-3-6-23-S"]\n[Result "0-1"]\n[Termination "target"]\n\n1. F e 0-1\n' >"$RV/quick.txt"
run review --tables none --book none "$RV/quick.txt"
expect_status 0
expect_text_has "turning points: none} 1. F e 0-1"
expect_text_has "South: 0 blunders, 0 mistakes, 0 inaccuracies, 0 good moves, 0.00 seeds lost"
expect_text_has "North: 0 blunders, 0 mistakes, 0 inaccuracies, 0 good moves, 0.00 seeds lost"
# The slower, bigger win is no mistake: a remark says the other wins sooner.
run review --tables none --book none --position 1-0-0-2-1-0-0-1-1-5-2-3-9-23-N d
expect_status 0
expect_text_has "1... d {keeps the win (win +19 in 3); e wins sooner (win +16 in 1)}"
# The same with the tables: F ends the game at once (win +9), B wins by more.
run review --tables "$XDG_DATA_HOME/awale/tables" --position 1-1-0-2-0-1-1-0-0-0-1-0-24-17-S F
expect_status 0
expect_text_has "turning points: none} 1. F 1-0"
run review --tables "$XDG_DATA_HOME/awale/tables" --position 1-1-0-2-0-1-1-0-0-0-1-0-24-17-S B
expect_status 0
expect_text_has "1. B {tables: keeps the win (win +14); F wins sooner (win +9 in 1)}"

# The opening an `awale match` imposes ({opening}; here F? and b?? at depth
# 6) is shown but not judged: no marks, not in the summary nor the turning
# points. (The players on the linear evaluation: the game this test was
# written on.)
printf 'C f F b\n' >"$RV/openings.txt"
"$AWALE" match --engine name=a option.Level=3 option.Eval=linear \
    --engine name=b option.Level=5 option.Eval=linear --games 1 \
    --depth 3 --openings "$RV/openings.txt" --records "$RV/opened.txt" >/dev/null 2>&1
run review --depth 6 --tables none --book none "$RV/opened.txt"
expect_status 0
expect_text_has "1. C f 2. F b {opening} 3. D"
expect_text_has "not judged: the set opening (4 moves)}"
CHECKS=$((CHECKS + 1))
tr '\n' ' ' <"$TMP/out" | grep -q "turning points: [^}]*b??" && fail "the set opening is a turning point"
cp "$TMP/out" "$RV/opened-review.txt"
run review --depth 6 --tables none --book none "$RV/opened-review.txt"
expect_status 0
expect_text_has "1. C f 2. F b {opening} 3. D"

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

# The evaluation: the network by default, whose marks (on its scale,
# docs/review.md) call C at the start an inaccuracy (F better by 1.70 at
# depth 14); the linear model leaves C unmarked and finds F? the first
# mistake, as the reviews did before the front ends moved to the network.
run review --depth 14 --tables none --book none C f F b A a E c D d B e C f A b
expect_status 0
expect_text_has "1. C?! {best F -0.17 (F f E a C e E c B c); played -1.87: loses 1.70 seeds}"
expect_text_has "2... b?? {best d +3.97"
run review --eval linear --depth 14 --tables none --book none C f F b A a E c D d B e C f A b
expect_status 0
expect_text_has "1. C f 2. F? {best C -1.05 (C d A f A c A f A d); played -4.79: loses 3.74 seeds}"
expect_text_has "turning points: 4... c??, 5. D??, 6... e??}"
run review --eval bogus C
expect_status 2
expect_err_has "bad value 'bogus' for --eval (expected nnue, linear, tuned or material)"

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
