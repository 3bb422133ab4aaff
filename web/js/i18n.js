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
  viewing: N_('After {move} (game of {total} moves)'), viewing_start: N_('Start position (game of {total} moves)'),
  not_now: N_('Go back to the game to play.'), not_yours: N_('It is the computer’s turn.'),
  illegal: N_('Not playable: {why}'), seeds_word: N_('seeds'), store: N_('store'),
  sound: N_('Sound'),
  // the names a screen reader gives parts of the page
  board: N_('Board'), game_toolbar: N_('Game'), nav_first: N_('First position'), nav_prev: N_('Previous move'),
  nav_next: N_('Next move'), graph_label: N_('Evaluation graph'),
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
  // a proven score, short: "win +3", "loss −2", "win +3 in 17" (plies), "draw in 4"
  f_win: N_('win {value}'), f_loss: N_('loss {value}'), f_in: N_('{score} in {plies}'),
  f_draw: NC_('score', 'draw'), f_draw_in: N_('draw in {plies}'),
  src_book: N_('opening book'), src_tables: N_('endgame tables, exact'), src_search: N_('search, depth {depth}'),
  server_gone: N_('The server does not answer. Is awale serve still running?'),
  // games between two devices
  friend: N_('A friend on another device'), your_name: N_('Your name'), optional: N_('optional'),
  clock: N_('Clock'), no_clock: NC_('clock', 'None'), clock_help: N_('Minutes for the game + seconds added after each move.'),
  clock_none: N_('no clock'), clock_value: N_('{min} min + {inc} s'),
  offer_accept: N_('Accept'), offer_decline: N_('Decline'), takeback: N_('Ask to take back'), resign: N_('Resign'),
  rematch: N_('Rematch'), say: N_('Say…'),
  invite_title: N_('Invite a friend'), watch_title: N_('Watchers'),
  invite_help: N_('Send this link to your friend, or let them scan the code: whoever opens it takes the other seat.'),
  watch_link: N_('Anyone can watch the game:'),
  join_title: N_('An invitation'), join: N_('Take the seat'), watch: N_('Watch'),
  join_who: N_('{name} invites you to a game of Awalé. You would play {side}.'),
  join_who_anon: N_('You are invited to a game of Awalé. You would play {side}.'),
  join_rules: N_('Rules: {rules}. Clock: {clock}.'),
  invite_used: N_('This invitation has been taken: the game has its two players. You may watch it.'),
  invite_unknown: N_('This invitation is not known here (wrong link, or the game is gone).'),
  game_gone: N_('That game is not known here (wrong link, or the game is gone).'),
  joined: N_('{name} has joined: the game starts.'),
  waiting_friend: N_('Waiting for your friend to open the invitation.'),
  waiting_player: N_('Waiting for the second player.'),
  watching: N_('You are watching this game.'),
  you_named: N_('{name} (you)'), away: N_('away'), not_joined: N_('not here yet'),
  is_away: N_('{name} is away.'), is_back: N_('{name} is back.'),
  refused_turn: N_('It is your opponent’s turn.'), refused_token: N_('This browser holds no seat in this game.'),
  too_fast: N_('One message every two seconds at most.'),
  offer_end: N_('{name} proposes to end the game here. Do you agree?'),
  offer_takeback: N_('{name} asks to take back their last move. Do you agree?'),
  offer_rematch: N_('{name} proposes a rematch, sides swapped. Do you agree?'),
  offer_sent_end: N_('You proposed to end the game: waiting for the answer.'),
  offer_sent_takeback: N_('You asked to take back your move: waiting for the answer.'),
  offer_sent_rematch: N_('You proposed a rematch: waiting for the answer.'),
  answer_yes: N_('{name} accepts.'), answer_no: N_('{name} declines.'),
  resign_title: N_('Resign the game?'), resign_text: N_('The game ends here and {name} wins.'),
  rematch_started: N_('The rematch starts: you play {side}.'),
  msg_hello: N_('Hello!'), msg_good_luck: N_('Good luck!'), msg_good_game: N_('Good game!'),
  msg_well_played: N_('Well played!'), msg_thanks: N_('Thank you!'), msg_oops: N_('Oops!'),
  said_msg: N_('{name}: “{text}”'),
  win_name: N_('{name} wins'),
  over_status_short: N_('Game over: {reason}.'),
  end_resigned: N_('{name} resigned'), end_resignation: N_('a player resigned'),
  end_time: N_('{name} ran out of time'), end_time_any: N_('a player ran out of time'),
  end_agreement: N_('the players agreed to end the game'), end_abandoned: N_('the game was abandoned'),
  end_rules: N_('the end by the rules'),
  analysis_duel: N_('No engine while two people play: the analysis comes back when the game is over.'),
  games: N_('Games'), archive_title: N_('Finished games'), more: N_('More'), archive_empty: N_('No finished game yet.'),
  archive_none: N_('This server keeps no archive.'), archive_won: N_('{name} won'), archive_moves: N_('{n} moves'), archive_move: N_('1 move'),
  title_turn: N_('Your turn'), share: N_('Share'),  in_progress: N_('Your games in progress'), your_move: N_('your turn'), their_move: N_('{name} to move'),
  game_lost: N_('That game is gone (expired or deleted): a new one starts.'),
  // the page with no server (offline.js)
  where_device: N_('The engine runs on this device.'), where_server: N_('The engine runs on the server.'),
  update_ready: N_('A new version is ready.'), reload: N_('Reload'), offline_ready: N_('Ready to play offline.'),
  install: N_('Install the app'),
  keys: [
    ['A–F, a–f', N_('play that pit (the letters of the side to move)')],
    [N_('Tab, arrows'), N_('on the board: from pit to pit; Enter or Space plays the pit')],
    ['← →', N_('relay: after the pit, the direction; otherwise step through the moves')],
    ['+ −', N_('relay: sow to your right (+) or left (−)')],
    [N_('Home End'), N_('first position, back to the game')],
    ['↑ ↓', N_('first position, back to the game')],
    ['H', N_('hint')],
    ['U  R', N_('undo, redo')],
    ['V', N_('review the game')],
    ['I', N_('analysis on or off')],
    ['N', N_('new game')],
    ['P', N_('Set up a position')],
    ['S  L', N_('save the game (export), load a record (import)')],
    ['G', N_('propose to end the game')],
    ['T', N_('turn the board')],
    [N_('Esc'), N_('cancel a pit choice, close a window')],
    ['?', N_('this list')],
    ['', N_('The same keys as the terminal game (awale play).')],
  ],
  // the values of rule parameters, as the page shows them in a list
  param_values: {
    void: NC_('rule value', 'void'), capture: NC_('rule value', 'capture'),
    mover: NC_('rule value', 'mover'), opponent: NC_('rule value', 'opponent'),
    none: NC_('rule value', 'none'), owner: NC_('rule value', 'owner'), no: NC_('rule value', 'no'),
    yes: NC_('rule value', 'yes'), ccw: NC_('rule value', 'ccw'), cw: NC_('rule value', 'cw'),
    forward: NC_('rule value', 'forward'), backward: NC_('rule value', 'backward'),
    end: NC_('rule value', 'end'), pass: NC_('rule value', 'pass'),
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

// The terminal's messages (src/front/words.c, and the library's sentences it
// says, src/rules/play.c), shared through the catalog:
// _(msgid, ...args) and P_(singular, plural, n, ...args) with printf's %s
// and %d, as the C code formats them.
function format(fmt, args) {
  let k = 0;
  return fmt.replace(/%(?:(\d+)\$)?(0?\d*)([sd%])/g, (all, pos, width, c) => {
    if (c === '%') return '%';
    const v = args[pos ? Number(pos) - 1 : k++];
    const text = c === 'd' ? String(Math.trunc(Number(v))) : String(v);
    return width ? text.padStart(Number(width), width[0] === '0' ? '0' : ' ') : text;
  });
}
function _(msgid, ...args) { return format(tr(msgid), args); }
function P_(one, many, n, ...args) {
  const s = catalog && catalog.messages[one];
  const text = Array.isArray(s) && s.every((x) => x) ? s[Math.min(s.length - 1, catalog.plural(n))] : (n === 1 ? one : many);
  return format(text, args);
}

const sideWord = (side) => sideName(side);

// A pit and a store as a screen reader names them: "Pit C: 4 seeds",
// "Pit C: 1 seed"; "South’s store: 12 seeds".
export const pitLabel = (pit, n) => P_('Pit %s: %d seed', 'Pit %s: %d seeds', n, pit, n);
export const storeLabel = (side, n) => P_('%s’s store: %d seed', '%s’s store: %d seeds', n, side, n);
// The review's note once it is done: "31 moves reviewed (depth 14). ..."
export const reviewDone = (n, depth) => P_('%d move reviewed (depth %d). Choose a move to see its comment.',
  '%d moves reviewed (depth %d). Choose a move to see its comment.', n, n, depth);

// "2 from b, 3 from c and 3 from d", board order (words.c: captured_list).
function capturedList(pits) {
  const parts = [...pits].sort((a, b) => a.pit - b.pit).map((p) => _('%d from %s', p.seeds, p.name));
  if (parts.length <= 1) return parts.join('');
  return parts.slice(0, -1).join(', ') + _(' and ') + parts[parts.length - 1];
}

// What a move did, from its report (the server's structured values), in
// the terminal's words (words.c: words_move).
export function describeMove(rep, who) {
  const name = who || sideName(rep.side);
  const opp = sideWord(rep.side === 'S' ? 'N' : 'S');
  if (rep.pass) return _('%s passes: no pit holds 2 seeds or more.', name);
  let s = rep.laps > 1
    ? P_('%s plays %s: sows %d seed, then relays %d times (%d seeds sown in all)',
      '%s plays %s: sows %d seeds, then relays %d times (%d seeds sown in all)', rep.seeds,
      name, rep.move, rep.seeds, rep.laps - 1, rep.sown)
    : P_('%s plays %s: sows %d seed', '%s plays %s: sows %d seeds', rep.seeds, name, rep.move, rep.seeds);
  if (rep.slam_void) return s + _("; taking every seed of %s's row would be a grand slam, so it captures nothing.", opp);
  if (!rep.captured) return `${s}.`;
  if (rep.grand_slam) return s + _(" and captures all %d seeds of %s's row, a grand slam: %s.", rep.captured, opp, capturedList(rep.pits));
  if (rep.pits.length === 1) return s + P_(' and captures %d seed from %s.', ' and captures %d seeds from %s.', rep.captured, rep.captured, rep.pits[0].name);
  return s + _(' and captures %d seeds: %s.', rep.captured, capturedList(rep.pits));
}

// Who takes the seeds left, by a rule parameter's value (src/rules/play.c:
// leftover_phrase).
function leftover(value, mover) {
  switch (value) {
    case 'mover': return mover === 'S' ? _('South takes the seeds left') : _('North takes the seeds left');
    case 'opponent': return mover === 'S' ? _('North takes the seeds left') : _('South takes the seeds left');
    case 'owner': return _('each player takes the seeds of his own row');
    default: return _('the seeds left are not counted');
  }
}

// Why a game ended, from the status word, the rules and the final position
// (src/rules/play.c: aw_status_explain, which the terminal says through
// the catalog).
export function describeEnd(state) {
  const st = state.status;
  const p = state.rules.params;
  const relay = state.rules.family === 'relay';
  const mover = state.board.side;
  const me = sideWord(mover);
  const other = sideWord(mover === 'S' ? 'N' : 'S');
  const scores = state.board.scores;
  const notCounted = _('the seeds left are not counted');
  switch (st.over) {
    case 'target':
      return _('%s reached the target of %d seeds', sideWord(scores[0] >= Number(p.target) ? 'S' : 'N'), p.target);
    case 'empty-board': return _('no seed is left on the board');
    case 'empty-row':
      return _('%s has no seed to play; %s', me, relay || p['empty-row'] !== 'owner' ? notCounted
        : mover === 'S' ? _('North takes the seeds of his row') : _('South takes the seeds of his row'));
    case 'cannot-feed':
      return _("%s's row is empty and no move of %s can reach it; %s", other, me,
        relay ? notCounted : leftover(p['cannot-feed'], mover));
    case 'no-move':
      if (p['no-move'] === 'pass') return _('neither player has a pit with 2 seeds or more; the seeds left are not counted');
      return _('%s has no pit with 2 seeds or more; the seeds left are not counted', me);
    case 'no-capture': {
      const n = Number(p['no-capture']);
      return P_('%d ply was played without a capture; the seeds left are not counted',
        '%d plies were played without a capture; the seeds left are not counted', n, n);
    }
    case 'repetition':
      return _('the same position occurred %d times; %s', p.repetition,
        relay ? notCounted : _('each player takes the seeds of his own row'));
    case 'agreement':
      return _('the players agreed to end the game; %s', leftover(p.agreement === 'no' ? 'none' : p.agreement, mover));
    default: return st.reason;
  }
}

export function describeResult(scores) {
  const [a, b] = scores;
  if (a === b) return t('result_draw', { a });
  return t('result_win', { side: sideName(a > b ? 'S' : 'N'), a: Math.max(a, b), b: Math.min(a, b) });
}

// A score for the side to move, in words ("about 1.25 seeds ahead"; the
// estimate's words are the terminal's, words.c: seeds_ahead).
export function describeScore(score) {
  switch (score.kind) {
    // A proven result: by the search (a distance) or by the endgame tables (plies 0).
    case 'win':
      if (!score.plies) return P_('a win by %d seed with perfect play', 'a win by %d seeds with perfect play', score.margin, score.margin);
      return P_('a win by %d seed or more', 'a win by %d seeds or more', score.margin, score.margin);
    case 'loss':
      if (!score.plies) return P_('a loss by %d seed with perfect play', 'a loss by %d seeds with perfect play', -score.margin, -score.margin);
      return P_('a loss by %d seed at best', 'a loss by %d seeds at best', -score.margin, -score.margin);
    case 'draw': return _('a draw with perfect play');
    default: {
      if (Math.abs(score.value) < 25) return _('about level');
      const v = Math.abs(score.value);
      const whole = Math.trunc(v / 100);
      if (score.value > 0) return P_('about %d.%02d seeds ahead', 'about %d.%02d seeds ahead', whole, whole, v % 100);
      return P_('about %d.%02d seeds behind', 'about %d.%02d seeds behind', whole, whole, v % 100);
    }
  }
}

// The endgame tables' verdict, from the server's {margin, exact}: a proof
// where the rules have a no-capture limit, else the tables' estimate
// (endless play counted as an even split; a repetition rule may decide
// otherwise). words.c: words_tables.
export function describePerfect(p) {
  const who = sideWord(p.margin > 0 ? 'S' : 'N');
  const m = Math.abs(p.margin);
  if (p.exact === false) {
    if (p.margin === 0) return _("a draw if endless play splits the board evenly (the tables' estimate)");
    return P_("%s wins by %d seed if endless play splits the board evenly (the tables' estimate)",
      "%s wins by %d seeds if endless play splits the board evenly (the tables' estimate)", m, who, m);
  }
  if (p.margin === 0) return _('a draw with perfect play');
  return P_('%s wins by %d seed with perfect play', '%s wins by %d seeds with perfect play', m, who, m);
}

// A score for display: "+1.25", "win +3 in 17" (from South's view when south=true).
export function formatScore(score, fromSouth) {
  const sign = (v) => (v > 0 ? '+' : v < 0 ? '−' : '');
  if (score.kind === 'seeds') {
    const v = fromSouth ? score.south : score.value;
    return sign(v) + seeds(Math.abs(v));
  }
  const m = fromSouth ? score.south / 100 : score.margin;
  if (score.kind === 'draw') return score.plies ? t('f_draw_in', { plies: score.plies }) : t('f_draw');
  const value = `${sign(m)}${Math.abs(m)}`;
  const word = m > 0 ? t('f_win', { value }) : t('f_loss', { value });
  return score.plies ? t('f_in', { score: word, plies: score.plies }) : word;
}

// Seeds in hundredths, for the reader ("1.92", "1,92"): the number as the
// page's language writes it.
export function seeds(hundredths) {
  return (hundredths / 100).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
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

// What a rule parameter does: the server's help text (GET /api/rules,
// marked in src/rules/ruleset.c for the program's catalog).
export function paramText(name, english) {
  return tr(english || '');
}

export function paramValueText(value) {
  return EN.param_values[value] ? tr(EN.param_values[value]) : value;
}

// The terminal's messages for the page's own modules (trainer.js).
export { _, P_ };

// Apply the dictionary to the page's marked elements.
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-title]')) {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute('aria-label', t(el.dataset.i18nTitle));
  }
}
