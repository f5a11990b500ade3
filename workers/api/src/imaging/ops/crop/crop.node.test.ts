import { describe, expect, it } from 'vitest';
import { createRaster } from '../../codecs/raster';
import { planCrop } from './crop';

describe('crop plan', () => {
  it('crop: the rectangle, as a service step and in pixels', async () => {
    const plan = planCrop({ width: 40, height: 30 }, { x: 5, y: 6, width: 10, height: 12 });
    expect(plan.output).toEqual({ width: 10, height: 12 });
    expect(await plan.service({} as never)).toEqual({
      steps: [{ op: 'crop', left: 5, top: 6, width: 10, height: 12 }],
    });
    expect((await plan.wasm(createRaster(40, 30))).width).toBe(10);
    expect(plan.unchanged).toBe(false);
  });

  it('a box that is the whole picture is no crop: the plan says the picture is unchanged, so it is not re-encoded', () => {
    const plan = planCrop({ width: 40, height: 30 }, { x: 0, y: 0, width: 40, height: 30 });
    expect(plan.unchanged).toBe(true);
    expect(plan.note).toBe('Nothing to crop: the box is the whole picture, so the picture is unchanged.');
  });
});
