# steps_editor.sh - the position editor of the full-screen game (key p;
# sourced by run.sh, with its helpers): the game's position on the editor's
# board; seeds added by a click (a pit, a store) and by +, taken away with -,
# counts typed in digits, pit letters and the arrows (to a store); the
# refusals in words (the seed total, a score the captures cannot make, a
# game already over); the board emptied and the start put back; Esc that
# changes nothing; then a fixed position played with Enter: the game's board
# shows it; the refusal in French.

STEP="the position editor: refusals in words, then a game from the position"
printf 'speed=off\n' >"$XDG_CONFIG_HOME/awale/settings"
start --tables none --book none --opponent human
wait_for "South to move"
keys p
wait_for "Position editor"
wait_for "48 of 48 seeds"
wait_for "A game can start from this position: Enter plays from it."
board_is 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
# Esc leaves and changes nothing
keys + Escape
wait_for "South to move"
absent "Position editor"
board_is 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S
keys p
wait_for "48 of 48 seeds"
# a click adds a seed: to pit C, to South's store (on the right); - takes
# it away from what was clicked
click 2 1
wait_for "49 of 48 seeds"
board_is 4-4-5-4-4-4-4-4-4-4-4-4-0-0-S
keys -
wait_for "48 of 48 seeds"
click 6 0
wait_for "49 of 48 seeds"
keys -
wait_for "48 of 48 seeds"
wait_for "A game can start from this position"
# x empties the board, i puts the start back
keys x
wait_for "0 of 48 seeds"
wait_for "the pits and the scores hold 0 seeds; they must hold 48 (add 48)"
keys i
wait_for "48 of 48 seeds"
# A (the letter goes to the pit): + adds a seed, the total says 49 and the
# refusal says what to do
keys A +
wait_for "49 of 48 seeds"
wait_for "the pits and the scores hold 49 seeds; they must hold 48 (take away 1)"
board_is 5-4-4-4-4-4-4-4-4-4-4-4-0-0-S
# digits type a count: 1 on A, then Right to B, 0 empties it
keys 1 Right 0
wait_for "41 of 48 seeds"
board_is 1-0-4-4-4-4-4-4-4-4-4-4-0-0-S
# Left, Left: from B to A, then to the store beside it (North's, on the
# left); 1 in it, 7 in A: 48 seeds, but a score of 1 is no sum of captures
keys Left Left 1 Right 7
wait_for "48 of 48 seeds"
wait_for "North's score cannot be 1: a score is made of captures, and a captured pit holds 2 or 3 seeds in these rules"
board_is 7-0-4-4-4-4-4-4-4-4-4-4-0-1-S
# Enter on a refused position says so and stays
keys Enter
wait_for "This position cannot be played: North's score cannot be 1"
wait_for "Position editor"
# fixed: 2 in the store, 6 in A; t gives the move to North
keys Left + Right -
wait_for "A game can start from this position"
keys t
wait_for "North, to move"
keys Enter
wait_for "New game from the position 6-0-4-4-4-4-4-4-4-4-4-4-0-2-N (abapa rules)."
wait_for "North to move"
absent "Position editor"
board_is 6-0-4-4-4-4-4-4-4-4-4-4-0-2-N
# a game already over: South to move with no seed (pit letters jump)
keys p
wait_for "Position editor"
keys A 0 B 0 C 0 D 0 E 0 F 0 a 2 6 t
wait_for "the game is already over in this position: South has no seed"
keys Escape
wait_for "North to move"
keys q
wait_for "[exit 0]"

STEP="the position editor in French"
start --tables none --book none --opponent human --lang fr
wait_for "Sud"
keys p
wait_for "48 graines sur 48"
keys +
wait_for "les cases et les scores contiennent 49 graines ; il en faut 48 (enlevez-en 1)"
keys Escape q
wait_for "[exit"
