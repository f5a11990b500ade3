/** The Optimize tab's AI operations: upscale and background removal (one unit of the daily allowance each). */
import { z } from '../api/zod';

export const UPSCALE_FACTORS = [2, 3, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

export const upscaleFieldsSchema = z.object({
  operation: z.literal('upscale'),
  factor: z.coerce
    .number()
    .pipe(z.union(UPSCALE_FACTORS.map((f) => z.literal(f)) as [z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], { message: 'Factor must be 2, 3 or 4.' }))
    .default(2),
});
export const removeBackgroundFieldsSchema = z.object({ operation: z.literal('remove-background') });
