import { describe, expect, it } from 'vitest';
import { encode } from '../codecs/encode';
import { readHeader, readHeadOf } from './sniff';

/** A noisy picture, so every encoder writes a file far longer than the prefix read. */
function noise(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i++)
    data[i] = (i & 3) === 3 ? 255 : (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return { data, width, height };
}

describe('readHeadOf: the header of a streamed result from its first part', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'reads a %s from its first 4 KB, where the whole-file reader refuses the cut',
    async (format) => {
      const bytes = await encode(noise(300, 200), format, { quality: 90, optimise: false });
      expect(bytes.length).toBeGreaterThan(8 * 1024);
      const prefix = bytes.subarray(0, 4096);
      expect(readHeader(prefix)).toBeNull();
      expect(readHeadOf(prefix)).toMatchObject({ format, width: 300, height: 200 });
      expect(readHeadOf(bytes)).toMatchObject({ format, width: 300, height: 200 });
    },
  );

  it('refuses what does not start a PNG, JPEG or WebP, and a PNG whose header is damaged', async () => {
    const png = await encode(noise(40, 30), 'png', { quality: 100, optimise: false });
    expect(readHeadOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readHeadOf(new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00'))).toBeNull();
    expect(readHeadOf(png.subarray(0, 20))).toBeNull(); // cut inside IHDR
    const damaged = png.slice(0, 4096);
    damaged[20] = damaged[20]! ^ 0xff; // a byte of IHDR: its CRC no longer matches
    expect(readHeadOf(damaged)).toBeNull();
  });
});
