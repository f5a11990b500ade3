/**
 * A meme drawn by the API (docs/api.md "Memes", ADR 0133): a template's picture (or an uploaded background) with one
 * caption per text box, laid out by the editor's text-fit rule (core/memes/layout.ts). Its options and limits,
 * read by the Worker, the OpenAPI document and the tests.
 */
import { imageUrlSchema } from '../api/image-url';
import type { TextBox } from '../api/templates';
import { outlineFor } from '../memes/layout';
import { withoutHiddenControls } from '../text';
import { z } from '../api/zod';
import { hexColour } from './fields';
import { MEME_WIDTH, type MemeFontKey, memeFontField, memeHeightField, memeWidthField } from './meme-url';

export * from './meme-url';

/** The formats a meme is drawn in; `jpg` is written as a JPEG. */
export const MEME_FORMATS = ['png', 'jpg', 'webp'] as const;
export type MemeFormat = (typeof MEME_FORMATS)[number];
export const MEME_MIME: Record<MemeFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The SHA-256 of the `impact` font the Worker bundles (@fontsource/anton's Latin WOFF, the editor's stand-in for
 * Impact), the file reviewed: a Worker test holds the bundled bytes to it, so a different font (a dependency bump, a
 * swapped file) is a decision rather than an accident; captions are fitted by its advance widths (ADR 0155).
 */
export const MEME_IMPACT_FONT_SHA256 = '8b71c21962cd08b95fc2186386b121d853de5f7e02db382ed329c5a80a04c4d1';

/** The largest meme drawn, whatever its shape: a tall template at 1600 px wide would be over this. */
export const MEME_MAX_PIXELS = 4_000_000;
/** One caption's length, and the most captions any request may carry (the template's own box count rules below it). */
export const MEME_LINE_MAX_CHARS = 200;
export const MEME_MAX_LINES = 12;
/** Quality of a JPEG or WebP meme. */
export const MEME_QUALITY = 90;
/** The id of a template in a URL or a body: what the catalog's ids look like. */
export const MEME_TEMPLATE_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

const formats = MEME_FORMATS.join(', ');

/** How one box's caption is drawn: the style's choices, else the box's own (as the editor draws it). */
export interface BoxLook {
  font: MemeFontKey;
  colour: string;
  outline: string;
}

/** The template box's font as the Worker can draw it: Impact (and its stand-in Anton) as `impact`, any other as `sans`. */
export const memeFontOf = (boxFont: string): MemeFontKey =>
  /^(impact|anton)$/i.test(boxFont.trim()) ? 'impact' : 'sans';

export function boxLook(box: TextBox, style: MemeStyle): BoxLook {
  const colour = style.colour ?? box.color;
  return { font: style.font ?? memeFontOf(box.font), colour, outline: style.outline ?? outlineFor(colour) };
}

/**
 * Every field overrides what each box has of its own; absent, a caption looks as the editor shows it on that template
 * (boxLook): the box's colour, the outline opposite it, and the box's font (Impact or a sans).
 */
export const memeStyleSchema = z
  .object({
    font: z.optional(memeFontField),
    colour: hexColour('Colour').optional(),
    /** The outline's colour, or `none`. */
    outline: z
      .union([hexColour('Outline'), z.literal('none')], {
        message: 'Outline must be a hex colour like #000000 or none.',
      })
      .optional(),
    /** Capitals regardless of the box's own style; absent, each box keeps its template's. */
    uppercase: z.boolean({ message: 'Uppercase must be true or false.' }).optional(),
    /** Absent, each box keeps its template's alignment. */
    align: z.enum(['left', 'center', 'right'], { message: 'Align must be left, center or right.' }).optional(),
  })
  .strict();
export type MemeStyle = z.infer<typeof memeStyleSchema>;

export const memeTemplateIdSchema = z
  .string({ message: 'Template is required.' })
  .regex(MEME_TEMPLATE_ID, 'Template must be a template id like nope-yep.');

/**
 * One caption as drawn: without the characters that hide or reorder text (C0 controls but the line break, DEL, bidi
 * marks and overrides; core/text.ts, as share captions). An empty or blank line is kept: it leaves its box blank,
 * which is how a meme captions only a later box (`_` in a meme URL).
 */
const memeLineSchema = z
  .string({ message: 'Each line must be text.' })
  .max(MEME_LINE_MAX_CHARS, `Each line must be at most ${MEME_LINE_MAX_CHARS} characters.`)
  .transform((text) => withoutHiddenControls(text));

export const memeLinesSchema = z
  .array(memeLineSchema, { message: 'Lines must be a list of captions, one per text box.' })
  .max(MEME_MAX_LINES, `At most ${MEME_MAX_LINES} lines.`);

/** `POST /api/memes/render`'s JSON body (a multipart form carries the same fields, `lines` repeated). */
export const memeRenderRequestSchema = z
  .object({
    template: memeTemplateIdSchema.optional(),
    lines: memeLinesSchema,
    style: memeStyleSchema.default({}),
    format: z.enum(MEME_FORMATS, { message: `Format must be one of ${formats}.` }).default('png'),
    width: z.optional(memeWidthField),
    height: z.optional(memeHeightField),
  })
  .strict();
export type MemeRenderRequest = z.infer<typeof memeRenderRequestSchema>;

/** The JSON answer (`Accept: application/json`): the meme stored like any tool result. */
export const memeRenderResponseSchema = z.object({
  imageUrl: imageUrlSchema,
  expiresAt: z.string(),
  format: z.enum(MEME_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  size: z.number().int().positive(),
});
export type MemeRenderResponse = z.infer<typeof memeRenderResponseSchema>;

/** The size a meme is drawn at, and when both sides were asked and its shape is not theirs, the padded frame around it. */
export interface MemeOutput {
  width: number;
  height: number;
  /** The picture's size as asked (`width` × `height`), with the meme drawn at `left`, `top` on white. */
  frame?: { width: number; height: number; left: number; top: number };
}

const MP = MEME_MAX_PIXELS / 1_000_000;

/** What the options become once the template is known: the output size, bounded by MEME_MAX_PIXELS. */
export function memeOutputSize(
  picture: { width: number; height: number },
  asked: { width?: number; height?: number } = {},
): MemeOutput | string {
  const { width: askedW, height: askedH } = asked;
  if (askedW !== undefined && askedH !== undefined) {
    if (askedW * askedH > MEME_MAX_PIXELS)
      return `A meme is drawn at most ${MP} megapixels: ${askedW} × ${askedH} is ${((askedW * askedH) / 1_000_000).toFixed(1)}.`;
    // The largest meme of the picture's shape inside the frame: one side is the frame's, the other within it.
    const scale = Math.min(askedW / picture.width, askedH / picture.height);
    const w = Math.min(askedW, Math.max(1, Math.round(picture.width * scale)));
    const h = Math.min(askedH, Math.max(1, Math.round(picture.height * scale)));
    if (w === askedW && h === askedH) return { width: w, height: h };
    return {
      width: w,
      height: h,
      frame: { width: askedW, height: askedH, left: Math.floor((askedW - w) / 2), top: Math.floor((askedH - h) / 2) },
    };
  }
  if (askedH !== undefined) {
    const w = Math.max(1, Math.round((picture.width * askedH) / picture.height));
    if (w * askedH > MEME_MAX_PIXELS) {
      const most = Math.floor(Math.sqrt((MEME_MAX_PIXELS * picture.height) / picture.width));
      return `A meme is drawn at most ${MP} megapixels: this picture's shape allows a height up to ${most}.`;
    }
    return { width: w, height: askedH };
  }
  const w = askedW ?? Math.min(Math.max(picture.width, MEME_WIDTH.min), MEME_WIDTH.max);
  const h = Math.max(1, Math.round((picture.height * w) / picture.width));
  if (w * h > MEME_MAX_PIXELS) {
    const most = Math.floor(Math.sqrt((MEME_MAX_PIXELS * picture.width) / picture.height));
    return `A meme is drawn at most ${MP} megapixels: this picture's shape allows a width up to ${most}.`;
  }
  return { width: w, height: h };
}
