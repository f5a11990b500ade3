/**
 * How much of a cut-out is subject: the share of a PNG's pixels at least half opaque, read row by row (one row and
 * the one above it held, never the picture), yielding between slices of rows (ADR 0122). A 12 MP cut-out is 48 MB
 * decoded, more than the isolate should hold for a yes-or-no question.
 */
import { Unzlib } from 'fflate';
import { ROWS_PIXELS_PER_SLICE } from './png-rows';
import { yieldToEventLoop } from '../slices';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** Bytes a pixel of 8-bit grey with alpha (4) and of 8-bit RGBA (6), the cut-outs' colour types. */
const BYTES_PER_PIXEL: Record<number, number> = { 4: 2, 6: 4 };

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Reverses a row's filter in place (`prev` is the row above, unfiltered; zeros for the first). */
function unfilter(type: number, row: Uint8Array, prev: Uint8Array, bpp: number) {
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    const add = type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : type === 4 ? paeth(a, b, c) : 0;
    row[i] = (row[i]! + add) & 0xff;
  }
}

/**
 * The share of pixels whose alpha is at least 128, or null when the PNG is not an 8-bit cut-out with alpha read this
 * way (another colour type or depth, interlaced, or not a PNG): the caller then assumes a subject.
 */
export async function opaqueShare(png: Uint8Array): Promise<number | null> {
  if (PNG_SIGNATURE.some((b, i) => png[i] !== b)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bpp = BYTES_PER_PIXEL[png[25]!];
  if (!bpp || png[24] !== 8 || png[28] !== 0 || !width || !height) return null;
  const stride = width * bpp;
  let prev = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  let filled = -1; // -1: the next byte is a row's filter type
  let type = 0;
  let rows = 0;
  let opaque = 0;
  const inflater = new Unzlib((chunk) => {
    for (let i = 0; i < chunk.length && rows < height; ) {
      if (filled < 0) {
        type = chunk[i++]!;
        filled = 0;
        continue;
      }
      const take = Math.min(stride - filled, chunk.length - i);
      row.set(chunk.subarray(i, i + take), filled);
      filled += take;
      i += take;
      if (filled < stride) continue;
      unfilter(type, row, prev, bpp);
      for (let x = bpp - 1; x < stride; x += bpp) if (row[x]! >= 128) opaque++;
      [prev, row] = [row, prev];
      filled = -1;
      rows++;
    }
  });
  const rowsPerSlice = Math.max(1, Math.floor(ROWS_PIXELS_PER_SLICE / width));
  let done = 0;
  try {
    for (let at = 33; at + 8 <= png.length; ) {
      const length = view.getUint32(at);
      const name = String.fromCharCode(...png.subarray(at + 4, at + 8));
      if (name === 'IEND') break;
      if (name === 'IDAT') inflater.push(png.subarray(at + 8, at + 8 + length));
      at += 12 + length;
      if (rows - done >= rowsPerSlice) {
        done = rows;
        await yieldToEventLoop();
      }
    }
    inflater.push(new Uint8Array(0), true);
  } catch {
    return null; // a damaged stream: not this check's to report
  }
  return rows === height ? opaque / (width * height) : null;
}
