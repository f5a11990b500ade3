/**
 * The image service: pixel work on pictures of any accepted size (≤ 50 MP) outside the isolate's WASM memory.
 * Chosen by `IMAGE_SERVICE`, like the AI provider: `cloudflare` is the Images binding (production), `local` is the
 * Node service in `local-images/` (sharp/libvips on loopback, started by `npm start`). Both implement exactly this
 * contract, and one contract suite (`workers/api/test/image-service.contract.test.ts`) runs the same cases against
 * every implementation that can run here.
 *
 * Semantics every implementation honours:
 * - The input's EXIF orientation is applied first, always: every step works on the upright picture, and every
 *   coordinate is in the upright picture.
 * - Steps run in the order given, each on the previous step's result.
 * - Overlays are drawn after every step, in order, at `left`/`top` of the result, alpha-blended, times `opacity`.
 * - The output carries no metadata (EXIF, XMP, IPTC, comments). Colours look as they did: an implementation either
 *   keeps the ICC colour profile or converts the pixels to sRGB (then writes none).
 * - An input the service cannot read is `ImageServiceError` with status 422. An input, or the result of any step,
 *   over 50 megapixels (`MAX_IMAGE_PIXELS`) is 413, and so is a WebP output over `WEBP_MAX_SIDE` on a side (the
 *   format's own limit). A service that cannot be reached is 503.
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
  | { op: 'resize'; width: number; height: number; fit: ServiceFit; /** `#rrggbb`, for `contain` (default white). */ background?: string }
  | { op: 'rotate'; angle: 90 | 180 | 270 }
  | { op: 'flip'; axis: 'h' | 'v' }
  /** Gaussian-like blur; `radius` in pixels of the picture at this step (1–250, the Images binding's range). */
  | { op: 'blur'; radius: number };

export interface ServiceOverlay {
  /** A PNG (or any readable image), drawn at its own size. */
  image: Uint8Array;
  left: number;
  top: number;
  /** 0–1, multiplied with the overlay's own alpha. */
  opacity: number;
}

export type ServiceFormat = 'jpeg' | 'png' | 'webp';

/** The most pixels a WebP can have on a side: a 50 MP panorama can be wider. */
export const WEBP_MAX_SIDE = 16_383;

export interface ServiceOutput {
  /** `rgba`: raw 8-bit RGBA pixels, row by row, no header (for small proxies the engine analyses itself). */
  format: ServiceFormat | 'rgba';
  /** 1–100, for JPEG and WebP; the implementation must apply it exactly. */
  quality?: number;
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
  format: ServiceFormat | 'rgba';
}

export interface ImageService {
  readonly name: 'cloudflare' | 'local';
  run(job: ServiceJob): Promise<ServiceResult>;
}

export class ImageServiceError extends Error {
  constructor(
    readonly status: 413 | 422 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'ImageServiceError';
  }
}
