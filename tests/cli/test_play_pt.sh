# test_play_pt.sh - `awale play` in Portuguese (line mode): chosen with
# --lang, from the locale (pt_PT, pt_BR, pt_AO... even where that locale is
# not installed) or from the settings file; the moves, the illegal-move
# reasons, the end of the game, the rules, the help and the library's
# messages in Portuguese, and the Portuguese command words.

# run_env "ENV..." INPUT ARGS...: awale with these variables (LC_ALL unset).
run_env() {
    vars=$1
    input=$2
    shift 2
    # shellcheck disable=SC2086
    printf '%s' "$input" | env -u LC_ALL -u LANGUAGE $vars "$AWALE" "$@" >"$TMP/out" 2>"$TMP/err"
    STATUS=$?
}

# --lang pt under C.UTF-8, against the computer.
run_env "LANG=C.UTF-8" "C
D
historico
sair
" play --lang pt --movetime 50 --level 1 --tables none
expect_status 0
expect_out_has "escreva «ajuda» para ver os comandos."
expect_out_has "Joga do lado Sul (a fila de baixo, A-F) contra o computador no nível 1: ele vê uma jogada à frente"
expect_out_has "Sul (você) joga C: semeia 4 sementes."
expect_out_has "Norte (computador) joga"
expect_out_has "Norte, depósito  0 (computador, nível 1)"
expect_out_has "A sua vez (A-F)>"
expect_out_has "Jogadas feitas:"
expect_out_has "O jogo fica guardado: «awale play --resume» continua-o."
CHECKS=$((CHECKS + 1))
grep -q "South\|North\|Not understood" "$TMP/out" &&
    fail "English words in the Portuguese game: $(grep "South\|North\|Not understood" "$TMP/out" | head -3)"

# The locale's language, even when the pt_* locales are not installed.
for locale in pt_PT.UTF-8 pt_BR.UTF-8 pt_AO pt_MZ.UTF-8 pt; do
    run_env "LANG=$locale" "sair
" play --opponent human
    expect_status 0
    expect_out_has "Dois jogadores no mesmo teclado: o Sul joga A-F, o Norte a-f."
done
run_env "LC_MESSAGES=pt_PT.UTF-8 LANG=C.UTF-8" "sair
" play --opponent human
expect_out_has "Dois jogadores no mesmo teclado"
run_env "LANGUAGE=pt LANG=C.UTF-8" "sair
" play --opponent human
expect_out_has "Dois jogadores no mesmo teclado"
# Not Portuguese: a language code that only starts like it.
run_env "LANG=ptx_XX.UTF-8" "quit
" play --opponent human
expect_out_has "Two players at one keyboard"
# --lang wins over the locale.
run_env "LANG=pt_PT.UTF-8" "quit
" play --opponent human --lang en
expect_out_has "Two players at one keyboard"
run_env "LANG=fr_FR.UTF-8" "sair
" play --opponent human --lang pt
expect_out_has "Dois jogadores no mesmo teclado"
# The C locale (ASCII): English by default, Portuguese when asked.
run_env "LANG=C" "quit
" play --opponent human
expect_out_has "Two players at one keyboard"
run_env "LANG=C" "sair
" play --opponent human --lang=pt
expect_out_has "Dois jogadores no mesmo teclado"

# Illegal moves say why in Portuguese; the end of the game too.
run_env "LANG=C.UTF-8" "C
D
a
sair
" play --opponent human --lang pt
expect_out_has "D não pode ser jogada: D é uma casa do lado Sul, e joga o lado Norte (Norte joga a-f)."
expect_out_has "Norte joga a: semeia 5 sementes."
run_env "LANG=C.UTF-8" "A
sair
" play --opponent human --lang pt --position 4-4-4-4-4-4-0-0-0-0-0-0-10-14-S
expect_out_has "A não pode ser jogada: a fila do lado Norte está vazia: o lado Sul tem de dar sementes ao lado Norte (permitidas: C D E F)."
run_env "LANG=C.UTF-8" "F
sair
" play --opponent human --lang pt --rules grand-slam --position 1-0-0-0-0-2-1-1-0-0-0-0-20-23-S
expect_out_has "Sul joga F: semeia 2 sementes e captura todas as 4 sementes da fila do lado Norte, um grand slam: 2 em a e 2 em b."
expect_out_has "Fim do jogo: Norte não tem sementes para jogar; as sementes que restam não contam. Resultado final: Sul 24, Norte 23: Sul ganha."
expect_out_has "Escreva «nova» para outro jogo, «anular» para voltar atrás, ou «sair»."
run_env "LANG=C.UTF-8" "regras
sair
" play --opponent human --lang pt
expect_out_has "Regras abapa. Como jogar:"
expect_out_has "(um grand slam)"
expect_out_has "tem de lhe dar algumas"
# the library's sentence with the number the rule set has, translated once
run_env "LANG=C.UTF-8" "regras
sair
" play --opponent human --lang pt --rule no-capture=30
expect_out_has "30 jogadas seguidas sem captura (contando as dos dois jogadores)"
CHECKS=$((CHECKS + 1))
grep -q "moves in a row" "$TMP/out" && fail "the English how-to-play in Portuguese: $(grep "moves in a row" "$TMP/out" | head -2)"
# an end by agreement, answered "s" (sim)
run_env "LANG=C.UTF-8" "acordo
s
sair
" play --opponent human --lang pt
expect_out_has "Sul propõe terminar o jogo aqui (resultado final Sul 24, Norte 24: empate). Norte, está de acordo? [s/n]"
expect_out_has "Fim do jogo: os jogadores combinaram terminar o jogo"
# ... and refused with "não"
run_env "LANG=C.UTF-8" "acordo
não
sair
" play --opponent human --lang pt
expect_out_has "Norte recusa: o jogo continua."
# the relay game's prompt
run_env "LANG=C.UTF-8" "C
sair
" play --opponent human --lang pt --rules relay
expect_out_has "Joga Sul (casa e sentido: C+ semeia para a sua direita, C- para a sua esquerda)>"
expect_out_has "«C» precisa de um sentido: C+ (sentido contrário ao dos ponteiros do relógio, para a direita)"

# The help in Portuguese, levels included; errors of the command line too.
run_env "LANG=C.UTF-8" "" play --help --lang pt
expect_status 0
expect_out_has "Um jogo contra o computador"
expect_out_has "vê três jogadas à frente, ainda erra: um jogo amigável (por omissão)"
expect_out_has "--lang L         en (inglês), fr (francês) ou pt (português)"
run_env "LANG=pt_PT.UTF-8" "" play --opponent robot
expect_status 2
expect_err_has "valor «robot» inválido para --opponent"
run_env "LANG=pt_BR.UTF-8" "" play --level 11
expect_status 2
expect_err_has "valor «11» inválido para --level (esperado um número inteiro de 1 a 10)"
run_env "LANG=pt_PT.UTF-8" "" play --lang xx
expect_status 2
expect_err_has "valor «xx» inválido para --lang (esperado en, fr ou pt)"

# The settings file: its language, and bad lines noted in Portuguese.
mkdir -p "$XDG_CONFIG_HOME/awale"
printf 'lang=pt\nspeed=warp\nnonsense\nfoo=1\n' >"$XDG_CONFIG_HOME/awale/settings"
run_env "LANG=C.UTF-8" "sair
" play --opponent human
expect_status 0
expect_out_has "Dois jogadores no mesmo teclado"
expect_err_has "linha 2: valor «warp» inválido para speed, ignorado"
expect_err_has "linha 3: não é chave=valor, ignorada"
expect_err_has "linha 4: preferência «foo» desconhecida, ignorada"
run_env "LANG=C.UTF-8" "quit
" play --opponent human --lang en
expect_out_has "Two players at one keyboard"
rm -f "$XDG_CONFIG_HOME/awale/settings"

# The library's messages reach the player in Portuguese.
printf '[Event "x"]\n\n1. A b 2. Z\n' >"$TMP/bad-pt.awr"
run_env "LANG=C.UTF-8" "carregar $TMP/bad-pt.awr
carregar $TMP/none.awr
sair
" play --lang pt --opponent human --tables none
expect_out_has "linha 3: «Z» não é uma letra de casa (A-F para o Sul, a-f para o Norte)."
expect_out_has "Não foi possível abrir: não é possível abrir $TMP/none.awr"
CHECKS=$((CHECKS + 1))
grep -q "is not a pit letter\|cannot open" "$TMP/out" && fail "English library message in Portuguese: $(grep "pit letter\|cannot open" "$TMP/out" | head -2)"

# The Portuguese command words, whatever the language shown, and the
# help that lists them.
for lang in pt en fr; do
    run_env "LANG=C.UTF-8" "ajuda
sugestao
sugestão
jogadas
historico
histórico
tabuleiro
regras
C
anular
refazer
sair
" play --lang $lang --opponent human --tables none
    expect_status 0
    CHECKS=$((CHECKS + 1))
    grep -q "Not understood\|Pas compris\|Não percebi" "$TMP/out" &&
        fail "a command word not understood ($lang): $(grep "Not understood\|Pas compris\|Não percebi" "$TMP/out" | head -2)"
done
run_env "LANG=C.UTF-8" "ajuda
sugestao
anular
C
anular
refazer
gravar $TMP/game-pt.awr
nova
sair
" play --lang pt --opponent human --tables none
expect_out_has "  sugestao   o conselho do computador"
expect_out_has "Sugestão: "
expect_out_has "Nada para anular."
expect_out_has "1 jogada anulada: C."
expect_out_has "1 jogada refeita: C."
expect_out_has "Jogo (1 jogada) gravado em $TMP/game-pt.awr."
expect_out_has "Novo jogo."
run_env "LANG=C.UTF-8" "xyz
sair
" play --lang pt --opponent human --tables none
expect_out_has "Não percebi: «xyz». Escreva a letra de uma casa para a jogar, ou «ajuda» para ver os comandos."

# The first run's table build speaks Portuguese too.
run_env "LANG=C.UTF-8 XDG_DATA_HOME=$TMP/fresh-data-pt" "sair
" play --lang pt --opponent human
expect_err_has "a construir as tabelas de finais abapa até 12 sementes"
