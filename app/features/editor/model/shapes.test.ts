import { describe, expect, it } from 'vitest';
import { SHAPE_KINDS } from '../../../../core/editor';
import { shapeOutline, shapePosition, spikes } from './shapes';

describe('shapes', () => {
  it('gives every shape its starting text (docs/product.md §4.4) and a text area inside its box', () => {
    const texts = SHAPE_KINDS.map((k) => shapeOutline(k).text);
    expect(texts).toEqual(['Edit me!', 'Think...', 'BOOM!', 'WOW!', 'LOVE']);
    for (const k of SHAPE_KINDS) {
      const { size, textArea } = shapeOutline(k);
      expect(textArea.left + textArea.width).toBeLessThanOrEqual(size.width);
      expect(textArea.top + textArea.height).toBeLessThanOrEqual(size.height);
    }
  });

  it('draws a five-point star as ten points', () => {
    const path = spikes(5, [90], 40, { x: 90, y: 90 });
    expect(path.match(/[ML]/g)).toHaveLength(10);
    expect(path.startsWith('M 90 0')).toBe(true);
  });

  it('staggers shapes so they do not stack exactly', () => {
    const area = { left: 20, top: 100, width: 860, height: 450 };
    const a = shapePosition('star', area, 0);
    const b = shapePosition('star', area, 1);
    expect(b.left - a.left).toBe(24);
  });
});
