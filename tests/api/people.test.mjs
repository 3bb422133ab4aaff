// people.test.mjs - games between two devices (docs/api.md, "Playing a
// friend"): the invitation, the tokens of the seats and every refusal
// without the right one, the event stream and its resumption after a
// dropped connection, presence, the fixed messages, resignation, offers and
// their answers, the rematch, clocks and a loss on time, and the game kept
// in the database through a server killed with SIGKILL.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    await back.wait((e) => e.event === 'state');
    const numbered = back.events.filter((e) => e.id != null && e.event !== 'state');
    assert.deepEqual(numbered.map((e) => e.event), ['move', 'message', 'move']);
    assert.equal(numbered[0].json.state, undefined, 'kept without the state');
    assert.equal(numbered[2].json.played[0].move, 'A');
    assert.deepEqual(numbered.map((e) => e.id), [lastSeen + 1, lastSeen + 2, lastSeen + 3]);
    assert.equal(numbered[1].json.text, 'good_luck');
    assert.equal(numbered[1].json.by, 'S');
    // The events it missed come without their state, then the state once.
    const st3 = await back.wait((e) => e.event === 'state');
    assert.ok(back.events.indexOf(st3) > back.events.indexOf(numbered[2]), 'the state after the missed events');
    assert.equal(st3.json.ply, 3);
    assert.equal(st3.id, lastSeen + 3);
    // The same with the query argument; a number from the future or too old: the state.
    const q = follow(srv.base, `/api/games/${id}/events?last_event_id=${lastSeen + 2}`);
    await q.wait((e) => e.event === 'state');
    assert.deepEqual(q.events.filter((e) => e.id != null).map((e) => `${e.event} ${e.id}`),
      [`move ${lastSeen + 3}`, `state ${lastSeen + 3}`]);
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

  it('resigns, and the record says so', async () => {
    const { id, ana, bea } = await friendGame(srv.base);
    const watcher = follow(srv.base, `/api/games/${id}/events`);
    await move(srv.base, id, ana, 'C');
    const r = await api(srv.base, 'POST', `/api/games/${id}/resign`, {}, bearer(bea));
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.result, '1-0');
    assert.equal(r.body.end_reason, 'resignation');
    assert.equal(r.body.winner, 'S');
    const end = await watcher.wait((e) => e.event === 'end');
    assert.equal(end.json.reason, 'resignation');
    assert.equal(end.json.by, 'N');
    assert.equal(end.json.state.result, '1-0');
    assert.equal(end.json.state.status.over, 'resignation');
    assert.equal(end.json.state.status.winner, 'south');
    assert.match(end.json.state.status.text, /North resigned\. South wins\./);
    assert.deepEqual(end.json.state.legal, []);
    assert.equal(end.json.state.to_move, null);
    const again = await api(srv.base, 'POST', `/api/games/${id}/resign`, {}, bearer(ana));
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'game_over');
    const late = await move(srv.base, id, bea, 'd');
    assert.equal(late.body.code, 'game_over');
    assert.match(late.body.error, /North resigned/);
    const rec = await api(srv.base, 'GET', `/api/games/${id}/record?format=text`);
    assert.match(rec.text, /\[Result "1-0"\]/);
    assert.match(rec.text, /\[Termination "resignation"\]/);
    // Over: the engine's help comes back, and the game may be deleted.
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}/evaluations`)).status, 200);
    await watcher.close();
  });

  it('offers an end, a takeback and a rematch, and the other player answers', async () => {
    const { id, ana, bea } = await friendGame(srv.base);
    const watcher = follow(srv.base, `/api/games/${id}/events`);
    const offer = (token, kind) => api(srv.base, 'POST', `/api/games/${id}/offers`, { kind }, bearer(token));
    const answer = (token, accept) => api(srv.base, 'POST', `/api/games/${id}/offers/answer`, { accept }, bearer(token));
    assert.equal((await offer(ana, 'takeback')).body.code, 'no_takeback');
    assert.equal((await offer(ana, 'rematch')).body.code, 'not_over');
    assert.equal((await offer(ana, 'draw')).status, 400);
    assert.equal((await answer(bea, true)).body.code, 'no_offer');
    assert.equal((await api(srv.base, 'POST', `/api/games/${id}/offers/answer`, {}, bearer(bea))).status, 400);
    await move(srv.base, id, ana, 'C');
    await move(srv.base, id, bea, 'd');
    await move(srv.base, id, ana, 'A');
    // Ana asks to take back her move: Bea declines, then accepts.
    let r = await offer(ana, 'takeback');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.offer, { kind: 'takeback', by: 'S' });
    assert.equal((await offer(bea, 'end')).body.code, 'offer_pending');
    assert.equal((await answer(ana, true)).body.code, 'own_offer');
    const seen = await watcher.wait((e) => e.event === 'offer');
    assert.deepEqual({ kind: seen.json.kind, by: seen.json.by }, { kind: 'takeback', by: 'S' });
    r = await answer(bea, false);
    assert.equal(r.status, 200);
    assert.equal(r.body.offer, null);
    assert.equal(r.body.ply, 3);
    await offer(ana, 'takeback');
    r = await answer(bea, true);
    assert.equal(r.body.ply, 2, 'back to the proposer\'s turn');
    assert.equal(r.body.to_move, 'S');
    const taken = await watcher.wait((e) => e.event === 'answer' && e.json.accept);
    assert.equal(taken.json.state.ply, 2);
    // A move drops a pending end offer.
    await offer(bea, 'end');
    await move(srv.base, id, ana, 'B');
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}`)).body.offer, null);
    // An end by agreement, then a rematch with the colours swapped.
    await offer(bea, 'end');
    r = await answer(ana, true);
    assert.equal(r.body.end_reason, 'agreement');
    assert.equal(r.body.status.over, 'agreement');
    await offer(bea, 'rematch');
    r = await answer(ana, true);
    assert.equal(r.status, 200);
    assert.match(r.body.rematch, /^[0-9a-f]{16}$/);
    const ev = await watcher.wait((e) => e.event === 'rematch');
    assert.equal(ev.json.id, r.body.rematch);
    const seatA = await api(srv.base, 'POST', `/api/games/${id}/rematch-seat`, {}, bearer(ana));
    const seatB = await api(srv.base, 'POST', `/api/games/${id}/rematch-seat`, {}, bearer(bea));
    assert.equal(seatA.body.seat, 'N');
    assert.equal(seatB.body.seat, 'S');
    assert.equal(seatA.body.id, r.body.rematch);
    assert.equal((await api(srv.base, 'POST', `/api/games/${id}/rematch-seat`, {})).status, 403);
    const next = (await api(srv.base, 'GET', `/api/games/${seatA.body.id}`)).body;
    assert.equal(next.seats.S.name, 'Bea');
    assert.equal(next.seats.N.name, 'Ana');
    assert.equal((await move(srv.base, next.id, seatA.body.token, 'a')).body.code, 'not_your_turn');
    assert.equal((await move(srv.base, next.id, seatB.body.token, 'C')).status, 200);
    assert.equal((await offer(ana, 'rematch')).body.code, 'rematch_made');
    await watcher.close();
  });

  it('keeps the clocks, and a player whose time runs out loses', async () => {
    const { id, ana, bea, made } = await friendGame(srv.base, { clock: { base: 2, increment: 1 } });
    assert.deepEqual(made.clock, { base_ms: 2000, increment_ms: 1000, remaining_ms: { S: 2000, N: 2000 }, running: null });
    const watcher = follow(srv.base, `/api/games/${id}/events`);
    let st = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.equal(st.clock.running, 'S', 'the clock runs once both have joined');
    await sleep(300);
    const r = await move(srv.base, id, ana, 'C');
    assert.equal(r.body.clock.running, 'N');
    assert.ok(r.body.clock.remaining_ms.S > 2000 && r.body.clock.remaining_ms.S < 2800, JSON.stringify(r.body.clock));
    // Bea does not move: her flag falls, the server ends the game.
    const end = await watcher.wait((e) => e.event === 'end', 6000);
    assert.equal(end.json.reason, 'time forfeit');
    assert.equal(end.json.state.result, '1-0');
    assert.equal(end.json.state.clock.remaining_ms.N, 0);
    assert.equal(end.json.state.clock.running, null);
    assert.equal(end.json.state.status.over, 'time-forfeit');
    assert.equal((await move(srv.base, id, bea, 'd')).body.code, 'game_over');
    const rec = await api(srv.base, 'GET', `/api/games/${id}/record?format=text`);
    assert.match(rec.text, /\[Termination "time forfeit"\]/);
    assert.match(rec.text, /\[TimeControl "2\+1"\]/);
    await watcher.close();
  });

  it('gives a clock to games against the computer and on one screen', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human', clock: { base: 60, increment: 2 } })).body;
    assert.equal(g.clock.base_ms, 60000);
    assert.equal(g.friend, false);
    const r = await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'C' });
    assert.equal(r.body.clock.running, 'N');
    assert.ok(r.body.clock.remaining_ms.S >= 60000);
    const res = await api(srv.base, 'POST', `/api/games/${g.id}/resign`, { side: 'N' });
    assert.equal(res.body.result, '1-0');
    const c = (await api(srv.base, 'POST', '/api/games', { north: 'engine', level: 1, clock: { base: 30 } })).body;
    const m = await api(srv.base, 'POST', `/api/games/${c.id}/moves`, { move: 'C' });
    assert.equal(m.body.ply, 2);
    assert.ok(m.body.clock.remaining_ms.N < 30000, 'the computer\'s thinking is charged');
    const rr = await api(srv.base, 'POST', `/api/games/${c.id}/resign`, {});
    assert.equal(rr.body.result, '0-1', 'the person resigns against the computer');
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

describe('nothing lost', () => {
  let dir;
  before(() => { dir = mkdtempSync(path.join(tmpdir(), 'awale-db-')); });
  after(() => { rmSync(dir, { recursive: true, force: true }); });

  it('carries on every unfinished game after the server is killed (SIGKILL)', async () => {
    const db = path.join(dir, 'games.db');
    let srv = await startServer(['--db', db, '--tables', 'none']);
    const { id, ana, bea } = await friendGame(srv.base, { clock: { base: 600, increment: 5 } });
    await move(srv.base, id, ana, 'C');
    await move(srv.base, id, bea, 'd');
    await api(srv.base, 'POST', `/api/games/${id}/messages`, { text: 'hello' }, bearer(bea));
    const before = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    const local = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    await api(srv.base, 'POST', `/api/games/${local.id}/moves`, { move: 'E' });
    const done = await friendGame(srv.base);
    await api(srv.base, 'POST', `/api/games/${done.id}/resign`, {}, bearer(done.ana));
    // Killed mid-game: no chance to save anything more.
    srv.proc.kill('SIGKILL');
    await new Promise((resolve) => srv.proc.on('exit', resolve));
    await sleep(1500); // the clock would run if the server counted the time it was down
    srv = await startServer(['--db', db, '--tables', 'none']);
    try {
      const after = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
      assert.equal(after.position, before.position);
      assert.equal(after.ply, 2);
      assert.deepEqual(after.seats.S.name, 'Ana');
      assert.deepEqual(after.seats.N.name, 'Bea');
      assert.equal(after.event_id, before.event_id);
      assert.equal(after.clock.running, 'S');
      assert.ok(before.clock.remaining_ms.S - after.clock.remaining_ms.S < 1000,
        `the clock stopped while the server was down: ${before.clock.remaining_ms.S} -> ${after.clock.remaining_ms.S}`);
      // The same tokens play on; the old ones of nobody else do not.
      assert.equal((await move(srv.base, id, bea, 'a')).body.code, 'not_your_turn');
      const m = await move(srv.base, id, ana, 'A');
      assert.equal(m.status, 200, m.text);
      assert.equal(m.body.ply, 3);
      // Its event numbers go on from where they were.
      const ev = follow(srv.base, `/api/games/${id}/events`, { 'Last-Event-ID': String(before.event_id) });
      const e = await ev.wait((x) => x.event === 'move');
      assert.equal(e.id, before.event_id + 1);
      await ev.close();
      const l = (await api(srv.base, 'GET', `/api/games/${local.id}`)).body;
      assert.equal(l.ply, 1);
      // The finished game is in the archive, with its record.
      const arch = (await api(srv.base, 'GET', '/api/archive')).body;
      const entry = arch.games.find((g) => g.id === done.id);
      assert.ok(entry, JSON.stringify(arch));
      assert.equal(entry.result, '0-1', 'Ana (South) resigned');
      assert.equal(entry.end_reason, 'resignation');
      assert.equal(entry.south, 'Ana');
      assert.ok(arch.total >= 1);
      const rec = await api(srv.base, 'GET', `/api/archive/${done.id}/record`);
      assert.equal(rec.status, 200);
      assert.match(rec.text, /\[Termination "resignation"\]/);
      assert.equal((await api(srv.base, 'GET', `/api/archive/${id}/record`)).status, 404, 'not finished');
      assert.equal((await api(srv.base, 'GET', '/api/archive?limit=0')).status, 400);
      const status = (await api(srv.base, 'GET', '/api/server')).body;
      assert.equal(status.database.path, db);
      assert.ok(status.database.games >= 3);
    } finally {
      await srv.stop();
    }
  });

  it('ends a game between two devices left without a move as abandoned', async () => {
    const srv = await startServer(['--db', path.join(dir, 'abandon.db'), '--tables', 'none', '--friend-expire', '2s']);
    try {
      const { id, ana } = await friendGame(srv.base);
      const solo = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      await move(srv.base, id, ana, 'C');
      const watcher = follow(srv.base, `/api/games/${id}/events`);
      const end = await watcher.wait((e) => e.event === 'end', 12000);
      assert.equal(end.json.reason, 'abandoned');
      assert.equal(end.json.state.result, '*');
      assert.equal(end.json.state.end_reason, 'abandoned');
      await watcher.close();
      assert.ok((await api(srv.base, 'GET', '/api/archive')).body.games.some((g) => g.id === id));
      // A game with nobody on another device follows --expire, not this.
      assert.equal((await api(srv.base, 'GET', `/api/games/${solo.id}`)).body.end_reason, null);
    } finally {
      await srv.stop();
    }
    for (const bad of ['0s', '2x', '3650000d', 'm']) {
      await assert.rejects(startServer(['--db', 'off', '--friend-expire', bad]), /--friend-expire/);
    }
  });

  it('refuses a database that is not its own, and leaves it untouched', async () => {
    const foreign = path.join(dir, 'notes.txt');
    writeFileSync(foreign, 'my shopping list\n'.repeat(100));
    const bytes = readFileSync(foreign);
    await assert.rejects(startServer(['--db', foreign, '--tables', 'none']), /notes\.txt is not an awale games database/);
    assert.deepEqual(readFileSync(foreign), bytes);
    const corrupt = path.join(dir, 'corrupt.db');
    writeFileSync(corrupt, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4000, 7)]));
    const cbytes = readFileSync(corrupt);
    await assert.rejects(startServer(['--db', corrupt, '--tables', 'none']), /corrupt\.db/);
    assert.deepEqual(readFileSync(corrupt), cbytes);
  });
});
