// dialogs.js - the page's dialogs: a new game (every rule set and its
// parameters, the opponent (the computer and its level, a person on the same
// screen, a friend on another device), the side, the clock, who starts, the
// time per move, a start position), import and export of game records, the
// keys. The rule sets and levels are the server's (GET /api/rules,
// /api/levels), worded in the page's language.
import { api } from './api.js';
import * as i18n from './i18n.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);

let page = null;      // what the page lends (init)
let catalogue = null; // GET /api/rules
let levels = [];      // GET /api/levels

// The page's game and helpers: state(), settings and save, startGame(opts),
// switchTo(next, mine, deleteOld, shown) and newSwitch() (a game switch
// asked: the latest wins), moveNumber, failed, toast.
export function init(host) { page = host; }

// The server's rule sets and levels (before the first game).
export async function load() {
  [catalogue, { levels }] = await Promise.all([api.rules(), api.levels()]);
  fillRules();
}

// After a change of language.
export function relabel() {
  drawHelp();
  if (catalogue && $('dlg-new').open) {
    drawLevelText();
    drawParams();
  }
}

export function wire() {
  $('btn-new').addEventListener('click', openNewGame);
  $('btn-import').addEventListener('click', openImport);
  $('btn-export').addEventListener('click', openExport);
  $('form-new').addEventListener('submit', submitNewGame);
  $('new-cancel').addEventListener('click', () => $('dlg-new').close());
  $('new-rules').addEventListener('change', () => drawParams());
  $('new-level').addEventListener('input', drawLevelText);
  $('form-new').addEventListener('change', (e) => {
    if (e.target.name === 'opponent') $('form-new').dataset.opponent = e.target.value;
  });
  $('form-import').addEventListener('submit', submitImport);
  $('import-cancel').addEventListener('click', () => $('dlg-import').close());
  $('import-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) $('import-text').value = await f.text();
  });
  $('export-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('export-text').value);
      page.toast(t('copied'));
    } catch {
      $('export-text').select();
    }
  });
  $('export-save').addEventListener('click', download);
}

function fillRules() {
  const sel = $('new-rules');
  sel.textContent = '';
  for (const s of catalogue.rule_sets) {
    const o = document.createElement('option');
    o.value = s.name;
    o.textContent = s.name;
    sel.appendChild(o);
  }
}

function paramInput(name, def, values) {
  const enumeration = /^[a-z]+(, [a-z]+)+$/.test(values);
  let input;
  if (enumeration) {
    input = document.createElement('select');
    for (const v of values.split(', ')) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = i18n.paramValueText(v);
      input.appendChild(o);
    }
  } else {
    input = document.createElement('input');
    input.type = /^0 \(/.test(values) ? 'number' : 'text';
    if (input.type === 'number') input.min = 0;
    input.spellcheck = false;
  }
  input.value = def;
  input.dataset.param = name;
  input.dataset.def = def;
  return input;
}

function drawParams(keep) {
  const set = catalogue.rule_sets.find((s) => s.name === $('new-rules').value) || catalogue.rule_sets[0];
  $('new-rules-text').textContent = i18n.ruleSetText(set.name, set.summary);
  const list = $('new-params-list');
  list.textContent = '';
  for (const [name, info] of Object.entries(set.params)) {
    const meta = catalogue.parameters.find((p) => p.name === name);
    const label = document.createElement('label');
    label.className = 'param';
    const title = document.createElement('span');
    title.className = 'pname';
    title.textContent = name;
    const help = document.createElement('span');
    help.className = 'muted small';
    help.textContent = i18n.paramText(name, meta ? meta.help : '');
    const value = keep && keep[name] !== undefined ? String(keep[name]) : info.value;
    const input = paramInput(name, info.value, meta ? meta.values : '');
    input.value = value;
    label.append(title, input, help);
    list.appendChild(label);
  }
}

function drawLevelText() {
  const lv = Number($('new-level').value);
  $('new-level-out').textContent = lv;
  const english = (levels.find((l) => l.level === lv) || {}).text;
  $('new-level-text').textContent = i18n.levelText(lv, english);
}

export function openNewGame() {
  if (!catalogue) return;
  const f = $('form-new');
  const n = page.settings.newgame;
  f.opponent.value = n.opponent;
  f.side.value = n.side;
  f.first.value = n.first;
  $('new-level').value = n.level;
  $('new-movetime').value = String(n.movetime);
  $('new-rules').value = n.rules;
  $('new-position').value = n.position || '';
  drawParams(n.params);
  drawLevelText();
  f.dataset.opponent = n.opponent;
  $('new-clock').value = n.clock || '';
  $('new-name').value = n.name || page.settings.name || '';
  $('new-error').textContent = '';
  $('dlg-new').showModal();
}

async function submitNewGame(e) {
  e.preventDefault();
  const f = $('form-new');
  const params = {};
  for (const input of $('new-params-list').querySelectorAll('[data-param]'))
    if (input.value !== input.dataset.def) params[input.dataset.param] = input.value;
  const n = {
    opponent: f.opponent.value, side: f.side.value, first: f.first.value,
    level: Number($('new-level').value), movetime: Number($('new-movetime').value),
    rules: $('new-rules').value, params, position: $('new-position').value.trim(),
    clock: $('new-clock').value, name: $('new-name').value.trim(),
  };
  if (n.name) page.settings.name = n.name;
  try {
    await page.startGame(n);
    page.settings.newgame = n;
    page.save();
    $('dlg-new').close();
  } catch (err) {
    $('new-error').textContent = err.message;
  }
}

async function submitImport(e) {
  e.preventDefault();
  const text = $('import-text').value;
  try {
    const mine = page.newSwitch();
    const next = await api.create({ record: text, reply: false, lang: i18n.getLang() });
    $('dlg-import').close();
    await page.switchTo(next, mine, true, () => page.toast(t('imported', { n: page.moveNumber(next.ply) })));
  } catch (err) {
    $('import-error').textContent = err.message;
  }
}

export function openImport() {
  $('import-error').textContent = '';
  $('dlg-import').showModal();
}

export async function openExport() {
  const state = page.state();
  if (!state) return;
  try {
    const r = await api.record(state.id);
    $('export-text').value = r.record;
    $('dlg-export').showModal();
  } catch (e) {
    page.failed(e);
  }
}

function download() {
  const blob = new Blob([$('export-text').value], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `awale-${new Date().toISOString().slice(0, 10)}.txt`;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function drawHelp() {
  const dl = $('help-keys');
  dl.textContent = '';
  for (const [k, what] of t('keys')) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = what;
    dl.append(dt, dd);
  }
}
