/** The image formats the API recognises, without zod, so browser code can use them. */

/** Formats the API recognises from the bytes (never from the client's type or file name). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'avif', 'heic'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heic: 'image/heic',
};

/** File extension used for download names. */
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  bmp: 'bmp',
  tiff: 'tif',
  avif: 'avif',
  heic: 'heic',
};

/** How each format is named in messages. */
export const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
  avif: 'AVIF',
  heic: 'HEIC',
};

/**
 * The formats every route takes in (upload, every tool, metadata analysis, privacy, the AI routes, saved memes):
 * the one list that intake checks and every message names. A format joins it once every tool reads it. HEIC is read
 * by the image service only, AVIF by the isolate only (ADR 0132).
 */
export const ACCEPTED_FORMATS = [
  'jpeg',
  'png',
  'webp',
  'gif',
  'bmp',
  'tiff',
  'avif',
  'heic',
] as const satisfies readonly ImageFormat[];
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

export const isAcceptedFormat = (format: ImageFormat): format is AcceptedFormat =>
  (ACCEPTED_FORMATS as readonly ImageFormat[]).includes(format);

/** The format of a picture that came through intake, which refuses every other: says so to the type checker. */
export function acceptedFormat(format: ImageFormat): AcceptedFormat {
  if (!isAcceptedFormat(format)) throw new Error(`A ${format} picture got past intake.`);
  return format;
}

/** "A, B or C". */
export const listOf = (names: readonly string[], last = 'or') =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1]}`;

/** "JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC": the accepted formats, as messages and hints name them. */
export const ACCEPTED_FORMATS_TEXT = listOf(ACCEPTED_FORMATS.map((f) => FORMAT_NAMES[f]));

/**
 * The file pickers' `accept`: every image, and HEIC/HEIF/AVIF by name too, since a system that has no type
 * registered for them (Windows without the HEIF extension, some Linux desktops) hides them under `image/*`.
 */
export const IMAGE_INPUT_ACCEPT = 'image/*,.heic,.heif,.avif';
