// sw.js - the service worker of the page with no server (build/web-static):
// it keeps every file of the build in a cache named after the build's
// version, so that the page opens and plays with no network after the
// first visit, and an installed app starts offline.
//
// - Install: every file of the build (FILES, relative to this script, so
//   that the folder works under any path; of the engine's two builds, the
//   one this browser runs) is fetched into the cache
//   "awale-VERSION", each checked with the host first (a file the browser
//   holds already and the host has not changed costs a 304, not a stale
//   copy). VERSION is a hash of the files' bytes:
//   both lines are stamped by scripts/web-static-finish.mjs, so a new build
//   is a new sw.js, which the browser notices on its next visit.
// - A new version waits (the page in use keeps the files it started with)
//   until the page asks it to take over (the message "skip-waiting", sent
//   when the player accepts "a new version is ready"); the page then
//   reloads on "controllerchange". The first version takes the open page at
//   once (clients.claim), so that a reload offline works after one visit.
// - Activate: the caches of other versions are deleted.
// - Fetch: cache first (a query is ignored); a page navigation to an
//   address that is not a file of the build (the folder itself, the start
//   URL) is answered with the cached index.html; what is not in the cache
//   goes to the network.
//
// Served by `awale serve`, the page registers no service worker (it needs
// the server anyway, and must never show a stale copy of a newer server's
// page); this file is then never used.

const VERSION = 'dev'; // stamped
const FILES = []; // stamped
const CACHE = `awale-${VERSION}`;
const PREFIX = 'awale-';

const url = (f) => new URL(f, self.registration.scope).href;

// The engine comes in two builds, and web/worker.js runs one: awale.wasm
// (with WebAssembly's SIMD) where the engine validates the same test
// function as the worker's, else awale-plain.wasm. Only that one is kept.
const SIMD = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0,
  65, 0, 253, 15, 253, 98, 11]);
const unused = WebAssembly.validate(SIMD) ? 'awale-plain.wasm' : 'awale.wasm';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.filter((f) => f !== unused).map((f) => new Request(url(f), { cache: 'no-cache' })));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
  else if (event.data && event.data.type === 'version' && event.ports[0]) event.ports[0].postMessage(VERSION);
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let hit = await cache.match(req, { ignoreSearch: true });
    if (!hit && req.mode === 'navigate') hit = await cache.match(url('index.html'));
    return hit || fetch(req);
  })());
});
