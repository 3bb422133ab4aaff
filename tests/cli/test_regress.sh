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

# The best moves: every position of tests/data/bestmoves.txt searched to its
# depth (one thread, no tables, no book: deterministic) must give one of its
# proven best moves. A failure names the line, the position, the move played
# and the moves proven best.
BESTMOVES="$dir/../data/bestmoves.txt"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^[a-z]' "$BESTMOVES")" -ge 20 ] || fail "$BESTMOVES holds fewer than 20 positions"
for r in abapa seven-turns grand-slam two-seeds relay; do
    CHECKS=$((CHECKS + 1))
    grep -q "^$r	" "$BESTMOVES" || fail "$BESTMOVES has no position of $r"
done
n=0
: >"$TMP/bestmoves"
while IFS='	' read -r rules pos best depth proof; do
    n=$((n + 1))
    case "$rules" in ''|'#'*) continue ;; esac
    if [ -z "$proof" ]; then
        echo "line $n: not 5 fields separated by tabs (rules, position, best moves, depth, proof)" >>"$TMP/bestmoves"
        continue
    fi
    "$AWALE" analyze --rules "$rules" --position "$pos" --depth "$depth" --tables none \
        --book none --hash 16 >"$TMP/bm-out" 2>"$TMP/bm-err"
    got=$(sed -n 's/^bestmove \(.*\)$/\1/p' "$TMP/bm-out")
    case ",$best," in
        *",$got,"*) [ -n "$got" ] && continue ;;
    esac
    err=$(head -c 200 "$TMP/bm-err")
    echo "line $n ($rules $pos): at depth $depth the engine plays '${got:-nothing}'${err:+ ($err)}, the best move is $best ($proof)" >>"$TMP/bestmoves"
done <"$BESTMOVES"
CHECKS=$((CHECKS + 1))
[ -s "$TMP/bestmoves" ] && fail "best moves not found (tests/data/bestmoves.txt):
$(cat "$TMP/bestmoves")"
