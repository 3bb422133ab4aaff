// editor.js - the position editor: a dialog with a board of its own where
// every pit and both stores are set seed by seed, the side to move, the
// no-capture counter and the rule set are chosen, and the server says at
// each change whether a game can start from it (POST /api/positions/check:
// the checks live in C, src/front/position_check.c, so the page, the
// terminal and `awale play --position` refuse the same positions with the
// same words). Then: play from it (the new-game dialog, filled in), analyse
// it (a game between two people on this screen, the analysis on), or share
// it (the position string, and a link ?rules=R&position=POS that opens it:
// route() reads those on load, with a server and in the static page).
//
// Pointer: a click or tap adds a seed, Shift+click, a right click or a long
// press takes one away, the wheel does both. Keys: the arrows go from pit to
// pit and to the stores, + and - add and take away, digits type a count,
// Backspace or Delete empties, t changes the side to move.
import { transport } from './transport.js';
import { Board } from './board.js';
import * as i18n from './i18n.js';

const N_ = (s) => s;
const WORDS = {
  open: N_('Set up a position'),
  help: N_('Click or tap to add a seed; Shift+click, right click or a long press takes one away; the wheel does both. Keys: the arrows move between pits and stores, + and - or digits set the count, t changes the side to move.'),
  to_move: N_('To move'),
  rules: N_('Rules'),
  quiet: N_('Moves without a capture'),
  clear: N_('Clear'),
  start: N_('Start position'),
  current: N_('The game’s position'),
  total: N_('{n} of {total} seeds'),
  ok: N_('A game can start from this position.'),
  checking: N_('Checking…'),
  share: N_('Share'),
  string: N_('Position string'),
  link: N_('Link'),
  copy: N_('Copy'),
  copied: N_('Copied'),
  play: N_('Play from here'),
  analyse: N_('Analyse'),
  close: N_('Close'),
  refused: N_('This position cannot be played: {why}'),
  opened: N_('The position of the link: {position}'),
};
const w = (key, params = {}) => i18n.tr(WORDS[key]).replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));
const $ = (id) => document.getElementById(id);

const TOTAL = 48;     // every rule set plays with 48 seeds (the server checks it)
const MAX_COUNT = 99; // what a pit can show; above 48 the server says why not

let host = null; // what app.js lends: state(), seat(), startGame(opts), openNewGame(), toggleAnalysis(on), toast
let board = null;
let ruleSets = null;
let pos = { pits: new Array(12).fill(4), scores: [0, 0], side: 'S', quiet: 0 };
let rules = 'abapa';
let cursor = 0;        // 0..11 a pit, 'S' or 'N' a store
let typed = '';        // digits typed on the cursor, for a moment
let typedAt = 0;
let asked = 0;         // the latest check asked
let verdict = null;    // the latest answer: {ok, position, error, field}
let checkTimer = null;

export function init(h) { host = h; }

export const positionText = (p = pos) =>
  `${p.pits.join('-')}-${p.scores[0]}-${p.scores[1]}-${p.side}${p.quiet ? `-${p.quiet}` : ''}`;

function parse(text) {
  const f = String(text).trim().split('-');
  if (f.length < 15 || f.slice(0, 14).some((x) => !/^\d+$/.test(x)) || !/^[SNsn]$/.test(f[14])) return null;
  return { pits: f.slice(0, 12).map(Number), scores: [Number(f[12]), Number(f[13])], side: f[14].toUpperCase(), quiet: Number(f[15] || 0) || 0 };
}

// The server's verdict on a position string under a rule set.
export async function check(ruleSet, text) {
  const res = await transport.fetch('/api/positions/check', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: ruleSet, position: text, lang: i18n.getLang() }),
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!data) return { ok: false, error: `HTTP ${res.status}`, field: -1 };
  if (!res.ok && data.ok === undefined) return { ok: false, error: data.error || `HTTP ${res.status}`, field: -1 };
  return data;
}

async function loadRules() {
  if (ruleSets) return;
  try {
    const res = await transport.fetch('/api/rules');
    ruleSets = (await res.json()).rule_sets.map((s) => s.name);
  } catch {
    ruleSets = ['abapa', 'seven-turns', 'grand-slam', 'two-seeds', 'relay'];
  }
}

// ------------------------------------------------------------ the dialog

function build() {
  if ($('dlg-editor')) return;
  const dlg = document.createElement('dialog');
  dlg.id = 'dlg-editor';
  dlg.setAttribute('aria-labelledby', 'ed-title');
  dlg.setAttribute('aria-describedby', 'ed-help');
  dlg.innerHTML = `
    <h2 id="ed-title"></h2>
    <p id="ed-help" class="muted small ed-help"></p>
    <svg id="ed-board" viewBox="0 0 1000 520" role="group"></svg>
    <div class="ed-controls">
      <fieldset class="seg" id="ed-side"><legend id="ed-side-legend"></legend>
        <label><input type="radio" name="ed-side" value="S" checked><span data-side="S"></span></label>
        <label><input type="radio" name="ed-side" value="N"><span data-side="N"></span></label>
      </fieldset>
      <label class="ed-field"><span id="ed-rules-label"></span><select id="ed-rules"></select></label>
      <label class="ed-field"><span id="ed-quiet-label"></span><input type="number" id="ed-quiet" min="0" max="65535" value="0"></label>
      <div class="ed-tools">
        <button type="button" id="ed-clear"></button>
        <button type="button" id="ed-start"></button>
        <button type="button" id="ed-current"></button>
      </div>
    </div>
    <div class="ed-status">
      <span id="ed-total" class="ed-total"></span>
      <p id="ed-verdict" class="ed-verdict" role="status" aria-live="polite"></p>
    </div>
    <details id="ed-share-box">
      <summary id="ed-share-label"></summary>
      <div class="ed-share">
        <label for="ed-string" id="ed-string-label"></label>
        <div class="ed-line"><input type="text" id="ed-string" spellcheck="false" autocomplete="off"><button type="button" id="ed-copy-string"></button></div>
        <label for="ed-link" id="ed-link-label"></label>
        <div class="ed-line"><input type="text" id="ed-link" readonly><button type="button" id="ed-copy-link"></button></div>
      </div>
    </details>
    <div class="buttons">
      <button type="button" id="ed-close"></button>
      <span class="ed-go">
        <button type="button" id="ed-analyse"></button>
        <button type="button" id="ed-play" class="primary"></button>
      </span>
    </div>`;
  document.body.appendChild(dlg);
  board = new Board($('ed-board'));
  for (const side of ['S', 'N']) {
    const g = board.storeEls[side].g;
    g.setAttribute('role', 'button');
    g.setAttribute('tabindex', '-1');
    g.dataset.store = side;
  }
  wire(dlg);
  relabel();
}

export function relabel() {
  const dlg = $('dlg-editor');
  const btn = $('btn-editor');
  if (btn) btn.textContent = w('open');
  if (!dlg) return;
  $('ed-title').textContent = w('open');
  $('ed-help').textContent = w('help');
  $('ed-side-legend').textContent = w('to_move');
  for (const s of dlg.querySelectorAll('[data-side]')) s.textContent = i18n.sideName(s.dataset.side);
  $('ed-rules-label').textContent = w('rules');
  $('ed-quiet-label').textContent = w('quiet');
  $('ed-clear').textContent = w('clear');
  $('ed-start').textContent = w('start');
  $('ed-current').textContent = w('current');
  $('ed-share-label').textContent = w('share');
  $('ed-string-label').textContent = w('string');
  $('ed-link-label').textContent = w('link');
  $('ed-copy-string').textContent = w('copy');
  $('ed-copy-link').textContent = w('copy');
  $('ed-play').textContent = w('play');
  $('ed-analyse').textContent = w('analyse');
  $('ed-close').textContent = w('close');
  $('ed-board').setAttribute('aria-label', w('open'));
  if (dlg.open) {
    draw();
    ask();
  }
}

function fillRules() {
  const sel = $('ed-rules');
  sel.replaceChildren(...ruleSets.map((n) => new Option(n, n)));
  sel.value = ruleSets.includes(rules) ? rules : ruleSets[0];
}

// Open on `start` ({rules, position} strings), else the game's position.
export async function open(start) {
  build();
  await loadRules();
  fillRules();
  const st = host && host.state && host.state();
  const from = start || (st ? { rules: st.rules && st.rules.name, position: st.position } : null);
  if (from) {
    if (from.rules && ruleSets.includes(from.rules)) rules = from.rules;
    const p = from.position && parse(from.position);
    if (p) pos = p;
  }
  $('ed-rules').value = rules;
  $('ed-current').hidden = !st;
  const dlg = $('dlg-editor');
  if (!dlg.open) dlg.showModal();
  draw();
  ask(0);
  focusCell(cursor);
}

// ------------------------------------------------------------ drawing

function cellEl(c) {
  return typeof c === 'number' ? board.pitEls[c].g : board.storeEls[c].g;
}

function draw() {
  // (the editor's board lies as the game's does)
  const st = host && host.state && host.state();
  board.setView(host && host.seat ? host.seat() : 'S', !!(st && st.rules && st.rules.params && st.rules.params.direction === 'cw'));
  board.render({ pits: pos.pits, scores: pos.scores, toMove: pos.side, interactive: false, legalPits: [] });
  const fault = verdict && !verdict.ok ? verdict.field : -1;
  for (let i = 0; i < 12; i++) {
    const g = board.pitEls[i].g;
    g.setAttribute('aria-disabled', 'false');
    g.setAttribute('tabindex', cursor === i ? '0' : '-1');
    g.classList.toggle('fault', fault === i);
  }
  for (const side of ['S', 'N']) {
    const g = board.storeEls[side].g;
    g.setAttribute('tabindex', cursor === side ? '0' : '-1');
    g.classList.toggle('fault', fault === (side === 'S' ? 12 : 13));
  }
  for (const r of document.querySelectorAll('input[name="ed-side"]')) r.checked = r.value === pos.side;
  $('ed-side').classList.toggle('fault', fault === 14);
  $('ed-quiet').classList.toggle('fault', fault === 15);
  if (document.activeElement !== $('ed-quiet')) $('ed-quiet').value = String(pos.quiet);
  const n = pos.pits.reduce((a, b) => a + b, 0) + pos.scores[0] + pos.scores[1];
  const total = $('ed-total');
  total.textContent = w('total', { n, total: TOTAL });
  total.classList.toggle('bad', n !== TOTAL);
  const text = positionText();
  if (document.activeElement !== $('ed-string')) $('ed-string').value = text;
  $('ed-link').value = shareLink(rules, text);
}

export function shareLink(ruleSet, text) {
  const u = new URL(location.href);
  u.search = '';
  u.hash = '';
  u.searchParams.set('rules', ruleSet);
  u.searchParams.set('position', text);
  return u.href;
}

function showVerdict() {
  const box = $('ed-verdict');
  const ok = !!(verdict && verdict.ok);
  box.classList.toggle('ok', ok);
  box.classList.toggle('bad', !!verdict && !ok);
  box.textContent = !verdict ? w('checking') : ok ? w('ok') : verdict.error;
  // (while a check is on its way the buttons stay: they check again)
  $('ed-play').disabled = !!verdict && !ok;
  $('ed-analyse').disabled = !!verdict && !ok;
}

// Ask the server about the position as it is now (after `delay` ms: a few
// quick clicks make one question); the latest question's answer wins.
function ask(delay = 150) {
  clearTimeout(checkTimer);
  const mine = ++asked;
  const text = positionText();
  const ruleSet = rules;
  checkTimer = setTimeout(async () => {
    let v;
    try {
      v = await check(ruleSet, text);
    } catch (e) {
      v = { ok: false, error: e.message, field: -1 };
    }
    if (mine !== asked) return;
    verdict = v;
    draw();
    showVerdict();
  }, delay);
  verdict = null;
  showVerdict();
}

function changed() {
  verdict = null;
  draw();
  ask();
}

// ------------------------------------------------------------ editing

function count(c) { return typeof c === 'number' ? pos.pits[c] : pos.scores[c === 'S' ? 0 : 1]; }
function setCount(c, n) {
  n = Math.max(0, Math.min(MAX_COUNT, n));
  if (typeof c === 'number') pos.pits[c] = n;
  else pos.scores[c === 'S' ? 0 : 1] = n;
  changed();
}
const add = (c, d) => setCount(c, count(c) + d);

function cellOf(target) {
  const g = target.closest && target.closest('.pit, .store');
  if (!g) return null;
  return g.classList.contains('pit') ? Number(g.dataset.pit) : g.dataset.store;
}

function focusCell(c) {
  cursor = c;
  for (let i = 0; i < 12; i++) board.pitEls[i].g.setAttribute('tabindex', c === i ? '0' : '-1');
  for (const s of ['S', 'N']) board.storeEls[s].g.setAttribute('tabindex', c === s ? '0' : '-1');
  cellEl(c).focus();
}

// The cell the arrow key `key` leads to from `c`, as the board lies.
function neighbour(c, key) {
  const pitAt = (row, col) => board.keys.pitAt(row, col);
  const leftStore = board.storeX('S') < 500 ? 'S' : 'N';
  const rightStore = leftStore === 'S' ? 'N' : 'S';
  if (typeof c !== 'number') {
    const col = c === leftStore ? 0 : 5;
    if (key === 'ArrowUp') return pitAt('top', col);
    if (key === 'ArrowDown') return pitAt('bottom', col);
    if (key === 'ArrowRight' && c === leftStore) return pitAt('bottom', 0);
    if (key === 'ArrowLeft' && c === rightStore) return pitAt('bottom', 5);
    return c;
  }
  const { row, col } = board.slot(c);
  switch (key) {
    case 'ArrowLeft': return col > 0 ? pitAt(row, col - 1) : leftStore;
    case 'ArrowRight': return col < 5 ? pitAt(row, col + 1) : rightStore;
    case 'ArrowUp': return pitAt('top', col);
    case 'ArrowDown': return pitAt('bottom', col);
    default: return c;
  }
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const c = cellOf(e.target);
  if (c === null) return;
  const k = e.key;
  cursor = c;
  if (k.startsWith('Arrow')) focusCell(neighbour(c, k));
  else if (k === '+' || k === '=' || k === 'Enter' || k === ' ') add(c, 1);
  else if (k === '-' || k === '_') add(c, -1);
  else if (k === 'Backspace' || k === 'Delete') setCount(c, 0);
  else if (/^[0-9]$/.test(k)) {
    // digits typed in a row make one number ("1", "2": 12)
    const now = Date.now();
    typed = now - typedAt < 900 && typed.length < 2 ? typed + k : k;
    typedAt = now;
    setCount(c, Number(typed));
  } else if (k === 't' || k === 'T') {
    pos.side = pos.side === 'S' ? 'N' : 'S';
    changed();
  } else return;
  e.preventDefault();
  e.stopPropagation();
  cellEl(cursor).focus();
}

function wire(dlg) {
  const svg = $('ed-board');
  let pressTimer = null;
  let pressed = false; // a long press took a seed: the click that follows does nothing
  svg.addEventListener('keydown', onKey, true);
  svg.addEventListener('click', (e) => {
    const c = cellOf(e.target);
    if (c === null) return;
    if (pressed) {
      pressed = false;
      return;
    }
    cursor = c;
    add(c, e.shiftKey ? -1 : 1);
    cellEl(c).focus();
  });
  svg.addEventListener('contextmenu', (e) => {
    const c = cellOf(e.target);
    if (c === null) return;
    e.preventDefault();
    if (pressed) return; // (a long touch also opens the menu)
    cursor = c;
    add(c, -1);
  });
  svg.addEventListener('wheel', (e) => {
    const c = cellOf(e.target);
    if (c === null || !e.deltaY) return;
    e.preventDefault();
    cursor = c;
    add(c, e.deltaY < 0 ? 1 : -1);
  }, { passive: false });
  svg.addEventListener('pointerdown', (e) => {
    pressed = false;
    const c = cellOf(e.target);
    if (c === null || e.pointerType === 'mouse') return;
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      pressed = true;
      cursor = c;
      add(c, -1);
    }, 550);
  });
  for (const ev of ['pointerup', 'pointercancel', 'pointerleave']) svg.addEventListener(ev, () => clearTimeout(pressTimer));
  dlg.addEventListener('change', (e) => {
    if (e.target.name === 'ed-side') {
      pos.side = e.target.value;
      changed();
    } else if (e.target.id === 'ed-rules') {
      rules = e.target.value;
      changed();
    } else if (e.target.id === 'ed-string') {
      const p = parse(e.target.value);
      if (p && positionText(p) === positionText()) return;
      if (p) {
        pos = p;
        changed();
      } else {
        // (malformed: the server says what is wrong with it)
        const mine = ++asked;
        verdict = null;
        showVerdict();
        check(rules, e.target.value).then((v) => {
          if (mine !== asked) return;
          verdict = v;
          showVerdict();
        });
      }
    }
  });
  $('ed-quiet').addEventListener('input', (e) => {
    const n = Number(e.target.value);
    if (Number.isInteger(n) && n >= 0 && n <= 65535) {
      pos.quiet = n;
      changed();
    }
  });
  $('ed-clear').addEventListener('click', () => {
    pos = { pits: new Array(12).fill(0), scores: [0, 0], side: pos.side, quiet: 0 };
    changed();
  });
  $('ed-start').addEventListener('click', () => {
    pos = { pits: new Array(12).fill(4), scores: [0, 0], side: 'S', quiet: 0 };
    changed();
  });
  $('ed-current').addEventListener('click', () => {
    const st = host.state();
    const p = st && parse(st.position);
    if (p) {
      pos = p;
      changed();
    }
  });
  const copy = async (input) => {
    try {
      await navigator.clipboard.writeText(input.value);
      host.toast(w('copied'));
    } catch {
      input.select();
    }
  };
  $('ed-copy-string').addEventListener('click', () => copy($('ed-string')));
  $('ed-copy-link').addEventListener('click', () => copy($('ed-link')));
  $('ed-close').addEventListener('click', () => dlg.close());
  $('ed-play').addEventListener('click', async () => {
    if (!(await confirmed())) return;
    dlg.close();
    // the new-game dialog, filled in with this start
    host.openNewGame();
    const sel = $('new-rules');
    if (sel && $('dlg-new').open) {
      sel.value = rules;
      sel.dispatchEvent(new Event('change', { bubbles: true }));
      $('new-position').value = positionText();
    }
  });
  $('ed-analyse').addEventListener('click', async () => { 
    if (!(await confirmed())) return;
    try {
      await host.startGame({ opponent: 'human', rules, params: {}, position: positionText() });
      dlg.close();
      host.toggleAnalysis(true);
    } catch (e) {
      verdict = { ok: false, error: e.message, field: -1 };
      showVerdict();
    }
  });
}

// The position as it is now, checked (the answer may still be on its way).
async function confirmed() {
  clearTimeout(checkTimer);
  const mine = ++asked;
  const v = await check(rules, positionText());
  if (mine === asked) {
    verdict = v;
    draw();
    showVerdict();
  }
  return v.ok;
}

// ------------------------------------------------------------ the link

// On load: ?rules=R&position=POS starts a game from that position (two
// people on this screen, nothing moves by itself), or, refused, opens the
// editor on it with the refusal. true when a game was started.
export async function route() {
  const q = new URLSearchParams(location.search);
  const text = q.get('position');
  if (!text) return false;
  const ruleSet = q.get('rules') || 'abapa';
  const clean = () => {
    const u = new URL(location.href);
    u.searchParams.delete('position');
    u.searchParams.delete('rules');
    history.replaceState(null, '', u.pathname + u.search + u.hash);
  };
  let v;
  try {
    v = await check(ruleSet, text);
  } catch (e) {
    v = { ok: false, error: e.message };
  }
  clean();
  if (v.ok) {
    await host.startGame({ opponent: 'human', rules: ruleSet, params: {}, position: v.position });
    host.toast(w('opened', { position: v.position }));
    return true;
  }
  await open({ rules: ruleSet, position: text });
  return false;
}

