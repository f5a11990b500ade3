import { type HeaderInfo, type ReadOptions, checkDimensions, corrupt, need, view } from './shared';

const BIT_COUNTS = new Set([1, 4, 8, 16, 24, 32]);
const BI_RGB = 0;
const BI_BITFIELDS = 3;

/** OS/2 and Windows headers; for uncompressed pixels, the rows the header promises must be in the file. */
export function readBmp(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const dv = view(bytes);
  need(bytes, 26);
  const dataOffset = dv.getUint32(10, true);
  const headerSize = dv.getUint32(14, true);
  let width: number;
  let height: number;
  let bitCount: number;
  let compression = BI_RGB;
  if (headerSize === 12) {
    width = dv.getUint16(18, true);
    height = dv.getUint16(20, true);
    bitCount = dv.getUint16(24, true);
  } else if (headerSize >= 40) {
    need(bytes, 34);
    width = dv.getInt32(18, true);
    height = Math.abs(dv.getInt32(22, true)); // negative means top-down rows
    bitCount = dv.getUint16(28, true);
    compression = dv.getUint32(30, true);
  } else {
    throw corrupt(`unknown BMP header size ${headerSize}`);
  }
  checkDimensions(width, height, options);
  if (!BIT_COUNTS.has(bitCount)) throw corrupt(`unsupported BMP bit count ${bitCount}`);
  if (dataOffset < 14 + headerSize || dataOffset >= bytes.length) throw corrupt('bad BMP pixel data offset');
  if (compression === BI_RGB || compression === BI_BITFIELDS) {
    const rowBytes = Math.floor((width * bitCount + 31) / 32) * 4;
    need(bytes, dataOffset + rowBytes * height);
  }
  return { width, height, orientation: 1 };
}
