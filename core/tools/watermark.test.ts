import { describe, expect, it } from 'vitest';
import {
  logoSize,
  markPlace,
  WATERMARK_MAX_TILES,
  watermarkLayout,
  watermarkMarkProblem,
  watermarkTiles,
} from './watermark';

describe('watermarkLayout: the one geometry of the server and the preview', () => {
  it('scales the font with the picture and anchors bottom-right inside a padding', () => {
    const l = watermarkLayout(1600, 900, 20, 'bottom-right');
    expect(l.fontPx).toBe(40);
    expect(l.anchor).toBe('end');
    expect(l.x).toBe(1600 - 32); // pad = max(20, 32)
    // strip 60 px high, margin max(18, 12) = 18: top = 900 - 60 - 18 = 822; baseline 822 + 44
    expect(l.baseline).toBe(866);
  });
  it('centres and tops', () => {
    expect(watermarkLayout(800, 600, 20, 'center')).toMatchObject({ x: 400, anchor: 'middle', baseline: 285 + 22 });
    expect(watermarkLayout(800, 600, 20, 'top-left')).toMatchObject({ x: 16, anchor: 'start', baseline: 12 + 22 });
    expect(watermarkLayout(40, 40, 12, 'top-left').fontPx).toBe(8);
  });
});

describe('logo and tiled watermarks: the geometry the server draws and the preview shows', () => {
  it("a logo is 2.5 font sizes tall with its own shape, at the corner inside the text's padding", () => {
    expect(logoSize(800, 20, { width: 400, height: 200 })).toEqual({ width: 100, height: 50 });
    const place = markPlace({ width: 800, height: 600 }, { width: 100, height: 50 }, 'bottom-right');
    expect(place.x).toBe(800 - 100 - 16);
    expect(place.y + 50).toBeLessThan(600);
    expect(markPlace({ width: 800, height: 600 }, { width: 100, height: 50 }, 'center')).toEqual({ x: 350, y: 275 });
  });

  it('tiles cover the picture in staggered rows, and a tiny mark on a large picture stays within the tile count', () => {
    const { rows } = watermarkTiles({ width: 800, height: 600 }, { width: 100, height: 30 });
    expect(rows.length).toBe(7);
    expect(rows[0]!.xs[0]).toBe(50);
    expect(rows[1]!.xs[0]).toBe(-50);
    const big = watermarkTiles({ width: 8000, height: 6000 }, { width: 10, height: 8 });
    expect(big.rows.reduce((n, r) => n + r.xs.length, 0)).toBeLessThanOrEqual(WATERMARK_MAX_TILES);
    expect(big.rows.at(-1)!.y).toBeGreaterThan(6000 - big.step.height);
  });

  it('a mark is text or a logo, exactly one', () => {
    expect(watermarkMarkProblem(undefined, false)).toMatch(/text is required, or a logo/);
    expect(watermarkMarkProblem('hi', true)).toMatch(/not both/);
    expect(watermarkMarkProblem('hi', false)).toBeNull();
    expect(watermarkMarkProblem(undefined, true)).toBeNull();
  });
});
