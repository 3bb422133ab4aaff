// people.test.mjs - games between two devices (docs/api.md, "Playing a
// friend"): the invitation, the tokens of the seats and every refusal
// without the right one, the event stream and its resumption after a
// dropped connection, presence, the fixed messages, resignation, offers and
// their answers, the rematch, clocks and a loss on time, and the game kept
// in the database through a server killed with SIGKILL.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, api, sleep } from './server.mjs';

const bearer = (token) => ({ Authorization: `Bearer ${token}` });

// An event stream read in the background: every event with its id, name
// and data; `wait(pred)` resolves once an event matches; `close()` drops the
// connection as a phone that sleeps would.
export function follow(base, url, headers = {}) {
  const ctrl = new AbortController();
  const events = [];
  const waiters = [];
  let status = 0;
  const done = (async () => {
    try {
      const res = await fetch(base + url, { headers, signal: ctrl.signal });
      status = res.status;
      if (status !== 200) {
        events.push({ event: 'error', json: await res.json() });
        return;
      }
      const decoder = new TextDecoder();
      let buf = '';
      for await (const chunk of res.body) {
        buf += decoder.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const ev = { event: 'message', data: '', id: null };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
            else if (line.startsWith('id: ')) ev.id = Number(line.slice(4));
          }
          if (!ev.data) continue;
          ev.json = JSON.parse(ev.data);
          events.push(ev);
          for (const w of [...waiters]) if (w.pred(ev)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(ev); }
        }
      }
    } catch (e) {
      if (e.name !== 'AbortError') throw e;
    }
  })();
  return {
    events,
    status: () => status,
    wait(pred, ms = 15000) {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve: (ev) => { clearTimeout(w.timer); resolve(ev); } };
        waiters.push(w);
        w.timer = setTimeout(() => reject(new Error(`no such event within ${ms} ms; got ${events.map((e) => e.event + (e.event === 'presence' ? e.data : '')).join(', ')}`)), ms);
      });
    },
    lastId: () => events.reduce((m, e) => (e.id != null ? e.id : m), null),
    async close() { ctrl.abort(); await done; },
  };
}

// A game with a friend: Ana (South) invites, Bea takes North.
async function friendGame(base, extra = {}) {
  const made = await api(base, 'POST', '/api/games', { north: 'friend', name: 'Ana', ...extra });
  assert.equal(made.status, 201, made.text);
  const code = made.body.invite.split('/').pop();
  const joined = await api(base, 'POST', `/api/invites/${code}`, { name: 'Bea' });
  assert.equal(joined.status, 200, joined.text);
  return { id: made.body.id, ana: made.body.token, bea: joined.body.token, code, made: made.body, joined: joined.body };
}

const move = (base, id, token, m) => api(base, 'POST', `/api/games/${id}/moves`, { move: m }, token ? bearer(token) : {});

describe('games between two devices', () => {
  let srv;
  before(async () => { srv = await startServer(); });
  after(async () => { await srv.stop(); });

  it('invites a friend: the link, what it offers, the seat taken once', async () => {
    const made = await api(srv.base, 'POST', '/api/games', { north: 'friend', name: 'Ana' });
    assert.equal(made.status, 201);
    const g = made.body;
    assert.equal(g.seat, 'S');
    assert.match(g.token, /^[0-9a-f]{32}$/);
    assert.match(g.invite, /^\/invite\/[0-9a-f]{32}$/);
    assert.equal(g.watch, `/watch/${g.id}`);
    assert.equal(g.friend, true);
    assert.deepEqual(g.seats.S, { kind: 'human', name: 'Ana', joined: true, present: false });
    assert.equal(g.seats.N.kind, 'friend');
    assert.equal(g.seats.N.joined, false);
    const code = g.invite.split('/').pop();
    const offer = await api(srv.base, 'GET', `/api/invites/${code}`);
    assert.equal(offer.status, 200);
    assert.equal(offer.body.id, g.id);
    assert.equal(offer.body.seat, 'N');
    assert.equal(offer.body.free, true);
    assert.equal(offer.body.host_name, 'Ana');
    assert.equal(offer.body.rules.name, 'abapa');
    const joined = await api(srv.base, 'POST', `/api/invites/${code}`, { name: 'Bea' });
    assert.equal(joined.status, 200);
    assert.equal(joined.body.id, g.id);
    assert.equal(joined.body.seat, 'N');
    assert.match(joined.body.token, /^[0-9a-f]{32}$/);
    assert.notEqual(joined.body.token, g.token);
    assert.equal(joined.body.state.seats.N.name, 'Bea');
    assert.equal(joined.body.state.seats.N.joined, true);
    const again = await api(srv.base, 'POST', `/api/invites/${code}`, {});
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'invite_used');
    assert.equal((await api(srv.base, 'GET', `/api/invites/${code}`)).body.free, false);
    const unknown = await api(srv.base, 'POST', `/api/invites/${'0'.repeat(32)}`, {});
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'no_invite');
    assert.equal((await api(srv.base, 'POST', '/api/invites/short', {})).status, 404);
    // The page answers at the invitation's, the watcher's and the game's addresses.
    for (const p of [g.invite, g.watch, `/play/${g.id}`]) {
      const page = await fetch(srv.base + p);
      assert.equal(page.status, 200, p);
      assert.match(page.headers.get('content-type'), /text\/html/);
    }
  });

  it('refuses bad games with a friend, names and clocks', async () => {
    const bad = [
      [{ north: 'friend', south: 'engine' }, /between two people/],
      [{ north: 'friend', south: 'friend' }, /between two people/],
      [{ north: 'robot' }, /"human", "engine" or "friend"/],
      [{ north: 'friend', name: '' }, /1 to 24 printable characters/],
      [{ north: 'friend', name: 'x'.repeat(25) }, /1 to 24/],
      [{ north: 'friend', name: 'a\u0007b' }, /printable/],
      [{ north: 'friend', clock: 5 }, /'clock' must be an object/],
      [{ north: 'friend', clock: { increment: 2 } }, /needs 'base'/],
      [{ north: 'friend', clock: { base: 0 } }, /base/],
      [{ north: 'friend', clock: { base: 60, increment: 601 } }, /increment/],
      [{ north: 'friend', clock: { base: 60, delay: 1 } }, /delay/],
    ];
    for (const [body, pattern] of bad) {
      const r = await api(srv.base, 'POST', '/api/games', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match(r.body.error, pattern, JSON.stringify(body));
    }
  });

  it('needs the right seat token for every change, and none to watch', async () => {
    const { id, ana, bea } = await friendGame(srv.base);
    const before = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    const refusals = [
      [await move(srv.base, id, null, 'C'), 403, 'bad_token'],
      [await move(srv.base, id, 'f'.repeat(32), 'C'), 403, 'bad_token'],
      [await move(srv.base, id, ana.slice(0, 31), 'C'), 403, 'bad_token'],
      [await api(srv.base, 'POST', `/api/games/${id}/moves`, { move: 'C' }, { Authorization: `Basic ${ana}` }), 403, 'bad_token'],
      [await move(srv.base, id, bea, 'a'), 409, 'not_your_turn'],
      [await api(srv.base, 'POST', `/api/games/${id}/undo`, {}, bearer(ana)), 409, 'use_takeback'],
      [await api(srv.base, 'POST', `/api/games/${id}/redo`, {}, bearer(ana)), 409, 'use_takeback'],
      [await api(srv.base, 'POST', `/api/games/${id}/agree`, {}, bearer(ana)), 409, 'use_offers'],
      [await api(srv.base, 'DELETE', `/api/games/${id}`, undefined, bearer(ana)), 409, 'game_not_over'],
      [await api(srv.base, 'DELETE', `/api/games/${id}`), 403, 'bad_token'],
      [await api(srv.base, 'POST', `/api/games/${id}/messages`, { text: 'thanks' }), 403, 'bad_token'],
    ];
    for (const [r, status, code] of refusals) {
      assert.equal(r.status, status, r.text);
      assert.equal(r.body.code, code, r.text);
      assert.equal(typeof r.body.error, 'string');
    }
    const now = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.deepEqual(now, before, 'a refused request changed the game');
    // Watchers read without a token; the right seat plays.
    assert.equal((await move(srv.base, id, ana, 'C')).status, 200);
    assert.equal((await move(srv.base, id, ana, 'D')).body.code, 'not_your_turn');
    const r = await move(srv.base, id, bea, 'd');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.ply, 2);
    assert.equal(r.body.to_move, 'S');
  });

  it('sends every change to both players and the watchers, and resumes a dropped stream', async () => {
    const { id, ana, bea } = await friendGame(srv.base);
    const watcher = follow(srv.base, `/api/games/${id}/events`);
    const first = await watcher.wait((e) => e.event === 'state');
    assert.equal(first.json.id, id);
    const beaStream = follow(srv.base, `/api/games/${id}/events`, bearer(bea));
    await beaStream.wait((e) => e.event === 'state');
    await move(srv.base, id, ana, 'C');
    const m1 = await beaStream.wait((e) => e.event === 'move');
    assert.equal(m1.json.played[0].move, 'C');
    assert.equal(m1.json.state.ply, 1);
    assert.equal(m1.json.state.to_move, 'N');
    assert.equal(m1.id, m1.json.state.event_id);
    await watcher.wait((e) => e.event === 'move');
    // Bea's phone sleeps: her stream drops; two moves happen meanwhile.
    const lastSeen = beaStream.lastId();
    await beaStream.close();
    await move(srv.base, id, bea, 'd');
    await api(srv.base, 'POST', `/api/games/${id}/messages`, { text: 'good_luck' }, bearer(ana));
    await move(srv.base, id, ana, 'A');
    // Back: she gets exactly what she missed, in order, with their numbers.
    const back = follow(srv.base, `/api/games/${id}/events`, { ...bearer(bea), 'Last-Event-ID': String(lastSeen) });
    await back.wait((e) => e.event === 'move' && e.json.state.ply === 3);
    const numbered = back.events.filter((e) => e.id != null);
    assert.deepEqual(numbered.map((e) => e.event), ['move', 'message', 'move']);
    assert.deepEqual(numbered.map((e) => e.id), [lastSeen + 1, lastSeen + 2, lastSeen + 3]);
    assert.equal(numbered[1].json.text, 'good_luck');
    assert.equal(numbered[1].json.by, 'S');
    assert.equal(back.events.some((e) => e.event === 'state'), false, 'a resumed stream gets no state');
    // The same with the query argument; a number from the future or too old: the state.
    const q = follow(srv.base, `/api/games/${id}/events?last_event_id=${lastSeen + 2}`);
    await q.wait((e) => e.event === 'move');
    assert.deepEqual(q.events.filter((e) => e.id != null).map((e) => e.id), [lastSeen + 3]);
    const future = follow(srv.base, `/api/games/${id}/events?last_event_id=999999`);
    const st = await future.wait((e) => e.event === 'state');
    assert.equal(st.json.ply, 3);
    const bad = await api(srv.base, 'GET', `/api/games/${id}/events?last_event_id=x`);
    assert.equal(bad.status, 400);
    const badToken = await api(srv.base, 'GET', `/api/games/${id}/events?token=${'0'.repeat(32)}`);
    assert.equal(badToken.status, 403);
    for (const s of [watcher, back, q, future]) await s.close();
  });

  it('says when a player is away and back', async () => {
    const { id, ana, bea } = await friendGame(srv.base);
    const anaStream = follow(srv.base, `/api/games/${id}/events`, bearer(ana));
    let beaStream = follow(srv.base, `/api/games/${id}/events`, bearer(bea));
    await anaStream.wait((e) => e.event === 'presence' && e.json.seat === 'N' && e.json.present);
    const closedAt = anaStream.events.length;
    await beaStream.close();
    const away = await anaStream.wait((e) => anaStream.events.indexOf(e) >= closedAt && e.event === 'presence' &&
      e.json.seat === 'N' && !e.json.present, 20000);
    assert.ok(away);
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}`)).body.seats.N.present, false);
    const n = anaStream.events.length;
    beaStream = follow(srv.base, `/api/games/${id}/events`, bearer(bea));
    await anaStream.wait((e) => anaStream.events.indexOf(e) >= n && e.event === 'presence' && e.json.seat === 'N' && e.json.present);
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}`)).body.seats.N.present, true);
    await beaStream.close();
    await anaStream.close();
  });

  it('gives no engine help while two people play', async () => {
    const { id, ana } = await friendGame(srv.base);
    for (const [method, url] of [['GET', 'hint'], ['GET', 'analysis'], ['GET', 'evaluations'], ['GET', 'review'],
      ['POST', 'review']]) {
      const r = await api(srv.base, method, `/api/games/${id}/${url}`, method === 'POST' ? {} : undefined,
        method === 'POST' ? bearer(ana) : {});
      assert.equal(r.status, 409, `${method} ${url}: ${r.text}`);
      assert.equal(r.body.code, 'game_in_play');
    }
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}`)).body.tables, null);
  });

  it('sends only the fixed messages, one every two seconds', async () => {
    const { id, ana } = await friendGame(srv.base);
    const bad = await api(srv.base, 'POST', `/api/games/${id}/messages`, { text: 'you lose' }, bearer(ana));
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /fixed messages/);
    assert.equal((await api(srv.base, 'POST', `/api/games/${id}/messages`, { text: 'hello' }, bearer(ana))).status, 200);
    const fast = await api(srv.base, 'POST', `/api/games/${id}/messages`, { text: 'thanks' }, bearer(ana));
    assert.equal(fast.status, 429);
    assert.equal(fast.headers.get('retry-after'), '2');
  });
});
