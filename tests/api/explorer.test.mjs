// explorer.test.mjs - the opening explorer (docs/explorer.md): the book's
// moves of a position are the library's (`awale book probe`), the games of
// the server are counted once finished (played here, imported, and read
// back from the database by a server started again), and every bad
// argument is refused with words.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, api, AWALE } from './server.mjs';

const START = '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S';

// `awale book probe` of a position: [[move, value text], ...], best first.
function probe(rules, words = []) {
  const out = execFileSync(process.env.AWALE || AWALE, ['book', 'probe', '--rules', rules, ...words], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l && !l.startsWith('line ') && l !== 'not in the book').map((l) => l.split(' ', 2));
}

// A game between two people on one screen, played and ended by agreement
// (the proposer `side`): its id.
async function playAndAgree(base, moves, side) {
  const g = await api(base, 'POST', '/api/games', { south: 'human', north: 'human' });
  assert.equal(g.status, 201, g.text);
  for (const move of moves) {
    const r = await api(base, 'POST', `/api/games/${g.body.id}/moves`, { move });
    assert.equal(r.status, 200, r.text);
  }
  await api(base, 'POST', `/api/games/${g.body.id}/agree`, { side });
  const end = await api(base, 'POST', `/api/games/${g.body.id}/agree`, { side, accepted: true });
  assert.equal(end.status, 200, end.text);
  assert.equal(end.body.status.over, 'agreement');
  return { id: g.body.id, result: end.body.result };
}

const explore = (base, query = '') => api(base, 'GET', `/api/explorer${query}`);

describe('the opening explorer', () => {
  let srv;
  let db;
  before(async () => {
    db = mkdtempSync(path.join(tmpdir(), 'awale-explorer-'));
    srv = await startServer(['--db', path.join(db, 'games.db')]);
  });
  after(async () => {
    await srv.stop();
    rmSync(db, { recursive: true, force: true });
  });

  it('gives the book moves of the start position as the library does', async () => {
    const r = await explore(srv.base, '?rules=abapa');
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.position, START);
    assert.equal(r.body.has_book, true);
    assert.equal(r.body.in_book, true);
    const want = probe('abapa');
    assert.ok(want.length >= 2, 'the built-in abapa book knows the start');
    assert.deepEqual(r.body.book.map((b) => [b.move, b.value.text]), want);
    for (const b of r.body.book) {
      assert.equal(b.line[0], b.move);
      assert.equal(b.depth, b.line.length - 1);
      assert.equal(typeof b.value.south, 'number');
    }
    // (no rules given: abapa, the start with South to move)
    const plain = await explore(srv.base);
    assert.deepEqual(plain.body.book, r.body.book);
  });

  it('follows the book after moves, and says when a position is out of it', async () => {
    // the position after F: the book's reply values, as `awale book probe F`
    const after = probe('abapa', ['F']);
    const r = await explore(srv.base, `?position=${encodeURIComponent('4-4-4-4-4-0-5-5-5-5-4-4-0-0-N')}`);
    assert.deepEqual(r.body.book.map((b) => [b.move, b.value.text]), after);
    const out = await explore(srv.base, '?position=0-0-0-0-0-1-1-0-0-0-0-0-23-23-S');
    assert.equal(out.status, 200);
    assert.equal(out.body.in_book, false);
    assert.deepEqual(out.body.book, []);
    // relay has no built-in book
    const relay = await explore(srv.base, '?rules=relay');
    assert.equal(relay.body.has_book, false);
    // a rule the book's values depend on: not the book's any more
    const t24 = await explore(srv.base, '?rules=abapa&rule=target=24');
    assert.equal(t24.body.has_book, false);
    assert.equal(t24.body.rules.params.target, '24');
  });

  it('counts the games that finish, by move and result', async () => {
    const empty = await explore(srv.base);
    assert.equal(empty.body.games.total, 0);
    assert.equal(empty.body.games.source, 'database');
    const a = await playAndAgree(srv.base, ['F', 'f', 'E'], 'N'); // North ahead: 0-1
    assert.equal(a.result, '0-1');
    // an unfinished game is not counted
    const open = await api(srv.base, 'POST', '/api/games', { south: 'human', north: 'human' });
    await api(srv.base, 'POST', `/api/games/${open.body.id}/moves`, { move: 'C' });
    let r = await explore(srv.base);
    assert.deepEqual(r.body.games.moves, [{ move: 'F', games: 1, south: 0, north: 1, draws: 0 }]);
    assert.equal(r.body.games.total, 1);
    assert.equal(r.body.games.north, 1);
    // an imported finished game
    const record = '[Result "0-1"]\n[Termination "agreement"]\n\n1. D f 2. E 0-1\n';
    const imp = await api(srv.base, 'POST', '/api/games', { record });
    assert.equal(imp.status, 201, imp.text);
    assert.equal(imp.body.result, '0-1');
    r = await explore(srv.base);
    assert.equal(r.body.games.total, 2);
    const byMove = Object.fromEntries(r.body.games.moves.map((m) => [m.move, m.games]));
    assert.deepEqual(byMove, { F: 1, D: 1 });
    // after F: North's reply f, one game
    r = await explore(srv.base, '?position=4-4-4-4-4-0-5-5-5-5-4-4-0-0-N');
    assert.deepEqual(r.body.games.moves.map((m) => [m.move, m.games]), [['f', 1]]);
    // the same game saved again (a later change) is not counted twice
    await api(srv.base, 'GET', `/api/games/${a.id}`);
    r = await explore(srv.base);
    assert.equal(r.body.games.total, 2);
    // other rules: none
    r = await explore(srv.base, '?rules=grand-slam');
    assert.equal(r.body.games.total, 0);
  });

  it('reads the finished games back from the database after a restart', async () => {
    await srv.stop();
    srv = await startServer(['--db', path.join(db, 'games.db')]);
    const r = await explore(srv.base);
    assert.equal(r.body.games.total, 2);
    assert.equal(r.body.games.counted, 2);
    const c = await playAndAgree(srv.base, ['F', 'f'], 'S');
    const again = await explore(srv.base);
    assert.equal(again.body.games.total, 3);
    const f = again.body.games.moves.find((m) => m.move === 'F');
    assert.equal(f.games, 2);
    assert.equal(f.south + f.north + f.draws, 2);
    assert.ok(['1-0', '0-1', '1/2-1/2'].includes(c.result));
  });

  it('refuses bad arguments with words', async () => {
    const cases = [
      ['?position=1-2-3', /^position: /],
      ['?rules=chess', /^rules: unknown rule set 'chess'/],
      ['?rule=target', /^rule: 'target' is not PARAM=VALUE/],
      ['?rule=target=99x', /^rule: bad value '99x'/],
      ['?depth=3', /unknown query argument 'depth'/],
    ];
    for (const [q, re] of cases) {
      const r = await explore(srv.base, q);
      assert.equal(r.status, 400, q);
      assert.match(r.body.error, re, q);
    }
    const post = await api(srv.base, 'POST', '/api/explorer', {});
    assert.equal(post.status, 405);
  });
});

describe('the opening explorer without a database', () => {
  it('counts the games finished since the start, and says so', async () => {
    const srv = await startServer(['--db', 'off']);
    try {
      let r = await explore(srv.base);
      assert.equal(r.body.games.source, 'memory');
      await playAndAgree(srv.base, ['A', 'a'], 'S');
      r = await explore(srv.base);
      assert.equal(r.body.games.total, 1);
      assert.equal(r.body.games.moves[0].move, 'A');
    } finally {
      await srv.stop();
    }
  });
});
