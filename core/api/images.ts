import { z } from './zod';
import { imageUrlSchema } from './image-url';
import { SOURCE_DEADLINE_MS, SOURCE_MAX_REDIRECTS, SOURCE_URL_MAX_CHARS } from '../limits';

export { IMAGE_EXTENSIONS, IMAGE_FORMATS, IMAGE_MIME_TYPES, type ImageFormat } from '../images/kinds';
export {
  EMPTY_FILE_MESSAGE,
  MISSING_IMAGE_MESSAGE,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '../messages';
import { IMAGE_ID_PATTERN } from '../images/address';
import { ACCEPTED_FORMATS } from '../images/kinds';
import { EMPTY_FILE_MESSAGE, MISSING_IMAGE_MESSAGE } from '../messages';

export const uploadResponseSchema = z.object({
  /** The stored image's absolute address (`https://{site}/api/images/{id}`); it expires at `expiresAt`. */
  imageUrl: imageUrlSchema,
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
 * `url` instead of the `image` file, on every route that takes a picture (ADR 0131): the picture's public http(s)
 * address, which the server fetches. The address rules (no credentials, no private or local host) and the fetch's
 * limits are the server's, in words in its answers.
 */
export const sourceUrlSchema = z
  .string()
  .min(1)
  .max(SOURCE_URL_MAX_CHARS, `The url is longer than ${SOURCE_URL_MAX_CHARS} characters.`)
  .describe(
    `Instead of \`image\`: the picture's public http(s) address (at most ${SOURCE_URL_MAX_CHARS} characters), which the server fetches within ${SOURCE_DEADLINE_MS / 1000} s, following at most ${SOURCE_MAX_REDIRECTS} redirects. Send exactly one of \`image\` and \`url\`. No credentials in it, and no private, local or reserved address (each redirect is checked too); the bytes are held to the upload's limit and their format is read from them, not from the answer's Content-Type.`,
  );

/** Neither a file nor an address, or both: the server's words (the browser always sends a file). */
export const MISSING_SOURCE_MESSAGE = 'Please choose an image to upload, or send its address as url.';
export const BOTH_SOURCES_MESSAGE = 'Send the picture either as the image file or as a url, not both.';

/**
 * Opaque image ids: `t{expiry bucket, base 36}-{32 hex}` for images that expire, `k-{32 hex}` for kept (saved) ones.
 * 128 random bits make them unguessable; the bucket lets the server answer 410 without a lookup.
 */
export const imageIdSchema = z.string().regex(IMAGE_ID_PATTERN);

export const imageQuerySchema = z.object({
  /** Ask for `Content-Disposition: attachment` with this file name (sanitised by the server). */
  download: z.string().max(300, 'The download name is too long.').optional(),
});
