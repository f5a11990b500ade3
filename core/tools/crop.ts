/** Crop: a rectangle of the upright picture, in its pixels. */
import { z } from '../api/zod';
import { intField, MAX_OUTPUT_SIDE, sideField } from './fields';

export const cropFieldsSchema = z.object({
  operation: z.literal('crop'),
  x: intField('x', 0, MAX_OUTPUT_SIDE * 5),
  y: intField('y', 0, MAX_OUTPUT_SIDE * 5),
  width: sideField('Width'),
  height: sideField('Height'),
});
export type CropOptions = z.infer<typeof cropFieldsSchema>;

/** Null when the rectangle lies inside a picture of this size, else what to tell the user. */
export function cropProblem(
  o: Pick<CropOptions, 'x' | 'y' | 'width' | 'height'>,
  width: number,
  height: number,
): string | null {
  return o.x + o.width > width || o.y + o.height > height
    ? `The crop area must lie inside the image (${width}×${height} pixels).`
    : null;
}
