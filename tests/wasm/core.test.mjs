// core.test.mjs - the library compiled to WebAssembly (build/wasm/awale-lab.wasm,
// src/wasm/lab.c, run under web/wasm/wasi.js) against the native program
// (build/release/awale): the same perft counts for every rule set, from the
// start and from random positions; the same positions and ends when replaying
// recorded and random games; the same search (lines, scores, nodes, best move)
// at a fixed depth on one thread; the same endgame table files, built in the
// memory file system. Also the memory file system itself.
//
//   make test-wasm    (AWALE_LAB, AWALE: the two builds; AWALE_TEST_SEED: the
//                      seed of the random games, printed by each run)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLab } from './lab.mjs';
import { MemFS, Wasi } from '../../web/wasm/wasi.js';

const AWALE = process.env.AWALE || 'build/release/awale';
const lab = await loadLab();
const SEED = Number(process.env.AWALE_TEST_SEED) || 1 + Math.floor(Math.random() * 1e9);
const RULE_SETS = ['abapa', 'seven-turns', 'grand-slam', 'two-seeds', 'relay'];
const tmp = mkdtempSync(join(tmpdir(), 'awale-wasm-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

function native(args, input) {
  return execFileSync(AWALE, args, {
    encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LANG: 'C' },
  });
}
function wasm(args, opts) {
  const r = lab(args, opts);
  assert.equal(r.status, 0, `awale-lab ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
// "abapa captures=2,3 grand-slam=capture" -> ['--rules', 'abapa', '--rule', ...]
function rulesArgs(text) {
  const [preset, ...assign] = text.trim().split(/\s+/);
  return ['--rules', preset, ...assign.flatMap((a) => ['--rule', a])];
}

// Random games of every rule set, made by the wasm build (seeded): records.
const games = {};
for (const rules of RULE_SETS) {
  games[rules] = wasm(['playout', '--rules', rules, '--seed', String(SEED % 1e6), '--games', '12']);
}
// Positions reached in those games, still going on.
function positionsOf(rules) {
  const out = wasm(['replay', '--record', '-'], { stdin: games[rules] }).split('\n');
  // Not the last position of a finished game.
  return out.filter((l, i) => /^\d+(-\d+){13}-[SN]/.test(l) && !/^over /.test(out[i + 1]));
}
function pick(list, n, salt) {
  const out = [];
  let x = (SEED ^ salt) >>> 0;
  for (let i = 0; i < n && list.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(list[x % list.length]);
  }
  return out;
}

test(`seed of the random games: AWALE_TEST_SEED=${SEED}`, () => {
  for (const rules of RULE_SETS) assert.match(games[rules], /\[Rules "/);
});

test('perft from the start, every rule set', () => {
  const depth = { abapa: 9, 'seven-turns': 9, 'grand-slam': 9, 'two-seeds': 8, relay: 6 };
  for (const rules of RULE_SETS) {
    const args = ['perft', '--rules', rules, String(depth[rules])];
    const got = wasm(args);
    assert.equal(got, native(args), rules);
    assert.equal(got.trim().split('\n').length, depth[rules]);
  }
});

test('perft of the golden positions (tests/data), both builds and the file agree', () => {
  for (const file of ['tests/data/perft.txt', 'tests/data/perft-relay.txt']) {
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.ok(lines.length > 5);
    for (const line of lines) {
      const [rules, pos, counts] = line.split('|').map((s) => s.trim());
      const want = counts.split(/\s+/).slice(0, 7);
      const args = ['perft', ...rulesArgs(rules)];
      if (pos !== 'start') args.push('--position', pos);
      args.push(String(want.length));
      const got = wasm(args);
      assert.equal(got, want.map((c, i) => `${i + 1} ${c}\n`).join(''), line);
      assert.equal(got, native(args), line);
    }
  }
});

test('perft from random positions of random games', () => {
  for (const rules of RULE_SETS) {
    const positions = pick(positionsOf(rules), 4, 17);
    assert.ok(positions.length > 0, rules);
    for (const pos of positions) {
      const args = ['perft', '--rules', rules, '--position', pos, rules === 'relay' ? '4' : '6'];
      assert.equal(wasm(args), native(args), `${rules} ${pos}`);
    }
  }
});

test('replay of random game records (every rule set) and of move lists', () => {
  for (const rules of RULE_SETS) {
    const file = join(tmp, `${rules}.txt`);
    writeFileSync(file, games[rules]);
    const fs = new MemFS();
    fs.writeFile('/games/random.txt', games[rules]);
    const got = wasm(['replay', '--record', '/games/random.txt'], { fs });
    assert.equal(got, native(['replay', '--record', file]), rules);
    assert.equal(got.match(/^game \d+$/gm).length, 12);
    assert.match(got, /^(over|ongoing)/m);
  }
  // The worked cases of the rules (docs/rules.md): moves from a position.
  const worked = readFileSync('tests/data/worked-oware.txt', 'utf8').split('\n');
  let count = 0;
  for (const line of worked) {
    if (!line || line.startsWith('#')) continue;
    const [sets, pos, moves] = line.split('|').map((s) => s.trim());
    if (moves === 'legal' || moves === 'forced') continue;
    for (const rules of sets.split(',')) {
      const args = ['replay', '--rules', rules, '--position', pos, ...(moves === '-' ? [] : [moves])];
      assert.equal(wasm(args), native(args), line);
      count++;
    }
  }
  assert.ok(count > 10);
});

test('a bad record and an illegal move fail in both builds', () => {
  const bad = '[Rules "abapa"]\n\n1. C f 2. C c 3. C *\n';
  const file = join(tmp, 'bad.txt');
  writeFileSync(file, bad);
  const n = spawnSync(AWALE, ['replay', '--record', file], { encoding: 'utf8' });
  const w = lab(['replay', '--record', '-'], { stdin: bad });
  assert.equal(n.status, 1);
  assert.equal(w.status, 1);
  assert.equal(w.stdout, '');
  assert.match(w.stderr, /line 3: 3\. C cannot be played: pit C is empty/);
  const m = lab(['replay', 'C', 'f', 'C', 'c', 'C']);
  assert.equal(m.status, 1);
  assert.match(m.stderr, /move 5 \(C\) is illegal: pit C is empty/);
  assert.equal(m.stdout.split('\n').length, 5);
  assert.equal(spawnSync(AWALE, ['replay', 'C', 'f', 'C', 'c', 'C']).status, 1);
  // Files that are not there: the C library sees ENOENT through wasi.js.
  const missing = lab(['replay', '--record', '/no/such/file.txt']);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read/);
  const none = lab(['tables', 'probe', '--seeds', '4', '0-0-0-0-0-1-0-0-0-0-0-1-23-23-S']);
  assert.equal(none.status, 1);
  assert.notEqual(none.stderr, '');
});

// "depth 9 seldepth 12 score +0.17 nodes 47418 nps 2005163 time 23 pv F e"
// without the speed and the time, which differ from run to run.
const steady = (out) => out.replace(/ nps \d+ time \d+/g, '');

test('the same search at a fixed depth (one thread, 16 MB), bench and random positions', () => {
  const bench = (out) => out.split('\n').filter((l) => !l.startsWith('time ')).join('\n');
  const got = wasm(['bench', '--depth', '11']);
  assert.match(got, /^total nodes [1-9]\d*$/m);
  assert.equal(bench(got), bench(native(['bench', '--depth', '11'])));
  for (const rules of RULE_SETS) {
    for (const pos of pick(positionsOf(rules), 3, 99)) {
      const depth = rules === 'relay' ? '7' : '10';
      const common = ['--rules', rules, '--position', pos, '--depth', depth, '--hash', '16'];
      const w = wasm(['search', ...common]);
      const n = native(['analyze', ...common, '--threads', '1', '--tables', 'none', '--book', 'none']);
      assert.match(w, /^bestmove \S+$/m);
      assert.equal(w, steady(n), `${rules} ${pos}`);
    }
  }
});

test('endgame tables built in the memory file system: the same files and values', () => {
  const dir = join(tmp, 'tables');
  execFileSync(AWALE, ['tables', 'build', '--seeds', '9', '--dir', dir, '--threads', '1'], {
    stdio: 'ignore',
  });
  const fs = new MemFS();
  const out = wasm(['tables', 'build', '--seeds', '9'], { fs });
  assert.match(out, /^built 9 seeds/m);
  const files = readdirSync(join(dir, 'abapa')).sort();
  assert.equal(files.length, 10);
  assert.deepEqual(fs.list('/tables/abapa').map((f) => f.name).sort(), files);
  for (const f of files) {
    const mine = fs.readFile(`/tables/abapa/${f}`);
    assert.ok(Buffer.from(mine).equals(readFileSync(join(dir, 'abapa', f))), f);
  }
  for (const pos of ['0-0-0-0-1-2-1-1-0-0-0-0-20-23-S', '1-0-2-0-0-1-0-3-0-1-1-0-20-19-N']) {
    const w = wasm(['tables', 'probe', '--seeds', '9', pos], { fs });
    const n = native(['tables', 'probe', '--dir', dir, pos]).split('\n');
    assert.match(w, /^value -?\d+$/m);
    assert.equal(w, n.filter((l) => /^(value|[A-Fa-f][+-]?) -?\d+$/.test(l)).join('\n') + '\n');
  }
});

test("the page's tables (src/wasm/tables.c): seeds by rule set, built on first use within the budget", () => {
  assert.equal(wasm(['tables', 'plan']),
    'abapa 14\nseven-turns 9\ngrand-slam 9\ntwo-seeds 14\nrelay 0\n');
  const fs = new MemFS();
  const pos = '0-0-0-0-1-2-1-1-0-0-0-0-20-23-S';
  const first = wasm(['tables', 'page', '--rules', 'grand-slam', pos], { fs });
  const [, seeds, bytes] = first.match(/^seeds (\d+) bytes (\d+)$/m).map(Number);
  assert.equal(seeds, 9);
  assert.ok(bytes > 1e6 && bytes <= 16 * 2 ** 20, String(bytes));
  assert.equal(fs.files('/tables/grand-slam').length, 10);
  // The second time the files are there: opened, not built again.
  const stamps = () => fs.files('/tables').map((f) => `${f} ${fs.stat(f).mtime}`).join('\n');
  const before = stamps();
  const t0 = Date.now();
  while (Date.now() < t0 + 5); // so that a file written again would show
  assert.equal(wasm(['tables', 'page', '--rules', 'grand-slam', pos], { fs }), first);
  assert.equal(stamps(), before);
  assert.equal(lab(['tables', 'page', '--rules', 'relay', pos]).status, 1);
});

test('a reactor module (initialize, then its exports): the tables built by a second worker', async () => {
  const bytes = readFileSync(process.env.AWALE_TABLES_WASM || 'build/wasm/awale-tables.wasm');
  let err = '';
  const wasi = new Wasi({ stderr: (s) => { err += s; } });
  const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi.imports });
  wasi.initialize(instance);
  const x = instance.exports;
  const call = (name, seeds) => {
    const text = new TextEncoder().encode(name + '\0');
    const p = x.malloc(text.length);
    new Uint8Array(x.memory.buffer, p, text.length).set(text);
    const r = x.awale_wasm_tables_build(p, seeds);
    x.free(p);
    return r;
  };
  assert.equal(call('two-seeds', 8), 8);
  assert.deepEqual(wasi.fs.list('/tables').map((e) => e.name), ['two-seeds']);
  assert.equal(wasi.fs.files('/tables/two-seeds').length, 9);
  assert.equal(call('relay', 0), -1);
  assert.match(err, /relay/);
  assert.equal(call('nonsense', 3), -1);
  // The files, copied into another file system, are the tables a first
  // module (here the lab) opens without building them again.
  const fs = new MemFS();
  for (const f of wasi.fs.files('/tables')) fs.writeFile(f, wasi.fs.readFile(f));
  const out = wasm(['tables', 'probe', '--rules', 'two-seeds', '--seeds', '8', '0-0-0-0-1-2-1-1-0-0-0-0-20-23-S'], { fs });
  assert.match(out, /^value -?\d+$/m);
});

test('the memory file system from JavaScript', () => {
  const fs = new MemFS();
  fs.writeFile('/a/b/c.txt', 'hello');
  fs.writeFile('/a/d.bin', new Uint8Array([1, 2, 3]));
  assert.equal(new TextDecoder().decode(fs.readFile('/a/b/c.txt')), 'hello');
  assert.deepEqual({ ...fs.stat('/a/d.bin'), mtime: 0 }, { type: 'file', size: 3, mtime: 0 });
  assert.ok(Math.abs(fs.stat('/a/d.bin').mtime - Date.now()) < 60000);
  assert.deepEqual(fs.list('/a').map((e) => `${e.name}:${e.type}`).sort(), ['b:dir', 'd.bin:file']);
  assert.deepEqual(fs.files('/').sort(), ['/a/b/c.txt', '/a/d.bin']);
  assert.equal(fs.readFile('/nothing'), null);
  assert.equal(fs.remove('/a/b'), true);
  assert.deepEqual(fs.files('/'), ['/a/d.bin']);
  assert.throws(() => fs.writeFile('/a', 'x'), /directory/);
  // Shared: what one instance writes the next one reads (the C library's
  // files: write to a temporary name, rename).
  const shared = new MemFS();
  wasm(['tables', 'build', '--seeds', '2'], { fs: shared });
  assert.ok(shared.stat('/tables/abapa/layer-02.awt').size > 0);
  assert.equal(shared.files('/tables').filter((p) => p.includes('.tmp')).length, 0);
  assert.match(wasm(['tables', 'probe', '--seeds', '2', '0-0-0-0-0-1-0-0-0-0-0-1-23-23-S'], { fs: shared }), /^value/);
  // Exit status, arguments and the environment reach the module.
  const w = new Wasi({ args: ['x'], env: { A: '1' } });
  assert.equal(typeof w.imports.fd_write, 'function');
  assert.equal(lab(['no-such-command']).status, 2);
});
