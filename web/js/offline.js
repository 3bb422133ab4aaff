// offline.js - what the page does differently with no server (the folder
// build/web-static on any static host, or installed as an app): its
// index.html carries <meta name="awale-mode" content="static"> (make
// web-static), which makes transport.js talk to the engine's worker, and then
// - the service worker (sw.js) is registered, which keeps the build's files
//   for offline use; when a new version has installed and waits, a bar says
//   so, and its button lets it take over and reloads the page;
// - the game shown is kept in the browser (its record, in localStorage)
//   at every change, as the worker answers it, since the engine's worker
//   forgets its games when the page closes: at the next start the page re-creates it in the worker
//   by importing that record (POST /api/games {record}), like an import;
// - a line under the board says where the engine runs, on this device or
//   on the server (the page served by `awale serve` registers no service
//   worker and keeps nothing of the game: the server keeps it);
// - where the browser offers to install the page, a button does it.
import { api } from './api.js';
import { transport } from './transport.js';
import * as i18n from './i18n.js';

const { t } = i18n;
const $ = (id) => document.getElementById(id);

// (the transport reads the mark: the engine in a worker on this device)
export const staticMode = transport.mode === 'device';

const GAME_KEY = 'awale.static.game';

export function init({ toast }) {
  const where = $('where');
  if (where) {
    where.dataset.i18n = staticMode ? 'where_device' : 'where_server';
    where.textContent = t(where.dataset.i18n);
    where.hidden = false;
  }
  if (staticMode && 'serviceWorker' in navigator) register(toast).catch((e) => console.warn(`service worker: ${e.message}`));
  if (staticMode) offerInstall();
}

// Where the browser can install the page (Chromium's beforeinstallprompt:
// Android, desktops), a button under the board does it, instead of the
// browser's own banner; Safari has no such event (Share, Add to Home
// Screen), nor a page already installed.
function offerInstall() {
  const btn = $('btn-install');
  let asked = null;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    asked = e;
    btn.hidden = false;
  });
  btn.addEventListener('click', async () => {
    const e = asked;
    asked = null;
    btn.hidden = true;
    if (e) await e.prompt();
  });
  window.addEventListener('appinstalled', () => {
    asked = null;
    btn.hidden = true;
  });
}

async function register(toast) {
  const sw = navigator.serviceWorker;
  const first = !sw.controller;
  const reg = await sw.register('sw.js', { scope: './', updateViaCache: 'none' });
  let asked = false;
  const offer = (worker) => {
    $('update').hidden = false;
    $('btn-update').onclick = () => {
      asked = true;
      $('btn-update').disabled = true;
      worker.postMessage({ type: 'skip-waiting' });
    };
  };
  sw.addEventListener('controllerchange', () => {
    if (asked) location.reload();
  });
  if (reg.waiting && sw.controller) offer(reg.waiting);
  const watched = new WeakSet(); // (the first one is both installing and found)
  const watch = (worker) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offer(worker);
      else if (worker.state === 'activated' && first) toast(t('offline_ready'));
    });
  };
  watch(reg.installing);
  reg.addEventListener('updatefound', () => watch(reg.installing));
  // Installed, its files and its game are the app's: the browser is asked
  // not to clear them when space runs short (a browser tab asks nothing).
  if (matchMedia('(display-mode: standalone)').matches && navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(() => {});
  }
  // An app left open for days looks for a new version when shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reg.update().catch(() => {});
  });
}

// ------------------------------------------------------------ the game kept

// The worker's games end with the page, so the game shown is kept in
// localStorage. The record of each change comes with the worker's answer
// (worker.js) and is kept as that answer arrives, before the page shows the
// change: a reload right after a move finds it. keep(state), after each
// state shown, says which game that is (and asks for its record once more,
// for what changed with no request: a flag fallen, a game first shown).
let shown = null;   // the id of the game shown, when it is kept
let other = null;   // the last change of another game: {id, record}
let writes = 0;     // records kept so far
let keeping = Promise.resolve();
let kept = null;    // the id, version and ply last asked for

function write(id, record) {
  writes++;
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify({ id, record }));
  } catch { /* no room: the last one kept stays */ }
}

if (staticMode) {
  transport.keepWith((id, record) => {
    if (id === shown) write(id, record);
    else other = { id, record };
  });
}

// After every change of the game shown. A game between two devices is the
// server's (and the page with no server has none).
export function keep(state) {
  if (!staticMode || !state || state.friend) return;
  const mark = `${state.id}/${state.version}/${state.ply}`;
  if (kept === mark) return;
  kept = mark;
  const id = state.id;
  if (shown !== id) {
    shown = id;
    if (other && other.id === id) write(id, other.record);
    other = null;
  }
  const before = writes;
  keeping = keeping.then(async () => {
    const r = await api.record(id);
    // (a change kept meanwhile is newer, or as new)
    if (writes === before && shown === id) write(id, r.record);
  }).catch(() => { /* the game is gone meanwhile: the last one kept stays */ });
}

// The game kept at the last visit, re-created in the worker; null when
// there is none (or it cannot be read any more).
export async function restore() {
  if (!staticMode) return null;
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(GAME_KEY) || 'null');
  } catch { /* a damaged entry */ }
  if (!saved || typeof saved.record !== 'string') return null;
  try {
    return await api.create({ record: saved.record, reply: false, lang: i18n.getLang() });
  } catch (e) {
    // (a record refused is dropped; kept when the engine could not start)
    if (e.status === 400 || e.status === 413) localStorage.removeItem(GAME_KEY);
    return null;
  }
}
