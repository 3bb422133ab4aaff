# test_core.sh - the rules commands: replay, perft, rules, play, bad input.

# replay: positions after each move, then the status line.
run replay C f F b
expect_status 0
expect_stdout "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1
5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2
5-5-1-6-5-0-6-5-5-5-5-0-0-0-N-3
6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4
ongoing"

# moves run together, and separate words, give the same
run replay CfFb
expect_status 0
expect_out_has "6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4"

# worked cases through the command line
run replay --position 0-0-0-0-0-12-0-3-3-3-3-3-10-11-S F
expect_stdout "1-1-1-1-1-0-0-4-4-4-4-4-12-11-N
ongoing"
run replay --rules grand-slam --position 1-0-0-0-0-2-1-1-0-0-0-0-20-23-S F
expect_stdout "1-0-0-0-0-0-0-0-0-0-0-0-24-23-N
over 24-23 empty-row"
run replay --position 3-0-0-1-0-0-0-0-0-0-0-0-20-24-S
expect_stdout "over 24-24 cannot-feed"
run replay --rules abapa --rule target=20 --position 3-0-0-1-0-0-0-0-0-0-0-0-20-24-S
expect_stdout "over 20-24 target"

# an illegal move: the positions before it, a message naming it, status 1
run replay C a C
expect_status 1
expect_stdout "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1
4-4-0-5-5-5-0-5-5-5-5-5-0-0-S-2"
expect_err_has "move 3 (C)"
expect_err_has "empty"
run replay C D
expect_status 1
expect_err_has "move 2 (D)"
expect_err_has "North is to move"
run replay C x
expect_status 1
expect_err_has "move 2"
expect_err_has "'x' is not a pit letter"
run replay C+
expect_status 1
expect_err_has "no direction"
run replay --position 3-0-0-0-2-0-0-0-0-0-0-0-20-23-S A
expect_status 1
expect_err_has "legal: E"
run replay --position 3-0-0-1-0-0-0-0-0-0-0-0-20-24-S D
expect_status 1
expect_err_has "game is over"

# bad positions name the field
run replay --position 4-4-4-4-4-4-4-4-4-4-4-4-0-0-X
expect_status 1
expect_err_has "side to move"
run replay --position 4-4-4-4-4-4-4-4-4-4-4-5-0-0-S
expect_err_has "49 seeds"
run replay --position 4-4-4-4-4-4-4-4-4-4-4
expect_err_has "too short"
run replay --position 4-4-4-x-4-4-4-4-4-4-4-4-0-0-S
expect_err_has "pit D"
run replay --position 4-4-4-4-4-4-4-4-4-4-4-4-0--0-S
expect_err_has "North's score"

# bad rules
run replay --rules oware C
expect_status 2
expect_err_has "unknown rule set 'oware'"
run replay --rule target=99 C
expect_err_has "bad value '99' for rule parameter 'target'"
run replay --rule colour=red C
expect_err_has "unknown rule parameter 'colour'"
run replay --rule target C
expect_err_has "expected NAME=VALUE"
run replay --rules relay --rule captures=2
expect_err_has "does not apply"
run replay --rules
expect_status 2
expect_err_has "needs a value"
run replay --frobnicate
expect_status 2
expect_err_has "unknown option '--frobnicate'"

# perft: one line per depth
run perft 5
expect_status 0
expect_stdout "1 6
2 36
3 190
4 1014
5 5219"
run perft --rules two-seeds --position 0-0-0-0-0-3-1-2-1-4-4-4-14-15-S 3
expect_status 0
run perft
expect_status 2
expect_err_has "missing DEPTH"
run perft 0
expect_status 2
run perft abc
expect_err_has "DEPTH"
run perft 3 4
expect_err_has "unexpected argument '4'"

# rules: every preset and parameter, in words
run rules
expect_status 0
for word in abapa seven-turns grand-slam two-seeds relay captures grand-slam cannot-feed \
    empty-row target no-capture repetition play-on direction; do
    expect_out_has "$word"
done
run rules --rules grand-slam
expect_out_has "a grand slam (capturing the whole opponent row) captures"
# one rule set: how to play it, following the parameters, then the parameters
expect_out_has "How to play:"
expect_out_has "(a grand slam) is allowed"
expect_out_has "21 moves in a row without a capture"
run rules --rules two-seeds --rule no-capture=30
expect_out_has "with no-capture=30"
expect_out_has "makes exactly 2 seeds"
expect_out_has "30 moves in a row without a capture"
# the target is stated once, and what reaching it does once
run rules --rules abapa
[ "$(grep -c "25" "$TMP/out")" -eq 2 ] || fail "abapa: '25' not once in the how-to and once in the parameters: $(grep 25 "$TMP/out")"
expect_out_has "target       25        the target score is 25 seeds"
expect_out_has "play-on      no        the first player to reach the target wins, and the game ends there"
run rules --rules abapa --rule target=24
expect_out_has "with target=24"
run rules extra
expect_status 2

# help and unknown commands
run --help
expect_status 0
expect_out_has "replay"
run replay --help
expect_out_has "usage: awale replay"
run frobnicate
expect_status 2
expect_err_has "unknown command 'frobnicate'"
run
expect_status 2

# perft --divide: each root move's count, then the usual lines; they add up
run perft --divide 4
expect_status 0
expect_stdout "A 184
B 179
C 172
D 165
E 158
F 156
1 6
2 36
3 190
4 1014"
run perft --rules relay --divide 3
expect_status 0
total=$(awk 'NF == 2 && $1 !~ /^[0-9]+$/ { s += $2 } END { print s }' "$TMP/out")
CHECKS=$((CHECKS + 1))
grep -qx "3 $total" "$TMP/out" || fail "relay divide sums to $total: $(cat "$TMP/out")"
