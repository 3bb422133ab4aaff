// trainer.test.mjs - learn from your mistakes through the API
// (docs/trainer.md): refused before a complete review; the exercises are
// the review's ?!, ? and ?? moves of the side asked (both when two people
// played); the best move accepted, the move played refused with a hint,
// a second miss answered with the best move and its line; a move valued
// by the engine (accepted or not by its loss); bad input refused with
// words; GET and DELETE.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, api, sleep } from './server.mjs';

// A short game between people, as a record (moves of a level-4 engine that errs).
const GAME = '1. C c 2. F d 3. C e 4. F c 5. A d 6. B c 7. F e 8. C d 9. F b 10. A c 11. B a 12. D d *';

async function reviewed(srv, id) {
  const t0 = Date.now();
  for (;;) {
    const r = (await api(srv.base, 'GET', `/api/games/${id}/review`)).body;
    if (r.state === 'done' || Date.now() - t0 > 60000) return r;
    await sleep(100);
  }
}

const marked = (m) => ['?!', '?', '??'].includes(m.mark) && m.legal > 1 && !m.opening && m.best !== m.move;

describe('trainer', () => {
  let srv, id, review;
  before(async () => {
    srv = await startServer(['--tables', 'none']);
    const g = (await api(srv.base, 'POST', '/api/games', { record: GAME, north: 'human' })).body;
    id = g.id;
  });
  after(async () => { await srv.stop(); });

  it('is refused before the review is complete', async () => {
    const r = await api(srv.base, 'POST', `/api/games/${id}/trainer`, {});
    assert.equal(r.status, 409);
    assert.match(r.body.error, /review the game to the end first/);
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}/trainer`)).body.active, false);
    const t = await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 0, move: 'A' });
    assert.equal(t.status, 409);
    assert.match(t.body.error, /no exercises under way/);
  });

  it('makes the exercises from the review: the marked moves of the side asked', async () => {
    await api(srv.base, 'POST', `/api/games/${id}/review`, { depth: 8 });
    review = await reviewed(srv, id);
    assert.equal(review.state, 'done');
    const want = review.moves.filter(marked);
    assert.ok(want.length >= 3, `the game has marked moves (${want.length})`);
    // Two people played: both sides.
    const r = await api(srv.base, 'POST', `/api/games/${id}/trainer`, {});
    assert.equal(r.status, 201, r.text);
    const t = r.body;
    assert.equal(t.active, true);
    assert.equal(t.side, 'both');
    assert.deepEqual(t.exercises.map((e) => e.ply), want.map((m) => m.ply));
    assert.deepEqual(t.exercises.map((e) => e.played), want.map((m) => m.move));
    assert.deepEqual(t.exercises.map((e) => e.mark), want.map((m) => m.mark));
    assert.equal(t.current, 0);
    assert.equal(t.progress.total, want.length);
    assert.equal(t.progress.open, want.length);
    const e = t.exercises[0];
    assert.equal(e.state, 'open');
    assert.equal(e.best, null, 'the answer is not given away');
    assert.equal(e.hint, null);
    assert.match(e.task, /^Find a better move for (South|North) \(move \d+\)\.$/);
    assert.equal(e.position.pits.length, 12);
    // One side only.
    const s = (await api(srv.base, 'POST', `/api/games/${id}/trainer`, { side: 'S' })).body;
    assert.equal(s.side, 'S');
    assert.deepEqual(s.exercises.map((x) => x.ply), want.filter((m) => m.side === 'S').map((m) => m.ply));
  });

  it('judges moves: the played one missed, then the best accepted at the second try', async () => {
    const t = (await api(srv.base, 'POST', `/api/games/${id}/trainer`, {})).body;
    const e = t.exercises[0];
    const m = review.moves[e.ply - 1];
    const miss = await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 0, move: e.played });
    assert.equal(miss.status, 200, miss.text);
    assert.equal(miss.body.verdict, 'miss');
    assert.equal(miss.body.played, true);
    assert.match(miss.body.words, /is the move you played in the game/);
    assert.ok(['captures', 'stops', 'half'].includes(miss.body.hint.kind));
    assert.match(miss.body.hint.words, /^Hint: /);
    assert.equal(miss.body.best, null, 'no answer after a first miss');
    assert.equal(miss.body.exercise.state, 'retry');
    const best = await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 0, move: m.best });
    assert.equal(best.body.verdict, 'best');
    assert.equal(best.body.best, m.best);
    assert.deepEqual(best.body.line, m.line);
    assert.equal(best.body.exercise.state, 'second');
    assert.equal(best.body.next, 1);
    assert.equal(best.body.progress.second, 1);
    // Done: no more tries there.
    const again = await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 0, move: m.best });
    assert.equal(again.status, 409);
    assert.match(again.body.error, /is done/);
  });

  it('gives the answer after a second miss, and values other moves with the engine', async () => {
    const t = (await api(srv.base, 'POST', `/api/games/${id}/trainer`, {})).body;
    const e = t.exercises[1];
    const m = review.moves[e.ply - 1];
    await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 1, move: e.played });
    const ans = (await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 1, move: e.played })).body;
    assert.equal(ans.verdict, 'answer');
    assert.equal(ans.best, m.best);
    assert.deepEqual(ans.line, m.line);
    assert.match(ans.words, new RegExp(`The best move was ${m.best} `));
    assert.equal(ans.exercise.state, 'shown');
    assert.equal(ans.progress.shown, 1);
    // Another move, neither the best nor the one played: the engine values it.
    const x = t.exercises[2];
    const mx = review.moves[x.ply - 1];
    const pits = x.side === 'S' ? 'ABCDEF' : 'abcdef';
    const other = [...pits].find((p, i) => p !== x.played && p !== mx.best && x.position.pits[(x.side === 'S' ? 0 : 6) + i] > 0);
    const v = (await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 2, move: other })).body;
    assert.ok(['good', 'miss'].includes(v.verdict), JSON.stringify(v));
    assert.equal(typeof v.loss, 'number');
    assert.ok(v.score && typeof v.score.kind === 'string');
    assert.equal(v.verdict === 'good', v.loss < 100, 'accepted within the inaccuracy margin');
    // GET: the state with the tries; DELETE ends it.
    const st = (await api(srv.base, 'GET', `/api/games/${id}/trainer`)).body;
    assert.equal(st.exercises[1].state, 'shown');
    assert.equal(st.exercises[1].best, m.best);
    assert.deepEqual(st.exercises[1].tried, [e.played, e.played]);
    const d = await api(srv.base, 'DELETE', `/api/games/${id}/trainer`);
    assert.equal(d.body.active, false);
    assert.equal((await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index: 0, move: 'A' })).status, 409);
  });

  it('refuses bad input with words', async () => {
    const t = (await api(srv.base, 'POST', `/api/games/${id}/trainer`, {})).body;
    const e = t.exercises[0];
    const bad = async (body, status, pattern) => {
      const r = await api(srv.base, 'POST', `/api/games/${id}/trainer/try`, body);
      assert.equal(r.status, status, `${JSON.stringify(body)}: ${r.text}`);
      assert.match(r.body.error, pattern);
    };
    await bad({ index: 99, move: 'A' }, 400, /no exercise 99/);
    await bad({ index: -1, move: 'A' }, 400, /index/);
    await bad({ move: 'A' }, 400, /needs "index"/);
    await bad({ index: 0 }, 400, /needs "index"/);
    await bad({ index: 0, move: 'Z' }, 400, /field 'move'/);
    await bad({ index: 0, move: 'A B' }, 400, /exactly one move/);
    await bad({ index: 0, move: 'A', x: 1 }, 400, /x/);
    const theirs = e.side === 'S' ? 'a' : 'A';
    await bad({ index: 0, move: theirs }, 422, /./);
    const s = await api(srv.base, 'POST', `/api/games/${id}/trainer`, { side: 'west' });
    assert.equal(s.status, 400);
    assert.match(s.body.error, /"S", "N" or "both"/);
    assert.equal((await api(srv.base, 'PUT', `/api/games/${id}/trainer`, {})).status, 405);
  });

  it("survives its end while a move is judged, and the game's deletion", async () => {
    const t = (await api(srv.base, 'POST', `/api/games/${id}/trainer`, {})).body;
    const x = t.exercises[t.exercises.length - 1];
    const pits = x.side === 'S' ? 'ABCDEF' : 'abcdef';
    const m = review.moves[x.ply - 1];
    const other = [...pits].find((p, i) => p !== x.played && p !== m.best && x.position.pits[(x.side === 'S' ? 0 : 6) + i] > 0);
    const index = t.exercises.length - 1;
    // A try and the end at once: the try is judged, or told it was ended.
    const [tried, ended] = await Promise.all([
      api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index, move: other }),
      api(srv.base, 'DELETE', `/api/games/${id}/trainer`),
    ]);
    assert.ok([200, 409].includes(tried.status), tried.text);
    if (tried.status === 409) assert.match(tried.body.error, /ended while the move was judged|no exercises under way|being judged/);
    assert.equal(ended.status, 200);
    // Two tries at once: the second waits its turn or is refused with words.
    await api(srv.base, 'POST', `/api/games/${id}/trainer`, {});
    const both = await Promise.all([0, 1].map(() => api(srv.base, 'POST', `/api/games/${id}/trainer/try`, { index, move: other })));
    for (const r of both) {
      assert.ok([200, 409].includes(r.status), r.text);
      if (r.status === 409) assert.match(r.body.error, /being judged|is done/);
    }
    assert.ok(both.some((r) => r.status === 200));
    // A game deleted with its exercises (and one judged meanwhile).
    const g = (await api(srv.base, 'POST', '/api/games', { record: GAME, north: 'human' })).body;
    await api(srv.base, 'POST', `/api/games/${g.id}/review`, { depth: 6 });
    await reviewed(srv, g.id);
    const t2 = (await api(srv.base, 'POST', `/api/games/${g.id}/trainer`, {})).body;
    const y = t2.exercises[0];
    const [r1, r2] = await Promise.all([
      api(srv.base, 'POST', `/api/games/${g.id}/trainer/try`, { index: 0, move: y.played }),
      api(srv.base, 'DELETE', `/api/games/${g.id}`),
    ]);
    assert.ok([200, 404, 409].includes(r1.status), r1.text);
    assert.equal(r2.status, 200);
    assert.equal((await api(srv.base, 'GET', `/api/games/${g.id}/trainer`)).status, 404);
  });

  it('is refused once an undo left the review behind', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { record: GAME, north: 'human' })).body;
    await api(srv.base, 'POST', `/api/games/${g.id}/review`, { depth: 6 });
    await reviewed(srv, g.id);
    assert.equal((await api(srv.base, 'POST', `/api/games/${g.id}/trainer`, {})).status, 201);
    const u = await api(srv.base, 'POST', `/api/games/${g.id}/undo`, {});
    assert.equal(u.status, 200, u.text);
    const r = await api(srv.base, 'POST', `/api/games/${g.id}/trainer`, {});
    assert.equal(r.status, 409);
    assert.match(r.body.error, /review the game to the end first/);
  });
});
