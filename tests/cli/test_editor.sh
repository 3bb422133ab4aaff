# test_editor.sh - `awale play --position` takes the position editor's
# checks (src/front/position_check.c, docs/editor.md): a position the rules
# cannot hold is refused before the game starts, in words and with status 1,
# in English and French; a fine position and one where the game is already
# over (shown as over) are played as before.
# (sourced by run.sh: lib.sh's assertions, $AWALE and $TMP are set)

run play --plain --position 4-4-4-4-4-4-4-4-4-4-4-3-1-0-S
expect_status 1
expect_err_has "awale play: bad position '4-4-4-4-4-4-4-4-4-4-4-3-1-0-S': South's score cannot be 1: a score is made of captures, and a captured pit holds 2 or 3 seeds in these rules"
run play --plain --rules two-seeds --position 4-4-4-4-4-4-4-4-4-4-4-1-0-3-N
expect_status 1
expect_err_has "North's score cannot be 3"
run play --plain --rules seven-turns --position 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-15
expect_status 1
expect_err_has "the no-capture counter is 15, but these rules end the game after 14 moves without a capture: it can be 0 to 13"
run play --plain --rule target=20 --position 0-0-0-0-0-4-4-0-0-0-0-0-20-20-S
expect_status 1
expect_err_has "both scores are at the target (20) or above"
run play --plain --position 2-0-0-0-0-0-2-0-0-0-0-0-44-0-S
expect_status 1
expect_err_has "South's score cannot be 44: the game ends at 25, and one move captures at most 15 seeds, so a score stops at 39"
run play --plain --lang fr --rules two-seeds --position 4-4-4-4-4-4-4-4-4-4-4-1-3-0-S
expect_status 1
expect_err_has "Le score de Sud ne peut pas être 3 : un score se fait de prises, et une case prise contient 2 graines dans ces règles"
# accepted: the game starts (and the end of input quits it)
run_input "quit
" play --plain --opponent human --position 0-0-0-0-0-3-1-2-1-4-4-4-14-15-S
expect_status 0
expect_out_has "South to move"
# over: shown as over, not refused
run_input "quit
" play --plain --opponent human --position 0-0-0-0-0-0-4-4-4-4-4-4-12-12-S
expect_status 0
expect_out_has "Game over"
