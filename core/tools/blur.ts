/** Blur or pixelate: faces or people found by the AI provider, everything but the subject, or chosen rectangles. */
// The form fields' schema; the options, limits and helpers are blur-options.ts, zod-free for the screens (ADR 0195).
import { z } from '../api/zod';
import { intField } from './fields';
import { BLUR_METHODS, BLUR_STRENGTH, MAX_REGIONS, PIXELATE_LEVEL } from './blur-options';

export * from './blur-options';

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
