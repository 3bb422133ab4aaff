#!/bin/sh
# tune.sh AWALE TUNE - the evaluation's tuning recipe (make tune; docs/engine.md).
#
# 1. Self-play: the engine plays TUNE_GAMES games against itself at depth
#    TUNE_DEPTH from balanced random 10-ply openings, recording every position
#    with the game's result and the search's score (build/tune/games.txt; kept,
#    so a second run only refits - delete it to start over; a further
#    round with the new weights can be added as games2.txt, and so on).
# 2. tools/tune.c fits every weight of the evaluation to those positions
#    (logistic regression on results mixed with search scores) and writes
#    src/engine/eval_weights.c.
# Then rebuild, and check the gain with 'make strength' or a selfplay match
# of the new program against the old one (--b-exe).
# Ctrl-C stops either step cleanly; rerunning continues.
set -eu
AWALE=$1
TUNE=$2
GAMES=${TUNE_GAMES:-8000}
DEPTH=${TUNE_DEPTH:-9}
DIR=${TUNE_DIR:-build/tune}
EPOCHS=${TUNE_EPOCHS:-1000}
mkdir -p "$DIR"
if [ ! -s "$DIR/games.txt" ]; then
    echo "tune: self-play, $GAMES games at depth $DEPTH into $DIR/games.txt.part"
    nice "$AWALE" selfplay --games "$GAMES" --depth "$DEPTH" --opening-plies 10 \
        --concurrency "$(nproc)" --seed 7 --record "$DIR/games.txt.part"
    mv "$DIR/games.txt.part" "$DIR/games.txt"
fi
# Every games*.txt of the directory is used: earlier rounds stay useful.
echo "tune: fitting the weights to $(cat "$DIR"/games*.txt | wc -l) positions"
nice "$TUNE" --epochs "$EPOCHS" --out src/engine/eval_weights.c "$DIR"/games*.txt
echo "tune: wrote src/engine/eval_weights.c; rebuild and measure (make strength)"
