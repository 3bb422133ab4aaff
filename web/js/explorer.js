// explorer.js - the opening explorer beside the board (docs/explorer.md):
// for the position shown (the game's, or the one looked back at), the
// book's moves with their values and what the games of the collection did
// from it - how many reached it, each next move, and a bar of South's
// wins, draws and North's wins, as the chess sites show them. A move of
// the list is played by a click when the position is the game's own and
// the player is to move. Everything comes from GET /api/explorer; this
// file only lays it out. In the page alone (make web-static) the games are
// those finished on this device since the page opened, and the panel says
// so.
import { api } from './api.js';
import * as i18n from './i18n.js';
import { staticMode } from './offline.js';

const N_ = (s) => s;
const WORDS = {
  explorer: N_('Opening explorer'),
  move: N_('Move'),
  book: N_('Book'),
  games: N_('Games'),
  south_wins: N_('South wins'),
  draws: N_('Draws'),
  north_wins: N_('North wins'),
  reached: N_('Games that reached this position: {n}'),
  no_games: N_('No game of the collection reached this position.'),
  not_in_book: N_('Not in the opening book.'),
  no_book: N_('No opening book for these rules.'),
  src_database: N_('Book values for the side to move; the games finished on this server.'),
  src_server_memory: N_('Book values for the side to move; the games finished since the server started (it keeps no database).'),
  src_device: N_('Book values for the side to move; only the games finished on this device since the page opened (awale serve keeps a whole collection).'),
  full: N_('The index of games is full: new positions are no longer counted.'),
  play_move: N_('Play {move}'),
  book_line: N_('Book line: {line}'),
  failed: N_('The explorer did not answer: {error}'),
};
const w = (key, params = {}) => i18n.tr(WORDS[key]).replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));

const $ = (id) => document.getElementById(id);
const CACHE_MS = 15000;

let hooks = null;
let shownKey = null;   // the query of the answer shown
let data = null;       // that answer
let timer = null;
let abort = null;
const cache = new Map(); // query -> {at, data}

// The query of the position shown: the game's rules, its differences, the position.
function query() {
  const st = hooks.state();
  if (!st || !st.rules) return null;
  const ply = hooks.viewPly() ?? st.ply;
  const position = ply === 0 ? st.start : st.moves[ply - 1] && st.moves[ply - 1].after;
  if (!position) return null;
  const q = new URLSearchParams({ rules: st.rules.name });
  for (const d of (st.rules.diff || '').split(' ').filter(Boolean)) q.append('rule', d);
  q.set('position', position);
  return q.toString();
}

const pct = (n, total) => (total ? Math.round((100 * n) / total) : 0);

// The bar of results: South's wins, draws, North's wins, with their shares.
function bar(c) {
  const total = c.south + c.north + c.draws;
  const div = document.createElement('div');
  div.className = 'ex-bar';
  div.setAttribute('role', 'img');
  const parts = [['south', c.south, w('south_wins')], ['draws', c.draws, w('draws')], ['north', c.north, w('north_wins')]];
  div.setAttribute('aria-label', parts.map(([, n, label]) => `${label} ${pct(n, total)}%`).join(', '));
  for (const [kind, n, label] of parts) {
    if (!n) continue;
    const s = document.createElement('span');
    s.className = `ex-${kind}`;
    s.style.flexGrow = String(n);
    s.title = `${label}: ${n} (${pct(n, total)}%)`;
    const p = pct(n, total);
    s.textContent = p >= 18 ? `${p}%` : '';
    div.appendChild(s);
  }
  return div;
}

function render() {
  const body = $('explorer-body');
  const note = $('explorer-note');
  if (!data) return;
  body.textContent = '';
  const byMove = new Map();
  for (const b of data.book) byMove.set(b.move, { move: b.move, book: b, games: null });
  for (const g of data.games.moves) {
    if (!byMove.has(g.move)) byMove.set(g.move, { move: g.move, book: null, games: null });
    byMove.get(g.move).games = g;
  }
  const rows = [...byMove.values()];
  const canPlay = hooks.canPlay();
  if (rows.length) {
    const table = document.createElement('table');
    table.className = 'ex-table';
    const head = table.createTHead().insertRow();
    for (const [text, cls] of [[w('move'), 'ex-m'], [w('book'), 'ex-v'], [w('games'), 'ex-n'], ['', 'ex-b']]) {
      const th = document.createElement('th');
      th.textContent = text;
      th.className = cls;
      th.scope = 'col';
      head.appendChild(th);
    }
    const tb = table.createTBody();
    for (const r of rows) {
      const tr = tb.insertRow();
      tr.dataset.move = r.move;
      const m = tr.insertCell();
      m.className = 'ex-m';
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.className = 'ex-play';
      // (named "Play F" for a screen reader; the letter alone is for the eyes)
      const letter = document.createElement('span');
      letter.setAttribute('aria-hidden', 'true');
      letter.textContent = r.move;
      btn.appendChild(letter);
      btn.setAttribute('aria-label', w('play_move', { move: r.move }));
      btn.disabled = !canPlay;
      btn.title = w('play_move', { move: r.move });
      if (r.book && r.book.line.length > 1) btn.title += ` · ${w('book_line', { line: r.book.line.join(' ') })}`;
      btn.addEventListener('click', () => { if (hooks.canPlay()) hooks.play(r.move); });
      m.appendChild(btn);
      const v = tr.insertCell();
      v.className = 'ex-v';
      if (r.book) {
        v.textContent = i18n.formatScore(r.book.value, false);
        if (r.book === data.book[0]) v.classList.add('best');
      } else v.textContent = '–';
      const n = tr.insertCell();
      n.className = 'ex-n';
      n.textContent = r.games ? String(r.games.games) : '0';
      const b = tr.insertCell();
      b.className = 'ex-b';
      if (r.games) b.appendChild(bar(r.games));
    }
    body.appendChild(table);
  }
  const lines = [];
  if (!data.has_book) lines.push(w('no_book'));
  else if (!data.in_book) lines.push(w('not_in_book'));
  const g = data.games;
  if (g.total) {
    const p = document.createElement('div');
    p.className = 'ex-total';
    const label = document.createElement('span');
    label.textContent = w('reached', { n: g.total });
    p.append(label, bar(g));
    body.appendChild(p);
  } else lines.push(w('no_games'));
  if (g.full) lines.push(w('full'));
  for (const text of lines) {
    const p = document.createElement('p');
    p.className = 'muted small ex-line';
    p.textContent = text;
    body.appendChild(p);
  }
  note.textContent = g.source === 'database' ? w('src_database') : staticMode ? w('src_device') : w('src_server_memory');
}

async function fetchNow(q) {
  const hit = cache.get(q);
  if (hit && Date.now() - hit.at < CACHE_MS) {
    shownKey = q;
    data = hit.data;
    render();
    return;
  }
  if (abort) abort.abort();
  const ctrl = new AbortController();
  abort = ctrl;
  try {
    const d = await api.explorer(q, ctrl.signal);
    if (abort === ctrl) abort = null;
    cache.set(q, { at: Date.now(), data: d });
    if (cache.size > 200) cache.delete(cache.keys().next().value);
    if (query() !== q) return;
    shownKey = q;
    data = d;
    render();
  } catch (e) {
    if (e.name === 'AbortError') return;
    $('explorer-body').textContent = '';
    $('explorer-note').textContent = w('failed', { error: e.message });
  }
}

// The position shown changed (app.js calls it with every drawing): asked
// a moment later, so that stepping through a game asks only where it stops.
export function draw() {
  if (!hooks) return;
  $('h-explorer').textContent = w('explorer');
  const q = query();
  if (!q) return;
  if (q === shownKey) {
    // the same position: only whether its moves may be played changed
    const canPlay = hooks.canPlay();
    for (const b of $('explorer-body').querySelectorAll('.ex-play')) b.disabled = !canPlay;
    return;
  }
  clearTimeout(timer);
  timer = setTimeout(() => fetchNow(q), 120);
}

// A game finished: its moves now count (the next answer is asked afresh).
export function forget() {
  cache.clear();
  shownKey = null;
}

// hooks: state(), viewPly(), canPlay(), play(move).
export function init(h) {
  hooks = h;
  // (after app.js has switched the language: its listener may come later)
  $('sel-lang').addEventListener('change', () => setTimeout(() => {
    $('h-explorer').textContent = w('explorer');
    render();
  }));
}
