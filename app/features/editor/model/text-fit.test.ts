import { describe, expect, it } from 'vitest';
import { MEME_FONTS } from '../../../../core/fonts';
import { fontMeasure } from '../../../../scripts/lib/font-metrics';
import { CATALOG } from '../../../../scripts/templates/catalog';
import { fitImage, templateBoxRect } from './geometry';
import {
  FIT_MIN_FONT_PX,
  blockHeight,
  boxForSize,
  boxMaxFontSize,
  fitText,
  layoutAt,
  wrapLines,
} from '../../../../core/memes/text-fit';
import { fontForTemplate, templateText } from './text-style';

// Real metrics of the fonts the site serves: Anton stands in for Impact.
const anton = fontMeasure('anton');
const measures = new Map<string, ReturnType<typeof fontMeasure>>();
function measureFor(family: string) {
  const font = MEME_FONTS.find((f) => f.family === family)!;
  const weight = font.weights.includes(700) ? 700 : 400;
  const key = `${font.standIn}-${weight}`;
  if (!measures.has(key)) measures.set(key, fontMeasure(font.standIn, weight));
  return measures.get(key)!;
}

describe('font metrics from the shipped files', () => {
  it('measures Anton: wider letters are wider, widths scale with the size', () => {
    expect(anton('M', 100)).toBeGreaterThan(anton('i', 100));
    expect(anton('WAIT FOR IT', 80)).toBeCloseTo(anton('WAIT FOR IT', 40) * 2, 6);
    // Anton is a condensed face: an average capital is about 0.45–0.6 em.
    const em = anton('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 100) / 26 / 100;
    expect(em).toBeGreaterThan(0.35);
    expect(em).toBeLessThan(0.65);
  });
});

describe('fitting a caption to its box', () => {
  const box = { width: 300, height: 80 };

  it('wraps greedily on spaces and keeps hard line breaks', () => {
    const lines = wrapLines('ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT', 150, 30, anton);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(anton(l, 30)).toBeLessThanOrEqual(150);
    expect(lines.join(' ')).toBe('ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT');
    expect(wrapLines('A\nB', 1000, 30, anton)).toEqual(['A', 'B']);
  });

  it('keeps the largest size for a short caption', () => {
    const fit = fitText('HI', box, anton, 32);
    expect(fit).toMatchObject({ fontSize: 32, lines: ['HI'], fits: true });
  });

  it('shrinks a long caption until it fits, and one size more would not', () => {
    const text = 'WHEN THE CODE WORKS ON THE FIRST TRY AND YOU DO NOT KNOW WHY';
    const fit = fitText(text, box, anton, 40);
    expect(fit.fits).toBe(true);
    expect(fit.fontSize).toBeLessThan(40);
    expect(fit.fontSize).toBeGreaterThanOrEqual(FIT_MIN_FONT_PX);
    expect(fit.width).toBeLessThanOrEqual(box.width);
    expect(fit.height).toBeLessThanOrEqual(box.height);
    expect(layoutAt(text, box, fit.fontSize + 1, anton).fits).toBe(false);
  });

  it('stops at the readable minimum and wraps on (taller than the box) when even that is too big', () => {
    const text = 'THIS CAPTION IS FAR TOO LONG FOR A SMALL BOX '.repeat(6).trim();
    const fit = fitText(text, { width: 120, height: 30 }, anton, 30);
    expect(fit.fontSize).toBe(FIT_MIN_FONT_PX);
    expect(fit.fits).toBe(false);
    expect(fit.lines.length).toBeGreaterThan(3);
    expect(fit.height).toBeCloseTo(blockHeight(fit.lines.length, FIT_MIN_FONT_PX), 6);
  });

  it('shrinks a single word wider than the box rather than letting it stick out', () => {
    const fit = fitText('SUPERCALIFRAGILISTIC', { width: 100, height: 100 }, anton, 40);
    expect(fit.fits).toBe(true);
    expect(anton('SUPERCALIFRAGILISTIC', fit.fontSize)).toBeLessThanOrEqual(100);
  });

  it('starts a box at 40% of its height, between 16 and 72 px', () => {
    expect(boxMaxFontSize(100)).toBe(40);
    expect(boxMaxFontSize(10)).toBe(16);
    expect(boxMaxFontSize(1000)).toBe(72);
  });
});

/**
 * Every built-in template, every example, at the sizes the editor shows it: a desktop window, a laptop and a
 * phone. Measured before this rule: 15 of 60 templates had example captions outside their boxes.
 */
describe.each([
  { name: 'desktop 1400×900', viewport: { width: 1400, height: 900 } },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 } },
])('built-in templates at $name', ({ viewport }) => {
  it.each(CATALOG.map((t) => [t.id, t] as const))('%s: every example caption fits every box', (_id, t) => {
    const fit = fitImage({ width: t.width, height: t.height }, viewport);
    for (const example of t.examples) {
      t.textBoxes.forEach((box, i) => {
        const rect = templateBoxRect(box, fit.image);
        const text = templateText(box, example[i] ?? '');
        const layout = fitText(text, rect, measureFor(fontForTemplate(box.font)), boxMaxFontSize(rect.height));
        expect(layout.fits, `${JSON.stringify(text)} in ${Math.round(rect.width)}×${Math.round(rect.height)}`).toBe(
          true,
        );
      });
    }
  });
});

describe('a size the person typed', () => {
  const box = { left: 100, top: 50, width: 400, height: 80 };

  it('grows the box, centred, until the caption fits at exactly that size', () => {
    const text = 'WHEN THE EXPORT IS FAST';
    expect(fitText(text, box, anton, 120).fontSize).toBeLessThan(120);
    const grown = boxForSize(text, box, 120, anton);
    expect(fitText(text, grown, anton, 120).fontSize).toBe(120);
    expect(grown.width).toBe(box.width);
    expect(grown.height).toBeGreaterThan(box.height);
    expect(grown.top + grown.height / 2).toBeCloseTo(box.top + box.height / 2, 6);
  });

  it('widens the box for one word wider than it, and never shrinks a box', () => {
    const grown = boxForSize('SUPERCALIFRAGILISTIC', box, 200, anton);
    expect(grown.width).toBeGreaterThan(box.width);
    expect(grown.left + grown.width / 2).toBeCloseTo(box.left + box.width / 2, 6);
    expect(fitText('SUPERCALIFRAGILISTIC', grown, anton, 200).fontSize).toBe(200);
    expect(boxForSize('HI', box, 20, anton)).toEqual(box);
  });
});
