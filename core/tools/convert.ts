/** Convert: JPEG, PNG, WebP, AVIF, BMP or TIFF; metadata is never carried over. AVIF at most 1,200 px a side (ADR 0132). */
import { z } from '../api/zod';
import { formBool, qualityField } from './fields';

export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'bmp', 'tiff'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const CONVERT_DEFAULT_QUALITY = 90;

export const convertFieldsSchema = z.object({
  operation: z.literal('convert', { message: 'Operation must be convert.' }).default('convert'),
  format: z.enum(OUTPUT_FORMATS, { message: `Format must be one of ${OUTPUT_FORMATS.join(', ')}.` }),
  quality: qualityField.default(CONVERT_DEFAULT_QUALITY),
  /**
   * Accepted because the first clients' form sent it; metadata is never carried over whatever it says
   * (docs/product.md §5.4).
   */
  maintainMetadata: formBool(false),
});
export type ConvertOptions = z.infer<typeof convertFieldsSchema>;
