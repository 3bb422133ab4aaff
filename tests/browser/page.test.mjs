// page.test.mjs - the web page in headless chromium, as a player uses it:
// start a game against the engine by clicking, see the engine answer, undo
// (also while it thinks), step back through the move list, switch to
// French, play the relay game with its direction arrows (by mouse and by
// keyboard), import a record, review a game, watch the analysis stream
// update. Any console error fails the test.
// Screenshots (desktop and phone, light and dark) go to $SHOTS.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';

// The board's counts as shown, pit 0 (A) to 11 (f).
const shownPits = (page) => page.$$eval('#board .pit', (pits) =>
  pits.sort((a, b) => a.dataset.pit - b.dataset.pit).map((p) => Number(p.querySelector('.badge text').textContent)));
const moveTexts = (page) => page.$$eval('#moves .mv:not(.gap)', (b) => b.map((x) => x.firstChild.textContent));
const idle = (page) => page.waitForFunction(() => !document.querySelector('#status.thinking')
  && document.querySelectorAll('#board .hand').length === 0, null, { timeout: 30000 });

async function newGame(page, { opponent = 'engine', rules = 'abapa', level = '2', movetime = '500', position = '' } = {}) {
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.check(`#form-new input[name=opponent][value=${opponent}]`);
  if (opponent === 'engine') {
    await page.fill('#new-level', level);
    await page.selectOption('#new-movetime', movetime);
  }
  await page.selectOption('#new-rules', rules);
  await page.evaluate(() => { document.querySelector('#new-position').closest('details').open = true; });
  await page.fill('#new-position', position);
  await page.click('#new-start');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await idle(page);
}

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'console errors');
}

describe('the page', () => {
  let srv;
  let browser;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // Every page is the same client (127.0.0.1), and closed pages leave their games:
    // the server's limit of games, not a client's.
    srv = await startServer(['--tables', 'none', '--client-games', '32']);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  it('plays against the engine by clicking, undoes, steps back through the moves', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await newGame(page);
    assert.match(await page.textContent('#status'), /Your turn/);
    // The page says where its engine runs, and keeps no service worker
    // (the static page's: static.test.mjs).
    assert.equal(await page.textContent('#where'), 'The engine runs on the server.');
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
    assert.equal(await page.isHidden('#btn-install'), true);
    // Click pit C (index 2): the move is animated, the engine answers.
    await page.click('#board .pit[data-pit="2"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 2, null, { timeout: 30000 });
    await idle(page);
    const moves = await moveTexts(page);
    assert.equal(moves[0], 'C');
    assert.match(moves[1], /^[a-f]$/);
    assert.match(await page.textContent('#said'), /North \(computer\) plays [a-f]/);
    // The board shows the server's position.
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    const st = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.deepEqual(await shownPits(page), st.board.pits);
    assert.equal(st.ply, 2);
    // A second move by keyboard.
    const legal = st.legal[0];
    await page.keyboard.press(legal.toLowerCase());
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 4, null, { timeout: 30000 });
    await idle(page);
    // Step back: the first move's position.
    await page.click('#moves .mv[data-ply="1"]');
    await page.waitForSelector('#viewing:not([hidden])');
    const st4 = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.deepEqual(await shownPits(page), st4.moves[0].after.split('-').slice(0, 12).map(Number));
    assert.equal(await page.textContent('#viewing-text'), 'After 1. C (game of 2 moves)');
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#viewing-text'), /^After 1… [a-f] \(game of 2 moves\)$/);
    await page.keyboard.press('End');
    await page.waitForSelector('#viewing', { state: 'hidden' });
    assert.deepEqual(await shownPits(page), st4.board.pits);
    // Undo takes back the engine's answer and the move.
    await page.click('#btn-undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 2);
    const after = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.equal(after.ply, 2);
    assert.deepEqual(await shownPits(page), after.board.pits);
    // Another game (an import): the last move said is the old game's, gone.
    assert.match(await page.textContent('#said'), /plays/);
    await page.click('#btn-import');
    await page.fill('#import-text', '1. C f *\n');
    await page.click('#form-import button[type=submit]');
    // (The old game also shows 2 moves: wait for the new game itself.)
    await page.waitForFunction((old) => JSON.parse(localStorage.getItem('awale.settings')).game !== old, id);
    assert.deepEqual(await moveTexts(page), ['C', 'f']);
    assert.equal(await page.textContent('#said'), '');
    noProblems(page);
    await page.context().close();
  });

  it('undoes while the computer thinks: its search stops and the move is taken back', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    // Off the opening book, at full strength and 5 s a move: a long think.
    const pos = '3-5-0-6-6-1-5-5-5-5-0-3-2-2-S';
    await newGame(page, { level: '10', movetime: '5000', position: pos });
    await page.click('#board .pit[data-pit="1"]');
    await page.waitForSelector('#status.thinking');
    await page.waitForSelector('#btn-undo:not([disabled])', { timeout: 10000 });
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}`)).body.thinking, 'move');
    const t0 = Date.now();
    await page.click('#btn-undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 0
      && !document.querySelector('#status.thinking'), null, { timeout: 4000 });
    assert.ok(Date.now() - t0 < 3000, `undone in ${Date.now() - t0} ms, not after the computer's 5 s`);
    const st = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.equal(st.ply, 0);
    assert.equal(st.position, pos);
    assert.equal(st.thinking, null);
    assert.deepEqual(await shownPits(page), st.board.pits);
    assert.match(await page.textContent('#status'), /Your turn/);
    // The page can play on: the computer's dropped answer changes nothing.
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#moves .mv:not(.gap)').count(), 0);
    assert.ok(await page.isEnabled('#btn-redo'));
    // The browser logs the cancelled request (409) itself: that one is expected.
    page.problems = page.problems.filter((p) => !/status of 409/.test(p));
    noProblems(page);
    await page.context().close();
  });

  it('watches the analysis stream update, then switches to French', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await page.check('#chk-analysis');
    await page.waitForSelector('#analysis .a-lines li');
    const depth = async () => Number(((await page.textContent('#analysis .a-head')).match(/depth (\d+)/) || [0, 0])[1]);
    await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#analysis .a-head').textContent));
    const d1 = await depth();
    await page.waitForFunction((d) => {
      const m = document.querySelector('#analysis .a-head').textContent.match(/depth (\d+)/);
      return m && Number(m[1]) > d;
    }, d1, { timeout: 20000 });
    assert.ok((await depth()) > d1);
    assert.equal(await page.locator('#analysis .a-lines li').count(), 3);
    await page.screenshot({ path: path.join(SHOTS, 'desktop-light-en.png') });
    await page.selectOption('#sel-lang', 'fr');
    assert.equal(await page.textContent('#btn-new'), 'Nouvelle partie');
    assert.match(await page.textContent('#status'), /À vous/);
    // The stream opened again in French: the server gives it the running
    // analysis's last depth at once, in French.
    await page.waitForFunction(() => /^Position de départ · profondeur \d+/.test(document.querySelector('#analysis .a-head').textContent), null, { timeout: 5000 });
    assert.doesNotMatch(await page.textContent('#analysis .a-head'), /depth|Start position/);
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    // Kept for the next visit.
    await page.reload();
    await page.waitForSelector('#board .pit');
    assert.equal(await page.textContent('#btn-undo'), 'Annuler');
    noProblems(page);
    await page.context().close();
  });

  it('plays the relay game with the direction arrows and the keyboard', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await newGame(page, { opponent: 'human', rules: 'relay' });
    assert.match(await page.textContent('#status'), /a pit, then a direction/);
    await page.click('#board .pit[data-pit="2"]');
    await page.waitForSelector('#board .dir');
    assert.equal(await page.locator('#board .dir').count(), 2);
    // South's bottom row runs A..F left to right: C+ is the right arrow.
    await page.click('#board .dir[aria-label="C+"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 1);
    await idle(page);
    // North by keyboard: d, then the arrow to the screen's left.
    await page.keyboard.press('d');
    await page.waitForSelector('#board .dir');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 2);
    await idle(page);
    const moves = await moveTexts(page);
    assert.equal(moves[0], 'C+');
    // North's top row runs f..a left to right, so leftwards is counterclockwise.
    assert.equal(moves[1], 'd+');
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    const st = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
    assert.deepEqual(st.moves.map((m) => m.move), ['C+', 'd+']);
    assert.deepEqual(await shownPits(page), st.board.pits);
    noProblems(page);
    await page.context().close();
  });

  it('words a hint in the page\'s language from the server\'s fields', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('body[data-ready]');
    await newGame(page);
    await page.click('#btn-hint');
    await page.waitForSelector('#hint:not([hidden])', { timeout: 20000 });
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    const en = await page.textContent('#hint');
    // The opening: the book's move, for you (against the computer).
    assert.match(en, /^Hint [A-F] \(opening book\) For you: .+\. Expected line: [A-F] /);
    assert.doesNotMatch(en, /player to move/);
    await page.selectOption('#sel-lang', 'fr');
    const fr = await page.textContent('#hint');
    assert.match(fr, /^Conseil [A-F] \(livre d’ouvertures\) Pour vous : .+\. Suite attendue : [A-F] /);
    assert.doesNotMatch(fr, /\b(For|Hint|seeds|behind|ahead|level)\b/);
    // Between people, off the book: for the side to move, from a search.
    await page.selectOption('#sel-lang', 'en');
    await newGame(page, { opponent: 'human', position: '3-5-0-6-6-1-5-5-5-5-0-3-2-2-S' });
    await page.click('#btn-hint');
    await page.waitForSelector('#hint:not([hidden])', { timeout: 20000 });
    const h = await page.textContent('#hint');
    assert.match(h, /^Hint [A-F] \(search, depth \d+\) For South: .+\. Expected line: /);
    // The line's first moves only, the rest marked as left out.
    const line = h.replace(/^.*Expected line: /, '').replace(/\.$/, '').split(' ');
    assert.ok(line.length <= 9, h);
    assert.doesNotMatch(h, /…\./);
    await page.selectOption('#sel-lang', 'fr');
    assert.match(await page.textContent('#hint'), /^Conseil [A-F] \(recherche, profondeur \d+\) Pour Sud : /);
    assert.ok(id);
    noProblems(page);
    await page.context().close();
  });

  it('imports a record', async () => {
    const page = await openPage(browser, srv.base, { colorScheme: 'dark', locale: 'fr-FR' });
    // The page's own first game made (see the next test for an import before).
    await page.waitForSelector('body[data-ready]');
    await page.click('#btn-import');
    await page.fill('#import-text', '[Rules "two-seeds"]\n[South "player"]\n[North "player"]\n\n1. C f 2. F b 3. A *\n');
    await page.click('#form-import button[type=submit]');
    await page.waitForSelector('#dlg-import', { state: 'hidden' });
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 5);
    assert.deepEqual(await moveTexts(page), ['C', 'f', 'F', 'b', 'A']);
    assert.equal(await page.textContent('#game-rules'), 'two-seeds');
    // A bad record: the server's message, in the page's language (French
    // here), nothing changes.
    await page.click('#btn-import');
    await page.fill('#import-text', '1. Z *');
    await page.click('#form-import button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
    assert.match(await page.textContent('#import-error'), /^partie : ligne 1 : « Z » n'est pas une lettre de case/);
    // The browser logs the refused request itself: that one is expected.
    page.problems = page.problems.filter((p) => !/status of 400/.test(p));
    await page.click('#import-cancel');
    assert.deepEqual(await moveTexts(page), ['C', 'f', 'F', 'b', 'A']);
    await page.screenshot({ path: path.join(SHOTS, 'desktop-dark-fr.png') });
    noProblems(page);
    await page.context().close();
  });

  it('imports a record while the page still creates its first game: the import wins', async () => {
    // The page's first game is answered late (after the import): that game
    // is not shown, and deleted.
    let slow = null;
    let answered = null;
    const answeredP = new Promise((resolve) => { answered = resolve; });
    const setup = (page) => page.route('**/api/games', async (route) => {
      const req = route.request();
      if (req.method() !== 'POST' || slow !== null || /record/.test(req.postData() || '')) return route.continue();
      slow = 'asked';
      const res = await route.fetch();
      slow = (await res.json()).id;
      setTimeout(async () => { await route.fulfill({ response: res }); answered(); }, 1500);
    });
    const page = await openPage(browser, srv.base, { setup });
    await page.click('#btn-import');
    await page.fill('#import-text', '[Rules "two-seeds"]\n[South "player"]\n[North "player"]\n\n1. C f 2. F b 3. A *\n');
    await page.click('#form-import button[type=submit]');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 5);
    assert.equal(await page.textContent('#game-rules'), 'two-seeds');
    await answeredP;
    // The page is ready once it has dealt with its late first game (a page
    // that takes it shows it).
    await page.waitForFunction(() => document.body.dataset.ready || document.querySelector('#game-rules').textContent !== 'two-seeds');
    assert.deepEqual(await moveTexts(page), ['C', 'f', 'F', 'b', 'A']);
    assert.equal(await page.textContent('#game-rules'), 'two-seeds');
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    assert.equal((await api(srv.base, 'GET', `/api/games/${id}`)).body.rules.name, 'two-seeds');
    assert.equal((await api(srv.base, 'GET', `/api/games/${slow}`)).status, 404, 'the late game is deleted');
    noProblems(page);
    await page.context().close();
  });

  it('reviews a game: progress, marks in the move list, comments, the summary, the graph', async () => {
    // A game of 31 moves (62 plies) between people, over: the end dialog offers the review.
    const moves = 'C c F d C e F c A d B c F e C d F b A c B a D d E f F c D d E b A c C e C b E d D e E c F e A c B f F c D a D f F a E a B d'.split(' ');
    let text = '[South "player"]\n[North "player"]\n\n';
    moves.forEach((m, i) => { text += i % 2 ? `${m} ` : `${i / 2 + 1}. ${m} `; });
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    assert.match(await page.textContent('#review-note'), /Play a few moves first/);
    assert.equal(await page.isDisabled('#btn-review'), true);
    await page.click('#btn-import');
    await page.fill('#import-text', `${text}0-1\n`);
    await page.click('#form-import button[type=submit]');
    await page.waitForSelector('#dlg-over[open]');
    await page.click('#dlg-over button[value=review]');
    // Under way: the progress, the button waits.
    await page.waitForSelector('#review-progress:not([hidden])');
    assert.equal(await page.isDisabled('#btn-review'), true);
    await page.waitForSelector('#review-progress', { state: 'hidden', timeout: 60000 });
    const id = await page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
    const r = (await api(srv.base, 'GET', `/api/games/${id}/review`)).body;
    assert.equal(r.state, 'done');
    assert.equal(r.reviewed, 62);
    // Every mark in the move list, where the review put it.
    const shown = await page.$$eval('#moves .mv:not(.gap)', (b) => b.map((x) => (x.querySelector('.mark') || {}).textContent || null));
    assert.deepEqual(shown, r.moves.map((m) => m.mark));
    assert.ok(shown.some((m) => m === '??' || m === '?'), 'the game has mistakes');
    assert.match(await page.textContent('#review-note'), /31 moves reviewed \(depth 14\)/);
    assert.equal(await page.isDisabled('#btn-review'), true);
    // A mistake clicked: its comment, the best move, its line and the loss.
    const bad = r.moves.find((m) => m.move !== m.best && (m.mark === '?' || m.mark === '??'));
    await page.click(`#moves .mv[data-ply="${bad.ply}"]`);
    const comment = await page.textContent('#review-comment');
    assert.ok(comment.includes(`${bad.move}${bad.mark}`), comment);
    assert.match(comment, bad.mark === '??' ? /blunder/ : /mistake/);
    assert.ok(comment.includes(`Best: ${bad.best} (`), comment);
    assert.match(comment, bad.result_lost ? /throws away the/ : new RegExp(`loses ${(bad.loss / 100).toFixed(2)} seeds`));
    if (bad.line.length > 1) assert.match(comment, /Expected line: /);
    // A move without a review mark says it was the best, or what it cost.
    // Each player's summary.
    const rows = await page.$$eval('#review-summary tr', (trs) => trs.slice(1).map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.deepEqual(rows.map((x) => x[0]), ['South', 'North']);
    for (const [k, side] of ['south', 'north'].entries()) {
      const s = r.summary[side];
      assert.deepEqual(rows[k].slice(1, 5).map(Number), [s.blunders, s.mistakes, s.inaccuracies, s.good + s.brilliant]);
      assert.equal(rows[k][5], s.average_loss.toFixed(2));
    }
    assert.equal(await page.locator('#review-summary .r-turning button').count(), r.summary.turning.length);
    assert.match(await page.textContent('#graph-note'), /values of the review/);
    await page.screenshot({ path: path.join(SHOTS, 'desktop-light-en-review.png') });
    // In French.
    await page.selectOption('#sel-lang', 'fr');
    const fr = await page.textContent('#review-comment');
    assert.ok(fr.includes(`Meilleur : ${bad.best} (`), fr);
    assert.match(fr, bad.mark === '??' ? /gaffe/ : /erreur/);
    assert.match(await page.textContent('#review-note'), /31 coups revus/);
    assert.match(await page.textContent('#review-summary .r-turning'), /^Tournants de la partie : /);
    // A turning point goes to its move.
    if (r.summary.turning.length) {
      await page.click('#review-summary .r-turning button');
      const tp = r.summary.turning[0];
      await page.waitForFunction((ply) => document.querySelector('#moves .mv[aria-current]')?.dataset.ply === String(ply), tp.ply);
    }
    // Undo: the game no longer holds every reviewed move.
    await page.keyboard.press('End');
    await page.click('#btn-undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 61);
    assert.match(await page.textContent('#review-note'), /La partie a changé depuis la revue/);
    assert.equal(await page.isHidden('#review-summary'), true);
    assert.equal(await page.isEnabled('#btn-review'), true);
    assert.equal(await page.locator('#moves .mark').count(), shown.slice(0, 61).filter(Boolean).length);
    noProblems(page);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    for (const [scheme, locale] of [['light', 'fr-FR'], ['dark', 'en-GB'], ['dark', 'pt-PT']]) {
      const page = await openPage(browser, srv.base, { width: 390, height: 844, mobile: true, colorScheme: scheme, locale });
      await page.waitForSelector('#board .pit.playable');
      const box = await page.locator('#board').boundingBox();
      assert.ok(box.width <= 390 && box.width > 340, `board width ${box.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, 'no sideways scrolling');
      await page.tap('#board .pit[data-pit="3"]');
      await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length >= 2, null, { timeout: 30000 });
      await idle(page);
      await page.screenshot({ path: path.join(SHOTS, `phone-${scheme}-${locale.slice(0, 2)}.png`), fullPage: true });
      // Looking at an earlier move: the bar that says so covers no pit.
      await page.tap('#moves .mv[data-ply="1"]');
      await page.waitForSelector('#viewing:not([hidden])');
      const bar = await page.locator('#viewing').boundingBox();
      for (const pit of await page.locator('#board .pit').all()) {
        const b = await pit.boundingBox();
        const apart = bar.x + bar.width <= b.x || b.x + b.width <= bar.x || bar.y + bar.height <= b.y || b.y + b.height <= bar.y;
        assert.ok(apart, `the viewing bar ${JSON.stringify(bar)} covers a pit ${JSON.stringify(b)}`);
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      noProblems(page);
      await page.context().close();
    }
  });
});
