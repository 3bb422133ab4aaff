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
