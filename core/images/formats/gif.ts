import type { FrameRect } from '../../animation/frames';
import { type HeaderInfo, type ReadOptions, checkDimensions, corrupt, need, view } from './shared';

/**
 * Walks the block structure: at least one complete image must be there. The logical screen is the picture's size;
 * each image descriptor's rectangle is read too, and the first that reaches outside the screen is reported (a
 * decoder works on a frame at its own size, and browsers grow the screen to a larger first frame: ADR 0151).
 */
export function readGif(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const dv = view(bytes);
  need(bytes, 13);
  const width = dv.getUint16(6, true);
  const height = dv.getUint16(8, true);
  checkDimensions(width, height, options);
  let offset = 13 + colourTableSize(bytes[10]!);
  let images = 0;
  let frameOutside: FrameRect | undefined;
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) break;
    if (introducer === 0x2c) {
      need(bytes, offset + 11);
      const [left, top, w, h] = [1, 3, 5, 7].map((at) => dv.getUint16(offset + at, true)) as [
        number,
        number,
        number,
        number,
      ];
      if (!frameOutside && (left + w > width || top + h > height))
        frameOutside = { frame: images + 1, left, top, width: w, height: h };
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
  return {
    width,
    height,
    orientation: 1,
    animated: images > 1,
    frames: images,
    ...(frameOutside ? { frameOutside } : {}),
  };
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
