#!/bin/sh
# bestmoves-prove.sh AWALE [FILE] - proves again every position of
# tests/data/bestmoves.txt (or FILE) as its header says, without trusting the
# search at the test's depth, and prints for each line what the proof sees:
#   - seven-turns and grand-slam positions within the exact endgame tables:
#     'awale tables probe', each move's final margin with perfect play; the
#     best moves must win (or draw) where every other move draws or loses
#     (or loses);
#   - every other position: 'awale analyze --depth D --multipv 12' (D:
#     BESTMOVES_DEPTH, 24; relay BESTMOVES_RELAY_DEPTH, 16) with the tables
#     where the rule set has them; the best move must be a proven win (or
#     draw) with every other move not and at +1 seed or less, or stand 2.5
#     seeds or more above every other move (a proven draw counts as 0).
# The tables (abapa, seven-turns, grand-slam, BESTMOVES_SEEDS seeds, default
# 16) are built on first use in BESTMOVES_TABLES (build/bestmoves-tables): a
# few minutes. Exits non-zero when a line's best moves are not those proven.
# `make bestmoves-prove` runs it; it takes minutes, not part of make check.
set -eu
AWALE=$1
FILE=${2:-tests/data/bestmoves.txt}
TABLES=${BESTMOVES_TABLES:-build/bestmoves-tables}
SEEDS=${BESTMOVES_SEEDS:-16}
DEPTH=${BESTMOVES_DEPTH:-24}
RELAY_DEPTH=${BESTMOVES_RELAY_DEPTH:-16}

for r in abapa seven-turns grand-slam; do
    if ! "$AWALE" tables info --rules "$r" --dir "$TABLES" --seeds "$SEEDS" 2>/dev/null |
        grep -qx "seeds $SEEDS"; then
        echo "== building the $r tables up to $SEEDS seeds in $TABLES"
        nice "$AWALE" tables build --rules "$r" --seeds "$SEEDS" --dir "$TABLES" >/dev/null
    fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
bad=0
n=0
while IFS='	' read -r rules pos best _depth _proof; do
    n=$((n + 1))
    case "$rules" in ''|'#'*) continue ;; esac
    seeds=$(echo "$pos" | awk -F- '{ s = 0; for (i = 1; i <= 12; i++) s += $i; print s }')
    case "$rules" in
        seven-turns|grand-slam) exact=yes ;;
        *) exact=no ;;
    esac
    if [ "$exact" = yes ] && [ "$seeds" -le "$SEEDS" ]; then
        # Margins: the scores (mover's view) plus each move's value.
        nice "$AWALE" tables probe --rules "$rules" --dir "$TABLES" "$pos" >"$tmp/out"
        verdict=$(awk -v pos="$pos" '
            BEGIN { n = split(pos, f, "-"); d = f[13] - f[14]; if (f[15] == "N") d = -d }
            /^value / { next }
            NF == 2 && $2 ~ /^-?[0-9]+$/ { m[$1] = $2 + d; order[++k] = $1 }
            function cls(v) { return v > 0 ? 2 : (v == 0 ? 1 : 0) }
            END {
                if (k == 0) { print "none"; exit }
                best = -1000
                for (i = 1; i <= k; i++) if (m[order[i]] > best) best = m[order[i]]
                clear = 1; set = ""; text = ""
                for (i = 1; i <= k; i++) {
                    mv = order[i]; v = m[mv]
                    text = text sprintf("%s%s %+d", text == "" ? "" : ", ", mv, v)
                    if (v == best) set = set (set == "" ? "" : ",") mv
                    else if (cls(v) >= cls(best)) clear = 0
                }
                printf "%s %s tables, %d seeds: final margins %s\n", set, clear ? "clear" : "NOT-CLEAR", '"$seeds"', text
            }' "$tmp/out")
    else
        d=$DEPTH
        [ "$rules" = relay ] && d=$RELAY_DEPTH
        tables=none
        case "$rules" in abapa|seven-turns|grand-slam) tables=$TABLES ;; esac
        nice "$AWALE" analyze --rules "$rules" --position "$pos" --depth "$d" --multipv 12 \
            --book none --hash 256 --tables "$tables" >"$tmp/out"
        verdict=$(awk '
            # the last depth'"'"'s lines: "depth D multipv K ... score S... nodes ... pv MOVE ..."
            $1 == "depth" && $3 == "multipv" {
                if ($2 != last) { k = 0; last = $2 }
                s = ""; mv = ""
                for (i = 1; i <= NF; i++) {
                    if ($i == "score") { j = i + 1; while ($j != "nodes") { s = s (s == "" ? "" : " ") $j; j++ } }
                    if ($i == "pv") { mv = $(i + 1); break }
                }
                k++; move[k] = mv; score[k] = s
            }
            # class: 2 proven win, 1 proven draw, 0 proven loss, -1 estimate; value in seeds
            function cls(s) { return s ~ /^win/ ? 2 : (s ~ /^draw/ ? 1 : (s ~ /^loss/ ? 0 : -1)) }
            function val(s) { return cls(s) == -1 ? s + 0 : (cls(s) == 1 ? 0 : (cls(s) == 2 ? 1000 : -1000)) }
            END {
                if (k == 0) { print "none"; exit }
                b = score[1]; cb = cls(b); clear = 1
                text = move[1] " " b
                for (i = 2; i <= k; i++) {
                    s = score[i]; c = cls(s); text = text ", " move[i] " " s
                    if (cb == 2) { if (c == 2 || (c == -1 && s + 0 > 1)) clear = 0 }
                    else if (cb == 1) { if (c == 2 || c == 1 || (c == -1 && s + 0 > -2)) clear = 0 }
                    else if (val(s) > val(b) - 2.5) clear = 0
                }
                printf "%s %s search %d: %s\n", move[1], clear ? "clear" : "NOT-CLEAR", last, text
            }' "$tmp/out")
    fi
    got=${verdict%% *}
    rest=${verdict#* }
    clear=${rest%% *}
    what=${rest#* }
    if [ "$clear" = clear ] && [ "$got" = "$best" ]; then
        echo "ok   line $n ($rules $pos): $best; $what"
    else
        bad=$((bad + 1))
        echo "FAIL line $n ($rules $pos): the file says $best, the proof gives $got ($clear); $what"
    fi
done <"$FILE"
echo "bestmoves-prove: $bad line(s) not proven"
[ "$bad" -eq 0 ]
