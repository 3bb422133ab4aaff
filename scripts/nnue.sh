#!/bin/sh
# nnue.sh AWALE TRAINER - the evaluation network's training recipe (make
# nnue; docs/engine.md, "Training recipe").
#
# 1. Self-play: NNUE_GAMES games at depth NNUE_DEPTH from balanced random
#    openings of NNUE_OPENING_PLIES plies, played in rounds of NNUE_ROUND
#    games, each round recorded into NNUE_DIR/games-N.txt (its own seed of
#    openings, NNUE_SEED + N). Finished rounds are kept: a rerun (after
#    Ctrl-C, or with a bigger NNUE_GAMES) plays only the missing ones.
# 2. Labels: the endgame tables up to NNUE_TABLE_SEEDS seeds on the board
#    (in NNUE_TABLES, default NNUE_DIR/tables; built there when missing,
#    about a minute for 20 seeds) give the exact result and margin of every
#    position they cover. NNUE_TABLE_SEEDS=0: the search's scores only.
# 3. tools/nnue_train.c trains the network on every games*.txt of NNUE_DIR
#    (NNUE_EPOCHS epochs, NNUE_LAMBDA, NNUE_TRAIN_ARGS for more options) and
#    exports it: NNUE_DIR/oware.awnn and src/engine/nnue_weights.c (the
#    built-in network).
# Then rebuild and measure (make strength-nnue). Ctrl-C stops any step
# cleanly (the trainer still exports the best network so far); the same
# command resumes.
set -eu
AWALE=$1
TRAIN=$2
DIR=${NNUE_DIR:-build/nnue}
GAMES=${NNUE_GAMES:-16000}
ROUND=${NNUE_ROUND:-1000}
DEPTH=${NNUE_DEPTH:-9}
PLIES=${NNUE_OPENING_PLIES:-12}
SEED=${NNUE_SEED:-100}
TSEEDS=${NNUE_TABLE_SEEDS:-20}
TABLES=${NNUE_TABLES:-$DIR/tables}
EPOCHS=${NNUE_EPOCHS:-60}
LAMBDA=${NNUE_LAMBDA:-0.5}
OUT=${NNUE_OUT:-src/engine/nnue_weights.c}
JOBS=$(nproc 2>/dev/null || echo 2)

trap 'echo "nnue: interrupted; rerun the same command to go on" >&2; exit 130' INT TERM
mkdir -p "$DIR"

# 1. Self-play, round by round.
n=0
played=0
while [ "$played" -lt "$GAMES" ]; do
    size=$ROUND
    [ $((GAMES - played)) -lt "$size" ] && size=$((GAMES - played))
    f="$DIR/games-$n.txt"
    if [ ! -s "$f" ]; then
        echo "nnue: self-play round $((n + 1)): $size games at depth $DEPTH into $f" >&2
        rm -f "$f.part"
        nice "$AWALE" selfplay --games "$size" --depth "$DEPTH" --opening-plies "$PLIES" \
            --concurrency "$JOBS" --seed $((SEED + n)) --record "$f.part" --quiet >"$DIR/selfplay.out"
        cat "$DIR/selfplay.out"
        # (selfplay stops on Ctrl-C with success: a round cut short is not kept,
        # even where the shell itself does not see the signal)
        if grep -q '^interrupted' "$DIR/selfplay.out"; then
            echo "nnue: interrupted; rerun the same command to go on" >&2
            exit 130
        fi
        mv "$f.part" "$f"
    fi
    played=$((played + size))
    n=$((n + 1))
done

# 2. The tables for the labels.
TARGS=
if [ "$TSEEDS" -gt 0 ]; then
    have=$("$AWALE" tables info --dir "$TABLES" 2>/dev/null | awk '$1 == "seeds" { print $2 }')
    if [ "${have:-0}" -lt "$TSEEDS" ]; then
        echo "nnue: building the endgame tables up to $TSEEDS seeds in $TABLES" >&2
        nice "$AWALE" tables build --seeds "$TSEEDS" --dir "$TABLES"
    fi
    TARGS="--tables $TABLES --table-seeds $TSEEDS"
fi

# 3. Training and export. (Only the rounds asked for: games-N.txt with N
# below n; earlier bigger runs stay on disk.)
FILES=
i=0
while [ "$i" -lt "$n" ]; do
    FILES="$FILES $DIR/games-$i.txt"
    i=$((i + 1))
done
# shellcheck disable=SC2086 # FILES: a list of names without spaces
echo "nnue: training on $(cat $FILES | wc -l) positions" >&2
# shellcheck disable=SC2086,SC2016 # (the quotes name the value in the header)
nice "$TRAIN" $TARGS --epochs "$EPOCHS" --lambda "$LAMBDA" ${NNUE_TRAIN_ARGS:-} \
    --out "$DIR/oware.awnn" --c "$OUT" \
    --command "make nnue NNUE_GAMES=$GAMES NNUE_DEPTH=$DEPTH NNUE_OPENING_PLIES=$PLIES NNUE_TABLE_SEEDS=$TSEEDS NNUE_EPOCHS=$EPOCHS NNUE_LAMBDA=$LAMBDA${NNUE_TRAIN_ARGS:+ NNUE_TRAIN_ARGS='$NNUE_TRAIN_ARGS'}" \
    $FILES
echo "nnue: wrote $DIR/oware.awnn and $OUT; rebuild and measure (make strength-nnue)" >&2
