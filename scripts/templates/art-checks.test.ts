import { describe, expect, it } from 'vitest';
import { cutArt, isOverlayCaption, panelFits, panelProblems, topLevelElements } from './art-checks';
import { CATALOG } from './catalog';
import { contrastRatio, parseColour } from './contrast';
import { define, INK } from './define';
import { emoji, line, panel, rect, text } from './svg';

/** A 400 × 300 test drawing with one box, to show each check can fail. */
const sketch = (draw: () => string, box: [number, number, number, number], style = INK) =>
  define({
    id: 'sketch',
    name: 'Sketch',
    description: 'A test drawing.',
    keywords: ['a', 'b', 'c'],
    width: 400,
    height: 300,
    boxStyle: style,
    boxes: [box],
    examples: [['x'], ['y'], ['z']],
    draw,
  });

describe('WCAG contrast', () => {
  it('rates black on white 21:1, mid grey about 4.5:1, and a colour against itself 1:1', () => {
    expect(contrastRatio(parseColour('black'), parseColour('white'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColour('#767676'), parseColour('#fff'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseColour('#2c2c33'), parseColour('#2c2c33'))).toBe(1);
    expect(() => parseColour('rebeccapurple')).toThrow(/unsupported/);
  });
});

describe('the art checks', () => {
  it('splits a drawing into its top-level elements', () => {
    expect(topLevelElements(rect(0, 0, 4, 4) + '<g><rect/><g></g></g>' + text(1, 1, 'a'))).toEqual([
      rect(0, 0, 4, 4),
      '<g><rect/><g></g></g>',
      text(1, 1, 'a'),
    ]);
  });

  it('finds a panel whose outline runs off the bottom, and lets backgrounds and grid lines bleed', () => {
    const cut = sketch(
      () => rect(0, 0, 400, 300, { fill: '#123' }) + line(0, 0, 400, 0) + panel(3, 150, 394, 150, '#fff'),
      [20, 20, 100, 50],
    );
    expect(cutArt(cut)).toEqual([expect.stringMatching(/^sketch: outlined shape cut at the bottom by 3\.0 px/)]);
    const whole = sketch(
      () => rect(0, 0, 400, 300, { fill: '#123' }) + line(0, 0, 400, 0) + panel(3, 150, 394, 144, '#fff'),
      [20, 20, 100, 50],
    );
    expect(cutArt(whole)).toEqual([]);
  });

  it('finds an emoji and a label cut by the right edge', () => {
    const def = sketch(() => emoji('brain', 340, 20, 100) + text(390, 200, 'LABEL', { size: 40 }), [20, 20, 100, 50]);
    expect(cutArt(def)).toEqual([
      expect.stringMatching(/^sketch: emoji cut at the right by \d/),
      expect.stringMatching(/^sketch: text cut at the right by \d/),
    ]);
  });

  it('finds a panel box that covers other art, and one whose colour does not read on its panel', () => {
    const overArt = sketch(
      () => rect(0, 0, 400, 300, { fill: '#fff' }) + emoji('brain', 150, 60, 80),
      [20, 20, 200, 120],
    );
    expect(panelFits(overArt)[0]!.share).toBeLessThan(0.98);
    expect(panelProblems(overArt)).toEqual([
      expect.stringMatching(/^sketch box 0: only \d+\.\d% of it is its panel \(#fcfcfc\)/),
    ]);

    const dark = sketch(() => rect(0, 0, 400, 300, { fill: '#2c2c33' }), [20, 20, 200, 120]);
    expect(panelProblems(dark)).toEqual([
      expect.stringMatching(/^sketch box 0: its black captions have contrast 1\.\d\d on its panel/),
    ]);
  });

  it('leaves white captions, which the editor outlines in black, free to sit over pictures', () => {
    const overlay = sketch(
      () => rect(0, 0, 400, 300, { fill: '#fff' }) + emoji('brain', 150, 60, 80),
      [20, 20, 200, 120],
      { color: 'white' },
    );
    expect(isOverlayCaption(overlay.textBoxes[0]!)).toBe(true);
    expect(panelProblems(overlay)).toEqual([]);
  });
});

describe('every built-in template', () => {
  it.each(CATALOG.map((t) => [t.id, t] as const))(
    '%s: no drawn outline, emoji or label is cut by the border',
    (_id, t) => {
      expect(cutArt(t)).toEqual([]);
    },
  );

  it.each(CATALOG.map((t) => [t.id, t] as const))(
    '%s: every panel box lies on its panel, in a colour that reads on it',
    (_id, t) => {
      expect(panelProblems(t)).toEqual([]);
    },
  );
});
