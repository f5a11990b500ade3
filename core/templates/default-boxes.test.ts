import { describe, expect, it } from 'vitest';
import { textBoxSchema } from '../api/templates';
import { evenlySpacedBoxes } from './default-boxes';

describe('evenly spaced default boxes', () => {
  it('puts two boxes at the top and the bottom edge, like a classic caption', () => {
    const [top, bottom] = evenlySpacedBoxes(2);
    expect(top).toMatchObject({ anchor_x: 0.03, anchor_y: 0.03, scale_x: 0.94, scale_y: 0.2, angle: 0 });
    expect(bottom!.anchor_y + bottom!.scale_y).toBeCloseTo(0.97, 4);
  });

  it('spreads any count evenly without overlaps, inside the image', () => {
    for (const n of [3, 4, 5, 7]) {
      const boxes = evenlySpacedBoxes(n);
      expect(boxes).toHaveLength(n);
      const gaps = boxes.slice(1).map((b, i) => b.anchor_y - boxes[i]!.anchor_y);
      for (const g of gaps) expect(g).toBeCloseTo(gaps[0]!, 3);
      for (const [i, b] of boxes.entries()) {
        expect(b.anchor_y + b.scale_y).toBeLessThanOrEqual(1);
        if (i > 0) expect(b.anchor_y).toBeGreaterThanOrEqual(boxes[i - 1]!.anchor_y + boxes[i - 1]!.scale_y - 1e-4);
      }
    }
  });

  it('gives one bottom caption for a count of 1 and clamps nonsense counts', () => {
    expect(evenlySpacedBoxes(1)).toEqual([expect.objectContaining({ anchor_y: 0.77, scale_y: 0.2 })]);
    expect(evenlySpacedBoxes(0)).toHaveLength(1);
    expect(evenlySpacedBoxes(-3)).toHaveLength(1);
    expect(evenlySpacedBoxes(99)).toHaveLength(12);
  });

  it('gives the boxes the template schema would: valid, every style field at its default', () => {
    for (const box of evenlySpacedBoxes(3)) expect(textBoxSchema.parse(box)).toEqual(box);
    const { anchor_x, anchor_y, scale_x, scale_y } = evenlySpacedBoxes(1)[0]!;
    expect(evenlySpacedBoxes(1)[0]).toEqual(textBoxSchema.parse({ anchor_x, anchor_y, scale_x, scale_y }));
  });
});
