// worker.js - the web app of `awale serve` inside the page (make web-static):
// a module Web Worker that runs awale.wasm (src/wasm/app.c, through
// wasm/awale.js) and answers the page's requests (web/js/transport.js) as the
// server would, with the same statuses, JSON and event streams.
//
// Messages from the page:
//   {type: 'init', module?: WebAssembly.Module, analysis?: bool}
//        -> {type: 'ready', module} (the compiled module, for more workers) or
//           {type: 'failed', error}
//   {id, method, url, headers, body}   a request (body: string or null)
//        -> {id, status, headers, body: ArrayBuffer, kept?}         a reply
//           (kept: {id, record} after a change of a game, see below)
//        -> {id, status, headers, stream: true}, then {id, chunk: Uint8Array}...
//           and {id, end: true}                                      an event stream
//   {id, close: true}                  the page stops reading stream `id`
//   {type: 'build-tables', module, rules}   (a worker of its own) build the
//        endgame tables of `rules` -> {type: 'tables', files: [[path, bytes]...] | null}
//   {type: 'add-tables', files}        put table files in; games use them next
//   (init may carry `files` too: the tables of an analysis copy)
// Between two messages the engine's queued jobs run, one per turn of the
// event loop (wasm/awale.js), so that the page's next request is read soon.
import { AwaleApp } from './wasm/awale.js';
import { MemFS } from './wasm/wasi.js';

let app = null;
let starting = null;
let keeps = false;         // the main worker (not an analysis copy): records go with changes
const streams = new Map(); // module's stream handle -> request id
const early = [];          // requests that came before the module was ready

// A function that uses WebAssembly's SIMD (i8x16.popcnt, the last of its
// instructions): engines without it (Safari before 16.4) get awale-plain.wasm.
const SIMD = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0,
  65, 0, 253, 15, 253, 98, 11]);

async function compile() {
  const url = new URL(WebAssembly.validate(SIMD) ? 'awale.wasm' : 'awale-plain.wasm', import.meta.url);
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // A host that does not say application/wasm: the bytes, then.
    return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
  }
}

// A worker that only builds the endgame tables of a rule set and gives
// their files back (the page passes them to the others: add-tables, init).
async function buildTables(msg) {
  try {
    const builder = await AwaleApp.create(msg.module || await compile(), { analysis: true });
    const files = builder.buildTables(msg.rules);
    const buffers = files ? files.map(([, bytes]) => bytes.buffer) : [];
    postMessage({ type: 'tables', files }, buffers);
  } catch (e) {
    postMessage({ type: 'tables', files: null, error: String(e && e.message ? e.message : e) });
  }
}

async function init(msg) {
  try {
    const module = msg.module || await compile();
    const fs = new MemFS();
    for (const [path, bytes] of msg.files || []) fs.writeFile(path, bytes);
    app = await AwaleApp.create(module, { analysis: !!msg.analysis, fs });
    keeps = !msg.analysis;
    app.onData = (handle, bytes) => {
      const id = streams.get(handle);
      if (id === undefined) return;
      if (bytes) postMessage({ id, chunk: bytes }, [bytes.buffer]);
      else {
        streams.delete(handle);
        postMessage({ id, end: true });
      }
    };
    setInterval(() => app.tick(), 200);
    postMessage({ type: 'ready', module: msg.analysis ? null : module });
    for (const m of early.splice(0)) {
      if (m.type === 'add-tables') app.addTables(m.files);
      else request(m);
    }
  } catch (e) {
    postMessage({ type: 'failed', error: String(e && e.message ? e.message : e) });
  }
}

async function request(msg) {
  if (msg.close) {
    for (const [handle, id] of streams) {
      if (id === msg.id) {
        streams.delete(handle);
        app.close(handle);
      }
    }
    return;
  }
  let answer;
  try {
    answer = await app.fetch(msg.method || 'GET', msg.url, msg.headers || {}, msg.body ?? null);
  } catch (e) {
    // A fault of the module (it aborted): said as the server says a failure.
    const error = `the page's engine failed: ${e && e.message ? e.message : e}`;
    const body = new TextEncoder().encode(JSON.stringify({ error })).buffer;
    postMessage({ id: msg.id, status: 500, headers: { 'content-type': 'application/json' }, body }, [body]);
    return;
  }
  if (answer.stream) {
    streams.set(answer.stream, msg.id);
    postMessage({ id: msg.id, status: answer.status, headers: answer.headers, stream: true });
    app.start(answer.stream);
    return;
  }
  const kept = await changed(msg, answer);
  const body = answer.body.buffer;
  postMessage({ id: msg.id, status: answer.status, headers: answer.headers, body, kept }, [body]);
}

// The games of this worker live as long as the page, which keeps the game
// shown in the browser (web/js/offline.js): after a change of a game (a
// POST on it answered, a game created or imported), its record goes with
// the reply, so that the page keeps it as it reads the reply, before it
// shows the change, and a reload right after a move cannot lose it.
const decoder = new TextDecoder();
async function changed(msg, answer) {
  if (!keeps || (msg.method || 'GET').toUpperCase() !== 'POST' || answer.status < 200 || answer.status > 299) return undefined;
  const path = msg.url.split('?')[0];
  let id = (/^\/api\/games\/([0-9a-f]+)(\/|$)/.exec(path) || [])[1];
  try {
    if (!id && path === '/api/games') id = JSON.parse(decoder.decode(answer.body)).id;
    if (typeof id !== 'string' || !/^[0-9a-f]+$/.test(id)) return undefined;
    const r = await app.fetch('GET', `/api/games/${id}/record`, {}, null);
    if (r.status !== 200 || r.stream) return undefined;
    const record = JSON.parse(decoder.decode(r.body)).record;
    return typeof record === 'string' ? { id, record } : undefined;
  } catch {
    return undefined; // (no record to give: the page keeps the one before)
  }
}

onmessage = (ev) => {
  const msg = ev.data;
  if (msg && msg.type === 'init') {
    if (!starting) starting = init(msg);
    return;
  }
  if (msg && msg.type === 'build-tables') {
    buildTables(msg);
    return;
  }
  if (msg && msg.type === 'add-tables') {
    if (app) app.addTables(msg.files);
    else early.push(msg);
    return;
  }
  if (!app) early.push(msg);
  else request(msg);
};
