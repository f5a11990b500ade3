import { describe, expect, it } from 'vitest';
import { clampBox, fitRatio, moveBox, resizeBox } from './crop-math';

const img = { width: 1000, height: 600 };

describe('crop math', () => {
  it('fits the largest centred box of a ratio', () => {
    expect(fitRatio(img, 16 / 9)).toEqual({ x: 0, y: 19, width: 1000, height: 563 });
    expect(fitRatio(img, 1)).toEqual({ x: 200, y: 0, width: 600, height: 600 });
    expect(fitRatio(img, null)).toEqual({ x: 0, y: 0, width: 1000, height: 600 });
  });
  it('moves inside the image only', () => {
    expect(moveBox({ x: 10, y: 10, width: 100, height: 100 }, -50, 900, img)).toEqual({
      x: 0,
      y: 500,
      width: 100,
      height: 100,
    });
  });
  it('resizes from a corner keeping the opposite corner', () => {
    const b = { x: 100, y: 100, width: 200, height: 200 };
    expect(resizeBox(b, 'se', 50, 20, img, null)).toEqual({ x: 100, y: 100, width: 250, height: 220 });
    expect(resizeBox(b, 'nw', 50, 20, img, null)).toEqual({ x: 150, y: 120, width: 150, height: 180 });
    expect(resizeBox(b, 'nw', -500, -500, img, null)).toEqual({ x: 0, y: 0, width: 300, height: 300 });
  });
  it('keeps a ratio and the image bounds', () => {
    const b = { x: 0, y: 0, width: 160, height: 90 };
    const r = resizeBox(b, 'se', 160, 0, img, 16 / 9);
    expect(r).toEqual({ x: 0, y: 0, width: 320, height: 180 });
    const big = resizeBox(b, 'se', 5000, 0, img, 16 / 9);
    expect(big.width / big.height).toBeCloseTo(16 / 9, 2);
    expect(big.x + big.width).toBeLessThanOrEqual(1000);
    expect(big.y + big.height).toBeLessThanOrEqual(600);
  });
  it('never goes below the minimum or outside', () => {
    expect(resizeBox({ x: 0, y: 0, width: 20, height: 20 }, 'se', -100, -100, img, null)).toEqual({
      x: 0,
      y: 0,
      width: 8,
      height: 8,
    });
    expect(clampBox({ x: 990, y: -4, width: 50.4, height: 2000 }, img)).toEqual({
      x: 950,
      y: 0,
      width: 50,
      height: 600,
    });
  });
});
