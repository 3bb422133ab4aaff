# test_play_tree.sh - the tree of variations in `awale play` (line mode,
# docs/variations.md): a different move after an undo starts a variation,
# `tree` shows it (the current move in brackets), `goto MOVES` goes there,
# `promote` makes it the main line, `mainline` goes back; refusals say why.
# French command words too.

run_input "C
f
D
undo
E
tree
goto C f D
tree
promote
tree
goto C f E
mainline
tree
goto C f A
goto C x
goto
history
quit
" play --opponent human --tables none --book none
expect_status 0
expect_out_has "  1. C f 2. [E] (2. D)"
expect_out_has "  1. C f 2. E (2. [D])"
expect_out_has "This line is now the main line."
expect_out_has "  1. C f 2. [D] (2. E)"
expect_out_has "Back on the main line."
expect_out_has "  1. C [f] 2. D (2. E)"
expect_out_has "goto: the tree has no move A there (move 3 of those given); 'tree' shows it."
expect_out_has "goto: "
expect_out_has "No move yet."

# The same in French, with the French words.
run_input "C
f
D
annuler
E
arbre
aller C f D
arbre
quitter
" play --opponent human --tables none --book none --lang fr
expect_status 0
expect_out_has "Les coups, les variantes entre parenthèses (le coup courant entre crochets) :"
expect_out_has "  1. C f 2. [E] (2. D)"
expect_out_has "  1. C f 2. E (2. [D])"

# With clocks the game keeps no variations: an undo cuts, goto is refused.
run_input "C
f
undo
e
tree
goto
quit
" play --opponent human --tables none --book none --clock 5+0
expect_status 0
expect_out_has "  1. C [e]"
expect_out_has "no variations"
