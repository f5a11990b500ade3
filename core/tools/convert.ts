/**
 * Convert: JPEG, PNG, WebP, AVIF, BMP or TIFF; metadata is never carried over. AVIF at most 1,200 px a side (ADR 0132),
 * so `maxSide` can make a larger picture fit (ADR 0164).
 */
// The form fields' schema; the options, limits and helpers are convert-options.ts, zod-free for the screens (ADR 0195).
import { z } from '../api/zod';
import { formBool, maxSideField, qualityField } from './fields';
import { CONVERT_DEFAULT_QUALITY, OUTPUT_FORMATS } from './convert-options';

export * from './convert-options';

export const convertFieldsSchema = z.object({
  operation: z.literal('convert', { message: 'Operation must be convert.' }).default('convert'),
  format: z.enum(OUTPUT_FORMATS, { message: `Format must be one of ${OUTPUT_FORMATS.join(', ')}.` }),
  quality: qualityField.default(CONVERT_DEFAULT_QUALITY),
  /**
   * Accepted because the first clients' form sent it; metadata is never carried over whatever it says
   * (docs/product.md §5.4).
   */
  maintainMetadata: formBool(false),
  /** Scale the picture down to fit within this many pixels a side (never up): "Fit within 1,200 px" for AVIF, 2,200 for TIFF and BMP. */
  maxSide: maxSideField
    .optional()
    .describe(
      "Scale the picture down (aspect kept, never up) to fit within this many pixels a side, in the same call: `1200` makes any photo fit AVIF's 1,200 px a side, `2200` any photo fit the 5 MP TIFF and BMP are written up to.",
    ),
});
export type ConvertOptions = z.infer<typeof convertFieldsSchema>;
