import { createGifWriter } from '../../../../core/animation';
import { EXPORT_QUALITY_LADDER } from '../../../../core/limits';
import type { ExportSize } from '../model/export-plan';
import {
  estimateFromSamples,
  GIF_SHARE_STEPS,
  MOTION_OVERHEAD,
  MOTION_SHARE_BYTES,
  sampleFrames,
  thinFrames,
  type GifStep,
  type MotionFormat,
} from '../model/motion-plan';
import type { Encoder } from './encoder';
import type { Motion } from './motion-decode';
import { dithered, nextTask, rgbaOf } from './motion-frames';

/** How an animated file is written (its frames, a GIF's colours, a WebP's quality) and its estimated bytes. */
export interface MotionFilePlan {
  frames: { index: number; delay: number }[];
  colors: number;
  quality: number;
  note: string | null;
  bytes: number;
}

/** What a plan is measured on: the animation, its frames drawn at a size (once per dialog), the WebP encoder. */
export interface PlanSource {
  motion: Motion;
  drawn: (size: ExportSize, indexes: number[], signal?: AbortSignal) => Promise<HTMLCanvasElement[]>;
  encoder: Encoder;
}

const WEBP_QUALITY = 0.8;

/**
 * The plan (and its estimated bytes) for a file, from encoding a few frames spread over the animation: a share-size
 * file takes the first step that fits the budget. MP4 is encoded whole instead (motion-session.ts).
 */
export async function planMotionFile(
  source: PlanSource,
  size: ExportSize,
  format: MotionFormat,
  dither: boolean,
  signal?: AbortSignal,
): Promise<MotionFilePlan> {
  const { delays } = source.motion;
  const budget = size === 'share' ? MOTION_SHARE_BYTES * 0.85 : Infinity;
  const all = thinFrames(delays, 1);
  if (format === 'mp4') return { frames: all, colors: 0, quality: 0, note: null, bytes: 0 };
  const count = delays.length;
  const picks = sampleFrames(count, size === 'share' ? 4 : 3);
  if (format === 'webp') {
    const canvases = await source.drawn(size, picks, signal);
    let last: MotionFilePlan = { frames: all, colors: 0, quality: WEBP_QUALITY, note: null, bytes: 0 };
    for (const quality of [WEBP_QUALITY, ...EXPORT_QUALITY_LADDER.filter((q) => q < WEBP_QUALITY)]) {
      const bytes = await Promise.all(
        canvases.map(async (c) => (await source.encoder.encode(c, 'webp', quality, signal)).size),
      );
      const note = quality < WEBP_QUALITY ? `quality ${Math.round(quality * 100)}` : null;
      last = { ...last, quality, note, bytes: estimateFromSamples(bytes, all.length, MOTION_OVERHEAD.webp) };
      if (last.bytes <= budget) break;
    }
    return last;
  }
  // A GIF's first frame is written whole and each later one as its change from the one before (core/animation's
  // writer): each sample is a frame alone and then with the frame after it, which measures both.
  let last: MotionFilePlan | null = null;
  for (const step of GIF_SHARE_STEPS) {
    const kept = thinFrames(delays, step.every);
    const whole: number[] = [];
    const change: number[] = [];
    for (const i of picks) {
      const j = i + step.every < count ? i + step.every : Math.max(0, i - step.every);
      const [a, b] = await source.drawn(size, [i, j], signal);
      const rgbaA = rgbaOf(a!);
      const one = gifOf([rgbaA], a!.width, a!.height, source.motion.loops, step.colors, dither).length;
      const two = gifOf([rgbaA, rgbaOf(b!)], a!.width, a!.height, source.motion.loops, step.colors, dither).length;
      whole.push(one - MOTION_OVERHEAD.gif);
      change.push(two - one);
      await nextTask();
    }
    const bytes = estimateFromSamples(whole, 1, MOTION_OVERHEAD.gif) + estimateFromSamples(change, kept.length - 1, 0);
    last = { frames: kept, colors: step.colors, quality: 0, note: describe(step), bytes };
    if (last.bytes <= budget) break;
  }
  return last!;
}

function gifOf(
  frames: Uint8Array[],
  width: number,
  height: number,
  loops: number,
  colors: number,
  dither: boolean,
): Uint8Array {
  const writer = createGifWriter({ width, height, loops, colours: colors });
  for (const rgba of frames) writer.add({ rgba: dither ? dithered(rgba, width, height, colors) : rgba, delayMs: 100 });
  return writer.finish();
}

function describe(step: GifStep): string | null {
  const parts = [
    step.colors < 256 ? `${step.colors} colours` : '',
    step.every > 1 ? `every ${step.every === 2 ? '2nd' : `${step.every}rd`} frame` : '',
  ];
  return parts.filter(Boolean).join(', ') || null;
}
