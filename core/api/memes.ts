import { z } from './zod';
import { imageUrlSchema } from './image-url';
import { EXPORT_FORMATS } from '../editor';
import { MAX_CANVAS_DATA_CHARS } from '../limits';

// Zod-free for the editor and the dashboard's screens (ADR 0195): core/editor.ts and core/messages.ts.
export { EXPORT_FORMATS, type ExportFormat } from '../editor';
export { INVALID_ACCESS_CODE_MESSAGE, PREMIUM_REQUIRED_MESSAGE } from '../messages';

export { MAX_CANVAS_DATA_CHARS };

export const downloadMemeRequestSchema = z.object({
  canvasData: z
    .string()
    .min(1, 'The canvas data must be a base64 image data URL.')
    .max(MAX_CANVAS_DATA_CHARS, 'The meme is too large to download.'),
  filename: z.string().trim().min(1).max(120).optional(),
  format: z.enum(EXPORT_FORMATS),
});

export const downloadMemeResponseSchema = z.object({
  isPremium: z.boolean(),
  /** Same-origin URL that answers the file with Content-Disposition: attachment. */
  downloadUrl: z.string(),
});
export type DownloadMemeResponse = z.infer<typeof downloadMemeResponseSchema>;

export const savedMemeSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: imageUrlSchema,
  format: z.string(),
  fileSize: z.number().int().nonnegative(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type SavedMeme = z.infer<typeof savedMemeSchema>;

export const userMemesResponseSchema = z.object({ memes: z.array(savedMemeSchema) });

export const sessionRequestSchema = z.object({ accessCode: z.string().min(1).max(200) });
export const sessionResponseSchema = z.object({
  premium: z.boolean(),
  /** ISO 8601 date the member first unlocked premium, or null. */
  since: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionResponseSchema>;
