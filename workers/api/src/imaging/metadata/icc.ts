/**
 * Colour profiles across a re-encode in the isolate. The WASM codecs read and write pixel values only: a photo
 * tagged Adobe RGB or Display P3 (most phones) re-encoded without its profile is shown as if it were sRGB, duller
 * and shifted (rocket.jpg, Adobe RGB: SSIMULACRA 0.021 and butteraugli 10 from that alone). So the input's profile
 * is carried into the output unless it is sRGB, which viewers assume anyway and which would only add bytes.
 * JPEG: APP2 `ICC_PROFILE` segments; PNG: `iCCP` (zlib); WebP: an `ICCP` chunk in an extended (VP8X) file. HEIC and
 * AVIF are read, never written: their `colr` box, an ICC profile or code points made into one (heif-colour.ts, ADR 0153).
 */
import { unzlibSync, zlibSync } from 'fflate';
import type { ImageFormat } from '../../../../../core/api/images';
import { heifProfile, heifWithoutColour } from '../../../../../core/images/formats/heif-colour';
import { pngChunk } from '../codecs/plain-png';
import { concat, jpegSegments, pngChunks, riffChunk, startsWith, webpChunks, joinWebp } from './container';

const JPEG_ICC = 'ICC_PROFILE\0';
/** A JPEG segment holds at most 65,533 bytes of payload; the ICC marker's own header takes 14 of them. */
const JPEG_ICC_PART = 65_519;

/**
 * The colour profile a file carries, or null (none, unreadable, sRGB, or not for RGB values: a CMYK or grey profile
 * would be wrong on the RGB pixels the isolate and the image service write).
 */
export function readProfile(bytes: Uint8Array, format: ImageFormat): Uint8Array | null {
  const icc = rawProfile(bytes, format);
  return icc && isRgb(icc) && !isSrgb(icc) ? icc : null;
}

/** The profile's data colour space (header bytes 16–19) is 'RGB '. */
const isRgb = (icc: Uint8Array) => icc.length >= 20 && startsWith(icc.subarray(16), 'RGB ');

function rawProfile(bytes: Uint8Array, format: ImageFormat): Uint8Array | null {
  try {
    if (format === 'jpeg') {
      const parts = (jpegSegments(bytes)?.segments ?? [])
        .filter((s) => s.marker === 0xe2 && startsWith(s.payload, JPEG_ICC) && s.payload.length > 14)
        .sort((a, b) => a.payload[12]! - b.payload[12]!);
      return parts.length ? concat(parts.map((s) => s.payload.subarray(14))) : null;
    }
    if (format === 'png') {
      const chunk = pngChunks(bytes)?.find((c) => c.type === 'iCCP');
      if (!chunk) return null;
      const nameEnd = chunk.data.indexOf(0);
      return nameEnd < 0 ? null : unzlibSync(chunk.data.subarray(nameEnd + 2));
    }
    if (format === 'webp')
      return (
        webpChunks(bytes)
          ?.find((c) => c.type === 'ICCP')
          ?.data.slice() ?? null
      );
    if (format === 'heic' || format === 'avif') return heifProfile(bytes);
  } catch {
    // A damaged profile is left behind, as before.
  }
  return null;
}

/** Whether a profile describes sRGB: its description tag (`desc`, ASCII or UTF-16) names it. */
export function isSrgb(icc: Uint8Array): boolean {
  if (icc.length < 132) return false;
  const v = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
  const count = v.getUint32(128);
  for (let i = 0; i < count && 132 + 12 * (i + 1) <= icc.length; i++) {
    const at = 132 + 12 * i;
    if (v.getUint32(at) !== 0x64657363) continue; // 'desc'
    const data = icc.subarray(v.getUint32(at + 4), v.getUint32(at + 4) + v.getUint32(at + 8));
    const ascii = String.fromCharCode(...data.filter((b) => b >= 32 && b < 127));
    return /sRGB/.test(ascii);
  }
  return false;
}

/**
 * `bytes` without its colour profile, nothing else changed (no pixel is re-encoded): what the image service is sent
 * (service/profile.ts), so that it reads the file's own pixel values. Null where the container cannot be walked. A
 * HEIC's `colr` boxes are made to say sRGB in place (heif-colour.ts).
 */
export function withoutProfile(bytes: Uint8Array, format: ImageFormat): Uint8Array | null {
  if (format === 'jpeg') {
    const parsed = jpegSegments(bytes);
    if (!parsed) return null;
    const kept = parsed.segments.filter((s) => !(s.marker === 0xe2 && startsWith(s.payload, JPEG_ICC)));
    return concat([bytes.subarray(0, 2), ...kept.map((s) => bytes.subarray(s.start, s.end)), parsed.rest]);
  }
  if (format === 'png') {
    const chunks = pngChunks(bytes);
    return chunks ? concat([bytes.subarray(0, 8), ...chunks.filter((c) => c.type !== 'iCCP').map((c) => c.raw)]) : null;
  }
  if (format === 'webp') {
    const chunks = webpChunks(bytes);
    if (!chunks?.length) return null;
    const out = joinWebp(chunks.filter((c) => c.type !== 'ICCP'));
    if (chunks[0]!.type === 'VP8X') out[20] = (out[20] ?? 0) & ~0x20; // no ICC profile any more
    return out;
  }
  if (format === 'heic' || format === 'avif') return heifWithoutColour(bytes);
  return null;
}

/** `bytes` (JPEG, PNG or WebP written by the isolate, no metadata) with `icc` embedded. Other formats unchanged. */
export function embedProfile(
  bytes: Uint8Array,
  format: ImageFormat,
  icc: Uint8Array,
  size: { width: number; height: number },
): Uint8Array {
  if (format === 'jpeg') return jpegWithProfile(bytes, icc);
  if (format === 'png') return pngWithProfile(bytes, icc);
  if (format === 'webp') return webpWithProfile(bytes, icc, size);
  return bytes;
}

function jpegWithProfile(bytes: Uint8Array, icc: Uint8Array): Uint8Array {
  const count = Math.ceil(icc.length / JPEG_ICC_PART);
  const segments: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const part = icc.subarray(i * JPEG_ICC_PART, (i + 1) * JPEG_ICC_PART);
    const seg = new Uint8Array(4 + 14 + part.length);
    seg.set([0xff, 0xe2, (seg.length - 2) >> 8, (seg.length - 2) & 255]);
    for (let c = 0; c < JPEG_ICC.length; c++) seg[4 + c] = JPEG_ICC.charCodeAt(c);
    seg[16] = i + 1;
    seg[17] = count;
    seg.set(part, 18);
    segments.push(seg);
  }
  // After SOI and a JFIF APP0, which must come first.
  const parsed = jpegSegments(bytes);
  const jfif = parsed?.segments[0]?.marker === 0xe0 ? parsed.segments[0].end : 2;
  return concat([bytes.subarray(0, jfif), ...segments, bytes.subarray(jfif)]);
}

function pngWithProfile(bytes: Uint8Array, icc: Uint8Array): Uint8Array {
  const chunks = pngChunks(bytes);
  if (!chunks || chunks[0]?.type !== 'IHDR') return bytes;
  const name = new TextEncoder().encode('ICC profile');
  const data = concat([name, new Uint8Array([0, 0]), zlibSync(icc)]);
  return concat([
    bytes.subarray(0, 8),
    chunks[0].raw,
    pngChunk('iCCP', data),
    ...chunks
      .slice(1)
      .filter((c) => c.type !== 'iCCP' && c.type !== 'sRGB')
      .map((c) => c.raw),
  ]);
}

function webpWithProfile(bytes: Uint8Array, icc: Uint8Array, size: { width: number; height: number }): Uint8Array {
  const chunks = webpChunks(bytes);
  if (!chunks?.length) return bytes;
  let vp8x = chunks[0]!.type === 'VP8X' ? chunks[0]! : null;
  if (!vp8x) {
    const data = new Uint8Array(10);
    // Alpha only travels in VP8X files (ALPH) or inside VP8L; a simple VP8 file has none.
    const alpha = chunks[0]!.type === 'VP8L' && ((chunks[0]!.data[4] ?? 0) & 0x10) !== 0;
    data[0] = alpha ? 0x10 : 0;
    const w = size.width - 1;
    const h = size.height - 1;
    data.set([w & 255, (w >> 8) & 255, (w >> 16) & 255, h & 255, (h >> 8) & 255, (h >> 16) & 255], 4);
    vp8x = riffChunk('VP8X', data);
  }
  vp8x.raw[8] = (vp8x.raw[8] ?? 0) | 0x20; // ICC profile present
  const rest = chunks.filter((c) => c.type !== 'VP8X' && c.type !== 'ICCP');
  return joinWebp([vp8x, riffChunk('ICCP', icc), ...rest]);
}
