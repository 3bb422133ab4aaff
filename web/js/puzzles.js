// puzzles.js - the page's puzzle mode (docs/puzzles.md, "In the page"): a
// position from the shipped puzzles (GET /api/puzzles), "South to move:
// find the winning move"; the player's move is compared with the solution
// line the server sent, the defender's replies are played by the page after
// a short pause, a wrong move is said and the solution is played out. The
// player's rating, streak and choices live in localStorage (awale.puzzles).
//
// Rating: Elo against the puzzle's rating, with a K that starts large and
// shrinks as the player solves more (K = max(16, 64 / sqrt(1 + n/5)), n the
// puzzles played): a new player finds their level in a dozen puzzles, then
// it moves slowly. A puzzle counts as solved when every move of the solver
// was the line's at the first try.
//
// The page never sows: each move's report and the position after it come
// with the puzzle (the line), and board.js animates them. The board is a
// second Board on its own <svg>, made when the mode opens and dropped when
// it closes; while it is open it takes the id "board" (the board's styles
// in style.css are by that id) and the game's board waits, hidden, as
// "board-game".
import { api } from './api.js';
import { Board, pitName } from './board.js';
import * as i18n from './i18n.js';
import { announce } from './a11y.js';

const N_ = (s) => s;
const WORDS = {
  puzzles: N_('Puzzles'),
  prompt_win: N_('{side} to move: find the winning move.'),
  prompt_draw: N_('{side} to move: find the move that saves the draw.'),
  prompt_best: N_('{side} to move: find the best move.'),
  prompt_next: N_('Right. Now find the next move.'),
  replying: N_('Right. {side} replies…'),
  solved: N_('Solved!'),
  wrong: N_('{move} is not the move. The solution: {line}.'),
  failed: N_('Not solved'),
  replay: N_('Replay the solution'),
  next: N_('Next puzzle'),
  skip: N_('Skip'),
  loading: N_('Looking for a puzzle…'),
  none: N_('No puzzle with these themes for these rules.'),
  your_rating: N_('Your rating'),
  streak: N_('Streak'),
  best_streak: N_('Best streak'),
  record: N_('{solved} solved of {played}'),
  choose: N_('Choose'),
  themes: N_('Themes'),
  any_theme: N_('Any theme: choose some to practise only those.'),
  about: N_('This puzzle'),
  puzzle_id: N_('Puzzle {id} of {count} ({rules})'),
  puzzle_rating: N_('Rating {rating}'),
  no_theme: N_('no theme'),
  change: N_('Your rating: {before} → {after}'),
  back: N_('Back to the game'),
  // the themes, as src/front/puzzles.c names them for people
  'capture-chain': N_('capture chain'), 'grand-slam': N_('grand slam'), starving: N_('starving'),
  feeding: N_('feeding'), counting: N_('counting'), endgame: N_('endgame'),
};
const w = (key, params = {}) => i18n.tr(WORDS[key]).replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));

const KEY = 'awale.puzzles';
const THEMES = ['capture-chain', 'grand-slam', 'starving', 'feeding', 'counting', 'endgame'];
const START_RATING = 1500;
const REPLY_PAUSE_MS = 700;

const $ = (id) => document.getElementById(id);
const other = (side) => (side === 'S' ? 'N' : 'S');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------ the player's record

function loadRecord() {
  const d = { rating: START_RATING, played: 0, solved: 0, streak: 0, best: 0, rules: 'abapa', themes: [], last: null };
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    for (const k of Object.keys(d)) if (saved[k] !== undefined && typeof saved[k] === typeof d[k]) d[k] = saved[k];
    if (saved.last && typeof saved.last === 'object') d.last = saved.last;
    d.themes = d.themes.filter((t) => THEMES.includes(t));
  } catch { /* a damaged entry: a fresh start */ }
  return d;
}
const record = loadRecord();
const saveRecord = () => {
  try { localStorage.setItem(KEY, JSON.stringify(record)); } catch { /* private mode */ }
};

// Elo with a shrinking K (see the top of the file): the new rating.
export function rate(rating, played, puzzleRating, solved) {
  const k = Math.max(16, 64 / Math.sqrt(1 + played / 5));
  const expected = 1 / (1 + 10 ** ((puzzleRating - rating) / 400));
  return Math.round(Math.min(3000, Math.max(100, rating + k * ((solved ? 1 : 0) - expected))));
}

// ------------------------------------------------------------ state

let board = null;
let puzzle = null;     // the puzzle shown (the server's JSON)
let step = 0;          // moves of the line played so far
let outcome = null;    // null while it is played, then {solved, before, after}
let busy = false;      // an animation or a request is under way
let selected = null;   // relay: the pit chosen, waiting for its direction
let shown = null;      // the position on the board (parsed)
let run = 0;           // changes when another puzzle comes: old animations stop
let stats = null;      // GET /api/puzzles/stats
let settings = null;   // the page's settings (speed)

function parsePosition(text) {
  const f = text.split('-');
  return { pits: f.slice(0, 12).map(Number), scores: [Number(f[12]), Number(f[13])], side: f[14] };
}
const pitIndex = (move) => {
  const c = move[0];
  return c >= 'A' && c <= 'F' ? c.charCodeAt(0) - 65 : c.charCodeAt(0) - 97 + 6;
};
const relay = () => puzzle && puzzle.rule_set.family === 'relay';
const open = () => document.body.classList.contains('puzzling');

// ------------------------------------------------------------ drawing

function view() {
  const mine = !!puzzle && !outcome && !busy && step % 2 === 0;
  const legal = mine ? legalNow() : [];
  const last = step > 0 ? puzzle.line[step - 1] : null;
  return {
    pits: shown.pits,
    scores: shown.scores,
    toMove: outcome ? null : shown.side,
    legalPits: [...new Set(legal.filter((m) => m !== 'pass').map(pitIndex))],
    interactive: mine,
    last: last && !last.pass ? { pit: last.pit, captured: last.pits.map((p) => p.pit) } : null,
    hint: null,
    selected,
  };
}

// The moves the solver may play now: those of the puzzle's position, then
// those after the defender's last reply (the server's, with the line).
function legalNow() {
  return step === 0 ? puzzle.legal : puzzle.line[step - 1].legal_after || [];
}

function drawBoard() {
  if (!board || !shown) return;
  board.setView(puzzle ? puzzle.to_move : 'S', !!puzzle && puzzle.rule_set.params.direction === 'cw');
  board.render(view());
}

function prompt() {
  if (!puzzle) return '';
  const side = i18n.sideName(puzzle.to_move);
  if (outcome) return outcome.solved ? w('solved') : w('failed');
  if (busy && step % 2 === 1) return w('replying', { side: i18n.sideName(other(puzzle.to_move)) });
  if (step > 0) return w('prompt_next');
  return w(puzzle.goal === 'win' ? 'prompt_win' : puzzle.goal === 'draw' ? 'prompt_draw' : 'prompt_best', { side });
}

function drawText() {
  const p = $('pz-prompt');
  p.textContent = prompt();
  p.classList.toggle('good', !!outcome && outcome.solved);
  p.classList.toggle('bad', !!outcome && !outcome.solved);
  $('pz-next').textContent = outcome || !puzzle ? w('next') : w('skip');
  $('pz-replay').hidden = !outcome;
  $('pz-replay').disabled = busy;
  $('pz-next').disabled = busy && !outcome;
  drawScore();
  drawAbout();
}

function drawScore() {
  $('pz-rating').textContent = String(record.rating);
  $('pz-streak').textContent = String(record.streak);
  $('pz-best').textContent = String(record.best);
  $('pz-record').textContent = w('record', { solved: record.solved, played: record.played });
  const change = $('pz-change');
  change.hidden = !outcome;
  if (outcome) {
    const d = outcome.after - outcome.before;
    change.textContent = `${w('change', { before: outcome.before, after: outcome.after })} (${d >= 0 ? '+' : '−'}${Math.abs(d)})`;
    change.classList.toggle('good', d >= 0);
    change.classList.toggle('bad', d < 0);
  }
}

// The puzzle's rating and themes: once it is over (they would give it away).
function drawAbout() {
  const box = $('pz-about');
  box.hidden = !outcome;
  if (!outcome) return;
  $('pz-about-id').textContent = w('puzzle_id', { id: puzzle.id + 1, count: puzzle.count, rules: puzzle.rules });
  $('pz-about-rating').textContent = w('puzzle_rating', { rating: puzzle.rating });
  $('pz-about-themes').textContent = puzzle.themes.length ? puzzle.themes.map((t) => w(t)).join(', ') : w('no_theme');
}

function drawChoices() {
  const sel = $('pz-rules');
  const sets = stats ? stats.rule_sets.filter((s) => s.count > 0) : [{ rules: record.rules, count: 0 }];
  sel.replaceChildren(...sets.map((s) => new Option(stats ? `${s.rules} (${s.count})` : s.rules, s.rules)));
  if (!sets.some((s) => s.rules === record.rules) && sets.length) record.rules = sets[0].rules;
  sel.value = record.rules;
  const counts = stats && stats.rule_sets.find((s) => s.rules === record.rules);
  const box = $('pz-themes');
  box.replaceChildren(...THEMES.map((theme) => {
    const label = document.createElement('label');
    label.className = 'pz-chip';
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.value = theme;
    input.checked = record.themes.includes(theme);
    const n = counts ? counts.themes[theme] : null;
    input.disabled = n === 0;
    const span = document.createElement('span');
    span.textContent = n === null ? w(theme) : `${w(theme)} · ${n}`;
    label.append(input, span);
    return label;
  }));
  $('pz-any').textContent = w('any_theme');
}

function drawAll() {
  drawBoard();
  drawText();
}

// ------------------------------------------------------------ playing

async function animateMove(k, mine) {
  const rep = puzzle.line[k];
  const before = shown;
  busy = true;
  drawText();
  board.mark({ ...view(), interactive: false, legalPits: [], last: null, selected: null, toMove: rep.side });
  $('pz-said').textContent = i18n.describeMove(rep, i18n.sideName(rep.side));
  announce($('pz-said').textContent);
  await board.animate(rep, before, settings ? settings.speed : 170);
  if (mine !== run) return false;
  shown = parsePosition(rep.after);
  step = k + 1;
  busy = false;
  return true;
}

async function tryMove(move) {
  if (!puzzle || outcome || busy || step % 2 !== 0) return;
  selected = null;
  const mine = run;
  const want = puzzle.solution[step];
  if (move !== want) {
    await finish(false, move);
    return;
  }
  if (!(await animateMove(step, mine))) return;
  if (step >= puzzle.solution.length) {
    await finish(true);
    return;
  }
  // The defender's reply, after a pause to see the move.
  busy = true;
  drawAll();
  await sleep(REPLY_PAUSE_MS);
  if (mine !== run) return;
  if (!(await animateMove(step, mine))) return;
  drawAll();
  announce(prompt());
}

async function finish(solved, wrongMove = null) {
  const before = record.rating;
  record.rating = rate(record.rating, record.played, puzzle.rating, solved);
  record.played++;
  if (solved) {
    record.solved++;
    record.streak++;
    record.best = Math.max(record.best, record.streak);
  } else record.streak = 0;
  saveRecord();
  outcome = { solved, before, after: record.rating, wrong: wrongMove };
  drawAll();
  if (solved) {
    $('pz-said').textContent = '';
    announce(`${w('solved')} ${$('pz-change').textContent}`);
  } else {
    const said = w('wrong', { move: wrongMove, line: puzzle.solution.join(' ') });
    $('pz-said').textContent = said;
    announce(said);
    await playSolution(900);
    $('pz-said').textContent = said;
  }
}

// The whole line from the puzzle's position (after a miss, or asked again).
async function playSolution(pause = 400) {
  const mine = ++run;
  shown = parsePosition(puzzle.position);
  step = 0;
  drawAll();
  await sleep(pause);
  for (let k = 0; k < puzzle.line.length; k++) {
    if (mine !== run) return;
    if (!(await animateMove(k, mine))) return;
    drawText();
    await sleep(k + 1 < puzzle.line.length ? REPLY_PAUSE_MS / 2 : 0);
  }
  if (mine === run) drawAll();
}

function pitClicked(i) {
  if (!puzzle || outcome || busy || step % 2 !== 0) return;
  const name = pitName(i);
  if (relay()) {
    selected = selected === i ? null : i;
    drawBoard();
    return;
  }
  tryMove(name);
}

async function next() {
  const mine = ++run;
  busy = true;
  outcome = null;
  selected = null;
  $('pz-prompt').textContent = w('loading');
  $('pz-said').textContent = '';
  const q = new URLSearchParams({ rules: record.rules, rating: String(record.rating) });
  if (record.themes.length) q.set('theme', record.themes.join(','));
  const last = record.last && record.last.rules === record.rules ? record.last.id : null;
  if (last !== null) q.set('exclude', String(last));
  try {
    const p = await api.puzzle(q.toString());
    if (mine !== run) return;
    puzzle = p;
    record.last = { rules: p.rules, id: p.id };
    saveRecord();
    shown = parsePosition(p.position);
    step = 0;
    busy = false;
    drawAll();
    announce(prompt());
  } catch (e) {
    if (mine !== run) return;
    busy = false;
    puzzle = null;
    shown = shown || parsePosition('0-0-0-0-0-0-0-0-0-0-0-0-24-24-S');
    drawBoard();
    drawText();
    $('pz-prompt').textContent = e.status === 404 ? w('none') : e.message;
  }
}

// ------------------------------------------------------------ the mode

function enter() {
  if (open()) return;
  document.body.classList.add('puzzling');
  $('pz').hidden = false;
  const game = $('board');
  if (game) game.id = 'board-game';
  const svg = $('pz-board');
  svg.id = 'board';
  board = new Board(svg, { onPit: pitClicked, onDirection: (pit, dir) => tryMove(`${pitName(pit)}${dir}`) });
  board.svg.dataset.puzzles = 'true';
  $('btn-puzzles').setAttribute('aria-pressed', 'true');
  relabel();
  if (!stats) api.puzzleStats().then((s) => { stats = s; drawChoices(); }).catch(() => {});
  if (puzzle && !outcome) {
    shown = parsePosition(puzzle.position); // the puzzle left: from its start again
    step = 0;
    drawAll();
  } else next();
  $('pz-prompt').focus({ preventScroll: true });
}

function leave() {
  if (!open()) return;
  run++;
  busy = false;
  document.body.classList.remove('puzzling');
  $('pz').hidden = true;
  const svg = board.svg;
  svg.textContent = '';
  svg.id = 'pz-board';
  const game = $('board-game');
  if (game) game.id = 'board';
  board = null;
  $('btn-puzzles').setAttribute('aria-pressed', 'false');
}

function relabel() {
  $('btn-puzzles').textContent = w('puzzles');
  $('pz-title').textContent = w('puzzles');
  $('pz-choose-title').textContent = w('choose');
  $('pz-themes-title').textContent = w('themes');
  $('pz-rating-label').textContent = w('your_rating');
  $('pz-streak-label').textContent = w('streak');
  $('pz-best-label').textContent = w('best_streak');
  $('pz-about-title').textContent = w('about');
  $('pz-replay').textContent = w('replay');
  $('pz-back').textContent = w('back');
  $('pz-rules-label').textContent = i18n.t('rules');
  if (board) board.relabel();
  drawChoices();
  if (open()) {
    drawText();
    if (outcome && !outcome.solved) $('pz-said').textContent = w('wrong', { move: outcome.wrong, line: puzzle.solution.join(' ') });
  }
}

function onKey(e) {
  if (!open() || e.ctrlKey || e.metaKey || e.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  const tag = (e.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return;
  const k = e.key;
  if (/^[a-fA-F]$/.test(k) && puzzle) {
    const idx = k.toLowerCase().charCodeAt(0) - 97;
    pitClicked(shown.side === 'N' ? 6 + idx : idx);
  } else if (relay() && selected !== null && (k === '+' || k === '-')) tryMove(`${pitName(selected)}${k}`);
  else if (k === 'n' || k === 'N' || (k === 'Enter' && outcome && e.target === document.body)) next();
  else if (k === 'Escape') leave();
  else return;
  e.preventDefault();
}

// Hooks of app.js: the page's settings (the sowing speed).
export function init(opts = {}) {
  settings = opts.settings || null;
  $('btn-puzzles').addEventListener('click', () => (open() ? leave() : enter()));
  $('pz-back').addEventListener('click', leave);
  $('pz-next').addEventListener('click', next);
  $('pz-replay').addEventListener('click', () => playSolution());
  $('pz-rules').addEventListener('change', (e) => {
    record.rules = e.target.value;
    saveRecord();
    drawChoices();
    next();
  });
  $('pz-themes').addEventListener('change', () => {
    record.themes = [...$('pz-themes').querySelectorAll('input:checked')].map((i) => i.value);
    saveRecord();
    next();
  });
  // (after app.js has switched the language: its listener may come later)
  $('sel-lang').addEventListener('change', () => setTimeout(relabel));
  document.addEventListener('keydown', onKey);
  relabel();
  drawScore();
  // A link to the puzzles opens them (/?puzzles).
  if (new URLSearchParams(location.search).has('puzzles')) enter();
}

export const isOpen = open;
