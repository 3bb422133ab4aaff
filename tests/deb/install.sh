#!/bin/sh
# tests/deb/install.sh DIR - the Debian packages built by 'make deb' into DIR,
# really installed as the README says (apt-get install ./DIR/*.deb, which
# also brings their dependencies), then used where Debian puts them: the
# program from $PATH, in French from /usr/share/locale, its manual page; the
# example built against the installed libawale-dev with pkg-config; the
# Python module from /usr/lib/python3/dist-packages with libawale0 found by
# its soname. Then the packages are removed again (purged), except those
# that were installed before the test, which stay, at the new version.
#
# Installing needs root or a sudo that asks no password; without either the
# test says so and does nothing.
set -u
DIR=${1:-build/deb}
PKGS="awale libawale0 libawale-dev python3-awale"
FAILS=0
CHECKS=0
fail() {
    FAILS=$((FAILS + 1))
    printf 'FAIL (deb install): %s\n' "$*" >&2
}

if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
else
    echo "deb install: needs root or sudo without a password: not run"
    exit 0
fi

debs=""
for p in $PKGS; do
    f=$(ls "$DIR"/"$p"_*.deb 2>/dev/null | head -n 1)
    if [ -z "$f" ]; then
        echo "FAIL (deb install): no $p package in $DIR" >&2
        exit 1
    fi
    case "$f" in /*) ;; *) f=./$f ;; esac
    debs="$debs $f"
done
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
before=""
for p in $PKGS; do
    installed "$p" && before="$before $p"
done

TMP=$(mktemp -d)
removed=""
remove() {
    [ -z "$removed" ] || return 0
    removed=yes
    new=""
    for p in $PKGS; do
        case " $before " in *" $p "*) ;; *) installed "$p" && new="$new $p" ;; esac
    done
    # shellcheck disable=SC2086
    [ -z "$new" ] || $sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q \
        -o DPkg::Lock::Timeout=300 $new >"$TMP/purge" 2>&1 || {
        cat "$TMP/purge" >&2
        fail "apt-get purge$new"
    }
    for p in $new; do
        CHECKS=$((CHECKS + 1))
        installed "$p" && fail "$p is still installed after apt-get purge"
    done
}
trap 'remove; rm -rf "$TMP"' EXIT
trap 'exit 1' INT TERM

# shellcheck disable=SC2086
if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    -o DPkg::Lock::Timeout=300 $debs >"$TMP/install" 2>&1; then
    cat "$TMP/install" >&2
    echo "FAIL (deb install): apt-get install$debs" >&2
    exit 1
fi
for p in $PKGS; do
    CHECKS=$((CHECKS + 1))
    installed "$p" || fail "$p is not installed after apt-get install"
done

# The program, run as a user would, from a home of its own.
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/home/state" XDG_CONFIG_HOME="$TMP/home/config" \
    XDG_DATA_HOME="$TMP/home/data"
unset AWALE_LOCALEDIR AWALE_LIBRARY
mkdir -p "$HOME"
PATH=/usr/games:$PATH
CHECKS=$((CHECKS + 1))
[ "$(command -v awale)" = /usr/games/awale ] || fail "awale on PATH is $(command -v awale), not /usr/games/awale"
CHECKS=$((CHECKS + 1))
version=$(dpkg-query -W -f='${Version}' awale)
version=${version%%-*}
out=$(awale --version 2>&1) || fail "awale --version: $out"
[ "$out" = "awale $version" ] || fail "awale --version printed '$out', the package is $version"
CHECKS=$((CHECKS + 1))
out=$(awale rules 2>&1) || fail "awale rules: $out"
case "$out" in *"abapa (default)"*relay*) ;; *) fail "awale rules printed: $out" ;; esac
CHECKS=$((CHECKS + 1))
out=$(awale analyze --depth 6 C f 2>&1) || fail "awale analyze: $out"
case "$out" in *"depth 6 "*"bestmove "[A-F]) ;; *) fail "awale analyze --depth 6 C f printed: $out" ;; esac
CHECKS=$((CHECKS + 1))
out=$(printf 'quit\n' | LANG=C.UTF-8 awale play --lang fr --tables none --opponent human 2>&1)
case "$out" in *"Deux joueurs au même clavier"*) ;;
*) fail "the installed program does not speak French: $out" ;; esac
CHECKS=$((CHECKS + 1))
[ -f /usr/share/man/man6/awale-analyze.6.gz ] || fail "no manual page /usr/share/man/man6/awale-analyze.6.gz"

# The example against the installed library, as its documentation builds it.
mkdir -p "$TMP/example"
cp /usr/share/doc/libawale-dev/examples/* "$TMP/example/"
CHECKS=$((CHECKS + 1))
if make --no-print-directory -C "$TMP/example" >"$TMP/log" 2>&1; then
    out=$("$TMP/example/example" abapa C f 2>&1)
    case "$out" in "library $version, position 5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2"*bestmove*) ;;
    *) fail "the example against the installed library: $out" ;; esac
else
    fail "the example does not build against the installed libawale-dev: $(tail -5 "$TMP/log")"
fi

# The module, from Debian's Python, with nothing of the source tree.
CHECKS=$((CHECKS + 1))
out=$(cd "$TMP" && env -u PYTHONPATH PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c '
import awale
assert awale.__file__.startswith("/usr/lib/python3/dist-packages/awale/"), awale.__file__
s = awale.State()
s.play_moves("C f")
print(awale.__version__, s.position, awale.Engine().analyze(s, depth=4).best in s.legal_moves())' 2>&1) ||
    fail "the installed Python module: $out"
CHECKS=$((CHECKS + 1))
[ "$out" = "$version 5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2 True" ] ||
    fail "the installed Python module printed: $out"

remove
CHECKS=$((CHECKS + 1))
case " $before " in *" awale "*) ;; *) [ ! -e /usr/games/awale ] || fail "/usr/games/awale is left after the purge" ;; esac
echo "deb install: $CHECKS checks, $FAILS failed"
[ "$FAILS" -eq 0 ]
