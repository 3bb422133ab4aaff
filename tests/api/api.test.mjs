// api.test.mjs - the web API of `awale serve` (docs/api.md) against a
// running server: every endpoint, every kind of bad request (each must
// answer a JSON error with the right 4xx status and change nothing), a full
// game against the engine, records out and in, expiry, the limits on games
// and searches, and a clean stop. Positions are checked against
// `awale replay`, the command-line reference.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AWALE, startServer, api, raw, readEvents, sleep } from './server.mjs';

// The positions `awale replay` prints after each move (the last line is the status).
function replay(moves, rules = 'abapa', position) {
  const args = ['replay', '--rules', rules];
  if (position) args.push('--position', position);
  const out = execFileSync(AWALE, [...args, ...moves], { encoding: 'utf8' }).trim().split('\n');
  return { positions: out.slice(0, -1), status: out[out.length - 1] };
}

const json = (r) => {
  assert.equal(r.headers.get ? r.headers.get('content-type') : r.headers['content-type'], 'application/json');
  return r.body;
};

// A bad request: the status, a JSON error naming the problem, and no change.
async function expectError(srv, id, status, pattern, method, url, body, headers) {
  const before = id ? (await api(srv.base, 'GET', `/api/games/${id}`)).body : null;
  const r = await api(srv.base, method, url, body, headers);
  assert.equal(r.status, status, `${method} ${url}: ${r.text}`);
  assert.equal(r.headers.get('content-type'), 'application/json');
  assert.equal(typeof r.body.error, 'string');
  assert.match(r.body.error, pattern);
  if (id) {
    const now = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.deepEqual(now, before, 'a bad request changed the game');
  }
  return r;
}

describe('awale serve API', () => {
  let srv;
  before(async () => { srv = await startServer(['--tables', 'none', '--max-games', '40', '--client-games', '40']); });
  after(async () => {
    const r = await srv.stop();
    assert.equal(r.code, 0, `exit ${r.code} ${r.signal}: ${srv.stderr()}`);
  });

  it('serves the page with exact types and security headers', async () => {
    const r = await fetch(srv.base + '/');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(r.headers.get('content-security-policy'), /default-src 'self'/);
    assert.match(r.headers.get('content-security-policy'), /frame-ancestors 'none'/);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    const etag = r.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(srv.base + '/', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    const js = await fetch(srv.base + '/js/app.js');
    assert.equal(js.status, 200);
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    const css = await fetch(srv.base + '/css/style.css');
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
  });

  it('refuses paths outside the static files, and other methods', async () => {
    for (const p of ['/nope.html', '/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/js/../../Makefile', '/index.html/x']) {
      const r = await raw(srv.base, 'GET', p);
      assert.equal(r.status, 404, p);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.match(r.body.error, /no such page/);
    }
    const r = await api(srv.base, 'POST', '/', {});
    assert.equal(r.status, 405);
    assert.equal(r.headers.get('allow'), 'GET, HEAD');
    assert.match(r.body.error, /not allowed/);
  });

  it('lists the rule sets, their parameters and the levels', async () => {
    const r = await api(srv.base, 'GET', '/api/rules');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    const names = json(r).rule_sets.map((s) => s.name);
    assert.deepEqual(names, ['abapa', 'seven-turns', 'grand-slam', 'two-seeds', 'relay']);
    for (const s of r.body.rule_sets) {
      assert.ok(s.summary.length > 20, s.name);
      for (const [k, v] of Object.entries(s.params)) assert.ok(v.text.length > 5, `${s.name} ${k}`);
    }
    assert.ok(r.body.parameters.find((p) => p.name === 'target').help);
    // Cross-check against the command line's own list.
    // (the command line wraps the summaries: compare with spaces collapsed)
    const flat = (text) => text.replace(/\s+/g, ' ');
    const cli = flat(execFileSync(AWALE, ['rules'], { encoding: 'utf8' }));
    for (const s of r.body.rule_sets) assert.ok(cli.includes(flat(s.summary)), s.name);
    const lv = await api(srv.base, 'GET', '/api/levels');
    assert.equal(lv.body.levels.length, 10);
    const st = await api(srv.base, 'GET', '/api/server');
    assert.equal(st.status, 200);
    assert.ok(st.body.searches >= 1);
  });

  it('creates a game between people and plays moves as `awale replay` does', async () => {
    const c = await api(srv.base, 'POST', '/api/games', { south: 'human', north: 'human' });
    assert.equal(c.status, 201);
    const g = json(c);
    assert.match(g.id, /^[0-9a-f]{16}$/);
    assert.equal(c.headers.get('location'), `/api/games/${g.id}`);
    assert.equal(g.position, '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S');
    assert.deepEqual(g.legal, ['A', 'B', 'C', 'D', 'E', 'F']);
    assert.equal(g.status, 'ongoing');
    const moves = ['C', 'f', 'F', 'b'];
    const ref = replay(moves);
    let state;
    for (const [i, m] of moves.entries()) {
      const r = await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: m });
      assert.equal(r.status, 200, r.text);
      state = r.body;
      assert.equal(state.position, ref.positions[i]);
      assert.equal(state.played.length, 1);
      const p = state.played[0];
      assert.equal(p.move, m);
      // The steps give the position after the move when applied to the one before.
      const before = i ? ref.positions[i - 1] : '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S';
      const pits = before.split('-').slice(0, 12).map(Number);
      const scores = before.split('-').slice(12, 14).map(Number);
      for (const [kind, pit, count] of p.steps) {
        if (kind === 'take') pits[pit] = 0;
        else if (kind === 'sow') { pits[pit] += 1; assert.equal(pits[pit], count); }
        else { assert.equal(pits[pit], count); pits[pit] = 0; scores[p.side === 'S' ? 0 : 1] += count; }
      }
      assert.equal([...pits, ...scores].join('-'), state.position.split('-').slice(0, 14).join('-'));
    }
    assert.equal(state.moves.length, 4);
    assert.deepEqual(state.moves.map((m) => m.after), ref.positions);
    assert.equal(state.moves[3].captured + state.moves[2].captured >= 0, true);
    const again = await api(srv.base, 'GET', `/api/games/${g.id}`);
    assert.equal(again.body.position, ref.positions[3]);
    assert.equal(again.headers.get('cache-control'), 'no-store');
  });

  it('answers every bad request with a JSON error and changes nothing', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const id = g.id;
    const moves = `/api/games/${id}/moves`;
    await expectError(srv, null, 404, /no game 'ffffffffffffffff'/, 'GET', '/api/games/ffffffffffffffff');
    await expectError(srv, null, 404, /no game 'nothex'/, 'GET', '/api/games/nothex');
    await expectError(srv, null, 404, /no such API endpoint/, 'GET', '/api/nothing');
    await expectError(srv, id, 404, /no such API endpoint/, 'POST', `/api/games/${id}/fly`, {});
    await expectError(srv, id, 400, /bad JSON/, 'POST', moves, '{"move": ');
    await expectError(srv, id, 400, /bad JSON/, 'POST', moves, '{"move": "C", "move": "D"}');
    await expectError(srv, id, 400, /must be a JSON object/, 'POST', moves, '["C"]');
    await expectError(srv, id, 400, /field 'move' must be a string/, 'POST', moves, { move: 3 });
    await expectError(srv, id, 400, /unknown field 'mvoe'/, 'POST', moves, { mvoe: 'C' });
    await expectError(srv, id, 400, /field 'move' is missing/, 'POST', moves, {});
    await expectError(srv, id, 400, /field 'move'/, 'POST', moves, { move: 'Z' });
    await expectError(srv, id, 400, /exactly one move/, 'POST', moves, { move: 'CD' });
    await expectError(srv, id, 422, /f cannot be played: .*North/, 'POST', moves, { move: 'f' });
    await expectError(srv, id, 409, /not the computer's turn: South plays a person/, 'POST', moves, { computer: true });
    // A person's move while the computer is to move (its move not asked for).
    const ct = (await api(srv.base, 'POST', '/api/games', { south: 'engine', reply: false })).body;
    await expectError(srv, ct.id, 409, /^it is the computer's turn \(South\)$/, 'POST', `/api/games/${ct.id}/moves`, { move: 'C' });
    await expectError(srv, id, 400, /'computer' must be true or false/, 'POST', moves, { computer: 'yes' });
    await expectError(srv, id, 405, /PUT is not allowed/, 'PUT', moves, { move: 'C' });
    await expectError(srv, id, 405, /GET is not allowed/, 'GET', moves);
    await expectError(srv, id, 405, /not allowed/, 'DELETE', `/api/games/${id}/hint`);
    await expectError(srv, null, 405, /GET is not allowed on \/api\/games/, 'GET', '/api/games');
    await expectError(srv, id, 415, /Content-Type: application\/json/, 'POST', moves, '{"move":"C"}',
      { 'Content-Type': 'text/plain' });
    await expectError(srv, id, 403, /cross-origin/, 'POST', moves, { move: 'C' },
      { Origin: 'http://evil.example' });
    // A refusal of the session: its code, and its words in the asker's language.
    const en = await api(srv.base, 'POST', moves, { move: 'f' });
    assert.equal(en.status, 422);
    assert.equal(en.body.code, 'illegal_move');
    assert.match(en.body.error, /f cannot be played/);
    const fr = await api(srv.base, 'POST', moves, { move: 'f', lang: 'fr' });
    assert.equal(fr.status, 422);
    assert.equal(fr.body.code, 'illegal_move');
    assert.equal(fr.body.error, "les règles n'autorisent pas ce coup");
    const frq = await api(srv.base, 'POST', `${moves}?lang=fr`, { move: 'f' });
    assert.equal(frq.body.error, "les règles n'autorisent pas ce coup");
    const pt = await api(srv.base, 'POST', moves, { move: 'f', lang: 'pt' });
    assert.deepEqual([pt.status, pt.body.code, pt.body.error], [422, 'illegal_move', 'as regras não permitem esta jogada']);
    const ptq = await api(srv.base, 'POST', `${moves}?lang=pt`, { move: 'f' });
    assert.equal(ptq.body.error, 'as regras não permitem esta jogada');
    const other = await api(srv.base, 'POST', moves, { move: 'f', lang: 'xx' });
    assert.match(other.body.error, /f cannot be played/);
    await expectError(srv, id, 400, /field 'lang' must be a string/, 'POST', moves, { move: 'f', lang: 3 });
    const turn = await api(srv.base, 'POST', `/api/games/${ct.id}/moves`, { move: 'C', lang: 'fr' });
    assert.deepEqual([turn.status, turn.body.code, turn.body.error], [409, 'not_your_turn', "c'est à l'ordinateur de jouer"]);
    const turnPt = await api(srv.base, 'POST', `/api/games/${ct.id}/moves?lang=pt`, { move: 'C' });
    assert.deepEqual([turnPt.status, turnPt.body.code, turnPt.body.error], [409, 'not_your_turn', 'é a vez do computador']);
    // A record's error in Portuguese (the library's message inside).
    const recPt = await api(srv.base, 'POST', '/api/games', { record: '1. Z *', lang: 'pt' });
    assert.deepEqual([recPt.status, recPt.body.error],
      [400, 'registo: linha 1: «Z» não é uma letra de casa (A-F para o Sul, a-f para o Norte)']);
    const notc = await api(srv.base, 'POST', moves, { computer: true });
    assert.equal(notc.body.code, 'not_computers_turn');
    // Refusals that are not the session's have no code.
    assert.equal((await api(srv.base, 'POST', moves, { move: 'Z' })).body.code, undefined);
    await expectError(srv, id, 409, /nothing to undo/, 'POST', `/api/games/${id}/undo`);
    await expectError(srv, id, 409, /nothing to redo/, 'POST', `/api/games/${id}/redo`);
    await expectError(srv, id, 400, /unknown query argument 'x'/, 'GET', `/api/games/${id}?x=1`);
    await expectError(srv, id, 400, /'multipv' must be a whole number from 1 to 8/, 'GET',
      `/api/games/${id}/analysis?multipv=99`);
    await expectError(srv, id, 400, /'movetime' must be a whole number/, 'GET',
      `/api/games/${id}/hint?movetime=-5`);
    await expectError(srv, id, 400, /'format' must be json or text/, 'GET',
      `/api/games/${id}/record?format=pdf`);
    await expectError(srv, id, 400, /takes no body/, 'DELETE', `/api/games/${id}`, {});
    // Creation: each field's type and range, checked before anything exists.
    const count = (await api(srv.base, 'GET', '/api/server')).body.games;
    const create = (body, re) => expectError(srv, null, 400, re, 'POST', '/api/games', body);
    await create({ level: 11 }, /'level' must be a whole number from 1 to 10/);
    await create({ level: '3' }, /'level' must be a whole number/);
    await create({ level: 2.5 }, /'level' must be a whole number/);
    await create({ movetime: 1 }, /'movetime' must be a whole number from 10/);
    await create({ rules: 5 }, /'rules' must be a string/);
    await create({ rules: 'chess' }, /rules: .*chess/);
    await create({ rule: 'target=24' }, /'rule' must be an object/);
    await create({ rule: { target: [24] } }, /rule 'target'/);
    await create({ rule: { target: 99 } }, /rule: .*target/);
    await create({ rule: { bogus: 1 } }, /rule: .*bogus/);
    await create({ position: '1-2-3' }, /position: /);
    await create({ first: 'W' }, /'first' must be "S" or "N"/);
    await create({ south: 'robot' }, /'south' must be "human", "engine" or "friend"/);
    await create({ record: '[Event "x"]\n1. Z *' }, /record: line/);
    await create({ record: 'x', rules: 'relay' }, /a record brings its own rules/);
    await create({ colour: 'S' }, /unknown field 'colour'/);
    await create('{"level":', /bad JSON/);
    assert.equal((await api(srv.base, 'GET', '/api/server')).body.games, count);
  });

  it('refuses oversized bodies, foreign hosts and cross-site changes', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const big = JSON.stringify({ record: 'x'.repeat(300 * 1024) });
    const r = await raw(srv.base, 'POST', '/api/games', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(big) },
      body: big,
    });
    assert.equal(r.status, 413);
    assert.match(r.body.error, /larger than 262144 bytes/);
    // Streamed without a length: refused once over the limit.
    const chunked = await raw(srv.base, 'POST', `/api/games/${g.id}/moves`, {
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: big,
    });
    assert.equal(chunked.status, 413);
    const host = await raw(srv.base, 'GET', '/api/rules', { headers: { Host: 'evil.example:8080' } });
    assert.equal(host.status, 403);
    assert.match(host.body.error, /host 'evil.example:8080' is not a name of this server/);
    const local = await raw(srv.base, 'GET', '/api/rules', { headers: { Host: 'localhost:1234' } });
    assert.equal(local.status, 200);
    const state = (await api(srv.base, 'GET', `/api/games/${g.id}`)).body;
    assert.equal(state.ply, 0);
  });

  it('plays a full game against the engine to its end', async () => {
    const c = await api(srv.base, 'POST', '/api/games', { north: 'engine', level: 1, movetime: 10 });
    let state = c.body;
    const played = [];
    for (let i = 0; i < 400 && state.status === 'ongoing'; i++) {
      assert.equal(state.to_move, 'S');
      assert.equal(state.computer_to_move, false);
      const move = state.legal[i % state.legal.length];
      const r = await api(srv.base, 'POST', `/api/games/${state.id}/moves`, { move });
      assert.equal(r.status, 200, r.text);
      state = r.body;
      assert.equal(state.played[0].move, move);
      played.push(move);
      if (state.status === 'ongoing' || state.played.length === 2) {
        assert.equal(state.played.length, 2, 'the engine answers');
        assert.equal(state.played[1].side, 'N');
        assert.ok(state.played[1].thought, 'with what it thought');
        played.push(state.played[1].move);
      }
    }
    assert.notEqual(state.status, 'ongoing', 'the game ended');
    assert.equal(typeof state.status.reason, 'string');
    assert.equal(state.status.scores.length, 2);
    assert.ok(state.status.text.startsWith('Game over'));
    const ref = replay(played);
    assert.equal(state.position, ref.positions[ref.positions.length - 1]);
    assert.match(ref.status, new RegExp(`^over ${state.status.scores[0]}-${state.status.scores[1]} ${state.status.over}`));
    await expectError(srv, state.id, 409, /the game is over/, 'POST', `/api/games/${state.id}/moves`, { move: 'A' });
    await expectError(srv, state.id, 409, /the game is over/, 'GET', `/api/games/${state.id}/hint`);
    // The evaluations cover every position (the last one is the result).
    const ev = await api(srv.base, 'GET', `/api/games/${state.id}/evaluations`);
    assert.equal(ev.status, 200);
    assert.equal(ev.body.evaluations.length, state.ply + 1);
  });

  it('lets the engine move first, and undo goes back to the person', async () => {
    const c = await api(srv.base, 'POST', '/api/games', { south: 'engine', north: 'human', movetime: 20 });
    assert.equal(c.status, 201);
    assert.equal(c.body.ply, 1);
    assert.equal(c.body.played.length, 1);
    assert.equal(c.body.played[0].side, 'S');
    assert.equal(c.body.to_move, 'N');
    const id = c.body.id;
    const r = await api(srv.base, 'POST', `/api/games/${id}/moves`, { move: c.body.legal[0] });
    assert.equal(r.body.ply, 3);
    const u = await api(srv.base, 'POST', `/api/games/${id}/undo`);
    assert.equal(u.status, 200);
    assert.equal(u.body.undone, 2);
    assert.equal(u.body.ply, 1);
    assert.equal(u.body.can_redo, true);
    const rd = await api(srv.base, 'POST', `/api/games/${id}/redo`);
    assert.equal(rd.body.redone, 2);
    assert.equal(rd.body.ply, 3);
    assert.equal(rd.body.played.length, 2);
    assert.equal(rd.body.position, r.body.position);
  });

  it('takes the move back when undo comes while the computer thinks about its answer', async () => {
    // Off the book (a book move is played at once): the computer thinks its 5 s.
    const pos = '3-5-0-6-6-1-5-5-5-5-0-3-2-2-S';
    const g = (await api(srv.base, 'POST', '/api/games', { position: pos, north: 'engine', level: 10, movetime: 5000 })).body;
    const move = api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'B' });
    for (let i = 0; i < 100; i++) {
      if ((await api(srv.base, 'GET', `/api/games/${g.id}`)).body.thinking === 'move') break;
      await sleep(20);
    }
    await sleep(100);
    const t0 = Date.now();
    const u = await api(srv.base, 'POST', `/api/games/${g.id}/undo`);
    assert.equal(u.status, 200, u.text);
    assert.ok(Date.now() - t0 < 2000, `the search was stopped (${Date.now() - t0} ms)`);
    assert.equal(u.body.undone, 1);
    assert.equal(u.body.ply, 0);
    assert.equal(u.body.position, pos);
    assert.equal(u.body.to_move, 'S');
    assert.equal(u.body.thinking, null);
    assert.equal(u.body.can_redo, true);
    const m = await move;
    assert.equal(m.status, 409);
    assert.match(m.body.error, /the computer's move was not played: an undo took back the move/);
    const st = (await api(srv.base, 'GET', `/api/games/${g.id}`)).body;
    assert.equal(st.ply, 0);
    assert.equal(st.moves.length, 0);
    // Redo plays the person's move again; the computer thinks anew.
    const rd = await api(srv.base, 'POST', `/api/games/${g.id}/redo`, { reply: false });
    assert.equal(rd.body.redone, 1);
    assert.equal(rd.body.computer_to_move, true);
    // Other changes still wait for the computer's answer.
    const again = api(srv.base, 'POST', `/api/games/${g.id}/moves`, { computer: true });
    for (let i = 0; i < 100; i++) {
      if ((await api(srv.base, 'GET', `/api/games/${g.id}`)).body.thinking === 'move') break;
      await sleep(20);
    }
    await expectError(srv, g.id, 409, /the computer is thinking about its move/, 'GET', `/api/games/${g.id}/hint`);
    await expectError(srv, g.id, 409, /the computer is thinking about its move/, 'POST', `/api/games/${g.id}/redo`);
    const u2 = await api(srv.base, 'POST', `/api/games/${g.id}/undo`);
    assert.equal(u2.body.ply, 0);
    assert.equal((await again).status, 409);
  });

  it('gives hints with the expected line', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const h = await api(srv.base, 'GET', `/api/games/${g.id}/hint?movetime=50`);
    assert.equal(h.status, 200, h.text);
    assert.ok(g.legal.includes(h.body.move));
    assert.equal(h.body.line[0], h.body.move);
    assert.equal(h.body.ply, 0);
    assert.match(h.body.text, /^Hint: /);
    assert.ok(['seeds', 'win', 'loss', 'draw'].includes(h.body.score.kind));
    // The start position is in the opening book.
    assert.equal(h.body.book, true);
    assert.equal(h.body.source, 'book');
    // Off the book, without tables (this server has none): a search.
    const off = (await api(srv.base, 'POST', '/api/games', { north: 'human', position: '3-5-0-6-6-1-5-5-5-5-0-3-2-2-S' })).body;
    const h2 = (await api(srv.base, 'GET', `/api/games/${off.id}/hint?movetime=50`)).body;
    assert.equal(h2.book, false);
    assert.equal(h2.source, 'search');
    assert.ok(h2.depth > 0);
    const st = (await api(srv.base, 'GET', `/api/games/${g.id}`)).body;
    assert.equal(st.thinking, null);
    assert.equal(st.ply, 0);
  });

  it('streams the analysis with depths, scores, lines and MultiPV', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const r = await readEvents(srv.base, `/api/games/${g.id}/analysis?multipv=3`,
      (evs) => evs.filter((e) => e.event === 'info').length >= 6);
    assert.equal(r.status, 200);
    assert.equal(r.type, 'text/event-stream; charset=utf-8');
    assert.equal(r.events[0].event, 'position');
    assert.equal(r.events[0].json.position, g.position);
    const infos = r.events.filter((e) => e.event === 'info').map((e) => e.json);
    assert.ok(infos.length >= 6);
    for (let i = 1; i < infos.length; i++) assert.ok(infos[i].depth > infos[i - 1].depth);
    for (const info of infos) {
      assert.equal(info.lines.length, 3);
      for (const l of info.lines) {
        assert.ok(g.legal.includes(l.move));
        assert.equal(l.pv[0], l.move);
      }
    }
    // The stream follows the game: a move restarts it on the new position.
    const moved = [];
    const follow = readEvents(srv.base, `/api/games/${g.id}/analysis`, (evs) => {
      const pos = evs.filter((e) => e.event === 'position');
      return pos.length >= 2 && evs.some((e) => e.event === 'info' && e.json.ply === 1);
    });
    await sleep(300);
    moved.push(await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'C' }));
    const f = await follow;
    assert.equal(moved[0].status, 200);
    const positions = f.events.filter((e) => e.event === 'position').map((e) => e.json);
    assert.equal(positions[positions.length - 1].ply, 1);
    assert.equal(positions[positions.length - 1].position, moved[0].body.position);
    // A closed stream is noticed at its next event or keep-alive (5 s).
    let open = 1;
    for (let i = 0; i < 40 && open; i++) {
      await sleep(250);
      open = (await api(srv.base, 'GET', '/api/server')).body.streams;
    }
    assert.equal(open, 0, 'closed streams are counted out');
  });

  it('gives a reader who joins a running analysis its last depth at once', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const url = `/api/games/${g.id}/analysis`;
    // A first reader, until the depths come seconds apart.
    let seen = [];
    let enough = false;
    const start = Date.now();
    const first = readEvents(srv.base, url, (evs) => { seen = evs.slice(); return enough; }, 60000);
    while (Date.now() - start < 8000 || !seen.some((e) => e.event === 'info')) await sleep(100);
    // A second one: the position and the last depth come with its first
    // bytes, not with the next depth.
    const t0 = Date.now();
    const second = await readEvents(srv.base, url, (evs) => evs.some((e) => e.event === 'info'), 5000);
    const waited = Date.now() - t0;
    enough = true;
    assert.equal(second.status, 200);
    assert.deepEqual(second.events.map((e) => e.event), ['position', 'info']);
    const depths = seen.filter((e) => e.event === 'info').map((e) => e.json.depth);
    const got = second.events[1].json;
    assert.ok(got.depth <= Math.max(...depths) + 1, `depth ${got.depth}, the first reader's ${depths}`);
    assert.ok(waited < 2000, `the last depth came after ${waited} ms`);
    assert.equal(got.ply, 0);
    assert.equal(got.lines.length, 1);
    await first;
  });

  it('exports a record and imports it back', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { rules: 'two-seeds', rule: { target: 20 }, north: 'human' })).body;
    for (const m of ['C', 'f', 'F', 'b', 'A']) await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: m });
    const rec = await api(srv.base, 'GET', `/api/games/${g.id}/record`);
    assert.equal(rec.status, 200);
    assert.match(rec.body.record, /\[Rules "two-seeds"\]/);
    assert.match(rec.body.record, /\[Rule "target=20"\]/);
    assert.match(rec.body.record, /1\. C f 2\. F b 3\. A \*/);
    const text = await api(srv.base, 'GET', `/api/games/${g.id}/record?format=text`);
    assert.equal(text.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.match(text.headers.get('content-disposition'), /attachment/);
    assert.equal(text.body, rec.body.record);
    const imp = await api(srv.base, 'POST', '/api/games', { record: rec.body.record });
    assert.equal(imp.status, 201, imp.text);
    assert.notEqual(imp.body.id, g.id);
    const orig = (await api(srv.base, 'GET', `/api/games/${g.id}`)).body;
    assert.equal(imp.body.position, orig.position);
    assert.deepEqual(imp.body.moves.map((m) => m.move), orig.moves.map((m) => m.move));
    assert.deepEqual(imp.body.rules, orig.rules);
    assert.deepEqual(imp.body.players, orig.players);
    const back = await api(srv.base, 'GET', `/api/games/${imp.body.id}/record`);
    assert.equal(back.body.record.replace(/\[Date[^\n]*\n/, ''), rec.body.record.replace(/\[Date[^\n]*\n/, ''));
    // A record whose side to move is the computer's: it answers at once.
    const vs = await api(srv.base, 'POST', '/api/games', { record: '[South "player"]\n[North "awale (level 2)"]\n1. C *\n', movetime: 20 });
    assert.equal(vs.status, 201);
    assert.equal(vs.body.ply, 2);
    assert.equal(vs.body.played.length, 1);
  });

  it('plays the relay game with directions and passes', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { rules: 'relay', north: 'human' })).body;
    assert.equal(g.rules.family, 'relay');
    assert.ok(g.legal.includes('C+') && g.legal.includes('C-'));
    const ref = replay(['C+', 'd-'], 'relay');
    let r = await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'C+' });
    assert.equal(r.body.position, ref.positions[0]);
    assert.equal(r.body.played[0].direction, 'ccw');
    r = await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'd-' });
    assert.equal(r.body.position, ref.positions[1]);
    assert.equal(r.body.played[0].direction, 'cw');
    assert.ok(r.body.played[0].laps >= 1);
    await expectError(srv, g.id, 400, /field 'move'/, 'POST', `/api/games/${g.id}/moves`, { move: 'C' });
  });

  it('ends a game by agreement between people, and refuses where the rules forbid it', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const ask = await api(srv.base, 'POST', `/api/games/${g.id}/agree`, {});
    assert.equal(ask.status, 200);
    assert.equal(ask.body.agreement.verdict, 'ask');
    assert.equal(ask.body.status, 'ongoing');
    const yes = await api(srv.base, 'POST', `/api/games/${g.id}/agree`, { accepted: true });
    assert.equal(yes.body.agreement.verdict, 'ended');
    assert.equal(yes.body.status.over, 'agreement');
    const u = await api(srv.base, 'POST', `/api/games/${g.id}/undo`);
    assert.equal(u.body.status, 'ongoing');
    const st = (await api(srv.base, 'POST', '/api/games', { rules: 'seven-turns', north: 'human' })).body;
    await expectError(srv, st.id, 409, /no end by agreement/, 'POST', `/api/games/${st.id}/agree`, {});
    const vs = (await api(srv.base, 'POST', '/api/games', { north: 'engine', movetime: 20 })).body;
    await expectError(srv, vs.id, 400, /North is played by the computer: a person proposes the end/, 'POST', `/api/games/${vs.id}/agree`, { side: 'N' });
    await expectError(srv, vs.id, 400, /answers for itself/, 'POST', `/api/games/${vs.id}/agree`, { accepted: true });
    const ans = await api(srv.base, 'POST', `/api/games/${vs.id}/agree`, {});
    assert.equal(ans.status, 200);
    assert.ok(['ended', 'declined'].includes(ans.body.agreement.verdict));
    assert.equal(ans.body.status === 'ongoing', ans.body.agreement.verdict === 'declined');
  });

  it('deletes games', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', {})).body;
    const d = await api(srv.base, 'DELETE', `/api/games/${g.id}`);
    assert.equal(d.status, 200);
    assert.deepEqual(d.body, { id: g.id, deleted: true });
    await expectError(srv, null, 404, /no game/, 'GET', `/api/games/${g.id}`);
    await expectError(srv, null, 404, /no game/, 'DELETE', `/api/games/${g.id}`);
  });
});

describe('limits', () => {
  it('forgets idle games after --expire', async () => {
    const srv = await startServer(['--tables', 'none', '--expire', '1']);
    try {
      const g = (await api(srv.base, 'POST', '/api/games', {})).body;
      assert.equal((await api(srv.base, 'GET', `/api/games/${g.id}`)).status, 200);
      await sleep(800);
      assert.equal((await api(srv.base, 'GET', `/api/games/${g.id}`)).status, 200, 'a use restarts the clock');
      await sleep(2600);
      const r = await api(srv.base, 'GET', `/api/games/${g.id}`);
      assert.equal(r.status, 404);
      assert.match(r.body.error, /deleted or expired/);
      assert.equal((await api(srv.base, 'GET', '/api/server')).body.games, 0);
    } finally {
      await srv.stop();
    }
  });

  it('holds at most --max-games', async () => {
    const srv = await startServer(['--tables', 'none', '--max-games', '2']);
    try {
      const a = await api(srv.base, 'POST', '/api/games', {});
      await api(srv.base, 'POST', '/api/games', {});
      const c = await api(srv.base, 'POST', '/api/games', {});
      assert.equal(c.status, 503);
      assert.match(c.body.error, /limit of 2 games/);
      assert.ok(c.headers.get('retry-after'));
      await api(srv.base, 'DELETE', `/api/games/${a.body.id}`);
      assert.equal((await api(srv.base, 'POST', '/api/games', {})).status, 201);
    } finally {
      await srv.stop();
    }
  });

  it('runs at most --searches at once and refuses beyond the queue with 503', async () => {
    // (no book: a book position would be answered at once, without a search)
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--searches', '1', '--queue', '0', '--hint-time', '1500']);
    try {
      const a = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      const b = (await api(srv.base, 'POST', '/api/games', { north: 'engine', movetime: 50 })).body;
      const first = api(srv.base, 'GET', `/api/games/${a.id}/hint`);
      await sleep(300);
      const st = (await api(srv.base, 'GET', '/api/server')).body;
      assert.equal(st.searches_running, 1);
      const busy = await api(srv.base, 'POST', `/api/games/${b.id}/moves`, { move: 'C' });
      assert.equal(busy.status, 503);
      assert.match(busy.body.error, /busy/);
      assert.equal(busy.headers.get('retry-after'), '2');
      assert.equal((await api(srv.base, 'GET', `/api/games/${b.id}`)).body.ply, 0, 'refused before the move');
      const hint2 = await api(srv.base, 'GET', `/api/games/${b.id}/hint`);
      assert.equal(hint2.status, 503);
      const done = await first;
      assert.equal(done.status, 200);
      const ok = await api(srv.base, 'POST', `/api/games/${b.id}/moves`, { move: 'C' });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.ply, 2);
    } finally {
      await srv.stop();
    }
  });

  it("cancels a computer's move still waiting for a worker when undo comes, without waiting", async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--searches', '1', '--queue', '2', '--hint-time', '2000']);
    try {
      const a = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      const b = (await api(srv.base, 'POST', '/api/games', { north: 'engine', level: 10, movetime: 3000 })).body;
      const hint = api(srv.base, 'GET', `/api/games/${a.id}/hint`);
      await sleep(200);
      const move = api(srv.base, 'POST', `/api/games/${b.id}/moves`, { move: 'C' });
      for (let i = 0; i < 100; i++) {
        if ((await api(srv.base, 'GET', `/api/games/${b.id}`)).body.thinking === 'move') break;
        await sleep(20);
      }
      assert.equal((await api(srv.base, 'GET', '/api/server')).body.searches_waiting, 1);
      const t0 = Date.now();
      const u = await api(srv.base, 'POST', `/api/games/${b.id}/undo`);
      assert.equal(u.status, 200, u.text);
      assert.ok(Date.now() - t0 < 500, `the undo did not wait for the worker (${Date.now() - t0} ms)`);
      assert.equal(u.body.undone, 1);
      assert.equal(u.body.ply, 0);
      assert.equal(u.body.thinking, null);
      // The cancelled job answers once it gets the worker, without thinking.
      assert.equal((await hint).status, 200);
      const m = await move;
      assert.equal(m.status, 409);
      assert.match(m.body.error, /not played: an undo/);
      assert.equal((await api(srv.base, 'GET', `/api/games/${b.id}`)).body.ply, 0);
      // The game goes on.
      const ok = await api(srv.base, 'POST', `/api/games/${b.id}/moves`, { move: 'D', reply: false });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.ply, 1);
      assert.equal(ok.body.computer_to_move, true);
    } finally {
      await srv.stop();
    }
  });

  it('finishes the answers in flight when stopped', async () => {
    const srv = await startServer(['--tables', 'none']);
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'engine', level: 10, movetime: 5000 })).body;
    const stream = readEvents(srv.base, `/api/games/${g.id}/analysis`, (evs) => evs.some((e) => e.event === 'gone'));
    await sleep(200);
    const move = api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'C' });
    // Stop once the computer thinks about its answer.
    for (let i = 0; i < 100; i++) {
      if ((await api(srv.base, 'GET', `/api/games/${g.id}`)).body.thinking === 'move') break;
      await sleep(50);
    }
    const t0 = Date.now();
    const exit = srv.stop();
    const r = await move;
    assert.equal(r.status, 200, 'the move in flight is answered');
    assert.equal(r.body.played.length, 2, 'with the engine reply, cut short');
    const s = await stream;
    assert.ok(s.events.some((e) => e.event === 'gone'));
    const { code } = await exit;
    assert.equal(code, 0);
    assert.ok(Date.now() - t0 < 5000, 'the search was cut short');
  });
});

// The server's word on the tables of each rule set asked for so far.
async function tablesState(srv, rules) {
  const list = (await api(srv.base, 'GET', '/api/server')).body.tables;
  const e = list.find((x) => x.rules === rules);
  return e ? e.state : null;
}

describe('endgame tables', () => {
  it('gives the exact result with perfect play once the tables cover the position', async () => {
    const srv = await startServer([]);
    try {
      // 8 seeds on the board: inside the small set built at the start, in
      // the background. A game made before it is ready gets it once ready.
      const pos = '0-0-0-1-2-1-0-0-0-2-1-1-20-20-S';
      const early = (await api(srv.base, 'POST', '/api/games', { position: pos, north: 'human' })).body;
      for (let i = 0; i < 300 && (await tablesState(srv, 'abapa')) !== 'ready'; i++) await sleep(50);
      assert.equal(await tablesState(srv, 'abapa'), 'ready');
      assert.equal((await api(srv.base, 'GET', '/api/server')).body.tables[0].seeds, 12);
      const g = (await api(srv.base, 'POST', '/api/games', { position: pos, north: 'human' })).body;
      assert.notEqual(g.tables, null);
      assert.deepEqual((await api(srv.base, 'GET', `/api/games/${early.id}`)).body.tables, g.tables);
      const probe = execFileSync(AWALE, ['tables', 'probe', pos], {
        encoding: 'utf8',
        env: { ...process.env, XDG_DATA_HOME: srv.dataHome },
      });
      // abapa has a repetition rule: the tables' value is their estimate, said so.
      const m = probe.match(/(South|North) wins by (\d+) if endless play|a draw if endless play/);
      assert.ok(m, probe);
      const margin = m[1] ? (m[1] === 'South' ? 1 : -1) * Number(m[2]) : 0;
      assert.equal(g.tables.margin, margin);
      assert.equal(g.tables.exact, false);
      assert.match(g.tables.text, /the tables' estimate/);
      assert.equal(g.tables.winner, margin > 0 ? 'south' : margin < 0 ? 'north' : null);
      // A hint there comes from the tables.
      const h = (await api(srv.base, 'GET', `/api/games/${g.id}/hint?movetime=50`)).body;
      assert.equal(h.source, 'tables');
      assert.equal(h.book, false);
    } finally {
      await srv.stop();
    }
  });

  it('opens the tables of another rule set off the request threads, and refuses a layer that is a named pipe at once', async () => {
    // grand-slam tables of 0-6 seeds, and a layer of 7 that is a named pipe:
    // it is no table, and the loader refuses it without opening it to read
    // (which would wait for a writer, forever).
    const dir = mkdtempSync(path.join(tmpdir(), 'awale-tables-'));
    execFileSync(AWALE, ['tables', 'build', '--rules', 'grand-slam', '--seeds', '6', '--dir', dir], { stdio: 'ignore' });
    const pipe = path.join(dir, 'grand-slam', 'layer-07.awt');
    execFileSync('mkfifo', [pipe]);
    const srv = await startServer(['--tables', dir]);
    try {
      const t0 = Date.now();
      const quick = (body) => api(srv.base, 'POST', '/api/games', body, {}, AbortSignal.timeout(3000));
      const g = await quick({ rules: 'grand-slam', position: '0-0-0-1-2-1-0-0-0-0-1-1-22-20-S', north: 'human' });
      assert.equal(g.status, 201, 'answered while the tables are being opened');
      const again = await quick({ rules: 'grand-slam', north: 'human' });
      assert.equal(again.status, 201);
      assert.ok(Date.now() - t0 < 2000, `answered in ${Date.now() - t0} ms`);
      const moved = await api(srv.base, 'POST', `/api/games/${g.body.id}/moves`, { move: 'D' });
      assert.equal(moved.status, 200);
      // The pipe is no table: the set is refused, the games play on without.
      // (the loader may take a while under a sanitizer: up to a minute)
      for (let i = 0; i < 1200 && (await tablesState(srv, 'grand-slam')) === 'loading'; i++) await sleep(50);
      assert.equal(await tablesState(srv, 'grand-slam'), 'none');
      assert.equal((await api(srv.base, 'GET', `/api/games/${g.body.id}`)).body.tables, null);
      assert.match(srv.stderr(), /endgame tables for grand-slam not used: .*layer-07\.awt: not a regular file \(a named pipe\)/);
    } finally {
      await srv.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A short game between people, as a record (moves of a level-4 engine that errs).
const REVIEW_GAME = '1. C c 2. F d 3. C e 4. F c 5. A d 6. B c 7. F e 8. C d 9. F b 10. A c 11. B a 12. D d *';
const REVIEW_MOVES = REVIEW_GAME.replace(/\d+\.\s*/g, '').replace(' *', '').split(' ');

async function reviewed(srv, id, state = 'done', ms = 60000) {
  const t0 = Date.now();
  for (;;) {
    const r = (await api(srv.base, 'GET', `/api/games/${id}/review`)).body;
    if (r.state === state || Date.now() - t0 > ms) return r;
    await sleep(100);
  }
}

describe('review', () => {
  let srv;
  before(async () => { srv = await startServer(['--tables', 'none']); });
  after(async () => { await srv.stop(); });

  it('reviews a game in the background as `awale review` does', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' })).body;
    assert.equal((await api(srv.base, 'GET', `/api/games/${g.id}/review`)).body.state, 'none');
    // Depth 14, the time cap out of the way: the searches of the command line.
    const p = await api(srv.base, 'POST', `/api/games/${g.id}/review`, { movetime: 60000 });
    assert.equal(p.status, 202, p.text);
    assert.ok(['queued', 'running', 'done'].includes(p.body.state));
    assert.equal(p.body.total, 24);
    assert.equal(p.body.depth, 14);
    const r = await reviewed(srv, g.id);
    assert.equal(r.state, 'done');
    assert.equal(r.reviewed, 24);
    assert.equal(r.current, true);
    assert.deepEqual(r.moves.map((m) => m.move), REVIEW_MOVES);
    assert.deepEqual(r.moves.map((m) => m.ply), REVIEW_MOVES.map((_, i) => i + 1));
    for (const m of r.moves) {
      assert.equal(m.side, m.ply % 2 ? 'S' : 'N');
      assert.equal(m.line[0], m.best);
      assert.ok(m.loss >= 0);
      assert.equal(m.mark === null, m.mark_name === null);
      if (m.mark !== null) assert.ok(m.text, `ply ${m.ply}: a comment for every mark`);
      // Unmarked, a remark only on a proven result kept (a win is a win).
      else if (m.text !== null) assert.match(m.text, /keeps the win|loses in any case/);
      assert.equal(m.opening, false);
      if (m.move === m.best) assert.equal(m.loss, 0);
      assert.ok(['search', 'book', 'tables'].includes(m.source));
    }
    assert.ok(r.moves.some((m) => m.mark), 'the level-4 moves earn marks');
    // The same review from the command line: the same summary and comments.
    const cli = execFileSync(AWALE, ['review', '--depth', '14', '--hash', '16', '--tables', 'none', ...REVIEW_MOVES], { encoding: 'utf8' });
    const flat = cli.replace(/\s+/g, ' ');
    const summary = flat.match(/review, depth 14: (South: .*?turning points: [^}]*)\}/);
    assert.ok(summary, cli);
    assert.equal(r.summary.text, summary[1]);
    for (const m of r.moves.filter((x) => x.text)) assert.ok(flat.includes(`{${m.text}}`), m.text);
    for (const side of ['south', 'north']) {
      const s = r.summary[side];
      const mine = r.moves.filter((m) => m.side === side[0].toUpperCase());
      assert.equal(s.moves, mine.length);
      assert.equal(s.blunders, mine.filter((m) => m.mark === '??').length);
      assert.equal(s.mistakes, mine.filter((m) => m.mark === '?').length);
      assert.equal(s.inaccuracies, mine.filter((m) => m.mark === '?!').length);
      assert.equal(s.good, mine.filter((m) => m.mark === '!').length);
    }
    // Asked again: the same review, done.
    const again = await api(srv.base, 'POST', `/api/games/${g.id}/review`, { movetime: 60000 });
    assert.equal(again.status, 200);
    assert.equal(again.body.state, 'done');
    // The evaluation graph takes the review's values.
    const ev = (await api(srv.base, 'GET', `/api/games/${g.id}/evaluations`)).body;
    assert.equal(ev.complete, true);
    for (const m of r.moves) assert.deepEqual(ev.evaluations[m.ply - 1].score, m.best_score);
  });

  it('goes on over moves played since, and tells when the game has left it', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' })).body;
    await api(srv.base, 'POST', `/api/games/${g.id}/review`, {});
    const first = await reviewed(srv, g.id);
    assert.equal(first.reviewed, 24);
    for (const m of ['E', 'e']) await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: m });
    const stale = (await api(srv.base, 'GET', `/api/games/${g.id}/review`)).body;
    assert.equal(stale.current, true, 'the game began with the reviewed moves');
    assert.equal(stale.total, 24);
    const p = await api(srv.base, 'POST', `/api/games/${g.id}/review`, {});
    assert.equal(p.status, 202);
    assert.equal(p.body.total, 26);
    assert.ok(p.body.reviewed >= 24, 'the moves reviewed are kept');
    const r = await reviewed(srv, g.id);
    assert.equal(r.reviewed, 26);
    assert.deepEqual(r.moves.slice(0, 24), first.moves);
    // Undo below the review: it no longer describes the game.
    await api(srv.base, 'POST', `/api/games/${g.id}/undo`);
    assert.equal((await api(srv.base, 'GET', `/api/games/${g.id}/review`)).body.current, false);
    await api(srv.base, 'POST', `/api/games/${g.id}/redo`);
    assert.equal((await api(srv.base, 'GET', `/api/games/${g.id}/review`)).body.current, true);
  });

  it('refuses bad requests and changes nothing', async () => {
    const g = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
    const url = `/api/games/${g.id}/review`;
    await expectError(srv, g.id, 409, /nothing to review: the game has no moves yet/, 'POST', url, {});
    await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: 'C' });
    await expectError(srv, g.id, 400, /'depth' must be a whole number from 1 to 40/, 'POST', url, { depth: 0 });
    await expectError(srv, g.id, 400, /'depth' must be a whole number/, 'POST', url, { depth: '14' });
    await expectError(srv, g.id, 400, /'movetime' must be a whole number from 10/, 'POST', url, { movetime: 5 });
    await expectError(srv, g.id, 400, /unknown field 'level'/, 'POST', url, { level: 3 });
    await expectError(srv, g.id, 405, /PUT is not allowed/, 'PUT', url, {});
    await expectError(srv, g.id, 400, /unknown query argument/, 'GET', `${url}?depth=3`);
    assert.equal((await api(srv.base, 'GET', url)).body.state, 'none');
  });

  it('shows the set opening of an `awale match` record without judging it', async () => {
    // At depth 6, 2. F is a mistake and 2... b a blunder: neither player chose them.
    const rec = '[Event "awale match"]\n\n1. C f 2. F b {opening} 3. D d *\n';
    const g = (await api(srv.base, 'POST', '/api/games', { record: rec, north: 'human' })).body;
    const p = await api(srv.base, 'POST', `/api/games/${g.id}/review`, { depth: 6, movetime: 60000 });
    assert.equal(p.status, 202, p.text);
    const r = await reviewed(srv, g.id);
    assert.equal(r.state, 'done');
    assert.deepEqual(r.moves.map((m) => m.opening), [true, true, true, true, false, false]);
    for (const m of r.moves.slice(0, 4)) {
      assert.equal(m.mark, null);
      assert.equal(m.loss, 0);
      assert.equal(m.text, null);
      assert.ok(m.best_score, 'valued all the same (the evaluation graph)');
    }
    assert.equal(r.summary.south.moves + r.summary.north.moves, 2);
    assert.ok(r.summary.turning.every((t) => t.ply > 4));
    assert.match(r.summary.text, /not judged: the set opening \(4 moves\)$/);
    // Saved again, the record still says where the opening ends.
    const back = (await api(srv.base, 'GET', `/api/games/${g.id}/record`)).body.record;
    assert.match(back, /2\. F b \{opening\} 3\. D d/);
  });

  it('stops at once when the game is deleted, or the review is', async () => {
    const long = { depth: 40, movetime: 5000 };
    const g = (await api(srv.base, 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' })).body;
    await api(srv.base, 'POST', `/api/games/${g.id}/review`, long);
    const running = await reviewed(srv, g.id, 'running', 10000);
    assert.equal(running.state, 'running');
    await sleep(300);
    const d = await api(srv.base, 'DELETE', `/api/games/${g.id}/review`);
    assert.equal(d.status, 200);
    const t0 = Date.now();
    const stopped = await reviewed(srv, g.id, 'stopped', 3000);
    assert.equal(stopped.state, 'stopped');
    assert.ok(Date.now() - t0 < 1000, 'its search stopped at once');
    assert.ok(stopped.reviewed < 24);
    // Asked again: it goes on from there.
    const p = await api(srv.base, 'POST', `/api/games/${g.id}/review`, long);
    assert.equal(p.status, 202);
    assert.equal(p.body.reviewed, stopped.reviewed);
    await reviewed(srv, g.id, 'running', 10000);
    await api(srv.base, 'DELETE', `/api/games/${g.id}`);
    let busy = 1;
    for (let i = 0; i < 20 && busy; i++) {
      await sleep(50);
      busy = (await api(srv.base, 'GET', '/api/server')).body.searches_running;
    }
    assert.equal(busy, 0, 'the deleted game\'s review stopped');
  });
});

describe('review and the other searches', () => {
  it('gives the worker to a move or a hint, then goes on; goes before an analysis', async () => {
    const srv = await startServer(['--tables', 'none', '--book', 'none', '--searches', '1', '--hint-time', '300']);
    try {
      const g = (await api(srv.base, 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' })).body;
      await api(srv.base, 'POST', `/api/games/${g.id}/review`, { depth: 40, movetime: 400 });
      await reviewed(srv, g.id, 'running', 10000);
      // The only worker reviews: a hint takes it at once, the review waits.
      const other = (await api(srv.base, 'POST', '/api/games', { north: 'human' })).body;
      const t0 = Date.now();
      const h = await api(srv.base, 'GET', `/api/games/${other.id}/hint`);
      assert.equal(h.status, 200);
      assert.ok(Date.now() - t0 < 1500, `the hint did not wait for the review (${Date.now() - t0} ms)`);
      // Then the review goes on where it was.
      const at = (await api(srv.base, 'GET', `/api/games/${g.id}/review`)).body;
      assert.ok(['queued', 'running'].includes(at.state), at.state);
      let r = at;
      for (let i = 0; i < 100 && r.reviewed <= at.reviewed + 1; i++) {
        await sleep(100);
        r = (await api(srv.base, 'GET', `/api/games/${g.id}/review`)).body;
      }
      assert.ok(r.reviewed > at.reviewed + 1, 'it went on');
      assert.deepEqual(r.moves.slice(0, at.reviewed), at.moves);
    } finally {
      await srv.stop();
    }
    // Two workers, one for the background: an analysis runs, a review asked
    // for takes its place (the analysis goes on after).
    const srv2 = await startServer(['--tables', 'none', '--book', 'none', '--searches', '2', '--analysis-time', '60']);
    try {
      const a = (await api(srv2.base, 'POST', '/api/games', { north: 'human' })).body;
      const stream = readEvents(srv2.base, `/api/games/${a.id}/analysis`, (evs) => evs.filter((e) => e.event === 'position').length >= 2, 30000);
      await sleep(500);
      const g = (await api(srv2.base, 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' })).body;
      await api(srv2.base, 'POST', `/api/games/${g.id}/review`, {});
      const r = await reviewed(srv2, g.id, 'done', 20000);
      assert.equal(r.state, 'done', 'the review ran while the analysis would have gone on for a minute');
      const s = await stream;
      assert.ok(s.events.filter((e) => e.event === 'position').length >= 2, 'the analysis started again');
    } finally {
      await srv2.stop();
    }
  });
});
