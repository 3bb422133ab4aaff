// editor.test.mjs - the position editor in headless chromium, as a player
// uses it (docs/editor.md): open it, set seeds by clicking, Shift+click,
// right click, the wheel and the keys (arrows, +, -, digits, t), see the
// live total and the server's refusal in words under the board, fix the
// position, play from it through the new-game dialog, open the share link
// in a new page and find the same position on the board; French; a phone's
// width with taps and a long press. The static page (build/web-static, or
// $WEB_STATIC, when built with the editor): the same checks from the
// WebAssembly module, and its share link. Screenshots go to $SHOTS.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer } from '../api/server.mjs';
import { serve } from './static-server.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';

const edPits = (page) => page.$$eval('#ed-board .pit', (pits) =>
  pits.sort((a, b) => a.dataset.pit - b.dataset.pit).map((p) => Number(p.querySelector('.badge text').textContent)));
const edStore = (page, side) => page.$eval(`#ed-board .store[data-store="${side}"] .store-badge text`, (t) => Number(t.textContent));
const boardPits = (page) => page.$$eval('#board .pit', (pits) =>
  pits.sort((a, b) => a.dataset.pit - b.dataset.pit).map((p) => Number(p.querySelector('.badge text').textContent)));
const verdict = (page) => page.$eval('#ed-verdict', (v) => ({ text: v.textContent, ok: v.classList.contains('ok'), bad: v.classList.contains('bad') }));
// the server's answer to the position as it is now
// (a refusal is a 422 answer, which chromium logs)
const problems = (page) => page.problems.filter((p) => !/status of 422/.test(p));
const settled = (page, want) => page.waitForFunction((w) => {
  const v = document.querySelector('#ed-verdict');
  return v.classList.contains(w);
}, want, { timeout: 10000 });

describe('the position editor', () => {
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

  it('sets a position by clicks and keys, says why it is refused, plays from it, shares it', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#btn-editor');
    await page.waitForSelector('#dlg-editor[open]');
    await settled(page, 'ok');
    assert.deepEqual(await edPits(page), new Array(12).fill(4));
    assert.match(await page.textContent('#ed-total'), /48 of 48 seeds/);

    // a click adds, Shift+click and a right click take away, the wheel does both
    await page.click('#ed-board .pit[data-pit="0"]');
    await page.click('#ed-board .pit[data-pit="0"]');
    await page.click('#ed-board .pit[data-pit="1"]', { modifiers: ['Shift'] });
    await page.click('#ed-board .pit[data-pit="2"]', { button: 'right' });
    await page.hover('#ed-board .pit[data-pit="3"]');
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(() => document.querySelector('#ed-board .pit[data-pit="3"] .badge text').textContent === '5');
    let pits = await edPits(page);
    assert.deepEqual(pits.slice(0, 4), [6, 3, 3, 5]);
    assert.match(await page.textContent('#ed-total'), /49 of 48 seeds/);
    await settled(page, 'bad');
    assert.match((await verdict(page)).text, /add up to 49 seeds, not 48/);
    assert.equal(await page.isDisabled('#ed-play'), true);

    // keys: from pit A, right arrow to B; digits type a count; - takes one
    await page.focus('#ed-board .pit[data-pit="0"]');
    await page.keyboard.press('Digit4');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('=');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('-');
    pits = await edPits(page);
    assert.deepEqual(pits.slice(0, 4), [4, 4, 4, 4]);
    await settled(page, 'ok');

    // a score of 1 cannot be made of captures: the store is lit and the words say so
    await page.focus('#ed-board .pit[data-pit="11"]');
    await page.keyboard.press('-');
    await page.click('#ed-board .store[data-store="S"]');
    assert.equal(await edStore(page, 'S'), 1);
    await settled(page, 'bad');
    assert.match((await verdict(page)).text, /South's score cannot be 1: a score is made of captures/);
    assert.equal(await page.$eval('#ed-board .store[data-store="S"]', (g) => g.classList.contains('fault')), true);
    await page.screenshot({ path: path.join(SHOTS, 'editor-refused-desktop.png') });

    // fixed: a second seed in the store, one fewer in e; North to move with t
    await page.click('#ed-board .store[data-store="S"]');
    await page.focus('#ed-board .pit[data-pit="10"]');
    await page.keyboard.press('-');
    await page.keyboard.press('t');
    await settled(page, 'ok');
    const text = await page.inputValue('#ed-string');
    assert.equal(text, '4-4-4-4-4-4-4-4-4-4-3-3-2-0-N');
    assert.equal(await page.isChecked('input[name="ed-side"][value="N"]'), true);
    await page.click('#ed-share-box summary');
    const link = await page.inputValue('#ed-link');
    assert.equal(link, `${srv.base}/?rules=abapa&position=${text}`);
    await page.screenshot({ path: path.join(SHOTS, 'editor-desktop.png') });

    // play from here: the new-game dialog, filled in, then the game
    await page.click('#ed-play');
    await page.waitForSelector('#dlg-new[open]');
    assert.equal(await page.inputValue('#new-position'), text);
    assert.equal(await page.inputValue('#new-rules'), 'abapa');
    await page.check('#form-new input[name=opponent][value=human]');
    await page.click('#new-start');
    await page.waitForSelector('#dlg-new', { state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('#board .pit[data-pit="11"] .badge text').textContent === '3');
    assert.deepEqual(await boardPits(page), [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3]);

    // the share link, in a new page: the same position on its board
    const other = await openPage(browser, srv.base, { path: `/?rules=abapa&position=${text}` });
    await other.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await boardPits(other), [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3]);
    assert.equal(await other.$eval('#board .store-badge text', () => document.querySelectorAll('#board .store-badge text')[0].textContent), '2');
    assert.equal(new URL(other.url()).search, '', 'the link is taken off the address once opened');
    // a link to a refused position opens the editor with the refusal
    const bad = await openPage(browser, srv.base, { path: '/?rules=two-seeds&position=4-4-4-4-4-4-4-4-4-4-4-1-3-0-S' });
    await bad.waitForSelector('#dlg-editor[open]');
    await settled(bad, 'bad');
    assert.match((await verdict(bad)).text, /South's score cannot be 3: .* holds 2 seeds/);
    assert.deepEqual(problems(page), []);
    assert.deepEqual(problems(other), []);
    assert.deepEqual(problems(bad), []);
    await Promise.all([page, other, bad].map((p) => p.context().close()));
  });

  it('analyses a position: a game between two people with the analysis on', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.keyboard.press('p');
    await page.waitForSelector('#dlg-editor[open]');
    await page.click('#ed-clear');
    await settled(page, 'bad');
    assert.match((await verdict(page)).text, /add up to 0 seeds, not 48/);
    await page.click('#ed-share-box summary');
    await page.fill('#ed-string', '0-0-0-0-0-3-1-2-1-4-4-4-14-15-S');
    await page.$eval('#ed-string', (e) => e.dispatchEvent(new Event('change', { bubbles: true })));
    await settled(page, 'ok');
    assert.deepEqual(await edPits(page), [0, 0, 0, 0, 0, 3, 1, 2, 1, 4, 4, 4]);
    await page.click('#ed-analyse');
    await page.waitForSelector('#dlg-editor', { state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('#board .pit[data-pit="5"] .badge text').textContent === '3');
    assert.equal(await page.isChecked('#chk-analysis'), true);
    assert.deepEqual(problems(page), []);
    await page.context().close();
  });

  it('speaks French, and works at a phone width by taps and a long press', async () => {
    const page = await openPage(browser, srv.base, { width: 390, height: 844, mobile: true, locale: 'fr-FR' });
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#btn-editor'), 'Composer une position');
    await page.tap('#btn-editor');
    await page.waitForSelector('#dlg-editor[open]');
    await settled(page, 'ok');
    assert.match((await verdict(page)).text, /Une partie peut commencer/);
    await page.tap('#ed-board .pit[data-pit="4"]');
    await settled(page, 'bad');
    assert.match((await verdict(page)).text, /font 49 graines, pas 48/);
    // a long press takes the seed away again
    const box = await page.$eval('#ed-board .pit[data-pit="4"] .hole', (c) => {
      const r = c.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x, y: box.y }] });
    await page.waitForTimeout(800);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction(() => document.querySelector('#ed-board .pit[data-pit="4"] .badge text').textContent === '4');
    await settled(page, 'ok');
    // the dialog fits the phone's width
    const width = await page.$eval('#dlg-editor', (d) => d.getBoundingClientRect().width);
    assert.ok(width <= 390, `dialog ${width}px wide`);
    await page.screenshot({ path: path.join(SHOTS, 'editor-phone.png'), fullPage: false });
    assert.deepEqual(problems(page), []);
    await page.context().close();
  });

  // (the static page of `make web-static`, which make check builds first)
  const STATIC = process.env.WEB_STATIC || 'build/web-static';
  it('works in the static page: the checks from the module, the share link', async () => {
    assert.ok(existsSync(path.join(STATIC, 'js', 'editor.js')), `no ${STATIC} with the editor: make web-static first (make check builds it)`);
    const st = await serve(STATIC);
    try {
      const page = await openPage(browser, st.prefixUrl.replace(/\/$/, ''), { path: '/' });
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      await page.click('#btn-editor');
      await settled(page, 'ok');
      await page.focus('#ed-board .pit[data-pit="0"]');
      await page.keyboard.press('-');
      await settled(page, 'bad');
      assert.match((await verdict(page)).text, /add up to 47 seeds, not 48/);
      await page.keyboard.press('+');
      await page.focus('#ed-board .pit[data-pit="6"]');
      await page.keyboard.press('Digit0');
      await page.click('#ed-board .store[data-store="N"]', { clickCount: 1 });
      await page.click('#ed-board .store[data-store="N"]');
      await page.click('#ed-board .store[data-store="N"]');
      await page.click('#ed-board .store[data-store="N"]');
      await settled(page, 'ok');
      await page.click('#ed-share-box summary');
      const link = await page.inputValue('#ed-link');
      assert.match(link, /\/sub\/path\/\?rules=abapa&position=4-4-4-4-4-4-0-4-4-4-4-4-0-4-S$/);
      const other = await openPage(browser, link.replace(/\/\?.*$/, ''), { path: link.slice(link.indexOf('/?')) });
      await other.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      await other.waitForFunction(() => document.querySelector('#board .pit[data-pit="6"] .badge text').textContent === '0');
      assert.deepEqual(await boardPits(other), [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4]);
      assert.deepEqual(problems(page), []);
      assert.deepEqual(problems(other), []);
      await Promise.all([page, other].map((p) => p.context().close()));
    } finally {
      await st.close();
    }
  });
});
