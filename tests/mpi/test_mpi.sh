#!/bin/sh
# test_mpi.sh AWALE AWALE_MPI - the distributed table build (docs/tables.md,
# "Across machines"). AWALE is the program built without MPI, AWALE_MPI the
# one built with `make mpi`. Every Oware rule set is built by one process
# and by mpirun -np 2, 3 and 4 on this machine, and the files must be the
# same bytes; a rank that is killed, a rank that fails and an interruption
# stop the run with a clear message, and the same command resumes. Small
# seed counts (MPI_TEST_SEEDS raises those of the rule sets without a
# no-capture limit, MPI_TEST_LIMIT_SEEDS the others: 14 and 14 is the long
# run of docs/tables.md).
#
# MPI_TEST_QUICK=1 (the ASan pass of make check) runs a shorter list: abapa
# on 3 ranks, seven-turns on 2, a failing rank on 4 and the resume on 2.
# Under ASan each MPI process spends about 8 s starting Open MPI, because
# the allocation stacks are unwound in full so that Open MPI's own leaks can
# be suppressed by library (tests/mpi/lsan.supp) while awale's are reported;
# the whole list would take minutes.
set -u
AWALE=$1
AWALE_MPI=$2
SEEDS=${MPI_TEST_SEEDS:-10}
LIMIT_SEEDS=${MPI_TEST_LIMIT_SEEDS:-7}
QUICK=${MPI_TEST_QUICK:-}
here=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/awale-mpi.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
FAILS=0
CHECKS=0

if ! command -v mpirun >/dev/null; then
    echo "test_mpi: mpirun not found (install openmpi-bin: make mpi-deps)" >&2
    exit 1
fi
# Open MPI refuses root unless told; the ranks share two cores here
# (oversubscribed: they yield when they wait). The ASan program: Open MPI's
# own leaks are suppressed by library (full stacks, so that every frame
# names one); awale's are still reported.
if [ "$(id -u)" -eq 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
export LSAN_OPTIONS="fast_unwind_on_malloc=0:suppressions=$here/lsan.supp:print_suppressions=0"
MPIRUN="mpirun --oversubscribe --mca mpi_yield_when_idle 1 -x LSAN_OPTIONS"

fail() {
    FAILS=$((FAILS + 1))
    printf 'FAIL (test_mpi): %s\n' "$*" >&2
}
check() { CHECKS=$((CHECKS + 1)); }

# mpi NP ARGS...: run the MPI program on NP ranks; output in $TMP/out,
# $TMP/err, status in $STATUS.
mpi() {
    np=$1
    shift
    $MPIRUN -np "$np" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    STATUS=$?
}
expect_status() {
    check
    [ "$STATUS" -eq "$1" ] || fail "$2: exit status $STATUS, expected $1: $(head -c 600 "$TMP/err")"
}
expect_not_status() {
    check
    [ "$STATUS" -ne "$1" ] || fail "$2: exit status $STATUS: $(head -c 600 "$TMP/err")"
}
expect_err_has() {
    check
    grep -qF -- "$1" "$TMP/err" || fail "$2: stderr lacks '$1': $(head -c 600 "$TMP/err")"
}
expect_clean() {
    check
    if grep -q "Sanitizer\|runtime error" "$TMP/err"; then
        fail "$1: sanitizer report: $(grep -A8 "Sanitizer\|runtime error" "$TMP/err" | head -20)"
    fi
}
# same_files A B RULES SEEDS WHAT: every layer of A and B, byte for byte.
same_files() {
    n=0
    while [ "$n" -le "$4" ]; do
        f=$(printf 'layer-%02d.awt' "$n")
        check
        if [ ! -f "$2/$3/$f" ]; then
            fail "$5: $3/$f missing"
        elif ! cmp -s "$1/$3/$f" "$2/$3/$f"; then
            fail "$5: $3/$f differs from the single-process file"
        fi
        n=$((n + 1))
    done
    check
    if ls "$2/$3" | grep -q tmp; then
        fail "$5: temporary files left: $(ls "$2/$3")"
    fi
}

# Every Oware rule set, one process against 2, 3 and 4 ranks.
sets="abapa two-seeds seven-turns grand-slam"
[ -n "$QUICK" ] && sets="abapa seven-turns"
for rules in $sets; do
    seeds=$SEEDS
    case $rules in seven-turns | grand-slam) seeds=$LIMIT_SEEDS ;; esac
    "$AWALE" tables build --rules "$rules" --seeds "$seeds" --dir "$TMP/one" 2>"$TMP/err" ||
        fail "single-process build of $rules: $(cat "$TMP/err")"
    ranks="2 3 4"
    [ -n "$QUICK" ] && { [ "$rules" = abapa ] && ranks=3 || ranks=2; }
    for np in $ranks; do
        echo "   $rules, $seeds seeds, $np ranks"
        rm -rf "$TMP/many"
        mpi "$np" "$AWALE_MPI" tables build --rules "$rules" --seeds "$seeds" --dir "$TMP/many"
        expect_status 0 "$rules on $np ranks"
        expect_err_has "$np MPI ranks" "$rules on $np ranks"
        expect_err_has "done: layers 0..$seeds" "$rules on $np ranks"
        expect_clean "$rules on $np ranks"
        same_files "$TMP/one" "$TMP/many" "$rules" "$seeds" "$rules on $np ranks"
    done
done

if [ -z "$QUICK" ]; then
# A custom rule set with a short no-capture limit.
custom="--rule no-capture=9 --rule grand-slam=capture --rule cannot-feed=none --rule captures=1,3"
# shellcheck disable=SC2086
"$AWALE" tables build $custom --seeds 6 --dir "$TMP/one" 2>"$TMP/err" || fail "custom: $(cat "$TMP/err")"
rm -rf "$TMP/many"
# shellcheck disable=SC2086
mpi 3 "$AWALE_MPI" tables build $custom --seeds 6 --dir "$TMP/many"
expect_status 0 "custom on 3 ranks"
same_files "$TMP/one" "$TMP/many" custom-cap1.3-slamcapture-feednone-rowowner-nc9 6 "custom on 3 ranks"

# A rank killed at the start of layer 7: mpirun names it, the layers before
# are whole, nothing half-written is left, and the same command resumes.
echo "   a killed rank"
rm -rf "$TMP/many"
mpi 3 -x AWALE_TEST_KILL_RANK=1:7 "$AWALE_MPI" tables build --seeds "$SEEDS" --dir "$TMP/many"
expect_not_status 0 "killed rank"
expect_err_has "rank 1" "killed rank"
expect_err_has "signal 9" "killed rank"
check
[ -f "$TMP/many/abapa/layer-06.awt" ] && [ ! -f "$TMP/many/abapa/layer-07.awt" ] ||
    fail "killed rank: layers left $(ls "$TMP/many/abapa")"
mpi 3 "$AWALE_MPI" tables build --seeds "$SEEDS" --dir "$TMP/many"
expect_status 0 "resume after a killed rank"
expect_err_has "layers 0..6 kept from an earlier build (checked)" "resume after a killed rank"
expect_clean "resume after a killed rank"
same_files "$TMP/one" "$TMP/many" abapa "$SEEDS" "resume after a killed rank"

fi

# A rank that fails stops every rank at the same point, with its message.
echo "   a failing rank"
rm -rf "$TMP/many"
mpi 4 -x AWALE_TEST_FAIL_RANK=2:5 "$AWALE_MPI" tables build --seeds "$SEEDS" --dir "$TMP/many"
expect_status 1 "failing rank"
expect_err_has "rank 2 of 4: failing on purpose at layer 5" "failing rank"
expect_clean "failing rank"
check
[ -f "$TMP/many/abapa/layer-04.awt" ] && [ ! -f "$TMP/many/abapa/layer-05.awt" ] ||
    fail "failing rank: layers left $(ls "$TMP/many/abapa")"
mpi 2 "$AWALE_MPI" tables build --seeds "$SEEDS" --dir "$TMP/many"
expect_status 0 "resume after a failing rank, on 2 ranks"
same_files "$TMP/one" "$TMP/many" abapa "$SEEDS" "resume after a failing rank"

if [ -z "$QUICK" ]; then
# Ctrl-C: mpirun passes it on, every rank stops between two rounds, the
# finished layers are kept, the same command resumes. mpirun takes about a
# second to pass the signal on, so the build is long enough (15 seeds: a few
# seconds on 2 ranks) for the signal to land inside it.
echo "   an interruption"
rm -rf "$TMP/many"
$MPIRUN -np 2 "$AWALE_MPI" tables build --seeds 15 --dir "$TMP/many" >"$TMP/out" 2>"$TMP/err" </dev/null &
job=$!
i=0
while [ ! -f "$TMP/many/abapa/layer-03.awt" ] && [ $i -lt 600 ]; do
    sleep 0.05
    i=$((i + 1))
done
kill -INT $job
wait $job
STATUS=$?
interrupted=
if [ -f "$TMP/many/abapa/layer-15.awt" ]; then
    echo "   (the build ended before the interruption; not checked)"
else
    interrupted=1
    expect_not_status 0 "interrupted"
    expect_err_has "interrupted; the finished layers are kept" "interrupted"
fi
"$AWALE" tables build --seeds 15 --dir "$TMP/one" 2>/dev/null
mpi 2 "$AWALE_MPI" tables build --seeds 15 --dir "$TMP/many"
expect_status 0 "resume after an interruption"
[ -n "$interrupted" ] && expect_err_has "kept from an earlier build (checked)" "resume after an interruption"
same_files "$TMP/one" "$TMP/many" abapa 15 "resume after an interruption"

fi

# The program built without MPI, started by mpirun, says so.
mpi 2 "$AWALE" tables build --seeds 4 --dir "$TMP/plain"
expect_not_status 0 "no MPI"
expect_err_has "built without MPI" "no MPI"
# The MPI program run on its own is the ordinary build.
"$AWALE_MPI" tables build --seeds 8 --dir "$TMP/alone" 2>"$TMP/err"
STATUS=$?
expect_status 0 "MPI program alone"
expect_err_has "threads" "MPI program alone"
same_files "$TMP/one" "$TMP/alone" abapa 8 "MPI program alone"

echo "mpi: $CHECKS checks, $FAILS failed"
[ "$FAILS" -eq 0 ]
