import { ssim } from 'ssim.js';
import type { Raster } from './raster';

/**
 * Mean SSIM of two same-sized pictures (ssim.js, Weber variant, with its standard downsampling to ~256 px on the
 * short side). Alpha is ignored: both are compared as they would look on white.
 */
export function similarity(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) return 0;
  // ssim.js slides an 11 px window and throws on smaller pictures (found by the fuzzer: a 13×1 WebP); for those,
  // one minus the mean absolute difference is an honest stand-in.
  if (Math.min(a.width, a.height) < 11) return 1 - meanAbsoluteDifference(a, b) / 255;
  return ssim(a, b, { ssim: 'weber' }).mssim;
}

function meanAbsoluteDifference(a: Raster, b: Raster): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return a.data.length === 0 ? 0 : sum / a.data.length;
}
