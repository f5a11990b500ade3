import { describe, expect, it } from 'vitest';
import { watermarkLayout } from './watermark';

describe('watermarkLayout: the one geometry of the server and the preview', () => {
  it('scales the font with the picture and anchors bottom-right inside a padding', () => {
    const l = watermarkLayout(1600, 900, 20, 'bottom-right');
    expect(l.fontPx).toBe(40);
    expect(l.anchor).toBe('end');
    expect(l.x).toBe(1600 - 32); // pad = max(20, 32)
    // strip 60 px high, margin max(18, 12) = 18: top = 900 - 60 - 18 = 822; baseline 822 + 44
    expect(l.baseline).toBe(866);
  });
  it('centres and tops', () => {
    expect(watermarkLayout(800, 600, 20, 'center')).toMatchObject({ x: 400, anchor: 'middle', baseline: 285 + 22 });
    expect(watermarkLayout(800, 600, 20, 'top-left')).toMatchObject({ x: 16, anchor: 'start', baseline: 12 + 22 });
    expect(watermarkLayout(40, 40, 12, 'top-left').fontPx).toBe(8);
  });
});
