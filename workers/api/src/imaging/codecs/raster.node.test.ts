import { describe, expect, it } from 'vitest';
import { createRaster, type Raster, transform } from './raster';

/** A w×h raster whose pixels are numbered 1, 2, 3, … row by row (in the red channel; alpha opaque). */
function numbered(w: number, h: number): Raster {
  const r = createRaster(w, h);
  for (let i = 0; i < w * h; i++) r.data.set([i + 1, 0, 0, 255], i * 4);
  return r;
}
/** The numbers back, one string per row. */
const rows = (r: Raster) =>
  Array.from({ length: r.height }, (_, y) =>
    Array.from({ length: r.width }, (_, x) => r.data[(y * r.width + x) * 4]).join(' '),
  );

describe('transform: quarter turns clockwise, then a mirror', () => {
  // 1 2 3
  // 4 5 6
  it.each([
    [0, false, ['1 2 3', '4 5 6']],
    [1, false, ['4 1', '5 2', '6 3']],
    [2, false, ['6 5 4', '3 2 1']],
    [3, false, ['3 6', '2 5', '1 4']],
    [0, true, ['3 2 1', '6 5 4']],
    [1, true, ['1 4', '2 5', '3 6']],
    [2, true, ['4 5 6', '1 2 3']],
    [3, true, ['6 3', '5 2', '4 1']],
  ] as const)('%i quarter turns, mirrored %s, puts every pixel where it belongs', (turns, mirror, expected) => {
    const out = transform(numbered(3, 2), turns, mirror);
    expect(rows(out)).toEqual(expected);
    expect(Array.from(out.data.filter((_, i) => i % 4 === 3))).toEqual(new Array(6).fill(255));
  });

  it('turns a one-pixel column and a one-pixel row', () => {
    expect(rows(transform(numbered(1, 3), 1, false))).toEqual(['3 2 1']);
    expect(rows(transform(numbered(3, 1), 3, true))).toEqual(['3', '2', '1']);
  });
});
