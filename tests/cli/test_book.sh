# test_book.sh - awale book: build, grow, probe, info; damaged and wrong
# files refused by name; the engine plays book moves in analyze and uci;
# interruption and resumption. Small books only.

BK="$TMP/book"
mkdir -p "$BK"

run book build --depth 3 --positions 40 --out "$BK/a.awb" --quiet
expect_status 0
expect_err_has "$BK/a.awb: 4"
[ -s "$BK/a.awb" ] || fail "no book written"

# The same command with more positions grows it; the result is the book
# built in one go.
run book build --depth 3 --positions 80 --out "$BK/a.awb" --quiet
expect_status 0
run book build --depth 3 --positions 80 --out "$BK/b.awb" --threads 2 --quiet
expect_status 0
CHECKS=$((CHECKS + 1))
cmp -s "$BK/a.awb" "$BK/b.awb" || fail "a book grown in two steps differs from one built at once"

# probe: every move of the start with its value, best first, then the line.
run book probe --book "$BK/a.awb"
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^[A-F] [-+]' "$TMP/out")" -eq 6 ] || fail "probe lists $(grep -c '^[A-F] ' "$TMP/out") moves, not 6"
expect_out_has "line "
best=$(head -1 "$TMP/out" | cut -d' ' -f1)
first_of_line=$(grep '^line' "$TMP/out" | cut -d' ' -f2)
CHECKS=$((CHECKS + 1))
[ "$best" = "$first_of_line" ] || fail "the line starts with $first_of_line, the best move is $best"
# After moves, and from a position string; North to move is found too.
run book probe --book "$BK/a.awb" "$best"
expect_status 0
expect_out_has "line"
run book probe --book "$BK/a.awb" 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^[a-f] [-+]' "$TMP/out")" -eq 6 ] || fail "North's start is not in the book"
run book probe --book "$BK/a.awb" A B A B A B A B A B
expect_no_crash
run book probe --book "$BK/a.awb" 0-0-0-0-0-1-1-0-0-0-0-0-23-23-S
expect_status 0
expect_stdout "not in the book"
run book probe --book "$BK/a.awb" Z
expect_status 1
run book probe --book "$BK/a.awb" a
expect_status 1
expect_err_has "a cannot be played"
run book probe --rules grand-slam --book "$BK/a.awb"
expect_status 1
expect_err_has "other rules"

# info describes it.
run book info --book "$BK/a.awb"
expect_status 0
expect_out_has "rules abapa"
expect_out_has "leaf searches depth 3"
expect_out_has "size "

# Damaged files are refused by name, with the reason.
head -c 300 "$BK/a.awb" >"$BK/short.awb"
run book info --book "$BK/short.awb"
expect_status 1
expect_err_has "short.awb: truncated"
cp "$BK/a.awb" "$BK/flip.awb"
printf 'X' | dd of="$BK/flip.awb" bs=1 seek=400 conv=notrunc 2>/dev/null
run book probe --book "$BK/flip.awb"
expect_status 1
expect_err_has "flip.awb: damaged"
printf 'not a book\n' >"$BK/text.awb"
run analyze --book "$BK/text.awb" --depth 2
expect_status 1
expect_err_has "text.awb"
run book probe --book "$BK/none.awb"
expect_status 1
expect_err_has "none.awb"
# A damaged book is never grown over.
run book build --depth 3 --positions 90 --out "$BK/flip.awb" --quiet
expect_status 1
expect_err_has "flip.awb"

# analyze shows the book moves, then searches.
run analyze --book "$BK/a.awb" --depth 3
expect_status 0
expect_out_has "book $best "
expect_out_has "depth 3"
run analyze --book none --depth 3
grep -q "^book" "$TMP/out" && fail "--book none still showed the book"

# uci plays a book move at once for a go limited by time (a depth, nodes or
# mate asks for a search), and says so; OwnBook false switches it off.
run_input "setoption name BookFile value $BK/a.awb
position startpos
go movetime 2000
quit
" uci
expect_status 0
expect_out_has "info string book move $best"
expect_out_has "bestmove $best"
run_input "setoption name BookFile value $BK/a.awb
setoption name OwnBook value false
position startpos
go depth 2
quit
" uci
grep -q "book move" "$TMP/out" && fail "OwnBook false still played from the book"
run_input "setoption name BookFile value $BK/text.awb
quit
" uci
expect_out_has "BookFile ignored"

# Bad arguments.
run book build --depth 0
expect_status 2
run book build --alpha x
expect_status 2
run book build --depth 3 --nodes 100
expect_status 2
run book frobnicate
expect_status 2
run book
expect_status 2

# Ctrl-C writes what is done; the same command goes on.
"$AWALE" book build --depth 8 --positions 100000 --out "$BK/int.awb" >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 2
kill -INT $pid
wait $pid
STATUS=$?
expect_status 130
expect_err_has "interrupted"
ls "$BK" | grep -q tmp && fail "temporary file left after Ctrl-C"
if [ -s "$BK/int.awb" ]; then
    run book info --book "$BK/int.awb"
    expect_status 0
    n=$(sed -n 's/^positions \([0-9]*\).*/\1/p' "$TMP/out")
    run book build --positions $((n + 10)) --out "$BK/int.awb" --quiet
    expect_status 0
fi

# The built-in books: one for each Oware rule set, found without any
# configuration, checked when read; none for the relay game.
for r in abapa seven-turns grand-slam two-seeds; do
    run book info --rules $r
    expect_status 0
    expect_out_has "rules $r"
    expect_out_has "book built-in"
done
run book info --rules relay
expect_status 1
expect_err_has "no built-in book for the relay rules"
run analyze --depth 2 --tables none
expect_status 0
CHECKS=$((CHECKS + 1))
head -1 "$TMP/out" | grep -q "^book [A-F] " || fail "analyze shows no built-in book line: $(head -1 "$TMP/out")"
run_input "position startpos
go movetime 2000
quit
" uci
expect_status 0
expect_out_has "info string book move"
