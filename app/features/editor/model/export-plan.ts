import type { ExportFormat } from '../../../../core/api/memes';
import { EXPORT_QUALITY, EXPORT_QUALITY_LADDER, SHARE_MAX_BYTES, SHARE_MAX_SIDE } from '../../../../core/limits';
import type { Rect, Size } from './geometry';

/**
 * The export's choices as plain numbers (ADR 0120): which pixel sizes a download is offered at, where the size
 * estimate samples the picture, how a sample's byte count scales to the whole picture, and which quality keeps a
 * share-size file under the social networks' limit.
 */

/** 'share' fits the social networks (long side and bytes capped); 'original' is the picture's own resolution. */
export type ExportSize = 'share' | 'original';

export interface OutputSize extends Size {
  /** File pixels per canvas pixel. */
  multiplier: number;
}

const output = (area: Size, multiplier: number): OutputSize => ({
  multiplier,
  width: Math.max(1, Math.round(area.width * multiplier)),
  height: Math.max(1, Math.round(area.height * multiplier)),
});

/**
 * Both sizes of a download of `area` (canvas pixels) whose full resolution is `multiplier` file pixels per canvas
 * pixel: the original, and the share size with its long side at most SHARE_MAX_SIDE (never enlarged).
 */
export function outputSizes(area: Size, multiplier: number): Record<ExportSize, OutputSize> {
  const original = output(area, multiplier);
  const long = Math.max(original.width, original.height);
  const share = long <= SHARE_MAX_SIDE ? original : output(area, (multiplier * SHARE_MAX_SIDE) / long);
  return { share, original };
}

export const isLossy = (format: ExportFormat) => format !== 'png';

/** Share-size JPG and WebP files are kept under this many bytes; PNG has no quality to lower. */
export const byteBudget = (size: ExportSize, format: ExportFormat): number | null =>
  size === 'share' && isLossy(format) ? SHARE_MAX_BYTES : null;

/**
 * Rows of one sample strip: a multiple of 16, so JPEG's and WebP's 16-row blocks fall as they do in the whole
 * picture (strips start on a multiple of 16 but the last, which ends on the picture's last row). Taller strips pay
 * less for the seams between them (a strip's top row follows another strip's bottom), shorter ones are more of them.
 */
export const SAMPLE_STRIP = 32;
/** Pixels a sample holds, about: nine 256 px squares' worth. */
export const SAMPLE_PIXELS = 9 * 256 * 256;
/**
 * Pictures up to this many pixels are encoded whole for their estimate (a template's 2× export, a share-size
 * photo): the size shown is the file's. A sample of a flat picture is least faithful, and flat pictures are small.
 */
export const SAMPLE_WHOLE_PIXELS = 4_000_000;

/**
 * Where to sample a `width` × `height` picture: full-width strips spread evenly from its first row to its last.
 * Full width because an encoder's cost is per row as much as per pixel (a flat PNG row costs a few bytes however
 * wide, and captions run across the picture), which square tiles missed: estimates from a lattice of 256 px tiles
 * came out 37–46% low on a flat test template (ADR 0161). Null when the picture is encoded whole.
 */
export function sampleStrips(
  width: number,
  height: number,
  strip = SAMPLE_STRIP,
  pixels = SAMPLE_PIXELS,
): Rect[] | null {
  const count = Math.max(2, Math.floor(pixels / (width * strip)));
  if (width * height <= SAMPLE_WHOLE_PIXELS || 2 * count * strip > height) return null;
  const last = height - strip;
  const at = (i: number) => (i === count - 1 ? last : Math.min(last, Math.round((last * i) / (count - 1) / 16) * 16));
  return Array.from({ length: count }, (_, i) => ({ left: 0, top: at(i), width, height: strip }));
}

/**
 * Bytes of the whole picture from a sample's: the sample's bytes per pixel, less the container's fixed overhead
 * (headers and tables, paid once by each file), times the whole picture's pixels, plus the overhead once.
 */
export function scaleEstimate(
  sampleBytes: number,
  samplePixels: number,
  totalPixels: number,
  overhead: number,
): number {
  const perPixel = Math.max(0, sampleBytes - overhead) / samplePixels;
  return Math.round(overhead + perPixel * totalPixels);
}

/** Roughly what a file of each format spends on headers and tables whatever the picture (measured in Chromium). */
export const FORMAT_OVERHEAD: Record<ExportFormat, number> = { png: 60, jpg: 620, webp: 40 };

/** Estimates are a sample, so the quality is chosen to land this far under the budget. */
export const ESTIMATE_MARGIN = 0.85;

/**
 * The highest quality of the ladder whose estimated size (from `estimate`) fits `budget` with the margin; the
 * ladder's last step when none does. `estimate` is called from the top down and stops at the first fit.
 */
export async function pickQuality(
  estimate: (quality: number) => Promise<number>,
  budget: number | null,
  ladder: readonly number[] = EXPORT_QUALITY_LADDER,
): Promise<{ quality: number; bytes: number }> {
  let last = { quality: ladder[0] ?? EXPORT_QUALITY, bytes: 0 };
  for (const quality of budget === null ? [EXPORT_QUALITY] : ladder) {
    last = { quality, bytes: await estimate(quality) };
    if (budget === null || last.bytes <= budget * ESTIMATE_MARGIN) return last;
  }
  return last;
}

/** The next lower quality of the ladder, or null at its bottom: used when an encoded file came out over budget. */
export function lowerQuality(quality: number, ladder: readonly number[] = EXPORT_QUALITY_LADDER): number | null {
  return ladder.find((q) => q < quality - 1e-9) ?? null;
}
