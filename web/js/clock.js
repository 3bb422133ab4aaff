// clock.js - the two clocks as the page shows them: the server's times
// (state.clock, and the stream's clock events) counted down between updates
// for the side whose clock runs. The server alone decides when a flag
// falls; at zero the page only asks it for the game again (onZero).
let clock = null;   // {base_ms, increment_ms, remaining_ms: {S, N}, running}
let at = 0;         // performance.now() when it was received
let timer = null;
let boxes = {};     // side -> the element showing its time
let onZero = null;
let zeroSent = false;

// The time left of a side now (ms).
export function left(side) {
  if (!clock) return null;
  const r = clock.remaining_ms[side];
  return clock.running === side ? Math.max(0, r - (performance.now() - at)) : r;
}

// "4:59", "1:02:00", "0:09.4" (tenths under 10 s).
export function format(ms) {
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function draw() {
  for (const side of ['S', 'N']) {
    const el = boxes[side];
    if (!el) continue;
    if (!clock) {
      el.hidden = true;
      continue;
    }
    const ms = left(side);
    el.hidden = false;
    el.textContent = format(ms);
    el.classList.toggle('running', clock.running === side);
    // Low time: under a tenth of the base, at most 30 s, at least 10 s.
    el.classList.toggle('low', ms < Math.max(10000, Math.min(30000, clock.base_ms / 10)));
  }
  if (clock && clock.running && left(clock.running) <= 0 && !zeroSent) {
    zeroSent = true;
    if (onZero) onZero();
  }
}

// The clock of the state shown (null: none), and where to show it: the
// player boxes' clock elements by side.
export function set(next, where, zero) {
  clock = next ? { ...next, remaining_ms: { ...next.remaining_ms } } : null;
  at = performance.now();
  boxes = where;
  onZero = zero;
  zeroSent = false;
  clearInterval(timer);
  timer = null;
  if (clock && clock.running) timer = setInterval(draw, 100);
  draw();
}

// A clock event of the stream: {remaining: {S, N}, running}.
export function update(ev) {
  if (!clock) return;
  set({ ...clock, remaining_ms: ev.remaining || ev.remaining_ms || clock.remaining_ms, running: ev.running ?? null }, boxes, onZero);
}

export const shown = () => !!clock;
