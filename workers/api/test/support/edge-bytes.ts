/**
 * The byte-by-byte work behind the edge files (edge-files.ts): copies of files ImageMagick made, damaged (cut short, a
 * broken scan, pixel data no inflater reads), relabelled (a JPEG declaring another size) or rewritten (a top-down BMP),
 * and bytes appended after a picture.
 */
import { pngChunk, pngOf, u32be } from './png-chunks';

/** The parts one after another: a picture with something appended. */
export const join = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
/** The UTF-8 bytes of `s`: a text file, or text to append. */
export const text = (s: string) => new TextEncoder().encode(s);

/** A PNG whose chunks are all sound (CRCs right) but whose IDAT holds bytes no inflater reads. */
export function pngWithBadPixels(): Uint8Array {
  return pngOf(
    pngChunk('IHDR', [...u32be(8), ...u32be(8), 8, 2, 0, 0, 0]),
    pngChunk('IDAT', [0x78, 0x9c, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3]),
    pngChunk('IEND'),
  );
}

/** Where a JPEG's frame header (SOF0/SOF2) sets its height and width. */
function sofAt(jpeg: Uint8Array): number {
  for (let i = 2; i + 9 < jpeg.length; ) {
    const marker = jpeg[i + 1]!;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) return i + 5;
    i += 2 + ((jpeg[i + 2]! << 8) | jpeg[i + 3]!);
  }
  throw new Error('no SOF');
}

/** The JPEG relabelled: its frame header says `width` × `height`, the scan is unchanged. */
export function withJpegSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const out = jpeg.slice();
  const at = sofAt(out);
  out.set([height >> 8, height & 255, width >> 8, width & 255], at);
  return out;
}

/** The first entropy-coded bytes of the scan overwritten: the structure stands, the picture data does not. */
export function jpegWithBadScan(jpeg: Uint8Array): Uint8Array {
  const out = jpeg.slice();
  let sos = 2;
  while (!(out[sos] === 0xff && out[sos + 1] === 0xda)) sos += 2 + ((out[sos + 2]! << 8) | out[sos + 3]!);
  const start = sos + 2 + ((out[sos + 2]! << 8) | out[sos + 3]!);
  for (let i = start; i < Math.min(out.length - 2, start + 200); i++) out[i] = 0xff === out[i] ? 0xfe : (i * 37) & 0xfe;
  return out;
}

/** A bottom-up 24-bit BMP turned top-down: height negated, rows reversed (ImageMagick writes only bottom-up). */
export function topDownBmp(bmp: Uint8Array): Uint8Array {
  const out = bmp.slice();
  const dv = new DataView(out.buffer);
  const offset = dv.getUint32(10, true);
  const width = dv.getInt32(18, true);
  const height = dv.getInt32(22, true);
  const stride = Math.ceil((width * 3) / 4) * 4;
  dv.setInt32(22, -height, true);
  for (let y = 0; y < height; y++)
    out.set(bmp.subarray(offset + y * stride, offset + (y + 1) * stride), offset + (height - 1 - y) * stride);
  return out;
}

/** The first `share` of the file, as an interrupted upload or download leaves it. */
export const cut = (bytes: Uint8Array, share: number) => bytes.slice(0, Math.floor(bytes.length * share));
