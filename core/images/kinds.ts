/** The image formats the API recognises, without zod, so browser code can use them. */

/** Formats the API recognises from the bytes (never from the client's type or file name). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  avif: 'image/avif',
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
};

