// i18n.js - the page's words in English and French. The server sends
// structured values (a move's seeds, laps, captured pits; an end's reason
// code; rule parameters); the sentences are made here, in the reader's
// language. French is written as Awalé players say it: semer, graines,
// case, grenier, prise, nourrir, grand chelem.

const EN = {
  new_game: 'New game', import: 'Import', export: 'Export', language: 'Language', theme: 'Theme',
  keys_title: 'Keyboard', back_to_game: 'Back to the game', undo: 'Undo', redo: 'Redo', hint: 'Hint',
  agree: 'Propose to end', flip: 'Turn the board', moves: 'Moves', analysis: 'Analysis', on: 'On',
  lines: 'Lines', graph: 'Evaluation', opponent: 'Opponent', computer: 'Computer',
  person: 'A person, same screen', level: 'Level', your_side: 'You play', south_bottom: 'South',
  north_top: 'North', random: 'Random', movetime: 'Time per move', first: 'Who starts',
  south: 'South', north: 'North', rules: 'Rules', rule_params: 'Rule parameters',
  start_position: 'Start position',
  start_position_help: 'Twelve pit counts (A to F, then a to f), the two scores and the side to move.',
  cancel: 'Cancel', start: 'Start', import_title: 'Import a game',
  import_help: 'Paste a game record, or choose a file.', export_title: 'Game record', copy: 'Copy',
  download: 'Download', close: 'Close', review: 'Review', decline: 'No, play on', accept: 'Yes, end here',
  analysis_off: 'Turn the analysis on to see what the engine thinks, move by move.',
  you: 'You', computer_level: 'Computer · level {level}', player: 'Player',
  you_short: 'you', computer_short: 'computer',
  your_turn: 'Your turn: choose a pit ({pits}).', side_turn: '{side} to move ({pits}).',
  your_turn_relay: 'Your turn: choose a pit, then a direction.',
  side_turn_relay: '{side} to move: a pit, then a direction.',
  thinking: 'The computer is thinking', hinting: 'Looking for a good move',
  considering: 'The computer considers your proposal',
  must_pass: '{side} has no pit with 2 seeds or more and passes.', pass: 'Pass',
  viewing: 'After {move} ({total} moves played)', viewing_start: 'Start position ({total} moves played)',
  not_now: 'Go back to the game to play.', not_yours: 'It is the computer’s turn.',
  illegal: 'Not playable: {why}', seeds_word: 'seeds', store: 'store',
  pit_label: 'Pit {pit}: {n} seeds', store_label: '{side}’s store: {n} seeds',
  hint_book: 'opening book', hint_tables: 'endgame tables', hint_search: 'search, depth {depth}',
  hint_for_you: 'For you: {score}.', hint_for_side: 'For {side}: {score}.', hint_line: 'Expected line: {line}',
  depth: 'depth {depth}', nodes_s: '{n} nodes/s', perfect: 'Endgame tables: {text}',
  analysing: 'After {move}', analysing_start: 'Start position', analysis_done: 'Analysis finished',
  analysis_waiting: 'Waiting for the computer’s move…', analysis_queued: 'Waiting for a free engine…',
  analysis_over: 'The game is over.', analysis_current: 'The analysis follows the game’s current position.',
  graph_note: 'South above, North below', graph_empty: 'Play a few moves to see the evaluation.',
  win_you: 'You win!', win_computer: 'The computer wins', win_side: '{side} wins', draw: 'A draw',
  score_line: '{s} – {n}', over_status: 'Game over: {reason}. {result}.',
  result_win: '{side} wins {a} to {b}', result_draw: 'a draw, {a} all',
  agree_ask: '{side} proposes to end the game here (final score {s} – {n}). {other}, do you agree?',
  agree_declined: 'The computer declines: {why}', agree_accepted: 'The computer accepts: the game ends {s} – {n}.',
  agree_lose: 'ending now it would lose.', agree_better: 'it expects to do better by playing on.',
  agree_tables: 'the endgame tables say it wins by {m} with perfect play.',
  agree_tables_estimate: 'the endgame tables expect it to win by {m}.',
  agree_proven: 'it sees a forced win by {m}.', declined_person: '{side} declines: play on.',
  nothing_undo: 'Nothing to undo.', nothing_redo: 'Nothing to redo.',
  copied: 'Copied.', imported: 'Game imported: {n} moves.', error: 'Error: {msg}',
  review_panel: 'Review', review_start: 'Review the game', review_more: 'Review the new moves',
  review_again: 'Review again', review_busy: 'Reviewing…',
  review_help: 'The engine judges every move: the best one, what each move cost, and marks: !! brilliant, ! good, ?! inaccuracy, ? mistake, ?? blunder.',
  review_queued: 'Waiting for a free engine…', review_running: 'Reviewing: {n} of {total} moves',
  review_done: '{n} moves reviewed (depth {depth}). Choose a move to see its comment.',
  review_stopped: 'Review stopped after {n} of {total} moves.', review_failed: 'The review failed: {error}',
  review_changed: 'The game has changed since the review: review it again.',
  review_nothing: 'Play a few moves first.',
  review_player: 'Player', review_avg: 'lost / move', review_turning: 'Turning points:',
  review_no_turning: 'no turning point', review_graph: 'values of the review',
  mark_brilliant: 'brilliant move', mark_good: 'good move', mark_inaccuracy: 'inaccuracy',
  mark_mistake: 'mistake', mark_blunder: 'blunder', mark_interesting: 'interesting move',
  c_forced: 'The only legal move.', c_best_played: 'The best move ({score}).',
  c_only: 'The only move that keeps the {result} ({score}).', c_best_by: 'Best by {gap} seeds ({score}).',
  c_next: 'Next best: {move} ({score}).', c_gives: 'It gives seeds away at once.',
  c_best: 'Best: {move} ({score}).', c_line: 'Expected line: {line}',
  c_played: 'Played: {score}, {cost}.', c_loses: 'loses {loss} seeds', c_thrown: 'throws away the {result}',
  c_played_even: 'Played: {score}, as good as the best.',
  c_opening: 'A move of the set opening: neither player chose it, so it is not judged.',
  c_kept_sooner: '{move} keeps the win (after it, {score}). {best} wins sooner: {best_score}.',
  c_kept_more: '{move} keeps the win (after it, {score}). {best} wins by more: {best_score}.',
  c_lost_longer: 'The game is lost whatever the move: {move} (after it, {score}). {best} holds out longer: {best_score}.',
  c_lost_less: 'The game is lost whatever the move: {move} (after it, {score}). {best} loses by less: {best_score}.',
  mark_opening: 'set opening, not judged',
  result_win_word: 'win', result_draw_word: 'draw',
  src_book: 'opening book', src_tables: 'endgame tables, exact', src_search: 'search, depth {depth}',
  server_gone: 'The server does not answer. Is awale serve still running?',
  game_lost: 'That game is gone (expired or deleted): a new one starts.',
  keys: [
    ['A–F, a–f', 'play that pit (the letters of the side to move)'],
    ['← →', 'relay: after the pit, the direction; otherwise step through the moves'],
    ['+ −', 'relay: sow to your right (+) or left (−)'],
    ['Home End', 'first position, back to the game'],
    ['↑ ↓', 'first position, back to the game'],
    ['H', 'hint'], ['U  R', 'undo, redo'], ['V', 'review the game'], ['I', 'analysis on or off'],
    ['N', 'new game'], ['S  L', 'save the game (export), load a record (import)'],
    ['G', 'propose to end the game'], ['T', 'turn the board'],
    ['Esc', 'cancel a pit choice, close a window'], ['?', 'this list'],
    ['', 'The same keys as the terminal game (awale play).'],
  ],
  levels: [],
  rule_sets: {},
  params: {},
  param_values: {},
};

const FR = {
  new_game: 'Nouvelle partie', import: 'Importer', export: 'Exporter', language: 'Langue', theme: 'Thème',
  keys_title: 'Clavier', back_to_game: 'Revenir à la partie', undo: 'Annuler', redo: 'Rejouer',
  hint: 'Conseil', agree: 'Proposer d’arrêter', flip: 'Tourner le plateau', moves: 'Coups',
  analysis: 'Analyse', on: 'Active', lines: 'Lignes', graph: 'Évaluation', opponent: 'Adversaire',
  computer: 'Ordinateur', person: 'Une personne, même écran', level: 'Niveau', your_side: 'Vous jouez',
  south_bottom: 'Sud', north_top: 'Nord', random: 'Au hasard', movetime: 'Temps par coup',
  first: 'Qui commence', south: 'Sud', north: 'Nord', rules: 'Règles', rule_params: 'Paramètres des règles',
  start_position: 'Position de départ',
  start_position_help: 'Les graines des douze cases (A à F, puis a à f), les deux greniers et le camp qui joue.',
  cancel: 'Annuler', start: 'Commencer', import_title: 'Importer une partie',
  import_help: 'Collez le relevé d’une partie, ou choisissez un fichier.', export_title: 'Relevé de la partie',
  copy: 'Copier', download: 'Télécharger', close: 'Fermer', review: 'Revoir la partie',
  decline: 'Non, on continue', accept: 'Oui, on arrête',
  analysis_off: 'Activez l’analyse pour voir ce que pense le moteur, coup après coup.',
  you: 'Vous', computer_level: 'Ordinateur · niveau {level}', player: 'Joueur',
  you_short: 'vous', computer_short: 'ordinateur',
  your_turn: 'À vous : choisissez une case ({pits}).', side_turn: 'À {side} de jouer ({pits}).',
  your_turn_relay: 'À vous : choisissez une case, puis un sens.',
  side_turn_relay: 'À {side} de jouer : une case, puis un sens.',
  thinking: 'L’ordinateur réfléchit', hinting: 'Recherche d’un bon coup',
  considering: 'L’ordinateur examine votre proposition',
  must_pass: '{side} n’a aucune case de 2 graines ou plus et passe.', pass: 'Passer',
  viewing: 'Après {move} ({total} coups joués)', viewing_start: 'Position de départ ({total} coups joués)',
  not_now: 'Revenez à la partie pour jouer.', not_yours: 'C’est au tour de l’ordinateur.',
  illegal: 'Coup impossible : {why}', seeds_word: 'graines', store: 'grenier',
  pit_label: 'Case {pit} : {n} graines', store_label: 'Grenier de {side} : {n} graines',
  hint_book: 'livre d’ouvertures', hint_tables: 'tables de finales', hint_search: 'recherche, profondeur {depth}',
  hint_for_you: 'Pour vous : {score}.', hint_for_side: 'Pour {side} : {score}.', hint_line: 'Suite attendue : {line}',
  depth: 'profondeur {depth}', nodes_s: '{n} positions/s', perfect: 'Tables de finales : {text}',
  analysing: 'Après {move}', analysing_start: 'Position de départ', analysis_done: 'Analyse terminée',
  analysis_waiting: 'En attente du coup de l’ordinateur…', analysis_queued: 'En attente d’un moteur libre…',
  analysis_over: 'La partie est terminée.', analysis_current: 'L’analyse suit la position actuelle de la partie.',
  graph_note: 'Sud en haut, Nord en bas', graph_empty: 'Jouez quelques coups pour voir l’évaluation.',
  win_you: 'Vous avez gagné !', win_computer: 'L’ordinateur gagne', win_side: '{side} gagne', draw: 'Partie nulle',
  score_line: '{s} – {n}', over_status: 'Fin de la partie : {reason}. {result}.',
  result_win: '{side} gagne {a} à {b}', result_draw: 'partie nulle, {a} partout',
  agree_ask: '{side} propose d’arrêter ici (score final {s} – {n}). {other}, êtes-vous d’accord ?',
  agree_declined: 'L’ordinateur refuse : {why}', agree_accepted: 'L’ordinateur accepte : la partie s’arrête sur {s} – {n}.',
  agree_lose: 'en arrêtant maintenant, il perdrait.', agree_better: 'il pense faire mieux en continuant.',
  agree_tables: 'les tables de finales lui donnent la victoire de {m} en jeu parfait.',
  agree_tables_estimate: 'les tables de finales prévoient qu’il gagne de {m}.',
  agree_proven: 'il voit un gain forcé de {m}.', declined_person: '{side} refuse : on continue.',
  nothing_undo: 'Rien à annuler.', nothing_redo: 'Rien à rejouer.',
  copied: 'Copié.', imported: 'Partie importée : {n} coups.', error: 'Erreur : {msg}',
  review_panel: 'Revue de la partie', review_start: 'Revoir la partie', review_more: 'Revoir les nouveaux coups',
  review_again: 'Revoir encore', review_busy: 'Revue en cours…',
  review_help: 'Le moteur juge chaque coup : le meilleur, ce que chaque coup a coûté, et des signes : !! coup brillant, ! bon coup, ?! imprécision, ? erreur, ?? gaffe.',
  review_queued: 'En attente d’un moteur libre…', review_running: 'Revue en cours : {n} coups sur {total}',
  review_done: '{n} coups revus (profondeur {depth}). Choisissez un coup pour lire son commentaire.',
  review_stopped: 'Revue arrêtée après {n} coups sur {total}.', review_failed: 'La revue a échoué : {error}',
  review_changed: 'La partie a changé depuis la revue : revoyez-la.',
  review_nothing: 'Jouez d’abord quelques coups.',
  review_player: 'Joueur', review_avg: 'perdu / coup', review_turning: 'Tournants de la partie :',
  review_no_turning: 'aucun tournant', review_graph: 'valeurs de la revue',
  mark_brilliant: 'coup brillant', mark_good: 'bon coup', mark_inaccuracy: 'imprécision',
  mark_mistake: 'erreur', mark_blunder: 'gaffe', mark_interesting: 'coup intéressant',
  c_forced: 'Le seul coup possible.', c_best_played: 'Le meilleur coup ({score}).',
  c_only: 'Le seul coup qui garde {result} ({score}).', c_best_by: 'Le meilleur coup, avec {gap} graines d’avance sur le suivant ({score}).',
  c_next: 'Deuxième meilleur coup : {move} ({score}).', c_gives: 'Il donne des graines tout de suite.',
  c_best: 'Meilleur : {move} ({score}).', c_line: 'Suite attendue : {line}',
  c_played: 'Joué : {score}, {cost}.', c_loses: 'perd {loss} graines', c_thrown: 'laisse échapper {result}',
  c_played_even: 'Joué : {score}, aussi bon que le meilleur.',
  c_opening: 'Un coup de l’ouverture imposée : aucun des joueurs ne l’a choisi, il n’est donc pas jugé.',
  c_kept_sooner: '{move} garde la victoire (après ce coup : {score}). {best} gagne plus vite : {best_score}.',
  c_kept_more: '{move} garde la victoire (après ce coup : {score}). {best} gagne avec plus d’écart : {best_score}.',
  c_lost_longer: 'La partie est perdue quel que soit le coup : {move} (après ce coup : {score}). {best} résiste plus longtemps : {best_score}.',
  c_lost_less: 'La partie est perdue quel que soit le coup : {move} (après ce coup : {score}). {best} perd avec moins d’écart : {best_score}.',
  mark_opening: 'ouverture imposée, non jugée',
  result_win_word: 'le gain', result_draw_word: 'la nulle',
  src_book: 'livre d’ouvertures', src_tables: 'tables de finales, exact', src_search: 'recherche, profondeur {depth}',
  server_gone: 'Le serveur ne répond pas. awale serve tourne-t-il encore ?',
  game_lost: 'Cette partie n’existe plus (expirée ou supprimée) : une nouvelle commence.',
  keys: [
    ['A–F, a–f', 'jouer cette case (les lettres du camp qui joue)'],
    ['← →', 'relais : après la case, le sens ; sinon, parcourir les coups'],
    ['+ −', 'relais : semer vers votre droite (+) ou votre gauche (−)'],
    ['Début Fin', 'position de départ, retour à la partie'],
    ['↑ ↓', 'position de départ, retour à la partie'],
    ['H', 'conseil'], ['U  R', 'annuler, rejouer'], ['V', 'revoir la partie'],
    ['I', 'activer ou couper l’analyse'], ['N', 'nouvelle partie'],
    ['S  L', 'enregistrer la partie (exporter), charger une partie (importer)'],
    ['G', 'proposer d’arrêter la partie'], ['T', 'tourner le plateau'],
    ['Échap', 'renoncer à une case, fermer une fenêtre'], ['?', 'cette liste'],
    ['', 'Les mêmes touches que le jeu en terminal (awale play).'],
  ],
  levels: [
    '',
    'voit un coup à l’avance et prend ce qu’il peut : les premières parties d’un enfant',
    'voit deux coups à l’avance, souvent distrait : pour débuter',
    'voit trois coups à l’avance, se trompe encore : une partie amicale (par défaut)',
    'regarde quatre coups à l’avance : pour qui connaît bien les règles',
    'regarde cinq coups à l’avance, rarement une grosse erreur : joueurs occasionnels de club',
    'regarde six coups à l’avance : joueurs de club',
    'regarde huit coups à l’avance, peu d’erreurs : bons joueurs de club',
    'regarde dix coups à l’avance : joueurs forts',
    'regarde quatorze coups à l’avance, presque sans erreur : experts',
    'pleine force, avec son livre d’ouvertures et des finales parfaites : pour analyser',
  ],
  rule_sets: {
    abapa: 'Oware Abapa, les règles internationales de tournoi : prises de 2 et 3, le grand chelem ne prend rien, le premier à 25 gagne, la troisième répétition arrête la partie',
    'seven-turns': 'Awalé comme l’abapa, mais 7 tours (14 coups) sans prise arrêtent la partie',
    'grand-slam': 'Awalé où le grand chelem prend, les graines restantes ne comptent pas, 21 coups sans prise arrêtent la partie',
    'two-seeds': 'Awalé où seules les cases de 2 graines sont prises, le premier à 24 gagne',
    relay: 'Semis en relais : on joue une case de 2 graines ou plus dans un sens ou dans l’autre, chaque tour relance depuis la dernière case en sens inverse, on prend en face d’une case vide de son camp ; la troisième répétition arrête la partie',
  },
  params: {
    captures: 'nombres de graines qui font une prise',
    'grand-slam': 'le grand chelem (prendre tout le camp adverse) ne prend rien, ou prend',
    'cannot-feed': 'qui ramasse les graines restantes quand le joueur ne peut pas nourrir l’adversaire',
    'empty-row': 'quand le joueur qui doit jouer n’a plus de graine : l’adversaire ramasse son camp, ou personne',
    target: 'un score qui arrête la partie quand il est atteint',
    'no-capture': 'coups consécutifs sans prise qui arrêtent la partie ; les graines restantes ne comptent pas',
    repetition: 'la n-ième apparition d’une même position arrête la partie',
    'play-on': 'atteindre l’objectif n’arrête pas la partie',
    direction: 'sens du semis pour toute la partie (affichage et saisie)',
    agreement: 'arrêt d’un commun accord : chacun ramasse son camp, les graines ne comptent pas, ou interdit',
    'skip-origin': 'relais : un tour saute la case d’où il part',
    chain: 'relais : sens de la suite de prises',
    'no-move': 'relais : un joueur sans coup arrête la partie, ou passe',
  },
  param_values: {
    void: 'nulle', capture: 'prend', mover: 'celui qui joue', opponent: 'l’adversaire', none: 'personne',
    owner: 'chacun son camp', no: 'non', yes: 'oui', ccw: 'antihoraire', cw: 'horaire',
    forward: 'en avant', backward: 'en arrière', end: 'fin', pass: 'passe',
  },
};

const DICTS = { en: EN, fr: FR };
let lang = 'en';

export function setLang(l) { lang = DICTS[l] ? l : 'en'; }
export function getLang() { return lang; }

export function t(key, params = {}) {
  let s = DICTS[lang][key];
  if (s === undefined) s = EN[key];
  if (typeof s !== 'string') return s;
  return s.replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));
}

export function sideName(side) {
  const s = side === 'S' || side === 'south' || side === 0 ? 'south' : 'north';
  return t(s);
}

// "2 from b, 3 from c and 3 from d" / "2 en b, 3 en c et 3 en d", board order.
function capturedList(pits) {
  const sorted = [...pits].sort((a, b) => a.pit - b.pit);
  const parts = sorted.map((p) => (lang === 'fr' ? `${p.seeds} en ${p.name}` : `${p.seeds} from ${p.name}`));
  if (parts.length <= 1) return parts.join('');
  const and = lang === 'fr' ? ' et ' : ' and ';
  return parts.slice(0, -1).join(', ') + and + parts[parts.length - 1];
}

const plural = (n, one, many) => (n === 1 || (lang === 'fr' && n === 0) ? one : many);

// What a move did, from its report (the server's structured values).
export function describeMove(rep, who) {
  const name = who || sideName(rep.side);
  const opp = sideName(rep.side === 'S' ? 'N' : 'S');
  if (lang === 'fr') {
    if (rep.pass) return `${name} passe : aucune case n’a 2 graines ou plus.`;
    let s = rep.laps > 1
      ? `${name} joue ${rep.move} : sème ${rep.seeds} ${plural(rep.seeds, 'graine', 'graines')}, puis relance ${rep.laps - 1} fois (${rep.sown} graines semées en tout)`
      : `${name} joue ${rep.move} : sème ${rep.seeds} ${plural(rep.seeds, 'graine', 'graines')}`;
    if (rep.slam_void) return `${s} ; prendre toutes les graines de ${opp} serait un grand chelem : la prise est annulée.`;
    if (!rep.captured) return `${s}.`;
    if (rep.grand_slam) return `${s} et prend les ${rep.captured} graines du camp de ${opp} : grand chelem ! (${capturedList(rep.pits)}).`;
    if (rep.pits.length === 1) return `${s} et prend ${rep.captured} ${plural(rep.captured, 'graine', 'graines')} en ${rep.pits[0].name}.`;
    return `${s} et prend ${rep.captured} graines : ${capturedList(rep.pits)}.`;
  }
  if (rep.pass) return `${name} passes: no pit holds 2 seeds or more.`;
  let s = rep.laps > 1
    ? `${name} plays ${rep.move}: sows ${rep.seeds} ${plural(rep.seeds, 'seed', 'seeds')}, then relays ${rep.laps - 1} times (${rep.sown} seeds sown in all)`
    : `${name} plays ${rep.move}: sows ${rep.seeds} ${plural(rep.seeds, 'seed', 'seeds')}`;
  if (rep.slam_void) return `${s}; taking every seed of ${opp}’s row would be a grand slam, so it captures nothing.`;
  if (!rep.captured) return `${s}.`;
  if (rep.grand_slam) return `${s} and captures all ${rep.captured} seeds of ${opp}’s row, a grand slam: ${capturedList(rep.pits)}.`;
  if (rep.pits.length === 1) return `${s} and captures ${rep.captured} ${plural(rep.captured, 'seed', 'seeds')} from ${rep.pits[0].name}.`;
  return `${s} and captures ${rep.captured} seeds: ${capturedList(rep.pits)}.`;
}

// Who takes the seeds left, by a rule parameter's value.
function leftover(value, mover) {
  const me = sideName(mover);
  const other = sideName(mover === 'S' ? 'N' : 'S');
  const fr = lang === 'fr';
  switch (value) {
    case 'mover': return fr ? `${me} ramasse les graines restantes` : `${me} takes the seeds left`;
    case 'opponent': return fr ? `${other} ramasse les graines restantes` : `${other} takes the seeds left`;
    case 'owner': return fr ? 'chacun ramasse les graines de son camp' : 'each player takes the seeds of his own row';
    default: return fr ? 'les graines restantes ne comptent pas' : 'the seeds left are not counted';
  }
}

// Why a game ended, from the status word, the rules and the final position.
export function describeEnd(state) {
  const st = state.status;
  const p = state.rules.params;
  const relay = state.rules.family === 'relay';
  const mover = state.board.side;
  const me = sideName(mover);
  const other = sideName(mover === 'S' ? 'N' : 'S');
  const fr = lang === 'fr';
  const scores = state.board.scores;
  switch (st.over) {
    case 'target': {
      const who = sideName(scores[0] >= Number(p.target) ? 'S' : 'N');
      return fr ? `${who} a atteint ${p.target} graines` : `${who} reached the target of ${p.target} seeds`;
    }
    case 'empty-board': return fr ? 'il ne reste plus aucune graine sur le plateau' : 'no seed is left on the board';
    case 'empty-row':
      if (relay || p['empty-row'] !== 'owner')
        return fr ? `${me} n’a plus de graine à jouer ; les graines restantes ne comptent pas` : `${me} has no seed to play; the seeds left are not counted`;
      return fr ? `${me} n’a plus de graine à jouer ; ${other} ramasse les graines de son camp` : `${me} has no seed to play; ${other} takes the seeds of his row`;
    case 'cannot-feed':
      return fr
        ? `le camp de ${other} est vide et ${me} ne peut pas le nourrir ; ${relay ? leftover('none') : leftover(p['cannot-feed'], mover)}`
        : `${other}’s row is empty and no move of ${me} can reach it; ${relay ? leftover('none') : leftover(p['cannot-feed'], mover)}`;
    case 'no-move':
      if (p['no-move'] === 'pass')
        return fr ? 'aucun des deux joueurs n’a de case de 2 graines ou plus ; les graines restantes ne comptent pas' : 'neither player has a pit with 2 seeds or more; the seeds left are not counted';
      return fr ? `${me} n’a aucune case de 2 graines ou plus ; les graines restantes ne comptent pas` : `${me} has no pit with 2 seeds or more; the seeds left are not counted`;
    case 'no-capture':
      return fr ? `${p['no-capture']} coups joués sans prise ; les graines restantes ne comptent pas` : `${p['no-capture']} plies were played without a capture; the seeds left are not counted`;
    case 'repetition':
      return fr ? `la même position est revenue ${p.repetition} fois ; ${relay ? leftover('none') : leftover('owner')}` : `the same position occurred ${p.repetition} times; ${relay ? leftover('none') : leftover('owner')}`;
    case 'agreement':
      return fr ? `les joueurs ont convenu d’arrêter ; ${leftover(p.agreement === 'no' ? 'none' : p.agreement, mover)}` : `the players agreed to end the game; ${leftover(p.agreement === 'no' ? 'none' : p.agreement, mover)}`;
    default: return st.reason;
  }
}

export function describeResult(scores) {
  const [a, b] = scores;
  if (a === b) return t('result_draw', { a });
  return t('result_win', { side: sideName(a > b ? 'S' : 'N'), a: Math.max(a, b), b: Math.min(a, b) });
}

// A score for the side to move, in words ("about 1.25 seeds ahead").
export function describeScore(score) {
  const fr = lang === 'fr';
  switch (score.kind) {
    // A proven result: by the search (a distance) or by the endgame tables (plies 0).
    case 'win':
      if (!score.plies) return fr ? `gain de ${score.margin} ${plural(score.margin, 'graine', 'graines')} en jeu parfait` : `a win by ${score.margin} ${plural(score.margin, 'seed', 'seeds')} with perfect play`;
      return fr ? `gain d’au moins ${score.margin} ${plural(score.margin, 'graine', 'graines')}` : `a win by ${score.margin} ${plural(score.margin, 'seed', 'seeds')} or more`;
    case 'loss':
      if (!score.plies) return fr ? `perte de ${-score.margin} ${plural(-score.margin, 'graine', 'graines')} en jeu parfait` : `a loss by ${-score.margin} ${plural(-score.margin, 'seed', 'seeds')} with perfect play`;
      return fr ? `perte de ${-score.margin} ${plural(-score.margin, 'graine', 'graines')} au mieux` : `a loss by ${-score.margin} ${plural(-score.margin, 'seed', 'seeds')} at best`;
    case 'draw': return fr ? 'nulle en jeu parfait' : 'a draw with perfect play';
    default: {
      const v = Math.abs(score.value) / 100;
      if (Math.abs(score.value) < 25) return fr ? 'à peu près égal' : 'about level';
      const n = v.toLocaleString(fr ? 'fr-FR' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      if (score.value > 0) return fr ? `environ ${n} graines d’avance` : `about ${n} seeds ahead`;
      return fr ? `environ ${n} graines de retard` : `about ${n} seeds behind`;
    }
  }
}

// The endgame tables' verdict, from the server's {margin, exact}: a proof
// where the rules have a no-capture limit, else the tables' estimate
// (endless play counted as an even split; a repetition rule may decide
// otherwise).
export function describePerfect(p) {
  const fr = lang === 'fr';
  const who = sideName(p.margin > 0 ? 'S' : 'N');
  const m = Math.abs(p.margin);
  if (p.exact === false) {
    if (p.margin === 0) return fr ? 'nulle si le jeu sans fin partage le plateau à égalité (estimation des tables)' : 'a draw if endless play splits the board evenly (the tables’ estimate)';
    return fr ? `${who} gagne de ${m} ${plural(m, 'graine', 'graines')} si le jeu sans fin partage le plateau à égalité (estimation des tables)` : `${who} wins by ${m} ${plural(m, 'seed', 'seeds')} if endless play splits the board evenly (the tables’ estimate)`;
  }
  if (p.margin === 0) return fr ? 'partie nulle en jeu parfait' : 'a draw with perfect play';
  return fr ? `${who} gagne de ${m} ${plural(m, 'graine', 'graines')} en jeu parfait` : `${who} wins by ${m} ${plural(m, 'seed', 'seeds')} with perfect play`;
}

// A score for display: "+1.25", "win +3 in 17" (from South's view when south=true).
export function formatScore(score, fromSouth) {
  const fr = lang === 'fr';
  const sign = (v) => (v > 0 ? '+' : v < 0 ? '−' : '');
  if (score.kind === 'seeds') {
    const v = fromSouth ? score.south : score.value;
    return sign(v) + (Math.abs(v) / 100).toFixed(2).replace('.', fr ? ',' : '.');
  }
  const m = fromSouth ? score.south / 100 : score.margin;
  if (score.kind === 'draw') return score.plies ? (fr ? `nulle en ${score.plies}` : `draw in ${score.plies}`) : (fr ? 'nulle' : 'draw');
  const winner = m > 0;
  const word = fr ? (winner ? 'gain' : 'perte') : (winner ? 'win' : 'loss');
  return `${word} ${sign(m)}${Math.abs(m)}${score.plies ? (fr ? ` en ${score.plies}` : ` in ${score.plies}`) : ''}`;
}

// Seeds in hundredths, for the reader ("1.92", "1,92").
export function seeds(hundredths) {
  return (hundredths / 100).toFixed(2).replace('.', lang === 'fr' ? ',' : '.');
}

// Whether the move played keeps the best move's proven win or loss (the
// review gives it no mark and no loss).
const kept = (best, played) => (best.kind === 'win' || best.kind === 'loss') && best.kind === played.kind;

// What the review says of a move (the server's structured values): its
// verdict in a few sentences, from the mover's view.
export function reviewComment(m) {
  const sc = (s) => formatScore(s, false);
  const lines = [];
  const result = (s) => t(s.kind === 'draw' ? 'result_draw_word' : 'result_win_word');
  // The set opening of an `awale match` record: valued, not judged.
  if (m.opening) lines.push(t('c_opening'));
  else if (m.legal <= 1) lines.push(t('c_forced'));
  else if (m.move === m.best) {
    if (m.mark === '!' || m.mark === '!!') {
      if (m.mark === '!!') lines.push(t('c_gives'));
      // The only move that keeps a proven result (the review's rule):
      // a win given up for anything less, a draw for a loss.
      const second = m.second_score;
      const thrown = second && ((m.best_score.kind === 'win' && second.kind !== 'win')
        || (m.best_score.kind === 'draw' && second.kind === 'loss'));
      if (thrown) lines.push(t('c_only', { result: result(m.best_score), score: sc(m.best_score) }));
      else lines.push(t('c_best_by', { gap: seeds(Math.max(0, m.best_score.value - (second ? second.value : 0))), score: sc(m.best_score) }));
      if (m.second) lines.push(t('c_next', { move: m.second, score: sc(second) }));
    } else lines.push(t('c_best_played', { score: sc(m.best_score) }));
  } else if (!m.mark && kept(m.best_score, m.played_score)) {
    // A win is a win (a loss a loss): no mark, a remark, as the terminal
    // says it; the distance first (0: not known).
    const sooner = m.best_score.plies !== m.played_score.plies;
    const key = m.best_score.kind === 'win' ? (sooner ? 'c_kept_sooner' : 'c_kept_more') : (sooner ? 'c_lost_longer' : 'c_lost_less');
    lines.push(t(key, { move: m.move, score: sc(m.played_score), best: m.best, best_score: sc(m.best_score) }));
  } else {
    lines.push(t('c_best', { move: m.best, score: sc(m.best_score) }));
    if (m.line.length > 1) {
      const words = m.line_text.split(' ');
      lines.push(t('c_line', { line: words.length > 10 ? `${words.slice(0, 10).join(' ')} …` : `${m.line_text}.` }));
    }
    if (!m.result_lost && !m.loss) lines.push(t('c_played_even', { score: sc(m.played_score) }));
    else {
      const cost = m.result_lost ? t('c_thrown', { result: result(m.best_score) }) : t('c_loses', { loss: seeds(m.loss) });
      lines.push(t('c_played', { score: sc(m.played_score), cost }));
    }
  }
  const source = m.source === 'book' ? t('src_book') : m.source === 'tables' ? t('src_tables') : t('src_search', { depth: m.depth });
  return { lines, source };
}

export function levelText(level, english) {
  const fr = DICTS.fr.levels[level];
  return lang === 'fr' && fr ? fr : english || '';
}

export function ruleSetText(name, english) {
  return (lang === 'fr' && DICTS.fr.rule_sets[name]) || english || '';
}

export function paramText(name, english) {
  return (lang === 'fr' && DICTS.fr.params[name]) || english || '';
}

export function paramValueText(value) {
  return (lang === 'fr' && DICTS.fr.param_values[value]) || value;
}

// Apply the dictionary to the page's marked elements.
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute('aria-label', t(el.dataset.i18nTitle));
  }
}
