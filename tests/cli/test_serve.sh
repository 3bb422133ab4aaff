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
