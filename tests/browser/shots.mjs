// shots.mjs - screenshots of the page for a person to look at: desktop and
// phone sizes, light and dark, English and French, a game in progress, a
// game reviewed, and the README's picture (docs/screenshot.png).
//   node tests/browser/shots.mjs AWALE OUTDIR
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const outdir = process.argv[3] || 'build/screenshots';
process.env.AWALE = process.argv[2] || process.env.AWALE || 'build/release/awale';
mkdirSync(outdir, { recursive: true });

const srv = await startServer(['--tables', 'none', '--client-games', '32']); // every page is one client
const browser = await launch();
try {
  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844, mobile: true }],
  ];
  for (const [name, size] of sizes) {
    for (const colorScheme of ['light', 'dark']) {
      for (const locale of ['en-GB', 'fr-FR', 'pt-PT']) {
        const page = await openPage(browser, srv.base, { ...size, colorScheme, locale });
        await page.waitForSelector('#board .pit.playable');
        for (const pit of ['C', 'D']) {
          await page.keyboard.press(pit.toLowerCase());
          await page.waitForFunction(() => document.querySelectorAll('#board .pit.playable').length > 0 && !document.querySelector('#status.thinking'), null, { timeout: 20000 });
          await page.waitForTimeout(300);
        }
        const file = path.join(outdir, `${name}-${colorScheme}-${locale.slice(0, 2)}.png`);
        await page.screenshot({ path: file, fullPage: name === 'phone' });
        if (page.problems.length) console.error(file, page.problems);
        console.log(file);
        await page.context().close();
      }
    }
  }
  // The review: a finished game of 62 moves between people, reviewed, a
  // blunder's comment shown.
  const moves = 'C c F d C e F c A d B c F e C d F b A c B a D d E f F c D d E b A c C e C b E d D e E c F e A c B f F c D a D f F a E a B d'.split(' ');
  let record = '[South "player"]\n[North "player"]\n\n';
  moves.forEach((m, i) => { record += i % 2 ? `${m} ` : `${i / 2 + 1}. ${m} `; });
  for (const [name, size] of sizes) {
    for (const colorScheme of ['light', 'dark']) {
      const r = (await api(srv.base, 'POST', '/api/games', { record: `${record}0-1\n` })).body;
      const page = await openPage(browser, srv.base, { ...size, colorScheme });
      await page.waitForSelector('#board .pit.playable');
      await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id, speed: 60 })), r.id);
      await page.reload();
      await page.waitForSelector('#dlg-over[open]');
      await page.click('#dlg-over button[value=review]');
      await page.waitForFunction(() => document.querySelectorAll('#moves .mark').length > 0 && document.querySelector('#review-progress').hidden, null, { timeout: 60000 });
      await page.click('#moves .mv[data-ply="26"]');
      await page.waitForTimeout(300);
      const file = path.join(outdir, `${name}-${colorScheme}-review.png`);
      await page.screenshot({ path: file, fullPage: name === 'phone' });
      if (page.problems.length) console.error(file, page.problems);
      console.log(file);
      await page.context().close();
    }
  }
  // The README's picture: a game in progress against the computer (the
  // first 18 moves of that game), reviewed so far (its last move a
  // mistake), the analysis on, a hint asked.
  let first = '[South "player"]\n[North "awale (level 6)"]\n[Level "6"]\n\n';
  moves.slice(0, 18).forEach((m, i) => { first += i % 2 ? `${m} ` : `${i / 2 + 1}. ${m} `; });
  const g = (await api(srv.base, 'POST', '/api/games', { record: `${first}*\n`, reply: false })).body;
  const page = await openPage(browser, srv.base, { width: 1280, height: 1040 });
  await page.waitForSelector('#board .pit.playable');
  await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id })), g.id);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 18);
  await page.click('#btn-review');
  await page.waitForFunction(() => document.querySelector('#review-progress').hidden && /reviewed/.test(document.querySelector('#review-note').textContent), null, { timeout: 60000 });
  await page.check('#chk-analysis');
  await page.click('#btn-hint');
  await page.waitForSelector('#hint:not([hidden])', { timeout: 20000 });
  await page.waitForFunction(() => /depth (1[6-9]|[2-9]\d)/.test(document.querySelector('#analysis .a-head').textContent), null, { timeout: 30000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(outdir, 'screenshot.png') });
  console.log(path.join(outdir, 'screenshot.png'));
  if (page.problems.length) console.error(page.problems);
} finally {
  await browser.close();
  await srv.stop();
}
