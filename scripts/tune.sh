#!/bin/sh
# tune.sh AWALE TUNE - the evaluation's tuning recipe (make tune, make
# tune-relay; docs/engine.md).
#
# 1. Self-play: the engine plays TUNE_GAMES games against itself at depth
#    TUNE_DEPTH from balanced random openings, recording every position
#    with the game's result and the search's score (TUNE_DIR/games.txt; kept,
#    so a second run only refits - delete it to start over; a further
#    round with the new weights can be added as games2.txt, and so on).
# 2. tools/tune.c fits every weight of the evaluation to those positions
#    (logistic regression on results mixed with search scores) and writes
#    src/engine/eval_weights.c (TUNE_RULES=relay: the relay game's,
#    src/engine/eval_weights_relay.c).
# Then rebuild, and check the gain with 'make strength' (make
# strength-relay) or a selfplay match of the new program against the old
# one (--b-exe). Ctrl-C stops either step cleanly; rerunning continues.
set -eu
AWALE=$1
TUNE=$2
RULES=${TUNE_RULES:-abapa}
if [ "$RULES" = relay ]; then
    GAMES=${TUNE_GAMES:-12000}
    DEPTH=${TUNE_DEPTH:-8}
    PLIES=${TUNE_OPENING_PLIES:-8}
    DIR=${TUNE_DIR:-build/tune-relay}
    OUT=src/engine/eval_weights_relay.c
else
    GAMES=${TUNE_GAMES:-8000}
    DEPTH=${TUNE_DEPTH:-9}
    PLIES=${TUNE_OPENING_PLIES:-10}
    DIR=${TUNE_DIR:-build/tune}
    OUT=src/engine/eval_weights.c
fi
EPOCHS=${TUNE_EPOCHS:-1000}
mkdir -p "$DIR"
if [ ! -s "$DIR/games.txt" ]; then
    echo "tune: self-play ($RULES), $GAMES games at depth $DEPTH into $DIR/games.txt.part"
    nice "$AWALE" selfplay --rules "$RULES" --games "$GAMES" --depth "$DEPTH" \
        --opening-plies "$PLIES" --concurrency "$(nproc)" --seed 7 --record "$DIR/games.txt.part"
    mv "$DIR/games.txt.part" "$DIR/games.txt"
fi
# Every games*.txt of the directory is used: earlier rounds stay useful.
echo "tune: fitting the weights to $(cat "$DIR"/games*.txt | wc -l) positions"
nice "$TUNE" --rules "$RULES" --epochs "$EPOCHS" --out "$OUT" "$DIR"/games*.txt
echo "tune: wrote $OUT; rebuild and measure (make strength)"
