// i18n.js - the page's words. The server sends structured values (a move's
// seeds, laps, captured pits; an end's reason code; rule parameters); the
// sentences are made here, in the reader's language. The English is the
// table below, each string marked N_() for xgettext (scripts/po-check.sh
// puts them in po/awale.pot with the program's); the translations come from
// po/LANG.po through the catalog the Makefile makes (/js/catalog.js,
// scripts/po-js.sh), shared with the terminal: where the page and the
// terminal say the same thing, they say it with one message. French is
// written as Awalé players say it: semer, graines, case, grenier, prise,
// nourrir, grand chelem.
import catalogs from './catalog.js';

// A string for xgettext to extract, translated where it is shown; NC_ with
// a context where one English word means different things.
const N_ = (s) => s;
const NC_ = (context, s) => `${context}\u0004${s}`;

const EN = {
  new_game: N_('New game'), import: N_('Import'), export: N_('Export'), language: N_('Language'), theme: N_('Theme'),
  keys_title: N_('Keyboard'), back_to_game: N_('Back to the game'), undo: N_('Undo'), redo: N_('Redo'), hint: N_('Hint'),
  agree: N_('Propose to end'), flip: N_('Turn the board'), moves: N_('Moves'), analysis: N_('Analysis'), on: N_('On'),
  lines: N_('Lines'), graph: N_('Evaluation'), opponent: N_('Opponent'), computer: N_('Computer'),
  person: N_('A person, same screen'), level: N_('Level'), your_side: N_('You play'), south_bottom: N_('South'),
  north_top: N_('North'), random: N_('Random'), movetime: N_('Time per move'), first: N_('Who starts'),
  south: N_('South'), north: N_('North'), rules: N_('Rules'), rule_params: N_('Rule parameters'),
  start_position: N_('Start position'),
  start_position_help: N_('Twelve pit counts (A to F, then a to f), the two scores and the side to move.'),
  cancel: N_('Cancel'), start: N_('Start'), import_title: N_('Import a game'),
  import_help: N_('Paste a game record, or choose a file.'), export_title: N_('Game record'), copy: N_('Copy'),
  download: N_('Download'), close: N_('Close'), review: N_('Review'), decline: N_('No, play on'), accept: N_('Yes, end here'),
  analysis_off: N_('Turn the analysis on to see what the engine thinks, move by move.'),
  you: N_('You'), computer_level: N_('Computer · level {level}'), player: N_('Player'),
  you_short: N_('you'), computer_short: N_('computer'),
  your_turn: N_('Your turn: choose a pit ({pits}).'), side_turn: N_('{side} to move ({pits}).'),
  your_turn_relay: N_('Your turn: choose a pit, then a direction.'),
  side_turn_relay: N_('{side} to move: a pit, then a direction.'),
  thinking: N_('The computer is thinking'), hinting: N_('Looking for a good move'),
  considering: N_('The computer considers your proposal'),
  must_pass: N_('{side} has no pit with 2 seeds or more and passes.'), pass: N_('Pass'),
  viewing: N_('After {move} ({total} moves played)'), viewing_start: N_('Start position ({total} moves played)'),
  not_now: N_('Go back to the game to play.'), not_yours: N_('It is the computer’s turn.'),
  illegal: N_('Not playable: {why}'), seeds_word: N_('seeds'), store: N_('store'),
  pit_label: N_('Pit {pit}: {n} seeds'), store_label: N_('{side}’s store: {n} seeds'),
  hint_book: N_('opening book'), hint_tables: N_('endgame tables'), hint_search: N_('search, depth {depth}'),
  hint_for_you: N_('For you: {score}.'), hint_for_side: N_('For {side}: {score}.'), hint_line: N_('Expected line: {line}'),
  depth: N_('depth {depth}'), nodes_s: N_('{n} nodes/s'), perfect: N_('Endgame tables: {text}'),
  analysing: N_('After {move}'), analysing_start: N_('Start position'), analysis_done: N_('Analysis finished'),
  analysis_waiting: N_('Waiting for the computer’s move…'), analysis_queued: N_('Waiting for a free engine…'),
  analysis_over: N_('The game is over.'), analysis_current: N_('The analysis follows the game’s current position.'),
  graph_note: N_('South above, North below'), graph_empty: N_('Play a few moves to see the evaluation.'),
  win_you: N_('You win!'), win_computer: N_('The computer wins'), win_side: N_('{side} wins'), draw: N_('A draw'),
  score_line: N_('{s} – {n}'), over_status: N_('Game over: {reason}. {result}.'),
  result_win: N_('{side} wins {a} to {b}'), result_draw: N_('a draw, {a} all'),
  agree_ask: N_('{side} proposes to end the game here (final score {s} – {n}). {other}, do you agree?'),
  agree_declined: N_('The computer declines: {why}'), agree_accepted: N_('The computer accepts: the game ends {s} – {n}.'),
  agree_lose: N_('ending now it would lose.'), agree_better: N_('it expects to do better by playing on.'),
  agree_tables: N_('the endgame tables say it wins by {m} with perfect play.'),
  agree_tables_estimate: N_('the endgame tables expect it to win by {m}.'),
  agree_proven: N_('it sees a forced win by {m}.'), declined_person: N_('{side} declines: play on.'),
  nothing_undo: N_('Nothing to undo.'), nothing_redo: N_('Nothing to redo.'),
  copied: N_('Copied.'), imported: N_('Game imported: {n} moves.'), error: N_('Error: {msg}'),
  review_panel: N_('Review'), review_start: N_('Review the game'), review_more: N_('Review the new moves'),
  review_again: N_('Review again'), review_busy: N_('Reviewing…'),
  review_help: N_('The engine judges every move: the best one, what each move cost, and marks: !! brilliant, ! good, ?! inaccuracy, ? mistake, ?? blunder.'),
  review_queued: N_('Waiting for a free engine…'), review_running: N_('Reviewing: {n} of {total} moves'),
  review_done: N_('{n} moves reviewed (depth {depth}). Choose a move to see its comment.'),
  review_stopped: N_('Review stopped after {n} of {total} moves.'), review_failed: N_('The review failed: {error}'),
  review_changed: N_('The game has changed since the review: review it again.'),
  review_nothing: N_('Play a few moves first.'),
  review_player: N_('Player'), review_avg: N_('lost / move'), review_turning: N_('Turning points:'),
  review_no_turning: N_('no turning point'), review_graph: N_('values of the review'),
  mark_brilliant: N_('brilliant move'), mark_good: N_('good move'), mark_inaccuracy: N_('inaccuracy'),
  mark_mistake: N_('mistake'), mark_blunder: N_('blunder'), mark_interesting: N_('interesting move'),
  c_forced: N_('The only legal move.'), c_best_played: N_('The best move ({score}).'),
  c_only: N_('The only move that keeps the {result} ({score}).'), c_best_by: N_('Best by {gap} seeds ({score}).'),
  c_next: N_('Next best: {move} ({score}).'), c_gives: N_('It gives seeds away at once.'),
  c_best: N_('Best: {move} ({score}).'), c_line: N_('Expected line: {line}'),
  c_played: N_('Played: {score}, {cost}.'), c_loses: N_('loses {loss} seeds'), c_thrown: N_('throws away the {result}'),
  c_played_even: N_('Played: {score}, as good as the best.'),
  c_opening: N_('A move of the set opening: neither player chose it, so it is not judged.'),
  c_kept_sooner: N_('{move} keeps the win (after it, {score}). {best} wins sooner: {best_score}.'),
  c_kept_more: N_('{move} keeps the win (after it, {score}). {best} wins by more: {best_score}.'),
  c_lost_longer: N_('The game is lost whatever the move: {move} (after it, {score}). {best} holds out longer: {best_score}.'),
  c_lost_less: N_('The game is lost whatever the move: {move} (after it, {score}). {best} loses by less: {best_score}.'),
  mark_opening: N_('set opening, not judged'),
  result_win_word: N_('win'), result_draw_word: N_('draw'),
  src_book: N_('opening book'), src_tables: N_('endgame tables, exact'), src_search: N_('search, depth {depth}'),
  server_gone: N_('The server does not answer. Is awale serve still running?'),
  game_lost: N_('That game is gone (expired or deleted): a new one starts.'),
  keys: [
    ['A–F, a–f', N_('play that pit (the letters of the side to move)')],
    ['← →', N_('relay: after the pit, the direction; otherwise step through the moves')],
    ['+ −', N_('relay: sow to your right (+) or left (−)')],
    [N_('Home End'), N_('first position, back to the game')],
    ['↑ ↓', N_('first position, back to the game')],
    ['H', N_('hint')],
    ['U  R', N_('undo, redo')],
    ['V', N_('review the game')],
    ['I', N_('analysis on or off')],
    ['N', N_('new game')],
    ['S  L', N_('save the game (export), load a record (import)')],
    ['G', N_('propose to end the game')],
    ['T', N_('turn the board')],
    [N_('Esc'), N_('cancel a pit choice, close a window')],
    ['?', N_('this list')],
    ['', N_('The same keys as the terminal game (awale play).')],
  ],
  // the values of rule parameters, as the page shows them in a list
  param_values: {
    void: NC_('rule value', 'void'), capture: NC_('rule value', 'capture'), mover: NC_('rule value', 'mover'), opponent: NC_('rule value', 'opponent'), none: NC_('rule value', 'none'), owner: NC_('rule value', 'owner'), no: NC_('rule value', 'no'), yes: NC_('rule value', 'yes'), ccw: NC_('rule value', 'ccw'), cw: NC_('rule value', 'cw'), forward: NC_('rule value', 'forward'), backward: NC_('rule value', 'backward'), end: NC_('rule value', 'end'), pass: NC_('rule value', 'pass'),
  },
};

let lang = 'en';
let catalog = null; // catalogs[lang], null for English

// The languages the page speaks: English and each catalog, by its own name.
// TRANSLATORS: the name of your language, in your language (the page's list).
N_('English');
export function languages() {
  return [['en', 'English'], ...Object.keys(catalogs).map((l) => [l, catalogs[l].messages.English || l])];
}

export function setLang(l) {
  lang = catalogs[l] ? l : 'en';
  catalog = catalogs[lang] || null;
}
export function getLang() { return lang; }

// A message of the catalog in the reader's language (the English when it
// has none: a string the catalog lacks, or a server's text it does not know).
export function tr(english) {
  const s = catalog && catalog.messages[english];
  return typeof s === 'string' && s ? s : english.slice(english.indexOf('\u0004') + 1);
}

export function t(key, params = {}) {
  const s = EN[key];
  if (Array.isArray(s)) return s.map((pair) => pair.map(tr));
  if (typeof s !== 'string') return s;
  return tr(s).replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));
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

// The server's own words (a level, a rule set, a rule parameter), from the
// program's catalog like the terminal's.
export function levelText(level, english) {
  return tr(english || '');
}

export function ruleSetText(name, english) {
  return tr(english || '');
}

export function paramText(name, english) {
  return tr(english || '');
}

export function paramValueText(value) {
  return EN.param_values[value] ? tr(EN.param_values[value]) : value;
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
