// review.js - the game's review on the page: asks the server for it
// (POST .../review), follows it while it runs, and shows it: the marks in
// the move list (through reviewedMove), the comment of the move looked at,
// each player's summary and the turning points, the review's values in the
// evaluation graph (through cover and reviewedMove). The review belongs to
// the moves it reviewed: an undo below them leaves it behind.
import { api } from './api.js';
import * as i18n from './i18n.js';
import { ongoing, watching } from './people.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);

let page = null;     // what the page lends the review (init)
let review = null;   // GET .../review of the game shown (null: not asked)
let timer = null;

// The page's game and helpers: state() and viewPly() (the position looked
// at), moveNumber, moveLabel, playerName, goTo, failed, and what to redraw
// with the review, drawMoves and drawGraph.
export function init(host) { page = host; }

// A new game shown: its review is asked again (load); stop: the game is
// left.
export function forget() { review = null; clearTimeout(timer); }
export function stop() { clearTimeout(timer); }

// How many of the game's first moves the review covers (n), and whether the
// game still begins with every move it reviewed (current: an undo below
// them makes it stale, more moves played since do not).
export function cover() {
  const state = page.state();
  if (!review || !state || !review.moves) return { n: 0, current: false };
  let n = 0;
  while (n < review.moves.length && n < state.moves.length && review.moves[n].move === state.moves[n].move) n++;
  return { n, current: n === review.moves.length && state.moves.length >= review.total };
}

// Whether the review is done and still of the game's moves (trainer.js).
export const complete = () => !!(review && review.state === 'done' && cover().current);

export function reviewedMove(ply) {
  const { n } = cover();
  return ply >= 1 && ply <= n ? review.moves[ply - 1] : null;
}

// The review panel: the button, the progress, the note, the comment of the
// move looked at, each player's summary.
export function draw() {
  page.drawn?.(); // (the trainer's button follows the review)
  const state = page.state();
  const { moveNumber, moveLabel } = page;
  const btn = $('btn-review');
  const { current } = cover();
  const running = review && (review.state === 'queued' || review.state === 'running');
  const done = review && review.state === 'done' && current;
  const more = done && review.total < state.ply;
  // (a watcher of a game between two devices reads the players' review)
  btn.disabled = running || state.ply === 0 || (done && !more) || watching(state);
  btn.textContent = running ? t('review_busy') : more ? t('review_more') : t('review_start');
  btn.classList.toggle('working', false);
  // Progress while it runs.
  const prog = $('review-progress');
  prog.hidden = !running;
  if (running) {
    $('review-bar').max = Math.max(1, review.total);
    $('review-bar').value = review.reviewed;
    $('review-count').textContent = review.state === 'queued' && !review.reviewed ? t('review_queued')
      : t('review_running', { n: moveNumber(review.reviewed), total: moveNumber(review.total) });
  }
  // The note: what the review is, or where it stands.
  const note = $('review-note');
  if (!review || review.state === 'none') note.textContent = state.ply ? t('review_help') : t('review_nothing');
  else if (review.state === 'failed') note.textContent = t('review_failed', { error: review.error || '' });
  else if (!current) note.textContent = t('review_changed');
  else if (review.state === 'stopped') note.textContent = t('review_stopped', { n: moveNumber(review.reviewed), total: moveNumber(review.total) });
  else if (done) {
    const n = moveNumber(review.reviewed);
    note.textContent = i18n.reviewDone(n, review.depth);
  }
  else note.textContent = '';
  // The comment of the move shown (the one that led to the position).
  const box = $('review-comment');
  const ply = page.viewPly() ?? state.ply;
  const m = reviewedMove(ply);
  box.hidden = !m;
  box.className = `r-comment${m && m.mark_name ? ` m-${m.mark_name}` : ''}`;
  if (m) {
    box.textContent = '';
    const head = document.createElement('div');
    head.className = 'r-head';
    const mv = document.createElement('strong');
    mv.textContent = `${moveLabel(ply)} ${m.move}${m.mark || ''}`;
    head.append(mv);
    if (m.mark_name) {
      const what = document.createElement('span');
      what.className = `r-mark m-${m.mark_name}`;
      what.textContent = t(`mark_${m.mark_name}`);
      head.append(' ', what);
    }
    const c = i18n.reviewComment(m);
    const src = document.createElement('span');
    src.className = 'muted small r-src';
    src.textContent = c.source;
    head.append(src);
    box.append(head);
    for (const line of c.lines) {
      const p = document.createElement('p');
      p.textContent = line;
      box.append(p);
    }
  }
  // Each player's summary, once the review covers its moves.
  const sum = $('review-summary');
  const s = review && review.summary;
  sum.hidden = !s || !current;
  if (s && current) {
    sum.textContent = '';
    const table = document.createElement('table');
    const head = document.createElement('tr');
    for (const h of [t('review_player'), '??', '?', '?!', '!', t('review_avg')]) {
      const th = document.createElement('th');
      th.textContent = h;
      head.append(th);
    }
    table.append(head);
    for (const side of ['S', 'N']) {
      const x = s[side === 'S' ? 'south' : 'north'];
      const tr = document.createElement('tr');
      const cells = [i18n.sideName(side), x.blunders, x.mistakes, x.inaccuracies, x.good + x.brilliant, i18n.seeds(Math.round(x.average_loss * 100))];
      cells.forEach((v, k) => {
        const td = document.createElement(k ? 'td' : 'th');
        td.textContent = v;
        if (!k) td.title = page.playerName(side);
        if (k >= 1 && k <= 4 && v) td.className = `m-${['blunder', 'mistake', 'inaccuracy', 'good'][k - 1]}`;
        tr.append(td);
      });
      table.append(tr);
    }
    const turning = document.createElement('p');
    turning.className = 'small r-turning';
    turning.append(`${t('review_turning')} `);
    if (!s.turning.length) turning.append(t('review_no_turning'));
    s.turning.forEach((tp, k) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `link m-${tp.mark === '??' ? 'blunder' : 'mistake'}`;
      b.textContent = `${moveLabel(tp.ply)} ${tp.move}${tp.mark}`;
      b.addEventListener('click', () => page.goTo(tp.ply));
      if (k) turning.append(', ');
      turning.append(b);
    });
    sum.append(table, turning);
  }
}

function poll(delay = 600) {
  clearTimeout(timer);
  timer = setTimeout(load, delay);
}

// The review as the server has it now; again while it runs.
export async function load() {
  const state = page.state();
  // (no engine help while two people play)
  if (!state || (state.friend && ongoing(state))) return;
  const id = state.id;
  try {
    const r = await api.review(id);
    const now = page.state();
    if (!now || now.id !== id) return;
    review = r;
    if (r.state === 'done' && r.version > now.version && page.refresh) page.refresh();
    page.drawMoves();
    draw();
    page.drawGraph();
    if (r.state === 'queued' || r.state === 'running') poll();
  } catch (e) {
    if (e.status !== 404 && e.status !== 409) poll(2000);
  }
}

// Ask the server to review the game (the button, V, the end's dialog).
export async function start() {
  const state = page.state();
  if (!state || !state.ply) return;
  const btn = $('btn-review');
  btn.disabled = true;
  try {
    review = await api.startReview(state.id);
    draw();
    poll(300);
  } catch (e) {
    page.failed(e);
    draw();
  }
}
