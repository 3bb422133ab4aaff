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

# uci_input INPUT [ARGS...]: run_input with a deadline, so that an engine
# that hangs fails the check (STATUS 124) instead of hanging the tests.
uci_input() {
    input=$1
    shift
    printf '%s' "$input" | timeout 20 "$AWALE" "$@" >"$TMP/out" 2>"$TMP/err"
    STATUS=$?
}

# count_of PATTERN: lines of stdout matching PATTERN.
count_of() {
    grep -c -- "$1" "$TMP/out"
}

# uci_wait PATTERN COUNT: wait (up to 10 s) until stdout has COUNT lines
# matching PATTERN.
uci_wait() {
    i=0
    while [ "$(count_of "$1")" -lt "$2" ]; do
        i=$((i + 1))
        [ "$i" -gt 1000 ] && return 1
        sleep 0.01
    done
    return 0
}

# uci_session SCRIPT [ARGS...]: a conversation with `awale uci ARGS` that
# waits for the answers as a GUI does. The lines of SCRIPT are sent one by
# one, except '@bestmove' (wait for one more bestmove line) and '@readyok'
# (one more readyok); after the script the input ends. Every wait and the
# whole run have a deadline, so a hang fails the check instead of hanging
# the tests (STATUS 124 then).
uci_session() {
    script=$1
    shift
    rm -f "$TMP/fifo"
    mkfifo "$TMP/fifo"
    : >"$TMP/out"
    timeout 20 "$AWALE" uci "$@" <"$TMP/fifo" >"$TMP/out" 2>"$TMP/err" &
    upid=$!
    trap '' PIPE # an engine gone early must not end the test script
    exec 3>"$TMP/fifo"
    nb=0
    nr=0
    waited=ok
    while IFS= read -r l; do
        case $l in
        @bestmove) nb=$((nb + 1)); uci_wait '^bestmove ' "$nb" || waited="no bestmove $nb" ;;
        @readyok) nr=$((nr + 1)); uci_wait '^readyok$' "$nr" || waited="no readyok $nr" ;;
        *) printf '%s\n' "$l" >&3 ;;
        esac
    done <<SCRIPT
$script
SCRIPT
    exec 3>&-
    wait "$upid"
    STATUS=$?
    trap - PIPE
    CHECKS=$((CHECKS + 1))
    [ "$waited" = ok ] || fail "uci session: $waited; last lines: $(tail -3 "$TMP/out")"
}

# The handshake: id, options (engine, Ponder, Rules, one per rule parameter), uciok.
uci_input 'uci
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
uci_input 'position startpos moves CfFb
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
uci_session 'position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves C f F b
go depth 4
@bestmove
position startpos moves CfFb
go depth 4
@bestmove
quit'
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^bestmove ' "$TMP/out")" -eq 2 ] || fail "two searches, two bestmoves"
CHECKS=$((CHECKS + 1))
[ "$(grep '^bestmove ' "$TMP/out" | sort -u | wc -l)" -eq 1 ] || fail "same position, different answers: $(grep '^bestmove' "$TMP/out")"

# A finished game: bestmove 0000 and why.
uci_input 'position fen 3-0-0-1-0-0-0-0-0-0-0-0-20-24-S
go depth 3
quit
' uci
expect_out_has "info string the game is over"
expect_out_has "bestmove 0000"

# A proven result is shown as 'score mate N' (moves of the side to move to
# the end of the game): F captures 5 and reaches the target; in the second
# position every line loses within 5 plies.
uci_session 'position fen 0-0-0-0-0-2-1-2-0-0-0-1-22-20-S
go depth 4
@bestmove
position fen 0-0-0-0-1-2-1-1-0-0-0-0-20-23-S
go depth 8
@bestmove
quit'
expect_out_has "score mate 1 "
expect_out_has "bestmove F"
expect_out_has "score mate -3 "

# An illegal move in position: the command is ignored, said why, and go
# answers 0000 until a good position comes.
uci_input 'position startpos moves C C
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
uci_input 'foo bar
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
go flurb searchmoves Z depth 2
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
expect_out_has "info string ignored: go depth: 'banana' is not a whole number from 1 to 1000; no search started"
expect_out_has "info string go: unknown word 'flurb' ignored"
expect_out_has "info string go searchmoves: no move follows"
expect_out_has "info string ponderhit ignored: no ponder search is running"
expect_out_has "info string ignored: debug: expected 'debug on' or 'debug off'"
expect_out_has "readyok"
# the go with a bad value started no search; the one with unknown words did
# (UCI: unknown words are skipped), and stop gave its bestmove
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove ')" -eq 1 ] || fail "one search: $(count_of '^bestmove ') bestmoves"
CHECKS=$((CHECKS + 1))
[ "$(tail -1 "$TMP/out")" = "readyok" ] || fail "isready is answered last"

# searchmoves limits the root moves; clock limits (South wtime/winc, North btime/binc).
uci_session 'position startpos
go depth 4 searchmoves D
@bestmove
position startpos moves C
go wtime 500 btime 500 winc 10 binc 10
@bestmove
quit'
CHECKS=$((CHECKS + 1))
[ "$(grep '^bestmove' "$TMP/out" | head -1 | cut -d' ' -f2)" = "D" ] || fail "searchmoves D: $(grep '^bestmove' "$TMP/out")"
best=$(bestmove_of "$TMP/out")
CHECKS=$((CHECKS + 1))
uci_legal C "$best" || fail "clock search: bestmove '$best' is not legal"

# The rule set by option: relay moves carry their direction; a rule
# parameter by option; ucinewgame resets.
uci_session 'setoption name Rules value relay
position startpos moves C+
go depth 3
@bestmove
setoption name Rules value abapa
setoption name Rule target value 24
position fen 0-0-0-0-0-3-1-2-1-4-4-4-14-15-S
go depth 2
@bestmove
ucinewgame
isready
@readyok
quit'
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
} | timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
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
} | timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
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
} | timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
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
    timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "info string a line longer than"
expect_out_has "readyok"

# Control bytes and a NUL-free binary line: ignored with a message.
printf 'is\001ready\n\377\376go\nisready\n' | timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
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
uci_input "uci
quit
" uci
# (nnue or linear: EVAL_DEFAULT in src/engine/engine.h)
eval_default=linear
grep -q '^#define EVAL_DEFAULT EVAL_NNUE' "$dir/../../src/engine/engine.h" && eval_default=nnue
expect_out_has "option name Eval type string default $eval_default"
expect_out_has "option name EvalFile type string default <empty>"

# ---------------------------------------------------------------------------
# The session's state machine (docs/protocol.md, "The session"): whatever
# search runs, every command is read and answered at once; a go, setoption
# or ucinewgame during a search stops it first. Every run has a deadline
# (status 124: it hung).

# A second go during a search of any kind: the first search is stopped (an
# info string, then its bestmove), the second runs, and stop, isready and the
# end of the input are still answered (these hung once: the engine waited
# for the first search to end before it read on; then the second go was
# refused and never got a bestmove).
for first in 'go depth 40' 'go' 'go nodes 100000000000' 'go movetime 100000' \
    'go wtime 100000000 btime 100000000' 'go infinite' 'go ponder'; do
    # (OwnBook off: a position of the opening book would be answered at once)
    printf 'setoption name OwnBook value false\n%s\ngo depth 3\nstop\nisready\n' "$first" |
        timeout 10 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
    STATUS=$?
    expect_status 0
    expect_out_has "info string go: stopping the running search first"
    CHECKS=$((CHECKS + 1))
    [ "$(count_of '^bestmove ')" -eq 2 ] || fail "'$first' then go: $(count_of '^bestmove ') bestmoves, expected 2"
    CHECKS=$((CHECKS + 1))
    [ "$(line_of 'stopping the running search')" -lt "$(line_of '^bestmove ')" ] ||
        fail "'$first' then go: the first bestmove came before the go that stopped it"
    CHECKS=$((CHECKS + 1))
    [ "$(tail -1 "$TMP/out")" = readyok ] || fail "'$first' then go: readyok is not the last line"
    for best in $(grep '^bestmove ' "$TMP/out" | cut -d' ' -f2); do
        CHECKS=$((CHECKS + 1))
        uci_legal "$best" || fail "'$first': bestmove '$best' is not legal"
    done
done

# The same, ended by quit at once: the second go stops the first search,
# quit the second; each gives its bestmove.
printf 'setoption name OwnBook value false\ngo depth 40\ngo depth 3\nquit\n' |
    timeout 10 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove ')" -eq 2 ] || fail "quit during a search: $(count_of '^bestmove ') bestmoves"

# A go whose limit is malformed starts nothing (before, 'go binc' searched
# without limit and the next go hung); the next go is a search of its own.
printf 'go binc\ngo depth 3\nstop\nisready\n' | timeout 10 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "info string ignored: go binc: the value is missing; no search started"
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove ')" -eq 1 ] || fail "go binc, go depth 3: $(count_of '^bestmove ') bestmoves"
CHECKS=$((CHECKS + 1))
[ "$(count_of 'go ignored')" -eq 0 ] || fail "go binc left a search running"

# go depth x: rejected, no search at all (not even at the end of the input).
printf 'go depth x\nisready\n' | timeout 10 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "info string ignored: go depth: 'x' is not a whole number from 1 to 1000; no search started"
expect_out_has "readyok"
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove\|^info depth')" -eq 0 ] || fail "go depth x searched: $(head -3 "$TMP/out")"

# Every malformed limit: one message naming it, no search.
uci_input 'go nodes -3
go movetime
go movetime abc
go depth 0
go depth 1001
go depth 99999999999999999999
go nodes 0
go wtime 10 binc
go winc -5
go movestogo 0
go mate 0
go depth 5 depth x
go movetime 1000000000001
isready
' uci
expect_status 0
expect_out_has "go nodes: '-3' is not a whole number from 1 to 1000000000000000; no search started"
expect_out_has "go movetime: the value is missing; no search started"
expect_out_has "go movetime: 'abc' is not a whole number"
expect_out_has "go depth: '0' is not a whole number from 1 to 1000"
expect_out_has "go depth: '1001' is not a whole number from 1 to 1000"
expect_out_has "go depth: '99999999999999999999' is not a whole number"
expect_out_has "go nodes: '0' is not"
expect_out_has "go binc: the value is missing"
expect_out_has "go winc: '-5' is not a whole number from 0 to"
expect_out_has "go movestogo: '0' is not a whole number from 1 to 100000"
expect_out_has "go mate: '0' is not a whole number from 1 to 500"
expect_out_has "go depth: 'x' is not"
expect_out_has "go movetime: '1000000000001' is not a whole number from 1 to 1000000000000"
CHECKS=$((CHECKS + 1))
[ "$(count_of '^info string ignored: go ')" -eq 13 ] || fail "13 malformed go, $(count_of '^info string ignored: go ') rejected"
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove\|^info depth')" -eq 0 ] || fail "a malformed go searched"
# A clock already run out (0 or negative, as some GUIs send) is no error:
# the engine moves at once.
uci_session 'go wtime -20 btime 100
@bestmove
quit'
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(count_of 'ignored')" -eq 0 ] || fail "a clock run out is no error: $(grep ignored "$TMP/out")"

# During a search: setoption and ucinewgame stop it first (its bestmove
# comes out before the command is carried out), position is taken for the
# next go, isready is answered at once, Ponder may be set (it stops nothing).
uci_session 'position startpos
go infinite
setoption name Ponder value true
position startpos moves C
isready
@readyok
setoption name Hash value 16
@bestmove
setoption name Threads value 2
go depth 3
@bestmove
go infinite
ucinewgame
@bestmove
isready
@readyok
quit'
expect_status 0
expect_out_has "info string setoption Hash: stopping the running search first"
expect_out_has "info string ucinewgame: stopping the running search first"
CHECKS=$((CHECKS + 1))
[ "$(count_of 'stopping the running search')" -eq 2 ] && [ "$(count_of 'ignored')" -eq 0 ] ||
    fail "commands during a search: $(grep 'info string' "$TMP/out")"
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove ')" -eq 3 ] || fail "commands during a search: $(count_of '^bestmove ') bestmoves, expected 3"
CHECKS=$((CHECKS + 1))
[ "$(line_of '^readyok')" -lt "$(line_of '^bestmove')" ] || fail "isready waited for the search"
CHECKS=$((CHECKS + 1))
[ "$(line_of 'setoption Hash: stopping')" -lt "$(line_of '^bestmove')" ] ||
    fail "setoption Hash during a search: the bestmove came before it"
best=$(grep '^bestmove ' "$TMP/out" | sed -n 2p | cut -d' ' -f2)
CHECKS=$((CHECKS + 1))
uci_legal C "$best" || fail "the position sent during the search: bestmove '$best' is not legal after C"

# A GUI that sends go as soon as it reads bestmove: every go is taken.
uci_session 'go depth 3
@bestmove
go depth 3
@bestmove
go nodes 500
@bestmove
go depth 2
@bestmove
isready
@readyok
quit'
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove ')" -eq 4 ] && [ "$(count_of 'ignored')" -eq 0 ] ||
    fail "go after bestmove: $(count_of '^bestmove ') bestmoves, $(count_of 'ignored') refused"
# and after a finished search, setoption and ucinewgame are taken again
uci_session 'go depth 3
@bestmove
setoption name Hash value 8
ucinewgame
isready
@readyok
quit'
CHECKS=$((CHECKS + 1))
[ "$(count_of 'ignored')" -eq 0 ] || fail "after bestmove: $(grep ignored "$TMP/out")"

# The end of the input during a search that would never end by itself (go
# infinite, go ponder, a go without limits): it stops, its bestmove comes
# out, and the program exits 0. quit the same, and quit also stops a search
# with limits.
for g in 'go infinite' 'go ponder' 'go' 'go depth 60'; do
    ends='quit'
    [ "$g" = 'go depth 60' ] || ends=' quit'
    for end in $ends; do
        [ "$end" = ' ' ] && end=''
        printf 'position startpos moves C\n%s\nisready\n%s' "$g" "$end" |
            timeout 10 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
        STATUS=$?
        expect_status 0
        CHECKS=$((CHECKS + 1))
        [ "$(count_of '^bestmove ')" -eq 1 ] && [ "$(count_of '^readyok')" -eq 1 ] ||
            fail "'$g' then ${end:-the end of the input}: $(count_of '^bestmove ') bestmoves"
    done
done

# The end of the input lets a search with limits run to its end: its info
# line for the depth asked for, then its bestmove. (The end of the input
# stopped every search, so a script piping 'go depth 10' into awale uci got
# the bestmove of a shallower depth unless it paused before the end.)
for g in 'go depth 10' 'go nodes 300000' 'go movetime 300' 'go mate 5' \
    'go wtime 2000 btime 2000' 'go ponder depth 9|ponderhit'; do
    printf 'setoption name OwnBook value false\nposition startpos\n%s\n' "$g" | tr '|' '\n' |
        timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
    STATUS=$?
    expect_status 0
    CHECKS=$((CHECKS + 1))
    [ "$(count_of '^bestmove ')" -eq 1 ] || fail "'$g' then the end of the input: $(count_of '^bestmove ') bestmoves"
    CHECKS=$((CHECKS + 1))
    [ "$(tail -1 "$TMP/out" | cut -d' ' -f1)" = bestmove ] || fail "'$g': the last line is not the bestmove"
done
# (the depths of the last ones, their limits reached: the info lines up to them)
for case in 'go depth 10|10' 'go mate 5|10' 'go ponder depth 9|ponderhit|9'; do
    g=${case%|*}
    printf 'setoption name OwnBook value false\nposition startpos\n%s\n' "$g" | tr '|' '\n' |
        timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
    CHECKS=$((CHECKS + 1))
    [ "$(count_of "^info depth ${case##*|} ")" -eq 1 ] ||
        fail "'$g' then the end of the input: no info line for depth ${case##*|}: $(tail -2 "$TMP/out" | tr '\n' '|')"
done
# The same without OwnBook off and without position: the book does not
# answer a go with a depth.
printf 'position startpos\ngo depth 10\n' | timeout 20 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
expect_out_has "info depth 10 "
expect_out_has "bestmove "

# debug on: each accepted go names what it searches (the random protocol
# test, tests/uci/uci_random.c, checks every bestmove against it).
uci_input 'debug on
position startpos moves C
go depth 2
isready
' uci
expect_out_has "info string debug: go 1: rules abapa; position 4-4-0-5-5-5-5-4-4-4-4-4-0-0-N"

# A large table is made at setoption Hash and isready, not in the time of
# the first go: 'go movetime 100' after 'setoption name Hash value 256' and
# 'isready' answered after about 1.5 s (the table's pages were touched by
# the first search), so awale lost its first games on time in a match.
# 400 ms is generous: the go takes 100 ms.
ms_now() { date +%s%3N; }
rm -f "$TMP/fifo"
mkfifo "$TMP/fifo"
: >"$TMP/out"
timeout 30 "$AWALE" uci <"$TMP/fifo" >"$TMP/out" 2>"$TMP/err" &
upid=$!
exec 3>"$TMP/fifo"
printf 'setoption name OwnBook value false\nsetoption name Hash value 256\nisready\n' >&3
uci_wait '^readyok$' 1
# The table is there after readyok: the engine holds its 256 MB (Linux).
rss=
child=$(cat "/proc/$upid/task/$upid/children" 2>/dev/null)
[ -n "$child" ] && rss=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/${child%% *}/status" 2>/dev/null)
if [ -n "$rss" ]; then
    CHECKS=$((CHECKS + 1))
    [ "$rss" -ge 250000 ] || fail "Hash 256 and isready: the engine holds $rss kB (the table is not made)"
fi
t0=$(ms_now)
printf 'position startpos moves C\ngo movetime 100\n' >&3
uci_wait '^bestmove ' 1
t1=$(ms_now)
printf 'quit\n' >&3
exec 3>&-
wait "$upid"
STATUS=$?
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(count_of '^bestmove ')" -eq 1 ] && [ $((t1 - t0)) -le 400 ] ||
    fail "Hash 256, isready, go movetime 100: bestmove after $((t1 - t0)) ms (at most 400)"

# Level means what it means in 'awale play' (src/front/engine_setup.c): no
# opening book at levels 1-4, the book from 5 on; and a go with any limit
# other than time (depth, nodes, mate, searchmoves) searches instead of
# answering from the book. (Level 1 and 'go mate 2' answered a book move at
# once.)
for case in '1|go movetime 50|no' '4|go movetime 50|no' '5|go movetime 50|yes' \
    '10|go movetime 50|yes' '10|go mate 2|no' '10|go depth 2|no' '10|go nodes 500|no' \
    '10|go movetime 50 searchmoves C F|no'; do
    level=${case%%|*}
    rest=${case#*|}
    go=${rest%%|*}
    book=${rest#*|}
    uci_session "setoption name Level value $level
position startpos
$go
@bestmove
quit"
    CHECKS=$((CHECKS + 1))
    got=no
    grep -q '^info string book move ' "$TMP/out" && got=yes
    [ "$got" = "$book" ] || fail "Level $level, $go: book move '$got', expected '$book'"
done
# The level's choice among book moves is at least BookVariety's, whatever the
# order they are set in: Level 6 plays within 0.35 seeds of the best book move.
uci_session 'setoption name BookVariety value 10
setoption name Level value 6
uci
quit'
expect_out_has "option name BookVariety type spin default 35 "
uci_session 'setoption name Level value 6
setoption name BookVariety value 100
setoption name Level value 10
uci
quit'
expect_out_has "option name BookVariety type spin default 100 "
