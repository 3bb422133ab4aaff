// bench-explorer.mjs [N] - the opening explorer's figures (docs/explorer.md):
// N (1000) finished games between two people, random moves for 10 to 39
// plies then an end by agreement, kept in a fresh database by `awale serve`
// ($AWALE, else build/release/awale); then the server started again and the
// time of the first explorer answer (the index built from the database) and
// of the next ones.
import { startServer, api } from '../tests/api/server.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
const N = Number(process.argv[2] || 1000);
const dir = mkdtempSync(path.join(tmpdir(), 'awale-explorer-'));
const db = path.join(dir, 'games.db');
let srv = await startServer(['--db', db, '--tables', 'none', '--max-games', '5000', '--client-games', '5000']);
let seed = 1;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed >> 16) % n; };
const t0 = Date.now();
for (let g = 0; g < N; g++) {
  const c = await api(srv.base, 'POST', '/api/games', { south: 'human', north: 'human' });
  let st = c.body;
  const plies = 10 + rnd(30);
  for (let k = 0; k < plies && st.status === 'ongoing'; k++) {
    st = (await api(srv.base, 'POST', `/api/games/${st.id}/moves`, { move: st.legal[rnd(st.legal.length)] })).body;
  }
  if (st.status === 'ongoing') {
    await api(srv.base, 'POST', `/api/games/${st.id}/agree`, { side: st.to_move });
    await api(srv.base, 'POST', `/api/games/${st.id}/agree`, { side: st.to_move, accepted: true });
  }
  await api(srv.base, 'DELETE', `/api/games/${st.id}`);
}
console.log(`${N} games made in ${Date.now() - t0} ms`);
await srv.stop();
srv = await startServer(['--db', db, '--tables', 'none']);
let t = Date.now();
const r = await api(srv.base, 'GET', '/api/explorer');
console.log(`first answer (index built from the database): ${Date.now() - t} ms; total ${r.body.games.total}, counted ${r.body.games.counted}`);
t = Date.now();
for (let i = 0; i < 100; i++) await api(srv.base, 'GET', '/api/explorer?position=4-4-4-4-4-0-5-5-5-5-4-4-0-0-N');
console.log(`next answers: ${(Date.now() - t) / 100} ms each`);
const s = (await api(srv.base, 'GET', '/api/server')).body;
console.log('db', JSON.stringify(s.database));
await srv.stop();
rmSync(dir, { recursive: true, force: true });
