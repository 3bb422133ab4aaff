#!/bin/sh
# run-static.sh DIR [SHOTS-DIR] - the browser tests of the page with no
# server (static.test.mjs): DIR (build/web-static) served by a plain static
# file server, Debian's chromium driven by playwright-core (installed here
# when missing, as run.sh does); screenshots go to SHOTS-DIR.
# run-static.sh --install-only: install node, chromium and playwright-core
# when missing, and run nothing (make bench-static).
set -eu
install_only=false
[ "$1" = --install-only ] && install_only=true
WEB_STATIC=$1
case "$WEB_STATIC" in /*) ;; *) WEB_STATIC=$(pwd)/$WEB_STATIC ;; esac
SHOTS=${2:-build/screenshots}
case "$SHOTS" in /*) ;; *) SHOTS=$(pwd)/$SHOTS ;; esac
export WEB_STATIC SHOTS
dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$dir/../.." && pwd)
command -v node >/dev/null || "$root/scripts/install-deps.sh" nodejs npm
command -v npm >/dev/null || "$root/scripts/install-deps.sh" npm
[ -x /usr/bin/chromium ] || "$root/scripts/install-deps.sh" chromium
if [ ! -f "$dir/node_modules/playwright-core/package.json" ]; then
    echo "installing playwright-core (tests/browser/package-lock.json)"
    (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
if $install_only; then exit 0; fi
echo "== tests/browser/static.test.mjs ($WEB_STATIC)"
exec node --test --test-reporter=spec "$dir/static.test.mjs"
