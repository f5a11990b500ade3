import { ssim } from 'ssim.js';
import { describe, expect, it } from 'vitest';
import { syntheticPhoto } from '../../../../../test/support/synthetic';
import { similarity, ssimReference } from './ssim';

const raster = (width: number, height: number, value: number) => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4).fill(value),
});

describe('similarity', () => {
  it('handles pictures smaller than the SSIM window (a 13×1 strip) instead of throwing', () => {
    expect(similarity(raster(13, 1, 100), raster(13, 1, 100))).toBe(1);
    expect(similarity(raster(13, 1, 0), raster(13, 1, 255))).toBe(0);
    expect(similarity(raster(13, 1, 100), raster(13, 1, 151))).toBeCloseTo(0.8, 5);
  });

  it('still uses SSIM for ordinary sizes', () => {
    expect(similarity(raster(32, 32, 90), raster(32, 32, 90))).toBeCloseTo(1, 5);
  });

  // Downsampling factors 1, 2 (odd height), 3 and 4 (neither side a multiple): the luma and box filter computed at
  // the kept samples only must give ssim.js's number exactly, or the threshold would mean something else. The
  // largest take seconds of ssim.js on a loaded machine: the Worker project's 30 s, not the unit project's 5 s.
  it.each([
    [300, 200],
    [640, 427],
    [1000, 872],
    [1100, 1030],
  ])('gives exactly what ssim.js gives at %i×%i', { timeout: 30_000 }, (width, height) => {
    const a = syntheticPhoto(width, height, 1);
    const b = syntheticPhoto(width, height, 7, 60);
    const expected = ssim(a, b, { ssim: 'weber' }).mssim;
    expect(expected).toBeLessThan(0.999);
    expect(similarity(a, b)).toBe(expected);
    const reference = ssimReference(a);
    expect(reference(b)).toBe(expected);
    expect(reference(a)).toBe(1);
  });

  it('answers 0 for pictures of different sizes', () => {
    expect(ssimReference(syntheticPhoto(40, 30))(syntheticPhoto(30, 40))).toBe(0);
  });
});
