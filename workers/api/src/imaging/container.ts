import { crc32 } from '../../../../core/images/crc32';

/** Walking the metadata containers of JPEG, PNG and WebP files, to remove parts without touching the pixels. */

export interface JpegSegment {
  marker: number;
  /** Offset of the 0xFF byte; the segment runs to `end`. */
  start: number;
  end: number;
  /** Payload after the length field. */
  payload: Uint8Array;
}

/** Splits a JPEG into its header segments and the rest (from SOS on, kept as is). */
export function jpegSegments(b: Uint8Array): { segments: JpegSegment[]; rest: Uint8Array } | null {
  const segments: JpegSegment[] = [];
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1] ?? 0;
    if (marker === 0xda) return { segments, rest: b.subarray(o) };
    const len = ((b[o + 2] ?? 0) << 8) | (b[o + 3] ?? 0);
    if (len < 2 || o + 2 + len > b.length) return null;
    segments.push({ marker, start: o, end: o + 2 + len, payload: b.subarray(o + 4, o + 2 + len) });
    o += 2 + len;
  }
  return null;
}

export function joinJpeg(segments: JpegSegment[], source: Uint8Array, rest: Uint8Array): Uint8Array {
  const parts = [source.subarray(0, 2), ...segments.map((s) => source.subarray(s.start, s.end)), rest];
  return concat(parts);
}

export const startsWith = (b: Uint8Array, text: string) => {
  for (let i = 0; i < text.length; i++) if (b[i] !== text.charCodeAt(i)) return false;
  return true;
};

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export interface Chunk {
  type: string;
  /** The whole chunk as stored (PNG: length, type, data, CRC; WebP: fourcc, size, data, padding). */
  raw: Uint8Array;
  data: Uint8Array;
}

export function pngChunks(b: Uint8Array): Chunk[] | null {
  const chunks: Chunk[] = [];
  let o = 8;
  while (o + 12 <= b.length) {
    const len = ((b[o] ?? 0) << 24 >>> 0) + ((b[o + 1] ?? 0) << 16) + ((b[o + 2] ?? 0) << 8) + (b[o + 3] ?? 0);
    if (o + 12 + len > b.length) return null;
    const type = String.fromCharCode(...b.subarray(o + 4, o + 8));
    chunks.push({ type, raw: b.subarray(o, o + 12 + len), data: b.subarray(o + 8, o + 8 + len) });
    o += 12 + len;
    if (type === 'IEND') return chunks;
  }
  return null;
}

/** Rewrites a PNG chunk's CRC after its data was edited in place. */
export function fixPngCrc(chunk: Chunk): void {
  const typeAndData = chunk.raw.subarray(4, chunk.raw.length - 4);
  new DataView(chunk.raw.buffer, chunk.raw.byteOffset).setUint32(chunk.raw.length - 4, crc32(typeAndData));
}

export function webpChunks(b: Uint8Array): Chunk[] | null {
  const chunks: Chunk[] = [];
  let o = 12;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  while (o + 8 <= b.length) {
    const size = v.getUint32(o + 4, true);
    const padded = size + (size & 1);
    if (o + 8 + size > b.length) return null;
    chunks.push({ type: String.fromCharCode(...b.subarray(o, o + 4)), raw: b.subarray(o, Math.min(b.length, o + 8 + padded)), data: b.subarray(o + 8, o + 8 + size) });
    o += 8 + padded;
  }
  return chunks;
}

/** Reassembles a WebP with the RIFF size recomputed and the VP8X EXIF/XMP flags matching the chunks kept. */
export function joinWebp(chunks: Chunk[]): Uint8Array {
  const body = concat(chunks.map((c) => c.raw.slice()));
  const out = concat([new Uint8Array(12), body]);
  out.set([0x52, 0x49, 0x46, 0x46], 0);
  out.set([0x57, 0x45, 0x42, 0x50], 8);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  if (chunks[0]?.type === 'VP8X') {
    const has = (t: string) => chunks.some((c) => c.type === t);
    let flags = out[20] ?? 0;
    flags = has('EXIF') ? flags | 0x08 : flags & ~0x08;
    flags = has('XMP ') ? flags | 0x04 : flags & ~0x04;
    out[20] = flags;
  }
  return out;
}
