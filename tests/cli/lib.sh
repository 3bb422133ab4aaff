# lib.sh - assertions for the command-line tests (sourced by run.sh).
# Each check runs "$AWALE" with arguments and compares what it printed and
# its exit status. Failures are counted; run.sh exits non-zero if any.

FAILS=0
CHECKS=0
TMP=${TMPDIR:-/tmp}/awale-cli.$$
mkdir -p "$TMP"
# Endgame tables built on first use, kept games and settings go here, not
# into the real home.
export XDG_DATA_HOME="$TMP/xdg"
export XDG_STATE_HOME="$TMP/xdg-state"
export XDG_CONFIG_HOME="$TMP/xdg-config"
# English whatever the machine's locale (test_play_fr.sh sets its own).
export LC_ALL=C.UTF-8
unset LANGUAGE
trap 'rm -rf "$TMP"' EXIT

fail() {
    FAILS=$((FAILS + 1))
    printf 'FAIL (%s): %s\n' "$CURRENT" "$*" >&2
}

# run [ARGS...]: run awale, keep stdout, stderr and the status.
run() {
    "$AWALE" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    STATUS=$?
}

# run_input INPUT [ARGS...]: same, with INPUT on stdin.
run_input() {
    input=$1
    shift
    printf '%s' "$input" | "$AWALE" "$@" >"$TMP/out" 2>"$TMP/err"
    STATUS=$?
}

# expect_status N
expect_status() {
    CHECKS=$((CHECKS + 1))
    [ "$STATUS" -eq "$1" ] || fail "exit status $STATUS, expected $1 (stderr: $(head -c 300 "$TMP/err"))"
}

# expect_stdout TEXT: the whole of stdout.
expect_stdout() {
    CHECKS=$((CHECKS + 1))
    printf '%s\n' "$1" >"$TMP/want"
    cmp -s "$TMP/out" "$TMP/want" || fail "stdout differs: $(diff "$TMP/want" "$TMP/out" | head -20)"
}

# expect_out_has TEXT / expect_err_has TEXT: a fixed string somewhere.
expect_out_has() {
    CHECKS=$((CHECKS + 1))
    grep -qF -- "$1" "$TMP/out" || fail "stdout lacks '$1': $(head -c 400 "$TMP/out")"
}
expect_err_has() {
    CHECKS=$((CHECKS + 1))
    grep -qF -- "$1" "$TMP/err" || fail "stderr lacks '$1': $(head -c 400 "$TMP/err")"
}

# expect_no_crash: a status of 0, 1 or 2 and no sanitizer report.
expect_no_crash() {
    CHECKS=$((CHECKS + 1))
    [ "$STATUS" -le 2 ] || fail "status $STATUS (crash?)"
    grep -q "Sanitizer\|runtime error" "$TMP/err" && fail "sanitizer report: $(head -5 "$TMP/err")"
    return 0
}
