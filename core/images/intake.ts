import { EMPTY_FILE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../messages';
import { AVIF_MAX_SIDE, IMAGE_SERVICE_MAX_ANIMATION_PIXELS, IMAGE_SERVICE_MAX_SIDE } from '../image-service';
import { animationLimitProblem, frameOutsideProblem, STILL_FIRST_FRAME_ADVICE } from '../animation/frames';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '../limits';
import { FORMAT_NAMES, isAcceptedFormat, type ImageFormat } from './kinds';
import { sniffImage, type ImageInfo, type SniffResult } from './sniff';

/**
 * One notion of "a file we accept", shared by the browser (checked before anything is sent or any "uploaded" toast)
 * and the Worker (the authority, which checks the bytes again, and decodes them: workers/api/src/imaging/intake/intake.ts):
 * not empty, within the size limit, an image by its bytes (never the name or the browser's type) in a format of
 * ACCEPTED_FORMATS, structurally sound, within the pixel budget, and of a size every tool can work on
 * (`pictureProblem`). Same words on both, and on every route (ADR 0012).
 */
export interface IntakeProblem {
  status: 400 | 413 | 415 | 422;
  code: 'validation_failed' | 'payload_too_large' | 'unsupported_media_type' | 'unprocessable_image';
  /** A short toast title. */
  title: string;
  /** The sentence the server answers and the screen shows. */
  message: string;
}

export { EMPTY_FILE_MESSAGE };
export const DAMAGED_IMAGE_MESSAGE = 'This image file is damaged or incomplete. Please try a different image.';
/** "This JPEG is damaged or incomplete (no marker after the start-of-image marker). Please try a different image." */
export const damagedImageMessage = (format: ImageFormat | undefined, detail: string) =>
  format
    ? `This ${FORMAT_NAMES[format]} is damaged or incomplete (${detail}). Please try a different image.`
    : DAMAGED_IMAGE_MESSAGE;
/** A sound structure whose pixels the engine's decoder cannot read: damaged data, or a variant (arithmetic-coded JPEG). */
export const undecodableMessage = (format: ImageFormat) =>
  `This ${FORMAT_NAMES[format]} could not be decoded: its picture data is damaged or uses a variant we cannot read. Please convert it to a standard JPEG or PNG, or try a different image.`;
/** "This JPEG is a variant browsers cannot show (12-bit JPEG). Please convert it to a standard JPEG or PNG." */
export const variantImageMessage = (format: ImageFormat | undefined, detail: string) =>
  `This ${format ? FORMAT_NAMES[format] : 'image'} is a variant browsers cannot show (${detail}). Please convert it to a standard JPEG or PNG.`;
export const tooManyPixelsMessage = (maxPixels: number) =>
  `This image has too many pixels. Please upload an image under ${Math.floor(maxPixels / 1_000_000)} megapixels.`;

export const EMPTY_FILE: IntakeProblem = {
  status: 400,
  code: 'validation_failed',
  title: 'Empty file',
  message: EMPTY_FILE_MESSAGE,
};
export const TOO_LARGE_FILE: IntakeProblem = {
  status: 413,
  code: 'payload_too_large',
  title: 'File too large',
  message: UPLOAD_TOO_LARGE_MESSAGE,
};
export const NOT_AN_IMAGE: IntakeProblem = {
  status: 415,
  code: 'unsupported_media_type',
  title: 'Invalid file type',
  message: UNSUPPORTED_IMAGE_MESSAGE,
};
/** A kind of file we recognise but do not take, named ("JPEG XL pictures", "SVG drawings"): its own reason, not "not an image". */
const notAccepted = (what: string): IntakeProblem => ({
  status: 415,
  code: 'unsupported_media_type',
  title: 'Unsupported format',
  message: `${what} are not accepted yet. ${UNSUPPORTED_IMAGE_MESSAGE}`,
});

/** Why sniffing refused the bytes, in the words both sides use. */
export function sniffProblem(result: Extract<SniffResult, { ok: false }>, maxPixels = MAX_IMAGE_PIXELS): IntakeProblem {
  switch (result.problem) {
    case 'unknown_format':
      return result.foreign ? notAccepted(result.foreign) : NOT_AN_IMAGE;
    case 'too_many_pixels':
      return {
        status: 413,
        code: 'payload_too_large',
        title: 'Image too large',
        message: tooManyPixelsMessage(maxPixels),
      };
    case 'unsupported':
      return {
        status: 422,
        code: 'unprocessable_image',
        title: 'Unsupported image',
        message: variantImageMessage(result.format, result.detail),
      };
    case 'corrupt':
      return {
        status: 422,
        code: 'unprocessable_image',
        title: 'Damaged image',
        message: damagedImageMessage(result.format, result.detail),
      };
  }
}

/**
 * The longest side any route takes: the image service's (core/image-service.ts), which works on every picture too
 * large for the isolate. A longer picture (a 193 × 31,237 scan) could be stored but no tool could work on it.
 */
export const MAX_IMAGE_SIDE = IMAGE_SERVICE_MAX_SIDE;
/** Formats only the isolate decodes: the image service reads neither (workers/api/src/imaging/pipeline/format.ts). */
export const ISOLATE_ONLY_FORMATS: readonly ImageFormat[] = ['bmp', 'tiff'];
/**
 * How large a BMP or TIFF is taken: the smallest in-isolate budget of an operation that keeps the format (resize's
 * time slice, workers/api/src/imaging/slices.ts), so every tool works on it. The Worker tests hold it within the
 * engine's budgets.
 */
export const ISOLATE_ONLY_MAX_PIXELS = 1_900_000;
/**
 * From this size on, some tool sends a picture to the image service (the smallest in-isolate budget: a JPEG written
 * at the highest quality, workers/api/src/imaging/slices.ts), whose limit on all frames of an animation together
 * then applies. The Worker tests hold it within the engine's budgets.
 */
export const SERVICE_FROM_PIXELS = 200_000;

const px = (n: number) => n.toLocaleString('en-US');
const mp = (pixels: number) => `${Math.floor(pixels / 100_000) / 10} megapixels`;
const tooLarge = (message: string): IntakeProblem => ({
  status: 413,
  code: 'payload_too_large',
  title: 'Image too large',
  message,
});

export interface PictureRule {
  /**
   * Every frame of an animation will be used (the upload: the editor plays and exports all of them), so the tools'
   * animation limits (core/animation/frames.ts) apply now. The tool routes leave it off: there `frames=first` still
   * works on an animation over them, and `frames=all` is refused where the engine would read every frame (ADR 0137).
   */
  everyFrame?: boolean;
}

/** Why a sound picture is still refused: a format not accepted yet, or a size some tool could not work on. */
export function pictureProblem(
  info: Pick<ImageInfo, 'format' | 'width' | 'height' | 'frames' | 'animated' | 'frameOutside'>,
  { everyFrame = false }: PictureRule = {},
): IntakeProblem | null {
  const name = FORMAT_NAMES[info.format];
  if (!isAcceptedFormat(info.format)) return notAccepted(`${name} pictures`);
  // Frames are counted as decoded: each at its own size, so every one must lie inside the picture (ADR 0151).
  const outside = frameOutsideProblem(info);
  if (outside)
    return { status: 422, code: 'unprocessable_image', title: 'Frames outside the picture', message: outside };
  const area = info.width * info.height;
  if (Math.max(info.width, info.height) > MAX_IMAGE_SIDE) {
    return tooLarge(
      `This picture is ${px(info.width)} × ${px(info.height)} pixels; we take pictures of at most ${px(MAX_IMAGE_SIDE)} pixels a side. Please crop or resize it and try again.`,
    );
  }
  // Only the isolate reads AVIF (the Images binding on Enterprise plans only), in one call of its decoder (ADR 0132).
  if (info.format === 'avif' && Math.max(info.width, info.height) > AVIF_MAX_SIDE) {
    return tooLarge(
      `AVIF pictures are taken up to ${px(AVIF_MAX_SIDE)} pixels a side; this one is ${px(info.width)} × ${px(info.height)}. Please save it as JPEG or PNG (or make it smaller) and try again.`,
    );
  }
  if (ISOLATE_ONLY_FORMATS.includes(info.format) && area > ISOLATE_ONLY_MAX_PIXELS) {
    return tooLarge(
      `${name} pictures are taken up to ${mp(ISOLATE_ONLY_MAX_PIXELS)}; this one is ${mp(area)}. Please save it as JPEG or PNG (or make it smaller) and try again.`,
    );
  }
  const frames = info.frames ?? 1;
  if (frames > 1 && area > SERVICE_FROM_PIXELS && frames * area > IMAGE_SERVICE_MAX_ANIMATION_PIXELS) {
    return tooLarge(
      `This ${name} is an animation of ${frames} frames, ${mp(frames * area)} in all; we take animations of this size of at most ${IMAGE_SERVICE_MAX_ANIMATION_PIXELS / 1_000_000} megapixels in all frames together. Please save its first frame as a still picture and try again.`,
    );
  }
  const overLimits =
    everyFrame && frames > 1 ? animationLimitProblem({ ...info, frames }, STILL_FIRST_FRAME_ADVICE) : null;
  if (overLimits) return { ...tooLarge(overLimits), title: 'Animation too large' };
  return null;
}

export type IntakeResult = { ok: true; info: ImageInfo } | { ok: false; problem: IntakeProblem };

/** The size checks, which need only the length: run first, so a 200 MB file is never read. */
export function checkFileSize(size: number, maxBytes = MAX_UPLOAD_BYTES): IntakeProblem | null {
  if (size === 0) return EMPTY_FILE;
  if (size > maxBytes) return TOO_LARGE_FILE;
  return null;
}

/** The whole rule on a file's bytes. */
export function checkImageBytes(
  bytes: Uint8Array,
  { maxBytes = MAX_UPLOAD_BYTES, maxPixels = MAX_IMAGE_PIXELS, everyFrame = false } = {},
): IntakeResult {
  const sizeProblem = checkFileSize(bytes.length, maxBytes);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  const sniffed = sniffImage(bytes, { maxPixels });
  if (!sniffed.ok) return { ok: false, problem: sniffProblem(sniffed, maxPixels) };
  const problem = pictureProblem(sniffed.info, { everyFrame });
  return problem ? { ok: false, problem } : { ok: true, info: sniffed.info };
}
