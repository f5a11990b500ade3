import { describe, expect, it } from 'vitest';
import { imageEnd } from './extent';

const jpeg = Uint8Array.from([
  0xff, 0xd8,
  // APP1 holding a thumbnail's own FF D9, which must not be taken for the end.
  0xff, 0xe1, 0x00, 0x06, 0xff, 0xd9, 0x00, 0x00, 0xff, 0xda, 0x00, 0x02,
  // Entropy-coded data with a stuffed FF 00 and a restart marker.
  0x12, 0xff, 0x00, 0x34, 0xff, 0xd3, 0x56, 0xff, 0xd9,
]);

describe('imageEnd', () => {
  it('ends a JPEG at the end-of-image marker after its scan, skipping segments, stuffed bytes and restarts', () => {
    expect(imageEnd(jpeg, 'jpeg')).toBe(jpeg.length);
    const trailed = Uint8Array.from([...jpeg, 0x50, 0x4b, 0x03, 0x04, 0xff, 0xd9]);
    expect(imageEnd(trailed, 'jpeg')).toBe(jpeg.length);
  });

  it('ends a WebP where its RIFF size says, and keeps formats without a reliable end whole', () => {
    const webp = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 5, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 1, 0, 9, 9, 9]);
    expect(imageEnd(webp, 'webp')).toBe(14);
    expect(imageEnd(webp, 'gif')).toBe(webp.length);
  });
});
