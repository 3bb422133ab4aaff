# test_engine.sh - the engine's commands: analyze, bench, play with levels
# and hints. Sourced by run.sh (assertions from lib.sh).

# analyze: one line per depth, then bestmove; the move is legal
run analyze --depth 6
expect_status 0
expect_out_has "depth 1 "
expect_out_has "depth 6 "
expect_out_has " pv "
tail -1 "$TMP/out" | grep -q '^bestmove [A-F]$' || fail "last line is not 'bestmove X': $(tail -1 "$TMP/out")"
CHECKS=$((CHECKS + 1))

# after moves (run together or separate), from a position, every rule set
run analyze --depth 4 C f F
expect_status 0
expect_out_has "bestmove "
for r in abapa seven-turns grand-slam two-seeds relay; do
    run analyze --rules $r --depth 4
    expect_status 0
    expect_out_has "bestmove "
done
run analyze --rules relay --depth 3 C+ d-
expect_status 0
tail -1 "$TMP/out" | grep -q '^bestmove [A-F][+-]$' || fail "relay bestmove: $(tail -1 "$TMP/out")"
CHECKS=$((CHECKS + 1))

# a proven result is shown as such (F captures 7 and reaches 29)
run analyze --position 0-0-0-0-0-3-1-2-1-4-4-4-22-7-S --depth 3
expect_status 0
expect_out_has "score win +"
expect_out_has "bestmove F"

# multipv: N lines per depth, numbered
run analyze --depth 3 --multipv 3
expect_status 0
expect_out_has "depth 3 multipv 3 "
[ "$(grep -c '^depth 3 ' "$TMP/out")" -eq 3 ] || fail "multipv 3 gave $(grep -c '^depth 3 ' "$TMP/out") lines"
CHECKS=$((CHECKS + 1))

# limits: nodes and movetime stop it; threads work
run analyze --nodes 2000
expect_status 0
expect_out_has "bestmove "
run analyze --movetime 50 --threads 2 --hash 8
expect_status 0
expect_out_has "bestmove "

# a finished game has no move
run analyze --rules grand-slam --position 1-0-0-0-0-2-1-1-0-0-0-0-20-23-S F
expect_status 0
expect_out_has "game over"
expect_out_has "bestmove none"

# bad arguments
run analyze --depth 0
expect_status 2
expect_err_has "--depth"
run analyze --depth
expect_status 2
expect_err_has "needs a value"
run analyze --multipv 13
expect_status 2
expect_err_has "--multipv"
run analyze --frobnicate
expect_status 2
expect_err_has "unknown option '--frobnicate'"
run analyze --depth 3 C C
expect_status 1
expect_err_has "move 2"
run analyze --depth 3 Q
expect_status 1
run analyze --position 4-4-4 --depth 3
expect_status 1
expect_err_has "bad position"
run analyze --eval magic
expect_status 2
expect_err_has "--eval"
run analyze --help
expect_status 0
expect_out_has "usage: awale analyze"

# bench: the same node count on every run
run bench --depth 7
expect_status 0
expect_out_has "total nodes "
grep '^total nodes' "$TMP/out" >"$TMP/bench1"
run bench --depth 7
grep '^total nodes' "$TMP/out" >"$TMP/bench2"
CHECKS=$((CHECKS + 1))
cmp -s "$TMP/bench1" "$TMP/bench2" || fail "bench node counts differ: $(cat "$TMP/bench1" "$TMP/bench2")"
run bench --depth 99
expect_status 2
expect_err_has "--depth"
run bench nonsense
expect_status 2
expect_err_has "unknown bench"

# selfplay: a tiny match, and bad arguments
run selfplay --games 2 --depth 2 --b Eval=material --quiet
expect_status 0
expect_out_has "games 2: A wins"
expect_out_has "Elo difference"
run selfplay --games 2 --depth 2 --a Level=1 --b Level=3,Seed=4 --quiet --record "$TMP/rec"
expect_status 0
CHECKS=$((CHECKS + 1))
[ -s "$TMP/rec" ] || fail "selfplay --record wrote nothing"
# selfplay openings: balanced random ones from a seed that is printed; the
# same seed, the same games; no random moves at all and players that always
# play alike give repeated games, which are warned about.
run selfplay --games 6 --depth 1 --a Hash=1 --b Hash=1 --seed 3 --quiet --record "$TMP/sp1"
expect_status 0
expect_out_has "openings: random openings of 8 plies from the start position, kept within +/-1 seed by a search of depth 6; seed 3"
expect_out_has "openings: 3 drawn"
CHECKS=$((CHECKS + 1))
grep -q "repeat" "$TMP/err" "$TMP/out" && fail "distinct openings reported as repeats: $(cat "$TMP/err")"
run selfplay --games 6 --depth 1 --a Hash=1 --b Hash=1 --seed 3 --quiet --concurrency 2 --record "$TMP/sp2"
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(sort "$TMP/sp1")" = "$(sort "$TMP/sp2")" ] || fail "selfplay --seed 3 did not play the same games again"
run selfplay --games 4 --depth 1 --a Hash=1 --b Hash=1 --opening-plies 0 --quiet
expect_status 0
expect_out_has "openings: no random moves: every game starts from the start position"
expect_out_has "repeated games: 2 of 4 repeat an earlier game"
expect_err_has "awale selfplay: warning: 2 of 4 games repeat an earlier game"
run selfplay --games 20 --depth 1 --a Hash=1 --b Hash=1 --opening-plies 1 --quiet
expect_status 0
expect_out_has "random openings of 1 ply"
expect_out_has "reused (no new balanced one found)"
expect_err_has "games repeat an earlier game"
run selfplay --games 2 --depth 1 --position 3-0-0-1-0-0-0-0-0-0-0-0-20-24-S
expect_status 1
expect_err_has "the game is already over in the start position"
run selfplay --opening-plies 41
expect_status 2
expect_err_has "bad value '41' for --opening-plies"
run selfplay --games 0
expect_status 2
expect_err_has "--games"
run selfplay --a Bogus=1
expect_status 2
expect_err_has "Bogus"
run selfplay --b Threads
expect_status 2
expect_err_has "not Name=value"
run selfplay --a-exe /nonexistent/awale
expect_status 2
expect_err_has "not an executable"
