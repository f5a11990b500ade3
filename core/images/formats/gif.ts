import { type HeaderInfo, type ReadOptions, checkDimensions, corrupt, need, view } from './shared';

/**
 * Walks the block structure: at least one complete image must be there. Only the logical screen size is reported;
 * the product uses GIFs as still images (the first frame).
 */
export function readGif(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const dv = view(bytes);
  need(bytes, 13);
  const width = dv.getUint16(6, true);
  const height = dv.getUint16(8, true);
  checkDimensions(width, height, options);
  let offset = 13 + colourTableSize(bytes[10]!);
  let images = 0;
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) break;
    if (introducer === 0x2c) {
      need(bytes, offset + 11);
      offset += 10 + colourTableSize(bytes[offset + 9]!) + 1; // descriptor, local table, LZW code size
      offset = skipSubBlocks(bytes, offset);
      images++;
    } else if (introducer === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2);
    } else {
      throw corrupt(`unknown GIF block 0x${introducer.toString(16)}`);
    }
  }
  if (images === 0) throw corrupt('no image in GIF');
  return { width, height, orientation: 1, animated: images > 1, frames: images };
}

const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);

function skipSubBlocks(bytes: Uint8Array, offset: number): number {
  for (;;) {
    need(bytes, offset + 1);
    const size = bytes[offset]!;
    offset += 1 + size;
    if (size === 0) return offset;
    need(bytes, offset);
  }
}
