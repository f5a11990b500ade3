/**
 * A GIF's block structure, read without decoding a pixel: the logical screen, global and local colour tables, graphic
 * control extensions (delay, disposal, transparency), the NETSCAPE loop count and where each image's LZW data starts.
 * Enough for the size and frame count, and for a copy without metadata; gif-decode.ts decodes the pixels.
 */
import type { AnimationInfo } from './frames';

export class GifError extends Error {}

export interface ImageBlock {
  left: number;
  top: number;
  width: number;
  height: number;
  interlaced: boolean;
  palette: Uint8Array | null;
  /** Offset of the LZW minimum code size byte. */
  data: number;
  delayMs: number;
  disposal: number;
  transparent: number;
}

export interface GifBlocks extends AnimationInfo {
  globalPalette: Uint8Array | null;
  blocks: ImageBlock[];
}

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);

function need(bytes: Uint8Array, end: number): void {
  if (end > bytes.length) throw new GifError('the GIF ends in the middle of a block');
}

function skipSubBlocks(bytes: Uint8Array, offset: number): number {
  for (;;) {
    need(bytes, offset + 1);
    const size = bytes[offset]!;
    offset += 1 + size;
    if (size === 0) return offset;
  }
}

const tableBytes = (flags: number) => (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);

/** The block structure of a GIF, without decoding any pixels. */
export function parseGif(bytes: Uint8Array): GifBlocks {
  need(bytes, 13);
  const sig = String.fromCharCode(...bytes.subarray(0, 6));
  if (sig !== 'GIF87a' && sig !== 'GIF89a') throw new GifError('not a GIF');
  const width = u16(bytes, 6);
  const height = u16(bytes, 8);
  if (width === 0 || height === 0) throw new GifError('the GIF has no size');
  const flags = bytes[10]!;
  let offset = 13;
  const globalTable = tableBytes(flags);
  need(bytes, offset + globalTable);
  const globalPalette = globalTable ? bytes.subarray(offset, offset + globalTable) : null;
  offset += globalTable;
  const blocks: ImageBlock[] = [];
  let loops = 1;
  let control = { delayMs: 0, disposal: 0, transparent: -1 };
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      need(bytes, offset + 2);
      const label = bytes[offset + 1]!;
      if (label === 0xf9) {
        need(bytes, offset + 8);
        const packed = bytes[offset + 3]!;
        control = {
          delayMs: u16(bytes, offset + 4) * 10,
          disposal: (packed >> 2) & 7,
          transparent: packed & 1 ? bytes[offset + 6]! : -1,
        };
      } else if (label === 0xff) {
        need(bytes, offset + 14);
        const app = String.fromCharCode(...bytes.subarray(offset + 3, offset + 14));
        const sub = offset + 14;
        if (
          (app === 'NETSCAPE2.0' || app === 'ANIMEXTS1.0') &&
          sub + 4 <= bytes.length &&
          bytes[sub] === 3 &&
          bytes[sub + 1] === 1
        ) {
          const n = u16(bytes, sub + 2);
          loops = n === 0 ? 0 : n + 1;
        }
      }
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (introducer === 0x2c) {
      need(bytes, offset + 10);
      const left = u16(bytes, offset + 1);
      const top = u16(bytes, offset + 3);
      const w = u16(bytes, offset + 5);
      const h = u16(bytes, offset + 7);
      const f = bytes[offset + 9]!;
      offset += 10;
      const local = tableBytes(f);
      need(bytes, offset + local + 1);
      const palette = local ? bytes.subarray(offset, offset + local) : null;
      offset += local;
      blocks.push({ left, top, width: w, height: h, interlaced: (f & 0x40) !== 0, palette, data: offset, ...control });
      offset = skipSubBlocks(bytes, offset + 1);
      control = { delayMs: 0, disposal: 0, transparent: -1 };
    } else {
      throw new GifError(`unknown GIF block 0x${introducer.toString(16)}`);
    }
  }
  if (blocks.length === 0) throw new GifError('the GIF holds no image');
  return { width, height, frames: blocks.length, loops, globalPalette, blocks };
}

/** Canvas size, frame count and loop count, read from the blocks (no pixels decoded). */
export function readGifInfo(bytes: Uint8Array): AnimationInfo {
  const { width, height, frames, loops } = parseGif(bytes);
  return { width, height, frames, loops };
}

/**
 * The GIF without what it says besides its pictures (privacy): comments and application extensions (XMP, ICC,
 * anything but the NETSCAPE/ANIMEXTS loop count) are removed; the header, colour tables,
 * graphic controls (delays, disposal, transparency) and image data are kept byte for byte, so the animation is the
 * same. Returns the new bytes and the names of what was removed.
 */
export function stripGifMetadata(bytes: Uint8Array): { bytes: Uint8Array; removed: string[] } {
  const gif = parseGif(bytes);
  const keep: Array<[number, number]> = [];
  const removed: string[] = [];
  let offset = 13 + tableBytes(bytes[10]!);
  keep.push([0, offset]);
  let blockIndex = 0;
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) {
      keep.push([offset, offset + 1]);
      break;
    }
    if (introducer === 0x21) {
      const label = bytes[offset + 1]!;
      const end = skipSubBlocks(bytes, offset + 2);
      const app = label === 0xff ? String.fromCharCode(...bytes.subarray(offset + 3, offset + 14)) : '';
      if (label === 0xf9 || label === 0x01 || app === 'NETSCAPE2.0' || app === 'ANIMEXTS1.0') keep.push([offset, end]);
      else
        removed.push(
          label === 0xfe
            ? 'GIF comment'
            : label === 0xff
              ? `GIF application extension ${app.replace(/[^\x20-\x7e]/g, '?')}`
              : `GIF extension 0x${label.toString(16)}`,
        );
      offset = end;
    } else {
      const block = gif.blocks[blockIndex++]!;
      const end = skipSubBlocks(bytes, block.data + 1);
      keep.push([offset, end]);
      offset = end;
    }
  }
  const trailer = bytes[offset] === 0x3b ? 0 : 1;
  const out = new Uint8Array(keep.reduce((n, [s, e]) => n + e - s, 0) + trailer);
  let at = 0;
  for (const [s, e] of keep) {
    out.set(bytes.subarray(s, e), at);
    at += e - s;
  }
  if (trailer) out[at] = 0x3b;
  return { bytes: out, removed };
}
