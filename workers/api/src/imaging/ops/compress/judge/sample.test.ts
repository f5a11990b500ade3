import { describe, expect, it } from 'vitest';
import { BLOCK, judgedWhole, sampleOf, sampleTiles } from './sample';
import { JUDGE_MAX_PIXELS, SAMPLE_TILE_SIDE, SAMPLE_TILES } from '../../../options';
import { createRaster } from '../../../codecs/raster';

const inside = (w: number, h: number) => (t: { left: number; top: number; width: number; height: number }) =>
  t.left >= 0 && t.top >= 0 && t.left + t.width <= w && t.top + t.height <= h;

describe('sampleTiles', () => {
  it('spreads full-size tiles on the block grid over a 12 MP photo, without overlap', () => {
    const tiles = sampleTiles(4000, 3000);
    expect(tiles).toHaveLength(SAMPLE_TILES);
    for (const t of tiles) {
      expect([t.width, t.height]).toEqual([SAMPLE_TILE_SIDE, SAMPLE_TILE_SIDE]);
      expect(t.left % BLOCK).toBe(0);
      expect(t.top % BLOCK).toBe(0);
    }
    expect(tiles.every(inside(4000, 3000))).toBe(true);
    // Both halves of the picture, left and right, top and bottom, are sampled.
    expect(tiles.some((t) => t.left < 1000) && tiles.some((t) => t.left > 3000)).toBe(true);
    expect(tiles.some((t) => t.top < 1000) && tiles.some((t) => t.top > 2000)).toBe(true);
    const keys = new Set(tiles.map((t) => `${t.left},${t.top}`));
    expect(keys.size).toBe(tiles.length);
  });

  it('lays the tiles along a long, narrow picture and never past its edges', () => {
    const tiles = sampleTiles(4400, 380);
    expect(tiles.length).toBeGreaterThan(1);
    expect(tiles.every(inside(4400, 380))).toBe(true);
    expect(new Set(tiles.map((t) => t.top)).size).toBe(1);
    const thin = sampleTiles(3000, 12);
    expect(thin.every(inside(3000, 12))).toBe(true);
    expect(thin[0]!.height).toBe(12);
  });
});

describe('sampleOf', () => {
  it('judges small pictures whole and large ones on a strip of their tiles', () => {
    expect(judgedWhole(512, 512)).toBe(true);
    expect(judgedWhole(JUDGE_MAX_PIXELS + 1, 1)).toBe(false);
    const big = createRaster(1200, 900);
    for (let i = 0; i < big.data.length; i += 4) big.data[i] = ((i / 4) % 1200) % 256;
    const s = sampleOf(big);
    expect(s.whole).toBe(false);
    expect(s.raster.width).toBe(s.tiles.length * SAMPLE_TILE_SIDE);
    expect(s.raster.height).toBe(SAMPLE_TILE_SIDE);
    // The strip holds the source's pixels at each tile, so `cut` of the source is the strip itself.
    const t = s.tiles[1]!;
    expect(s.raster.data[SAMPLE_TILE_SIDE * 4]).toBe(big.data[(t.top * 1200 + t.left) * 4]);
    expect(s.cut(big).data).toEqual(s.raster.data);
  });
});
