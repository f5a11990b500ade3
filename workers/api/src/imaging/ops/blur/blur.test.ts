import { describe, expect, it } from 'vitest';
import { decode } from '../../codecs/decode';
import { pixelatedPng } from '../../codecs/png-rows';
import { readHeader } from '../../intake/sniff';
import { scaleBoxes } from '../../pipeline/boxes';
import { proxySize, regionsNote } from './blur';

describe('blur detection copy', () => {
  it('is the picture itself up to 1 MP, else about 1 MP with the same shape', () => {
    expect(proxySize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600, scale: 1 });
    const p = proxySize({ width: 4000, height: 3000 });
    expect(p.width * p.height).toBeLessThanOrEqual(1_000_000);
    expect(p.width * p.height).toBeGreaterThan(990_000);
    expect(p.width / p.height).toBeCloseTo(4 / 3, 2);
  });

  it('scales boxes found on the copy back to the picture', () => {
    expect(
      scaleBoxes([{ x: 10, y: 20, width: 30, height: 40 }], { width: 100, height: 100 }, { width: 400, height: 200 }),
    ).toEqual([{ x: 40, y: 40, width: 120, height: 80 }]);
  });
});

describe('pixelatedPng', () => {
  it('writes one flat cell per grid pixel, edge cells cut to the picture', async () => {
    const grid = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255]); // 2 × 2
    const png = await pixelatedPng(grid, 2, 7, 5, 4);
    const header = readHeader(png)!;
    expect([header.width, header.height]).toEqual([7, 5]);
    const r = await decode(png, header);
    const px = (x: number, y: number) => Array.from(r.data.subarray((y * 7 + x) * 4, (y * 7 + x) * 4 + 4));
    expect(px(0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(3, 3)).toEqual([255, 0, 0, 255]);
    expect(px(4, 0)).toEqual([0, 255, 0, 255]);
    expect(px(6, 4)).toEqual([9, 9, 9, 255]);
    expect(px(0, 4)).toEqual([0, 0, 255, 255]);
  });
});

describe('the note of a blur by areas', () => {
  it('counts the areas in words a person writes: "1 area blurred.", "3 areas pixelated."', () => {
    expect(regionsNote(1, 'blurred')).toBe('1 area blurred.');
    expect(regionsNote(3, 'pixelated')).toBe('3 areas pixelated.');
  });
});
