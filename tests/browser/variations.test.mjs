// variations.test.mjs - the move list as a tree in the page, by clicking
// (docs/variations.md): a different move after an undo starts a variation,
// shown indented under the move it replaces; a click on it goes there;
// promote, delete, back to the main line with the tools under the list;
// a pit clicked while looking back plays from there; → goes forward along
// the tree. At desktop and phone width (screenshots in $SHOTS). Every
// step is checked against the server's state too.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';
import { serve } from './static-server.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';
// The page with no server (make web-static), when it is built.
const STATIC = process.env.WEB_STATIC || 'build/web-static';

// The tree as PGN writes its moves: "C f E (D)".
function treeText(tree) {
  const by = new Map(tree.nodes.map((n) => [n.id, n]));
  const line = (id) => {
    const out = [];
    for (let n = by.get(id); n; n = n.children.length ? by.get(n.children[0]) : null) {
      out.push(n.move);
      const p = by.get(n.parent);
      if (p.children[0] === n.id) for (const alt of p.children.slice(1)) out.push(`(${line(alt)})`);
    }
    return out.join(' ');
  };
  const root = by.get(0);
  return root.children.length ? line(root.children[0]) : '';
}

const idle = (page) => page.waitForFunction(() => !document.querySelector('#status.thinking')
  && document.querySelectorAll('#board .hand').length === 0
  && !document.querySelector('#tree-tools button.working'), null, { timeout: 30000 });
const pit = { A: 0, B: 1, C: 2, D: 3, E: 4, F: 5, a: 6, b: 7, c: 8, d: 9, e: 10, f: 11 };

describe('variations in the page', () => {
  let srv;
  let browser;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    srv = await startServer(['--tables', 'none', '--client-games', '32']);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  // A game between two people at this screen, opened by the page.
  async function open(opts = {}) {
    const made = await api(srv.base, 'POST', '/api/games', { north: 'human' });
    assert.equal(made.status, 201, made.text);
    const id = made.body.id;
    const page = await openPage(browser, srv.base, {
      ...opts,
      setup: (p) => p.addInitScript((gid) => localStorage.setItem('awale.settings', JSON.stringify({ speed: 20, game: gid })), id),
    });
    await page.waitForSelector('#board .pit.playable');
    const state = async () => (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    // A move by a click (or a tap) on its pit; waits for the server's new state.
    // (force: a pit of a position looked at is not marked playable)
    const play = async (m, force = false) => {
      const before = (await state()).version;
      await page[opts.mobile ? 'tap' : 'click'](`#board .pit[data-pit="${pit[m]}"]`, { force });
      await page.waitForFunction(async ([gid, v, mv]) => {
        const st = await (await fetch(`/api/games/${gid}`)).json();
        return st.version > v && st.moves.length && st.moves[st.moves.length - 1].move === mv;
      }, [id, before, m], { polling: 100 });
      await idle(page);
    };
    const moveTexts = () => page.$$eval('#moves .mv:not(.gap)', (b) => b.map((x) => x.firstChild.textContent));
    // The page shows the line `moves` as the game's (its moves, nothing
    // animated), and the server agrees: the state.
    const settled = async (moves) => {
      await page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('#moves .mv:not(.gap)')].map((x) => x.firstChild.textContent)) === want,
        JSON.stringify(moves), { timeout: 10000 });
      await idle(page);
      const st = await state();
      assert.deepEqual(st.moves.map((m) => m.move), moves);
      return st;
    };
    return { id, page, state, play, moveTexts, settled };
  }

  for (const [name, opts] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844, mobile: true }]]) {
    it(`makes, shows, promotes and deletes a variation (${name})`, async () => {
      const { page, state, play, settled } = await open(opts);
      const tap = (sel) => page[opts.mobile ? 'tap' : 'click'](sel);
      await play('C');
      await play('f');
      await play('D');
      await settled(['C', 'f', 'D']);
      assert.equal(await page.isHidden('#tree-tools'), true, 'no tools without a variation');
      // Undo, then another move: the first one stays, as a variation.
      await tap('#btn-undo');
      await settled(['C', 'f']);
      await play('E');
      let st = await settled(['C', 'f', 'E']);
      assert.equal(treeText(st.tree), 'C f E (D)');
      // Shown indented, under the move it replaces.
      const block = page.locator('#moves li.tv-block .tv-line');
      assert.equal(await block.count(), 1);
      assert.equal(await block.locator('.tv').first().evaluate((b) => b.firstChild.textContent), 'D');
      assert.match(await block.textContent(), /^2\.\s*D$/);
      const mainE = await page.locator('#moves li:not(.tv-block) .mv[data-ply="3"]').boundingBox();
      const varD = await block.locator('.tv').first().boundingBox();
      assert.ok(varD.y > mainE.y, 'the variation comes after the move it replaces');
      const rowNum = await page.locator('#moves li:not(.tv-block) .num').first().boundingBox();
      assert.ok(varD.x > rowNum.x, 'the variation is indented');
      assert.equal(await page.isVisible('#tree-tools'), true);
      assert.equal(await page.isDisabled('#tree-promote'), true, 'the main line is not promoted');
      assert.equal(await page.isDisabled('#tree-delete'), true);
      assert.equal(await page.isDisabled('#tree-mainline'), true);
      await page.screenshot({ path: path.join(SHOTS, `variations-${name}.png`), fullPage: !!opts.mobile });
      // A click on the variation goes there: the board plays on from it.
      await tap('#moves .tv-block .tv');
      await settled(['C', 'f', 'D']);
      assert.equal((await page.textContent('#moves [aria-current]')).trim(), 'D');
      assert.equal(await page.isHidden('#viewing'), true, 'the board is at the current move');
      await play('a');
      st = await settled(['C', 'f', 'D', 'a']);
      assert.equal(treeText(st.tree), 'C f E (D a)');
      assert.equal(await page.isDisabled('#tree-promote'), false);
      // Promote it: D a is the main line, E the variation.
      await tap('#tree-promote');
      await page.waitForFunction(() => document.querySelector('#moves li.tv-block .tv')?.firstChild.textContent === 'E');
      st = await settled(['C', 'f', 'D', 'a']);
      assert.equal(treeText(st.tree), 'C f D (E) a');
      assert.equal(await page.locator('#moves li:not(.tv-block) .mv[data-ply="3"]').evaluate((b) => b.firstChild.textContent), 'D');
      // Go to E, then back to the main line: where E's line leaves it (after f).
      await tap('#moves li.tv-block .tv');
      await settled(['C', 'f', 'E']);
      assert.equal(await page.isDisabled('#tree-mainline'), false);
      await tap('#tree-mainline');
      await settled(['C', 'f']);
      // Forward along the tree (→ at the current move): the main line's D.
      if (!opts.mobile) {
        await page.keyboard.press('ArrowRight');
        await settled(['C', 'f', 'D']);
      }
      // Delete the variation E (looked at by a click on it).
      await tap('#moves li.tv-block .tv');
      await settled(['C', 'f', 'E']);
      await tap('#tree-delete');
      await page.waitForFunction(() => !document.querySelector('#moves li.tv-block'));
      st = await settled(['C', 'f']);
      assert.equal(treeText(st.tree), 'C f D a', 'the current move went back to its parent');
      assert.equal(await page.isHidden('#tree-tools'), true);
      // Looking back at C, a pit clicked plays from there: a new branch.
      await tap('#moves .mv[data-ply="1"]');
      await page.waitForSelector('#viewing:not([hidden])');
      assert.match(await page.textContent('#status'), /Play from here to try another move/);
      await play('e', true);
      st = await settled(['C', 'e']);
      assert.equal(treeText(st.tree), 'C e (f D a)');
      await page.screenshot({ path: path.join(SHOTS, `variations-${name}-2.png`), fullPage: !!opts.mobile });
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  }

  // The same in the page with no server (the module runs the same routes),
  // and the tree kept on the device: a reload brings it back.
  it('works in the page with no server', { skip: !existsSync(path.join(STATIC, 'awale.wasm')) && `no ${STATIC} (make web-static)` }, async () => {
    const srv = await serve(STATIC);
    try {
      const page = await openPage(browser, srv.prefixUrl.replace(/\/$/, ''), { width: 1100, height: 860, path: '/' });
      // (the line shown, its last move's sowing over)
      const line = async (moves) => {
        await page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('#moves .mv:not(.gap)')].map((x) => x.firstChild.textContent)) === want,
          JSON.stringify(moves), { timeout: 20000 });
        await idle(page);
      };
      await page.waitForSelector('#board .pit.playable');
      await page.click('#btn-import');
      await page.fill('#import-text', '[South "player"]\n[North "player"]\n\n1. C f 2. D *\n');
      await page.click('#form-import button[type=submit]');
      await page.waitForSelector('#dlg-import', { state: 'hidden' });
      await line(['C', 'f', 'D']);
      await page.click('#btn-undo');
      await line(['C', 'f']);
      await page.click(`#board .pit[data-pit="${pit.E}"]`);
      await line(['C', 'f', 'E']);
      await page.waitForSelector('#moves li.tv-block .tv');
      assert.equal(await page.locator('#moves li.tv-block .tv').first().evaluate((b) => b.firstChild.textContent), 'D');
      await page.click('#moves li.tv-block .tv');
      await line(['C', 'f', 'D']);
      await page.click('#tree-promote');
      await page.waitForFunction(() => document.querySelector('#moves li.tv-block .tv')?.firstChild.textContent === 'E');
      // Kept on the device with its variation: a reload shows the same tree.
      await page.waitForTimeout(500);
      await page.reload();
      await line(['C', 'f', 'D']);
      await page.waitForFunction(() => document.querySelector('#moves li.tv-block .tv')?.firstChild.textContent === 'E');
      assert.deepEqual(page.problems, []);
      await page.context().close();
    } finally {
      await srv.close();
    }
  });
});
