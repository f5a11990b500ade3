/** Form-field parsers shared by every tool's schema: multipart fields arrive as strings, coerced here once. */
import { z } from '../api/zod';
import { MAX_OUTPUT_SIDE, MAX_SIDE_MIN, QUALITY } from './output';

export * from './output';

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

export const qualityField = intField('Quality', QUALITY.min, QUALITY.max);
export const sideField = (label: string) => intField(label, 1, MAX_OUTPUT_SIDE);
export const maxSideField = intField('Max side', MAX_SIDE_MIN, MAX_OUTPUT_SIDE);
