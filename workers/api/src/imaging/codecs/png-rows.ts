/**
 * A PNG written row by row (8-bit RGBA, filter "up"), so a large picture whose rows come from a small source, such
 * as a pixelated patch, is encoded without ever holding its pixels: memory is two rows and the compressed output.
 */
import { Zlib } from 'fflate';
import { ihdr, PNG_SIGNATURE, pngChunk as chunk } from './plain-png';
import { concat } from '../metadata/container';
import { yieldToEventLoop } from '../slices';

/**
 * Rows of this many pixels in all are written in one turn of the event loop, then the isolate's thread is let go
 * (slices.ts, ADR 0122): filling and deflating them costs up to about 270 ms a megapixel (noise), and a whole 49 MP overlay held the
 * thread for seconds.
 */
export const ROWS_PIXELS_PER_SLICE = 500_000;

/** `row(y, into)` fills `into` (width × 4 bytes) with row y. */
export async function encodePngRows(
  width: number,
  height: number,
  row: (y: number, into: Uint8Array) => void,
): Promise<Uint8Array> {
  const header = ihdr(width, height, 6);
  const compressed: Uint8Array[] = [];
  const zlib = new Zlib({ level: 6 });
  zlib.ondata = (data) => compressed.push(data);
  const stride = width * 4;
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  const line = new Uint8Array(stride + 1);
  line[0] = 2; // "up": a row equal to the one above compresses to almost nothing
  const rowsPerSlice = Math.max(1, Math.floor(ROWS_PIXELS_PER_SLICE / width));
  for (let y = 0; y < height; y++) {
    if (y > 0 && y % rowsPerSlice === 0) await yieldToEventLoop();
    row(y, current);
    for (let i = 0; i < stride; i++) line[i + 1] = (current[i]! - previous[i]!) & 255;
    zlib.push(line.slice(), y === height - 1);
    [previous, current] = [current, previous];
  }
  const signature = new Uint8Array(PNG_SIGNATURE);
  return concat([signature, chunk('IHDR', header), chunk('IDAT', concat(compressed)), chunk('IEND', new Uint8Array())]);
}

/** A PNG of `width` × `height` whose cells of `cell` pixels each take one pixel of `grid` (RGBA, gw × gh). */
export function pixelatedPng(
  grid: Uint8Array,
  gw: number,
  width: number,
  height: number,
  cell: number,
): Promise<Uint8Array> {
  return encodePngRows(width, height, (y, into) => {
    const gy = Math.min(Math.floor(y / cell), Math.ceil(height / cell) - 1);
    for (let x = 0; x < width; x++) {
      const g = (gy * gw + Math.min(Math.floor(x / cell), gw - 1)) * 4;
      into.set(grid.subarray(g, g + 4), x * 4);
    }
  });
}
