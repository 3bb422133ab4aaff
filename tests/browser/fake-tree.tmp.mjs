// scratch (not a test): the tree widget with a fake tree injected
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const srv = await startServer(['--tables', 'none']);
const made = await api(srv.base, 'POST', '/api/games', { record: '[South "a"]\n[North "b"]\n\n1. C f 2. D a 3. A b 4. E c 5. B d *\n', reply: false });
const id = made.body.id;
function fake(st) {
  const n = st.moves.length;
  const nodes = [];
  for (let i = 0; i <= n; i++) nodes.push({ id: i, parent: i - 1, move: i ? st.moves[i - 1].move : null, ply: i, mark: '', comment: null, children: i < n ? [i + 1] : [], main: true });
  let next = n + 1;
  const add = (parent, move, extra = {}) => { const node = { id: next++, parent, move, ply: nodes[parent].ply + 1, mark: '', comment: null, children: [], main: false, ...extra }; nodes.push(node); nodes[parent].children.push(node.id); return node.id; };
  // at ply 2 (North's reply to C): an alternative e, then moves, with a nested one
  let v = add(1, 'e', { mark: '?!', comment: 'the book prefers f' });
  let w = add(v, 'B'); add(w, 'a'); const alt = add(v, 'F', { mark: '!' }); add(alt, 'd');
  // at ply 3: two alternatives
  v = add(2, 'B'); add(v, 'c'); add(2, 'F', { mark: '??' });
  nodes[4].comment = 'a quiet move';
  nodes[7].mark = '!';
  return { ...st, tree: { node: n, nodes } };
}
const browser = await launch();
for (const [w, h, name] of [[1280, 900, 'desktop'], [390, 844, 'phone']]) {
  const page = await openPage(browser, srv.base, {
    width: w, height: h, mobile: w < 500,
    setup: async (p) => {
      await p.addInitScript((gid) => localStorage.setItem('awale.settings', JSON.stringify({ speed: 60, game: gid })), id);
      await p.route(/\/api\/games\/[0-9a-f]+$/, async (route) => {
        const r = await route.fetch();
        const st = await r.json();
        await route.fulfill({ response: r, json: fake(st) });
      });
    },
  });
  await page.waitForSelector('#moves .mv');
  await page.locator('#moves').scrollIntoViewIfNeeded();
  await page.evaluate(() => { document.getElementById('moves').scrollTop = 0; });
  await page.screenshot({ path: `/tmp/fronts/fake-${name}.png`, fullPage: name === 'phone' });
  const box = await page.locator('section[aria-labelledby="h-moves"]').boundingBox();
  await page.screenshot({ path: `/tmp/fronts/fake-${name}-moves.png`, clip: box });
  console.log(name, page.problems);
  await page.context().close();
}
await browser.close();
await srv.stop();
