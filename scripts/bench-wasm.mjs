// bench-wasm.mjs - speed of the engine compiled to WebAssembly
// (build/wasm/awale-lab.wasm) in node and in Chromium (a module Web Worker,
// as the page runs it), against the native program on one thread: the
// search bench (`awale bench`: the same positions, depths and node count) and
// perft. Prints nodes per second and the ratio wasm / native (the goal is at
// least 0.5). Never fails on timing; fails only when a build does not run or
// the wasm search counts other nodes than the native one.
//
//   node scripts/bench-wasm.mjs [--lab build/wasm/awale-lab.wasm]
//        [--awale build/release/awale] [--rounds 3] [--depth D] [--no-browser]
//
// Each figure is the best of --rounds runs, native and wasm taking turns, so
// that other work on the machine weighs on both alike. Each wasm engine runs
// the bench once before (V8 compiles hot functions again, optimised, while
// they run: the first run is slower, a page's first searches too). Native and
// node are also timed by the processor time they used (/usr/bin/time,
// process.cpuUsage), which a busy machine disturbs less than the clock; a
// browser has no such clock. Last, the endgame tables of --seeds (14) seeds,
// as the page builds them (one thread), in each.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve, join, extname } from 'node:path';
import { loadLab } from '../tests/wasm/lab.mjs';

const opt = { lab: 'build/wasm/awale-lab.wasm', awale: 'build/release/awale', rounds: 3, depth: '', seeds: 14 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--no-browser') opt.noBrowser = true;
  else if (a.startsWith('--') && i + 1 < argv.length) opt[a.slice(2)] = argv[++i];
  else throw new Error(`bench-wasm: unexpected argument ${a}`);
}
const rounds = Math.max(1, Number(opt.rounds));
const benchArgs = opt.depth ? ['bench', '--depth', String(opt.depth)] : ['bench'];
const perftArgs = ['bench-perft', '--depth', '11', '--runs', '3'];

// "time 1.234 s, 5165247 nodes per second" / "nodes per second: 41.7 M sequences/s"
function parse(out) {
  const nodes = out.match(/^total nodes (\d+)/m);
  const nps = out.match(/^time [\d.]+ s, (\d+) nodes per second/m);
  const seq = out.match(/^nodes per second: ([\d.]+) M sequences\/s/m);
  const median = out.match(/^median ([\d.]+) s .* for (\d+) sequences/m);
  const built = out.match(/^(?:built \d+ seeds .* in|done: .*\() ?([\d.]+) s/m);
  return {
    nodes: nodes ? Number(nodes[1]) : undefined,
    nps: nps ? Number(nps[1]) : undefined,
    perft: seq ? Number(seq[1]) * 1e6 : undefined,
    sequences: median ? Number(median[2]) : undefined,
    runs: median ? 3 : undefined,
    built: built ? Number(built[1]) : undefined,
  };
}
const best = (list) => Math.max(...list.filter((x) => x > 0));

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
function native(args) {
  const a = args[0] === 'bench-perft' ? ['bench', 'perft', ...args.slice(1)] : args;
  if (!TIME) return parse(execFileSync(opt.awale, a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const p = spawnSync(TIME, ['-f', 'cpu %U %S', opt.awale, ...a], { encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`awale ${a.join(' ')}: ${p.stderr}`);
  const cpu = p.stderr.match(/^cpu ([\d.]+) ([\d.]+)$/m);
  return { ...parse(p.stdout), cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined };
}

const run = await loadLab(opt.lab);
function node(args) {
  const c0 = process.cpuUsage();
  const r = run(args);
  const c = process.cpuUsage(c0);
  if (r.status !== 0) throw new Error(`awale-lab ${args.join(' ')}: ${r.stderr}`);
  return { ...parse(r.stdout), cpu: (c.user + c.system) / 1e6 };
}

// Chromium: a module worker of a page served from here runs the lab module
// with web/wasm/wasi.js and answers with its output.
async function browser() {
  const require = createRequire(resolve('tests/browser/package.json'));
  let chromium;
  try {
    ({ chromium } = require('playwright-core'));
  } catch {
    return null;
  }
  const worker = `
    import { Wasi } from '/web/wasm/wasi.js';
    const module = await WebAssembly.compileStreaming(fetch('/lab.wasm'));
    onmessage = (e) => {
      let out = '';
      let err = '';
      const wasi = new Wasi({ args: ['awale-lab', ...e.data], stdout: (s) => { out += s; },
                              stderr: (s) => { err += s; } });
      const inst = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.imports });
      const status = wasi.start(inst);
      postMessage({ status, out, err });
    };
    postMessage('ready');`;
  const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    let body;
    let path = url.pathname;
    try {
      if (path === '/') body = '<!doctype html><title>bench</title>', path = '/x.html';
      else if (path === '/worker.js') body = worker;
      else if (path === '/lab.wasm') body = await readFile(opt.lab);
      else if (path === '/web/wasm/wasi.js') body = await readFile(join('web/wasm/wasi.js'));
      else throw new Error('not here');
      res.writeHead(200, { 'content-type': types[extname(path)] || 'text/plain' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  const b = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await b.newPage();
  await page.goto(base + '/');
  const version = b.version();
  await page.evaluate(() => new Promise((ok, fail) => {
    window.benchWorker = new Worker('/worker.js', { type: 'module' });
    window.benchWorker.onerror = (e) => fail(new Error(e.message));
    window.benchWorker.onmessage = (e) => (e.data === 'ready' ? ok() : fail(new Error('?')));
  }));
  const call = async (args) => {
    const r = await page.evaluate((a) => new Promise((ok) => {
      window.benchWorker.onmessage = (e) => ok(e.data);
      window.benchWorker.postMessage(a);
    }), args);
    if (r.status !== 0) throw new Error(`chromium awale-lab ${args.join(' ')}: ${r.err}`);
    return parse(r.out);
  };
  // The same module in the page itself (no worker): it runs there too.
  const inPage = async (args) => page.evaluate(async (a) => {
    const { Wasi } = await import('/web/wasm/wasi.js');
    const module = await WebAssembly.compileStreaming(fetch('/lab.wasm'));
    let out = '';
    const wasi = new Wasi({ args: ['awale-lab', ...a], stdout: (t) => { out += t; }, stderr: () => {} });
    const status = wasi.start(await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.imports }));
    return { status, out };
  }, args);
  return { call, inPage, version, close: async () => { await b.close(); server.close(); } };
}

const chrome = opt.noBrowser ? null : await browser();
if (!opt.noBrowser && !chrome) console.log('Chromium: playwright-core is missing (cd tests/browser && npm ci)');
const engines = { native: native, node, ...(chrome ? { chromium: chrome.call } : {}) };

// Warm-up, and the node count of each (the same everywhere, or the wasm
// search is not the native one).
const counts = {};
for (const [name, f] of Object.entries(engines)) counts[name] = (await f(benchArgs)).nodes;
const figures = Object.fromEntries(Object.keys(engines).map((k) => [k, { nps: [], perft: [], cpuNps: [], cpuPerft: [] }]));
for (let r = 0; r < rounds; r++) {
  for (const [name, f] of Object.entries(engines)) {
    const b = await f(benchArgs);
    figures[name].nps.push(b.nps);
    if (b.cpu) figures[name].cpuNps.push(b.nodes / b.cpu);
    const p = await f(perftArgs);
    figures[name].perft.push(p.perft);
    if (p.cpu && p.sequences) figures[name].cpuPerft.push((p.sequences * 3) / p.cpu);
  }
}
if (chrome) {
  const args = ['perft', '--rules', 'two-seeds', '8'];
  const got = await chrome.inPage(args);
  const want = execFileSync(opt.awale, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  if (got.status !== 0 || got.out !== want) throw new Error(`in the page: perft differs: ${got.out}`);
  console.log('in a page of Chromium (no worker): perft 8 of two-seeds agrees with native');
}
// The tables: native in a temporary directory, wasm in its memory file system.
const tables = {};
const dir = mkdtempSync(join(tmpdir(), 'awale-bench-tables-'));
try {
  for (const [name, f] of Object.entries(engines)) {
    const args = name === 'native'
      ? ['tables', 'build', '--seeds', String(opt.seeds), '--threads', '1', '--dir', join(dir, 'n')]
      : ['tables', 'build', '--seeds', String(opt.seeds)];
    const t0 = performance.now();
    const r = await f(args);
    tables[name] = { wall: (performance.now() - t0) / 1000, cpu: r.cpu };
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (chrome) await chrome.close();

const M = (x) => `${(x / 1e6).toFixed(2)} M`;
console.log(`search bench (${benchArgs.join(' ')}), one thread, best of ${rounds}; perft 11 from the start:`);
const base = { nps: best(figures.native.nps), perft: best(figures.native.perft) };
for (const name of Object.keys(engines)) {
  const nps = best(figures[name].nps);
  const perft = best(figures[name].perft);
  const label = name === 'chromium' ? `chromium ${chrome.version} (worker)` : name === 'node' ? `node ${process.version}` : 'native';
  console.log(`  ${label.padEnd(30)} ${M(nps)} nodes/s (ratio ${(nps / base.nps).toFixed(2)}), ` +
    `perft ${M(perft)} sequences/s (ratio ${(perft / base.perft).toFixed(2)}), nodes ${counts[name]}`);
}
if (figures.native.cpuNps.length) {
  console.log('by processor time (native: /usr/bin/time; node: process.cpuUsage):');
  for (const name of ['native', 'node']) {
    const nps = best(figures[name].cpuNps);
    const perft = best(figures[name].cpuPerft);
    console.log(`  ${name.padEnd(30)} ${M(nps)} nodes/s (ratio ${(nps / best(figures.native.cpuNps)).toFixed(2)}), ` +
      `perft ${M(perft)} sequences/s (ratio ${(perft / best(figures.native.cpuPerft)).toFixed(2)})`);
  }
}
console.log(`endgame tables of ${opt.seeds} seeds (abapa), one thread:`);
for (const [name, t] of Object.entries(tables)) {
  console.log(`  ${name.padEnd(30)} ${t.wall.toFixed(2)} s` + (t.cpu ? ` (${t.cpu.toFixed(2)} s of processor)` : ''));
}
const same = new Set(Object.values(counts)).size === 1;
console.log(same ? 'node counts: the same in every build' : 'node counts DIFFER: the wasm search is not the native one');
process.exitCode = same ? 0 : 1;
