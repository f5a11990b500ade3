import { describe, expect, it } from 'vitest';
import { coverCrop } from './resize';
import { greyThumb, salientStart } from './salient-window';

/** RGBA pixels of a flat grey picture with a black-and-white checked block at (bx, by), `side` pixels square. */
function withBlock(width: number, height: number, bx: number, by: number, side: number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= bx && x < bx + side && y >= by && y < by + side;
      const v = inside ? ((Math.floor((x - bx) / 8) + Math.floor((y - by) / 8)) % 2 ? 255 : 0) : 128;
      px.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return px;
}

describe('salientStart', () => {
  it('slides the window over a detailed block near the left edge, with room around it', () => {
    const thumb = greyThumb(withBlock(900, 300, 30, 100, 90), 900, 300);
    expect([thumb.width, thumb.height]).toEqual([96, 32]);
    const start = salientStart(thumb, 'x', 1 / 3);
    // The window [start, start + 1/3] holds the whole block (x 30–120 of 900), not flush against its edge.
    expect(start * 900).toBeLessThanOrEqual(30 - 10);
    expect((start + 1 / 3) * 900).toBeGreaterThanOrEqual(120 + 10);
  });

  it('finds a block near the bottom along y', () => {
    const thumb = greyThumb(withBlock(300, 900, 100, 780, 100), 300, 900);
    const start = salientStart(thumb, 'y', 1 / 3);
    expect(start * 900).toBeLessThanOrEqual(780);
    expect((start + 1 / 3) * 900).toBeGreaterThanOrEqual(880);
  });

  it('stays centred on a flat picture, and when the detail is spread evenly', () => {
    const flat = greyThumb(new Uint8Array(400 * 100 * 4).fill(200), 400, 100);
    expect(salientStart(flat, 'x', 0.25)).toBeCloseTo(0.375, 5);
    const stripes = new Uint8Array(400 * 100 * 4);
    for (let i = 0; i < 400 * 100; i++) stripes.set([(i % 400) % 20 < 10 ? 0 : 255, 0, 0, 255], i * 4);
    expect(salientStart(greyThumb(stripes, 400, 100), 'x', 0.25)).toBeCloseTo(0.375, 1);
  });

  it('reads transparent pixels as white, and a window as wide as the picture starts at 0', () => {
    const clear = greyThumb(new Uint8Array(10 * 10 * 4), 10, 10);
    expect(Array.from(clear.grey).every((v) => v === 255)).toBe(true);
    expect(salientStart(clear, 'x', 1)).toBe(0);
  });
});

describe('coverCrop with a grey copy', () => {
  it('keeps the block that the centred crop cuts, in the picture pixels and the box shape', () => {
    const picture = { width: 900, height: 300 };
    const thumb = greyThumb(withBlock(900, 300, 30, 100, 60), 900, 300);
    const smart = coverCrop(picture, { width: 100, height: 300 }, thumb);
    expect([smart.width, smart.height, smart.y]).toEqual([100, 300, 0]);
    expect(smart.x).toBeLessThanOrEqual(30);
    expect(smart.x + smart.width).toBeGreaterThanOrEqual(90);
    const centre = coverCrop(picture, { width: 100, height: 300 });
    expect(centre.x).toBe(400);
  });
});
