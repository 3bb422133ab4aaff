// puzzles.test.mjs - the puzzle mode and the opening explorer in headless
// chromium, as a player uses them: open the puzzles from the header, solve
// one by clicking the moves of its line (the defender's replies come by
// themselves), miss the next one (the page says so and plays the
// solution), see the streak and the rating follow and survive a reload,
// switch to French; back at the game, the explorer panel shows the book's
// moves of the start (the API's, in its order) and a click on one plays it.
// Screenshots (desktop and phone) go to $SHOTS.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';
const pitIndex = (m) => (m[0] >= 'A' && m[0] <= 'F' ? m.charCodeAt(0) - 65 : m.charCodeAt(0) - 97 + 6);
const record = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('awale.puzzles') || 'null'));
const figures = async (page) => ({
  rating: Number(await page.textContent('#pz-rating')),
  streak: Number(await page.textContent('#pz-streak')),
  best: Number(await page.textContent('#pz-best')),
});

// Open the puzzles (or ask for the next one): the puzzle the server sent.
async function nextPuzzle(page, button) {
  const answer = page.waitForResponse((r) => /\/api\/puzzles\?/.test(r.url()));
  await page.click(button);
  const p = await (await answer).json();
  await page.waitForFunction(() => /to move/.test(document.querySelector('#pz-prompt').textContent));
  return p;
}

describe('puzzles and the explorer in the page', () => {
  let srv;
  let browser;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    srv = await startServer(['--tables', 'none', '--db', 'off']);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  for (const size of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844, mobile: true }]) {
    it(`solves a puzzle, misses one, keeps the rating and streak (${size.name})`, async () => {
      const page = await openPage(browser, srv.base, size);
      await page.waitForSelector('#board .pit.playable');
      assert.equal(await page.textContent('#btn-puzzles'), 'Puzzles');
      const p = await nextPuzzle(page, '#btn-puzzles');
      assert.equal(await page.isVisible('#pz'), true);
      assert.equal(await page.isVisible('#btn-new'), false);
      const side = p.to_move === 'S' ? 'South' : 'North';
      assert.match(await page.textContent('#pz-prompt'), new RegExp(`^${side} to move: find the (winning|best) move|^${side} to move: find the move that saves`));
      // The board is the puzzle's, its mover at the bottom, the legal pits lit.
      const pits = await page.$$eval('#board .pit', (els) => els.sort((a, b) => a.dataset.pit - b.dataset.pit).map((e) => Number(e.querySelector('.badge text').textContent)));
      assert.deepEqual(pits, p.board.pits);
      const lit = await page.$$eval('#board .pit.playable', (els) => els.map((e) => Number(e.dataset.pit)).sort((a, b) => a - b));
      assert.deepEqual(lit, [...new Set(p.legal.map(pitIndex))].sort((a, b) => a - b));
      assert.equal(await page.isHidden('#pz-about'), true, 'the themes and rating wait for the end');
      const before = await figures(page);
      assert.deepEqual(before, { rating: 1500, streak: 0, best: 0 });
      await page.screenshot({ path: path.join(SHOTS, `puzzle-${size.name}.png`) });

      // Solve it: each move of the solver, the replies come by themselves.
      for (let k = 0; k < p.solution.length; k += 2) {
        await page.waitForSelector(`#board .pit.playable[data-pit="${pitIndex(p.solution[k])}"]`, { timeout: 20000 });
        await page.click(`#board .pit[data-pit="${pitIndex(p.solution[k])}"]`);
      }
      await page.waitForFunction(() => document.querySelector('#pz-prompt').textContent === 'Solved!', null, { timeout: 20000 });
      const won = await figures(page);
      assert.equal(won.streak, 1);
      assert.equal(won.best, 1);
      assert.ok(won.rating > 1500, `the rating goes up: ${won.rating}`);
      assert.match(await page.textContent('#pz-change'), new RegExp(`^Your rating: 1500 → ${won.rating} \\(\\+\\d+\\)$`));
      assert.equal(await page.isVisible('#pz-about'), true);
      assert.equal(await page.textContent('#pz-about-rating'), `Rating ${p.rating}`);
      assert.equal(await page.textContent('#pz-about-themes'), p.themes.length ? p.themes.map((t) => t.replace('-', ' ')).join(', ') : 'no theme');
      // The board shows the end of the line.
      const end = p.line[p.line.length - 1].after.split('-').slice(0, 12).map(Number);
      const shown = await page.$$eval('#board .pit', (els) => els.sort((a, b) => a.dataset.pit - b.dataset.pit).map((e) => Number(e.querySelector('.badge text').textContent)));
      assert.deepEqual(shown, end);
      await page.screenshot({ path: path.join(SHOTS, `puzzle-solved-${size.name}.png`), fullPage: size.mobile });

      // The next one is another puzzle; a wrong move misses it.
      const q = await nextPuzzle(page, '#pz-next');
      assert.ok(q.id !== p.id || q.rules !== p.rules || q.count === 1, 'not the same puzzle again');
      const wrong = q.legal.find((m) => m !== q.solution[0]);
      assert.ok(wrong, 'a puzzle has another legal move');
      await page.waitForSelector(`#board .pit.playable[data-pit="${pitIndex(wrong)}"]`);
      await page.click(`#board .pit[data-pit="${pitIndex(wrong)}"]`);
      await page.waitForFunction(() => document.querySelector('#pz-prompt').textContent === 'Not solved');
      assert.equal(await page.textContent('#pz-said'), `${wrong} is not the move. The solution: ${q.solution.join(' ')}.`);
      const lost = await figures(page);
      assert.equal(lost.streak, 0);
      assert.equal(lost.best, 1);
      assert.ok(lost.rating < won.rating, `the rating goes down: ${lost.rating}`);
      // The solution is played out: the board ends where the line does.
      const qEnd = q.line[q.line.length - 1].after.split('-').slice(0, 12).map(Number);
      await page.waitForFunction((want) => {
        const els = [...document.querySelectorAll('#board .pit')].sort((a, b) => a.dataset.pit - b.dataset.pit);
        return JSON.stringify(els.map((e) => Number(e.querySelector('.badge text').textContent))) === JSON.stringify(want)
          && !document.querySelector('#pz-replay').disabled;
      }, qEnd, { timeout: 20000 });
      await page.screenshot({ path: path.join(SHOTS, `puzzle-missed-${size.name}.png`), fullPage: size.mobile });

      // Kept in the browser: a reload shows the same figures.
      const kept = await record(page);
      assert.deepEqual([kept.rating, kept.streak, kept.best, kept.played, kept.solved], [lost.rating, 0, 1, 2, 1]);
      await page.reload();
      await page.waitForSelector('#board .pit.playable');
      await nextPuzzle(page, '#btn-puzzles');
      assert.deepEqual(await figures(page), lost);
      assert.equal(await page.textContent('#pz-record'), '1 solved of 2');
      // In French, the same page in the reader's words.
      await page.selectOption('#sel-lang', 'fr');
      await page.waitForFunction(() => document.querySelector('#btn-puzzles').textContent === 'Problèmes');
      assert.equal(await page.textContent('#pz-rating-label'), 'Votre classement');
      assert.match(await page.textContent('#pz-prompt'), /^À (Sud|Nord) de jouer : trouvez /);
      await page.selectOption('#sel-lang', 'en');
      // Back to the game: its board again, the keys its own.
      await page.click('#pz-back');
      assert.equal(await page.isHidden('#pz'), true);
      assert.equal(await page.isVisible('#btn-new'), true);
      assert.equal(await page.$$eval('#board', (e) => e.length), 1);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  }

  it('shows the book moves of the position beside the board, and plays one by a click', async () => {
    const page = await openPage(browser, srv.base);
    await page.waitForSelector('#board .pit.playable');
    await page.waitForSelector('#explorer-body table');
    const want = (await api(srv.base, 'GET', '/api/explorer?rules=abapa')).body;
    const rows = await page.$$eval('#explorer-body tbody tr', (trs) => trs.map((tr) => [tr.dataset.move, tr.querySelector('.ex-v').textContent]));
    assert.deepEqual(rows.map((r) => r[0]), want.book.map((b) => b.move));
    assert.equal(rows[0][1], want.book[0].value.text.replace('-', '−'));
    assert.match(await page.textContent('#explorer-note'), /games finished since the server started/);
    // A click on the book's best move plays it; the panel follows.
    await page.click(`#explorer-body tr[data-move="${want.book[0].move}"] .ex-play`);
    await page.waitForFunction((m) => document.querySelector('#moves .mv') && document.querySelector('#moves .mv').firstChild.textContent === m, want.book[0].move, { timeout: 30000 });
    await page.waitForFunction(() => !document.querySelector('#status.thinking') && document.querySelectorAll('#board .hand').length === 0, null, { timeout: 30000 });
    // after the computer's reply: the panel shows the position reached
    const st = await page.evaluate(async () => {
      const id = JSON.parse(localStorage.getItem('awale.settings')).game;
      return (await fetch(`/api/games/${id}`)).json();
    });
    const here = (await api(srv.base, 'GET', `/api/explorer?rules=abapa&position=${st.moves[st.ply - 1].after}`)).body;
    await page.waitForFunction((n) => document.querySelectorAll('#explorer-body tbody tr').length === n || (n === 0 && !document.querySelector('#explorer-body table')), here.book.length, { timeout: 10000 });
    const moves = await page.$$eval('#explorer-body tbody tr', (trs) => trs.map((tr) => tr.dataset.move));
    assert.deepEqual(moves, here.book.map((b) => b.move));
    await page.screenshot({ path: path.join(SHOTS, 'explorer-desktop.png') });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
});
