import { describe, expect, it } from 'vitest';
import { distance, judgeFor } from './judge';
import { createRaster, type Raster } from '../../../codecs/raster';
import { similarity } from './ssim';

function photoLike(w: number, h: number): Raster {
  const r = createRaster(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      r.data[i] = 128 + 60 * Math.sin(x / 7) * Math.cos(y / 11);
      r.data[i + 1] = (x * 255) / w;
      r.data[i + 2] = (y * 255) / h;
      r.data[i + 3] = 255;
    }
  }
  return r;
}

function withBlocks(src: Raster, step: number): Raster {
  // Flattens each 8 × 8 block towards its mean by `step`: what a coarse JPEG quantiser does.
  const out = { ...src, data: new Uint8ClampedArray(src.data) };
  for (let by = 0; by < src.height; by += 8) {
    for (let bx = 0; bx < src.width; bx += 8) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let y = by; y < Math.min(by + 8, src.height); y++)
          for (let x = bx; x < Math.min(bx + 8, src.width); x++, n++) sum += src.data[(y * src.width + x) * 4 + c]!;
        for (let y = by; y < Math.min(by + 8, src.height); y++)
          for (let x = bx; x < Math.min(bx + 8, src.width); x++) {
            const i = (y * src.width + x) * 4 + c;
            out.data[i] = src.data[i]! + (sum / n - src.data[i]!) * step;
          }
      }
    }
  }
  return out;
}

describe('judge (SSIMULACRA)', () => {
  const src = photoLike(96, 80);

  it('reads 0 for the same picture and grows as blocks coarsen', () => {
    expect(distance(src, src)).toBeCloseTo(0, 5);
    const judge = judgeFor(src);
    const scores = [0.2, 0.5, 1].map((s) => judge(withBlocks(src, s)));
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBeGreaterThan(scores[1]!);
  });

  it('sees colour that luma alone does not: a hue shift at equal luma', () => {
    const shifted = { ...src, data: new Uint8ClampedArray(src.data) };
    for (let i = 0; i < shifted.data.length; i += 4) {
      // Red up, blue down by luma-balancing amounts (0.299 R ≈ 0.114 B × 2.6).
      shifted.data[i] = Math.min(255, src.data[i]! + 10);
      shifted.data[i + 2] = Math.max(0, src.data[i + 2]! - 26);
    }
    // ssim.js on luma, the judge this one replaced, reads the two as all but the same (≥ 0.999).
    expect(similarity(src, shifted)).toBeGreaterThan(0.999);
    expect(distance(src, shifted)).toBeGreaterThan(0.002);
  });

  it('answers 1 for a different size and judges tiny pictures by their mean difference', () => {
    expect(judgeFor(src)(photoLike(80, 96))).toBe(1);
    const tiny = photoLike(5, 3);
    expect(distance(tiny, tiny)).toBe(0);
    expect(distance(tiny, { ...tiny, data: tiny.data.map((v, i) => (i % 4 === 3 ? v : 255 - v)) })).toBeGreaterThan(
      0.2,
    );
  });

  it('judges transparent pixels as they look on white', () => {
    const clear = createRaster(32, 32); // transparent black
    const white = createRaster(32, 32);
    white.data.fill(255);
    expect(distance(white, clear)).toBeLessThan(1e-4);
  });
});
