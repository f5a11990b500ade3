/**
 * Resize: to a preset or a custom size, with an explicit fit. A preset's box is filled (`cover`, cropping what
 * overflows) unless the user chooses `contain` (padding in a colour) or `stretch`; a custom size with the aspect
 * ratio locked gives the largest picture inside the box; a custom size is stretched only when it is unlocked.
 */
// The form fields' schema; the options, limits and helpers are resize-options.ts, zod-free for the screens (ADR 0195).
import { z } from '../api/zod';
import { RESIZE_PRESETS } from '../resize-presets';
import { COMPRESS_FORMATS } from './compress';
import { formBool, hexColour, QUALITY, qualityField, sideField } from './fields';
import { RESIZE_BACKGROUND_DEFAULT, RESIZE_FITS, RESIZE_POSITIONS } from './resize-options';

export * from './resize-options';

export const resizeFieldsSchema = z.object({
  operation: z.literal('resize'),
  preset: z.enum(RESIZE_PRESETS.map((p) => p.id) as [string, ...string[]], { message: 'Unknown preset.' }).optional(),
  /** One side alone keeps the picture's aspect ratio (Tinify's `scale`); neither, and no preset, is RESIZE_DEFAULT's box. */
  width: sideField('Width').optional(),
  height: sideField('Height').optional(),
  maintainAspectRatio: formBool(true),
  fit: z.enum(RESIZE_FITS, { message: `Fit must be one of ${RESIZE_FITS.join(', ')}.` }).optional(),
  background: hexColour('Background').default(RESIZE_BACKGROUND_DEFAULT),
  /** Where a cover resize crops; ignored by the other fits. */
  position: z
    .enum(RESIZE_POSITIONS, { message: `Position must be one of ${RESIZE_POSITIONS.join(', ')}.` })
    .default('smart'),
  /** Optional re-encode of the resized picture (the batch's format and quality); the container is kept without them. */
  format: z.enum(COMPRESS_FORMATS, { message: `Format must be one of ${COMPRESS_FORMATS.join(', ')}.` }).optional(),
  quality: z
    .union([z.literal('auto'), qualityField], {
      message: `Quality must be auto or a whole number from ${QUALITY.min} to ${QUALITY.max}.`,
    })
    .optional(),
});
export type ResizeOptions = z.infer<typeof resizeFieldsSchema>;
