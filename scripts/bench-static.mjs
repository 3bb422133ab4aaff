// bench-static.mjs - the figures of the page with no server (make
// bench-static; docs/web.md, "In the page, with no server"): build/web-static
// served by the tests' plain static file server (gzip on the wire, as most
// static hosts do), opened in Debian's chromium through playwright-core.
//
//   first visit   the bytes on the wire of a first visit, until the service
//                 worker has cached everything (the files, gzipped)
//   board         from the navigation to a board the player can click,
//                 a fresh browser profile each time
//   first move    from the navigation to the computer's first move shown,
//                 the computer opening the game (level and time per move
//                 the page's defaults), a fresh profile each time
//   reply         from a click on a pit to the computer's answer shown
//
// each at CPU throttling 1x and 4x (Chromium's Emulation.setCPUThrottlingRate,
// the DevTools' "4x slowdown" that stands for a mid-range phone); the
// median of --runs runs. It prints figures and never fails on timing.
//
//   node scripts/bench-static.mjs [--dir build/web-static] [--runs 5]
import { serve } from '../tests/browser/static-server.mjs';
import { launch } from '../tests/browser/browser.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
};
const dir = opt('--dir', 'build/web-static');
const runs = Math.max(1, Number(opt('--runs', '5')));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const server = await serve(dir);
const browser = await launch();

// A fresh context (a first visit: nothing cached), throttled, with the
// page's settings (no animation of the sowing, so that the figures are the
// engine's and the page's, not the animation's).
async function fresh(rate, settings) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript((s) => {
    if (!localStorage.getItem('awale.settings')) localStorage.setItem('awale.settings', JSON.stringify(s));
  }, settings);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, errors };
}

const moves = (page) => page.evaluate(() => document.querySelectorAll('#moves .mv:not(.gap)').length);

async function firstVisit() {
  server.reset();
  const { context, page } = await fresh(1, { speed: 0 });
  await page.goto(server.url);
  await page.waitForSelector('#board .pit.playable', { timeout: 120000 });
  // Everything the service worker precaches is fetched once it is active.
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker?.getRegistration();
    return !!reg?.active;
  }, null, { timeout: 120000 });
  await page.waitForTimeout(1500);
  let bytes = 0;
  const files = [];
  for (const [path, n] of server.sent) {
    bytes += n;
    files.push([path, n]);
  }
  await context.close();
  return { bytes, files };
}

async function board(rate) {
  const { context, page } = await fresh(rate, { speed: 0 });
  const t0 = Date.now();
  await page.goto(server.url);
  await page.waitForSelector('#board .pit.playable', { timeout: 120000 });
  const ms = Date.now() - t0;
  await context.close();
  return ms;
}

async function firstMove(rate) {
  const { context, page } = await fresh(rate, { speed: 0, newgame: { opponent: 'engine', side: 'N', first: 'S' } });
  const t0 = Date.now();
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length >= 1, null, { timeout: 120000 });
  const ms = Date.now() - t0;
  await context.close();
  return ms;
}

async function reply(rate) {
  const { context, page } = await fresh(rate, { speed: 0 });
  await page.goto(server.url);
  await page.waitForSelector('#board .pit.playable', { timeout: 120000 });
  const before = await moves(page);
  const t0 = Date.now();
  await page.click('#board .pit.playable');
  await page.waitForFunction((k) => document.querySelectorAll('#moves .mv:not(.gap)').length >= k + 2, before, { timeout: 120000 });
  const ms = Date.now() - t0;
  await context.close();
  return ms;
}

try {
  const visit = await firstVisit();
  console.log(`first visit: ${(visit.bytes / 1024).toFixed(0)} KiB on the wire (gzip), ${visit.files.length} files`);
  for (const [path, n] of visit.files.sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`  ${path.padEnd(32)} ${(n / 1024).toFixed(1)} KiB`);
  for (const rate of [1, 4]) {
    const b = [], f = [], r = [];
    for (let i = 0; i < runs; i++) {
      b.push(await board(rate));
      f.push(await firstMove(rate));
      r.push(await reply(rate));
    }
    console.log(`CPU ${rate}x: board ${median(b)} ms, computer's first move ${median(f)} ms, ` +
                `reply to a click ${median(r)} ms (median of ${runs}; runs: first move ${f.join(' ')})`);
  }
} finally {
  await browser.close();
  await server.close();
}
