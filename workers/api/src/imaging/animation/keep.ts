/**
 * How an operation keeps an animated GIF or WebP (ADR 0137): the pieces each operation's `frames` (its record,
 * ops/<operation>/) is made of. Compress, convert to WebP, resize, crop, rotate and watermark work on every frame
 * (run.ts); blur refuses an animation (its detection and regions are one still picture's); the rest (the AI
 * operations, a meme, a still output format asked for) use the first frame and say so. Privacy strips a GIF's
 * metadata in place, every frame kept (metadata/strip.ts).
 */
import { EDIT_QUALITY } from '../../../../../core/tools/fields';
import type { AnimatedOutput, AnimateFrames, EngineResult, FrameWork, Job, Picture, PixelPlan } from '../types';

/** Compress's quality for an animation when the request leaves it to the engine (the judge reads still pictures). */
export const ANIMATION_AUTO_QUALITY = 80;

/** What a refusal of an animation offers instead. */
export const FRAMES_FIRST = 'or send frames=first to work on its first frame only';

/** Where a still format was asked of an animation: what would have kept it. */
export const KEEP_ANIMATION_HINT = 'To keep every frame, choose WebP, or keep its own format.';

/** Every frame as it is, written again (compress, convert): `note` says what was done. */
export const sameFrames = (input: Picture, note: string): FrameWork => ({
  budget: 'compress',
  output: input.upright,
  frame: async (raster) => raster,
  service: async () => ({ steps: [] }),
  note,
});

/** A pixel operation's plan as the work done on each frame. */
export const fromPlan = (plan: PixelPlan): FrameWork => ({
  budget: plan.budget,
  output: plan.output,
  frame: plan.wasm,
  service: plan.service,
  note: plan.note,
});

/** The animation's own format. */
export const ownFormat = (input: Picture): 'gif' | 'webp' => (input.header.format === 'webp' ? 'webp' : 'gif');

/** The animated output a requested format means (`original`: the input's own), or null for a format that holds one picture. */
export function animatedOutput(input: Picture, format: string | undefined, quality: number): AnimatedOutput | null {
  if (format === undefined || format === 'original') return { format: ownFormat(input), quality };
  if (format === 'gif' || format === 'webp' || format === 'auto') return { format, quality };
  return null;
}

/** A still format was asked of an animation: null (the engine uses the first frame), and the words for what keeps it. */
export function asStill(job: Job): null {
  job.notes.push(KEEP_ANIMATION_HINT);
  return null;
}

/** The quality an animation is written at: the one asked, else `fallback`; `auto` (said) is ANIMATION_AUTO_QUALITY. */
export function animationQuality(job: Job, asked: unknown, fallback: number): number {
  if (typeof asked === 'number') return asked;
  if (asked !== 'auto') return fallback;
  job.notes.push(
    `Animations are compressed at quality ${ANIMATION_AUTO_QUALITY}: quality auto judges still pictures only.`,
  );
  return ANIMATION_AUTO_QUALITY;
}

/** A pixel operation on every frame, written in the animation's own format (crop, rotate, watermark). */
export const everyFrame = async (
  job: Job,
  plan: PixelPlan | Promise<PixelPlan>,
  animate: AnimateFrames,
): Promise<EngineResult> => animate(job, fromPlan(await plan), { format: ownFormat(job.input), quality: EDIT_QUALITY });
