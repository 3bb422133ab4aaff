#!/bin/sh
# bench-signature.sh AWALE [FILE] - writes the golden bench signature that
# `make check` compares (tests/cli/test_regress.sh): the total node count of
# `awale bench` at a small depth and at its default depths (docs/engine.md,
# "Bench"). Run by `make bench-signature` after a commit that changes the
# search or the evaluation on purpose; quote the new totals in the commit.
# FILE defaults to tests/data/bench-signature.txt; written atomically.
set -eu
AWALE=$1
FILE=${2:-tests/data/bench-signature.txt}
# The depths checked: "default" is `awale bench` with no --depth.
DEPTHS=${BENCH_SIGNATURE_DEPTHS:-"12 default"}

tmp=$FILE.tmp.$$
trap 'rm -f "$tmp"' EXIT INT TERM
{
    echo "# The bench signature (docs/engine.md, \"Bench\"): the total node count of"
    echo "# 'awale bench --depth D' ('default': 'awale bench' at its own depths)."
    echo "# tests/cli/test_regress.sh checks it; a commit that changes the search or"
    echo "# the evaluation on purpose rewrites it with 'make bench-signature'."
    echo "# One line each: DEPTH TOTAL_NODES"
    for d in $DEPTHS; do
        if [ "$d" = default ]; then
            total=$(nice "$AWALE" bench | sed -n 's/^total nodes \([0-9]*\)$/\1/p')
        else
            total=$(nice "$AWALE" bench --depth "$d" | sed -n 's/^total nodes \([0-9]*\)$/\1/p')
        fi
        if [ -z "$total" ]; then
            echo "bench-signature.sh: 'awale bench' at depth $d printed no total" >&2
            exit 1
        fi
        echo "$d $total"
    done
} >"$tmp"
mv "$tmp" "$FILE"
trap - EXIT INT TERM
echo "== $FILE"
grep -v '^#' "$FILE"
