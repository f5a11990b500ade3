import { crc32 } from '../../../../core/images/crc32';

/**
 * The PNG with a tEXt chunk holding `marker` right after IHDR: inside the picture, where intake keeps it (bytes after
 * IEND are cut, ADR 0012), so the fake AI provider (src/ai/fake.ts) still finds a marker such as FAKE_FAIL_MARKER.
 */
export function markedPng(png: Uint8Array, marker: string): Uint8Array {
  const body = new TextEncoder().encode(`tEXtComment\0${marker}`);
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const chunk = [...u32(body.length - 4), ...body, ...u32(crc32(body, 0, body.length))];
  const ihdrEnd = 8 + 25;
  return new Uint8Array([...png.subarray(0, ihdrEnd), ...chunk, ...png.subarray(ihdrEnd)]);
}
