// trainer.test.mjs - learn from your mistakes on the page, by clicking: a
// game imported and reviewed, the button under the review, the dialog's
// board before each marked move, the move played refused with a hint, the
// best move accepted, a second miss answered with the line, "next", the
// progress, the summary, and the game as it was after leaving; at desktop
// and phone width, in English and French (screenshots in $SHOTS).
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
const GAME = '[South "player"]\n[North "player"]\n\n1. C c 2. F d 3. C e 4. F c 5. A d 6. B c 7. F e 8. C d 9. F b 10. A c 11. B a 12. D d *\n';

const pitOf = (move) => (move >= 'a' ? move.charCodeAt(0) - 97 + 6 : move.charCodeAt(0) - 65);

async function reviewedGame(page) {
  await page.waitForSelector('#board .pit.playable');
  assert.equal(await page.isHidden('#btn-trainer'), true, 'no button before a review');
  await page.click('#btn-import');
  await page.fill('#import-text', GAME);
  await page.click('#form-import button[type=submit]');
  await page.waitForSelector('#dlg-import', { state: 'hidden' });
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 24);
  await page.click('#btn-review');
  await page.waitForSelector('#btn-trainer:not([hidden])', { timeout: 90000 });
  return page.evaluate(() => JSON.parse(localStorage.getItem('awale.settings')).game);
}

async function trainerOf(srv, id) {
  return { id, state: (await api(srv.base, 'GET', `/api/games/${id}/trainer`)).body };
}

async function clickPit(page, pit) {
  await page.click(`#tr-board .pit[data-pit="${pit}"]`);
}

const verdictIs = (page, re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#tr-verdict').textContent),
  re.source, { timeout: 60000 });

describe('learn from your mistakes', () => {
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

  for (const [name, opts] of [['desktop', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844, mobile: true }]]) {
    it(`a whole session by clicking (${name})`, async () => {
      const page = await openPage(browser, srv.base, opts);
      const gid = await reviewedGame(page);
      const movesBefore = await page.$$eval('#moves .mv:not(.gap)', (b) => b.length);
      const boardBefore = await page.$$eval('#board .pit', (p) => p.map((x) => x.textContent).join('|'));
      await page.click('#btn-trainer');
      await page.waitForSelector('#dlg-trainer[open]');
      // The server's view of the exercises.
      const t = await trainerOf(srv, gid);
      assert.equal(t.state.active, true);
      const review = (await api(srv.base, 'GET', `/api/games/${t.id}/review`)).body;
      const ex = t.state.exercises;
      assert.ok(ex.length >= 3);
      assert.equal(t.state.side, 'both');
      const first = ex[0];
      assert.equal(await page.textContent('#tr-task'),
        `Find a better move for ${first.side === 'S' ? 'South' : 'North'} (move ${first.number}).`);
      assert.equal(await page.textContent('#tr-progress'), `1 of ${ex.length}`);
      assert.equal(await page.textContent('#tr-played'), `In the game: ${first.played}${first.mark}`);
      // The board is the position before the move: its pits' counts.
      const shown = await page.$$eval('#tr-board .pit', (p) => p.sort((a, b) => a.dataset.pit - b.dataset.pit)
        .map((x) => Number(x.querySelector('.badge text').textContent)));
      assert.deepEqual(shown, first.position.pits);
      // The move played: refused, with a hint.
      await clickPit(page, pitOf(first.played));
      await verdictIs(page, /is the move you played in the game\. Try again\./);
      assert.equal(await page.isVisible('#tr-hint'), true);
      assert.match(await page.textContent('#tr-hint'), /^Hint: the best move /);
      assert.equal(await page.isHidden('#tr-next'), true);
      await page.screenshot({ path: path.join(SHOTS, `${name}-trainer-hint.png`) });
      // The best move: accepted at the second try.
      const best0 = review.moves[first.ply - 1].best;
      await clickPit(page, pitOf(best0));
      await verdictIs(page, new RegExp(`Yes: ${best0} is the best move\\.`));
      assert.equal(await page.isVisible('#tr-answer'), true);
      assert.match(await page.textContent('#tr-answer'), new RegExp(`The best move was ${best0} `));
      await page.click('#tr-next');
      assert.equal(await page.textContent('#tr-progress'), `2 of ${ex.length}`);
      // Two misses: the answer with its line.
      const second = ex[1];
      await clickPit(page, pitOf(second.played));
      await verdictIs(page, /Try again/);
      await clickPit(page, pitOf(second.played));
      await verdictIs(page, /is the move you played in the game\.$/);
      const best1 = review.moves[second.ply - 1].best;
      assert.match(await page.textContent('#tr-answer'), new RegExp(`The best move was ${best1} \\(.*\\)\\. The line: ${best1}`));
      assert.equal(await page.$eval(`#tr-board .pit[data-pit="${pitOf(best1)}"]`, (g) => g.classList.contains('hinted')), true);
      await page.screenshot({ path: path.join(SHOTS, `${name}-trainer-answer.png`) });
      // The line played on the board: the position after its first move, then the next.
      const after = (await api(srv.base, 'GET', `/api/games/${gid}/trainer`)).body.exercises[1].line_positions;
      assert.ok(after.length >= 2);
      await page.click('#tr-line');
      await page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('#tr-board .pit')]
        .sort((a, b) => a.dataset.pit - b.dataset.pit).map((p) => Number(p.querySelector('.badge text').textContent))) === want,
      JSON.stringify(after[1].pits), { timeout: 10000 });
      assert.equal(await page.textContent('#tr-line-at'), review.moves[second.ply - 1].line.slice(0, 2).join(' '));
      await page.screenshot({ path: path.join(SHOTS, `${name}-trainer-line.png`) });
      // The rest at the first try.
      for (let k = 2; k < ex.length; k++) {
        await page.click('#tr-next');
        const best = review.moves[ex[k].ply - 1].best;
        await clickPit(page, pitOf(best));
        await verdictIs(page, /is the best move/);
      }
      assert.equal(await page.textContent('#tr-next'), 'See the summary');
      await page.click('#tr-next');
      const n = ex.length;
      assert.equal(await page.textContent('#tr-summary'),
        `${n} exercises: found at the first try ${n - 2}, at the second 1, answers shown 1.`);
      await page.screenshot({ path: path.join(SHOTS, `${name}-trainer-summary.png`) });
      // Leave: the game as it was.
      await page.click('#tr-leave');
      await page.waitForSelector('#dlg-trainer', { state: 'hidden' });
      assert.equal(await page.$$eval('#moves .mv:not(.gap)', (b) => b.length), movesBefore);
      assert.equal(await page.$$eval('#board .pit', (p) => p.map((x) => x.textContent).join('|')), boardBefore);
      await page.waitForFunction(async (gid) => (await (await fetch(`/api/games/${gid}/trainer`)).json()).active === false, t.id);
      assert.deepEqual(page.problems, []);
      await page.context().close();
    });
  }

  it('speaks French through the catalogue', async () => {
    const page = await openPage(browser, srv.base, { locale: 'fr-FR', width: 1100, height: 860 });
    const gid = await reviewedGame(page);
    assert.equal(await page.textContent('#btn-trainer'), 'Apprendre de ses erreurs');
    await page.click('#btn-trainer');
    await page.waitForSelector('#dlg-trainer[open]');
    assert.match(await page.textContent('#tr-task'), /^Trouvez un meilleur coup pour (Sud|Nord) \(coup \d+\)\.$/);
    const t = await trainerOf(srv, gid);
    await clickPit(page, pitOf(t.state.exercises[0].played));
    await verdictIs(page, /le coup que vous avez joué/);
    assert.match(await page.textContent('#tr-hint'), /^Indice : /);
    await page.screenshot({ path: path.join(SHOTS, 'desktop-fr-trainer-hint.png') });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });

  // The same routes in the module of the page with no server, on its one
  // thread: the exercises, a miss with its hint, the answer, and a move the
  // engine judges.
  it('works in the page with no server', async () => {
    assert.ok(existsSync(path.join(STATIC, 'awale.wasm')), `no ${STATIC}: make web-static first (make check builds it)`);
    const srv = await serve(STATIC);
    try {
      const page = await openPage(browser, srv.prefixUrl.replace(/\/$/, ''), { width: 1100, height: 860, path: '/' });
      await reviewedGame(page);
      await page.click('#btn-trainer');
      await page.waitForSelector('#dlg-trainer[open]');
      const played = (await page.textContent('#tr-played')).replace(/^In the game: ([A-Fa-f]).*$/, '$1');
      await clickPit(page, pitOf(played));
      await verdictIs(page, /is the move you played in the game\. Try again\./);
      assert.match(await page.textContent('#tr-hint'), /^Hint: the best move /);
      await clickPit(page, pitOf(played));
      await verdictIs(page, /is the move you played in the game\.$/);
      assert.match(await page.textContent('#tr-answer'), /^The best move was [A-Fa-f] \(.*\)\. The line: /);
      await page.click('#tr-next');
      await page.waitForFunction(() => document.querySelector('#tr-progress').textContent.startsWith('2 of '));
      // A move of the player's own, neither the one played: judged by a search.
      const second = (await page.textContent('#tr-played')).replace(/^In the game: ([A-Fa-f]).*$/, '$1');
      const mine = await page.$$eval('#tr-board .pit.playable', (p) => p.map((g) => Number(g.dataset.pit)));
      const other = mine.find((q) => q !== pitOf(second));
      await clickPit(page, other);
      await verdictIs(page, /is the best move|is about as good as the best move|is not good enough/);
      await page.screenshot({ path: path.join(SHOTS, 'static-trainer.png') });
      await page.click('#tr-leave');
      await page.waitForSelector('#dlg-trainer', { state: 'hidden' });
      assert.deepEqual(page.problems, []);
      await page.context().close();
    } finally {
      await srv.close();
    }
  });
});
