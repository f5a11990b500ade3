import { zlibSync } from 'fflate';
import { concatBytes } from '../../../../../core/bytes';
import { crc32 } from '../../../../../core/images/crc32';

/**
 * A minimal PNG encoder (8-bit RGB or RGBA, no filtering). The fake AI provider, the watermark strip
 * sent to the image service and the metadata rewriters need real, decodable PNGs (or one chunk of one) without a
 * WASM codec in the call; fflate's deflate is already a dependency.
 * Image headers are read by `sniff.ts`. The WASM PNG encoder of the pixel path is `encode.ts`.
 */

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** An IHDR's data: 8 bits a sample, `colourType` 2 (RGB), 3 (palette) or 6 (RGBA), no interlace. */
export function ihdr(width: number, height: number, colourType: 2 | 3 | 6): Uint8Array {
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 8;
  header[9] = colourType;
  return header;
}

/** Rows of `stride` bytes, each behind filter byte 0 (none), as IDAT's data before deflate. */
export function unfilteredRows(pixels: Uint8Array, stride: number, height: number): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return raw;
}

/** Encodes raw pixels (row-major, `channels` bytes per pixel) as a PNG. */
export function plainPng(pixels: Uint8Array, width: number, height: number, channels: 3 | 4): Uint8Array {
  if (pixels.length !== width * height * channels) throw new Error('pixel buffer does not match the size');
  const raw = unfilteredRows(pixels, width * channels, height);
  return concatBytes([
    new Uint8Array(PNG_SIGNATURE),
    pngChunk('IHDR', ihdr(width, height, channels === 4 ? 6 : 2)),
    pngChunk('IDAT', zlibSync(raw, { level: 6 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}
