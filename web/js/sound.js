// sound.js - short sounds made on the spot with Web Audio (no recordings):
// a soft wooden tick for each seed sown, a brighter two-note clack for each
// pit captured, and a few notes at the end of a game (rising when the
// player wins, falling when they lose, level for a draw). The board tells
// what it animates (board.js: board-move, board-sow, board-capture events
// on its <svg>); app.js calls end(mood).
// The switch (#btn-sound, aria-pressed) is remembered in localStorage. No
// sound before the player has touched the page (the browsers' autoplay
// rule: the AudioContext is made in a click or a key press), none while
// the page is hidden (the context is suspended).
// Voices: a tick is a sine, a capture a triangle, the end a square through
// a low-pass filter.

const KEY = 'awale.sound';
let on = true;
try { on = localStorage.getItem(KEY) !== 'off'; } catch { /* private mode */ }
let ctx = null;     // made at the first gesture
let master = null;

const Ctx = () => window.AudioContext || window.webkitAudioContext;

// The context, made and resumed in a gesture (later calls only resume).
function unlock() {
  if (!on || document.hidden || !Ctx()) return;
  try {
    if (!ctx) {
      ctx = new (Ctx())();
      master = ctx.createGain();
      master.gain.value = 0.6;
      master.connect(ctx.destination);
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch { ctx = null; }
}

const ready = () => on && ctx && !document.hidden;

// One note: `type` wave at `freq` Hz from `at` seconds (after now), rising
// in `attack` and dying out over `decay`, at `gain`; optionally through a
// low-pass filter at `cutoff`.
function note({ type = 'sine', freq, at = 0, attack = 0.004, decay = 0.08, gain = 0.2, glide = 0, cutoff = 0 }) {
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (glide) osc.frequency.exponentialRampToValueAtTime(freq * glide, t0 + attack + decay);
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, t0);
  env.gain.exponentialRampToValueAtTime(gain, t0 + attack);
  env.gain.exponentialRampToValueAtTime(0.0001, t0 + attack + decay);
  let out = env;
  if (cutoff) {
    const f = ctx.createBiquadFilter();
    f.type = 'lowpass';
    f.frequency.value = cutoff;
    env.connect(f);
    out = f;
  }
  osc.connect(env);
  out.connect(master);
  osc.start(t0);
  osc.stop(t0 + attack + decay + 0.02);
}

// A seed sown: a short high tick, a little lower as the pit fills.
export function sow(count = 1) {
  if (!ready()) return;
  note({ freq: 1250 - Math.min(count, 20) * 18, decay: 0.045, gain: 0.12, glide: 0.7 });
}

// A pit captured: two quick rising notes, higher for a bigger capture.
export function capture(count = 2) {
  if (!ready()) return;
  const base = 520 + Math.min(count, 12) * 20;
  note({ type: 'triangle', freq: base, decay: 0.09, gain: 0.22 });
  note({ type: 'triangle', freq: base * 1.5, at: 0.07, decay: 0.16, gain: 0.2 });
}

// The end of a game: 'win', 'lose' or 'draw'.
export function end(mood) {
  if (!ready()) return;
  const tunes = {
    win: [523.25, 659.25, 783.99, 1046.5],
    lose: [392, 311.13, 261.63],
    draw: [440, 440],
  };
  (tunes[mood] || tunes.draw).forEach((freq, k) => note({ type: 'square', freq, at: k * 0.13, decay: 0.3, gain: 0.1, cutoff: 1800 }));
}

// ------------------------------------------------------------ the switch

function drawSwitch() {
  const b = document.getElementById('btn-sound');
  if (b) b.setAttribute('aria-pressed', on ? 'true' : 'false');
}

export function setOn(value) {
  on = !!value;
  try { localStorage.setItem(KEY, on ? 'on' : 'off'); } catch { /* private mode */ }
  drawSwitch();
  if (on) unlock();
  else if (ctx && ctx.state === 'running') ctx.suspend().catch(() => {});
}
export const isOn = () => on;

function wire() {
  drawSwitch();
  const b = document.getElementById('btn-sound');
  if (b) b.addEventListener('click', () => setOn(!on));
  for (const kind of ['pointerdown', 'keydown']) window.addEventListener(kind, unlock, true);
  document.addEventListener('visibilitychange', () => {
    if (!ctx) return;
    if (document.hidden) ctx.suspend().catch(() => {});
    else if (on) ctx.resume().catch(() => {});
  });
  const svg = document.getElementById('board');
  if (!svg) return;
  // Without the animation (reduced motion, speed 0) a move is one tick, and
  // the clack when it captured.
  svg.addEventListener('board-move', (e) => {
    const { report, animated } = e.detail;
    if (animated || report.pass) return;
    sow(1);
    if (report.captured) capture(report.captured);
  });
  svg.addEventListener('board-sow', (e) => sow(e.detail.count));
  svg.addEventListener('board-capture', (e) => capture(e.detail.count));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
else wire();
