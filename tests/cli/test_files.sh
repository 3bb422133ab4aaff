# test_files.sh - what the program reads from files: a named pipe (or any
# file that is not a regular file) given as a record, a book, a table
# layer, the settings or the kept game is refused at once with a message
# naming it, never waited on; records beyond the limits of docs/records.md
# are refused with a message naming the limit, quickly.
#
# Every run goes through `timeout`, so that a hang fails the check (status
# 124) instead of blocking the tests.

FD="$TMP/files"
rm -rf "$FD"
mkdir -p "$FD"
mkfifo "$FD/fifo"

# trun SECONDS [ARGS...]: run awale under timeout, stdin empty.
trun() {
    secs=$1
    shift
    timeout "$secs" "$AWALE" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    STATUS=$?
}

# A record.
trun 10 replay --record "$FD/fifo"
expect_status 1
expect_err_has "$FD/fifo: not a regular file (a named pipe)"
trun 10 replay --record "$FD"
expect_status 1
expect_err_has "not a regular file (a directory)"
trun 10 review --depth 1 --tables none "$FD/fifo"
expect_no_crash
expect_err_has "not a regular file (a named pipe)"

# A record loaded in a game.
printf 'load %s\nquit\n' "$FD/fifo" | timeout 10 "$AWALE" play --level 1 --tables none >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "not a regular file (a named pipe)"

# The openings of a match (read before any engine starts).
trun 10 match --engine "$AWALE uci" --engine "$AWALE uci" --games 2 --openings "$FD/fifo"
expect_status 1
expect_err_has "cannot read $FD/fifo: not a regular file (a named pipe)"

# An opening book.
trun 10 analyze --tables none --book "$FD/fifo" --depth 1
expect_status 1
expect_err_has "$FD/fifo: not a regular file (a named pipe)"

# The engine protocol: the book is refused, and isready and quit are still
# answered.
printf 'uci\nsetoption name BookFile value %s\nisready\nquit\n' "$FD/fifo" |
    timeout 10 "$AWALE" uci >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_out_has "not a regular file (a named pipe)"
expect_out_has "readyok"

# A layer of endgame tables.
run tables build --seeds 2 --dir "$FD/tables"
expect_status 0
rm -f "$FD/tables/abapa/layer-02.awt"
mkfifo "$FD/tables/abapa/layer-02.awt"
trun 10 tables probe --dir "$FD/tables" 1-0-0-0-0-0-0-0-0-0-0-1-23-23-S
expect_status 1
expect_err_has "layer-02.awt: not a regular file (a named pipe)"

# The settings and the kept game of `awale play`.
CONF="$TMP/xdg-config/awale"
STATE="$TMP/xdg-state/awale"
mkdir -p "$CONF" "$STATE"
rm -f "$CONF/settings" "$STATE/unfinished-game.txt"
mkfifo "$CONF/settings"
printf 'quit\n' | timeout 10 "$AWALE" play --level 1 --tables none >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 0
expect_err_has "settings: not a regular file (a named pipe)"
rm -f "$CONF/settings"
mkfifo "$STATE/unfinished-game.txt"
printf 'quit\n' | timeout 10 "$AWALE" play --resume >"$TMP/out" 2>"$TMP/err"
STATUS=$?
expect_status 1
expect_err_has "unfinished-game.txt: not a regular file (a named pipe)"
rm -f "$STATE/unfinished-game.txt"

# Records at and beyond the limits (docs/records.md, "Limits"): 100,000
# comments after one move and 40,000 tags took seconds to minutes when
# reading was quadratic; they are refused in well under the time allowed.
awk 'BEGIN { printf "1. C"; for (i = 0; i < 100000; i++) printf " {c%d}", i; print " *" }' \
    >"$FD/comments.txt"
trun 20 replay --record "$FD/comments.txt"
expect_status 1
expect_err_has "line 1: the comment after move 1 is longer than 16384 bytes"
awk 'BEGIN { for (i = 0; i < 40000; i++) printf "[T%d \"v\"]\n", i; print "*" }' >"$FD/tags.txt"
trun 20 replay --record "$FD/tags.txt"
expect_status 1
expect_err_has "line 257: more than 256 tag pairs (the limit of one record)"
awk 'BEGIN { print "[Event \"x\"]"; for (i = 0; i < 300000; i++) print "      "; print "1. C *" }' \
    >"$FD/long.txt"
trun 20 replay --record "$FD/long.txt"
expect_status 1
expect_err_has "the record is longer than 1048576 bytes (the limit of one record)"
# Many comments spread over the moves, within the limits: read whole.
awk 'BEGIN { n = split("C f F b A a", m, " ");
             for (k = 1; k <= n; k++) { printf "%s", m[k]; for (i = 0; i < 2000; i++) printf " {c%d}", i; print "" }
             print "*" }' >"$FD/spread.txt"
trun 20 replay --record "$FD/spread.txt"
expect_status 0
