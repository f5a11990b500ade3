import { pngChunk } from './png-chunks';

/**
 * The PNG with a tEXt chunk holding `marker` right after IHDR: inside the picture, where intake keeps it (bytes after
 * IEND are cut, ADR 0012), so the fake AI provider (src/ai/fake.ts) still finds a marker such as FAKE_FAIL_MARKER.
 */
export function markedPng(png: Uint8Array, marker: string): Uint8Array {
  const chunk = pngChunk('tEXt', new TextEncoder().encode(`Comment\0${marker}`));
  const ihdrEnd = 8 + 25;
  return new Uint8Array([...png.subarray(0, ihdrEnd), ...chunk, ...png.subarray(ihdrEnd)]);
}
