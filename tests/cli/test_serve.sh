# test_serve.sh - `awale serve` options (the server itself is tested by
# tests/api and tests/browser): help, and bad arguments refused before it
# listens.

run serve --help
expect_status 0
expect_out_has "usage: awale serve"
expect_out_has "--max-games N"

run serve --port 70000
expect_status 2
expect_err_has "--port"

run serve --searches 0
expect_status 2
expect_err_has "--searches"

run serve --bogus
expect_status 2
expect_err_has "unexpected argument '--bogus'"

run serve --host no.such.host.invalid --port 0 --tables none
expect_status 1
expect_err_has "--host no.such.host.invalid"

run serve --book /nonexistent/book.awb --port 0
expect_status 1
expect_err_has "/nonexistent/book.awb"

# A port in use is an error that names it (never a second server sharing
# the port with the first): exit status 1.
"$AWALE" serve --port 0 --tables none --book none >"$TMP/serve1.out" 2>"$TMP/serve1.err" </dev/null &
serve1=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's|.*serving on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/serve1.out")
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then
    CHECKS=$((CHECKS + 1))
    fail "the first server did not start: $(head -c 300 "$TMP/serve1.err")"
else
    STATUS=0
    timeout 20 "$AWALE" serve --port "$port" --tables none --book none >"$TMP/out" 2>"$TMP/err" </dev/null
    STATUS=$?
    expect_status 1
    expect_err_has "port $port of 127.0.0.1 is in use"
fi
kill -INT "$serve1" 2>/dev/null
wait "$serve1"
CHECKS=$((CHECKS + 1))
[ $? -eq 0 ] || fail "the first server did not stop cleanly: $(tail -c 300 "$TMP/serve1.err")"

# Limits in time: a bad rule is refused by name.
run serve --rate-games 30/10 --port 0
expect_status 2
expect_err_has "--rate-games 30/10: give COUNT/PERIOD"

run serve --max-connections 5 --port 0
expect_status 2
expect_err_has "--max-connections"

# Beyond loopback: the addresses other devices can open, and with --qr the
# QR code of the first (half blocks) even into a file; --no-qr none.
serve_lan() { # $1: --qr or --no-qr; the start's stdout in $TMP/lan.out
    "$AWALE" serve --host 0.0.0.0 --port 0 --tables none --book none "$1" >"$TMP/lan.out" \
        2>"$TMP/lan.err" </dev/null &
    lan=$!
    for _ in $(seq 100); do
        grep -q 'serving on' "$TMP/lan.out" && grep -q 'open:\|No network address\|QR code' "$TMP/lan.out" && break
        sleep 0.1
    done
    sleep 0.2
    kill -INT "$lan" 2>/dev/null
    wait "$lan"
}
serve_lan --qr
CHECKS=$((CHECKS + 1))
if grep -q 'Other devices on the network can open:' "$TMP/lan.out"; then
    first=$(sed -n '/can open:/{n;s/^  //p;}' "$TMP/lan.out")
    case "$first" in
        http://*:[0-9]*/) ;;
        *) fail "serve --host 0.0.0.0: the first address is '$first'" ;;
    esac
    CHECKS=$((CHECKS + 1))
    grep -q "The QR code of $first" "$TMP/lan.out" || fail "serve --qr: no QR code: $(cat "$TMP/lan.out")"
    CHECKS=$((CHECKS + 1))
    # Version 1 to 40: 25 to 181 modules with the margins, as many half-block lines.
    rows=$(grep -c '^█' "$TMP/lan.out")
    [ "$rows" -ge 12 ] && [ "$rows" -le 91 ] || fail "serve --qr: $rows lines of QR code"
    serve_lan --no-qr
    CHECKS=$((CHECKS + 1))
    grep -q '█' "$TMP/lan.out" && fail "serve --no-qr drew a QR code"
    grep -q 'Other devices on the network can open:' "$TMP/lan.out" ||
        fail "serve --no-qr: no addresses: $(cat "$TMP/lan.out")"
else
    grep -q 'No network address found' "$TMP/lan.out" || fail "serve --host 0.0.0.0: no addresses said: $(cat "$TMP/lan.out")"
fi
