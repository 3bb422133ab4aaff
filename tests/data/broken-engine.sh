#!/bin/sh
# broken-engine.sh STATE - a deliberately broken engine for the match tests
# (tests/cli/test_match.sh). It speaks the protocol well enough to get
# through the handshake, then misbehaves at its first `go` in a way that
# depends on how many times it has been started (counted in the file STATE):
#   1 exits with status 3               6 dies during the handshake
#   2 hangs (in a child `sleep`)         7 kills itself with SIGSEGV
#   3 plays a pit of the wrong side      8 answers 'bestmove 0000'
#   4 writes garbage, then nothing       9 ignores quit, EOF and SIGTERM, hangs
#   5 answers 'bestmove xyz!'
# Each misbehaviour must cost it the game; the runner restarts it for the
# next one. Pids of what must not outlive the match go to STATE.pids.
state=$1
n=$(cat "$state" 2>/dev/null || echo 0)
n=$((n + 1))
echo "$n" >"$state"
echo $$ >>"$state.pids"
[ "$n" -ge 9 ] && trap '' TERM HUP

side=S
while IFS= read -r line; do
    case $line in
    uci)
        echo "id name broken"
        echo "id author the awale tests"
        [ "$n" -eq 6 ] && exit 1
        echo "uciok"
        ;;
    isready) echo "readyok" ;;
    position*)
        # The side to move from the number of moves played (starts: South),
        # the moves run together (CfFb) or not: one pit letter a move.
        moves=${line#*moves}
        [ "$moves" = "$line" ] && moves=
        count=$(printf '%s' "$moves" | tr -cd 'A-Fa-f' | wc -c)
        if [ $((count % 2)) -eq 0 ]; then side=S; else side=N; fi
        ;;
    go*)
        case $n in
        1) exit 3 ;;
        2 | 9)
            sleep 1000 &
            echo $! >>"$state.pids"
            wait
            ;;
        3) if [ "$side" = S ]; then echo "bestmove a"; else echo "bestmove A"; fi ;;
        4)
            echo "hello there"
            echo "info depth banana score cp"
            echo "bestmovefoo C"
            printf '\001\002\377 not a line end'
            ;;
        5) echo "bestmove xyz!" ;;
        7) kill -SEGV $$ ;;
        8) echo "bestmove 0000" ;;
        esac
        ;;
    quit) [ "$n" -ge 9 ] || exit 0 ;;
    esac
done
# The end of the input: mode 9 stays on regardless.
[ "$n" -ge 9 ] && while :; do sleep 1; done
exit 0
