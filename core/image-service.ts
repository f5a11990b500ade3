/**
 * What the image service may be asked to do: the Cloudflare Images binding's documented limits, written once, and the
 * one check both implementations run before any work (the binding's adapter before it calls the binding, local-images
 * before it decodes), so a laptop refuses exactly what production would, with the same status and words.
 *
 * Sources (stored copies of the pages, read 2026-11-24; compare with the live pages before relying on a figure):
 * - https://developers.cloudflare.com/images/get-started/limits/ — transforming a remote image: file 100 MB, area
 *   100 MP, 12,000 px a side "excluding WebP and AVIF", AVIF 1,200 px a side; animations: the area of all frames
 *   together, transformed up to 50 MP ("any animations over 50 megapixels will be delivered without applying any
 *   transformations").
 * - https://developers.cloudflare.com/images/transform-images/#limits-per-format — hard limits on the longest side:
 *   AVIF 1,200 px (1,600 with an explicit `format=avif`), other formats 12,000 px, WebP none (its soft limits,
 *   2,560 px lossy / 1,920 px lossless, apply only when the system is overloaded); "All images have to be less than
 *   70 MB" (the older page; the newer one says 100 MB, the smaller is kept here).
 * - https://developers.cloudflare.com/images/pricing/ — Images Free: 5,000 unique transformations a month, then new
 *   ones fail (error 9422, https://developers.cloudflare.com/images/reference/troubleshooting/).
 * - https://developers.cloudflare.com/images/optimization/transformations/bindings/ — "Every call to the Images
 *   binding counts as one unique transformation" (each `.output()`: one request to the service, draws included).
 */
import { MAX_IMAGE_PIXELS } from './limits';

/** The longest side the binding reads or writes in JPEG, PNG and GIF (and raw pixels), and reads in HEIC. */
export const IMAGE_SERVICE_MAX_SIDE = 12_000;
/** WebP has no hard limit of the binding's; the format itself holds at most this on a side. */
export const WEBP_MAX_SIDE = 16_383;
/**
 * AVIF's hard limit: the longest side of an AVIF the binding writes (Convert, compress and batch to AVIF), and of an
 * AVIF we take at all, since only the isolate reads AVIF (the binding reads it on Enterprise plans only) and 1,200²
 * is what its decoder does in one call (ADR 0132). Over it, the binding's documented behaviour is a best-effort
 * fallback to WebP or JPEG; we refuse before any call instead, in these words, offline too.
 */
export const AVIF_MAX_SIDE = 1_200;
/** The binding's area limit; ours (MAX_IMAGE_PIXELS, 50 MP) is smaller and is what people meet first. */
export const IMAGE_SERVICE_MAX_PIXELS = 100_000_000;
/** All frames of an animation together: over this the binding returns the file untransformed. */
export const IMAGE_SERVICE_MAX_ANIMATION_PIXELS = 50_000_000;
/** The smaller of the two documented file limits (70 MB and 100 MB); uploads are 10 MB, overlays can be larger. */
export const IMAGE_SERVICE_MAX_FILE_BYTES = 70 * 1000 * 1000;
/** Images Free: unique transformations a month before new ones fail with 9422. */
export const IMAGE_SERVICE_FREE_MONTHLY_TRANSFORMATIONS = 5_000;
/** The most binding calls (billed transformations) one tool operation may make on one picture. */
export const IMAGE_SERVICE_MAX_CALLS_PER_OPERATION = 3;

/** HEIC is read (never written); AVIF is written (read by the isolate only, ADR 0132). */
export type ServiceImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'rgba';

/** The longest side the binding handles in a format, read or written. */
export const maxSideOf = (format: ServiceImageFormat): number =>
  format === 'webp' ? WEBP_MAX_SIDE : format === 'avif' ? AVIF_MAX_SIDE : IMAGE_SERVICE_MAX_SIDE;

export interface SizeOf {
  width: number;
  height: number;
}

/** The parts of a service step that change the picture's size (the contract's ServiceStep, and local-images' job). */
export type SizedStep =
  | { op: 'crop'; width: number; height: number }
  | { op: 'resize'; width: number; height: number; fit: 'cover' | 'contain' | 'stretch' | 'inside' }
  | { op: 'rotate'; angle: number }
  | { op: 'flip' | 'blur' };

/** The picture's size after one step, in upright pixels. */
export function sizeAfterStep(size: SizeOf, step: SizedStep): SizeOf {
  if (step.op === 'crop' || (step.op === 'resize' && step.fit !== 'inside'))
    return { width: step.width, height: step.height };
  if (step.op === 'resize') {
    const scale = Math.min(step.width / size.width, step.height / size.height);
    return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
  }
  if (step.op === 'rotate' && step.angle !== 180 && step.angle !== 0) return { width: size.height, height: size.width };
  return size;
}

const FORMAT_NAMES: Record<ServiceImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  heic: 'HEIC',
  rgba: 'raw',
};
const px = (n: number) => n.toLocaleString('en-US');
const mp = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;

/** A picture the service is to read: the job's input or an overlay. `width`/`height` are upright. */
export interface ServiceInput extends SizeOf {
  format: ServiceImageFormat;
  bytes: number;
  /** Frames of an animation (1 or absent for a still picture). */
  frames?: number;
}

export interface ServiceJobShape {
  input: ServiceInput;
  steps: readonly SizedStep[];
  /** The result's size, where the steps that make it are not planned yet (checked instead of the steps'). */
  result?: SizeOf;
  overlays?: readonly ServiceInput[];
  output: ServiceImageFormat;
}

/** Words for the one limit a picture is over: what it is, the limit, and what to do. */
function sideProblem(what: string, size: SizeOf, format: ServiceImageFormat): string | null {
  const limit = maxSideOf(format);
  if (Math.max(size.width, size.height) <= limit) return null;
  const [side, length] = size.width >= size.height ? ['wide', size.width] : ['high', size.height];
  const formats =
    format === 'webp'
      ? 'WebP pictures hold'
      : format === 'avif'
        ? 'AVIF pictures are made'
        : `the image service handles ${format === 'rgba' ? 'pictures' : `${FORMAT_NAMES[format]} pictures`}`;
  return `${what} is ${px(length)} pixels ${side}; ${formats} at most ${px(limit)} pixels a side. Please make it smaller (at most ${px(limit)} pixels a side) and try again.`;
}

/**
 * Why the image service cannot do this job, in words for the person (413), or null when it can. Checked on the
 * input, every overlay, each step's result (our own 50 MP limit) and the output, before any work is done.
 */
export function imageServiceRefusal(job: ServiceJobShape): string | null {
  for (const [what, picture] of [
    ['This picture', job.input],
    ...(job.overlays ?? []).map((o) => ['A layer drawn over it', o] as const),
  ] as const) {
    if (picture.bytes > IMAGE_SERVICE_MAX_FILE_BYTES) {
      return `${what} is ${Math.round(picture.bytes / 100_000) / 10} MB; the image service reads files of at most ${IMAGE_SERVICE_MAX_FILE_BYTES / 1_000_000} MB.`;
    }
    const area = picture.width * picture.height;
    if (area > Math.min(MAX_IMAGE_PIXELS, IMAGE_SERVICE_MAX_PIXELS))
      return `${what} is ${mp(area)}; the most we process is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
    const frames = picture.frames ?? 1;
    if (frames > 1 && frames * area > IMAGE_SERVICE_MAX_ANIMATION_PIXELS) {
      return `${what} is an animation of ${frames} frames, ${mp(frames * area)} in all; the image service works on animations of at most ${IMAGE_SERVICE_MAX_ANIMATION_PIXELS / 1_000_000} megapixels in all frames together. Please save its first frame as a still picture and try again.`;
    }
    const side = sideProblem(what, picture, picture.format);
    if (side) return side;
  }
  const sizes = job.steps.reduce<SizeOf[]>(
    (all, step) => [...all, sizeAfterStep(all[all.length - 1] ?? job.input, step)],
    [],
  );
  if (job.result) sizes.push(job.result);
  const tooMany = sizes.find((s) => s.width * s.height > MAX_IMAGE_PIXELS);
  if (tooMany)
    return `The result would be ${mp(tooMany.width * tooMany.height)}; the most we make is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
  return sideProblem('The result', sizes[sizes.length - 1] ?? job.input, job.output);
}

/** When the free monthly allowance comes back: the start of the next calendar month, UTC (see ADR 0116). */
export function allowanceRenewsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
