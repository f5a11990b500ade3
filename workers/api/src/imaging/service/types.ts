/**
 * The image service: pixel work on pictures of any accepted size (≤ 50 MP) outside the isolate's WASM memory.
 * Chosen by `IMAGE_SERVICE`, like the AI provider: `cloudflare` is the Images binding (production), `local` is the
 * Node service in `local-images/` (sharp/libvips on loopback, started by `npm start`). Both implement exactly this
 * contract, and one contract suite (`workers/api/test/engine/image-service.contract.test.ts`) runs the same cases against
 * every implementation that can run here.
 *
 * Semantics every implementation honours:
 * - The input's EXIF orientation is applied first, always: every step works on the upright picture, and every
 *   coordinate is in the upright picture.
 * - Steps run in the order given, each on the previous step's result.
 * - Overlays are drawn after every step, in order, at `left`/`top` of the result, alpha-blended, times `opacity`.
 * - The output carries no metadata (EXIF, XMP, IPTC, comments). Colours look as they did: a non-sRGB RGB colour
 *   profile is taken off the input and its overlays before the call and put back on the JPEG, PNG or WebP after it
 *   (profile.ts, ADR 0126), so every implementation works on the file's own pixel values, raw output included, as the
 *   isolate does. What an implementation would do with a profile (libvips converts to sRGB) does not matter.
 * - Before any work, the job is held against the Images binding's documented limits (`core/image-service.ts`: 12,000
 *   px a side for JPEG, PNG and GIF, WebP's own 16,383, file size, animations, our 50 MP): a job over one is
 *   `ImageServiceError` 413 with the same words from every implementation, so offline answers as production does.
 * - An input the service cannot read is 422. A service that cannot be reached, or is over its allowance, is 503;
 *   one that fails is 502.
 * - Each `run` is one call of the service: with the Images binding, one billed transformation (ADR 0116). An
 *   operation makes at most IMAGE_SERVICE_MAX_CALLS_PER_OPERATION of them on one picture.
 */
export type ServiceFit =
  /** Scale to fill the box exactly, cropping what overflows (centred). */
  | 'cover'
  /** Scale to fit inside the box, then pad to the box with `background`. */
  | 'contain'
  /** Scale to the box exactly, ignoring the aspect ratio. */
  | 'stretch'
  /** Scale (up or down) to the largest size inside the box with the aspect ratio kept; no padding. */
  | 'inside';

export type ServiceStep =
  | { op: 'crop'; left: number; top: number; width: number; height: number }
  | {
      op: 'resize';
      width: number;
      height: number;
      fit: ServiceFit /** `#rrggbb`, for `contain` (default white). */;
      background?: string;
    }
  | { op: 'rotate'; angle: 90 | 180 | 270 }
  | { op: 'flip'; axis: 'h' | 'v' }
  /** Gaussian-like blur; `radius` in pixels of the picture at this step (1–250, the Images binding's range). */
  | { op: 'blur'; radius: number };

export interface ServiceOverlay {
  /** A PNG (or any readable image), drawn at its own size (after `steps`). */
  image: Uint8Array;
  /**
   * Steps applied to the overlay's own image before it is drawn, in its upright coordinates (the binding's child
   * transformer; no call of its own): e.g. one region cut from a blurred copy.
   */
  steps?: readonly ServiceStep[];
  left: number;
  top: number;
  /** 0–1, multiplied with the overlay's own alpha. */
  opacity: number;
}

/** What the service writes. AVIF only by the service, never the isolate, at most 1,200 px a side (ADR 0132). */
export type ServiceFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ServiceOutput {
  /** `rgba`: raw 8-bit RGBA pixels, row by row, no header (for small proxies the engine analyses itself). */
  format: ServiceFormat | 'rgba' | 'gif';
  /** 1–100, for JPEG, WebP and AVIF; the implementation must apply it exactly. */
  quality?: number;
  /**
   * `rgba` only: just these rectangles of the result, each row by row, one after another (the result's `width` and
   * `height` stay the whole picture's). Full-resolution samples of a large photo without its pixels in the isolate.
   */
  regions?: readonly Region[];
  /**
   * Keep every frame of an animated input (GIF or WebP output, ADR 0137): the steps apply to each frame, and the
   * frame count, delays and loop count are kept. Without it an animation is read as its first frame.
   */
  animated?: boolean;
}

export interface ServiceJob {
  input: Uint8Array;
  steps: readonly ServiceStep[];
  overlays?: readonly ServiceOverlay[];
  output: ServiceOutput;
}

export interface ServiceResult {
  bytes: Uint8Array;
  width: number;
  height: number;
  format: ServiceFormat | 'rgba' | 'gif';
}

export interface ImageService {
  readonly name: 'cloudflare' | 'local';
  run(job: ServiceJob): Promise<ServiceResult>;
}

/** Why a job failed, for the answer's status and code; `message` is for the person who sees it. */
export type ImageServiceStatus = 413 | 415 | 422 | 502 | 503;

export class ImageServiceError extends Error {
  constructor(
    readonly status: ImageServiceStatus,
    message: string,
    readonly detail: {
      /** The service has used its monthly allowance of transformations (the binding's 9422). */
      overAllowance?: boolean;
      /** Seconds until trying again makes sense. */
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ImageServiceError';
  }
}
