import { crc32 } from '../crc32';
import { type HeaderInfo, type ReadOptions, checkDimensions, corrupt, need, view } from './shared';

/** Bit depths the PNG specification allows for each colour type. */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * Walks every chunk and checks its CRC, the IHDR fields, the palette, that image data exists and that IEND closes
 * the file. That is what separates PngSuite's corrupt `x*` files (and cut-off uploads) from real PNGs, without
 * inflating.
 */
export function readPng(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const dv = view(bytes);
  let offset = 8;
  let info: HeaderInfo | undefined;
  let sawData = false;
  let animated = false;
  let palettes = 0;
  let colourType = 0;
  for (;;) {
    need(bytes, offset + 8);
    const length = dv.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (options.prefix && info && type === 'IDAT') return { ...info, animated };
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    need(bytes, dataEnd + 4);
    if (crc32(bytes, offset + 4, dataEnd) !== dv.getUint32(dataEnd)) throw corrupt(`bad CRC in ${type}`);
    if (!info) {
      if (type !== 'IHDR' || length !== 13) throw corrupt('IHDR must come first');
      info = readHeader(dv, dataStart, options);
      colourType = dv.getUint8(dataStart + 9);
    } else if (type === 'PLTE') {
      palettes++;
      checkPalette(length, colourType, palettes);
    } else if (type === 'IDAT') {
      if (!sawData && colourType === 3 && palettes === 0) throw corrupt('no palette (PLTE) before the image data');
      sawData = true;
    } else if (type === 'acTL' && !sawData) {
      animated = true;
    } else if (type === 'IEND') {
      if (!sawData) throw corrupt('no image data');
      return { ...info, animated };
    }
    offset = dataEnd + 4;
  }
}

/**
 * A palette as libspng (libvips' PNG reader, so the image service's) and libpng take it: ignored in a greyscale
 * picture; never empty in a colour one; and for an indexed picture (colour type 3) exactly one, before the image
 * data (checked at the first IDAT), of 1 to 256 whole entries. An indexed PNG whose palette breaks this cannot be
 * decoded by any of them, so no tool could work on it (ADR 0151).
 */
function checkPalette(length: number, colourType: number, count: number): void {
  if (colourType === 0 || colourType === 4) return;
  if (length === 0) throw corrupt('the palette (PLTE) is empty');
  if (colourType !== 3) return;
  if (count > 1) throw corrupt('two palettes (PLTE)');
  if (length % 3 !== 0 || length > 768)
    throw corrupt(`a palette (PLTE) of ${length} bytes, not 1 to 256 colours of 3 bytes`);
}

function readHeader(dv: DataView, at: number, options: ReadOptions): HeaderInfo {
  const width = dv.getUint32(at);
  const height = dv.getUint32(at + 4);
  const depth = dv.getUint8(at + 8);
  const colourType = dv.getUint8(at + 9);
  if (!DEPTHS[colourType]?.includes(depth)) throw corrupt(`colour type ${colourType} with depth ${depth}`);
  if (dv.getUint8(at + 10) !== 0 || dv.getUint8(at + 11) !== 0 || dv.getUint8(at + 12) > 1) {
    throw corrupt('unknown compression, filter or interlace method');
  }
  checkDimensions(width, height, options);
  return { width, height, orientation: 1 };
}
