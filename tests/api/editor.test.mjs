// editor.test.mjs - POST /api/positions/check, the position editor's check
// (docs/editor.md): a position a game can start from is answered 200 with
// its normalized string; each refusal is a 422 whose words name the
// problem (the seed total, the no-capture counter, a score the captures
// cannot make, both scores at the target, a score beyond what a move can
// add to the target, a game already over, a malformed string), in English,
// French and Portuguese; bad requests are 400s.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, api } from './server.mjs';

const START = '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S';

describe('POST /api/positions/check', () => {
  let srv;
  before(async () => { srv = await startServer(); });
  after(async () => { await srv.stop(); });
  const check = (body) => api(srv.base, 'POST', '/api/positions/check', body);

  it('accepts the start and normalizes the string', async () => {
    const r = await check({ rules: 'abapa', position: ' 4-4-4-4-4-4-4-4-4-4-4-4-0-0-s ' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: true, position: START, side: 'S', total: 48 });
    const n = await check({ rules: 'seven-turns', position: '0-0-0-0-0-3-1-2-1-4-4-4-14-15-N-13' });
    assert.equal(n.status, 200);
    assert.equal(n.body.side, 'N');
    assert.equal(n.body.position, '0-0-0-0-0-3-1-2-1-4-4-4-14-15-N-13');
  });

  const refusals = [
    // [what, body, problem, field, English words]
    ['too few seeds', { position: '4-4-4-4-4-4-4-4-4-4-4-3-0-0-S' }, 'text', -1, /add up to 47 seeds, not 48/],
    ['too many seeds', { position: '4-4-4-4-4-4-4-4-4-4-4-4-0-2-S' }, 'text', -1, /add up to 50 seeds, not 48/],
    ['a malformed field', { position: '4-4-4-4-x-4-4-4-4-4-4-4-0-0-S' }, 'text', 4, /pit E \(field 5\)/],
    ['no side to move', { position: '4-4-4-4-4-4-4-4-4-4-4-4-0-0' }, 'text', 14, /side to move \(field 15\) is missing/],
    ['the counter past the limit', { rules: 'seven-turns', position: `${START}-15` }, 'counter', 15,
      /no-capture counter is 15, but these rules end the game after 14 moves without a capture: it can be 0 to 13/],
    ['the counter at the limit', { rules: 'seven-turns', position: `${START}-14` }, 'over', 15, /already over/],
    ['a score of 1', { position: '4-4-4-4-4-4-4-4-4-4-4-3-1-0-S' }, 'score', 12,
      /South's score cannot be 1: a score is made of captures, and a captured pit holds 2 or 3 seeds/],
    ['an odd score in two-seeds', { rules: 'two-seeds', position: '4-4-4-4-4-4-4-4-4-4-4-1-0-3-S' }, 'score', 13,
      /North's score cannot be 3: .* holds 2 seeds in these rules/],
    ['both at the target', { rules: 'abapa', rule: { target: 20 }, position: '0-0-0-0-0-4-4-0-0-0-0-0-20-20-S' }, 'score', -1,
      /both scores are at the target \(20\) or above/],
    ['beyond what a move adds', { position: '2-0-0-0-0-0-2-0-0-0-0-0-44-0-S' }, 'score', 12,
      /South's score cannot be 44: the game ends at 25, and one move captures at most 15 seeds, so a score stops at 39/],
    ['the player to move has no seed', { position: '0-0-0-0-0-0-4-4-4-4-4-4-12-12-S' }, 'over', 14,
      /already over in this position: South has no seed/],
    ['a score at the target', { position: '0-0-0-0-0-4-4-4-4-3-2-2-25-0-N' }, 'over', -1, /already over/],
  ];
  for (const [what, body, problem, field, words] of refusals) {
    it(`refuses ${what}`, async () => {
      const r = await check(body);
      assert.equal(r.status, 422, JSON.stringify(r.body));
      assert.equal(r.body.ok, false);
      assert.equal(r.body.problem, problem);
      assert.equal(r.body.field, field);
      assert.match(r.body.error, words);
    });
  }

  it('speaks French and Portuguese', async () => {
    const fr = await check({ rules: 'two-seeds', position: '4-4-4-4-4-4-4-4-4-4-4-1-3-0-S', lang: 'fr' });
    assert.equal(fr.status, 422);
    assert.match(fr.body.error, /Le score de Sud ne peut pas être 3/);
    assert.doesNotMatch(fr.body.error, /cannot/);
    const total = await check({ position: '4-4-4-4-4-4-4-4-4-4-4-3-0-0-S', lang: 'fr' });
    assert.match(total.body.error, /font 47 graines, pas 48/);
    const counter = await check({ rules: 'seven-turns', position: `${START}-15`, lang: 'fr' });
    assert.match(counter.body.error, /compteur/);
    const over = await check({ position: '0-0-0-0-0-0-4-4-4-4-4-4-12-12-S', lang: 'fr' });
    assert.match(over.body.error, /déjà finie/);
    const field = await check({ position: '4-4-4-4-x-4-4-4-4-4-4-4-0-0-S', lang: 'fr' });
    assert.match(field.body.error, /^case E \(champ 5\) incorrect/);
    const pt = await check({ position: '4-4-4-4-4-4-4-4-4-4-4-3-1-0-S', lang: 'pt' });
    assert.match(pt.body.error, /Sul/);
    assert.doesNotMatch(pt.body.error, /cannot/);
  });

  it('answers bad requests with 400 and a GET with 405', async () => {
    let r = await check({ rules: 'nope', position: START });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /nope/);
    r = await check({ rules: 'abapa' });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /position/);
    r = await check({ position: 5 });
    assert.equal(r.status, 400);
    r = await check({ position: START, extra: 1 });
    assert.equal(r.status, 400);
    r = await check({ position: START, rule: { target: 'x' } });
    assert.equal(r.status, 400);
    r = await api(srv.base, 'GET', '/api/positions/check');
    assert.equal(r.status, 405);
  });
});
