// people.test.mjs - a game between two devices in headless chromium: one
// player invites from the new-game dialog, the other opens the invitation
// in another browser context and takes the seat, a third context watches;
// both play by clicking, each seeing the board from their own side; fixed
// messages, presence (away, then back), a reload that comes back to the
// game, offers and the end; at desktop and phone sizes, with screenshots
// in $SHOTS. Any console error fails the test.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startServer, api } from '../api/server.mjs';

const SHOTS = process.env.SHOTS || 'build/screenshots';
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844, mobile: true }],
];

const moveCount = (page) => page.$$eval('#moves .mv:not(.gap)', (b) => b.length);
const settled = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#moves .mv:not(.gap)').length === k
  && document.querySelectorAll('#board .hand').length === 0, n, { timeout: 20000 });
const gameId = (page) => new URL(page.url()).pathname.split('/').pop();

// (a server without QR codes answers 404 to the picture, which the page
// hides: the browser's console says so, which is no problem of the page)
function noProblems(...pages) {
  for (const p of pages) {
    const problems = p.qrMissing ? p.problems.filter((m) => !/status of 404/.test(m)) : p.problems;
    assert.deepEqual(problems, [], 'console errors');
  }
}
const open = async (browser, base, opts) => openPage(browser, base, {
  ...opts,
  setup: (page) => page.on('response', (r) => {
    if (r.url().includes('/api/qr?') && r.status() === 404) page.qrMissing = true;
    if (r.status() >= 400 && process.env.DEBUG_HTTP) r.text().then((t) => console.log('HTTP', r.status(), r.request().method(), r.url(), t.slice(0, 200)));
  }),
});

// The page as hidden (a phone asleep, a tab in the background) or shown again.
const hide = (page, hidden) => page.evaluate((h) => {
  Object.defineProperty(document, 'hidden', { value: h, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}, hidden);

async function invite(page, { name, clock = '', shot = null }) {
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.check('#form-new input[name=opponent][value=friend]');
  await page.check('#form-new input[name=side][value=S]');
  await page.fill('#new-name', name);
  await page.selectOption('#new-clock', clock);
  if (shot) await page.screenshot({ path: path.join(SHOTS, shot) });
  await page.click('#new-start');
  await page.waitForSelector('#dlg-new', { state: 'hidden' });
  await page.waitForSelector('#invite-link');
  await page.waitForFunction(() => document.querySelector('#invite-link').value.includes('/invite/'));
  return page.inputValue('#invite-link');
}

// The side whose pit is clicked plays a legal move of the server's.
async function playOne(srv, page, id) {
  const st = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
  const pit = st.legal[0].toUpperCase().charCodeAt(0) - 65 + (st.to_move === 'N' ? 6 : 0);
  await page.click(`#board .pit[data-pit="${pit}"]`);
  return st.ply + 1;
}

describe('two devices', () => {
  let srv;
  let browser;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // (every page is the same client, and a closed page's stream is noticed at its next write)
    srv = await startServer(['--tables', 'none', '--client-games', '64', '--client-streams', '16', '--client-event-streams', '64']);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await srv?.stop();
  });

  for (const [size, view] of SIZES) {
    it(`invites, joins by the link, plays, talks and is watched (${size})`, async (t) => {
      const host = await open(browser, srv.base, view);
      const pages = [host];
      t.after(() => Promise.all(pages.map((p) => p.context().close())));
      await host.waitForSelector('#board .pit.playable');
      const link = await invite(host, { name: 'Ana', shot: `people-${size}-dialog.png` });
      const id = gameId(host);
      assert.match(new URL(host.url()).pathname, /^\/play\/[0-9a-f]+$/);
      assert.match(await host.textContent('#status'), /Waiting for your friend/);
      // The QR code of the link, from the server.
      await host.waitForFunction(() => { const q = document.querySelector('#invite-qr'); return !q.hidden && q.naturalWidth > 0; });
      assert.equal(await host.getAttribute('#invite-qr', 'src'), `/api/qr?text=${encodeURIComponent(link)}`);
      assert.match(await host.getAttribute('#watch-link', 'href'), new RegExp(`/watch/${id}$`));
      await host.screenshot({ path: path.join(SHOTS, `people-${size}-invite.png`), fullPage: size === 'phone' });

      // The friend opens the link in another browser.
      const guest = await open(browser, srv.base, { ...view, path: new URL(link).pathname });
      pages.push(guest);
      await guest.waitForSelector('#dlg-join[open]');
      assert.match(await guest.textContent('#join-who'), /Ana invites you/);
      await guest.screenshot({ path: path.join(SHOTS, `people-${size}-join.png`) });
      await guest.fill('#join-name', 'Bea');
      await guest.click('#join-take');
      await guest.waitForSelector('#dlg-join', { state: 'hidden' });
      await guest.waitForFunction((gid) => location.pathname === `/play/${gid}`, id);
      await host.waitForFunction(() => /Your turn/.test(document.querySelector('#status').textContent));
      assert.match(await host.textContent('#player-top .name'), /Bea/);
      assert.equal(await host.title(), 'Your turn · awalé');
      assert.equal(await guest.title(), 'awalé');
      assert.match(await host.textContent('#player-bottom .name'), /Ana \(you\)/);
      assert.match(await guest.textContent('#player-bottom .name'), /Bea \(you\)/);
      // Each from their own side: North's row (a-f, pits 6-11) at the guest's bottom.
      const y = (page, pit) => page.$eval(`#board .pit[data-pit="${pit}"]`, (e) => e.getBoundingClientRect().y);
      assert.ok(await y(guest, 6) > await y(guest, 0), 'North at the guest\'s bottom');
      assert.ok(await y(host, 0) > await y(host, 6), 'South at the host\'s bottom');

      // A third browser opens the invitation, used now: it watches.
      const watcher = await open(browser, srv.base, { ...view, path: new URL(link).pathname });
      pages.push(watcher);
      await watcher.waitForSelector('#dlg-join[open]');
      assert.match(await watcher.textContent('#join-who'), /This invitation has been taken/);
      assert.equal(await watcher.isVisible('#join-take'), false);
      await watcher.click('#join-watch');
      await watcher.waitForFunction((gid) => location.pathname === `/watch/${gid}`, id);
      await watcher.waitForFunction(() => /Ana/.test(document.querySelector('#player-bottom .name').textContent));
      assert.equal(await watcher.isVisible('#people'), false);

      // Four moves, each by its player's click; the board waits for its turn.
      assert.equal(await guest.$$eval('#board .pit.playable', (p) => p.length), 0);
      for (let k = 0; k < 4; k++) {
        const mover = k % 2 ? guest : host;
        const ply = await playOne(srv, mover, id);
        for (const [who, p] of [['host', host], ['guest', guest], ['watcher', watcher]]) {
          await settled(p, ply).catch(async (e) => {
            await p.screenshot({ path: path.join(SHOTS, `people-${size}-failed-${who}.png`) });
            throw e;
          });
        }
      }
      const st = (await api(srv.base, 'GET', `/api/games/${id}`)).body;
      const pits = (page) => page.$$eval('#board .pit', (e) => e.sort((a, b) => a.dataset.pit - b.dataset.pit)
        .map((p) => Number(p.querySelector('.badge text').textContent)));
      for (const p of [host, guest, watcher]) assert.deepEqual(await pits(p), st.board.pits);

      // A fixed message, seen by everyone in their language.
      await guest.click('#btn-say');
      await guest.click('#say-menu [data-msg="good_luck"]');
      for (const p of [host, watcher]) {
        await p.waitForSelector('.player[data-side="N"] .bubble:not([hidden])');
        assert.equal(await p.textContent('.player[data-side="N"] .bubble'), 'Good luck!');
      }
      await host.screenshot({ path: path.join(SHOTS, `people-${size}-host.png`), fullPage: size === 'phone' });
      await guest.screenshot({ path: path.join(SHOTS, `people-${size}-guest.png`), fullPage: size === 'phone' });
      await watcher.screenshot({ path: path.join(SHOTS, `people-${size}-watcher.png`), fullPage: size === 'phone' });

      // A reload comes back to the game, in the same seat.
      await guest.reload();
      await guest.waitForFunction(() => /Bea \(you\)/.test(document.querySelector('#player-bottom .name').textContent));
      assert.equal(new URL(guest.url()).pathname, `/play/${id}`);
      await settled(guest, 4);
      await playOne(srv, host, id);
      for (const p of [host, guest, watcher]) await settled(p, 5);

      // A takeback asked, and accepted by the other player.
      await host.click('#btn-takeback');
      await guest.waitForSelector('#offer:not([hidden])');
      assert.match(await guest.textContent('#offer-text'), /Ana asks to take back/);
      await guest.screenshot({ path: path.join(SHOTS, `people-${size}-offer.png`), fullPage: size === 'phone' });
      await guest.click('#offer-yes');
      for (const p of [host, guest, watcher]) await settled(p, 4);
      await host.waitForSelector('.toast:has-text("Bea accepts.")');
      // An end proposed, declined.
      await playOne(srv, host, id);
      for (const p of [host, guest, watcher]) await settled(p, 5);
      await guest.click('#btn-offer-end');
      await host.waitForSelector('#offer:not([hidden])');
      assert.match(await host.textContent('#offer-text'), /Bea proposes to end the game/);
      await host.click('#offer-no');
      await guest.waitForSelector('.toast:has-text("Ana declines.")');
      assert.equal(await host.isVisible('#offer'), false);

      // Bea resigns (confirmed): everyone sees the end and why.
      await guest.click('#btn-resign');
      await guest.waitForSelector('#dlg-confirm[open]');
      await guest.click('#confirm-yes');
      for (const p of [host, guest, watcher]) await p.waitForSelector('#dlg-over[open]');
      assert.equal(await host.textContent('#over-title'), 'You win!');
      assert.equal(await guest.textContent('#over-title'), 'Ana wins');
      assert.equal(await watcher.textContent('#over-title'), 'Ana wins');
      assert.match(await watcher.textContent('#over-reason'), /Bea resigned/);
      await host.screenshot({ path: path.join(SHOTS, `people-${size}-over.png`) });
      for (const p of [host, guest]) await p.click('#dlg-over button[value="review"]');
      await watcher.click('#dlg-over button[value="close"]');
      assert.match(await watcher.textContent('#status'), /Game over: Bea resigned/);
      await watcher.screenshot({ path: path.join(SHOTS, `people-${size}-watcher-over.png`), fullPage: size === 'phone' });

      // A rematch, sides swapped: Ana now plays North, from her side.
      await host.click('#btn-rematch');
      await guest.waitForSelector('#offer:not([hidden])');
      assert.match(await guest.textContent('#offer-text'), /Ana proposes a rematch/);
      await guest.click('#offer-yes');
      await host.waitForFunction((old) => /^\/play\/[0-9a-f]+$/.test(location.pathname) && !location.pathname.endsWith(old), id);
      const id2 = gameId(host);
      await guest.waitForFunction((gid) => location.pathname === `/play/${gid}`, id2);
      await guest.waitForFunction(() => /Your turn/.test(document.querySelector('#status').textContent));
      assert.match(await host.textContent('#player-bottom .detail'), /North/);
      assert.ok(await y(host, 6) > await y(host, 0), 'North at Ana\'s bottom in the rematch');
      await playOne(srv, guest, id2);
      for (const p of [host, guest]) await settled(p, 1);
      await guest.screenshot({ path: path.join(SHOTS, `people-${size}-rematch.png`), fullPage: size === 'phone' });

      // The archive lists the game resigned, with its record.
      await watcher.click('#btn-archive');
      await watcher.waitForSelector(`#archive-list a[href="/api/archive/${id}/record"]`);
      const row = await watcher.textContent(`#archive-list li:has(a[href="/api/archive/${id}/record"])`);
      assert.match(row, /Ana – Bea/);
      assert.match(row, /Bea resigned/);
      await watcher.screenshot({ path: path.join(SHOTS, `people-${size}-archive.png`) });
      const rec = await api(srv.base, 'GET', `/api/archive/${id}/record`);
      assert.match(typeof rec.body === 'string' ? rec.body : rec.text, /Termination "resignation"/);
      await watcher.click('#dlg-archive button[type=submit]');
      // The player's own games that go on, to go back to.
      await host.click('#btn-archive');
      await host.waitForSelector(`#archive-live a[href="/play/${id2}"]`);
      assert.match(await host.textContent('#archive-live'), /Your games in progress.*Bea – Ana.*your turn/s);
      await host.screenshot({ path: path.join(SHOTS, `people-${size}-archive-live.png`) });
      await host.click('#dlg-archive button[type=submit]');
      noProblems(host, guest, watcher);
    });
  }

  it('counts the clocks down, between two devices and against the computer', async (t) => {
    const host = await open(browser, srv.base, {});
    const pages = [host];
    t.after(() => Promise.all(pages.map((p) => p.context().close())));
    await host.waitForSelector('#board .pit.playable');
    const link = await invite(host, { name: 'Ana', clock: '180+2' });
    // (the friend reads French, in the dark, on a phone)
    const guest = await open(browser, srv.base, { path: new URL(link).pathname, width: 390, height: 844, mobile: true, locale: 'fr-FR', colorScheme: 'dark' });
    pages.push(guest);
    await guest.waitForSelector('#dlg-join[open]');
    assert.match(await guest.textContent('#join-rules'), /Pendule : 3 min \+ 2 s/);
    assert.match(await guest.textContent('#join-who'), /Ana vous invite/);
    await guest.screenshot({ path: path.join(SHOTS, 'people-phone-join-fr-dark.png') });
    await guest.click('#join-take');
    // South's clock runs once both are seated.
    await host.waitForSelector('#player-bottom .clock.running');
    assert.equal(await host.isVisible('#player-top .clock'), true);
    assert.equal(await host.textContent('#player-top .clock'), '3:00');
    await host.waitForFunction(() => document.querySelector('#player-bottom .clock').textContent === '2:58', null, { timeout: 5000 });
    await guest.waitForFunction(() => document.querySelector('#player-top .clock.running').textContent <= '2:58', null, { timeout: 5000 });
    const id = gameId(host);
    await playOne(srv, host, id);
    await guest.waitForSelector('#player-bottom .clock.running');
    await host.screenshot({ path: path.join(SHOTS, 'people-desktop-clock.png') });
    await guest.click('#btn-say');
    await guest.screenshot({ path: path.join(SHOTS, 'people-phone-clock-fr-dark.png'), fullPage: true });
    await guest.click('#say-menu [data-msg="hello"]');
    await host.waitForSelector('.player[data-side="N"] .bubble:not([hidden])');
    assert.equal(await host.textContent('.player[data-side="N"] .bubble'), 'Hello!');
    // Against the computer: a clock of its own.
    await host.click('#btn-new');
    await host.check('#form-new input[name=opponent][value=engine]');
    await host.selectOption('#new-clock', '60+0');
    await host.click('#new-start');
    await host.waitForSelector('#dlg-new', { state: 'hidden' });
    assert.equal(new URL(host.url()).pathname, '/');
    await host.waitForSelector('#player-bottom .clock:not([hidden])');
    assert.equal(await host.textContent('#player-bottom .clock'), '1:00');
    // (it starts with the first move)
    await host.click('#board .pit[data-pit="2"]');
    await host.waitForSelector('#player-bottom .clock.running', { timeout: 20000 });
    await host.waitForFunction(() => document.querySelector('#player-bottom .clock').textContent < '1:00', null, { timeout: 5000 });
    // Resigned on one screen too.
    await host.click('#btn-resign-local');
    await host.click('#confirm-yes');
    await host.waitForSelector('#dlg-over[open]');
    assert.equal(await host.textContent('#over-title'), 'The computer wins');
    assert.match(await host.textContent('#over-reason'), /South resigned/);
    noProblems(host, guest);
  });

  it('ends a game on time: the clock turns red, the flag falls, both are told', async (t) => {
    const made = (await api(srv.base, 'POST', '/api/games', { south: 'human', north: 'friend', name: 'Ana', clock: { base: 4, increment: 0 } })).body;
    const guest = await open(browser, srv.base, { path: made.invite, width: 390, height: 844, mobile: true });
    t.after(() => guest.context().close());
    await guest.waitForSelector('#dlg-join[open]');
    await guest.fill('#join-name', 'Bea');
    await guest.click('#join-take');
    await guest.waitForSelector('#player-top .clock.running.low');
    await guest.screenshot({ path: path.join(SHOTS, 'people-phone-low-time.png') });
    await guest.waitForSelector('#dlg-over[open]', { timeout: 15000 });
    assert.equal(await guest.textContent('#over-title'), 'You win!');
    assert.match(await guest.textContent('#over-reason'), /Ana ran out of time/);
    await guest.click('#dlg-over button[value="review"]');
    assert.match(await guest.textContent('#status'), /Game over: Ana ran out of time/);
    assert.equal(await guest.textContent('#player-top .clock'), '0:00.0');
    noProblems(guest);
  });

  it('carries on through a server killed and started again: the pages reconnect and resume', async (t) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'awale-page-db-'));
    const db = path.join(dir, 'games.db');
    const args = ['--tables', 'none', '--db', db, '--client-event-streams', '64'];
    let one = await startServer(args);
    const port = new URL(one.base).port;
    let two = null;
    const pages = [];
    t.after(async () => {
      await Promise.all(pages.map((p) => p.context().close()));
      if (one.proc.exitCode === null) one.proc.kill('SIGKILL');
      await two?.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const host = await open(browser, one.base, {});
    pages.push(host);
    await host.waitForSelector('#board .pit.playable');
    const link = await invite(host, { name: 'Ana' });
    const id = gameId(host);
    const guest = await open(browser, one.base, { path: new URL(link).pathname });
    pages.push(guest);
    await guest.waitForSelector('#dlg-join[open]');
    await guest.click('#join-take');
    await host.waitForFunction(() => /Your turn/.test(document.querySelector('#status').textContent));
    await playOne(one, host, id);
    for (const p of [host, guest]) await settled(p, 1);
    // Killed: the streams drop; started again on its database, at the same address.
    one.proc.kill('SIGKILL');
    await new Promise((resolve) => one.proc.on('exit', resolve));
    two = await startServer([...args, '--port', port]);
    assert.equal(two.base, one.base);
    const ply = await playOne(two, guest, id);
    for (const p of [host, guest]) await settled(p, ply);
    await playOne(two, host, id);
    for (const p of [host, guest]) await settled(p, ply + 1);
    // An end proposed and accepted: both told the game ended by agreement.
    await host.click('#btn-offer-end');
    await guest.waitForSelector('#offer:not([hidden])');
    await guest.click('#offer-yes');
    for (const p of [host, guest]) {
      await p.waitForSelector('#dlg-over[open]');
      assert.match(await p.textContent('#over-reason'), /agreed to end the game/);
    }
    // (the browser said so while the server was down: no problem of the page)
    for (const p of pages) p.problems = p.problems.filter((m) => !/ERR_CONNECTION_REFUSED|Failed to fetch|net::/.test(m));
    noProblems(host, guest);
  });

  it('shows the other player away while their page is hidden, then back', async (t) => {
    const host = await open(browser, srv.base, {});
    const pages = [host];
    t.after(() => Promise.all(pages.map((p) => p.context().close())));
    await host.waitForSelector('#board .pit.playable');
    const link = await invite(host, { name: 'Ana' });
    const guest = await open(browser, srv.base, { path: new URL(link).pathname });
    pages.push(guest);
    await guest.waitForSelector('#dlg-join[open]');
    await guest.click('#join-take');
    await host.waitForFunction(() => /Your turn/.test(document.querySelector('#status').textContent));
    // (the guest's page holds its seat's stream open before it sleeps)
    for (let k = 0; k < 50; k++) {
      if ((await api(srv.base, 'GET', `/api/games/${gameId(host)}`)).body.seats.N.present) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await hide(guest, true);
    await host.waitForSelector('#player-top .away:not([hidden])', { timeout: 20000 });
    assert.equal(await host.textContent('#player-top .away'), 'away');
    await host.waitForSelector('.toast:has-text("North is away.")');
    await host.screenshot({ path: path.join(SHOTS, 'people-desktop-away.png') });
    // A move while the guest's page sleeps: it gets it when it wakes (resumed).
    await playOne(srv, host, gameId(host));
    await settled(host, 1);
    assert.equal(await moveCount(guest), 0);
    await hide(guest, false);
    await settled(guest, 1);
    await host.waitForSelector('#player-top .away', { state: 'hidden', timeout: 10000 });
    await host.waitForSelector('.toast:has-text("North is back.")');
    noProblems(host, guest);
    // The tab closed, the site opened again at its root: back in the game, in the seat.
    const ctx = guest.context();
    await guest.close();
    const again = await ctx.newPage();
    await again.goto(`${srv.base}/`);
    await again.waitForFunction((gid) => location.pathname === `/play/${gid}`, gameId(host));
    await again.waitForFunction(() => /North \(you\)/.test(document.querySelector('#player-bottom .name').textContent));
    await settled(again, 1);
  });
});
