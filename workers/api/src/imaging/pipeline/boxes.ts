/**
 * Boxes a detector found on a smaller copy of the picture (blur's faces and people, a smart crop's faces), scaled back
 * to the picture's own pixels.
 */
import type { Rect } from '../codecs/pixels';
import type { Size } from '../types';

/** Boxes found on a copy `from` in size, in pixels of the picture `to` in size. */
export function scaleBoxes(boxes: Rect[], from: Size, to: Size): Rect[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return boxes.map((b) => ({ x: b.x * sx, y: b.y * sy, width: b.width * sx, height: b.height * sy }));
}
