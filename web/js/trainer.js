// trainer.js - learn from your mistakes (docs/trainer.md), on the page: once
// the game's review is complete, a button opens a board of its own in a
// dialog, put before each of the player's moves that the review marked
// ?!, ? or ?? ("Find a better move for South (move 14)."). The player
// clicks a pit (or presses its letter); the server judges the move (POST
// .../trainer/try: the best move, a move as good within a seed, else a
// miss: a hint and a second try, then the answer with its line). "Next"
// goes on; at the end, a summary. Leaving closes the dialog: the game's
// own board and state were never touched. The sentences are the
// terminal's (src/front/trainer.c) through the one catalogue (_ and P_),
// made here from the server's values.
import { ApiError, tokenOf } from './api.js';
import { Board, pitName } from './board.js';
import { _, P_, sideName, describeScore } from './i18n.js';
import { transport } from './transport.js';

const $ = (id) => document.getElementById(id);

let page = null;   // what the page lends (init)
let dlg = null;    // the dialog, made on first use
let board = null;  // its board
let data = null;   // the server's trainer state
let index = null;  // the exercise shown (null: the summary)
let busy = false;  // a move being judged
let selected = null; // relay: the pit chosen, before its direction
let verdict = null;  // the last verdict of the exercise shown
let lineStep = null; // the best line played on the board: moves shown (null: the position)
let lineTimer = null;

// The page's game: state(), reviewComplete(), failed(e).
export function init(host) {
  page = host;
  $('btn-trainer').addEventListener('click', start);
}

const call = async (method, path, body) => {
  const id = page.state().id;
  const init = { method, headers: {} };
  if (tokenOf(id)) init.headers.Authorization = `Bearer ${tokenOf(id)}`;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await transport.fetch(`/api/games/${id}/trainer${path}`, init);
  const out = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, (out && out.error) || `HTTP ${res.status}`, out && out.code);
  return out;
};

// The button, under the review, when the review covers the whole game.
export function draw() {
  const btn = $('btn-trainer');
  btn.textContent = _('Learn from your mistakes');
  btn.hidden = !page.reviewComplete();
  if (dlg && dlg.open) drawDialog();
}

function make() {
  dlg = document.createElement('dialog');
  dlg.id = 'dlg-trainer';
  dlg.className = 'trainer';
  dlg.setAttribute('aria-labelledby', 'tr-title');
  dlg.innerHTML = `
    <header class="tr-head">
      <h2 id="tr-title"></h2>
      <span id="tr-progress" class="tr-progress"></span>
      <button type="button" id="tr-leave" class="tr-leave"></button>
    </header>
    <p id="tr-task" class="tr-task"></p>
    <p id="tr-played" class="tr-played muted"></p>
    <div class="tr-board-wrap"><svg id="tr-board" viewBox="0 0 1000 520" role="group"></svg></div>
    <div id="tr-verdict" class="tr-verdict" aria-live="polite"></div>
    <p id="tr-hint" class="tr-hint" hidden></p>
    <p id="tr-answer" class="tr-answer" hidden></p>
    <p class="tr-line-row" hidden><button type="button" id="tr-line"></button> <span id="tr-line-at" class="muted"></span></p>
    <div id="tr-summary" class="tr-summary" hidden></div>
    <div class="tr-buttons"><button type="button" id="tr-next" hidden></button></div>`;
  document.body.appendChild(dlg);
  board = new Board($('tr-board'), {
    onPit: (i) => pitClicked(i),
    onDirection: (pit, dir) => tryMove(`${pitName(pit)}${dir}`),
  });
  $('tr-leave').addEventListener('click', leave);
  $('tr-next').addEventListener('click', next);
  $('tr-line').addEventListener('click', playLine);
  dlg.addEventListener('cancel', (e) => { e.preventDefault(); leave(); });
  dlg.addEventListener('keydown', onKey);
}

// Start (or start again) the exercises of the game's review.
export async function start() {
  if (!page.state()) return;
  try {
    data = await call('POST', '', {});
  } catch (e) {
    page.failed(e);
    return;
  }
  if (!dlg) make();
  index = data.current;
  verdict = null;
  selected = null;
  stopLine();
  lineStep = null;
  drawDialog();
  if (!dlg.open) dlg.showModal();
  $(index === null ? 'tr-leave' : 'tr-board').focus?.();
}

async function leave() {
  stopLine();
  lineStep = null;
  if (dlg && dlg.open) dlg.close();
  const id = page.state() && page.state().id;
  data = null;
  index = null;
  if (id) call('DELETE', '').catch(() => {});
  $('btn-trainer').focus();
}

const exercise = () => (data && index !== null ? data.exercises[index] : null);
const relay = () => page.state().rules.family === 'relay';

function pitsOf(x, side) {
  const base = side === 'S' ? 0 : 6;
  return [0, 1, 2, 3, 4, 5].map((k) => base + k).filter((p) => x.position.pits[p] > 0);
}

function drawDialog() {
  const x = exercise();
  $('tr-title').textContent = _('Learn from your mistakes');
  $('tr-leave').textContent = _('Back to the game');
  const p = data.progress;
  const done = p.total - p.open;
  $('tr-progress').textContent = p.total ? _('%d of %d', Math.min(p.total, (index ?? done - 1) + 1), p.total) : '';
  const summary = $('tr-summary');
  if (!x) {
    // The end (or nothing to do): the summary.
    $('tr-task').textContent = p.total ? _('All done.') : '';
    $('tr-played').textContent = '';
    $('tr-played').hidden = true;
    $('tr-progress').textContent = '';
    summary.hidden = false;
    summary.textContent = p.total
      ? P_('%d exercise: found at the first try %d, at the second %d, answer shown %d.',
        '%d exercises: found at the first try %d, at the second %d, answers shown %d.', p.total,
        p.total, p.first, p.second, p.shown)
      : _('Nothing to learn here: the review marked none of these moves ?!, ? or ??.');
    $('tr-verdict').textContent = '';
    $('tr-hint').hidden = $('tr-answer').hidden = true;
    $('tr-next').hidden = true;
    $('tr-board').parentElement.hidden = true;
    return;
  }
  summary.hidden = true;
  $('tr-board').parentElement.hidden = false;
  $('tr-task').textContent = _('Find a better move for %s (move %d).', sideName(x.side), x.number);
  $('tr-played').textContent = _('In the game: %s%s', x.played, x.mark);
  $('tr-played').hidden = false;
  const open = x.state === 'open' || x.state === 'retry';
  const cw = page.state().rules.params.direction === 'cw';
  board.setView(x.side, cw);
  const best = !open && x.best ? pitIndexOf(x.best) : null;
  const along = !open && lineStep && x.line_positions ? x.line_positions[lineStep - 1] : null;
  board.render({
    pits: along ? along.pits : x.position.pits,
    scores: along ? along.scores : x.position.scores,
    toMove: along ? along.side : x.side,
    legalPits: open && !busy ? pitsOf(x, x.side) : [],
    interactive: open && !busy,
    last: along ? { pit: pitIndexOf(x.line[lineStep - 1]), captured: [] } : null,
    hint: along ? null : best,
    selected,
  });
  drawVerdict(x, open);
  drawLine(x, open);
}

// The answer's line on the board, a move every second; again from the
// start when it is over.
function drawLine(x, open) {
  const row = $('tr-line').parentElement;
  const n = !open && x.line_positions ? x.line_positions.length : 0;
  row.hidden = n === 0;
  if (!n) return;
  $('tr-line').textContent = lineTimer ? _('Stop') : _('Play the line');
  $('tr-line-at').textContent = lineStep ? `${x.line.slice(0, lineStep).join(' ')}` : '';
}

function stopLine() {
  clearTimeout(lineTimer);
  lineTimer = null;
}

function playLine() {
  const x = exercise();
  if (!x || !x.line_positions) return;
  if (lineTimer) {
    stopLine();
    drawDialog();
    return;
  }
  lineStep = 0;
  const step = () => {
    lineStep++;
    lineTimer = lineStep < x.line_positions.length ? setTimeout(step, 900) : null;
    drawDialog();
  };
  step();
}

const pitIndexOf = (move) => {
  const c = move[0];
  return c >= 'A' && c <= 'F' ? c.charCodeAt(0) - 65 : c.charCodeAt(0) - 97 + 6;
};

function hintWords(h) {
  if (!h) return '';
  const list = h.pits.join(', ');
  if (h.kind === 'captures') {
    return P_('Hint: the best move captures %d seed (from %s).', 'Hint: the best move captures %d seeds (from %s).', h.seeds, h.seeds, list);
  }
  if (h.kind === 'stops') {
    return P_('Hint: the best move stops a capture of %d seed.', 'Hint: the best move stops a capture of %d seeds.', h.seeds, h.seeds);
  }
  if (!h.pits.length) return _('Hint: look again at every pit of your row.');
  return h.half === 'right' ? _('Hint: the best move is in the right half of your row (%s).', list)
    : _('Hint: the best move is in the left half of your row (%s).', list);
}

function verdictWords(v, x) {
  if (v.verdict === 'best') return _('Yes: %s is the best move.', v.move);
  if (v.verdict === 'good') return _('Good: %s is about as good as the best move, %s (%s).', v.move, v.best, describeScore(v.score));
  const why = v.played ? _('%s is the move you played in the game.', v.move)
    : _('%s is not good enough: %s; with the best move, %s.', v.move, describeScore(v.score),
      describeScore(x.best_score));
  return v.verdict === 'miss' ? `${why} ${_('Try again.')}` : why;
}

function drawVerdict(x, open) {
  const box = $('tr-verdict');
  box.className = 'tr-verdict';
  if (busy) {
    box.textContent = _('The engine weighs your move…');
    box.classList.add('busy');
  } else if (verdict && verdict.index === index) {
    box.textContent = verdictWords(verdict, x);
    box.classList.add(verdict.verdict === 'best' || verdict.verdict === 'good' ? 'good' : 'bad');
  } else {
    box.textContent = open ? (x.state === 'retry' ? _('Try again.') : '') : '';
  }
  const hint = $('tr-hint');
  hint.hidden = !(x.state === 'retry' && x.hint);
  hint.textContent = hint.hidden ? '' : hintWords(x.hint);
  const answer = $('tr-answer');
  answer.hidden = open || !x.best;
  answer.textContent = answer.hidden ? ''
    : _('The best move was %s (%s). The line: %s.', x.best, describeScore(x.best_score), x.line_text);
  const nxt = $('tr-next');
  nxt.hidden = open || busy;
  nxt.textContent = data.current === null ? _('See the summary') : _('Next');
}

function pitClicked(i) {
  const x = exercise();
  if (!x || busy || !(x.state === 'open' || x.state === 'retry')) return;
  if ((i < 6 ? 'S' : 'N') !== x.side || x.position.pits[i] === 0) return;
  if (relay()) {
    selected = selected === i ? null : i;
    drawDialog();
    return;
  }
  tryMove(pitName(i));
}

async function tryMove(move) {
  const x = exercise();
  if (!x || busy) return;
  busy = true;
  selected = null;
  stopLine();
  lineStep = null;
  drawDialog();
  try {
    const v = await call('POST', '/try', { index, move });
    verdict = v;
    data.exercises[index] = v.exercise;
    data.progress = v.progress;
    data.current = v.next;
  } catch (e) {
    verdict = null;
    page.failed(e);
  }
  busy = false;
  drawDialog();
  if (!$('tr-next').hidden) $('tr-next').focus();
}

function next() {
  stopLine();
  lineStep = null;
  verdict = null;
  index = data.current;
  drawDialog();
  if (index === null) $('tr-leave').focus();
}

function onKey(e) {
  const x = exercise();
  if (!x || e.ctrlKey || e.metaKey || e.altKey) return;
  if (/^[a-fA-F]$/.test(e.key)) {
    const k = e.key.toLowerCase().charCodeAt(0) - 97;
    pitClicked(x.side === 'S' ? k : 6 + k);
    e.preventDefault();
  } else if (relay() && selected !== null && (e.key === '+' || e.key === '-')) {
    tryMove(`${pitName(selected)}${e.key}`);
    e.preventDefault();
  }
}
