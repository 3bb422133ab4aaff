#!/bin/sh
# run.sh AWALE [SHOTS-DIR] - the browser tests: playwright-core (pinned in
# package-lock.json, installed here when missing) drives Debian's chromium
# headless against `awale serve` (every *.test.mjs but static.test.mjs);
# screenshots go to SHOTS-DIR.
set -eu
AWALE=$1
case "$AWALE" in /*) ;; *) AWALE=$(pwd)/$AWALE ;; esac
SHOTS=${2:-build/screenshots}
case "$SHOTS" in /*) ;; *) SHOTS=$(pwd)/$SHOTS ;; esac
export AWALE SHOTS
dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$dir/../.." && pwd)
command -v node >/dev/null || "$root/scripts/install-deps.sh" nodejs npm
command -v npm >/dev/null || "$root/scripts/install-deps.sh" npm
[ -x /usr/bin/chromium ] || "$root/scripts/install-deps.sh" chromium
if [ ! -f "$dir/node_modules/playwright-core/package.json" ]; then
    echo "installing playwright-core (tests/browser/package-lock.json)"
    (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
echo "== tests/browser"
# (static.test.mjs is the page with no server: run-static.sh, make test-static)
set --
for f in "$dir"/*.test.mjs; do
    case $f in */static.test.mjs) ;; *) set -- "$@" "$f" ;; esac
done
exec node --test --test-reporter=spec "$@"
