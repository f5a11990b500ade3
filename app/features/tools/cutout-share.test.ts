import { describe, expect, it } from 'vitest';
import { opaqueShareOf } from './cutout-share';

const rgba = (alphas: number[]) => new Uint8ClampedArray(alphas.flatMap((a) => [10, 20, 30, a]));

describe('opaqueShareOf', () => {
  it('counts the pixels at least half opaque', () => {
    expect(opaqueShareOf(rgba([0, 0, 0, 0]))).toBe(0);
    expect(opaqueShareOf(rgba([0, 127, 128, 255]))).toBe(0.5);
    expect(opaqueShareOf(rgba([255, 255]))).toBe(1);
  });

  it('answers 0 for no pixels', () => {
    expect(opaqueShareOf(new Uint8ClampedArray())).toBe(0);
  });
});
