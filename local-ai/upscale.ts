import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LayersModel, Tensor4D } from '@tensorflow/tfjs';
import { decodeRgb, encodePng, type Pixels } from './image';
import { initTf, packageDir } from './tf';

/**
 * Super-resolution with @upscalerjs/esrgan-slim (MIT; ×2, ×3 and ×4 weights in the package, 0–255 in and out).
 * The photo is cut into tiles with a margin of context, each tile is upscaled on its own and only its centre is
 * kept, so memory stays bounded by the tile size (untiled, 1024→2048 needs ~3.7 GB) and seams do not show.
 */
export type Factor = 2 | 3 | 4;

const TILE = 128;
const MARGIN = 8;
/** The largest input side, and the largest output (40 MP ≈ 6300 px square: ~120 MB of RGB while assembling). */
export const MAX_UPSCALE_INPUT_SIDE = 2048;
export const MAX_UPSCALE_OUTPUT_PIXELS = 40_000_000;

const models = new Map<Factor, Promise<LayersModel>>();

function loadModel(factor: Factor): Promise<LayersModel> {
  let model = models.get(factor);
  if (!model) {
    model = (async () => {
      const tf = await initTf();
      const dir = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models', `x${factor}`);
      const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8'));
      const manifest = json.weightsManifest as Array<{ paths: string[]; weights: unknown[] }>;
      const buffers = await Promise.all(manifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))));
      const weightData = new Uint8Array(Buffer.concat(buffers)).buffer;
      return tf.loadLayersModel(
        tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: manifest.flatMap((g) => g.weights) as never, weightData }),
      );
    })();
    models.set(factor, model);
  }
  return model;
}

/** Upscales decoded pixels; exported for the bench and the tests. */
export async function upscalePixels(src: Pixels, factor: Factor, signal?: AbortSignal): Promise<Pixels> {
  const tf = await initTf();
  const model = await loadModel(factor);
  const { width, height } = src;
  const out = new Uint8Array(width * factor * height * factor * 3);
  const outWidth = width * factor;
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      // A cancelled job (the Worker closed the connection) stops at the next tile instead of finishing for nobody.
      signal?.throwIfAborted();
      const tw = Math.min(TILE, width - tx);
      const th = Math.min(TILE, height - ty);
      const x0 = Math.max(0, tx - MARGIN);
      const y0 = Math.max(0, ty - MARGIN);
      const x1 = Math.min(width, tx + tw + MARGIN);
      const y1 = Math.min(height, ty + th + MARGIN);
      const tile = new Float32Array((x1 - x0) * (y1 - y0) * 3);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const s = (y * width + x) * 3;
          const d = ((y - y0) * (x1 - x0) + (x - x0)) * 3;
          tile[d] = src.data[s]!;
          tile[d + 1] = src.data[s + 1]!;
          tile[d + 2] = src.data[s + 2]!;
        }
      }
      const result = tf.tidy(() => {
        const input = tf.tensor4d(tile, [1, y1 - y0, x1 - x0, 3]);
        const predicted = model.predict(input) as Tensor4D;
        return predicted.clipByValue(0, 255).round().toInt();
      });
      const pixels = await result.data();
      result.dispose();
      const rowLen = (x1 - x0) * factor;
      const offX = (tx - x0) * factor;
      const offY = (ty - y0) * factor;
      for (let y = 0; y < th * factor; y++) {
        for (let x = 0; x < tw * factor; x++) {
          const s = ((y + offY) * rowLen + (x + offX)) * 3;
          const d = ((ty * factor + y) * outWidth + (tx * factor + x)) * 3;
          out[d] = pixels[s]!;
          out[d + 1] = pixels[s + 1]!;
          out[d + 2] = pixels[s + 2]!;
        }
      }
    }
  }
  return { data: out, width: outWidth, height: height * factor, channels: 3 };
}

export class TooLargeError extends Error {}

export async function upscale(bytes: Uint8Array, factor: Factor, signal?: AbortSignal): Promise<Buffer> {
  const src = await decodeRgb(bytes);
  if (Math.max(src.width, src.height) > MAX_UPSCALE_INPUT_SIDE) {
    throw new TooLargeError(`Please upscale images up to ${MAX_UPSCALE_INPUT_SIDE} pixels on the longest side.`);
  }
  if (src.width * src.height * factor * factor > MAX_UPSCALE_OUTPUT_PIXELS) {
    throw new TooLargeError(`The ${factor}× result would be too large; please use a smaller image or a lower factor.`);
  }
  return encodePng(await upscalePixels(src, factor, signal));
}
