import { describe, expect, it } from 'vitest';
import { possibleFormats } from './compress';

describe('possibleFormats', () => {
  it('is the asked format for a fixed quality; JPEG, WebP or PNG where the engine chooses', () => {
    expect(possibleFormats({ quality: 80, format: 'original' }, 'jpeg')).toEqual(['jpeg']);
    expect(possibleFormats({ quality: 'auto', format: 'original' }, 'png')).toEqual(['png']);
    expect(possibleFormats({ quality: 'auto', format: 'auto' }, 'jpeg')).toEqual(['jpeg', 'webp', 'png']);
    expect(possibleFormats({ quality: 80, format: 'webp', targetBytes: 5000 }, 'webp')).toEqual(['jpeg', 'webp', 'png']);
  });
});
