import { describe, expect, it } from 'vitest';
import { textBoxSchema } from '../api/templates';
import { fontMeasure } from '../../scripts/lib/font-metrics';
import { editorScale, layoutCaption } from './layout';
import { blockHeight, boxMaxFontSize, fitText } from './text-fit';

const anton = fontMeasure('anton');
const box = textBoxSchema.parse({ anchor_x: 0.525, anchor_y: 0.0375, scale_x: 0.45, scale_y: 0.425 });

describe('a rendered caption follows the editor', () => {
  it('lays out on the editing canvas (the picture at most 1000 × 600) and scales to the output', () => {
    expect(editorScale({ width: 800, height: 800 })).toBe(0.75);
    expect(editorScale({ width: 500, height: 300 })).toBe(1);
    const natural = { width: 800, height: 800 };
    const text = 'guessing until it works at three in the morning';
    const edit = fitText(
      text.toUpperCase(),
      { width: 0.45 * 600, height: 0.425 * 600 },
      anton,
      boxMaxFontSize(0.425 * 600),
    );
    const out = layoutCaption(text, box, natural, { width: 1200, height: 1200 }, anton);
    // The same lines at the same size, scaled 1200 / 600 = 2×.
    expect(out.lines.map((l) => l.text)).toEqual(edit.lines);
    expect(out.fontSize).toBeCloseTo(edit.fontSize * 2, 5);
    expect(out.outline).toBe(4);
    expect(out.fits).toBe(true);
  });

  it('centres the block in its box, each line on the box’s centre line, all inside the box', () => {
    const out = layoutCaption('nope', box, { width: 800, height: 800 }, { width: 800, height: 800 }, anton);
    const left = box.anchor_x * 800;
    expect(out.anchor).toBe('middle');
    expect(out.lines[0]!.x).toBeCloseTo(left + (box.scale_x * 800) / 2, 5);
    const top = box.anchor_y * 800;
    const height = blockHeight(out.lines.length, out.fontSize);
    expect(out.lines[0]!.y).toBeGreaterThan(top + (box.scale_y * 800 - height) / 2);
    expect(out.lines.at(-1)!.y).toBeLessThan(top + box.scale_y * 800);
  });

  it('keeps the box’s capitals and alignment unless the style says otherwise', () => {
    const natural = { width: 800, height: 800 };
    expect(layoutCaption('nope', box, natural, natural, anton).lines[0]!.text).toBe('NOPE');
    const plain = layoutCaption('nope', box, natural, natural, anton, { uppercase: false, align: 'left' });
    expect(plain.lines[0]!.text).toBe('nope');
    expect(plain.anchor).toBe('start');
    expect(plain.lines[0]!.x).toBeCloseTo(box.anchor_x * 800, 5);
    expect(layoutCaption('nope', box, natural, natural, anton, { align: 'right' }).anchor).toBe('end');
  });
});
