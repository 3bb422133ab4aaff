// app.test.mjs - the web app compiled to WebAssembly (build/wasm/awale.wasm,
// src/wasm/app.c, run by web/wasm/awale.js as the page's worker runs it)
// against the native `awale serve`: the same scripted game on both, and the
// same statuses, the same fields and, where nothing depends on the clock,
// the same values. Then what only the page's app does: games with a friend
// and QR codes refused (they need the server).
//
//   AWALE_WASM=build/wasm/awale.wasm AWALE_BIN=build/release/awale node --test tests/wasm/app.test.mjs
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { AwaleApp } from '../../web/wasm/awale.js';

process.env.AWALE = process.env.AWALE_BIN || process.env.AWALE || 'build/release/awale';
const { startServer, api } = await import('../api/server.mjs');
const WASM = process.env.AWALE_WASM || 'build/wasm/awale.wasm';
const WASM_PLAIN = process.env.AWALE_WASM_PLAIN || 'build/wasm-plain/awale.wasm';

const REVIEW_GAME = '1. C c 2. F d 3. C e 4. F c 5. A d 6. B c 7. F e 8. C d 9. F b 10. A c 11. B a 12. D d *';
const decoder = new TextDecoder();

// The same request to the module, as { status, headers, body (parsed) }.
async function wasmApi(app, method, url, body) {
  const headers = {};
  let text = null;
  if (body !== undefined) {
    text = typeof body === 'string' ? body : JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  const r = await app.fetch(method, url, headers, text);
  const raw = decoder.decode(r.body);
  const parsed = (r.headers['content-type'] || '').startsWith('application/json') ? JSON.parse(raw) : raw;
  return { status: r.status, headers: r.headers, body: parsed, text: raw };
}

// The fields of a JSON value, recursively through objects (the first element
// of arrays): what both answers must share.
function shape(v) {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === 'object') {
    const o = {};
    for (const k of Object.keys(v).sort()) o[k] = shape(v[k]);
    return o;
  }
  return v === null ? null : typeof v;
}

describe('the web app in WebAssembly answers as awale serve', () => {
  let srv;
  let app;
  const native = (method, url, body) => api(srv.base, method, url, body);
  const wasm = (method, url, body) => wasmApi(app, method, url, body);
  // Both answers, with the same status and the same fields.
  async function both(method, url, urlWasm, body, { sameShape = true } = {}) {
    const n = await native(method, url, body);
    const w = await wasm(method, urlWasm, body);
    assert.equal(w.status, n.status, `${method} ${urlWasm}: ${w.text} (native: ${n.text})`);
    assert.equal(w.headers['content-type'], n.headers.get('content-type'));
    if (sameShape) assert.deepEqual(shape(w.body), shape(n.body), `${method} ${urlWasm}: the same fields`);
    return { n: n.body, w: w.body, nh: n.headers, wh: w.headers };
  }

  before(async () => {
    srv = await startServer(['--tables', 'none', '--db', 'off', '--searches', '1']);
    const t0 = performance.now();
    const module = await WebAssembly.compile(await readFile(WASM));
    app = await AwaleApp.create(module, { analysisMs: 400, sliceMs: 50, log: () => {} });
    const ms = performance.now() - t0;
    assert.ok(ms < 20000, `the module starts (${ms.toFixed(0)} ms)`);
  });
  after(async () => { if (srv) await srv.stop(); });

  it('answers the rule sets and levels the same', async () => {
    const rules = await both('GET', '/api/rules', '/api/rules');
    assert.deepEqual(rules.w, rules.n);
    const levels = await both('GET', '/api/levels', '/api/levels');
    assert.deepEqual(levels.w, levels.n);
    const fr = await both('GET', '/api/rules?lang=fr', '/api/rules?lang=fr');
    assert.deepEqual(fr.w, fr.n);
  });

  it('plays a game against the computer: moves, its replies, hint, undo, record', async () => {
    const body = { north: 'engine', level: 2, movetime: 50 };
    const c = await both('POST', '/api/games', '/api/games', body);
    const nid = c.n.id;
    const wid = c.w.id;
    assert.match(wid, /^[0-9a-f]{16}$/);
    assert.equal(c.wh.location, `/api/games/${wid}`);
    assert.equal(c.w.position, c.n.position);
    assert.deepEqual(c.w.legal, c.n.legal);
    // A move of the person, answered by the computer's.
    const m = await both('POST', `/api/games/${nid}/moves`, `/api/games/${wid}/moves`, { move: 'C' });
    assert.equal(m.w.played.length, 2, 'the computer answers');
    assert.deepEqual(m.w.played[0], m.n.played[0]);
    assert.equal(m.w.played[1].side, 'N');
    assert.ok(m.w.played[1].thought, 'with what it thought');
    assert.equal(m.w.ply, 2);
    assert.equal(m.w.to_move, 'S');
    // The same moves on the native game from here on.
    const computer = m.w.played[1].move;
    const sync = await native('POST', '/api/games', { north: 'human', record: `1. C ${computer} *` });
    assert.equal(sync.status, 201, sync.text);
    assert.equal(sync.body.position, m.w.position);
    const h = await both('GET', `/api/games/${nid}/hint`, `/api/games/${wid}/hint`);
    assert.ok(m.w.legal.includes(h.w.move), `the hint ${h.w.move} is a legal move`);
    const u = await both('POST', `/api/games/${nid}/undo`, `/api/games/${wid}/undo`);
    assert.equal(u.w.undone, 2);
    assert.equal(u.w.ply, 0);
    assert.equal(u.w.position, c.w.position);
    assert.equal(u.w.can_redo, true);
    const rd = await wasm('POST', `/api/games/${wid}/redo`);
    assert.equal(rd.status, 200);
    assert.equal(rd.body.position, m.w.position);
    const rec = await both('GET', `/api/games/${nid}/record`, `/api/games/${wid}/record`);
    assert.match(rec.w.record, new RegExp(`1\\. C ${computer}`));
    const text = await app.fetch('GET', `/api/games/${wid}/record?format=text`);
    assert.equal(text.status, 200);
    assert.match(text.headers['content-disposition'], /attachment/);
    // Imported back: the same position.
    const imp = await wasm('POST', '/api/games', { record: rec.w.record, north: 'human' });
    assert.equal(imp.status, 201, imp.text);
    assert.equal(imp.body.position, m.w.position);
  });

  it('refuses bad requests with the same statuses and words, in French too', async () => {
    const g = await both('POST', '/api/games', '/api/games', { north: 'human' });
    const [nm, wm] = [`/api/games/${g.n.id}/moves`, `/api/games/${g.w.id}/moves`];
    const cases = [
      ['GET', '/api/games/ffffffffffffffff', '/api/games/ffffffffffffffff', undefined, 404],
      ['GET', '/api/nothing', '/api/nothing', undefined, 404],
      ['POST', nm, wm, '{"move": ', 400],
      ['POST', nm, wm, { move: 'Z' }, 400],
      ['POST', nm, wm, { move: 'f' }, 422],
      ['GET', nm, wm, undefined, 405],
      ['POST', `${nm}?lang=fr`, `${wm}?lang=fr`, { move: 'f' }, 422],
      ['POST', nm, wm, { move: 'f', lang: 'fr' }, 422],
      ['POST', '/api/games', '/api/games', { level: 11 }, 400],
      ['POST', '/api/games', '/api/games', { record: '[Event "x"]\n1. Z *', lang: 'fr' }, 400],
      ['POST', `${nm}?lang=pt`, `${wm}?lang=pt`, { move: 'f' }, 422],
      ['POST', '/api/games', '/api/games', { record: '[Event "x"]\n1. Z *', lang: 'pt' }, 400],
    ];
    for (const [method, nu, wu, body, status] of cases) {
      const r = await both(method, nu, wu, body);
      assert.equal(r.w.status ?? status, status);
      assert.equal(typeof r.w.error, 'string');
      assert.equal(r.w.error.replaceAll(g.w.id, 'ID'), r.n.error.replaceAll(g.n.id, 'ID'), `${method} ${wu}`);
    }
    const fr = await wasm('POST', `${wm}?lang=fr`, { move: 'f' });
    assert.equal(fr.body.error, "les règles n'autorisent pas ce coup");
    assert.equal(fr.body.code, 'illegal_move');
    const rec = await wasm('POST', '/api/games', { record: '[Event "x"]\n1. Z *', lang: 'fr' });
    assert.match(rec.body.error, /^partie : ligne/);
    // Portuguese, from the catalog embedded in the module.
    const pt = await wasm('POST', `${wm}?lang=pt`, { move: 'f' });
    assert.equal(pt.body.error, 'as regras não permitem esta jogada');
    const recPt = await wasm('POST', '/api/games', { record: '[Event "x"]\n1. Z *', lang: 'pt' });
    assert.match(recPt.body.error, /^registo: linha 2: «Z» não é uma letra de casa/);
  });

  it('reviews an imported game to its end as the server does', async () => {
    const g = await both('POST', '/api/games', '/api/games', { record: REVIEW_GAME, north: 'human' });
    assert.equal(g.w.position, g.n.position);
    const [nr, wr] = [`/api/games/${g.n.id}/review`, `/api/games/${g.w.id}/review`];
    const p = await both('POST', nr, wr, { depth: 8, movetime: 60000 }, { sameShape: false });
    assert.equal(p.w.total, 24);
    const done = async (get) => {
      for (let i = 0; i < 600; i++) {
        const r = await get();
        if (r.body.state === 'done') return r.body;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error('the review did not end');
    };
    const [n, w] = await Promise.all([done(() => native('GET', nr)), done(() => wasm('GET', wr))]);
    assert.deepEqual(shape(w), shape(n));
    assert.equal(w.reviewed, 24);
    assert.deepEqual(w.moves.map((m) => m.move), n.moves.map((m) => m.move));
    // A fixed depth: the same engine finds the same best moves.
    assert.deepEqual(w.moves.map((m) => m.best), n.moves.map((m) => m.best));
  });

  it('answers between two slices of a long review', async () => {
    const g = await wasm('POST', '/api/games', { record: REVIEW_GAME, north: 'human' });
    const url = `/api/games/${g.body.id}/review`;
    assert.equal((await wasm('POST', url, { depth: 13, movetime: 60000 })).status, 202);
    const seen = new Set();
    for (let i = 0; i < 2000; i++) {
      const r = (await wasm('GET', url)).body;
      seen.add(r.reviewed);
      if (r.state === 'done') break;
      await new Promise((res) => setTimeout(res, 20));
    }
    assert.ok(seen.has(24), 'the review ended');
    assert.ok([...seen].some((n) => n > 0 && n < 24), `progress seen on the way: ${[...seen]}`);
  });

  it('streams the analysis and closes it on demand', async () => {
    const g = await wasm('POST', '/api/games', { north: 'human' });
    const chunks = [];
    let ended = false;
    const answer = await app.fetch('GET', `/api/games/${g.body.id}/analysis?multipv=2`, {});
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type'], /^text\/event-stream/);
    app.onData = (handle, bytes) => {
      if (handle !== answer.stream) return;
      if (bytes) chunks.push(decoder.decode(bytes));
      else ended = true;
    };
    app.start(answer.stream);
    for (let i = 0; i < 200 && !chunks.join('').includes('event: done'); i++) {
      await app.pump();
      await new Promise((res) => setTimeout(res, 20));
    }
    const text = chunks.join('');
    assert.match(text, /event: position\ndata: \{"ply":0/);
    const info = text.split('\n\n').find((b) => b.startsWith('event: info'));
    assert.ok(info, 'depths came as the search went');
    const data = JSON.parse(info.slice(info.indexOf('data: ') + 6));
    assert.equal(data.lines.length, 2);
    assert.match(text, /event: done\ndata: \{[^}]*"reason":"time"/);
    assert.equal(ended, false);
    app.close(answer.stream);
    // Closed: the game takes moves again, and no stream is left open.
    const mv = await wasm('POST', `/api/games/${g.body.id}/moves`, { move: 'A' });
    assert.equal(mv.status, 200);
    assert.equal(app.streams.size, 0);
  });

  it("sends a game's events as they happen", async () => {
    const g = await wasm('POST', '/api/games', { north: 'engine', level: 1, movetime: 20 });
    const answer = await app.fetch('GET', `/api/games/${g.body.id}/events`, { Accept: 'text/event-stream' });
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type'], /^text\/event-stream/);
    let text = '';
    app.onData = (handle, bytes) => { if (handle === answer.stream && bytes) text += decoder.decode(bytes); };
    app.start(answer.stream);
    const mv = await wasm('POST', `/api/games/${g.body.id}/moves`, { move: 'C' });
    assert.equal(mv.status, 200);
    await app.pump();
    // The person's move and the computer's, each an event with its number.
    const moves = text.split('\n\n').filter((b) => /^(id: \d+\n)?event: move/m.test(b));
    assert.equal(moves.length, 2, text);
    assert.match(moves[1], /"side":"N"/);
    app.close(answer.stream);
    assert.equal(app.streams.size, 0);
  });

  it('answers any request, however broken, with a status and a JSON error', async () => {
    // A fixed sequence of random requests (a small generator with a seed).
    let seed = 21;
    const rnd = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = (a) => a[rnd(a.length)];
    const g = (await wasm('POST', '/api/games', { north: 'engine', level: 1, movetime: 10 })).body;
    const parts = ['api', 'games', g.id, 'moves', 'undo', 'redo', 'hint', 'record', 'review', 'analysis',
      'events', 'evaluations', 'agree', 'offers', '%', '%zz', '%00', '..', '', 'é', '\u00ff', 'x'.repeat(300)];
    const bodies = [undefined, '', '{', '[]', 'null', '{"move":"C"}', '{"move":7}', '{"record":"1. C *"}',
      '{"computer":true}', '{"depth":99}', '\u0000\u0001', '{"lang":"fr","move":"Z"}', '"x"'.repeat(50)];
    for (let i = 0; i < 300; i++) {
      const path = `/${Array.from({ length: 1 + rnd(5) }, () => pick(parts)).join('/')}`;
      const query = rnd(3) ? '' : `?${Array.from({ length: rnd(20) }, () => `${pick(['lang', 'multipv', 'format', 'x', '%'])}=${pick(['fr', '2', 'text', '', '%GG', '+'])}`).join('&')}`;
      const method = pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'BREW']);
      const body = pick(bodies);
      const headers = body === undefined ? {} : { 'Content-Type': pick(['application/json', 'text/plain', '']) };
      const r = await app.fetch(method, path + query, headers, body ?? null);
      if (r.stream) {
        app.close(r.stream);
        continue;
      }
      assert.ok(r.status >= 200 && r.status <= 599, `${method} ${path}${query}: ${r.status}`);
      if (r.status >= 400) {
        const o = JSON.parse(decoder.decode(r.body));
        assert.equal(typeof o.error, 'string', `${method} ${path}${query}`);
      }
    }
    await app.pump();
    assert.equal(app.streams.size, 0);
    assert.equal(app.waiting.size, 0, 'every pending answer came');
  });

  it('builds the endgame tables in a module of their own, then answers from them', async () => {
    const module = await WebAssembly.compile(await readFile(WASM));
    const main = await AwaleApp.create(module, { log: () => {} });
    const pos = '0-0-1-0-2-0-0-1-0-1-0-0-20-23-S';
    const g = (await wasmApi(main, 'POST', '/api/games', { position: pos, north: 'engine' })).body;
    assert.equal(g.tables, null, 'no tables yet');
    const before = await wasmApi(main, 'GET', `/api/games/${g.id}/hint`);
    assert.equal(before.body.source, 'search');
    // As the page does: a worker builds them, the main one gets the files.
    const builder = await AwaleApp.create(module, { analysis: true, log: () => {} });
    const files = builder.buildTables('abapa');
    assert.ok(files.length >= 10, `${files.length} layers`);
    assert.ok(files.every(([p]) => p.startsWith('/tables/abapa/')));
    main.addTables(files);
    const h = await wasmApi(main, 'GET', `/api/games/${g.id}/hint`);
    assert.equal(h.body.source, 'tables');
    assert.equal(h.body.score.proven, true);
    const state = (await wasmApi(main, 'GET', `/api/games/${g.id}`)).body;
    assert.equal(state.tables.winner, 'north');
    assert.equal(state.tables.margin, -8);
  });

  it('refuses what needs the server: a friend on another device, QR codes', async () => {
    const f = await wasm('POST', '/api/games', { north: 'friend', name: 'Ana' });
    assert.equal(f.status, 501);
    assert.match(f.body.error, /needs the server \(awale serve\)/);
    const qr = await wasm('GET', '/api/qr?text=hello');
    assert.equal(qr.status, 501);
    assert.match(qr.body.error, /need the server/);
    const ar = await wasm('GET', '/api/archive?offset=0&limit=10');
    assert.equal(ar.status, 200);
    assert.equal(ar.body.kept, false);
  });
});

// The module without SIMD, for engines that have none: the same game.
describe('the web app without SIMD', () => {
  it('plays, answers and analyses as the other', async () => {
    const bytes = await readFile(WASM_PLAIN);
    const simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0,
      65, 0, 253, 15, 253, 98, 11]);
    assert.equal(WebAssembly.validate(simd), true, 'the test of web/worker.js finds SIMD in node');
    const plain = await AwaleApp.create(bytes, { analysisMs: 200, log: () => {} });
    const g = await wasmApi(plain, 'POST', '/api/games', { north: 'engine', level: 2, movetime: 50 });
    assert.equal(g.status, 201);
    const m = await wasmApi(plain, 'POST', `/api/games/${g.body.id}/moves`, { move: 'C' });
    assert.equal(m.status, 200);
    assert.equal(m.body.played.length, 2);
    const fr = await wasmApi(plain, 'POST', `/api/games/${g.body.id}/moves?lang=fr`, { move: 'a' });
    assert.equal(fr.body.error, "les règles n'autorisent pas ce coup");
  });
});
