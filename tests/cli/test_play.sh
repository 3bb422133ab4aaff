# test_play.sh - `awale play` in line mode: the opponent by default, options
# never ignored, moves said in words, the board from the player's seat,
# agreement that the computer judges, undo/redo, history, hints, records,
# and the unfinished game kept for --resume.

# A first game is against the computer, at a friendly level.
run_input "C
quit
" play --movetime 50
expect_status 0
expect_out_has "against the computer at level 3"
expect_out_has "South (you) plays C: sows 4 seeds."
expect_out_has "North (computer) plays"
expect_out_has "North score  0 (computer, level 3)"
expect_out_has "South score  0 (you)"
expect_out_has "Your move (A-F)>"

# Two people at one keyboard when asked.
run_input "C
f
undo
board
moves
x
D
history
quit
" play --opponent human
expect_status 0
expect_out_has "Two players at one keyboard"
expect_out_has "South plays C: sows 4 seeds."
expect_out_has "North plays f: sows 4 seeds."
expect_out_has "Took back 1 move: f."
expect_out_has "Legal moves: a b c d e f"
expect_out_has "Not understood: 'x'."
expect_out_has "D cannot be played: D is South's pit, and North is to move"
expect_out_has "1. C"
CHECKS=$((CHECKS + 1))
grep -q "(computer)" "$TMP/out" && fail "a two-person game shows the computer"

# No option is ignored in silence.
run play --opponent human --level 1
expect_status 2
expect_err_has "--level is for a game against the computer"
run play --opponent human --side N
expect_status 2
expect_err_has "--side is for a game against the computer"
run play --opponent robot
expect_status 2
expect_err_has "--opponent"
run play --side X
expect_status 2
run play --level 11
expect_status 2
expect_err_has "--level"
run play --movetime 0
expect_status 2
expect_err_has "--movetime"
run play --resume --rules grand-slam
expect_status 2
expect_err_has "--resume"

# --side N --level 1: the computer plays South at level 1, and moves first;
# the board is drawn from North's seat (North's row at the bottom, a to f).
run_input "quit
" play --side N --level 1 --movetime 50
expect_status 0
expect_out_has "You play North (the bottom row, a-f) against the computer at level 1"
expect_out_has "South (computer) plays"
expect_out_has "South score  0 (computer, level 1)"
CHECKS=$((CHECKS + 1))
last_letters=$(grep '^ *a  *b  *c  *d  *e  *f *$' "$TMP/out" | head -1)
first_letters=$(grep '^ *F  *E  *D  *C  *B  *A *$' "$TMP/out" | head -1)
[ -n "$last_letters" ] && [ -n "$first_letters" ] || fail "North's seat: $(head -c 600 "$TMP/out")"
# Each pit faces its opposite: a is under F.
CHECKS=$((CHECKS + 1))
awk '/^ *F  *E  *D  *C  *B  *A *$/ {top=NR} /^ *a  *b  *c  *d  *e  *f *$/ {if (top && NR == top + 6) ok=1} END {exit !ok}' "$TMP/out" ||
    fail "North's seat: the rows are not six lines apart"
# Clockwise sowing from North's seat: the mirror image.
run_input "quit
" play --side N --level 1 --movetime 50 --rule direction=cw
expect_out_has "You play North"
CHECKS=$((CHECKS + 1))
grep -q '^ *f  *e  *d  *c  *b  *a *$' "$TMP/out" || fail "clockwise from North's seat: $(head -c 600 "$TMP/out")"

# Captures are said: the pits, the seeds, the score.
run_input "F
quit
" play --opponent human --position 0-0-0-0-0-3-1-2-1-4-4-4-14-15-S
expect_out_has "South plays F: sows 3 seeds and captures 7 seeds: 2 from a, 3 from b and 2 from c."
run_input "D
quit
" play --opponent human --position 0-0-0-4-1-2-1-1-5-5-5-5-9-10-S
expect_out_has "South plays D: sows 4 seeds and captures 4 seeds: 2 from a and 2 from b."
# A grand slam, of both kinds.
run_input "F
quit
" play --opponent human --position 0-0-0-0-0-2-1-2-0-0-0-0-20-23-S
expect_out_has "taking every seed of North's row would be a grand slam, so it captures nothing."
run_input "F
quit
" play --opponent human --rule grand-slam=capture --position 0-0-0-0-0-2-1-2-0-0-0-0-20-23-S
expect_out_has "captures all 5 seeds of North's row, a grand slam: 2 from a and 3 from b."
# A finished game says how and why it ended, and who won.
run_input "F
quit
" play --opponent human --rules grand-slam --position 1-0-0-0-0-2-1-1-0-0-0-0-20-23-S
expect_out_has "Game over"
expect_out_has "South wins"

# Agreement: the computer is asked, and declines an end it loses by.
run_input "agree
quit
" play --movetime 50 --position 5-4-4-4-4-4-4-4-4-4-4-3-0-0-S
expect_status 0
expect_out_has "The computer declines: ending now it would lose (South 25, North 23: South wins)."
CHECKS=$((CHECKS + 1))
grep -q "Game over" "$TMP/out" && fail "the computer accepted a lost end: $(grep 'Game over' "$TMP/out")"
# It accepts an end that gives it the win it would get anyway.
run_input "agree
quit
" play --movetime 50 --position 0-0-0-0-0-1-0-0-0-0-0-3-20-24-S
expect_out_has "The computer accepts."
expect_out_has "Game over: the players agreed to end the game"
expect_out_has "The computer wins."
# A draw by agreement at the start: the result line says so, once.
run_input "agree
quit
" play --movetime 50 --tables none --book none
expect_out_has "Final score: South 24, North 24: a draw."
CHECKS=$((CHECKS + 1))
grep -q "^A draw\.$" "$TMP/out" && fail "the draw said twice: $(grep -i 'draw' "$TMP/out")"
# It declines an even end when the tables say it wins by playing on.
run_input "agree
quit
" play --movetime 50 --position 0-0-1-0-0-1-0-0-1-1-0-0-22-22-S
expect_out_has "The computer declines: ending now gives South 24, North 24: a draw, but the endgame tables expect it to win by 4."
# Where the rules have no agreement, it says so.
run_input "agree
quit
" play --movetime 50 --rules seven-turns
expect_out_has "No end by agreement: the seven-turns rules have no end by agreement"
# Between two people the other player is asked.
run_input "agree
n
agree
y
quit
" play --opponent human
expect_out_has "South proposes to end the game here (final score South 24, North 24: a draw). North, do you agree? [y/n]"
expect_out_has "North declines: play on."
expect_out_has "Game over: the players agreed to end the game"

# Undo takes back the computer's reply too; redo plays both again.
run_input "C
undo
redo
redo
history
quit
" play --movetime 50 --level 1
expect_out_has "Took back 2 moves: C "
expect_out_has "Played 2 moves again: C "
expect_out_has "Nothing to redo."
expect_out_has "Moves so far:"
expect_out_has "1. C "

# Words that are not moves.
run_input "xyz
CfXb
quit
" play --opponent human
expect_out_has "Not understood: 'xyz'. Type a pit letter to play it, or 'help' for the commands."
expect_out_has "Not understood: 'CfXb'."
CHECKS=$((CHECKS + 1))
grep -q "move 1:" "$TMP/out" && fail "leftover 'move 1:' in $(grep 'move 1:' "$TMP/out")"

# Help lists every command, save and load included.
run_input "help
quit
" play --opponent human
for c in undo redo hint moves history board rules agree review "save FILE" "load FILE" new help quit; do
    expect_out_has "  $c"
done

# A hint explains itself; inside the tables it says who wins with perfect play.
run_input "hint
quit
" play --movetime 50
expect_out_has "Hint: "
expect_out_has ". For you: "
expect_out_has "expected line (captures in brackets, + for you): "
# between two people it is for the player to move, and help lists review
run_input "hint
quit
" play --opponent human
expect_out_has ". For the player to move: "
run_input 'hint
quit
' play --movetime 50 --position 0-0-0-0-1-2-1-1-0-0-0-3-20-20-S
expect_status 0
expect_out_has "Endgame tables: South wins by 8 seeds if endless play splits the board evenly (the tables' estimate)."

# Levels: each plays, and --help says what each means.
for level in 1 5 10; do
    run_input "C
quit
" play --level $level --movetime 50
    expect_status 0
    expect_out_has "(computer) plays"
done
run play --help
expect_status 0
expect_out_has "--resume"
for level in 1 2 3 4 5 6 7 8 9 10; do
    expect_out_has "$(printf '%7d  ' $level)"
done

# The relay game: directions, friendly forms, pass, the end.
run_input "help
C
C right
moves
f left
quit
" play --rules relay --opponent human
expect_status 0
expect_out_has "South to move (pit and direction: C+ sows to your right, C- to your left)"
expect_out_has "C+   (or 'C right') sows to your right, counterclockwise: South towards F"
expect_out_has "C-   (or 'C left') sows to your left, clockwise: South towards A"
expect_out_has "Not understood: 'C' needs a direction"
expect_out_has "South plays C+: sows 4 seeds, then relays"
expect_out_has "North to move (pit and direction: c+ sows to your right, c- to your left)"
expect_out_has "Legal moves: b+ b- c+ c- d+ d- e+ e- f+ f-"
expect_out_has "North plays f-: sows"
expect_out_has "South store"
run_input "pass
quit
" play --rules relay --opponent human --rule no-move=pass --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S
expect_out_has "South to move (no pit with 2 seeds or more: type pass)"
expect_out_has "South passes: no pit holds 2 seeds or more."
run_input "quit
" play --rules relay --opponent human --position 1-0-1-0-1-0-2-2-2-2-2-2-16-17-S
expect_out_has "Game over: South has no pit with 2 seeds or more; the seeds left are not counted."
expect_out_has "Final score: South 16, North 17: North wins."
run_input "C+
" play --rules relay --movetime 50
expect_status 0
expect_out_has "North (computer) plays"

# Records: save, load in a session of other rules, go on, save again.
run_input "C
f
save $TMP/saved.txt
quit
" play --opponent human
expect_status 0
expect_out_has "Saved the game (1 move) to $TMP/saved.txt."
CHECKS=$((CHECKS + 1))
grep -q '^1\. C f \*$' "$TMP/saved.txt" || fail "saved record: $(cat "$TMP/saved.txt")"
run replay --record "$TMP/saved.txt"
expect_status 0
printf '[Event "x"]\n[Rule "nonsense"]\n\n1. C *\n' >"$TMP/bad-play.txt"
run_input "load $TMP/saved.txt
F
save $TMP/saved2.txt
load $TMP/missing.txt
load $TMP/bad-play.txt
save /nonexistent/dir/game.txt
save
quit
" play --rules relay --opponent human
expect_status 0
expect_out_has "Loaded $TMP/saved.txt: 1 move, abapa rules."
expect_out_has "South plays F: sows"
expect_out_has "Cannot load: cannot open"
expect_out_has "Cannot load $TMP/bad-play.txt: line 2: tag Rule:"
expect_out_has "Cannot save: cannot create a temporary file"
expect_out_has "Type 'save FILE'."
CHECKS=$((CHECKS + 1))
grep -q '^1\. C f 2\. F \*$' "$TMP/saved2.txt" || fail "saved record after load: $(cat "$TMP/saved2.txt")"
# A record of a game against the computer keeps its players and level.
run_input "C
save $TMP/vs.txt
quit
" play --level 2 --movetime 50
expect_out_has "Saved the game (1 move)"
CHECKS=$((CHECKS + 1))
grep -q '^\[North "awale (level 2)"\]$' "$TMP/vs.txt" && grep -q '^\[Level "2"\]$' "$TMP/vs.txt" ||
    fail "players in the record: $(cat "$TMP/vs.txt")"

# An unfinished game is kept; --resume continues it, with its players.
export XDG_STATE_HOME="$TMP/state"
rm -rf "$XDG_STATE_HOME"
run play --resume
expect_status 1
expect_err_has "no unfinished game to resume"
run_input "C
" play --level 2 --movetime 50
expect_out_has "The game is kept: 'awale play --resume' continues it."
CHECKS=$((CHECKS + 1))
[ -f "$XDG_STATE_HOME/awale/unfinished-game.txt" ] || fail "no kept game in $XDG_STATE_HOME"
run_input "history
quit
" play --resume
expect_status 0
expect_out_has "Resuming the unfinished game (1 move)."
expect_out_has "against the computer at level 2"
expect_out_has "1. C "
# A finished game is not kept, and a resumed game that finishes is forgotten.
printf '[Event "x"]\n[South "player"]\n[North "player"]\n[FEN "1-0-0-0-0-2-1-1-0-0-0-0-20-23-S"]\n[SetUp "1"]\n[Rules "grand-slam"]\n\n*\n' \
    >"$XDG_STATE_HOME/awale/unfinished-game.txt"
run_input "F
quit
" play --resume
expect_out_has "Game over"
CHECKS=$((CHECKS + 1))
[ -f "$XDG_STATE_HOME/awale/unfinished-game.txt" ] && fail "a finished resumed game is still kept"
# A damaged kept game is reported, not played.
printf 'garbage [\n' >"$XDG_STATE_HOME/awale/unfinished-game.txt"
run play --resume
expect_status 1
expect_err_has "cannot resume"
rm -rf "$XDG_STATE_HOME"

# On a terminal (in line mode: --plain), quitting an unfinished game asks first.
# (script, from Debian's essential bsdutils, runs it on a pseudo-terminal.)
printf 'C\nquit\nn\nhistory\nquit\ny\n' | XDG_STATE_HOME="$TMP/state-tty" \
    script -qec "$AWALE play --plain --movetime 50 --level 1" /dev/null >"$TMP/out" 2>&1
STATUS=$?
expect_status 0
expect_out_has "The game is not over. Quit anyway"
expect_out_has "Moves so far:"
expect_out_has "The game is kept"

# On a terminal that curses does not know, the game falls back to line mode.
printf 'quit\n' | TERM=awale-no-such-terminal XDG_STATE_HOME="$TMP/state-tty2" \
    script -qec "$AWALE play --opponent human" /dev/null >"$TMP/out" 2>&1
expect_out_has "the terminal 'awale-no-such-terminal' is unknown: playing line by line"
expect_out_has "Two players at one keyboard"

# A pit letter once the game is over says why nothing happens (not just
# the prompt again).
run_input "F
A
quit
" play --plain --opponent human --tables none --position 0-0-0-0-0-1-0-0-0-0-0-0-24-23-S
expect_status 0
expect_out_has "> The game is over: no more moves. Type 'new' for another game, 'undo' to take back, or 'quit'."
