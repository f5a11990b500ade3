/**
 * PNGs written byte by byte for the tests that need one no encoder makes (a declared size with no pixels, an IDAT no
 * inflater reads, an empty palette, a chunk slipped in): the signature, then chunks with their lengths and CRCs.
 */
import { crc32 } from '../../../../core/images/crc32';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `n` as four big-endian bytes, as PNG writes every length and size. */
export const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** One chunk: its data's length, its type, the data and the CRC of type and data. */
export function pngChunk(type: string, data: ArrayLike<number> = []): number[] {
  const body = Uint8Array.from([...[...type].map((c) => c.charCodeAt(0)), ...Array.from(data)]);
  return [...u32be(data.length), ...body, ...u32be(crc32(body, 0, body.length))];
}

/** The PNG of these chunks, in order (IEND included by the caller, or left out on purpose). */
export function pngOf(...chunks: number[][]): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...SIGNATURE, ...chunks.flat()]);
}
