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
set -eu
AWALE=$1
GAMES=${STRENGTH_GAMES:-200}
MT=${STRENGTH_MOVETIME:-50}
OLD=${STRENGTH_OLD:-7e6d772}
CONC=${STRENGTH_CONCURRENCY:-1}

echo "== depth and speed in 1 s from the start position, one thread"
nice "$AWALE" analyze --movetime 1000 --tables none | tail -2
echo "== bench"
nice "$AWALE" bench | tail -2
echo "== full engine (A) against material-only alpha-beta (B), $GAMES games, $MT ms a move"
nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --concurrency "$CONC" --b Eval=material
echo "== two threads (A) against one (B), $GAMES games, $MT ms a move"
nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --a Threads=2
if git rev-parse --verify -q "$OLD^{commit}" >/dev/null; then
    dir=build/old-$OLD
    if [ ! -x "$dir/awale" ]; then
        echo "== building $OLD in $dir"
        rm -rf "$dir.src"
        mkdir -p "$dir.src"
        git archive "$OLD" | tar -x -C "$dir.src"
        make -s -C "$dir.src" BUILD="$(pwd)/$dir" >/dev/null
        rm -rf "$dir.src"
    fi
    echo "== this version (A) against $OLD (B), $GAMES games, $MT ms a move"
    nice "$AWALE" selfplay --games "$GAMES" --movetime "$MT" --concurrency "$CONC" --b-exe "$dir/awale"
fi
