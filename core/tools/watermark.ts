/** Text watermark: drawn with a real OFL font, at a corner or the centre, with opacity. */
import { z } from '../api/zod';
import { hexColour, intField } from './fields';

export const WATERMARK_MAX_CHARS = 100;
export const WATERMARK_SIZE = { min: 12, max: 48, default: 20 } as const;
/** Watermark `size` is in pixels on a picture this wide; the font scales with the picture. */
export const WATERMARK_REFERENCE_WIDTH = 800;
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_OPACITY_DEFAULT = 0.7;
export const WATERMARK_COLOUR_DEFAULT = '#ffffff';

export const watermarkFieldsSchema = z.object({
  operation: z.literal('watermark'),
  text: z
    .string({ message: 'Watermark text is required.' })
    .trim()
    .min(1, 'Watermark text must not be blank.')
    .max(WATERMARK_MAX_CHARS, `Watermark text must be at most ${WATERMARK_MAX_CHARS} characters.`),
  position: z.enum(WATERMARK_POSITIONS, { message: `Position must be one of ${WATERMARK_POSITIONS.join(', ')}.` }).default('bottom-right'),
  opacity: z.coerce
    .number({ message: 'Opacity must be a number.' })
    .min(0, 'Opacity must be between 0 and 1.')
    .max(1, 'Opacity must be between 0 and 1.')
    .default(WATERMARK_OPACITY_DEFAULT),
  size: intField('Size', WATERMARK_SIZE.min, WATERMARK_SIZE.max).default(WATERMARK_SIZE.default),
  color: hexColour('Colour').default(WATERMARK_COLOUR_DEFAULT),
});
export type WatermarkOptions = z.infer<typeof watermarkFieldsSchema>;
