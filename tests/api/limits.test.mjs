// limits.test.mjs - hostile clients against `awale serve` (docs/web.md,
// "Limits" and "Security"): raw sockets on loopback that trickle headers,
// declare huge bodies, send bytes that are not UTF-8, name a foreign Host,
// hold games and streams, vanish from a stream, send too many requests; and
// records parsed off the HTTP threads; the QR codes the page shows. Every answer of the server must be a JSON 4xx; every wait
// here is bounded. A second client is a second loopback address
// (127.0.0.2), which Linux routes to the same machine.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { startServer, api } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function connect(base, localAddress) {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port), localAddress });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

// Send `bytes` on a fresh connection and read until the server closes it
// (or `ms` passes): { text, closed, ms }.
async function exchange(base, bytes, { localAddress, ms = 5000 } = {}) {
  const t0 = Date.now();
  const s = await connect(base, localAddress);
  return new Promise((resolve) => {
    const chunks = [];
    let done = false;
    const finish = (closed) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed, ms: Date.now() - t0 });
    };
    const timer = setTimeout(() => finish(false), ms);
    s.on('data', (d) => chunks.push(d));
    s.on('end', () => finish(true));
    s.on('close', () => finish(true));
    s.on('error', () => finish(true));
    s.write(bytes);
  });
}

// The first answer of a raw exchange: status, headers text, JSON body.
function parse(text) {
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  const status = Number(head.split(' ')[1]);
  const len = Number((head.match(/content-length: *(\d+)/i) || [])[1]);
  const bodyStart = text.indexOf('\r\n\r\n') + 4;
  const body = Buffer.from(text.slice(bodyStart, bodyStart + len), 'latin1').toString('utf8');
  return { status, head, body };
}

// A request from a given local address (a second client).
function from(base, localAddress, method, url, body) {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: u.hostname, port: u.port, method, path: url, localAddress, agent: false,
        headers: data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (d) => { text += d; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// An analysis stream read from a raw socket: resolves once its headers are in.
async function openStream(base, id, localAddress) {
  const s = await connect(base, localAddress);
  const u = new URL(base);
  s.write(`GET /api/games/${id}/analysis HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
  let text = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no stream headers: ${text}`)), 5000);
    s.on('data', (d) => {
      text += d;
      if (text.includes('\r\n\r\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  s.on('error', () => {});
  return { socket: s, status: Number(text.split(' ')[1]) };
}

async function streamsOpen(base) {
  return (await api(base, 'GET', '/api/server')).body.streams;
}

async function waitFor(what, fn, ms) {
  const end = Date.now() + ms;
  for (;;) {
    if (await fn()) return Date.now();
    if (Date.now() > end) assert.fail(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

describe('answers to hostile requests', () => {
  it('answers JSON 4xx to client text that is not UTF-8 or is cut inside a character', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none']);
    try {
      const host = new URL(srv.base).host;
      // A path with a byte that is not UTF-8 (%FF).
      let r = parse((await exchange(srv.base, `GET /api/x%FF HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).text);
      assert.equal(r.status, 404);
      assert.match(JSON.parse(r.body).error, /no such API endpoint: \/api\/x\uFFFD/);
      // A field name of 39 letters then é: quoted to 40 bytes, cut inside é.
      const name = 'a'.repeat(39) + 'é';
      const f = await api(srv.base, 'POST', '/api/games', { [name]: 1 });
      assert.equal(f.status, 400);
      assert.match(f.body.error, /unknown field 'a{39}\uFFFD'/);
      // A Host with the byte 0xff.
      const bytes = Buffer.concat([
        Buffer.from('GET /api/rules HTTP/1.1\r\nHost: '), Buffer.from([0xff]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]);
      r = parse((await exchange(srv.base, bytes)).text);
      assert.equal(r.status, 403);
      assert.match(r.head, /content-type: application\/json/i);
      assert.match(JSON.parse(r.body).error, /host '\uFFFD' is not a name of this server/);
    } finally {
      await srv.stop();
    }
  });

  it('refuses a declared body over the limit before reading it, without 100 Continue', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none']);
    try {
      const host = new URL(srv.base).host;
      const head = `POST /api/games HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100000000\r\nExpect: 100-continue\r\n\r\n';
      const x = await exchange(srv.base, head, { ms: 5000 });
      assert.ok(x.closed, 'the connection is closed after the answer');
      assert.doesNotMatch(x.text, /100 Continue/);
      const r = parse(x.text);
      assert.equal(r.status, 413);
      assert.match(JSON.parse(r.body).error, /larger than 262144 bytes/);
      // Without Expect, the body that follows is not read either: the answer
      // comes before it is sent.
      const y = await exchange(srv.base, head.replace('Expect: 100-continue\r\n', ''), { ms: 5000 });
      assert.equal(parse(y.text).status, 413);
      assert.ok(y.closed);
      // A body within the limit still gets its 100 Continue, then the answer.
      const body = JSON.stringify({ north: 'human' });
      const s = await connect(srv.base);
      let text = '';
      s.on('data', (d) => { text += d; });
      s.write(`POST /api/games HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
      await waitFor('100 Continue', () => text.includes('100 Continue'), 3000);
      s.write(body);
      await waitFor('the answer', () => /HTTP\/1\.1 201/.test(text), 3000);
      s.destroy();
    } finally {
      await srv.stop();
    }
  });
});

describe('Host names (DNS rebinding)', () => {
  it('answers only the names the server was started for, also on 0.0.0.0', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--host', '0.0.0.0',
      '--allow-host', 'proxy.example']);
    const base = srv.base.replace('0.0.0.0', '127.0.0.1'); // traffic on loopback only
    try {
      // stderr's pipe may be read after stdout's "serving on": wait for it.
      for (let i = 0; i < 50 && !/answers requests/.test(srv.stderr()); i++) await sleep(100);
      assert.match(srv.stderr(), /answers requests addressed to localhost, its loopback addresses and .*proxy\.example/);
      const ask = async (hostHeader, extra = '') => parse((await exchange(base,
        `GET /api/rules HTTP/1.1\r\nHost: ${hostHeader}\r\n${extra}Connection: close\r\n\r\n`)).text);
      const evil = await ask('evil.example');
      assert.equal(evil.status, 403);
      assert.match(JSON.parse(evil.body).error, /host 'evil.example' is not a name of this server/);
      assert.equal((await ask('evil.example:8080')).status, 403);
      assert.equal((await ask('proxy.example')).status, 200);
      assert.equal((await ask('PROXY.example:443')).status, 200);
      assert.equal((await ask('localhost:1234')).status, 200);
      assert.equal((await ask('127.0.0.1')).status, 200);
      // A change from the proxy's page (https in front) is its own origin.
      const body = JSON.stringify({ north: 'human' });
      const post = parse((await exchange(base, `POST /api/games HTTP/1.1\r\nHost: proxy.example\r\n` +
        `Origin: https://proxy.example\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `Connection: close\r\n\r\n${body}`)).text);
      assert.equal(post.status, 201);
      const cross = parse((await exchange(base, `POST /api/games HTTP/1.1\r\nHost: proxy.example\r\n` +
        `Origin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `Connection: close\r\n\r\n${body}`)).text);
      assert.equal(cross.status, 403);
    } finally {
      await srv.stop();
    }
  });
});

describe('what one client may hold', () => {
  it('closes a connection whose headers trickle past the request timeout', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--request-timeout', '2']);
    try {
      const s = await connect(srv.base);
      const t0 = Date.now();
      let closed = 0;
      s.on('close', () => { closed = Date.now(); });
      s.on('error', () => {});
      s.write('GET /api/rules HTTP/1.1\r\n');
      for (let i = 0; i < 20 && !closed; i++) { // a header line every 300 ms, for 6 s at most
        await sleep(300);
        if (!closed) s.write(`X-Slow-${i}: ${i}\r\n`);
      }
      s.destroy();
      assert.ok(closed, 'closed by the server');
      const ms = closed - t0;
      assert.ok(ms >= 1800 && ms < 4000, `closed after ${ms} ms (the timeout is 2 s)`);
    } finally {
      await srv.stop();
    }
  });

  it('bounds the connections of one address: 300 trickling ones leave room for others', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none']);
    const sockets = [];
    try {
      const host = new URL(srv.base).host;
      let refused = 0;
      for (let i = 0; i < 300; i++) {
        const s = await connect(srv.base, '127.0.0.2');
        s.on('error', () => {});
        s.on('close', () => { refused++; });
        s.write(`GET /api/rules HTTP/1.1\r\nHost: ${host}\r\n`);
        sockets.push(s);
      }
      await sleep(300);
      assert.ok(refused >= 300 - 32, `${refused} of 300 connections refused (32 per client)`);
      const t0 = Date.now();
      const r = await exchange(srv.base, `GET /api/rules HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, { ms: 3000 });
      assert.equal(parse(r.text).status, 200, 'another client is answered');
      assert.ok(Date.now() - t0 < 3000);
    } finally {
      for (const s of sockets) s.destroy();
      await srv.stop();
    }
  });

  it('bounds the games of one client (429), not those of another', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--client-games', '2', '--max-games', '10']);
    try {
      const a = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      const b = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      assert.equal(a.status, 201);
      assert.equal(b.status, 201);
      const c = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      assert.equal(c.status, 429);
      assert.match(c.body.error, /you hold 2 games, the limit for one client/);
      assert.ok(Number(c.headers.get('retry-after')) > 0);
      // An imported record counts the same.
      const rec = await api(srv.base, 'POST', '/api/games', { record: '1. C f *\n', north: 'human' });
      assert.equal(rec.status, 429);
      const other = await from(srv.base, '127.0.0.2', 'POST', '/api/games', { north: 'human' });
      assert.equal(other.status, 201);
      assert.equal((await api(srv.base, 'DELETE', `/api/games/${a.body.id}`)).status, 200);
      assert.equal((await api(srv.base, 'POST', '/api/games', { north: 'human' })).status, 201);
      assert.equal((await api(srv.base, 'GET', '/api/server')).body.games, 3);
    } finally {
      await srv.stop();
    }
  });

  it('gives the place of the game idle the longest when the server is full', async () => {
    // --expire 6: games unused for 1 s (a sixth) give their place when full.
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--max-games', '2', '--expire', '6']);
    try {
      const a = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      const b = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      const now = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      assert.equal(now.status, 503, 'both games were just used');
      assert.match(now.body.error, /limit of 2 games, all used in the last 1 seconds/);
      await sleep(1200);
      assert.equal((await api(srv.base, 'GET', `/api/games/${b.id}`)).status, 200); // b used again
      const c = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      assert.equal(c.status, 201);
      assert.equal((await api(srv.base, 'GET', `/api/games/${a.id}`)).status, 404, 'a gave its place');
      assert.equal((await api(srv.base, 'GET', `/api/games/${b.id}`)).status, 200);
    } finally {
      await srv.stop();
    }
  });

  it('bounds the analysis streams of one client (429), not those of another', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--searches', '1',
      '--analysis-time', '1', '--client-streams', '1']);
    try {
      const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      const first = await openStream(srv.base, g.id);
      assert.equal(first.status, 200);
      const second = await api(srv.base, 'GET', `/api/games/${g.id}/analysis`);
      assert.equal(second.status, 429);
      assert.match(second.body.error, /you have 1 analysis streams open, the limit for one client/);
      const other = await openStream(srv.base, g.id, '127.0.0.2');
      assert.equal(other.status, 200);
      assert.equal(await streamsOpen(srv.base), 2);
      first.socket.destroy();
      other.socket.destroy();
      await waitFor('streams closed', async () => (await streamsOpen(srv.base)) === 0, 3000);
      const again = await openStream(srv.base, g.id);
      assert.equal(again.status, 200, 'the client may open one again');
      again.socket.destroy();
      await waitFor('stream closed', async () => (await streamsOpen(srv.base)) === 0, 3000);
    } finally {
      await srv.stop();
    }
  });

  it('drops a stream whose reader hung up, at once', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--searches', '1', '--analysis-time', '1']);
    try {
      const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      // A reader that half-closes and reads no more: its socket stays open,
      // so the keep-alive lines go through and it was held for ever.
      const half = await openStream(srv.base, g.id);
      assert.equal(half.status, 200);
      half.socket.pause();
      await sleep(1500); // the analysis has ended: the stream is idle, suspended
      assert.equal(await streamsOpen(srv.base), 1);
      half.socket.end();
      await waitFor('the half-closed stream dropped', async () => (await streamsOpen(srv.base)) === 0, 2000);
      half.socket.destroy();
      // A reader gone: noticed within a tick, not at the next keep-alive (5 s).
      const gone = await openStream(srv.base, g.id);
      await sleep(1500);
      gone.socket.destroy();
      await waitFor('the closed stream dropped', async () => (await streamsOpen(srv.base)) === 0, 2000);
    } finally {
      await srv.stop();
    }
  });
});

describe('what one client may do in a time', () => {
  it('answers 429 with Retry-After past its requests, not to another client', async () => {
    // 10 at once, then one every 2 s.
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--rate-requests', '1/2s,10']);
    try {
      const t0 = Date.now();
      for (let i = 0; i < 10; i++) assert.equal((await api(srv.base, 'GET', '/api/rules')).status, 200);
      const over = await api(srv.base, 'GET', '/api/games/0123456789abcdef');
      // The page's files count too, and a change is refused before it is made.
      const page = await api(srv.base, 'GET', '/');
      const game = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      const ms = Date.now() - t0;
      if (ms < 1900) { // else too slow a machine to tell (a token came back)
        assert.equal(over.status, 429);
        assert.equal(over.body.code, 'rate_limited');
        assert.ok(over.body.retry_after >= 1 && over.body.retry_after <= 2, `retry_after ${over.body.retry_after}`);
        assert.equal(over.headers.get('retry-after'), String(over.body.retry_after));
        assert.match(over.body.error, /too many requests from your address \(at most 1\/2s,10\)/);
        assert.equal(page.status, 429);
        assert.equal(game.status, 429);
      }
      const other = await from(srv.base, '127.0.0.2', 'GET', '/api/server');
      assert.equal(other.status, 200);
      assert.equal(other.body.games, game.status === 201 ? 1 : 0, 'the refused game was not made');
      await sleep(2100); // one more every 2 s
      assert.equal((await api(srv.base, 'GET', '/api/rules')).status, 200);
    } finally {
      await srv.stop();
    }
  });

  it('bounds the games one client makes and the invitations it takes in a time', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--rate-games', '2/10m',
      '--rate-invites', '1/10m']);
    try {
      const made = [];
      for (let i = 0; i < 2; i++) made.push(await api(srv.base, 'POST', '/api/games', { north: 'friend' }));
      assert.deepEqual(made.map((r) => r.status), [201, 201]);
      const third = await api(srv.base, 'POST', '/api/games', { north: 'human' });
      assert.equal(third.status, 429);
      assert.equal(third.body.code, 'rate_limited');
      assert.ok(Number(third.headers.get('retry-after')) > 0);
      // Another address may still make one; invitations have their own limit.
      assert.equal((await from(srv.base, '127.0.0.3', 'POST', '/api/games', { north: 'human' })).status, 201);
      const code = (r) => r.body.invite.split('/').pop();
      assert.equal((await from(srv.base, '127.0.0.4', 'POST', `/api/invites/${code(made[0])}`, {})).status, 200);
      const again = await from(srv.base, '127.0.0.4', 'POST', `/api/invites/${code(made[1])}`, {});
      assert.equal(again.status, 429);
      assert.equal(again.body.code, 'rate_limited');
    } finally {
      await srv.stop();
    }
  });

  it('refuses a bad limit by name', async () => {
    await assert.rejects(startServer(['--rate-games', '30/10']), /--rate-games 30\/10: give COUNT\/PERIOD/);
  });
});

describe('QR codes', () => {
  it('draws the QR code of a text as SVG, the same for the same text', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none']);
    try {
      const text = encodeURIComponent('http://192.168.1.20:8080/invite/0123456789abcdef0123456789abcdef');
      const a = await api(srv.base, 'GET', `/api/qr?text=${text}`);
      assert.equal(a.status, 200);
      assert.equal(a.headers.get('content-type'), 'image/svg+xml');
      assert.match(a.text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1" [^>]*><rect [^>]*\/><path d="(M\d+ \d+h\d+v1h-\d+z)+" fill="#000"\/><\/svg>\n$/);
      const b = await api(srv.base, 'GET', `/api/qr?text=${text}`);
      assert.equal(b.text, a.text);
      assert.equal((await api(srv.base, 'GET', '/api/qr')).status, 400);
      assert.equal((await api(srv.base, 'GET', '/api/qr?text=')).status, 400);
      assert.equal((await api(srv.base, 'GET', `/api/qr?text=${'a'.repeat(512)}`)).status, 200);
      const long = await api(srv.base, 'GET', `/api/qr?text=${'a'.repeat(513)}`);
      assert.equal(long.status, 400);
      assert.match(long.body.error, /at most 512 bytes/);
      assert.equal((await api(srv.base, 'GET', `/api/qr?text=a&size=3`)).status, 400);
      assert.equal((await api(srv.base, 'POST', '/api/qr?text=a')).status, 405);
    } finally {
      await srv.stop();
    }
  });
});

describe('records are parsed off the HTTP threads', () => {
  it('answers other requests while records are parsed, and caps a record at 64 KiB', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none']);
    try {
      // Comments by the thousand (within the limit of one comment): the
      // slowest kind of record to read before the parser was made linear.
      // Two at once held both HTTP threads while they were read.
      const record = '[Event "x"]\n\n' + '{c} '.repeat(4000) + '1. C f *\n';
      const t0 = Date.now();
      let parsed = 0;
      const imports = [1, 2].map(() => api(srv.base, 'POST', '/api/games', { record, north: 'human' })
        .then((r) => { parsed = parsed || Date.now() - t0; return r; }));
      await sleep(50);
      const t1 = Date.now();
      const rules = await api(srv.base, 'GET', '/api/levels');
      const ms = Date.now() - t1;
      assert.equal(rules.status, 200);
      for (const r of await Promise.all(imports)) {
        assert.equal(r.status, 201);
        assert.equal(r.body.ply, 2);
      }
      // However fast records are read, the other request does not wait for them.
      assert.ok(ms < Math.max(300, parsed / 2), `GET /api/levels took ${ms} ms while two records were parsed (the first in ${parsed} ms)`);
      const big = await api(srv.base, 'POST', '/api/games', { record: '1. C f *\n' + ' '.repeat(64 * 1024), north: 'human' });
      assert.equal(big.status, 413);
      assert.match(big.body.error, /the record is larger than 65536 bytes/);
      // An imported game where the computer is to move: its answer follows.
      const vs = await api(srv.base, 'POST', '/api/games', { record: '1. C *\n', level: 1, movetime: 50 });
      assert.equal(vs.status, 201);
      assert.equal(vs.body.ply, 2, 'the computer answered the imported move');
      assert.match(vs.headers.get('location'), /^\/api\/games\/[0-9a-f]{16}$/);
    } finally {
      await srv.stop();
    }
  });
});
