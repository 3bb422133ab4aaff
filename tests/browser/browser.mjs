// browser.mjs - Debian's chromium, headless, driven by playwright-core (no
// browser is ever downloaded): a fresh profile each time, no network but
// the loopback server, and every console error or page error recorded so
// that a test fails on it.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Playwright gives each launch a fresh temporary --user-data-dir of its own
// (it refuses one in the arguments), removed when the browser closes.
export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-proxy-server',
    ],
  });
}

// A page of a new context (viewport, language, colour scheme) whose
// console errors and uncaught exceptions are collected in page.problems.
// `setup(page)`, when given, runs before the page is loaded (to route its
// requests); `path` is the page's path (an invitation, a game watched).
export async function openPage(browser, base, { width = 1280, height = 800, locale = 'en-GB', colorScheme = 'light', mobile = false, setup = null, path = '/' } = {}) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: mobile ? 2 : 1,
    isMobile: mobile,
    hasTouch: mobile,
    locale,
    colorScheme,
  });
  // Quicker sowing than a person's default, kept unless the page saved
  // settings of its own (a reload keeps those).
  await context.addInitScript(() => {
    if (!localStorage.getItem('awale.settings')) localStorage.setItem('awale.settings', JSON.stringify({ speed: 60 }));
  });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  if (setup) await setup(page);
  await page.goto(base + path);
  return page;
}
