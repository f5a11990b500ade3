import { z } from './zod';

export { IMAGE_EXTENSIONS, IMAGE_FORMATS, IMAGE_MIME_TYPES, type ImageFormat } from '../images/kinds';
export { EMPTY_FILE_MESSAGE, MISSING_IMAGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../messages';
import { IMAGE_ID_PATTERN } from '../images/address';
import { ACCEPTED_FORMATS } from '../images/kinds';
import { EMPTY_FILE_MESSAGE, MISSING_IMAGE_MESSAGE } from '../messages';

export const uploadResponseSchema = z.object({
  /** Same-origin URL of the stored image, `/api/images/{id}`; it expires at `expiresAt`. */
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Only a format we accept is ever stored (AVIF is recognised, to be named in a refusal, but not taken yet). */
  format: z.enum(ACCEPTED_FORMATS),
  size: z.number().int().nonnegative(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** The multipart body of POST /api/upload (the size and the bytes are checked by the server, not here). */
export const uploadFormSchema = z.object({
  image: z.instanceof(File, { error: MISSING_IMAGE_MESSAGE }).refine((f) => f.size > 0, EMPTY_FILE_MESSAGE),
});

/**
 * Opaque image ids: `t{expiry bucket, base 36}-{32 hex}` for images that expire, `k-{32 hex}` for kept (saved) ones.
 * 128 random bits make them unguessable; the bucket lets the server answer 410 without a lookup.
 */
export const imageIdSchema = z.string().regex(IMAGE_ID_PATTERN);

export const imageQuerySchema = z.object({
  /** Ask for `Content-Disposition: attachment` with this file name (sanitised by the server). */
  download: z.string().max(300, 'The download name is too long.').optional(),
});
