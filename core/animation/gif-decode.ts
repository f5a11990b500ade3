/**
 * Reading a GIF, every frame: the block structure (logical screen, global and local colour tables, graphic control
 * extensions with delay, disposal and transparency, the NETSCAPE loop count), LZW decoding with interlaced rows, and
 * the compositing a viewer does (disposal: keep, restore to background = clear to transparent as browsers do,
 * restore to previous). Frames come one at a time, each the whole canvas (frames.ts), so a reader holds at most
 * three canvases, never the whole animation.
 */
import type { AnimationInfo, Frame } from './frames';

export class GifError extends Error {}

interface ImageBlock {
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

interface Parsed extends AnimationInfo {
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
function parse(bytes: Uint8Array): Parsed {
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
  const { width, height, frames, loops } = parse(bytes);
  return { width, height, frames, loops };
}

/** The LZW data of one image as palette indices (width × height), missing pixels left 0. */
function lzwDecode(bytes: Uint8Array, offset: number, pixelCount: number): Uint8Array {
  const out = new Uint8Array(pixelCount);
  const minSize = bytes[offset]!;
  if (minSize < 2 || minSize > 11) throw new GifError('the GIF has a bad LZW code size');
  const clear = 1 << minSize;
  const end = clear + 1;
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const firstOf = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  for (let i = 0; i < clear; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    firstOf[i] = i;
  }
  let size = minSize + 1;
  let next = end + 1;
  let previous = -1;
  let bits = 0;
  let acc = 0;
  let written = 0;
  let p = offset + 1;
  let blockLeft = 0;
  outer: for (;;) {
    while (bits < size) {
      if (blockLeft === 0) {
        if (p >= bytes.length) break outer;
        blockLeft = bytes[p++]!;
        if (blockLeft === 0) break outer;
      }
      if (p >= bytes.length) break outer;
      acc |= bytes[p++]! << bits;
      bits += 8;
      blockLeft--;
    }
    const code = acc & ((1 << size) - 1);
    acc >>>= size;
    bits -= size;
    if (code === clear) {
      size = minSize + 1;
      next = end + 1;
      previous = -1;
      continue;
    }
    if (code === end) break;
    let cur: number;
    let top = 0;
    if (previous === -1) {
      if (code >= clear) throw new GifError('the GIF has damaged LZW data');
      out[written++] = code;
      previous = code;
      if (written >= pixelCount) break;
      continue;
    }
    if (code < next) {
      cur = code;
    } else if (code === next) {
      stack[top++] = firstOf[previous]!;
      cur = previous;
    } else {
      throw new GifError('the GIF has damaged LZW data');
    }
    while (cur >= 0) {
      stack[top++] = suffix[cur]!;
      cur = prefix[cur]!;
    }
    const first = stack[top - 1]!;
    while (top > 0 && written < pixelCount) out[written++] = stack[--top]!;
    if (next < 4096) {
      prefix[next] = previous;
      suffix[next] = first;
      firstOf[next] = firstOf[previous]!;
      next++;
      if (next === 1 << size && size < 12) size++;
    }
    previous = code;
    if (written >= pixelCount) break;
  }
  return out;
}

/** Row order of an interlaced image: passes every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function rowOrder(height: number, interlaced: boolean): number[] {
  if (!interlaced) return Array.from({ length: height }, (_, i) => i);
  const rows: number[] = [];
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ] as const)
    for (let y = start; y < height; y += step) rows.push(y);
  return rows;
}

/**
 * Every frame of a GIF as shown, one at a time: each yielded frame's `rgba` is its own copy of the canvas. Damaged
 * LZW data throws GifError; data that simply ends early leaves the rest of that frame as it was (as browsers do).
 */
export function* readGifFrames(bytes: Uint8Array): Generator<Frame, void, undefined> {
  const gif = parse(bytes);
  const { width, height } = gif;
  const canvas = new Uint8Array(width * height * 4);
  let saved: Uint8Array | null = null;
  for (const block of gif.blocks) {
    const palette = block.palette ?? gif.globalPalette;
    if (!palette) throw new GifError('a GIF frame has no colour table');
    if (block.disposal === 3) saved = canvas.slice();
    const indices = lzwDecode(bytes, block.data, block.width * block.height);
    const rows = rowOrder(block.height, block.interlaced);
    const colours = palette.length / 3;
    for (let r = 0; r < rows.length; r++) {
      const y = block.top + rows[r]!;
      if (y >= height) continue;
      for (let x = 0; x < block.width; x++) {
        const cx = block.left + x;
        if (cx >= width) break;
        const index = indices[r * block.width + x]!;
        if (index === block.transparent || index >= colours) continue;
        const o = (y * width + cx) * 4;
        canvas[o] = palette[index * 3]!;
        canvas[o + 1] = palette[index * 3 + 1]!;
        canvas[o + 2] = palette[index * 3 + 2]!;
        canvas[o + 3] = 255;
      }
    }
    yield { rgba: canvas.slice(), delayMs: block.delayMs };
    if (block.disposal === 2) {
      for (let y = block.top; y < Math.min(height, block.top + block.height); y++) {
        canvas.fill(0, (y * width + block.left) * 4, (y * width + Math.min(width, block.left + block.width)) * 4);
      }
    } else if (block.disposal === 3 && saved) {
      canvas.set(saved);
    }
  }
}

/**
 * The GIF without what it says besides its pictures (privacy): comments and application extensions (XMP, ICC,
 * anything but the NETSCAPE/ANIMEXTS loop count) are removed; the header, colour tables,
 * graphic controls (delays, disposal, transparency) and image data are kept byte for byte, so the animation is the
 * same. Returns the new bytes and the names of what was removed.
 */
export function stripGifMetadata(bytes: Uint8Array): { bytes: Uint8Array; removed: string[] } {
  const gif = parse(bytes);
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
