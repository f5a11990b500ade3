import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_SIDE, EXPORT_SCALE } from '../../../../core/limits';
import {
  autoCropBounds,
  blankImageArea,
  exportArea,
  exportMultiplier,
  fitImage,
  placeNewText,
  templateBoxRect,
  type Rect,
} from './geometry';

describe('fitImage', () => {
  it('never enlarges a small image and adds 40 × 200 margins', () => {
    const fit = fitImage({ width: 500, height: 300 }, { width: 1920, height: 1080 });
    expect(fit.scale).toBe(1);
    expect(fit.image).toEqual({ left: 20, top: 100, width: 500, height: 300 });
    expect(fit.canvas).toEqual({ width: 540, height: 500 });
  });

  it('shrinks to min(1000, window − 500) wide and min(600, window − 250) tall', () => {
    const wide = fitImage({ width: 3000, height: 1000 }, { width: 1920, height: 1080 });
    expect(wide.image.width).toBe(1000);
    expect(wide.image.height).toBe(333);
    const tall = fitImage({ width: 1000, height: 2000 }, { width: 1280, height: 800 });
    expect(tall.image.height).toBe(550);
    expect(tall.image.width).toBe(275);
  });

  it('keeps the fit box at least 400 × 300 on a phone', () => {
    const fit = fitImage({ width: 1200, height: 900 }, { width: 390, height: 844 });
    expect(fit.image.width).toBe(400);
    expect(fit.image.height).toBe(300);
  });
});

describe('templateBoxRect', () => {
  it('maps memegen fractions onto the displayed image', () => {
    const image = { left: 20, top: 100, width: 600, height: 400 };
    const box = {
      anchor_x: 0,
      anchor_y: 0.8,
      scale_x: 1,
      scale_y: 0.2,
      angle: 0,
      align: 'center',
      style: 'upper',
      color: 'white',
      font: 'thick',
    } as const;
    expect(templateBoxRect(box, image)).toEqual({ left: 20, top: 420, width: 600, height: 80 });
  });
});

describe('placeNewText', () => {
  const image = { left: 20, top: 100, width: 600, height: 400 };
  const canvas = { width: 640, height: 600 };

  it('goes above the image when nothing is there, 90% of the image wide and centred', () => {
    const r = placeNewText(image, canvas, [], 40);
    expect(r).toEqual({ left: 50, top: 30, width: 540, height: 40 });
  });

  it('goes below when the band above holds text, then inside near the top', () => {
    const above = placeNewText(image, canvas, [], 40);
    const below = placeNewText(image, canvas, [above], 40);
    expect(below.top).toBe(530);
    const inside = placeNewText(image, canvas, [above, below], 40);
    expect(inside.top).toBe(110);
  });

  it('caps the width at 800 px on a wide image', () => {
    const wide = { left: 20, top: 100, width: 1000, height: 300 };
    expect(placeNewText(wide, { width: 1040, height: 500 }, [], 40).width).toBe(800);
  });

  it('treats the blank canvas minus margins as the image area', () => {
    expect(blankImageArea({ width: 900, height: 650 })).toEqual({ left: 20, top: 100, width: 860, height: 450 });
  });
});

describe('autoCropBounds', () => {
  const canvas = { width: 900, height: 650 };

  it('is null with nothing to crop', () => {
    expect(autoCropBounds([], canvas)).toBeNull();
  });

  it('wraps all objects with no padding: nothing of the background is left around them', () => {
    const objects: Rect[] = [
      { left: 100, top: 120, width: 200, height: 50 },
      { left: 250, top: 300, width: 100, height: 100 },
    ];
    expect(autoCropBounds(objects, canvas)).toEqual({ left: 100, top: 120, width: 250, height: 280 });
    expect(autoCropBounds(objects, canvas, 20)).toEqual({ left: 80, top: 100, width: 290, height: 320 });
  });

  it('stays inside the canvas and snaps outward to whole pixels', () => {
    const r = autoCropBounds([{ left: 5.5, top: 10.2, width: 880.1, height: 100.3 }], canvas, 20);
    expect(r).toEqual({ left: 0, top: 0, width: 900, height: 131 });
    expect(autoCropBounds([{ left: 5.5, top: 10.2, width: 100.1, height: 100.3 }], canvas)).toEqual({
      left: 5,
      top: 10,
      width: 101,
      height: 101,
    });
  });
});

describe('what a download holds', () => {
  const canvas = { width: 840, height: 700 };
  const image: Rect = { left: 20, top: 100, width: 800, height: 500 };

  it('is the picture alone when nothing was placed in the margins: no white bands', () => {
    expect(exportArea(canvas, image, [{ left: 40, top: 120, width: 300, height: 60 }], false)).toEqual(image);
  });

  it('grows to hold a caption placed in the margin above, clipped to the canvas', () => {
    const caption = { left: 100, top: 30, width: 640, height: 50 };
    expect(exportArea(canvas, image, [caption], false)).toEqual({ left: 20, top: 30, width: 800, height: 570 });
    const offCanvas = { left: -50, top: 650, width: 100, height: 200 };
    expect(exportArea(canvas, image, [offCanvas], false)).toEqual({ left: 0, top: 100, width: 820, height: 600 });
  });

  it('after Auto Crop is exactly the content, not the canvas snapped out to whole pixels', () => {
    // The crop made the canvas 0…802 × 0…503 around a picture at 0.4, 0.3 of 801.2 × 502.5.
    const cropped = { width: 802, height: 503 };
    const photo = { left: 0.4, top: 0.3, width: 801.2, height: 502.5 };
    expect(exportArea(cropped, photo, [], true)).toEqual(photo);
    // Without a picture, the objects alone.
    const star = { left: 0.5, top: 0.5, width: 170, height: 160 };
    expect(exportArea({ width: 171, height: 161 }, null, [star], true)).toEqual(star);
  });

  it('is the whole canvas without a picture and before any crop (the background is the meme)', () => {
    expect(exportArea(canvas, null, [], false)).toEqual({ left: 0, top: 0, ...canvas });
    expect(exportArea(canvas, null, [], true)).toEqual({ left: 0, top: 0, ...canvas });
  });

  it("exports at the picture's own resolution, at 2× the blank canvas without one, long side capped", () => {
    // An 800 × 500 template shown at its size exports at 800 × 500, not enlarged.
    expect(exportMultiplier(1, { width: 800, height: 500 })).toBe(1);
    // Two Buttons (800 × 900) shown at 533 × 600 on a computer exports at 800 × 900, as on a phone at 400 × 450.
    expect(exportMultiplier(900 / 600, { width: 800 * (600 / 900), height: 600 }) * 600).toBeCloseTo(900, 6);
    expect(exportMultiplier(2, { width: 400, height: 450 }) * 450).toBe(900);
    expect(exportMultiplier(null, { width: 900, height: 650 })).toBe(EXPORT_SCALE);
    // A 4000 × 3000 photo shown at 800 × 600 exports at 4000 × 3000.
    expect(exportMultiplier(5, { width: 800, height: 600 })).toBe(5);
    // A 6000 × 4000 photo shown at 900 × 600 is capped at 4096 on the long side.
    expect(exportMultiplier(6000 / 900, { width: 900, height: 600 }) * 900).toBeCloseTo(EXPORT_MAX_SIDE, 6);
  });
});
