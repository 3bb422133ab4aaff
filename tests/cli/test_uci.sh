# test_uci.sh - `awale uci`: scripted protocol conversations (docs/protocol.md),
# including malformed input, `stop` during `go infinite`, `ponderhit`, and
# `position` with illegal moves. Searches are shallow: each check takes
# milliseconds, the timed ones a fraction of a second.

# uci_legal POSITION-ARGS... MOVE: whether MOVE is legal after the replay
# arguments (checked by `awale replay`, not by the engine under test).
uci_legal() {
    "$AWALE" replay "$@" >/dev/null 2>&1
}

# bestmove_of FILE: the move of the last bestmove line.
bestmove_of() {
    grep '^bestmove ' "$1" | tail -1 | cut -d' ' -f2
}

# line_of PATTERN: line number of the first line of stdout matching PATTERN.
line_of() {
    grep -n -- "$1" "$TMP/out" | head -1 | cut -d: -f1
}

# The handshake: id, options (engine, Ponder, Rules, one per rule parameter), uciok.
run_input 'uci
isready
quit
' uci
expect_status 0
expect_out_has "id name awale"
expect_out_has "id author"
expect_out_has "option name Hash type spin default"
expect_out_has "option name Threads type spin"
expect_out_has "option name Level type spin default 10 min 1 max 10"
expect_out_has "option name Ponder type check default false"
expect_out_has "option name Rules type combo default abapa var abapa var seven-turns"
expect_out_has "option name Rule target type string default 25"
expect_out_has "option name Rule grand-slam type combo default void var void var capture"
CHECKS=$((CHECKS + 1))
[ "$(tail -1 "$TMP/out")" = "readyok" ] || fail "readyok is not the last line"
CHECKS=$((CHECKS + 1))
[ "$(line_of '^uciok')" -lt "$(line_of '^readyok')" ] || fail "uciok after readyok"

# A search: info lines with depth, score, nodes, nps, pv; a legal bestmove
# with its ponder move, both legal in turn.
run_input 'position startpos moves CfFb
go depth 5
quit
' uci
expect_status 0
expect_out_has "info depth 1 "
expect_out_has "info depth 5 "
expect_out_has " score cp "
expect_out_has " nodes "
expect_out_has " nps "
expect_out_has " pv "
best=$(bestmove_of "$TMP/out")
ponder=$(grep '^bestmove ' "$TMP/out" | tail -1 | sed -n 's/.* ponder //p')
CHECKS=$((CHECKS + 1))
uci_legal C f F b "$best" || fail "bestmove '$best' is not legal after CfFb"
CHECKS=$((CHECKS + 1))
[ -z "$ponder" ] || uci_legal C f F b "$best" "$ponder" || fail "ponder '$ponder' is not legal"

# Moves as separate words and run together, and from a fen, agree.
run_input 'position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves C f F b
go depth 4
position startpos moves CfFb
go depth 4
quit
' uci
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^bestmove ' "$TMP/out")" -eq 2 ] || fail "two searches, two bestmoves"
CHECKS=$((CHECKS + 1))
[ "$(grep '^bestmove ' "$TMP/out" | sort -u | wc -l)" -eq 1 ] || fail "same position, different answers: $(grep '^bestmove' "$TMP/out")"

# A finished game: bestmove 0000 and why.
run_input 'position fen 3-0-0-1-0-0-0-0-0-0-0-0-20-24-S
go depth 3
quit
' uci
expect_out_has "info string the game is over"
expect_out_has "bestmove 0000"

# A proven result is shown as 'score mate N' (moves of the side to move to
# the end of the game): F captures 5 and reaches the target; in the second
# position every line loses within 5 plies.
run_input 'position fen 0-0-0-0-0-2-1-2-0-0-0-1-22-20-S
go depth 4
position fen 0-0-0-0-1-2-1-1-0-0-0-0-20-23-S
go depth 8
quit
' uci
expect_out_has "score mate 1 "
expect_out_has "bestmove F"
expect_out_has "score mate -3 "

# An illegal move in position: the command is ignored, said why, and go
# answers 0000 until a good position comes.
run_input 'position startpos moves C C
go depth 2
position startpos moves C
go depth 2
quit
' uci
expect_status 0
expect_out_has "info string position ignored: move 2 (C) cannot be played"
expect_out_has "info string no position to search"
CHECKS=$((CHECKS + 1))
[ "$(grep '^bestmove' "$TMP/out" | head -1)" = "bestmove 0000" ] || fail "first go should answer 0000"
best=$(bestmove_of "$TMP/out")
CHECKS=$((CHECKS + 1))
uci_legal C "$best" || fail "bestmove '$best' after C is not legal"

# Malformed and unknown input: an info string each, never fatal.
run_input 'foo bar
joho debug on
position
position fen 4-4-4
position fen 4-4-4-4-4-4-4-4-4-4-4-5-0-0-S
position startpos C f
position startpos moves C x
position sideways
setoption
setoption name
setoption name Nope value 1
setoption name Hash value lots
setoption name Level value 99
setoption name Rules value chess
setoption name Rule target value 99
setoption name Rule bogus value 1
setoption name Ponder value maybe
go depth banana movetime -5 flurb depth 1
go searchmoves Z depth 2
ponderhit
stop
debug
isready
quit
' uci
expect_status 0
expect_out_has "info string ignored: unknown command 'foo'"
expect_out_has "info string unknown word 'joho' ignored"
expect_out_has "info string ignored: position: expected 'startpos' or 'fen POSITION'"
expect_out_has "info string ignored: position fen 4-4-4:"
expect_out_has "49"
expect_out_has "expected 'moves' after the start, found 'C'"
expect_out_has "move 2: 'x' is not a pit letter"
expect_out_has "found 'sideways'"
expect_out_has "info string ignored: setoption: expected 'setoption name NAME [value VALUE]'"
expect_out_has "info string ignored: setoption: no option name after 'name'"
expect_out_has "info string setoption: no option 'Nope'"
expect_out_has "info string setoption Hash ignored"
expect_out_has "info string setoption Level ignored"
expect_out_has "info string setoption Rules ignored"
expect_out_has "chess"
expect_out_has "info string setoption Rule target ignored"
expect_out_has "info string setoption Rule bogus ignored"
expect_out_has "info string setoption Ponder: 'maybe' is not true or false"
expect_out_has "info string go depth: 'banana' is not a positive whole number"
expect_out_has "info string go movetime: '-5' is not a positive whole number"
expect_out_has "info string go: unknown word 'flurb' ignored"
expect_out_has "info string go searchmoves: no move follows"
expect_out_has "info string ponderhit ignored: no ponder search is running"
expect_out_has "info string ignored: debug: expected 'debug on' or 'debug off'"
expect_out_has "readyok"
# the go with bad words still searched (a GUI always gets its bestmove)
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^bestmove ' "$TMP/out")" -eq 2 ] || fail "each go answers: $(grep -c '^bestmove ' "$TMP/out") bestmoves"
CHECKS=$((CHECKS + 1))
[ "$(tail -1 "$TMP/out")" = "readyok" ] || fail "isready is answered last"

# searchmoves limits the root moves; clock limits (South wtime/winc, North btime/binc).
run_input 'position startpos
go depth 4 searchmoves D
position startpos moves C
go wtime 500 btime 500 winc 10 binc 10
quit
' uci
CHECKS=$((CHECKS + 1))
[ "$(grep '^bestmove' "$TMP/out" | head -1 | cut -d' ' -f2)" = "D" ] || fail "searchmoves D: $(grep '^bestmove' "$TMP/out")"
best=$(bestmove_of "$TMP/out")
CHECKS=$((CHECKS + 1))
uci_legal C "$best" || fail "clock search: bestmove '$best' is not legal"

# The rule set by option: relay moves carry their direction; a rule
# parameter by option; ucinewgame resets.
run_input 'setoption name Rules value relay
position startpos moves C+
go depth 3
setoption name Rules value abapa
setoption name Rule target value 24
position fen 0-0-0-0-0-3-1-2-1-4-4-4-14-15-S
go depth 2
ucinewgame
isready
quit
' uci
best=$(grep '^bestmove' "$TMP/out" | head -1 | cut -d' ' -f2)
CHECKS=$((CHECKS + 1))
uci_legal --rules relay C+ "$best" || fail "relay bestmove '$best' is not legal after C+"
CHECKS=$((CHECKS + 1))
case $best in *+ | *-) ;; *) fail "relay move without direction: $best" ;; esac
expect_out_has "readyok"

# stop during go infinite: isready is answered while searching, no bestmove
# before stop, one after.
{
    printf 'position startpos\ngo infinite\n'
    sleep 0.2
    printf 'isready\n'
    sleep 0.1
    printf 'stop\n'
    sleep 0.05
    printf 'isready\nquit\n'
} | "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
CHECKS=$((CHECKS + 1))
r1=$(line_of '^readyok')
b1=$(line_of '^bestmove')
[ -n "$r1" ] && [ -n "$b1" ] && [ "$r1" -lt "$b1" ] || fail "go infinite: readyok ($r1) must come before bestmove ($b1)"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^bestmove ' "$TMP/out")" -eq 1 ] || fail "go infinite: one bestmove after stop"
best=$(bestmove_of "$TMP/out")
CHECKS=$((CHECKS + 1))
uci_legal "$best" || fail "go infinite: bestmove '$best' is not legal"

# go infinite in a position the search proves at once still waits for stop.
{
    printf 'position fen 3-0-0-0-2-0-0-0-0-0-0-0-20-23-S\ngo infinite\n'
    sleep 0.2
    printf 'isready\n'
    sleep 0.05
    printf 'stop\nquit\n'
} | "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
CHECKS=$((CHECKS + 1))
r1=$(line_of '^readyok')
b1=$(line_of '^bestmove')
[ -n "$r1" ] && [ -n "$b1" ] && [ "$r1" -lt "$b1" ] || fail "proven infinite: readyok ($r1) before bestmove ($b1)"
expect_out_has "bestmove E"

# go ponder: no bestmove until ponderhit, then one.
{
    printf 'position startpos moves C f\ngo ponder wtime 300 btime 300\n'
    sleep 0.2
    printf 'isready\n'
    sleep 0.05
    printf 'ponderhit\n'
    sleep 0.3
    printf 'quit\n'
} | "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
CHECKS=$((CHECKS + 1))
r1=$(line_of '^readyok')
b1=$(line_of '^bestmove')
[ -n "$r1" ] && [ -n "$b1" ] && [ "$r1" -lt "$b1" ] || fail "go ponder: readyok ($r1) before bestmove ($b1)"
best=$(bestmove_of "$TMP/out")
CHECKS=$((CHECKS + 1))
uci_legal C f "$best" || fail "ponder: bestmove '$best' is not legal after C f"

# A line over the limit is ignored with a message; the end of the input
# without quit ends the program cleanly (status 0).
awk 'BEGIN { printf "position startpos moves "; for (i = 0; i < 300000; i++) printf "C f "; print ""; print "isready" }' |
    "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "info string a line longer than"
expect_out_has "readyok"

# Control bytes and a NUL-free binary line: ignored with a message.
printf 'is\001ready\n\377\376go\nisready\n' | "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "info string ignored: unknown command"
expect_out_has "readyok"

# Bad arguments of the command itself.
run uci --rules nope
expect_status 2
expect_err_has "nope"
run uci extra
expect_status 2
expect_err_has "unexpected argument 'extra'"

# string options announce their real default
run_input "uci
quit
" uci
expect_out_has "option name Eval type string default tuned"
