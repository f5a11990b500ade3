import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../../core/images/kinds';
import { WATERMARK_LOGO_FORMATS } from '../../../core/tools/watermark-options';
import { defaultWatermark, notReady } from './watermark-settings';

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
