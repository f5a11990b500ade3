import { describe, expect, it } from 'vitest';
import { encode } from './encode';
import { opaqueShare } from './png-alpha';
import { plainPng } from './plain-png';

/**
 * A w × h RGBA picture, noisy (so the encoder picks varied row filters) with a soft matte (so it keeps the alpha
 * channel): at least half opaque where `inside` says, less elsewhere.
 */
function cutout(w: number, h: number, inside: (x: number, y: number) => boolean) {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0, p = 0; i < data.length; i += 4, p++) {
    const [x, y] = [p % w, Math.floor(p / w)];
    data.set(
      [(x * 7 + y * 13) & 0xff, (x * x + y) & 0xff, (x ^ y) & 0xff, inside(x, y) ? 128 + (x & 127) : x & 127],
      i,
    );
  }
  return { data, width: w, height: h };
}

describe('opaqueShare', () => {
  it('reads the share of a cut-out that is subject, whatever row filters the encoder chose', async () => {
    const half = cutout(301, 200, (x) => x < 150);
    expect(await opaqueShare(await encode(half, 'png', { quality: 100 }))).toBeCloseTo(150 / 301, 5);
    const none = cutout(64, 48, () => false);
    const png = await encode(none, 'png', { quality: 100 });
    expect(png[25], 'RGBA, the colour type read').toBe(6);
    expect(await opaqueShare(png)).toBe(0);
    const raw = new Uint8Array(cutout(40, 30, (x, y) => x < 10 && y < 30).data);
    expect(await opaqueShare(plainPng(raw, 40, 30, 4))).toBeCloseTo(0.25, 5);
  });

  it('answers null for a PNG without alpha and for bytes that are not a PNG', async () => {
    expect(await opaqueShare(plainPng(new Uint8Array(30 * 20 * 3), 30, 20, 3))).toBeNull();
    expect(await opaqueShare(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
