// sse_scale.mjs - N event streams on tests/load/sse_scale.c from many
// loopback addresses (100 streams each): how many are open, how many
// receive each event, and the delay from an event's sending to its
// arrival (p50, p99, max) over the run. Exit status 1 when a stream failed
// or missed an event.
//   node tests/load/sse_scale.mjs PORT STREAMS SECONDS
import http from 'node:http';

const [port, streams, seconds] = process.argv.slice(2).map(Number);
const delays = [];
const got = new Map(); // event number -> streams that received it
let open = 0;
let failed = 0;
const reqs = [];
const address = (i) => `127.3.${(i / 100) >> 8 & 255}.${1 + ((i / 100) & 255)}`;

function connect(i) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false, localAddress: address(i) }, (res) => {
      open++;
      resolve();
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (d) => {
        buf += d;
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const m = block.match(/^data: (.*)$/m);
          if (!m) continue;
          const e = JSON.parse(m[1]);
          delays.push(Date.now() - e.t);
          got.set(e.n, (got.get(e.n) || 0) + 1);
        }
      });
      res.on('error', () => { failed++; });
    });
    req.on('error', (e) => { failed++; console.log(`stream ${i}: ${e.code}`); resolve(); });
    reqs.push(req);
  });
}

const t0 = Date.now();
for (let i = 0; i < streams; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, streams - i) }, (_, k) => connect(i + k)));
}
console.log(`${open} of ${streams} streams open in ${Date.now() - t0} ms`);
const first = Math.max(0, ...got.keys()) + 1;
await new Promise((r) => setTimeout(r, seconds * 1000));
for (const r of reqs) r.destroy();
const sorted = delays.sort((a, b) => a - b);
const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const full = [...got].filter(([n, c]) => n > first && c === open).length;
const events = [...got.keys()].filter((n) => n > first).length;
console.log(`events: ${events} after all were open, ${full} received by every stream; ` +
  `delay p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${sorted[sorted.length - 1]} ms; failed ${failed}`);
process.exit(failed || full < events - 1 ? 1 : 0);
