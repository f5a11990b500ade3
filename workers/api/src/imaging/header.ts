/**
 * Format, dimensions and JPEG orientation read from the first bytes of a file, before any decode.
 * Kept here until it is unified with the API core's sniffer; it never trusts the client's type or file name.
 */
import type { ImageFormat } from '../../../../core/api/images';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** EXIF orientation 1–8 (JPEG only; 1 when absent). */
  orientation: number;
  /** Animated GIF or WebP: only the first frame is kept. */
  animated: boolean;
  hasAlpha: boolean;
}

const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, o: number) => u16be(b, o) * 65536 + u16be(b, o + 2);
const u32le = (b: Uint8Array, o: number) => u16le(b, o) + u16le(b, o + 2) * 65536;
const u24le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8) | ((b[o + 2] ?? 0) << 16);
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));

/** Returns null when the bytes are no image format we read. Dimensions are 0 when the header is cut short. */
export function readHeader(b: Uint8Array): ImageHeader | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (ascii(b, 1, 3) === 'PNG' && b[0] === 0x89) return png(b);
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  if (ascii(b, 0, 4) === 'GIF8') return gif(b);
  if (ascii(b, 0, 2) === 'BM') return bmp(b);
  if (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*') return tiff(b);
  if (ascii(b, 4, 4) === 'ftyp' && /avi[fs]/.test(ascii(b, 8, 4))) return base('avif', 0, 0);
  return null;
}

function base(format: ImageFormat, width: number, height: number): ImageHeader {
  return { format, width, height, orientation: 1, animated: false, hasAlpha: false };
}

function jpeg(b: Uint8Array): ImageHeader {
  const h = base('jpeg', 0, 0);
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return h;
    const marker = b[o + 1] ?? 0;
    if (marker === 0xff) {
      o += 1;
      continue;
    }
    const len = u16be(b, o + 2);
    if (marker === 0xe1 && ascii(b, o + 4, 4) === 'Exif') h.orientation = exifOrientation(b, o + 10, len - 8);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      h.height = u16be(b, o + 5);
      h.width = u16be(b, o + 7);
      return h;
    }
    if (marker === 0xda) return h;
    o += 2 + len;
  }
  return h;
}

/** Orientation tag (0x0112) of IFD0 in a TIFF structure starting at `start`. */
export function exifOrientation(b: Uint8Array, start: number, length: number): number {
  const end = Math.min(b.length, start + length);
  if (start + 8 > end) return 1;
  const le = ascii(b, start, 2) === 'II';
  const r16 = (o: number) => (le ? u16le(b, o) : u16be(b, o));
  const r32 = (o: number) => (le ? u32le(b, o) : u32be(b, o));
  const ifd = start + r32(start + 4);
  if (ifd + 2 > end) return 1;
  const count = r16(ifd);
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > end) break;
    if (r16(e) === 0x0112) {
      const v = r16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

function png(b: Uint8Array): ImageHeader {
  const h = base('png', u32be(b, 16), u32be(b, 20));
  const colourType = b[25] ?? 0;
  h.hasAlpha = colourType === 4 || colourType === 6 || containsChunk(b, 'tRNS');
  return h;
}

function containsChunk(b: Uint8Array, type: string): boolean {
  let o = 8;
  while (o + 8 <= b.length) {
    const t = ascii(b, o + 4, 4);
    if (t === type) return true;
    if (t === 'IDAT') return false;
    o += 12 + u32be(b, o);
  }
  return false;
}

function webp(b: Uint8Array): ImageHeader {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') {
    const flags = b[20] ?? 0;
    const h = base('webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
    h.animated = (flags & 0x02) !== 0;
    h.hasAlpha = (flags & 0x10) !== 0;
    return h;
  }
  if (chunk === 'VP8L') {
    const bits = u32le(b, 21);
    const h = base('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    h.hasAlpha = ((bits >>> 28) & 1) === 1;
    return h;
  }
  if (chunk === 'VP8 ') return base('webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  return base('webp', 0, 0);
}

function gif(b: Uint8Array): ImageHeader {
  const h = base('gif', u16le(b, 6), u16le(b, 8));
  // More than one image descriptor means an animation; a cheap count of the separators after the header.
  let frames = 0;
  for (let i = 13; i + 9 < b.length && frames < 2; i++) if (b[i] === 0x21 && b[i + 1] === 0xf9) frames++;
  h.animated = frames > 1;
  return h;
}

function bmp(b: Uint8Array): ImageHeader {
  const height = u32le(b, 22);
  // Negative height (top-down rows) is stored as two's complement.
  return base('bmp', u32le(b, 18), height > 0x7fffffff ? 0x100000000 - height : height);
}

function tiff(b: Uint8Array): ImageHeader {
  const le = b[0] === 0x49;
  const r16 = (o: number) => (le ? u16le(b, o) : u16be(b, o));
  const r32 = (o: number) => (le ? u32le(b, o) : u32be(b, o));
  const h = base('tiff', 0, 0);
  const ifd = r32(4);
  const count = r16(ifd);
  for (let i = 0; i < count && ifd + 14 + i * 12 <= b.length; i++) {
    const e = ifd + 2 + i * 12;
    const value = r16(e + 2) === 3 ? r16(e + 8) : r32(e + 8);
    if (r16(e) === 256) h.width = value;
    if (r16(e) === 257) h.height = value;
  }
  return h;
}
