/**
 * Crops a PNG while inflating it, row by row: only two rows of the full picture and the cropped area are ever held,
 * so the crop of a picture far over the WASM budgets costs the crop's pixels. Used when the Images binding returns
 * the picture without applying `trim` (wrangler's local emulation implements only rotate and resize): the binding
 * decodes natively and writes a PNG, and this reads the rectangle out of it.
 */
import { Unzlib } from 'fflate';
import { pngChunks } from './container';
import { createRaster, type Raster } from './raster';

/** Channels of the 8-bit colour types this reader takes: grey, RGB, grey+alpha, RGBA (what the binding writes). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes a row's PNG filter in place, given the previous (already unfiltered) row. */
function unfilter(filter: number, row: Uint8Array, prev: Uint8Array, bpp: number): boolean {
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    switch (filter) {
      case 0: return true;
      case 1: row[i] = row[i]! + a; break;
      case 2: row[i] = row[i]! + b; break;
      case 3: row[i] = row[i]! + ((a + b) >> 1); break;
      case 4: row[i] = row[i]! + paeth(a, b, c); break;
      default: return false;
    }
  }
  return true;
}

/**
 * The rectangle (x, y, width, height) of a PNG as RGBA, or null when the PNG is one this reader does not take
 * (interlaced, 16-bit, palette) or is damaged; the caller then refuses the crop.
 */
export function cropPng(bytes: Uint8Array, x: number, y: number, width: number, height: number): Raster | null {
  const chunks = pngChunks(bytes);
  const ihdr = chunks?.[0];
  if (!chunks || ihdr?.type !== 'IHDR' || ihdr.data.length !== 13) return null;
  const dv = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, 13);
  const fullWidth = dv.getUint32(0);
  const fullHeight = dv.getUint32(4);
  const channels = CHANNELS[ihdr.data[9]!];
  if (ihdr.data[8] !== 8 || !channels || ihdr.data[12] !== 0) return null;
  if (x < 0 || y < 0 || width < 1 || height < 1 || x + width > fullWidth || y + height > fullHeight) return null;

  const stride = fullWidth * channels;
  const out = createRaster(width, height);
  let prev = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  let filter = -1; // -1: the next byte is a row's filter type
  let filled = 0;
  let rowIndex = 0;
  let ok = true;
  const done = () => rowIndex >= y + height || !ok;

  const emitRow = () => {
    if (!unfilter(filter, row, prev, channels)) {
      ok = false;
      return;
    }
    if (rowIndex >= y && rowIndex < y + height) {
      let o = (rowIndex - y) * width * 4;
      for (let px = x; px < x + width; px++, o += 4) {
        const i = px * channels;
        const grey = channels <= 2;
        out.data[o] = row[i]!;
        out.data[o + 1] = grey ? row[i]! : row[i + 1]!;
        out.data[o + 2] = grey ? row[i]! : row[i + 2]!;
        out.data[o + 3] = channels === 2 ? row[i + 1]! : channels === 4 ? row[i + 3]! : 255;
      }
    }
    [prev, row] = [row, prev];
    rowIndex++;
    filter = -1;
    filled = 0;
  };

  const inflate = new Unzlib((data) => {
    for (let i = 0; i < data.length && !done(); ) {
      if (filter < 0) {
        filter = data[i++]!;
        continue;
      }
      const take = Math.min(stride - filled, data.length - i);
      row.set(data.subarray(i, i + take), filled);
      filled += take;
      i += take;
      if (filled === stride) emitRow();
    }
  });
  try {
    for (const chunk of chunks) {
      if (done()) break;
      if (chunk.type === 'IDAT') inflate.push(chunk.data, false);
    }
  } catch {
    return null;
  }
  return ok && rowIndex >= y + height ? out : null;
}
