# test_play_review.sh - `review` in `awale play` (line mode): the game so
# far reviewed as `awale review` does it (the same marks), each move with
# its mark and a sentence, the players' summaries, exact words where the
# endgame tables reach, Ctrl-C stopping the review and not the game, and
# the same in French.

GAME="C f F b A a E c D d B e C f A b"
MOVES=$(printf '%s\n' $GAME)

# The marks of a line-mode review ("  3.    F??    Blunder: ..."), in order.
play_marks() { sed -n 's/^  [0-9][0-9.]* *\([A-Fa-f][!?]*\)\( .*\)*$/\1/p' "$1" | grep '[!?]' | tr '\n' ' '; }
# The marks of an `awale review` record.
record_marks() { tr '\n' ' ' <"$1" | sed 's/{[^}]*}//g' | tr ' ' '\n' | grep -E '^[A-Fa-f][!?]+$' | tr '\n' ' '; }

# A two-person game, then its review: every move listed, marks as `awale
# review` gives them at the same depth with the same (no) tables and book.
run_input "$MOVES
review
history
quit
" play --opponent human --tables none --book none
expect_status 0
expect_out_has "Reviewing the game (8 moves, depth 14)..."
expect_out_has "  1.    C"
expect_out_has "  8...  b"
expect_out_has "South: "
expect_out_has "North: "
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/joined"
CHECKS=$((CHECKS + 1))
grep -qF "seeds lost a move on average (8 moves)." "$TMP/joined" || fail "summary: $(tail -5 "$TMP/out")"
CHECKS=$((CHECKS + 1))
grep -q "^Turning points: \|^No turning point: " "$TMP/out" || fail "no turning points: $(tail -5 "$TMP/out")"
# the game goes on after the review
expect_out_has "Moves so far:"
cp "$TMP/out" "$TMP/play-review.txt"
run review --depth 14 --tables none --book none $GAME
expect_status 0
CHECKS=$((CHECKS + 1))
[ -n "$(record_marks "$TMP/out")" ] || fail "no marks in the review of the game: $(head -c 600 "$TMP/out")"
CHECKS=$((CHECKS + 1))
[ "$(play_marks "$TMP/play-review.txt")" = "$(record_marks "$TMP/out")" ] ||
    fail "play's review marks '$(play_marks "$TMP/play-review.txt")', awale review '$(record_marks "$TMP/out")'"
# A mistake (or worse) says what was played, what was better with its
# line, and what it cost.
CHECKS=$((CHECKS + 1))
grep -qE "^  [0-9.]+ +[A-Fa-f]\?+ +(Blunder|Mistake): [A-Fa-f] (cost [0-9]+\.[0-9][0-9] seeds|throws the)" \
    "$TMP/play-review.txt" || fail "no mistake in words: $(cat "$TMP/play-review.txt" | tail -40)"
tr '\n' ' ' <"$TMP/play-review.txt" | tr -s ' ' >"$TMP/joined"
CHECKS=$((CHECKS + 1))
grep -qE "[A-Fa-f] was better: [^,]*, line [A-Fa-f]" "$TMP/joined" ||
    fail "no better move with its line: $(head -c 800 "$TMP/joined")"

# Against the computer the players are named.
run_input "C
review
quit
" play --level 1 --movetime 50 --tables none --book none
expect_status 0
expect_out_has "South (you): "
expect_out_has "North (computer): "

# Where the endgame tables reach, the words are exact: e throws North's win
# by 4 away (it loses by 12); a keeps it.
TABLES="$XDG_DATA_HOME/awale/tables"
run_input "e
review
quit
" play --opponent human --tables "$TABLES" --position 0-0-0-3-1-0-2-0-0-0-1-1-22-18-N
expect_status 0
expect_out_has "  1...  e??    Blunder: e throws the win away (after it, a loss by 12 seeds)."
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/joined"
CHECKS=$((CHECKS + 1))
grep -qF "a kept it: a win by 4 seeds, line a" "$TMP/joined" || fail "the better move: $(cat "$TMP/joined")"
CHECKS=$((CHECKS + 1))
grep -qF "Exact: the endgame tables cover this position." "$TMP/joined" || fail "not exact: $(cat "$TMP/joined")"
expect_out_has "Turning points: 1... e?? (North)."
run_input "a
review
quit
" play --opponent human --tables "$TABLES" --position 0-0-0-3-1-0-2-0-0-0-1-1-22-18-N
expect_status 0
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/joined"
CHECKS=$((CHECKS + 1))
grep -qF "1... a! Good move: the only move that keeps the win (a win by 4 seeds)" "$TMP/joined" ||
    fail "the only winning move: $(cat "$TMP/joined")"

# Nothing to review, a bad depth, a deeper review.
run_input "review
C
review x
review 3
quit
" play --opponent human --tables none --book none
expect_status 0
expect_out_has "No move to review yet."
expect_out_has "Not understood: 'x'. Type 'review', or 'review DEPTH' with a depth from 1 to 40."
expect_out_has "Reviewing the game (1 move, depth 3)..."
# The depth from the settings file.
mkdir -p "$XDG_CONFIG_HOME/awale"
printf 'review=5\n' >"$XDG_CONFIG_HOME/awale/settings"
run_input "C
review
quit
" play --opponent human --tables none --book none
expect_out_has "Reviewing the game (1 move, depth 5)..."
rm -f "$XDG_CONFIG_HOME/awale/settings"

# Ctrl-C stops a long review, not the game: the moves reviewed so far are
# shown and the game goes on.
{
    printf '%s\nreview 40\n' "$MOVES"
    sleep 3
    printf 'history\nquit\n'
} | "$AWALE" play --opponent human --tables none --book none >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
STATUS=$?
expect_status 0
expect_out_has "Review stopped: "
expect_out_has "of 8 moves reviewed."
expect_out_has "Moves so far:"

# In French.
run_input "$MOVES
review
quit
" play --opponent human --tables none --book none --lang fr
expect_status 0
expect_out_has "Bilan de la partie (8 coups, profondeur 14)..."
expect_out_has "Sud : "
CHECKS=$((CHECKS + 1))
[ "$(play_marks "$TMP/out")" = "$(play_marks "$TMP/play-review.txt")" ] ||
    fail "French marks '$(play_marks "$TMP/out")', English '$(play_marks "$TMP/play-review.txt")'"
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/joined"
CHECKS=$((CHECKS + 1))
grep -qF "par coup en moyenne (8 coups)." "$TMP/joined" || fail "French summary: $(tail -5 "$TMP/out")"
CHECKS=$((CHECKS + 1))
grep -qE "(Gaffe|Erreur) : [A-Fa-f] (a coûté [0-9]+,[0-9][0-9] graines?|laisse échapper)" "$TMP/joined" ||
    fail "no mistake in French: $(head -c 800 "$TMP/joined")"
CHECKS=$((CHECKS + 1))
grep -qE "[A-Fa-f] était meilleur : [^,]*, suite [A-Fa-f]" "$TMP/joined" ||
    fail "no better move in French: $(head -c 800 "$TMP/joined")"
# French says "0,31 graine", "2,07 graines": the plural from 2 on
CHECKS=$((CHECKS + 1))
grep -qE "environ [01],[0-9]{2} graine d" "$TMP/joined" || fail "no value below 2 seeds in French"
CHECKS=$((CHECKS + 1))
grep -qE "environ [01],[0-9]{2} graines" "$TMP/joined" && fail "plural below 2 seeds: $(grep -oE "environ [01],[0-9]{2} graines" "$TMP/joined" | head -2)"
CHECKS=$((CHECKS + 1))
grep -q "Blunder\|Mistake\|South\|North\|seeds" "$TMP/out" && fail "English in the French review: $(grep "Blunder\|Mistake\|South\|North\|seeds" "$TMP/out" | head -3)"
run_input "e
review
quit
" play --opponent human --tables "$TABLES" --position 0-0-0-3-1-0-2-0-0-0-1-1-22-18-N --lang fr
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/joined"
CHECKS=$((CHECKS + 1))
grep -qF "1... e?? Gaffe : e laisse échapper la victoire (après ce coup : une défaite de 12 graines). a la gardait : une victoire de 4 graines, suite a" "$TMP/joined" ||
    fail "the blunder in French: $(cat "$TMP/joined")"
CHECKS=$((CHECKS + 1))
grep -qF "Exact : les tables de finales couvrent cette position." "$TMP/joined" || fail "not exact in French: $(cat "$TMP/joined")"
expect_out_has "Tournants de la partie : 1... e?? (Nord)."
run_input "review
quit
" play --opponent human --tables none --lang fr
expect_out_has "Aucun coup à examiner pour l'instant."

# A game loaded from an `awale match` record: its set opening ({opening};
# here F? and b?? at depth 6) is listed without marks and left out of the
# summary and the turning points.
printf 'C f F b\n' >"$TMP/openings.txt"
"$AWALE" match --engine name=a option.Level=3 --engine name=b option.Level=5 --games 1 \
    --depth 3 --openings "$TMP/openings.txt" --records "$TMP/opened.txt" >/dev/null 2>&1
run_input "load $TMP/opened.txt
review 6
quit
" play --opponent human --tables none --book none
expect_status 0
CHECKS=$((CHECKS + 1))
grep -qx "  2\.    F" "$TMP/out" && grep -qx "  2\.\.\.  b" "$TMP/out" ||
    fail "the set opening is judged: $(grep -E '^  [12]\.' "$TMP/out")"
CHECKS=$((CHECKS + 1))
grep -q "^Turning points: .*b??" "$TMP/out" && fail "the set opening is a turning point: $(grep -A1 '^Turning' "$TMP/out")"
