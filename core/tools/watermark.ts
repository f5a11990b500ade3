/** Text watermark: drawn with a real OFL font, at a corner or the centre, with opacity. */
// The form fields' schema; the options, limits and helpers are watermark-options.ts, zod-free for the screens (ADR 0195).
import { formatBytes } from '../file-size';
import { z } from '../api/zod';
import { formBool, hexColour, intField } from './fields';
import {
  WATERMARK_COLOUR_DEFAULT,
  WATERMARK_LOGO_MAX_BYTES,
  WATERMARK_LOGO_MAX_SIDE,
  WATERMARK_MAX_CHARS,
  WATERMARK_OPACITY_DEFAULT,
  WATERMARK_POSITIONS,
  WATERMARK_SIZE,
} from './watermark-options';

export * from './watermark-options';

export const watermarkFieldsSchema = z.object({
  operation: z.literal('watermark'),
  /** Required unless a `logo` file is sent instead (watermarkMarkProblem); never blank. */
  text: z
    .string({ message: 'Watermark text must be text.' })
    .trim()
    .min(1, 'Watermark text must not be blank.')
    .max(WATERMARK_MAX_CHARS, `Watermark text must be at most ${WATERMARK_MAX_CHARS} characters.`)
    .optional(),
  /** Described for the API document; the watermark's record reads the file itself (workers/api/src/imaging/ops/watermark/watermark.ts). */
  logo: z
    .unknown()
    .optional()
    .meta({
      type: 'string',
      format: 'binary',
      contentMediaType: 'image/png',
      description: `A logo to draw instead of text: a PNG (ideally with a transparent background) or WebP, at most ${formatBytes(WATERMARK_LOGO_MAX_BYTES)} and ${WATERMARK_LOGO_MAX_SIDE} px a side. Its height on the picture follows \`size\`. Send \`text\` or \`logo\`, not both.`,
    }),
  position: z
    .enum(WATERMARK_POSITIONS, { message: `Position must be one of ${WATERMARK_POSITIONS.join(', ')}.` })
    .default('bottom-right'),
  opacity: z.coerce
    .number({ message: 'Opacity must be a number.' })
    .min(0, 'Opacity must be between 0 and 1.')
    .max(1, 'Opacity must be between 0 and 1.')
    .default(WATERMARK_OPACITY_DEFAULT),
  size: intField('Size', WATERMARK_SIZE.min, WATERMARK_SIZE.max).default(WATERMARK_SIZE.default),
  color: hexColour('Colour').default(WATERMARK_COLOUR_DEFAULT),
  /** The mark repeated over the whole picture (`position` is then ignored). */
  tiled: formBool(false).meta({
    description: 'Repeat the mark over the whole picture in staggered rows; `position` is then ignored.',
  }),
});
export type WatermarkOptions = z.infer<typeof watermarkFieldsSchema>;
