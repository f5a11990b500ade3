/**
 * Reading a GIF, every frame: LZW decoding with interlaced rows, and the compositing a viewer does (disposal: keep,
 * restore to background = clear to transparent as browsers do, restore to previous). The blocks come from
 * gif-blocks.ts. Frames come one at a time, each the whole canvas (frames.ts), so a reader holds at most three
 * canvases, never the whole animation.
 */
import type { Frame } from './frames';
import { GifError, parseGif } from './gif-blocks';

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
  const gif = parseGif(bytes);
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
