// app.js - the page: one game at a time, kept on the server (the API of
// docs/api.md); this file only shows it and sends what the player does.
// Rules, moves, the engine and records are the server's: the page never
// decides whether a move is legal nor what it does - it animates the
// server's move reports and words them in the reader's language.
import { api, ApiError } from './api.js';
import { Board, pitName } from './board.js';
import { Graph } from './graph.js';
import * as i18n from './i18n.js';
import * as reviews from './review.js';
import * as analysis from './analysis.js';
import * as dialogs from './dialogs.js';
import * as people from './people.js';
import * as archive from './archive.js';
import * as clock from './clock.js';
import * as offline from './offline.js';
import * as editor from './editor.js';
import { announce } from './a11y.js';
import * as sound from './sound.js';
import * as movetree from './movetree.js';
import * as trainer from './trainer.js';
import * as puzzles from './puzzles.js';
import * as explorer from './explorer.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------ settings

const SETTINGS_KEY = 'awale.settings';
const DEFAULT_NEW = { opponent: 'engine', level: 3, side: 'S', first: 'S', movetime: 1000, rules: 'abapa', params: {}, position: '', clock: '', name: '' };
const settings = {
  lang: null, theme: 'auto', speed: 170, multipv: 3, analysis: false, flip: false, game: null,
  newgame: { ...DEFAULT_NEW },
};
try {
  const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}');
  Object.assign(settings, saved);
  settings.newgame = { ...DEFAULT_NEW, ...(saved.newgame || {}) };
} catch { /* a damaged entry: the defaults */ }
const save = () => {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* private mode */ }
};

// ------------------------------------------------------------ state

const { ongoing } = people;

let state = null;     // the game as the server last described it
let viewPly = null;   // the position looked at (null: the game's current one)
let saidPly = null;   // the move the sentence under the board tells (its ply; null: none)
let busy = false;     // a change is on its way to the server
let waiting = false;  // ...the computer's answer, which an undo may cancel
let epoch = 0;        // changes when an undo cancels that answer: it is dropped
let switches = 0;     // game switches asked (the page's first game, a new game, an
                      // import): only the latest one's answer is taken
let animating = false;
let selected = null;  // relay: the pit chosen, waiting for its direction
let hint = null;      // the last hint, for the position it was given in
let evals = [];       // per ply: null or {score, depth}
let evalTimer = null;
let evalAbort = null; // the evaluations request in flight
let overShown = null; // the game end already announced

const board = new Board($('board'), { onPit: (i) => pitClicked(i), onDirection: (pit, dir) => play(`${pitName(pit)}${dir}`) });
const graph = new Graph($('graph'), (ply) => goTo(ply));
analysis.init({
  state: () => state, settings, movePlayed: (ply) => movePlayed(ply),
  evaluation: (ply, value) => {
    evals[ply] = value;
    if (state && ply <= state.ply) drawGraph();
  },
});
dialogs.init({
  state: () => state, settings, save, moveNumber, failed, toast,
  startGame: (opts) => startGame(opts), switchTo: (...args) => switchTo(...args), newSwitch: () => ++switches,
});
people.init({
  state: () => state, settings, save, toast, failed, newSwitch: () => ++switches,
  switchTo: (...args) => switchTo(...args), takeState: (next, played) => takeState(next, played),
  drawAll: () => { if (state) drawAll(); }, clockEvent: (ev) => clock.update(ev),
  // one screen: who resigns (the player against the computer, else the side to move), and a side's name
  localSide: () => (againstComputer() ? (humanSide('S') ? 'S' : 'N') : state.to_move),
  nameOf: (side) => (state.friend ? people.seatName(side) : againstComputer() && !humanSide(side) ? t('computer') : i18n.sideName(side)),
});
movetree.init({
  state: () => state, viewPly: () => viewPly, goTo: (ply) => goTo(ply), reviewedMove: (ply) => reviews.reviewedMove(ply),
  apply: (next) => { hint = null; return applyState(next); }, computerTurn: () => computerTurn(), busy: () => busy || animating,
  failed: (e) => failed(e), toast: (text) => toast(text),
});
editor.init({
  state: () => state, seat: () => (state ? seat() : 'S'), startGame: (opts) => startGame(opts), openNewGame: () => dialogs.openNewGame(),
  toggleAnalysis: (on) => toggleAnalysis(on), toast,
});
archive.init({ endWord: (reason, result, g) => endWord(reason, result, g) });
puzzles.init({ settings });
explorer.init({
  state: () => state, viewPly: () => viewPly, play: (move) => play(move),
  canPlay: () => !!state && viewPly === null && !busy && !animating && ongoing(state) && mayPlay() && !state.thinking && !state.computer_to_move,
});
reviews.init({
  state: () => state, viewPly: () => viewPly, moveNumber, moveLabel, playerName, goTo, failed, drawMoves, drawGraph,
  // (a review done puts its better lines in the tree: the state is newer)
  refresh: () => { if (state) api.state(state.id).then((next) => takeState(next), () => {}); },
  drawn: () => trainer.draw(),
});
trainer.init({ state: () => state, reviewComplete: () => reviews.complete(), failed });

// ------------------------------------------------------------ helpers

function toast(text, kind = 'info') {
  const box = $('toasts');
  const div = document.createElement('div');
  div.className = `toast ${kind}`;
  div.textContent = text;
  box.appendChild(div);
  setTimeout(() => div.classList.add('out'), 3800);
  setTimeout(() => div.remove(), 4400);
}

function parsePosition(text) {
  const f = text.split('-');
  return { pits: f.slice(0, 12).map(Number), scores: [Number(f[12]), Number(f[13])], side: f[14], quiet: Number(f[15] || 0) };
}

// The move list's numbering, everywhere the page counts moves: a move is
// a numbered row ("4. B f"), South's then North's; ply p (1 up) is in row
// moveNumber(p), and a game of p plies has moveNumber(p) moves.
function moveNumber(ply) {
  if (!state || ply <= 0) return 0;
  const startN = parsePosition(state.start).side === 'N';
  return Math.floor((ply - 1 + (startN ? 1 : 0)) / 2) + 1;
}

// Ply p as the move list shows it: "4. B" (South's move), "4… f" (North's).
const movePlayed = (ply) => `${moveLabel(ply)} ${state.moves[ply - 1]?.move ?? ''}`.trim();

function positionAt(ply) {
  return parsePosition(ply === 0 ? state.start : state.moves[ply - 1].after);
}

const pitIndex = (move) => {
  const c = move[0];
  return c >= 'A' && c <= 'F' ? c.charCodeAt(0) - 65 : c.charCodeAt(0) - 97 + 6;
};
const isRelay = () => state && state.rules.family === 'relay';
const other = (side) => (side === 'S' ? 'N' : 'S');
const humanSide = (side) => state.players[side === 'S' ? 'south' : 'north'].type === 'human';
const againstComputer = () => state && humanSide('S') !== humanSide('N');

function seat() {
  // Between two devices: each player sees the board from their own side.
  let s = state.friend ? (people.mySeat() || 'S') : !humanSide('S') && humanSide('N') ? 'N' : 'S';
  if (settings.flip) s = other(s);
  return s;
}

function playerName(side) {
  if (state.friend) {
    const name = people.seatName(side);
    return side === people.mySeat() ? t('you_named', { name }) : name;
  }
  const p = state.players[side === 'S' ? 'south' : 'north'];
  if (p.type === 'engine') return t('computer_level', { level: p.level });
  return againstComputer() ? t('you') : i18n.sideName(side);
}

// "South (you)", "North (computer)", or the side alone between people.
function moverName(side) {
  if (state.friend) return people.seatName(side);
  if (!againstComputer()) return i18n.sideName(side);
  return `${i18n.sideName(side)} (${humanSide(side) ? t('you_short') : t('computer_short')})`;
}

// "12." or "12…" for the move of `ply` (1 = the first).
function moveLabel(ply) {
  const k = ply - 1 + (parsePosition(state.start).side === 'N' ? 1 : 0);
  return `${moveNumber(ply)}${k % 2 ? '…' : '.'}`;
}

function failed(e) {
  if (e instanceof ApiError && e.status === 0) toast(t('server_gone'), 'error');
  else if (e instanceof ApiError && state && state.friend && e.code && REFUSALS[e.code]) toast(t(REFUSALS[e.code]), 'error');
  else if (e instanceof ApiError && e.status === 404 && state) {
    toast(t('game_lost'), 'error');
    startGame(settings.newgame, false);
  } else toast(e.message, 'error');
}

// The server's refusals in a game between two devices, by code.
const REFUSALS = { not_your_turn: 'refused_turn', bad_token: 'refused_token', rate_limited: 'too_fast' };

// Who may play now from this page: between two devices, the player whose
// turn it is (the server decides; this only greys out the board).
function mayPlay() {
  if (!state.friend) return !state.computer_to_move;
  return people.mySeat() === state.to_move && state.seats.S.joined && state.seats.N.joined;
}

// The end of a game in words: by resignation, on time, by agreement, or
// by the rules' end (the reason word and result of the server).
function endWord(reason, result, names = null) {
  const name = (side) => (names ? names[side === 'S' ? 'south' : 'north'] || i18n.sideName(side) : state && state.friend ? people.seatName(side) : i18n.sideName(side));
  const loser = result === '1-0' ? 'N' : result === '0-1' ? 'S' : null;
  switch (reason) {
    case 'resignation': return loser ? t('end_resigned', { name: name(loser) }) : t('end_resignation');
    case 'time forfeit': return loser ? t('end_time', { name: name(loser) }) : t('end_time_any');
    case 'agreement': return t('end_agreement');
    case 'abandoned': return t('end_abandoned');
    default: return reason ? t('end_rules') : '';
  }
}

function describeEnd() {
  const r = state.end_reason;
  if (r === 'resignation' || r === 'time forfeit' || r === 'abandoned' || typeof state.status !== 'object') return endWord(r, state.result);
  return i18n.describeEnd(state);
}
const scoresMatter = () => !['resignation', 'time forfeit', 'abandoned'].includes(state.end_reason);

// ------------------------------------------------------------ drawing

function boardView() {
  const live = viewPly === null;
  const ply = live ? state.ply : viewPly;
  const pos = positionAt(ply);
  const over = !ongoing(state);
  const interactive = live && !busy && !animating && !over && mayPlay() && !state.thinking;
  const legalPits = interactive ? [...new Set(state.legal.filter((m) => m !== 'pass').map(pitIndex))] : [];
  const last = ply > 0 ? state.moves[ply - 1] : null;
  const hinted = live && hint && hint.ply === state.ply ? hint : null;
  return {
    pits: pos.pits,
    scores: pos.scores,
    toMove: live ? (over ? null : state.to_move) : (ply === state.ply && over ? null : pos.side),
    legalPits,
    interactive,
    last: last && !last.pass ? { pit: last.pit, captured: last.pits.map((p) => p.pit) } : null,
    hint: hinted && hinted.move !== 'pass' ? pitIndex(hinted.move) : null,
    hintDir: hinted && selected === pitIndex(hinted.move) ? hinted.move.slice(1) : undefined,
    selected: live ? selected : null,
  };
}

function drawBoard() {
  board.setView(seat(), state.rules.params.direction === 'cw');
  board.render(boardView());
}

function drawPlayers() {
  const bottom = seat();
  const clocks = {};
  for (const [id, side] of [['player-top', other(bottom)], ['player-bottom', bottom]]) {
    const box = $(id);
    people.drawSeat(box, side);
    clocks[side] = box.querySelector('.clock');
    box.querySelector('.name').textContent = playerName(side);
    box.querySelector('.detail').textContent = `${i18n.sideName(side)} · ${side === 'S' ? 'A–F' : 'a–f'}`;
    box.classList.toggle('on', ongoing(state) && state.to_move === side && viewPly === null);
    box.classList.toggle('thinking', !!state.thinking && state.to_move === side);
  }
  if (clockFor !== state) {
    clockFor = state;
    clock.set(state.clock || null, clocks, clockZero);
  }
}

// A clock ran out on the page: the server tells whether the flag fell.
let clockFor = null;
function clockZero() {
  const id = state.id;
  setTimeout(async () => {
    if (!state || state.id !== id || !ongoing(state)) return;
    try {
      takeState(await api.state(id), []);
    } catch { /* the next update tells */ }
  }, state.friend ? 1500 : 300);
}

function statusText() {
  const st = state.status;
  // Looking back: "go back to play" while there is a game to play on; a
  // finished game keeps saying how it ended.
  if (viewPly !== null && ongoing(state)) return movetree.allowed(state) ? movetree.viewingText() : t('not_now');
  if (!ongoing(state)) {
    if (!scoresMatter()) return t('over_status_short', { reason: describeEnd() });
    return t('over_status', { reason: describeEnd(), result: i18n.describeResult((st && st.scores) || state.board.scores) });
  }
  if (state.friend) {
    const me = people.mySeat();
    const free = ['S', 'N'].find((s) => !state.seats[s].joined);
    if (free) return me ? t('waiting_friend') : t('waiting_player');
    const pits = state.to_move === 'S' ? 'A–F' : 'a–f';
    const name = people.seatName(state.to_move);
    if (isRelay()) return me === state.to_move ? t('your_turn_relay') : t('side_turn_relay', { side: name });
    return me === state.to_move ? t('your_turn', { pits }) : t('side_turn', { side: name, pits });
  }
  if (state.thinking === 'move' || (busy && state.computer_to_move)) return `${t('thinking')}…`;
  if (state.thinking === 'agree') return `${t('considering')}…`;
  if (state.legal.length === 1 && state.legal[0] === 'pass') return t('must_pass', { side: i18n.sideName(state.to_move) });
  const pits = state.to_move === 'S' ? 'A–F' : 'a–f';
  const mine = againstComputer() && humanSide(state.to_move);
  if (isRelay()) return mine ? t('your_turn_relay') : t('side_turn_relay', { side: i18n.sideName(state.to_move) });
  return mine ? t('your_turn', { pits }) : t('side_turn', { side: i18n.sideName(state.to_move), pits });
}

function drawStatus() {
  const el = $('status');
  el.textContent = statusText();
  el.classList.toggle('thinking', state.thinking === 'move' || (busy && state.computer_to_move));
  el.classList.toggle('over', !ongoing(state));
  const v = $('viewing');
  if (viewPly === null) v.hidden = true;
  else {
    v.hidden = false;
    $('viewing-text').textContent = viewPly === 0 ? t('viewing_start', { total: moveNumber(state.ply) })
      : t('viewing', { move: movePlayed(viewPly), total: moveNumber(state.ply) });
  }
}

function drawControls() {
  const live = viewPly === null;
  const idle = !busy && !animating && !state.thinking;
  // Undo also while the computer thinks about its answer: it is cancelled.
  $('btn-undo').disabled = !(idle || (waiting && !animating)) || !state.can_undo;
  // Between two devices: no undo (a takeback is asked), no hint nor analysis
  // while the game is played (the players play on their own).
  const friend = !!state.friend;
  const duel = friend && ongoing(state);
  for (const id of ['btn-undo', 'btn-redo', 'btn-agree']) $(id).hidden = friend;
  $('btn-hint').hidden = duel;
  document.body.classList.toggle('duel', duel);
  people.draw();
  $('btn-redo').disabled = !idle || !state.can_redo;
  $('btn-hint').disabled = !idle || !live || !ongoing(state) || state.computer_to_move;
  if (!friend) $('btn-agree').hidden = !state.rules || !state.agreement_allowed;
  $('btn-agree').disabled = !idle || !ongoing(state) || state.computer_to_move;
  let pass = $('btn-pass');
  const mustPass = live && ongoing(state) && mayPlay() && state.legal.includes('pass');
  if (mustPass && !pass) {
    pass = document.createElement('button');
    pass.id = 'btn-pass';
    pass.type = 'button';
    pass.className = 'primary';
    pass.addEventListener('click', () => play('pass'));
    $('btn-undo').before(pass);
  }
  if (pass) {
    pass.textContent = t('pass');
    pass.hidden = !mustPass;
    pass.disabled = !idle;
  }
  $('nav-first').disabled = (viewPly ?? state.ply) === 0;
  $('nav-prev').disabled = (viewPly ?? state.ply) === 0;
  $('nav-next').disabled = viewPly === null && !movetree.canForward();
  $('nav-last').disabled = viewPly === null;
}

function drawMoves() {
  const box = $('moves');
  box.textContent = '';
  const table = document.createElement('ol');
  table.className = 'move-list';
  // (the moves as a tree: movetree.js)
  movetree.render(table, state);
  if (!ongoing(state)) {
    const end = document.createElement('li');
    end.className = 'result';
    const [a, b] = state.status.scores || state.board.scores;
    const res = state.result && state.result !== '*' ? state.result : a > b ? '1-0' : a < b ? '0-1' : '1/2-1/2';
    end.textContent = res === '1/2-1/2' ? '½-½' : res;
    table.appendChild(end);
  }
  box.appendChild(table);
  movetree.drawTools(state);
  const cur = box.querySelector('[aria-current]');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  else box.scrollTop = box.scrollHeight;
  const r = state.rules;
  $('game-rules').textContent = r.diff ? `${r.name} (${r.diff})` : r.name;
}

function drawHint() {
  const box = $('hint');
  if (!hint || hint.ply !== state.ply || viewPly !== null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.textContent = '';
  const strong = document.createElement('strong');
  strong.textContent = hint.move;
  // Worded here from the server's fields (source, score, line), in the
  // page's language: for you against the computer, else for the side to move.
  const source = hint.source || (hint.book ? 'book' : 'search');
  const src = document.createElement('span');
  src.className = 'h-source muted';
  src.textContent = ` (${t(`hint_${source}`, { depth: hint.depth })})`;
  const text = document.createElement('span');
  text.className = 'h-text';
  const words = [];
  if (hint.score) {
    const score = i18n.describeScore(hint.score);
    words.push(againstComputer() && humanSide(state.to_move) ? t('hint_for_you', { score }) : t('hint_for_side', { score, side: i18n.sideName(state.to_move) }));
  }
  if (hint.line_text) {
    // The first moves of the line: further on it is only the engine's guess.
    const line = hint.line_text.split(' ');
    words.push(t('hint_line', { line: line.length > 8 ? `${line.slice(0, 8).join(' ')}\u00a0…` : `${hint.line_text}.` }));
  }
  text.textContent = words.join(' ');
  const label = document.createElement('span');
  label.className = 'label';
  label.textContent = `${t('hint')} `;
  box.append(label, strong, src, ' ', text);
  if (hint.tables) {
    const p = document.createElement('div');
    p.className = 'perfect';
    p.textContent = t('perfect', { text: i18n.describePerfect(hint.tables) });
    box.appendChild(p);
  }
}

// ------------------------------------------------------------ the graph

// The evaluation graph: the review's values where it covers the game.
function drawGraph() {
  const { n } = reviews.cover();
  const values = [...evals];
  for (let k = 0; k < n; k++) {
    const m = reviews.reviewedMove(k + 1);
    values[k] = { score: m.best_score, depth: m.depth, exact: m.exact };
  }
  graph.set(values, state.ply);
  graph.mark(viewPly ?? state.ply);
  let note = state.ply ? t('graph_note') : t('graph_empty');
  if (n) note = `${note} · ${t('review_graph')}`;
  $('graph-note').textContent = note;
}

// The sentence under the board: the move that led to the position looked
// at, or the last move played and shown; worded in the page's language
// each time it is drawn (a language switch words it again).
function drawSaid() {
  // (after an undo: the last move still played)
  if (saidPly !== null && saidPly > state.moves.length) saidPly = state.moves.length || null;
  let ply = viewPly ?? saidPly;
  if (ply !== null && ply < 1) ply = null;
  const m = ply === null ? null : state.moves[ply - 1];
  $('said').textContent = m ? i18n.describeMove(m, moverName(m.side)) : '';
}

function drawAll() {
  drawSaid();
  drawBoard();
  drawPlayers();
  drawStatus();
  drawControls();
  drawMoves();
  drawHint();
  reviews.draw();
  graph.mark(viewPly ?? state.ply);
  explorer.draw();
}

// ------------------------------------------------------------ the game

// Take a new state from the server, animating the moves it played.
async function applyState(next, played = [], change = false) {
  // An answer about a game left meanwhile (only a switch changes the game).
  if (state && state.id !== next.id && !change) return;
  const fresh = !state || state.id !== next.id;
  const ended = !fresh && ongoing(state) && !ongoing(next);
  state = next;
  // (kept before the moves are drawn: a reload meanwhile finds them)
  offline.keep(state);
  viewPly = null;
  selected = null;
  if (fresh) {
    evals = [];
    hint = null;
    reviews.forget();
    reviews.load();
    overShown = !ongoing(next) ? next.id : null;
    // (a game watched is not the player's own)
    if (!people.watching(next)) {
      settings.game = next.id;
      save();
    }
    people.enter(next);
    analysis.connect();
  } else if (ended) {
    explorer.forget();
    analysis.connect();
    reviews.load();
  }
  if (played.length) {
    animating = true;
    drawPlayers();
    drawStatus();
    drawControls();
    drawMoves();
    const first = state.ply - played.length;
    for (let k = 0; k < played.length; k++) {
      const before = positionAt(first + k);
      board.setView(seat(), state.rules.params.direction === 'cw');
      board.mark({ ...boardView(), interactive: false, legalPits: [], last: null, hint: null, selected: null, toMove: played[k].side });
      saidPly = first + k + 1;
      $('said').textContent = i18n.describeMove(played[k], moverName(played[k].side));
      announce($('said').textContent);
      await board.animate(played[k], before, settings.speed);
    }
    animating = false;
  }
  drawAll();
  if (!(state.friend && ongoing(state))) scheduleEvals();
  if (!ongoing(state) && overShown !== state.id + state.ply) {
    overShown = state.id + state.ply;
    showOver();
  }
}

// A state told by the event stream or by the answer to the page's own
// change, one at a time: a newer one is shown (its moves animated when they
// follow the position shown), the same one only refreshed (who is present,
// the clock, an offer), an older one dropped. Newer: a later event (the
// game's event numbers survive a restart of the server, its versions need
// not), else a later version (a game of one screen has no events).
let taking = Promise.resolve();
function takeState(next, played = []) {
  taking = taking.then(async () => {
    if (!state || !next || next.id !== state.id) return;
    const e1 = next.event_id ?? 0;
    const e0 = state.event_id ?? 0;
    if (e1 > e0 || (e1 === e0 && next.version > state.version)) {
      const follows = played.length && next.ply === state.ply + played.length;
      await applyState(next, follows ? played : []);
    } else if (e1 === e0) {
      state = next;
      if (!animating) drawAll();
    }
  }).catch((e) => failed(e));
  return taking;
}

// Stop everything that reads the game shown (before it is deleted, so that
// no request of the page meets a game that is gone).
function leaveGame() {
  clearTimeout(evalTimer);
  reviews.stop();
  if (evalAbort) evalAbort.abort();
  evalAbort = null;
  analysis.close();
  people.leave();
}

async function startGame(opts, deleteOld = true) {
  const body = {};
  if (opts.rules) body.rules = opts.rules;
  if (opts.params && Object.keys(opts.params).length) body.rule = opts.params;
  if (opts.position) body.position = opts.position;
  else body.first = opts.first;
  if (opts.opponent === 'engine') {
    const me = opts.side === 'R' ? (Math.random() < 0.5 ? 'S' : 'N') : opts.side;
    body.south = me === 'S' ? 'human' : 'engine';
    body.north = me === 'N' ? 'human' : 'engine';
    body.level = opts.level;
    body.movetime = opts.movetime;
  } else if (opts.opponent === 'friend') {
    const me = opts.side === 'R' ? (Math.random() < 0.5 ? 'S' : 'N') : opts.side;
    body.south = me === 'S' ? 'human' : 'friend';
    body.north = me === 'N' ? 'human' : 'friend';
    if (opts.name) body.name = opts.name;
  } else {
    body.south = 'human';
    body.north = 'human';
  }
  if (opts.clock) {
    const [base, increment] = opts.clock.split('+').map(Number);
    body.clock = { base, increment };
  }
  body.reply = false;
  const mine = ++switches;
  const next = await api.create(body);
  people.created(next);
  await switchTo(next, mine, deleteOld);
}

// Show the game `next` that the switch `mine` asked for, instead of the
// one shown (deleted on the server when deleteOld). A switch asked since
// wins: this game is then deleted unseen (a player may import a record
// while the page still creates its first game). Whatever was on its way
// about the game left (the computer's answer, an undo) is dropped.
async function switchTo(next, mine, deleteOld, shown) {
  if (mine !== switches) {
    api.remove(next.id).catch(() => {});
    return;
  }
  // (a game between two devices is never deleted: the other player's too)
  const old = state && deleteOld && state.id !== next.id && !state.friend ? state.id : null;
  if (state && state.id !== next.id) {
    epoch++;
    busy = waiting = false;
    leaveGame();
    saidPly = null; // the last move of the game left
    $('said').textContent = '';
  }
  if (old) api.remove(old).catch(() => {});
  settings.flip = false;
  await applyState(next, [], true);
  if (shown) shown();
  await computerTurn();
}

// The computer's move when it is its turn (asked separately, so that the
// player's own move is seen at once).
async function computerTurn() {
  if (!state || !ongoing(state) || !state.computer_to_move) return;
  busy = true;
  waiting = true;
  const mine = epoch;
  drawStatus();
  drawControls();
  drawPlayers();
  try {
    const next = await api.computer(state.id);
    if (epoch !== mine) return; // cancelled by an undo
    busy = false;
    waiting = false;
    await applyState(next, next.played || []);
  } catch (e) {
    if (epoch !== mine) return;
    busy = false;
    waiting = false;
    failed(e);
    drawAll();
    retryComputer(e);
  }
}

// The server was busy (every engine thinking): ask again a little later.
function retryComputer(e) {
  if (e instanceof ApiError && e.status === 503 && state && state.computer_to_move)
    setTimeout(() => { if (!busy && state.computer_to_move) computerTurn(); }, 2500);
}

async function play(move) {
  if (busy || animating || !state || viewPly !== null) return;
  selected = null;
  busy = true;
  drawControls();
  try {
    const next = await api.play(state.id, move, { reply: false });
    busy = false;
    hint = null;
    if (state.friend) {
      await takeState(next, next.played || []);
      return;
    }
    const turn = ongoing(next) && next.computer_to_move;
    // Ask for the computer's answer now: it thinks while the move is shown.
    const answer = turn ? api.computer(next.id).then((r) => ({ r }), (e) => ({ e })) : null;
    const mine = epoch;
    if (turn) busy = waiting = true;
    await applyState(next, next.played);
    if (answer) {
      drawStatus();
      drawPlayers();
      drawControls();
      const { r, e } = await answer;
      if (epoch !== mine) return; // an undo cancelled it
      busy = waiting = false;
      if (e) throw e;
      await applyState(r, r.played || []);
    }
  } catch (e) {
    busy = waiting = false;
    if (e instanceof ApiError && e.status === 422) toast(t('illegal', { why: e.message.replace(/^[^:]*: /, '') }), 'error');
    else failed(e);
    drawAll();
    retryComputer(e);
  }
}

function pitClicked(i) {
  // A move from a position looked at: the game goes there first, and the
  // move starts a variation (or follows the one the tree has).
  const here = viewPly !== null ? positionAt(viewPly) : null;
  const mine = here && humanSide(here.side) && (i < 6) === (here.side === 'S') && here.pits[i] > 0;
  const from = mine && !busy && !animating ? movetree.nodeAt(state, viewPly) : null;
  if (from !== null) {
    movetree.go(from, false).then((ok) => { if (ok) pitClicked(i); });
    return;
  }
  if (!state || viewPly !== null) {
    if (state && viewPly !== null && ongoing(state)) toast(t('not_now'));
    return;
  }
  if (busy || animating || !ongoing(state)) return;
  if (state.friend && !mayPlay()) {
    const me = people.mySeat();
    if (!me) toast(t('watching'));
    else if (!state.seats.S.joined || !state.seats.N.joined) toast(t('waiting_friend'));
    else toast(t('refused_turn'));
    return;
  }
  if (state.computer_to_move) {
    toast(t('not_yours'));
    return;
  }
  const name = pitName(i);
  if (isRelay()) {
    const ok = state.legal.some((m) => m[0] === name);
    if (!ok) {
      play(`${name}+`); // the server says why not
      return;
    }
    selected = selected === i ? null : i;
    drawBoard();
    return;
  }
  play(name);
}

async function undo() {
  if (state && state.friend) return; // a takeback is asked of the other player
  if (animating || !state || (busy && !waiting)) return;
  // While the computer thinks about its answer, the undo cancels it (the
  // server stops its search and takes back the move it was answering).
  if (waiting) epoch++;
  waiting = false;
  busy = true;
  try {
    const next = await api.undo(state.id);
    busy = false;
    hint = null;
    await applyState(next);
    await computerTurn();
  } catch (e) {
    busy = false;
    if (e.status === 409 && /nothing/.test(e.message)) toast(t('nothing_undo'));
    else failed(e);
    drawAll();
  }
}

async function redo() {
  if (state && state.friend && ongoing(state)) return;
  if (busy || animating || !state) return;
  busy = true;
  try {
    const next = await api.redo(state.id);
    busy = false;
    await applyState(next, next.played);
    await computerTurn();
  } catch (e) {
    busy = false;
    if (e.status === 409 && /nothing/.test(e.message)) toast(t('nothing_redo'));
    else failed(e);
    drawAll();
  }
}

async function askHint() {
  if (state && state.friend && ongoing(state)) return;
  if (busy || animating || !state || !ongoing(state) || state.computer_to_move) return;
  if (viewPly !== null) goTo(null);
  const btn = $('btn-hint');
  btn.classList.add('working');
  btn.disabled = true;
  $('status').textContent = `${t('hinting')}…`;
  try {
    hint = await api.hint(state.id);
    if (isRelay() && hint.move !== 'pass') selected = pitIndex(hint.move);
  } catch (e) {
    failed(e);
  }
  btn.classList.remove('working');
  drawAll();
  if (!$('hint').hidden) announce($('hint').textContent);
}

async function agree() {
  if (busy || !state || !ongoing(state)) return;
  busy = true;
  drawControls();
  try {
    if (againstComputer()) {
      $('status').textContent = `${t('considering')}…`;
      const next = await api.agree(state.id, {});
      const a = next.agreement;
      busy = false;
      if (a.verdict === 'ended') toast(t('agree_accepted', { s: a.agreed[0], n: a.agreed[1] }));
      else {
        const why = a.agreed_margin < 0 ? t('agree_lose') : a.from_tables ? t(a.tables_exact ? 'agree_tables' : 'agree_tables_estimate', { m: a.expected_margin })
          : a.proven ? t('agree_proven', { m: a.expected_margin }) : t('agree_better');
        toast(t('agree_declined', { why }));
      }
      await applyState(next);
    } else {
      const proposer = state.to_move;
      const ask = await api.agree(state.id, { side: proposer });
      busy = false;
      const a = ask.agreement;
      $('ask-text').textContent = t('agree_ask', { side: i18n.sideName(proposer), s: a.agreed[0], n: a.agreed[1], other: i18n.sideName(other(proposer)) });
      const dlg = $('dlg-ask');
      dlg.returnValue = '';
      dlg.showModal();
      dlg.addEventListener('close', async () => {
        if (dlg.returnValue === 'yes') {
          try {
            await applyState(await api.agree(state.id, { side: proposer, accepted: true }));
          } catch (e) { failed(e); }
        } else toast(t('declined_person', { side: i18n.sideName(other(proposer)) }));
      }, { once: true });
    }
  } catch (e) {
    busy = false;
    failed(e);
  }
  drawAll();
}

function goTo(ply) {
  if (!state || animating) return;
  if (ply === null || ply >= state.ply) viewPly = null;
  else viewPly = Math.max(0, ply);
  selected = null;
  drawAll();
  // (for a screen reader: the position looked at and the move that led to
  // it; back at the game, the status line says whose turn it is)
  if (viewPly !== null) announce([$('viewing-text').textContent, $('said').textContent].filter(Boolean).join('. '));
}

const step = (d) => goTo((viewPly ?? state.ply) + d);

function showOver() {
  const st = state.status;
  const [s, n] = (st && st.scores) || state.board.scores;
  const res = state.result && state.result !== '*' ? state.result : s > n ? '1-0' : s < n ? '0-1' : '1/2-1/2';
  const me = people.mySeat();
  let title;
  if (res === '1/2-1/2') title = t('draw');
  else {
    const winner = res === '1-0' ? 'S' : 'N';
    if (me) title = winner === me ? t('win_you') : t('win_name', { name: people.seatName(winner) });
    else if (state.friend) title = t('win_name', { name: people.seatName(winner) });
    else if (againstComputer()) title = humanSide(winner) ? t('win_you') : t('win_computer');
    else title = t('win_side', { side: i18n.sideName(winner) });
  }
  $('over-title').textContent = title;
  sound.end(res === '1/2-1/2' ? 'draw' : title === t('win_you') || !(me || againstComputer()) ? 'win' : 'lose');
  const names = (side) => (state.friend ? people.seatName(side) : i18n.sideName(side));
  // (after a resignation or a flag, the result; else the seeds)
  const [ps, pn] = scoresMatter() ? [s, n] : res === '1-0' ? [1, 0] : res === '0-1' ? [0, 1] : ['½', '½'];
  $('over-score').textContent = `${names('S')} ${ps} – ${pn} ${names('N')}`;
  $('over-reason').textContent = `${describeEnd()}.`;
  $('over-rematch').hidden = !me;
  $('over-review').hidden = people.watching();
  $('over-close').hidden = !people.watching();
  const dlg = $('dlg-over');
  dlg.returnValue = '';
  dlg.showModal();
  dlg.addEventListener('close', () => {
    if (dlg.returnValue === 'new') dialogs.openNewGame();
    else if (dlg.returnValue === 'rematch') $('btn-rematch').click();
    else if (dlg.returnValue === 'review') reviews.start();
  }, { once: true });
}

// ------------------------------------------------------------ evaluations

function scheduleEvals(delay = 400) {
  clearTimeout(evalTimer);
  evalTimer = setTimeout(fetchEvals, delay);
}

async function fetchEvals() {
  if (!state) return;
  const id = state.id;
  const version = state.version;
  if (evalAbort) evalAbort.abort();
  const ctrl = new AbortController();
  evalAbort = ctrl;
  try {
    const r = await api.evaluations(id, ctrl.signal);
    if (evalAbort === ctrl) evalAbort = null;
    if (!state || state.id !== id) return;
    evals = r.evaluations;
    if (r.ply === state.ply) drawGraph();
    if (!r.complete && state.version === version) scheduleEvals(1500);
  } catch (e) {
    if (e.name !== 'AbortError' && e.status === 503) scheduleEvals(3000);
  }
}

// ------------------------------------------------------------ keyboard

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  const tag = (e.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return;
  if (!state || puzzles.isOpen()) return; // (puzzles.js has its keys)
  const k = e.key;
  const relay = isRelay();
  if (/^[a-fA-F]$/.test(k)) {
    if (viewPly !== null) goTo(null);
    const idx = k.toLowerCase().charCodeAt(0) - 97;
    const pit = state.to_move === 'N' ? 6 + idx : idx;
    if (relay && selected === pit) selected = null;
    pitClicked(pit);
  } else if (relay && selected !== null && (k === 'ArrowLeft' || k === 'ArrowRight')) {
    const screen = k === 'ArrowRight' ? 1 : -1;
    play(`${pitName(selected)}${screen === board.ccwScreenDir(selected) ? '+' : '-'}`);
  } else if (relay && selected !== null && (k === '+' || k === '-')) {
    play(`${pitName(selected)}${k}`);
  } else if (k === 'ArrowLeft') step(-1);
  else if (k === 'ArrowRight') { if (!movetree.forward()) step(1); }
  else if (k === 'Home' || k === 'ArrowUp') goTo(0);
  else if (k === 'End' || k === 'ArrowDown') goTo(null);
  // The terminal's keys (docs/tui.md): one key map for both.
  else if (k === 'u' || k === 'U') undo();
  else if (k === 'r' || k === 'R') redo();
  else if (k === 'h' || k === 'H') askHint();
  else if (k === 'i' || k === 'I') toggleAnalysis(!settings.analysis);
  else if (k === 'n' || k === 'N') dialogs.openNewGame();
  else if (k === 'p' || k === 'P') editor.open();
  else if (k === 's' || k === 'S') dialogs.openExport();
  else if (k === 'l' || k === 'L') dialogs.openImport();
  else if ((k === 'g' || k === 'G') && !$('btn-agree').hidden && !$('btn-agree').disabled) agree();
  else if ((k === 'g' || k === 'G') && !$('people').hidden && !$('btn-offer-end').hidden && !$('btn-offer-end').disabled) $('btn-offer-end').click();
  else if (k === 't' || k === 'T') flip();
  else if (k === 'v' || k === 'V') reviews.start();
  else if (k === '?') $('dlg-help').showModal();
  else if (k === 'Escape') {
    selected = null;
    drawBoard();
  } else return;
  e.preventDefault();
}

function flip() {
  settings.flip = !settings.flip;
  save();
  drawAll();
}

function toggleAnalysis(on) {
  settings.analysis = on;
  $('chk-analysis').checked = on;
  save();
  analysis.connect();
}

// ------------------------------------------------------------ theme, language

function applyTheme() {
  const root = document.documentElement;
  if (settings.theme === 'auto') delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
  $('btn-theme').dataset.mode = settings.theme;
  // (a phone's bar above the page, in the page's background: the system's
  // scheme by the metas' media, or the theme chosen)
  const bg = getComputedStyle(root).getPropertyValue('--bg').trim();
  for (const m of document.querySelectorAll('meta[name="theme-color"]')) {
    m.dataset.auto ??= m.content;
    m.content = settings.theme === 'auto' || !bg ? m.dataset.auto : bg;
  }
}

function setLanguage(l) {
  i18n.setLang(l);
  $('sel-lang').value = i18n.getLang();
  i18n.translatePage();
  clockFor = null;
  dialogs.relabel();
  editor.relabel();
  if (state) {
    board.layout();
    drawAll();
    analysis.connect();
    drawGraph();
  }
}

// ------------------------------------------------------------ start

function wire() {
  dialogs.wire();
  people.wire();
  archive.wire();
  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', redo);
  $('btn-hint').addEventListener('click', askHint);
  $('btn-agree').addEventListener('click', agree);
  $('btn-flip').addEventListener('click', flip);
  $('btn-review').addEventListener('click', reviews.start);
  $('btn-live').addEventListener('click', () => goTo(null));
  $('btn-help').addEventListener('click', () => $('dlg-help').showModal());
  $('btn-editor').addEventListener('click', () => editor.open());
  $('nav-first').addEventListener('click', () => goTo(0));
  $('nav-prev').addEventListener('click', () => step(-1));
  $('nav-next').addEventListener('click', () => { if (!movetree.forward()) step(1); });
  $('nav-last').addEventListener('click', () => goTo(null));
  $('chk-analysis').addEventListener('change', (e) => toggleAnalysis(e.target.checked));
  $('sel-multipv').addEventListener('change', (e) => {
    settings.multipv = Number(e.target.value);
    save();
    analysis.connect();
  });
  $('sel-lang').addEventListener('change', (e) => {
    settings.lang = e.target.value;
    save();
    setLanguage(settings.lang);
  });
  $('btn-theme').addEventListener('click', () => {
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const order = dark ? ['auto', 'light', 'dark'] : ['auto', 'dark', 'light'];
    settings.theme = order[(order.indexOf(settings.theme) + 1) % 3];
    save();
    applyTheme();
  });
  $('board').addEventListener('click', (e) => {
    if (selected !== null && !e.target.closest('.pit, .dir')) {
      selected = null;
      drawBoard();
    }
  });
  document.addEventListener('keydown', onKey);
}

async function init() {
  wire();
  applyTheme();
  offline.init({ toast });
  // The languages of the catalog (po/), each by its own name; the
  // browser's first that the page speaks.
  $('sel-lang').replaceChildren(...i18n.languages().map(([code, name]) => new Option(name, code)));
  const spoken = new Set(i18n.languages().map(([code]) => code));
  const browserLang = (navigator.languages || [navigator.language || 'en'])
    .map((l) => l.toLowerCase().split('-')[0]).find((l) => spoken.has(l)) || 'en';
  setLanguage(settings.lang || browserLang);
  $('chk-analysis').checked = settings.analysis;
  $('sel-multipv').value = String(settings.multipv);
  // The game of the last visit, else a new one - unless the player has
  // already started or imported one meanwhile.
  const mine = ++switches;
  try {
    await dialogs.load();
  } catch (e) {
    failed(e);
    return;
  }
  try {
    if (await people.route()) {
      document.body.dataset.ready = 'true';
      return;
    }
  } catch (e) {
    failed(e);
  }
  // A shared position (?rules=R&position=POS): a game from it.
  try {
    if (await editor.route()) {
      document.body.dataset.ready = 'true';
      return;
    }
  } catch (e) {
    failed(e);
  }
  let restored = null;
  if (settings.game && !offline.staticMode) {
    try {
      restored = await api.state(settings.game);
    } catch { /* expired: a new game */ }
  }
  // (with no server, the game kept in the browser, re-created in the worker)
  if (!restored) restored = await offline.restore();
  try {
    if (restored) await switchTo(restored, mine, false);
    // (never a new invitation by itself: against the computer then)
    else if (mine === switches) await startGame({ ...settings.newgame, opponent: settings.newgame.opponent === 'friend' ? 'engine' : settings.newgame.opponent }, false);
  } catch (e) {
    failed(e);
  }
  document.body.dataset.ready = 'true';
}

window.addEventListener('pagehide', () => analysis.close());
init();
