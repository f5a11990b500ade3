import type { FrameRect } from '../../animation/frames';
import { type HeaderInfo, type ReadOptions, ascii, checkDimensions, corrupt, need, view } from './shared';

const IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'ANMF']);

/**
 * RIFF container: the declared size must fit the file, every chunk must fit the container, and an image must exist.
 * Each ANMF frame's rectangle is read, with the size its own bitstream says: a bitstream larger than its frame is
 * damaged (libwebp refuses it too), and the first frame that reaches outside the canvas is reported (ADR 0151).
 */
export function readWebp(bytes: Uint8Array, options: ReadOptions): HeaderInfo {
  const dv = view(bytes);
  need(bytes, 20);
  const riffEnd = 8 + dv.getUint32(4, true);
  if (!options.prefix) need(bytes, riffEnd);
  let offset = 12;
  let size: { width: number; height: number } | undefined;
  let sawImage = false;
  let frames = 0;
  let frameOutside: FrameRect | undefined;
  while (offset + 8 <= riffEnd) {
    const fourcc = ascii(bytes, offset, 4);
    const length = dv.getUint32(offset + 4, true);
    const data = offset + 8;
    if (data + length > riffEnd) throw corrupt(`chunk ${fourcc} overruns the file`);
    if (!size) {
      need(bytes, data + Math.min(length, 10));
      size = firstChunkSize(bytes, dv, fourcc, data, length);
      checkDimensions(size.width, size.height, options);
      // VP8X flags bit 1: animation.
      if (options.prefix)
        return { ...size, orientation: 1, animated: fourcc === 'VP8X' && (bytes[data]! & 0x02) !== 0, frames: 1 };
    }
    if (IMAGE_CHUNKS.has(fourcc)) sawImage = true;
    if (fourcc === 'ANMF') {
      frames++;
      const rect = anmfRect(bytes, dv, data, length, frames);
      if (!frameOutside && (rect.left + rect.width > size.width || rect.top + rect.height > size.height))
        frameOutside = rect;
    }
    offset = data + length + (length & 1);
  }
  if (!size || !sawImage) throw corrupt('no image data');
  return {
    ...size,
    orientation: 1,
    animated: frames > 0,
    frames: Math.max(1, frames),
    ...(frameOutside ? { frameOutside } : {}),
  };
}

/** An ANMF frame's rectangle (its header: offset halved, sizes minus one), checked against its bitstream's size. */
function anmfRect(bytes: Uint8Array, dv: DataView, at: number, length: number, frame: number): FrameRect {
  if (length < 16 + 8) throw corrupt(`frame ${frame} is too short`);
  const u24 = (o: number) => bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16);
  const rect = { frame, left: u24(at) * 2, top: u24(at + 3) * 2, width: u24(at + 6) + 1, height: u24(at + 9) + 1 };
  for (let o = at + 16; o + 8 <= at + length; ) {
    const id = ascii(bytes, o, 4);
    const size = dv.getUint32(o + 4, true);
    if (o + 8 + size > at + length) throw corrupt(`frame ${frame}'s ${id} chunk overruns the frame`);
    if (id === 'VP8 ' || id === 'VP8L') {
      const picture = firstChunkSize(bytes, dv, id, o + 8, size);
      if (picture.width > rect.width || picture.height > rect.height) {
        throw corrupt(
          `frame ${frame} holds a ${picture.width} × ${picture.height} picture in a ${rect.width} × ${rect.height} frame`,
        );
      }
      return rect;
    }
    o += 8 + size + (size & 1);
  }
  throw corrupt(`frame ${frame} holds no picture`);
}

function firstChunkSize(bytes: Uint8Array, dv: DataView, fourcc: string, at: number, length: number) {
  if (fourcc === 'VP8 ') {
    if (length < 10 || bytes[at + 3] !== 0x9d || bytes[at + 4] !== 0x01 || bytes[at + 5] !== 0x2a) {
      throw corrupt('bad VP8 frame header');
    }
    return { width: dv.getUint16(at + 6, true) & 0x3fff, height: dv.getUint16(at + 8, true) & 0x3fff };
  }
  if (fourcc === 'VP8L') {
    if (length < 5 || bytes[at] !== 0x2f) throw corrupt('bad VP8L signature');
    const bits = dv.getUint32(at + 1, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (fourcc === 'VP8X') {
    if (length < 10) throw corrupt('bad VP8X chunk');
    const u24 = (o: number) => bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16);
    return { width: u24(at + 4) + 1, height: u24(at + 7) + 1 };
  }
  throw corrupt(`unexpected first chunk ${fourcc}`);
}
