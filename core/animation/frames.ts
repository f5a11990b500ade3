/**
 * The frame model every animation reader and writer of core/animation/ shares: an animation is a canvas size, a
 * loop count and a sequence of frames, each the whole canvas as straight RGBA (already composited: the file's
 * offsets, disposal and blending are the reader's business) and how long it is shown. Delays are kept in
 * milliseconds as the file holds them (a GIF in hundredths of a second, a WebP in milliseconds), so a frame shown
 * 80 ms comes back 80 ms.
 */
import { FORMAT_NAMES, type ImageFormat } from '../images/kinds';

/** A frame as shown: the whole canvas, RGBA, row by row, and its display time. */
export interface Frame {
  rgba: Uint8Array;
  /** How long the frame is shown, in milliseconds. */
  delayMs: number;
}

/** What a file says of its animation before any frame is decoded. */
export interface AnimationInfo {
  width: number;
  height: number;
  /** Frames in the file. */
  frames: number;
  /**
   * How many times the animation plays: 0 for ever. A GIF with no NETSCAPE loop extension plays once (1); its loop
   * value n means n repeats after the first play (n + 1 plays), as browsers read it; a WebP's ANIM count is plays.
   */
  loops: number;
}

/**
 * A frame's rectangle as its file declares it: a GIF's image descriptor, an animated WebP's ANMF header (or the
 * size its own bitstream says, where that differs). `frame` counts from 1, as people do.
 */
export interface FrameRect {
  frame: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Every frame must lie inside the canvas (ADR 0151): a decoder works on each frame at its own declared size, so a
 * 100 × 100 GIF of 4,000 × 4,000 frames costs 16 megapixels a frame, not 0.01 — and browsers grow a GIF's screen to
 * a larger first frame. With every frame inside, each frame decodes to at most the canvas, and the limits below,
 * which count every frame as a whole canvas (frames × width × height, the canvas each frame is composited onto by
 * core/animation, libvips and browsers alike), count the pixels decoded. The first frame that is not inside, in
 * words for the person, or null.
 */
export function frameOutsideProblem(picture: {
  format: ImageFormat;
  width: number;
  height: number;
  frameOutside?: FrameRect;
}): string | null {
  const outside = picture.frameOutside;
  if (!outside) return null;
  const n = (v: number) => v.toLocaleString('en-US');
  const { frame, left, top, width, height } = outside;
  return `Frame ${n(frame)} of this ${FORMAT_NAMES[picture.format]} is ${n(width)} × ${n(height)} pixels at (${n(left)}, ${n(top)}), outside the picture's own ${n(picture.width)} × ${n(picture.height)}: we take animations whose every frame lies inside the picture. Please save it again with an image editor, or try a different image.`;
}

/**
 * The most frames and the most pixels in all frames together (frames × width × height, every frame counted as the
 * whole canvas it is decoded onto) the tools take from an animation (docs/product.md §8, ADR 0137, ADR 0151): over
 * either, a 413 names the limit.
 */
export const ANIMATION_MAX_FRAMES = 300;
export const ANIMATION_MAX_PIXELS = 100_000_000;

/** What the tools' refusal suggests: a tool route takes `frames=first`; the upload has no such field. */
export const FRAMES_FIRST_ADVICE = 'choose its first frame only (frames=first)';
export const STILL_FIRST_FRAME_ADVICE = 'save its first frame as a still picture';

/** Why an animation is over the tools' limits, in words for the person, or null. */
export function animationLimitProblem(
  info: Pick<AnimationInfo, 'width' | 'height' | 'frames'>,
  advice = FRAMES_FIRST_ADVICE,
): string | null {
  if (info.frames > ANIMATION_MAX_FRAMES) {
    return `This animation has ${info.frames.toLocaleString('en-US')} frames; the tools take animations of at most ${ANIMATION_MAX_FRAMES} frames. Please shorten it, or ${advice}.`;
  }
  const all = info.frames * info.width * info.height;
  if (all > ANIMATION_MAX_PIXELS) {
    return `This animation is ${info.frames} frames of ${info.width} × ${info.height}, ${Math.floor(all / 100_000) / 10} megapixels in all; the tools take animations of at most ${ANIMATION_MAX_PIXELS / 1_000_000} megapixels in all frames together. Please make it smaller or shorter, or ${advice}.`;
  }
  return null;
}
