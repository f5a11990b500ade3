/** Form-field parsers shared by every tool's schema: multipart fields arrive as strings, coerced here once. */
import { z } from '../api/zod';

export const formBool = (fallback: boolean) =>
  z
    .enum(['true', 'false', 'on', 'off', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === 'on' || v === '1'));

export const intField = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);

export const hexColour = (label: string) =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a hex colour like #ffffff.`);

/** A range the UI offers and the API enforces. */
export interface Range {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** Quality of lossy output, for every tool that writes JPEG or WebP. */
export const QUALITY = { min: 10, max: 100, default: 80 } as const satisfies Range;
export const qualityField = intField('Quality', QUALITY.min, QUALITY.max);

/** The largest picture any tool writes: the same 50 MP that uploads may have. */
export const MAX_OUTPUT_PIXELS = 50_000_000;
export const MAX_OUTPUT_SIDE = 10_000;
export const sideField = (label: string) => intField(label, 1, MAX_OUTPUT_SIDE);

/** "Fit within N px" (`maxSide`, Convert and Compress, ADR 0164 and 0168): the least a side may be fitted to. */
export const MAX_SIDE_MIN = 16;
export const maxSideField = intField('Max side', MAX_SIDE_MIN, MAX_OUTPUT_SIDE);

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
