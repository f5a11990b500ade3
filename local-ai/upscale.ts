import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { decodeRgb, encodePng, type Pixels } from './image';
import { packageDir } from './tf';

/**
 * Super-resolution with @upscalerjs/esrgan-slim (MIT; ×2, ×3 and ×4 weights in the package, 0–255 in and out), each
 * factor by its own model in one pass. The photo is cut into tiles with a margin of context, each tile is upscaled on
 * its own and only its centre is kept, so memory stays bounded by the tile size (untiled, 1024→2048 needs ~3.7 GB)
 * and seams do not show. The tiles are shared between one worker thread per core (upscale-worker.mjs): TensorFlow.js's
 * WASM backend has no threads in Node. 256 px tiles: the 8 px margins cost 13% more work instead of 27% with 128 px
 * tiles, and a 512 px photo still gives both cores two tiles each (ADR 0127 has the measurements).
 */
export type Factor = 2 | 3 | 4;

const TILE = 256;
const MARGIN = 8;
/** The largest input side, and the largest output (40 MP ≈ 6300 px square: ~120 MB of RGB while assembling). */
export const MAX_UPSCALE_INPUT_SIDE = 2048;
export const MAX_UPSCALE_OUTPUT_PIXELS = 40_000_000;

interface TileAnswer {
  pixels?: Uint8Array;
  error?: string;
}

interface TileJob {
  resolve: (pixels: Uint8Array) => void;
  reject: (err: Error) => void;
}

/**
 * The worker threads, started on first use and kept (each loads a model once, not once per photo). A thread holds
 * the process open only while it works on a tile: an idle pool must not keep a test run or a stopping service alive,
 * and a busy one must keep a script that awaits it alive. A thread that dies fails its tile and is replaced.
 */
class TilePool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Array<(w: Worker) => void> = [];
  private readonly jobs = new Map<Worker, TileJob>();
  private readonly gone = new WeakSet<Worker>();
  private readonly workerData = {
    wasmDir: `${packageDir('@tensorflow/tfjs-backend-wasm')}/dist/`,
    modelsDir: path.join(packageDir('@upscalerjs/esrgan-slim'), 'models'),
  };

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.start());
  }

  private start(): Worker {
    const worker = new Worker(new URL('./upscale-worker.mjs', import.meta.url), { workerData: this.workerData });
    worker.unref();
    worker.on('message', ({ pixels, error }: TileAnswer) => {
      const job = this.jobs.get(worker);
      this.jobs.delete(worker);
      worker.unref();
      this.release(worker);
      if (pixels) job?.resolve(pixels);
      else job?.reject(new Error(error ?? 'the upscaling thread failed'));
    });
    worker.on('error', (err) => this.lose(worker, err));
    worker.on('exit', (code) => this.lose(worker, new Error(`the upscaling thread stopped (exit code ${code})`)));
    return worker;
  }

  /** A thread that failed or exited: its tile fails, and a new thread takes its place. */
  private lose(worker: Worker, err: Error) {
    if (this.gone.has(worker)) return;
    this.gone.add(worker);
    const job = this.jobs.get(worker);
    this.jobs.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    job?.reject(err);
    this.release(this.start());
  }

  private release(worker: Worker) {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private worker(): Promise<Worker> {
    const free = this.idle.pop();
    return free ? Promise.resolve(free) : new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Runs one tile on the next free thread. The tile is cut only once a thread is free, and not at all when the job
   * was cancelled meanwhile, so a cancelled photo stops at its next tile and queued tiles cost no memory.
   */
  async run(
    factor: Factor,
    cut: () => { rgb: Float32Array; width: number; height: number },
    signal?: AbortSignal,
  ): Promise<Uint8Array> {
    const worker = await this.worker();
    if (signal?.aborted) {
      this.release(worker);
      signal.throwIfAborted();
    }
    const { rgb, width, height } = cut();
    return new Promise((resolve, reject) => {
      this.jobs.set(worker, { resolve, reject });
      worker.ref();
      worker.postMessage({ factor, width, height, rgb }, [rgb.buffer as ArrayBuffer]);
    });
  }
}

let pool: TilePool | null = null;
/** One thread per core the process may use (os.availableParallelism() follows CPU affinity). */
const tilePool = (size = Math.max(1, os.availableParallelism())) => (pool ??= new TilePool(size));

/** The tiles of a width×height picture, each with its context margin, row by row. */
export function tilesOf(width: number, height: number, tile = TILE, margin = MARGIN) {
  const tiles = [];
  for (let ty = 0; ty < height; ty += tile) {
    for (let tx = 0; tx < width; tx += tile) {
      const tw = Math.min(tile, width - tx);
      const th = Math.min(tile, height - ty);
      tiles.push({
        tx,
        ty,
        tw,
        th,
        x0: Math.max(0, tx - margin),
        y0: Math.max(0, ty - margin),
        x1: Math.min(width, tx + tw + margin),
        y1: Math.min(height, ty + th + margin),
      });
    }
  }
  return tiles;
}

/** Upscales decoded pixels; exported for the bench and the tests. */
export async function upscalePixels(src: Pixels, factor: Factor, signal?: AbortSignal): Promise<Pixels> {
  const { width, height } = src;
  const out = new Uint8Array(width * factor * height * factor * 3);
  const outWidth = width * factor;
  const tiles = tilesOf(width, height);
  await Promise.all(
    tiles.map(async ({ tx, ty, tw, th, x0, y0, x1, y1 }) => {
      // A cancelled job (the Worker closed the connection) stops at the next tile instead of finishing for nobody.
      const pixels = await tilePool().run(
        factor,
        () => {
          const rgb = new Float32Array((x1 - x0) * (y1 - y0) * 3);
          for (let y = y0; y < y1; y++) {
            for (let x = x0; x < x1; x++) {
              const s = (y * width + x) * 3;
              const d = ((y - y0) * (x1 - x0) + (x - x0)) * 3;
              rgb[d] = src.data[s]!;
              rgb[d + 1] = src.data[s + 1]!;
              rgb[d + 2] = src.data[s + 2]!;
            }
          }
          return { rgb, width: x1 - x0, height: y1 - y0 };
        },
        signal,
      );
      signal?.throwIfAborted();
      const rowLen = (x1 - x0) * factor;
      const offX = (tx - x0) * factor;
      const offY = (ty - y0) * factor;
      for (let y = 0; y < th * factor; y++) {
        const s = ((y + offY) * rowLen + offX) * 3;
        const d = ((ty * factor + y) * outWidth + tx * factor) * 3;
        out.set(pixels.subarray(s, s + tw * factor * 3), d);
      }
    }),
  );
  return { data: out, width: outWidth, height: height * factor, channels: 3 };
}

/**
 * Loads the ×factor model in every thread (one 16 px tile each) so the first photo does not wait for it: the service
 * calls this at start (local-ai/main.ts).
 */
export async function warmUpscale(factor: Factor = 2): Promise<void> {
  const threads = tilePool();
  const tiny = () => ({ rgb: new Float32Array(16 * 16 * 3), width: 16, height: 16 });
  await Promise.all(Array.from({ length: threads.size }, () => threads.run(factor, tiny)));
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
