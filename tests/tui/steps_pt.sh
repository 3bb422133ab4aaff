# steps_pt.sh - the full-screen game in Portuguese (sourced by run.sh, with
# its helpers): chosen in the options, from --lang and from the locale; the
# moves, a refusal and the end in Portuguese, the dialogs, the analysis in
# Portuguese figures ("+0,25"), the review, resignation answered s (sim),
# and accents dropped on an ASCII terminal.

STEP="switch to Portuguese in the options"
printf 'speed=off\n' >"$XDG_CONFIG_HOME/awale/settings"
start --tables none --book none --level 1 --movetime 50
wait_for "Your move:"
keys o
wait_for "Language"
# auto, English, Français, Português
keys Right Right Right
wait_for "Português"
keys Enter
wait_for "Opções guardadas."
wait_for "joga do lado Sul contra o computador, nível 1"
wait_for "? ajuda h sugestão u anular"
CHECKS=$((CHECKS + 1))
grep -q '^lang=pt$' "$XDG_CONFIG_HOME/awale/settings" || fail "settings: $(cat "$XDG_CONFIG_HOME/awale/settings")"
keys c
wait_for "Sul (você) joga C: semeia 4 sementes."
wait_for "Norte (computador) joga"
wait_for "A sua vez: ← → e Enter, ou uma letra A-F"
keys q
wait_for "Sair mesmo assim? Fica guardado"
keys s
wait_for "O jogo fica guardado"
wait_for "[exit 0]"

STEP="Portuguese from the settings: a refusal, a move, the board"
printf 'speed=off\nlang=pt\n' >"$XDG_CONFIG_HOME/awale/settings"
start --tables none --opponent human --position 4-4-4-4-4-4-0-0-0-0-0-0-10-14-S
wait_for "Joga Sul: ← → e Enter"
keys a
wait_for "A não pode ser jogada: a fila do lado Norte está vazia: o lado Sul tem de dar sementes ao lado Norte (permitidas: C D E F)."
board_is "4-4-4-4-4-4-0-0-0-0-0-0-10-14-S"
keys e
wait_for "Sul joga E: semeia 4 sementes."
board_is "4-4-4-4-0-5-1-1-1-0-0-0-10-14-N"
wait_for "Joga Norte: ← → e Enter, ou uma letra a-f"
keys q s
wait_for "[exit 0]"

STEP="Portuguese from the locale (pt_BR, not installed)"
printf 'speed=off\n' >"$XDG_CONFIG_HOME/awale/settings"
TUI_LANG=pt_BR.UTF-8 start --tables none --opponent human
wait_for "Dois jogadores no mesmo teclado"
wait_for "Joga Sul:"
keys q s
wait_for "[exit 0]"

STEP="new game dialog, help and analysis in Portuguese"
start --tables none --opponent human --lang pt
wait_for "Joga Sul:"
keys n
wait_for "Oware Abapa, as regras dos torneios internacionais"
wait_for "terceira repetição termina o jogo"
keys Right Right Right Right
wait_for "Um jogo diferente no mesmo tabuleiro"
wait_for "só os depósitos contam"
wait_for "Enter: jogar Esc: cancelar"
keys Escape
wait_for "Joga Sul:"
keys '?'
wait_for "Teclas:"
wait_for "gravar o jogo num registo, abrir um registo"
keys NPage
wait_for "desistir: o outro lado ganha (pergunta primeiro)"
keys Escape
# the analysis in Portuguese figures: "+0,25", not "+0.25"
keys i
wait_re "profundidade [0-9]+, joga Sul: [+-][0-9]+,[0-9][0-9] \\((cerca|mais ou menos)"
keys i
keys q s
wait_for "[exit 0]"

STEP="review and resignation in Portuguese"
start --tables none --book none --opponent human --lang pt
wait_for "Joga Sul:"
keys c
wait_for "Sul joga C: semeia 4 sementes."
keys f
wait_for "Norte joga f: semeia 4 sementes."
keys v
wait_for "revisão do jogo, profundidade"
wait_re "(Sul|Norte): [0-9]+ erros? graves?, [0-9]+ erros?, [0-9]+ imprecis"
wait_for "← → jogada a jogada"
keys Escape
wait_for "Joga Sul:"
keys x
wait_for "Sul desiste do jogo? Norte ganha."
wait_for "s: sim n: não"
keys s
wait_for "Fim do jogo: Sul desistiu. Norte ganha."
keys u
wait_for "A desistência foi anulada."
keys q
wait_for "Sair mesmo assim?"
keys s
wait_for "[exit 0]"

STEP="Portuguese on an ASCII terminal: accents dropped"
TUI_LANG=C start --tables none --opponent human --lang pt
wait_for "Joga Sul: <- -> e Enter, ou uma letra A-F"
wait_for "h sugestao u anular r refazer v revisao n novo i analise"
absent "ã"
absent "ç"
keys o
wait_for "Lingua"
wait_for "Animacao"
keys Escape
keys c f v
wait_for "<- -> jogada a jogada Cima Baixo avaliadas"
absent "Up Down"
keys Escape
keys q s
wait_for "[exit 0]"
