/**
 * An operation on every frame of an animated GIF or WebP (ADR 0137): the frames are read one at a time
 * (core/animation/), each goes through the operation's own pixel work, and the result is written as an animated GIF
 * or an animated WebP with the same frame count, delays and loop count. In the isolate when one frame fits the
 * operation's budget and the frames together fit ANIMATION_ISOLATE_PIXELS (its time: a GIF frame is quantised and
 * written in JS, about 240 ms a megapixel); else one call of the image service with its animation kept (libvips
 * `animated: true` offline, the binding's `anim: true`), within the service's limit on all frames together; beyond
 * both a 413 names the limit.
 */
import {
  animationLimitProblem,
  createGifWriter,
  muxAnimatedWebp,
  readGifFrames,
  readGifInfo,
  readWebpAnimation,
  readWebpFrames,
  GifError,
  WebpContainerError,
  type AnimationInfo,
  type Frame,
} from '../../../../../core/animation';
import { imageServiceRefusal } from '../../../../../core/image-service';
import { throwIfCancelled } from '../../cancel';
import { HttpError } from '../../errors';
import { decodeStillWebp } from '../codecs/decode';
import { encode } from '../codecs/encode';
import { pixelBudget, reach, viaService } from '../pipeline/paths';
import { SLICE_BUDGET_MS, yieldToEventLoop } from '../slices';
import type { AnimatedOutput, EngineResult, FrameWork, Job } from '../types';

/**
 * The most pixels in all frames together (frames × the larger of a frame and its result) the isolate works on: about
 * 4 s of JS quantising at 240 ms a megapixel, measured in core/animation (a 640×480 12-frame animation of noise).
 */
export const ANIMATION_ISOLATE_PIXELS = 16_000_000;
/**
 * Reading one GIF frame and quantising and writing it (core/animation/), per megapixel: 25 + 240 ms measured on
 * noise in Node. One frame is one slice of the isolate's thread (slices.ts, ADR 0122), so a frame is at most
 * about 0.94 MP in the isolate.
 */
export const GIF_FRAME_MS_PER_MP = 265;
const GIF_FRAME_PIXELS = Math.floor((SLICE_BUDGET_MS / GIF_FRAME_MS_PER_MP) * 1_000_000);

/** A GIF's settings for a compress quality: all 256 colours and exact frames at 90 and above, fewer and looser below. */
export function gifSettings(quality: number): { colours: number; tolerance: number } {
  return {
    colours: quality >= 60 ? 256 : Math.max(32, Math.round(quality * 4)),
    tolerance: quality >= 90 ? 0 : Math.round((90 - quality) / 8),
  };
}

const mp = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;
const NAMES = { gif: 'GIF', webp: 'WebP' } as const;

/** The formats whose animations the engine reads frame by frame. */
export type AnimatedFormat = 'gif' | 'webp';

const damaged = (format: AnimatedFormat, err: Error) =>
  new HttpError(
    422,
    'unprocessable_image',
    `This ${NAMES[format]} is damaged or incomplete (${err.message}). Please try a different image.`,
  );
const isContainerError = (err: unknown): err is Error => err instanceof GifError || err instanceof WebpContainerError;

/** The animation's header, or the 422/413 that says why it cannot be worked on. */
export function animationOf(bytes: Uint8Array, format: AnimatedFormat): AnimationInfo {
  let info: AnimationInfo | null;
  try {
    info = format === 'gif' ? readGifInfo(bytes) : readWebpAnimation(bytes);
  } catch (err) {
    if (isContainerError(err)) throw damaged(format, err);
    throw err;
  }
  if (!info) throw damaged(format, new Error('no animation'));
  const problem = animationLimitProblem(info);
  if (problem) throw new HttpError(413, 'payload_too_large', problem);
  return info;
}

/** Every frame as shown, one at a time: a GIF's by core/animation's reader, a WebP's each decoded by libwebp. */
async function* framesOf(bytes: Uint8Array, format: AnimatedFormat): AsyncGenerator<Frame> {
  if (format === 'gif') yield* readGifFrames(bytes);
  else yield* readWebpFrames(readWebpAnimation(bytes)!, decodeStillWebp);
}

/** Runs `work` on every frame of the job's animated GIF and writes the animation as `out` says. */
export async function runAnimated(job: Job, work: FrameWork, out: AnimatedOutput): Promise<EngineResult> {
  const { input, services, notes, operation } = job;
  const format = input.header.format as AnimatedFormat;
  const info = animationOf(input.bytes, format);
  const frameArea = Math.max(input.upright.width * input.upright.height, work.output.width * work.output.height);
  const base = {
    operation,
    originalSize: input.bytes.length,
    notes,
    frames: info.frames,
    width: work.output.width,
    height: work.output.height,
  };
  const perFrame = Math.min(
    GIF_FRAME_PIXELS,
    ...(out.format === 'gif' ? ['png' as const] : ['png' as const, 'webp' as const]).map((f) =>
      pixelBudget(work.budget, f, out.quality),
    ),
  );
  const all = info.frames * frameArea;
  if (frameArea <= perFrame && all <= ANIMATION_ISOLATE_PIXELS) {
    const made = await inIsolate(job, info, work, out);
    notes.push(work.note, said(made.format, info, out));
    return { ...base, ...made, engine: 'wasm' };
  }
  // The image service: one call, its animation kept. 'auto' is WebP there (the smaller on every animation measured).
  const written = out.format === 'gif' ? 'gif' : 'webp';
  const refusal = imageServiceRefusal({
    input: { format, ...input.upright, bytes: input.bytes.length, frames: info.frames },
    steps: [],
    result: work.output,
    output: written,
  });
  if (refusal) {
    throw new HttpError(
      413,
      'payload_too_large',
      `${refusal.replace(/ Please save its first frame.*$/, '')} Animations are worked on here up to ${mp(ANIMATION_ISOLATE_PIXELS)} in all frames (one frame at most ${mp(perFrame)}). Please make it smaller or shorter, or choose its first frame only (frames=first).`,
    );
  }
  const plan = await viaService(() => work.service({ bytes: input.bytes, upright: input.upright, services }));
  const result = await viaService(() =>
    services.images.run({
      input: input.bytes,
      ...plan,
      output: { format: written, quality: written === 'webp' ? out.quality : undefined, animated: true },
    }),
  );
  notes.push(work.note, said(written, info, out));
  return {
    ...base,
    bytes: result.bytes,
    format: written,
    width: result.width,
    height: result.height,
    quality: written === 'webp' ? out.quality : undefined,
    engine: 'images',
  };
}

function said(format: 'gif' | 'webp', info: AnimationInfo, out: AnimatedOutput): string {
  const how = format === 'webp' ? `an animated WebP at quality ${out.quality}` : 'an animated GIF';
  return `All ${info.frames} frames were kept, with their timing, as ${how}.`;
}

/** Every frame through `work` in the isolate, written as the GIF, the WebP or both (the smaller kept). */
async function inIsolate(
  job: Job,
  info: AnimationInfo,
  work: FrameWork,
  out: AnimatedOutput,
): Promise<{ bytes: Uint8Array; format: 'gif' | 'webp'; quality?: number }> {
  const { width, height } = work.output;
  const gif =
    out.format === 'webp' ? null : createGifWriter({ width, height, loops: info.loops, ...gifSettings(out.quality) });
  const stills: Array<{ still: Uint8Array; delayMs: number }> | null = out.format === 'gif' ? null : [];
  try {
    for await (const frame of framesOf(job.input.bytes, job.input.header.format as AnimatedFormat)) {
      throwIfCancelled(job.services.signal);
      const raster = await work.frame({
        data: new Uint8ClampedArray(frame.rgba.buffer, frame.rgba.byteOffset, frame.rgba.byteLength),
        width: info.width,
        height: info.height,
      });
      const rgba = new Uint8Array(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength);
      gif?.add({ rgba, delayMs: frame.delayMs });
      if (stills)
        stills.push({ still: await encode(raster, 'webp', { quality: out.quality }), delayMs: frame.delayMs });
      await yieldToEventLoop();
    }
  } catch (err) {
    if (isContainerError(err)) throw damaged(job.input.header.format as AnimatedFormat, err);
    throw err;
  }
  reach(job.services, 'encoding');
  const made: Array<{ bytes: Uint8Array; format: 'gif' | 'webp'; quality?: number }> = [];
  if (gif) made.push({ bytes: gif.finish(), format: 'gif' });
  if (stills)
    made.push({
      bytes: muxAnimatedWebp({ width, height, loops: info.loops }, stills),
      format: 'webp',
      quality: out.quality,
    });
  made.sort((a, b) => a.bytes.length - b.bytes.length);
  const best = made[0]!;
  if (made.length > 1) {
    const other = made[1]!;
    job.notes.push(
      `Saved as an animated ${NAMES[best.format]}: ${Math.max(1, Math.round((other.bytes.length / best.bytes.length - 1) * 100))}% smaller than as ${NAMES[other.format]}.`,
    );
  }
  return best;
}
