import { getOptions } from 'ssim.js';
import { weberSsim } from 'ssim.js/dist/weberSsim';
import type { Raster } from '../../../codecs/raster';

/**
 * Mean SSIM of two same-sized pictures: ssim.js's Weber variant with its defaults (integer luma, and pictures over
 * 256 px on the short side box-filtered and sampled every `round(short side / 256)` pixels). Luma only: colour is
 * not compared. Alpha is ignored: both are compared as they would look on white.
 *
 * The luma and the downsampling are computed here, at the kept samples only, instead of by `ssim()`, which filters
 * every pixel of both pictures and keeps one in f²: that was most of the cost of a `quality=auto` round trip. The
 * result is the same number to the last bit (ssim.node.test.ts compares it with `ssim()`), and a reference prepared once
 * (`ssimReference`) is not prepared again for each candidate.
 */
export function similarity(a: Raster, b: Raster): number {
  return ssimReference(a)(b);
}

const OPTIONS = getOptions({ ssim: 'weber' });

/** Prepares `reference` once; the function it returns gives the SSIM of a same-sized picture against it. */
export function ssimReference(reference: Raster): (candidate: Raster) => number {
  // ssim.js slides an 11 px window and throws on smaller pictures (found by the fuzzer: a 13×1 WebP); for those,
  // one minus the mean absolute difference is an honest stand-in.
  if (Math.min(reference.width, reference.height) < OPTIONS.windowSize) {
    return (candidate) => (sameSize(reference, candidate) ? 1 - meanAbsoluteDifference(reference, candidate) / 255 : 0);
  }
  const prepared = lumaPlane(reference);
  return (candidate) =>
    sameSize(reference, candidate) ? weberSsim(prepared as Matrix, lumaPlane(candidate) as Matrix, OPTIONS).mssim : 0;
}

const sameSize = (a: Raster, b: Raster) => a.width === b.width && a.height === b.height;

/** weberSsim reads `data[i]` only; its typings list the typed arrays it was written for, not Float64Array. */
type Matrix = Parameters<typeof weberSsim>[0];

interface Plane {
  data: Uint8Array | Float64Array;
  width: number;
  height: number;
}

/** ssim.js's `rgb2grayInteger`. */
const lumaAt = (d: Uint8ClampedArray, p: number) =>
  (77 * d[p * 4]! + 150 * d[p * 4 + 1]! + 29 * d[p * 4 + 2]! + 128) >> 8;

/**
 * What ssim.js compares: the integer luma, and for a downsampling factor f > 1 its `imfilter(ones(f)/f², 'symmetric',
 * 'same')` read at every f-th row and column. Each kept value is the sum of an f × f window (edges mirrored, the
 * window starting floor(f/2) before the sample) times 1/f², which is what ssim.js's separable box filter computes:
 * a sum of integers is exact in floating point, and the one multiplication is the same.
 */
function lumaPlane(r: Raster): Plane {
  const { width: w, height: h, data } = r;
  const f = Math.round(Math.min(w, h) / (OPTIONS.maxSize ?? 256));
  if (f <= 1) {
    const out = new Uint8Array(w * h);
    for (let p = 0; p < out.length; p++) out[p] = lumaAt(data, p);
    return { data: out, width: w, height: h };
  }
  const pad = Math.floor(f / 2);
  const mirror = (x: number, n: number) => (x < 0 ? -x - 1 : x >= n ? 2 * n - x - 1 : x);
  const ow = Math.ceil(w / f);
  const oh = Math.ceil(h / f);
  const scale = 1 / (f * f);
  const out = new Float64Array(ow * oh);
  for (let i = 0; i < oh; i++) {
    for (let j = 0; j < ow; j++) {
      let sum = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = mirror(i * f + dy - pad, h) * w;
        for (let dx = 0; dx < f; dx++) sum += lumaAt(data, row + mirror(j * f + dx - pad, w));
      }
      out[i * ow + j] = sum * scale;
    }
  }
  return { data: out, width: ow, height: oh };
}

function meanAbsoluteDifference(a: Raster, b: Raster): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return a.data.length === 0 ? 0 : sum / a.data.length;
}
