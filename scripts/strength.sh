#!/bin/sh
# strength.sh AWALE - the engine's measured figures (make strength;
# docs/engine.md): depth and speed in one second from the start position on
# one thread, the bench signature, and matches from paired random openings:
#   - the full engine against a plain material-only alpha-beta (the same
#     search with Eval=material), at the same time per move;
#   - two threads against one (lazy SMP should make it stronger);
#   - against an earlier version of the program (STRENGTH_OLD, a git
#     revision, default: the first engine commit), built in build/old-REV.
# STRENGTH_GAMES (default 200) and STRENGTH_MOVETIME (ms, default 50) set the
# matches' size. Everything runs under nice; Ctrl-C stops cleanly.
#
# strength.sh AWALE book: the built-in opening book against none, from
# random openings of 2 plies (so that games start inside the book).
# strength.sh AWALE relay: the relay game's tuned evaluation against the
# hand-set one of STRENGTH_RELAY_OLD (a git revision, default the last one
# before the relay tuning), both as programs asked through 'analyze'.
set -eu
AWALE=$1
MODE=${2:-}
GAMES=${STRENGTH_GAMES:-200}
MT=${STRENGTH_MOVETIME:-50}
OLD=${STRENGTH_OLD:-7e6d772}
CONC=${STRENGTH_CONCURRENCY:-1}

# build_old REV: the program at revision REV, in build/old-REV.
build_old() {
    dir=build/old-$1
    if [ ! -x "$dir/awale" ]; then
        echo "== building $1 in $dir"
        rm -rf "$dir.src"
        mkdir -p "$dir.src"
        git archive "$1" | tar -x -C "$dir.src"
        make -s -C "$dir.src" BUILD="$(pwd)/$dir" >/dev/null
        rm -rf "$dir.src"
    fi
}

if [ "$MODE" = book ]; then
    echo "== the built-in book (A) against none (B), $GAMES games, $MT ms a move, 2-ply openings"
    nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --concurrency "$CONC" \
        --opening-plies 2 --seed 1 --b OwnBook=false
    exit 0
fi
if [ "$MODE" = relay ]; then
    REV=${STRENGTH_RELAY_OLD:-914c050}
    build_old "$REV"
    echo "== relay: tuned evaluation (A) against the hand-set one of $REV (B), $GAMES games, $MT ms a move"
    nice "$AWALE" selfplay --rules relay --games "$GAMES" --movetime "$MT" --concurrency "$CONC" \
        --opening-plies 8 --seed 1 --a-exe "$AWALE" --b-exe "build/old-$REV/awale"
    exit 0
fi

echo "== depth and speed in 1 s from the start position, one thread"
nice "$AWALE" analyze --movetime 1000 --tables none | tail -2
echo "== bench"
nice "$AWALE" bench | tail -2
echo "== full engine (A) against material-only alpha-beta (B), $GAMES games, $MT ms a move"
nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --concurrency "$CONC" --b Eval=material
echo "== two threads (A) against one (B), $GAMES games, $MT ms a move"
nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --a Threads=2
if git rev-parse --verify -q "$OLD^{commit}" >/dev/null; then
    build_old "$OLD"
    dir=build/old-$OLD
    echo "== this version (A) against $OLD (B), $GAMES games, $MT ms a move"
    nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --concurrency "$CONC" --b-exe "$dir/awale"
fi
