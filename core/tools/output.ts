/**
 * What every tool writes: the quality range, the largest picture, "fit within N px". Apart from the form-field
 * parsers (fields.ts, which re-exports it) so the tool screens import no zod (ADR 0195).
 */
/** A range the UI offers and the API enforces. */
export interface Range {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** Quality of lossy output, for every tool that writes JPEG or WebP. */
export const QUALITY = { min: 10, max: 100, default: 80 } as const satisfies Range;

/** The largest picture any tool writes: the same 50 MP that uploads may have. */
export const MAX_OUTPUT_PIXELS = 50_000_000;
export const MAX_OUTPUT_SIDE = 10_000;

/** "Fit within N px" (`maxSide`, Convert and Compress, ADR 0164 and 0168): the least a side may be fitted to. */
export const MAX_SIDE_MIN = 16;

/** The size a picture is written at when it must fit within `maxSide` a side: scaled down, aspect kept, never up. */
export function fitWithin(
  size: { width: number; height: number },
  maxSide: number | undefined,
): { width: number; height: number } {
  const long = Math.max(size.width, size.height);
  if (!maxSide || long <= maxSide) return size;
  const scale = maxSide / long;
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** Quality of the re-encode that geometry, watermark and blur do when they write JPEG or WebP. */
export const EDIT_QUALITY = 90;
