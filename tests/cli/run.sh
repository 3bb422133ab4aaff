#!/bin/sh
# run.sh AWALE - runs every tests/cli/test_*.sh against the awale binary.
# Each test file is a list of checks using the assertions of lib.sh.
set -u
AWALE=$1
case "$AWALE" in /*) ;; *) AWALE=$(pwd)/$AWALE ;; esac
export AWALE
dir=$(dirname "$0")
. "$dir/lib.sh"
for t in "$dir"/test_*.sh; do
    CURRENT=$(basename "$t")
    echo "== $t"
    . "$t"
done
echo "cli: $CHECKS checks, $FAILS failed"
[ "$FAILS" -eq 0 ]
