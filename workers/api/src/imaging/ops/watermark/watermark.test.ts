import { describe, expect, it } from 'vitest';
import { planWatermark } from './watermark';

describe('watermark plan', () => {
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
