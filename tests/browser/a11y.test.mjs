// a11y.test.mjs - the page for a screen reader, the keyboard alone and the
// ears, at desktop and phone sizes: Chromium's own accessibility tree (CDP
// Accessibility.getFullAXTree) names the twelve pits as buttons with their
// letter and count and the stores with theirs; a move and a capture are
// said in the live region; a dialog has a name and a description, takes the
// focus, keeps Tab inside, closes on Escape and gives the focus back; a
// game is played with Tab, the arrow keys, Enter and Space alone (a hint
// asked with H and a move looked back at are said too); the
// sounds (an AudioContext stub counts the notes) wait for a gesture, follow
// the seeds sown and the captures, mark the end, stop while the page is
// hidden, and the switch is remembered across a reload. Screenshots (the
// focus ring, the switch in a phone's header) go to $SHOTS.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer } from '../api/server.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844, mobile: true },
];

// Before the page's own scripts: the first game's settings (once per tab:
// a reload keeps what the page saved), and an AudioContext that records the
// notes instead of playing them.
function setup(newgame) {
  return (page) => page.addInitScript((ng) => {
    if (ng && !sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('awale.settings', JSON.stringify({ speed: 40, newgame: ng }));
    }
    const audio = { contexts: 0, notes: [], suspended: 0 };
    window.__audio = audio;
    class Param {
      constructor(v) { this.value = v; }
      setValueAtTime(v) { this.value = v; }
      exponentialRampToValueAtTime() {}
      linearRampToValueAtTime() {}
    }
    class Node { connect() {} disconnect() {} }
    class Osc extends Node {
      constructor() { super(); this.type = 'sine'; this.frequency = new Param(440); }
      start() { audio.notes.push({ type: this.type, freq: this.frequency.value }); }
      stop() {}
    }
    class Gain extends Node { constructor() { super(); this.gain = new Param(1); } }
    class Filter extends Node { constructor() { super(); this.type = 'lowpass'; this.frequency = new Param(350); } }
    window.AudioContext = class {
      constructor() { audio.contexts++; this.state = 'running'; this.currentTime = 0; this.destination = new Node(); }
      createOscillator() { return new Osc(); }
      createGain() { return new Gain(); }
      createBiquadFilter() { return new Filter(); }
      resume() { this.state = 'running'; return Promise.resolve(); }
      suspend() { this.state = 'suspended'; audio.suspended++; return Promise.resolve(); }
    };
  }, newgame || null);
}

const ready = (page) => page.waitForSelector('body[data-ready=true]');
const idle = (page) => page.waitForFunction(() => !document.querySelector('#status.thinking')
  && document.querySelectorAll('#board .hand').length === 0, null, { timeout: 30000 });
const moveCount = (page) => page.locator('#moves .mv:not(.gap)').count();
const waitMoves = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#moves .mv:not(.gap)').length === k, n, { timeout: 30000 });
// What has the focus: a pit's index, else the element's id.
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return a.closest && a.closest('.pit') ? `pit ${a.closest('.pit').dataset.pit}` : a.id || a.tagName;
});
// Every text the live region said (from the moment it is called).
const listen = (page) => page.evaluate(() => {
  window.__said = [];
  const box = document.getElementById('announce');
  new MutationObserver(() => window.__said.push(box.textContent)).observe(box, { childList: true, characterData: true, subtree: true });
});
const notes = (page) => page.evaluate(() => window.__audio.notes.map((n) => n.type));
const count = (list, type) => list.filter((t) => t === type).length;

// Chromium's accessibility tree, as a screen reader gets it.
async function axTree(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const prop = (n, name) => (n.properties || []).find((p) => p.name === name)?.value?.value;
  return nodes.filter((n) => !n.ignored).map((n) => ({
    role: n.role?.value, name: n.name?.value || '', description: n.description?.value || '',
    focused: !!prop(n, 'focused'), disabled: !!prop(n, 'disabled'), live: prop(n, 'live'),
  }));
}

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'console errors');
}

// South plays F (1 seed) into a (1 seed): 2 captured, South reaches 26 and
// the game is over (abapa: 25 wins). Two people on one screen.
const ENDING = { opponent: 'human', rules: 'abapa', side: 'S', first: 'S', level: 1, movetime: 500, params: {}, clock: '', name: '', position: '4-4-4-0-0-1-1-4-4-0-0-0-24-2-S' };
const ENGINE = { opponent: 'engine', rules: 'abapa', side: 'S', first: 'S', level: 1, movetime: 500, params: {}, clock: '', name: '', position: '' };

describe('the page for every person', () => {
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

  for (const size of SIZES) {
    it(`names the pits and stores in the accessibility tree (${size.name})`, async () => {
      const page = await openPage(browser, srv.base, { ...size, setup: setup(ENGINE) });
      await ready(page);
      await page.waitForSelector('#board .pit.playable');
      const tree = await axTree(page);
      const pits = tree.filter((n) => n.role === 'button' && /^Pit /.test(n.name)).map((n) => n.name);
      assert.deepEqual(pits, ['A', 'B', 'C', 'D', 'E', 'F', 'a', 'b', 'c', 'd', 'e', 'f'].map((l) => `Pit ${l}: 4 seeds`));
      // South's pits can be played, North's cannot (South to move).
      const north = tree.filter((n) => n.role === 'button' && /^Pit [a-f]/.test(n.name));
      assert.ok(north.every((n) => n.disabled), 'North\'s pits are disabled');
      assert.ok(tree.filter((n) => /^Pit [A-F]/.test(n.name)).every((n) => !n.disabled), 'South\'s pits can be pressed');
      const stores = tree.filter((n) => /store/.test(n.name)).map((n) => n.name).sort();
      assert.deepEqual(stores, ['North’s store: 0 seeds', 'South’s store: 0 seeds']);
      // The letters drawn under the pits are not read a second time.
      assert.equal(tree.filter((n) => n.role === 'StaticText' && /^[A-Fa-f]$/.test(n.name)).length, 0);
      // The live region is there before anything is said, and polite.
      assert.ok(tree.some((n) => n.role === 'status' && n.live === 'polite'), 'a polite live region');
      // The sound switch is a toggle button with a name.
      assert.ok(tree.some((n) => n.role === 'button' && n.name === 'Sound'), 'the sound switch');
      assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
      await page.screenshot({ path: path.join(SHOTS, `a11y-${size.name}.png`) });
      // In French: the catalogue's words, with its plural (0 and 1: singular).
      await page.selectOption('#sel-lang', 'fr');
      const fr = await axTree(page);
      assert.ok(fr.some((n) => n.role === 'button' && n.name === 'Case C : 4 graines'), 'Case C : 4 graines');
      assert.ok(fr.some((n) => n.name === 'Grenier de Sud : 0 graine'), 'Grenier de Sud : 0 graine');
      assert.ok(fr.some((n) => n.role === 'button' && n.name === 'Son'), 'Son');
      // The page's parts too: the board, the buttons that step through the moves.
      assert.ok(fr.some((n) => n.role === 'group' && n.name === 'Plateau'), 'Plateau');
      assert.ok(fr.some((n) => n.role === 'button' && n.name === 'Coup précédent'), 'Coup précédent');
      noProblems(page);
      await page.context().close();
    });

    it(`plays against the computer with the keyboard alone, each move said (${size.name})`, async () => {
      const page = await openPage(browser, srv.base, { ...size, setup: setup(ENGINE) });
      await ready(page);
      await page.waitForSelector('#board .pit.playable');
      await listen(page);
      // Tab reaches the board on the first pit South can play: A.
      let tabs = 0;
      while (!(await focused(page)).startsWith('pit') && tabs++ < 40) await page.keyboard.press('Tab');
      assert.equal(await focused(page), 'pit 0');
      // The board is one stop: the next Tab leaves it.
      await page.keyboard.press('Tab');
      assert.ok(!(await focused(page)).startsWith('pit'), 'Tab leaves the board');
      await page.keyboard.press('Shift+Tab');
      assert.equal(await focused(page), 'pit 0');
      // Arrows go from pit to pit as they lie on the screen.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.equal(await focused(page), 'pit 2');
      await page.keyboard.press('ArrowUp'); // above C: North's d (index 9)
      assert.equal(await focused(page), 'pit 9');
      let tree = await axTree(page);
      assert.ok(tree.some((n) => n.focused && n.name === 'Pit d: 4 seeds' && n.disabled), 'North\'s d, focused, disabled');
      if (size.name === 'desktop') await page.locator('.board-wrap').screenshot({ path: path.join(SHOTS, 'a11y-focus-ring-disabled.png') });
      await page.keyboard.press('ArrowDown');
      assert.equal(await focused(page), 'pit 2');
      await page.keyboard.press('End');
      assert.equal(await focused(page), 'pit 5');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      // No step through the moves while the arrows are on the board.
      assert.equal(await page.isHidden('#viewing'), true);
      if (size.name === 'desktop') await page.locator('.board-wrap').screenshot({ path: path.join(SHOTS, 'a11y-focus-ring.png') });
      // Enter plays C; the computer answers; both are said.
      await page.keyboard.press('Enter');
      await waitMoves(page, 2);
      await idle(page);
      const said = await page.evaluate(() => window.__said);
      assert.ok(said.some((s) => /^South \(you\) plays C: sows 4 seeds\.$/.test(s)), `said: ${said}`);
      assert.ok(said.some((s) => /^North \(computer\) plays [a-f]: sows \d+ seeds?/.test(s)), `said: ${said}`);
      // The focus stayed on the board: Space plays the pit it is on, when playable.
      assert.equal(await focused(page), 'pit 2');
      tree = await axTree(page);
      const c = await page.textContent('#board .pit[data-pit="2"] .badge text');
      assert.ok(tree.some((n) => n.focused && n.name === `Pit C: ${c} seed${c === '1' ? '' : 's'}`), `C holds ${c}`);
      const playable = await page.$$eval('#board .pit.playable', (p) => p.map((g) => Number(g.dataset.pit)));
      const target = playable[0];
      for (let k = 0; k < 6 && (await focused(page)) !== `pit ${target}`; k++) await page.keyboard.press(target < 2 ? 'ArrowLeft' : 'ArrowRight');
      assert.equal(await focused(page), `pit ${target}`);
      await page.keyboard.press(' ');
      await waitMoves(page, 4);
      await idle(page);
      const moves = await page.$$eval('#moves .mv:not(.gap)', (b) => b.map((x) => x.firstChild.textContent));
      assert.equal(moves[0], 'C');
      assert.equal(moves[2], 'ABCDEF'[target]);
      // A hint (H) is said too.
      await page.keyboard.press('h');
      await page.waitForSelector('#hint:not([hidden])', { timeout: 30000 });
      await page.waitForFunction(() => window.__said.some((s) => /^Hint [A-F]/.test(s)));
      // Stepping back through the moves (from the move list) says where.
      await page.focus('#moves');
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector('#viewing:not([hidden])');
      await page.waitForFunction(() => window.__said.some((s) => /^After 2\. [A-F] \(game of 2 moves\)\. South \(you\) plays [A-F]: sows/.test(s)));
      await page.keyboard.press('End');
      await page.waitForSelector('#viewing', { state: 'hidden' });
      assert.match(await page.textContent('#status'), /^Your turn/);
      noProblems(page);
      await page.context().close();
    });

    it(`says a capture, ends with a dialog that keeps the focus, and sounds (${size.name})`, async () => {
      const page = await openPage(browser, srv.base, { ...size, setup: setup(ENDING) });
      await ready(page);
      await page.waitForSelector('#board .pit.playable');
      await listen(page);
      // No gesture yet: no sound at all.
      assert.equal(await page.evaluate(() => window.__audio.contexts), 0);
      await page.focus('#board .pit[data-pit="5"]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#dlg-over[open]');
      const said = await page.evaluate(() => window.__said);
      assert.ok(said.includes('South plays F: sows 1 seed and captures 2 seeds from a.'), `said: ${said}`);
      // One tick for the seed, the capture's two notes, the end's four (South won).
      const heard = await notes(page);
      assert.equal(await page.evaluate(() => window.__audio.contexts), 1);
      assert.equal(count(heard, 'sine'), 1, `notes: ${heard}`);
      assert.equal(count(heard, 'triangle'), 2, `notes: ${heard}`);
      assert.equal(count(heard, 'square'), 4, `notes: ${heard}`);
      // The dialog: named by its title, described by the score, focus inside.
      const tree = await axTree(page);
      const dlg = tree.find((n) => n.role === 'dialog');
      assert.equal(dlg.name, 'South wins');
      assert.match(dlg.description, /South 26 – 2 North/);
      const inside = () => page.evaluate(() => document.querySelector('#dlg-over').contains(document.activeElement));
      assert.ok(await inside(), 'the focus is in the dialog');
      const seen = new Set();
      for (let k = 0; k < 6; k++) {
        await page.keyboard.press('Tab');
        assert.ok(await inside(), `Tab ${k + 1} stays in the dialog`);
        seen.add(await focused(page));
      }
      assert.ok(seen.size >= 2, 'Tab goes round the dialog\'s buttons');
      await page.keyboard.press('Shift+Tab');
      assert.ok(await inside(), 'Shift+Tab stays in the dialog');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#dlg-over', { state: 'hidden' });
      assert.equal(await focused(page), 'pit 5', 'the focus is back where it was');
      noProblems(page);
      await page.context().close();
    });
  }

  it('opens, traps and closes a dialog from the keyboard', async () => {
    const page = await openPage(browser, srv.base, { setup: setup(ENGINE) });
    await ready(page);
    await page.focus('#btn-import');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#dlg-import[open]');
    const tree = await axTree(page);
    const dlg = tree.find((n) => n.role === 'dialog');
    assert.equal(dlg.name, 'Import a game');
    assert.equal(dlg.description, 'Paste a game record, or choose a file.');
    assert.equal(await focused(page), 'import-text');
    const order = [];
    for (let k = 0; k < 5; k++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    // Round the dialog, never out of it: text, file, cancel, import, text again.
    assert.deepEqual(order.slice(0, 2), ['import-file', 'import-cancel']);
    assert.equal(order[3], 'import-text');
    assert.equal(order[4], 'import-file');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.notEqual(await focused(page), 'BODY');
    assert.ok(await page.evaluate(() => document.querySelector('#dlg-import').contains(document.activeElement)));
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    assert.equal(await focused(page), 'btn-import');
    // The keys' list, from the keyboard: '?' opens it, Escape closes it.
    await page.locator('#board .pit[data-pit="0"]').focus();
    await page.keyboard.press('?');
    await page.waitForSelector('#dlg-help[open]');
    assert.equal((await axTree(page)).find((n) => n.role === 'dialog').name, 'Keyboard');
    assert.match(await page.textContent('#help-keys'), /Enter or Space plays the pit/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-help', { state: 'hidden' });
    assert.equal(await focused(page), 'pit 0');
    noProblems(page);
    await page.context().close();
  });

  it('waits for a gesture, follows the seeds, and remembers the sound switch', async () => {
    const page = await openPage(browser, srv.base, { setup: setup(ENGINE) });
    await ready(page);
    await page.waitForSelector('#board .pit.playable');
    assert.equal(await page.evaluate(() => window.__audio.contexts), 0, 'no sound before a gesture');
    // C sows 4 seeds: 4 ticks (and the computer's seeds after).
    await page.click('#board .pit[data-pit="2"]');
    await waitMoves(page, 2);
    await idle(page);
    // After a click on a pit the arrows still step through the moves.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#viewing:not([hidden])');
    await page.keyboard.press('End');
    await page.waitForSelector('#viewing', { state: 'hidden' });
    const heard = await notes(page);
    assert.ok(count(heard, 'sine') >= 5, `a tick per seed sown: ${heard}`);
    // Hidden page: the sound is suspended.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    assert.equal(await page.evaluate(() => window.__audio.suspended), 1);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // Off, and remembered across a reload: a move makes no sound.
    await page.click('#btn-sound');
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false');
    await page.locator('header.top').screenshot({ path: path.join(SHOTS, 'a11y-sound-off.png') });
    await page.reload();
    await ready(page);
    await page.waitForSelector('#board .pit.playable');
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false');
    const before = await moveCount(page);
    const pit = await page.$eval('#board .pit.playable', (g) => g.dataset.pit);
    await page.click(`#board .pit[data-pit="${pit}"]`);
    await waitMoves(page, before + 2);
    await idle(page);
    assert.equal((await notes(page)).length, 0, 'silent when switched off');
    // On again, from the keyboard, remembered too.
    await page.focus('#btn-sound');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
    await page.reload();
    await ready(page);
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
    noProblems(page);
    await page.context().close();
  });
});
