#!/bin/sh
# run.sh AWALE - the web API tests (node:test, built-in fetch) and the
# examples of docs/api.md (curl, jq) against the awale binary: each test
# file starts its own `awale serve` on a free port.
set -eu
AWALE=$1
case "$AWALE" in /*) ;; *) AWALE=$(pwd)/$AWALE ;; esac
export AWALE
command -v node >/dev/null || scripts/install-deps.sh nodejs
command -v curl >/dev/null && command -v jq >/dev/null || scripts/install-deps.sh curl jq
echo "== tests/api"
exec node --test --test-reporter=spec "$(dirname "$0")"/*.test.mjs
