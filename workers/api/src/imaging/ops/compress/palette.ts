/**
 * Palette reduction for PNG (the TinyPNG idea): at most 256 colours chosen by a variance-driven median cut refined
 * with a few k-means passes, each pixel mapped to its nearest palette colour (no dithering: dither noise costs bytes
 * and faithfulness on flat pictures), then stored as an indexed PNG (indexed-png.ts). The caller keeps the result
 * only where it is smaller and the judge cannot see the difference (choices.ts `losslessPng`, ADR 0164).
 *
 * Pictures of up to EXACT_LIMIT distinct colours (screenshots, diagrams, UI: the case this is for) are quantised on
 * their exact colours; busier ones on a histogram of 5 bits per colour channel and 4 for alpha, which bounds the work.
 * The passes over the pixels run in slices (ADR 0122): a 2 MP screenshot is about three slices of work.
 */
import type { Raster } from '../../codecs/raster';
import { PALETTE_MS_PER_MP, SLICE_BUDGET_MS, yieldToEventLoop } from '../../slices';

const MAX_COLOURS = 256;
const EXACT_LIMIT = 1 << 15;
/** k-means passes on exact colours; binned pictures (photos, up to 2^19 bins) get the median cut alone. */
const KMEANS_PASSES = 4;

/** The distinct colours (or histogram bins) of a picture: weighted mean RGBA per entry and its pixel count. */
interface Colours {
  /** pixel → entry: the pixel's own value in exact mode, its bin in binned mode. */
  keyOf: (pixel: number) => number;
  index: Map<number, number>;
  rgba: Float64Array; // 4 per entry
  count: Float64Array;
}

const binKey = (p: number) =>
  (((p & 0xff) >> 3) << 14) | ((((p >>> 8) & 0xff) >> 3) << 9) | ((((p >>> 16) & 0xff) >> 3) << 4) | ((p >>> 24) >> 4);

/** Pixels one slice of a pass over the picture handles (the whole reduction is PALETTE_MS_PER_MP; a pass is part of it). */
const SLICE_PIXELS = Math.floor((SLICE_BUDGET_MS / PALETTE_MS_PER_MP) * 1_000_000);

async function collect(px: Uint32Array, keyOf: (pixel: number) => number, limit: number): Promise<Colours | null> {
  const index = new Map<number, number>();
  const sums: number[] = [];
  for (let i = 0; i < px.length; i++) {
    if (i > 0 && i % SLICE_PIXELS === 0) await yieldToEventLoop();
    const p = px[i]!;
    const key = keyOf(p);
    let e = index.get(key);
    if (e === undefined) {
      if (index.size >= limit) return null;
      e = index.size;
      index.set(key, e);
      sums.push(0, 0, 0, 0, 0);
    }
    const o = e * 5;
    sums[o] = sums[o]! + (p & 0xff);
    sums[o + 1] = sums[o + 1]! + ((p >>> 8) & 0xff);
    sums[o + 2] = sums[o + 2]! + ((p >>> 16) & 0xff);
    sums[o + 3] = sums[o + 3]! + (p >>> 24);
    sums[o + 4] = sums[o + 4]! + 1;
  }
  const n = index.size;
  const rgba = new Float64Array(n * 4);
  const count = new Float64Array(n);
  for (let e = 0; e < n; e++) {
    const c = sums[e * 5 + 4]!;
    count[e] = c;
    for (let k = 0; k < 4; k++) rgba[e * 4 + k] = sums[e * 5 + k]! / c;
  }
  return { keyOf, index, rgba, count };
}

interface Box {
  entries: number[];
  sse: number;
}

/** Weighted squared error of a set of entries around their mean, and the channel with the largest spread. */
function spread(c: Colours, entries: number[]): { sse: number; channel: number } {
  let w = 0;
  const s = [0, 0, 0, 0];
  const s2 = [0, 0, 0, 0];
  for (const e of entries) {
    const n = c.count[e]!;
    w += n;
    for (let k = 0; k < 4; k++) {
      const v = c.rgba[e * 4 + k]!;
      s[k]! += v * n;
      s2[k]! += v * v * n;
    }
  }
  let sse = 0;
  let channel = 0;
  let widest = -1;
  for (let k = 0; k < 4; k++) {
    const err = s2[k]! - (s[k]! * s[k]!) / w;
    sse += err;
    if (err > widest) [widest, channel] = [err, k];
  }
  return { sse: Math.max(0, sse), channel };
}

/** Splits the box along its widest channel where the two halves' summed squared error along it is least. */
function split(c: Colours, box: Box): [Box, Box] {
  const { channel } = spread(c, box.entries);
  const sorted = [...box.entries].sort((a, b) => c.rgba[a * 4 + channel]! - c.rgba[b * 4 + channel]!);
  let totalW = 0;
  let totalS = 0;
  let totalS2 = 0;
  for (const e of sorted) {
    const n = c.count[e]!;
    const v = c.rgba[e * 4 + channel]!;
    totalW += n;
    totalS += v * n;
    totalS2 += v * v * n;
  }
  let w = 0;
  let s = 0;
  let s2 = 0;
  let cut = 1;
  let best = Infinity;
  for (let i = 0; i < sorted.length - 1; i++) {
    const e = sorted[i]!;
    const n = c.count[e]!;
    const v = c.rgba[e * 4 + channel]!;
    w += n;
    s += v * n;
    s2 += v * v * n;
    const rw = totalW - w;
    const err = s2 - (s * s) / w + (totalS2 - s2) - ((totalS - s) * (totalS - s)) / rw;
    if (err < best) [best, cut] = [err, i + 1];
  }
  const a = sorted.slice(0, cut);
  const b = sorted.slice(cut);
  return [
    { entries: a, sse: spread(c, a).sse },
    { entries: b, sse: spread(c, b).sse },
  ];
}

function medianCut(c: Colours): Float64Array {
  const all = Array.from({ length: c.count.length }, (_, i) => i);
  const boxes: Box[] = [{ entries: all, sse: spread(c, all).sse }];
  while (boxes.length < MAX_COLOURS) {
    let pick = -1;
    for (let i = 0; i < boxes.length; i++) {
      const b = boxes[i]!;
      if (b.entries.length > 1 && b.sse > 0 && (pick < 0 || b.sse > boxes[pick]!.sse)) pick = i;
    }
    if (pick < 0) break;
    boxes.splice(pick, 1, ...split(c, boxes[pick]!));
  }
  const palette = new Float64Array(boxes.length * 4);
  boxes.forEach((b, p) => {
    let w = 0;
    for (const e of b.entries) w += c.count[e]!;
    for (const e of b.entries)
      for (let k = 0; k < 4; k++) palette[p * 4 + k]! += (c.rgba[e * 4 + k]! * c.count[e]!) / w;
  });
  return palette;
}

/**
 * The palette colour closest to entry `e` (squared distance over RGBA; the first of equals). A candidate is dropped
 * as soon as its partial sum reaches the best so far: the terms are squares, so the rest could only add to it, and the
 * sum is taken in the same order as a whole one, so the choice is the same as comparing every full distance.
 */
function nearest(palette: Float64Array, rgba: Float64Array, e: number): number {
  let best = Infinity;
  let idx = 0;
  const r = rgba[e * 4]!;
  const g = rgba[e * 4 + 1]!;
  const b = rgba[e * 4 + 2]!;
  const a = rgba[e * 4 + 3]!;
  for (let p = 0; p < palette.length; p += 4) {
    let d = (r - palette[p]!) ** 2;
    if (d >= best) continue;
    d += (g - palette[p + 1]!) ** 2;
    if (d >= best) continue;
    d += (b - palette[p + 2]!) ** 2;
    if (d >= best) continue;
    d += (a - palette[p + 3]!) ** 2;
    if (d < best) {
      best = d;
      idx = p >> 2;
    }
  }
  return idx;
}

/** Lloyd passes: every entry to its nearest palette colour, every palette colour to the weighted mean of its entries. */
async function refine(c: Colours, palette: Float64Array, passes: number): Promise<Int32Array> {
  const n = c.count.length;
  const assign = new Int32Array(n);
  for (let pass = 0; ; pass++) {
    // A pass over 32,768 colours and 256 palette entries is about 40 ms: one turn each.
    await yieldToEventLoop();
    for (let e = 0; e < n; e++) assign[e] = nearest(palette, c.rgba, e);
    if (pass === passes) return assign;
    const sums = new Float64Array(palette.length);
    const weights = new Float64Array(palette.length / 4);
    for (let e = 0; e < n; e++) {
      const p = assign[e]!;
      const w = c.count[e]!;
      weights[p]! += w;
      for (let k = 0; k < 4; k++) sums[p * 4 + k]! += c.rgba[e * 4 + k]! * w;
    }
    for (let p = 0; p < weights.length; p++) {
      if (weights[p]! > 0) for (let k = 0; k < 4; k++) palette[p * 4 + k] = sums[p * 4 + k]! / weights[p]!;
    }
  }
}

/**
 * A picture as a palette: its pixels (RGBA), the same as palette indices, and the palette's RGBA values. `exact`: the
 * picture had at most 256 colours already, so this is the picture itself, losslessly.
 */
export interface Reduced {
  raster: Raster;
  index: Uint8Array;
  palette: Uint32Array;
  exact: boolean;
}

/** The picture mapped to at most 256 colours (itself, exactly, where it has no more). */
export async function reducePalette(src: Raster): Promise<Reduced> {
  const px = new Uint32Array(src.data.buffer, src.data.byteOffset, src.width * src.height);
  const exact = await collect(px, (p) => p, EXACT_LIMIT);
  if (exact && exact.index.size <= MAX_COLOURS) {
    const palette = new Uint32Array(exact.index.size);
    for (const [colour, e] of exact.index) palette[e] = colour;
    const index = new Uint8Array(px.length);
    for (let i = 0; i < px.length; i++) {
      if (i > 0 && i % SLICE_PIXELS === 0) await yieldToEventLoop();
      index[i] = exact.index.get(px[i]!)!;
    }
    return { raster: src, index, palette, exact: true };
  }
  const colours = exact ?? (await collect(px, binKey, Infinity))!;
  const found = medianCut(colours);
  const assign = await refine(colours, found, exact ? KMEANS_PASSES : 0);
  const palette = new Uint32Array(found.length / 4);
  for (let p = 0; p < palette.length; p++) {
    const ch = (k: number) => Math.min(255, Math.max(0, Math.round(found[p * 4 + k]!)));
    palette[p] = (ch(0) | (ch(1) << 8) | (ch(2) << 16) | (ch(3) << 24)) >>> 0;
  }
  const out: Raster = { data: new Uint8ClampedArray(src.data.length), width: src.width, height: src.height };
  const o32 = new Uint32Array(out.data.buffer);
  const index = new Uint8Array(px.length);
  for (let i = 0; i < px.length; i++) {
    if (i > 0 && i % SLICE_PIXELS === 0) await yieldToEventLoop();
    const p = assign[colours.index.get(colours.keyOf(px[i]!))!]!;
    index[i] = p;
    o32[i] = palette[p]!;
  }
  return { raster: out, index, palette, exact: false };
}
