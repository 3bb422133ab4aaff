#!/bin/sh
# tests/deb/run.sh DIR - the Debian packages built by 'make deb' into DIR:
# each holds what it should (dpkg-deb --contents) and depends on what it
# should; lintian finds no error (when installed); unpacked into a scratch
# root, the program runs, its manual page and completion are there, the
# example builds against libawale-dev with pkg-config, and the Python
# module imports and plays with the packaged library.
set -u
DIR=${1:-build/deb}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
CHECKS=0
fail() {
    FAILS=$((FAILS + 1))
    printf 'FAIL (deb): %s\n' "$*" >&2
}
deb() { ls "$DIR"/"$1"_*.deb 2>/dev/null | head -n 1; }
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)

# contents PACKAGE PATH...: the package holds these paths.
contents() {
    pkg=$1
    shift
    f=$(deb "$pkg")
    CHECKS=$((CHECKS + 1))
    if [ -z "$f" ]; then
        fail "no $pkg package in $DIR"
        return
    fi
    dpkg-deb --contents "$f" | awk '{ print $6 }' | sed 's|^\./|/|' >"$TMP/contents"
    for p in "$@"; do
        CHECKS=$((CHECKS + 1))
        grep -qx -- "$p" "$TMP/contents" || fail "$pkg lacks $p"
    done
}
# depends PACKAGE PACKAGE-NAME...: its Depends name these packages (an
# extended regular expression each, for names that differ between releases).
depends() {
    pkg=$1
    shift
    d=$(dpkg-deb -f "$(deb "$pkg")" Depends 2>/dev/null)
    for p in "$@"; do
        CHECKS=$((CHECKS + 1))
        printf '%s\n' "$d" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -qxE -- "$p" ||
            fail "$pkg does not depend on $p (Depends: $d)"
    done
}

contents awale /usr/games/awale /usr/share/man/man6/awale.6.gz /usr/share/man/man6/awale-play.6.gz \
    /usr/share/bash-completion/completions/awale /usr/share/doc/awale/copyright
# Every translation of po/ (the program finds them under /usr/share/locale).
for po in "$(dirname "$0")"/../../po/*.po; do
    [ -f "$po" ] || continue
    lang=$(basename "$po" .po)
    contents awale "/usr/share/locale/$lang/LC_MESSAGES/awale.mo"
done
contents libawale0 "/usr/lib/$arch/libawale.so.0"
contents libawale-dev /usr/include/awale.h "/usr/lib/$arch/libawale.so" "/usr/lib/$arch/libawale.a" \
    "/usr/lib/$arch/pkgconfig/awale.pc" /usr/share/doc/libawale-dev/examples/example.c
contents python3-awale /usr/lib/python3/dist-packages/awale/__init__.py \
    /usr/lib/python3/dist-packages/awale/_lib.py
depends awale libc6 libzstd1 'libmicrohttpd12(t64)?' 'libjansson4' 'libsqlite3-0' 'libncursesw6'
depends libawale0 libc6
depends libawale-dev libawale0
depends python3-awale libawale0 python3:any
# The program links the library statically: it does not need libawale0.
CHECKS=$((CHECKS + 1))
dpkg-deb -f "$(deb awale)" Depends | grep -q libawale && fail "awale depends on libawale0"

if command -v lintian >/dev/null; then
    lintian "$DIR"/*.changes >"$TMP/lintian" 2>&1
    CHECKS=$((CHECKS + 1))
    grep '^E:' "$TMP/lintian" && fail "lintian errors: $(grep '^E:' "$TMP/lintian")"
    grep '^W:' "$TMP/lintian" >&2
else
    echo "deb: lintian is not installed: not run"
fi

# Unpacked into a scratch root.
R=$TMP/root
for p in awale libawale0 libawale-dev python3-awale; do
    f=$(deb "$p")
    [ -n "$f" ] && dpkg-deb -x "$f" "$R"
done
CHECKS=$((CHECKS + 1))
out=$("$R/usr/games/awale" replay C f 2>&1) || fail "the packaged program does not run: $out"
CHECKS=$((CHECKS + 1))
[ "$out" = "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1
5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2
ongoing" ] || fail "the packaged awale replay C f printed: $out"
# In French from the packaged catalog (found relative to the program).
CHECKS=$((CHECKS + 1))
out=$(printf 'quit\n' | env -u AWALE_LOCALEDIR LANG=C.UTF-8 HOME="$TMP" XDG_STATE_HOME="$TMP/state" \
    XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" "$R/usr/games/awale" play --lang fr --tables none \
    --opponent human 2>&1)
case "$out" in *"Deux joueurs au même clavier"*) ;;
*) fail "the packaged program does not speak French: $out" ;; esac
# And in Portuguese, from the same package.
CHECKS=$((CHECKS + 1))
out=$(printf 'sair\n' | env -u AWALE_LOCALEDIR LANG=pt_PT.UTF-8 HOME="$TMP" XDG_STATE_HOME="$TMP/state" \
    XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" "$R/usr/games/awale" play --tables none \
    --opponent human 2>&1)
case "$out" in *"Dois jogadores no mesmo teclado"*) ;;
*) fail "the packaged program does not speak Portuguese: $out" ;; esac
CHECKS=$((CHECKS + 1))
zcat "$R/usr/share/man/man6/awale-play.6.gz" | grep -q '^\.TH AWALE\\-PLAY 6' ||
    fail "the packaged manual page of awale play is not in section 6"
CHECKS=$((CHECKS + 1))
bash -c '. "$1"; complete -p awale' sh "$R/usr/share/bash-completion/completions/awale" \
    >/dev/null 2>&1 || fail "the packaged completion does not define a completion for awale"

# The example against the packaged development files.
mkdir -p "$TMP/example"
cp "$R"/usr/share/doc/libawale-dev/examples/* "$TMP/example/"
if PKG_CONFIG_PATH="$R/usr/lib/$arch/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$R" \
    make --no-print-directory -C "$TMP/example" >"$TMP/log" 2>&1; then
    CHECKS=$((CHECKS + 1))
    out=$(LD_LIBRARY_PATH="$R/usr/lib/$arch" "$TMP/example/example" abapa C f 2>&1)
    case "$out" in "library "*", position 5-5-1-6-5-5-5-4-4-4-4-0-0-0-S-2"*bestmove*) ;;
    *) fail "the example against the packaged library: $out" ;; esac
else
    fail "the example does not build against libawale-dev: $(tail -5 "$TMP/log")"
fi

# The module, finding the packaged library by its soname.
CHECKS=$((CHECKS + 1))
out=$(cd "$TMP" && env -u AWALE_LIBRARY LD_LIBRARY_PATH="$R/usr/lib/$arch" \
    PYTHONPATH="$R/usr/lib/python3/dist-packages" PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c '
import awale, os
assert os.path.dirname(awale.__file__).startswith(os.environ["PYTHONPATH"]), awale.__file__
s = awale.State(rules="relay")
s.play(s.legal_moves()[0])
print(awale.__version__, s.position, awale.perft(3)[3])' 2>&1) ||
    fail "the packaged Python module: $out"
CHECKS=$((CHECKS + 1))
case "$out" in *" 190") ;; *) fail "the packaged Python module printed: $out" ;; esac

echo "deb: $CHECKS checks, $FAILS failed"
[ "$FAILS" -eq 0 ]
