// docs.test.mjs - the examples of docs/api.md are real: each command of
// its samples (fenced ```console blocks, "$ " lines, found by the same
// tests/cli/sample_extract.awk as the other pages' samples) runs in order,
// with sh, against one fresh `awale serve`, and what it prints is compared
// with the answer the page shows (the conventions of samples.mjs). $B is
// the server; a command that only sets a variable (ID=$(curl ...)) gives
// it to the commands after it. The commands share one directory, so that a
// record saved by one can be sent by the next.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AWALE, startServer } from './server.mjs';
import { matchJson, matchOutput, layout } from './samples.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGE = 'docs/api.md';

// The samples of the page: [{where, commands: [{cmd, shown}]}].
function samples(dir) {
  execFileSync('awk', ['-v', `out=${dir}`, '-f', 'tests/cli/sample_extract.awk', PAGE], { cwd: ROOT });
  if (existsSync(path.join(dir, 'stray')))
    throw new Error(`samples outside a fenced block (not tested): ${readFileSync(path.join(dir, 'stray'), 'utf8')}`);
  const blocks = [];
  for (const b of readdirSync(dir).sort()) {
    const bd = path.join(dir, b);
    if (!existsSync(path.join(bd, 'where'))) continue;
    const where = readFileSync(path.join(bd, 'where'), 'utf8').trim();
    if (existsSync(path.join(bd, 'error'))) throw new Error(`${where}: ${readFileSync(path.join(bd, 'error'), 'utf8')}`);
    const commands = [];
    for (let k = 1; existsSync(path.join(bd, `cmd${k}`)); k++)
      commands.push({
        cmd: readFileSync(path.join(bd, `cmd${k}`), 'utf8').replace(/\n$/, ''),
        shown: existsSync(path.join(bd, `exp${k}`)) ? readFileSync(path.join(bd, `exp${k}`), 'utf8') : '',
      });
    blocks.push({ where, commands });
  }
  return blocks;
}

function sh(script, cwd, env) {
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { cwd, env, timeout: 60000, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, code: err ? err.code : 0 });
    });
  });
}

// What a mismatch shows: the answer laid out as the page would show it.
function pretty(out) {
  try {
    return layout(JSON.parse(out));
  } catch {
    return out;
  }
}

describe('the samples of docs/api.md', () => {
  let srv;
  let work;
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'awale-apidoc-'));
    mkdirSync(path.join(work, 'bin'));
    symlinkSync(AWALE, path.join(work, 'bin', 'awale'));
    mkdirSync(path.join(work, 'run'));
    srv = await startServer([]);
  });
  after(async () => {
    await srv?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('prints what the page shows, run in order against one server', async () => {
    const blocks = samples(path.join(work, 'blocks'));
    const vars = {};
    const env = () => ({ ...process.env, PATH: `${work}/bin:${process.env.PATH}`, B: srv.base, ...vars });
    let count = 0;
    const failures = [];
    for (const { where, commands } of blocks) {
      for (const { cmd, shown } of commands) {
        count++;
        const assign = cmd.match(/^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/);
        const script = assign ? `${cmd}\nprintf '%s' "$${assign[1]}"` : cmd;
        const r = await sh(script, path.join(work, 'run'), env());
        let out = r.stdout;
        if (assign) {
          vars[assign[1]] = out;
          if (!out) failures.push(`${where}: $ ${cmd}\nset ${assign[1]} to nothing; stderr: ${r.stderr}`);
          out = '';
        }
        const why = shown.trim() === '' ? (out === '' ? null : 'printed something, the page shows nothing') : matchOutput(shown, out);
        if (why) failures.push(`${where}: $ ${cmd}\n${why}\nprinted:\n${pretty(out)}\nstderr: ${r.stderr.slice(0, 300)}`);
      }
    }
    if (failures.length) assert.fail(`\n${failures.join("\n\n")}`);
    // The page does hold its samples (an extraction that finds none would pass).
    assert.ok(count >= 20, `only ${count} commands found in ${PAGE}`);
    assert.ok(vars.ID && /^[0-9a-f]{16}$/.test(vars.ID), 'the samples name their game ID');
  });
});

describe('the comparison of samples', () => {
  it('takes "…" for any value, "..." for any elements or members, the rest exactly', () => {
    const ok = (exp, act) => assert.equal(matchJson(exp, act), null, `${JSON.stringify(exp)} ~ ${JSON.stringify(act)}`);
    const no = (exp, act) => assert.notEqual(matchJson(exp, act), null, `${JSON.stringify(exp)} !~ ${JSON.stringify(act)}`);
    ok({ id: '…', n: 1 }, { id: 'abc', n: 1 });
    ok({ id: '…' }, { id: { deep: [1] } });
    no({ id: '…' }, {});
    no({ n: 1 }, { n: 2 });
    no({ n: 1 }, { n: '1' });
    no({ n: 1 }, { n: 1, m: 2 });
    ok({ n: 1, '...': '...' }, { n: 1, m: 2 });
    no({ n: 1, '...': '...' }, { m: 2 });
    ok('Game over: …', 'Game over: South wins');
    no('Game over: …', 'Game on: South wins');
    no('a…', 5);
    ok([1, '...'], [1]);
    ok([1, '...'], [1, 2, 3]);
    ok(['...', 3], [1, 2, 3]);
    no([1, '...'], [2, 1]);
    no([1, 2], [1, 2, 3]);
    ok([null, false], [null, false]);
    no([null], [false]);
    ok({ a: [{ b: '…', '...': '...' }, '...'] }, { a: [{ b: 1, c: 2 }, { d: 3 }] });
  });

  it('compares other answers line by line, event data as JSON', () => {
    assert.equal(matchOutput('a\n...\nx … z\n', 'a\nb\nc\nx 12ms z\n'), null);
    assert.equal(matchOutput('a\n...\nx … z\n', 'a\nx 12ms z\n'), null);
    assert.notEqual(matchOutput('a\n...\nx … z\n', 'a\nx 1 2 z\n'), null);
    assert.notEqual(matchOutput('a\nb\n', 'a\nb\nc\n'), null);
    assert.equal(matchOutput('event: info\ndata: {"depth": 1, "nodes": "…"}\n', 'event: info\ndata: {"depth":1,"nodes":27}\n'), null);
    assert.notEqual(matchOutput('event: info\ndata: {"depth": 1, "nodes": "…"}\n', 'event: info\ndata: {"depth":2,"nodes":27}\n'), null);
    assert.notEqual(matchOutput('{"a": 1}', 'not json'), null);
    assert.notEqual(matchOutput('{"a": 1,}', '{"a": 1}'), null, 'the page must hold JSON');
    assert.equal(matchOutput('[Event "x"]\n[Date "…"]\n', '[Event "x"]\n[Date "2026.12.01"]\n'), null, 'a record is not JSON');
  });
});
