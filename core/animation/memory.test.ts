// What reading and writing an animation holds at once, measured in Node (process.memoryUsage().arrayBuffers: the
// typed arrays of core/animation/ live there): frames are read and written one at a time, so the peak follows one
// frame's size and the files, never the frame count. The Worker's WASM side is measured in
// workers/api/test/engine/animated.test.ts.
import { expect, it } from 'vitest';
import { createGifWriter, readGifFrames, type Frame } from '.';

const W = 500;
const H = 500;
const FRAMES = 64; // 16 MP in all: the isolate's limit (workers/api/src/imaging/animation/run.ts)

/** Frame `f`: a gradient with a 120-pixel square of noise moving across it (noise is the GIF writer's worst case). */
function frameAt(f: number): Frame {
  const rgba = new Uint8Array(W * H * 4);
  let seed = f + 1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 4;
      const noisy = x >= f * 6 && x < f * 6 + 120 && y >= 190 && y < 310;
      seed = (seed * 1103515245 + 12345) >>> 0;
      rgba[o] = noisy ? seed >>> 24 : x >> 1;
      rgba[o + 1] = noisy ? (seed >>> 16) & 255 : y >> 1;
      rgba[o + 2] = noisy ? (seed >>> 8) & 255 : 128;
      rgba[o + 3] = 255;
    }
  }
  return { rgba, delayMs: 40 };
}

it('a 64-frame 500 × 500 animation is read and written frame by frame: the peak is a few frames and the files', {
  timeout: 120_000,
}, () => {
  const made = createGifWriter({ width: W, height: H, loops: 0 });
  for (let f = 0; f < FRAMES; f++) made.add(frameAt(f));
  const input = made.finish();
  const frameBytes = W * H * 4;
  const base = process.memoryUsage().arrayBuffers;
  let peak = 0;
  const started = performance.now();
  const writer = createGifWriter({ width: W, height: H, loops: 0, colours: 256, tolerance: 1 });
  let count = 0;
  for (const frame of readGifFrames(input)) {
    writer.add(frame);
    count++;
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
  }
  const output = writer.finish();
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
  console.log(
    `64 × 500×500 (16 MP): input ${(input.length / 1e6).toFixed(1)} MB, output ${(output.length / 1e6).toFixed(1)} MB, peak typed arrays ${(peak / 1e6).toFixed(1)} MB (${(peak / frameBytes).toFixed(1)} frames), ${Math.round(ms)} ms (${Math.round(ms / 16)} ms/MP)`,
  );
  expect(count).toBe(FRAMES);
  // The reader's canvas, saved canvas and yielded copy, the writer's canvas, masks, sample and two index planes
  // (about 6 frames of RGBA), and the output as it grows; garbage is collected when V8 chooses (measured 9.8, 11.8
  // and 13.9 frames on the shared machine), so the bound is 24 frames: well under the 64 of holding them all.
  expect(peak).toBeLessThan(24 * frameBytes + output.length * 2);
});
