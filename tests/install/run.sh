#!/bin/sh
# tests/install/run.sh MAKE BUILD - the installed library as another program
# sees it: 'make install' into a staging tree (DESTDIR, PREFIX=/usr), every
# file in place, the exported symbols exactly the AW_API functions of
# awale.h, the example of examples/ built with pkg-config against the
# staging tree (shared, and static with 'pkg-config --static') and run,
# its answers the same as the program's; the manual pages render without
# warnings; 'make uninstall' removes everything.
set -u
MAKE=${1:-make}
BUILD=${2:-build/release}
ROOT=$(pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
STAGE=$TMP/stage
# The default directories of PREFIX=/usr, whatever a calling make was given
# (the Debian build runs 'make check' with its own BINDIR, LIBDIR...).
unset MAKEFLAGS MFLAGS MAKELEVEL BINDIR LIBDIR INCLUDEDIR DATADIR MANDIR LOCALEDIR PKGCONFIGDIR \
    BASHCOMPDIR PYTHONDIR
FAILS=0
CHECKS=0
fail() {
    FAILS=$((FAILS + 1))
    printf 'FAIL (install): %s\n' "$*" >&2
}
check() { # check DESCRIPTION COMMAND...
    what=$1
    shift
    CHECKS=$((CHECKS + 1))
    "$@" >/dev/null 2>&1 || fail "$what"
}
AWALE=$ROOT/$BUILD/awale

if ! $MAKE --no-print-directory install DESTDIR="$STAGE" PREFIX=/usr BUILD="$BUILD" >"$TMP/log" 2>&1; then
    fail "make install: $(tail -5 "$TMP/log")"
    echo "install: $CHECKS checks, $FAILS failed"
    exit 1
fi
version=$("$AWALE" --version | sed 's/^awale //')
major=${version%%.*}

# Every file in place.
for f in bin/awale lib/libawale.so.$version lib/libawale.a include/awale.h \
    lib/pkgconfig/awale.pc share/man/man6/awale.6 share/bash-completion/completions/awale \
    lib/python3/dist-packages/awale/__init__.py lib/python3/dist-packages/awale/_paths.py; do
    check "installed /usr/$f" test -f "$STAGE/usr/$f"
done
check "libawale.so.$major -> libawale.so.$version" \
    test "$(readlink "$STAGE/usr/lib/libawale.so.$major")" = "libawale.so.$version"
check "libawale.so -> libawale.so.$major" test "$(readlink "$STAGE/usr/lib/libawale.so")" = "libawale.so.$major"
for c in $("$AWALE" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p'); do
    check "manual page of awale $c" test -f "$STAGE/usr/share/man/man6/awale-$c.6"
done
command -v man >/dev/null || echo "install: man is not installed: the pages are not rendered"
command -v man >/dev/null && for f in "$STAGE"/usr/share/man/man6/*.6; do
    LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$f" 2>"$TMP/warn" >/dev/null
    CHECKS=$((CHECKS + 1))
    [ -s "$TMP/warn" ] && fail "$(basename "$f") renders with warnings: $(head -3 "$TMP/warn")"
done
check "the installed program runs" "$STAGE/usr/bin/awale" replay C f

# The soname, and the exported symbols: exactly the functions marked AW_API.
lib=$STAGE/usr/lib/libawale.so.$version
CHECKS=$((CHECKS + 1))
readelf -d "$lib" | grep -q "SONAME.*\[libawale.so.$major\]" || fail "soname is not libawale.so.$major"
nm -D --defined-only "$lib" | awk '{ print $3 }' | sort >"$TMP/exported"
grep -o '^AW_API [^(]*(' "$ROOT/include/awale.h" | sed 's/($//; s/.*[ *]//' | sort >"$TMP/declared"
CHECKS=$((CHECKS + 1))
[ -s "$TMP/declared" ] && cmp -s "$TMP/declared" "$TMP/exported" ||
    fail "exported symbols differ from the AW_API functions of awale.h: $(diff "$TMP/declared" "$TMP/exported" | head)"

# The Debian symbols file lists them all (with the version that brought
# each), and no other.
sed -n 's/^ \([a-z_0-9]*\)@Base .*/\1/p' "$ROOT/debian/libawale0.symbols" | sort >"$TMP/symbols"
CHECKS=$((CHECKS + 1))
cmp -s "$TMP/symbols" "$TMP/exported" ||
    fail "debian/libawale0.symbols differs from the exported symbols: $(diff "$TMP/symbols" "$TMP/exported" | head)"

# Every function of the header is marked AW_API (else it would not be
# exported).
CHECKS=$((CHECKS + 1))
unmarked=$(grep -n '^[a-z][a-z0-9_ ]*[ *]aw_[a-z0-9_]*(' "$ROOT/include/awale.h" | grep -v typedef)
[ -z "$unmarked" ] || fail "functions of awale.h without AW_API: $unmarked"

# pkg-config finds the staged library, and the example builds against it.
export PKG_CONFIG_PATH="$STAGE/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
CHECKS=$((CHECKS + 1))
[ "$(pkg-config --modversion awale)" = "$version" ] || fail "pkg-config --modversion: $(pkg-config --modversion awale 2>&1)"
flags=$(pkg-config --cflags --libs awale)
CHECKS=$((CHECKS + 1))
case "$flags" in *"-I$STAGE/usr/include"*"-L$STAGE/usr/lib"*"-lawale"*) ;; *) fail "pkg-config --cflags --libs awale: $flags" ;; esac
mkdir -p "$TMP/example"
cp "$ROOT"/examples/example.c "$ROOT"/examples/Makefile "$TMP/example/"
if ! $MAKE --no-print-directory -C "$TMP/example" CFLAGS="-O2 -Wall -Wextra -Werror" >"$TMP/log" 2>&1; then
    fail "the example does not build with pkg-config: $(tail -5 "$TMP/log")"
else
    CHECKS=$((CHECKS + 1))
    readelf -d "$TMP/example/example" | grep -q "NEEDED.*\[libawale.so.$major\]" ||
        fail "the example does not need libawale.so.$major"
    # Its answers are the program's.
    moves="C f F b"
    pos=$("$AWALE" replay $moves | tail -n 2 | head -n 1)
    {
        echo "library $version, position $pos"
        "$AWALE" perft --position "$pos" 4 2>/dev/null | sed 's/^/perft /'
        "$AWALE" analyze --tables none --depth 8 --position "$pos" 2>/dev/null |
            awk '/^depth 8 / { for (i = 1; i <= NF; i++) if ($i == "score") s = $(i + 1) }
                 /^bestmove/ { print "bestmove " $2 " score " s }'
    } >"$TMP/want"
    # shellcheck disable=SC2086
    LD_LIBRARY_PATH="$STAGE/usr/lib" "$TMP/example/example" abapa $moves >"$TMP/got" 2>&1
    CHECKS=$((CHECKS + 1))
    cmp -s "$TMP/want" "$TMP/got" || fail "the example's output differs from the program's: $(diff "$TMP/want" "$TMP/got")"
    LD_LIBRARY_PATH="$STAGE/usr/lib" "$TMP/example/example" nonsense >"$TMP/got" 2>&1
    status=$?
    CHECKS=$((CHECKS + 1))
    [ $status -eq 2 ] && grep -q "nonsense" "$TMP/got" || fail "the example with a bad rule set: $(cat "$TMP/got")"

    # The static library, with what 'pkg-config --static' says it needs.
    static_libs=$(pkg-config --static --libs-only-other --libs-only-l awale | sed 's/-lawale//')
    # shellcheck disable=SC2086
    if cc -O2 $(pkg-config --cflags awale) -o "$TMP/example/static" "$TMP/example/example.c" \
        "$STAGE/usr/lib/libawale.a" $static_libs >"$TMP/log" 2>&1; then
        CHECKS=$((CHECKS + 1))
        readelf -d "$TMP/example/static" | grep -q "libawale" && fail "the static example needs the shared library"
        "$TMP/example/static" abapa $moves >"$TMP/got" 2>&1
        CHECKS=$((CHECKS + 1))
        cmp -s "$TMP/want" "$TMP/got" || fail "the static example's output differs: $(diff "$TMP/want" "$TMP/got")"
    else
        fail "the example does not link with libawale.a and 'pkg-config --static': $(tail -5 "$TMP/log")"
    fi
fi
# The C sample of docs/library.md builds the same way and counts as the
# program does.
awk '/^```c$/ { on = 1; next } /^```$/ { on = 0 } on' "$ROOT/docs/library.md" >"$TMP/sample.c"
CHECKS=$((CHECKS + 1))
# shellcheck disable=SC2046
if cc -Wall -Werror $(pkg-config --cflags awale) -o "$TMP/sample" "$TMP/sample.c" \
    $(pkg-config --libs awale) >"$TMP/log" 2>&1; then
    got=$(LD_LIBRARY_PATH="$STAGE/usr/lib" "$TMP/sample")
    want="$("$AWALE" perft 6 2>/dev/null | tail -n 1 | cut -d' ' -f2) move sequences of 6 plies"
    [ "$got" = "$want" ] || fail "the sample of docs/library.md printed '$got', not '$want'"
else
    fail "the sample of docs/library.md does not build: $(tail -5 "$TMP/log")"
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# Uninstall leaves nothing behind.
$MAKE --no-print-directory uninstall DESTDIR="$STAGE" PREFIX=/usr BUILD="$BUILD" >"$TMP/log" 2>&1 ||
    fail "make uninstall: $(tail -5 "$TMP/log")"
CHECKS=$((CHECKS + 1))
left=$(find "$STAGE" ! -type d | sed "s|^$STAGE||")
[ -z "$left" ] || fail "make uninstall left: $left"

echo "install: $CHECKS checks, $FAILS failed"
[ "$FAILS" -eq 0 ]
