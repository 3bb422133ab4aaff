#!/bin/sh
# install-deps.sh - install the Debian packages the build and tests need,
# only those missing. Runs apt-get (through sudo when not root).
#   scripts/install-deps.sh            the packages `make test` and `make test-all` need
#   scripts/install-deps.sh PKG...     these packages
# The web server builds with libmicrohttpd, jansson, SQLite (its games'
# database) and libqrencode; its tests need
# Node.js (API and browser tests) and chromium (browser tests), installed
# only when no node, npm or chromium is there already. Open MPI (mpicc and
# mpirun) builds and tests the distributed table build (make mpi). clang
# with its runtimes builds the fuzz targets (make fuzz-smoke); dpkg-dev,
# debhelper, dh-python, fakeroot and lintian build and check the Debian
# packages (make test-deb).
set -eu

if [ $# -gt 0 ]; then
    wanted="$*"
else
    # python3-pytest and pkgconf: the tests of the Python module and of the
    # installed library; python3-numpy: the module's numpy observations.
    wanted="libcmocka-dev libzstd-dev libmicrohttpd-dev libjansson-dev libsqlite3-dev libqrencode-dev"
    wanted="$wanted pkg-config libncurses-dev gettext tmux"
    wanted="$wanted python3-pytest python3-numpy pkgconf libopenmpi-dev openmpi-bin"
    # curl and jq: the examples of docs/api.md, run by tests/api/docs.test.mjs.
    wanted="$wanted curl jq"
    wanted="$wanted clang libclang-rt-dev dpkg-dev debhelper dh-python fakeroot lintian"
    command -v node >/dev/null 2>&1 || wanted="$wanted nodejs"
    command -v npm >/dev/null 2>&1 || wanted="$wanted npm"
    [ -x /usr/bin/chromium ] || wanted="$wanted chromium"
fi

missing=""
for pkg in $wanted; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $pkg"
    fi
done
[ -z "$missing" ] && exit 0

echo "installing Debian packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null; then
    sudo="sudo"
else
    echo "install-deps: need root (or sudo) to install:$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! $sudo apt-get install -y --no-install-recommends $missing; then
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends $missing
fi
