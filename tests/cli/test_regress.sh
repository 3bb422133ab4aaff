# test_regress.sh - the fast regression check of the engine: the bench
# signature (tests/data/bench-signature.txt) and a fixed set of positions
# whose best move is proven (tests/data/bestmoves.txt). Sourced by run.sh
# (assertions from lib.sh).

# The bench signature: the total node count of `awale bench` is the same on
# every run and build; it changes only when the search or the evaluation
# does, and then `make bench-signature` rewrites the golden file.
SIGNATURE="$dir/../data/bench-signature.txt"
CHECKS=$((CHECKS + 1))
[ -s "$SIGNATURE" ] || fail "$SIGNATURE is missing"
grep -v '^#' "$SIGNATURE" | while read -r depth want; do
    if [ "$depth" = default ]; then
        "$AWALE" bench >"$TMP/bench" 2>&1
    else
        "$AWALE" bench --depth "$depth" >"$TMP/bench" 2>&1
    fi
    got=$(sed -n 's/^total nodes \([0-9]*\)$/\1/p' "$TMP/bench")
    if [ "$got" != "$want" ]; then
        echo "bench at depth $depth: total nodes ${got:-none}, the signature says $want"
    fi
done >"$TMP/signature"
CHECKS=$((CHECKS + 1))
if [ -s "$TMP/signature" ]; then
    fail "the bench signature changed: $(cat "$TMP/signature"); if the search or the evaluation changed on purpose, run 'make bench-signature' and quote the new totals in the commit"
fi
