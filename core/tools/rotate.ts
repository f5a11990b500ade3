/** Rotate (quarter turns clockwise) and flip. */
import { z } from '../api/zod';

export const ROTATE_ANGLES = [0, 90, 180, 270] as const;
export const FLIPS = ['none', 'horizontal', 'vertical'] as const;

export const rotateFieldsSchema = z.object({
  operation: z.literal('rotate'),
  angle: z
    .enum(['0', '90', '180', '270'], { message: 'Angle must be 90, 180 or 270.' })
    .default('90')
    .transform((a) => Number(a) as (typeof ROTATE_ANGLES)[number]),
  flip: z.enum(FLIPS, { message: 'Flip must be horizontal or vertical.' }).default('none'),
});
export type RotateOptions = z.infer<typeof rotateFieldsSchema>;
