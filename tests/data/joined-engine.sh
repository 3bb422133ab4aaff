#!/bin/sh
# joined-engine.sh AWALE - a stand-in for the Oware engines in the wild that
# speak the UCI dialect (such as the Java engine Aalina) for the match tests
# (tests/cli/test_match.sh): it declares no Rules option (it plays abapa),
# and it reads the moves of `position startpos moves ...` only as one word
# of run-together letters (`moves CfFb`). Moves separated by spaces are an
# error it reports with `info string`; it then answers `bestmove 0000` (a
# forfeit). Its moves are those of `AWALE analyze --depth 1`.
awale=$1
moves=
bad=0
while IFS= read -r line; do
    case $line in
    uci)
        echo "id name joined"
        echo "id author the awale tests"
        echo "uciok"
        ;;
    isready) echo "readyok" ;;
    "position startpos")
        moves=
        bad=0
        ;;
    "position startpos moves "*)
        rest=${line#position startpos moves }
        case $rest in
        *" "*)
            echo "info string error: cannot read the moves '$rest' (one word, as in CfFb)"
            bad=1
            ;;
        *)
            moves=$rest
            bad=0
            ;;
        esac
        ;;
    position*)
        echo "info string error: only 'position startpos' is supported"
        bad=1
        ;;
    go*)
        if [ "$bad" = 1 ]; then
            echo "bestmove 0000"
        else
            best=$("$awale" analyze --depth 1 --tables none --book none $moves | sed -n 's/^bestmove //p')
            echo "bestmove $best"
        fi
        ;;
    quit) exit 0 ;;
    esac
done
