// static.test.mjs - the page with no server: build/web-static (or
// $WEB_STATIC) served by a plain static file server (static-server.mjs, no
// awale code running anywhere) under a sub-path, in headless chromium, at
// desktop and phone sizes, as a player uses it:
//  - the folder itself: no absolute URL, sw.js stamped with every file and
//    a version that changes with any of them;
//  - the service worker installs and controls the page, the page says the
//    engine runs on this device;
//  - a game against the computer (a quick level) by clicking (tapping
//    on the phone), a hint, the analysis stream;
//  - then the network gone (the browser offline and the host stopped): a
//    reload finds the same game, which goes on to its end by clicking, and
//    is reviewed - all with no network;
//  - a game of two people on one screen kept across a reload;
//  - Chromium finds it installable (manifest, icons, service worker), and
//    its offer to install becomes the page's button;
//  - a new version of the build: the page offers to reload, and the game
//    stays.
// Any console error fails the test. Screenshots go to $SHOTS.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, cpSync, rmSync, appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { launch, CHROMIUM } from './browser.mjs';
import { serve } from './static-server.mjs';
import { finish } from '../../scripts/web-static-finish.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';
const DIR = process.env.WEB_STATIC || 'build/web-static';

const moveTexts = (page) => page.$$eval('#moves .mv:not(.gap)', (b) => b.map((x) => x.firstChild.textContent));
const idle = (page) => page.waitForFunction(() => !document.querySelector('#status.thinking')
  && document.querySelectorAll('#board .hand').length === 0, null, { timeout: 30000 });
// The moves of the game the page keeps in the browser (web/js/offline.js
// keeps its record as the worker answers each change, before the page shows
// it): whenever a move is shown, it is kept already.
const keptMoves = (page) => page.evaluate(() => {
  const s = JSON.parse(localStorage.getItem('awale.static.game') || 'null');
  if (!s || typeof s.record !== 'string') return [];
  return s.record.split('\n').filter((l) => !l.startsWith('[')).join(' ')
    .replace(/\{[^}]*\}/g, ' ').split(/\s+/).filter((t) => /^[A-Fa-f]$/.test(t));
});
async function assertKept(page, moves) {
  assert.deepEqual(await keptMoves(page), moves, 'the game kept in the browser');
}
const noProblems = (page) => assert.deepEqual(page.problems, [], 'console errors');

// A page of a new context, its console errors collected; the sowing
// animated, but quickly.
async function open(browser, url, { width, height, mobile }) {
  const context = await browser.newContext({
    viewport: { width, height }, deviceScaleFactor: mobile ? 2 : 1, isMobile: mobile, hasTouch: mobile, locale: 'en-GB',
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('awale.settings')) localStorage.setItem('awale.settings', JSON.stringify({ speed: 2 }));
  });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  await page.goto(url);
  return page;
}

// The player's turn, then a pit of theirs clicked (tapped on a phone): the
// first playable one; false when the game is over instead.
async function playOne(page, mobile) {
  await page.waitForSelector('#board .pit.playable, #dlg-over[open]', { timeout: 30000 });
  if (await page.$('#dlg-over[open]')) return false;
  const n = (await moveTexts(page)).length;
  // (at the pit's centre: the input events of a mouse or a finger there)
  const box = await (await page.$('#board .pit.playable')).boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (mobile) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  await page.waitForFunction((k) => document.querySelectorAll('#moves .mv:not(.gap)').length > k, n, { timeout: 10000 });
  await idle(page);
  return true;
}

// A reload as a person asks for it (page.reload() is the browser's hard
// reload, which passes by the service worker).
const reload = (page) => Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.evaluate(() => location.reload())]);

// The service worker's cache names and the page's controller.
const swState = (page) => page.evaluate(async () => ({
  controlled: !!navigator.serviceWorker.controller,
  state: navigator.serviceWorker.controller && navigator.serviceWorker.controller.state,
  caches: (await caches.keys()).filter((k) => k.startsWith('awale-')),
}));

const SIZES = [
  ['desktop', { width: 1280, height: 800, mobile: false }],
  ['phone', { width: 390, height: 844, mobile: true }],
];

describe('the page with no server (build/web-static)', () => {
  let browser;
  before(async () => {
    assert.ok(existsSync(path.join(DIR, 'sw.js')), `${DIR}: no build (make web-static)`);
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('is a folder of relative URLs with a stamped service worker (scripts/web-static-finish.mjs)', async () => {
    const html = readFileSync(path.join(DIR, 'index.html'), 'utf8');
    assert.deepEqual(html.match(/\b(href|src)="\/[^"]*"/g), null, 'no absolute URL left');
    assert.match(html, /<meta name="awale-mode" content="static">/);
    assert.match(html, /<link rel="manifest" href="manifest.webmanifest">/);
    // sw.js: the build's files, each once, and a version that is a hash of them.
    const files = (dir) => readdirSync(dir, { recursive: true }).map((f) => f.split(path.sep).join('/'))
      .filter((f) => statSync(path.join(dir, f)).isFile() && f !== 'sw.js').sort();
    const stamped = (dir) => {
      const sw = readFileSync(path.join(dir, 'sw.js'), 'utf8');
      return { version: /^const VERSION = '([0-9a-f]{16})'; \/\/ stamped$/m.exec(sw)?.[1], files: JSON.parse(/^const FILES = (.*); \/\/ stamped$/m.exec(sw)[1]) };
    };
    const built = stamped(DIR);
    assert.ok(built.version, 'a version stamped');
    assert.deepEqual([...built.files].sort(), files(DIR));
    assert.ok(built.files.includes('awale.wasm') && built.files.includes('index.html') && built.files.includes('icons/maskable-512.png'));
    // Again: the same version; one byte more in one file: another.
    const work = mkdtempSync(path.join(tmpdir(), 'awale-finish-'));
    try {
      cpSync(DIR, work, { recursive: true });
      assert.equal(finish(work).version, built.version);
      assert.equal(readFileSync(path.join(work, 'index.html'), 'utf8'), html);
      appendFileSync(path.join(work, 'js', 'app.js'), '\n');
      const changed = finish(work).version;
      assert.notEqual(changed, built.version);
      // (the service worker's own code counts too)
      appendFileSync(path.join(work, 'sw.js'), '\n');
      assert.notEqual(finish(work).version, changed);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    // The static server's types: what a browser needs to run the module.
    const srv = await serve(DIR);
    try {
      for (const [f, type] of [['awale.wasm', 'application/wasm'], ['manifest.webmanifest', 'application/manifest+json'], ['sw.js', 'text/javascript; charset=utf-8']]) {
        const r = await fetch(`${srv.prefixUrl}${f}`);
        assert.deepEqual([r.status, r.headers.get('content-type')], [200, type], f);
      }
    } finally {
      await srv.close();
    }
  });

  for (const [name, size] of SIZES) {
    it(`${name}: plays, hints, analyses, then offline: reloads the same game, plays it to the end, reviews it`, async () => {
      const srv = await serve(DIR);
      let page;
      try {
        page = await open(browser, srv.prefixUrl, size);
        // The engine in the page: its first game, the line that says so.
        await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
        assert.equal(await page.textContent('#where'), 'The engine runs on this device.');
        // The service worker: it controls the page, which asked nothing of a
        // server but files (the static server has no /api).
        await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 30000 });
        // (said once: "ready to play offline")
        await page.waitForFunction(() => [...document.querySelectorAll('#toasts .toast')].some((d) => d.textContent === 'Ready to play offline.'));
        assert.equal(await page.locator('#toasts .toast', { hasText: 'Ready to play offline.' }).count(), 1);
        const sw = await swState(page);
        assert.equal(sw.caches.length, 1, 'one versioned cache');
        assert.equal(sw.state, 'activated');
        assert.deepEqual([...srv.sent.keys()].filter((p) => p.startsWith('/api')), []);
        const firstVisit = [...srv.sent.values()].reduce((a, b) => a + b, 0);
        console.log(`# ${name}: the first visit downloaded ${(firstVisit / 1024).toFixed(1)} KiB (gzip)`);
        // (one build of the engine only: Chromium runs the one with SIMD)
        assert.ok(srv.sent.has('/awale.wasm'));
        assert.ok(!srv.sent.has('/awale-plain.wasm'), 'the module without SIMD is not downloaded');
        assert.ok(firstVisit < 1.5 * 1024 * 1024, `a first visit under 1.5 MiB (${firstVisit} bytes)`);

        // A game against the computer at level 3 (it searches three moves
        // deep: at once, and the game is short).
        await page.click('#btn-new');
        await page.waitForSelector('#dlg-new[open]');
        await page.check('#form-new input[name=opponent][value=engine]');
        await page.fill('#new-level', '3');
        await page.selectOption('#new-movetime', '500');
        await page.click('#new-start');
        await page.waitForSelector('#dlg-new', { state: 'hidden' });
        await idle(page);
        assert.match(await page.textContent('#status'), /Your turn/);
        for (let k = 0; k < 3; k++) assert.ok(await playOne(page, size.mobile));
        const before = await moveTexts(page);
        assert.equal(before.length, 6, `three moves each: ${before}`);
        // A hint.
        await page.click('#btn-hint');
        await page.waitForSelector('#hint:not([hidden])', { timeout: 20000 });
        assert.match(await page.textContent('#hint'), /For you: /);
        // The analysis stream: lines, their depth growing.
        await page.check('#chk-analysis');
        await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#analysis .a-head')?.textContent || ''), null, { timeout: 20000 });
        await page.waitForSelector('#analysis .a-lines li');
        await page.screenshot({ path: path.join(SHOTS, `static-${name}-analysis.png`), fullPage: size.mobile });
        await page.uncheck('#chk-analysis');
        // A setting: the dark theme.
        await page.click('#btn-theme');
        const theme = await page.getAttribute('html', 'data-theme');
        assert.ok(theme, 'a theme chosen');
        // (the phone's bar above the page follows it)
        const bar = await page.$$eval('meta[name="theme-color"]', (ms) => [...new Set(ms.map((m) => m.content))]);
        assert.deepEqual(bar, [await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim())]);

        // No network at all: the browser offline and the host gone.
        await assertKept(page, before);
        await page.context().setOffline(true);
        await srv.close();
        await reload(page);
        await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
        assert.deepEqual(await moveTexts(page), before, 'the same game after the reload');
        assert.match(await page.textContent('#player-top'), /Computer · level 3/);
        assert.equal(await page.getAttribute('html', 'data-theme'), theme, 'the theme kept');
        assert.equal(await page.textContent('#where'), 'The engine runs on this device.');
        assert.equal(await page.evaluate(() => navigator.onLine), false);
        // It goes on to its end, by clicking.
        let plies = 0;
        while (await playOne(page, size.mobile)) {
          plies++;
          assert.ok(plies < 200, 'the game ends');
        }
        const total = (await moveTexts(page)).length;
        assert.ok(total > before.length, `the game went on (${total} plies)`);
        assert.match(await page.textContent('#over-reason'), /\S/);
        await page.screenshot({ path: path.join(SHOTS, `static-${name}-over.png`), fullPage: size.mobile });
        // The review, still offline.
        await page.click('#dlg-over button[value=review]');
        await page.waitForFunction(() => /moves reviewed/.test(document.querySelector('#review-note').textContent), null, { timeout: 120000 });
        assert.equal(await page.isVisible('#review-summary'), true);
        assert.deepEqual(await page.$$eval('#review-summary tr', (trs) => trs.slice(1).map((tr) => tr.children[0].textContent)), ['South', 'North']);
        await page.screenshot({ path: path.join(SHOTS, `static-${name}-review.png`), fullPage: size.mobile });
        noProblems(page);
      } finally {
        await page?.context().close();
        await srv.close();
      }
    });
  }

  it('keeps a game of two people on one screen across a reload', async () => {
    const srv = await serve(DIR);
    let page;
    try {
      page = await open(browser, srv.prefixUrl, SIZES[1][1]);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      await page.click('#btn-new');
      await page.waitForSelector('#dlg-new[open]');
      await page.check('#form-new input[name=opponent][value=human]');
      await page.click('#new-start');
      await page.waitForSelector('#dlg-new', { state: 'hidden' });
      await idle(page);
      for (let k = 0; k < 2; k++) assert.ok(await playOne(page, true));
      // The third move, and a reload the moment it shows (its sowing still
      // drawn): the move is kept.
      await page.waitForSelector('#board .pit.playable');
      const box = await (await page.$('#board .pit.playable')).boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => document.querySelectorAll('#moves .mv:not(.gap)').length === 3, null, { timeout: 10000 });
      const moves = await moveTexts(page);
      await assertKept(page, moves);
      await reload(page);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      assert.deepEqual(await moveTexts(page), moves);
      assert.match(await page.textContent('#status'), /^North to move/);
      assert.doesNotMatch(await page.textContent('#player-top'), /Computer/);
      noProblems(page);
    } finally {
      await page?.context().close();
      await srv.close();
    }
  });

  it('is installable: Chromium finds nothing missing (manifest, icons, service worker)', async () => {
    // (a profile of its own: Chromium installs nothing from an incognito one)
    const profile = mkdtempSync(path.join(tmpdir(), 'awale-profile-'));
    const srv = await serve(DIR);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-proxy-server'],
    });
    try {
      const page = await context.newPage();
      await page.goto(srv.prefixUrl);
      await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 30000 });
      const cdp = await context.newCDPSession(page);
      assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, []);
      const manifest = await cdp.send('Page.getAppManifest');
      assert.equal(manifest.url, `${srv.prefixUrl}manifest.webmanifest`);
      assert.deepEqual(manifest.errors, []);
      const m = JSON.parse(manifest.data);
      assert.equal(new URL(m.start_url, manifest.url).href, srv.prefixUrl);
      assert.deepEqual(m.icons.map((i) => i.purpose || 'any').sort(), ['any', 'any', 'any', 'maskable']);
      for (const icon of m.icons) {
        const r = await page.evaluate(async (u) => { const res = await fetch(u); return [res.status, res.headers.get('content-type')]; }, new URL(icon.src, manifest.url).href);
        assert.deepEqual(r, [200, icon.type], icon.src);
      }
      // The browser's offer to install (its event, as Chromium sends it
      // when it would show its own banner) becomes the page's button.
      await page.evaluate(() => {
        const e = new Event('beforeinstallprompt', { cancelable: true });
        window.prompted = 0;
        e.prompt = async () => { window.prompted++; };
        window.dispatchEvent(e);
        window.bannerKept = !e.defaultPrevented;
      });
      await page.waitForSelector('#btn-install:not([hidden])');
      assert.equal(await page.evaluate(() => window.bannerKept), false, 'the browser\'s own banner left out');
      assert.equal(await page.textContent('#btn-install'), 'Install the app');
      await page.click('#btn-install');
      assert.equal(await page.evaluate(() => window.prompted), 1);
      assert.equal(await page.isHidden('#btn-install'), true);
    } finally {
      await context.close();
      await srv.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('a new version of the build waits; the page offers to reload, and keeps its game', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'awale-static-'));
    const v1 = path.join(work, 'v1');
    const v2 = path.join(work, 'v2');
    cpSync(DIR, v1, { recursive: true });
    cpSync(DIR, v2, { recursive: true });
    appendFileSync(path.join(v2, 'css', 'style.css'), '\n/* the next version */\n');
    const { version } = finish(v2);
    const srv = await serve(v1);
    let page;
    try {
      page = await open(browser, srv.prefixUrl, SIZES[0][1]);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 30000 });
      const [old] = (await swState(page)).caches;
      await playOne(page, false);
      const moves = await moveTexts(page);
      assert.equal(moves.length, 2);
      await assertKept(page, moves);
      // The host now serves the new build: a reload finds it waiting (the
      // page keeps the old files until the player says so).
      srv.setRoot(v2);
      await reload(page);
      await page.waitForSelector('#update:not([hidden])', { timeout: 30000 });
      assert.match(await page.textContent('#update'), /A new version is ready/);
      assert.deepEqual((await swState(page)).caches.sort(), [old, `awale-${version}`].sort());
      assert.deepEqual(await moveTexts(page), moves);
      await page.screenshot({ path: path.join(SHOTS, 'static-desktop-update.png') });
      // Reload: the new version takes over, the old cache is gone, the game stays.
      await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.click('#btn-update')]);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      await page.waitForFunction((c) => caches.keys().then((k) => k.filter((n) => n.startsWith('awale-')).join() === c), `awale-${version}`, { timeout: 10000 });
      assert.equal(await page.isHidden('#update'), true);
      assert.deepEqual(await moveTexts(page), moves);
      noProblems(page);
    } finally {
      await page?.context().close();
      await srv.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
