import type { TextBox } from '../api/templates';
import { TEXT_BOX_DEFAULTS } from '../api/text-box';

const PAD = 0.03;
const MAX_HEIGHT = 0.2;

/**
 * `count` full-width boxes spread evenly from the top edge to the bottom edge (one box sits at the bottom),
 * for catalogs that only say how many captions a template takes.
 */
export function evenlySpacedBoxes(count: number): TextBox[] {
  const n = Math.min(Math.max(Math.trunc(count) || 1, 1), 12);
  const h = Math.min(MAX_HEIGHT, (1 - 2 * PAD) / n);
  const step = n > 1 ? (1 - 2 * PAD - h) / (n - 1) : 0;
  return Array.from({ length: n }, (_, i) => ({
    anchor_x: PAD,
    anchor_y: round(n === 1 ? 1 - PAD - h : PAD + i * step),
    scale_x: round(1 - 2 * PAD),
    scale_y: round(h),
    ...TEXT_BOX_DEFAULTS,
  }));
}

const round = (v: number) => Math.round(v * 10000) / 10000;
