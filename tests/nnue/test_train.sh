#!/bin/sh
# test_train.sh TRAINER AWALE - the network trainer (tools/nnue_train.c)
# end to end on a small sample of self-play records (tests/data/nnue-train.txt):
# it trains, writes a network file of the exact size and the C source, the
# engine's loader accepts the file, bad lines are reported with their line
# number, a line being written is left out, and Ctrl-C still exports.
# A few seconds.
set -u
TRAIN=$1
AWALE=$2
DATA=tests/data/nnue-train.txt
TMP=${TMPDIR:-/tmp}/awale-nnue-train.$$
mkdir -p "$TMP"
trap 'rm -rf "$TMP"' EXIT
FAILS=0
fail() {
    FAILS=$((FAILS + 1))
    printf 'FAIL: %s\n' "$*" >&2
}
SIZE=19664 # 100 + 2*32 + 2*288*32 + 2*4*64 + 4*4 + 2*4*67 + 4

# 1. End to end: trains and exports both files.
if ! "$TRAIN" --epochs 3 --threads 2 --out "$TMP/net.awnn" --c "$TMP/w.c" "$DATA" \
    >"$TMP/out" 2>"$TMP/err"; then
    fail "the trainer failed: $(cat "$TMP/err")"
fi
[ "$(wc -c <"$TMP/net.awnn" 2>/dev/null)" = "$SIZE" ] || fail "network file not $SIZE bytes"
[ "$(head -c 4 "$TMP/net.awnn" 2>/dev/null)" = AWNN ] || fail "no AWNN magic"
grep -q "400 positions" "$TMP/err" || fail "positions not counted: $(cat "$TMP/err")"
grep -q 'const unsigned char nnue_builtin_oware\[\] = {' "$TMP/w.c" || fail "no array in the C file"
grep -q 'Command:' "$TMP/w.c" || fail "the C file does not say how it was made"
[ -e "$TMP/net.awnn.tmp" ] && fail "temporary file left behind"
# The C file holds the same bytes as the network file.
bytes=$(sed -n '/= {/,/^};/p' "$TMP/w.c" | grep -o '0x[0-9a-f][0-9a-f]' | wc -l)
[ "$bytes" = "$SIZE" ] || fail "the C array holds $bytes bytes, not $SIZE"
# The same seed trains the same network.
"$TRAIN" --epochs 3 --threads 1 --out "$TMP/net2.awnn" "$DATA" 2>/dev/null
cmp -s "$TMP/net.awnn" "$TMP/net2.awnn" ||
    echo "note: 1 and 2 threads differ (float sums in another order)" >&2

# 2. The engine's loader accepts the file (awale bench --eval-file); and
# refuses it damaged (the check is not vacuous).
if ! "$AWALE" bench --depth 2 --eval nnue --eval-file "$TMP/net.awnn" >"$TMP/out" 2>"$TMP/err"; then
    fail "the engine refuses the trained network: $(cat "$TMP/err")"
fi
{ head -c 200 "$TMP/net.awnn"; printf 'X'; tail -c +202 "$TMP/net.awnn"; } >"$TMP/damaged.awnn"
"$AWALE" bench --depth 2 --eval nnue --eval-file "$TMP/damaged.awnn" >/dev/null 2>&1 &&
    fail "the engine accepts a damaged network"

# 3. Bad lines: reported with their line number, skipped.
{
    head -n 2 "$DATA"
    echo "not-a-position 1 0 0"
    sed -n 3,5p "$DATA"
    echo "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S 2 0 0"
    sed -n 6,200p "$DATA"
} >"$TMP/bad.txt"
"$TRAIN" --epochs 1 --out "$TMP/bad.awnn" "$TMP/bad.txt" >/dev/null 2>"$TMP/err" ||
    fail "the trainer gave up on two bad lines"
grep -q "bad.txt:3: bad line" "$TMP/err" || fail "line 3 not reported: $(cat "$TMP/err")"
grep -q "bad.txt:7: bad line (the result" "$TMP/err" || fail "line 7 not reported: $(cat "$TMP/err")"
grep -q "2 bad lines skipped" "$TMP/err" || fail "bad lines not counted"

# 4. A last line without its newline (being written) is left out.
head -n 200 "$DATA" >"$TMP/part.txt"
printf '1-7-2-4-9-0-0-5' >>"$TMP/part.txt"
"$TRAIN" --epochs 1 --out "$TMP/part.awnn" "$TMP/part.txt" >/dev/null 2>"$TMP/err" ||
    fail "the trainer failed on a file being written"
grep -q "bad line" "$TMP/err" && fail "the line being written reported as bad"
grep -q "part.txt: 200 positions" "$TMP/err" || fail "not 200 positions: $(cat "$TMP/err")"

# 5. No data, a missing file, bad options: an error, no crash.
: >"$TMP/empty.txt"
"$TRAIN" --out "$TMP/e.awnn" "$TMP/empty.txt" 2>/dev/null && fail "no data accepted"
"$TRAIN" --out "$TMP/e.awnn" "$TMP/missing.txt" 2>/dev/null && fail "missing file accepted"
"$TRAIN" --epochs 2 --bogus "$DATA" 2>/dev/null && fail "unknown option accepted"
[ -e "$TMP/e.awnn" ] && fail "a network written without data"

# 6. Ctrl-C: the best network so far is still exported.
"$TRAIN" --epochs 1000000 --out "$TMP/int.awnn" "$DATA" >/dev/null 2>"$TMP/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid" || fail "interrupted trainer failed"
grep -q interrupted "$TMP/err" || fail "no word of the interruption"
[ "$(wc -c <"$TMP/int.awnn" 2>/dev/null)" = "$SIZE" ] || fail "nothing exported on Ctrl-C"

if [ "$FAILS" -ne 0 ]; then
    echo "nnue trainer: $FAILS failure(s)" >&2
    exit 1
fi
echo "nnue trainer: all checks passed"
