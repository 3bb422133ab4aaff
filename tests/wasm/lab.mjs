// lab.mjs - runs build/wasm/awale-lab.wasm (src/wasm/lab.c) under
// web/wasm/wasi.js in node: compile once, then run(args) as many times as
// needed, each in a fresh instance. Used by core.test.mjs and
// scripts/bench-wasm.mjs.
import { readFile } from 'node:fs/promises';
import { Wasi, MemFS } from '../../web/wasm/wasi.js';

export async function loadLab(path = process.env.AWALE_LAB || 'build/wasm/awale-lab.wasm') {
  const module = await WebAssembly.compile(await readFile(path));
  // run(args, {stdin, fs}) -> {status, stdout, stderr, fs}
  return function run(args, opts = {}) {
    let stdout = '';
    let stderr = '';
    const fs = opts.fs || new MemFS();
    const wasi = new Wasi({
      args: ['awale-lab', ...args],
      stdout: (s) => { stdout += s; },
      stderr: (s) => { stderr += s; },
      stdin: opts.stdin,
      fs,
    });
    const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi.imports });
    const status = wasi.start(instance);
    return { status, stdout, stderr, fs };
  };
}
