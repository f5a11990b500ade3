import { describe, expect, it } from 'vitest';
import { createRaster } from '../raster';
import { planCrop } from './crop';
import { planRotate } from './rotate';
import { planWatermark } from './watermark';

describe('geometry plans', () => {
  it('crop: the rectangle, as a service step and in pixels', async () => {
    const plan = planCrop({ width: 40, height: 30 }, { x: 5, y: 6, width: 10, height: 12 });
    expect(plan.output).toEqual({ width: 10, height: 12 });
    expect(await plan.service({} as never)).toEqual({ steps: [{ op: 'crop', left: 5, top: 6, width: 10, height: 12 }] });
    expect((await plan.wasm(createRaster(40, 30))).width).toBe(10);
  });

  it('rotate: quarter turns swap the sides; the flip comes after the turn', async () => {
    const plan = planRotate({ width: 40, height: 30 }, { angle: 90, flip: 'horizontal' });
    expect(plan.output).toEqual({ width: 30, height: 40 });
    expect(await plan.service({} as never)).toEqual({ steps: [{ op: 'rotate', angle: 90 }, { op: 'flip', axis: 'h' }] });
    expect(plan.note).toBe('Rotated 90° clockwise and flipped horizontally.');
    const src = createRaster(2, 1);
    src.data.set([255, 0, 0, 255, 0, 0, 255, 255]);
    // Turned: red above blue; mirrored left-right changes nothing in a one-pixel-wide column.
    const out = await plan.wasm(src);
    expect([out.width, out.height, out.data[0], out.data[6]]).toEqual([1, 2, 255, 255]);
  });

  it('watermark: the service draws the text strip at the same place and opacity as the preview', async () => {
    const plan = planWatermark({ width: 4000, height: 3000 }, { text: 'Memeforge', position: 'bottom-right', opacity: 0.5, size: 20, color: '#ffffff' });
    const job = await plan.service({} as never);
    expect(job.steps).toEqual([]);
    expect(job.overlays).toHaveLength(1);
    const o = job.overlays![0]!;
    expect(o.opacity).toBe(0.5);
    expect(o.left).toBe(0);
    expect(o.top).toBeGreaterThan(2700);
    expect(o.top).toBeLessThan(3000);
  });
});
