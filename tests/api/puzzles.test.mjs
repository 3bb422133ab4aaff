// puzzles.test.mjs - the puzzles of the page (docs/api.md, docs/puzzles.md
// "In the page"): a puzzle by rule set, themes and rating, its solution
// line played out (each position after a move, the mover alternating, the
// first move legal), the same seed giving the same puzzle and `exclude`
// another one, the counts by rule set and theme, and every bad argument
// refused with words.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, api } from './server.mjs';

const THEMES = ['capture-chain', 'grand-slam', 'starving', 'feeding', 'counting', 'endgame'];

describe('puzzles', () => {
  let srv;
  let stats;
  before(async () => {
    srv = await startServer(['--db', 'off']);
    stats = (await api(srv.base, 'GET', '/api/puzzles/stats')).body;
  });
  after(() => srv.stop());

  it('counts the puzzles by rule set and theme', async () => {
    assert.deepEqual(stats.themes, THEMES);
    assert.ok(stats.rule_sets.length >= 1);
    assert.equal(stats.total, stats.rule_sets.reduce((n, s) => n + s.count, 0));
    const abapa = stats.rule_sets.find((s) => s.rules === 'abapa');
    assert.ok(abapa && abapa.count >= 1, 'abapa has puzzles');
    for (const s of stats.rule_sets) {
      assert.deepEqual(Object.keys(s.themes), THEMES);
      for (const n of Object.values(s.themes)) assert.ok(n >= 0 && n <= s.count);
      assert.ok(s.rating.min >= 600 && s.rating.max <= 2600 && s.rating.min <= s.rating.mean && s.rating.mean <= s.rating.max);
    }
  });

  it('gives a puzzle with its whole line, for every rule set', async () => {
    for (const s of stats.rule_sets) {
      const r = await api(srv.base, 'GET', `/api/puzzles?rules=${s.rules}&seed=1`);
      assert.equal(r.status, 200, r.text);
      const p = r.body;
      assert.equal(p.rules, s.rules);
      assert.equal(p.count, s.count);
      assert.ok(p.id >= 0 && p.id < s.count);
      assert.equal(p.board.text, p.position);
      assert.equal(p.to_move, p.position.split('-')[14]);
      assert.ok(p.solution.length % 2 === 1, 'the line ends with the solver');
      assert.ok(p.legal.includes(p.solution[0]), 'the move to find is legal');
      assert.equal(p.line.length, p.solution.length);
      p.line.forEach((m, i) => {
        assert.equal(m.move, p.solution[i]);
        assert.equal(m.solver, i % 2 === 0);
        // (the solver and the defender take turns; the relay game may pass)
        assert.equal(m.side, i % 2 === 0 ? p.to_move : p.to_move === 'S' ? 'N' : 'S');
        assert.equal(m.ply, i + 1);
        assert.match(m.after, /^(\d+-){14}[SN]/);
      });
      assert.ok(p.rating >= 600 && p.rating <= 2600);
      for (const t of p.themes) assert.ok(THEMES.includes(t));
      assert.ok(p.goal === null || p.goal === 'win' || p.goal === 'draw');
    }
  });

  it('chooses by seed, theme, rating, and leaves out the one just played', async () => {
    const a = await api(srv.base, 'GET', '/api/puzzles?rules=abapa&seed=7');
    const b = await api(srv.base, 'GET', '/api/puzzles?rules=abapa&seed=7');
    assert.equal(a.body.id, b.body.id, 'the same seed, the same puzzle');
    const abapa = stats.rule_sets.find((s) => s.rules === 'abapa');
    if (abapa.count > 1) {
      for (let seed = 0; seed < 5; seed++) {
        const o = await api(srv.base, 'GET', `/api/puzzles?rules=abapa&seed=${seed}&exclude=${a.body.id}`);
        assert.notEqual(o.body.id, a.body.id);
      }
    }
    for (const theme of THEMES) {
      const r = await api(srv.base, 'GET', `/api/puzzles?rules=abapa&theme=${theme}&seed=3`);
      if (abapa.themes[theme] === 0) {
        assert.equal(r.status, 404, theme);
        assert.match(r.body.error, new RegExp(`no abapa puzzle with the themes ${theme}`));
      } else {
        assert.equal(r.status, 200, theme);
        assert.ok(r.body.themes.includes(theme), theme);
      }
    }
    // two themes: either will do
    const two = await api(srv.base, 'GET', '/api/puzzles?rules=abapa&theme=capture-chain,counting&seed=2');
    if (two.status === 200) assert.ok(two.body.themes.some((t) => t === 'capture-chain' || t === 'counting'));
    // near the rating asked: the nearest window that has one
    const low = await api(srv.base, 'GET', `/api/puzzles?rules=abapa&rating=${abapa.rating.min}&seed=4`);
    assert.ok(low.body.rating <= abapa.rating.min + 200);
  });

  it('refuses bad arguments with words', async () => {
    const cases = [
      ['?rules=chess', 400, /^rules: unknown rule set 'chess'/],
      ['?theme=forks', 400, /^theme: 'forks' is not a theme \(the themes: capture-chain, grand-slam/],
      ['?theme=counting,,endgame', 400, /^theme: '' is not a theme/],
      ['?rating=high', 400, /'rating' must be a whole number from 0 to 4000/],
      ['?rating=-5', 400, /'rating' must be a whole number/],
      ['?exclude=x', 400, /'exclude' must be a whole number/],
      ['?level=3', 400, /unknown query argument 'level'/],
    ];
    for (const [q, status, re] of cases) {
      const r = await api(srv.base, 'GET', `/api/puzzles${q}`);
      assert.equal(r.status, status, q);
      assert.match(r.body.error, re, q);
    }
    const s = await api(srv.base, 'GET', '/api/puzzles/stats?rules=abapa');
    assert.equal(s.status, 400);
    const post = await api(srv.base, 'POST', '/api/puzzles', {});
    assert.equal(post.status, 405);
    // a rule set that has no puzzle (if one is left): 404 with the others named
    const none = ['abapa', 'seven-turns', 'grand-slam', 'two-seeds', 'relay'].find((n) => !stats.rule_sets.some((s2) => s2.rules === n));
    if (none) {
      const r = await api(srv.base, 'GET', `/api/puzzles?rules=${none}`);
      assert.equal(r.status, 404);
      assert.match(r.body.error, new RegExp(`^no puzzles for the ${none} rules \\(there are some for: abapa`));
    }
  });
});
