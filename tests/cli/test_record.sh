# test_record.sh - game records on the command line: `awale replay --record`
# checks records and prints their positions; `play` saves and loads them.

cat >"$TMP/game.txt" <<'EOF'
[Event "Test"]
[South "Ama"]
[North "Kofi"]
[Rules "abapa"]

{opening} 1. C f 2. F b {quiet} *
EOF

# The positions are those of the same moves replayed directly.
run replay C f F b
cp "$TMP/out" "$TMP/direct"
run replay --record "$TMP/game.txt"
expect_status 0
CHECKS=$((CHECKS + 1))
cmp -s "$TMP/out" "$TMP/direct" || fail "replay --record differs from replay C f F b: $(diff "$TMP/direct" "$TMP/out")"

# Variations (nested, with comments and marks) do not change the replay:
# the positions are those of the main line alone.
cat >"$TMP/variations.txt" <<'EOF'
[Event "Study"]

{start} 1. C f {main} (1... b!? {sharp} 2. A (2. D? {no} 2... d) 2... c)
({second} 1... e 2. B) 2. F?! b ; a line comment
(2... a 3. A) *
EOF
run replay --record "$TMP/variations.txt"
expect_status 0
CHECKS=$((CHECKS + 1))
cmp -s "$TMP/out" "$TMP/direct" || fail "replay --record with variations differs from the main line: $(diff "$TMP/direct" "$TMP/out")"

# Malformed nesting is refused with its line and the reason.
printf '1. C f\n(1... b 2. A\n*\n' >"$TMP/unclosed.txt"
run replay --record "$TMP/unclosed.txt"
expect_status 1
expect_err_has "line 2: the variation opened by '(' on this line is not closed by ')' before the result * (line 3)"
printf '1. C f 2. A) *\n' >"$TMP/stray.txt"
run replay --record "$TMP/stray.txt"
expect_status 1
expect_err_has "line 1: ')' closes no variation"
printf '1. C f () *\n' >"$TMP/empty.txt"
run replay --record "$TMP/empty.txt"
expect_status 1
expect_err_has "line 1: an empty variation '()'"

# Several records: a 'game N' line before each; a custom start (FEN, North
# first); a finished game; an unfinished game with a result (a forfeit).
cat >"$TMP/games.txt" <<'EOF'
[Round "1"]
1. C f *

[Round "2"]
[FEN "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"]
1... a 2. C *

[Round "3"]
[FEN "3-0-0-1-0-0-0-0-0-0-0-0-20-24-S"]
1/2-1/2

[Round "4"]
[Result "0-1"]
[Termination "time forfeit"]
1. C 0-1
EOF
run replay --record "$TMP/games.txt"
expect_status 0
expect_stdout "game 1
4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1
5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2
ongoing

game 2
4-4-4-4-4-4-0-5-5-5-5-4-0-0-S-1
4-4-0-5-5-5-1-5-5-5-5-4-0-0-N-2
ongoing

game 3
over 24-24 cannot-feed

game 4
4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1
result 0-1 time forfeit"

# Standard input.
run_input "$(cat "$TMP/game.txt")" replay --record -
expect_status 0
expect_out_has "6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4"

# Bad records: file, line and reason; status 1.
printf '[Event "x"]\n\n1. C f\n2. F F *\n' >"$TMP/bad.txt"
run replay --record "$TMP/bad.txt"
expect_status 1
expect_err_has "bad.txt: line 4: 2... F cannot be played"
printf '[Event "x"]\n[Rule "target=99"]\n' >"$TMP/bad.txt"
run replay --record "$TMP/bad.txt"
expect_status 1
expect_err_has "bad.txt: line 2: tag Rule:"
# A tag line without its ']' names what is missing (not "found '?'").
printf '[Site "y"]\n\n[Event "x"\n1. C f *\n' >"$TMP/bad-tag.txt"
run replay --record "$TMP/bad-tag.txt"
expect_status 1
expect_err_has "bad-tag.txt: line 3: tag [Event \"x\" has no closing ']'"
printf '[Event "x"] [Site "a\001b"]\n' >"$TMP/bad-tag.txt"
run replay --record "$TMP/bad-tag.txt"
expect_status 1
expect_err_has "bad-tag.txt: line 1: tag Site: the value holds a control character (byte 0x01)"
printf '\n\n' >"$TMP/empty.txt"
run replay --record "$TMP/empty.txt"
expect_status 1
expect_err_has "no game record"
run replay --record "$TMP/none.txt"
expect_status 1
expect_err_has "cannot open"
printf '1. C\000 f\n' >"$TMP/nul.txt"
run replay --record "$TMP/nul.txt"
expect_status 1
expect_err_has "NUL byte"
run replay --record "$TMP/game.txt" C
expect_status 2
expect_err_has "--record takes the rules"
run replay --record
expect_status 2
expect_err_has "needs a value"

# no temporary file is left behind
CHECKS=$((CHECKS + 1))
[ -z "$(ls "$TMP" | grep '\.tmp\.')" ] || fail "temporary files left: $(ls "$TMP" | grep '\.tmp\.')"
