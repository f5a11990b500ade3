import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../../core/images/kinds';
import { WATERMARK_LOGO_FORMATS } from '../../../core/tools/watermark-options';
import { defaultWatermark, notReady, sizeWords } from './watermark-settings';

describe('notReady', () => {
  it('asks for a logo in every format the logo field takes, as its label says (PNG or WebP)', () => {
    const why = notReady({ ...defaultWatermark(), mark: 'logo' });
    for (const format of WATERMARK_LOGO_FORMATS) expect(why).toContain(FORMAT_NAMES[format]);
  });

  it('asks for the text first, and is ready once there is some', () => {
    expect(notReady(defaultWatermark())).toBe('Type the text of your watermark first.');
    expect(notReady({ ...defaultWatermark(), text: '© Jane' })).toBeNull();
  });
});

describe('sizeWords', () => {
  it('gives the mark\'s height on this picture, not the 800 px reference\'s "px"', () => {
    // 20 on a 4,032 px wide photo: a 101 px font; a 400 × 160 logo is 2.5 fonts tall.
    expect(sizeWords(defaultWatermark(), 4032)).toBe('Size: 20 (101 px on this picture)');
    const logo = { file: new File([], 'logo.png'), url: '', size: { width: 400, height: 160 } };
    expect(sizeWords({ ...defaultWatermark(), mark: 'logo', logo }, 4032)).toBe('Size: 20 (253 px on this picture)');
    expect(sizeWords(defaultWatermark(), undefined)).toBe('Size: 20');
  });
});
