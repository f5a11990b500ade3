/**
 * Which operations keep an animation (an animated GIF or WebP), and how (ADR 0137): compress, convert to WebP, resize, crop, rotate and
 * watermark work on every frame (run.ts); blur is refused (its detection and regions are one still picture's); the
 * rest (the AI operations, a meme, a still output format asked for) use the first frame and say so. Privacy strips
 * a GIF's metadata in place, every frame kept (ops/privacy/privacy.ts).
 */
import { EDIT_QUALITY, fitWithin } from '../../../../../core/tools/fields';
import { resizeProblem, resizeTarget } from '../../../../../core/tools/resize';
import { HttpError } from '../../errors';
import type { CompressRequest } from '../ops/compress/choices';
import { planResize } from '../ops/resize/resize';
import type { EngineResult, Job, PixelPlan } from '../types';
import { runAnimated, type AnimatedOutput, type FrameWork } from './run';

/** Compress's quality for an animation when the request leaves it to the engine (the judge reads still pictures). */
export const ANIMATION_AUTO_QUALITY = 80;

const identity = (note: string): FrameWork => ({
  budget: 'compress',
  output: { width: 0, height: 0 },
  frame: async (raster) => raster,
  service: async () => ({ steps: [] }),
  note,
});

const fromPlan = (plan: PixelPlan): FrameWork => ({
  budget: plan.budget,
  output: plan.output,
  frame: plan.wasm,
  service: plan.service,
  note: plan.note,
});

/** The animated output a requested format means (`original`: the input's own), or null for a format that holds one picture. */
function outputFor(format: string | undefined, quality: number, own: 'gif' | 'webp'): AnimatedOutput | null {
  if (format === undefined || format === 'original') return { format: own, quality };
  if (format === 'gif') return { format: 'gif', quality };
  if (format === 'webp') return { format: 'webp', quality };
  if (format === 'auto') return { format: 'auto', quality };
  return null;
}

const FRAMES_FIRST = 'or send frames=first to work on its first frame only';

/**
 * Runs `operation` on every frame of the job's animated GIF or WebP, or null where the operation (or the format asked for)
 * keeps one picture: the engine then uses the first frame and says so.
 */
export async function runOnEveryFrame(
  operation: string,
  job: Job,
  options: Record<string, unknown>,
  plan: (() => Promise<PixelPlan>) | null,
): Promise<EngineResult | null> {
  const { input, notes } = job;
  const own = input.header.format === 'webp' ? 'webp' : 'gif';
  const quality = (asked: unknown, fallback: number) => {
    if (typeof asked === 'number') return asked;
    if (asked === 'auto')
      notes.push(
        `Animations are compressed at quality ${ANIMATION_AUTO_QUALITY}: quality auto judges still pictures only.`,
      );
    return asked === 'auto' ? ANIMATION_AUTO_QUALITY : fallback;
  };
  switch (operation) {
    case 'blur':
      throw new HttpError(
        422,
        'unprocessable_image',
        `Blurring faces or people is done on still pictures only: in an animation they move from frame to frame. Please blur a still picture, ${FRAMES_FIRST}.`,
      );
    case 'compress': {
      const req = options as CompressRequest;
      if (req.targetBytes)
        throw new HttpError(
          400,
          'validation_failed',
          `A target size is for still pictures: an animation is compressed at a quality. Please choose a quality, ${FRAMES_FIRST}.`,
        );
      const out = outputFor(req.format, quality(req.quality, ANIMATION_AUTO_QUALITY), own);
      if (!out) return null;
      // `maxSide`: every frame scaled down as resize would (ADR 0168); the file is then not the original's size.
      const fitted = fitWithin(input.upright, req.maxSide);
      if (fitted !== input.upright)
        return runAnimated(job, fromPlan(resizePlanOf(job, { ...fitted, fit: 'stretch' })), out);
      const work = { ...identity(`Compressed every frame at quality ${out.quality}.`), output: input.upright };
      const result = await runAnimated(job, work, out);
      if (result.format === input.header.format && result.bytes.length >= input.bytes.length) {
        notes.push('The animation could not be made smaller: the original file is returned.');
        return { ...result, bytes: input.bytes, keptOriginal: true, quality: undefined };
      }
      return result;
    }
    case 'convert': {
      const out = options.format === 'webp' ? outputFor('webp', Number(options.quality), own) : null;
      if (!out) return null;
      return runAnimated(
        job,
        { ...identity(`Converted from ${input.header.format.toUpperCase()}.`), output: input.upright },
        out,
      );
    }
    case 'resize': {
      const out = outputFor(options.format as string | undefined, quality(options.quality, EDIT_QUALITY), own);
      if (!out || !plan) return null;
      return runAnimated(job, fromPlan(await plan()), out);
    }
    case 'crop':
    case 'rotate':
    case 'watermark':
      if (!plan) return null;
      return runAnimated(job, fromPlan(await plan()), { format: own, quality: EDIT_QUALITY });
    default:
      return null;
  }
}

/** Resize's per-frame plan, its size checked by the operation's own rule first. */
export function resizePlanOf(job: Job, options: unknown): PixelPlan {
  const o = options as Parameters<typeof planResize>[1];
  const problem = resizeProblem(resizeTarget(job.input.upright, o));
  if (problem) throw new HttpError(400, 'validation_failed', problem);
  return planResize(job.input.upright, o);
}

/** Where a still format was asked of an animation: what would have kept it. */
export const KEEP_ANIMATION_HINT = 'To keep every frame, choose WebP, or keep its own format.';
