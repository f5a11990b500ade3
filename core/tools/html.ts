/**
 * HTML to image (Convert screen): a page of HTML rendered by a headless browser into PNG, JPEG or WebP. The limits
 * and the one network rule live here, read by the API, both renderers and the screen (ADR 0104). What part of the
 * page becomes the picture (its content, an element, the viewport or the whole page) is html-capture.ts.
 */
// The form fields' schema; the options, limits and helpers are html-options.ts, zod-free for the screens (ADR 0195).
import { z } from '../api/zod';
import { QUALITY } from './fields';
import {
  HTML_DEFAULT_QUALITY,
  HTML_FITS,
  HTML_FORMATS,
  HTML_SELECTOR_MAX_CHARS,
  HTML_VIEWPORT_HEIGHT,
  HTML_VIEWPORT_WIDTH,
  type HtmlFit,
} from './html-options';

export * from './html-options';

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ message: `${label} must be a number.` })
    .int(`${label} must be a whole number of pixels.`)
    .min(min, `${label} must be between ${min} and ${max} pixels.`)
    .max(max, `${label} must be between ${min} and ${max} pixels.`);

/** The body of `POST /api/convert/html` (JSON). Size is checked apart from the shape: too much HTML is a 413. */
export const htmlRenderSchema = z
  .object({
    html: z
      .string({ message: 'Please paste some HTML or choose an .html file (field "html").' })
      // A pattern rather than a refinement, so the document says it too: at least one character that is not a space.
      .regex(/\S/, 'The HTML is empty. Please paste a page or choose an .html file.'),
    width: whole('Viewport width', HTML_VIEWPORT_WIDTH)
      .default(HTML_VIEWPORT_WIDTH.default)
      .describe('The width the page is laid out at, in CSS pixels.'),
    height: whole('Viewport height', HTML_VIEWPORT_HEIGHT)
      .default(HTML_VIEWPORT_HEIGHT.default)
      .describe('The viewport height in CSS pixels: the picture’s height with `fit=viewport`.'),
    fit: z
      .enum(HTML_FITS, { message: `Fit must be one of ${HTML_FITS.join(', ')}.` })
      .optional()
      .describe(
        '`content` (the default): the box of what the page paints, or of the element `selector` names; `viewport`: the viewport; `page`: the whole page from the top, up to 16,000 px.',
      ),
    selector: z
      .string({ message: 'Selector must be text, like .card or #poster.' })
      .trim()
      .min(1, 'The selector is empty. Leave it out to fit the page’s content, or name an element like .card.')
      .max(HTML_SELECTOR_MAX_CHARS, `The selector is longer than ${HTML_SELECTOR_MAX_CHARS} characters.`)
      .optional()
      .describe(
        'A CSS selector: the picture is the box of the first element it matches (with `fit=content`, the default).',
      ),
    fullPage: z
      .boolean({ message: 'must be true or false' })
      .default(false)
      .describe('Deprecated, the same as `fit=page`; read only when `fit` is not sent.'),
    format: z.enum(HTML_FORMATS, { message: `Format must be one of ${HTML_FORMATS.join(', ')}.` }).default('png'),
    quality: whole('Quality', QUALITY).default(HTML_DEFAULT_QUALITY),
    transparent: z
      .boolean({ message: 'must be true or false' })
      .default(false)
      .describe('PNG and WebP: no white backdrop behind the page (what the page paints itself still shows).'),
    scale: z
      .union([z.literal(1), z.literal(2)], { message: 'Scale must be 1 or 2.' })
      .default(1)
      .describe('Device pixels per CSS pixel: 2 doubles the picture each way, sharp on high-density screens.'),
    allowScripts: z.boolean({ message: 'must be true or false' }).default(false),
  })
  .superRefine((o, ctx) => {
    if (o.transparent && o.format === 'jpeg') {
      ctx.addIssue({
        code: 'custom',
        path: ['transparent'],
        message: 'JPEG has no transparency. Choose PNG or WebP for a transparent background.',
      });
    }
    if (o.selector !== undefined && fitOf(o) !== 'content') {
      ctx.addIssue({
        code: 'custom',
        path: ['selector'],
        message:
          'A selector picks the element the picture fits, so it needs fit=content (the default), not the viewport or the whole page.',
      });
    }
  });
export type HtmlRenderOptions = z.infer<typeof htmlRenderSchema>;

/** The fit asked for: `fit`, else the older `fullPage`, else the content. */
export const fitOf = (o: Pick<HtmlRenderOptions, 'fit' | 'fullPage'>): HtmlFit =>
  o.fit ?? (o.fullPage ? 'page' : 'content');
