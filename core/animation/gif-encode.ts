/**
 * Writing an animated GIF from whole-canvas RGBA frames (frames.ts), one frame at a time. Each frame gets its own
 * palette of at most 255 colours (gifenc's quantiser and LZW writer; one index is kept for "transparent"); a frame
 * after the first holds only the pixels that changed since the frame before as shown, the rest transparent over it
 * (disposal "keep"), which is what makes an animation of small changes small. A pixel that becomes transparent where
 * the frame before showed colour cannot be drawn that way: the frame before is then cleared after it is shown
 * (disposal "restore to background") and this one is written whole. `tolerance` (0 = exact) also treats a pixel as
 * unchanged when its colour moved by at most that much on every channel: lossy, and much smaller.
 */
import * as gifencModule from 'gifenc';
import type { Palette } from 'gifenc';
import type { Frame } from './frames';

// Bundlers (the Worker, the app) read gifenc's ES module; Node's own loader gets its CommonJS build, whose names
// arrive under `default`.
const { applyPalette, GIFEncoder, quantize } =
  'GIFEncoder' in gifencModule ? gifencModule : (gifencModule as unknown as { default: typeof gifencModule }).default;

export interface GifWriterOptions {
  width: number;
  height: number;
  /** Plays: 0 for ever, 1 once (no loop extension), n: n plays (frames.ts). */
  loops: number;
  /** Colours per frame, 2 to 256 (one of them is transparency). Default 256. */
  colours?: number;
  /** Per-channel difference still counted as unchanged (0 = exact, the default). */
  tolerance?: number;
}

export interface GifWriter {
  /** Adds the next frame (its rgba is read during the call and not kept). */
  add(frame: Frame): void;
  /** Writes the last frame and the trailer; the GIF's bytes. */
  finish(): Uint8Array;
}

interface Pending {
  indices: Uint8Array;
  palette: Palette;
  transparent: number;
  delayMs: number;
}

export function createGifWriter(options: GifWriterOptions): GifWriter {
  const { width, height } = options;
  const pixels = width * height;
  const colours = Math.max(2, Math.min(256, options.colours ?? 256));
  const tolerance = Math.max(0, options.tolerance ?? 0);
  const repeat = options.loops === 0 ? 0 : options.loops === 1 ? -1 : options.loops - 1;
  const encoder = GIFEncoder({ initialCapacity: Math.max(4096, pixels) });
  /**
   * Each pixel's colour in the frame that last drew it (before quantising; alpha 0 where nothing shows): a pixel is
   * unchanged while the frames stay within `tolerance` of it, so quantising never makes every pixel "changed" and
   * small moves never add up.
   */
  const shown = new Uint8Array(pixels * 4);
  let pending: Pending | null = null;
  let count = 0;

  const write = (p: Pending, clearAfter: boolean) => {
    encoder.writeFrame(p.indices, width, height, {
      palette: p.palette,
      delay: p.delayMs,
      repeat,
      transparent: p.transparent >= 0,
      transparentIndex: Math.max(0, p.transparent),
      dispose: clearAfter ? 2 : 1,
    });
  };

  return {
    add({ rgba, delayMs }) {
      if (rgba.length !== pixels * 4)
        throw new Error(`a frame of ${rgba.length / 4} pixels for a ${width} × ${height} GIF`);
      // Whole when it is the first, or when a pixel turns transparent over colour (the frame before is cleared).
      let whole = count === 0;
      if (!whole) {
        for (let i = 3; i < rgba.length; i += 4) {
          if (rgba[i]! < 128 && shown[i] === 255) {
            whole = true;
            break;
          }
        }
      }
      if (pending) write(pending, whole && count > 0);
      if (whole) shown.fill(0);
      // Which pixels this frame draws: opaque ones that differ from what is shown.
      const draw = new Uint8Array(pixels);
      let drawn = 0;
      for (let p = 0, o = 0; p < pixels; p++, o += 4) {
        if (rgba[o + 3]! < 128) continue;
        if (
          shown[o + 3] === 255 &&
          Math.abs(rgba[o]! - shown[o]!) <= tolerance &&
          Math.abs(rgba[o + 1]! - shown[o + 1]!) <= tolerance &&
          Math.abs(rgba[o + 2]! - shown[o + 2]!) <= tolerance
        ) {
          continue;
        }
        draw[p] = 1;
        drawn++;
      }
      const sample = new Uint8Array(Math.max(1, drawn) * 4);
      for (let p = 0, s = 0; p < pixels; p++) {
        if (!draw[p]) continue;
        sample.set(rgba.subarray(p * 4, p * 4 + 3), s);
        sample[s + 3] = 255;
        s += 4;
      }
      const palette = drawn > 0 ? quantize(sample, colours - 1, { format: 'rgb444' }) : [[0, 0, 0]];
      const indices = drawn > 0 ? applyPalette(rgba, palette, 'rgb444') : new Uint8Array(pixels);
      const transparent = drawn < pixels ? palette.length : -1;
      if (transparent >= 0) palette.push([0, 0, 0]);
      for (let p = 0, o = 0; p < pixels; p++, o += 4) {
        if (!draw[p]) {
          indices[p] = transparent;
          continue;
        }
        shown[o] = rgba[o]!;
        shown[o + 1] = rgba[o + 1]!;
        shown[o + 2] = rgba[o + 2]!;
        shown[o + 3] = 255;
      }
      pending = { indices, palette, transparent, delayMs };
      count++;
    },
    finish() {
      if (!pending) throw new Error('a GIF needs at least one frame');
      write(pending, false);
      encoder.finish();
      return encoder.bytes();
    },
  };
}

/** A whole animation as a GIF (for callers that hold every frame anyway). */
export function encodeGif(frames: Iterable<Frame>, options: GifWriterOptions): Uint8Array {
  const writer = createGifWriter(options);
  for (const frame of frames) writer.add(frame);
  return writer.finish();
}
