// graph.js - the evaluation over the game: one point per position (South's
// view, in seeds, clipped at ±8; proven results at the edge), South's
// advantage filled above the middle line and North's below, the position
// on the board marked; a click goes to that position.

const NS = 'http://www.w3.org/2000/svg';
const VW = 360;
const VH = 120;
const CLIP = 8;
const PAD = 12; // the extremes kept off the edges (and the rounded corners)

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Graph {
  constructor(svg, onPick) {
    this.svg = svg;
    this.onPick = onPick;
    this.points = [];
    this.plies = 0;
    this.current = 0;
    svg.addEventListener('click', (e) => {
      if (!this.plies) return;
      const r = svg.getBoundingClientRect();
      const ply = Math.round(((e.clientX - r.left) / r.width) * this.plies);
      this.onPick(Math.max(0, Math.min(this.plies, ply)));
    });
  }

  // values: per ply, null or a score object (jsonout: "south" in hundredths).
  set(values, plies) {
    this.points = values;
    this.plies = plies;
    this.draw();
  }

  mark(ply) {
    this.current = ply;
    this.draw();
  }

  draw() {
    const svg = this.svg;
    svg.textContent = '';
    const mid = VH / 2;
    el('rect', { x: 0, y: 0, width: VW, height: mid, class: 'g-south-bg' }, svg);
    el('rect', { x: 0, y: mid, width: VW, height: mid, class: 'g-north-bg' }, svg);
    for (const v of [-4, 4]) el('line', { x1: 0, x2: VW, y1: mid - (v / CLIP) * (mid - PAD), y2: mid - (v / CLIP) * (mid - PAD), class: 'g-grid' }, svg);
    el('line', { x1: 0, x2: VW, y1: mid, y2: mid, class: 'g-mid' }, svg);
    const n = this.plies;
    if (!n) return;
    const x = (i) => (i / n) * VW;
    const y = (s) => {
      let v = s.south / 100;
      if (s.proven && v !== 0) v = Math.sign(v) * CLIP;
      v = Math.max(-CLIP, Math.min(CLIP, v));
      return mid - (v / CLIP) * (mid - PAD);
    };
    const known = [];
    this.points.forEach((p, i) => { if (p && p.score) known.push([x(i), y(p.score)]); });
    if (known.length >= 2) {
      const line = known.map(([a, b], i) => `${i ? 'L' : 'M'}${a.toFixed(1)} ${b.toFixed(1)}`).join(' ');
      const area = `${line} L${known[known.length - 1][0].toFixed(1)} ${mid} L${known[0][0].toFixed(1)} ${mid} Z`;
      const clipS = el('clipPath', { id: 'g-clip-s' }, svg);
      el('rect', { x: 0, y: 0, width: VW, height: mid }, clipS);
      const clipN = el('clipPath', { id: 'g-clip-n' }, svg);
      el('rect', { x: 0, y: mid, width: VW, height: mid }, clipN);
      el('path', { d: area, class: 'g-area-s', 'clip-path': 'url(#g-clip-s)' }, svg);
      el('path', { d: area, class: 'g-area-n', 'clip-path': 'url(#g-clip-n)' }, svg);
      el('path', { d: line, class: 'g-line' }, svg);
    }
    for (const [a, b] of known) el('circle', { cx: a, cy: b, r: 1.6, class: 'g-dot' }, svg);
    el('line', { x1: x(this.current), x2: x(this.current), y1: 0, y2: VH, class: 'g-now' }, svg);
  }
}
