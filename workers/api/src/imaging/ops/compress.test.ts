import { describe, expect, it } from 'vitest';
import { bestWindow, possibleFormats } from './compress';

describe('bestWindow', () => {
  it('finds the detailed part of a flat picture', () => {
    const w = 64;
    const h = 48;
    const rgba = new Uint8Array(w * h * 4).fill(128);
    // A checkerboard in the bottom-right quarter: the only detail.
    for (let y = 32; y < 48; y++) for (let x = 40; x < 64; x++) rgba.fill((x + y) % 2 ? 255 : 0, (y * w + x) * 4, (y * w + x) * 4 + 3);
    const at = bestWindow(rgba, w, h, 16, 16);
    expect(at.x).toBeGreaterThanOrEqual(40);
    expect(at.y).toBeGreaterThanOrEqual(28);
  });
});

describe('possibleFormats', () => {
  it('is the asked format for a fixed quality, any lossy or PNG for auto and target sizes', () => {
    expect(possibleFormats({ quality: 80, format: 'original' }, 'jpeg')).toEqual(['jpeg']);
    expect(possibleFormats({ quality: 'auto', format: 'original' }, 'jpeg')).toEqual(['jpeg', 'webp', 'png']);
    expect(possibleFormats({ quality: 80, format: 'webp', targetBytes: 5000 }, 'webp')).toEqual(['jpeg', 'webp', 'png']);
  });
});
