import { describe, expect, it } from 'vitest';
import { logoSize, markPlace, watermarkTiles } from '../../../../../../core/tools/watermark';
import { encode } from '../../codecs/encode';
import { createRaster, type Raster } from '../../codecs/raster';
import { sniffImage } from '../../intake/sniff';
import { planWatermark } from './watermark';

const base = { position: 'bottom-right', opacity: 1, size: 20, color: '#ffffff', tiled: false } as const;

/** A mid-grey picture: any white or red mark on it shows. */
function grey(width: number, height: number): Raster {
  const r = createRaster(width, height);
  for (let i = 0; i < r.data.length; i += 4) r.data.set([128, 128, 128, 255], i);
  return r;
}
const at = (r: Raster, x: number, y: number) =>
  Array.from(r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 3));
/** Pixels no longer grey inside a rectangle. */
function marked(r: Raster, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (at(r, x, y).some((v) => Math.abs(v - 128) > 40)) n++;
  return n;
}

async function redLogo(width: number, height: number) {
  const r = createRaster(width, height);
  for (let i = 0; i < r.data.length; i += 4) r.data.set([220, 20, 20, 255], i);
  const bytes = await encode(r, 'png', { quality: 100 });
  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) throw new Error('the test logo is not a PNG');
  return { bytes, header: sniffed.info };
}

describe('watermark plan', () => {
  it('watermark: the service draws the text strip at the same place and opacity as the preview', async () => {
    const plan = planWatermark({ width: 4000, height: 3000 }, { ...base, text: 'Memeforge', opacity: 0.5 });
    const job = await plan.service({} as never);
    expect(job.steps).toEqual([]);
    expect(job.overlays).toHaveLength(1);
    const o = job.overlays![0]!;
    expect(o.opacity).toBe(0.5);
    expect(o.left).toBe(0);
    expect(o.top).toBeGreaterThan(2700);
    expect(o.top).toBeLessThan(3000);
  });

  it('a logo is drawn at its size on the picture, at the corner asked, in the isolate and by the service alike', async () => {
    const logo = await redLogo(200, 100);
    const picture = { width: 800, height: 600 };
    const plan = planWatermark(picture, { ...base, logo });
    const box = logoSize(800, 20, { width: 200, height: 100 });
    const place = markPlace(picture, box, 'bottom-right');
    const out = await plan.wasm(grey(800, 600));
    // The logo's red, give or take the scaling's rounding.
    const centre = at(out, place.x + Math.round(box.width / 2), place.y + Math.round(box.height / 2));
    centre.forEach((v, i) => expect(Math.abs(v - [220, 20, 20][i]!)).toBeLessThanOrEqual(3));
    expect(at(out, 20, 20)).toEqual([128, 128, 128]);
    const job = await plan.service({} as never);
    expect(job.overlays).toHaveLength(1);
    expect(job.overlays![0]).toMatchObject({ left: place.x, top: place.y, opacity: 1 });
    expect(plan.note).toBe('Logo watermark added at bottom-right.');
  });

  it('tiled text marks every part of the picture, and the service gets one strip a row, not one overlay a tile', async () => {
    const plan = planWatermark({ width: 800, height: 600 }, { ...base, text: '© Ada', tiled: true });
    const out = await plan.wasm(grey(800, 600));
    // Every quarter of the picture carries marks, not just a corner.
    for (const [x, y] of [
      [0, 0],
      [400, 0],
      [0, 300],
      [400, 300],
    ] as const)
      expect(marked(out, x, y, x + 400, y + 300)).toBeGreaterThan(200);
    const job = await plan.service({} as never);
    expect(job.overlays!.every((o) => o.left === 0)).toBe(true);
    expect(new Set(job.overlays!.map((o) => o.image)).size).toBeLessThanOrEqual(3);
    expect(job.overlays!.length).toBeGreaterThan(5);
    expect(plan.note).toBe('Watermark "© Ada" repeated over the whole picture.');
  });

  it('a tiled logo follows the same rows as the preview', async () => {
    const logo = await redLogo(60, 60);
    const picture = { width: 600, height: 400 };
    const plan = planWatermark(picture, { ...base, logo, tiled: true, opacity: 0.5 });
    const job = await plan.service({} as never);
    const mark = logoSize(600, 20, { width: 60, height: 60 });
    expect(job.overlays!.map((o) => o.top)).toEqual(watermarkTiles(picture, mark).rows.map((r) => r.y));
    const out = await plan.wasm(grey(600, 400));
    const first = watermarkTiles(picture, mark).rows[0]!;
    // Half opacity: red over grey, halfway.
    at(out, first.xs[0]! + 5, first.y + 5).forEach((v, i) =>
      expect(Math.abs(v - [174, 74, 74][i]!)).toBeLessThanOrEqual(3),
    );
  });
});
