// shots.mjs - screenshots of the page for a person to look at: desktop and
// phone sizes, light and dark, English and French, a game in progress.
//   node tests/browser/shots.mjs AWALE OUTDIR
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const outdir = process.argv[3] || 'build/screenshots';
process.env.AWALE = process.argv[2] || process.env.AWALE || 'build/release/awale';
mkdirSync(outdir, { recursive: true });

const srv = await startServer(['--tables', 'none']);
const browser = await launch();
try {
  const sizes = [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844, mobile: true }],
  ];
  for (const [name, size] of sizes) {
    for (const colorScheme of ['light', 'dark']) {
      for (const locale of ['en-GB', 'fr-FR']) {
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
  // The README's picture: a game in progress (twelve good moves, the
  // engine's hints), the analysis on, a hint asked.
  let g = (await api(srv.base, 'POST', '/api/games', { north: 'engine', level: 6 })).body;
  for (let i = 0; i < 12; i++) {
    const h = (await api(srv.base, 'GET', `/api/games/${g.id}/hint?movetime=150`)).body;
    if (g.to_move === 'S') g = (await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: h.move, reply: false })).body;
    else g = (await api(srv.base, 'POST', `/api/games/${g.id}/moves`, { computer: true })).body;
  }
  const page = await openPage(browser, srv.base, { width: 1280, height: 800 });
  await page.evaluate((id) => localStorage.setItem('awale.settings', JSON.stringify({ game: id })), g.id);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 12);
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
