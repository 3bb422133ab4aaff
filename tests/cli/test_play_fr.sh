# test_play_fr.sh - `awale play` in French (line mode): chosen with --lang,
# from the locale even where that locale is not installed (only C.UTF-8 on
# a fresh Debian system), or from the settings file; the moves, the
# illegal-move reasons, the end of the game and the help in French.

# run_env "ENV..." INPUT ARGS...: awale with these variables (LC_ALL unset).
run_env() {
    vars=$1
    input=$2
    shift 2
    # shellcheck disable=SC2086
    printf '%s' "$input" | env -u LC_ALL -u LANGUAGE $vars "$AWALE" "$@" >"$TMP/out" 2>"$TMP/err"
    STATUS=$?
}

# --lang fr under C.UTF-8.
run_env "LANG=C.UTF-8" "C
D
history
quit
" play --lang fr --movetime 50 --level 1 --tables none
expect_status 0
expect_out_has "tapez « aide » pour les commandes."
expect_out_has "Vous jouez Sud (la rangée du bas, A-F) contre l'ordinateur au niveau 1 : il voit un coup à l'avance"
expect_out_has "Sud (vous) joue C : sème 4 graines."
expect_out_has "Nord (ordinateur) joue"
expect_out_has "Nord, grenier  0 (ordinateur, niveau 1)"
expect_out_has "À vous (A-F)>"
expect_out_has "Coups joués :"
expect_out_has "La partie est gardée : « awale play --resume » la reprend."
CHECKS=$((CHECKS + 1))
grep -q "South\|North" "$TMP/out" && fail "English words in the French game: $(grep "South\|North" "$TMP/out" | head -3)"

# The locale's language, even when fr_FR.UTF-8 is not installed.
for locale in fr_FR.UTF-8 fr_CA.UTF-8 fr; do
    run_env "LANG=$locale" "quit
" play --opponent human
    expect_status 0
    expect_out_has "Deux joueurs au même clavier : Sud joue A-F, Nord a-f."
done
run_env "LC_MESSAGES=fr_FR.UTF-8 LANG=C.UTF-8" "quit
" play --opponent human
expect_out_has "Deux joueurs au même clavier"
# --lang wins over the locale.
run_env "LANG=fr_FR.UTF-8" "quit
" play --opponent human --lang en
expect_out_has "Two players at one keyboard"
# The C locale (ASCII): English by default, French when asked.
run_env "LANG=C" "quit
" play --opponent human
expect_out_has "Two players at one keyboard"
run_env "LANG=C" "quit
" play --opponent human --lang=fr
expect_out_has "Deux joueurs au même clavier"
run play --lang de
expect_status 2
expect_err_has "bad value 'de' for --lang (expected en, fr or pt)"

# Illegal moves say why in French; the end of the game too.
run_env "LANG=C.UTF-8" "C
D
a
quit
" play --opponent human --lang fr
expect_out_has "D ne peut pas être joué : D est une case de Sud, et c'est à Nord de jouer (Nord joue a-f)."
run_env "LANG=C.UTF-8" "A
quit
" play --opponent human --lang fr --position 4-4-4-4-4-4-0-0-0-0-0-0-10-14-S
expect_out_has "A ne peut pas être joué : la rangée de Nord est vide : Sud doit nourrir Nord (coups permis : C D E F)."
run_env "LANG=C.UTF-8" "F
quit
" play --opponent human --lang fr --rules grand-slam --position 1-0-0-0-0-2-1-1-0-0-0-0-20-23-S
expect_out_has "Partie finie :"
expect_out_has "Score final : Sud"
run_env "LANG=C.UTF-8" "rules
quit
" play --opponent human --lang fr
expect_out_has "Règles abapa. Comment jouer :"
expect_out_has "(un grand chelem)"
expect_out_has "vous devez le nourrir"
# the library's sentence with the number the rule set has, translated once
run_env "LANG=C.UTF-8" "rules
quit
" play --opponent human --lang fr --rule no-capture=30
expect_out_has "30 coups de suite sans prise (ceux des deux joueurs comptés)"
grep -q "moves in a row" "$TMP/out" && fail "the English how-to-play in French: $(grep "moves in a row" "$TMP/out" | head -2)"
run_env "LANG=C.UTF-8" "agree
o
quit
" play --opponent human --lang fr
expect_out_has "Sud propose d'arrêter la partie ici (score final Sud 24, Nord 24 : partie nulle). Nord, êtes-vous d'accord ? [o/n]"
expect_out_has "Partie finie : les joueurs ont arrêté la partie d'un commun accord"

# The help in French, levels included; errors of the command line too.
run_env "LANG=C.UTF-8" "" play --help --lang fr
expect_status 0
expect_out_has "Une partie contre l'ordinateur"
expect_out_has "voit trois coups à l'avance, se trompe encore"
run_env "LANG=fr_FR.UTF-8" "" play --opponent robot
expect_status 2
expect_err_has "valeur « robot » incorrecte pour --opponent"

# The settings file: its language, and bad lines noted, never fatal.
mkdir -p "$XDG_CONFIG_HOME/awale"
printf 'lang=fr\nspeed=warp\nnonsense\ncolour=on\nfoo=1\n' >"$XDG_CONFIG_HOME/awale/settings"
run_env "LANG=C.UTF-8" "quit
" play --opponent human
expect_status 0
expect_out_has "Deux joueurs au même clavier"
expect_err_has "ligne 2 : valeur « warp » incorrecte pour speed, ignorée"
expect_err_has "ligne 3 : pas de la forme clé=valeur, ignorée"
expect_err_has "ligne 5 : réglage « foo » inconnu, ignoré"
run_env "LANG=C.UTF-8" "quit
" play --opponent human --lang en
expect_out_has "Two players at one keyboard"
rm -f "$XDG_CONFIG_HOME/awale/settings"

# The shared option errors in French for play; the other commands stay in
# English (their output is for scripts) whatever the locale.
run_env "LANG=fr_FR.UTF-8" "" play --level 11
expect_status 2
expect_err_has "valeur « 11 » incorrecte pour --level (un nombre entier de 1 à 10 attendu)"
run_env "LANG=fr_FR.UTF-8 LANGUAGE=fr" "" analyze --depth 0
expect_status 2
expect_err_has "bad value '0' for --depth (expected a whole number from 1 to 100)"

# The library's messages reach the French player in French: a record that
# does not load (the reader's message and the notation's inside it), a
# file that does not open.
printf '[Event "x"]\n\n1. A b 2. Z\n' >"$TMP/bad-fr.awr"
run_env "LANG=C.UTF-8" "load $TMP/bad-fr.awr
load $TMP/none.awr
quit
" play --lang fr --opponent human --tables none
expect_out_has "ligne 3 : « Z » n'est pas une lettre de case (A-F pour Sud, a-f pour Nord)."
expect_out_has "Chargement impossible : impossible d'ouvrir $TMP/none.awr"
CHECKS=$((CHECKS + 1))
grep -q "is not a pit letter\|cannot open" "$TMP/out" && fail "English library message in French: $(grep "pit letter\|cannot open" "$TMP/out" | head -2)"

# The command words in both languages, whatever the language shown.
for lang in fr en; do
    run_env "LANG=C.UTF-8" "aide
conseil
coups
historique
plateau
annuler
refaire
help
moves
quitter
" play --lang $lang --opponent human --tables none
    expect_status 0
    CHECKS=$((CHECKS + 1))
    grep -q "Not understood\|Pas compris" "$TMP/out" && fail "a command word not understood ($lang): $(grep "Not understood\|Pas compris" "$TMP/out" | head -2)"
done
run_env "LANG=C.UTF-8" "aide
quit
" play --lang fr --opponent human --tables none
expect_out_has "  conseil    le conseil de l'ordinateur"

# The first run's table build speaks French too (play builds the small set
# where none is).
run_env "LANG=C.UTF-8 XDG_DATA_HOME=$TMP/fresh-data" "quit
" play --lang fr --opponent human
expect_err_has "construction des tables de finales abapa jusqu'à 12 graines"

# Every library format that reaches players is one the front end
# translates (src/front/messages.c): the library adds one, the table follows.
if command -v xgettext >/dev/null; then
    root=$(cd "$(dirname "$AWALE")/../.." && pwd)
    xgettext --language=C --from-code=UTF-8 --keyword=aw_fail:2 --keyword=fail_at:3 --no-wrap \
        --omit-header -o "$TMP/lib.pot" "$root"/src/rules/record.c "$root"/src/rules/record_read.c "$root"/src/rules/record_tree.c \
        "$root"/src/rules/notation.c "$root"/src/rules/position.c "$root"/src/rules/game.c 2>/dev/null
    xgettext --language=C --from-code=UTF-8 --keyword=N_ --no-wrap --omit-header \
        -o "$TMP/front.pot" "$root"/src/front/messages.c 2>/dev/null
    CHECKS=$((CHECKS + 1))
    missing=$(grep '^msgid ' "$TMP/lib.pot" | grep -vxF 'msgid "%s"' | grep -vxFf "$(grep '^msgid ' "$TMP/front.pot" >"$TMP/front.ids"; echo "$TMP/front.ids")" || true)
    [ -n "$missing" ] && fail "library messages the front end does not translate: $missing"
fi
