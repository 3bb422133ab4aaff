#!/bin/sh
# bench-web.sh AWALE [SECONDS] - load on `awale serve` with wrk, on loopback
# only, for a bounded time: the state endpoint (GET /api/games/ID) and the
# move endpoint (POST a move, then its undo, in games between people). Prints
# requests per second, latency percentiles, errors (which must be zero) and
# the server's memory before and after. Figures for docs/web.md.
set -eu
AWALE=$1
SECONDS_EACH=${2:-10}
THREADS=${BENCH_WEB_THREADS:-2}
CONNECTIONS=${BENCH_WEB_CONNECTIONS:-16}
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT

# One client (127.0.0.1) sends every request: its limits in time are off;
# the games are kept in memory only (the user's database is left alone).
"$AWALE" serve --port 0 --tables none --max-games 64 --client-games 64 --rate-requests off \
    --rate-games off --db off >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 50); do grep -q 'serving on' "$tmp/out" && break; sleep 0.1; done
base=$(sed -n 's/.*serving on \(http:[^ ]*\)\/ .*/\1/p' "$tmp/out")
[ -n "$base" ] || { echo "bench-web: the server did not start: $(cat "$tmp/err")" >&2; exit 1; }
rss() { awk '/^VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }
peak() { awk '/^VmHWM/ {print $2 " kB"}' "/proc/$pid/status"; }
create() {
    curl -s --noproxy '*' -X POST -H 'Content-Type: application/json' -d "$1" "$base/api/games" |
        sed -n 's/^{"id":"\([0-9a-f]*\)".*/\1/p'
}

echo "awale $("$AWALE" --version | cut -d' ' -f2) serve on $base, $(nproc) cores; wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_EACH}s"
echo "memory before: RSS $(rss)"

# The state of a game of 20 moves between people.
state=$(create '{"south":"human","north":"human"}')
for m in C f F b A a E e B d D c C f F b A a E e; do
    curl -s --noproxy '*' -o /dev/null -X POST -H 'Content-Type: application/json' \
        -d "{\"move\":\"$m\"}" "$base/api/games/$state/moves"
done
echo
echo "== GET /api/games/ID (the state, $(curl -s --noproxy '*' "$base/api/games/$state" | wc -c) bytes)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency "$base/api/games/$state" | tee "$tmp/state"

# Moves: one game per thread, one connection per thread (the requests of a
# game follow each other), then the same with more threads.
for t in 1 4; do
    ids=""
    for _ in $(seq "$t"); do ids="$ids $(create '{"south":"human","north":"human"}')"; done
    echo
    echo "== POST /api/games/ID/moves and /undo, $t game(s), one connection each"
    # shellcheck disable=SC2086
    wrk -t"$t" -c"$t" -d"${SECONDS_EACH}s" --latency -s "$dir/bench-web.lua" "$base" -- $ids | tee "$tmp/moves$t"
done
echo
echo "memory after the runs: RSS $(rss), peak $(peak)"
for _ in $(seq 32); do create '{"south":"human","north":"human"}' >/dev/null; done
echo "memory with 32 more games between people: RSS $(rss)"
# Games against the computer hold an engine each, whose table (--hash MB)
# is made by its first search: nothing until the computer first thinks.
engines=""
for _ in $(seq 8); do engines="$engines $(create '{"south":"human","north":"engine","level":3,"movetime":50}')"; done
echo "memory with 8 more games against the computer, before its first move: RSS $(rss)"
for id in $engines; do
    curl -s --noproxy '*' -o /dev/null -X POST -H 'Content-Type: application/json' \
        -d '{"move":"C"}' "$base/api/games/$id/moves"
done
echo "memory once the computer has answered in each: RSS $(rss)"
echo "games held: $(curl -s --noproxy '*' "$base/api/server" | sed -n 's/.*"games":\([0-9]*\).*/\1/p')"
errors=$(cat "$tmp/state" "$tmp/moves1" "$tmp/moves4" | awk '/Socket errors|Non-2xx/ {n++} /answers other than 200: [1-9]/ {n++} END {print n + 0}')
echo "runs with errors: $errors"
[ "$errors" -eq 0 ]
