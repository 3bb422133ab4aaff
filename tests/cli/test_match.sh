# test_match.sh - `awale match`: two awale levels, a deliberately broken
# engine (tests/data/broken-engine.sh) that must lose every game by the
# right forfeit without hanging the runner or leaving processes behind,
# openings (a file, or random ones from a seed), repeated games, records,
# the SPRT stop, Ctrl-C, and bad arguments. Games are
# short (small movetimes, low levels) so the whole file takes seconds.

BROKEN=$(cd "$(dirname "$AWALE")" && pwd)/../../tests/data/broken-engine.sh
[ -x "$BROKEN" ] || BROKEN=$(pwd)/tests/data/broken-engine.sh

# alive PID: the process runs (a zombie waiting to be reaped does not count).
alive() {
    if [ -d /proc/self ]; then
        # A process that ends while we read leaves an empty state: gone.
        state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
        [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
    else
        kill -0 "$1" 2>/dev/null
    fi
}

# expect_all_gone FILE: none of the pids listed in FILE still runs.
expect_all_gone() {
    CHECKS=$((CHECKS + 1))
    # A loaded machine may take a moment to let a killed process go.
    tries=0
    while [ $tries -lt 30 ]; do
        left=""
        for pid in $(cat "$1"); do alive "$pid" && left="$left $pid"; done
        [ -z "$left" ] && break
        sleep 0.1
        tries=$((tries + 1))
    done
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
# how far past its 20 ms each engine went at worst (docs/match.md, Results)
CHECKS=$((CHECKS + 1))
grep -Eq '^largest overrun: lvl1 (none|[0-9]+ ms \(game [12], ply [0-9]+\)), lvl3 (none|[0-9]+ ms \(game [12], ply [0-9]+\)) \(margin 2000 ms\)$' "$TMP/out" ||
    fail "no 'largest overrun' line: $(grep overrun "$TMP/out")"
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

# Without --openings: random balanced openings from a printed seed, each
# played with both colours; different pairs start differently, the same seed
# gives the same openings (whatever the concurrency), and no game repeats.
# openings_of FILE: the opening moves of each record, one a line.
openings_of() { grep -o '^.*{opening}' "$1"; }
A1="name=a option.Level=1 option.Hash=1" B1="name=b option.Level=1 option.Hash=1"
B2="name=b option.Level=2 option.Hash=1"
run match --engine "$A1" --engine "$B2" --games 6 --depth 1 \
    --records "$TMP/rand1.txt"
expect_status 0
expect_out_has "openings: random openings of 8 plies from the start position"
CHECKS=$((CHECKS + 1))
seed=$(sed -n 's/^openings: .*; seed \([0-9]*\) (--seed \1 plays them again)$/\1/p' "$TMP/out")
[ -n "$seed" ] || fail "no seed printed at the start: $(head -1 "$TMP/out")"
CHECKS=$((CHECKS + 1))
[ "$(openings_of "$TMP/rand1.txt" | wc -l)" -eq 6 ] || fail "six games with an opening: $(openings_of "$TMP/rand1.txt")"
CHECKS=$((CHECKS + 1))
[ "$(openings_of "$TMP/rand1.txt" | sort -u | wc -l)" -eq 3 ] || fail "three distinct openings expected: $(openings_of "$TMP/rand1.txt")"
CHECKS=$((CHECKS + 1))
[ "$(openings_of "$TMP/rand1.txt" | sed -n 1p)" = "$(openings_of "$TMP/rand1.txt" | sed -n 2p)" ] || fail "games 1 and 2 do not share their opening"
CHECKS=$((CHECKS + 1))
[ "$(grep -c "^\[OpeningSeed \"$seed\"\]" "$TMP/rand1.txt")" -eq 6 ] || fail "records lack [OpeningSeed \"$seed\"]"
CHECKS=$((CHECKS + 1))
grep -q "repeat" "$TMP/err" && fail "distinct openings reported as repeats: $(cat "$TMP/err")"
run replay --record "$TMP/rand1.txt"
expect_status 0
run match --engine "$A1" --engine "$B2" --games 6 --depth 1 \
    --seed "$seed" --concurrency 2 --records "$TMP/rand2.txt"
expect_status 0
expect_out_has "seed $seed (--seed $seed plays them again)"
CHECKS=$((CHECKS + 1))
[ "$(openings_of "$TMP/rand1.txt")" = "$(openings_of "$TMP/rand2.txt")" ] || fail "--seed $seed did not play the same openings: $(openings_of "$TMP/rand2.txt")"
# Other seeds, other openings (two seeds that drew the same three of
# thousands of balanced openings would be a broken generator).
run match --engine "$A1" --engine "$B2" --games 6 --depth 1 \
    --seed $((seed + 1)) --records "$TMP/rand3.txt"
expect_status 0
CHECKS=$((CHECKS + 1))
[ "$(openings_of "$TMP/rand1.txt")" != "$(openings_of "$TMP/rand3.txt")" ] || fail "seeds $seed and $((seed + 1)) drew the same openings"
# Every rule set, parameters and a custom start: the openings follow them.
run match --engine "$A1" --engine "$B1" --games 2 --depth 1 \
    --rules relay --opening-plies 4 --seed 11 --records "$TMP/relay.txt"
expect_status 0
expect_out_has "random openings of 4 plies"
CHECKS=$((CHECKS + 1))
openings_of "$TMP/relay.txt" | grep -q '^1\. [A-F][+-] [a-f][+-] 2\. [A-F][+-] [a-f][+-] {opening}$' || fail "relay opening: $(openings_of "$TMP/relay.txt")"
run replay --record "$TMP/relay.txt"
expect_status 0
run match --engine "$A1" --engine "$B1" --games 2 --depth 1 \
    --rule captures=2 --position 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N --opening-plies 3 --seed 5 \
    --records "$TMP/pos.txt"
expect_status 0
expect_out_has "random openings of 3 plies from 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"
CHECKS=$((CHECKS + 1))
[ "$(openings_of "$TMP/pos.txt" | grep -c '^1\.\.\. [a-f] 2\. [A-F] [a-f] {opening}$')" -eq 2 ] || fail "openings from a North start: $(openings_of "$TMP/pos.txt")"

# Repeated games are warned about: one opening for four games between
# engines that always play alike, and no random moves at all.
echo "C f" >"$TMP/one.txt"
run match --engine "$A1" --engine "$B2" --games 4 --depth 1 \
    --openings "$TMP/one.txt"
expect_status 0
expect_out_has "openings: 1 from $TMP/one.txt, in turn: each starts up to 2 pairs of games"
expect_out_has "repeated games: 2 of 4 repeat an earlier game: the Elo rests on 2 distinct games"
expect_err_has "awale match: warning: games 1 and 3 are the same game"
expect_err_has "awale match: warning: 2 of 4 games repeat an earlier game"
run match --engine "$A1" --engine "$B2" --games 4 --depth 1 \
    --opening-plies 0
expect_status 0
expect_out_has "openings: no random moves: every game starts from the start position"
expect_out_has "repeated games: 2 of 4"
expect_err_has "Give more opening plies (--opening-plies)"

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
run match --engine a --engine b --openings "$TMP/one.txt" --seed 3
expect_status 2
expect_err_has "--seed applies to random openings, not to --openings FILE"
run match --engine a --engine b --opening-plies 41
expect_status 2
expect_err_has "bad value '41' for --opening-plies"
run match --engine a --engine b --seed -1
expect_status 2
expect_err_has "--seed"
printf 'C f\nC C\n' >"$TMP/bad-openings.txt"
run match --engine a --engine b --openings "$TMP/bad-openings.txt"
expect_status 1
expect_err_has "bad-openings.txt: line 2: move 2 (C) cannot be played"
run match --engine a --engine b --openings "$TMP/missing.txt"
expect_status 1
expect_err_has "cannot open"

# Other engines' dialect: moves run together by default (moves CfFb), which
# an engine that reads nothing else (tests/data/joined-engine.sh, like
# Aalina) plays with; moves=spaced sends them as words, which it refuses.
JOINED=$(dirname "$BROKEN")/joined-engine.sh
run match --engine name=awale option.Level=2 --engine "name=joined cmd=$JOINED arg=$AWALE" \
    --games 2 --depth 2 --opening-plies 2 --seed 3 --debug
expect_status 0
expect_err_has "joined < position startpos moves "
grep -q "joined < position startpos moves [A-Fa-f]* [A-Fa-f]" "$TMP/err" &&
    fail "moves sent with spaces: $(grep -m1 'moves [A-Fa-f]* [A-Fa-f]' "$TMP/err")"
grep -q "cannot read the moves" "$TMP/err" && fail "the joined engine could not read the moves"
expect_out_has "forfeits of joined: 0"
run match --engine name=awale option.Level=2 \
    --engine "name=joined cmd=$JOINED arg=$AWALE moves=spaced" \
    --games 2 --depth 2 --opening-plies 2 --seed 3 --debug
expect_status 0
expect_err_has "joined < position startpos moves "
expect_err_has "cannot read the moves"
expect_out_has "forfeits of joined: 2"
run match --engine "moves=commas" --engine name=b --games 2
expect_status 2
expect_err_has "moves=commas: expected joined"

# The summary's header names every rule that differs from the preset (it
# said 'rules abapa' for a match under --rule repetition=2); the Elo
# interval by its two ends unless symmetric (+16 =2 -2 printed
# '+301.3 +/- 324.3' for +155..+804: tests/unit/test_match_stats.c); the
# game pairs, pentanomial. (Levels below 10 at a fixed depth play the same
# games every time; both on the linear evaluation, whatever the default.)
run match --engine name=a option.Level=2 option.Eval=linear \
    --engine name=b option.Level=3 option.Eval=linear --games 4 \
    --depth 2 --rule repetition=2 --rule target=24 --opening-plies 2 --seed 3
expect_status 0
expect_out_has "match a vs b: 4 games, rules abapa target=24 repetition=2, depth 2"
expect_out_has "Elo difference: -190.8, 95% interval -inf to +126.4 (a vs b)"
expect_out_has "pairs: 2 (each opening with both colours): LL 1, LD 0, DD/WL 1, WD 0, WW 0; pentanomial Elo -190.8, 95% interval -inf to +67.9"
# Two pairs of equal games: 0, and a symmetric interval.
run match --engine name=a option.Level=3 --engine name=b option.Level=3 --games 4 \
    --depth 2 --rule repetition=2 --rule target=24 --opening-plies 2 --seed 3
expect_status 0
expect_out_has "Elo difference: +0.0 +/- 798.1 (95%) (a vs b)"
expect_out_has "pairs: 2 (each opening with both colours): LL 0, LD 0, DD/WL 2, WD 0, WW 0; pentanomial Elo +0.0 +/- 0.0 (95%)"

# A forfeit at the last move of an opening keeps the opening's comment: the
# broken engine (North) crashes at its first go, after the opening C; the
# record said '1. C {North (broken) closed ...}' and lost '{opening}'.
rm -f "$TMP/state" "$TMP/state.pids"
printf 'C\n' >"$TMP/one.txt"
run match --engine name=awale option.Level=1 --engine name=broken "cmd=$BROKEN" "arg=$TMP/state" \
    --games 1 --movetime 50 --margin 400 --openings "$TMP/one.txt" --records "$TMP/forfeit.txt"
expect_status 0
CHECKS=$((CHECKS + 1))
grep -q '^1\. C {opening / North (broken) closed its output' "$TMP/forfeit.txt" ||
    fail "the opening's comment is lost: $(grep '^1\.' "$TMP/forfeit.txt")"
# awale review still knows the opening (not judged).
run review --depth 1 --tables none "$TMP/forfeit.txt"
expect_status 0
expect_out_has "not judged: the set opening (1 move)"
expect_all_gone "$TMP/state.pids"
