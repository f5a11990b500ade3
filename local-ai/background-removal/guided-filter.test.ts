// Part of Memeforge's background-removal program, AGPL-3.0-only (see LICENSE). Pure, so it runs in the unit tests
// even where the program's own dependencies are not installed.
import { describe, expect, it } from 'vitest';
import { boxMean, guidedFilter } from './guided-filter.mjs';

function bruteBoxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let j = Math.max(0, y - r); j <= Math.min(height - 1, y + r); j++) {
        for (let i = Math.max(0, x - r); i <= Math.min(width - 1, x + r); i++) {
          sum += src[j * width + i]!;
          n++;
        }
      }
      out[y * width + x] = sum / n;
    }
  }
  return out;
}

describe('guided filter', () => {
  it('box means by running sums equal the direct sums, borders included', () => {
    const width = 23;
    const height = 17;
    const src = Float32Array.from({ length: width * height }, (_, i) => ((i * 7919) % 101) / 100);
    for (const r of [0, 1, 3, 12, 40]) {
      const fast = boxMean(src, width, height, r);
      const slow = bruteBoxMean(src, width, height, r);
      for (let i = 0; i < src.length; i++) expect(fast[i]).toBeCloseTo(slow[i]!, 4);
    }
  });

  it("moves a blurred matte's edge onto the photo's edge and keeps it within 0–1", () => {
    // The photo: dark left of column 30, bright from it. The matte: a soft ramp from column 22 to 38, as an
    // enlarged small matte is. Guided by the photo, the matte becomes sharp at column 30.
    const width = 60;
    const height = 20;
    const guide = new Float32Array(width * height);
    const matte = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        guide[y * width + x] = x < 30 ? 0.1 : 0.9;
        matte[y * width + x] = Math.min(1, Math.max(0, (x - 22) / 16));
      }
    }
    const out = guidedFilter(guide, matte, width, height, 6, 1e-3);
    const row = Array.from(out.subarray(10 * width, 11 * width));
    const steps = row.slice(1).map((v, x) => v - row[x]!);
    // The ramp rose by 1/16 a column; filtered, it rises most between columns 29 and 30, where the photo's edge is.
    expect(steps.indexOf(Math.max(...steps))).toBe(29);
    expect(steps[29]).toBeGreaterThan(0.35);
    expect(row[29]).toBeLessThan(0.5);
    expect(row[30]).toBeGreaterThan(0.5);
    expect(out.every((v) => v >= 0 && v <= 1)).toBe(true);
  });
});
