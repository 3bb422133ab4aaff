# test_match.sh - `awale match`: two awale levels, a deliberately broken
# engine (tests/data/broken-engine.sh) that must lose every game by the
# right forfeit without hanging the runner or leaving processes behind,
# openings, records, the SPRT stop, Ctrl-C, and bad arguments. Games are
# short (small movetimes, low levels) so the whole file takes seconds.

BROKEN=$(cd "$(dirname "$AWALE")" && pwd)/../../tests/data/broken-engine.sh
[ -x "$BROKEN" ] || BROKEN=$(pwd)/tests/data/broken-engine.sh

# alive PID: the process runs (a zombie waiting to be reaped does not count).
alive() {
    if [ -r "/proc/$1/stat" ]; then
        state=$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)
        [ "$state" != Z ] && [ "$state" != X ]
    else
        kill -0 "$1" 2>/dev/null
    fi
}

# expect_all_gone FILE: none of the pids listed in FILE still runs.
expect_all_gone() {
    CHECKS=$((CHECKS + 1))
    sleep 0.1
    for pid in $(cat "$1"); do
        if alive "$pid"; then
            fail "process $pid ($(tr '\0' ' ' </proc/"$pid"/cmdline 2>/dev/null)) outlived the match"
            kill -9 "$pid" 2>/dev/null
        fi
    done
}

# Timed checks use wide margins (--margin) so that a loaded machine cannot
# make awale itself lose on time; the broken engine's hangs cost movetime +
# margin each.

# Two awale levels: every game reaches a result of the rules, the summary
# adds up, the records read back with `awale replay --record`.
run match --engine name=lvl1 option.Level=1 --engine "name=lvl3 cmd='awale uci' option.Level=3" \
    --games 2 --movetime 20 --margin 2000 --records "$TMP/levels.txt"
expect_status 0
expect_out_has "game 1/2: lvl1 (South) - lvl3 (North)"
expect_out_has "game 2/2: lvl3 (South) - lvl1 (North)"
expect_out_has "match lvl1 vs lvl3: 2 games, rules abapa, 20 ms a move"
expect_out_has "Elo difference"
expect_out_has "forfeits of lvl1: 0"
expect_out_has "forfeits of lvl3: 0"
CHECKS=$((CHECKS + 1))
wdl=$(sed -n 's/^lvl1: \([0-9]*\) wins\{0,1\}, \([0-9]*\) draws\{0,1\}, \([0-9]*\) loss.*/\1 \2 \3/p' "$TMP/out")
set -- $wdl
[ $(($1 + $2 + $3)) -eq 2 ] || fail "wins, draws and losses do not add up to 2: '$wdl'"
run replay --record "$TMP/levels.txt"
expect_status 0
expect_out_has "game 2"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^over ' "$TMP/out")" -eq 2 ] || fail "two finished games expected in the records"
CHECKS=$((CHECKS + 1))
grep -q '^\[South "lvl3"\]' "$TMP/levels.txt" || fail "records lack the engine names"

# The broken engine: crash, hang, wrong-side move, garbage, non-move,
# handshake death, SIGSEGV, 'bestmove 0000', and a hang that ignores quit
# and SIGTERM. Nine games, nine forfeits, each of the right kind.
rm -f "$TMP/state" "$TMP/state.pids"
start=$(date +%s)
run match --engine name=awale option.Level=1 --engine name=broken "cmd=$BROKEN" "arg=$TMP/state" \
    --games 9 --movetime 50 --margin 400 --records "$TMP/broken.txt"
expect_status 0
expect_out_has "awale: 9 wins, 0 draws, 0 losses; score 9.0/9 (100.0%)"
expect_out_has "forfeits of broken: 9 (3 time forfeit, 3 illegal move, 2 crash, 1 engine failure)"
expect_out_has "forfeits of awale: 0"
expect_out_has "game 1/9: awale (South) - broken (North) 1-0 crash: North (broken) closed its output"
expect_out_has "(exited with status 3)"
expect_out_has "game 2/9: broken (South) - awale (North) 0-1 time forfeit: South (broken) no 'bestmove' within 450 ms"
expect_out_has "game 3/9: awale (South) - broken (North) 1-0 illegal move: North (broken) answered the illegal move A: A is South's pit"
expect_out_has "game 4/9: broken (South) - awale (North) 0-1 time forfeit"
expect_out_has "game 5/9: awale (South) - broken (North) 1-0 illegal move: North (broken) answered 'bestmove xyz!', which is not a move"
expect_out_has "game 6/9: broken (South) - awale (North) 0-1 engine failure: South (broken) failed to start or to get ready"
expect_out_has "game 7/9: awale (South) - broken (North) 1-0 crash"
expect_out_has "killed by signal 11"
expect_out_has "game 8/9: broken (South) - awale (North) 0-1 illegal move: South (broken) answered 'bestmove 0000'"
expect_out_has "game 9/9: awale (South) - broken (North) 1-0 time forfeit"
expect_out_has "Elo difference: +inf"
CHECKS=$((CHECKS + 1))
[ $(($(date +%s) - start)) -le 20 ] || fail "the broken-engine match took $(($(date +%s) - start)) s"
expect_all_gone "$TMP/state.pids"
# Each forfeit is in the records, with its termination and the reason.
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[Termination "illegal move"\]' "$TMP/broken.txt")" -eq 3 ] || fail "records: 3 illegal-move terminations"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[Termination "time forfeit"\]' "$TMP/broken.txt")" -eq 3 ] || fail "records: 3 time forfeits"
run replay --record "$TMP/broken.txt"
expect_status 0
expect_out_has "result 1-0 crash"
expect_out_has "result 0-1 engine failure"

# The SPRT stops a one-sided match: six straight wins decide Elo 0 against
# 50 (alpha = beta = 0.05).
rm -f "$TMP/state" "$TMP/state.pids"
run match --engine name=awale option.Level=1 --engine name=broken "cmd=$BROKEN" "arg=$TMP/state" \
    --games 100 --movetime 50 --margin 400 --sprt 0,50
expect_status 0
expect_out_has "SPRT elo0=0 elo1=50 alpha=0.05 beta=0.05"
expect_out_has "H1 accepted after 6 games"
expect_out_has "match awale vs broken: 6 games"
expect_all_gone "$TMP/state.pids"

# Openings (a position, moves, a position with moves), each played with both
# colours; two games at once; records in game order.
cat >"$TMP/openings.txt" <<'EOF'
# three openings
C f            # moves from the start
6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4
4-4-4-4-4-4-4-4-4-4-4-4-0-0-N a B
EOF
run match --engine name=a option.Level=1 --engine name=b option.Level=2 --games 6 --depth 2 \
    --concurrency 2 --openings "$TMP/openings.txt" --records "$TMP/open.txt"
expect_status 0
expect_out_has "match a vs b: 6 games, rules abapa, depth 2"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[Round' "$TMP/open.txt")" -eq 6 ] || fail "six records"
CHECKS=$((CHECKS + 1))
[ "$(grep '^\[Round' "$TMP/open.txt" | tr -dc '0-9\n' | tr '\n' ' ')" = "1 2 3 4 5 6 " ] || fail "records out of order: $(grep '^\[Round' "$TMP/open.txt" | tr '\n' ' ')"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[FEN "6-5-1-6-5-0-6-0-6-6-6-1-0-0-S-4"\]' "$TMP/open.txt")" -eq 2 ] || fail "opening 2 played twice"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^1\. C f {opening}' "$TMP/open.txt")" -eq 2 ] || fail "opening 1 (C f) starts two games: $(grep -m2 '^1\.' "$TMP/open.txt")"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^1\.\.\. a 2\. B {opening}' "$TMP/open.txt")" -eq 2 ] || fail "opening 3 (North first, a B) starts two games"
run replay --record "$TMP/open.txt"
expect_status 0

# A clock with increment.
run match --engine name=a option.Level=2 --engine name=b option.Level=2 --games 2 --tc 0.4+0.02 \
    --margin 2000
expect_status 0
expect_out_has "clock 0.4s+0.02s"
expect_out_has "forfeits of a: 0"

# Ctrl-C: the game in progress is dropped, engines are killed (even one that
# ignores SIGTERM), the summary is printed, status 130.
rm -f "$TMP/state.pids"
echo 8 >"$TMP/state"
"$AWALE" match --engine name=broken "cmd=$BROKEN" "arg=$TMP/state" --engine name=awale option.Level=1 \
    --games 4 --movetime 20000 >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
STATUS=$?
expect_status 130
expect_out_has "interrupted: 0 of 4 games finished"
expect_out_has "Elo difference: none"
expect_all_gone "$TMP/state.pids"

# Engines that cannot play at all stop the match with a message (status 1).
run match --engine cmd=/nonexistent/engine --engine name=b option.Level=1 --games 2
expect_status 1
expect_err_has "cannot run '/nonexistent/engine'"
run match --engine cmd=cat --engine name=b option.Level=1 --games 2 --start-timeout 300
expect_status 1
expect_err_has "engine cat: no 'uciok' after 'uci' in time (at its first start"
run match --engine "cmd=$BROKEN $TMP/nostate" dir=/nonexistent --engine option.Level=1
expect_status 1
expect_err_has "directory '/nonexistent'"

# Bad arguments: usage errors naming the problem.
run match --engine option.Level=1
expect_status 2
expect_err_has "a match needs two engines"
run match --engine a --engine b --engine c
expect_status 2
expect_err_has "more than twice"
run match --engine "bogus=1" --engine b
expect_status 2
expect_err_has "unknown key 'bogus'"
run match --engine "cmd='unclosed" --engine b
expect_status 2
expect_err_has "not closed"
run match --engine a --engine b --tc 10+x
expect_status 2
expect_err_has "bad value '10+x' for --tc"
run match --engine a --engine b --movetime 10 --tc 10
expect_status 2
expect_err_has "exclude each other"
run match --engine a --engine b --sprt 5,0
expect_status 2
expect_err_has "bad value '5,0' for --sprt"
run match --engine a --engine b --games 0
expect_status 2
expect_err_has "--games"
run match --engine a --engine b --frobnicate
expect_status 2
expect_err_has "unexpected argument '--frobnicate'"
printf 'C f\nC C\n' >"$TMP/bad-openings.txt"
run match --engine a --engine b --openings "$TMP/bad-openings.txt"
expect_status 1
expect_err_has "bad-openings.txt: line 2: move 2 (C) cannot be played"
run match --engine a --engine b --openings "$TMP/missing.txt"
expect_status 1
expect_err_has "cannot open"
