// words.test.mjs - the page's sentences in the reader's language and about
// what the reader looks at: the sentence under the board follows the move
// viewed and a switch of language; the server's errors about an imported
// record come in French to a French page.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './browser.mjs';
import { startServer } from '../api/server.mjs';

const idle = (page) => page.waitForFunction(() => !document.querySelector('#status.thinking')
  && document.querySelectorAll('#board .hand').length === 0, null, { timeout: 30000 });
const count = (page) => page.$$eval('#moves .mv:not(.gap)', (b) => b.length);

async function importRecord(page, text) {
  await page.click('#btn-import');
  await page.fill('#import-text', text);
  await page.click('#form-import button[type=submit]');
}

describe('the page\'s words', () => {
  let srv;
  let browser;
  before(async () => {
    srv = await startServer(['--tables', 'none']);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  it('tells the move viewed, in the language chosen after it', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await idle(page);
    const old = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    await importRecord(page, '[South "player"]\n[North "player"]\n\n1. C f *\n');
    await page.waitForFunction((o) => JSON.parse(localStorage.getItem('awale.settings')).game !== o, old);
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    await page.click('#board .pit[data-pit="0"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 3);
    await idle(page);
    assert.match(await page.textContent('#said'), /^South plays A: sows/);
    await page.selectOption('#sel-lang', 'fr');
    assert.match(await page.textContent('#said'), /^Sud joue A : sème/);
    // Looking back at the position after f: the sentence tells f, and the
    // moves are counted as the list numbers them (rows of two).
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.textContent('#said'), /^Nord joue f : sème/);
    assert.equal(await page.textContent('#viewing-text'), 'Après 1… f (2 coups joués)');
    await page.selectOption('#sel-lang', 'en');
    assert.equal(await page.textContent('#viewing-text'), 'After 1… f (2 moves played)');
    await page.selectOption('#sel-lang', 'fr');
    await page.keyboard.press('Home');
    assert.equal(await page.textContent('#said'), '');
    await page.keyboard.press('End');
    assert.match(await page.textContent('#said'), /^Sud joue A/);
    assert.equal(await count(page), 3);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('answers the terminal game\'s keys (one key map for both)', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await idle(page);
    const old = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    await importRecord(page, '[South "player"]\n[North "player"]\n\n1. C f *\n');
    await page.waitForFunction((o) => JSON.parse(localStorage.getItem('awale.settings')).game !== o, old);
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    // i: the analysis on and off.
    const analysis = () => page.isChecked('#chk-analysis');
    const before = await analysis();
    await page.keyboard.press('i');
    assert.equal(await analysis(), !before);
    await page.keyboard.press('i');
    assert.equal(await analysis(), before);
    // u, r: undo, redo.
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length < 2);
    await page.keyboard.press('r');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 2);
    // l: load (import); s: save (export).
    await page.keyboard.press('l');
    await page.waitForSelector('#dlg-import[open]');
    await page.click('#import-cancel');
    await page.keyboard.press('s');
    await page.waitForSelector('#dlg-export[open]');
    assert.match(await page.inputValue('#export-text'), /1\. C f/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-export', { state: 'hidden' });
    // t: the board turned.
    const flipped = () => page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).flip);
    await page.keyboard.press('t');
    assert.equal(await flipped(), true);
    // The help lists them.
    await page.keyboard.press('?');
    await page.waitForSelector('#dlg-help[open]');
    const keys = await page.$$eval('#help-keys dt', (d) => d.map((x) => x.textContent));
    for (const k of ['U  R', 'I', 'S  L', 'G', 'T']) assert.ok(keys.includes(k), `help lacks ${k}: ${keys}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  it('says in French what is wrong with a record imported on a French page', async () => {
    const page = await openPage(browser, srv.base, { locale: 'fr-FR' });
    await page.waitForSelector('#board .pit.playable');
    await page.selectOption('#sel-lang', 'fr');
    await importRecord(page, '[Event "x"]\n\n1. C f 2. Z *\n');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
    assert.equal(await page.textContent('#import-error'),
      "partie : ligne 3 : « Z » n'est pas une lettre de case (A-F pour Sud, a-f pour Nord)");
    await page.click('#import-cancel');
    // In English, the API's own words.
    await page.selectOption('#sel-lang', 'en');
    await importRecord(page, '1. Z *');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
    assert.match(await page.textContent('#import-error'), /^record: line 1: 'Z' is not a pit letter/);
    // (the browser logs the refused requests themselves)
    assert.deepEqual(page.problems.filter((p) => !/status of 400/.test(p)), []);
    await page.context().close();
  });
});
