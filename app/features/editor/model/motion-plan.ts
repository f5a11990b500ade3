import { SHARE_MAX_ANIMATED_BYTES } from '../../../../core/api/share-links';
import type { Size } from './geometry';
import type { ExportSize, OutputSize } from './export-plan';

/**
 * The animated export's choices as plain numbers (docs/decisions/0138-animated-meme-export.md): which pictures
 * animate, the sizes an animated meme is offered at, how a few encoded frames estimate the whole file, and the
 * steps that keep a share-size file under its budget.
 */

export type MotionKind = 'gif' | 'webp';
export type MotionFormat = 'gif' | 'webp' | 'mp4';
export const MOTION_FORMATS: readonly MotionFormat[] = ['gif', 'webp', 'mp4'];

/** The canvas plays at most this many frames (at 480 × 480 about 90 MB of bitmaps); later frames are dropped. */
export const MAX_MOTION_FRAMES = 300;
/** Browsers show a GIF delay under 20 ms as 100 ms; the editor plays and writes 20 ms at the least. */
export const MIN_FRAME_DELAY_MS = 20;
/**
 * Share size: long side at most 480 px (what messengers show an animation at) and the file under the most a share
 * link takes for an animation (8 MB, core/api/shares.ts), so the same file can be downloaded or shared.
 */
export const MOTION_SHARE_SIDE = 480;
export const MOTION_SHARE_BYTES = SHARE_MAX_ANIMATED_BYTES;
/** Original size is the animation's own resolution, capped here: a GIF frame is written whole, 1080² already ~1 MB. */
export const MOTION_MAX_SIDE = 1080;

/**
 * Which animated format `bytes` starts as: a GIF (whether it has more than one frame is the decoder's answer), or
 * an extended WebP whose VP8X header sets the animation bit; null for anything else.
 */
export function animatedKind(bytes: Uint8Array): MotionKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 21 && ascii(0, 4) === 'RIFF' && ascii(8, 16) === 'WEBPVP8X' && (bytes[20]! & 0x02) !== 0)
    return 'webp';
  return null;
}

/**
 * Whether the picture at `url` may be animated, from its address alone: a file named as a still format (a drawn
 * template's .png, a photo's .jpg) is not fetched again to look; an address without an extension (an upload's
 * /api/images/{id}) or a .gif/.webp is.
 */
export const mayAnimate = (url: string) => !/\.(png|jpe?g|avif|bmp|svg|tiff?)([?#]|$)/i.test(url);

const sized = (area: Size, multiplier: number): OutputSize => ({
  multiplier,
  width: Math.max(2, 2 * Math.round((area.width * multiplier) / 2)),
  height: Math.max(2, 2 * Math.round((area.height * multiplier) / 2)),
});

/**
 * Both sizes of an animated download of `area` (canvas pixels) at `multiplier` file pixels per canvas pixel for
 * the animation's own resolution: the original, long side at most MOTION_MAX_SIDE, and the share copy at most
 * MOTION_SHARE_SIDE (never enlarged). Sides are even: H.264 in MP4 takes no odd ones.
 */
export function motionSizes(area: Size, multiplier: number): Record<ExportSize, OutputSize> {
  const capped = (side: number) => {
    const long = Math.max(area.width, area.height) * multiplier;
    return sized(area, long <= side ? multiplier : (multiplier * side) / long);
  };
  return { share: capped(MOTION_SHARE_SIDE), original: capped(MOTION_MAX_SIDE) };
}

/** Up to `k` frame indexes spread evenly over `count` frames, first and last included. */
export function sampleFrames(count: number, k = 4): number[] {
  if (count <= k) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: k }, (_, i) => Math.round((i * (count - 1)) / (k - 1)));
}

/** A whole file's bytes from some of its frames' bytes: their mean times the frames kept, plus the header once. */
export function estimateFromSamples(sampleBytes: readonly number[], frames: number, overhead: number): number {
  if (sampleBytes.length === 0) return overhead;
  const mean = sampleBytes.reduce((a, b) => a + b, 0) / sampleBytes.length;
  return Math.round(overhead + mean * frames);
}

/** Roughly what each format spends once per file (GIF's header and global tables, WebP's RIFF, MP4's moov). */
export const MOTION_OVERHEAD: Record<MotionFormat, number> = { gif: 800, webp: 60, mp4: 1200 };

/**
 * How a GIF is cut down to fit the share budget, tried in order: fewer palette colours first (invisible on most
 * memes), then every second frame (each kept frame shows for both delays, so the timing holds).
 */
export interface GifStep {
  colors: number;
  /** Keep every `every`-th frame. */
  every: number;
}
export const GIF_SHARE_STEPS: readonly GifStep[] = [
  { colors: 256, every: 1 },
  { colors: 128, every: 1 },
  { colors: 64, every: 1 },
  { colors: 128, every: 2 },
  { colors: 64, every: 2 },
  { colors: 64, every: 3 },
];

/** The frames kept when keeping every `every`-th one, each with the delays of the frames it stands for. */
export function thinFrames(delays: readonly number[], every: number): { index: number; delay: number }[] {
  const out: { index: number; delay: number }[] = [];
  for (let i = 0; i < delays.length; i += every) {
    const delay = delays.slice(i, i + every).reduce((a, b) => a + b, 0);
    out.push({ index: i, delay });
  }
  return out;
}

/** GIF writes delays in hundredths of a second: the nearest one, never under MIN_FRAME_DELAY_MS. */
export const gifDelayMs = (ms: number) => Math.max(MIN_FRAME_DELAY_MS, Math.round(ms / 10) * 10);

/** The total running time of `delays`, in seconds, for the dialog. */
export const durationSeconds = (delays: readonly number[]) => delays.reduce((a, b) => a + b, 0) / 1000;
