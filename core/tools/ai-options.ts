/**
 * The Optimize tab's AI operations: upscale and background removal (one unit of the daily allowance each).
 * Their results are bounded (ADR 0114): at most AI_OUTPUT_MAX_PIXELS and AI_OUTPUT_MAX_SIDE, written as JPEG or
 * WebP unless PNG is asked for, and streamed to storage rather than held whole in the Worker.
 */
// Zod-free, so the tool screens import no zod; ai.ts re-exports this beside its schema (ADR 0195).
import { IMAGE_SERVICE_MAX_SIDE } from '../image-service';
import { EDIT_QUALITY } from './output';
export const UPSCALE_FACTORS = [2, 3, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/**
 * The largest AI result: 16 MP (a 4 MP photo at 2×, its PNG at most 64 MB) and 12,000 px a side, the Images
 * binding's limit for JPEG and PNG (core/image-service.ts).
 */
export const AI_OUTPUT_MAX_PIXELS = 16_000_000;
export const AI_OUTPUT_MAX_SIDE = IMAGE_SERVICE_MAX_SIDE;

/** `auto` writes a JPEG photo as JPEG and anything else as WebP (which keeps transparency). */
export const AI_OUTPUT_FORMATS = ['auto', 'jpeg', 'webp', 'png'] as const;
export type AiOutputChoice = (typeof AI_OUTPUT_FORMATS)[number];
export type AiOutputFormat = Exclude<AiOutputChoice, 'auto'>;
export const AI_OUTPUT_FORMAT_LABELS: Record<AiOutputChoice, string> = {
  auto: 'Auto (JPEG or WebP)',
  jpeg: 'JPEG',
  webp: 'WebP',
  png: 'PNG',
};
/** Background removal makes transparency, which JPEG cannot hold. */
export const BACKGROUND_OUTPUT_FORMATS = ['auto', 'webp', 'png'] as const satisfies readonly AiOutputChoice[];

export type AiOperation = 'upscale' | 'remove-background';

/**
 * What every AI provider reads (the Images binding's AI features and local-ai/): a picture of another format (HEIC,
 * AVIF) is sent as a JPEG the size of the picture, made by the path that reads it (ADR 0132).
 */
export const AI_INPUT_FORMATS: readonly string[] = ['jpeg', 'png', 'webp', 'gif'];
/** The JPEG quality of that copy: high, since the model's result is the picture the person keeps. */
export const AI_INPUT_JPEG_QUALITY = 92;
/**
 * The largest picture sent to an AI provider, the offline service's body limit (local-ai/server.ts): an upload of
 * at most MAX_UPLOAD_BYTES passes as it is, and a 12 MP photo's JPEG copy fits (its PNG would not).
 */
export const AI_INPUT_MAX_BYTES = 12 * 1024 * 1024;

/** The container and quality an AI result is written in. */
export interface AiOutput {
  format: AiOutputFormat;
  /** JPEG and WebP only. */
  quality?: number;
}

/** What `auto` and an explicit choice resolve to for a picture of `inputFormat`. */
export function aiOutput(operation: AiOperation, choice: AiOutputChoice, inputFormat: string): AiOutput {
  const format: AiOutputFormat =
    choice !== 'auto' ? choice : operation === 'upscale' && inputFormat === 'jpeg' ? 'jpeg' : 'webp';
  return format === 'png' ? { format } : { format, quality: EDIT_QUALITY };
}

const mp = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;
const fits = (width: number, height: number) =>
  width * height <= AI_OUTPUT_MAX_PIXELS && Math.max(width, height) <= AI_OUTPUT_MAX_SIDE;

/** The upscale factors whose result fits the AI limits for a picture of this size (none for a 12 MP photo). */
export function upscaleFactorsFor(picture: { width: number; height: number }): UpscaleFactor[] {
  return UPSCALE_FACTORS.filter((f) => fits(picture.width * f, picture.height * f));
}

/** The largest picture of this shape the lowest factor can upscale: its result just within the AI limits. */
export function largestUpscalable(picture: { width: number; height: number }): { width: number; height: number } {
  const f = UPSCALE_FACTORS[0];
  const scale = Math.min(
    Math.sqrt(AI_OUTPUT_MAX_PIXELS / (f * f) / (picture.width * picture.height)),
    AI_OUTPUT_MAX_SIDE / f / Math.max(picture.width, picture.height),
  );
  return {
    width: Math.max(1, Math.floor(picture.width * scale)),
    height: Math.max(1, Math.floor(picture.height * scale)),
  };
}

/** Null when the result fits the limits, else what to tell the person (said before any AI work is done). */
export function aiOutputProblem(
  operation: AiOperation,
  factor: UpscaleFactor,
  picture: { width: number; height: number },
): string | null {
  const scale = operation === 'upscale' ? factor : 1;
  const width = picture.width * scale;
  const height = picture.height * scale;
  const what =
    operation === 'upscale'
      ? `A ${factor}× upscale of this picture would be ${width} × ${height} pixels (${mp(width * height)})`
      : `This picture is ${width} × ${height} pixels (${mp(width * height)})`;
  const limit = `the largest AI result we make is ${AI_OUTPUT_MAX_PIXELS / 1_000_000} megapixels and ${AI_OUTPUT_MAX_SIDE.toLocaleString('en-US')} pixels a side`;
  if (fits(width, height)) return null;
  if (operation === 'remove-background')
    return `${what}; ${limit}. Please resize the picture first (Modify → Resize), then try again.`;
  // Only a factor that works is suggested: none at all for a picture too large even for the lowest.
  const factors = upscaleFactorsFor(picture);
  if (factors.length === 0) {
    const largest = largestUpscalable(picture);
    return (
      `${what}; ${limit}. This picture is too large to upscale: even ${UPSCALE_FACTORS[0]}×, the lowest factor, is too much. ` +
      `The largest picture of this shape we upscale is ${largest.width} × ${largest.height} pixels: please resize it to that first (Modify → Resize).`
    );
  }
  return `${what}; ${limit}. Please choose ${factors.map((f) => `${f}×`).join(' or ')}, or a smaller picture.`;
}

/**
 * A background removal whose result is nearly all transparent (less than SUBJECT_MIN_SHARE opaque, the blur's bound):
 * the model found no subject. The screen checks the result it loads (app/features/tools/cutout-share.ts) and says so
 * instead of "removed successfully"; the call was made, so the unit is spent, and the words say that too.
 */
export const NO_SUBJECT_CUTOUT = {
  title: 'No subject found',
  text:
    'No subject was found in this photo, so the result is fully transparent. Background removal keeps a person, an ' +
    'animal or an object in front of its background: try a photo with one. This attempt counted against your allowance.',
} as const;
