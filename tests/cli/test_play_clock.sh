# test_play_clock.sh - `awale play --clock`: the syntax (a bad value refused
# with its problem named), the clocks shown at each prompt, a flag that
# falls noticed when the next move comes in, the computer on its clock,
# resign, undo of the end, and the record's end and time control.

# Bad values: refused, the problem named.
for bad in "0+3|the time must be more than 0" "181+0|the time is 3 hours (180 minutes) at most" \
    "5+601|the increment is 600 seconds at most" "five|expected MINUTES+SECONDS, like 5+3" \
    "5+|expected MINUTES+SECONDS" "-1+2|expected MINUTES+SECONDS" "0s|the time must be more than 0"; do
    run play --plain --clock "${bad%%|*}"
    expect_status 2
    expect_err_has "bad value '${bad%%|*}' for --clock"
    expect_err_has "${bad#*|}"
done
run play --resume --clock 5+3
expect_status 2
expect_err_has "--resume continues the kept game"

# The clocks at each prompt, from the first one.
run_input "quit
" play --plain --opponent human --clock 5+3
expect_status 0
expect_out_has "Time left: South 5:00, North 5:00."
run_input "quit
" play --plain --opponent human --clock 90s
expect_out_has "Time left: South 1:30, North 1:30."

# A flag falls: North waits longer than its second; its move comes in too
# late and the game is lost on time; undo takes the loss back alone.
(sleep 0.3; printf 'C\n'; sleep 1.4; printf 'f\nsave %s\nundo\nquit\n' "$TMP/flag.txt") |
    "$AWALE" play --plain --opponent human --clock 1s+0 >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "Time left: South 0:01.0, North 0:01.0."
expect_out_has "South plays C: sows 4 seeds."
expect_out_has "Game over: North ran out of time. South wins."
expect_out_has "Took back the loss on time"
CHECKS=$((CHECKS + 1))
grep -q "North plays f" "$TMP/out" && fail "a move after the flag fell was played"
CHECKS=$((CHECKS + 1))
grep -qF '[Termination "time forfeit"]' "$TMP/flag.txt" && grep -qF '[Result "1-0"]' "$TMP/flag.txt" &&
    grep -qF '[TimeControl "1+0"]' "$TMP/flag.txt" || fail "the record of a loss on time: $(cat "$TMP/flag.txt")"
# Loaded again, the game is over on time.
run_input "load $TMP/flag.txt
quit
" play --plain --opponent human
expect_out_has "Game over: North ran out of time. South wins."

# Resign: the other side wins, the record says so with its clocks.
run_input "C
resign
save $TMP/resign.txt
C
undo
f
quit
" play --plain --opponent human --clock 5+3
expect_status 0
expect_out_has "Game over: North resigned. South wins."
expect_out_has "The game is over: no more moves."
expect_out_has "Took back the resignation."
expect_out_has "North plays f: sows 4 seeds."
CHECKS=$((CHECKS + 1))
grep -qF '[Termination "resignation"]' "$TMP/resign.txt" && grep -qF '[TimeControl "300+3"]' "$TMP/resign.txt" &&
    grep -qF '[%clk 0:05:0' "$TMP/resign.txt" || fail "the record of a resignation: $(cat "$TMP/resign.txt")"

# Against the computer: it plays on its clock; the person resigns.
run_input "C
resign
quit
" play --plain --clock 0.2+1 --level 2
expect_status 0
expect_out_has "North (computer) plays"
expect_out_has "Game over: South resigned. North wins."
expect_out_has "The computer wins."
