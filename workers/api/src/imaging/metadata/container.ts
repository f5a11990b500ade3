/** Walking the metadata containers of JPEG, PNG and WebP files, to remove parts without touching the pixels. */
import { concatBytes } from '../../../../../core/bytes';

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

/** A marker of the JPEG file as a whole: a header segment, a scan (its header and entropy-coded data), or EOI. */
export interface JpegPart extends JpegSegment {
  /** For a scan (0xDA): where its entropy-coded data starts (`payload` is only the scan header). */
  data?: number;
}

const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd9);

/**
 * Every marker of a JPEG from SOI on: segments by their lengths, each scan's entropy-coded data up to the next real
 * marker (0xFF followed by anything but a stuffed 0x00 or a restart marker), so segments between the scans of a
 * progressive JPEG are found too. `end` is after EOI; what follows it (`bytes.subarray(end)`) is not the picture.
 * A file cut off inside a scan ends with that scan; a segment that runs past the end is left out (from `end` on).
 */
export function jpegParts(b: Uint8Array): { parts: JpegPart[]; end: number } | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const parts: JpegPart[] = [];
  let o = 2;
  while (o + 1 < b.length) {
    if (b[o] !== 0xff) return parts.some((p) => p.marker === 0xda) ? { parts, end: o } : null;
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o++; // a fill byte
      continue;
    }
    if (standalone(marker)) {
      parts.push({ marker, start: o, end: o + 2, payload: b.subarray(o + 2, o + 2) });
      o += 2;
      if (marker === 0xd9) return { parts, end: o };
      continue;
    }
    const len = o + 4 <= b.length ? (b[o + 2]! << 8) | b[o + 3]! : 0;
    if (len < 2 || o + 2 + len > b.length) return parts.some((p) => p.marker === 0xda) ? { parts, end: o } : null;
    let end = o + 2 + len;
    const part: JpegPart = { marker, start: o, end, payload: b.subarray(o + 4, end) };
    if (marker === 0xda) {
      part.data = end;
      for (let i = b.indexOf(0xff, end); ; i = b.indexOf(0xff, i + 1)) {
        const next = i < 0 || i + 1 >= b.length ? -1 : b[i + 1]!;
        if (next < 0) {
          end = b.length;
          break;
        }
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) {
          end = i;
          break;
        }
      }
      part.end = end;
    }
    parts.push(part);
    o = end;
  }
  return parts.some((p) => p.marker === 0xda) ? { parts, end: b.length } : null;
}

/** A JPEG marker segment: 0xFF, the marker, the length (payload + 2, at most 65,535) and the payload. */
export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  if (length > 0xffff) throw new RangeError('JPEG segment too long');
  return concat([new Uint8Array([0xff, marker, length >> 8, length & 255]), payload]);
}

export const startsWith = (b: Uint8Array, text: string) => {
  for (let i = 0; i < text.length; i++) if (b[i] !== text.charCodeAt(i)) return false;
  return true;
};

/** The parts one after another (core/bytes.ts). */
export const concat = concatBytes;

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
    const len = (((b[o] ?? 0) << 24) >>> 0) + ((b[o + 1] ?? 0) << 16) + ((b[o + 2] ?? 0) << 8) + (b[o + 3] ?? 0);
    if (o + 12 + len > b.length) return null;
    const type = String.fromCharCode(...b.subarray(o + 4, o + 8));
    chunks.push({ type, raw: b.subarray(o, o + 12 + len), data: b.subarray(o + 8, o + 8 + len) });
    o += 12 + len;
    if (type === 'IEND') return chunks;
  }
  return null;
}

export function webpChunks(b: Uint8Array): Chunk[] | null {
  const chunks: Chunk[] = [];
  let o = 12;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  while (o + 8 <= b.length) {
    const size = v.getUint32(o + 4, true);
    const padded = size + (size & 1);
    if (o + 8 + size > b.length) return null;
    chunks.push({
      type: String.fromCharCode(...b.subarray(o, o + 4)),
      raw: b.subarray(o, Math.min(b.length, o + 8 + padded)),
      data: b.subarray(o + 8, o + 8 + size),
    });
    o += 8 + padded;
  }
  return chunks;
}

/** A RIFF chunk (fourcc, little-endian size, data, a pad byte when the size is odd). */
export function riffChunk(type: string, data: Uint8Array): Chunk {
  const raw = new Uint8Array(8 + data.length + (data.length & 1));
  for (let c = 0; c < 4; c++) raw[c] = type.charCodeAt(c);
  new DataView(raw.buffer).setUint32(4, data.length, true);
  raw.set(data, 8);
  return { type, raw, data: raw.subarray(8, 8 + data.length) };
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
