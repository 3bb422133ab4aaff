// board.js - the wooden board in SVG: two rows of six pits and a store at
// each end, seeds drawn in every pit with its count, the side to move lit,
// the last move marked, and the sowing animated seed by seed from the
// server's move report (take, sow, capture steps), so that the page shows
// exactly what the rules did without sowing anything itself. Each pit is a
// button named by its letter and count for a screen reader, the twelve one
// stop of the Tab key (a11y.js: PitKeys); the steps animated are told as
// events on the <svg> (sound.js listens).
import { sideName, pitLabel, storeLabel } from './i18n.js';
import { PitKeys } from './a11y.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 1000;
const COL_X = [222, 333, 444, 556, 667, 778];
const ROW_Y = { top: 172, bottom: 348 };
const PIT_R = 50;
const STORE = { left: 95, right: 905, cy: 260, rx: 60, ry: 168 };

// Pits left to right on each row, by the seat at the bottom and the
// sowing direction's display (counterclockwise, or its mirror).
const ORDER = {
  S: { ccw: { top: [11, 10, 9, 8, 7, 6], bottom: [0, 1, 2, 3, 4, 5] },
    cw: { top: [6, 7, 8, 9, 10, 11], bottom: [5, 4, 3, 2, 1, 0] } },
  N: { ccw: { top: [5, 4, 3, 2, 1, 0], bottom: [6, 7, 8, 9, 10, 11] },
    cw: { top: [0, 1, 2, 3, 4, 5], bottom: [11, 10, 9, 8, 7, 6] } },
};

export const pitName = (i) => (i < 6 ? 'ABCDEF'[i] : 'abcdef'[i - 6]);
const sideOfPit = (i) => (i < 6 ? 'S' : 'N');

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A small deterministic hash, for seed tones and turns.
function hash(a, b) {
  let h = (a * 374761393 + b * 668265263) ^ 0x5bd1e995;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

// Where the k-th seed of a pit lies (sunflower pattern: adding a seed never
// moves the others).
function seedSpot(k, cx, cy, sx = 1, sy = 1, salt = 0) {
  const r = Math.min(34, 10.5 * Math.sqrt(k + 0.4));
  const a = k * 2.39996 + salt * 1.7;
  const jitter = k > 22 ? 4 * (hash(k, salt) - 0.5) : 0;
  return { x: cx + (r * Math.cos(a) + jitter) * sx, y: cy + (r * Math.sin(a) + jitter) * sy };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Board {
  constructor(svg, { onPit, onDirection } = {}) {
    this.svg = svg;
    this.onPit = onPit;
    this.onDirection = onDirection;
    this.seat = 'S';
    this.cw = false;
    this.pits = new Array(12).fill(4);
    this.scores = [0, 0];
    this.token = 0;
    this.reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.build();
  }

  // ------------------------------------------------------------ geometry

  slot(pit) {
    const o = ORDER[this.seat][this.cw ? 'cw' : 'ccw'];
    let col = o.bottom.indexOf(pit);
    if (col >= 0) return { row: 'bottom', col };
    col = o.top.indexOf(pit);
    return { row: 'top', col };
  }

  pitXY(pit) {
    const s = this.slot(pit);
    return { x: COL_X[s.col], y: ROW_Y[s.row] };
  }

  // The bottom player's store lies at the end its seeds are sown towards.
  storeX(side) {
    const bottomRight = !this.cw;
    const right = side === this.seat ? bottomRight : !bottomRight;
    return right ? STORE.right : STORE.left;
  }

  // Screen direction (+1 right, -1 left) of counterclockwise sowing at a pit.
  ccwScreenDir(pit) {
    const here = this.pitXY(pit);
    const next = this.pitXY((pit + 1) % 12);
    if (next.y === here.y) return Math.sign(next.x - here.x);
    const prev = this.pitXY((pit + 11) % 12);
    return Math.sign(here.x - prev.x);
  }

  // ------------------------------------------------------------ drawing

  build() {
    const svg = this.svg;
    svg.textContent = '';
    const defs = el('defs', {}, svg);
    defs.innerHTML = `
      <linearGradient id="wood" x1="0" y1="0" x2="1" y2="0.25">
        <stop offset="0" stop-color="#8e4f24"/><stop offset="0.18" stop-color="#a9652f"/>
        <stop offset="0.42" stop-color="#97562a"/><stop offset="0.63" stop-color="#b06d36"/>
        <stop offset="0.86" stop-color="#945227"/><stop offset="1" stop-color="#a15d2c"/>
      </linearGradient>
      <linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#fff" stop-opacity="0.22"/>
        <stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
        <stop offset="1" stop-color="#000" stop-opacity="0.22"/>
      </linearGradient>
      <filter id="grain" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.0035 0.11" numOctaves="4" seed="11"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0.22  0 0 0 0 0.10  0 0 0 0 0.03  0 0 0 1.6 -0.62"/>
        <feComposite in2="SourceGraphic" operator="in"/>
      </filter>
      <radialGradient id="hole" cx="0.45" cy="0.36" r="0.68">
        <stop offset="0" stop-color="#2c170a"/><stop offset="0.72" stop-color="#4a2913"/>
        <stop offset="0.94" stop-color="#6b3d1c"/><stop offset="1" stop-color="#c78b55"/>
      </radialGradient>
      <radialGradient id="seed0" cx="0.35" cy="0.3" r="0.75">
        <stop offset="0" stop-color="#fbf6ea"/><stop offset="0.55" stop-color="#ddd0b6"/><stop offset="1" stop-color="#8f7f66"/>
      </radialGradient>
      <radialGradient id="seed1" cx="0.35" cy="0.3" r="0.75">
        <stop offset="0" stop-color="#f1ece4"/><stop offset="0.55" stop-color="#c9c2b4"/><stop offset="1" stop-color="#7d776c"/>
      </radialGradient>
      <radialGradient id="seed2" cx="0.35" cy="0.3" r="0.75">
        <stop offset="0" stop-color="#f6ead6"/><stop offset="0.55" stop-color="#d8c2a0"/><stop offset="1" stop-color="#8c7252"/>
      </radialGradient>
      <ellipse id="seed" rx="12" ry="9.2" />`;
    el('rect', { x: 14, y: 48, width: 972, height: 428, rx: 70, class: 'board-shadow' }, svg);
    el('rect', { x: 10, y: 40, width: 980, height: 440, rx: 70, fill: 'url(#wood)', class: 'wood' }, svg);
    el('rect', { x: 10, y: 40, width: 980, height: 440, rx: 70, fill: '#000', filter: 'url(#grain)', class: 'grain' }, svg);
    el('rect', { x: 10, y: 40, width: 980, height: 440, rx: 70, fill: 'url(#sheen)' }, svg);
    el('rect', { x: 16, y: 46, width: 968, height: 428, rx: 64, class: 'bevel' }, svg);
    el('line', { x1: 160, y1: 260, x2: 840, y2: 260, class: 'midline' }, svg);

    this.rowGlow = {};
    for (const row of ['top', 'bottom'])
      this.rowGlow[row] = el('rect', { x: 163, y: ROW_Y[row] - 62, width: 674, height: 124, rx: 62, class: 'row-glow' }, svg);

    this.storeEls = {};
    for (const side of ['S', 'N']) {
      const g = el('g', { class: 'store', role: 'img' }, svg);
      const hole = el('ellipse', { cx: 0, cy: STORE.cy, rx: STORE.rx, ry: STORE.ry, fill: 'url(#hole)', class: 'hole' }, g);
      const seeds = el('g', { class: 'seeds' }, g);
      const badge = el('g', { class: 'store-badge', transform: `translate(0 ${STORE.cy + STORE.ry - 60})` }, g);
      const inner = el('g', { class: 'badge-in' }, badge);
      el('rect', { x: -34, y: -22, width: 68, height: 44, rx: 22 }, inner);
      const count = el('text', { x: 0, y: 10, 'text-anchor': 'middle' }, inner);
      const label = el('text', { x: 0, y: 0, 'text-anchor': 'middle', class: 'store-label' }, g);
      this.storeEls[side] = { g, hole, seeds, count, label, shown: -1 };
    }

    this.pitEls = [];
    for (let i = 0; i < 12; i++) {
      const g = el('g', { class: 'pit', 'data-pit': i, tabindex: -1, role: 'button' }, svg);
      const ring = el('circle', { r: PIT_R + 9, class: 'ring' }, g);
      const hole = el('circle', { r: PIT_R, fill: 'url(#hole)', class: 'hole' }, g);
      const seeds = el('g', { class: 'seeds' }, g);
      const badge = el('g', { class: 'badge' }, g);
      const inner = el('g', { class: 'badge-in' }, badge);
      el('rect', { x: -24, y: -19, width: 48, height: 38, rx: 19 }, inner);
      const count = el('text', { x: 0, y: 10, 'text-anchor': 'middle' }, inner);
      const letter = el('text', { 'text-anchor': 'middle', class: 'letter', 'aria-hidden': 'true' }, svg);
      g.addEventListener('click', () => this.onPit && this.onPit(i));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          if (this.onPit) this.onPit(i);
        }
      });
      this.pitEls.push({ g, ring, hole, seeds, badge, count, letter, shown: -1 });
    }
    this.dirLayer = el('g', { class: 'directions' }, svg);
    this.handLayer = el('g', { class: 'hand-layer', 'aria-hidden': 'true' }, svg);
    this.flyLayer = el('g', { class: 'fly-layer', 'aria-hidden': 'true' }, svg);
    this.keys = new PitKeys(this);
    this.layout();
    // Small boards (a phone) get larger counts and letters.
    if (window.ResizeObserver)
      new ResizeObserver(() => this.svg.classList.toggle('compact', this.svg.getBoundingClientRect().width < 640)).observe(this.svg);
  }

  // The words on the board, in the page's language.
  relabel() {
    for (const side of ['S', 'N']) this.storeEls[side].label.textContent = sideName(side);
  }

  // Place pits and stores for the seat and the direction.
  layout() {
    for (let i = 0; i < 12; i++) {
      const p = this.pitEls[i];
      const { x, y } = this.pitXY(i);
      const top = this.slot(i).row === 'top';
      p.g.setAttribute('transform', `translate(${x} ${y})`);
      p.badge.setAttribute('transform', `translate(0 ${top ? -84 : 84})`);
      p.letter.setAttribute('x', x);
      p.letter.setAttribute('y', top ? 26 : 508);
      p.letter.textContent = pitName(i);
      p.shown = -1;
    }
    for (const side of ['S', 'N']) {
      const s = this.storeEls[side];
      const x = this.storeX(side);
      s.g.setAttribute('transform', `translate(${x} 0)`);
      s.label.setAttribute('y', side === this.seat ? 508 : 26);
      s.label.textContent = sideName(side);
      s.shown = -1;
    }
  }

  setView(seat, cw) {
    if (seat === this.seat && cw === this.cw) return;
    this.seat = seat;
    this.cw = cw;
    this.layout();
    this.drawCounts();
  }

  seedEl(parent, k, x, y, salt) {
    const tone = Math.floor(hash(k, salt) * 3);
    const rot = Math.floor(hash(salt, k) * 180);
    return el('use', { href: '#seed', fill: `url(#seed${tone})`, class: 'seed', transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot})` }, parent);
  }

  drawPit(i, animateLast = false) {
    const p = this.pitEls[i];
    const n = this.pits[i];
    p.count.textContent = n;
    p.g.setAttribute('aria-label', pitLabel(pitName(i), n));
    if (p.shown === n) return;
    const shown = Math.min(n, 36);
    if (p.shown < 0 || p.shown > shown || p.shown > 36) {
      p.seeds.textContent = '';
      p.shown = 0;
    }
    for (let k = p.shown; k < shown; k++) {
      const s = seedSpot(k, 0, 0, 1, 1, i);
      const e = this.seedEl(p.seeds, k, s.x, s.y, i * 7 + 1);
      if (animateLast && k === shown - 1 && !this.reduced) e.classList.add('drop');
    }
    p.shown = shown;
  }

  drawStore(side) {
    const s = this.storeEls[side];
    const n = this.scores[side === 'S' ? 0 : 1];
    s.count.textContent = n;
    s.g.setAttribute('aria-label', storeLabel(sideName(side), n));
    if (s.shown === n) return;
    if (s.shown < 0 || s.shown > n) {
      s.seeds.textContent = '';
      s.shown = 0;
    }
    for (let k = s.shown; k < Math.min(n, 48); k++) {
      const p = seedSpot(k, 0, STORE.cy - 22, 0.9, 2.3, side === 'S' ? 3 : 5);
      this.seedEl(s.seeds, k, p.x, p.y, side === 'S' ? 101 : 202);
    }
    s.shown = n;
  }

  drawCounts() {
    for (let i = 0; i < 12; i++) this.drawPit(i);
    this.drawStore('S');
    this.drawStore('N');
  }

  // The whole view at once: position, whose turn, what can be played, marks.
  render(view) {
    this.token++;
    this.relabel();
    this.handLayer.textContent = '';
    this.flyLayer.textContent = '';
    this.pits = view.pits.slice();
    this.scores = view.scores.slice();
    this.drawCounts();
    this.mark(view);
  }

  mark(view) {
    const legal = new Set(view.legalPits || []);
    for (let i = 0; i < 12; i++) {
      const p = this.pitEls[i];
      const playable = view.interactive && legal.has(i);
      p.g.classList.toggle('playable', playable);
      p.g.classList.toggle('mover', view.toMove === sideOfPit(i));
      p.g.classList.toggle('last', view.last && view.last.pit === i);
      p.g.classList.toggle('captured', !!(view.last && view.last.captured.includes(i)));
      p.g.classList.toggle('hinted', view.hint === i);
      p.g.classList.toggle('selected', view.selected === i);
      p.g.setAttribute('aria-disabled', playable ? 'false' : 'true');
    }
    this.keys.rove();
    for (const row of ['top', 'bottom']) {
      const side = row === 'bottom' ? this.seat : (this.seat === 'S' ? 'N' : 'S');
      this.rowGlow[row].classList.toggle('on', view.toMove === side);
      this.storeEls[side].g.classList.toggle('on', view.toMove === side);
    }
    this.showDirections(view.selected !== undefined && view.selected !== null ? view.selected : null, view.hintDir);
  }

  // Relay: the two directions of a chosen pit, as two pills in the gap
  // between the rows on the pit's side (never over a store, a count or
  // another pit), each with its arrow and its notation ("A+"); larger on
  // a small board (the compact class).
  showDirections(pit, hintDir) {
    this.dirLayer.textContent = '';
    if (pit === null || pit === undefined) return;
    const { x } = this.pitXY(pit);
    const top = this.slot(pit).row === 'top';
    const cy = top ? ROW_Y.top + 86 : ROW_Y.bottom - 86;
    const ccw = this.ccwScreenDir(pit);
    for (const screen of [-1, 1]) {
      const dir = screen === ccw ? '+' : '-';
      const g = el('g', { class: `dir${hintDir === dir ? ' hinted' : ''}`, role: 'button', tabindex: 0,
        transform: `translate(${x + screen * 40} ${cy})`,
        'aria-label': `${pitName(pit)}${dir}` }, this.dirLayer);
      const inner = el('g', { class: `dir-in ${screen > 0 ? 'right' : 'left'}` }, g);
      el('rect', { x: -37, y: -25, width: 74, height: 50, rx: 25 }, inner);
      el('path', { d: screen > 0 ? 'M15 -11 L31 0 L15 11 Z' : 'M-15 -11 L-31 0 L-15 11 Z' }, inner);
      const text = el('text', { x: screen * -7, y: 8, 'text-anchor': 'middle' }, inner);
      text.textContent = `${pitName(pit)}${dir}`;
      const choose = (e) => {
        e.stopPropagation();
        if (this.onDirection) this.onDirection(pit, dir);
      };
      g.addEventListener('click', choose);
      g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') choose(e); });
    }
  }

  // ------------------------------------------------------------ animation

  // Animate one move from the position before it; resolves when done (or
  // when another render takes over). speed: ms per seed sown (0: none).
  async animate(report, before, speed) {
    const token = ++this.token;
    this.pits = before.pits.slice();
    this.scores = before.scores.slice();
    this.drawCounts();
    this.handLayer.textContent = '';
    const animated = !!report.steps && speed > 0 && !this.reduced;
    this.emit('move', { report, animated });
    if (!animated) return;
    const steps = report.steps;
    const sows = steps.filter((s) => s[0] === 'sow').length || 1;
    const d = sows > 30 ? Math.max(22, (speed * 30) / sows) : speed;
    const mover = report.side;
    const hand = el('g', { class: 'hand' }, this.handLayer);
    el('circle', { r: 24 }, hand);
    const handText = el('text', { y: 9, 'text-anchor': 'middle' }, hand);
    let inHand = 0;
    let at = null;
    const moveHand = (pit) => {
      const { x, y } = this.pitXY(pit);
      const top = this.slot(pit).row === 'top';
      const to = `translate(${x}px, ${y + (top ? -8 : 8)}px)`;
      if (at === null || this.reduced) hand.style.transform = to;
      else hand.animate([{ transform: hand.style.transform }, { transform: to }], { duration: Math.min(160, d * 0.8), easing: 'ease-out' });
      hand.style.transform = to;
      at = pit;
    };
    for (const [kind, pit, count] of steps) {
      if (token !== this.token) return;
      const p = this.pitEls[pit];
      if (kind === 'take') {
        moveHand(pit);
        inHand += count;
        for (const s of p.seeds.children) s.animate([{ opacity: 1 }, { opacity: 0 }], { duration: d, fill: 'forwards' });
        await sleep(d * 0.9);
        this.pits[pit] = 0;
        p.shown = -1;
        this.drawPit(pit);
        p.g.classList.add('taking');
        setTimeout(() => p.g.classList.remove('taking'), d * 4);
      } else if (kind === 'sow') {
        moveHand(pit);
        inHand = Math.max(0, inHand - 1);
        this.pits[pit] = count;
        this.drawPit(pit, true);
        this.emit('sow', { pit, count });
        p.g.classList.add('sown');
        setTimeout(() => p.g.classList.remove('sown'), d * 2);
        await sleep(d);
      } else {
        p.g.classList.add('capturing');
        await sleep(d * 1.4);
        if (token !== this.token) return;
        this.emit('capture', { pit, count });
        await this.fly(pit, mover, d * 3);
        if (token !== this.token) return;
        this.pits[pit] = 0;
        p.shown = -1;
        this.drawPit(pit);
        this.scores[mover === 'S' ? 0 : 1] += count;
        this.drawStore(mover);
        p.g.classList.remove('capturing');
      }
      handText.textContent = inHand;
      hand.classList.toggle('empty', inHand === 0);
    }
    await sleep(d);
    if (token === this.token) this.handLayer.textContent = '';
  }

  // What the animation does, told to whoever listens on the board's
  // <svg> (sound.js): 'board-move' (report, animated: whether its steps
  // follow), 'board-sow' and 'board-capture' (pit, count) step by step.
  emit(kind, detail) {
    this.svg.dispatchEvent(new CustomEvent(`board-${kind}`, { detail }));
  }

  // Seeds of a pit fly into the mover's store.
  async fly(pit, side, ms) {
    const p = this.pitEls[pit];
    const from = this.pitXY(pit);
    const sx = this.storeX(side);
    const seeds = [...p.seeds.children];
    const anims = [];
    seeds.forEach((s, k) => {
      const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(s.getAttribute('transform'));
      const x0 = from.x + Number(m[1]);
      const y0 = from.y + Number(m[2]);
      const dest = seedSpot(this.scores[side === 'S' ? 0 : 1] + k, sx, STORE.cy - 22, 0.9, 2.3, side === 'S' ? 3 : 5);
      const f = this.seedEl(this.flyLayer, k, 0, 0, 99);
      f.removeAttribute('transform');
      f.style.transform = `translate(${x0}px, ${y0}px)`;
      anims.push(f.animate([
        { transform: `translate(${x0}px, ${y0}px)` },
        { transform: `translate(${(x0 + dest.x) / 2}px, ${Math.min(y0, dest.y) - 60}px) scale(1.15)` },
        { transform: `translate(${dest.x}px, ${dest.y}px)` },
      ], { duration: ms, easing: 'ease-in-out', delay: k * 18, fill: 'forwards' }).finished.catch(() => {}));
    });
    p.seeds.textContent = '';
    p.shown = 0;
    await Promise.all(anims);
    this.flyLayer.textContent = '';
  }
}
