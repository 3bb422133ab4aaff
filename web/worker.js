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
//        -> {id, status, headers, body: ArrayBuffer}                 a reply
//        -> {id, status, headers, stream: true}, then {id, chunk: Uint8Array}...
//           and {id, end: true}                                      an event stream
//   {id, close: true}                  the page stops reading stream `id`
// Between two messages the engine's queued jobs run, one per turn of the
// event loop (wasm/awale.js), so that the page's next request is read soon.
import { AwaleApp } from './wasm/awale.js';

let app = null;
let starting = null;
const streams = new Map(); // module's stream handle -> request id
const early = [];          // requests that came before the module was ready

async function init(msg) {
  try {
    const module = msg.module
      || await WebAssembly.compileStreaming(fetch(new URL('awale.wasm', import.meta.url)))
        .catch(async () => WebAssembly.compile(await (await fetch(new URL('awale.wasm', import.meta.url))).arrayBuffer()));
    app = await AwaleApp.create(module, { analysis: !!msg.analysis });
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
    for (const m of early.splice(0)) request(m);
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
  const body = answer.body.buffer;
  postMessage({ id: msg.id, status: answer.status, headers: answer.headers, body }, [body]);
}

onmessage = (ev) => {
  const msg = ev.data;
  if (msg && msg.type === 'init') {
    if (!starting) starting = init(msg);
    return;
  }
  if (!app) early.push(msg);
  else request(msg);
};
