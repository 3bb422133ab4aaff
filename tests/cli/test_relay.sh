# test_relay.sh - the relay game (--rules relay) through every command that
# takes --rules: replay, perft, rules, play, bench.

# replay: the worked cases of docs/relay.md
run replay --rules relay C+
expect_status 0
expect_stdout "4-0-2-7-7-7-1-4-4-4-4-4-0-0-N-1
ongoing"
run replay --rules relay A+
expect_stdout "2-7-7-7-1-4-4-0-4-4-4-0-4-0-N
ongoing"
run replay --rules relay --position 2-0-0-0-0-3-1-2-3-4-5-6-11-11-S A+
expect_stdout "0-1-1-0-0-3-1-0-0-0-5-6-20-11-N
ongoing"
run replay --rules relay --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S
expect_status 0
expect_stdout "over 16-17 no-move"
# moves run together, and the other direction
run replay --rules relay C+d-
expect_status 0
run replay --rules relay C+ d-
expect_status 0
expect_out_has "4-0-2-7-7-7-1-4-4-4-4-4-0-0-N-1"

# parameters
run replay --rules relay --rule chain=backward --position 2-0-0-0-0-3-1-2-3-4-5-6-11-11-S A+
expect_stdout "0-1-1-0-0-3-1-2-3-0-5-6-15-11-N
ongoing"
run replay --rules relay --rule skip-origin=yes --position 12-0-0-0-0-0-3-3-3-3-3-3-10-8-S A+
expect_stdout "2-1-0-1-4-2-6-6-0-4-4-0-10-8-N-1
ongoing"
run replay --rules relay --rule no-move=pass --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S pass a+
expect_status 0
expect_stdout "1-0-1-0-1-0-2-2-2-2-2-2-16-17-N-1
1-0-1-0-1-1-1-4-0-2-2-2-16-17-S-2
ongoing"
# endless play: the third occurrence of a position ends the game
run replay --rules relay --position 0-0-1-1-1-3-0-0-1-0-0-0-31-10-S F+ b- F+ b-
expect_out_has "over 31-10 repetition"
run replay --rules relay --rule repetition=0 --position 0-0-1-1-1-3-0-0-1-0-0-0-31-10-S F+ b- F+ b-
expect_out_has "ongoing"

# bad moves: a clear message, status 1
run replay --rules relay C
expect_status 1
expect_err_has "move 1 is malformed"
expect_err_has "'C' needs a direction: C+ (counterclockwise, to the right) or C- (clockwise"
run replay --rules relay 'C*'
expect_status 1
expect_err_has "needs a direction"
run replay --rules relay C+ d
expect_status 1
expect_err_has "move 2 is malformed"
run replay --rules relay --position 1-0-4-4-4-4-4-4-4-4-4-4-3-4-S A+
expect_status 1
expect_err_has "move 1 (A+) is illegal: pit A holds a single seed; a move needs at least 2"
run replay --rules relay C+ B+
expect_status 1
expect_err_has "move 2 (B+) is illegal: B is South's pit, and North is to move"
run replay --rules relay C+ B-
expect_status 1
expect_err_has "North plays a-f, each with + or -"
run replay --rules relay pass
expect_status 1
expect_err_has "passing is not allowed"
run replay --rules relay --rule no-move=pass pass
expect_status 1
expect_err_has "South can move, and may pass only without a move"
run replay --rules relay --rule no-move=pass --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S B+
expect_status 1
expect_err_has "must pass"
run replay --rules relay --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S A+
expect_status 1
expect_err_has "game is over"
run replay C+
expect_status 1
expect_err_has "no direction"

# bad relay parameters
run replay --rules relay --rule chain=sideways C+
expect_status 2
expect_err_has "bad value 'sideways' for rule parameter 'chain' (expected forward, backward)"
run replay --rules relay --rule skip-origin=maybe C+
expect_err_has "bad value 'maybe' for rule parameter 'skip-origin'"
run replay --rules relay --rule no-move=wait C+
expect_err_has "bad value 'wait' for rule parameter 'no-move'"
run replay --rule chain=backward C
expect_status 2
expect_err_has "rule parameter 'chain' does not apply to the Oware game"
run replay --rules relay --rule target=24 C+
expect_err_has "rule parameter 'target' does not apply to the relay game"

# perft: the counts of tests/data/perft-relay.txt (computed by the reference)
want=$(grep '^relay | 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S |' "$dir/../data/perft-relay.txt" |
    sed 's/.*| //' | tr ' ' '\n' | head -5 | awk '{ printf "%d %s\n", NR, $1 }')
run perft --rules relay 5
expect_status 0
expect_stdout "$want"
want=$(grep '^relay no-move=pass | ' "$dir/../data/perft-relay.txt" |
    sed 's/.*| //' | tr ' ' '\n' | head -5 | awk '{ printf "%d %s\n", NR, $1 }')
run perft --rules relay --rule no-move=pass --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S 5
expect_stdout "$want"
run perft --rules relay --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S 3
expect_stdout "1 0
2 0
3 0"

# rules: the relay preset and its parameters in words
run rules --rules relay
expect_status 0
expect_out_has "rule set relay"
expect_out_has "skip-origin  no        a lap sows into the pit it started from"
expect_out_has "chain        forward   a capture chain runs on in the direction of the last lap"
expect_out_has "no-move      end       a player without a legal move ends the game"
expect_out_has "occurrence 3 of the same position ends the game; seeds left not counted"
run rules --rules relay --rule skip-origin=yes --rule no-move=pass
expect_out_has "with skip-origin=yes no-move=pass"
run rules
expect_out_has "only the stores count"

# bench: relay perft, short
run bench perft --rules relay --depth 4 --runs 1
expect_status 0
expect_out_has "rules relay, depths 1..4"

