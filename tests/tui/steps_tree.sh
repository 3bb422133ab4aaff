# steps_tree.sh - sourced by run.sh: the moves as a tree in the full screen
# (docs/variations.md): a different move after an undo starts a variation,
# the move list shows it in parentheses under the move it replaces, and the
# tree mode (w) walks it: along the line, between variations, promote,
# delete, back to the main line; the board follows each step.

STEP="variations: an undo and another move keep the first one"
start --tables none --book none --opponent human
wait_for "South to move"
keys m
keys c
wait_for "South plays C"
keys f
wait_for "North plays f"
keys d
wait_for "South plays D"
keys u
wait_for "Took back 1 move: D."
keys e
wait_for "South plays E"
board_is "$(position_after C f E)"
# the main line goes on with E; D is its variation, on a line of its own
wait_re "Moves 1\. C f 2\. E \(2\. D\)"

STEP="variations: the tree mode walks the tree"
keys w
wait_for "Moves: the tree (w)"
wait_for "Walking the tree"
# D is shown under E, its variation: Down goes to it, Up back
keys Down
board_is "$(position_after C f D)"
keys Down
wait_for "No other variation here."
keys Up
board_is "$(position_after C f E)"
keys Left Left
board_is "$(position_after C)"
keys Right
board_is "$(position_after C f)"
keys Right
board_is "$(position_after C f E)"
keys Home
board_is "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
keys End
board_is "$(position_after C f E)"

STEP="variations: promote, main line, delete"
keys Down
board_is "$(position_after C f D)"
keys p
wait_for "This line is now the main line."
wait_re "1\. C f 2\. D \(2\. E\)"
keys Down
board_is "$(position_after C f E)"
keys m
wait_for "Back on the main line."
board_is "$(position_after C f)"
keys Right Down
board_is "$(position_after C f E)"
keys d
wait_for "Variation deleted."
board_is "$(position_after C f)"
absent "(2. E)"
# the main line cannot be deleted
keys Right d
wait_for "the main line cannot be deleted"

STEP="variations: Esc plays on from the current move"
keys Escape
wait_for "North to move:"
absent "Walking the tree"
keys a
wait_for "North plays a"
board_is "$(position_after C f D a)"
keys q
wait_for "Quit anyway?"
keys y
wait_for "[exit 0]"
