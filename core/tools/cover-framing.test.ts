import { describe, expect, it } from 'vitest';
import { frameCover, holds, mainFaces } from './cover-framing';
import { coverCrop } from './resize';
import { greyThumb } from './salient-window';

/** A 900×300 grey picture with a checked block at x 760–824 (the detail), as a grey copy. */
function detailThumb() {
  const rgba = new Uint8Array(900 * 300 * 4);
  for (let y = 0; y < 300; y++) {
    for (let x = 0; x < 900; x++) {
      const v =
        x >= 760 && x < 824 && y >= 110 && y < 174 ? ((Math.floor(x / 32) + Math.floor(y / 32)) % 2 ? 250 : 5) : 128;
      rgba.set([v, v, v, 255], (y * 900 + x) * 4);
    }
  }
  return greyThumb(rgba, 900, 300);
}

const picture = { width: 900, height: 300 };
const strip = { width: 100, height: 300 };

describe('frameCover', () => {
  it('frames a face near the edge whole, with room, in a 1:3 strip (the centre and the detail would cut it)', () => {
    const face = { x: 30, y: 100, width: 60, height: 80 };
    const w = frameCover(picture, strip, { faces: [face], thumb: detailThumb() });
    expect(w.by).toBe('faces');
    expect(holds(w, face)).toBe(true);
    // Padded by 15% of its width each side (21–99), centred in the 100 px window.
    expect(w).toEqual({ x: 10, y: 0, width: 100, height: 300, by: 'faces' });
    expect(holds(coverCrop(picture, strip), face)).toBe(false);
    expect(holds(frameCover(picture, strip, { thumb: detailThumb() }), face)).toBe(false);
  });

  it('keeps a face at the very edge whole (the window stops at the picture)', () => {
    const face = { x: 880, y: 10, width: 20, height: 30 };
    const w = frameCover(picture, strip, { faces: [face] });
    expect(w).toMatchObject({ x: 800, by: 'faces' });
  });

  it('frames several faces by their union when it fits; bare boxes when only they fit', () => {
    const faces = [
      { x: 300, y: 50, width: 30, height: 40 },
      { x: 360, y: 60, width: 30, height: 40 },
    ];
    const w = frameCover(picture, strip, { faces });
    expect(faces.every((f) => holds(w, f))).toBe(true);
    // 96 px of faces: padded (293–404, 111 px) they do not fit 100, the bare union does.
    const tight = [
      { x: 300, y: 0, width: 48, height: 40 },
      { x: 348, y: 0, width: 48, height: 40 },
    ];
    const t = frameCover(picture, strip, { faces: tight });
    expect(t.by).toBe('faces');
    expect(tight.every((f) => holds(t, f))).toBe(true);
  });

  it('falls back to the detail when the faces do not fit together, and to the centre without a grey copy', () => {
    const apart = [
      { x: 30, y: 100, width: 60, height: 80 },
      { x: 600, y: 100, width: 60, height: 80 },
    ];
    const w = frameCover(picture, strip, { faces: apart, thumb: detailThumb() });
    expect(w.by).toBe('detail');
    expect(holds(w, { x: 760, y: 110, width: 64, height: 64 })).toBe(true);
    expect(frameCover(picture, strip, { faces: apart })).toEqual({ ...coverCrop(picture, strip), by: 'centre' });
  });

  it('on a portrait cropped to a wide box, leaves more room above the face than below', () => {
    const portrait = { width: 300, height: 900 };
    const face = { x: 120, y: 400, width: 60, height: 100 };
    const w = frameCover(portrait, { width: 300, height: 200 }, { faces: [face] });
    expect(w.by).toBe('faces');
    expect(holds(w, face)).toBe(true);
    expect(face.y - w.y).toBeGreaterThan(w.y + w.height - (face.y + face.height));
  });

  it('crops nothing when the box has the picture’s shape', () => {
    expect(
      frameCover(picture, { width: 300, height: 100 }, { faces: [{ x: 0, y: 0, width: 10, height: 10 }] }),
    ).toEqual({ x: 0, y: 0, width: 900, height: 300, by: 'centre' });
  });
});

describe('mainFaces', () => {
  it('drops doubtful faces (score under 0.5)', () => {
    expect(
      mainFaces(
        [
          { x: 25, y: 79, width: 115, height: 110, score: 0.962 },
          { x: 225, y: 219, width: 58, height: 62, score: 0.406 },
        ],
        { width: 372, height: 512 },
      ),
    ).toEqual([{ x: 25, y: 79, width: 115, height: 110 }]);
  });

  it('drops background faces (under a third of the largest) and clips boxes to the picture', () => {
    const faces = mainFaces(
      [
        { x: 275, y: 208, width: 191, height: 160 },
        { x: 58, y: 149, width: 53, height: 46 },
        { x: -5, y: 300, width: 60, height: 90 },
      ],
      { width: 500, height: 375 },
    );
    expect(faces).toEqual([
      { x: 275, y: 208, width: 191, height: 160 },
      { x: 0, y: 300, width: 55, height: 75 },
    ]);
  });
});
