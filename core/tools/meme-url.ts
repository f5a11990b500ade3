/**
 * The options a meme URL's query reads (`GET /api/memes/{template}/…?font=&width=&height=`), written with zod's mini
 * API. The Pages Function parses them too, to key its edge cache (core/memes/url-query.ts, ADR 0147), and it carries
 * what it imports: zod/mini costs a bundle what it uses (about 20 KB), the classic `z` about 450 KB whatever is used
 * (ADR 0209). The render body (meme.ts) takes its width, height and font fields from here, so both ways of asking for
 * a meme keep one rule and one message for each.
 */
import * as z from 'zod/mini';

// As core/api/zod.ts does for the classic API: no `new Function` (the site's CSP and workerd forbid eval).
z.config({ jitless: true });

/** The fonts the Worker carries (the editor's Impact is its stand-in Anton; `sans` is Noto Sans Bold). */
export const MEME_FONTS = ['impact', 'sans'] as const;
export type MemeFontKey = (typeof MEME_FONTS)[number];

/**
 * Output width in pixels, and height, each optional (memegen's `width` and `height`): one of them scales the meme to
 * it, the other side following the picture's shape; both give a meme of exactly that size, the picture fitted inside
 * and the rest padded white (memeOutputSize).
 */
export const MEME_WIDTH = { min: 100, max: 1600 } as const;
export const MEME_HEIGHT = MEME_WIDTH;

/** A whole number of pixels from a query or a form (text) or JSON (a number): core/tools/fields.ts' intField, in mini. */
const side = (label: string, { min, max }: { min: number; max: number }) =>
  z.coerce
    .number({ message: `${label} must be a number.` })
    .check(
      z.int(`${label} must be a whole number.`),
      z.minimum(min, `${label} must be between ${min} and ${max}.`),
      z.maximum(max, `${label} must be between ${min} and ${max}.`),
    );

export const memeFontField = z.enum(MEME_FONTS, { message: `Font must be one of ${MEME_FONTS.join(', ')}.` });
export const memeWidthField = side('Width', MEME_WIDTH);
export const memeHeightField = side('Height', MEME_HEIGHT);

/**
 * The options of `GET /api/memes/{template}/…`'s query. Only these are read (core/memes/url-query.ts): any other
 * parameter (`fbclid`, `utm_source`, a cache-buster) is ignored and never part of the answer's cache key.
 */
export const memeUrlQuerySchema = z.object({
  font: z.optional(memeFontField),
  width: z.optional(memeWidthField),
  height: z.optional(memeHeightField),
});
export type MemeUrlQuery = z.infer<typeof memeUrlQuerySchema>;
