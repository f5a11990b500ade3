import { createGifWriter, muxAnimatedWebp } from '../../../../core/animation';
import type { ExportSize, OutputSize } from '../model/export-plan';
import { gifDelayMs, type MotionFormat } from '../model/motion-plan';
import type { Encoder } from './encoder';
import type { ExportFile } from './export-session';
import type { Motion } from './motion-decode';
import { planMotionFile, type MotionFilePlan } from './motion-estimate';
import { dithered, nextTask, rgbaOf } from './motion-frames';
import { mp4Support, openMp4Writer } from './mp4-writer';

export interface MotionEstimate {
  bytes: number;
  /** How a share-size GIF was cut to fit (fewer colours, every n-th frame), or WebP's quality. */
  note: string | null;
  exact: boolean;
}

/** Shows frame `index` on the canvas and draws the export at `out`; the player's clock is held meanwhile. */
export type FrameDrawer = {
  show: (index: number) => void;
  draw: (out: OutputSize) => HTMLCanvasElement;
  release: () => void;
};

const abortError = () => new DOMException('The export was cancelled.', 'AbortError');

/**
 * One open animated export dialog (docs/decisions/0138-animated-meme-export.md): every frame of the picture drawn
 * with the meme's text and shapes over it, written as GIF (core/animation's writer, a palette per frame, optional
 * dithering), animated WebP (the browser's WebP encoder per frame in the export Worker, core/animation's muxer)
 * or MP4 (mp4-writer.ts). Sizes shown before choosing come from encoding a few frames spread over the animation
 * (motion-estimate.ts).
 * Frames are drawn one at a time and the work yields to the page between frames, so Cancel and the page stay live.
 */
export class MotionSession {
  private readonly samples = new Map<string, HTMLCanvasElement>();
  private readonly plans = new Map<string, Promise<MotionFilePlan>>();
  /** MP4s encoded in the background for their exact size; a download of one takes the same file. */
  private readonly videos = new Map<ExportSize, Promise<ExportFile>>();
  private readonly videoProgress = new Map<ExportSize, (done: number, total: number) => void>();

  constructor(
    readonly sizes: Record<ExportSize, OutputSize>,
    readonly motion: Motion,
    private readonly frames: () => FrameDrawer,
    private readonly encoder: Encoder,
  ) {}

  get oneSize(): boolean {
    return (
      this.sizes.share.width === this.sizes.original.width && this.sizes.share.height === this.sizes.original.height
    );
  }

  private norm = (size: ExportSize): ExportSize => (this.oneSize ? 'share' : size);

  /** MP4 only where this browser has an H.264 encoder for the size. */
  async supports(format: MotionFormat, size: ExportSize): Promise<boolean> {
    if (format !== 'mp4') return true;
    const out = this.sizes[this.norm(size)];
    return (await mp4Support(out.width, out.height)) !== null;
  }

  /** Frames `indexes` at `size`, each drawn once per dialog (a few, for the estimates). */
  private async drawn(size: ExportSize, indexes: number[], signal?: AbortSignal): Promise<HTMLCanvasElement[]> {
    const missing = indexes.filter((i) => !this.samples.has(`${size}:${i}`));
    if (missing.length > 0) {
      const drawer = this.frames();
      try {
        for (const i of missing) {
          if (signal?.aborted) throw abortError();
          drawer.show(i);
          this.samples.set(`${size}:${i}`, drawer.draw(this.sizes[size]));
          await nextTask();
        }
      } finally {
        drawer.release();
      }
    }
    return indexes.map((i) => this.samples.get(`${size}:${i}`)!);
  }

  /** The plan (and its estimated bytes) for a file: a share-size file takes the first step that fits the budget. */
  private plan(asked: ExportSize, format: MotionFormat, dither: boolean, signal?: AbortSignal) {
    const size = this.norm(asked);
    const key = `${size}:${format}:${dither}`;
    let known = this.plans.get(key);
    if (!known) {
      const source = { motion: this.motion, encoder: this.encoder, drawn: this.drawn.bind(this) };
      known = planMotionFile(source, size, format, dither, signal);
      this.plans.set(key, known);
      known.catch(() => this.plans.get(key) === known && this.plans.delete(key));
    }
    return known;
  }

  async estimate(
    asked: ExportSize,
    format: MotionFormat,
    dither: boolean,
    signal?: AbortSignal,
  ): Promise<MotionEstimate> {
    if (format === 'mp4') return { bytes: (await this.video(asked, signal)).blob.size, note: null, exact: true };
    const size = this.norm(asked);
    const plan = await this.plan(size, format, dither, signal);
    return { bytes: plan.bytes, note: plan.note, exact: false };
  }

  /**
   * The MP4, encoded whole (VideoEncoder is quick and off the main thread; only drawing the frames is not), so its
   * size in the dialog is the file's own. A download joins the encode under way and can stop waiting for it.
   */
  private video(asked: ExportSize, signal?: AbortSignal): Promise<ExportFile> {
    const size = this.norm(asked);
    let known = this.videos.get(size);
    if (!known) {
      const progress = (done: number, total: number) => this.videoProgress.get(size)?.(done, total);
      known = this.encode(size, 'mp4', false, progress, signal);
      this.videos.set(size, known);
      known.catch(() => this.videos.get(size) === known && this.videos.delete(size));
    }
    return known;
  }

  /** The file, frame by frame; `progress` hears how many frames of how many are done. */
  async file(
    asked: ExportSize,
    format: MotionFormat,
    dither: boolean,
    progress: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<ExportFile> {
    if (format !== 'mp4') return this.encode(this.norm(asked), format, dither, progress, signal);
    const size = this.norm(asked);
    this.videoProgress.set(size, progress);
    try {
      return await untilAborted(this.video(size, signal), signal);
    } finally {
      this.videoProgress.delete(size);
    }
  }

  private async encode(
    size: ExportSize,
    format: MotionFormat,
    dither: boolean,
    progress: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<ExportFile> {
    const out = this.sizes[size];
    const plan = await this.plan(size, format, dither, signal);
    const { width, height } = out;
    const drawer = this.frames();
    const mp4Config = format === 'mp4' ? await mp4Support(width, height) : null;
    if (format === 'mp4' && !mp4Config)
      throw new Error('This browser cannot make MP4 videos. Please choose GIF or WebP.');
    const gif =
      format === 'gif' ? createGifWriter({ width, height, loops: this.motion.loops, colours: plan.colors }) : null;
    const mp4 = mp4Config ? await openMp4Writer(mp4Config) : null;
    const stills: { still: Uint8Array; delayMs: number }[] = [];
    try {
      for (const [n, f] of plan.frames.entries()) {
        if (signal?.aborted) throw abortError();
        drawer.show(f.index);
        const el = drawer.draw(out);
        if (gif) {
          const rgba = rgbaOf(el);
          gif.add({ rgba: dither ? dithered(rgba, width, height, plan.colors) : rgba, delayMs: gifDelayMs(f.delay) });
        } else if (mp4) {
          await mp4.add(el, f.delay);
        } else {
          const blob = await this.encoder.encode(el, 'webp', plan.quality, signal);
          stills.push({ still: new Uint8Array(await blob.arrayBuffer()), delayMs: f.delay });
        }
        progress(n + 1, plan.frames.length);
        await nextTask();
      }
      const bytes = gif
        ? gif.finish()
        : mp4
          ? await mp4.finish()
          : muxAnimatedWebp({ width, height, loops: this.motion.loops }, stills);
      const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], {
        type: format === 'gif' ? 'image/gif' : format === 'mp4' ? 'video/mp4' : 'image/webp',
      });
      return { blob, quality: plan.quality || 1, width, height };
    } catch (e) {
      mp4?.abort();
      throw e;
    } finally {
      drawer.release();
    }
  }

  dispose(): void {
    this.encoder.cancel();
    this.samples.clear();
    this.plans.clear();
    this.videos.clear();
  }
}

/** `promise`, or an AbortError as soon as `signal` aborts (the work itself may go on for whoever else waits). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(abortError());
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
