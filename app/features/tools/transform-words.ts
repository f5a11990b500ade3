/** A flip as the rotate operation takes it: at most one, since both at once is a half turn. */
export type Flip = 'none' | 'horizontal' | 'vertical';

const TURNS: Record<number, string> = {
  0: 'Not turned',
  90: 'Turned 90° right',
  180: 'Turned 180°',
  270: 'Turned 90° left',
};
const FLIPS: Record<Flip, string> = {
  none: 'not flipped',
  horizontal: 'flipped horizontally',
  vertical: 'flipped vertically',
};

/**
 * The Transform panel's state in the words of its buttons (angle 0, 90, 180 or 270 clockwise): one press of
 * "Rotate 90° left" once read "Rotation 270°".
 */
export function transformWords(angle: number, flip: Flip): string {
  return `${TURNS[angle] ?? `Turned ${angle}°`}, ${FLIPS[flip]}`;
}
