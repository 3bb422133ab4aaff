# steps_trainer.sh - learn from your mistakes in the full-screen game
# (sourced by run.sh, with its helpers): l in a complete review opens the
# exercises of both players' marked moves (two people played; the marks
# are the network's at depth 14); the board is the position before the
# move; the move played is refused with a hint; the review's best move is
# accepted; two misses give the answer with its line; a move of the
# player's own is judged by the engine; Esc goes back to the review, then
# to the game, as it was.

STEP="trainer: l in the review of a game between two people"
GAME="C f F b A a E c D d B e C f A b"
"$AWALE" review --depth 14 --tables none --book none $GAME >"$TMP/trainer.txt" 2>&1
# the review's best move of each marked move, in game order
BEST=$(tr '\n' ' ' <"$TMP/trainer.txt" | grep -oE '\{best [A-Fa-f] ' | awk '{ print $2 }' | tr '\n' ' ')
B1=$(echo $BEST | awk '{ print $1 }')
B2=$(echo $BEST | awk '{ print $2 }')
NEX=$(echo $BEST | wc -w)
printf 'speed=off\n' >"$XDG_CONFIG_HOME/awale/settings"
start --tables none --book none --opponent human
wait_for "South to move"
for m in $GAME; do keys "$m"; done
wait_for "North plays b:"
keys v
wait_for "review of the game, depth 14 · 8 moves"
wait_for "Esc back ? help l learn"
keys l
wait_for "awale · Learn from your mistakes · 1 of $NEX"
# (the network marks the first move, C, an inaccuracy: F was better)
wait_for "Find a better move for South (move 1). (In the game: C?!)"
wait_for "Your move (A-F): its letter, or the arrows and Enter."
board_is "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"

STEP="trainer: the move played, then the best"
keys C
wait_for "C is the move you played in the game. Try again."
wait_re "Hint: the best move (captures [0-9]+ seeds? \(from|stops a capture of [0-9]+ seed|is in the (left|right) half of your row \()"
keys "$B1"
wait_for "Yes: $B1 is the best move."
wait_for "Enter: the next one."

STEP="trainer: two misses, the answer"
keys Enter
wait_for "Learn from your mistakes · 2 of $NEX"
wait_for "Find a better move for South (move 2). (In the game: F?)"
board_is "$(position_after C f)"
keys F
wait_for "F is the move you played in the game. Try again."
keys F
wait_for "The best move was $B2 ("
wait_for "The line: $B2"

STEP="trainer: a move judged by the engine"
keys n
wait_for "Learn from your mistakes · 3 of $NEX"
wait_for "Find a better move for North (move 2). (In the game: b??)"
# e: about 10 seeds below d, the best (awale analyze --depth 14 --multipv 6 C f F)
keys e
wait_re "e is not good enough: about [0-9.]+ seeds (ahead|behind); with the best move, about"
wait_re "Hint: the best move"

STEP="trainer: Esc back to the review, then to the game"
keys Escape
wait_for "The board shows the position after the selected move; Esc goes back."
keys Escape
wait_for "South to move"
board_is "$(position_after $GAME)"
keys q y
wait_for "[exit 0]"
