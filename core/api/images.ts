import { z } from './zod';

/** Formats the API recognises from the bytes (never from the client's type or file name). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const uploadResponseSchema = z.object({
  /** Same-origin URL of the stored image, `/api/images/{id}`; it expires at `expiresAt`. */
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(IMAGE_FORMATS),
  size: z.number().int().nonnegative(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

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

export const UPLOAD_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 10MB.';
export const UNSUPPORTED_IMAGE_MESSAGE = 'Please upload an image file (JPG, PNG, WEBP)';
export const MISSING_IMAGE_MESSAGE = 'Please choose an image to upload.';

/** The multipart body of POST /api/upload (the size and the bytes are checked by the server, not here). */
export const uploadFormSchema = z.object({
  image: z.instanceof(File, { error: MISSING_IMAGE_MESSAGE }).refine((f) => f.size > 0, MISSING_IMAGE_MESSAGE),
});

/**
 * Opaque image ids: `t{expiry bucket, base 36}-{32 hex}` for images that expire, `k-{32 hex}` for kept (saved) ones.
 * 128 random bits make them unguessable; the bucket lets the server answer 410 without a lookup.
 */
export const imageIdSchema = z.string().regex(/^(?:t[0-9a-z]{1,12}|k)-[0-9a-f]{32}$/);

export const imageQuerySchema = z.object({
  /** Ask for `Content-Disposition: attachment` with this file name (sanitised by the server). */
  download: z.string().max(300).optional(),
});
