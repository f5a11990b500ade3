/**
 * The frame model every animation reader and writer of core/animation/ shares: an animation is a canvas size, a
 * loop count and a sequence of frames, each the whole canvas as straight RGBA (already composited: the file's
 * offsets, disposal and blending are the reader's business) and how long it is shown. Delays are kept in
 * milliseconds as the file holds them (a GIF in hundredths of a second, a WebP in milliseconds), so a frame shown
 * 80 ms comes back 80 ms.
 */

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
 * The most frames and the most pixels in all frames together (frames × width × height) the tools take from an
 * animation (docs/product.md §8, ADR 0137): over either, a 413 names the limit.
 */
export const ANIMATION_MAX_FRAMES = 300;
export const ANIMATION_MAX_PIXELS = 100_000_000;

/** Why an animation is over the tools' limits, in words for the person, or null. */
export function animationLimitProblem(info: Pick<AnimationInfo, 'width' | 'height' | 'frames'>): string | null {
  if (info.frames > ANIMATION_MAX_FRAMES) {
    return `This animation has ${info.frames.toLocaleString('en-US')} frames; the tools take animations of at most ${ANIMATION_MAX_FRAMES} frames. Please shorten it, or choose its first frame only (frames=first).`;
  }
  const all = info.frames * info.width * info.height;
  if (all > ANIMATION_MAX_PIXELS) {
    return `This animation is ${info.frames} frames of ${info.width} × ${info.height}, ${Math.floor(all / 100_000) / 10} megapixels in all; the tools take animations of at most ${ANIMATION_MAX_PIXELS / 1_000_000} megapixels in all frames together. Please make it smaller or shorter, or choose its first frame only (frames=first).`;
  }
  return null;
}
