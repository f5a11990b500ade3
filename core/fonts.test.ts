import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEME_FONTS, latinFontFile } from './fonts';

describe('latinFontFile', () => {
  it('names a file that @fontsource ships for every meme font and weight', () => {
    for (const font of MEME_FONTS) {
      for (const weight of font.weights) {
        const name = latinFontFile(font, weight).replace('/fonts/', '');
        expect(existsSync(join('node_modules', '@fontsource', font.standIn, 'files', name)), name).toBe(true);
      }
    }
  });
});
