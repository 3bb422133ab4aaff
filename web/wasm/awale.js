// awale.js - the web app of `awale serve` in WebAssembly (build/wasm/awale.wasm,
// src/wasm/app.c), for a Web Worker (web/worker.js) and for node (the tests):
// requests in, answers out, as the server gives them, with no HTTP.
//
//   const app = await AwaleApp.create(moduleOrBytes, { analysis: false, analysisMs: 0, sliceMs: 0 });
//   const answer = await app.fetch('POST', '/api/games?lang=fr',
//                                  { 'Content-Type': 'application/json' }, bodyText);
//   // -> { status, headers: {name: value}, body: Uint8Array }
//   //    or for an event stream { status, headers, stream: handle }
//   app.onData = (handle, bytes | null) => ...   // a stream's bytes; null: its end
//   app.close(handle)                            // the reader leaves a stream
//   app.buildTables('abapa') -> files; app.addTables(files)   // endgame tables
//
// The engine's jobs (a move, a hint, a review...) wait in the module's queue
// and run here, one per turn of the event loop, so that new requests are read
// between two of them (src/wasm/pool_single.c). A job runs to its end: the
// analysis stream, which runs until stopped, is given a module of its own
// (web/js/transport.js), ended by terminating its worker.
import { Wasi, MemFS } from './wasi.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The next turn of the event loop (a message channel: no 4 ms clamp of timers).
function nextTurn() {
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(0);
  });
}

export class AwaleApp {
  static async create(moduleOrBytes, { analysis = false, analysisMs = 0, sliceMs = 0, fs = new MemFS(), log } = {}) {
    const module = moduleOrBytes instanceof WebAssembly.Module
      ? moduleOrBytes : await WebAssembly.compile(moduleOrBytes);
    const app = new AwaleApp();
    const wasi = new Wasi({
      args: ['awale'],
      env: { LANG: 'C.UTF-8' },
      fs,
      stdout: log || ((s) => console.log(s)),
      stderr: log || ((s) => console.error(s)),
    });
    const instance = await WebAssembly.instantiate(module, {
      wasi_snapshot_preview1: wasi.imports,
      awale: { stream_ready: (handle) => app.streamReady(handle) },
    });
    wasi.initialize(instance);
    app.x = instance.exports;
    app.wasi = wasi;
    app.fs = fs;
    app.module = module;
    if (app.x.awale_init(analysis ? 1 : 0, analysisMs, sliceMs) !== 0) throw new Error(`awale: ${app.cstring(app.x.awale_error())}`);
    return app;
  }

  constructor() {
    this.waiting = new Map(); // handle -> resolve, for pending answers
    this.streams = new Set(); // open stream handles
    this.pumping = false;
    this.onData = () => {};
  }

  cstring(ptr) {
    const mem = new Uint8Array(this.x.memory.buffer);
    let end = ptr;
    while (mem[end]) end++;
    return decoder.decode(mem.subarray(ptr, end));
  }

  // A copy of text (string or bytes) in the module's memory, NUL-terminated.
  put(data) {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    const ptr = this.x.malloc(bytes.length + 1);
    if (!ptr) throw new Error('awale: out of memory');
    const mem = new Uint8Array(this.x.memory.buffer);
    mem.set(bytes, ptr);
    mem[ptr + bytes.length] = 0;
    return { ptr, len: bytes.length };
  }

  // Answer a request: a Promise of { status, headers, body } or of
  // { status, headers, stream } for an event stream.
  fetch(method, url, headers = {}, body = null) {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\n`).join('');
    const m = this.put(method);
    const u = this.put(url);
    const h = this.put(lines);
    const b = body == null ? null : this.put(body);
    let handle;
    try {
      handle = this.x.awale_request(m.ptr, u.ptr, h.ptr, b ? b.ptr : 0, b ? b.len : 0);
    } finally {
      for (const p of [m, u, h, b]) if (p) this.x.free(p.ptr);
    }
    if (!handle) {
      return Promise.resolve({
        status: 503, headers: { 'content-type': 'application/json' },
        body: encoder.encode('{"error":"the page\'s engine is busy: too many answers at once"}'),
      });
    }
    const state = this.x.awale_answer_state(handle);
    if (state === 2) {
      const answer = { status: this.x.awale_answer_status(handle), headers: this.headers(handle), stream: handle };
      this.streams.add(handle);
      return Promise.resolve(answer);
    }
    if (state === 0) {
      const answer = this.answer(handle);
      this.pump();
      return Promise.resolve(answer);
    }
    return new Promise((resolve) => {
      this.waiting.set(handle, resolve);
      this.pump();
    });
  }

  headers(handle) {
    const out = {};
    const type = this.cstring(this.x.awale_answer_type(handle));
    if (type) out['content-type'] = type;
    for (const line of this.cstring(this.x.awale_answer_headers(handle)).split('\n')) {
      const i = line.indexOf(':');
      if (i > 0) out[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
    }
    return out;
  }

  // The reply of a handle, copied out, and the handle given back.
  answer(handle) {
    const ptr = this.x.awale_answer_body(handle);
    const len = this.x.awale_answer_length(handle);
    const body = ptr ? new Uint8Array(this.x.memory.buffer, ptr, len).slice() : new Uint8Array(0);
    const out = { status: this.x.awale_answer_status(handle), headers: this.headers(handle), body };
    this.x.awale_answer_free(handle);
    return out;
  }

  // Read what a stream holds now: bytes, or null at its end (the handle is
  // then given back).
  read(handle) {
    const size = 16384;
    const buf = this.x.malloc(size);
    const parts = [];
    let ended = false;
    try {
      for (;;) {
        const n = this.x.awale_stream_read(handle, buf, size);
        if (n < 0) {
          ended = true;
          break;
        }
        if (n === 0) break;
        parts.push(new Uint8Array(this.x.memory.buffer, buf, n).slice());
      }
    } finally {
      this.x.free(buf);
    }
    const total = parts.reduce((s, p) => s + p.length, 0);
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    if (ended) {
      this.streams.delete(handle);
      this.x.awale_answer_free(handle);
    }
    return { bytes, ended };
  }

  // The module says a stream has something: read it now (even from inside a
  // running job: an analysis is seen as it goes).
  streamReady(handle) {
    if (!this.streams.has(handle)) return;
    const { bytes, ended } = this.read(handle);
    if (bytes.length) this.onData(handle, bytes);
    if (ended) this.onData(handle, null);
  }

  // Start reading a stream: what is there now, and the rest as it comes.
  start(handle) {
    this.streamReady(handle);
  }

  close(handle) {
    if (!this.streams.delete(handle)) return;
    this.x.awale_answer_free(handle);
    this.pump();
  }

  // Run the queued jobs, one per turn, answering the pending requests.
  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        this.settle();
        if (this.x.awale_jobs() === 0) break;
        await nextTurn();
        this.x.awale_run();
      }
      this.settle();
    } finally {
      this.pumping = false;
    }
  }

  settle() {
    for (const [handle, resolve] of this.waiting) {
      if (this.x.awale_answer_state(handle) === 0) {
        this.waiting.delete(handle);
        resolve(this.answer(handle));
      }
    }
  }

  // Build the endgame tables of a rule set ('abapa') in this module's file
  // system (seconds: a worker of their own does it) and give their files,
  // [[path, bytes], ...]; null when it could not.
  buildTables(rules) {
    const name = this.put(rules);
    let seeds;
    try {
      seeds = this.x.awale_wasm_tables_build(name.ptr, 0);
    } finally {
      this.x.free(name.ptr);
    }
    if (seeds < 0) return null;
    return this.fs.files('/tables').map((path) => [path, this.fs.readFile(path)]);
  }

  // Table files built elsewhere, put in this module's file system: the games
  // use them from their next engine job.
  addTables(files) {
    for (const [path, bytes] of files) this.fs.writeFile(path, bytes);
    this.x.awale_tables_added();
  }

  tick() {
    this.x.awale_tick();
    this.pump();
  }
}
