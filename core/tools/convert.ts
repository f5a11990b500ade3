/**
 * Convert: JPEG, PNG, WebP, AVIF, BMP or TIFF; metadata is never carried over. AVIF at most 1,200 px a side (ADR 0132),
 * so `maxSide` can make a larger picture fit (ADR 0164).
 */
import { AVIF_MAX_SIDE } from '../image-service';
import { z } from '../api/zod';
import { formBool, maxSideField, qualityField } from './fields';

export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'bmp', 'tiff'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const CONVERT_DEFAULT_QUALITY = 90;

/** The largest side a format is written at, where it has one: what the screens offer to fit within before the click. */
export const FORMAT_MAX_SIDE: Partial<Record<OutputFormat, number>> = { avif: AVIF_MAX_SIDE };
/**
 * The most pixels written in a format only the isolate writes (the convert budget, WASM_PIXEL_BUDGET in
 * workers/api/src/imaging/options.ts): what the screens say before the click.
 */
export const ISOLATE_WRITE_MAX_PIXELS = 5_000_000;
export const FORMAT_MAX_PIXELS: Partial<Record<OutputFormat, number>> = {
  tiff: ISOLATE_WRITE_MAX_PIXELS,
  bmp: ISOLATE_WRITE_MAX_PIXELS,
};
/**
 * The side the screens offer to fit a larger picture within (`maxSide`), per format with a limit: AVIF's own side, and
 * for TIFF and BMP the largest round side whose square is within ISOLATE_WRITE_MAX_PIXELS (2,200² is 4.84 MP), so any
 * picture fitted to it is written (ADR 0168).
 */
export const ISOLATE_WRITE_FIT_SIDE = 2_200;
export const FORMAT_FIT_SIDE: Partial<Record<OutputFormat, number>> = {
  avif: AVIF_MAX_SIDE,
  tiff: ISOLATE_WRITE_FIT_SIDE,
  bmp: ISOLATE_WRITE_FIT_SIDE,
};

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
