/**
 * Convert: JPEG, PNG, WebP, AVIF, BMP or TIFF; metadata is never carried over. AVIF at most 1,200 px a side (ADR 0132),
 * so `maxSide` can make a larger picture fit (ADR 0164).
 */
// Zod-free, so the tool screens import no zod; convert.ts re-exports this beside its schema (ADR 0195).
import { AVIF_MAX_SIDE } from '../image-service';
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
