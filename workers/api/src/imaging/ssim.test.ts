import { describe, expect, it } from 'vitest';
import { similarity } from './ssim';

const raster = (width: number, height: number, value: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4).fill(value) });

describe('similarity', () => {
  it('handles pictures smaller than the SSIM window (a 13×1 strip) instead of throwing', () => {
    expect(similarity(raster(13, 1, 100), raster(13, 1, 100))).toBe(1);
    expect(similarity(raster(13, 1, 0), raster(13, 1, 255))).toBe(0);
    expect(similarity(raster(13, 1, 100), raster(13, 1, 151))).toBeCloseTo(0.8, 5);
  });

  it('still uses SSIM for ordinary sizes', () => {
    expect(similarity(raster(32, 32, 90), raster(32, 32, 90))).toBeCloseTo(1, 5);
  });
});
