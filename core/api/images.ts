import { z } from 'zod';

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
