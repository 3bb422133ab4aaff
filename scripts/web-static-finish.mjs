// web-static-finish.mjs DIR - the last step of `make web-static`: makes the
// folder DIR (build/web-static: the page, its scripts, the WebAssembly
// module...) a page that installs as an app and works offline from any
// static host, under any path:
//  1. the icons (scripts/web-icons.mjs), and the manifest and the service
//     worker from web/ when DIR lacks them;
//  2. index.html: every absolute URL of the page's own files (/css/...,
//     /js/..., /favicon.svg, the brand's link to /) made relative, and in
//     its head the marks of the static page: <meta name="awale-mode"
//     content="static"> (which tells the page to use the worker and the
//     service worker), the manifest, Apple's touch icon and its standalone
//     marks; the CSS files' url(/...) made relative likewise;
//  3. sw.js stamped with the list of the build's files and its version, a
//     hash of their names and bytes and of sw.js's own code (so that any
//     change makes a new version, and the same files the same one: running
//     this twice changes nothing).
// It prints the number of files, their size, and what a first visit
// downloads compressed (each file with gzip -9, and with brotli, as static
// hosts send them; one of the engine's two builds).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync, copyFileSync } from 'node:fs';
import { join, relative, dirname, posix } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { writeIcons } from './web-icons.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function fail(msg) {
  console.error(`web-static-finish: ${msg}`);
  process.exit(1);
}

function walk(dir, base = dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, base));
    else out.push(relative(base, p).split('\\').join('/'));
  }
  return out;
}

// An absolute path of the site ("/js/app.js") as seen from the file `from`
// ("index.html", "css/style.css"): "js/app.js", "../js/app.js"; "/" is the
// folder itself ("./", "../").
function relativeUrl(from, abs) {
  const rel = posix.relative(posix.dirname(`/${from}`), abs) || '.';
  return abs.endsWith('/') && rel !== '.' ? `${rel}/` : rel === '.' ? './' : rel;
}

// The head's additions, each kept once.
const HEAD = [
  ['name="awale-mode"', '<meta name="awale-mode" content="static">'],
  ['rel="manifest"', '<link rel="manifest" href="manifest.webmanifest">'],
  ['rel="apple-touch-icon"', '<link rel="apple-touch-icon" href="icons/apple-touch-icon.png">'],
  ['name="mobile-web-app-capable"', '<meta name="mobile-web-app-capable" content="yes">'],
  ['name="apple-mobile-web-app-capable"', '<meta name="apple-mobile-web-app-capable" content="yes">'],
  ['name="apple-mobile-web-app-title"', '<meta name="apple-mobile-web-app-title" content="Awalé">'],
  ['name="apple-mobile-web-app-status-bar-style"', '<meta name="apple-mobile-web-app-status-bar-style" content="default">'],
];

export function finish(dir) {
  if (!existsSync(join(dir, 'index.html'))) fail(`${dir}/index.html: no such file (run make web-static)`);
  for (const f of ['manifest.webmanifest', 'sw.js']) {
    if (!existsSync(join(dir, f))) copyFileSync(join(root, 'web', f), join(dir, f));
  }
  writeIcons(dir);

  // index.html: relative URLs, the static page's marks.
  let html = readFileSync(join(dir, 'index.html'), 'utf8');
  html = html.replace(/\b(href|src)="(\/[^"/][^"]*|\/)"/g, (_, attr, abs) => `${attr}="${relativeUrl('index.html', abs)}"`);
  const missing = HEAD.filter(([key]) => !html.includes(key)).map(([, tag]) => tag);
  if (missing.length) {
    if (!/<\/title>\n/.test(html)) fail('index.html: no </title> to put the static marks after');
    html = html.replace(/<\/title>\n/, (m) => `${m}${missing.join('\n')}\n`);
  }
  writeFileSync(join(dir, 'index.html'), html);

  // The styles' url(/...).
  for (const f of walk(dir).filter((p) => p.endsWith('.css'))) {
    const css = readFileSync(join(dir, f), 'utf8');
    const out = css.replace(/url\((['"]?)(\/[^'")/][^'")]*)\1\)/g, (_, q, abs) => `url(${q}${relativeUrl(f, abs)}${q})`);
    if (out !== css) writeFileSync(join(dir, f), out);
  }

  // sw.js: the files and the version (a hash of the files and of sw.js's
  // own code, its stamped lines left out).
  const STAMPS = [/^const VERSION = .*; \/\/ stamped$/m, /^const FILES = .*; \/\/ stamped$/m];
  let sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  if (!STAMPS.every((re) => re.test(sw))) fail('sw.js: no lines to stamp ("const VERSION = ...; // stamped", "const FILES = ...; // stamped")');
  const files = walk(dir).filter((f) => f !== 'sw.js' && !f.split('/').some((part) => part.startsWith('.')));
  const hash = createHash('sha256');
  hash.update(STAMPS.reduce((text, re) => text.replace(re, ''), sw));
  // What a first visit downloads: every file, but of the engine's two
  // builds (X.wasm with SIMD, X-plain.wasm without) one only (sw.js).
  const alternative = (f) => /-plain\.wasm$/.test(f) && files.includes(f.replace(/-plain\.wasm$/, '.wasm'));
  let bytes = 0, gzipped = 0, brotli = 0;
  const br = (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
  for (const f of files) {
    const data = readFileSync(join(dir, f));
    hash.update(`${f}\0${data.length}\0`);
    hash.update(data);
    bytes += data.length;
    if (alternative(f)) continue;
    gzipped += gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;
    brotli += br(data);
  }
  const version = hash.digest('hex').slice(0, 16);
  sw = sw.replace(STAMPS[0], `const VERSION = '${version}'; // stamped`)
    .replace(STAMPS[1], `const FILES = ${JSON.stringify(files)}; // stamped`);
  writeFileSync(join(dir, 'sw.js'), sw);
  const swGz = gzipSync(Buffer.from(sw), { level: constants.Z_BEST_COMPRESSION }).length;
  const swBr = br(Buffer.from(sw));
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`web-static: ${files.length + 1} files, ${kb(bytes + sw.length)}; a first visit downloads ${kb(gzipped + swGz)} (gzip -9; ${kb(brotli + swBr)} with brotli -q 9); version ${version}`);
  return { version, files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.length !== 3) {
    console.error('usage: node scripts/web-static-finish.mjs DIR');
    process.exit(2);
  }
  finish(process.argv[2]);
}
