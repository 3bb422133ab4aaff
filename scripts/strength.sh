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
#
# The matches of the learned evaluation, threads and time (docs/engine.md,
# "Measured figures"); each prints its summary and keeps the whole output in build/strength/MODE.log:
# strength.sh AWALE nnue: the learned evaluation (Eval=nnue) against the
#   linear one (Eval=linear) at equal time, one match per GAMES:MS pair of
#   STRENGTH_NNUE_RUNS (default "400:100 200:1000": 400 games at 100 ms a
#   move, then 200 at 1 s).
# strength.sh AWALE smp: two threads against one at equal time,
#   STRENGTH_SMP_GAMES (600) games at STRENGTH_SMP_MOVETIME (100) ms a move.
# strength.sh AWALE clock: the time manager against the old one under a
#   clock, through 'awale match --tc STRENGTH_CLOCK_TC' (60+1: a minute
#   a game and a second a move), STRENGTH_CLOCK_GAMES (200) games; the engine
#   option STRENGTH_CLOCK_OPTION (TimeManager) set to STRENGTH_CLOCK_NEW
#   (smart) for A and STRENGTH_CLOCK_OLD (simple) for B.
# All of them: STRENGTH_CONCURRENCY games at once (default 1; with two
# threads a game, keep 1 on two cores), STRENGTH_SEED (1) draws the random
# openings of STRENGTH_OPENING_PLIES (8) plies, each played with both colours.
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

SEED=${STRENGTH_SEED:-1}
PLIES=${STRENGTH_OPENING_PLIES:-8}

# run_logged NAME COMMAND...: COMMAND under nice, its output kept in
# build/strength/NAME.log; prints its summary (not the line of each game),
# also after Ctrl-C, which stops the match and leaves the games played.
run_logged() {
    name=$1
    shift
    mkdir -p build/strength
    log=build/strength/$name.log
    echo "   (log: $log)"
    status=0
    trap ':' INT
    nice "$@" >"$log" || status=$?
    trap - INT
    grep -v '^game [0-9]*/[0-9]*:' "$log" || true
    return "$status"
}

# has_option NAME: the engine's protocol (awale uci) offers option NAME.
has_option() {
    printf 'uci\nquit\n' | "$AWALE" uci 2>/dev/null | grep -q "^option name $1 "
}

case "$MODE" in
nnue)
    for run in ${STRENGTH_NNUE_RUNS:-400:100 200:1000}; do
        g=${run%%:*}
        ms=${run#*:}
        echo "== learned evaluation (A, Eval=nnue) against the linear one (B, Eval=linear), $g games, $ms ms a move"
        run_logged "nnue-${ms}ms" "$AWALE" selfplay --games "$g" --movetime "$ms" \
            --concurrency "$CONC" --opening-plies "$PLIES" --seed "$SEED" \
            --a Eval=nnue --b Eval=linear
    done
    exit 0
    ;;
smp)
    g=${STRENGTH_SMP_GAMES:-600}
    ms=${STRENGTH_SMP_MOVETIME:-100}
    echo "== two threads (A) against one (B), $g games, $ms ms a move"
    run_logged smp "$AWALE" selfplay --games "$g" --movetime "$ms" --concurrency "$CONC" \
        --opening-plies "$PLIES" --seed "$SEED" --a Threads=2 --b Threads=1
    exit 0
    ;;
clock)
    g=${STRENGTH_CLOCK_GAMES:-200}
    tc=${STRENGTH_CLOCK_TC:-60+1}
    opt=${STRENGTH_CLOCK_OPTION:-TimeManager}
    new=${STRENGTH_CLOCK_NEW:-smart}
    old=${STRENGTH_CLOCK_OLD:-simple}
    if ! has_option "$opt"; then
        echo "strength.sh: $AWALE has no engine option $opt: nothing to compare" >&2
        exit 1
    fi
    echo "== time manager $opt=$new (A) against $opt=$old (B), $g games, clock $tc"
    run_logged clock "$AWALE" match --games "$g" --tc "$tc" --concurrency "$CONC" \
        --opening-plies "$PLIES" --seed "$SEED" \
        --engine "name=$new option.$opt=$new" --engine "name=$old option.$opt=$old"
    exit 0
    ;;
esac

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
