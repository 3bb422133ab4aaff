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

# A book holds under rules that differ from its own only in parameters its
# values do not depend on (docs/book.md, "Rules"): a match run with
# --rule repetition=2 kept no book, and BookFile refused book-abapa.awb.
# Rules that change its values refuse it, naming the parameter.
ROOT=$(cd "$dir/../.." && pwd)
for rule in repetition=2 repetition=0 agreement=none no-capture=100; do
    run book probe --rule "$rule"
    expect_status 0
    expect_out_has "line F "
    run book probe --rule "$rule" --book "$ROOT/data/book-abapa.awb"
    expect_status 0
    expect_out_has "line F "
    run book info --rule "$rule"
    expect_status 0
    expect_out_has "under abapa $rule: holds: it differs from the book's rules only in ${rule%%=*}"
done
run book info
expect_out_has "depends on captures=2,3 grand-slam=void cannot-feed=mover empty-row=owner target=25 play-on=no"
expect_out_has "holds under no-capture 0 or above 27, any repetition"
for case in target=24:target no-capture=20:no-capture captures=2:captures; do
    run book probe --rule "${case%%:*}" --book "$ROOT/data/book-abapa.awb"
    expect_status 1
    expect_err_has "its values depend on ${case#*:}"
    run book info --rule "${case%%:*}" --book "$ROOT/data/book-abapa.awb"
    expect_out_has "under abapa ${case%%:*}: does not hold: its values depend on ${case#*:}"
done
# seven-turns' limit of 14 plies is within the reach of its book's lines and
# leaf searches: its book holds under no other limit, and abapa's not under
# it; seven-turns without the limit is abapa's but for agreement and
# repetition, so abapa's book is the one that holds.
run book info --book "$ROOT/data/book-seven-turns.awb" --rules seven-turns --rule no-capture=0
expect_out_has "does not hold: its values depend on no-capture (14 in the book, 0 here)"
run book info --rules seven-turns --rule no-capture=0
expect_status 0
expect_out_has "rules abapa"
run book info --book "$ROOT/data/book-abapa.awb" --rules seven-turns
expect_out_has "does not hold: its values depend on no-capture (0 in the book, 14 here)"
run book probe --rules seven-turns --rule repetition=3
expect_status 0
expect_out_has "line "
# The engine protocol: the built-in book under repetition=2, said; a
# BookFile under a rule that changes its values, refused by name.
run_input "setoption name Rule repetition value 2
position startpos
go movetime 2000
quit
" uci
expect_out_has "info string the built-in book for abapa holds under abapa repetition=2: it differs from the book's rules only in repetition (3 in the book, 2 here)"
expect_out_has "info string book move F"
run_input "setoption name Rule target value 24
setoption name BookFile value $ROOT/data/book-abapa.awb
position startpos
go movetime 100
quit
" uci
expect_out_has "info string BookFile: the book is for abapa and does not hold under abapa target=24: its values depend on target (25 in the book, 24 here)"
grep -q "book move" "$TMP/out" && fail "a book for target 25 played under target 24"
run_input "setoption name BookFile value $ROOT/data/book-abapa.awb
setoption name Rule repetition value 2
position startpos
go movetime 2000
quit
" uci
expect_out_has "info string BookFile: the book is for abapa and holds under abapa repetition=2"
expect_out_has "info string book move F"
