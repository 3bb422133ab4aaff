// pool.mjs - the web server's worker pool under concurrent traffic, for a
// bounded time, on loopback only: `node tests/stress/pool.mjs [SECONDS]`
// (default $STRESS_SECONDS or 30) against the binary $AWALE. It starts its
// own `awale serve --port 0 --searches 1` (one worker: every job competes
// for it, so background jobs are stopped and restarted all the time) and
// runs at once:
//
//   - two loops: create a game A, play C, open A's analysis stream, read its
//     first bytes, close the socket, delete A (the analysis job then drops
//     the game's last reference while the pool may still look at it);
//   - two loops on one game B: a hint at 10 ms (takes the worker from a
//     background job), start a review (stops the analysis or goes on with
//     the review), delete the review;
//   - two more loops of hints alone on B;
//   - one loop asking for the server's figures (the pool's counts);
//   - two loops of games between two devices: an invitation taken, event
//     streams opened with each seat's token and by a watcher and dropped
//     at random moments, moves, messages, offers and answers, a
//     resignation, the game deleted (the streams, the presence and the
//     database race the game's lock);
//   - one loop of games whose clocks of one second run out while moves
//     and event streams come in (the server's clock tick ends them).
//
// It fails when the server dies or answers a 5xx other than 503 (busy),
// when it has not answered or stopped a minute after the end (a deadlock),
// and when it does not stop cleanly on SIGINT: a sanitizer's report
// (AddressSanitizer, ThreadSanitizer, LeakSanitizer) makes its exit status
// non-zero. Prints what it did.
import http from 'node:http';
import { startServer, api, sleep } from '../api/server.mjs';

const seconds = Number(process.argv[2] || process.env.STRESS_SECONDS || 30);
const REVIEW_GAME = '1. C c 2. F d 3. C e 4. F c 5. A d 6. B c 7. F e 8. C d 9. F b 10. A c 11. B a 12. D d *';

const counts = {};
const problems = [];
function count(what, status) {
  const key = `${what} ${status}`;
  counts[key] = (counts[key] || 0) + 1;
  if (status >= 500 && status !== 503) problems.push(`${what}: ${status}`);
}

// Open a stream, wait for its first bytes (or a short while), then close
// the socket without reading on.
function openAndClose(base, url) {
  const u = new URL(base);
  return new Promise((resolve) => {
    const req = http.get({ host: u.hostname, port: u.port, path: url }, (res) => {
      count('analysis', res.statusCode);
      const timer = setTimeout(() => req.destroy(), 200);
      res.once('data', () => {
        setTimeout(() => { clearTimeout(timer); req.destroy(); }, Math.random() * 30);
      });
      res.on('error', () => {});
      res.on('close', () => { clearTimeout(timer); resolve(); });
    });
    req.on('error', () => resolve());
  });
}

async function main() {
  const srv = await startServer(['--tables', 'none', '--book', 'none', '--searches', '1',
    '--max-games', '64']);
  const end = Date.now() + seconds * 1000;
  let alive = true;
  srv.proc.on('exit', () => { alive = false; });
  const running = () => alive && Date.now() < end;
  const watchdog = setTimeout(() => {
    console.log(`stress: FAILED: the server has not answered or stopped 60 s after the end (a deadlock?)\n${srv.stderr().slice(-4000)}`);
    srv.proc.kill('SIGKILL');
    process.exit(1);
  }, (seconds + 60) * 1000);
  const call = async (what, method, url, body) => {
    try {
      const r = await api(srv.base, method, url, body);
      count(what, r.status);
      return r;
    } catch (e) {
      if (alive) problems.push(`${what}: ${e.message}`);
      return null;
    }
  };

  const b = await call('create', 'POST', '/api/games', { record: REVIEW_GAME, north: 'human' });
  if (!b || b.status !== 201) throw new Error(`cannot create game B: ${b && b.text}`);
  const B = b.body.id;

  const loopA = async () => {
    while (running()) {
      const a = await call('create', 'POST', '/api/games', { north: 'human' });
      if (!a || a.status !== 201) { await sleep(20); continue; }
      const id = a.body.id;
      await call('move', 'POST', `/api/games/${id}/moves`, { move: 'C' });
      await openAndClose(srv.base, `/api/games/${id}/analysis`);
      await call('delete', 'DELETE', `/api/games/${id}`);
    }
  };
  const loopB = async () => {
    while (running()) {
      await call('hint', 'GET', `/api/games/${B}/hint?movetime=10`);
      await call('review', 'POST', `/api/games/${B}/review`, { depth: 6, movetime: 10 });
      await call('review-delete', 'DELETE', `/api/games/${B}/review`);
    }
  };
  const loopHint = async () => {
    while (running()) await call('hint', 'GET', `/api/games/${B}/hint?movetime=10`);
  };
  const loopStats = async () => {
    while (running()) {
      await call('server', 'GET', '/api/server');
      await sleep(50);
    }
  };
  // A stream opened with optional headers, dropped after `ms` (or at once
  // when its first bytes come, at random).
  const dropStream = (url, headers, ms) => {
    const u = new URL(srv.base);
    return new Promise((resolve) => {
      const req = http.get({ host: u.hostname, port: u.port, path: url, headers }, (res) => {
        count('events', res.statusCode);
        const timer = setTimeout(() => req.destroy(), ms);
        if (Math.random() < 0.3) res.once('data', () => { clearTimeout(timer); req.destroy(); });
        res.on('data', () => {});
        res.on('error', () => {});
        res.on('close', () => { clearTimeout(timer); resolve(); });
      });
      req.on('error', () => resolve());
    });
  };
  const callAs = async (what, method, url, body, token) => {
    try {
      const r = await api(srv.base, method, url, body, token ? { Authorization: `Bearer ${token}` } : {});
      count(what, r.status);
      return r;
    } catch (e) {
      if (alive) problems.push(`${what}: ${e.message}`);
      return null;
    }
  };
  const loopFriend = async (clock) => {
    while (running()) {
      const made = await callAs('friend-create', 'POST', '/api/games',
        clock ? { north: 'friend', clock: { base: 1, increment: 0 } } : { north: 'friend', name: 'A' });
      if (!made || made.status !== 201) { await sleep(20); continue; }
      const id = made.body.id;
      const code = made.body.invite.split('/').pop();
      const joined = await callAs('invite', 'POST', `/api/invites/${code}`, { name: 'B' });
      if (!joined || joined.status !== 200) continue;
      const tokens = [made.body.token, joined.body.token];
      const streams = [
        dropStream(`/api/games/${id}/events`, { Authorization: `Bearer ${tokens[0]}` }, 50 + Math.random() * 300),
        dropStream(`/api/games/${id}/events?token=${tokens[1]}`, {}, 50 + Math.random() * 300),
        dropStream(`/api/games/${id}/events`, { 'Last-Event-ID': '1' }, Math.random() * 200),
      ];
      const moves = [['C', 'd'], ['B', 'e'], ['A', 'f'], ['E', 'c']];
      for (let k = 0; k < moves.length && running(); k++) {
        await callAs('friend-move', 'POST', `/api/games/${id}/moves`, { move: moves[k][0] }, tokens[0]);
        if (Math.random() < 0.3) await callAs('message', 'POST', `/api/games/${id}/messages`, { text: 'thanks' }, tokens[1]);
        if (Math.random() < 0.3) {
          await callAs('offer', 'POST', `/api/games/${id}/offers`, { kind: 'takeback' }, tokens[0]);
          await callAs('answer', 'POST', `/api/games/${id}/offers/answer`, { accept: Math.random() < 0.5 }, tokens[1]);
        }
        await callAs('friend-move', 'POST', `/api/games/${id}/moves`, { move: moves[k][1] }, tokens[1]);
        if (clock) await sleep(Math.random() * 400);
      }
      await callAs('resign', 'POST', `/api/games/${id}/resign`, {}, tokens[Math.random() < 0.5 ? 0 : 1]);
      await Promise.all(streams);
      await callAs('friend-delete', 'DELETE', `/api/games/${id}`, undefined, tokens[0]);
    }
  };
  await Promise.all([loopA(), loopA(), loopB(), loopB(), loopHint(), loopHint(), loopStats(),
    loopFriend(false), loopFriend(false), loopFriend(true)]);

  const elapsed = ((Date.now() - (end - seconds * 1000)) / 1000).toFixed(1);
  let failure = null;
  try {
    await srv.stop();
  } catch (e) {
    failure = e.message.split(':')[0];
  }
  clearTimeout(watchdog);
  const total = Object.values(counts).reduce((x, y) => x + y, 0);
  console.log(`stress: ${elapsed} s, ${total} requests`);
  for (const k of Object.keys(counts).sort()) console.log(`  ${k}: ${counts[k]}`);
  if (failure) {
    // The server's report (a sanitizer's, a crash) from its first line.
    const err = srv.stderr();
    const at = err.search(/={10,}|WARNING: ThreadSanitizer|ERROR: |runtime error/);
    console.log(`stress: FAILED: ${failure}\n${err.slice(at < 0 ? -4000 : at).split('\n').slice(0, 120).join('\n')}`);
    process.exit(1);
  }
  if (problems.length) {
    console.log(`stress: FAILED\n${[...new Set(problems)].slice(0, 20).join('\n')}`);
    process.exit(1);
  }
  console.log('stress: passed');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
