import { describe, expect, it } from 'vitest';
import { ditherToPalette, mapToPalette } from './dither';

/** A horizontal grey ramp, 0 to 255, `width` × `height`, RGBA. */
function ramp(width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round((255 * x) / (width - 1));
      out.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return out;
}

const BW = [
  [0, 0, 0],
  [255, 255, 255],
];

describe('dithering onto a palette', () => {
  it('keeps the tone of a ramp in two colours, where the nearest colour alone splits it in half', () => {
    const width = 64;
    const height = 16;
    const rgba = ramp(width, height);
    const whiteShare = (index: Uint8Array, x0: number, x1: number) => {
      let white = 0;
      for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) white += index[y * width + x]!;
      return white / (height * (x1 - x0));
    };
    const dithered = ditherToPalette(rgba, width, height, BW);
    const nearest = mapToPalette(rgba, width, height, BW);
    // The quarter at about 25% grey: about a quarter of its pixels white when dithered, none without dithering.
    expect(whiteShare(dithered, 8, 24)).toBeGreaterThan(0.15);
    expect(whiteShare(dithered, 8, 24)).toBeLessThan(0.35);
    expect(whiteShare(nearest, 8, 24)).toBe(0);
    // The whole picture keeps its mean brightness within 3%.
    expect(Math.abs(whiteShare(dithered, 0, width) - 0.5)).toBeLessThan(0.03);
  });

  it('leaves a picture already in the palette as it is', () => {
    const rgba = Uint8Array.from([0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255]);
    expect([...ditherToPalette(rgba, 2, 2, BW)]).toEqual([0, 1, 1, 0]);
  });
});
