// web-icons.mjs - the page's app icons, drawn here as PNG files with no
// tool but node: the logo of web/favicon.svg (a wooden board with two pits
// and three seeds) redrawn by a small rasteriser (16 samples a pixel, the
// same shapes and gradients as the SVG) and written by a small PNG encoder
// (zlib's deflate). Used by scripts/web-static-finish.mjs; on its own:
//   node scripts/web-icons.mjs DIR   writes the icons into DIR
// Each icon: the logo on the page's background colour (--bg of
// web/css/style.css), in a rounded square ("any": launchers show it as it
// is) or full-bleed (the maskable icon, whose logo stays inside the centre
// circle of 80% that every mask keeps, and Apple's touch icon, which iOS
// rounds itself).
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const BACKGROUND = '#f4eee3'; // --bg of the light theme
export const THEME = '#b85a24';      // --accent

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * Math.min(1, Math.max(0, t)));

// The logo in the 32-unit square of favicon.svg: shapes painted in order,
// each an inside test and a colour at a point.
function insideRoundRect(x, y, x0, y0, w, h, r) {
  if (x < x0 || y < y0 || x > x0 + w || y > y0 + h) return false;
  const cx = Math.min(Math.max(x, x0 + r), x0 + w - r);
  const cy = Math.min(Math.max(y, y0 + r), y0 + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
const WOOD = [rgb('#b8743a'), rgb('#7d4620')];
const PIT = [rgb('#3b1f0c'), rgb('#6b3c1a')];
function circle(cx, cy, r, colour) {
  return { inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, colour };
}
// The pits' radial gradient: centre (0.42, 0.35) and radius 0.7 of each
// circle's box, as in the SVG.
const pit = (cx, cy) => {
  const gx = cx - 6 + 0.42 * 12, gy = cy - 6 + 0.35 * 12, gr = 0.7 * 12;
  return circle(cx, cy, 6, (x, y) => mix(PIT[0], PIT[1], Math.hypot(x - gx, y - gy) / gr));
};
const LOGO = [
  { inside: (x, y) => insideRoundRect(x, y, 1, 6, 30, 20, 7), colour: (x, y) => mix(WOOD[0], WOOD[1], (y - 6) / 20) },
  pit(10, 16),
  pit(22, 16),
  circle(8.5, 15, 1.8, () => rgb('#efe4cf')),
  circle(11.5, 17.2, 1.8, () => rgb('#d9cbb0')),
  circle(22, 15.5, 1.8, () => rgb('#efe4cf')),
];

// An icon of size×size pixels: the background (a rounded square, or the
// whole square when fullBleed) and the logo `logo` pixels wide, centred.
export function drawIcon(size, { fullBleed = false, logo = 0.8 } = {}) {
  const bg = rgb(BACKGROUND);
  const scale = (logo * size) / 30;            // pixels per logo unit (the board is 30 wide)
  const ox = size / 2 - 16 * scale, oy = size / 2 - 16 * scale;
  const radius = size * 0.2;
  const px = Buffer.alloc(size * size * 4);
  const N = 4;                                   // 4×4 samples a pixel
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sj = 0; sj < N; sj++) {
        for (let si = 0; si < N; si++) {
          const x = i + (si + 0.5) / N, y = j + (sj + 0.5) / N;
          let c = null;
          if (fullBleed || insideRoundRect(x, y, 0, 0, size, size, radius)) c = bg;
          const u = (x - ox) / scale, v = (y - oy) / scale;
          for (const s of LOGO) if (s.inside(u, v)) c = s.colour(u, v);
          if (c) { r += c[0]; g += c[1]; b += c[2]; a += 1; }
        }
      }
      const o = (j * size + i) * 4;
      if (a) { px[o] = Math.round(r / a); px[o + 1] = Math.round(g / a); px[o + 2] = Math.round(b / a); }
      px[o + 3] = Math.round((255 * a) / (N * N));
    }
  }
  return encodePng(size, size, px);
}

// PNG: 8-bit RGBA, no filter, one IDAT.
const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf) {
  let c = -1;
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;  // bits per channel
  ihdr[9] = 6;  // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The icons the manifest and index.html name, by file name.
export const ICONS = {
  'icons/icon-192.png': () => drawIcon(192),
  'icons/icon-512.png': () => drawIcon(512),
  'icons/maskable-512.png': () => drawIcon(512, { fullBleed: true, logo: 0.62 }),
  'icons/apple-touch-icon.png': () => drawIcon(180, { fullBleed: true, logo: 0.78 }),
};

export function writeIcons(dir) {
  mkdirSync(join(dir, 'icons'), { recursive: true });
  for (const [name, draw] of Object.entries(ICONS)) writeFileSync(join(dir, name), draw());
  return Object.keys(ICONS);
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  if (process.argv.length !== 3) {
    console.error('usage: node scripts/web-icons.mjs DIR');
    process.exit(2);
  }
  writeIcons(process.argv[2]);
}
