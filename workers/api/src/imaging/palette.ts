/**
 * Palette reduction for PNG (the TinyPNG idea): median cut to at most 256 colours, then oxipng stores the picture
 * as an indexed PNG. The caller keeps the result only when it is smaller and its SSIM stays above a threshold.
 */
import type { Raster } from './raster';

interface Box {
  colours: number[][]; // [r, g, b, a, count]
}

const MAX_COLOURS = 256;

/** Histogram at 5 bits per colour channel and 4 for alpha: near-identical shades share one entry. */
function histogram(src: Raster): Map<number, number[]> {
  const h = new Map<number, number[]>();
  const d = src.data;
  for (let i = 0; i < d.length; i += 4) {
    const key = (((d[i] ?? 0) >> 3) << 14) | (((d[i + 1] ?? 0) >> 3) << 9) | (((d[i + 2] ?? 0) >> 3) << 4) | ((d[i + 3] ?? 0) >> 4);
    const e = h.get(key);
    if (e) {
      e[0] = (e[0] ?? 0) + (d[i] ?? 0);
      e[1] = (e[1] ?? 0) + (d[i + 1] ?? 0);
      e[2] = (e[2] ?? 0) + (d[i + 2] ?? 0);
      e[3] = (e[3] ?? 0) + (d[i + 3] ?? 0);
      e[4] = (e[4] ?? 0) + 1;
    } else h.set(key, [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0, d[i + 3] ?? 0, 1]);
  }
  return h;
}

function widest(box: Box): { channel: number; range: number } {
  let best = { channel: 0, range: -1 };
  for (let c = 0; c < 4; c++) {
    let lo = 255;
    let hi = 0;
    for (const col of box.colours) {
      const v = col[c] ?? 0;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi - lo > best.range) best = { channel: c, range: hi - lo };
  }
  return best;
}

function medianCut(colours: number[][]): number[][] {
  const boxes: Box[] = [{ colours }];
  while (boxes.length < MAX_COLOURS) {
    let pick = -1;
    let score = 0;
    boxes.forEach((b, i) => {
      if (b.colours.length < 2) return;
      const s = widest(b).range * Math.sqrt(b.colours.reduce((n, c) => n + (c[4] ?? 0), 0));
      if (s > score) [pick, score] = [i, s];
    });
    if (pick < 0) break;
    const box = boxes[pick] as Box;
    const { channel } = widest(box);
    box.colours.sort((a, b) => (a[channel] ?? 0) - (b[channel] ?? 0));
    const total = box.colours.reduce((n, c) => n + (c[4] ?? 0), 0);
    let acc = 0;
    let cut = 1;
    for (; cut < box.colours.length - 1; cut++) {
      acc += box.colours[cut - 1]?.[4] ?? 0;
      if (acc >= total / 2) break;
    }
    boxes.splice(pick, 1, { colours: box.colours.slice(0, cut) }, { colours: box.colours.slice(cut) });
  }
  return boxes.map((b) => {
    const n = b.colours.reduce((s, c) => s + (c[4] ?? 0), 0);
    return [0, 1, 2, 3].map((c) => Math.round(b.colours.reduce((s, col) => s + (col[c] ?? 0) * (col[4] ?? 0), 0) / n));
  });
}

function exactColoursAtMost(src: Raster, limit: number): boolean {
  const seen = new Set<number>();
  const px = new Uint32Array(src.data.buffer, src.data.byteOffset, src.width * src.height);
  for (const p of px) {
    seen.add(p);
    if (seen.size > limit) return false;
  }
  return true;
}

/** Returns the picture mapped to at most 256 colours, or null when it already has that few (nothing to gain). */
export function reducePalette(src: Raster): Raster | null {
  if (exactColoursAtMost(src, MAX_COLOURS)) return null;
  const h = histogram(src);
  const colours = [...h.values()].map((e) => {
    const n = e[4] ?? 1;
    return [(e[0] ?? 0) / n, (e[1] ?? 0) / n, (e[2] ?? 0) / n, (e[3] ?? 0) / n, n];
  });
  const palette = medianCut(colours);
  const nearest = new Map<number, number>();
  const out: Raster = { data: new Uint8ClampedArray(src.data.length), width: src.width, height: src.height };
  const d = src.data;
  for (let i = 0; i < d.length; i += 4) {
    const key = (((d[i] ?? 0) >> 3) << 14) | (((d[i + 1] ?? 0) >> 3) << 9) | (((d[i + 2] ?? 0) >> 3) << 4) | ((d[i + 3] ?? 0) >> 4);
    let idx = nearest.get(key);
    if (idx === undefined) {
      let best = Infinity;
      idx = 0;
      for (let p = 0; p < palette.length; p++) {
        const c = palette[p] as number[];
        const dist = ((d[i] ?? 0) - (c[0] ?? 0)) ** 2 + ((d[i + 1] ?? 0) - (c[1] ?? 0)) ** 2 + ((d[i + 2] ?? 0) - (c[2] ?? 0)) ** 2 + ((d[i + 3] ?? 0) - (c[3] ?? 0)) ** 2;
        if (dist < best) [best, idx] = [dist, p];
      }
      nearest.set(key, idx);
    }
    out.data.set(palette[idx] as number[], i);
  }
  return out;
}
