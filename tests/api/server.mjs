// server.mjs - start `awale serve` on a free loopback port for a test, and
// talk to it: JSON requests with fetch, raw requests with node:http when a
// test needs headers that fetch does not let it set (Host) or a body it
// streams. The binary is $AWALE (tests/api/run.sh sets it). When
// $AWALE_TEST_TABLES names a directory of endgame tables, each server finds
// a copy of it as its own (make tsan: a ThreadSanitizer build would take
// minutes to build the small set that every server builds at its start).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const AWALE = process.env.AWALE || 'build/release/awale';

// The limits per address in time are off unless a test gives one
// (--rate-...): the tests send many requests from one address, far faster
// than a person.
const NO_RATES = ['--rate-requests', 'off', '--rate-games', 'off', '--rate-invites', 'off'];

export async function startServer(args = [], { env = {} } = {}) {
  if (!args.some((a) => String(a).startsWith('--rate-'))) args = [...NO_RATES, ...args];
  const home = mkdtempSync(path.join(tmpdir(), 'awale-api-'));
  if (process.env.AWALE_TEST_TABLES) {
    cpSync(process.env.AWALE_TEST_TABLES, path.join(home, 'data', 'awale', 'tables'), { recursive: true });
  }
  const proc = spawn(process.env.AWALE || AWALE, ['serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_STATE_HOME: path.join(home, 'state'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      ...env,
    },
  });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  // (a server that does not start leaves no folder behind)
  const base = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 60000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/[^/\s]+)\//);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  }).catch((e) => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
    rmSync(home, { recursive: true, force: true });
    throw e;
  });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    base,
    proc,
    dataHome: path.join(home, 'data'),
    stderr: () => stderr,
    // Ctrl-C; a server that does not stop cleanly (a sanitizer's report,
    // a crash) fails the test.
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGINT');
      const r = await exited;
      rmSync(home, { recursive: true, force: true });
      if (r.code !== 0) throw new Error(`awale serve exited with ${r.code} ${r.signal || ''}: ${stderr.slice(-3000)}`);
      return r;
    },
  };
}

// A JSON request: { status, headers, body (parsed JSON or text) }.
export async function api(base, method, url, body, headers = {}, signal = undefined) {
  const init = { method, headers: { ...headers }, signal };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    if (!('Content-Type' in init.headers)) init.headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(base + url, init);
  const text = await res.text();
  let parsed = text;
  const type = res.headers.get('content-type') || '';
  if (type.startsWith('application/json')) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

// A raw request with any headers (Host included) and an optional body.
export function raw(base, method, url, { headers = {}, body } = {}) {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, method, path: url, headers, setHost: !('Host' in headers) },
      (res) => {
        let data = '';
        res.on('data', (d) => { data += d; });
        res.on('end', () => {
          let parsed = data;
          if ((res.headers['content-type'] || '').startsWith('application/json')) {
            try { parsed = JSON.parse(data); } catch { /* left as text */ }
          }
          resolve({ status: res.statusCode, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// Read Server-Sent Events until `until(events)` is true or the time is up.
export async function readEvents(base, url, until, ms = 20000) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), ms);
  const events = [];
  let status = 0;
  let type = '';
  try {
    const res = await fetch(base + url, { signal: ctrl.signal });
    status = res.status;
    type = res.headers.get('content-type');
    if (status !== 200) return { status, type, events, body: await res.json() };
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body) {
      buf += decoder.decode(chunk, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) ev.event = line.slice(7);
          else if (line.startsWith('data: ')) ev.data += line.slice(6);
        }
        if (!ev.data) continue;
        ev.json = JSON.parse(ev.data);
        events.push(ev);
      }
      if (until(events)) break;
    }
  } catch (e) {
    if (e.name !== 'AbortError') throw e;
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return { status, type, events };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
