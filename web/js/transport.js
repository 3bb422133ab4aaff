// transport.js - how the page reaches the web app: over HTTP when `awale
// serve` serves it, or, in the page built by `make web-static` (its
// index.html carries <meta name="awale-mode" content="static">), through the
// same app compiled to WebAssembly in a Web Worker (../worker.js), which
// answers the same requests with the same JSON and event streams.
//
//   transport.fetch(url, init)   a Promise of a Response (as fetch's)
//   transport.events(url)        an EventSource (or one that acts like it)
//   transport.mode               'server' or 'device'
//   transport.keepWith(fn)       on the device, fn(id, record) is called with
//                                the record of a game each time a request
//                                changes it, before the request's answer is read
//
// The analysis stream runs until stopped, and a worker busy with it reads no
// message: so each analysis stream gets a worker of its own, made from the
// compiled module, holding a copy of the game (its record, both sides
// people); a change of the game (a POST or DELETE on it, answered) starts a
// fresh copy, and closing the stream terminates the worker.

const meta = typeof document !== 'undefined' && document.querySelector('meta[name="awale-mode"]');
const isStatic = !!meta && meta.getAttribute('content') === 'static';

const workerUrl = new URL('../worker.js', import.meta.url);
let main = null;     // the worker that holds the games
let module = null;   // its compiled module, for the analysis workers
let nextId = 1;
const calls = new Map();     // id -> { resolve, reject, stream controller }
const analyses = new Map();  // game id -> Set of open analysis streams
let keeper = null;           // (id, record) of each change of a game, told at once

// The endgame tables (abapa and two-seeds 14 seeds, 9.7 MB; seven-turns and
// grand-slam 9 seeds, 8 to 12 MB; relay has none) are built in the page
// rather than downloaded (docs/web.md): a worker of their own builds those of
// a rule set a moment after the first game with it (those of the default
// rules a moment after the first start), one rule set at a time, then the
// main worker and each analysis copy get the files.
// The files are kept in IndexedDB, one entry per rule set: the next visits
// use them at once, when the main worker opens them (GET /api/server lists
// them ready).
const TABLES_DELAY_MS = 5000;
const TABLE_RULES = ['abapa', 'two-seeds', 'seven-turns', 'grand-slam'];
const tablesWanted = new Set(); // rule sets whose tables are loaded or on their way
let tableFiles = [];            // every table file the main worker holds
let tablesQueue = Promise.resolve();

function idb(mode, fn) {
  return new Promise((resolve) => {
    let req;
    try {
      req = indexedDB.open('awale-tables', 1);
    } catch {
      resolve(null);
      return;
    }
    req.onupgradeneeded = () => req.result.createObjectStore('files');
    req.onerror = () => resolve(null);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('files', mode);
      const r = fn(tx.objectStore('files'));
      tx.oncomplete = () => { db.close(); resolve(r && 'result' in r ? r.result : null); };
      tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
    };
  });
}

async function tablesReady(rules) {
  try {
    const res = await deviceFetch('/api/server');
    const st = await res.json();
    return (st.tables || []).some((t) => t.rules === rules && t.seeds > 0);
  } catch {
    return false;
  }
}

function addTables(files) {
  tableFiles = tableFiles.concat(files);
  main.postMessage({ type: 'add-tables', files });
}

// The tables of `rules`: those kept, else built `delay` ms from now by a
// worker of their own (after the builds asked before: one at a time).
function wantTables(rules, delay) {
  if (!TABLE_RULES.includes(rules) || tablesWanted.has(rules)) return;
  tablesWanted.add(rules);
  tablesQueue = tablesQueue.then(() => loadTables(rules, delay)).catch(() => {});
}

async function loadTables(rules, delay) {
  const kept = await idb('readonly', (store) => store.get(rules));
  if (Array.isArray(kept) && kept.length) {
    addTables(kept);
    if (await tablesReady(rules)) return;
    // Files of another version: built again (the newer ones replace them).
  }
  await new Promise((r) => setTimeout(r, delay)); // the page and its moves go first
  const files = await new Promise((resolve) => {
    const w = new Worker(workerUrl, { type: 'module' });
    w.onmessage = (ev) => {
      if (ev.data.type !== 'tables') return;
      w.terminate();
      resolve(ev.data.files);
    };
    w.onerror = () => { w.terminate(); resolve(null); };
    w.postMessage({ type: 'build-tables', module, rules });
  });
  if (!files) return; // none: the games play without them
  addTables(files);
  idb('readwrite', (store) => store.put(files, rules));
}

function mainWorker() {
  if (main) return main;
  main = new Worker(workerUrl, { type: 'module' });
  main.ready = new Promise((resolve, reject) => {
    main.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === 'ready') {
        module = m.module;
        main.onmessage = (e) => answer(e.data);
        resolve();
        wantTables('abapa', TABLES_DELAY_MS);
      } else if (m.type === 'failed') reject(new Error(m.error));
    };
  });
  main.postMessage({ type: 'init' });
  return main;
}

// A message of the main worker: an answer, a stream's part or its end.
function answer(m) {
  const c = calls.get(m.id);
  if (!c) {
    // A stream whose reader left before it opened: closed at once.
    if (m.stream) main.postMessage({ id: m.id, close: true });
    return;
  }
  if (m.chunk) {
    if (c.controller) c.controller.enqueue(m.chunk);
    return;
  }
  if (m.end) {
    calls.delete(m.id);
    if (c.controller) c.controller.close();
    return;
  }
  if (m.stream) {
    const body = new ReadableStream({
      start(controller) { c.controller = controller; },
      cancel() {
        calls.delete(m.id);
        main.postMessage({ id: m.id, close: true });
      },
    });
    c.resolve(new Response(body, { status: m.status, headers: m.headers }));
    return;
  }
  calls.delete(m.id);
  // (a change's record, kept before anything reads the reply: offline.js)
  if (m.kept && keeper) keeper(m.kept.id, m.kept.record);
  c.resolve(new Response(m.status === 204 || m.status === 304 ? null : m.body, { status: m.status, headers: m.headers }));
}

// The path and query of a URL the page asks for (relative ones as given).
function relative(url) {
  const u = new URL(url, 'http://page.invalid/');
  return u.pathname + u.search;
}

async function deviceFetch(url, init = {}) {
  const w = mainWorker();
  await w.ready;
  const path = relative(url);
  const method = (init.method || 'GET').toUpperCase();
  const headers = {};
  new Headers(init.headers || {}).forEach((v, k) => { headers[k] = v; });
  const id = nextId++;
  const res = await new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    if (init.signal) {
      if (init.signal.aborted) {
        calls.delete(id);
        reject(new DOMException('aborted', 'AbortError'));
        return;
      }
      init.signal.addEventListener('abort', () => {
        const c = calls.get(id);
        calls.delete(id);
        w.postMessage({ id, close: true });
        if (c && c.controller) {
          try { c.controller.error(new DOMException('aborted', 'AbortError')); } catch { /* closed */ }
        }
        reject(new DOMException('aborted', 'AbortError'));
      });
    }
    w.postMessage({ id, method, url: path, headers, body: init.body == null ? null : String(init.body) });
  });
  // A game with other rules (a preset as it is): their tables, a moment later.
  if (method === 'POST' && path.split('?')[0] === '/api/games' && res.status === 201) {
    res.clone().json().then((game) => {
      if (game && game.rules && !game.rules.diff) wantTables(game.rules.name, 2000);
    }).catch(() => {});
  }
  // A change of a game: its analysis streams start again on the new position.
  const m = /^\/api\/games\/([0-9a-f]+)/.exec(path);
  if (m && method !== 'GET' && res.ok && analyses.has(m[1])) for (const s of analyses.get(m[1])) s.restart();
  return res;
}

// Server-Sent Events read from chunks: calls onEvent(name, data, id).
function sseParser(onEvent) {
  const decoder = new TextDecoder();
  let buf = '';
  return (chunk) => {
    buf += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      let name = 'message';
      let id = '';
      const data = [];
      for (const line of block.split('\n')) {
        if (!line || line[0] === ':') continue;
        const k = line.indexOf(':');
        const field = k < 0 ? line : line.slice(0, k);
        const value = k < 0 ? '' : line.slice(k + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      if (data.length) onEvent(name, data.join('\n'), id);
    }
  };
}

// An analysis stream of the page on this device: EventSource's
// addEventListener and close, fed by a worker of its own.
class DeviceAnalysis {
  constructor(url) {
    const path = relative(url);
    const m = /^\/api\/games\/([0-9a-f]+)\/analysis(\?.*)?$/.exec(path);
    this.game = m ? m[1] : null;
    this.query = m && m[2] ? m[2] : '';
    this.listeners = new Map();
    this.worker = null;
    this.closed = false;
    this.readyState = 0;
    if (this.game) {
      if (!analyses.has(this.game)) analyses.set(this.game, new Set());
      analyses.get(this.game).add(this);
    }
    this.restart();
  }

  addEventListener(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(fn);
  }

  removeEventListener(name, fn) {
    if (this.listeners.has(name)) this.listeners.get(name).delete(fn);
  }

  emit(name, data, id = '') {
    const ev = { type: name, data, lastEventId: id };
    for (const fn of this.listeners.get(name) || []) fn(ev);
    const on = this[`on${name}`];
    if (typeof on === 'function') on(ev);
  }

  // A fresh copy of the game in a fresh worker, and its stream.
  async restart() {
    if (this.closed) return;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const generation = (this.generation || 0) + 1;
    this.generation = generation;
    const stale = () => this.closed || this.generation !== generation;
    try {
      if (!this.game) throw new Error('not an analysis stream');
      const rec = await deviceFetch(`/api/games/${this.game}/record`);
      if (stale()) return;
      if (rec.status !== 200) {
        this.emit('error', await rec.text());
        return;
      }
      const { record } = await rec.json();
      if (stale()) return;
      // As the server: no analysis while the computer thinks (its move,
      // answered, starts the analysis again).
      const st = await deviceFetch(`/api/games/${this.game}`);
      const state = st.ok ? await st.json() : null;
      if (stale()) return;
      if (state && state.status === 'ongoing' && state.computer_to_move) {
        this.emit('waiting', JSON.stringify({ reason: 'computer' }));
        return;
      }
      const w = new Worker(workerUrl, { type: 'module' });
      this.worker = w;
      const parse = sseParser((name, data, id) => { if (!stale()) this.emit(name, data, id); });
      let created = false;
      w.onmessage = (ev) => {
        const msg = ev.data;
        if (stale()) return;
        if (msg.type === 'ready') {
          w.postMessage({
            id: 1, method: 'POST', url: '/api/games', headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ record, south: 'human', north: 'human' }),
          });
        } else if (msg.type === 'failed') {
          this.emit('error', msg.error);
        } else if (msg.id === 1 && !created) {
          created = true;
          const copy = JSON.parse(new TextDecoder().decode(msg.body));
          if (msg.status !== 201) {
            this.emit('error', JSON.stringify(copy));
            return;
          }
          w.postMessage({ id: 2, method: 'GET', url: `/api/games/${copy.id}/analysis${this.query}`, headers: {} });
        } else if (msg.id === 2 && msg.chunk) {
          parse(msg.chunk);
        } else if (msg.id === 2 && msg.stream) {
          this.readyState = 1;
          this.emit('open', '');
        } else if (msg.id === 2 && !msg.stream && !msg.end && msg.body) {
          this.emit('error', new TextDecoder().decode(msg.body));
        }
      };
      w.postMessage({ type: 'init', module, analysis: true, files: tableFiles });
    } catch (e) {
      if (!stale()) this.emit('error', String(e.message || e));
    }
  }

  close() {
    this.closed = true;
    this.readyState = 2;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (this.game && analyses.has(this.game)) {
      analyses.get(this.game).delete(this);
      if (!analyses.get(this.game).size) analyses.delete(this.game);
    }
  }
}

// What the page alone cannot do is not offered: a friend on another device
// (they meet through a server) and the archive of finished games (its
// database). Module scripts run once the document is parsed.
if (isStatic) {
  const friend = document.querySelector('#form-new input[name=opponent][value=friend]');
  if (friend) friend.closest('label').style.display = 'none';
  const archive = document.getElementById('btn-archive');
  if (archive) archive.style.display = 'none';
}

export const transport = {
  mode: isStatic ? 'device' : 'server',
  fetch: (url, init) => (isStatic ? deviceFetch(url, init) : fetch(url, init)),
  events: (url) => (isStatic ? new DeviceAnalysis(url) : new EventSource(url)),
  keepWith: (fn) => { keeper = fn; },
};
