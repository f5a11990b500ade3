/**
 * Compress on every frame of an animated GIF or WebP (ADR 0137): at a quality (`auto` means ANIMATION_AUTO_QUALITY,
 * said), scaled down by `maxSide` (ADR 0168), in the animation's own format, WebP or GIF; never a larger file than the
 * original where nothing was scaled. A target size is refused: it is a still picture's search.
 */
import { fitWithin } from '../../../../../../core/tools/fields';
import { HttpError } from '../../../errors';
import {
  ANIMATION_AUTO_QUALITY,
  animatedOutput,
  animationQuality,
  asStill,
  FRAMES_FIRST,
  fromPlan,
  sameFrames,
} from '../../animation/keep';
import { scalePlan } from '../../pipeline/fit';
import type { AnimateFrames, CompressRequest, EngineResult, Job } from '../../types';

export async function compressFrames(
  job: Job,
  req: CompressRequest,
  animate: AnimateFrames,
): Promise<EngineResult | null> {
  const { input, notes } = job;
  if (req.targetBytes)
    throw new HttpError(
      400,
      'validation_failed',
      `A target size is for still pictures: an animation is compressed at a quality. Please choose a quality, ${FRAMES_FIRST}.`,
    );
  const out = animatedOutput(input, req.format, animationQuality(job, req.quality, ANIMATION_AUTO_QUALITY));
  if (!out) return asStill(job);
  // `maxSide`: every frame scaled down as resize would (ADR 0168); the file is then not the original's size.
  const fitted = fitWithin(input.upright, req.maxSide);
  if (fitted !== input.upright) return animate(job, fromPlan(scalePlan(fitted)), out);
  const result = await animate(job, sameFrames(input, `Compressed every frame at quality ${out.quality}.`), out);
  if (result.format === input.header.format && result.bytes.length >= input.bytes.length) {
    notes.push('The animation could not be made smaller: the original file is returned.');
    return { ...result, bytes: input.bytes, keptOriginal: true, quality: undefined };
  }
  return result;
}
