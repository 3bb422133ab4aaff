#!/usr/bin/env node
// bench-games.mjs - many games at once between simulated people on
// `awale serve`, with watchers: the load of a server open to players
// (docs/web.md, "Load"). Node only (node:http), no package.
//
// Each game has two players, each from its own loopback address (Linux
// routes all of 127.0.0.0/8 to the machine: the server's limits per
// address hold as they would for people on their own devices). South makes
// a game against a friend (POST /api/games, "north": "friend"), North takes
// the invitation (POST /api/invites/CODE); each opens the game's event
// stream (GET /api/games/ID/events, Server-Sent Events) with its token. The
// player to move plays a random legal move (POST /api/games/ID/moves,
// Authorization: Bearer TOKEN) a few seconds after the other's move (the
// interval, with jitter), and the delay from sending it to its `move` event
// on the opponent's stream is measured. A game that ends is replaced by a
// new one between the same two players. Watchers (each from its own
// address) follow games' streams without a token.
//
// Reports games held, moves per second, the delay move -> opponent's event
// (p50, p90, p99, max), errors (any answer but 2xx, a stream that fails or
// ends, an event that does not come within 10 s), the server's memory (VmRSS,
// VmHWM) and its database's size. Exit status 1 when there was an error.
//
//   node scripts/bench-games.mjs --awale build/release/awale [--games 1000]
//        [--watchers W] [--seconds 60] [--interval 3000] [--jitter 0.5]
//        [--ramp S] [--server-arg ARG]...
//   node scripts/bench-games.mjs --base http://127.0.0.1:8080 [--pid PID] [--db FILE] ...
import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// ------------------------------------------------------------ options

const opt = {
  awale: null, base: null, pid: null, db: null, games: 1000, watchers: null, seconds: 60,
  interval: 3000, jitter: 0.5, ramp: null, serverArgs: [], quiet: false, eventTimeout: 10000,
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const val = () => {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    return argv[++i];
  };
  const num = () => {
    const v = Number(val());
    if (!Number.isFinite(v) || v < 0) usage(`${a}: not a number`);
    return v;
  };
  if (a === '--awale') opt.awale = val();
  else if (a === '--base') opt.base = val().replace(/\/$/, '');
  else if (a === '--pid') opt.pid = num();
  else if (a === '--db') opt.db = val();
  else if (a === '--games') opt.games = Math.max(1, Math.floor(num()));
  else if (a === '--watchers') opt.watchers = Math.floor(num());
  else if (a === '--seconds') opt.seconds = num();
  else if (a === '--interval') opt.interval = num();
  else if (a === '--jitter') opt.jitter = Math.min(1, num());
  else if (a === '--ramp') opt.ramp = num();
  else if (a === '--event-timeout') opt.eventTimeout = num();
  else if (a === '--server-arg') opt.serverArgs.push(val());
  else if (a === '--quiet') opt.quiet = true;
  else if (a === '--help' || a === '-h') usage();
  else usage(`unexpected argument '${a}'`);
}
if (!opt.awale === !opt.base) usage('give --awale PATH (a server of its own) or --base URL (a running one)');
if (opt.watchers === null) opt.watchers = Math.ceil(opt.games / 10);
if (opt.ramp === null) opt.ramp = Math.min(30, Math.max(1, opt.games / 50));

function usage(msg) {
  const text = readFileSync(new URL(import.meta.url), 'utf8').split('\n')
    .filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n');
  if (msg) {
    process.stderr.write(`bench-games: ${msg}\n`);
    process.exit(2);
  }
  process.stdout.write(`${text}\n`);
  process.exit(0);
}

const log = (...a) => { if (!opt.quiet) console.log(...a); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

// ------------------------------------------------------------ the server

let server = null; // { proc, dir, exited }
let base = opt.base;
let serverPid = opt.pid;
let dbFile = opt.db;

async function startServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'awale-bench-'));
  const help = execFileSync(opt.awale, ['serve', '--help'], { encoding: 'utf8' });
  const has = (o) => help.includes(o);
  const args = ['serve', '--port', '0', '--tables', 'none', '--book', 'none',
    '--max-games', String(opt.games * 2 + 64), '--request-timeout', '60'];
  if (has('--max-connections')) args.push('--max-connections', String(opt.games * 4 + opt.watchers + 256));
  if (has('--db')) {
    dbFile = path.join(dir, 'games.db');
    args.push('--db', dbFile);
  }
  args.push(...opt.serverArgs);
  const proc = spawn(opt.awale, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_STATE_HOME: path.join(dir, 'state'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
  });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; if (stderr.length > 100000) stderr = stderr.slice(-50000); });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  base = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${stderr}`)), 60000);
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
      reject(new Error(`the server exited with ${code}: ${stderr}`));
    });
  });
  serverPid = proc.pid;
  server = { proc, dir, exited, stderr: () => stderr, args };
}

function memory() {
  if (!serverPid) return null;
  try {
    const s = readFileSync(`/proc/${serverPid}/status`, 'utf8');
    const kb = (k) => Number((s.match(new RegExp(`^${k}:\\s+(\\d+)`, 'm')) || [])[1] || 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM'), threads: kb('Threads') };
  } catch {
    return null;
  }
}

function dbSize() {
  if (!dbFile) return null;
  let total = 0;
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) {
    try { total += statSync(f).size; } catch { /* none */ }
  }
  return total;
}

const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

// ------------------------------------------------------------ HTTP

// One keep-alive agent: Node pools its sockets by origin and local
// address, so each player keeps its own connection.
const agent = new http.Agent({ keepAlive: true, maxSockets: 2, keepAliveMsecs: 1000 });
const url = new URL(base || 'http://127.0.0.1:1');

const stats = {
  moves: 0, movesAtMark: 0, delays: [], answers: [], errors: 0, errorKinds: new Map(), events: 0,
  watcherEvents: 0, gamesMade: 0, gamesEnded: 0, requests: 0,
};

function error(kind, detail) {
  stats.errors++;
  stats.errorKinds.set(kind, (stats.errorKinds.get(kind) || 0) + 1);
  if (stats.errors <= 10) log(`  error: ${kind}${detail ? `: ${detail}` : ''}`);
}

// A JSON request from `localAddress`: { status, body, headers }.
function request(localAddress, method, pathname, body, token, retry = true) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = {};
    if (data !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(data);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    stats.requests++;
    const req = http.request({
      host: url.hostname, port: url.port, method, path: pathname, headers, agent, localAddress,
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        let parsed = null;
        try { parsed = JSON.parse(text); } catch { parsed = text; }
        resolve({ status: res.statusCode, body: parsed, headers: res.headers });
      });
      res.on('error', (e) => resolve({ status: 0, body: String(e) }));
    });
    req.on('error', (e) => {
      // A kept-alive socket the server closed as the request went out:
      // the request was not read; once more on a new connection.
      if (retry && (e.code === 'ECONNRESET' || e.code === 'EPIPE') && req.reusedSocket) {
        resolve(request(localAddress, method, pathname, body, token, false));
      } else {
        resolve({ status: 0, body: `${e.code || ''} ${e.message}` });
      }
    });
    if (data !== undefined) req.write(data);
    req.end();
  });
}

// An event stream from `localAddress`: calls onEvent(name, data, id) for
// each event; returns { close() }. onEnd(reason) when it ends by itself.
function stream(localAddress, pathname, token, onEvent, onEnd) {
  const headers = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let closed = false;
  let res = null;
  const req = http.request({
    host: url.hostname, port: url.port, method: 'GET', path: pathname, headers, agent: false,
    localAddress,
  }, (r) => {
    res = r;
    if (r.statusCode !== 200) {
      let text = '';
      r.on('data', (d) => { text += d; });
      r.on('end', () => { if (!closed) onEnd(`status ${r.statusCode}: ${text.slice(0, 200)}`); });
      return;
    }
    r.setEncoding('utf8');
    let buf = '';
    r.on('data', (chunk) => {
      const t = now(); // when the bytes came, before any parsing
      buf += chunk;
      buf = buf.replace(/\r\n?/g, '\n');
      let end;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        let name = 'message';
        let id = null;
        const data = [];
        for (const line of block.split('\n')) {
          if (!line || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          let value = colon < 0 ? '' : line.slice(colon + 1);
          if (value.startsWith(' ')) value = value.slice(1);
          if (field === 'event') name = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id') id = value;
        }
        if (!data.length) continue;
        let parsed;
        try { parsed = JSON.parse(data.join('\n')); } catch { parsed = data.join('\n'); }
        onEvent(name, parsed, id, t);
      }
    });
    r.on('end', () => { if (!closed) onEnd('the stream ended'); });
    r.on('error', (e) => { if (!closed) onEnd(`stream error ${e.code || e.message}`); });
  });
  req.on('error', (e) => { if (!closed) onEnd(`stream error ${e.code || e.message}`); });
  req.end();
  return {
    close() {
      closed = true;
      req.destroy();
      if (res) res.destroy();
    },
  };
}

// ------------------------------------------------------------ players

// Addresses: 127.1.0.1 on, two per game, then the watchers'.
function address(k) {
  k += 1;
  return `127.${1 + (k >> 16)}.${(k >> 8) & 255}.${k & 255}`;
}

let running = true;
const games = [];

const pause = () => opt.interval * (1 - opt.jitter + 2 * opt.jitter * Math.random());

class Game {
  constructor(n) {
    this.n = n;
    this.addr = { S: address(2 * n), N: address(2 * n + 1) };
    this.token = {};
    this.streams = {};
    this.id = null;
    this.held = false;
    this.sent = new Map(); // ply -> { t: time the move was sent, seat: its sender }
    this.timer = null;
    this.ply = 0;
    this.gen = 0;          // the game's number between these players
    this.alive = false;    // the pair plays (a game held, or the next one being made)
  }

  async start() {
    this.held = false;
    this.gen++;
    this.sent.clear();
    const made = await request(this.addr.S, 'POST', '/api/games', { south: 'human', north: 'friend' });
    if (made.status !== 201 || !made.body || !made.body.token || !made.body.invite) {
      error(`POST /api/games ${made.status}`, JSON.stringify(made.body).slice(0, 200));
      return false;
    }
    stats.gamesMade++;
    this.id = made.body.id;
    this.token.S = made.body.token;
    const code = made.body.invite.split('/').pop();
    const joined = await request(this.addr.N, 'POST', `/api/invites/${code}`, {});
    if (joined.status !== 200 || !joined.body || !joined.body.token) {
      error(`POST /api/invites ${joined.status}`, JSON.stringify(joined.body).slice(0, 200));
      return false;
    }
    this.token.N = joined.body.token;
    const ready = [];
    for (const seat of ['S', 'N']) {
      ready.push(new Promise((resolve) => {
        let first = true;
        this.streams[seat] = stream(this.addr[seat], `/api/games/${this.id}/events`, this.token[seat],
          (name, data, id, t) => {
            stats.events++;
            if (first && name === 'state') {
              first = false;
              resolve(data);
            }
            this.event(seat, name, data, t);
          },
          (why) => {
            if (running && this.streams[seat]) error('stream', `${this.id} ${seat}: ${why}`);
            resolve(null);
          });
      }));
    }
    const states = await Promise.all(ready);
    if (!states[0] || !states[1]) {
      this.alive = false;
      return false;
    }
    this.held = true;
    this.alive = true;
    this.state = states[0];
    this.ply = this.state.ply || 0;
    this.schedule(Math.random() * opt.interval);
    return true;
  }

  schedule(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.play(), ms);
  }

  async play() {
    if (!running || !this.held) return;
    const st = this.state;
    if (!st || st.status !== 'ongoing' || !st.to_move || !st.legal || !st.legal.length) return;
    const seat = st.to_move;
    const move = st.legal[Math.floor(Math.random() * st.legal.length)];
    const ply = this.ply + 1;
    this.sent.set(ply, { t: now(), seat });
    // The event must come: an error when it does not within the timeout.
    const gen = this.gen;
    setTimeout(() => {
      if (this.gen === gen && this.sent.has(ply) && running) {
        this.sent.delete(ply);
        error('no move event', `${this.id} ply ${ply}`);
      }
    }, opt.eventTimeout);
    const t = now();
    const r = await request(this.addr[seat], 'POST', `/api/games/${this.id}/moves`, { move }, this.token[seat]);
    stats.answers.push(now() - t);
    if (r.status !== 200 && r.status !== 201) {
      this.sent.delete(ply);
      if (running) error(`POST moves ${r.status}`, JSON.stringify(r.body).slice(0, 200));
      // Try again later from the state the stream gives.
      this.schedule(pause());
    }
  }

  event(seat, name, data, t) {
    if (name === 'state' && data && data.ply !== undefined) {
      if (seat === 'S') this.state = data;
      return;
    }
    if (name === 'move' || name === 'end') {
      const st = data && data.state;
      if (!st) return;
      const ply = st.ply;
      // Measured on the stream of the opponent of the move's sender.
      const sent = this.sent.get(ply);
      if (name === 'move' && sent && seat !== sent.seat) {
        stats.delays.push(t - sent.t);
        this.sent.delete(ply);
        stats.moves++;
      }
      if (seat !== 'S') return; // one copy of the state: South's stream
      this.state = st;
      this.ply = ply;
      if (st.status !== 'ongoing' || name === 'end') {
        // Over: a new game once the last move's event had time to come.
        if (!this.ending) {
          this.ending = true;
          setTimeout(() => { this.ending = false; this.restart(); }, 1000);
        }
        return;
      }
      this.schedule(pause());
    }
  }

  // The game is over: a new one between the same two players.
  async restart() {
    if (!this.held) return;
    this.held = false;
    stats.gamesEnded++;
    this.close();
    if (running) await this.start();
  }

  close() {
    clearTimeout(this.timer);
    for (const seat of ['S', 'N']) {
      const s = this.streams[seat];
      this.streams[seat] = null;
      if (s) s.close();
    }
  }
}

// ------------------------------------------------------------ the run

const percentile = (sorted, p) => (sorted.length
  ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '-');

async function main() {
  if (opt.awale) await startServer();
  url.href = base;
  const mem0 = memory();
  log(`bench-games: ${base}, ${opt.games} games, ${opt.watchers} watchers, a move every ` +
    `${(opt.interval / 1000).toFixed(1)} s ±${Math.round(opt.jitter * 100)}% per game, ` +
    `${opt.seconds} s after ${opt.ramp} s of ramp${mem0 ? `; server RSS ${mb(mem0.rss)}` : ''}`);

  // Ramp: the games start evenly over the ramp.
  const t0 = now();
  const starts = [];
  for (let n = 0; n < opt.games; n++) {
    const g = new Game(n);
    games.push(g);
    const at = (n / opt.games) * opt.ramp * 1000;
    starts.push(sleep(Math.max(0, at - (now() - t0))).then(() => g.start()));
  }
  const watchers = new Set();
  let watching = 0;
  // A watcher follows the game of a pair, and the pair's next game when
  // it ends.
  const watch = async (w) => {
    const g = games[w % games.length];
    while (running && !g.held) await sleep(200);
    if (!running) return;
    watching++;
    let ended = false;
    let done = false;
    const finish = () => {
      if (done) return false;
      done = true;
      watching--;
      watchers.delete(s);
      return true;
    };
    const s = stream(address(2 * opt.games + w), `/api/games/${g.id}/events`, null,
      (name) => {
        stats.watcherEvents++;
        if (name === 'end' && !ended) {
          ended = true;
          setTimeout(() => { s.close(); finish(); if (running) watch(w); }, 2000);
        }
      },
      (why) => {
        if (finish() && running && !ended) error('watcher stream', why);
      });
    watchers.add(s);
  };
  const watcherStarts = [];
  for (let w = 0; w < opt.watchers; w++) watcherStarts.push(watch(w));
  await Promise.all(starts);
  const held = () => games.filter((g) => g.alive).length;
  log(`  ramp done in ${((now() - t0) / 1000).toFixed(1)} s: ${held()} games held`);

  // The measured run. The client's own lag (its event loop's delay) is
  // measured too: a delay the client adds is not the server's.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  stats.delays = [];
  stats.answers = [];
  stats.moves = 0;
  const errorsBefore = stats.errors;
  const tRun = now();
  let last = tRun;
  let lastMoves = 0;
  let minHeld = held();
  while (now() - tRun < opt.seconds * 1000) {
    await sleep(Math.min(5000, opt.seconds * 1000 - (now() - tRun)));
    const t = now();
    const h = held();
    minHeld = Math.min(minHeld, h);
    const sorted = stats.delays.slice().sort((a, b) => a - b);
    const m = memory();
    log(`  ${((t - tRun) / 1000).toFixed(0).padStart(4)} s: ${h} games held, ` +
      `${((stats.moves - lastMoves) / ((t - last) / 1000)).toFixed(1)} moves/s, p50 ${ms(percentile(sorted, 50))}, ` +
      `p99 ${ms(percentile(sorted, 99))}, errors ${stats.errors}${m ? `, RSS ${mb(m.rss)}` : ''}`);
    last = t;
    lastMoves = stats.moves;
  }
  const seconds = (now() - tRun) / 1000;
  const sorted = stats.delays.slice().sort((a, b) => a - b);
  const answers = stats.answers.slice().sort((a, b) => a - b);
  lag.disable();
  // (The histogram counts each 10 ms tick's whole delay: the lag is beyond it.)
  const beyond = (ns) => Math.max(0, ns / 1e6 - 10);
  const lagMs = { p50: beyond(lag.percentile(50)), p99: beyond(lag.percentile(99)), max: beyond(lag.max) };
  const mem = memory();
  const db = dbSize();
  const figures = await request('127.0.0.1', 'GET', '/api/server');
  const serverGames = figures.status === 200 ? figures.body.games : null;
  running = false;
  for (const g of games) g.close();
  for (const w of watchers) w.close();
  agent.destroy();

  let stopped = null;
  if (server) {
    server.proc.kill('SIGINT');
    stopped = await Promise.race([server.exited, sleep(20000).then(() => null)]);
    if (!stopped) {
      server.proc.kill('SIGKILL');
      error('server', 'did not stop within 20 s of SIGINT');
    } else if (stopped.code !== 0) {
      error('server', `exited with ${stopped.code} ${stopped.signal || ''}: ${server.stderr().slice(-2000)}`);
    }
    rmSync(server.dir, { recursive: true, force: true });
  }

  const report = {
    games: opt.games, games_held: minHeld, server_games: serverGames, watchers: opt.watchers, watchers_held: watching,
    seconds: Number(seconds.toFixed(1)), moves: stats.moves,
    moves_per_s: Number((stats.moves / seconds).toFixed(1)),
    delay_ms: {
      p50: Number(percentile(sorted, 50).toFixed(2)), p90: Number(percentile(sorted, 90).toFixed(2)),
      p99: Number(percentile(sorted, 99).toFixed(2)), max: Number((sorted[sorted.length - 1] ?? NaN).toFixed(2)),
    },
    answer_ms: {
      p50: Number(percentile(answers, 50).toFixed(2)), p99: Number(percentile(answers, 99).toFixed(2)),
      max: Number((answers[answers.length - 1] ?? NaN).toFixed(2)),
    },
    games_made: stats.gamesMade, games_ended: stats.gamesEnded, events: stats.events,
    watcher_events: stats.watcherEvents, requests: stats.requests,
    errors: stats.errors, errors_in_run: stats.errors - errorsBefore,
    error_kinds: Object.fromEntries(stats.errorKinds),
    client_lag_ms: { p50: Number(lagMs.p50.toFixed(2)), p99: Number(lagMs.p99.toFixed(2)), max: Number(lagMs.max.toFixed(2)) },
    load_average: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
    server_rss_kb: mem ? mem.rss : null, server_peak_kb: mem ? mem.hwm : null,
    server_threads: mem ? mem.threads : null, db_bytes: db,
  };
  console.log('');
  console.log(`games held: ${minHeld} of ${opt.games} (at the least during the run; the server holds ${serverGames}), ` +
    `${opt.games * 2} players and ${watching} watchers, ${opt.games * 2 + watching} event streams`);
  console.log(`moves: ${stats.moves} in ${seconds.toFixed(1)} s: ${report.moves_per_s} moves/s ` +
    `(${stats.gamesEnded} games ended and started again)`);
  console.log(`delay from a move sent to the opponent's event: p50 ${ms(percentile(sorted, 50))}, ` +
    `p90 ${ms(percentile(sorted, 90))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1])}`);
  console.log(`the answer to the move's request (for comparison): p50 ${ms(percentile(answers, 50))}, ` +
    `p99 ${ms(percentile(answers, 99))}, max ${ms(answers[answers.length - 1])}`);
  console.log(`the client's own event loop lag (part of those delays): p50 ${ms(lagMs.p50)}, ` +
    `p99 ${ms(lagMs.p99)}, max ${ms(lagMs.max)}; load average ${report.load_average}`);
  console.log(`errors: ${stats.errors}${stats.errors ? ` (${[...stats.errorKinds].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`);
  if (mem) console.log(`server memory: RSS ${mb(mem.rss)}, peak ${mb(mem.hwm)} (before: ${mem0 ? mb(mem0.rss) : '-'}), ${mem.threads} threads`);
  if (db !== null) console.log(`database: ${(db / 1048576).toFixed(1)} MB (${dbFile} with its WAL)`);
  console.log(`JSON ${JSON.stringify(report)}`);
  process.exit(stats.errors ? 1 : 0);
}

main().catch((e) => {
  console.error(`bench-games: ${e.stack || e}`);
  if (server) server.proc.kill('SIGKILL');
  process.exit(1);
});
