/** Blur or pixelate: faces or people found by the AI provider, everything but the subject, or chosen rectangles. */
import { z } from '../api/zod';
import { intField } from './fields';

export const BLUR_METHODS = ['faces', 'people', 'background', 'selective'] as const;
export type BlurMethod = (typeof BLUR_METHODS)[number];
/** Strength and pixelate level are in pixels on a picture BLUR_REFERENCE_WIDTH wide, scaled with the picture. */
export const BLUR_STRENGTH = { min: 2, max: 50, default: 10 } as const;
export const PIXELATE_LEVEL = { min: 2, max: 100, default: 10 } as const;
export const BLUR_REFERENCE_WIDTH = 1000;
export const MAX_REGIONS = 50;
/**
 * Faces or people asked for and none found: the answer is a 422 with these words, the allowance unit is refunded
 * (the failure path of every AI operation), and no unchanged copy of the picture is stored.
 */
export const NOTHING_FOUND = {
  faces: { code: 'no_faces_found', message: 'No faces found; this did not count against your allowance.' },
  people: { code: 'no_people_found', message: 'No people found; this did not count against your allowance.' },
} as const;

/** Detection runs on a copy of at most this many pixels; the boxes are scaled back to the picture. */
export const DETECTION_PROXY_PIXELS = 1_000_000;

export const rectSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type Rect = z.infer<typeof rectSchema>;

const regionsField = z
  .string()
  .min(1, 'Regions must be a JSON list of {x, y, width, height}.')
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Regions must be a JSON list of {x, y, width, height}.' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(rectSchema, { message: 'Regions must be a JSON list of {x, y, width, height}.' }).min(1).max(MAX_REGIONS),
  );

export const blurFieldsSchema = z.object({
  operation: z.literal('blur'),
  method: z.enum(BLUR_METHODS, { message: `Method must be one of ${BLUR_METHODS.join(', ')}.` }).default('faces'),
  strength: intField('Strength', BLUR_STRENGTH.min, BLUR_STRENGTH.max).default(BLUR_STRENGTH.default),
  regions: regionsField.optional(),
  pixelateLevel: intField('Pixelate level', PIXELATE_LEVEL.min, PIXELATE_LEVEL.max).optional(),
});
export type BlurOptions = z.infer<typeof blurFieldsSchema>;

/** A strength or cell size chosen on the reference width, in pixels of a picture `width` wide. */
export const scaledToPicture = (value: number, width: number) =>
  Math.max(1, Math.round((value * Math.max(width, BLUR_REFERENCE_WIDTH)) / BLUR_REFERENCE_WIDTH));
