import { EMPTY_FILE_MESSAGE, MISSING_IMAGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../messages';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '../limits';
import type { ImageFormat } from './kinds';
import { sniffImage, type ImageInfo, type SniffResult } from './sniff';

/**
 * One notion of "a file we accept", shared by the browser (checked before anything is sent or any "uploaded" toast)
 * and the Worker (the authority, which checks the bytes again): not empty, within the size limit, an image by its
 * bytes (never the name or the browser's type), structurally sound, within the pixel budget. Same words on both.
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
const FORMAT_NAMES: Record<ImageFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF', bmp: 'BMP', tiff: 'TIFF', avif: 'AVIF' };
/** "This JPEG is damaged or incomplete (no marker after the start-of-image marker). Please try a different image." */
export const damagedImageMessage = (format: ImageFormat | undefined, detail: string) =>
  format ? `This ${FORMAT_NAMES[format]} is damaged or incomplete (${detail}). Please try a different image.` : DAMAGED_IMAGE_MESSAGE;
/** A sound structure whose pixels the engine's decoder cannot read: damaged data, or a variant (arithmetic-coded JPEG). */
export const undecodableMessage = (format: ImageFormat) =>
  `This ${FORMAT_NAMES[format]} could not be decoded: its picture data is damaged or uses a variant we cannot read. Please convert it to a standard JPG or PNG, or try a different image.`;
export const VARIANT_IMAGE_MESSAGE = 'This image uses a format variant browsers cannot show. Please convert it to a standard JPG or PNG.';
export const tooManyPixelsMessage = (maxPixels: number) =>
  `This image has too many pixels. Please upload an image under ${Math.floor(maxPixels / 1_000_000)} megapixels.`;

export const EMPTY_FILE: IntakeProblem = { status: 400, code: 'validation_failed', title: 'Empty file', message: EMPTY_FILE_MESSAGE };
export const TOO_LARGE_FILE: IntakeProblem = { status: 413, code: 'payload_too_large', title: 'File too large', message: UPLOAD_TOO_LARGE_MESSAGE };
export const NOT_AN_IMAGE: IntakeProblem = { status: 415, code: 'unsupported_media_type', title: 'Invalid file type', message: UNSUPPORTED_IMAGE_MESSAGE };
export const NO_FILE: IntakeProblem = { status: 400, code: 'validation_failed', title: 'No file', message: MISSING_IMAGE_MESSAGE };

/** Why sniffing refused the bytes, in the words both sides use. */
export function sniffProblem(result: Extract<SniffResult, { ok: false }>, maxPixels = MAX_IMAGE_PIXELS): IntakeProblem {
  switch (result.problem) {
    case 'unknown_format':
      return NOT_AN_IMAGE;
    case 'too_many_pixels':
      return { status: 413, code: 'payload_too_large', title: 'Image too large', message: tooManyPixelsMessage(maxPixels) };
    case 'unsupported':
      return { status: 422, code: 'unprocessable_image', title: 'Unsupported image', message: VARIANT_IMAGE_MESSAGE };
    case 'corrupt':
      return { status: 422, code: 'unprocessable_image', title: 'Damaged image', message: damagedImageMessage(result.format, result.detail) };
  }
}

export type IntakeResult = { ok: true; info: ImageInfo } | { ok: false; problem: IntakeProblem };

/** The size checks, which need only the length: run first, so a 200 MB file is never read. */
export function checkFileSize(size: number, maxBytes = MAX_UPLOAD_BYTES): IntakeProblem | null {
  if (size === 0) return EMPTY_FILE;
  if (size > maxBytes) return TOO_LARGE_FILE;
  return null;
}

/** The whole rule on a file's bytes. */
export function checkImageBytes(bytes: Uint8Array, { maxBytes = MAX_UPLOAD_BYTES, maxPixels = MAX_IMAGE_PIXELS } = {}): IntakeResult {
  const sizeProblem = checkFileSize(bytes.length, maxBytes);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  const sniffed = sniffImage(bytes, { maxPixels });
  return sniffed.ok ? { ok: true, info: sniffed.info } : { ok: false, problem: sniffProblem(sniffed, maxPixels) };
}
