#!/bin/sh
# run.sh AWALE [SECONDS] - the web server under concurrent traffic for a
# bounded time (tests/stress/pool.mjs; SECONDS, else $STRESS_SECONDS, else
# 30), against the awale binary: built with a sanitizer, any report fails it.
set -eu
AWALE=$1
case "$AWALE" in /*) ;; *) AWALE=$(pwd)/$AWALE ;; esac
export AWALE
command -v node >/dev/null || scripts/install-deps.sh nodejs
echo "== tests/stress/pool.mjs"
exec node "$(dirname "$0")"/pool.mjs ${2:-}
