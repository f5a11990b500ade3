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

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Encodes raw pixels (row-major, `channels` bytes per pixel) as a PNG. */
export function plainPng(pixels: Uint8Array, width: number, height: number, channels: 3 | 4): Uint8Array {
  if (pixels.length !== width * height * channels) throw new Error('pixel buffer does not match the size');
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 8;
  header[9] = channels === 4 ? 6 : 2;
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return concatBytes([new Uint8Array(SIGNATURE), pngChunk('IHDR', header), pngChunk('IDAT', zlibSync(raw, { level: 6 })), pngChunk('IEND', new Uint8Array())]);
}
