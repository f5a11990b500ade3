import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../codecs/raster';
import { planResize } from './resize';

/** A picture whose left half is red and right half blue, with a green square in the middle. */
function halves(width: number, height: number): Raster {
  const r = createRaster(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const centre = Math.abs(x - width / 2) < height / 8 && Math.abs(y - height / 2) < height / 8;
      r.data.set(centre ? [0, 255, 0, 255] : x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i);
    }
  }
  return r;
}
const at = (r: Raster, x: number, y: number) =>
  Array.from(r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 3));
const base = { width: 800, height: 600, maintainAspectRatio: true, background: '#ffffff' };

describe('planResize', () => {
  it('cover fills a box of another shape by cropping the sides, so the centre square stays square', async () => {
    const plan = planResize({ width: 400, height: 200 }, { ...base, width: 100, height: 200, fit: 'cover' });
    expect(plan.output).toEqual({ width: 100, height: 200 });
    const out = await plan.wasm(halves(400, 200));
    expect([out.width, out.height]).toEqual([100, 200]);
    // The kept part is the middle 100×200 of the source (scale 1): the square is 50×50 there.
    let green = 0;
    for (let y = 0; y < 200; y++) if (at(out, 50, y)[1]! > 200) green++;
    let greenRow = 0;
    for (let x = 0; x < 100; x++) if (at(out, x, 100)[1]! > 200) greenRow++;
    expect(Math.abs(green - greenRow)).toBeLessThanOrEqual(2);
    expect(await plan.service({} as never)).toEqual({
      steps: [{ op: 'resize', width: 100, height: 200, fit: 'cover', background: '#ffffff' }],
    });
    expect(plan.note).toBe('Cropped to fill 100×200.');
  });

  it('a box of the picture\'s own shape is filled by scaling alone, and the note does not say "cropped"', () => {
    expect(planResize({ width: 4032, height: 3024 }, { ...base, width: 1200, height: 900, fit: 'cover' }).note).toBe(
      'Resized to 1200×900.',
    );
    expect(planResize({ width: 400, height: 200 }, { ...base, width: 200, height: 100, fit: 'cover' }).note).toBe(
      'Resized to 200×100.',
    );
  });

  it('contain pads with the chosen colour', async () => {
    const plan = planResize(
      { width: 400, height: 200 },
      { ...base, width: 200, height: 200, fit: 'contain', background: '#102030' },
    );
    const out = await plan.wasm(halves(400, 200));
    expect([out.width, out.height]).toEqual([200, 200]);
    expect(at(out, 100, 5)).toEqual([16, 32, 48]);
    expect(at(out, 100, 195)).toEqual([16, 32, 48]);
    expect(at(out, 20, 100)[0]).toBeGreaterThan(200);
  });

  it('stretches only when asked, and a locked custom size keeps the shape', async () => {
    expect(
      planResize({ width: 400, height: 200 }, { ...base, width: 100, height: 100, maintainAspectRatio: false }).output,
    ).toEqual({ width: 100, height: 100 });
    const inside = planResize({ width: 400, height: 200 }, { ...base, width: 100, height: 100 });
    expect(inside.output).toEqual({ width: 100, height: 50 });
    expect((await inside.wasm(halves(400, 200))).height).toBe(50);
  });

  it('a chosen window (framing.ts) is cropped in the isolate, and is crop + resize steps for the service', async () => {
    // 400×200 of flat grey with a checked 60×60 block at x 20–80: the window x 0–100 holds it, the centred x 150–250 not.
    const picture = createRaster(400, 200);
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 400; x++) {
        const v =
          x >= 20 && x < 80 && y >= 70 && y < 130 ? ((Math.floor(x / 6) + Math.floor(y / 6)) % 2 ? 255 : 0) : 128;
        picture.data.set([v, v, v, 255], (y * 400 + x) * 4);
      }
    }
    const window = { x: 0, y: 0, width: 100, height: 200, by: 'faces' as const };
    const plan = planResize({ width: 400, height: 200 }, { ...base, width: 100, height: 200, fit: 'cover' }, window, 1);
    const out = await plan.wasm(picture);
    let block = 0;
    for (let y = 0; y < 200; y++) for (let x = 0; x < 100; x++) if (Math.abs(at(out, x, y)[0]! - 128) > 100) block++;
    expect(block).toBe(60 * 60);
    expect((await plan.service({} as never)).steps).toEqual([
      { op: 'crop', left: 0, top: 0, width: 100, height: 200 },
      { op: 'resize', width: 100, height: 200, fit: 'stretch' },
    ]);
    expect(plan.note).toBe('Cropped to fill 100×200, keeping the face in frame.');
    expect(
      planResize(
        { width: 400, height: 200 },
        { ...base, width: 100, height: 200, fit: 'cover' },
        { ...window, by: 'detail' },
      ).note,
    ).toBe('Cropped to fill 100×200, keeping the most detailed part.');
  });
});
