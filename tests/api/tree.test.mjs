// tree.test.mjs - the moves as a tree through the web API (docs/variations.md,
// docs/api.md): a different move after an undo starts a variation, goto,
// promote, delete, back to the main line; the refusals (bad node ids, the
// main line deleted, games between two devices and games with clocks,
// which keep no variations); a finished game explored (a new move there is a
// variation, the game stays as it was); the record exported with its
// variations and imported back the same; a review's better lines stored as
// variations. Every state is checked whole: `moves` is the line from the
// start to the current node, `tree.nodes` a tree (parents and children
// agree, the main line is the chain of first children).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, api, sleep } from './server.mjs';

const bearer = (token) => ({ Authorization: `Bearer ${token}` });

// The tree as PGN writes its moves: "C f E (D a) F" (marks kept).
function treeText(tree) {
  const by = new Map(tree.nodes.map((n) => [n.id, n]));
  const line = (id) => {
    const out = [];
    for (let n = by.get(id); n; n = n.children.length ? by.get(n.children[0]) : null) {
      out.push(n.move + n.mark);
      const p = by.get(n.parent);
      if (p.children[0] === n.id) for (const alt of p.children.slice(1)) out.push(`(${line(alt)})`);
    }
    return out.join(' ');
  };
  const root = by.get(0);
  return root.children.length ? line(root.children[0]) : '';
}

// The state's tree is a tree, and agrees with the state's other fields.
function checkState(st) {
  const { tree } = st;
  assert.ok(tree && Array.isArray(tree.nodes), 'the state has a tree');
  const by = new Map(tree.nodes.map((n) => [n.id, n]));
  const ids = tree.nodes.map((n) => n.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'nodes in id order');
  assert.equal(by.get(0).parent, -1);
  assert.equal(by.get(0).move, null);
  assert.equal(by.get(0).ply, 0);
  for (const n of tree.nodes) {
    for (const k of ['id', 'parent', 'ply']) assert.equal(typeof n[k], 'number');
    assert.equal(typeof n.mark, 'string');
    assert.ok(n.comment === null || typeof n.comment === 'string');
    for (const c of n.children) {
      assert.equal(by.get(c).parent, n.id, `node ${c} names ${n.id} its parent`);
      assert.equal(by.get(c).ply, n.ply + 1);
    }
    if (n.id) assert.ok(by.get(n.parent).children.includes(n.id));
  }
  // The main line: the root's first child, its first child...
  const main = new Set([0]);
  for (let n = by.get(0); n.children.length; n = by.get(n.children[0])) main.add(n.children[0]);
  for (const n of tree.nodes) assert.equal(n.main, main.has(n.id), `node ${n.id}: main`);
  // `moves`: the line from the start to the current node.
  const line = [];
  for (let n = by.get(tree.node); n.id !== 0; n = by.get(n.parent)) line.unshift(n.move);
  assert.deepEqual(st.moves.map((m) => m.move), line);
  assert.equal(st.ply, line.length);
  return by;
}

const nodeOf = (st, path) => {
  // the node reached from the start by these moves
  const by = new Map(st.tree.nodes.map((n) => [n.id, n]));
  let n = by.get(0);
  for (const m of path) {
    n = n.children.map((c) => by.get(c)).find((c) => c.move === m);
    assert.ok(n, `a node for ${path.join(' ')}`);
  }
  return n.id;
};

describe('the moves as a tree', () => {
  let srv;
  before(async () => { srv = await startServer(['--tables', 'none']); });
  after(async () => {
    const r = await srv.stop();
    assert.equal(r.code, 0, `exit ${r.code} ${r.signal}: ${srv.stderr()}`);
  });

  const post = (id, route, body) => api(srv.base, 'POST', `/api/games/${id}/${route}`, body);
  const state = async (id) => (await api(srv.base, 'GET', `/api/games/${id}`)).body;
  async function play(id, ...moves) {
    let r;
    for (const m of moves) {
      r = await post(id, 'moves', { move: m });
      assert.equal(r.status, 200, r.text);
    }
    return r.body;
  }
  // Two people at one screen: no computer move in the way.
  async function newGame(extra = {}) {
    const r = await api(srv.base, 'POST', '/api/games', { north: 'human', ...extra });
    assert.equal(r.status, 201, r.text);
    return r.body.id;
  }

  it('starts a variation with a different move after an undo, and walks the tree', async () => {
    const id = await newGame();
    let st = await play(id, 'C', 'f', 'D');
    checkState(st);
    assert.equal(st.variations, true);
    assert.equal(treeText(st.tree), 'C f D');
    assert.equal(st.tree.nodes.length, 4);
    // Undo keeps the move: it is still in the tree, after the current node.
    const u = await post(id, 'undo', {});
    assert.equal(u.status, 200, u.text);
    checkState(u.body);
    assert.equal(u.body.ply, 2);
    assert.equal(treeText(u.body.tree), 'C f D');
    // A different move in a game being played: the main line goes on with
    // it, the old move kept as a variation.
    st = await play(id, 'E');
    checkState(st);
    assert.equal(treeText(st.tree), 'C f E (D)');
    const d = nodeOf(st, ['C', 'f', 'D']);
    const e = nodeOf(st, ['C', 'f', 'E']);
    assert.equal(st.tree.node, e);
    // The same move again follows the existing node (no new one).
    await post(id, 'undo', {});
    st = await play(id, 'E');
    assert.equal(st.tree.nodes.length, 5);
    assert.equal(st.tree.node, e);
    // Go into the variation and play on there.
    let r = await post(id, 'goto', { node: d });
    assert.equal(r.status, 200, r.text);
    checkState(r.body);
    assert.deepEqual(r.body.moves.map((m) => m.move), ['C', 'f', 'D']);
    assert.equal(r.body.tree.node, d);
    assert.equal(r.body.position, (await state(id)).position);
    st = await play(id, 'a');
    checkState(st);
    assert.equal(treeText(st.tree), 'C f E (D a)');
    const a = nodeOf(st, ['C', 'f', 'D', 'a']);
    assert.equal(st.tree.node, a);
    // Promote: the variation becomes the main line; the current move stays.
    r = await post(id, 'promote', { node: a });
    assert.equal(r.status, 200, r.text);
    checkState(r.body);
    assert.equal(treeText(r.body.tree), 'C f D (E) a');
    assert.equal(r.body.tree.node, a);
    // Back to the main line from the variation E: where E's line leaves it.
    r = await post(id, 'goto', { node: e });
    assert.equal(r.status, 200, r.text);
    r = await post(id, 'mainline', {});
    assert.equal(r.status, 200, r.text);
    checkState(r.body);
    assert.equal(r.body.tree.node, nodeOf(r.body, ['C', 'f']));
    assert.equal(r.body.ply, 2);
    // Delete the variation E; the main line stays.
    r = await post(id, 'variations/delete', { node: e });
    assert.equal(r.status, 200, r.text);
    checkState(r.body);
    assert.equal(treeText(r.body.tree), 'C f D a');
    assert.ok(!r.body.tree.nodes.some((n) => n.id === e), 'the node is gone');
    // The start is a node like the others.
    r = await post(id, 'goto', { node: 0 });
    assert.equal(r.status, 200, r.text);
    checkState(r.body);
    assert.equal(r.body.ply, 0);
  });

  it('deletes a variation the current move is in: the current move goes to its parent', async () => {
    const id = await newGame();
    await play(id, 'C', 'f');
    await post(id, 'undo', {});
    let st = await play(id, 'e', 'D');
    assert.equal(treeText(st.tree), 'C e (f) D');
    const f = nodeOf(st, ['C', 'f']);
    await post(id, 'goto', { node: f });
    st = await play(id, 'A');
    assert.equal(treeText(st.tree), 'C e (f A) D');
    const r = await post(id, 'variations/delete', { node: f });
    assert.equal(r.status, 200, r.text);
    checkState(r.body);
    assert.equal(treeText(r.body.tree), 'C e D');
    assert.equal(r.body.tree.node, nodeOf(r.body, ['C']));
  });

  it('refuses bad nodes, the main line deleted, and bad bodies, changing nothing', async () => {
    const id = await newGame();
    await play(id, 'C', 'f');
    const before = await state(id);
    const refused = async (route, body, status, code, pattern) => {
      const r = await post(id, route, body);
      assert.equal(r.status, status, `${route} ${JSON.stringify(body)}: ${r.text}`);
      assert.equal(typeof r.body.error, 'string');
      if (code) assert.equal(r.body.code, code);
      if (pattern) assert.match(r.body.error, pattern);
      assert.deepEqual(await state(id), before, 'a refusal changed the game');
      return r;
    };
    for (const route of ['goto', 'promote', 'variations/delete']) {
      await refused(route, { node: 99999 }, 404, 'no_node', /no such move/);
      await refused(route, { node: -1 }, 404, 'no_node', /no such move/);
      await refused(route, { node: 'C' }, 400, null, /node/);
      await refused(route, { node: 1.5 }, 400, null, /node/);
      await refused(route, {}, 400, null, /'node' is missing/);
      await refused(route, { node: 1, colour: 'red' }, 400, null, /colour/);
    }
    await refused('mainline', { node: 1 }, 400, null, /node/);
    // The main line is the game: it is not deleted.
    const main = nodeOf(before, ['C', 'f']);
    await refused('variations/delete', { node: main }, 409, 'main_line', /main line cannot be deleted/);
    // (the start is not a move)
    await refused('variations/delete', { node: 0 }, 404, 'no_node');
    // In French, the session's words.
    const fr = await refused('goto', { node: 424242, lang: 'fr' }, 404, 'no_node');
    assert.doesNotMatch(fr.body.error, /no such move/);
    // GET is not a way in.
    const g = await api(srv.base, 'GET', `/api/games/${id}/goto`);
    assert.equal(g.status, 405);
  });

  it('keeps no variations between two devices', async () => {
    const made = await api(srv.base, 'POST', '/api/games', { north: 'friend', name: 'Ana' });
    assert.equal(made.status, 201, made.text);
    const code = made.body.invite.split('/').pop();
    const joined = await api(srv.base, 'POST', `/api/invites/${code}`, { name: 'Bea' });
    assert.equal(joined.status, 200, joined.text);
    const id = made.body.id;
    const ana = bearer(made.body.token);
    const bea = bearer(joined.body.token);
    assert.equal((await api(srv.base, 'POST', `/api/games/${id}/moves`, { move: 'C' }, ana)).status, 200);
    assert.equal((await api(srv.base, 'POST', `/api/games/${id}/moves`, { move: 'f' }, bea)).status, 200);
    const st = await state(id);
    checkState(st);
    assert.equal(st.variations, false);
    for (const [route, body] of [['goto', { node: 0 }], ['promote', { node: 1 }], ['variations/delete', { node: 1 }], ['mainline', {}]]) {
      const r = await api(srv.base, 'POST', `/api/games/${id}/${route}`, body, ana);
      assert.equal(r.status, 409, `${route}: ${r.text}`);
      assert.equal(r.body.code, 'no_variations');
      assert.match(r.body.error, /no variations/);
    }
    // Without a seat's token: not a player of the game.
    assert.equal((await post(id, 'goto', { node: 0 })).status, 403);
    assert.deepEqual(await state(id), st);
  });

  it('keeps no variations with clocks: an undo cuts, as before', async () => {
    const id = await newGame({ clock: { base: 300, increment: 0 } });
    await play(id, 'C', 'f');
    const u = await post(id, 'undo', {});
    assert.equal(u.status, 200, u.text);
    const st = await play(id, 'e');
    checkState(st);
    assert.equal(st.variations, false);
    assert.equal(treeText(st.tree), 'C e', 'the move taken back is gone');
    const r = await post(id, 'goto', { node: 0 });
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.code, 'no_variations');
  });

  it('explores a finished game: a new move there is a variation, the game stays', async () => {
    // South's F takes 2 and reaches the target of 25: over in one move (E
    // would not be).
    const record = '[FEN "0-0-0-0-1-1-1-3-0-0-0-0-23-19-S"]\n[South "a"]\n[North "b"]\n\n1. F 1-0\n';
    const made = await api(srv.base, 'POST', '/api/games', { record, north: 'human' });
    assert.equal(made.status, 201, made.text);
    const id = made.body.id;
    let st = await state(id);
    checkState(st);
    const played = st.moves.map((m) => m.move);
    assert.notEqual(st.status, 'ongoing', 'the record is a finished game');
    const end = st.tree.node;
    // Back to the start, another first move: a variation, the game's own
    // move stays first.
    let r = await post(id, 'goto', { node: 0 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.status, 'ongoing');
    assert.deepEqual(played, ['F']);
    const other = 'E';
    st = await play(id, other);
    checkState(st);
    const root = st.tree.nodes.find((n) => n.id === 0);
    assert.equal(root.children.length, 2);
    assert.equal(st.tree.nodes.find((n) => n.id === root.children[0]).move, played[0], 'the game is still the main line');
    assert.equal(st.tree.nodes.find((n) => n.id === root.children[1]).move, other);
    r = await post(id, 'mainline', {});
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.tree.node, 0);
    r = await post(id, 'goto', { node: end });
    assert.deepEqual(r.body.moves.map((m) => m.move), played);
    assert.notEqual(r.body.status, 'ongoing');
  });

  it('exports the record with its variations and imports it back the same', async () => {
    const id = await newGame();
    await play(id, 'C', 'f', 'D');
    await post(id, 'undo', {});
    await play(id, 'E', 'a');
    let st = await state(id);
    await post(id, 'goto', { node: nodeOf(st, ['C', 'f', 'D']) });
    await play(id, 'b', 'A');
    await post(id, 'undo', {});
    await play(id, 'B');
    st = await state(id);
    const shape = treeText(st.tree);
    assert.equal(shape, 'C f E (D b B (A)) a');
    const rec = await api(srv.base, 'GET', `/api/games/${id}/record`);
    assert.equal(rec.status, 200, rec.text);
    assert.match(rec.body.record, /\(/, 'the record has its variations');
    const back = await api(srv.base, 'POST', '/api/games', { record: rec.body.record, north: 'human' });
    assert.equal(back.status, 201, back.text);
    checkState(back.body);
    assert.equal(treeText(back.body.tree), shape);
    // The current move of a record read: the end of its main line.
    assert.deepEqual(back.body.moves.map((m) => m.move), ['C', 'f', 'E', 'a']);
    const again = await api(srv.base, 'GET', `/api/games/${back.body.id}/record`);
    assert.equal(again.body.record.replace(/\[Date[^\n]*\n/, ''), rec.body.record.replace(/\[Date[^\n]*\n/, ''));
  });

  it('stores the better lines of a review as variations', async () => {
    const REVIEW_GAME = '1. C c 2. F d 3. C e 4. F c 5. A d 6. B c 7. F e 8. C d 9. F b 10. A c 11. B a 12. D d *';
    const made = await api(srv.base, 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' });
    assert.equal(made.status, 201, made.text);
    const id = made.body.id;
    const before = await state(id);
    assert.equal(before.tree.nodes.length, 25);
    const p = await post(id, 'review', { depth: 6 });
    assert.equal(p.status, 202, p.text);
    let r;
    for (const t0 = Date.now(); Date.now() - t0 < 60000; await sleep(100)) {
      r = (await api(srv.base, 'GET', `/api/games/${id}/review`)).body;
      if (r.state === 'done') break;
    }
    assert.equal(r.state, 'done');
    const st = await state(id);
    checkState(st);
    assert.ok(r.version >= st.version - 0 && st.version > before.version, 'the game changed: its tree has the lines');
    // The game itself is the same: the main line, the current move.
    assert.deepEqual(st.moves.map((m) => m.move), before.moves.map((m) => m.move));
    const marked = r.moves.filter((m) => m.mark && m.best !== m.move && m.line.length);
    assert.ok(marked.length > 0, 'the review marks a move with a better one');
    for (const m of marked) {
      // The better move hangs where the marked move was played.
      const parent = nodeOf(st, before.moves.slice(0, m.ply - 1).map((x) => x.move));
      const alt = st.tree.nodes.find((n) => n.parent === parent && n.move === m.best);
      assert.ok(alt, `ply ${m.ply}: the better move ${m.best} is a variation`);
      assert.equal(alt.main, false);
    }
  });
});
