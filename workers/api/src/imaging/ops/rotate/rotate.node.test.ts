import { describe, expect, it } from 'vitest';
import { createRaster } from '../../codecs/raster';
import { planRotate } from './rotate';

describe('rotate plan', () => {
  it('rotate: quarter turns swap the sides; the flip comes after the turn', async () => {
    const plan = planRotate({ width: 40, height: 30 }, { angle: 90, flip: 'horizontal' });
    expect(plan.output).toEqual({ width: 30, height: 40 });
    expect(await plan.service({} as never)).toEqual({
      steps: [
        { op: 'rotate', angle: 90 },
        { op: 'flip', axis: 'h' },
      ],
    });
    expect(plan.note).toBe('Rotated 90° clockwise and flipped horizontally.');
    const src = createRaster(2, 1);
    src.data.set([255, 0, 0, 255, 0, 0, 255, 255]);
    // Turned: red above blue; mirrored left-right changes nothing in a one-pixel-wide column.
    const out = await plan.wasm(src);
    expect([out.width, out.height, out.data[0], out.data[6]]).toEqual([1, 2, 255, 255]);
  });
});
