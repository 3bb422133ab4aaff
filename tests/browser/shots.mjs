// shots.mjs - screenshots of the page for a person to look at: desktop and
// phone sizes, light and dark, English and French, a game in progress.
//   node tests/browser/shots.mjs AWALE OUTDIR
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer } from '../api/server.mjs';

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
} finally {
  await browser.close();
  await srv.stop();
}
