# Exit statuses, the same in every command: 0 success, 1 bad input (an
# illegal move, a bad position), 2 bad usage. An unknown rule set or a bad
# --rule is bad usage; a bad --position is bad input. Each command is given
# the arguments it needs otherwise, so that only the rule option is wrong.
# (sourced by run.sh: lib.sh's assertions and $TMP are available)

for args in "replay C" "perft 2" "rules" "analyze --depth 2 --tables none" \
    "selfplay --games 2 --depth 1" "bench perft --depth 2 --runs 1" \
    "tables build --seeds 2 --dir $TMP/exit-tables" "tables probe 0-0-0-0-0-1-1-0-0-0-0-0-23-23-S" \
    "tables info --dir $TMP/exit-tables" "bench tables --seeds 2" \
    "book build --depth 1 --positions 2 --out $TMP/exit.awb" "book probe" "book info" \
    "uci" "match --engine name=a --engine name=b --games 2 --depth 1" "play"; do
    CURRENT="test_exit.sh: $args"
    # shellcheck disable=SC2086
    run $args --rules foo
    expect_status 2
    expect_err_has "unknown rule set 'foo'"
    # shellcheck disable=SC2086
    run $args --rule colour=red
    expect_status 2
    expect_err_has "unknown rule parameter 'colour'"
    # shellcheck disable=SC2086
    run $args --rule target=99
    expect_status 2
    expect_err_has "bad value '99' for rule parameter 'target'"
done

for args in "replay C" "perft 2" "analyze --depth 2 --tables none" \
    "selfplay --games 2 --depth 1" "bench perft --depth 2 --runs 1" \
    "book build --depth 1 --positions 2 --out $TMP/exit.awb" "book probe" \
    "match --engine name=a --engine name=b --games 2 --depth 1" "play"; do
    CURRENT="test_exit.sh: $args"
    # shellcheck disable=SC2086
    run $args --position 4-4-4-x-4-4-4-4-4-4-4-4-0-0-S
    expect_status 1
    expect_err_has "bad position '4-4-4-x-4-4-4-4-4-4-4-4-0-0-S'"
done
CURRENT=test_exit.sh

# tables probe takes its position as an argument: bad input too
run tables probe 4-4-4-x-4-4-4-4-4-4-4-4-0-0-S
expect_status 1
expect_err_has "bad position"
