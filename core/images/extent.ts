/**
 * Where an image's own bytes end. Anything after that (data appended after a PNG's IEND, a JPEG's end-of-image
 * marker or a WebP's RIFF container: a zip, a script, a second picture) is not part of the picture and is cut
 * before the upload is stored, so it is never served back. Call only on bytes `sniffImage` accepted; formats
 * without a reliable end (GIF, BMP, TIFF, AVIF) are kept whole.
 */
import type { ImageFormat } from './kinds';

export function imageEnd(bytes: Uint8Array, format: ImageFormat): number {
  const end =
    format === 'png' ? pngEnd(bytes) : format === 'jpeg' ? jpegEnd(bytes) : format === 'webp' ? webpEnd(bytes) : null;
  return end !== null && end > 0 && end <= bytes.length ? end : bytes.length;
}

const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** After the IEND chunk's CRC. */
function pngEnd(bytes: Uint8Array): number | null {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = u32be(bytes, offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const next = offset + 12 + length;
    if (type === 'IEND') return next;
    offset = next;
  }
  return null;
}

/** The RIFF size field counts everything after it; a chunk of odd size is padded to even. */
function webpEnd(bytes: Uint8Array): number | null {
  if (bytes.length < 12) return null;
  const size = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
  return 8 + size + (size & 1);
}

/**
 * After the end-of-image marker that closes the last scan: segments are skipped by their lengths (so a thumbnail's
 * EOI inside an EXIF block is not taken for ours), entropy-coded data up to the next marker (0xFF followed by
 * anything but a stuffed 0x00 or a restart marker).
 */
function jpegEnd(bytes: Uint8Array): number | null {
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd9) return offset + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const segmentEnd = offset + 2 + ((bytes[offset + 2]! << 8) | bytes[offset + 3]!);
    if (marker !== 0xda) {
      offset = segmentEnd;
      continue;
    }
    // A scan: its entropy-coded data runs to the next real marker.
    let i = segmentEnd;
    while (
      i + 1 < bytes.length &&
      !(bytes[i] === 0xff && bytes[i + 1] !== 0x00 && !(bytes[i + 1]! >= 0xd0 && bytes[i + 1]! <= 0xd7))
    )
      i++;
    offset = i;
  }
  return null;
}
