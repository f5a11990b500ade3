/**
 * Share links (ADR 0139): a meme the editor drew, kept under its own id and served at `/m/{id}`. Free shares live
 * SHARE_FREE_DAYS days, a premium member's until deleted; the creator deletes with the token the create call answers.
 */
import { z } from './zod';
import { MEME_LINE_MAX_CHARS, MEME_MAX_LINES } from '../tools/meme';
import { SHARE_MAX_BYTES, SHARE_MAX_SIDE } from '../limits';
import { withoutHiddenControls } from '../text';
import { SHARE_ID_PATTERN } from './share-links';

export * from './share-links';

export { SHARE_MAX_BYTES, SHARE_MAX_SIDE };

/** The most frames an animated share may have: as many as the tools take (core/animation/frames.ts). */
export { ANIMATION_MAX_FRAMES as SHARE_MAX_FRAMES } from '../animation/frames';
/** Captions kept for the alt text: as many and as long as a meme drawn by the API may have. */
export const SHARE_MAX_CAPTIONS = MEME_MAX_LINES;
export const SHARE_CAPTION_MAX_CHARS = MEME_LINE_MAX_CHARS;

export const shareIdSchema = z.string().regex(SHARE_ID_PATTERN, 'A share id is 12 letters and digits.');

const templateIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'A template id is lower-case letters, digits, - and _.');
/** A caption as shown on the card: without hidden controls (core/text.ts), never empty or only spaces. */
const EMPTY_CAPTION = 'Leave an empty caption out.';
const captionSchema = z
  .string()
  .min(1, EMPTY_CAPTION)
  .max(SHARE_CAPTION_MAX_CHARS, `A caption is at most ${SHARE_CAPTION_MAX_CHARS} characters.`)
  .transform((text) => withoutHiddenControls(text))
  .pipe(
    z
      .string()
      .min(1, EMPTY_CAPTION)
      .refine((text) => text.trim() !== '', 'A caption of only spaces says nothing: leave it out.'),
  );

/** The form of POST /api/shares besides its `image` file: a repeated field arrives as a list, a single one as text. */
export const shareFormSchema = z.object({
  template: templateIdSchema.optional(),
  captions: z
    .union([captionSchema, z.array(captionSchema).max(SHARE_MAX_CAPTIONS, `At most ${SHARE_MAX_CAPTIONS} captions.`)])
    .optional()
    .transform((c) => (c === undefined ? [] : typeof c === 'string' ? [c] : c)),
});

/** A share as GET /api/shares/{id} answers it. */
export const shareSchema = z.object({
  id: z.string(),
  /** The page: `https://…/m/{id}`. */
  url: z.string(),
  /** The picture, absolute (what og:image names). */
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  contentType: z.string(),
  /** The template it was made from, or null (an upload, an AI picture). */
  template: z.object({ id: z.string(), name: z.string() }).nullable(),
  captions: z.array(z.string()),
  /** Said in words from the captions. */
  altText: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, or null when it is kept until deleted (premium). */
  expiresAt: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

export const shareCreatedSchema = shareSchema.extend({
  /** Send it back in X-Delete-Token to delete the share; it is shown once and kept only as a hash. */
  deleteToken: z.string(),
});
export type ShareCreated = z.infer<typeof shareCreatedSchema>;
