/**
 * The quality judge of `quality=auto` and target sizes: how visible the difference between a picture and its
 * re-encoding is, at full resolution and in colour. It computes SSIMULACRA (Jon Sneyers, Cloudinary, 2017; the
 * version libjxl ships as `ssimulacra_main`): SSIM over CIE Lab at six scales, each channel weighted, plus the
 * worst 4×4 region of each scale, plus two penalties for what SSIM misses, edges the original did not have
 * (ringing, blocks) and whole rows or columns of 8×8 blocks gone bad. 0 is identical; ~0.01 cannot be told apart;
 * ~0.03 is libvips' JPEG q75 on a photo; 0.1 is visibly damaged. Written here from the published algorithm (ADR 0102
 * has the measurements that chose it and its agreement with libjxl's build).
 *
 * Pictures with transparency are judged as they would look on white.
 */
import type { Raster } from './raster';

/** A judge for one reference: the distance of a same-sized candidate from it, 0 (same) to 1. */
export type Judge = (candidate: Raster) => number;

const C1 = 0.0001;
const C2 = 0.0004;
const SCALES = 6;
/** Per scale and Lab channel: the weight of the mean SSIM (chroma already scaled by 0.2) and of the worst region. */
const MEAN_WEIGHTS = [
  [0.0448, 0.003, 0.003],
  [0.2856, 0.00896, 0.00896],
  [0.3001, 0.05712, 0.05712],
  [0.2363, 0.06002, 0.06002],
  [0.1333, 0.06726, 0.06726],
  [0.1, 0.05, 0.05],
] as const;
const MIN_WEIGHTS = [
  [0.02, 0.00005, 0.00005],
  [0.03, 0.00025, 0.00025],
  [0.025, 0.001, 0.001],
  [0.02, 0.0015, 0.0015],
  [0.012, 0.00175, 0.00175],
  [0.005, 0.00175, 0.00175],
] as const;
const EDGE_WEIGHT = [1.5, 0.1, 0.1] as const;
const GRID_WEIGHT = [1.0, 0.1, 0.1] as const;
const MIN_SIDE = 8;

interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}
type Lab = [Plane, Plane, Plane];

/** What a candidate is compared with, per scale and channel: the reference's plane, local means and local energies. */
interface ScaleRef {
  img: Plane;
  mu: Plane;
  sq: Plane;
}

/** Prepares `reference` once (its half of every blur); the function returned judges one candidate against it. */
export function judgeFor(reference: Raster): Judge {
  const { width, height } = reference;
  if (width < MIN_SIDE || height < MIN_SIDE) return (candidate) => tinyDistance(reference, candidate);
  const refs = pyramid(toLab(reference)).map((lab) => lab.map((img): ScaleRef => ({ img, mu: blur(img), sq: blur(product(img, img)) })));
  return (candidate) => {
    if (candidate.width !== width || candidate.height !== height) return 1;
    return score(refs, pyramid(toLab(candidate)));
  };
}

/** The distance of `candidate` from `reference` (both the same size). */
export const distance = (reference: Raster, candidate: Raster): number => judgeFor(reference)(candidate);

function score(refs: ScaleRef[][], cands: Lab[]): number {
  let sum = 0;
  let max = 0;
  const add = (weight: number, value: number) => {
    sum += weight * value;
    max += weight;
  };
  for (let s = 0; s < cands.length; s++) {
    for (let c = 0; c < 3; c++) {
      const m = compare(refs[s]![c]!, cands[s]![c]!, s === 0);
      add(MEAN_WEIGHTS[s]![c]!, mean(m.ssim.data));
      const coarse = downsample(m.ssim, 4);
      add(MIN_WEIGHTS[s]![c]!, minimum(coarse.data));
      if (m.edges) {
        add(EDGE_WEIGHT[c]!, mean(m.edges.data));
        for (const lines of [coarse, m.edges]) {
          const worst = worstLines(lines);
          add(GRID_WEIGHT[c]!, worst.row);
          add(GRID_WEIGHT[c]!, worst.column);
        }
      }
    }
  }
  return Math.min(1, Math.max(0, max / sum - 1));
}

/**
 * The SSIM map of one channel at one scale and, at full size, the edge map (how much sharper than the reference
 * the candidate is at each pixel: new edges are ringing and blocks). The candidate's three blurs (of it, its square
 * and its product with the reference) share one horizontal pass, and the vertical pass builds each row of the
 * maps as it goes, so no blurred plane of the candidate is kept.
 */
function compare(ref: ScaleRef, img2: Plane, withEdges: boolean): { ssim: Plane; edges?: Plane } {
  const { width: w, height: h } = img2;
  const a = ref.img.data;
  const b = img2.data;
  const hb = new Float32Array(w * h);
  const hbb = new Float32Array(w * h);
  const hab = new Float32Array(w * h);
  for (let y = 0; y < h; y++) blurRow3(a, b, hb, hbb, hab, y * w, w);
  const ssim = new Float32Array(w * h);
  const edges = withEdges ? new Float32Array(w * h) : undefined;
  const mu1 = ref.mu.data;
  const s11 = ref.sq.data;
  const k = KERNEL;
  const [k0, k1, k2, k3, k4, k5] = [k[0]!, k[1]!, k[2]!, k[3]!, k[4]!, k[5]!];
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const interior = y >= RADIUS && y + RADIUS < h;
    const from = Math.max(0, y - RADIUS);
    const to = Math.min(h - 1, y + RADIUS);
    let weight = 0;
    for (let j = from; j <= to; j++) weight += k[j - y + RADIUS]!;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      let m2 = 0;
      let v22 = 0;
      let v12 = 0;
      if (interior) {
        // The kernel is symmetric: pairs of rows share a weight.
        const u1 = i - w, d1 = i + w, u2 = i - 2 * w, d2 = i + 2 * w, u3 = i - 3 * w, d3 = i + 3 * w, u4 = i - 4 * w, d4 = i + 4 * w, u5 = i - 5 * w, d5 = i + 5 * w;
        m2 = k5 * hb[i]! + k4 * (hb[u1]! + hb[d1]!) + k3 * (hb[u2]! + hb[d2]!) + k2 * (hb[u3]! + hb[d3]!) + k1 * (hb[u4]! + hb[d4]!) + k0 * (hb[u5]! + hb[d5]!);
        v22 = k5 * hbb[i]! + k4 * (hbb[u1]! + hbb[d1]!) + k3 * (hbb[u2]! + hbb[d2]!) + k2 * (hbb[u3]! + hbb[d3]!) + k1 * (hbb[u4]! + hbb[d4]!) + k0 * (hbb[u5]! + hbb[d5]!);
        v12 = k5 * hab[i]! + k4 * (hab[u1]! + hab[d1]!) + k3 * (hab[u2]! + hab[d2]!) + k2 * (hab[u3]! + hab[d3]!) + k1 * (hab[u4]! + hab[d4]!) + k0 * (hab[u5]! + hab[d5]!);
      } else {
        for (let j = from; j <= to; j++) {
          const kt = k[j - y + RADIUS]! / weight;
          const at = j * w + x;
          m2 += kt * hb[at]!;
          v22 += kt * hbb[at]!;
          v12 += kt * hab[at]!;
        }
      }
      const m1 = mu1[i]!;
      const m11 = m1 * m1;
      const m22 = m2 * m2;
      const m12 = m1 * m2;
      ssim[i] = ((2 * m12 + C1) * (2 * (v12 - m12) + C2)) / ((m11 + m22 + C1) * (s11[i]! - m11 + (v22 - m22) + C2));
      if (edges) edges[i] = 1 - Math.max(Math.abs(b[i]! - m2) - Math.abs(a[i]! - m1), 0);
    }
  }
  const plane = (data: Float32Array) => ({ data, width: w, height: h });
  return { ssim: plane(ssim), edges: edges && plane(edges) };
}

/** One row of the horizontal pass of blur(b), blur(b²) and blur(a·b). */
function blurRow3(a: Float32Array, b: Float32Array, hb: Float32Array, hbb: Float32Array, hab: Float32Array, base: number, w: number) {
  const k = KERNEL;
  const [k0, k1, k2, k3, k4, k5] = [k[0]!, k[1]!, k[2]!, k[3]!, k[4]!, k[5]!];
  const bb = rowScratch(w, 0);
  const ab = rowScratch(w, 1);
  for (let x = 0; x < w; x++) {
    const v = b[base + x]!;
    bb[x] = v * v;
    ab[x] = v * a[base + x]!;
  }
  for (let x = RADIUS; x < w - RADIUS; x++) {
    const i = base + x;
    hb[i] = k5 * b[i]! + k4 * (b[i - 1]! + b[i + 1]!) + k3 * (b[i - 2]! + b[i + 2]!) + k2 * (b[i - 3]! + b[i + 3]!) + k1 * (b[i - 4]! + b[i + 4]!) + k0 * (b[i - 5]! + b[i + 5]!);
    hbb[i] = k5 * bb[x]! + k4 * (bb[x - 1]! + bb[x + 1]!) + k3 * (bb[x - 2]! + bb[x + 2]!) + k2 * (bb[x - 3]! + bb[x + 3]!) + k1 * (bb[x - 4]! + bb[x + 4]!) + k0 * (bb[x - 5]! + bb[x + 5]!);
    hab[i] = k5 * ab[x]! + k4 * (ab[x - 1]! + ab[x + 1]!) + k3 * (ab[x - 2]! + ab[x + 2]!) + k2 * (ab[x - 3]! + ab[x + 3]!) + k1 * (ab[x - 4]! + ab[x + 4]!) + k0 * (ab[x - 5]! + ab[x + 5]!);
  }
  // Near the ends of the row the kernel is cut and renormalised.
  for (let x = 0; x < w; x++) {
    if (x === RADIUS && w - RADIUS > RADIUS) x = w - RADIUS;
    let weight = 0;
    let sb = 0;
    let sbb = 0;
    let sab = 0;
    for (let t = Math.max(0, x - RADIUS); t <= Math.min(w - 1, x + RADIUS); t++) {
      const kt = k[t - x + RADIUS]!;
      weight += kt;
      sb += kt * b[base + t]!;
      sbb += kt * bb[t]!;
      sab += kt * ab[t]!;
    }
    hb[base + x] = sb / weight;
    hbb[base + x] = sbb / weight;
    hab[base + x] = sab / weight;
  }
}

/** Two row-long scratch buffers, kept between calls (the judge runs on one thread). */
const scratch: Float32Array[] = [new Float32Array(0), new Float32Array(0)];
function rowScratch(w: number, n: 0 | 1): Float32Array {
  if (scratch[n]!.length < w) scratch[n] = new Float32Array(w);
  return scratch[n]!;
}

/** sRGB (8 bit) to linear light. */
const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const WHITE_X = 0.95047;
const WHITE_Z = 1.08883;
const EPSILON = 0.008856451679035631;
const KAPPA = 7.787037037037037;
const OFFSET = 4 / 29;
const labF = (t: number) => (t > EPSILON ? Math.cbrt(t) - OFFSET : KAPPA * t);

/** CIE Lab (D65, scaled to about 0…1 as SSIMULACRA has it), over white where the picture is transparent. */
function toLab(r: Raster): Lab {
  const n = r.width * r.height;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const d = r.data;
  for (let p = 0; p < n; p++) {
    const alpha = d[p * 4 + 3]! / 255;
    let red = LINEAR[d[p * 4]!]!;
    let green = LINEAR[d[p * 4 + 1]!]!;
    let blue = LINEAR[d[p * 4 + 2]!]!;
    if (alpha < 1) {
      red = red * alpha + 1 - alpha;
      green = green * alpha + 1 - alpha;
      blue = blue * alpha + 1 - alpha;
    }
    // sRGB (linear) to CIE XYZ, each relative to the D65 white.
    const x = labF((0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / WHITE_X);
    const y = labF(0.2126729 * red + 0.7151522 * green + 0.072175 * blue);
    const z = labF((0.0193339 * red + 0.119192 * green + 0.9503041 * blue) / WHITE_Z);
    L[p] = y * 1.16;
    A[p] = 0.3918181818181818 + 2.272727272727273 * (x - y);
    B[p] = 0.4904545454545454 + 0.9090909090909091 * (y - z);
  }
  const plane = (data: Float32Array) => ({ data, width: r.width, height: r.height });
  return [plane(L), plane(A), plane(B)];
}

/** The scales judged: full size, then halved while the previous scale was at least 8 px on each side. */
function pyramid(full: Lab): Lab[] {
  const out = [full];
  for (let s = 1; s < SCALES; s++) {
    const prev = out[s - 1]![0];
    if (prev.width < MIN_SIDE || prev.height < MIN_SIDE) break;
    out.push(map3(out[s - 1]!, (p) => downsample(p, 2)));
  }
  return out;
}

const map3 = (lab: Lab, f: (p: Plane) => Plane): Lab => [f(lab[0]), f(lab[1]), f(lab[2])];

/** Box-average over f × f cells (the last cell repeats the edge pixels where the size is not a multiple of f). */
function downsample(p: Plane, f: number): Plane {
  const width = Math.ceil(p.width / f);
  const height = Math.ceil(p.height / f);
  const data = new Float32Array(width * height);
  const scale = 1 / (f * f);
  for (let oy = 0; oy < height; oy++) {
    for (let ox = 0; ox < width; ox++) {
      let sum = 0;
      for (let iy = 0; iy < f; iy++) {
        const row = Math.min(oy * f + iy, p.height - 1) * p.width;
        for (let ix = 0; ix < f; ix++) sum += p.data[row + Math.min(ox * f + ix, p.width - 1)]!;
      }
      data[oy * width + ox] = sum * scale;
    }
  }
  return { data, width, height };
}

function product(a: Plane, b: Plane): Plane {
  const data = new Float32Array(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = a.data[i]! * b.data[i]!;
  return { data, width: a.width, height: a.height };
}

const RADIUS = 5;
/** Gaussian, sigma 1.5, 11 taps: the classic SSIM window. */
const KERNEL = (() => {
  const k = Float32Array.from({ length: 2 * RADIUS + 1 }, (_, i) => Math.exp(-((i - RADIUS) ** 2) / (2 * 1.5 * 1.5)));
  const total = k.reduce((a, b) => a + b, 0);
  return k.map((v) => v / total);
})();

/** Separable Gaussian blur; near the edges the kernel is cut and renormalised (no invented pixels). */
function blur(p: Plane): Plane {
  const { width: w, height: h } = p;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) blurRow(p.data, tmp, y * w, w);
  blurColumns(tmp, out, w, h);
  return { data: out, width: w, height: h };
}

function blurRow(src: Float32Array, dst: Float32Array, base: number, w: number) {
  const k = KERNEL;
  const k0 = k[0]!, k1 = k[1]!, k2 = k[2]!, k3 = k[3]!, k4 = k[4]!, k5 = k[5]!;
  for (let x = RADIUS; x < w - RADIUS; x++) {
    const i = base + x;
    dst[i] =
      k5 * src[i]! +
      k4 * (src[i - 1]! + src[i + 1]!) +
      k3 * (src[i - 2]! + src[i + 2]!) +
      k2 * (src[i - 3]! + src[i + 3]!) +
      k1 * (src[i - 4]! + src[i + 4]!) +
      k0 * (src[i - 5]! + src[i + 5]!);
  }
  for (let x = 0; x < w; x++) {
    if (x === RADIUS && w - RADIUS > RADIUS) x = w - RADIUS;
    let sum = 0;
    let weight = 0;
    for (let t = Math.max(-RADIUS, -x); t <= Math.min(RADIUS, w - 1 - x); t++) {
      sum += k[t + RADIUS]! * src[base + x + t]!;
      weight += k[t + RADIUS]!;
    }
    dst[base + x] = sum / weight;
  }
}

/** The vertical pass, a whole row at a time (memory in order). */
function blurColumns(src: Float32Array, dst: Float32Array, w: number, h: number) {
  const k = KERNEL;
  for (let y = 0; y < h; y++) {
    const from = Math.max(0, y - RADIUS);
    const to = Math.min(h - 1, y + RADIUS);
    let weight = 0;
    for (let j = from; j <= to; j++) weight += k[j - y + RADIUS]!;
    const out = y * w;
    for (let j = from; j <= to; j++) {
      const kw = k[j - y + RADIUS]! / weight;
      const row = j * w;
      if (j === from) for (let x = 0; x < w; x++) dst[out + x] = kw * src[row + x]!;
      else for (let x = 0; x < w; x++) dst[out + x]! += kw * src[row + x]!;
    }
  }
}

/** The 2nd-percentile row mean and column mean: a whole line of bad blocks drags them down. */
function worstLines(p: Plane): { row: number; column: number } {
  const rows = new Float64Array(p.height);
  const cols = new Float64Array(p.width);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const v = p.data[y * p.width + x]!;
      rows[y]! += v;
      cols[x]! += v;
    }
  }
  rows.sort();
  cols.sort();
  return { row: rows[Math.floor(rows.length / 50)]! / p.width, column: cols[Math.floor(cols.length / 50)]! / p.height };
}

function mean(data: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i]!;
  return data.length === 0 ? 1 : sum / data.length;
}

function minimum(data: Float32Array): number {
  let min = Infinity;
  for (let i = 0; i < data.length; i++) if (data[i]! < min) min = data[i]!;
  return min === Infinity ? 1 : min;
}

/** Pictures under 8 px on a side (the metric needs more): the mean absolute difference of the channels, 0 to 1. */
function tinyDistance(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return a.data.length === 0 ? 0 : sum / a.data.length / 255;
}
