import type { Pixels } from './image';

/** Image quality measures for the upscale checks (tests and bench): SSIM against a reference, and sharpness. */
function luma(px: Pixels): Float64Array {
  const out = new Float64Array(px.width * px.height);
  for (let i = 0; i < out.length; i++) {
    const s = i * px.channels;
    out[i] = 0.299 * px.data[s]! + 0.587 * px.data[s + 1]! + 0.114 * px.data[s + 2]!;
  }
  return out;
}

/** Mean SSIM over 8×8 windows of luminance (the usual constants for 8-bit images). */
export function ssim(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('ssim needs images of the same size');
  const la = luma(a);
  const lb = luma(b);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const win = 8;
  let total = 0;
  let count = 0;
  for (let y = 0; y + win <= a.height; y += win / 2) {
    for (let x = 0; x + win <= a.width; x += win / 2) {
      let ma = 0,
        mb = 0;
      for (let j = 0; j < win; j++)
        for (let i = 0; i < win; i++) {
          ma += la[(y + j) * a.width + x + i]!;
          mb += lb[(y + j) * a.width + x + i]!;
        }
      const n = win * win;
      ma /= n;
      mb /= n;
      let va = 0,
        vb = 0,
        cov = 0;
      for (let j = 0; j < win; j++)
        for (let i = 0; i < win; i++) {
          const da = la[(y + j) * a.width + x + i]! - ma;
          const db = lb[(y + j) * a.width + x + i]! - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      va /= n - 1;
      vb /= n - 1;
      cov /= n - 1;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      count++;
    }
  }
  return total / count;
}

/** Variance of the Laplacian of luminance: higher means more fine detail (edges, texture). */
export function sharpness(px: Pixels): number {
  const l = luma(px);
  const w = px.width;
  let sum = 0,
    sq = 0,
    n = 0;
  for (let y = 1; y < px.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const v = 4 * l[y * w + x]! - l[y * w + x - 1]! - l[y * w + x + 1]! - l[(y - 1) * w + x]! - l[(y + 1) * w + x]!;
      sum += v;
      sq += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return sq / n - mean * mean;
}
