import { ssim } from 'ssim.js';
import type { Raster } from './raster';

/**
 * Mean SSIM of two same-sized pictures (ssim.js, Weber variant, with its standard downsampling to ~256 px on the
 * short side). Alpha is ignored: both are compared as they would look on white.
 */
export function similarity(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) return 0;
  return ssim(a, b, { ssim: 'weber' }).mssim;
}
